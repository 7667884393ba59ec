// The anywidget side of perceptron-lab.mjs (scripts/bundle.js puts it after the lab's own
// scripts): `render({ model, el })` mounts a <perceptron-lab> in the output and keeps its
// scenario link and the model's `scenario` equal, both ways. Python's Lab (python/perceptron_lab)
// holds the native session and writes `scenario` after each of its own changes; the lab here
// writes it after each change made in the page (a click, a step, a drag), and Python opens it.
// Traits read: scenario, full, hide, open_panels, height, name, theme; written: scenario, results.
// A host without save_changes (MyST's {anywidget} directive) gets a lab that writes nothing
// back.

/** Calls the model's save_changes, where the host has one that works. */
function save(model) {
  try {
    model.save_changes();
  } catch (err) {
    // MyST's model: "not implemented". The lab still works; nothing goes back.
  }
}

/** JupyterLab's theme (its body's data-jp-theme-light), or null outside JupyterLab. */
function hostTheme() {
  const light = document.body && document.body.dataset.jpThemeLight;
  if (light === 'true') return 'light';
  if (light === 'false') return 'dark';
  return null;
}

/** The lab's attributes from the model (a trait the host does not have reads as unset). */
function attributes(model) {
  const get = (key, fallback) => {
    const value = model.get(key);
    return value === undefined || value === null ? fallback : value;
  };
  return {
    link: String(get('scenario', '')),
    full: Boolean(get('full', false)),
    hide: String(get('hide', '')),
    // "panels" (MyST's body, Quarto's shortcode) names the panels open from the start.
    open: String(get('open_panels', get('panels', ''))),
    height: String(get('height', '')),
    name: String(get('name', '')) || 'Perceptron Lab',
    theme: String(get('theme', '')),
  };
}

export function render({ model, el }) {
  const said = attributes(model);
  const lab = document.createElement('perceptron-lab');
  lab.setAttribute('name', said.name);
  // Keys typed in the lab are the lab's (its shortcuts: → steps, 1–6 choose a class), not
  // JupyterLab's (1 would make the cell a heading, D D delete it). On the element itself: the
  // keys' target outside its shadow root, which JupyterLab matches before any ancestor.
  lab.setAttribute('data-lm-suppress-shortcuts', 'true');
  if (said.full) lab.setAttribute('full', '');
  if (said.hide) lab.setAttribute('hide', said.hide);
  if (said.open) lab.setAttribute('open-panels', said.open);
  if (said.link) lab.setAttribute('scenario', said.link);
  const theme = () => {
    lab.setAttribute('theme', said.theme || hostTheme() || 'auto');
  };
  theme();
  const themes = new MutationObserver(theme);
  if (document.body) themes.observe(document.body, { attributes: true, attributeFilter: ['data-jp-theme-light'] });
  const box = document.createElement('div');
  box.className = 'perceptron-lab-widget';
  if (said.height) {
    box.style.maxHeight = said.height;
    box.style.overflow = 'auto';
  }
  box.append(lab);
  el.append(box);

  // The page's changes to Python: the lab's change event carries its link.
  const changed = (event) => {
    if (event.target !== lab || typeof event.detail !== 'string') return;
    if (event.detail === model.get('scenario')) return;
    try {
      model.set('scenario', event.detail);
    } catch (err) {
      return; // a read-only model (MyST's): the lab goes on, nothing goes back
    }
    save(model);
  };
  lab.addEventListener('change', changed);

  // Python's changes to the page: a link that differs from the lab's is opened.
  const follow = async () => {
    const handle = await lab.ready;
    const link = model.get('scenario');
    if (!link || !lab.isConnected) return;
    let now = null;
    try { now = handle.link(); } catch (err) { /* too many points for a link */ }
    if (now === link) return;
    try {
      lab.load(link);
    } catch (err) {
      console.error('perceptron-lab: the link from Python could not be opened', err);
    }
  };
  // A host whose model sends no changes (MyST's, a static page's) shows the scenario it gave.
  const listens = typeof model.on === 'function';
  if (listens) model.on('change:scenario', follow);

  // An exercise set (Lab.practice sends it as the scenario): each answer and the end of the set
  // go back appended to `results` (which Python empties when it sends a set).
  const report = (kind) => (event) => {
    if (event.target !== lab) return;
    try {
      model.set('results', [...(model.get('results') || []), { ...event.detail, event: kind }]);
    } catch (err) {
      return; // a read-only model
    }
    save(model);
  };
  const answered = report('answer');
  const finished = report('finish');
  lab.addEventListener('answer', answered);
  lab.addEventListener('finish', finished);

  return () => {
    if (listens && typeof model.off === 'function') model.off('change:scenario', follow);
    themes.disconnect();
    lab.removeEventListener('change', changed);
    lab.removeEventListener('answer', answered);
    lab.removeEventListener('finish', finished);
    box.remove();
  };
}
