// The learning-curve panel (src/web/panels/curve.rs, the first panel of the panel registry):
// it opens by keyboard, says where the curve stands in words and in a table, draws the mistake
// bound of seed 001 (26), and a click (mouse or touch) on the curve or Enter on a step of the
// table goes to that step; axe-core finds nothing in it in the light, dark and presenter themes.
// A compact lab (embed.js) has the same panel, and hide names it.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const base = require('@playwright/test');
const { test, expect, watchProblems } = require('./helpers');
const { SCREENSHOT_DIR } = require('./env');
const AxeBuilder = require('@axe-core/playwright').default;

const panelOf = (scope) => scope.locator('[data-panel="curve"]');
const summaryOf = (scope) => panelOf(scope).locator('[data-part="summary"]');
const rowsOf = (scope) => panelOf(scope).locator('tbody tr');

async function axeClean(page, what) {
  const results = await new AxeBuilder({ page }).include('[data-panel="curve"]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`), what).toEqual([]);
}

async function panelShot(page, name) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const panel = panelOf(page);
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: path.join(SCREENSHOT_DIR, name) });
}

/** Whether the chart's canvas shows a drawing (its pixels are not one colour). */
async function drawn(page) {
  return panelOf(page).locator('canvas').evaluate((c) => {
    if (c.width < 10) return false;
    const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < data.length; i += 4 * 97) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
    return seen.size > 3;
  });
}

test('seed 001: opened by keyboard, the curve, its bound 26 and its words follow the run', async ({ lab, page }) => {
  await lab.loadPreset('seed001');
  const panel = panelOf(page);
  await expect(panel).not.toHaveAttribute('open', '');
  await panel.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(panel).toHaveAttribute('open', '');
  await expect(summaryOf(page)).toHaveText('No steps yet: the model starts with 4 of 4 training points wrong.');
  await expect(panel.locator('[data-part="caption"]')).toContainText('the mistake bound (R/γ*)² = 26');
  await expect.poll(() => drawn(page), { message: 'the chart is drawn' }).toBe(true);

  // Steps: the words, the table and the chart's label follow.
  await lab.clickStep(3);
  await expect(lab.field('step')).toHaveText('3');
  await expect(summaryOf(page)).toContainText('After step 3 (epoch 1):');
  await expect(rowsOf(page)).toHaveCount(4);
  await expect(panel.locator('tr[aria-current="step"] th')).toHaveText('3');
  await expect(panel.locator('canvas')).toHaveAttribute('aria-label', /^Learning curve\. After step 3/);

  // To convergence: nothing wrong at the end, the updates under the bound.
  await page.evaluate(() => window.perceptronLab.run_to_convergence());
  await expect(summaryOf(page)).toContainText('0 of 4 training points wrong');
  await expect(summaryOf(page)).toContainText('The mistake bound (R/γ*)² is 26.');
  const last = Number(await lab.field('step').textContent());
  expect(last).toBeGreaterThan(4);

  // Save as SVG: the same drawing, with its legend, as a file.
  const [file] = await Promise.all([page.waitForEvent('download'), panel.locator('[data-panel-act="svg"]').click()]);
  expect(file.suggestedFilename()).toBe('learning-curve.svg');
  const svg = fs.readFileSync(await file.path(), 'utf8');
  expect(svg).toContain('<svg');
  expect(svg).toContain('mistake bound (R/γ*)² = 26');
  expect(svg).toContain('training points wrong');

  // Keyboard: Tab into the table, Enter on a step goes there.
  const target = panel.locator('tbody th button').first();
  const step = await target.textContent();
  await target.focus();
  await page.keyboard.press('Enter');
  await expect(lab.field('step')).toHaveText(step);
  await expect(panel.locator('tr[aria-current="step"] th')).toHaveText(step);
  const box = await target.boundingBox();
  expect(box.width >= 24 && box.height >= 24, 'a step is a usable target').toBe(true);

  // Mouse: a click at the chart's right end goes to the last step, at its left end to step 0.
  const chart = panel.locator('canvas');
  const c = await chart.boundingBox();
  await page.mouse.click(c.x + c.width - 10, c.y + c.height / 2);
  await expect(lab.field('step')).toHaveText(String(last));
  await page.mouse.click(c.x + 50, c.y + c.height / 2);
  await expect(lab.field('step')).toHaveText('0');
});

test('axe finds nothing in the open panel, light, dark and presenter; screenshots', async ({ lab, page }) => {
  await lab.loadPreset('seed001');
  await panelOf(page).locator('summary').click();
  await page.evaluate(() => window.perceptronLab.run_to_convergence());
  await expect(summaryOf(page)).toContainText('0 of 4 training points wrong');
  await expect.poll(() => drawn(page)).toBe(true);
  await axeClean(page, 'light theme');
  await panelShot(page, 'learning-curve-light.png');

  await page.emulateMedia({ colorScheme: 'dark' });
  await axeClean(page, 'dark theme');
  await panelShot(page, 'learning-curve-dark.png');

  await page.emulateMedia({ colorScheme: 'light' });
  await page.locator('#presenter').click();
  await expect(page.locator('body')).toHaveClass(/presenter/);
  await axeClean(page, 'presenter theme');
  await panelShot(page, 'learning-curve-presenter.png');

  // Presenter mode draws larger, not elsewhere: a click still goes to the step under it.
  const last = await lab.field('step').textContent();
  const chart = panelOf(page).locator('canvas');
  const c = await chart.boundingBox();
  await page.mouse.click(c.x + 60, c.y + c.height / 2);
  await expect(lab.field('step')).toHaveText('0');
  await page.mouse.click(c.x + c.width - 12, c.y + c.height / 2);
  await expect(lab.field('step')).toHaveText(last);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });
  test('a tap on the curve goes to that step', async ({ lab, page }) => {
    await lab.loadPreset('seed001');
    await panelOf(page).locator('summary').tap();
    await page.evaluate(() => window.perceptronLab.run_to_convergence());
    await expect(summaryOf(page)).toContainText('0 of 4 training points wrong');
    const last = await lab.field('step').textContent();
    const chart = panelOf(page).locator('canvas');
    await chart.scrollIntoViewIfNeeded();
    const c = await chart.boundingBox();
    await page.touchscreen.tap(c.x + 50, c.y + c.height / 2);
    await expect(lab.field('step')).toHaveText('0');
    await page.touchscreen.tap(c.x + c.width - 10, c.y + c.height / 2);
    await expect(lab.field('step')).toHaveText(last);
  });
});

base.test('a compact lab (embed.js) has the panel; hide names it', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto('/course.html');
  await page.waitForFunction(() => window.PerceptronLab && window.PerceptronLab.ready, null, { timeout: 20_000 });
  await page.evaluate(() => window.PerceptronLab.ready);
  await page.evaluate(async () => {
    const shown = document.createElement('div');
    shown.id = 'with-curve';
    const hidden = document.createElement('div');
    hidden.id = 'without-curve';
    document.querySelector('main').prepend(shown, hidden);
    const fragment = 'v=1&a=perceptron&b=1&i=-1,0,0&e=1&o=fixed&s=1&m=1000&n=0&p=1,1,0;3,2,1;2,4,1;3,4,1;2,3,0';
    window.__shown = await window.PerceptronLab.mount(shown, fragment);
    window.__hidden = await window.PerceptronLab.mount(hidden, fragment, { hide: ['curve'] });
  });
  const shown = page.locator('#with-curve');
  await expect(panelOf(page.locator('#without-curve'))).toBeHidden();
  const panel = panelOf(shown);
  await expect(panel).toBeVisible();
  await panel.locator('summary').click();
  await expect(panel).toHaveAttribute('open', '');
  await shown.locator('[data-act="step"]').click();
  await shown.locator('[data-act="step"]').click();
  await expect(shown.locator('[data-field="step"]')).toHaveText('2');
  await expect(summaryOf(shown)).toContainText('After step 2 (epoch 1):');
  await panel.locator('tbody th button').first().click();
  await expect(shown.locator('[data-field="step"]')).toHaveText('0');
  const results = await new AxeBuilder({ page }).include('#with-curve [data-panel="curve"]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(problems).toEqual([]);
});
