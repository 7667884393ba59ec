// Perceptron Lab page glue: turns DOM events into calls on the Rust handle. It keeps no model
// state and reads none: everything shown comes from the handle's own frame (status fields,
// button labels, the trace table, the scrubber, the address bar and the share box).
(function () {
  'use strict';

  let started = false;
  let loadFailed = false; // the page says that the wasm did not load (see `notLoaded`)

  /** The page's crash panel, in the lab's place (whose controls would do nothing), saying `text`. */
  function showCrash(text) {
    document.getElementById('crash-message').textContent = text;
    document.getElementById('crash').hidden = false;
    document.body.dataset.crashed = 'true';
  }

  /**
   * The handle `lab`, each of whose method calls reports a trap of the WebAssembly module
   * (a `WebAssembly.RuntimeError`) to `trapped` before throwing it on as before.
   */
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

  function start() {
    const bindings = window.wasmBindings;
    if (started || !bindings || !bindings.Lab) return;
    started = true;

    const root = document.getElementById('lab');
    let lab;
    try {
      lab = watchTraps(new bindings.Lab(root), trapped);
    } catch (err) {
      document.getElementById('crash-message').textContent = String(err);
      document.getElementById('crash').hidden = false;
      return;
    }
    window.perceptronLab = lab;

    // A trap of the WebAssembly module (out of memory, say) is not a panic: no Rust code runs
    // after it, so the lab cannot show its panel itself. The page does, as after a panic.
    function trapped(err) {
      if (document.body.dataset.crashed === 'true') return;
      showCrash(`The lab's WebAssembly module stopped (${err}): it ran out of memory or met an internal error.`);
      root.dataset.crashed = 'true';
      root.dispatchEvent(new CustomEvent('perceptron-lab:crash', { bubbles: true }));
    }
    // A trap in an animation frame reaches no caller: the window hears of it.
    window.addEventListener('error', (e) => {
      if (e.error instanceof WebAssembly.RuntimeError) trapped(e.error);
    });

    // Every listener and timer of the page is bound to `signal`: after a crash (the lab's
    // "perceptron-lab:crash" event) they all stop, and the crash panel stays.
    const stop = new AbortController();
    const signal = stop.signal;
    const timers = new Set();
    const later = (fn, ms) => {
      const id = setTimeout(() => { timers.delete(id); fn(); }, ms);
      timers.add(id);
      return id;
    };
    const observers = [];
    let audio = null; // the sound's AudioContext, made when the sound is first used
    root.addEventListener('perceptron-lab:crash', () => {
      stop.abort();
      for (const id of timers) clearTimeout(id);
      timers.clear();
      for (const observer of observers) observer.disconnect();
      offerLastGood();
      if (audio) audio.close().catch(() => {});
    }, { once: true });

    // The crash panel offers the scenario the lab kept after its last change (the lab writes it
    // on its root as plain text, readable after the module stopped), so the user's points and
    // run leave with them.
    function offerLastGood() {
      const saved = root.perceptronLabLastGood;
      const offer = document.getElementById('crash-save');
      if (typeof saved !== 'string' || !offer) return;
      offer.hidden = false;
      document.getElementById('crash-download').addEventListener('click', () => {
        const url = URL.createObjectURL(new Blob([saved], { type: 'application/json' }));
        const a = document.createElement('a');
        a.href = url;
        a.download = 'perceptron-lab-scenario.json';
        a.hidden = true;
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      });
    }

    // Every call goes through here: an error from the handle is logged, never thrown at the page.
    const call = (fn) => {
      try {
        return fn();
      } catch (err) {
        console.error(err);
        return undefined;
      }
    };
    const byId = (id) => document.getElementById(id);
    const on = (id, type, handler) => byId(id).addEventListener(type, handler, { signal });
    const listen = (target, type, handler, options) =>
      target.addEventListener(type, handler, { ...options, signal });

    // ----- the plot: pointer events (mouse, touch, pen) -----------------------------------
    // Pointer events carry fractional CSS-pixel offsets (mouse "click" events are rounded).
    // Down on a point grabs it (drag to move, release without moving to select it); down on
    // empty space adds a point on release. Right button: remove the point under the pointer,
    // or add the other class. Long-press (touch, pen) on a point removes it.
    const canvas = byId('plot');
    const LONG_PRESS_MS = 550;
    const MOVE_SLOP = 6; // CSS px before a press counts as a drag
    let down = null;
    const reachFor = (e) => (e.pointerType === 'mouse' ? 10 : 20);

    listen(canvas, 'pointerdown', (e) => {
      if (e.button !== 0 && e.button !== 2) return;
      down = { id: e.pointerId, button: e.button, x: e.offsetX, y: e.offsetY, moved: false, long: false, timer: 0 };
      if (e.button === 2) return;
      // Captured always, so a drag that leaves the plot still ends here; the lab decides
      // whether the press grabbed a point.
      canvas.setPointerCapture(e.pointerId);
      call(() => lab.press(e.offsetX, e.offsetY, reachFor(e)));
      if (e.pointerType !== 'mouse') {
        const pending = down;
        pending.timer = later(() => {
          if (down !== pending || pending.moved) return;
          pending.long = true;
          call(() => lab.secondary(pending.x, pending.y, reachFor(e), false));
        }, LONG_PRESS_MS);
      }
    });
    listen(canvas, 'pointermove', (e) => {
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
      timers.delete(done.timer);
      return done;
    };
    listen(canvas, 'pointerup', (e) => {
      const done = finish(e);
      if (!done || done.long) return;
      if (done.button === 2) {
        call(() => lab.secondary(e.offsetX, e.offsetY, reachFor(e), true));
      } else {
        call(() => lab.release(e.offsetX, e.offsetY, e.shiftKey));
      }
    });
    listen(canvas, 'pointercancel', (e) => {
      const done = finish(e);
      if (done) call(() => lab.release(done.x, done.y, false));
    });
    listen(canvas, 'contextmenu', (e) => e.preventDefault());

    // ----- the plot by keyboard: a crosshair cursor -----------------------------------------
    // Tab reaches the plot. While it has focus the arrows move its cursor (Shift: a fine step),
    // Enter adds a point there (Shift+Enter: the other class), Delete removes the point under
    // it, Space picks that point up and drops it, Escape puts it back; the lab announces each
    // in the plot's own live region. Every other key (PageDown/PageUp, P, N, ?, …) goes on to
    // the page's shortcuts, so ← and → step only when the plot does not have focus. A click
    // does not give the plot focus (it leaves the field that had it, as a click on the page
    // does): mouse users keep ← and → for stepping.
    const cursorMoves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    /** Whether long work is under way (false once the lab has stopped). */
    const isBusy = () => { try { return lab.busy(); } catch (err) { return false; } };
    listen(canvas, 'mousedown', (e) => {
      if (document.activeElement === canvas) return;
      e.preventDefault();
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    });
    listen(canvas, 'focus', () => call(() => lab.cursor_focus(true)));
    listen(canvas, 'blur', () => call(() => lab.cursor_focus(false)));
    listen(canvas, 'keydown', (e) => {
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

    // ----- buttons ---------------------------------------------------------------------------
    const actions = {
      step: () => lab.step(),
      back: () => lab.back(),
      play: () => lab.toggle_play(),
      nextMistake: () => lab.next_mistake(),
      finishEpoch: () => lab.finish_epoch(),
      run: () => lab.run_to_convergence(),
      reset: () => lab.reset(),
      clear: () => lab.clear(),
    };
    on('step', 'click', () => call(actions.step));
    on('back', 'click', () => call(actions.back));
    on('play', 'click', () => call(actions.play));
    on('next-mistake', 'click', () => call(actions.nextMistake));
    on('finish-epoch', 'click', () => call(actions.finishEpoch));
    on('run', 'click', () => call(actions.run));
    on('reset', 'click', () => call(actions.reset));
    on('clear', 'click', () => call(actions.clear));
    on('work-cancel', 'click', () => call(() => lab.cancel()));
    on('class-pos', 'click', () => call(() => lab.select_class(true)));
    on('class-neg', 'click', () => call(() => lab.select_class(false)));
    document.querySelectorAll('[data-class-index]').forEach((button) => {
      listen(button, 'click', () =>
        call(() => lab.select_class_key(Number(button.dataset.classIndex) + 1)));
    });

    on('scrubber', 'input', (e) => call(() => lab.jump_to_step(Number(e.target.value))));

    on('preset', 'change', (e) => {
      if (!e.target.value) return;
      call(() => lab.load_preset(e.target.value));
      byId('settings-error').textContent = '';
      byId('model-error').textContent = '';
      e.target.value = '';
      // Give the keys back to the lab: → should step right after choosing an example.
      e.target.blur();
    });

    const speed = byId('speed');
    const speedValue = byId('speed-value');
    const applySpeed = () => {
      const stepsPerSecond = Math.pow(10, Number(speed.value));
      const label = call(() => lab.speed_label(stepsPerSecond));
      if (label !== undefined) speedValue.textContent = label;
      call(() => lab.set_speed(stepsPerSecond));
    };
    listen(speed, 'input', applySpeed);
    applySpeed();



    // ----- exports ---------------------------------------------------------------------------
    const saveBlob = (name, blob) => {
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      later(() => URL.revokeObjectURL(url), 1000);
    };
    const download = (name, type, text) => saveBlob(name, new Blob([text], { type }));
    // A canvas as drawn, at the screen's resolution.
    const saveCanvas = (source, name) => source.toBlob((blob) => { if (blob) saveBlob(name, blob); }, 'image/png');

    // ----- practice: compose a set, answer, reveal, results ------------------------------------
    // The lab checks every answer and writes the panel in its frame; here the composer's fields
    // become the set's link keys (the lab reads and checks them).
    const composeError = byId('practice-compose-error');
    // The question's controls (shared with embedded labs): practice.js. Its events go to the
    // page's listeners as "perceptron-lab:answer" / "perceptron-lab:finish" on the lab's root.
    const practice = window.PerceptronLabPractice && window.PerceptronLabPractice.wire(root, lab, {
      signal,
      emit: (type, detail) => root.dispatchEvent(new CustomEvent(`perceptron-lab:${type}`, { detail, bubbles: true })),
      download,
    });
    const practiceKeys = () => {
      const value = (id) => byId(id).value.trim();
      const kinds = [...document.querySelectorAll('#practice-composer input[name="kind"]:checked')].map((k) => k.value);
      const keys = [
        ['xv', '1'], ['xid', value('practice-id')], ['xk', kinds.join(',')],
        ['xn', value('practice-questions')], ['xa', value('practice-algorithm')],
        ['xb', byId('practice-bias').checked ? '1' : '0'], ['xe', value('practice-eta')],
        ['xd', value('practice-source')],
      ];
      if (value('practice-source') === 'gen') {
        keys.push(['xc', value('practice-classes')], ['xp', value('practice-points')], ['xsep', value('practice-separable')]);
      }
      keys.push(['xs', value('practice-seed')], ['xr', byId('practice-vary').checked ? '1' : '0']);
      if (value('practice-report')) keys.push(['report', value('practice-report')]);
      return keys.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
    };
    const composer = byId('practice-composer');
    if (composer) {
      listen(composer, 'submit', (e) => {
        e.preventDefault();
        try {
          lab.practice_start(practiceKeys());
          composeError.textContent = '';
        } catch (err) {
          composeError.textContent = String(err);
        }
      });
      on('practice-make-link', 'click', () => {
        let fragment;
        try {
          fragment = lab.practice_link(practiceKeys());
        } catch (err) {
          composeError.textContent = String(err);
          return;
        }
        composeError.textContent = '';
        const url = `${window.location.origin}${window.location.pathname}#${fragment}`;
        byId('practice-link-out').value = url;
        const title = `Perceptron Lab practice: ${byId('practice-id').value.trim() || 'practice'}`;
        const id = byId('practice-id').value.trim() || 'practice';
        const src = `${url}&embed=1&name=${encodeURIComponent(id)}`.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
        byId('practice-embed-out').value =
          `<iframe src="${src}" title="${title.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" width="100%" height="900" `
          + 'sandbox="allow-scripts allow-same-origin allow-downloads"></iframe>';
        document.querySelector('[data-role="practice-link"]').hidden = false;
        byId('practice-link-out').select();
      });
    }

    // ----- presenter mode, fullscreen, help -----------------------------------------------------
    const presenter = byId('presenter');
    const setPresenter = (on) => {
      presenter.setAttribute('aria-pressed', String(on));
      document.body.classList.toggle('presenter', on);
      call(() => lab.set_presenter(on));
      // In a lecture the answer waits for a key (V, →, PageDown), so the class can vote first.
      call(() => lab.practice_hold(on));
    };
    let presenterOn = false;
    listen(presenter, 'click', () => {
      presenterOn = !presenterOn;
      setPresenter(presenterOn);
    });

    const toggleFullscreen = () => {
      if (document.fullscreenElement) {
        document.exitFullscreen().catch(() => {});
      } else if (document.documentElement.requestFullscreen) {
        document.documentElement.requestFullscreen().catch(() => {});
      }
    };
    on('fullscreen', 'click', toggleFullscreen);

    // The help is a modal dialog: while it is open the page behind it is inert (no focus, no
    // clicks, no keys reach it), Tab stays inside it, and closing it gives focus back.
    const help = byId('help');
    const behind = [document.querySelector('header.top'), root];
    let helpOpener = null;
    const showHelp = (show) => {
      if (show === !help.hidden) return;
      // Before the page goes inert, which takes the focus away.
      if (show) helpOpener = document.activeElement;
      help.hidden = !show;
      for (const part of behind) if (part) part.inert = show;
      if (show) {
        byId('help-close').focus();
      } else if (helpOpener && helpOpener.isConnected) {
        helpOpener.focus();
        helpOpener = null;
      }
    };
    listen(help, 'keydown', (e) => {
      if (e.key !== 'Tab') return;
      const focusable = [...help.querySelectorAll('button, [href], input, select, [tabindex]:not([tabindex="-1"])')];
      if (!focusable.length) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (e.shiftKey && document.activeElement === first) { last.focus(); e.preventDefault(); }
      else if (!e.shiftKey && document.activeElement === last) { first.focus(); e.preventDefault(); }
    });
    on('help-button', 'click', () => showHelp(help.hidden));
    on('help-close', 'click', () => showHelp(false));
    listen(help, 'click', (e) => { if (e.target === help) showHelp(false); });

    // ----- sound: audio cues (Web Audio, no files; off until the user turns it on) -------------
    // The lab writes the notes (pitch, timbre, timing) from the step's record; here they are
    // only scheduled, one oscillator per note.
    const soundButton = byId('audio');
    let soundOn = false;
    let busyUntil = 0;
    let sweep = [];
    const audioContext = () => {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return null;
      if (!audio) audio = new Context();
      if (audio.state === 'suspended') audio.resume().catch(() => {});
      return audio;
    };
    // Schedules `notes` (the lab's JSON) from now; returns the oscillators and when they end.
    const playNotes = (text) => {
      const notes = JSON.parse(text || '[]');
      const context = notes.length ? audioContext() : null;
      if (!context) return { oscillators: [], end: 0 };
      const t0 = context.currentTime + 0.02;
      let end = t0;
      const oscillators = notes.map((note) => {
        const start = t0 + note.start;
        const stop = start + note.duration;
        const oscillator = context.createOscillator();
        oscillator.type = note.wave;
        oscillator.frequency.setValueAtTime(note.frequency, start);
        const gain = context.createGain();
        gain.gain.setValueAtTime(0, start);
        gain.gain.linearRampToValueAtTime(note.gain, start + 0.01);
        gain.gain.linearRampToValueAtTime(0, stop);
        oscillator.connect(gain);
        let out = gain;
        if (context.createStereoPanner) {
          const panner = context.createStereoPanner();
          panner.pan.setValueAtTime(note.pan, start);
          gain.connect(panner);
          out = panner;
        }
        out.connect(context.destination);
        oscillator.start(start);
        oscillator.stop(stop + 0.02);
        end = Math.max(end, stop);
        return oscillator;
      });
      return { oscillators, end };
    };
    // One cue per frame, for the step on show; a cue still sounding is not cut short. The step
    // listener is set only while the sound is on (it costs a record per step during Play).
    let cuePending = false;
    const onStep = () => {
      if (!soundOn || cuePending) return;
      cuePending = true;
      queueMicrotask(() => {
        cuePending = false;
        if (!soundOn || (audio && audio.currentTime < busyUntil)) return;
        const text = call(() => lab.step_cue());
        if (typeof text === 'string') busyUntil = playNotes(text).end;
      });
    };
    const setSound = (on, say) => {
      soundOn = on;
      call(() => lab.on_step(on ? onStep : null));
      soundButton.setAttribute('aria-pressed', String(on));
      if (on && !audioContext()) call(() => lab.say('This browser cannot play sound.'));
      else if (say) call(() => lab.say(on ? 'Sound on: a tone per step.' : 'Sound off.'));
    };
    listen(soundButton, 'click', () => setSound(!soundOn, false));
    const listenToBoundary = () => {
      const text = call(() => lab.boundary_sweep());
      if (typeof text !== 'string') return;
      for (const oscillator of sweep) {
        try { oscillator.stop(); } catch (err) { /* already over */ }
      }
      const played = playNotes(text);
      sweep = played.oscillators;
      busyUntil = played.end;
      if (!sweep.length) {
        call(() => lab.say(audioContext() ? 'No boundary in view to listen to.' : 'This browser cannot play sound.'));
      }
    };
    on('listen', 'click', listenToBoundary);

    // ----- keyboard --------------------------------------------------------------------------
    // Single-key shortcuts (letters, digits, Space, ?) can be switched off (WCAG 2.1.4); the
    // choice is kept in this browser. Clicker keys (PageDown/PageUp), arrows, Delete and Escape
    // always act.
    const singleKeys = byId('single-keys');
    const SINGLE_KEYS_STORE = 'perceptron-lab:single-keys';
    try {
      if (window.localStorage.getItem(SINGLE_KEYS_STORE) === 'off') singleKeys.checked = false;
    } catch (err) { /* storage unavailable: shortcuts on */ }
    listen(singleKeys, 'change', () => {
      try {
        window.localStorage.setItem(SINGLE_KEYS_STORE, singleKeys.checked ? 'on' : 'off');
      } catch (err) { /* not kept */ }
    });
    const isCharacterKey = (key) => key.length === 1;
    const keepsKey = (target, key) =>
      (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement
        || target instanceof HTMLSelectElement)
      && !((key === 'PageDown' || key === 'PageUp') && !(target instanceof HTMLTextAreaElement));
    const keys = {
      ArrowRight: actions.step, ' ': actions.step, PageDown: actions.step,
      ArrowLeft: actions.back, PageUp: actions.back,
      p: actions.play, r: actions.reset, n: actions.nextMistake, e: actions.finishEpoch,
      1: () => lab.select_class_key(1), 2: () => lab.select_class_key(2),
      3: () => lab.select_class_key(3), 4: () => lab.select_class_key(4),
      5: () => lab.select_class_key(5), 6: () => lab.select_class_key(6),
      Delete: () => lab.delete_selected(), Backspace: () => lab.delete_selected(),
      a: () => setSound(!soundOn, true), l: listenToBoundary,
      v: () => practice && practice.reveal(),
    };
    listen(document, 'keydown', (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      // Form fields keep their keys (typing, toggling, arrows on sliders), except a clicker's
      // PageDown / PageUp, which always step: a slider, a menu or a box just used keeps the
      // focus, and a lecturer's clicker must not move the history slider or scroll instead.
      const target = e.target;
      if (keepsKey(target, e.key)) return;
      if (e.key === 'Escape' && !help.hidden) { showHelp(false); e.preventDefault(); return; }
      // Escape stops long work under way (its Cancel), wherever focus is outside the fields,
      // and else the side-by-side training (its Cancel).
      if (e.key === 'Escape' && call(() => lab.escape())) { e.preventDefault(); return; }
      // Space presses the Practice panel's buttons (an answer, Reveal, Next) and opens or
      // closes its summary, and the buttons and summaries of the registry's panels (the
      // side-by-side panel's Cancel, Compare, a strategy), as a keyboard user expects,
      // rather than stepping.
      if (e.key === ' ' && target instanceof Element && target.closest('#practice-panel, [data-panel]')
        && (target instanceof HTMLButtonElement || target.tagName === 'SUMMARY')) return;
      if (isCharacterKey(e.key) && !singleKeys.checked) return;
      if (e.key === '?') { showHelp(help.hidden); e.preventDefault(); return; }
      if (!help.hidden) return;
      if (e.key === 'f' || e.key === 'F') { toggleFullscreen(); e.preventDefault(); return; }
      const action = keys[e.key.length === 1 ? e.key.toLowerCase() : e.key];
      if (!action) return;
      // Space and arrows would also press a focused button or scroll the page: they step instead.
      e.preventDefault();
      call(action);
    });

    // ----- follow the system: colours, motion, layout ----------------------------------------
    const follow = (query, apply) => {
      const media = window.matchMedia(query);
      apply(media.matches);
      listen(media, 'change', (m) => apply(m.matches));
    };
    follow('(prefers-color-scheme: dark)', (dark) => call(() => lab.set_dark(dark)));
    follow('(prefers-reduced-motion: reduce)', (reduce) => call(() => lab.set_reduced_motion(reduce)));

    // ----- links: the whole scenario in the URL fragment ---------------------------------------
    // The fragment holds the scenario and the page's own keys: hide= (a comma-separated list of
    // controls to hide) and embed=1 (a minimal frame for iframes). The lab itself writes the
    // scenario part (with history.replaceState, so the back button is never flooded) and the
    // share box, in the frame after a change; the page keys stay after it. A link pasted or
    // typed into the address is opened on hashchange and always wins over a pending write.
    const pageKeys = (hash) => {
      const params = new URLSearchParams(hash.replace(/^#/, ''));
      const kept = new URLSearchParams();
      for (const key of ['hide', 'embed', 'name']) {
        if (params.has(key)) kept.set(key, params.get(key));
      }
      return kept;
    };
    const initialPage = pageKeys(window.location.hash);
    const hidden = (initialPage.get('hide') || '').split(',').map((h) => h.trim()).filter(Boolean);
    for (const name of hidden) {
      document.querySelectorAll('[data-control]').forEach((el) => {
        if (el.dataset.control.split(/\s+/).includes(name)) el.hidden = true;
      });
    }
    if (initialPage.get('embed') === '1') document.body.classList.add('embed');
    // A frame on a course page may be given a name (name=…): its landmarks carry it, so that two
    // labs framed in one page are told apart in a screen reader's list of landmarks.
    const frameName = initialPage.get('name');
    if (frameName && initialPage.get('embed') === '1') {
      const named = document.createElement('span');
      named.id = 'frame-name';
      named.hidden = true;
      named.textContent = `(${frameName})`;
      document.body.append(named);
      const unnamed = { HEADER: 'Perceptron Lab', ASIDE: 'Controls and status' };
      document.querySelectorAll('header, main, aside, nav, footer, section, [role="region"]').forEach((landmark) => {
        const by = landmark.getAttribute('aria-labelledby');
        if (by) landmark.setAttribute('aria-labelledby', `${by} frame-name`);
        else landmark.setAttribute('aria-label', `${landmark.getAttribute('aria-label') || unnamed[landmark.tagName] || 'Perceptron Lab'} (${frameName})`);
      });
    }

    const openLink = (hash) => {
      try {
        lab.open_link(hash);
        return true;
      } catch (err) {
        // The reason may end a sentence of its own: one full stop before what follows.
        call(() => lab.say(`This link could not be opened: ${String(err).replace(/\.$/, '')}. Nothing was changed.`));
        return false;
      }
    };
    // In an iframe on a course page the lab opens its link silently (its description says
    // what it shows; a link that fails is said); the full page says what the link opened.
    if (window.location.hash.length > 1 && openLink(window.location.hash)
      && initialPage.get('embed') === '1') call(() => lab.hush());
    listen(window, 'hashchange', () => openLink(window.location.hash));
    call(() => lab.write_address(initialPage.toString()));
    const shareLink = byId('share-link');
    on('copy-link', 'click', () => {
      const status = byId('share-status');
      let url;
      try {
        url = lab.copy_link();
      } catch (err) {
        status.textContent = String(err);
        return;
      }
      shareLink.select();
      const done = () => { status.textContent = 'Link copied: it opens this exact view.'; };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(url).then(done, () => {
          status.textContent = 'Select the link above and copy it (Ctrl+C).';
        });
      } else {
        status.textContent = 'Select the link above and copy it (Ctrl+C).';
      }
    });

    // ----- the described plot: how much is spoken ----------------------------------------------
    // The verbosity is a view setting kept in this browser (localStorage), like a preference;
    // the described panel sets it in the lab, which words and paces the announcements itself.
    const VERBOSITY_KEY = 'perceptron-lab.verbosity';
    const verbosity = document.querySelector('[data-panel="described"] select');
    if (verbosity) {
      let stored = null;
      try { stored = window.localStorage.getItem(VERBOSITY_KEY); } catch (err) { stored = null; }
      if (stored && [...verbosity.options].some((o) => o.value === stored)) call(() => lab.set_verbosity(stored));
      listen(verbosity, 'change', () => {
        try { window.localStorage.setItem(VERBOSITY_KEY, verbosity.value); } catch (err) { /* private mode */ }
      });
    }

    // ----- files: open (button or drag and drop) and save --------------------------------------
    const fileError = byId('file-error');
    // The lab tells a scenario JSON from a points CSV (by the name and the first byte).
    const openFile = async (file) => {
      if (!file) return;
      let bytes;
      try {
        bytes = new Uint8Array(await file.arrayBuffer());
      } catch (err) {
        // The browser could not read it (gone, not allowed, or larger than it can hold).
        if (signal.aborted) return;
        fileError.textContent = `${file.name}: the browser could not read it (${err instanceof Error ? err.message : err}). Nothing was changed.`;
        return;
      }
      if (signal.aborted) return;
      try {
        lab.open_file(file.name, bytes);
        fileError.textContent = '';
      } catch (err) {
        fileError.textContent = `${file.name}: ${err instanceof Error ? err.message : err}`;
      }
    };
    on('file-input', 'change', (e) => {
      openFile(e.target.files[0]);
      e.target.value = '';
    });
    listen(document, 'dragover', (e) => {
      if (!e.dataTransfer || !Array.from(e.dataTransfer.types).includes('Files')) return;
      e.preventDefault();
      document.body.classList.add('dropping');
    });
    listen(document, 'dragleave', (e) => {
      if (e.relatedTarget === null) document.body.classList.remove('dropping');
    });
    listen(document, 'drop', (e) => {
      document.body.classList.remove('dropping');
      if (!e.dataTransfer || !e.dataTransfer.files.length) return;
      e.preventDefault();
      openFile(e.dataTransfer.files[0]);
    });
    on('export-points', 'click', () => {
      const text = call(() => lab.points_csv());
      if (typeof text === 'string') download('perceptron-points.csv', 'text/csv', text);
    });
    on('export-scenario', 'click', () => {
      const text = call(() => lab.scenario_json());
      if (typeof text === 'string') download('perceptron-scenario.json', 'application/json', text);
    });
    on('export-svg', 'click', () => {
      const text = call(() => lab.export_svg());
      if (typeof text === 'string') download('perceptron-plot.svg', 'image/svg+xml', text);
    });
    on('export-png', 'click', () => saveCanvas(canvas, 'perceptron-plot.png'));

    const resize = new ResizeObserver(() => call(() => lab.resize()));
    resize.observe(canvas);
    observers.push(resize);
    const watchRatio = () => {
      const query = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
      listen(query, 'change', () => {
        call(() => lab.resize());
        watchRatio();
      }, { once: true });
    };
    watchRatio();
  }

  // The wasm could not be fetched or compiled (a missing file, a server that refuses it, a
  // policy that forbids WebAssembly): the loader's module script fails (an `error` event, or an
  // unhandled rejection) and nothing else would say so. The page says it where a crash is said,
  // with what the browser reported.
  function notLoaded(why) {
    const aboutWasm =
      why instanceof WebAssembly.CompileError ||
      why instanceof WebAssembly.LinkError ||
      why instanceof TypeError ||
      /wasm|webassembly/i.test(String(why));
    if (started || loadFailed || !aboutWasm) return;
    loadFailed = true;
    const panel = document.getElementById('crash');
    const heading = panel.querySelector('h2');
    const message = document.getElementById('crash-message');
    const said = { heading: heading.textContent, message: message.textContent };
    const text =
      `Its WebAssembly module did not load (${why}). Reload the page; if this stays, the site ` +
      'is not serving perceptron-lab_bg.wasm beside this page, or does not allow WebAssembly.';
    // Should the lab start after all, the panel goes back as it was (unless it now tells of
    // something else, such as the lab failing to start).
    window.addEventListener('TrunkApplicationStarted', () => {
      loadFailed = false;
      if (message.textContent !== text) return;
      heading.textContent = said.heading;
      message.textContent = said.message;
      panel.hidden = true;
      delete document.body.dataset.crashed;
    }, { once: true });
    heading.textContent = 'Perceptron Lab could not start';
    showCrash(text);
  }

  if (window.wasmBindings) {
    start();
  } else {
    window.addEventListener('TrunkApplicationStarted', start);
    window.addEventListener('error', (e) => notLoaded(e.error));
    window.addEventListener('unhandledrejection', (e) => notLoaded(e.reason));
  }
})();
