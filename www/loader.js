// Perceptron Lab's loader, the page's only script tag: the plot first, then the rest.
//
// 1. The first-frame module (first-frame.js, about a ninth of the lab's size) places the plot
//    (the plot panel's markup) and draws the plot of a page that opens on a blank session (no
//    scenario in its link), at the lab's size and colours.
// 2. Once that frame is on screen, the page's scripts (compact.js, practice.js, sound.js,
//    app.js, embed.js) and the lab's module (perceptron-lab.js and its wasm) load, all at once;
//    embed.js defines <perceptron-lab>, the page's lab starts in it (app.js fires
//    "TrunkApplicationStarted", as trunk's own loader would) and draws the same plot over it.
// Nothing the first frame shows acts before the lab has started: the plot frame says it is
// loading (aria-busy) until then, and what is pressed on it or typed meanwhile is kept and
// given to the lab when it has started (`keepEarlyInput`). A page whose link holds a scenario,
// or whose first-frame module does not load, skips step 1 and waits for the lab (its keys are
// kept all the same).

const here = (file) => new URL(file, import.meta.url);

async function firstFrame() {
  const slot = document.querySelector('#lab [data-panels="plot"]');
  if (!slot) return false;
  try {
    const module = await import('./first-frame.js');
    await module.default({ module_or_path: here('first-frame_bg.wasm') });
    const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    // It places the plot's markup (the plot panel's), marked as loading, then draws.
    return module.first_frame(slot, window.location.hash, dark);
  } catch (err) {
    // Not a failure of the page: the lab draws the plot when it has loaded.
    console.warn('Perceptron Lab: the first frame was left to the lab', err);
    return false;
  }
}

/**
 * Resolves after the frame drawn now has been painted; in a hidden tab, which paints nothing
 * (and runs no animation frame), at once, or as soon as the tab is hidden.
 */
function afterPaint() {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    document.addEventListener('visibilitychange', resolve, { once: true });
  });
}

/** Loads the classic script `file` (beside this one) and resolves when it has run. */
function script(file) {
  return new Promise((resolve, reject) => {
    const element = document.createElement('script');
    element.src = here(file).href;
    element.async = false;
    element.onload = resolve;
    // The address of the file that did not load: the page's notice says the rest.
    element.onerror = () => reject(new Error(element.src));
    document.body.append(element);
  });
}

/** Asks for `file` (beside this one) now, for the script that uses it later (`as`: its kind). */
function preload(file, rel, as) {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = here(file).href;
  if (as) link.as = as;
  link.crossOrigin = 'anonymous';
  document.head.append(link);
}

/**
 * What is done while the lab loads is kept, in order, for the lab to take once it has started
 * (app.js's `wire` replays it): presses on the plot the first frame drew (a click or tap, a
 * Shift- or right-click, a drag, a long press) and the keys typed outside the form fields.
 */
function keepEarlyInput() {
  const kept = [];
  const stop = new AbortController();
  const on = (target, type, handler) => target.addEventListener(type, handler, { signal: stop.signal });
  const canvas = document.querySelector('#lab [data-panel="plot"] canvas');
  if (canvas) {
    let down = null;
    on(canvas, 'pointerdown', (e) => {
      if (e.button !== 0 && e.button !== 2) return;
      down = { id: e.pointerId, button: e.button, x: e.offsetX, y: e.offsetY, at: e.timeStamp };
      canvas.setPointerCapture(e.pointerId);
    });
    on(canvas, 'pointerup', (e) => {
      if (!down || down.id !== e.pointerId) return;
      kept.push({
        kind: 'press', button: down.button, from: [down.x, down.y], to: [e.offsetX, e.offsetY],
        shift: e.shiftKey, touch: e.pointerType !== 'mouse', held: e.timeStamp - down.at,
      });
      down = null;
    });
    on(canvas, 'contextmenu', (e) => e.preventDefault());
    // A click does not give the plot focus, as with the lab (compact.js's wirePlot): → steps.
    on(canvas, 'mousedown', (e) => {
      if (document.activeElement === canvas) return;
      e.preventDefault();
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    });
  }
  on(document, 'keydown', (e) => {
    const field = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement
      || e.target instanceof HTMLSelectElement;
    if (field || e.ctrlKey || e.metaKey || e.altKey) return;
    kept.push({ kind: 'key', target: e.target, key: e.key, shift: e.shiftKey });
  });
  /** What was kept, handed over once; from then on the lab's own listeners take the input. */
  window.PerceptronLabEarly = { take: () => { stop.abort(); return kept.splice(0); } };
}

// Until the lab has started the plot only looks ready: the first-frame module marks it as
// loading (aria-busy; the pointer shows progress over it, style.css), and app.js clears it.
// What is pressed or typed meanwhile is kept for the lab.
const drawn = await firstFrame();
keepEarlyInput();
if (drawn) await afterPaint();
// Then everything at once (each a round trip on a slow network): the lab's module and wasm,
// which embed.js takes, and the page's scripts, run in their order. embed.js, last, defines
// <perceptron-lab>: the page's lab mounts, in the page's layout, with app.js's wiring.
preload('perceptron-lab_bg.wasm', 'preload', 'fetch');
preload('perceptron-lab.js?lab=1', 'modulepreload');
try {
  await Promise.all(['compact.js', 'practice.js', 'sound.js', 'app.js', 'embed.js'].map(script));
} catch (err) {
  // Without app.js or embed.js nothing would say so: the page's notice does, in its fixed
  // words for a file that did not load, with the file's address.
  document.querySelector('.plot-frame')?.removeAttribute('aria-busy');
  document.getElementById('not-loaded-message').textContent = err.message;
  document.getElementById('not-loaded').hidden = false;
  document.body.dataset.crashed = 'true';
  throw err;
}
