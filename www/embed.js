// Perceptron Lab in any page: <perceptron-lab scenario="v=1&…" hide="trace"></perceptron-lab>
// (PerceptronLabElement below: a lab in a shadow root of its own; layout="page" is the full
// page's, index.html), <div data-perceptron-lab data-scenario="…"> (mounted when the page has
// loaded), or `await PerceptronLab.mount(element, scenario, { hide: ['trace'] })` from a script,
// whose handle steps, loads, reports (on('step' | 'answer' | 'finish', fn)) and is destroyed.
// docs/src/course-authors.md has the whole API. A scenario is a link fragment, a scenario object
// or nothing; mount checks it and its options before it touches the element. embed.js finds
// the WebAssembly next to itself; each lab runs in an instance of its own, so one that stops
// after an internal error shows its own crash panel and the others keep working. The compact
// markup and input wiring are in compact.js, the full page's wiring in app.js.
(function () {
  'use strict';

  const script = document.currentScript;
  const base = new URL('.', script ? script.src : window.location.href);
  /**
   * The single-file module (perceptron-lab.mjs, scripts/bundle.js) sets this before this file
   * runs: the WebAssembly bytes, the glue module (a fresh one per call) and embed.css's text,
   * so that nothing is fetched from beside the file (a notebook, a MyST page).
   */
  const bundle = window.PerceptronLabBundle || null;

  /** The lab's styles: embed.css beside this file, or the bundle's own copy. */
  function styleNode() {
    if (bundle) {
      const style = document.createElement('style');
      style.textContent = bundle.css;
      return style;
    }
    const css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = new URL('embed.css', base).href;
    return css;
  }
  /** The lab mounted in each element, so that mounting there again replaces it. */
  const mounted = new WeakMap();
  /** The compiled WebAssembly module (fetched and compiled once for every lab of the page). */
  let compiled = null;
  /** Instances of destroyed labs, ready for the next mount (an instance is never freed). */
  const spare = [];
  let instances = 0;

  function compile() {
    // The practice controls and the sound (shared with the full page), unless the page loaded
    // them already, and a compact lab's markup and input wiring (compact.js).
    const load = (file, present) => (present ? Promise.resolve() : new Promise((resolve, reject) => {
      const tag = document.createElement('script');
      tag.src = new URL(file, base).href;
      tag.onload = resolve;
      tag.onerror = () => reject(new Error(tag.src));
      document.head.appendChild(tag);
    }));
    const practice = Promise.all([load('practice.js', window.PerceptronLabPractice),
      load('compact.js', window.PerceptronLabCompact), load('sound.js', window.PerceptronLabSound)]);
    if (bundle) return Promise.all([WebAssembly.compile(bundle.wasm()), practice]).then(([wasm]) => wasm);
    const url = new URL('perceptron-lab_bg.wasm', base);
    const module = fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
      try {
        return await WebAssembly.compileStreaming(response.clone());
      } catch (err) {
        // A server that does not send application/wasm: compile from the bytes.
        return WebAssembly.compile(await response.arrayBuffer());
      }
    });
    return Promise.all([module, practice]).then(([wasm]) => wasm);
  }

  /** The module's exports (its memory, …) of each instance, for the page's benchmarks. */
  const exportsOf = new WeakMap();
  let styled = false;

  /** embed.css in the page's head, once: the style of labs mounted in the light DOM. */
  function linkStyles() {
    if (styled) return;
    styled = true;
    document.head.appendChild(styleNode());
  }

  /**
   * A WebAssembly instance of its own for one lab: a panic in one lab stops that lab only, and
   * its memory is its own. The glue is evaluated once per instance (a module's URL is its
   * identity, hence the query), the bytes are fetched and compiled once.
   */
  async function instance() {
    if (spare.length > 0) return spare.pop();
    if (!compiled) compiled = compile();
    const wasm = await compiled;
    instances += 1;
    const module = bundle ? await bundle.glue()
      : await import(new URL(`perceptron-lab.js?lab=${instances}`, base).href);
    exportsOf.set(module, await module.default({ module_or_path: wasm }));
    return module;
  }

  /** Every mounted lab's raw handle and what to do when its module traps. */
  const live = new Set();

  /**
   * A trap of a lab's WebAssembly module (out of memory, say) is not a panic: no Rust code runs
   * after it, so the lab cannot show its panel itself. A trap in a call is the caller's lab's;
   * one in an animation frame reaches only the window, and the lab whose module it was is the
   * one that no longer answers (its state stays borrowed by the call that never returned).
   */
  window.addEventListener('error', (e) => {
    if (!(e.error instanceof WebAssembly.RuntimeError)) return;
    for (const entry of live) {
      try {
        entry.lab.field('step');
      } catch (err) {
        entry.trapped(e.error);
      }
    }
  });

  /** Opens a checked scenario (the lab module's `check_scenario`) in the handle. */
  function open(lab, checked) {
    if (!checked) return;
    if (checked.link !== undefined) lab.open_link(checked.link);
    else lab.open_json(checked.json);
  }

  /**
   * Mounts a lab in `element` (its content is replaced) and resolves to its handle. A scenario
   * that cannot be opened leaves a blank lab whose status line says why.
   */
  async function mount(element, scenario, options) {
    // Every argument is checked before anything changes: a bad one leaves the element (and a
    // lab already in it) as it was.
    if (!(element instanceof Element)) throw new TypeError('mount needs an element');
    linkStyles();
    return build(element, scenario, options, {
      place: (root) => element.replaceChildren(root),
      emit: (type, detail) => element.dispatchEvent(new CustomEvent(`perceptron-lab:${type}`, { detail })),
    });
  }

  /** What <perceptron-lab> needs of a handle: its root, hide again, say a refusal. */
  const internals = new WeakMap();

  /** Throws when the lab of `state` was destroyed: its handle does nothing any more. */
  function assertAlive(state) {
    if (state.destroyed) throw new Error('this lab was destroyed');
  }

  /**
   * The handle of the lab `lab` mounted in `element` (its markup `root`, its instance `module`):
   * the page's API (step, load, link, on, destroy, …). `state` is the build's: how deep in the
   * lab's calls the page's listeners are, whether it crashed or was destroyed, its resize
   * observer.
   */
  function handleOf({ element, module, root, lab, entry, stop, listeners, state, call }) {
    const alive = () => assertAlive(state);
    const handle = {
      /** One step forward. */
      step() { alive(); lab.step(); },
      /** One step back (an exact undo). */
      back() { alive(); lab.back(); },
      /** Back to step 0, keeping the points. */
      reset() { alive(); lab.reset(); },
      /** Play or pause. */
      togglePlay() { alive(); lab.toggle_play(); },
      /**
       * Opens a scenario (link fragment or object); throws with the reason if it cannot (a
       * TypeError for a value that is no scenario), and nothing changes.
       */
      load(next) { alive(); open(lab, module.check_scenario(next)); },
      /** The scenario now: algorithm, settings, points and step. */
      toJSON() { alive(); return JSON.parse(lab.scenario_json()); },
      /** The link fragment of the scenario now. */
      link() { alive(); return lab.link(); },
      /**
       * The student's progress in the exercise set on show (JSON: their seed and answers), at
       * most `limit` characters when given (the last whole questions left out); null without a set.
       */
      progress(limit) { alive(); return lab.practice_progress(limit ?? undefined) ?? null; },
      /** Opens `link`, its exercise set resumed where `progress` left it; throws why not, changing nothing. */
      resume(link, progress) { alive(); lab.open_saved(String(link), String(progress)); },
      /**
       * What a SCORM 1.2 package reports of the set on show with pass mark `pass` (%), its page's
       * line for the LMS as found (`lms`: absent, off, recording, resumed) and `onPage` seconds
       * on the page; null without a set.
       */
      scorm(pass, lms, onPage) {
        alive();
        const r = lab.practice_scorm(pass, String(lms || 'recording'), Number(onPage) || 0);
        return r === undefined ? null : JSON.parse(r);
      },
      /** What the status panel shows for the state now, by field name (step, weights, notice, …). */
      field(name) {
        alive();
        // The lab's own text for the state now (the panel catches up in the next frame).
        const text = lab.field(name);
        if (text !== undefined) return text;
        const node = root.querySelector(`[data-field="${name}"]`);
        return node ? node.textContent : undefined;
      },
      /**
       * `on('step', fn)`: fn(record) after every step; `on('answer', fn)` and
       * `on('finish', fn)`: fn(object) after each practice answer and when a set is done.
       * Returns a function that removes it.
       */
      on(type, fn) {
        alive();
        if (!Object.hasOwn(listeners, type) || typeof fn !== 'function') {
          throw new Error("on(type, fn) takes 'step', 'answer' or 'finish' and a function");
        }
        listeners[type].add(fn);
        state.follow();
        return () => { listeners[type].delete(fn); if (!state.destroyed) state.follow(); };
      },
      /** Removes the lab: its listeners, its observer, its WebAssembly state and its markup. */
      destroy() {
        if (state.destroyed) return;
        state.destroyed = true;
        live.delete(entry);
        stop.abort();
        Object.values(listeners).forEach((set) => set.clear());
        if (state.resize) state.resize.disconnect();
        call(() => lab.on_step(null));
        const free = () => {
          call(() => lab.free());
          // The instance serves the next mount, unless it panicked (its state is not to be
          // trusted).
          if (!state.crashed) spare.push(module);
        };
        if (state.dispatching > 0) {
          // Called from a step listener, inside one of the lab's own calls: its WebAssembly
          // state is freed as soon as that call has returned.
          queueMicrotask(free);
        } else {
          free();
        }
        // A lab in its element's own children (the full page's) leaves the element in place.
        if (root !== element) root.remove();
        if (mounted.get(element) === handle) mounted.delete(element);
      },
    };
    // Builds with the test hooks (the e2e tests) can crash a lab on purpose; hidden from
    // Object.keys, and absent from the page that is shipped.
    if (typeof lab.debug_panic === 'function') {
      Object.defineProperty(handle, 'debugPanic', { value: () => lab.debug_panic(), enumerable: false });
      Object.defineProperty(handle, 'debugTrap', { value: () => lab.debug_trap(), enumerable: false });
      Object.defineProperty(handle, 'debugTrapNextFrame', { value: () => lab.debug_trap_next_frame(), enumerable: false });
      Object.defineProperty(handle, 'debugLeaveInUse', { value: () => lab.debug_leave_in_use(), enumerable: false });
    }
    return handle;
  }

  /**
   * Mounts a lab for `element` with a checked scenario and hide names: `how.place(root)` puts
   * its markup where it goes (the element itself, or the element's shadow root), and
   * `how.emit(type, detail)` fires the DOM event of each step, answer and finish. A home with
   * its own layout (the full page) gives it as `how.root` (already placed), its own input and
   * page wiring as `how.home` (PerceptronLabPage, app.js), and `how.announce` to let its lab
   * say what it opens.
   */
  async function build(element, scenario, options, how) {
    const module = await instance();
    // The scenario and options checked by the lab's module (a TypeError, worded in its core,
    // says what is allowed) before anything changes: the instance then serves the next mount.
    let checked;
    let hide;
    try {
      hide = module.check_mount_options(options);
      checked = module.check_scenario(scenario);
    } catch (err) {
      spare.push(module);
      throw err;
    }
    // Mounting where a lab already is replaces it: the old one is destroyed, not left running.
    const previous = mounted.get(element);
    if (previous) previous.destroy();
    const root = how.root || window.PerceptronLabCompact.markup();
    how.place(root);
    let raw;
    try {
      raw = new module.Lab(root);
    } catch (err) {
      // The module loaded, but the lab refused to start (its reason is the error's).
      throw Object.assign(err instanceof Error ? err : new Error(String(err)), { labRefused: true });
    }
    // The controls hide names (after the lab placed its panels, so that hide names them too).
    const applyHide = window.PerceptronLabCompact.hider(root);
    applyHide(hide);
    const trapped = window.PerceptronLabCompact.trapShower(root);
    const entry = { lab: raw, trapped };
    live.add(entry);
    const lab = window.PerceptronLabCompact.watchTraps(raw, trapped);
    const stop = new AbortController();
    /** The page's listeners of each event (`step`, `answer`, `finish`). */
    const listeners = { step: new Set(), answer: new Set(), finish: new Set() };
    // After a crash the lab shows its crash panel (with its last good scenario to download);
    // its listeners, observer and step listeners stop here, and its instance is never reused.
    /** What the handle's `destroy` reads: how deep in the lab's calls, whether it crashed. */
    const state = { crashed: false, destroyed: false, dispatching: 0, resize: null };
    root.addEventListener('perceptron-lab:crash', () => {
      state.crashed = true;
      live.delete(entry);
      stop.abort();
      if (state.resize) state.resize.disconnect();
      Object.values(listeners).forEach((set) => set.clear());
      window.PerceptronLabCompact.offerLastGood(root);
    }, { once: true });
    const call = (fn) => {
      try {
        return fn();
      } catch (err) {
        console.error(err);
        return undefined;
      }
    };
    try {
      open(lab, checked);
      // Its own scenario, opened as it mounts, is described, not announced: a page with
      // several labs does not start by talking (a scenario that fails is said, below).
      if (!how.announce) lab.hush();
    } catch (err) {
      lab.say_refused('scenario', String(err));
    }
    window.PerceptronLabCompact.wireLab({
      element, module, exports: exportsOf.get(module), root, lab, call, signal: stop.signal, listeners, state, how,
      // A compact lab's links open the full lab (index.html beside this file); a bundled
      // lab's are the link fragment alone (no page beside it).
      linkBase: bundle ? null : new URL('index.html', base).href,
    });
    const handle = handleOf({ element, module, root, lab, entry, stop, listeners, state, call });
    mounted.set(element, handle);
    internals.set(handle, {
      root,
      hide: (value) => { assertAlive(state); applyHide(module.check_mount_options({ hide: value })); },
      sayRefused: (reason) => call(() => lab.say_refused('scenario', reason)),
      setDark: (dark) => call(() => lab.set_dark(dark)),
    });
    return handle;
  }

  /** What a lab's place says when it could not start: fixed words, then the browser's `err`. */
  function notStarted(err) {
    const said = document.createElement('p');
    const why = document.createElement('code');
    why.textContent = String(err);
    said.append('Perceptron Lab could not start: ', why);
    return said;
  }

  /** Mounts every `[data-perceptron-lab]` element not yet mounted. */
  function mountAll() {
    const found = Array.from(document.querySelectorAll('[data-perceptron-lab]'))
      .filter((node) => !node.dataset.perceptronLabMounted);
    return Promise.all(found.map((node) => {
      node.dataset.perceptronLabMounted = 'true';
      return mount(node, node.dataset.scenario, { hide: node.dataset.hide || '' })
        .then((handle) => { node.perceptronLab = handle; return handle; })
        .catch((err) => {
          node.replaceChildren(notStarted(err));
        });
    }));
  }

  const ready = new Promise((resolve) => {
    const go = () => mountAll().then(resolve);
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', go, { once: true });
    } else {
      go();
    }
  });

  /** The themes the theme attribute takes; "auto" follows the system's `darkScheme`. */
  const THEMES = ['light', 'dark', 'auto'];
  const darkScheme = window.matchMedia('(prefers-color-scheme: dark)');

  /**
   * <perceptron-lab>: a compact lab in an open shadow root (embed.css linked inside it, so the
   * page's styles cannot reach it), mounted when it joins a page, destroyed (its WebAssembly
   * state freed) when it leaves. Attributes scenario, hide, name, open-panels, full, theme (light,
   * dark, or auto: the system's), layout="page" (the full page's);
   * the handle's methods; events step, change (detail: the link), answer, finish, bubbling and
   * composed. docs/src/course-authors.md, "The <perceptron-lab> element", has the details.
   */
  class PerceptronLabElement extends HTMLElement {
    static get observedAttributes() { return ['scenario', 'hide', 'name', 'theme']; }

    constructor() {
      super();
      // The lab's styles inside its shadow root, from next to embed.js (as practice.js is).
      this._css = styleNode();
      // layout="page" in the markup: the full page's lab, laid out by its own children (the
      // page's slots) and styled by the page (style.css), so in no shadow root.
      this._page = this.getAttribute('layout') === 'page';
      if (!this._page) this.attachShadow({ mode: 'open' }).append(this._css);
      this._lab = null; // the mounted handle
      /** Counts mounts and unmounts: a mount that finishes after a newer one is undone. */
      this._generation = 0;
      this._ready = null;
      /** The link last reported by a change event. */
      this._link = null;
      this._changeQueued = false;
      this._input = null;
    }

    get theme() {
      const value = (this.getAttribute('theme') || '').trim().toLowerCase();
      return THEMES.includes(value) ? value : 'auto';
    }
    set theme(value) { this.setAttribute('theme', value); }

    /** The lab's handle (PerceptronLab.mount's), or null while the element is not mounted. */
    get lab() { return this._lab; }
    /** Resolves to the handle once the element's lab is mounted. */
    get ready() {
      if (!this._ready) {
        this._ready = new Promise((resolve) => {
          this._resolveReady = (handle) => { this._readyDone = true; resolve(handle); };
        });
        this._readyDone = false;
      }
      return this._ready;
    }

    connectedCallback() { this._mount(); }

    disconnectedCallback() { this._generation += 1; this._unmount(); }

    attributeChangedCallback(attr, before, now) {
      if (before === now) return;
      const lab = this._lab;
      if (attr === 'name') {
        if (lab) this._label(internals.get(lab).root);
        return;
      }
      if (!lab) return;
      if (attr === 'scenario') this._open(now);
      else if (attr === 'hide') internals.get(lab).hide(now || '');
      else if (attr === 'theme') this._theme();
    }

    async _mount() {
      const generation = ++this._generation;
      const scenario = this.getAttribute('scenario');
      let handle;
      // The full page's wiring (app.js), for the page's lab.
      const home = this._page ? window.PerceptronLabPage : null;
      try {
        handle = await build(this, scenario, { hide: this.hide }, this._page ? {
          root: this, home, announce: true, quietSteps: true, place: () => {},
          // Its answers also as "perceptron-lab:answer" / "…:finish", as the page always fired.
          emit: (type, detail) => { this._emit(type, detail); this._emit(`perceptron-lab:${type}`, detail); },
        } : {
          place: (root) => {
            this._label(root);
            root.querySelector('[data-panels]').dataset.open = this.getAttribute('open-panels') || '';
            // A full lab: every panel of the registry and every control (read as it mounts).
            if (this.hasAttribute('full')) {
              root.dataset.full = '';
              root.querySelectorAll('[data-without]').forEach((slot) => { slot.dataset.without = ''; });
            }
            this.shadowRoot.replaceChildren(this._css, root);
          },
          emit: (type, detail) => this._emit(type, detail),
        });
      } catch (err) {
        if (generation !== this._generation) return;
        if (home) home.notStarted(err);
        else if (this._page) this.replaceChildren(notStarted(err));
        else this.shadowRoot.replaceChildren(this._css, notStarted(err));
        return;
      }
      // Removed (or mounted again) while the module loaded: this lab is not wanted.
      if (generation !== this._generation || !this.isConnected) {
        handle.destroy();
        return;
      }
      this._lab = handle;
      // Attributes changed while it mounted.
      if (this.getAttribute('scenario') !== scenario) this._open(this.getAttribute('scenario'));
      if (!this._page) handle.on('step', () => this._changed());
      // The reader's own changes (buttons, keys, drags on the plot): checked after each.
      this._input = new AbortController();
      // Its theme, and the system's colours while it follows them ("auto").
      if (!this._page) {
        this._theme();
        darkScheme.addEventListener('change', () => this._theme(), { signal: this._input.signal });
      }
      for (const type of ['click', 'keydown', 'pointerup', 'change']) {
        (this.shadowRoot || this).addEventListener(type, () => this._changed(), { signal: this._input.signal });
      }
      // Keys the lab takes (it prevents their default) and keys typed into its fields are the
      // lab's: a slide deck (reveal.js turns the slide on →, Space, PageDown) or a page's own
      // shortcuts do not act on them too.
      if (!this._page) {
        this.addEventListener('keydown', (e) => {
          const field = e.composedPath()[0];
          if (e.defaultPrevented || field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement
            || field instanceof HTMLSelectElement) e.stopPropagation();
        }, { signal: this._input.signal });
      }
      this._link = handle.link();
      void this.ready; // makes the promise, if nobody asked for it yet
      this._resolveReady(handle);
    }

    _unmount() {
      const lab = this._lab;
      this._lab = null;
      // A promise already kept is for that lab; one still pending is kept by the next mount.
      if (this._readyDone) this._ready = null;
      if (this._input) this._input.abort();
      this._input = null;
      if (lab) lab.destroy();
    }

    /** The accessible name of the lab's group: the name attribute, else "Perceptron Lab". */
    /**
     * The theme: light, dark, or the system's ("auto", resolved here), on the root (embed.css
     * colours it) and in the lab (the plot's colours). The full page follows the system itself.
     */
    _theme() {
      const lab = this._lab;
      if (!lab || this._page) return;
      const dark = this.theme === 'dark' || (this.theme === 'auto' && darkScheme.matches);
      internals.get(lab).root.dataset.theme = dark ? 'dark' : 'light';
      internals.get(lab).setDark(dark);
    }

    _label(root) {
      // The full page's lab is named by its <main> (and an iframe's by its link's name=).
      if (this._page) return;
      root.setAttribute('aria-label', this.name.trim() || 'Perceptron Lab');
    }

    /** Opens a scenario given as the attribute; one that cannot be opened is said in the lab. */
    _open(scenario) {
      const lab = this._lab;
      try {
        lab.load(scenario === null || scenario === '' ? null : scenario);
      } catch (err) {
        internals.get(lab).sayRefused(String(err.message || err));
      }
      this._changed();
    }

    _emit(type, detail) {
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    }

    /**
     * A change event with the link, if it differs from the last one reported: checked once
     * after the calls and events of this task (a run of steps gives one change).
     */
    _changed() {
      if (this._changeQueued) return;
      this._changeQueued = true;
      queueMicrotask(() => {
        this._changeQueued = false;
        const lab = this._lab;
        if (!lab) return;
        let link = this._link;
        try { link = lab.link(); } catch (err) { /* stopped: nothing to report */ }
        if (link === this._link) return;
        this._link = link;
        this._emit('change', link);
      });
    }

    /** The mounted handle, or an error saying the element has none. */
    _handle() {
      if (!this._lab) throw new Error('this <perceptron-lab> is not mounted (it mounts once it is in the page and the module has loaded: await el.ready)');
      return this._lab;
    }

    step() { this._handle().step(); this._changed(); }
    back() { this._handle().back(); this._changed(); }
    reset() { this._handle().reset(); this._changed(); }
    togglePlay() { this._handle().togglePlay(); this._changed(); }
    load(scenario) { this._handle().load(scenario); this._changed(); }
    link() { return this._handle().link(); }
    progress(limit) { return this._handle().progress(limit); }
    resume(link, progress) { this._handle().resume(link, progress); this._changed(); }
    scorm(pass, lms, onPage) { return this._handle().scorm(pass, lms, onPage); }
    toJSON() { return this._handle().toJSON(); }
    field(name) { return this._handle().field(name); }
    on(type, fn) { return this._handle().on(type, fn); }
  }

  // Its attributes scenario, hide and name, reflected as properties.
  for (const attr of ['scenario', 'hide', 'name']) {
    Object.defineProperty(PerceptronLabElement.prototype, attr, {
      get() { return this.getAttribute(attr) || ''; },
      set(value) { this.setAttribute(attr, value); },
    });
  }
  if (window.customElements && !window.customElements.get('perceptron-lab')) {
    window.customElements.define('perceptron-lab', PerceptronLabElement);
  }

  window.PerceptronLab = { mount, mountAll, ready };
})();
