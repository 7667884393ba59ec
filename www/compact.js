// A compact lab's markup, its keyboard shortcuts, its trap watch and downloads, for embed.js
// (which loads this file from beside itself, as it loads practice.js, before the first lab
// mounts), and for every home the wiring each lab gets (`wireLab`) and the plot's pointer and
// keyboard cursor (the full page's loader loads it before app.js and embed.js). The markup is built with DOM calls, never parsed as HTML.
(function () {
  'use strict';

  /** `lab` with each method call reporting a trap to `trapped` before throwing it on. */
  function watchTraps(lab, trapped) {
    return new Proxy(lab, {
      get(target, prop) {
        const value = target[prop];
        if (typeof value !== 'function') return value;
        return (...args) => {
          try {
            return value.apply(target, args);
          } catch (err) {
            if (err instanceof WebAssembly.RuntimeError) trapped(err);
            throw err;
          }
        };
      },
    });
  }

  /**
   * Shows the crash panel `panel` (the page's or a compact lab's) saying that the module
   * stopped (its fixed words, `[data-role="crash-trap"]`) with the browser's `err`.
   */
  function showTrap(panel, err) {
    panel.querySelector('[data-role="crash-message"]').textContent = String(err);
    const said = panel.querySelector('[data-role="crash-trap"]');
    if (said) said.hidden = false;
    panel.hidden = false;
  }

  /**
   * What a compact lab does on a trap of its module: shows its own crash panel, marks `root`
   * crashed and fires "perceptron-lab:crash" (its listeners stop there).
   */
  function trapShower(root) {
    return (err) => {
      if (root.dataset.crashed === 'true') return;
      showTrap(root.querySelector('[data-role="crash"]'), err);
      root.dataset.crashed = 'true';
      root.dispatchEvent(new CustomEvent('perceptron-lab:crash', { bubbles: true }));
    };
  }

  /**
   * Hides the controls of `root` that a list of names names (`data-control`): returns
   * `applyHide(names)`, which first shows again only what it hid before.
   */
  function hider(root) {
    const hiddenByName = new Set();
    return (names) => {
      hiddenByName.forEach((node) => { node.hidden = false; });
      hiddenByName.clear();
      root.querySelectorAll('[data-control]').forEach((node) => {
        if (node.dataset.control.split(/\s+/).some((name) => names.includes(name))) {
          if (!node.hidden) hiddenByName.add(node);
          node.hidden = true;
        }
      });
    };
  }

  /** Offers `root`'s last good scenario for download in its crash panel, if it kept one. */
  function offerLastGood(root) {
    const saved = root.perceptronLabLastGood;
    const offer = root.querySelector('[data-role="crash-save"]');
    if (typeof saved !== 'string' || !offer) return;
    offer.hidden = false;
    offer.querySelector('button').addEventListener('click', () =>
      download('perceptron-lab-scenario.json', 'application/json', saved));
  }

  /** Saves `blob` as a file named `name`. */
  function saveBlob(name, blob) {
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.hidden = true;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  /** Saves `text` as a file named `name`. */
  function download(name, type, text) {
    saveBlob(name, new Blob([text], { type }));
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

  /** The lab's markup: the plot, the controls, the status, "This step" and the trace. */
  function markup() {
    return el('div', { class: 'plab', tabindex: '0', role: 'group', 'aria-label': 'Perceptron Lab', 'data-perceptron-lab-root': '' },
      // The plot and its keyboard cursor's live region, a registry panel placed here.
      el('div', { class: 'plab-panels', 'data-panels': 'plot', 'data-landmarks': 'no' }),
      // Back and the history slider, and the training buttons with long work's progress and
      // the speed: registry panels placed here, in one row (a compact lab shows Back, Step,
      // Play and Reset unless it is full).
      el('div', { class: 'plab-bar' },
        el('div', { class: 'plab-panels', 'data-panels': 'timeline', 'data-landmarks': 'no' }),
        el('div', { class: 'plab-panels', 'data-panels': 'controls', 'data-landmarks': 'no' })),
      // The class a click adds, a registry panel placed here (in a full lab).
      el('div', { class: 'plab-panels', 'data-panels': 'classes', 'data-landmarks': 'no' }),
      // The status and the notice, a registry panel placed here.
      el('div', { class: 'plab-panels', 'data-panels': 'status', 'data-landmarks': 'no' }),
      // "This step", a registry panel placed here.
      el('div', { class: 'plab-panels', 'data-panels': 'explain', 'data-landmarks': 'no' }),
      // The trace table, a registry panel placed here.
      el('div', { class: 'plab-panels', 'data-panels': 'trace', 'data-landmarks': 'no' }),
      // The registry's panels (src/web/panels): the lab places their markup here, all but the
      // algorithm box and the practice composer (unless <perceptron-lab open-panels> names them).
      el('div', { class: 'plab-panels', 'data-panels': '', 'data-without': 'algorithm composer', 'data-landmarks': 'no' }),
      // Practice (a link with an exercise set): the question and the results, a registry panel
      // placed here (hidden until a set runs); practice.js turns its controls into answers.
      el('div', { class: 'plab-panels', 'data-panels': 'practice', 'data-landmarks': 'no' }),
      // The crash panel, a registry panel placed here (hidden until the lab stops).
      el('div', { class: 'plab-panels plab-crash-slot', 'data-panels': 'crash', 'data-landmarks': 'no' }));
  }

  /**
   * Two fingers on the plot pinch it: the view zooms about their midpoint (lab.zoom), and
   * neither finger adds, moves or removes a point. Returns a function that tells whether a
   * pointer event starts or belongs to a pinch (the plot's own handling then skips it);
   * `pressed()` is the plot's press under way, `drop()` forgets it when a second finger lands.
   */
  function pinchOn({ canvas, lab, call, pressed, drop }) {
    const touches = new Map(); // the fingers down, where they are
    let pinch = null;
    const spread = () => {
      const [a, b] = [...touches.values()];
      return { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    };
    return (e) => {
      if (e.pointerType !== 'touch') return false;
      if (e.type === 'pointerdown') {
        touches.set(e.pointerId, { x: e.offsetX, y: e.offsetY });
        const press = pressed();
        if (touches.size === 2 && !pinch && !(press && press.moved)) {
          drop();
          pinch = spread();
          canvas.setPointerCapture(e.pointerId);
        }
        return !!pinch || touches.size > 2;
      }
      if (e.type === 'pointermove') {
        if (!touches.has(e.pointerId)) return !!pinch;
        touches.set(e.pointerId, { x: e.offsetX, y: e.offsetY });
        if (!pinch || touches.size !== 2) return !!pinch;
        const now = spread();
        if (now.d > 0 && pinch.d > 0) call(() => lab.zoom(pinch.d / now.d, now.x, now.y));
        pinch = now;
        return true;
      }
      // Up or cancelled: the pinch ends with its first finger lifted.
      touches.delete(e.pointerId);
      const was = !!pinch;
      if (touches.size < 2) pinch = null;
      return was;
    };
  }

  /**
   * The plot's pointer and keyboard cursor, in every home (the full page's app.js and compact
   * labs): calls of `lab` (through `call`, which logs what throws), listeners bound to `signal`.
   *
   * Pointer events carry fractional CSS-pixel offsets (mouse "click" events are rounded). Down
   * on a point grabs it (drag to move, release without moving to select it); down on empty
   * space adds a point on release. Right button: remove the point under the pointer, or add the
   * other class. Long-press (touch, pen) on a point removes it.
   *
   * Tab reaches the plot. While it has focus the arrows move its cursor (Shift: a fine step),
   * Enter adds a point there (Shift+Enter: the other class), Delete removes the point under it,
   * Space picks that point up and drops it, Escape puts it back; the lab announces each in the
   * plot's own live region. Every other key goes on to the shortcuts, so ← and → step only when
   * the plot does not have focus. A click does not give the plot focus: it gives it to `home`
   * (a compact lab's root, whose keys are the lab's shortcuts), or, without one, takes it from
   * the field that had it, as a click on the page does; mouse users keep ← and → for stepping.
   */
  function wirePlot({ canvas, lab, call, signal, home }) {
    const LONG_PRESS_MS = 550;
    const MOVE_SLOP = 6; // CSS px before a press counts as a drag
    const listen = (type, handler) => canvas.addEventListener(type, handler, { signal });
    const reachFor = (e) => (e.pointerType === 'mouse' ? 10 : 20);
    let down = null;
    const pinching = pinchOn({ canvas, lab, call, pressed: () => down, drop: () => {
      if (down) clearTimeout(down.timer);
      down = null;
    } });
    listen('pointerdown', (e) => {
      if (pinching(e)) return;
      if (e.button !== 0 && e.button !== 2) return;
      down = { id: e.pointerId, button: e.button, x: e.offsetX, y: e.offsetY, moved: false, long: false, timer: 0 };
      if (e.button === 2) return;
      // Captured always, so a drag that leaves the plot still ends here; the lab decides
      // whether the press grabbed a point.
      canvas.setPointerCapture(e.pointerId);
      call(() => lab.press(e.offsetX, e.offsetY, reachFor(e)));
      if (e.pointerType !== 'mouse') {
        const pending = down;
        pending.timer = setTimeout(() => {
          if (signal.aborted || down !== pending || pending.moved) return;
          pending.long = true;
          call(() => lab.secondary(pending.x, pending.y, reachFor(e), false));
        }, LONG_PRESS_MS);
      }
    });
    listen('pointermove', (e) => {
      if (pinching(e)) return;
      if (!down || down.id !== e.pointerId || down.button !== 0) return;
      if (!down.moved && Math.hypot(e.offsetX - down.x, e.offsetY - down.y) < MOVE_SLOP) return;
      down.moved = true;
      call(() => lab.drag_to(e.offsetX, e.offsetY));
    });
    const finish = (e) => {
      if (!down || down.id !== e.pointerId) return null;
      const done = down;
      down = null;
      clearTimeout(done.timer);
      return done;
    };
    listen('pointerup', (e) => {
      if (pinching(e)) return;
      const done = finish(e);
      if (!done || done.long) return;
      if (done.button === 2) {
        call(() => lab.secondary(e.offsetX, e.offsetY, reachFor(e), true));
      } else {
        call(() => lab.release(e.offsetX, e.offsetY, e.shiftKey));
      }
    });
    listen('pointercancel', (e) => {
      if (pinching(e)) return;
      const done = finish(e);
      if (done) call(() => lab.release(done.x, done.y, false));
    });
    listen('contextmenu', (e) => e.preventDefault());

    const cursorMoves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    /** Whether long work is under way (false once the lab has stopped). */
    const isBusy = () => { try { return lab.busy(); } catch (err) { return false; } };
    listen('mousedown', (e) => {
      // The focus as seen from the plot's own tree (in a shadow root the document's is the host).
      const active = canvas.getRootNode().activeElement;
      if (active === canvas) return;
      e.preventDefault();
      if (home) home.focus({ preventScroll: true });
      else if (active instanceof HTMLElement) active.blur();
    });
    listen('focus', () => call(() => lab.cursor_focus(true)));
    listen('blur', () => call(() => lab.cursor_focus(false)));
    listen('keydown', (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const move = cursorMoves[e.key];
      if (move) call(() => lab.cursor_move(move[0], move[1], e.shiftKey));
      else if (e.key === 'Enter') call(() => lab.cursor_add(e.shiftKey));
      else if (e.key === ' ') call(() => lab.cursor_pick());
      else if (e.key === 'Delete' || e.key === 'Backspace') call(() => lab.cursor_delete());
      else if (e.key === 'Escape') call(() => (isBusy() ? lab.cancel() : lab.cursor_cancel()));
      else return;
      e.preventDefault();
      e.stopPropagation();
    });
    return { isBusy };
  }

  /**
   * A compact lab's plot (`wirePlot`) and keyboard shortcuts: calls of `lab` (through `call`,
   * which logs what throws), listeners bound to `signal`.
   */
  function wireInput({ root, canvas, lab, actions, call, signal }) {
    const { isBusy } = wirePlot({ canvas, lab, call, signal, home: root });
    const singleKeys = root.querySelector('[data-role="single-keys"]');
    root.addEventListener('keydown', (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      // Form fields (a practice answer being typed) keep their keys, except a clicker's
      // PageDown / PageUp, which always step (outside a text area).
      const target = e.target;
      const clicker = (e.key === 'PageDown' || e.key === 'PageUp') && !(target instanceof HTMLTextAreaElement);
      if ((target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement
        || target instanceof HTMLSelectElement) && !clicker) return;
      // The single-key shortcuts' switch (a full lab shows it): off, letters, digits and Space
      // do nothing here.
      if (e.key.length === 1 && singleKeys && !singleKeys.checked) return;
      const keys = {
        ArrowRight: actions.step, ' ': actions.step, PageDown: actions.step,
        ArrowLeft: actions.back, PageUp: actions.back, p: actions.play, r: actions.reset,
      };
      let action = keys[e.key.length === 1 ? e.key.toLowerCase() : e.key];
      if (!action && e.key === 'Escape' && isBusy()) action = actions.cancel;
      if (!action && /^[1-6]$/.test(e.key)) action = () => lab.select_class_key(Number(e.key));
      if (!action) return;
      e.preventDefault();
      call(action);
    }, { signal });
  }

  /**
   * The "Share and files" panel's controls (src/web/panels/share.rs), in every home: Copy link,
   * a file opened by its button or dropped on `dropOn` (the full page: the whole document; a
   * compact lab: its root), and the Save buttons. `linkBase`, for a lab that does not write the
   * address (a compact lab): the page its link opens (the full lab beside embed.js), whose URL
   * the share box shows with the fragment the lab gives.
   */
  function wireShare({ root, canvas, lab, call, signal, dropOn, linkBase }) {
    const part = (role) => root.querySelector(`[data-role="${role}"]`);
    const shareLink = part('share-link');
    const status = part('share-status');
    const fileError = part('file-error');
    if (!shareLink || !fileError) return;
    const listen = (target, type, handler) => target.addEventListener(type, handler, { signal });
    listen(part('copy-link'), 'click', () => {
      let url;
      try {
        url = lab.copy_link();
      } catch (err) {
        status.textContent = String(err);
        return;
      }
      if (linkBase) {
        url = `${linkBase}#${url}`;
        shareLink.value = url;
      }
      shareLink.select();
      const done = () => { status.textContent = 'Link copied: it opens this exact view.'; };
      const copyByHand = () => { status.textContent = 'Select the link above and copy it (Ctrl+C).'; };
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(url).then(done, copyByHand);
      else copyByHand();
    });
    // The lab tells a scenario JSON from a points CSV (by the name and the first byte).
    const openFile = async (file) => {
      if (!file) return;
      let bytes;
      try {
        bytes = new Uint8Array(await file.arrayBuffer());
      } catch (err) {
        // The browser could not read it (gone, not allowed, or larger than it can hold).
        const reason = String(err instanceof Error ? err.message : err);
        if (!signal.aborted) fileError.textContent = call(() => lab.file_unreadable(file.name, reason)) || '';
        return;
      }
      if (signal.aborted) return;
      try {
        lab.open_file(file.name, bytes);
        fileError.textContent = '';
      } catch (err) {
        fileError.textContent = err instanceof Error ? err.message : String(err);
      }
    };
    const input = part('file-input');
    listen(input, 'change', () => {
      openFile(input.files[0]);
      input.value = '';
    });
    const dropping = dropOn === document ? document.body : dropOn;
    listen(dropOn, 'dragover', (e) => {
      if (!e.dataTransfer || !Array.from(e.dataTransfer.types).includes('Files')) return;
      e.preventDefault();
      dropping.classList.add('dropping');
    });
    listen(dropOn, 'dragleave', (e) => {
      if (e.relatedTarget === null || !dropping.contains(e.relatedTarget)) dropping.classList.remove('dropping');
    });
    listen(dropOn, 'drop', (e) => {
      dropping.classList.remove('dropping');
      if (!e.dataTransfer || !e.dataTransfer.files.length) return;
      e.preventDefault();
      openFile(e.dataTransfer.files[0]);
    });
    const saves = {
      points: () => download('perceptron-points.csv', 'text/csv', lab.points_csv()),
      scenario: () => download('perceptron-scenario.json', 'application/json', lab.scenario_json()),
      svg: () => download('perceptron-plot.svg', 'image/svg+xml', lab.export_svg()),
      // The plot as drawn, at the screen's resolution.
      png: () => canvas.toBlob((blob) => { if (blob) saveBlob('perceptron-plot.png', blob); }, 'image/png'),
    };
    root.querySelectorAll('[data-export]').forEach((button) => {
      const save = saves[button.dataset.export];
      if (save) listen(button, 'click', () => call(save));
    });
  }

  /**
   * What every home's lab listens to (embed.js's `build` calls this for each lab it mounts):
   * reduced motion, its steps (the page's listeners, DOM events, the sound), practice answers,
   * the plot's size and the screen's pixel ratio; then the home's input (a compact lab's keys
   * on its root, or `how.home.wire`: the full page's, app.js).
   */
  function wireLab({ element, module, exports, root, lab, call, signal, listeners, state, how, linkBase }) {
    const listen = (target, type, handler, options) =>
      target.addEventListener(type, handler, { ...options, signal });
    // Reduced motion, as the system asks: the trace jumps to the current row.
    const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
    call(() => lab.set_reduced_motion(motion.matches));
    listen(motion, 'change', (m) => call(() => lab.set_reduced_motion(m.matches)));

    // This step's arithmetic starts open under its line (the full page opens it unless it has
    // the phone's layout: app.js, `wireSheets`).
    const explain = root.querySelector('[data-role="explain-full"]');
    if (explain && !how.home) explain.open = true;

    // Every step: the listeners, and a DOM event for pages that prefer addEventListener.
    // Listeners run inside the lab's own calls (how deep: `state.dispatching`): it cannot free.
    // The lab hands out its steps only while someone hears them (a home that fires no step
    // events, the full page, asks for none until a listener or the sound does).
    let soundStep = null; // the sound's listener, while it is on
    const onStep = (record) => {
      state.dispatching += 1;
      try {
        for (const fn of listeners.step) call(() => fn(record));
        if (!how.quietSteps) how.emit('step', record);
        if (soundStep) call(() => soundStep(record));
      } finally {
        state.dispatching -= 1;
      }
    };
    let following = false;
    state.follow = () => {
      const wanted = !how.quietSteps || listeners.step.size > 0 || soundStep !== null;
      if (wanted !== following) call(() => lab.on_step(wanted ? onStep : null));
      following = wanted;
    };
    state.follow();

    const canvas = root.querySelector('[data-panel="plot"] canvas');
    // Practice: each answer's events go to the listeners and to the element as DOM events.
    const practice = window.PerceptronLabPractice.wire(root, lab, {
      signal,
      download: window.PerceptronLabCompact.download,
      emit: (type, detail) => {
        for (const fn of listeners[type] || []) call(() => fn(detail));
        how.emit(type, detail);
      },
    });
    // The sound panel's buttons (shown in a full lab), its tones on this lab's steps.
    const sound = window.PerceptronLabSound.wire(lab, { call, root, signal, onStep: (fn) => { soundStep = fn; state.follow(); } });
    state.resize = new ResizeObserver(() => call(() => lab.resize()));
    state.resize.observe(canvas);
    // A new pixel ratio (a zoom, the window moved to another screen) draws the plot anew.
    const watchRatio = () => {
      listen(window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`), 'change', () => {
        call(() => lab.resize());
        watchRatio();
      }, { once: true });
    };
    watchRatio();
    const cx = { element, module, exports, root, canvas, lab, call, signal, listen, practice, sound };
    if (how.home) {
      how.home.wire(cx);
      return;
    }
    // The keys' actions (the buttons are the lab's panels, which take their clicks themselves).
    const actions = {
      step: () => lab.step(), back: () => lab.back(), play: () => lab.toggle_play(),
      reset: () => lab.reset(), cancel: () => lab.cancel(),
    };
    wireInput({ root, canvas, lab, actions, call, signal });
    wireShare({ root, canvas, lab, call, signal, dropOn: root, linkBase });
    window.PerceptronLabPractice.compose(root, lab, { signal, linkBase });
  }

  window.PerceptronLabCompact = {
    el, markup, wirePlot, wireInput, watchTraps, offerLastGood, download, saveBlob, showTrap,
    trapShower, hider, wireShare, wireLab,
  };
})();
