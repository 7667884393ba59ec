// Perceptron Lab for course pages: any number of independent labs on one page.
//
//   <script src="embed.js"></script>
//   <div data-perceptron-lab data-scenario="v=1&a=perceptron&…" data-hide="trace"></div>
//
// mounts a lab in every such element when the page has loaded. Or, from a script:
//
//   const lab = await PerceptronLab.mount(element, 'v=1&a=kernel&…', { hide: ['trace'] });
//   lab.on('step', (record) => …);   // after every step, with the step's record
//   lab.step(); lab.back(); lab.reset(); lab.load(scenario); lab.toJSON(); lab.destroy();
//
// A scenario is a link fragment (what "Copy link" puts after the #), a scenario object (what
// toJSON() returns or "Scenario JSON" saves), or nothing for a blank lab. embed.js finds the
// WebAssembly next to itself, so the folder can be hosted under any path.
(function () {
  'use strict';

  const script = document.currentScript;
  const base = new URL('.', script ? script.src : window.location.href);
  let loading = null;
  /** The lab mounted in each element, so that mounting there again replaces it. */
  const mounted = new WeakMap();

  /** Loads the module once for every lab on the page. */
  function bindings() {
    if (!loading) {
      loading = import(new URL('perceptron-lab.js', base).href).then(async (module) => {
        await module.default({ module_or_path: new URL('perceptron-lab_bg.wasm', base) });
        return module;
      });
      const css = document.createElement('link');
      css.rel = 'stylesheet';
      css.href = new URL('embed.css', base).href;
      document.head.appendChild(css);
    }
    return loading;
  }

  /** `tag` with attributes and children (strings become text nodes: never parsed as HTML). */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    for (const child of children) {
      node.append(typeof child === 'string' ? document.createTextNode(child) : child);
    }
    return node;
  }

  /** Labs built on this page so far: each gets its own id for its plot's description. */
  let built = 0;

  /** The lab's markup: the plot, the controls, the status, "This step" and the trace. */
  function markup() {
    const field = (name, label) => [el('dt', {}, label), el('dd', { 'data-field': name }, '—')];
    built += 1;
    const described = `plab-description-${built}`;
    return el('div', { class: 'plab', tabindex: '0', 'data-perceptron-lab-root': '' },
      el('canvas', { class: 'plab-plot', 'aria-label': 'Points, the weight vector and the boundary', 'aria-describedby': described }),
      // The plot in words (its description) and the live region every step is said in.
      el('p', { class: 'plab-sr', id: described, 'data-role': 'plot-description' }),
      el('p', { class: 'plab-sr', 'data-role': 'announce', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' }),
      el('div', { class: 'plab-controls', 'data-control': 'controls' },
        el('button', { type: 'button', 'data-act': 'back', 'data-control': 'back', title: 'Step back (←)' }, '← Back'),
        el('button', { type: 'button', 'data-act': 'step', 'data-control': 'step', class: 'plab-primary', title: 'One step (→)' }, 'Step →'),
        el('button', { type: 'button', 'data-act': 'play', 'data-control': 'play', title: 'Play / pause (P)' },
          el('span', { 'data-field': 'play-label' }, 'Play')),
        el('button', { type: 'button', 'data-act': 'reset', 'data-control': 'reset', title: 'Reset (R)' }, 'Reset')),
      el('dl', { class: 'plab-status', 'data-control': 'status' },
        ...field('algorithm', 'Algorithm'), ...field('step', 'Step'), ...field('epoch', 'Epoch'),
        ...field('weights', 'Model'), ...field('state', 'State')),
      // Visible; spoken through the announce region above, so not a second time here.
      el('p', { class: 'plab-notice', 'data-field': 'notice', role: 'status', 'aria-live': 'off' }),
      el('div', { class: 'plab-explain', 'data-control': 'explain' },
        el('strong', { 'data-field': 'explain-title' }),
        el('div', {}, el('span', { class: 'plab-k' }, 'score '), el('span', { 'data-field': 'explain-score' })),
        el('div', {}, el('span', { class: 'plab-k' }, 'check '), el('span', { 'data-field': 'explain-check' })),
        el('div', {}, el('span', { class: 'plab-k' }, 'update '), el('span', { 'data-field': 'explain-update' }))),
      el('div', { class: 'plab-trace', 'data-role': 'trace-scroll', 'data-control': 'trace' },
        el('table', {},
          el('thead', {}, el('tr', {}, ...['step', 'weights', 'score', 'correct?', 'update'].map((h) => el('th', {}, h)))),
          el('tbody', { 'data-role': 'trace-body' }))),
      // This lab's own crash panel: the lab shows it (with the message) if it ever stops.
      el('div', { class: 'plab-crash', role: 'alert', 'data-role': 'crash', hidden: '' },
        el('strong', {}, 'This lab stopped after an internal error.'),
        el('pre', { 'data-role': 'crash-message' }),
        el('p', {}, 'Reload the page to start it again.')));
  }

  /** The scenario argument as a fragment or JSON text for the handle. */
  function open(lab, scenario) {
    if (scenario === undefined || scenario === null || scenario === '') return;
    if (typeof scenario === 'string') {
      lab.open_link(scenario);
    } else {
      lab.open_json(JSON.stringify(scenario));
    }
  }

  /**
   * Mounts a lab in `element` (its content is replaced) and resolves to its handle. A scenario
   * that cannot be opened leaves a blank lab whose status line says why.
   */
  async function mount(element, scenario, options) {
    if (!(element instanceof Element)) throw new TypeError('mount needs an element');
    const module = await bindings();
    // Mounting where a lab already is replaces it: the old one is destroyed, not left running.
    const previous = mounted.get(element);
    if (previous) previous.destroy();
    const root = markup();
    element.replaceChildren(root);
    const hide = (options && options.hide) || [];
    for (const name of (Array.isArray(hide) ? hide : String(hide).split(','))) {
      root.querySelectorAll('[data-control]').forEach((node) => {
        if (node.dataset.control.split(/\s+/).includes(name.trim())) node.hidden = true;
      });
    }
    const lab = new module.Lab(root);
    const stop = new AbortController();
    const signal = stop.signal;
    const listeners = new Set();
    let resize = null;
    // After a crash (of this lab or another on the page) the lab shows its crash panel; its
    // listeners, observer and step listeners stop here.
    root.addEventListener('perceptron-lab:crash', () => {
      stop.abort();
      if (resize) resize.disconnect();
      listeners.clear();
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
      open(lab, scenario);
      // Its own scenario, opened as it mounts, is described, not announced: a page with
      // several labs does not start by talking (a scenario that fails is said, below).
      lab.hush();
    } catch (err) {
      lab.say(`This scenario could not be opened: ${err}.`);
    }

    // Every step: the listeners, and a DOM event for pages that prefer addEventListener.
    // Listeners run inside the lab's own calls (how deep: `dispatching`), where it cannot free.
    let dispatching = 0;
    lab.on_step((record) => {
      dispatching += 1;
      try {
        for (const fn of listeners) call(() => fn(record));
        element.dispatchEvent(new CustomEvent('perceptron-lab:step', { detail: record }));
      } finally {
        dispatching -= 1;
      }
    });

    const canvas = root.querySelector('canvas');
    const actions = {
      step: () => lab.step(), back: () => lab.back(), play: () => lab.toggle_play(),
      reset: () => lab.reset(),
    };
    root.querySelectorAll('[data-act]').forEach((button) => {
      button.addEventListener('click', () => call(actions[button.dataset.act]), { signal });
    });
    let down = null;
    canvas.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      down = { x: e.offsetX, y: e.offsetY };
      // Captured always, so a drag that leaves the plot still ends here; the lab decides
      // whether the press grabbed a point.
      canvas.setPointerCapture(e.pointerId);
      call(() => lab.press(e.offsetX, e.offsetY, e.pointerType === 'mouse' ? 10 : 20));
    }, { signal });
    canvas.addEventListener('pointermove', (e) => {
      if (down) call(() => lab.drag_to(e.offsetX, e.offsetY));
    }, { signal });
    canvas.addEventListener('pointerup', (e) => {
      if (!down) return;
      down = null;
      call(() => lab.release(e.offsetX, e.offsetY, e.shiftKey));
    }, { signal });
    canvas.addEventListener('contextmenu', (e) => {
      e.preventDefault();
      call(() => lab.secondary(e.offsetX, e.offsetY, 10, true));
    }, { signal });
    root.addEventListener('keydown', (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const keys = {
        ArrowRight: actions.step, ' ': actions.step, PageDown: actions.step,
        ArrowLeft: actions.back, PageUp: actions.back, p: actions.play, r: actions.reset,
      };
      let action = keys[e.key.length === 1 ? e.key.toLowerCase() : e.key];
      if (!action && /^[1-6]$/.test(e.key)) action = () => lab.select_class_key(Number(e.key));
      if (!action) return;
      e.preventDefault();
      call(action);
    }, { signal });
    resize = new ResizeObserver(() => call(() => lab.resize()));
    resize.observe(canvas);

    let destroyed = false;
    const alive = () => {
      if (destroyed) throw new Error('this lab was destroyed');
    };
    const handle = {
      /** One step forward. */
      step() { alive(); lab.step(); },
      /** One step back (an exact undo). */
      back() { alive(); lab.back(); },
      /** Back to step 0, keeping the points. */
      reset() { alive(); lab.reset(); },
      /** Play or pause. */
      togglePlay() { alive(); lab.toggle_play(); },
      /** Opens a scenario (link fragment or object); throws with the reason if it cannot. */
      load(next) { alive(); open(lab, next); },
      /** The scenario now: algorithm, settings, points and step. */
      toJSON() { alive(); return JSON.parse(lab.scenario_json()); },
      /** The link fragment of the scenario now. */
      link() { alive(); return lab.link(); },
      /** What the status panel shows for the state now, by field name (step, weights, notice, …). */
      field(name) {
        alive();
        // The lab's own text for the state now (the panel catches up in the next frame).
        const text = lab.field(name);
        if (text !== undefined) return text;
        const node = root.querySelector(`[data-field="${name}"]`);
        return node ? node.textContent : undefined;
      },
      /** `on('step', fn)`: fn(record) after every step. Returns a function that removes it. */
      on(type, fn) {
        alive();
        if (type !== 'step' || typeof fn !== 'function') throw new Error("on('step', fn) is the only event");
        listeners.add(fn);
        return () => listeners.delete(fn);
      },
      /** Removes the lab: its listeners, its observer, its WebAssembly state and its markup. */
      destroy() {
        if (destroyed) return;
        destroyed = true;
        stop.abort();
        listeners.clear();
        if (resize) resize.disconnect();
        call(() => lab.on_step(null));
        if (dispatching > 0) {
          // Called from a step listener, inside one of the lab's own calls: its WebAssembly
          // state is freed as soon as that call has returned.
          queueMicrotask(() => call(() => lab.free()));
        } else {
          call(() => lab.free());
        }
        root.remove();
        if (mounted.get(element) === handle) mounted.delete(element);
      },
    };
    mounted.set(element, handle);
    // Builds with the test hooks (the e2e tests) can crash a lab on purpose; hidden from
    // Object.keys, and absent from the page that is shipped.
    if (typeof lab.debug_panic === 'function') {
      Object.defineProperty(handle, 'debugPanic', { value: () => lab.debug_panic(), enumerable: false });
    }
    return handle;
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
          node.replaceChildren(document.createTextNode(`Perceptron Lab could not start: ${err}`));
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

  window.PerceptronLab = { mount, mountAll, ready };
})();
