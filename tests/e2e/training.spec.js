// Training: seed 000 step by step, Play to convergence, Play/Pause, Reset/Clear, and steps that
// have nothing to do. Numbers are checked against the course table and the perceptron-trace CLI.
'use strict';

const {
  test,
  expect,
  SEED000,
  parseVector,
  runTrace,
  expectClose,
  isPositiveColour,
  isNegativeColour,
  isLight,
  colourName,
} = require('./helpers');

const isDark = ([r, g, b]) => r < 110 && g < 110 && b < 110;
const isGreen = ([r, g, b]) => g > 100 && g - r > 60 && g - b > 20;

/** The label text the sample field uses. */
const yText = (label) => (label > 0 ? '+1' : '-1');

/** Checks that every point is still drawn in its class's colour. */
async function expectPointsDrawn(lab, points) {
  const image = await lab.plotImage();
  for (const p of points) {
    const c = await lab.colourAt(image, p.x, p.y);
    const ok = p.label > 0 ? isPositiveColour(c) : isNegativeColour(c);
    expect(ok, `point (${p.x}, ${p.y}) class ${p.label} is drawn; saw ${colourName(c)}`).toBe(true);
  }
}

async function setSpeed(page, key) {
  const speed = page.locator('#speed');
  await speed.focus();
  await speed.press(key);
}

test('seed 000: one pass by hand matches the course table and the CLI', async ({ lab }) => {
  // Entered with #snap on, so the course's numbers do not depend on click precision (which
  // page.spec.js tests on its own).
  const points = await lab.enterPoints(SEED000, { snap: true });
  points.forEach((p, i) => {
    expect([p.x, p.y], `point #${i + 1} lands exactly on the clicked grid point`).toEqual([
      SEED000[i].x,
      SEED000[i].y,
    ]);
  });
  await expect(lab.field('points')).toHaveText('5 (3 of +1, 2 of -1)');

  await lab.applySettings({ init: '-1,0,0' });
  await lab.expectNoSettingsError();
  await expect(lab.field('step')).toHaveText('0');
  await expect(lab.field('weights')).toHaveText('[-1, 0, 0]');
  await expect(lab.field('bias')).toHaveText('-1');
  await expect(lab.field('points')).toHaveText('5 (3 of +1, 2 of -1)');

  // Before training: no positive region (score -1 everywhere), no boundary.
  const spots = { pos: [3.3, -3.7], neg: [-3.7, 3.3], line: [2.5, 1.5], arrow: [0.4, -0.4] };
  let image = await lab.plotImage();
  const startPos = await lab.colourAt(image, ...spots.pos);
  const startNeg = await lab.colourAt(image, ...spots.neg);
  expect(startPos, 'no shading while w = [-1, 0, 0]').toEqual(startNeg);
  expect(isLight(await lab.colourAt(image, ...spots.line)), 'no boundary while w1 = w2 = 0').toBe(true);

  const trace = runTrace(points, ['--init=-1,0,0', '--max-epochs', '1']);
  expect(trace.steps).toHaveLength(5);
  const table = [
    { score: '-1', outcome: 'correct, no update', weights: '[-1, 0, 0]' },
    { score: '-1', outcome: 'mistake → +[1, 3, 2]', weights: '[0, 3, 2]' },
    { score: '14', outcome: 'correct, no update', weights: '[0, 3, 2]' },
    { score: '17', outcome: 'correct, no update', weights: '[0, 3, 2]' },
    { score: '12', outcome: 'mistake → -[1, 2, 3]', weights: '[-1, 1, -1]' },
  ];
  for (let i = 0; i < 5; i++) {
    await lab.clickStep();
    const row = table[i];
    const cli = trace.steps[i];
    const p = SEED000[i];
    await expect(lab.field('step')).toHaveText(String(i + 1));
    await expect(lab.field('sample'), `step ${i + 1}`).toHaveText(`#${i + 1} (${p.x}, ${p.y}), y = ${yText(p.label)}`);
    await expect(lab.field('score'), `score of step ${i + 1}`).toHaveText(row.score);
    await expect(lab.field('outcome'), `outcome of step ${i + 1}`).toHaveText(row.outcome);
    await expect(lab.field('weights'), `weights after step ${i + 1}`).toHaveText(row.weights);
    if (i < 4) await expect(lab.field('epoch')).toHaveText(String(cli.epoch));
    // The CLI on the same data agrees with what the page shows.
    expect(cli.index, `CLI visits sample #${i + 1} at step ${i + 1}`).toBe(i + 1);
    expect(Number(await lab.text('score')), `score of step ${i + 1} vs CLI`).toBeCloseTo(cli.score, 4);
    expect((await lab.text('outcome')).startsWith('mistake'), `mistake at step ${i + 1} vs CLI`).toBe(cli.mistake);
    expectClose(await lab.weights(), cli.weights_after, `weights after step ${i + 1} (page vs CLI)`);
  }
  await expect(lab.field('bias')).toHaveText('-1');
  await expect(lab.field('updates')).toHaveText('2');
  await expect(lab.field('state')).toHaveText('not converged yet');
  expect(trace.result.updates).toBe(2);
  expectClose(await lab.weights(), [trace.result.bias, ...trace.result.weights], 'final weights vs CLI result');

  // The plot shows w = [-1, 1, -1]: shading on the positive side of x1 - x2 - 1 = 0, the
  // boundary through (2.5, 1.5), the weight arrow from the origin towards (1, -1).
  await expect
    .poll(async () => {
      image = await lab.plotImage();
      const pos = await lab.colourAt(image, ...spots.pos);
      const neg = await lab.colourAt(image, ...spots.neg);
      return pos.some((v, k) => Math.abs(v - neg[k]) >= 8) && pos[2] - pos[0] >= 8;
    }, { message: 'the positive half-plane is shaded (bluish) and the negative one is not' })
    .toBe(true);
  const line = await lab.colourAt(image, ...spots.line);
  expect(isDark(line), `the boundary is drawn through (2.5, 1.5); saw ${colourName(line)}`).toBe(true);
  const arrow = await lab.colourAt(image, ...spots.arrow);
  expect(isGreen(arrow), `the weight arrow passes (0.4, -0.4); saw ${colourName(arrow)}`).toBe(true);
  await expectPointsDrawn(lab, points);
  await lab.screenshot('seed000-pass.png');
});

test('Play at full speed runs to convergence and agrees with the CLI', async ({ lab, page }) => {
  const points = await lab.enterPoints(SEED000, { snap: true });
  const trace = runTrace(points, []);
  expect(trace.result.converged).toBe(true);

  await setSpeed(page, 'End');
  await expect(page.locator('#speed')).toHaveValue('3');
  const started = Date.now();
  await page.locator('#play').click();
  // At "max" the page takes up to 2000 steps per frame, so this run may finish within the first
  // frame; the Pause label while playing is checked by the slow Play/Pause test.
  await expect(lab.field('state')).toHaveText(/^converged/, { timeout: 30_000 });
  const seconds = (Date.now() - started) / 1000;
  await expect(page.locator('#play'), 'after convergence the button offers Play again').toHaveText('Play');
  // 1000 steps/s: the CLI's step count should take about steps/1000 s, certainly not 5 steps/s.
  expect(seconds, `${trace.steps.length} steps took ${seconds} s`).toBeLessThan(trace.steps.length / 1000 + 10);

  const want = [trace.result.bias, ...trace.result.weights];
  expectClose(await lab.weights(), want, 'weights after Play vs CLI result');
  await expect(lab.field('updates')).toHaveText(String(trace.result.updates));
  await expect(lab.field('step')).toHaveText(String(trace.steps.length));
  await expect(lab.field('epoch')).toHaveText(String(trace.result.epochs));
  await expect(lab.field('bias')).toHaveText(String(trace.result.bias));

  // Stepping converged data does nothing and says why.
  const before = await lab.status();
  await lab.clickStep();
  await expect(lab.field('notice')).toHaveText(/^Converged/);
  expect((await lab.status()).step).toBe(before.step);
  expect((await lab.status()).weights).toBe(before.weights);

  await expectPointsDrawn(lab, points);
  await lab.screenshot('play-converged.png');
});

test('Play steps at once, Pause stops, slow speed is slow', async ({ lab, page }) => {
  await lab.enterPoints(SEED000);
  await setSpeed(page, 'Home');
  await expect(page.locator('#speed')).toHaveValue('-0.3');
  await page.locator('#play').click();
  await expect(lab.field('step'), 'Play takes one step immediately').toHaveText('1');
  await expect(page.locator('#play')).toHaveText('Pause');
  await page.waitForTimeout(2500);
  const played = Number(await lab.text('step'));
  expect(played, 'about 0.5 steps/s for 2.5 s').toBeGreaterThanOrEqual(1);
  expect(played).toBeLessThanOrEqual(3);
  await page.locator('#play').click();
  await expect(page.locator('#play')).toHaveText('Play');
  const paused = Number(await lab.text('step'));
  await page.waitForTimeout(2500);
  expect(Number(await lab.text('step')), 'no steps while paused').toBe(paused);
  await lab.clickStep();
  await expect(lab.field('step')).toHaveText(String(paused + 1));
  await expect(page.locator('#play')).toHaveText('Play');
});

test('Reset goes back to step 0 keeping the points; Clear removes them', async ({ lab, page }) => {
  const points = await lab.enterPoints(SEED000, { snap: true });
  await lab.applySettings({ init: '-1,0,0' });
  await lab.clickStep(3);
  await expect(lab.field('step')).toHaveText('3');
  await expect(lab.field('weights')).toHaveText('[0, 3, 2]');
  await expect(lab.field('updates')).toHaveText('1');

  await page.locator('#reset').click();
  await expect(lab.field('step')).toHaveText('0');
  await expect(lab.field('epoch')).toHaveText('1');
  await expect(lab.field('weights')).toHaveText('[-1, 0, 0]');
  await expect(lab.field('bias')).toHaveText('-1');
  await expect(lab.field('updates')).toHaveText('0');
  await expect(lab.field('sample')).toHaveText('—');
  await expect(lab.field('score')).toHaveText('—');
  await expect(lab.field('outcome')).toHaveText('—');
  await expect(lab.field('state')).toHaveText('not converged yet');
  await expect(lab.field('points')).toHaveText('5 (3 of +1, 2 of -1)');
  await expectPointsDrawn(lab, points);
  // Training starts over from the first sample.
  await lab.clickStep();
  await expect(lab.field('sample')).toHaveText('#1 (1, 1), y = -1');
  await expect(lab.field('score')).toHaveText('-1');

  // Reset while playing stops playing.
  await setSpeed(page, 'Home');
  await page.locator('#play').click();
  await expect(page.locator('#play')).toHaveText('Pause');
  await page.locator('#reset').click();
  await expect(page.locator('#play')).toHaveText('Play');
  await expect(lab.field('step')).toHaveText('0');
  await page.waitForTimeout(2500);
  await expect(lab.field('step'), 'no steps after Reset stopped Play').toHaveText('0');

  await lab.clickStep(2);
  await page.locator('#clear').click();
  await expect(lab.field('points')).toHaveText('0 (0 of +1, 0 of -1)');
  await expect(lab.field('step')).toHaveText('0');
  await expect(lab.field('weights'), 'Clear keeps the settings: initial weights').toHaveText('[-1, 0, 0]');
  await expect(lab.field('sample')).toHaveText('—');
  await expect
    .poll(async () => {
      const image = await lab.plotImage();
      const drawn = [];
      for (const p of points) drawn.push(isPositiveColour(await lab.colourAt(image, p.x, p.y)) || isNegativeColour(await lab.colourAt(image, p.x, p.y)));
      return drawn.some(Boolean);
    }, { message: 'no point is drawn after Clear' })
    .toBe(false);
  await lab.clickStep();
  await expect(lab.field('notice')).toHaveText('Nothing to step: add points of both classes first.');
  await expect(lab.field('step')).toHaveText('0');
});

test('Step and Play with nothing to train change nothing and say why', async ({ lab, page }) => {
  // Empty canvas.
  await lab.clickStep();
  await expect(lab.field('notice')).toHaveText('Nothing to step: add points of both classes first.');
  await expect(lab.field('step')).toHaveText('0');
  await expect(lab.field('weights')).toHaveText('[0, 0, 0]');
  await expect(lab.field('sample')).toHaveText('—');
  await page.locator('#play').click();
  await expect(lab.field('notice')).toHaveText('Nothing to step: add points of both classes first.');
  await page.waitForTimeout(500);
  await expect(page.locator('#play'), 'Play with nothing to do does not keep playing').toHaveText('Play');
  await expect(lab.field('step')).toHaveText('0');

  // One class only (+1).
  await lab.addPoint(1, 1);
  await lab.addPoint(2, -1);
  await lab.clickStep();
  await expect(lab.field('notice')).toHaveText(/^Nothing to step: all points are of one class; /);
  await expect(lab.field('step')).toHaveText('0');
  await expect(lab.field('weights')).toHaveText('[0, 0, 0]');
  await expect(lab.field('updates')).toHaveText('0');

  // One class only (-1).
  await page.locator('#clear').click();
  await expect(lab.field('points')).toHaveText('0 (0 of +1, 0 of -1)');
  await lab.addPoint(-1, 1, 'right');
  await lab.addPoint(-2, -2, 'shift');
  await expect(lab.field('points')).toHaveText('2 (0 of +1, 2 of -1)');
  await lab.clickStep();
  await expect(lab.field('notice')).toHaveText(/^Nothing to step: all points are of one class; /);
  await expect(lab.field('step')).toHaveText('0');
  await expect(lab.field('weights')).toHaveText('[0, 0, 0]');

  // A point of the other class makes Step work.
  await lab.addPoint(2, 2);
  await lab.clickStep();
  await expect(lab.field('step')).toHaveText('1');
  await expect(lab.field('weights')).not.toHaveText('[0, 0, 0]');
  expect(parseVector(await lab.text('weights'))).toHaveLength(3);
});
