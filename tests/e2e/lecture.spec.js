// Lecture mode: the example presets, the trace table and "This step" panel against the course's
// seed 000 table, going back and forth in history (←/→, scrubber, clicking rows), Next mistake /
// Finish epoch / Run to convergence, the exports (compared with the perceptron-trace CLI), and the
// theory panel.
'use strict';

const {
  test,
  expect,
  SEED000,
  SEED000_TABLE,
  runTraceText,
  pixel,
} = require('./helpers');

/** "This step" for each of seed 000's first five steps (w before the step, as the table). */
const SEED000_EXPLAIN = [
  {
    'explain-title': 'Step 1: sample #1 (1, 1), y = -1',
    'explain-weights': '[-1, 0, 0]',
    'explain-score': '-1 * 1 + 0 * 1 + 0 * 1 = -1',
    'explain-check': 'y·s = 1 > 0 → correct',
    'explain-update': 'no update (score -1)',
  },
  {
    'explain-title': 'Step 2: sample #2 (3, 2), y = +1',
    'explain-weights': '[-1, 0, 0]',
    'explain-score': '-1 * 1 + 0 * 3 + 0 * 2 = -1',
    'explain-check': 'y·s = -1 ≤ 0 → mistake',
    'explain-update': '+[1, 3, 2] → w = [0, 3, 2]',
  },
  {
    'explain-title': 'Step 3: sample #3 (2, 4), y = +1',
    'explain-weights': '[0, 3, 2]',
    'explain-score': '0 * 1 + 3 * 2 + 2 * 4 = 14',
    'explain-check': 'y·s = 14 > 0 → correct',
    'explain-update': 'no update (score 14)',
  },
  {
    'explain-title': 'Step 4: sample #4 (3, 4), y = +1',
    'explain-weights': '[0, 3, 2]',
    'explain-score': '0 * 1 + 3 * 3 + 2 * 4 = 17',
    'explain-check': 'y·s = 17 > 0 → correct',
    'explain-update': 'no update (score 17)',
  },
  {
    'explain-title': 'Step 5: sample #5 (2, 3), y = -1',
    'explain-weights': '[0, 3, 2]',
    'explain-score': '0 * 1 + 3 * 2 + 2 * 3 = 12',
    'explain-check': 'y·s = -12 ≤ 0 → mistake',
    'explain-update': '-[1, 2, 3] → w = [-1, 1, -1]',
  },
];

/** A grey axis-line pixel. */
const isAxisGrey = ([r, g, b]) => r < 170 && Math.abs(r - g) < 16 && Math.abs(g - b) < 16;

/**
 * From (x, y) (device px, on an axis line) along direction (dx, dy): the first and last pixel of
 * the run of axis-grey pixels through it (looking one pixel either side of the line too).
 */
function axisSpan(image, x, y, dx, dy) {
  const grey = (px, py) => [-1, 0, 1].some((o) => isAxisGrey(pixel(image, px + o * dy, py + o * dx)));
  const walk = (sign) => {
    let t = 0;
    while (t < 10000 && grey(x + (t + 1) * sign * dx, y + (t + 1) * sign * dy)) t++;
    return t;
  };
  const along = dx ? x : y;
  return [along - walk(-1), along + walk(1)];
}

const NO_STEP_TITLE = 'No step yet: press Step (→) to visit the first sample.';

/** Everything a student reads about the current step: status, explain panel, history note. */
async function snapshot(lab) {
  const status = await lab.status();
  const explain = await lab.explain();
  delete status.notice; // "Back to step 3." etc. legitimately differ between ways of getting there
  return { ...status, ...explain, history: await lab.anyText('history') };
}

async function expectCurrentRow(lab, step, total) {
  const rows = await lab.traceRows();
  expect(rows.map((r) => r.step), 'one trace row per step taken').toEqual(
    Array.from({ length: total }, (_, i) => i + 1)
  );
  for (const r of rows) {
    const where = `trace row ${r.step} with the cursor at step ${step}`;
    expect(r.classes.includes('current'), `${where}: class "current"`).toBe(r.step === step);
    expect(r.current, `${where}: aria-current`).toBe(r.step === step ? 'step' : null);
    expect(r.classes.includes('undone'), `${where}: class "undone"`).toBe(r.step > step);
  }
}

test('seed 000 preset: five steps give the course table row for row and step 5 explained', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  // The preset's settings are shown in the form.
  await expect(page.locator('#init')).toHaveValue('-1,0,0');
  await expect(page.locator('#bias')).toBeChecked();
  await expect(page.locator('#order')).toHaveValue('fixed');
  await expect(lab.field('points')).toHaveText('5 (3 of +1, 2 of -1)');
  await expect(lab.field('weights')).toHaveText('[-1, 0, 0]');
  await expect(lab.anyField('explain-title')).toHaveText(NO_STEP_TITLE);
  await expect(page.locator('[data-panel="trace"] table thead th')).toHaveText(['step', 'weights', 'score', 'correct?', 'update']);
  expect(await lab.traceRows(), 'no trace rows before the first step').toEqual([]);
  // The view is fitted: square units, centred on the origin, all points inside.
  const unit = await lab.cssPerUnit();
  expect(Math.abs(unit.x - unit.y), `equal units (${unit.x} vs ${unit.y})`).toBeLessThan(0.01);
  const size = await lab.canvasSizes();
  const [ox, oy] = await lab.toCss(0, 0);
  // The axes run across the whole plot area; the origin is in the middle of both (to within a
  // tick mark's length: the axis run continues into the tick at 0 on the far side).
  const image = await lab.plotImage();
  const scale = image.width / (await lab.box()).width;
  const x1 = axisSpan(image, ox * scale, oy * scale, 1, 0);
  const x2 = axisSpan(image, ox * scale, oy * scale, 0, 1);
  expect(Math.abs((x1[0] + x1[1]) / 2 - ox * scale), `x1 axis spans ${x1} device px, origin at ${ox * scale}`).toBeLessThan(8 * scale);
  expect(Math.abs((x2[0] + x2[1]) / 2 - oy * scale), `x2 axis spans ${x2} device px, origin at ${oy * scale}`).toBeLessThan(8 * scale);
  expect(x2[1] - x2[0], 'the x2 axis is long (it spans the plot area)').toBeGreaterThan(0.5 * size.clientHeight * scale);
  for (const p of SEED000) {
    const [cx, cy] = await lab.toCss(p.x, p.y);
    expect(cx > 0 && cx < size.clientWidth && cy > 0 && cy < size.clientHeight, `(${p.x}, ${p.y}) is in view`).toBe(true);
  }

  for (let i = 1; i <= 5; i++) {
    await lab.key('ArrowRight');
    await expect(lab.field('step')).toHaveText(String(i));
    const rows = await lab.traceRows();
    expect(rows.map((r) => r.cells), `trace table after ${i} steps`).toEqual(SEED000_TABLE.slice(0, i));
    expect(await lab.explain(), `"This step" after step ${i}`).toEqual(SEED000_EXPLAIN[i - 1]);
  }
  await expectCurrentRow(lab, 5, 5);
  await expect(lab.field('weights')).toHaveText('[-1, 1, -1]');
  await expect(lab.field('updates')).toHaveText('2');
  await expect(lab.field('state')).toHaveText('not converged yet');
  await expect(lab.anyField('history'), 'no history note at the last step').toHaveText('');
  await expect(page.locator('[data-panel="trace"] [data-part="caption"]')).not.toHaveText(/^\s*$/);
  await expect(page.locator('#scrubber')).toHaveValue('5');
  await expect(page.locator('#scrubber')).toHaveAttribute('max', '5');
});

test('← undoes each step exactly, → replays; scrubber and trace rows jump to a step', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  const states = [await snapshot(lab)];
  for (let i = 1; i <= 5; i++) {
    await lab.key('ArrowRight');
    await expect(lab.field('step')).toHaveText(String(i));
    states.push(await snapshot(lab));
  }
  // Weights before each step: the table's second column.
  expect(states.slice(0, 5).map((s) => s.weights)).toEqual(SEED000_TABLE.map((r) => r[1]));

  for (let i = 4; i >= 0; i--) {
    await lab.key('ArrowLeft');
    await expect(lab.field('step')).toHaveText(String(i));
    await expect(lab.field('weights'), `← back to step ${i}: the weights before step ${i + 1}`).toHaveText(
      SEED000_TABLE[i][1]
    );
    const now = await snapshot(lab);
    const want = { ...states[i] };
    // Only the history note differs from when step i was first reached.
    expect(now.history, `history note at step ${i} of 5`).not.toBe('');
    expect(now.history).toMatch(new RegExp(`^step ${i} of 5\\b`));
    now.history = want.history;
    expect(now, `everything shown at step ${i} after going back equals what it was`).toEqual(want);
    await expect(page.locator('#scrubber')).toHaveValue(String(i));
    await expect(page.locator('#scrubber'), 'going back keeps the later steps').toHaveAttribute('max', '5');
    await expectCurrentRow(lab, i, 5);
  }
  await expect(lab.anyField('explain-title')).toHaveText(NO_STEP_TITLE);
  // ← at step 0 changes nothing.
  await lab.key('ArrowLeft');
  await expect(lab.field('step')).toHaveText('0');
  await expect(lab.field('weights')).toHaveText('[-1, 0, 0]');

  for (let i = 1; i <= 5; i++) {
    await lab.key('ArrowRight');
    await expect(lab.field('step')).toHaveText(String(i));
    const now = await snapshot(lab);
    if (i < 5) {
      expect(now.history, `history note while replaying (step ${i})`).not.toBe('');
      now.history = states[i].history;
    }
    expect(now, `→ replays step ${i} to the same state`).toEqual(states[i]);
  }
  expect((await lab.traceRows()).map((r) => r.cells)).toEqual(SEED000_TABLE);

  // The scrubber jumps to step 2.
  const scrubber = page.locator('#scrubber');
  await expect(scrubber).toHaveAttribute('min', '0');
  await expect(scrubber).toHaveAttribute('max', '5');
  await scrubber.fill('2');
  await expect(lab.field('step')).toHaveText('2');
  await expect(lab.field('weights')).toHaveText('[0, 3, 2]');
  await expect(lab.anyField('explain-title')).toHaveText(SEED000_EXPLAIN[1]['explain-title']);
  await expect(lab.anyField('history')).not.toHaveText('');
  await expect(lab.anyField('history')).toContainText('step 2 of 5');
  await expectCurrentRow(lab, 2, 5);
  expect(await snapshot(lab)).toEqual({ ...states[2], history: await lab.anyText('history') });

  // Clicking a trace row jumps there too: row 4, then row 2.
  await page.locator('[data-panel="trace"] table tbody tr[data-step="4"]').click();
  await expect(lab.field('step')).toHaveText('4');
  await expect(scrubber).toHaveValue('4');
  await expect(lab.field('weights')).toHaveText('[0, 3, 2]');
  await expect(lab.anyField('explain-score')).toHaveText(SEED000_EXPLAIN[3]['explain-score']);
  await expectCurrentRow(lab, 4, 5);
  await page.locator('[data-panel="trace"] table tbody tr[data-step="2"]').click();
  await expect(lab.field('step')).toHaveText('2');
  await expect(scrubber).toHaveValue('2');
  await expect(lab.field('weights')).toHaveText('[0, 3, 2]');
  await expect(lab.field('updates')).toHaveText('1');
  await expectCurrentRow(lab, 2, 5);
  await expect(page.locator('[data-panel="trace"] table tbody tr.undone')).toHaveCount(3);
  await expect(lab.anyField('history')).not.toHaveText('');

  // #step (the button) redoes step 3 rather than computing a new one.
  await page.locator('#step').click();
  await expect(lab.field('step')).toHaveText('3');
  await expect(scrubber).toHaveAttribute('max', '5');
  await expectCurrentRow(lab, 3, 5);
  // #back is the same exact undo as ←.
  await page.locator('#back').click();
  await expect(lab.field('step')).toHaveText('2');
  await expect(lab.field('weights')).toHaveText('[0, 3, 2]');

  // Jumping back to the end clears the note.
  await scrubber.fill('5');
  await expect(lab.field('step')).toHaveText('5');
  await expect(lab.field('weights')).toHaveText('[-1, 1, -1]');
  await expect(lab.anyField('history')).toHaveText('');
  await expectCurrentRow(lab, 5, 5);
});

test('Next mistake, Finish epoch and Run to convergence', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  await page.locator('#next-mistake').click();
  await expect(lab.field('step'), 'N stops at the first mistake').toHaveText('2');
  await expect(lab.field('outcome')).toHaveText('mistake → +[1, 3, 2]');
  await expect(lab.field('weights')).toHaveText('[0, 3, 2]');
  await page.locator('#next-mistake').click();
  await expect(lab.field('step'), 'N stops at the second mistake').toHaveText('5');
  await expect(lab.field('weights')).toHaveText('[-1, 1, -1]');
  expect((await lab.traceRows()).map((r) => r.cells), 'N records every step it passes').toEqual(SEED000_TABLE);

  // Finish epoch from the middle of epoch 2.
  await lab.clickStep();
  await expect(lab.field('step')).toHaveText('6');
  await expect(lab.field('epoch')).toHaveText('2');
  await page.locator('#finish-epoch').click();
  await expect(lab.field('step'), 'E completes epoch 2 (steps 6–10)').toHaveText('10');
  await expect(lab.field('epoch')).toHaveText('2');
  await expect(lab.field('sample'), 'the last sample of the epoch was visited').toHaveText(/^#5 \(2, 3\)/);
  // And from the start of an epoch (right after epoch 2 ended) it runs the whole of epoch 3.
  await page.locator('#finish-epoch').click();
  await expect(lab.field('step')).toHaveText('15');
  await expect(lab.field('epoch')).toHaveText('3');

  // E from step 0 completes epoch 1: the table's five rows.
  await page.locator('#reset').click();
  await expect(lab.field('step')).toHaveText('0');
  await page.locator('#finish-epoch').click();
  await expect(lab.field('step')).toHaveText('5');
  await expect(lab.field('epoch')).toHaveText('1');
  await expect(lab.field('weights')).toHaveText('[-1, 1, -1]');
  expect((await lab.traceRows()).map((r) => r.cells)).toEqual(SEED000_TABLE);

  // Seed 001 (no bias) converges after 2 epochs.
  await lab.loadPreset('seed001');
  await expect(page.locator('#bias')).not.toBeChecked();
  await expect(lab.field('points')).toHaveText('4 (2 of +1, 2 of -1)');
  await page.locator('#run').click();
  await expect(lab.field('notice')).toHaveText('Verdict: converged after 2 epochs (8 steps, 3 updates).');
  await expect(lab.field('weights')).toHaveText('[0, 1, -3]');
  await expect(lab.field('step')).toHaveText('8');
  await expect(lab.field('updates')).toHaveText('3');
  await expect(lab.field('state')).toHaveText('converged (epoch 2 was clean)');
  await expect(page.locator('[data-panel="trace"] table tbody tr[data-step]')).toHaveCount(8);

  // XOR: after 4 steps the weights repeat, so the page says it cycles; Run says never.
  await lab.loadPreset('xor');
  await expect(lab.field('points')).toHaveText('4 (2 of +1, 2 of -1)');
  for (let i = 1; i <= 3; i++) {
    await lab.clickStep();
    await expect(lab.field('step')).toHaveText(String(i));
    await expect(lab.field('state'), `no verdict yet after ${i} steps`).not.toHaveText(/cycl/);
  }
  await lab.clickStep();
  await expect(lab.field('step')).toHaveText('4');
  await expect(lab.field('weights')).toHaveText('[0, 0, 0]');
  await expect(lab.field('state')).toHaveText(
    'never converges — the weights at the start of epoch 2 repeat epoch 1: training cycles'
  );
  await page.locator('#run').click();
  await expect(lab.field('notice')).toHaveText(/^Verdict: never converges\. /);
  await expect(lab.field('notice')).toContainText('cycles');
  await expect(lab.field('state')).toHaveText(/^never converges/);
  // Run from step 0 says the same (and stops once the cycle is proven).
  await page.locator('#reset').click();
  await expect(lab.field('step')).toHaveText('0');
  await page.locator('#run').click();
  await expect(lab.field('notice')).toHaveText(/^Verdict: never converges\. /);
  await expect(lab.field('step')).toHaveText('4');
});

test('exports: Markdown, CSV and LaTeX of the steps so far; Markdown and CSV equal the CLI', async ({ lab }) => {
  await lab.loadPreset('seed000');
  for (let i = 0; i < 5; i++) await lab.key('ArrowRight');
  await expect(lab.field('step')).toHaveText('5');
  const args = ['--init=-1,0,0', '--max-epochs', '1'];

  const md = await lab.download('[data-panel="trace"] [data-panel-act="markdown"]');
  expect(md.name).toBe('perceptron-trace.md');
  const mdLines = md.text.replace(/\n+$/, '').split('\n');
  expect(mdLines).toEqual([
    '| step | weights | score | correct? | update |',
    '|---:|---|---|---|---|',
    ...SEED000_TABLE.map((r) => `| ${r.join(' | ')} |`),
    '| 6 | [-1, 1, -1] | | | |',
  ]);
  // The CLI prints the same table, then a blank line and a summary line.
  const cliMd = runTraceText(SEED000, args, 'markdown').split('\n');
  const blank = cliMd.indexOf('');
  expect(blank, 'the CLI table ends with a blank line').toBeGreaterThan(0);
  expect(mdLines, 'page Markdown export vs perceptron-trace --format markdown').toEqual(cliMd.slice(0, blank));

  const csv = await lab.download('[data-panel="trace"] [data-panel-act="csv"]');
  expect(csv.name).toBe('perceptron-trace.csv');
  const csvLines = csv.text.replace(/\n+$/, '').split('\n');
  expect(csvLines[0]).toBe(
    'step,epoch,index,x1,x2,y,w0_before,w1_before,w2_before,score,mistake,w0_after,w1_after,w2_after'
  );
  expect(csvLines).toHaveLength(6);
  expect(csvLines[5]).toBe('5,1,5,2,3,-1,0,3,2,12,true,-1,1,-1');
  const cliCsv = runTraceText(SEED000, args, 'csv').replace(/\n+$/, '').split('\n');
  expect(csvLines, 'page CSV export vs perceptron-trace --format csv').toEqual(cliCsv);

  const tex = await lab.download('[data-panel="trace"] [data-panel-act="latex"]');
  expect(tex.name).toBe('perceptron-trace.tex');
  const texLines = tex.text.replace(/\n+$/, '').split('\n');
  expect(texLines[0]).toBe('\\begin{tabular}{rllll}');
  expect(texLines[1]).toBe('\\toprule');
  expect(texLines.slice(-2)).toEqual(['\\bottomrule', '\\end{tabular}']);
  expect(texLines).toContain(
    '2 & $[-1, 0, 0]$ & $-1 \\cdot 1 + 0 \\cdot 3 + 0 \\cdot 2 = -1$ & no & $+[1, 3, 2]$ \\\\'
  );
  const texRows = texLines.filter((l) => /^\d+ & /.test(l));
  expect(texRows.map((l) => l.split(' & ')[0]), 'LaTeX rows: steps 1–5 and the closing weights').toEqual([
    '1', '2', '3', '4', '5', '6',
  ]);
  expect(texRows[5]).toMatch(/^6 & \$\[-1, 1, -1\]\$ & +& +& +\\\\$/);

  // Exports hold the steps up to the current one: after going back to step 2, two rows.
  await lab.key('ArrowLeft');
  await lab.key('ArrowLeft');
  await lab.key('ArrowLeft');
  await expect(lab.field('step')).toHaveText('2');
  const md2 = await lab.download('[data-panel="trace"] [data-panel-act="markdown"]');
  const md2Lines = md2.text.replace(/\n+$/, '').split('\n');
  expect(md2Lines).toEqual([
    '| step | weights | score | correct? | update |',
    '|---:|---|---|---|---|',
    ...SEED000_TABLE.slice(0, 2).map((r) => `| ${r.join(' | ')} |`),
    '| 3 | [0, 3, 2] | | | |',
  ]);
  const csv2 = await lab.download('[data-panel="trace"] [data-panel-act="csv"]');
  expect(csv2.text.replace(/\n+$/, '').split('\n')).toEqual(cliCsv.slice(0, 3));
});

test('theory panel: R, margins, bound, separability, max-margin band, pocket', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  // R = max ‖(1, x1, x2)‖ = ‖(1, 3, 4)‖ = √26.
  await expect(lab.anyField('radius')).toHaveText(Math.sqrt(26).toFixed(3));
  await expect(lab.anyField('separable')).toHaveText('separable');
  const best = Number(await lab.anyText('best-margin'));
  expect(best, 'γ* of a separable set is positive').toBeGreaterThan(0);
  const bound = /^\(R\/γ\*\)² = (\d+) ≥ updates (\d+)$/.exec(await lab.anyText('bound'));
  expect(bound, `bound field: ${await lab.anyText('bound')}`).not.toBeNull();
  const n = Number(bound[1]);
  const expected = (Math.sqrt(26) / best) ** 2;
  expect(Math.abs(n - expected) / expected, `(R/γ*)² = ${n} vs (√26 / ${best})² = ${expected}`).toBeLessThan(0.01);
  expect(bound[2]).toBe('0');
  // γ_w of w = [-1, 0, 0]: every point has score -1, so min y·s / ‖w‖ = -1.
  await expect(lab.anyField('margin')).toHaveText('-1');
  await expect(lab.anyField('pocket')).toHaveText('off');
  await page.locator('#finish-epoch').click();
  await expect(lab.field('step')).toHaveText('5');
  await expect(lab.anyField('bound')).toHaveText(`(R/γ*)² = ${n} ≥ updates 2`);
  // γ_w of w = [-1, 1, -1]: min over samples of y·(w·x̃)/‖w‖ = -3/√3 (sample (2, 4)).
  await expect(lab.anyField('margin')).toHaveText((-3 / Math.sqrt(3)).toFixed(4));

  // Show the max-margin separator: a pinkish purple band. Any separating line crosses every
  // segment from a -1 point to a +1 point, so the band must show on one of them.
  const show = page.locator('[data-panel="theory"] [data-panel-act="max-margin"]');
  const tinted = ([r, g, b]) => r - g >= 12 && b - g >= 6 && r >= b; // rgb(204,121,167) over light
  const segmentsTinted = async () => {
    const image = await lab.plotImage();
    const box = await lab.box();
    const scale = image.width / box.width;
    const hits = [];
    for (const a of SEED000.filter((p) => p.label < 0)) {
      for (const b of SEED000.filter((p) => p.label > 0)) {
        const [ax, ay] = await lab.toCss(a.x, a.y);
        const [bx, by] = await lab.toCss(b.x, b.y);
        const len = Math.hypot(bx - ax, by - ay);
        let count = 0;
        // Skip 12 CSS px at both ends: the point markers.
        for (let d = 12; d <= len - 12; d += 0.5) {
          const t = d / len;
          const c = pixel(image, (ax + t * (bx - ax)) * scale, (ay + t * (by - ay)) * scale);
          if (tinted(c)) count++;
        }
        hits.push(count);
      }
    }
    return hits;
  };
  const before = await segmentsTinted();
  expect(before.every((h) => h === 0), `no purple between the classes before ticking the box: ${before}`).toBe(true);
  await show.check();
  await expect
    .poll(async () => (await segmentsTinted()).filter((h) => h > 0).length, {
      message: 'the max-margin band (purple) crosses the segments between the classes',
    })
    .toBeGreaterThanOrEqual(4);
  await show.uncheck();
  await expect.poll(async () => (await segmentsTinted()).every((h) => h === 0), { message: 'band gone again' }).toBe(true);

  // XOR-like and noisy sets: proven not separable, no bound.
  await lab.loadPreset('noisy');
  await expect(lab.anyField('separable')).toHaveText('not separable (proven: no separating line exists)');
  await expect(lab.anyField('bound')).not.toHaveText(/≥ updates/);
  await expect(lab.field('state')).toHaveText(
    'never converges — no line separates the classes (max-margin problem infeasible)'
  );
  const points = Number((await lab.text('points')).split(' ')[0]);
  await page.locator('[data-panel="theory"] [data-panel-act="pocket"]').check();
  await lab.key('e');
  await expect(lab.field('step')).toHaveText(String(points));
  const pocket = /^\[(-?[\d.]+), (-?[\d.]+), (-?[\d.]+)\] with (\d+) training errors?$/.exec(
    await lab.anyText('pocket')
  );
  expect(pocket, `pocket field: ${await lab.anyText('pocket')}`).not.toBeNull();
  const errors = Number(pocket[4]);
  expect(errors, 'not separable: the pocket weights make at least one error').toBeGreaterThanOrEqual(1);
  expect(errors).toBeLessThan(points);
  await page.locator('[data-panel="theory"] [data-panel-act="pocket"]').uncheck();
  await expect(lab.anyField('pocket')).toHaveText('off');
});

test('each preset loads its data and settings, and leaves training at step 0', async ({ lab, page }) => {
  const cases = [
    ['seed000', '5 (3 of +1, 2 of -1)', '-1,0,0', true],
    ['seed001', '4 (2 of +1, 2 of -1)', null, false],
    ['xor', '4 (2 of +1, 2 of -1)', null, false],
    ['seed002', /^100 \(/, 'random', null],
    ['small-margin', /^\d+ \(/, null, null],
    ['noisy', /^\d+ \(/, null, null],
    ['blank', '0 (0 of +1, 0 of -1)', null, null],
  ];
  for (const [value, pointsText, init, bias] of cases) {
    // Take some steps first (when possible) so that loading visibly resets training.
    await lab.clickStep(2);
    await lab.loadPreset(value);
    await expect(lab.field('points'), `${value}: points`).toHaveText(pointsText);
    await expect(lab.field('updates')).toHaveText('0');
    await expect(lab.anyField('explain-title')).toHaveText(NO_STEP_TITLE);
    await expect(page.locator('[data-panel="trace"] table tbody tr[data-step]')).toHaveCount(0);
    if (init !== null) await expect(page.locator('#init'), `${value}: #init`).toHaveValue(init);
    if (bias !== null) await expect(page.locator('#bias'), `${value}: #bias`).toBeChecked({ checked: bias });
    await lab.expectNoSettingsError();
  }
  await lab.loadPreset('seed002');
  await expect(page.locator('#max-epochs')).toHaveValue('100');
});

test('a long run keeps a window: scrubber min/max, at most 60 rows around the current step', async ({ lab, page }) => {
  await lab.loadPreset('noisy');
  const points = Number((await lab.text('points')).split(' ')[0]);
  const maxEpochs = Number(await page.locator('#max-epochs').inputValue());
  await page.locator('#run').click();
  await expect(lab.field('notice')).toHaveText(/^Verdict: /);
  const total = points * maxEpochs;
  await expect(lab.field('step'), 'Run stops at max epochs × points on non-separable data').toHaveText(String(total));
  const scrubber = page.locator('#scrubber');
  await expect(scrubber).toHaveAttribute('max', String(total));
  await expect(scrubber).toHaveValue(String(total));
  const min = Number(await scrubber.getAttribute('min'));
  expect(min, 'the oldest steps were dropped (min = first kept step)').toBeGreaterThan(0);
  expect(min).toBeLessThan(total);

  const checkWindow = async (step) => {
    const rows = await lab.traceRows();
    expect(rows.length, `rows around step ${step}`).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(60);
    rows.forEach((r, i) => {
      expect(r.cells[0], 'the step column is the row\'s step').toBe(String(r.step));
      if (i > 0) expect(r.step, 'consecutive steps').toBe(rows[i - 1].step + 1);
      expect(r.classes.includes('undone'), `row ${r.step} undone with the cursor at ${step}`).toBe(r.step > step);
    });
    const current = rows.filter((r) => r.classes.includes('current')).map((r) => r.step);
    if (step > min) expect(current, `the current row is step ${step}`).toEqual([step]);
    expect(rows[0].step <= step + 1 && rows[rows.length - 1].step >= step, `window ${rows[0].step}–${rows[rows.length - 1].step} holds step ${step}`).toBe(true);
  };
  await checkWindow(total);

  // Scrub to the middle.
  const mid = min + Math.floor((total - min) / 2);
  await scrubber.fill(String(mid));
  await expect(lab.field('step')).toHaveText(String(mid));
  await expect(lab.anyField('history')).toContainText(`step ${mid} of ${total}`);
  await checkWindow(mid);
  await lab.key('ArrowRight');
  await expect(lab.field('step')).toHaveText(String(mid + 1));
  await checkWindow(mid + 1);

  // Home on the scrubber: the oldest kept state; ← there stays and says so.
  await scrubber.focus();
  await page.keyboard.press('Home');
  await expect(lab.field('step')).toHaveText(String(min));
  await checkWindow(min);
  await lab.key('ArrowLeft');
  await lab.settle();
  await expect(lab.field('step')).toHaveText(String(min));
  await expect(lab.field('notice')).toContainText('oldest');
  // End: back to the last step.
  await scrubber.focus();
  await page.keyboard.press('End');
  await expect(lab.field('step')).toHaveText(String(total));
  await expect(lab.anyField('history')).toHaveText('');
});
