// A compact lab's markup, its pointer and keyboard wiring, its trap watch and downloads, for embed.js (which loads this
// file from beside itself, as it loads practice.js, before the first lab mounts). The markup is
// built with DOM calls, never parsed as HTML.
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

  /** Offers `root`'s last good scenario for download in its crash panel, if it kept one. */
  function offerLastGood(root) {
    const saved = root.perceptronLabLastGood;
    const offer = root.querySelector('[data-role="crash-save"]');
    if (typeof saved !== 'string' || !offer) return;
    offer.hidden = false;
    offer.querySelector('button').addEventListener('click', () =>
      download('perceptron-lab-scenario.json', 'application/json', saved));
  }

  /** Saves `text` as a file named `name`. */
  function download(name, type, text) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.hidden = true;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
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

  /** Labs built on this page so far: each gets its own ids (its work bar's text). */
  let built = 0;

  /** The lab's markup: the plot, the controls, the status, "This step" and the trace. */
  function markup() {
    const field = (name, label) => [el('dt', {}, label), el('dd', { 'data-field': name }, '—')];
    built += 1;
    return el('div', { class: 'plab', tabindex: '0', role: 'group', 'aria-label': 'Perceptron Lab', 'data-perceptron-lab-root': '' },
      el('canvas', {
        class: 'plab-plot', tabindex: '0', role: 'application',
        'aria-label': 'Plot: points, the weight vector and the boundary. Arrow keys move a cursor; '
          + 'Enter adds a point, Space picks one up, Delete removes one.',
      }),
      // What the plot's keyboard cursor says (the lab writes it).
      el('p', { class: 'plab-hidden', 'data-role': 'cursor-status', role: 'status', 'aria-live': 'polite' }),
      // The live region every step is said in (the plot in words is the described panel's).
      el('p', { class: 'plab-sr', 'data-role': 'announce', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' }),
      el('div', { class: 'plab-controls', 'data-control': 'controls' },
        el('button', { type: 'button', 'data-act': 'back', 'data-control': 'back', title: 'Step back (←)' }, '← Back'),
        el('button', { type: 'button', 'data-act': 'step', 'data-control': 'step', class: 'plab-primary', title: 'One step (→)' }, 'Step →'),
        el('button', { type: 'button', 'data-act': 'play', 'data-control': 'play', title: 'Play / pause (P)' },
          el('span', { 'data-field': 'play-label' }, 'Play')),
        el('button', { type: 'button', 'data-act': 'reset', 'data-control': 'reset', title: 'Reset (R)' }, 'Reset')),
      // Long work (a run, a replayed link) goes on across frames: its progress and a Cancel.
      el('div', { class: 'plab-work', 'data-role': 'work', hidden: '' },
        el('progress', { 'data-role': 'work-progress', max: '1000', value: '0', 'aria-label': 'Progress of the work under way', 'aria-describedby': `plab-work-text-${built}` }),
        el('button', { type: 'button', 'data-act': 'cancel', 'data-role': 'work-cancel', title: 'Stop and go back to where it began (Esc)' }, 'Cancel'),
        el('span', { class: 'plab-work-text', id: `plab-work-text-${built}`, 'data-role': 'work-text' })),
      el('dl', { class: 'plab-status', 'data-control': 'status' },
        ...field('algorithm', 'Algorithm'), ...field('step', 'Step'), ...field('epoch', 'Epoch'),
        ...field('weights', 'Model'), ...field('state', 'State')),
      // Visible; spoken through the announce region above, so not a second time here.
      el('p', { class: 'plab-notice', 'data-field': 'notice', role: 'status', 'aria-live': 'off' }),
      // "This step", a registry panel placed here.
      el('div', { class: 'plab-panels', 'data-panels': 'explain', 'data-landmarks': 'no' }),
      // The trace table, a registry panel placed here.
      el('div', { class: 'plab-panels', 'data-panels': 'trace', 'data-landmarks': 'no' }),
      // The registry's panels (src/web/panels): the lab places their markup here, all but the
      // algorithm box (unless <perceptron-lab open-panels> names it).
      el('div', { class: 'plab-panels', 'data-panels': '', 'data-without': 'algorithm', 'data-landmarks': 'no' }),
      // Practice (a link with an exercise set): the question and the results, a registry panel
      // placed here (hidden until a set runs); practice.js turns its controls into answers.
      el('div', { class: 'plab-panels', 'data-panels': 'practice', 'data-landmarks': 'no' }),
      // This lab's own crash panel: the lab shows it (with the message) if it ever stops.
      el('div', { class: 'plab-crash', role: 'alert', 'data-role': 'crash', hidden: '' },
        el('strong', {}, 'This lab stopped after an internal error.'),
        el('pre', { 'data-role': 'crash-message' }),
        el('p', { 'data-role': 'crash-save', hidden: '' },
          'Your points and run as they were a moment ago: ',
          el('button', { type: 'button', class: 'plab-save' }, 'Download the scenario (JSON)'),
          ' — open it in the lab after reloading.'),
        el('p', {}, 'Reload the page to start it again. The other labs of the page keep working.')));
  }

  /**
   * The plot's pointer and keys, and the lab's keyboard shortcuts: calls of `lab` (through
   * `call`, which logs what throws), listeners bound to `signal`.
   */
  function wireInput({ root, canvas, lab, actions, isBusy, call, signal }) {
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
    // The plot by keyboard, as on the full page: while it has focus the arrows move its cursor
    // (Shift: a fine step), Enter / Shift+Enter add a point there, Delete removes the point
    // under it, Space picks it up and drops it, Escape puts it back; other keys reach the lab's
    // shortcuts below. A click gives the lab (not the plot) focus, so → steps after a click.
    const cursorMoves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    canvas.addEventListener('mousedown', (e) => {
      // The focus as seen from the lab's own tree (in a shadow root the document's is the host).
      if (root.getRootNode().activeElement === canvas) return;
      e.preventDefault();
      root.focus({ preventScroll: true });
    }, { signal });
    canvas.addEventListener('focus', () => call(() => lab.cursor_focus(true)), { signal });
    canvas.addEventListener('blur', () => call(() => lab.cursor_focus(false)), { signal });
    canvas.addEventListener('keydown', (e) => {
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
    }, { signal });
    root.addEventListener('keydown', (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      // Form fields (a practice answer being typed) keep their keys, except a clicker's
      // PageDown / PageUp, which always step (outside a text area).
      const target = e.target;
      const clicker = (e.key === 'PageDown' || e.key === 'PageUp') && !(target instanceof HTMLTextAreaElement);
      if ((target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement
        || target instanceof HTMLSelectElement) && !clicker) return;
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

  window.PerceptronLabCompact = { el, markup, wireInput, watchTraps, offerLastGood, download };
})();
