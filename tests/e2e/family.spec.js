// The perceptron family in the page: the #algorithm select (averaged, batch, kernel, multiclass,
// one-vs-rest, one-vs-one), the kernel text and the number of classes, the multiclass class
// picker, the kernel's Gram table, the batch charts, the region maps, Back, the trace table and
// the exports. Numbers are checked against arithmetic done here from what the page shows (the
// points, the weights before a step) and against the perceptron-trace CLI; pictures are checked
// by their pixels. Saves family-*.png in tests/e2e/screenshots/ for a person to look at.
'use strict';

const {
  test,
  expect,
  SEED000,
  ALGORITHM_TITLES,
  MULTICLASS_ALGORITHMS,
  isClassColour,
  isPositiveColour,
  isNegativeColour,
  regionColourAt,
  parseVector,
  parseRows,
  parseKernelModel,
  parseClassPoints,
  parseSample,
  runTrace,
  runTraceClasses,
  pixel,
  regionName,
} = require('./helpers');
const { decodePng } = require('./png');

const NO_STEP_TITLE = 'No step yet: press Step (→) to visit the first sample.';

// ----- arithmetic done here, independently of the page -----------------------------------------

const dot = (a, b) => a.reduce((s, v, i) => s + v * b[i], 0);
/** The features with the always-1 bias feature first, as the course writes them. */
const feat = (p) => [1, p.x, p.y];
const add = (a, b, k = 1) => a.map((v, i) => v + k * b[i]);
/** The first index of the largest score (ties go to the lowest class, as argmax does). */
const argmax = (s) => s.reduce((best, v, i) => (v > s[best] ? i : best), 0);
const norm2 = (w) => Math.hypot(w[1], w[2]);
/** Weights bias first [w0, w1, w2] → bias last [w1, w2, w0] (the course's multiclass notation). */
const biasLast = (w) => [w[1], w[2], w[0]];

/** Numbers equal up to the page's 4 decimals (or `tol`). */
function expectNumbersClose(actual, expected, what, tol = 5.1e-5) {
  expect(actual.length, `${what}: ${JSON.stringify(actual)} vs ${JSON.stringify(expected)}`).toBe(expected.length);
  actual.forEach((v, i) => {
    expect(Math.abs(v - expected[i]), `${what}[${i}]: page ${v} vs ${expected[i]}`).toBeLessThanOrEqual(tol);
  });
}

function expectRowsClose(actualRows, expectedRows, what, tol = 5.1e-5) {
  expect(actualRows.length, `${what}: number of rows`).toBe(expectedRows.length);
  actualRows.forEach((row, k) => expectNumbersClose(row, expectedRows[k], `${what} row ${k}`, tol));
}

/** Everything a student reads: the status fields and the "This step" panel (no notice). */
async function snapshot(lab) {
  await lab.settle();
  const out = {};
  for (const name of [
    'algorithm', 'step', 'epoch', 'sample', 'score', 'outcome', 'weights', 'bias', 'updates', 'state',
    'points', 'accuracy', 'averaged', 'explain-title', 'explain-weights', 'explain-score', 'explain-check',
    'explain-update',
  ]) {
    out[name] = await lab.anyText(name);
  }
  return out;
}

/** The affine map data → CSS px of the plot (both axes share one scale). */
async function plotMap(lab) {
  const [ox, oy] = await lab.toCss(0, 0);
  const unit = await lab.cssPerUnit();
  const size = await lab.canvasSizes();
  return {
    unit: unit.x,
    toCss: (x, y) => [ox + x * unit.x, oy - y * unit.y],
    toData: (cx, cy) => [(cx - ox) / unit.x, (oy - cy) / unit.y],
    width: size.clientWidth,
    height: size.clientHeight,
  };
}

/**
 * Looks at the region map wherever `decide(x, y)` is sure of the answer: at a grid of positions
 * over the points' box that are at least 16 CSS px from every point and where `decide` says the
 * nearest boundary is at least 8 CSS px away. `decide` returns { name (0, 1, 2 or 'tied'),
 * distance (data units to the nearest boundary) }. Returns what was seen.
 */
async function lookAtRegions(lab, points, decide, { spacing = 0.37, pad = 0.4 } = {}) {
  const image = await lab.plotImage();
  const scale = image.width / (await lab.box()).width;
  const map = await plotMap(lab);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const seen = { checked: 0, matches: {}, wrong: [], other: [] };
  for (let x = Math.min(...xs) - pad; x <= Math.max(...xs) + pad; x += spacing) {
    for (let y = Math.min(...ys) - pad; y <= Math.max(...ys) + pad; y += spacing) {
      const [cx, cy] = map.toCss(x, y);
      if (cx < 0.1 * map.width || cx > 0.95 * map.width || cy < 0.12 * map.height || cy > 0.9 * map.height) continue;
      if (points.some((p) => Math.hypot(...map.toCss(p.x, p.y).map((v, i) => v - [cx, cy][i])) < 16)) continue;
      const want = decide(x, y);
      if (want.distance * map.unit < 8) continue;
      const got = regionColourAt(image, scale, cx, cy);
      seen.checked++;
      const where = `(${x.toFixed(2)}, ${y.toFixed(2)}) expected ${want.name}, saw rgb(${got.colour.join(',')})`;
      if (got.name === null) seen.other.push(where);
      else if (got.name !== want.name) seen.wrong.push(where);
      else seen.matches[want.name] = (seen.matches[want.name] || 0) + 1;
    }
  }
  return seen;
}

function expectRegions(seen, names, what) {
  expect(seen.wrong, `${what}: positions whose region colour is another class's`).toEqual([]);
  for (const name of names) {
    expect(seen.matches[name] || 0, `${what}: positions of region ${name} seen in its colour (${JSON.stringify(seen.matches)})`).toBeGreaterThanOrEqual(3);
  }
  expect(seen.other.length, `${what}: positions with no region colour (lines, labels): ${seen.other.slice(0, 5).join('; ')}`).toBeLessThanOrEqual(
    Math.max(3, 0.15 * seen.checked)
  );
}

/**
 * The fraction of the data positions `along` at which some pixel within r CSS px passes `test`
 * (only positions well inside the plot count). Returns { fraction, count }.
 */
async function fractionNear(lab, image, along, test, r = 1.5) {
  const scale = image.width / (await lab.box()).width;
  const map = await plotMap(lab);
  let hits = 0;
  let count = 0;
  for (const [x, y] of along) {
    const [cx, cy] = map.toCss(x, y);
    if (cx < 0.12 * map.width || cx > 0.92 * map.width || cy < 0.15 * map.height || cy > 0.88 * map.height) continue;
    count++;
    let hit = false;
    for (let dy = -r; dy <= r && !hit; dy += 0.5) {
      for (let dx = -r; dx <= r && !hit; dx += 0.5) {
        if (test(pixel(image, (cx + dx) * scale, (cy + dy) * scale))) hit = true;
      }
    }
    if (hit) hits++;
  }
  return { fraction: count ? hits / count : 0, count };
}

/** Positions along the line w0 + w1·x + w2·y = 0 across the plot, every `step` data units. */
async function lineSamples(lab, w, step = 0.05) {
  const map = await plotMap(lab);
  const [x0, y0] = map.toData(0, map.height);
  const [x1, y1] = map.toData(map.width, 0);
  const out = [];
  if (Math.abs(w[2]) >= Math.abs(w[1])) {
    for (let x = x0; x <= x1; x += step) out.push([x, -(w[0] + w[1] * x) / w[2]]);
  } else {
    for (let y = y0; y <= y1; y += step) out.push([-(w[0] + w[2] * y) / w[1], y]);
  }
  return out;
}

/** How far (CSS px) the colour `test` runs from the centre of a marker: the least of 4 ways. */
function markerRadius(image, scale, [cx, cy], test) {
  const run = (dx, dy) => {
    let t = 0;
    while (t < 60 * scale && test(pixel(image, cx * scale + (t + 1) * dx, cy * scale + (t + 1) * dy))) t++;
    return t / scale;
  };
  return Math.min(run(1, 0), run(-1, 0), run(0, 1), run(0, -1));
}

const isPurple = ([r, g, b]) => r > 80 && r < 170 && Math.abs(r - g) < 30 && b - r > 40;
const isBlack = ([r, g, b]) => r < 70 && g < 70 && b < 70;

/** Loads seed 000 and sets the initial weights to zero (the kernel and multiclass modes need it). */
async function seed000FromZero(lab) {
  await lab.loadPreset('seed000');
  await lab.typeInto('#init', 'zero');
  await lab.page.locator('#apply').click();
  await lab.expectNoSettingsError();
  await expect(lab.field('weights')).toHaveText('[0, 0, 0]');
}

// ----- the tests --------------------------------------------------------------------------------

test('#algorithm: every choice restarts training, keeps the points and shows its own controls', async ({ lab, page }) => {
  await seed000FromZero(lab);
  const zero = {
    perceptron: '[0, 0, 0]',
    averaged: '[0, 0, 0]',
    batch: '[0, 0, 0]',
    kernel: '0 of 5 α non-zero; b = 0; w = Σ α·y·x = [0, 0, 0]',
    multiclass: 'W0 = [0, 0, 0]; W1 = [0, 0, 0]; W2 = [0, 0, 0]',
    ovr: 'W0 = [0, 0, 0]; W1 = [0, 0, 0]; W2 = [0, 0, 0]',
    ovo: 'W0|1 = [0, 0, 0]; W0|2 = [0, 0, 0]; W1|2 = [0, 0, 0]',
  };
  // Every algorithm of the registry, the perceptron (in force at the start) last.
  const order = [...Object.keys(ALGORITHM_TITLES).filter((a) => a !== 'perceptron'), 'perceptron'];
  for (const algo of order) {
    // Two steps first, so that the restart shows.
    await lab.key('ArrowRight');
    await lab.key('ArrowRight');
    await expect(lab.field('step')).toHaveText('2');
    await lab.chooseAlgorithm(algo);
    await expect(page.locator('#algorithm')).toHaveValue(algo);
    await expect(lab.field('epoch')).toHaveText('1');
    await expect(lab.field('updates')).toHaveText('0');
    // An algorithm without its own line above is a linear one: its weights text starts [0, 0, 0].
    await expect(lab.field('weights'), `${algo}: the model starts again from zero`).toHaveText(zero[algo] ?? /^\[0, 0, 0\]( |$)/);
    await expect(lab.anyField('explain-title')).toHaveText(NO_STEP_TITLE);
    await expect(page.locator('[data-panel="trace"] tbody tr'), `${algo}: the trace starts again`).toHaveCount(0);
    const multi = MULTICLASS_ALGORITHMS.includes(algo);
    // The points stay: -1 is class 0 and +1 class 1 for the multiclass algorithms.
    await expect(lab.field('points'), `${algo}: the points stay`).toHaveText(
      multi ? '5 (2 of class 0, 3 of class 1, 0 of class 2)' : '5 (3 of +1, 2 of -1)'
    );
    await expect(lab.field('averaged')).toHaveText(algo === 'averaged' ? '[0, 0, 0]' : '—');
    // Each algorithm's own controls and panels, and only those.
    await expect(page.locator('#kernel'), `${algo}: #kernel`).toBeVisible({ visible: algo === 'kernel' });
    await expect(page.locator('#classes'), `${algo}: #classes`).toBeVisible({ visible: multi });
    await expect(page.locator('[data-panel="gram"]'), `${algo}: Gram panel`).toBeVisible({ visible: algo === 'kernel' });
    await expect(page.locator('[data-panel="batch"]'), `${algo}: batch panel`).toBeVisible({ visible: algo === 'batch' });
    await expect(page.locator('[data-role="class-picker"]'), `${algo}: ±1 buttons`).toBeVisible({ visible: !multi });
    await expect(page.locator('[data-role="class-picker-multi"]'), `${algo}: class buttons`).toBeVisible({ visible: multi });
    if (multi) {
      for (let k = 0; k < 6; k++) {
        await expect(page.locator(`[data-class-index="${k}"]`), `${algo}: class button ${k}`).toBeVisible({ visible: k < 3 });
      }
    }
    // The points are still drawn, in their class colours.
    const image = await lab.plotImage();
    for (const p of SEED000) {
      const c = await lab.colourAt(image, p.x, p.y);
      expect(p.label > 0 ? isPositiveColour(c) : isNegativeColour(c), `${algo}: point (${p.x}, ${p.y}) drawn as ${p.label}: rgb(${c})`).toBe(true);
    }
  }
});

test('seed 000 multiclass example: one step gives the course\'s scores and rows; ← and Back undo it exactly', async ({ lab, page }) => {
  await lab.loadPreset('seed000-multiclass');
  await expect(page.locator('#algorithm')).toHaveValue('multiclass');
  await expect(page.locator('#classes')).toHaveValue('3');
  await expect(page.locator('#classes')).toBeVisible();
  await expect(page.locator('#kernel')).toBeHidden();
  await expect(page.locator('#model-error')).toHaveText('');
  await expect(lab.field('algorithm')).toHaveText('Multiclass perceptron');
  await expect(lab.field('points')).toHaveText('1 (0 of class 0, 0 of class 1, 1 of class 2)');
  const initial = 'W0 = [1, -2, 2]; W1 = [4, 0, 3]; W2 = [-2, 1, 4]';
  await expect(lab.field('weights')).toHaveText(initial);
  const before = await snapshot(lab);

  // The arithmetic, from the rows the page shows and the one sample (-2, 3) of class 2.
  const W = parseRows(initial).map((r) => r.w);
  const f = feat({ x: -2, y: 3 });
  const s = W.map((w) => dot(w, f));
  expect(s).toEqual([11, 13, 8]);
  const predicted = argmax(s);
  expect(predicted).toBe(1);
  const W1 = add(W[1], f, -1);
  const W2 = add(W[2], f, +1);
  expect(W1).toEqual([3, 2, 0]);
  expect(W2).toEqual([-1, -1, 7]);
  // The course writes the bias last: [2, 0, 3] and [-1, 7, -1].
  expect(biasLast(W1)).toEqual([2, 0, 3]);
  expect(biasLast(W2)).toEqual([-1, 7, -1]);
  const after = `W0 = [1, -2, 2]; W1 = [${W1.join(', ')}]; W2 = [${W2.join(', ')}]`;

  await lab.key('ArrowRight');
  await expect(lab.field('step')).toHaveText('1');
  await expect(lab.field('sample')).toHaveText('#1 (-2, 3), class 2');
  await expect(lab.field('score')).toHaveText(`[${s.join(', ')}]`);
  await expect(lab.field('score')).toHaveText('[11, 13, 8]');
  await expect(lab.anyField('explain-check')).toHaveText('ŷ = argmax s = 1 ≠ y = 2 → mistake');
  await expect(lab.field('weights')).toHaveText(after);
  await expect(lab.field('weights')).toContainText('W1 = [3, 2, 0]');
  await expect(lab.field('weights')).toContainText('W2 = [-1, -1, 7]');
  await expect(lab.anyField('explain-weights'), 'the explanation shows the rows before the step').toHaveText(initial);
  await expect(lab.anyField('explain-score')).toContainText('[11, 13, 8]');
  await expect(lab.anyField('explain-score')).toContainText('[1, -2, 3]');
  const update = await lab.anyText('explain-update');
  expect(update, 'the update names W2 and its new row').toMatch(/W2\b.*\[-1, -1, 7\]/);
  expect(update, 'the update names W1 and its new row').toMatch(/W1\b.*\[3, 2, 0\]/);
  expect(update).not.toMatch(/W0\b.*←/);
  await expect(lab.field('updates')).toHaveText('1');
  // After the step the sample is classified right: scores W·f = [11, -1, 22] → class 2.
  const sAfter = [W[0], W1, W2].map((w) => dot(w, f));
  expect(argmax(sAfter)).toBe(2);
  await expect(lab.field('accuracy')).toHaveText('100% (1 of 1)');
  const rows = await lab.traceRows();
  expect(rows.map((r) => r.step)).toEqual([1]);
  expect(rows[0].cells[1]).toBe(initial);
  expect(rows[0].cells[2]).toContain('[11, 13, 8]');
  expect(rows[0].cells[3]).toBe('no');
  expect(rows[0].cells[4]).toContain('[-1, -1, 7]');
  expect(rows[0].cells[4]).toContain('[3, 2, 0]');
  const stepped = await snapshot(lab);

  // ← undoes the step exactly.
  await lab.key('ArrowLeft');
  await expect(lab.field('step')).toHaveText('0');
  await expect(lab.field('weights')).toHaveText(initial);
  expect(await snapshot(lab), '← gives back everything shown before the step').toEqual(before);
  // → replays it, #back undoes it again, the Step button redoes it.
  await lab.key('ArrowRight');
  await expect(lab.field('step')).toHaveText('1');
  expect(await snapshot(lab)).toEqual(stepped);
  await page.locator('#back').click();
  await expect(lab.field('step')).toHaveText('0');
  expect(await snapshot(lab), 'Back gives back everything shown before the step').toEqual(before);
  await lab.clickStep();
  await expect(lab.field('step')).toHaveText('1');
  expect(await snapshot(lab)).toEqual(stepped);
  // Step 2 (epoch 2) is correct: W·f = [11, -1, 22]; a clean epoch means converged.
  await lab.key('ArrowRight');
  await expect(lab.field('step')).toHaveText('2');
  await expect(lab.field('score')).toHaveText(`[${sAfter.join(', ')}]`);
  await expect(lab.anyField('explain-check')).toHaveText('ŷ = argmax s = 2 = y → correct');
  await expect(lab.field('weights')).toHaveText(after);
  await expect(lab.field('state')).toHaveText(/^converged/);
  await lab.settle();
  await lab.screenshot('family-multiclass-seed000.png');
});

test('six classes: keys 5 and 6 choose classes 4 and 5, and a click adds a point of each in its own colour', async ({ lab, page }) => {
  await lab.loadPreset('blobs3');
  await page.locator('#classes').selectOption('6');
  await expect(page.locator('#classes')).toHaveValue('6');
  await expect(page.locator('#model-error')).toHaveText('');
  for (const k of [3, 4, 5]) await expect(page.locator(`[data-class-index="${k}"]`)).toBeVisible();
  const spots = { 4: [-5, 3.5], 5: [5, 3.5] };
  for (const k of [4, 5]) {
    await lab.key(String(k + 1));
    for (let j = 0; j < 6; j++) {
      await expect(page.locator(`[data-class-index="${j}"]`), `key ${k + 1}: button ${j}`).toHaveAttribute('aria-pressed', String(j === k));
    }
    const got = await lab.addClassPoint(...spots[k]);
    expect(got.cls, `key ${k + 1} adds class ${k}`).toBe(k);
    await lab.expectColourAt(got.x, got.y, isClassColour[k], `class ${k}'s colour`);
  }
  const { total, counts } = parseClassPoints(await lab.text('points'));
  expect(total).toBe(38);
  expect([counts[4], counts[5]]).toEqual([1, 1]);
});

test('multiclass: keys 1–3 and the class buttons choose the class, a click adds a point of it; #classes', async ({ lab, page }) => {
  await lab.loadPreset('blobs3');
  await expect(page.locator('#algorithm')).toHaveValue('multiclass');
  await expect(page.locator('#classes')).toHaveValue('3');
  await expect(lab.field('points')).toHaveText('36 (12 of class 0, 12 of class 1, 12 of class 2)');
  await expect(page.locator('[data-role="class-picker"]')).toBeHidden();
  await expect(page.locator('[data-role="class-picker-multi"]')).toBeVisible();
  const button = (k) => page.locator(`[data-class-index="${k}"]`);
  const expectSelected = async (k, what) => {
    for (let j = 0; j < 3; j++) await expect(button(j), `${what}: button ${j}`).toHaveAttribute('aria-pressed', String(j === k));
  };
  // Exactly one class is selected at first (the +1 choice of the binary mode carries over as
  // class 1).
  const pressed = await page.locator('[data-class-index]').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-pressed')));
  expect(pressed.filter((v) => v === 'true'), `one class button pressed at first: ${pressed}`).toHaveLength(1);
  const image0 = await lab.plotImage();
  await lab.settle();

  // Empty corners of the plot (the blobs are around (-2.5, -1.5), (2.5, -1.5) and (0, 2.5)).
  const spots = [[-5, 3.5], [5, 3.5], [-5, -4], [5, -4]];
  const half = await lab.halfPixel();
  const added = [];
  const expectAdded = async (got, [x, y], cls, what) => {
    expect(got.cls, `${what}: class of the new point`).toBe(cls);
    expect(Math.abs(got.x - x) <= 0.01 + half && Math.abs(got.y - y) <= 0.01 + half, `${what}: (${got.x}, ${got.y}) is where I clicked (${x}, ${y})`).toBe(true);
    added.push(got);
    const counts = [12, 12, 12, 0];
    for (const a of added) counts[a.cls]++;
    const parsed = parseClassPoints(await lab.text('points'));
    expect(parsed.total).toBe(36 + added.length);
    expect(parsed.counts.slice(0, 3)).toEqual(counts.slice(0, 3));
    // The new point is drawn in its class colour.
    await lab.expectColourAt(got.x, got.y, isClassColour[cls], `${what}: class ${cls} colour`);
  };
  // Nothing at these spots before.
  for (const [x, y] of spots) {
    const c = await lab.colourAt(image0, x, y);
    expect([0, 1, 2].some((k) => isClassColour[k](c)), `no point at (${x}, ${y}) yet: rgb(${c})`).toBe(false);
  }

  await lab.key('3');
  await expectSelected(2, 'key 3');
  await expectAdded(await lab.addClassPoint(...spots[0]), spots[0], 2, 'after key 3');
  await expect(lab.field('notice')).toHaveText(/^Added point #37 at \(-?[\d.]+, -?[\d.]+\), class 2\.$/);
  await lab.key('1');
  await expectSelected(0, 'key 1');
  await expectAdded(await lab.addClassPoint(...spots[1]), spots[1], 0, 'after key 1');
  await lab.key('2');
  await expectSelected(1, 'key 2');
  await button(2).click();
  await expectSelected(2, 'button 2');
  await button(1).click();
  await expectSelected(1, 'button 1');
  await expectAdded(await lab.addClassPoint(...spots[2]), spots[2], 1, 'after button 1');
  // Key 4 with three classes changes nothing but says so.
  await lab.key('4');
  await expect(lab.field('notice')).toHaveText(/^There is no class /);
  await expectSelected(1, 'key 4 with 3 classes');
  await expect(button(3)).toBeHidden();

  // Training on the new points works: the step count and the trace.
  await lab.key('ArrowRight');
  await expect(lab.field('step')).toHaveText('1');
  await expect(page.locator('[data-panel="trace"] tbody tr[data-step]')).toHaveCount(1);

  // Four classes: a fourth button and key 4.
  await page.locator('#classes').selectOption('4');
  await expect(page.locator('#model-error')).toHaveText('');
  await expect(lab.field('step'), 'choosing the classes restarts training').toHaveText('0');
  await expect(lab.field('points')).toHaveText('39 (13 of class 0, 13 of class 1, 13 of class 2, 0 of class 3)');
  await expect(lab.field('weights')).toHaveText('W0 = [0, 0, 0]; W1 = [0, 0, 0]; W2 = [0, 0, 0]; W3 = [0, 0, 0]');
  await expect(button(3)).toBeVisible();
  await expect(button(4)).toBeHidden();
  await lab.key('4');
  await expect(button(3)).toHaveAttribute('aria-pressed', 'true');
  await expect(button(1)).toHaveAttribute('aria-pressed', 'false');
  const fourth = await lab.addClassPoint(...spots[3]);
  expect(fourth.cls).toBe(3);
  await expect(lab.field('points')).toHaveText('40 (13 of class 0, 13 of class 1, 13 of class 2, 1 of class 3)');

  // Fewer classes than the points use: refused, nothing changes.
  await lab.key('ArrowRight');
  await expect(lab.field('step')).toHaveText('1');
  const before = await snapshot(lab);
  await page.locator('#classes').selectOption('3');
  await expect(page.locator('#model-error')).not.toHaveText('');
  await expect(page.locator('#model-error')).toContainText('class');
  expect(await snapshot(lab), 'a refused number of classes changes nothing').toEqual(before);
  await expect(button(3), 'still four class buttons').toBeVisible();
  await page.locator('#classes').selectOption('2');
  await expect(page.locator('#model-error')).toContainText('class');
  expect(await snapshot(lab), 'two classes, refused too, change nothing').toEqual(before);
});

test('kernel, XOR by an RBF kernel: Gram rows follow the steps, f = Σ α·y·K + b, α and the marker grow after a mistake', async ({ lab, page }) => {
  await lab.loadPreset('xor-rbf');
  await expect(page.locator('#algorithm')).toHaveValue('kernel');
  await expect(page.locator('#kernel')).toHaveValue('rbf:0.5');
  await expect(page.locator('#kernel')).toBeVisible();
  await expect(page.locator('#classes')).toBeHidden();
  await expect(page.locator('[data-panel="gram"]')).toBeVisible();
  await expect(page.locator('[data-panel="batch"]')).toBeHidden();
  await expect(lab.field('algorithm')).toHaveText('Kernel perceptron (dual form)');
  await expect(lab.field('points')).toHaveText('32 (16 of +1, 16 of -1)');
  await expect(lab.field('weights')).toHaveText('0 of 32 α non-zero; b = 0');
  const gamma = 0.5;
  const K = (a, b) => Math.exp(-gamma * ((a.x - b.x) ** 2 + (a.y - b.y) ** 2));

  const g0 = await lab.gram();
  const shown = g0.rows.length;
  expect(shown, 'Gram rows shown').toBeGreaterThanOrEqual(8);
  expect(shown).toBeLessThanOrEqual(32);
  expect(g0.header[0]).toBe('point');
  // α comes first, right after the row label, so it stays in view when the matrix scrolls.
  expect(g0.header[1]).toBe('α');
  expect(g0.header.slice(2, 5)).toEqual(['x1', 'x2', 'x3']);
  expect(g0.rows.map((r) => r.row)).toEqual(Array.from({ length: shown }, (_, i) => i + 1));
  expect(g0.rows.filter((r) => r.current), 'no current row before the first step').toEqual([]);
  for (const r of g0.rows) {
    expect(r.alpha, `α${r.row} at the start`).toBe(0);
    expect(r.k[r.row - 1], `K(x${r.row}, x${r.row}) = 1 for an RBF kernel`).toBe(1);
  }

  const map = await plotMap(lab);
  let alphas = g0.rows.map((r) => r.alpha);
  let b = 0;
  const samples = [];
  for (let i = 1; i <= 6; i++) {
    // The marker of sample i before its visit (the samples are visited in data order).
    const gramBefore = await lab.gram();
    const imageBefore = await lab.plotImage();
    const scale = imageBefore.width / (await lab.box()).width;
    if (i % 2) await lab.key('ArrowRight');
    else await lab.clickStep();
    await expect(lab.field('step')).toHaveText(String(i));
    const s = parseSample(await lab.text('sample'));
    expect(s.index, `step ${i} visits sample #${i}`).toBe(i);
    samples.push(s);
    const g = await lab.gram();
    expect(g.rows.filter((r) => r.current).map((r) => r.row), `step ${i}: the current Gram row`).toEqual([i]);
    await expect(page.locator(`[data-panel="gram"] table tr[data-row="${i}"]`)).toHaveClass(/\bcurrent\b/);
    // The row of x_i holds K(x_j, x_i) = exp(-γ‖x_j − x_i‖²) (3 decimals) and is symmetric.
    const row = g.rows[i - 1];
    for (const t of samples) {
      expect(Math.abs(row.k[t.index - 1] - K(t, s)), `K(x${t.index}, x${i}) = ${row.k[t.index - 1]} vs ${K(t, s)}`).toBeLessThanOrEqual(6e-4);
      expect(g.rows[t.index - 1].k[i - 1]).toBe(row.k[t.index - 1]);
    }
    // The score before the update: f(x_i) = Σ_j α_j·y_j·K(x_j, x_i) + b with α and b before.
    let f = b;
    for (const t of samples) f += gramBefore.rows[t.index - 1].alpha * t.label * K(t, s);
    const score = Number(await lab.text('score'));
    expect(Math.abs(score - f), `step ${i}: f(x${i}) = ${score} vs Σ α·y·K + b = ${f}`).toBeLessThanOrEqual(6e-5);
    const mistake = s.label * score <= 0;
    await expect(lab.anyField('explain-check')).toHaveText(mistake ? /≤ 0 → mistake$/ : /> 0 → correct$/);
    // α_i grows by η = 1 after a mistake, the others stay; b moves by η·y.
    const expectedAlphas = alphas.map((a, j) => (j === i - 1 && mistake ? a + 1 : a));
    expect(g.rows.map((r) => r.alpha), `step ${i}: the α column`).toEqual(expectedAlphas);
    const model = parseKernelModel(await lab.text('weights'));
    expect(model.b, `step ${i}: b`).toBe(b + (mistake ? s.label : 0));
    expect(model.support).toBe(expectedAlphas.filter((a) => a > 0).length);
    for (const [j, a] of Object.entries(model.alphas)) expect(a, `α${j} in the model text`).toBe(expectedAlphas[j - 1]);
    // The marker of x_i: bigger after its α grew, the same size otherwise.
    const imageAfter = await lab.plotImage();
    const test_ = s.label > 0 ? isPositiveColour : isNegativeColour;
    const centre = map.toCss(s.x, s.y);
    const r0 = markerRadius(imageBefore, scale, centre, test_);
    const r1 = markerRadius(imageAfter, scale, centre, test_);
    expect(r0, `marker #${i} is drawn`).toBeGreaterThanOrEqual(2);
    if (mistake) expect(r1, `step ${i} (mistake): marker #${i} grows from ${r0} px`).toBeGreaterThanOrEqual(r0 + 2);
    else expect(Math.abs(r1 - r0), `step ${i} (correct): marker #${i} keeps its size ${r0} px`).toBeLessThanOrEqual(1);
    alphas = expectedAlphas;
    b = model.b;
  }
  expect(samples.slice(0, 2).map((s) => s.label), 'the first two samples are of opposite classes').toEqual([1, -1]);

  // ← undoes step 6: the α column, the model and the current row of step 5 come back.
  await lab.key('ArrowLeft');
  await expect(lab.field('step')).toHaveText('5');
  await expect(lab.field('sample')).toHaveText(new RegExp(`^#5 `));
  const back = await lab.gram();
  expect(back.rows.filter((r) => r.current).map((r) => r.row)).toEqual([5]);
  await lab.key('ArrowRight');
  await expect(lab.field('step')).toHaveText('6');
  expect((await lab.gram()).rows.map((r) => r.alpha)).toEqual(alphas);

  // The rest of epoch 1 gives every point; the page's scores equal perceptron-trace's.
  const scores = [];
  for (let i = 7; i <= 32; i++) {
    await lab.key('ArrowRight');
    await expect(lab.field('step')).toHaveText(String(i));
    samples.push(parseSample(await lab.text('sample')));
    scores.push(Number(await lab.text('score')));
  }
  const points = samples.map((s) => ({ x: s.x, y: s.y, label: s.label }));
  expect(points.filter((p) => p.label > 0)).toHaveLength(16);
  // The preset's recipe: +1 around (1.5, 1.5) and (-1.5, -1.5), −1 around the other corners.
  for (const p of points) expect(Math.sign(p.x * p.y), `(${p.x}, ${p.y}) is in an XOR quadrant of its class`).toBe(p.label);
  const cli = runTrace(points, ['--algo', 'kernel', '--kernel', 'rbf:0.5', '--max-epochs', '100']);
  scores.forEach((s, k) => {
    expect(Math.abs(s - cli.steps[k + 6].score), `step ${k + 7}: page f = ${s}, CLI ${cli.steps[k + 6].score}`).toBeLessThanOrEqual(6e-5);
  });

  // Run to convergence: the verdict, the model and the accuracy agree with the CLI.
  await page.locator('#run').click();
  await expect(lab.field('notice')).toHaveText(/^Verdict: converged after \d+ epochs/);
  await expect(lab.field('state')).toHaveText(/^converged/);
  await expect(lab.field('accuracy')).toHaveText('100% (32 of 32)');
  const model = parseKernelModel(await lab.text('weights'));
  const cliAlphas = cli.result.alpha;
  expect(model.n).toBe(32);
  expect(model.support).toBe(cliAlphas.filter((a) => a !== 0).length);
  expect(model.b).toBe(cli.result.bias);
  if (!model.shortened) {
    cliAlphas.forEach((a, j) => expect(model.alphas[j + 1] || 0, `α${j + 1}`).toBe(a));
  }
  await expect(lab.field('step')).toHaveText(String(cli.steps.length));

  // The region map: light blue where f > 0, light orange where f < 0, away from the contour.
  const fOf = (x, y) => cliAlphas.reduce((s, a, j) => s + a * points[j].label * K(points[j], { x, y }), cli.result.bias);
  const decide = (x, y) => {
    const f = fOf(x, y);
    const h = 1e-3;
    const grad = Math.hypot(fOf(x + h, y) - fOf(x - h, y), fOf(x, y + h) - fOf(x, y - h)) / (2 * h);
    return { name: f > 0 ? 1 : 0, distance: Math.abs(f) / Math.max(grad, 1e-9) };
  };
  await lab.settle();
  expectRegions(await lookAtRegions(lab, points, decide), [0, 1], 'kernel XOR regions');
  // Every point is on its side of the contour, so classified right.
  for (const p of points) expect(Math.sign(fOf(p.x, p.y)), `f at (${p.x}, ${p.y})`).toBe(p.label);

  // The black zero contour crosses the segment between the +1 cluster at (1.5, 1.5) and the −1
  // cluster at (-1.5, 1.5) where f changes sign.
  let [lo, hi] = [-1.5, 1.5];
  expect(fOf(lo, 1.5) < 0 && fOf(hi, 1.5) > 0).toBe(true);
  for (let k = 0; k < 40; k++) {
    const mid = (lo + hi) / 2;
    if (fOf(mid, 1.5) > 0) hi = mid;
    else lo = mid;
  }
  const image = await lab.plotImage();
  const zero = await fractionNear(lab, image, [[lo, 1.5]], isBlack, 3);
  expect(zero.fraction, `a black contour pixel near (${lo.toFixed(3)}, 1.5) where f = 0`).toBe(1);
  // Big markers for the points with α > 0, small for α = 0.
  const scale = image.width / (await lab.box()).width;
  const radii = points.map((p) => markerRadius(image, scale, map.toCss(p.x, p.y), p.label > 0 ? isPositiveColour : isNegativeColour));
  const withAlpha = radii.filter((_, j) => cliAlphas[j] > 0);
  const without = radii.filter((_, j) => cliAlphas[j] === 0);
  expect(Math.min(...withAlpha), `markers with α > 0 (${withAlpha}) are bigger than those with α = 0 (max ${Math.max(...without)})`).toBeGreaterThan(Math.max(...without) + 2);
  await lab.screenshot('family-kernel-xor.png');
});

test('kernel, linear: refused with explicit initial weights; Gram = x·x′, w = Σ α·y·x; bad kernel text changes nothing; poly and rbf', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  // Seed 000 starts from [-1, 0, 0]: the dual form starts from α = 0, so it is refused.
  await page.locator('#algorithm').selectOption('kernel');
  await expect(page.locator('#model-error')).toContainText('initial weights');
  await expect(lab.field('algorithm')).toHaveText('Perceptron (classic rule)');
  await expect(lab.field('weights')).toHaveText('[-1, 0, 0]');
  await expect(page.locator('[data-panel="gram"]')).toBeHidden();

  await lab.typeInto('#init', 'zero');
  await page.locator('#apply').click();
  await lab.expectNoSettingsError();
  await lab.chooseAlgorithm('perceptron');
  await lab.chooseAlgorithm('kernel');
  await expect(page.locator('#kernel')).toHaveValue('linear');
  const g = await lab.gram();
  expect(g.header).toEqual(['point', 'α', 'x1', 'x2', 'x3', 'x4', 'x5']);
  const linear = (a, c) => a.x * c.x + a.y * c.y;
  expect(g.rows.map((r) => r.k), 'linear Gram matrix = x_i·x_j').toEqual(SEED000.map((a) => SEED000.map((c) => linear(a, c))));

  // Five steps against arithmetic done here: f(x_i) = Σ α_j·y_j·(x_j·x_i) + b.
  const cli = runTrace(SEED000, ['--algo', 'kernel', '--max-epochs', '1']);
  const alphas = [0, 0, 0, 0, 0];
  let b = 0;
  for (let i = 0; i < 5; i++) {
    const p = SEED000[i];
    const f = alphas.reduce((s, a, j) => s + a * SEED000[j].label * linear(SEED000[j], p), b);
    await lab.clickStep();
    await expect(lab.field('step')).toHaveText(String(i + 1));
    await expect(lab.field('score'), `step ${i + 1}: f(x${i + 1})`).toHaveText(String(f));
    expect(f, 'the CLI gives the same score').toBe(cli.steps[i].score);
    if (p.label * f <= 0) {
      alphas[i] += 1;
      b += p.label;
    }
    expect((await lab.gram()).rows.map((r) => r.alpha)).toEqual(alphas);
  }
  const w = SEED000.reduce((acc, p, j) => add(acc, [0, p.x, p.y], alphas[j] * p.label), [b, 0, 0]);
  const support = alphas.map((a, j) => (a ? `α${j + 1} = ${a}` : null)).filter(Boolean);
  await expect(lab.field('weights')).toHaveText(
    `${support.length} of 5 α non-zero: ${support.join(', ')}; b = ${b}; w = Σ α·y·x = [${w.join(', ')}]`
  );
  expect(w).toEqual([-1, 0, -2]);
  // With the linear kernel the region map is a half-plane: f = -1 - 2·x2 > 0 below x2 = -0.5.
  const decide = (x, y) => {
    const f = dot(w, [1, x, y]);
    return { name: f > 0 ? 1 : 0, distance: Math.abs(f) / norm2(w) };
  };
  expectRegions(await lookAtRegions(lab, [...SEED000, { x: 0, y: -3 }, { x: 4, y: -3 }], decide), [0, 1], 'linear kernel regions');

  // A bad kernel text: an error, and nothing else changes.
  const before = await snapshot(lab);
  const gramBefore = await lab.gram();
  const traceBefore = await lab.traceRows();
  for (const bad of ['rbf:-1', 'poly:0:1:1', 'sigmoid:1', 'rbf:']) {
    await lab.enterKernel(bad);
    await expect(page.locator('#model-error'), `kernel "${bad}"`).not.toHaveText('');
    expect(await snapshot(lab), `kernel "${bad}" changes nothing`).toEqual(before);
    expect(await lab.gram()).toEqual(gramBefore);
    expect(await lab.traceRows()).toEqual(traceBefore);
    await expect(page.locator('#algorithm')).toHaveValue('kernel');
  }

  // poly:2:1:1 (Enter): K = (x·x′ + 1)², training restarts, no w in the plane.
  await lab.enterKernel('poly:2:1:1');
  await expect(page.locator('#model-error')).toHaveText('');
  await expect(lab.field('step')).toHaveText('0');
  await expect(lab.field('weights')).toHaveText('0 of 5 α non-zero; b = 0');
  expect((await lab.gram()).rows.map((r) => r.k), 'poly:2:1:1 Gram matrix').toEqual(
    SEED000.map((a) => SEED000.map((c) => (linear(a, c) + 1) ** 2))
  );
  // rbf:1, applied when the field loses focus: K = exp(-‖x − x′‖²).
  await lab.typeInto('#kernel', 'rbf:1');
  await page.locator('#kernel').press('Tab');
  await expect(page.locator('#model-error')).toHaveText('');
  await expect.poll(async () => (await lab.gram()).rows[0].k[1], { message: 'K(x1, x2) under rbf:1' }).toBe(
    Number(Math.exp(-5).toFixed(3))
  );
  await expect(lab.field('weights')).toHaveText('0 of 5 α non-zero; b = 0');
  // And back to linear: w is shown again.
  await lab.enterKernel('linear');
  await expect(lab.field('weights')).toHaveText('0 of 5 α non-zero; b = 0; w = Σ α·y·x = [0, 0, 0]');
});

test('batch: one Step is one epoch, J_p and the update computed from the points; its charts show only for batch', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  await lab.chooseAlgorithm('batch');
  await expect(page.locator('[data-panel="batch"]')).toBeVisible();
  await expect(page.locator('[data-panel="gram"]')).toBeHidden();
  await expect(page.locator('#kernel')).toBeHidden();
  await expect(page.locator('#classes')).toBeHidden();
  await expect(lab.field('weights')).toHaveText('[-1, 0, 0]');
  const cli = runTrace(SEED000, ['--algo', 'batch', '--init=-1,0,0', '--max-epochs', '6']);
  const chart = page.locator('[data-panel="batch"] canvas');
  const box = await chart.boundingBox();
  expect(box && box.width > 200 && box.height > 100, `the chart canvas has a size: ${JSON.stringify(box)}`).toBe(true);

  let w = [-1, 0, 0];
  let chartBefore = null;
  for (let e = 1; e <= 6; e++) {
    const scores = SEED000.map((p) => dot(w, feat(p)));
    const M = SEED000.map((p, i) => i).filter((i) => SEED000[i].label * scores[i] <= 0);
    const Jp = -M.reduce((s, i) => s + SEED000[i].label * scores[i], 0);
    const g = M.reduce((acc, i) => add(acc, feat(SEED000[i]), SEED000[i].label), [0, 0, 0]);
    const next = add(w, g);
    if (e % 2) await lab.key('ArrowRight');
    else await lab.clickStep();
    await expect(lab.field('step')).toHaveText(String(e));
    await expect(lab.field('epoch'), 'one step is one epoch').toHaveText(String(e));
    await expect(lab.field('sample')).toHaveText(`all samples (epoch ${e})`);
    await expect(lab.field('score')).toHaveText(`J_p = ${Jp}`);
    await expect(lab.anyField('explain-title')).toHaveText(
      `Epoch ${e}: one batch step over all samples; M = {${M.map((i) => `#${i + 1}`).join(', ')}}`
    );
    await expect(lab.anyField('explain-check')).toHaveText(`|M| = ${M.length} > 0 → gradient step`);
    await expect(lab.anyField('explain-weights')).toHaveText(`[${w.join(', ')}]`);
    await expect(lab.anyField('explain-update')).toHaveText(`w ← w + η·Σ_M y·[1, x] = w + [${g.join(', ')}] → w = [${next.join(', ')}]`);
    await expect(lab.field('weights')).toHaveText(`[${next.join(', ')}]`);
    // The CLI's batch run agrees.
    expect(cli.steps[e - 1].criterion).toBe(Jp);
    expect(cli.steps[e - 1].misclassified).toEqual(M.map((i) => i + 1));
    expect(cli.steps[e - 1].weights_after).toEqual(next);
    // The trace row of the epoch.
    const rows = await lab.traceRows();
    expect(rows[rows.length - 1].cells).toEqual([String(e), `[${w.join(', ')}]`, `J_p = ${Jp}, |M| = ${M.length}`, 'no', `+[${g.join(', ')}]`]);
    // The charts grow with every epoch.
    const chartNow = await chart.screenshot();
    if (chartBefore) expect(chartNow.equals(chartBefore), `the charts change at epoch ${e}`).toBe(false);
    chartBefore = chartNow;
    w = next;
  }
  // The charts are drawn: J_p (black), |M| (red) and the w-space paths.
  const { decodePng, distinctColours } = require('./png');
  const image = decodePng(chartBefore);
  expect(distinctColours(image), 'the charts have lines, ticks and text').toBeGreaterThan(30);
  let red = 0;
  let dark = 0;
  for (let y = 0; y < image.height; y += 2) {
    for (let x = 0; x < image.width; x += 2) {
      const [r, g, b] = pixel(image, x, y);
      if (r > 150 && g < 60 && b < 60) red++;
      if (r < 60 && g < 60 && b < 60) dark++;
    }
  }
  expect(red, 'the |M| chart draws a red line').toBeGreaterThan(20);
  expect(dark, 'the J_p chart and the batch path draw black lines').toBeGreaterThan(50);
  await lab.screenshot('family-batch.png');

  // Another algorithm hides the panel; batch again shows it, from epoch 1.
  await lab.chooseAlgorithm('perceptron');
  await expect(page.locator('[data-panel="batch"]')).toBeHidden();
  await lab.chooseAlgorithm('batch');
  await expect(page.locator('[data-panel="batch"]')).toBeVisible();
  await expect(lab.field('weights')).toHaveText('[-1, 0, 0]');
});

test('averaged: w̄ is the mean of the weights after each visit, accuracy is of w̄; a dashed purple w̄ line', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  await lab.chooseAlgorithm('averaged');
  await expect(lab.field('averaged')).toHaveText('[-1, 0, 0]');
  await expect(lab.field('accuracy')).toHaveText('40% (2 of 5) with w̄');
  const cli = runTrace(SEED000, ['--algo', 'averaged', '--init=-1,0,0', '--max-epochs', '3']);
  const parseUpdate = (text) => {
    if (text === 'none') return [0, 0, 0];
    const m = /^([+-])(\[.*\])$/.exec(text);
    expect(m, `update cell ${JSON.stringify(text)}`).not.toBeNull();
    return parseVector(m[2]).map((v) => (m[1] === '-' ? -v : v));
  };
  let wbar = null;
  for (let n = 1; n <= 12; n++) {
    if (n % 2) await lab.key('ArrowRight');
    else await lab.clickStep();
    await expect(lab.field('step')).toHaveText(String(n));
    const rows = await lab.traceRows();
    expect(rows).toHaveLength(n);
    const current = await lab.weights();
    // The weights after step k: before step k plus its update; the next row starts from them.
    const after = rows.map((r) => add(parseVector(r.cells[1]), parseUpdate(r.cells[4])));
    after.slice(0, -1).forEach((w, k) => expect(parseVector(rows[k + 1].cells[1]), `row ${k + 2} starts from row ${k + 1}'s result`).toEqual(w));
    expect(after[n - 1]).toEqual(current);
    wbar = after.reduce((acc, w) => add(acc, w), [0, 0, 0]).map((v) => v / n);
    expectNumbersClose(parseVector(await lab.text('averaged')), wbar, `w̄ after ${n} steps`);
    expectNumbersClose(cli.steps[n - 1].average_after, wbar, `CLI w̄ after ${n} steps`, 1e-9);
    // The accuracy is w̄'s on the five points.
    const right = SEED000.filter((p) => p.label * dot(wbar, feat(p)) > 0).length;
    await expect(lab.field('accuracy')).toHaveText(`${(right / 5) * 100}% (${right} of 5) with w̄`);
  }
  // The current line (solid black) and the w̄ line (dashed purple).
  await lab.settle();
  const image = await lab.plotImage();
  const wnow = await lab.weights();
  const purple = await fractionNear(lab, image, await lineSamples(lab, wbar), isPurple);
  expect(purple.count, 'the w̄ line crosses the plot').toBeGreaterThan(20);
  expect(purple.fraction, 'purple along the w̄ line').toBeGreaterThan(0.3);
  expect(purple.fraction, 'the w̄ line is dashed (gaps)').toBeLessThan(0.95);
  const black = await fractionNear(lab, image, await lineSamples(lab, wnow), isBlack);
  expect(black.fraction, 'black along the current line').toBeGreaterThan(0.8);
  await lab.screenshot('family-averaged.png');

  // The classic perceptron has no w̄: no purple anywhere, the field reads —.
  await lab.chooseAlgorithm('perceptron');
  await expect(lab.field('averaged')).toHaveText('—');
  await expect(lab.field('accuracy')).not.toContainText('w̄');
  for (let n = 1; n <= 12; n++) await lab.key('ArrowRight');
  await expect(lab.field('step')).toHaveText('12');
  await lab.settle();
  const plain = await lab.plotImage();
  let purples = 0;
  for (let y = 0; y < plain.height; y++) for (let x = 0; x < plain.width; x++) if (isPurple(pixel(plain, x, y))) purples++;
  expect(purples, 'no purple w̄ line for the classic perceptron').toBeLessThan(10);
});

/**
 * Steps through the first epoch of blobs3 with → and checks every step of `algorithm` against
 * arithmetic done here from the weights shown before the step; returns the points.
 */
async function blobsEpoch(lab, algorithm) {
  const points = [];
  for (let i = 1; i <= 36; i++) {
    const rows = parseRows(await lab.text('weights'));
    const W = rows.map((r) => r.w);
    await lab.key('ArrowRight');
    await expect(lab.field('step')).toHaveText(String(i));
    const s = parseSample(await lab.text('sample'));
    expect(s.index).toBe(i);
    points.push({ x: s.x, y: s.y, cls: s.cls });
    const f = feat(s);
    const scores = W.map((w) => dot(w, f));
    const after = W.map((w) => w.slice());
    const what = `${algorithm} step ${i} (sample #${i} of class ${s.cls})`;
    if (algorithm === 'multiclass') {
      expectNumbersClose(parseVector(await lab.text('score')), scores, `${what}: scores`, 1.1e-4);
      const predicted = argmax(scores);
      await expect(lab.anyField('explain-check'), what).toHaveText(
        predicted === s.cls ? `ŷ = argmax s = ${predicted} = y → correct` : `ŷ = argmax s = ${predicted} ≠ y = ${s.cls} → mistake`
      );
      if (predicted !== s.cls) {
        after[s.cls] = add(after[s.cls], f);
        after[predicted] = add(after[predicted], f, -1);
      }
    } else if (algorithm === 'ovr') {
      expectNumbersClose(parseVector(await lab.text('score')), scores, `${what}: scores`, 1.1e-4);
      const wrong = scores.map((v, k) => (k === s.cls ? 1 : -1) * v <= 0);
      const marks = wrong.map((bad) => (bad ? '✗' : '✓'));
      const check = await lab.anyText('explain-check');
      expect(check.split(', ').map((part) => part.slice(-1)), `${what}: ✓/✗ per classifier in "${check}"`).toEqual(marks);
      wrong.forEach((bad, k) => {
        if (bad) after[k] = add(after[k], f, k === s.cls ? 1 : -1);
      });
    } else {
      // One-vs-one: pair i|j says j when its score is > 0, else i; the pairs with y are trained.
      const pairs = rows.map((r) => r.name.slice(1).split('|').map(Number));
      const votes = [0, 0, 0];
      pairs.forEach(([a, c], p) => votes[scores[p] > 0 ? c : a]++);
      await expect(lab.field('score')).toHaveText(`votes [${votes.join(', ')}]`);
      const explain = /^pair scores (\[.*\]); votes (\[.*\]) → (\d+)$/.exec(await lab.anyText('explain-score'));
      expect(explain, `${what}: explain-score`).not.toBeNull();
      expectNumbersClose(parseVector(explain[1]), scores, `${what}: pair scores`, 1.1e-4);
      expect(parseVector(explain[2])).toEqual(votes);
      pairs.forEach(([a, c], p) => {
        if (a !== s.cls && c !== s.cls) return;
        const label = s.cls === c ? 1 : -1;
        if (label * scores[p] <= 0) after[p] = add(after[p], f, label);
      });
    }
    expectRowsClose(parseRows(await lab.text('weights')).map((r) => r.w), after, `${what}: rows after`, 1.1e-4);
  }
  return points;
}

test('multiclass on three blobs: every step is argmax arithmetic, regions coloured by argmax, arrows W0..W2', async ({ lab, page }) => {
  await lab.loadPreset('blobs3');
  await expect(lab.field('algorithm')).toHaveText('Multiclass perceptron');
  await expect(page.locator('[data-panel="gram"]')).toBeHidden();
  await expect(page.locator('[data-panel="batch"]')).toBeHidden();
  const points = await blobsEpoch(lab, 'multiclass');
  expect(points.map((p) => p.cls)).toEqual(Array.from({ length: 36 }, (_, i) => i % 3));
  const cli = runTraceClasses(points, ['--algo', 'multiclass', '--max-epochs', '100']);
  expectRowsClose(parseRows(await lab.text('weights')).map((r) => r.w), cli.steps[35].weights_after, 'page vs CLI after epoch 1', 1.1e-4);
  await page.locator('#run').click();
  await expect(lab.field('notice')).toHaveText(/^Verdict: converged after \d+ epochs/);
  await expect(lab.field('accuracy')).toHaveText('100% (36 of 36)');
  await expect(lab.field('step')).toHaveText(String(cli.steps.length));
  const W = parseRows(await lab.text('weights')).map((r) => r.w);
  expectRowsClose(W, cli.steps[cli.steps.length - 1].weights_after, 'page vs CLI at convergence', 1.1e-4);

  const decide = (x, y) => {
    const s = W.map((w) => dot(w, [1, x, y]));
    const a = argmax(s);
    const distance = Math.min(...W.map((w, k) => (k === a ? Infinity : (s[a] - s[k]) / Math.hypot(W[a][1] - w[1], W[a][2] - w[2]))));
    return { name: a, distance };
  };
  await lab.settle();
  expectRegions(await lookAtRegions(lab, points, decide), [0, 1, 2], 'multiclass regions');
  // The arrows W0, W1, W2 from the origin, in their class colours.
  const image = await lab.plotImage();
  for (let k = 0; k < 3; k++) {
    const along = [];
    for (let t = 0.3; t <= 0.85; t += 0.05) along.push([t * W[k][1], t * W[k][2]]);
    const seen = await fractionNear(lab, image, along, isClassColour[k]);
    expect(seen.count, `arrow W${k} is inside the plot`).toBeGreaterThan(5);
    expect(seen.fraction, `arrow W${k} to (${W[k][1]}, ${W[k][2]}) in class ${k}'s colour`).toBeGreaterThan(0.7);
  }
  await lab.screenshot('family-multiclass-blobs3.png');
});

test('one-vs-rest on three blobs: every step checks each classifier; grey where no single class wins', async ({ lab, page }) => {
  await lab.loadPreset('blobs3');
  await lab.chooseAlgorithm('ovr');
  await expect(page.locator('#classes')).toBeVisible();
  await expect(page.locator('[data-role="class-picker-multi"]')).toBeVisible();
  const points = await blobsEpoch(lab, 'ovr');
  const cli = runTraceClasses(points, ['--algo', 'ovr', '--max-epochs', '100']);
  expectRowsClose(parseRows(await lab.text('weights')).map((r) => r.w), cli.steps[35].weights_after, 'page vs CLI after epoch 1', 1.1e-4);
  await page.locator('#run').click();
  await expect(lab.field('notice')).toHaveText(/^Verdict: converged after \d+ epochs/);
  await expect(lab.field('accuracy')).toHaveText('100% (36 of 36)');
  const W = parseRows(await lab.text('weights')).map((r) => r.w);
  expectRowsClose(W, cli.steps[cli.steps.length - 1].weights_after, 'page vs CLI at convergence', 1.1e-4);

  const decide = (x, y) => {
    const s = W.map((w) => dot(w, [1, x, y]));
    const positive = s.map((v, k) => (v > 0 ? k : -1)).filter((k) => k >= 0);
    const distance = Math.min(...W.map((w, k) => Math.abs(s[k]) / norm2(w)));
    return { name: positive.length === 1 ? positive[0] : 'tied', distance };
  };
  await lab.settle();
  expectRegions(await lookAtRegions(lab, points, decide, { pad: 1.2 }), [0, 1, 2, 'tied'], 'one-vs-rest regions');
  // One line per class, in the class's colour.
  const image = await lab.plotImage();
  for (let k = 0; k < 3; k++) {
    const seen = await fractionNear(lab, image, await lineSamples(lab, W[k]), isClassColour[k]);
    expect(seen.count, `line "${k} vs rest" crosses the plot`).toBeGreaterThan(20);
    expect(seen.fraction, `line "${k} vs rest" in class ${k}'s colour`).toBeGreaterThan(0.6);
  }
  await lab.screenshot('family-ovr.png');
});

/** One-vs-one's decision at (x, y) for pair rows W (0|1, 0|2, 1|2): the vote's winner or 'tied'. */
function ovoDecide(W) {
  const pairs = [[0, 1], [0, 2], [1, 2]];
  return (x, y) => {
    const s = W.map((w) => dot(w, [1, x, y]));
    const votes = [0, 0, 0];
    pairs.forEach(([a, c], p) => votes[s[p] > 0 ? c : a]++);
    const best = Math.max(...votes);
    const winners = votes.map((v, k) => (v === best ? k : -1)).filter((k) => k >= 0);
    const distance = Math.min(...W.map((w, p) => Math.abs(s[p]) / norm2(w)));
    return { name: winners.length === 1 ? winners[0] : 'tied', distance };
  };
}

test('one-vs-one on three blobs: pair scores and votes of every step, regions by the vote, lines i|j', async ({ lab, page }) => {
  await lab.loadPreset('blobs3');
  await lab.chooseAlgorithm('ovo');
  const points = await blobsEpoch(lab, 'ovo');
  const cli = runTraceClasses(points, ['--algo', 'ovo', '--max-epochs', '100']);
  expectRowsClose(parseRows(await lab.text('weights')).map((r) => r.w), cli.steps[35].weights_after, 'page vs CLI after epoch 1', 1.1e-4);

  await page.locator('#run').click();
  await expect(lab.field('notice')).toHaveText(/^Verdict: converged after \d+ epochs/);
  await expect(lab.field('accuracy')).toHaveText('100% (36 of 36)');
  const rows = parseRows(await lab.text('weights'));
  expect(rows.map((r) => r.name)).toEqual(['W0|1', 'W0|2', 'W1|2']);
  const W = rows.map((r) => r.w);
  expectRowsClose(W, cli.steps[cli.steps.length - 1].weights_after, 'page vs CLI at convergence', 1.1e-4);
  await lab.settle();
  expectRegions(await lookAtRegions(lab, points, ovoDecide(W), { pad: 1.2, spacing: 0.25 }), [0, 1, 2], 'one-vs-one regions');
  // One line per pair i|j, in the colour of class j.
  const image = await lab.plotImage();
  for (const [p, [a, c]] of [[0, 1], [0, 2], [1, 2]].entries()) {
    const line = await fractionNear(lab, image, await lineSamples(lab, W[p]), isClassColour[c]);
    expect(line.count, `line ${a}|${c} crosses the plot`).toBeGreaterThan(20);
    expect(line.fraction, `line ${a}|${c} in class ${c}'s colour`).toBeGreaterThan(0.5);
  }
  await lab.screenshot('family-ovo.png');
});

test('one-vs-one on clicked points: a cyclic vote leaves a grey tied region', async ({ lab, page }) => {
  await lab.loadPreset('blank');
  await lab.chooseAlgorithm('ovo');
  await page.locator('#snap').check();
  await page.locator('#apply').click();
  await lab.expectNoSettingsError();
  // Two points per class; these give pair lines that cross in a wide triangle where each class
  // gets one vote.
  const wanted = [
    { x: -1, y: -3, cls: 0 }, { x: -3, y: 0, cls: 0 },
    { x: 3, y: 0, cls: 1 }, { x: 1, y: 1, cls: 1 },
    { x: -1, y: 2, cls: 2 }, { x: 1, y: -3, cls: 2 },
  ];
  const points = [];
  for (const p of wanted) {
    await lab.key(String(p.cls + 1));
    await expect(page.locator(`[data-class-index="${p.cls}"]`)).toHaveAttribute('aria-pressed', 'true');
    const got = await lab.addClassPoint(p.x, p.y);
    expect(got, `the point clicked at (${p.x}, ${p.y}) with key ${p.cls + 1}`).toEqual({ index: points.length + 1, ...p });
    points.push(got);
  }
  await expect(lab.field('points')).toHaveText('6 (2 of class 0, 2 of class 1, 2 of class 2)');
  const cli = runTraceClasses(points, ['--algo', 'ovo', '--max-epochs', '100']);
  expect(cli.result.converged).toBe(true);
  await page.locator('#run').click();
  await expect(lab.field('notice')).toHaveText(/^Verdict: converged after \d+ epochs/);
  await expect(lab.field('step')).toHaveText(String(cli.steps.length));
  const W = parseRows(await lab.text('weights')).map((r) => r.w);
  expectRowsClose(W, cli.steps[cli.steps.length - 1].weights_after, 'page vs CLI at convergence', 1.1e-4);
  const decide = ovoDecide(W);
  let tiedArea = 0;
  for (let x = -3; x <= 3; x += 0.1) for (let y = -3; y <= 3; y += 0.1) if (decide(x, y).name === 'tied' && decide(x, y).distance > 0.4) tiedArea++;
  expect(tiedArea, 'the vote ties over a wide region (computed here)').toBeGreaterThan(100);
  await lab.settle();
  expectRegions(await lookAtRegions(lab, points, decide, { pad: 0.5, spacing: 0.23 }), [0, 1, 2, 'tied'], 'one-vs-one regions with a tie');
  await lab.screenshot('family-ovo-tied.png');
});

/** The region names (0, 1, 2, 'tied') painted on a side-by-side plot, sampled on a grid. */
async function comparedRegions(figure) {
  const image = decodePng(await figure.locator('canvas').screenshot());
  const seen = new Map();
  // Inside the plot only: the tick labels left of and below it are antialiased text, whose grey
  // edge pixels can pass for the tied colour wherever a sub-pixel shift puts the sample grid.
  for (let y = 0.1; y < 0.74; y += 0.02) {
    for (let x = 0.2; x < 0.95; x += 0.02) {
      const name = regionName(pixel(image, x * image.width, y * image.height), 6);
      if (name !== null) seen.set(name, (seen.get(name) || 0) + 1);
    }
  }
  return seen;
}

test('three Gaussian blobs side by side: multiclass, one-vs-rest and one-vs-one trained to the end on the same points', async ({ lab, page }) => {
  await lab.loadPreset('blobs3');
  const panel = page.locator('[data-panel="compare"]');
  await expect(panel).toBeVisible();
  const figure = (name) => panel.locator(`figure[data-compare="${name}"]`);
  const caption = (name) => figure(name).locator('[data-part="caption"]');
  const done = /^converged after (\d+) epochs? \((\d+) steps?, (\d+) updates?\); accuracy 100%$/;
  for (const name of MULTICLASS_ALGORITHMS) await expect(caption(name)).toHaveText(done);
  await expect(figure('multiclass')).toHaveAttribute('aria-current', 'true');
  await expect(figure('ovr')).toHaveAttribute('aria-current', 'false');

  // Each plot shows its own strategy's regions: argmax leaves no ambiguous area, one-vs-rest does.
  await lab.settle();
  const regions = {};
  for (const name of MULTICLASS_ALGORITHMS) regions[name] = await comparedRegions(figure(name));
  for (const name of MULTICLASS_ALGORITHMS) {
    for (const k of [0, 1, 2]) expect(regions[name].get(k) || 0, `${name}: class ${k}'s region`).toBeGreaterThan(20);
  }
  expect(regions.multiclass.get('tied') || 0, 'multiclass: argmax always picks one class').toBe(0);
  expect(regions.ovr.get('tied') || 0, 'one-vs-rest: grey where no single classifier, or several, say yes').toBeGreaterThan(5);

  // Choosing one steps through it in the main plot, and running it gives the caption's numbers.
  const [, epochs, steps, updates] = (await caption('ovr').textContent()).match(done);
  await figure('ovr').locator('button').click();
  await expect(page.locator('#algorithm')).toHaveValue('ovr');
  await expect(lab.field('algorithm')).toHaveText(ALGORITHM_TITLES.ovr);
  await expect(figure('ovr')).toHaveAttribute('aria-current', 'true');
  await expect(lab.field('step')).toHaveText('0');
  await page.locator('#run').click();
  await expect(lab.field('notice')).toHaveText(`Verdict: converged after ${epochs} epochs (${steps} steps, ${updates} updates).`);
  await lab.screenshot('family-compare-blobs3.png');

  // A new point is compared at once: one more sample per epoch changes every run.
  const before = await caption('ovo').textContent();
  await lab.key('1');
  await lab.addClassPoint(0, -3.5);
  await expect(lab.field('points')).toHaveText('37 (13 of class 0, 12 of class 1, 12 of class 2)');
  await expect(caption('ovo')).not.toHaveText(before);
  await expect(caption('ovo')).toHaveText(/^converged after .*; accuracy 100%$/);

  // The binary algorithms have no comparison.
  await lab.loadPreset('seed000');
  await expect(panel).toBeHidden();
});

test('rings by a quadratic kernel: converges, inner ring blue, outer ring orange, as Σ α·y·K + b says', async ({ lab, page }) => {
  await lab.loadPreset('rings-poly');
  await expect(page.locator('#algorithm')).toHaveValue('kernel');
  await expect(page.locator('#kernel')).toHaveValue('poly:2:1:1');
  await expect(lab.field('points')).toHaveText('36 (18 of +1, 18 of -1)');
  const samples = await lab.visitSamples(36);
  const points = samples.map((s) => ({ x: s.x, y: s.y, label: s.label }));
  for (const p of points) {
    const r = Math.hypot(p.x, p.y);
    expect(p.label > 0 ? r < 1.1 : r > 2.1, `(${p.x}, ${p.y}) of class ${p.label} is on its ring`).toBe(true);
  }
  const cli = runTrace(points, ['--algo', 'kernel', '--kernel', 'poly:2:1:1', '--max-epochs', '100']);
  await page.locator('#run').click();
  await expect(lab.field('notice')).toHaveText(/^Verdict: converged after \d+ epochs/);
  await expect(lab.field('accuracy')).toHaveText('100% (36 of 36)');
  await expect(lab.field('step')).toHaveText(String(cli.steps.length));
  const model = parseKernelModel(await lab.text('weights'));
  expect(model.b).toBe(cli.result.bias);
  expect(model.support).toBe(cli.result.alpha.filter((a) => a).length);
  expect(model.w, 'no w in the plane for a poly kernel').toBeNull();
  const K = (a, c) => (a.x * c.x + a.y * c.y + 1) ** 2;
  const fOf = (x, y) => cli.result.alpha.reduce((s, a, j) => s + a * points[j].label * K(points[j], { x, y }), cli.result.bias);
  const decide = (x, y) => {
    const f = fOf(x, y);
    const h = 1e-3;
    const grad = Math.hypot(fOf(x + h, y) - fOf(x - h, y), fOf(x, y + h) - fOf(x, y - h)) / (2 * h);
    return { name: f > 0 ? 1 : 0, distance: Math.abs(f) / Math.max(grad, 1e-9) };
  };
  await lab.settle();
  expectRegions(await lookAtRegions(lab, points, decide, { spacing: 0.3 }), [0, 1], 'rings regions');
  // The centre is inside the inner ring: blue.
  expect(decide(0, 0).name).toBe(1);
  await lab.screenshot('family-kernel-rings.png');
});

/**
 * A trace cell as the CSV export writes it: behind a single quote when a spreadsheet would run
 * it as a formula (`=`, `@`, tab, CR; `+`/`-` followed by anything but a plain number, such as
 * `+[1, 5, 6]`), OWASP's CSV-injection rule as src/core/table.rs applies it.
 */
function csvFormulaSafe(cell) {
  const bare = cell.replace(/^'+/, '');
  const formula = /^[=@\t\r]/.test(bare)
    || (/^[+-]./.test(bare) && !/^[+-](\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(bare));
  return formula ? `'${cell}` : cell;
}

/** A minimal CSV line parser (quoted fields with "" escapes). */
function csvFields(line) {
  const out = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let s = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          s += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else s += line[i++];
      }
      out.push(s);
      i++; // the comma
    } else {
      const end = line.indexOf(',', i);
      const stop = end < 0 ? line.length : end;
      out.push(line.slice(i, stop));
      i = stop + 1;
    }
  }
  return out;
}

test('trace table and exports for every algorithm: rows, current row, jumping to a row, Markdown, CSV, LaTeX', async ({ lab, page }) => {
  for (const algo of Object.keys(ALGORITHM_TITLES)) {
    const multi = MULTICLASS_ALGORITHMS.includes(algo);
    if (multi) await lab.loadPreset('blobs3');
    else await seed000FromZero(lab);
    if ((await page.locator('#algorithm').inputValue()) !== algo || algo === 'perceptron') await lab.chooseAlgorithm(algo);
    for (let i = 1; i <= 3; i++) await lab.key('ArrowRight');
    await expect(lab.field('step')).toHaveText('3');
    const rows = await lab.traceRows();
    expect(rows.map((r) => r.step), `${algo}: one trace row per step`).toEqual([1, 2, 3]);
    for (const r of rows) {
      expect(r.cells, `${algo}: row ${r.step} has five cells`).toHaveLength(5);
      expect(r.cells[0]).toBe(String(r.step));
      expect(['yes', 'no'], `${algo}: row ${r.step} correct?`).toContain(r.cells[3]);
      expect(r.classes.includes('current'), `${algo}: row ${r.step} current`).toBe(r.step === 3);
    }
    const at3 = await snapshot(lab);
    // Clicking row 2 goes back to step 2; → returns to step 3 exactly.
    await page.locator('[data-panel="trace"] tbody tr[data-step="2"]').click();
    await expect(lab.field('step'), `${algo}: clicking row 2`).toHaveText('2');
    const rows2 = await lab.traceRows();
    expect(rows2.filter((r) => r.classes.includes('current')).map((r) => r.step)).toEqual([2]);
    if (!['kernel', 'ovo'].includes(algo)) {
      // The weights column holds the model before each step: row 3's is the model after step 2.
      await expect(lab.field('weights'), `${algo}: the model after step 2 is row 3's weights`).toHaveText(rows[2].cells[1]);
    }
    await lab.key('ArrowRight');
    await expect(lab.field('step')).toHaveText('3');
    expect(await snapshot(lab), `${algo}: → after jumping back replays step 3`).toEqual(at3);

    const md = await lab.download('[data-panel="trace"] [data-panel-act="markdown"]');
    expect(md.name).toBe('perceptron-trace.md');
    const mdLines = md.text.replace(/\n+$/, '').split('\n');
    expect(mdLines[0]).toBe('| step | weights | score | correct? | update |');
    expect(mdLines).toHaveLength(6);
    const mdCells = (line) => line.replace(/^\| ?| ?\|$/g, '').split(/ \| /).map((c) => c.trim().replace(/\\\|/g, '|'));
    rows.forEach((r, k) => expect(mdCells(mdLines[2 + k]), `${algo}: Markdown row ${k + 1} = trace row`).toEqual(r.cells));
    const closing = mdCells(mdLines[5]);
    if (['perceptron', 'averaged'].includes(algo)) expect(closing[0]).toBe('4');
    expect(closing.join(' '), `${algo}: the closing row holds the model now`).toContain(
      algo === 'kernel' ? (await lab.text('weights')).split('; w =')[0] : await lab.text('weights')
    );

    const csv = await lab.download('[data-panel="trace"] [data-panel-act="csv"]');
    expect(csv.name).toBe('perceptron-trace.csv');
    const csvLines = csv.text.replace(/\n+$/, '').split('\n');
    expect(csvLines, `${algo}: CSV header and three rows`).toHaveLength(4);
    if (['perceptron', 'averaged'].includes(algo)) {
      expect(csvLines[0]).toBe('step,epoch,index,x1,x2,y,w0_before,w1_before,w2_before,score,mistake,w0_after,w1_after,w2_after');
      csvLines.slice(1).forEach((line, k) => {
        const f = csvFields(line);
        expect(f[0]).toBe(String(k + 1));
        expect(`[${f.slice(6, 9).join(', ')}]`, `${algo}: CSV weights before step ${k + 1}`).toBe(rows[k].cells[1]);
        expect(f[10]).toBe(rows[k].cells[3] === 'no' ? 'true' : 'false');
      });
    } else {
      expect(csvLines[0]).toBe('step,weights,score,correct,update');
      csvLines.slice(1).forEach((line, k) => expect(csvFields(line), `${algo}: CSV row ${k + 1} = trace row`).toEqual(
        rows[k].cells.slice(0, 5).map(csvFormulaSafe)
      ));
      // An update such as +[1, 5, 6] would be a formula: it is written behind a quote.
      if (algo === 'batch') expect(csv.text, `${algo}: a +[…] update behind a quote`).toContain(',"\'+[');
    }

    const tex = await lab.download('[data-panel="trace"] [data-panel-act="latex"]');
    expect(tex.name).toBe('perceptron-trace.tex');
    const texLines = tex.text.replace(/\n+$/, '').split('\n');
    expect(texLines[0]).toBe('\\begin{tabular}{rllll}');
    expect(texLines).toContain('\\toprule');
    expect(texLines.slice(-2)).toEqual(['\\bottomrule', '\\end{tabular}']);
    const texRows = texLines.filter((l) => /^\d+ & /.test(l));
    expect(texRows.slice(0, 3).map((l) => l.split(' & ')[0]), `${algo}: LaTeX step rows`).toEqual(['1', '2', '3']);
    for (const l of texRows.slice(0, 3)) expect(l.endsWith('\\\\'), `${algo}: LaTeX row ends with \\\\: ${l}`).toBe(true);
  }
});

// pdflatex cannot typeset raw Unicode (α, η, ·, →, −, ŷ) in text mode: the LaTeX export of every
// algorithm must be plain TeX, as the classic perceptron's is ($\cdot$ in math).
test('LaTeX export of every algorithm is plain TeX (ASCII), as the classic perceptron\'s is', async ({ lab, page }) => {
  const problems = [];
  for (const algo of Object.keys(ALGORITHM_TITLES)) {
    if (MULTICLASS_ALGORITHMS.includes(algo)) await lab.loadPreset('blobs3');
    else await seed000FromZero(lab);
    if ((await page.locator('#algorithm').inputValue()) !== algo || algo === 'perceptron') await lab.chooseAlgorithm(algo);
    for (let i = 1; i <= 3; i++) await lab.key('ArrowRight');
    await expect(lab.field('step')).toHaveText('3');
    const tex = await lab.download('[data-panel="trace"] [data-panel-act="latex"]');
    const bad = [...new Set(tex.text.match(/[^\x00-\x7f]/g) || [])];
    if (bad.length) problems.push(`${algo}: ${bad.join(' ')} in ${JSON.stringify(tex.text.split('\n').find((l) => /[^\x00-\x7f]/.test(l)))}`);
  }
  expect(problems, 'non-ASCII characters in the LaTeX exports (pdflatex cannot typeset them in text mode)').toEqual([]);
});

// With three classes (0, 1, 2) key 4 means class 3 (its hidden button is labelled 3 and titled
// "Key 4"): the notice must name class 3, not 4.
test('a class key with no class names the class of that key', async ({ lab, page }) => {
  await lab.loadPreset('blobs3');
  await lab.key('4');
  await expect(lab.field('notice')).toHaveText(/^There is no class /);
  await expect(lab.field('notice'), 'key 4 is class 3 (the button labelled 3)').toHaveText(/^There is no class 3\b/);
  await expect(page.locator('[data-class-index="0"]')).toHaveAttribute('aria-pressed', 'true');
});
