// Perceptron Lab's loader, the page's only script tag: the plot first, then the rest.
//
// 1. The first-frame module (first-frame.js, about a ninth of the lab's size) places the plot
//    (the plot panel's markup) and draws the plot of a page that opens on a blank session (no
//    scenario in its link), at the lab's size and colours.
// 2. Once that frame is on screen, the page's scripts (compact.js, practice.js, sound.js,
//    app.js, embed.js) and the lab's module (perceptron-lab.js and its wasm) load, all at once;
//    embed.js defines <perceptron-lab>, the page's lab starts in it (app.js fires
//    "TrunkApplicationStarted", as trunk's own loader would) and draws the same plot over it.
// Nothing the first frame shows can be used before the lab has started: the plot frame says it
// is loading (aria-busy) until then. A page whose link holds a scenario, or whose first-frame
// module does not load, skips step 1 and waits for the lab.

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

// Until the lab has started the plot only looks ready: the first-frame module marks it as
// loading (aria-busy; the pointer shows progress over it, style.css), and app.js clears it.
if (await firstFrame()) await afterPaint();
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
