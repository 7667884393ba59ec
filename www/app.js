// The full page's home for its lab: index.html's <perceptron-lab id="lab" layout="page">
// (embed.js) mounts the lab in the page's own layout, wires what every home has (practice,
// sound, the plot's size, its steps) and hands the lab to `wire` below for what only the page
// has: the plot's pointer without a lab root to focus, the examples menu, presenter mode,
// fullscreen, the help dialog, the page's keys, the colours of the system, the address bar and
// "Share and files" with drops on the whole page. It keeps no model state and reads none:
// everything shown comes from the lab's own frame.
(function () {
  'use strict';

  const byId = (id) => document.getElementById(id);
  // The phone's layouts in style.css (portrait, and landscape on a short screen).
  const PHONE = '(max-width: 599px), (orientation: landscape) and (max-height: 500px)';

  /**
   * The page's notice that the lab could not start, in its place (whose controls would do
   * nothing), with what the browser reported (`text`); it says that a file did not load unless
   * `loaded` (the module loaded, but the lab refused to start).
   */
  function showNotLoaded(text, loaded) {
    byId('not-loaded-file').hidden = loaded;
    byId('not-loaded-message').textContent = text;
    byId('not-loaded').hidden = false;
    document.body.dataset.crashed = 'true';
  }

  /** The lab has started (or could not): the plot the first frame drew is no longer loading. */
  function ready() {
    const frame = document.querySelector('.plot-frame');
    if (frame) frame.removeAttribute('aria-busy');
  }

  /**
   * The page's part of its lab's wiring: `cx` is embed.js's (the lab `lab` through `call`,
   * which logs what throws, listeners bound to `signal`, which a crash aborts).
   */
  function wire(cx) {
    const { lab, call, signal, listen, canvas, root } = cx;
    window.perceptronLab = lab;
    const on = (id, type, handler) => listen(byId(id), type, handler);
    window.PerceptronLabCompact.wirePlot({ canvas, lab, call, signal, home: null });
    const actions = wireControls({ lab, call, on });
    const view = wireView({ root, lab, call, on, listen });
    wireKeys({ lab, call, listen }, { actions, practice: cx.practice, view, sound: cx.sound });
    // The system's colours (the theme attribute of the element, else the system's).
    const dark = window.matchMedia('(prefers-color-scheme: dark)');
    call(() => lab.set_dark(dark.matches));
    listen(dark, 'change', (m) => call(() => lab.set_dark(m.matches)));
    wireAddress({ lab, call, listen });
    wireVerbosity({ lab, call, listen });
    wireLanguage({ lab, call, listen });
    wireSheets({ listen });
    window.PerceptronLabCompact.wireShare({ root, canvas, lab, call, signal, dropOn: document });
    window.PerceptronLabPractice.compose(root, lab, { signal });
    ready();
    replayEarlyInput(cx);
    // The page's own bindings, for its benchmarks and tests (as trunk's loader would).
    window.wasmBindings = cx.module;
    dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm: cx.exports } }));
  }

  /**
   * The sheets of the phone's layout (style.css): each button of the step bar opens its sheet
   * over the plot's lower part and closes the one open before; the focus goes into the sheet,
   * and back to its button when Esc or the button closes it. Elsewhere the sheets are the
   * columns' panels and their buttons are not shown. This step's arithmetic starts open, but on
   * a phone only its one line is on show; a practice set that opens its panel opens its sheet.
   */
  function wireSheets({ listen }) {
    const buttons = [...document.querySelectorAll('[data-sheet]')];
    const sheetOf = (button) => byId(button.dataset.sheet);
    const phone = window.matchMedia(PHONE);
    const show = (button, open, focus) => {
      const sheet = sheetOf(button);
      if (open) for (const other of buttons) if (other !== button) show(other, false, false);
      button.setAttribute('aria-expanded', String(open));
      sheet.toggleAttribute('data-open', open);
      if (!focus) return;
      if (open) sheet.focus();
      else if (sheet.contains(document.activeElement)) button.focus();
    };
    for (const button of buttons) {
      listen(button, 'click', () => show(button, button.getAttribute('aria-expanded') !== 'true', true));
      listen(sheetOf(button), 'keydown', (e) => {
        if (e.key !== 'Escape' || !phone.matches || !sheetOf(button).hasAttribute('data-open')) return;
        e.stopPropagation();
        show(button, false, true);
      });
    }
    // Closed in the markup, so that a phone's plot is laid out once, at its size, from the lab's
    // first frame on (a press kept while the page loaded lands where it was made).
    const explain = document.querySelector('[data-role="explain-full"]');
    if (explain && !phone.matches) explain.open = true;
    const practice = byId('practice-panel');
    const practiceButton = buttons.find((b) => b.dataset.sheet === 'sheet-practice');
    listen(practice, 'toggle', () => {
      if (practice.open && phone.matches && practiceButton) show(practiceButton, true, false);
    });
  }

  /**
   * What was pressed on the plot and typed while the lab loaded (www/loader.js kept it), given
   * to the lab in order, as the plot's and the page's listeners would have given it.
   */
  function replayEarlyInput({ lab, call }) {
    const LONG_PRESS_MS = 550; // as compact.js's wirePlot
    const MOVE_SLOP = 6;
    const early = window.PerceptronLabEarly ? window.PerceptronLabEarly.take() : [];
    for (const input of early) {
      if (input.kind === 'key') {
        const target = input.target instanceof Node && input.target.isConnected ? input.target : document;
        target.dispatchEvent(new KeyboardEvent('keydown', { key: input.key, shiftKey: input.shift, bubbles: true, cancelable: true }));
        continue;
      }
      const [x, y] = input.from;
      const [toX, toY] = input.to;
      const reach = input.touch ? 20 : 10;
      const moved = Math.hypot(toX - x, toY - y) >= MOVE_SLOP;
      if (input.button === 2) {
        call(() => lab.secondary(toX, toY, reach, true));
      } else if (input.touch && !moved && input.held >= LONG_PRESS_MS) {
        call(() => lab.secondary(x, y, reach, false));
      } else {
        call(() => lab.press(x, y, reach));
        if (moved) call(() => lab.drag_to(toX, toY));
        call(() => lab.release(toX, toY, input.shift));
      }
    }
  }

  /**
   * The described plot's verbosity, a view setting kept in this browser (localStorage), like a
   * preference; the described panel sets it in the lab, which words and paces its announcements.
   */
  function wireVerbosity({ lab, call, listen }) {
    const VERBOSITY_KEY = 'perceptron-lab.verbosity';
    const verbosity = document.querySelector('[data-panel="described"] select');
    if (!verbosity) return;
    let stored = null;
    try { stored = window.localStorage.getItem(VERBOSITY_KEY); } catch (err) { stored = null; }
    if (stored && [...verbosity.options].some((o) => o.value === stored)) call(() => lab.set_verbosity(stored));
    listen(verbosity, 'change', () => {
      try { window.localStorage.setItem(VERBOSITY_KEY, verbosity.value); } catch (err) { /* private mode */ }
    });
  }

  /**
   * The language menu in the page's header. The lab chose the page's language as it started
   * (src/web/language.rs) and set the menu to it; the menu's label is the lab's word. A new
   * choice is kept in this browser and in the address's lang=, and the page reloads in it with
   * its state in the link (a state too large for a link is refused with the reason, not lost).
   */
  function wireLanguage({ lab, call, listen }) {
    const menu = document.querySelector('[data-role="language-menu"]');
    const label = document.querySelector('[data-role="language-label"]');
    if (!menu || !label) return;
    label.textContent = lab.word('language-label');
    label.lang = lab.language();
    listen(menu, 'change', () => {
      let link;
      try { link = lab.link(); } catch (err) {
        menu.value = lab.language();
        call(() => lab.say_refused('language', String(err)));
        return;
      }
      lab.keep_language(menu.value);
      const keys = pageKeys(window.location.hash);
      keys.set('lang', menu.value);
      window.history.replaceState(null, '', `#${link}&${keys}`);
      window.location.reload();
    });
  }

  /** The page's own keys of a fragment (hide=, embed=, name=, lang=), in a URLSearchParams. */
  function pageKeys(hash) {
    const params = new URLSearchParams(hash.replace(/^#/, ''));
    const kept = new URLSearchParams();
    for (const key of ['hide', 'embed', 'name', 'lang']) {
      if (params.has(key)) kept.set(key, params.get(key));
    }
    return kept;
  }

  /** The examples menu; returns the training actions the keys take. */
  function wireControls({ lab, call, on }) {
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
    // Their buttons, the history slider, the speed and the class pickers are the lab's panels
    // (timeline.rs, controls.rs, classes.rs): the lab takes their clicks itself; the keys call
    // these.
    on('preset', 'change', (e) => {
      if (!e.target.value) return;
      call(() => lab.load_preset(e.target.value));
      byId('settings-error').textContent = '';
      byId('model-error').textContent = '';
      e.target.value = '';
      // Give the keys back to the lab: → should step right after choosing an example.
      e.target.blur();
    });
    return actions;
  }

  /**
   * Presenter mode, fullscreen and the help dialog; returns `showHelp(show)`, `helpOpen()` and
   * `toggleFullscreen()` for the keys.
   */
  function wireView({ root, lab, call, on, listen }) {
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
    return { showHelp, helpOpen: () => !help.hidden, toggleFullscreen };
  }

  /**
   * The page's keyboard shortcuts. Single-key shortcuts (letters, digits, Space, ?) can be
   * switched off (WCAG 2.1.4); the choice is kept in this browser. Clicker keys
   * (PageDown/PageUp), arrows, Delete and Escape always act.
   */
  function wireKeys({ lab, call, listen }, { actions, practice, view, sound }) {
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
      a: () => sound.toggle(true), l: sound.listen,
      v: () => practice && practice.reveal(),
    };
    listen(document, 'keydown', (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      // Form fields keep their keys (typing, toggling, arrows on sliders), except a clicker's
      // PageDown / PageUp, which always step: a slider, a menu or a box just used keeps the
      // focus, and a lecturer's clicker must not move the history slider or scroll instead.
      const target = e.target;
      if (keepsKey(target, e.key)) return;
      if (e.key === 'Escape' && view.helpOpen()) { view.showHelp(false); e.preventDefault(); return; }
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
      if (e.key === '?') { view.showHelp(!view.helpOpen()); e.preventDefault(); return; }
      if (view.helpOpen()) return;
      if (e.key === 'f' || e.key === 'F') { view.toggleFullscreen(); e.preventDefault(); return; }
      const action = keys[e.key.length === 1 ? e.key.toLowerCase() : e.key];
      if (!action) return;
      // Space and arrows would also press a focused button or scroll the page: they step instead.
      e.preventDefault();
      call(action);
    });
  }

  /**
   * Links: the whole scenario in the URL fragment. The fragment holds the scenario and the
   * page's own keys: hide= (a comma-separated list of controls to hide), embed=1 (a minimal
   * frame for iframes) and lang= (the page's language). The lab itself writes the scenario
   * part (with history.replaceState, so the back button is never flooded) and the share box,
   * in the frame after a change; the page keys stay after it. A link pasted or typed into the address is opened on hashchange and
   * always wins over a pending write.
   */
  function wireAddress({ lab, call, listen }) {
    const initialPage = pageKeys(window.location.hash);
    // A language the reader chose (kept in this browser) travels in the link the page writes; a
    // language that only follows the browser's does not.
    if (lab.language_kept() && !initialPage.has('lang')) initialPage.set('lang', lab.language());
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
        call(() => lab.say_refused('link', String(err)));
        return false;
      }
    };
    // In an iframe on a course page the lab opens its link silently (its description says
    // what it shows; a link that fails is said); the full page says what the link opened.
    if (window.location.hash.length > 1 && openLink(window.location.hash)
      && initialPage.get('embed') === '1') call(() => lab.hush());
    listen(window, 'hashchange', () => openLink(window.location.hash));
    call(() => lab.write_address(initialPage.toString()));
  }

  /**
   * The lab could not start: its module did not load (a missing file, a server that refuses
   * it, a policy that forbids WebAssembly) or it refused to start (`err.labRefused`). The
   * page says so where a crash is said, with what the browser reported.
   */
  function notStarted(err) {
    ready();
    showNotLoaded(String(err), Boolean(err && err.labRefused));
  }

  window.PerceptronLabPage = { wire, notStarted };
})();
