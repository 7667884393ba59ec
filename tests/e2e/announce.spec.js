// Spoken steps and the described plot, as a screen-reader user meets them: the polite live
// region after steps, Back, an example, convergence and a refusal; the verbosity setting (kept
// across a reload); the pacing during Play, counted (never timed); the plot's description named
// by its aria-describedby, the points table, and axe-core over them in the light, dark and
// presenter themes (screenshots saved to look at).
'use strict';

const path = require('node:path');
const fs = require('node:fs');
const { test, expect, listen, said } = require('./helpers');
const AxeBuilder = require('@axe-core/playwright').default;
const { SCREENSHOT_DIR } = require('./env');

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The live region every announcement goes to. */
const live = (page) => page.locator('[data-role="announce"]');

async function step(page, lab, n) {
  await page.locator('#step').click();
  await expect(lab.field('step')).toHaveText(String(n));
}

test('steps, Back, an example, convergence and refusals are said in the polite live region', async ({ lab, page }) => {
  await expect(live(page)).toHaveAttribute('role', 'status');
  await expect(live(page)).toHaveAttribute('aria-live', 'polite');
  // The notice stays visible but is not spoken a second time.
  await expect(lab.field('notice')).toHaveAttribute('aria-live', 'off');

  await lab.loadPreset('seed000');
  await expect(live(page)).toHaveText(
    'Loaded “Seed 000: the step table”. 5 points: 2 of class −1, 3 of class +1. Perceptron (classic rule), step 0.'
  );
  // Seed 000's pass: scores −1, −1, 14, 17, 12; updates to [0, 3, 2] and [−1, 1, −1].
  await step(page, lab, 1);
  await expect(live(page)).toHaveText(
    'Step 1, epoch 1: sample 1 at (1, 1), class −1, score −1, correct. 3 of 5 points are on the wrong side.'
  );
  await step(page, lab, 2);
  await expect(live(page)).toHaveText(
    'Step 2, epoch 1: sample 2 at (3, 2), class +1, score −1, a mistake. w becomes [0, 3, 2]; the boundary appears; 2 of 5 points are on the wrong side.'
  );
  await step(page, lab, 3);
  await step(page, lab, 4);
  await expect(live(page)).toHaveText(
    'Step 4, epoch 1: sample 4 at (3, 4), class +1, score 17, correct. 2 of 5 points are on the wrong side.'
  );
  await step(page, lab, 5);
  await expect(live(page)).toHaveText(
    'Step 5, epoch 1: sample 5 at (2, 3), class −1, score 12, a mistake. w becomes [−1, 1, −1]; the boundary turns 79° clockwise; 3 of 5 points are on the wrong side. End of epoch 1.'
  );

  // The plot's description follows the state, and is the canvas's accessible description.
  const description =
    '5 points: 2 of class −1, 3 of class +1. Perceptron (classic rule), step 5, epoch 1: not converged yet. ' +
    'The boundary is x1 − x2 − 1 = 0, that is x2 = x1 − 1; it rises at 45°; it crosses the x1 axis at 1 and the x2 axis at −1. ' +
    'w points right and down (−45°), towards class +1. 3 of 5 points are on the wrong side: #2, #3 and #4.';
  await expect(page.locator('[data-panel="described"] [data-part="description"]')).toHaveText(description);
  await expect(page.locator('#plot')).toHaveAccessibleDescription(description);

  await page.locator('#back').click();
  await expect(lab.field('step')).toHaveText('4');
  await expect(live(page)).toHaveText(
    'Back to step 4, epoch 1: model [0, 3, 2]; 2 of 5 points are on the wrong side.'
  );
  await expect(page.locator('[data-panel="described"] [data-part="description"]')).toContainText('step 4, epoch 1');
  await expect(page.locator('[data-panel="described"] [data-part="description"]')).toContainText('The boundary is 3·x1 + 2·x2 = 0');

  await page.locator('#run').click();
  await expect(lab.field('state')).toHaveText(/^converged/);
  await expect(live(page)).toHaveText(/All 5 points are classified correctly\. Verdict: converged \(epoch 232 was clean\)\.$/);

  // A refusal is said, and said again when asked again (the words are the same).
  await listen(page);
  const refusal = 'Converged: every point is classified correctly. Reset to train again.';
  await page.locator('#step').click();
  await expect(live(page)).toHaveText(refusal);
  await page.locator('#step').click();
  await expect.poll(() => said(page)).toEqual([refusal, refusal]);

  await page.locator('#reset').click();
  await expect(live(page)).toHaveText(
    'Reset: back to the initial weights, step 0, epoch 1. Perceptron (classic rule), step 0: model [−1, 0, 0].'
  );
});

test('verbosity off / brief / full is kept across a reload; off still says refusals', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  const verbosity = page.getByLabel('Spoken steps');
  await expect(verbosity).toHaveValue('full');
  await verbosity.selectOption('brief');
  await step(page, lab, 1);
  await expect(live(page)).toHaveText('Step 1: sample 1, correct; 3 of 5 wrong.');
  await step(page, lab, 2);
  await expect(live(page)).toHaveText('Step 2: sample 2, a mistake; 2 of 5 wrong.');

  await verbosity.selectOption('off');
  await listen(page);
  await step(page, lab, 3);
  await step(page, lab, 4);
  await lab.settle();
  expect(await said(page), 'steps are not said with verbosity off').toEqual([]);

  await page.goto('/');
  await expect(page.getByLabel('Spoken steps')).toHaveValue('off');
  await page.waitForFunction(() => window.perceptronLab && Array.from(window.perceptronLab.to_css(0, 0)).length === 2);
  await listen(page);
  await page.locator('#step').click();
  await expect(live(page)).toHaveText('Nothing to step: add points of both classes first.');
  await page.getByLabel('Spoken steps').selectOption('full');
});

test('Play is announced at the speed the control shows: 5.0 at the start, not 5.0119', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  await expect(page.locator('#speed-value')).toHaveText('5.0 steps/s');
  await listen(page);
  await page.locator('#play').click();
  await expect.poll(async () => (await said(page))[0]).toMatch(/^Playing at 5\.0 steps per second\. Step 1, epoch 1: /);
  await page.locator('#play').click();
});

test('during Play steps are said at most every 2 s; every epoch end and the verdict are said', async ({ lab, page }) => {
  await lab.loadPreset('seed002'); // 100 points: 11 epochs, 1100 steps to convergence
  await page.locator('#speed').fill('2'); // 100 steps per second
  await expect(page.locator('#speed-value')).toHaveText(/^100 steps\/s/);
  await listen(page);
  await page.locator('#play').click();
  await expect(lab.field('state')).toHaveText(/^converged/, { timeout: 40_000 });
  await expect.poll(async () => (await said(page)).at(-1)).toMatch(/Verdict: converged \(epoch 11 was clean\)\.$/);
  const texts = await said(page);
  expect(texts[0]).toMatch(/^Playing at 100 steps per second\. Step 1, epoch 1: sample 1 at /);
  const ends = texts.map((t) => /End of epoch (\d+)\./.exec(t)).filter(Boolean).map((m) => Number(m[1]));
  expect(ends, 'each epoch end is said once, in order').toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  // The rest are steps said on the way: far fewer than the 1100 steps taken.
  const plain = texts.length - ends.length - 2;
  expect(plain).toBeGreaterThanOrEqual(0);
  expect(texts.length, `${texts.length} announcements for 1100 steps`).toBeLessThan(1100 / 20);
});

test('the points table and the description: multiclass and kernel in their own terms; axe in light, dark and presenter', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  for (let n = 1; n <= 5; n++) await step(page, lab, n);
  const panel = page.locator('[data-panel="described"] [data-part="points"]');
  await panel.locator('summary').click();
  const table = page.getByRole('table', { name: /^The points \(5\)/ });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['#', 'x1', 'x2', 'class', 'score', 'correct?']);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(5);
  // Scores under [−1, 1, −1]: −1 + x1 − x2.
  await expect(rows.nth(1).locator('th, td')).toHaveText(['#2', '3', '2', '+1', '0', 'no (on the boundary)']);
  await expect(rows.nth(4).locator('th, td')).toHaveText(['#5', '2', '3', '−1', '−2', 'yes']);
  // The scroll region is reachable by keyboard.
  await page.locator('.points-scroll').focus();
  await expect(page.locator('.points-scroll')).toBeFocused();

  const described = page.locator('[data-panel="described"]');
  const shots = [];
  const check = async (name) => {
    const results = await new AxeBuilder({ page })
      .withTags(AXE_TAGS)
      .include('[data-panel="described"]')
      .include('#status')
      .include('[data-role="announce"]')
      .analyze();
    expect(results.violations.map((v) => `${name}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(' ')})`)).toEqual([]);
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = path.join(SCREENSHOT_DIR, `described-${name}.png`);
    await described.screenshot({ path: file });
    shots.push(file);
  };
  await check('light');
  await lab.screenshot('described-page-light.png'); // where the section sits on the page
  await page.emulateMedia({ colorScheme: 'dark' });
  await check('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.locator('#presenter').click();
  await expect(page.locator('body')).toHaveClass(/\bpresenter\b/);
  await check('presenter');
  await page.locator('#presenter').click();

  // Multiclass: rows and regions, the rows that changed.
  await lab.loadPreset('seed000-multiclass');
  await expect(page.locator('[data-panel="described"] [data-part="description"]')).toContainText(
    '3 classes, one weight row each (bias first): class 0 [1, −2, 2], class 1 [4, 0, 3], class 2 [−2, 1, 4].'
  );
  await step(page, lab, 1);
  await expect(live(page)).toHaveText(
    'Step 1, epoch 1: sample 1 at (−2, 3), class 2, scores [11, 13, 8], predicted class 1, a mistake. ' +
      'The row of class 2 becomes [−1, −1, 7] and the row of class 1 becomes [3, 2, 0]; the one point is classified correctly. End of epoch 1.'
  );
  await expect(page.getByRole('table', { name: /^The points \(1\)/ }).locator('tbody tr').first().locator('th, td')).toHaveText(['#1', '−2', '3', '2', '[11, −1, 22]', 'yes']);
  await check('multiclass');

  // Kernel: α and f(x), and no line claimed for an RBF kernel.
  await lab.loadPreset('xor-rbf');
  await step(page, lab, 1);
  await expect(live(page)).toHaveText(
    'Step 1, epoch 1: sample 1 at (2.1, 1.1), class +1, f(x) = 0, a mistake. α1 becomes 1 and b becomes 1; 16 of 32 points are on the wrong side.'
  );
  await expect(page.locator('[data-panel="described"] [data-part="description"]')).toContainText('1 of 32 points have α > 0 and are drawn larger: #1 (α = 1).');
  await expect(page.locator('[data-panel="described"] [data-part="description"]')).toContainText('The boundary f(x) = 0 is a curve');
  await expect(page.getByRole('table', { name: /^The points \(32\)/ }).locator('tbody tr')).toHaveCount(32);
  expect(shots.length).toBe(4);
});

test('a compact lab on the course page speaks its own steps and describes its own plot', async ({ page }) => {
  await page.goto('/course.html');
  await page.waitForFunction(() => window.PerceptronLab && window.PerceptronLab.ready, null, { timeout: 20_000 });
  await page.evaluate(() => window.PerceptronLab.ready);
  const seed = page.locator('#lab-seed000');
  const xor = page.locator('#lab-xor');
  await expect(seed.locator('.plab canvas.plab-plot')).toBeVisible({ timeout: 20_000 });
  await expect(xor.locator('.plab canvas.plab-plot')).toBeVisible({ timeout: 20_000 });
  // Each lab's plot is described by its own element (the ids differ).
  await expect(seed.locator('canvas.plab-plot')).toHaveAccessibleDescription(/^5 points: 2 of class −1, 3 of class \+1\. Perceptron \(classic rule\), step 0/);
  await expect(xor.locator('canvas.plab-plot')).toHaveAccessibleDescription(/Kernel perceptron \(dual form\), step 0/);
  await seed.getByRole('button', { name: 'Step →' }).click();
  await seed.getByRole('button', { name: 'Step →' }).click();
  const said = seed.locator('[data-role="announce"]');
  await expect(said).toHaveText(
    'Step 2, epoch 1: sample 2 at (3, 2), class +1, score −1, a mistake. w becomes [0, 3, 2]; the boundary appears; 2 of 5 points are on the wrong side.'
  );
  await expect(xor.locator('[data-role="announce"]')).toHaveText('');
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).include('#lab-seed000').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
