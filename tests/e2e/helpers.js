// Shared helpers: the `lab` fixture (opens the page, watches for errors and the crash panel),
// clicking at data coordinates, reading the status line, applying settings, looking at the
// plot's pixels, and running the `perceptron-trace` CLI on the same data.
//
// The page is driven as a person would drive it: clicks, keys and reading text. The only use of
// `window.perceptronLab` is `to_css(x, y)`, to know where data point (x, y) is drawn.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const base = require('@playwright/test');
const { decodePng, pixel, distinctColours } = require('./png');
const { SCREENSHOT_DIR, TRACE_BIN } = require('./env');

const { expect } = base;

/** Seed 000: the course's worked example, in data order. */
const SEED000 = [
  { x: 1, y: 1, label: -1 },
  { x: 3, y: 2, label: 1 },
  { x: 2, y: 4, label: 1 },
  { x: 3, y: 4, label: 1 },
  { x: 2, y: 3, label: -1 },
];

const STATUS_FIELDS = [
  'step', 'epoch', 'sample', 'score', 'outcome', 'weights', 'bias', 'updates', 'state', 'points',
  'notice',
];

const ADDED = /^Added point #(\d+) at \((-?[\d.e+-]+), (-?[\d.e+-]+)\), class ([+-]1)\./;

/** "[0, 3, 2]" → [0, 3, 2]. */
function parseVector(text) {
  const m = /^\[(.*)\]$/.exec(text.trim());
  if (!m) throw new Error(`not a vector: ${JSON.stringify(text)}`);
  return m[1].split(',').map((s) => Number(s.trim()));
}

/** "5 (3 of +1, 2 of -1)" → { total: 5, pos: 3, neg: 2 }. */
function parsePoints(text) {
  const m = /^(\d+) \((\d+) of \+1, (\d+) of -1\)$/.exec(text.trim());
  if (!m) throw new Error(`unexpected points field: ${JSON.stringify(text)}`);
  return { total: Number(m[1]), pos: Number(m[2]), neg: Number(m[3]) };
}

/** A colour is the +1 class's (blue) / the −1 class's (orange) / near white (background). */
const isPositiveColour = ([r, g, b]) => b > 120 && b - r > 80;
const isNegativeColour = ([r, g, b]) => r > 150 && r - b > 100;
const isLight = ([r, g, b]) => r > 200 && g > 200 && b > 200;
const colourName = (c) =>
  isPositiveColour(c) ? 'blue (+1)' : isNegativeColour(c) ? 'orange (-1)' : `rgb(${c.join(',')})`;

class Lab {
  constructor(page, problems) {
    this.page = page;
    this.problems = problems;
    this.canvas = page.locator('#plot');
    this.statusBox = page.locator('#status');
  }

  field(name) {
    return this.page.locator(`#status [data-field="${name}"]`);
  }

  async text(name) {
    return ((await this.field(name).textContent()) || '').trim();
  }

  /**
   * Waits for two animation frames: the page shows the effect of an action in the next frame,
   * so this is "look again once the screen has caught up".
   */
  async settle() {
    await this.page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    );
  }

  /** Every status field's text (after the screen has caught up). */
  async status() {
    await this.settle();
    const out = {};
    for (const name of STATUS_FIELDS) out[name] = await this.text(name);
    return out;
  }

  async points() {
    await this.settle();
    return parsePoints(await this.text('points'));
  }

  async weights() {
    return parseVector(await this.text('weights'));
  }

  async dpr() {
    return this.page.evaluate(() => window.devicePixelRatio);
  }

  /** The canvas's CSS size and backing-store size. */
  async canvasSizes() {
    return this.canvas.evaluate((c) => ({
      clientWidth: c.clientWidth,
      clientHeight: c.clientHeight,
      rectWidth: c.getBoundingClientRect().width,
      rectHeight: c.getBoundingClientRect().height,
      width: c.width,
      height: c.height,
    }));
  }

  /** Where data point (x, y) is drawn, in CSS pixels from the canvas's top-left. */
  async toCss(x, y) {
    const r = await this.page.evaluate(([px, py]) => Array.from(window.perceptronLab.to_css(px, py)), [x, y]);
    expect(r, `to_css(${x}, ${y})`).toHaveLength(2);
    expect(Number.isFinite(r[0]) && Number.isFinite(r[1]), `to_css(${x}, ${y}) = ${r}`).toBe(true);
    return r;
  }

  /** CSS pixels per data unit along x (and the same along y when units are equal). */
  async cssPerUnit() {
    const [o, ex, ey] = [await this.toCss(0, 0), await this.toCss(1, 0), await this.toCss(0, 1)];
    return { x: ex[0] - o[0], y: o[1] - ey[1] };
  }

  /** Half a CSS pixel in data units: how far an exact click may land from its target. */
  async halfPixel() {
    const { x } = await this.cssPerUnit();
    return 0.5 / x;
  }

  async box() {
    const box = await this.canvas.boundingBox();
    expect(box, 'the canvas is laid out').not.toBeNull();
    return box;
  }

  /**
   * Scrolls the page (as a person would) so that CSS offset (cx, cy) of the canvas is on screen;
   * returns the canvas's box afterwards. Clicking the settings form may have scrolled it away.
   */
  async scrollToCanvasPoint(cx, cy) {
    let box = await this.box();
    const vp = this.page.viewportSize();
    const x = box.x + cx;
    const y = box.y + cy;
    const margin = 20;
    const dx = x < margin || x > vp.width - margin ? x - vp.width / 2 : 0;
    const dy = y < margin || y > vp.height - margin ? y - vp.height / 2 : 0;
    if (dx || dy) {
      await this.page.evaluate(([sx, sy]) => window.scrollBy(sx, sy), [dx, dy]);
      box = await this.box();
    }
    return box;
  }

  /** Clicks at CSS offset (cx, cy) from the canvas's top-left; how: plain | shift | right. */
  async clickCanvasCss(cx, cy, how = 'plain') {
    const box = await this.scrollToCanvasPoint(cx, cy);
    const x = box.x + cx;
    const y = box.y + cy;
    if (how === 'shift') {
      await this.page.keyboard.down('Shift');
      try {
        await this.page.mouse.click(x, y);
      } finally {
        await this.page.keyboard.up('Shift');
      }
    } else if (how === 'right') {
      await this.page.mouse.click(x, y, { button: 'right' });
    } else {
      await this.page.mouse.click(x, y);
    }
  }

  /** Clicks on the pixel where data point (x, y) is drawn. */
  async clickData(x, y, how = 'plain') {
    const [cx, cy] = await this.toCss(x, y);
    await this.clickCanvasCss(cx, cy, how);
  }

  /**
   * Clicks at data point (x, y), checks that exactly one point was added (points field and the
   * "Added point #N at (x, y), class c." notice) and returns what the page says it added.
   */
  async addPoint(x, y, how = 'plain') {
    const before = await this.points();
    await this.clickData(x, y, how);
    await expect(this.field('points'), `a click at (${x}, ${y}) adds one point`).toHaveText(
      new RegExp(`^${before.total + 1} \\(`)
    );
    const notice = await this.text('notice');
    const m = ADDED.exec(notice);
    expect(m, `notice after adding a point: ${JSON.stringify(notice)}`).not.toBeNull();
    expect(Number(m[1])).toBe(before.total + 1);
    return { index: Number(m[1]), x: Number(m[2]), y: Number(m[3]), label: Number(m[4]) };
  }

  /**
   * Enters points by clicking. Class -1 points are added with right-click or shift-click
   * (alternating) while +1 is the selected class. Returns the points as the page recorded them.
   * With { snap: true } the #snap box is ticked (and applied) first, so grid points land exactly
   * on the grid whatever the click precision (tests of the course's numbers use this; the
   * precision of plain clicks has its own tests).
   */
  async enterPoints(points, { snap = false } = {}) {
    await expect(this.page.locator('#class-pos')).toHaveAttribute('aria-pressed', 'true');
    if (snap) {
      await this.page.locator('#snap').check();
      await this.page.locator('#apply').click();
      await this.expectNoSettingsError();
    }
    const recorded = [];
    let negatives = 0;
    for (const p of points) {
      const how = p.label > 0 ? 'plain' : negatives++ % 2 === 0 ? 'right' : 'shift';
      const got = await this.addPoint(p.x, p.y, how);
      expect(got.label, `class of the point clicked at (${p.x}, ${p.y}) with ${how}`).toBe(p.label);
      recorded.push(got);
    }
    return recorded;
  }

  async clickStep(times = 1) {
    for (let i = 0; i < times; i++) await this.page.locator('#step').click();
  }

  /** Fills the settings form (only the given fields) and submits it with #apply. */
  async applySettings(settings = {}) {
    await this.fillSettings(settings);
    await this.page.locator('#apply').click();
  }

  async fillSettings({ bias, init, eta, order, seed, maxEpochs, snap } = {}) {
    const p = this.page;
    if (bias !== undefined) await p.locator('#bias').setChecked(bias);
    if (snap !== undefined) await p.locator('#snap').setChecked(snap);
    if (init !== undefined) await this.typeInto('#init', String(init));
    if (eta !== undefined) await this.typeInto('#eta', String(eta));
    if (order !== undefined) await p.locator('#order').selectOption(order);
    if (seed !== undefined) await this.typeInto('#seed', String(seed));
    if (maxEpochs !== undefined) await this.typeInto('#max-epochs', String(maxEpochs));
  }

  /** Replaces a field's text by typing, as a person would (works for number inputs too). */
  async typeInto(selector, text) {
    const input = this.page.locator(selector);
    await input.click();
    await input.press('ControlOrMeta+a');
    await input.press('Delete');
    await input.pressSequentially(text);
  }

  /** #settings-error shows no message. */
  async expectNoSettingsError() {
    const err = this.page.locator('#settings-error');
    if ((await err.count()) === 0) return;
    if (await err.isVisible()) await expect(err).toHaveText(/^\s*$/);
  }

  /** The plot as the screen shows it (device pixels). */
  async plotImage() {
    return decodePng(await this.canvas.screenshot({ animations: 'disabled', caret: 'hide' }));
  }

  /** The colour drawn at data point (x, y) in a plot image taken with plotImage(). */
  async colourAt(image, x, y) {
    const [cx, cy] = await this.toCss(x, y);
    const scale = image.width / (await this.box()).width;
    return pixel(image, cx * scale, cy * scale);
  }

  /** Waits until the plot shows the colour `test` expects at data point (x, y). */
  async expectColourAt(x, y, test, what) {
    let last = null;
    await expect
      .poll(
        async () => {
          last = await this.colourAt(await this.plotImage(), x, y);
          return test(last);
        },
        { message: `${what} at (${x}, ${y})`, timeout: 5_000 }
      )
      .toBe(true)
      .catch((e) => {
        throw new Error(`${e.message}\nlast colour seen: ${last && colourName(last)}`);
      });
  }

  async screenshot(name) {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await this.page.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage: true });
  }
}

/** Opens the page and waits until the wasm handle is there and the first frame is drawn. */
async function openLab(page, problems) {
  await page.goto('/');
  const crash = page.locator('#crash');
  try {
    await page.waitForFunction(
      // to_css is empty until the first frame is drawn.
      () =>
        window.perceptronLab &&
        typeof window.perceptronLab.to_css === 'function' &&
        Array.from(window.perceptronLab.to_css(0, 0)).length === 2,
      null,
      { timeout: 20_000 }
    );
  } catch (e) {
    const crashText = (await crash.count()) ? await crash.textContent() : '(no #crash element)';
    throw new Error(
      `window.perceptronLab.to_css never gave a position: ${e.message}\n#crash: ${crashText}\n` +
        `problems so far: ${problems.join('\n')}`
    );
  }
  const lab = new Lab(page, problems);
  await expect(lab.field('step')).toHaveText('0');
  await expect.poll(async () => (await lab.canvasSizes()).width, { message: 'canvas has a backing store' }).toBeGreaterThan(0);
  return lab;
}

/**
 * `test` with a `lab` fixture: the page opened and ready. After the test it checks that the
 * crash panel stayed hidden and that there were no console errors, page errors or failed loads.
 */
const test = base.test.extend({
  lab: async ({ page }, use) => {
    const problems = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('crash', () => problems.push('the renderer crashed'));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()} for ${r.url()}`);
    });
    const lab = await openLab(page, problems);
    await use(lab);
    if (!page.isClosed()) {
      await expect(page.locator('#crash'), 'the crash panel stays hidden').toBeHidden();
    }
    expect(problems, 'console errors, page errors, failed requests').toEqual([]);
  },
});

/**
 * Runs perceptron-trace on `points` ({x, y, label}) with `args` and --format json; returns the
 * parsed output.
 */
function runTrace(points, args = []) {
  if (!fs.existsSync(TRACE_BIN)) {
    throw new Error(
      `${TRACE_BIN} is missing: build it with \`cargo build --release --bin perceptron-trace\` ` +
        'in the repository root (or set PERCEPTRON_TRACE).'
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perceptron-e2e-'));
  try {
    const csv = path.join(dir, 'data.csv');
    const rows = points.map((p) => `${p.x},${p.y},${p.label > 0 ? 1 : -1}`);
    fs.writeFileSync(csv, ['x1,x2,y', ...rows].join('\n') + '\n');
    const out = execFileSync(TRACE_BIN, [...args, '--format', 'json', csv], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    return JSON.parse(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Numbers equal to the 4 decimals the page shows. */
function expectClose(actual, expected, what) {
  expect(actual.length, `${what}: length of ${JSON.stringify(actual)}`).toBe(expected.length);
  actual.forEach((v, i) => {
    expect(Math.abs(v - expected[i]), `${what}[${i}]: page ${v} vs ${expected[i]}`).toBeLessThanOrEqual(5.1e-5);
  });
}

module.exports = {
  test,
  expect,
  Lab,
  openLab,
  SEED000,
  STATUS_FIELDS,
  parseVector,
  parsePoints,
  runTrace,
  expectClose,
  isPositiveColour,
  isNegativeColour,
  isLight,
  colourName,
  distinctColours,
  pixel,
};

// ----- lecture mode helpers (presets, trace table, explain panel, keys, downloads) -----------

const EXPLAIN_FIELDS = ['explain-title', 'explain-weights', 'explain-score', 'explain-check', 'explain-update'];

/** Seed 000's step table as the course prints it: step | weights | score | correct? | update. */
const SEED000_TABLE = [
  ['1', '[-1, 0, 0]', '-1 * 1 + 0 * 1 + 0 * 1 = -1', 'yes', 'none'],
  ['2', '[-1, 0, 0]', '-1 * 1 + 0 * 3 + 0 * 2 = -1', 'no', '+[1, 3, 2]'],
  ['3', '[0, 3, 2]', '0 * 1 + 3 * 2 + 2 * 4 = 14', 'yes', 'none'],
  ['4', '[0, 3, 2]', '0 * 1 + 3 * 3 + 2 * 4 = 17', 'yes', 'none'],
  ['5', '[0, 3, 2]', '0 * 1 + 3 * 2 + 2 * 3 = 12', 'no', '-[1, 2, 3]'],
];

/** Any field of the page by data-field (the status ones, explain-*, theory, history, ...). */
Lab.prototype.anyField = function anyField(name) {
  return this.page.locator(`[data-field="${name}"]`);
};

Lab.prototype.anyText = async function anyText(name) {
  return ((await this.anyField(name).textContent()) || '').trim();
};

/** The "This step" panel's fields, after the screen has caught up. */
Lab.prototype.explain = async function explain() {
  await this.settle();
  const out = {};
  for (const name of EXPLAIN_FIELDS) out[name] = await this.anyText(name);
  return out;
};

/**
 * Loads an example from #preset as a person would (choosing the option) and waits for the
 * "Loaded “title”." notice; checks that the select went back to its placeholder.
 */
Lab.prototype.loadPreset = async function loadPreset(value) {
  const select = this.page.locator('#preset');
  const title = ((await select.locator(`option[value="${value}"]`).textContent()) || '').trim();
  expect(title, `#preset has an option "${value}"`).not.toBe('');
  await select.selectOption(value);
  await expect(this.field('notice')).toHaveText(`Loaded “${title}”.`);
  await expect(this.field('step')).toHaveText('0');
  await expect(select, 'the example select goes back to its placeholder').toHaveValue('');
  return title;
};

/** The trace table's body rows: { step, cells (5 texts), classes, current (aria-current) }. */
Lab.prototype.traceRows = async function traceRows() {
  await this.settle();
  return this.page.locator('#trace tbody tr[data-step]').evaluateAll((rows) =>
    rows.map((r) => ({
      step: Number(r.dataset.step),
      cells: Array.from(r.cells).map((c) => c.textContent.trim()),
      classes: Array.from(r.classList),
      current: r.getAttribute('aria-current'),
    }))
  );
};

/** Presses a key on the page body (nothing focused), as a lecturer's keyboard/clicker would. */
Lab.prototype.key = async function key(name) {
  await this.page.evaluate(() => {
    if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
  });
  await this.page.keyboard.press(name);
};

/** Where data point (x, y) is on the page (viewport coordinates), scrolled into view. */
Lab.prototype.pageXY = async function pageXY(x, y) {
  const [cx, cy] = await this.toCss(x, y);
  const box = await this.scrollToCanvasPoint(cx, cy);
  return [box.x + cx, box.y + cy];
};

/** Clicks an export button and returns { name, text } of the download it triggers. */
Lab.prototype.download = async function download(selector) {
  const [dl] = await Promise.all([this.page.waitForEvent('download'), this.page.locator(selector).click()]);
  const file = await dl.path();
  expect(file, `the download from ${selector} was saved`).toBeTruthy();
  return { name: dl.suggestedFilename(), text: fs.readFileSync(file, 'utf8') };
};

/** Runs perceptron-trace on `points` with `args` and --format `format`; returns its stdout. */
function runTraceText(points, args, format) {
  if (!fs.existsSync(TRACE_BIN)) {
    throw new Error(`${TRACE_BIN} is missing: build it with \`cargo build --bin perceptron-trace\`.`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perceptron-e2e-'));
  try {
    const csv = path.join(dir, 'data.csv');
    const rows = points.map((p) => `${p.x},${p.y},${p.label > 0 ? 1 : -1}`);
    fs.writeFileSync(csv, ['x1,x2,y', ...rows].join('\n') + '\n');
    return execFileSync(TRACE_BIN, [...args, '--format', format, csv], { encoding: 'utf8', timeout: 30_000 });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

Object.assign(module.exports, { EXPLAIN_FIELDS, SEED000_TABLE, runTraceText });

// ----- the perceptron family: algorithms, kernels, classes (family.spec.js) ------------------

/** The status panel's title of each algorithm of the #algorithm select. */
const ALGORITHM_TITLES = {
  perceptron: 'Perceptron (classic rule)',
  averaged: 'Averaged perceptron',
  batch: 'Batch perceptron (gradient on J_p)',
  kernel: 'Kernel perceptron (dual form)',
  multiclass: 'Multiclass perceptron',
  ovr: 'One-vs-rest',
  ovo: 'One-vs-one',
};

const MULTICLASS_ALGORITHMS = ['multiclass', 'ovr', 'ovo'];

/** Region-map colours over a white background (light theme): class 0, 1, 2 and grey (tied). */
const REGION_COLOURS = {
  0: [248, 230, 217],
  1: [214, 232, 243],
  2: [214, 239, 233],
  tied: [212, 212, 212],
};

/** The saturated class colours of points, arrows and lines: 0 orange, 1 blue, 2 green. */
const isClassColour = {
  0: ([r, g, b]) => r > 170 && r - b > 120 && g < 140,
  1: ([r, g, b]) => b > 140 && b - r > 100 && g < 160,
  2: ([r, g, b]) => g > 120 && g - r > 90 && g - b > 20,
  // Classes 3–5 (six classes): reddish purple (204, 121, 167), blue-violet (117, 112, 179),
  // ochre (166, 118, 29).
  3: ([r, g, b]) => r > 180 && b > 140 && r - g > 60 && b - g > 25,
  4: ([r, g, b]) => b > 160 && b - r > 45 && b - g > 50 && r < 140,
  5: ([r, g, b]) => r > 140 && r < 190 && g > 95 && g < 140 && r - b > 110,
};

/** Which region colour `c` is (0, 1, 2, 'tied'), or null when it is none of them. */
function regionName(c, tolerance = 12) {
  let best = null;
  let bestDistance = Infinity;
  for (const [name, ref] of Object.entries(REGION_COLOURS)) {
    const d = Math.max(...ref.map((v, i) => Math.abs(v - c[i])));
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  if (bestDistance > tolerance) return null;
  return best === 'tied' ? 'tied' : Number(best);
}

/** "W0 = [1, -2, 2]; W1 = [..]" or "W0|1 = [..]; …" → [{ name: 'W0', w: [1, -2, 2] }, …]. */
function parseRows(text) {
  const rows = [];
  const re = /(W[\d|]+) = \[([^\]]*)\]/g;
  let m;
  while ((m = re.exec(text)) !== null) rows.push({ name: m[1], w: m[2].split(',').map((s) => Number(s.trim())) });
  if (rows.length === 0) throw new Error(`no weight rows in ${JSON.stringify(text)}`);
  return rows;
}

/**
 * The kernel perceptron's model text, "4 of 32 α non-zero: α1 = 1, α5 = 2; b = 0[; w = Σ α·y·x =
 * [..]]" → { support, n, alphas: { 1: 1, 5: 2 } (1-based), b, w (or null), shortened }.
 */
function parseKernelModel(text) {
  const m = /^(\d+) of (\d+) α non-zero(?:: (.*?))?; b = (-?[\d.e+-]+)(?:; w = Σ α·y·x = (\[.*\]))?$/.exec(text.trim());
  if (!m) throw new Error(`unexpected kernel model text: ${JSON.stringify(text)}`);
  const alphas = {};
  const list = m[3] || '';
  for (const a of list.matchAll(/α(\d+) = (-?[\d.e+-]+)/g)) alphas[Number(a[1])] = Number(a[2]);
  return {
    support: Number(m[1]),
    n: Number(m[2]),
    alphas,
    b: Number(m[4]),
    w: m[5] ? parseVector(m[5]) : null,
    shortened: list.includes('…'),
  };
}

/** "36 (12 of class 0, 12 of class 1, 12 of class 2)" → { total: 36, counts: [12, 12, 12] }. */
function parseClassPoints(text) {
  const m = /^(\d+) \((.*)\)$/.exec(text.trim());
  if (!m) throw new Error(`unexpected points field: ${JSON.stringify(text)}`);
  const counts = [];
  for (const part of m[2].split(', ')) {
    const c = /^(\d+) of class (\d+)$/.exec(part);
    if (!c) throw new Error(`unexpected points field: ${JSON.stringify(text)}`);
    counts[Number(c[2])] = Number(c[1]);
  }
  return { total: Number(m[1]), counts };
}

/**
 * The sample field, "#3 (2, 4), y = +1" or "#1 (-2.6, -0.4), class 0" →
 * { index, x, y, label (±1) or cls (class index) }.
 */
function parseSample(text) {
  const m = /^#(\d+) \((-?[\d.e+-]+), (-?[\d.e+-]+)\), (?:y = ([+-]1)|class (\d+))$/.exec(text.trim());
  if (!m) throw new Error(`unexpected sample field: ${JSON.stringify(text)}`);
  const out = { index: Number(m[1]), x: Number(m[2]), y: Number(m[3]) };
  if (m[4] !== undefined) out.label = Number(m[4]);
  else out.cls = Number(m[5]);
  return out;
}

const ADDED_CLASS = /^Added point #(\d+) at \((-?[\d.e+-]+), (-?[\d.e+-]+)\), class (\d+)\./;

/** Chooses an algorithm in #algorithm as a person would and waits for the restart notice. */
Lab.prototype.chooseAlgorithm = async function chooseAlgorithm(value) {
  await this.page.locator('#algorithm').selectOption(value);
  await expect(this.field('algorithm'), `#algorithm → ${value}`).toHaveText(ALGORITHM_TITLES[value]);
  await expect(this.field('notice')).toHaveText(`${ALGORITHM_TITLES[value]} chosen: training restarts; the points stay.`);
  await expect(this.field('step')).toHaveText('0');
  await expect(this.page.locator('#model-error')).toHaveText('');
};

/** Types a kernel into #kernel and applies it with Enter. */
Lab.prototype.enterKernel = async function enterKernel(text) {
  await this.typeInto('#kernel', text);
  await this.page.locator('#kernel').press('Enter');
};

/**
 * The Gram table: { header: ['', 'α', 'x1', …], rows: [{ row (1-based), current, k: [numbers],
 * alpha }] }.
 */
Lab.prototype.gram = async function gram() {
  await this.settle();
  return this.page.locator('#gram').evaluate((table) => {
    const trs = Array.from(table.querySelectorAll('tr'));
    const header = trs.length ? Array.from(trs[0].cells).map((c) => c.textContent.trim()) : [];
    const rows = trs
      .filter((tr) => tr.dataset.row !== undefined)
      .map((tr) => {
        const tds = Array.from(tr.querySelectorAll('td'));
        const alphaCell = tr.querySelector('td.alpha');
        return {
          row: Number(tr.dataset.row),
          current: tr.classList.contains('current'),
          k: tds.filter((td) => !td.classList.contains('alpha')).map((td) => Number(td.textContent.trim())),
          alpha: alphaCell ? Number(alphaCell.textContent.trim()) : NaN,
        };
      });
    return { header, rows };
  });
};

/**
 * Clicks at data point (x, y) in a multiclass mode; checks that one point was added (the notice
 * "Added point #N at (x, y), class c." and the points field) and returns { index, x, y, cls }.
 */
Lab.prototype.addClassPoint = async function addClassPoint(x, y) {
  const before = parseClassPoints(await this.text('points'));
  await this.clickData(x, y);
  await expect(this.field('points'), `a click at (${x}, ${y}) adds one point`).toHaveText(
    new RegExp(`^${before.total + 1} \\(`)
  );
  const notice = await this.text('notice');
  const m = ADDED_CLASS.exec(notice);
  expect(m, `notice after adding a point: ${JSON.stringify(notice)}`).not.toBeNull();
  expect(Number(m[1])).toBe(before.total + 1);
  return { index: Number(m[1]), x: Number(m[2]), y: Number(m[3]), cls: Number(m[4]) };
};

/**
 * Presses → `n` times and reads the sample field after each step: returns the samples as the
 * page names them ({ index, x, y, label | cls }).
 */
Lab.prototype.visitSamples = async function visitSamples(n) {
  const start = Number(await this.text('step'));
  const seen = [];
  for (let i = 1; i <= n; i++) {
    await this.key('ArrowRight');
    await expect(this.field('step')).toHaveText(String(start + i));
    seen.push(parseSample(await this.text('sample')));
  }
  return seen;
};

/**
 * The region colour around CSS offset (cx, cy) of the plot in `image`: the most common colour
 * of a (2r+1)² patch of device pixels (so thin grid lines do not count), and its region name.
 */
function regionColourAt(image, scale, cx, cy, r = 3) {
  const counts = new Map();
  for (let dy = -r; dy <= r; dy++) {
    for (let dx = -r; dx <= r; dx++) {
      const c = pixel(image, cx * scale + dx, cy * scale + dy);
      const key = c.join(',');
      counts.set(key, (counts.get(key) || 0) + 1);
    }
  }
  const [key] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  const colour = key.split(',').map(Number);
  return { colour, name: regionName(colour) };
}

/**
 * Runs perceptron-trace with class labels (multiclass data): `points` are { x, y, cls };
 * returns the parsed JSON.
 */
function runTraceClasses(points, args = []) {
  if (!fs.existsSync(TRACE_BIN)) {
    throw new Error(`${TRACE_BIN} is missing: build it with \`cargo build --bin perceptron-trace\`.`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perceptron-e2e-'));
  try {
    const csv = path.join(dir, 'data.csv');
    fs.writeFileSync(csv, ['x1,x2,y', ...points.map((p) => `${p.x},${p.y},${p.cls}`)].join('\n') + '\n');
    const out = execFileSync(TRACE_BIN, [...args, '--format', 'json', csv], { encoding: 'utf8', timeout: 30_000 });
    return JSON.parse(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

Object.assign(module.exports, {
  ALGORITHM_TITLES,
  MULTICLASS_ALGORITHMS,
  REGION_COLOURS,
  isClassColour,
  regionName,
  regionColourAt,
  parseRows,
  parseKernelModel,
  parseClassPoints,
  parseSample,
  runTraceClasses,
});

// ----- sharing, files and embedding (share.spec.js, embed.spec.js) --------------------------

/** Console errors, page errors, failed requests and HTTP errors of `page`, as the fixture does. */
function watchProblems(page) {
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('crash', () => problems.push('the renderer crashed'));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()} for ${r.url()}`);
  });
  return problems;
}

/**
 * Opens the full page at `url` (relative to baseURL or absolute, with any #fragment) and waits
 * until the lab has drawn its first frame; unlike openLab it does not expect step 0.
 */
async function openLabAt(page, problems, url) {
  await page.goto(url);
  try {
    await page.waitForFunction(
      () =>
        window.perceptronLab &&
        typeof window.perceptronLab.to_css === 'function' &&
        Array.from(window.perceptronLab.to_css(0, 0)).length === 2,
      null,
      { timeout: 20_000 }
    );
  } catch (e) {
    throw new Error(`the lab at ${url} never drew: ${e.message}\nproblems so far: ${problems.join('\n')}`);
  }
  const lab = new Lab(page, problems);
  await expect.poll(async () => (await lab.canvasSizes()).width, { message: 'canvas has a backing store' }).toBeGreaterThan(0);
  await lab.settle();
  return lab;
}

const STATIC_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/**
 * Serves `dir` as a plain static host would (no special headers) on 127.0.0.1 and a free port.
 * Resolves to { origin, requests (paths asked for), close() }.
 */
function startStaticServer(dir) {
  const http = require('node:http');
  const root = path.resolve(dir);
  const requests = [];
  const server = http.createServer((req, res) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    requests.push(pathname);
    if (pathname.endsWith('/')) pathname += 'index.html';
    const file = path.join(root, pathname);
    if (file !== root && !file.startsWith(root + path.sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    fs.readFile(file, (err, body) => {
      if (err) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      const type = STATIC_TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream';
      res.writeHead(200, { 'Content-Type': type, 'Content-Length': body.length, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve({
        origin: `http://127.0.0.1:${server.address().port}`,
        requests,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

Object.assign(module.exports, { watchProblems, openLabAt, startStaticServer });
