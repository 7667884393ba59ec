// The side-by-side comparison of the multiclass strategies never blocks the tab (issue #15):
// three models of up to 20,000 steps each are trained a slice per animation frame, with a
// progress bar (announced, checked by axe-core) and a Cancel — by keyboard and by mouse — that
// stops the training without touching the lab; Compare trains them on from where they stopped,
// to the same result as training them at once (the perceptron-trace CLI's). A comparison that
// fits in one slice (three blobs) is drawn at once, with no progress bar. The long tasks
// meanwhile (PerformanceObserver 'longtask') are reported as annotations, never asserted.
// Saves compare-work-{progress,stopped,done}-{light,dark}.png in tests/e2e/screenshots/.
'use strict';

const path = require('node:path');
const AxeBuilder = require('@axe-core/playwright').default;
const { test, expect, runTraceClasses, MULTICLASS_ALGORITHMS } = require('./helpers');
const { SCREENSHOT_DIR } = require('./env');
const { instrumentPage, takeLongTasks, reportLongTasks } = require('./helpers/hostile-page');
const { pickFile } = require('./helpers/files');

/** The most steps each compared model takes (src/core/compare.rs, COMPARE_STEP_LIMIT). */
const STEP_LIMIT = 20_000;
const CLASSES = 6;
/** Long enough for a loaded two-core machine: the tests wait for the end, they do not time it. */
const END_TIMEOUT = 180_000;

/**
 * 18 points of six classes, three of each, on a spiral where every point's neighbours are of
 * other classes: no strategy separates them, so each model trains to the step limit.
 */
function tangle(n = 18) {
  const points = [];
  for (let i = 0; i < n; i++) {
    const t = i * 2.4;
    const r = 1 + (i % 5) * 0.6;
    points.push({ x: +(r * Math.cos(t)).toFixed(3), y: +(r * Math.sin(t)).toFixed(3), cls: i % CLASSES });
  }
  return points;
}

/** The points field as the page writes it for `points` (classes 0..5, in data order). */
function pointsText(points) {
  const counts = Array.from({ length: CLASSES }, (_, k) => points.filter((p) => p.cls === k).length);
  return `${points.length} (${counts.map((c, k) => `${c} of class ${k}`).join(', ')})`;
}

/** A link that opens `points` with one-vs-rest, six classes, max epochs 1,000,000, at `step`. */
function tangleLink(points, step = 0) {
  return `v=1&a=ovr&c=${CLASSES}&m=1000000&n=${step}&p=${points.map((p) => `${p.x},${p.y},${p.cls}`).join(';')}`;
}

/** The same as a scenario JSON file (the fields of docs/src/course-authors.md, *Files*). */
function tangleJson(points) {
  return JSON.stringify({
    version: 1,
    algorithm: 'ovr',
    classes: CLASSES,
    max_epochs: 1_000_000,
    points: points.map((p) => [p.x, p.y, p.cls]),
  });
}

/**
 * The caption each strategy's plot should get, from the CLI: a model stops at the first whole
 * epoch that reaches the step limit, not converged (max epochs is far away), with the CLI's
 * steps and updates.
 */
function expectedCaptions(points) {
  const epochs = Math.ceil(STEP_LIMIT / points.length);
  const out = {};
  for (const algo of MULTICLASS_ALGORITHMS) {
    const { result } = runTraceClasses(points, ['--algo', algo, '--max-epochs', String(epochs), '--no-steps']);
    expect(result.converged, `${algo} does not separate the tangle (CLI)`).toBe(false);
    expect(result.steps, `${algo}: the CLI's steps`).toBe(epochs * points.length);
    out[algo] = new RegExp(`^not converged after ${result.steps} steps \\(${result.updates} updates\\); accuracy \\d+(\\.\\d+)?%$`);
  }
  return out;
}

const panel = (page) => page.locator('[data-panel="compare"]');
const note = (page) => page.locator('[data-panel="compare"] [data-part="note"]');
const work = (page) => page.locator('[data-panel="compare"] [data-part="work"]');
const bar = (page) => panel(page).getByRole('progressbar', { name: 'Training the three strategies' });
const cancel = (page) => page.locator('[data-panel="compare"] [data-part="cancel"]');
const again = (page) => page.locator('[data-panel="compare"] [data-part="again"]');
const figure = (page, name) => page.locator(`figure[data-compare="${name}"]`);
const caption = (page, name) => figure(page, name).locator('[data-part="caption"]');

const TRAINING_NOTE = 'Training the three strategies on the points on show…';
const STOPPED_NOTE =
  'Not compared: stopped before the three strategies were trained. Compare trains them on from where they stopped.';
const DONE_NOTE =
  'The points on show, trained by each strategy from the initial weights until it converges or stops; grey: no single class wins. Choose one to step through it.';

/**
 * Records in the page (window.__compareWork) whether the progress was ever shown and every
 * aria-valuetext it showed (as numbers, each change once), from now on.
 */
function watchProgress(page) {
  return page.evaluate(() => {
    const div = document.querySelector('[data-panel="compare"] [data-part="work"]');
    const progress = document.querySelector('[data-panel="compare"] [data-part="progress"]');
    const log = { shown: false, values: [] };
    window.__compareWork = log;
    const look = () => {
      if (div.hidden) return;
      log.shown = true;
      const text = progress.getAttribute('aria-valuetext');
      const value = text === null ? NaN : Number(text.replace(/%$/, ''));
      if (log.values[log.values.length - 1] !== value) log.values.push(value);
    };
    new MutationObserver(look).observe(div, { attributes: true, subtree: true });
    look();
  });
}

const progressLog = (page) => page.evaluate(() => window.__compareWork);

/** Waits until the progress has shown a value of at least `percent`. */
const progressReaches = (page, percent) =>
  page.waitForFunction((p) => window.__compareWork.values.some((v) => v >= p), percent, { timeout: END_TIMEOUT });

/** Waits until the progress has shown more than `count` values (it moved). */
const progressMoves = (page, count) =>
  page.waitForFunction((n) => window.__compareWork.values.length > n, count, { timeout: END_TIMEOUT });

/** Lets `n` animation frames go by (the page trains a slice in each, when it trains). */
const frames = (page, n) =>
  page.evaluate(
    (count) =>
      new Promise((resolve) => {
        let left = count;
        const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    n
  );

/** What the lab shows of its own state: the comparison must never change it. */
async function labState(lab) {
  const out = {};
  for (const name of ['step', 'epoch', 'weights', 'updates', 'state', 'points']) out[name] = await lab.text(name);
  return out;
}

async function expectLabUnchanged(lab, before, when) {
  for (const [name, text] of Object.entries(before)) {
    await expect(lab.field(name), `${when}: the lab's ${name}`).toHaveText(text);
  }
}

/** Shown while the three are trained: the bar, its status, Cancel; the plots hidden. */
async function expectTraining(page) {
  await expect(work(page)).toBeVisible();
  await expect(bar(page)).toBeVisible();
  await expect(bar(page)).toHaveAttribute('aria-valuetext', /^\d+%$/);
  await expect(work(page).getByRole('status')).toHaveText('Training the three strategies…');
  await expect(note(page)).toHaveText(TRAINING_NOTE);
  await expect(cancel(page)).toBeVisible();
  await expect(again(page)).toBeHidden();
  for (const name of MULTICLASS_ALGORITHMS) await expect(figure(page, name)).toBeHidden();
}

/** Shown once Cancel stopped the training: the note says so, Compare is there, no plots. */
async function expectStopped(page) {
  await expect(work(page)).toBeHidden();
  await expect(note(page)).toHaveText(STOPPED_NOTE);
  await expect(again(page)).toBeVisible();
  await expect(again(page)).toHaveText('Compare');
  for (const name of MULTICLASS_ALGORITHMS) await expect(figure(page, name)).toBeHidden();
}

/** Shown at the end: the three plots with the CLI's captions, no progress, no Compare. */
async function expectCompared(page, expected) {
  for (const name of MULTICLASS_ALGORITHMS) {
    await expect(caption(page, name), `${name}'s caption`).toHaveText(expected[name], { timeout: END_TIMEOUT });
  }
  for (const name of MULTICLASS_ALGORITHMS) await expect(figure(page, name)).toBeVisible();
  await expect(work(page)).toBeHidden();
  await expect(again(page)).toBeHidden();
  await expect(note(page)).toHaveText(DONE_NOTE);
}

/**
 * Each plot's backing store against its box on screen × devicePixelRatio: a plot drawn into a
 * store of another size is shown scaled, its labels and points shrunk or blurred.
 */
function plotSizes(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('figure[data-compare] canvas')].map((c) => ({
      name: c.closest('figure').dataset.compare,
      backing: `${c.width}x${c.height}`,
      onScreen: `${Math.round(c.clientWidth * window.devicePixelRatio)}x${Math.round(c.clientHeight * window.devicePixelRatio)}`,
    }))
  );
}

/** The three plots are drawn at their size on screen (within a pixel or two of rounding). */
async function expectPlotsAtScreenSize(page) {
  const close = (a, b) => {
    const [aw, ah] = a.split('x').map(Number);
    const [bw, bh] = b.split('x').map(Number);
    return Math.abs(aw - bw) <= 2 && Math.abs(ah - bh) <= 2;
  };
  await expect
    .poll(async () => (await plotSizes(page)).filter((p) => !close(p.backing, p.onScreen)), {
      message: 'each side-by-side plot is drawn at its size on screen (backing store = CSS box × devicePixelRatio)',
    })
    .toEqual([]);
}

/** Every value the bar showed, in order, never goes back; it ends high. */
function expectProgressForward(values, what) {
  expect(values.every((v) => Number.isFinite(v) && v >= 0 && v <= 100), `${what}: percentages ${JSON.stringify(values)}`).toBe(true);
  for (let i = 1; i < values.length; i++) {
    expect(values[i], `${what}: the bar goes forward (${JSON.stringify(values)})`).toBeGreaterThanOrEqual(values[i - 1]);
  }
}

async function openLink(page, fragment) {
  await page.evaluate((f) => { window.location.hash = f; }, fragment);
}

test.describe('the side-by-side comparison trained a slice per frame', () => {
  test.beforeEach(async ({ page }) => {
    await instrumentPage(page);
  });

  test('a six-class one-vs-rest scenario that never converges trains with a progress bar, then shows the three plots; the lab is untouched', async ({ lab, page }, testInfo) => {
    test.setTimeout(300_000);
    const points = tangle();
    const expected = expectedCaptions(points);
    await expect(panel(page), 'the binary lab has no comparison').toBeHidden();
    await watchProgress(page);
    // Focus is elsewhere (the speed slider): the end of the training must not take it.
    await page.locator('#speed').focus();
    await takeLongTasks(page);
    await pickFile(page, 'tangle.json', tangleJson(points));
    await expect(panel(page)).toBeVisible();
    await expectTraining(page);
    await expect(page.locator('#file-error')).toHaveText('');
    // The lab on show is the scenario at step 0, whatever the comparison does.
    await expect(lab.field('points')).toHaveText(pointsText(points));
    await expect(lab.field('step')).toHaveText('0');
    const before = await labState(lab);
    // The bar moves: three values at least, going forward.
    await progressMoves(page, 2);
    await expectLabUnchanged(lab, before, 'while training');

    await expectCompared(page, expected);
    await expectPlotsAtScreenSize(page);
    const { shown, values } = await progressLog(page);
    expect(shown, 'the progress was shown').toBe(true);
    expectProgressForward(values, 'one comparison');
    expect(values.length, `the bar showed many values: ${JSON.stringify(values)}`).toBeGreaterThanOrEqual(5);
    expect(values[values.length - 1], 'the bar ends near the end').toBeGreaterThanOrEqual(90);
    expect(values[0], 'the bar starts near the start').toBeLessThanOrEqual(20);
    reportLongTasks(testInfo, 'compare-work.spec', `comparing three strategies on ${points.length} points of six classes`, await takeLongTasks(page));
    await expectLabUnchanged(lab, before, 'after the comparison');
    await expect(lab.field('step')).toHaveText('0');
    await expect(page.locator('#speed'), 'focus stays where it was').toBeFocused();
    expect(lab.problems).toEqual([]);
  });

  test('Cancel by Space, Escape and the mouse stops the training and keeps the lab; Compare trains on from there to the same result', async ({ lab, page }, testInfo) => {
    test.setTimeout(300_000);
    const points = tangle();
    const expected = expectedCaptions(points);
    await watchProgress(page);
    await takeLongTasks(page);
    await openLink(page, tangleLink(points, 7));
    await expect(lab.field('notice')).toHaveText('Opened the scenario at step 7.');
    await expect(lab.field('points')).toHaveText(pointsText(points));
    await expect(lab.field('step')).toHaveText('7');
    const before = await labState(lab);
    await expectTraining(page);
    await progressReaches(page, 5);

    // By keyboard: focus on Cancel, Space (it presses the button; it does not step the lab).
    // Focus goes to Compare.
    await cancel(page).focus();
    await page.keyboard.press(' ');
    await expectStopped(page);
    await expect(again(page)).toBeFocused();
    await expectLabUnchanged(lab, before, 'stopped by Space');
    // It stays stopped: frames go by and neither the bar nor the plots come back.
    let log = await progressLog(page);
    const stoppedAt = log.values[log.values.length - 1];
    await frames(page, 30);
    await expectStopped(page);
    expect((await progressLog(page)).values.length, 'no progress while stopped').toBe(log.values.length);
    await expect(page.locator('[data-panel="compare"] [data-part="progress"]')).toHaveAttribute('aria-valuetext', `${stoppedAt}%`);

    // Compare by Enter: training goes on from where it stopped (the bar does not start again
    // at 0), and focus goes to Cancel.
    await page.keyboard.press('Enter');
    await expectTraining(page);
    await expect(cancel(page)).toBeFocused();
    await progressMoves(page, log.values.length);
    log = await progressLog(page);
    expect(log.values[log.values.length - 1], `on from ${stoppedAt}%: ${JSON.stringify(log.values)}`).toBeGreaterThan(stoppedAt);
    expectProgressForward(log.values, 'after Compare by Enter');

    // Escape stops it too, with focus elsewhere (here the Sound button); Space on Compare
    // trains on.
    await page.locator('#audio').focus();
    await page.keyboard.press('Escape');
    await expectStopped(page);
    await expectLabUnchanged(lab, before, 'stopped by Escape');
    log = await progressLog(page);
    await again(page).focus();
    await page.keyboard.press(' ');
    await expectTraining(page);
    await expect(cancel(page)).toBeFocused();
    await progressMoves(page, log.values.length);
    await expectLabUnchanged(lab, before, 'trained on by Space');

    // By mouse: Cancel (focus, on it since Compare, goes to Compare), Compare, Cancel again.
    await cancel(page).click();
    await expectStopped(page);
    await expect(again(page)).toBeFocused();
    await expectLabUnchanged(lab, before, 'stopped by the mouse');
    log = await progressLog(page);
    await again(page).click();
    await expectTraining(page);
    await expect(cancel(page)).toBeFocused();
    await progressMoves(page, log.values.length);
    await cancel(page).click();
    await expectStopped(page);
    await expectLabUnchanged(lab, before, 'stopped by the mouse again');
    log = await progressLog(page);
    expectProgressForward(log.values, 'after Cancel by the mouse');
    const lastStop = log.values[log.values.length - 1];

    // Compare by mouse, and the training goes to its end: the same three models as trained at
    // once (the CLI's steps and updates); focus, on Cancel, goes to the first plot's button.
    await again(page).click();
    await expectTraining(page);
    await expect(cancel(page)).toBeFocused();
    await expectCompared(page, expected);
    await expect(figure(page, 'multiclass').locator('[data-compare-use]'), 'focus goes from Cancel to the first plot\'s button, not to <body>')
      .toBeFocused();
    log = await progressLog(page);
    expectProgressForward(log.values, 'the whole comparison, stopped three times');
    expect(log.values[log.values.length - 1]).toBeGreaterThanOrEqual(Math.max(lastStop, 90));
    await expectLabUnchanged(lab, before, 'after the comparison');
    reportLongTasks(testInfo, 'compare-work.spec', 'a comparison stopped three times and trained on', await takeLongTasks(page));

    // And the lab goes on from where it was.
    await lab.clickStep(1);
    await expect(lab.field('step')).toHaveText('8');
    expect(lab.problems).toEqual([]);
  });

  for (const theme of ['light', 'dark']) {
    test(`the progress and the stopped comparison pass axe in the ${theme} theme; screenshots`, async ({ lab, page }) => {
      test.setTimeout(300_000);
      await page.emulateMedia({ colorScheme: theme });
      const points = tangle();
      await watchProgress(page);
      await openLink(page, tangleLink(points));
      await expect(lab.field('notice')).toHaveText('Opened the scenario at step 0.');
      await expectTraining(page);
      await progressMoves(page, 1);

      // While the bar is shown.
      const training = await new AxeBuilder({ page }).include('[data-panel="compare"]').analyze();
      // The analysis saw the bar: training had not ended meanwhile, and axe checked it.
      await expect(work(page), 'still training after the analysis').toBeVisible({ timeout: 1 });
      const sawBar = [...training.passes, ...training.incomplete].some((rule) =>
        rule.nodes.some((node) => node.html.startsWith('<progress'))
      );
      expect(sawBar, 'axe looked at the progress bar').toBe(true);
      expect(training.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
      await panel(page).screenshot({ path: path.join(SCREENSHOT_DIR, `compare-work-progress-${theme}.png`) });
      const cancelBox = await cancel(page).boundingBox();
      expect(cancelBox.width, 'Cancel is at least 24 px wide').toBeGreaterThanOrEqual(24);
      expect(cancelBox.height, 'Cancel is at least 24 px high').toBeGreaterThanOrEqual(24);

      // Stopped.
      await cancel(page).click();
      await expectStopped(page);
      const stopped = await new AxeBuilder({ page }).include('[data-panel="compare"]').analyze();
      expect(stopped.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
      const box = await again(page).boundingBox();
      expect(box.width, 'Compare is at least 24 px wide').toBeGreaterThanOrEqual(24);
      expect(box.height, 'Compare is at least 24 px high').toBeGreaterThanOrEqual(24);
      await panel(page).screenshot({ path: path.join(SCREENSHOT_DIR, `compare-work-stopped-${theme}.png`) });

      // Trained on to the end.
      await again(page).click();
      await expectCompared(page, expectedCaptions(points));
      const done = await new AxeBuilder({ page }).include('[data-panel="compare"]').analyze();
      expect(done.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
      await panel(page).screenshot({ path: path.join(SCREENSHOT_DIR, `compare-work-done-${theme}.png`) });
    });
  }

  test('three blobs fit in one slice: compared at once, the progress never shown, also after a point is added', async ({ lab, page }, testInfo) => {
    test.setTimeout(120_000);
    await watchProgress(page);
    await takeLongTasks(page);
    await lab.loadPreset('blobs3');
    await expect(panel(page)).toBeVisible();
    const done = /^converged after \d+ epochs? \(\d+ steps?, \d+ updates?\); accuracy 100%$/;
    for (const name of MULTICLASS_ALGORITHMS) await expect(caption(page, name)).toHaveText(done);
    for (const name of MULTICLASS_ALGORITHMS) await expect(figure(page, name)).toBeVisible();
    await expect(note(page)).toHaveText(DONE_NOTE);
    await expect(work(page)).toBeHidden();
    await expect(again(page)).toBeHidden();
    await expectPlotsAtScreenSize(page);
    expect((await progressLog(page)).shown, 'the progress was never shown for the blobs').toBe(false);

    // A point added is compared again at once: the captions change, still no progress.
    const beforeCaption = await caption(page, 'ovo').textContent();
    await lab.key('1');
    await lab.addClassPoint(0, -3.5);
    await expect(lab.field('points')).toHaveText('37 (13 of class 0, 12 of class 1, 12 of class 2)');
    await expect(caption(page, 'ovo')).not.toHaveText(beforeCaption);
    for (const name of MULTICLASS_ALGORITHMS) await expect(caption(page, name)).toHaveText(done);
    await expect(work(page)).toBeHidden();
    expect((await progressLog(page)).shown, 'the progress was never shown after the point was added').toBe(false);
    reportLongTasks(testInfo, 'compare-work.spec', 'comparing three blobs (at once), and again after a point', await takeLongTasks(page));
    expect(lab.problems).toEqual([]);
  });
});
