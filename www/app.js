// Perceptron Lab page glue: turns DOM events into calls on the Rust handle. It keeps no model
// state; everything shown comes from the handle's own frame (status fields, button labels).
(function () {
  'use strict';

  let started = false;

  function start() {
    const bindings = window.wasmBindings;
    if (started || !bindings || !bindings.Lab) return;
    started = true;

    const root = document.getElementById('lab');
    let lab;
    try {
      lab = new bindings.Lab(root);
    } catch (err) {
      document.getElementById('crash-message').textContent = String(err);
      document.getElementById('crash').hidden = false;
      return;
    }
    window.perceptronLab = lab;

    // Every call goes through here: an error from the handle is logged, never thrown at the page.
    const call = (fn) => {
      try {
        return fn();
      } catch (err) {
        console.error(err);
        return undefined;
      }
    };
    const on = (id, type, handler) => document.getElementById(id).addEventListener(type, handler);

    // Points are added on pointerup: pointer events carry fractional CSS-pixel offsets (mouse
    // "click" events are rounded to whole pixels), and they cover mouse, touch and pen alike.
    // Left button / tap / pen: the selected class; right button or Shift: the other class.
    const canvas = document.getElementById('plot');
    let down = null;
    canvas.addEventListener('pointerdown', (e) => {
      down = (e.button === 0 || e.button === 2) ? { id: e.pointerId, button: e.button } : null;
    });
    canvas.addEventListener('pointerup', (e) => {
      if (!down || down.id !== e.pointerId) return;
      const alternate = down.button === 2 || e.shiftKey;
      down = null;
      call(() => lab.click(e.offsetX, e.offsetY, alternate));
    });
    canvas.addEventListener('pointercancel', () => { down = null; });
    canvas.addEventListener('contextmenu', (e) => e.preventDefault());

    on('step', 'click', () => call(() => lab.step()));
    on('play', 'click', () => call(() => lab.toggle_play()));
    on('reset', 'click', () => call(() => lab.reset()));
    on('clear', 'click', () => call(() => lab.clear()));
    on('class-pos', 'click', () => call(() => lab.select_class(true)));
    on('class-neg', 'click', () => call(() => lab.select_class(false)));

    const speed = document.getElementById('speed');
    const speedValue = document.getElementById('speed-value');
    const applySpeed = () => {
      const stepsPerSecond = Math.pow(10, Number(speed.value));
      speedValue.textContent = stepsPerSecond >= 999 ? '1000 steps/s'
        : `${stepsPerSecond < 10 ? stepsPerSecond.toFixed(1) : Math.round(stepsPerSecond)} steps/s`;
      call(() => lab.set_speed(stepsPerSecond));
    };
    speed.addEventListener('input', applySpeed);
    applySpeed();

    on('snap', 'change', (e) => call(() => lab.set_snap(e.target.checked)));

    const error = document.getElementById('settings-error');
    on('settings', 'submit', (e) => {
      e.preventDefault();
      const value = (id) => document.getElementById(id).value;
      try {
        lab.set_settings(document.getElementById('bias').checked, value('init'), value('eta'),
          value('order'), value('seed'), value('max-epochs'));
        error.textContent = '';
      } catch (err) {
        error.textContent = String(err);
      }
    });

    // Follow layout and devicePixelRatio changes (window resize, zoom, moving between screens).
    new ResizeObserver(() => call(() => lab.resize())).observe(canvas);
    const watchRatio = () => {
      const query = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
      query.addEventListener('change', () => {
        call(() => lab.resize());
        watchRatio();
      }, { once: true });
    };
    watchRatio();
  }

  if (window.wasmBindings) {
    start();
  } else {
    window.addEventListener('TrunkApplicationStarted', start);
  }
})();
