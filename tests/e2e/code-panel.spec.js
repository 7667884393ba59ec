// "This run in code": the panel opens by keyboard, its snippet follows the steps and is exactly
// what `perceptron-trace --emit python` writes for the same points, settings and step; the
// code region is reachable by keyboard; Copy puts the snippet on the clipboard and says so;
// axe-core finds nothing in the open panel, in light, dark and presenter themes.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { test, expect, SEED000, perceptronTrace } = require('./helpers');
const { SCREENSHOT_DIR } = require('./env');
const AxeBuilder = require('@axe-core/playwright').default;

/** The CLI's --emit python for `points` with the settings the page's form shows. */
async function cliSnippet(page, points, algorithm, steps) {
  const value = (id) => page.locator(id).inputValue();
  const args = [
    '--emit', 'python', '--steps', String(steps), '--algo', algorithm,
    '--init', await value('#init'), '--eta', await value('#eta'),
    '--order', await value('#order'), '--seed', await value('#seed'),
    '--max-epochs', await value('#max-epochs'),
  ];
  if (!(await page.locator('#bias').isChecked())) args.push('--no-bias');
  return perceptronTrace(points, { args, format: 'markdown', parse: false });
}

const code = (page) => page.locator('[data-panel="code"] [data-part="code"]');

async function axeClean(page, what) {
  const results = await new AxeBuilder({ page }).include('[data-panel="code"]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`), what).toEqual([]);
}

async function panelShot(page, name) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.locator('[data-panel="code"]').screenshot({ path: path.join(SCREENSHOT_DIR, name) });
}

test('the panel opens by keyboard and shows the CLI\'s snippet for the same run, step by step', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  const panel = page.locator('[data-panel="code"]');
  await expect(panel).not.toHaveAttribute('open', '');
  await expect(code(page), 'nothing is written while the panel is closed').toHaveText('');

  // Keyboard: focus the summary and press Enter.
  await panel.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(panel).toHaveAttribute('open', '');
  await expect(code(page)).toContainText('after step 0.');
  expect(await code(page).textContent()).toBe(await cliSnippet(page, SEED000, 'perceptron', 0));

  // Steps (→ on the page, as a lecturer would): mid-epoch, the text follows.
  for (let i = 1; i <= 3; i++) {
    await lab.key('ArrowRight');
    await expect(lab.field('step')).toHaveText(String(i));
  }
  await expect(code(page)).toContainText('after step 3.');
  expect(await code(page).textContent(), 'byte for byte the CLI\'s --emit python --steps 3').toBe(
    await cliSnippet(page, SEED000, 'perceptron', 3)
  );
  await expect(code(page)).toContainText('w0 = [-1.0, 0.0, 0.0]');
  await expect(code(page)).toContainText('from sklearn.linear_model import Perceptron');

  // Another algorithm and settings: averaged, shuffled, η = 0.5.
  await lab.chooseAlgorithm('averaged');
  await lab.applySettings({ init: 'zero', eta: '0.5', order: 'shuffle', seed: '5', maxEpochs: '50' });
  await lab.expectNoSettingsError();
  await lab.clickStep(12);
  await expect(lab.field('step')).toHaveText('12');
  await expect(code(page)).toContainText('after step 12.');
  await expect(code(page)).toContainText('seeded ChaCha8 generator (seed 5), which Python cannot reproduce');
  expect(await code(page).textContent()).toBe(await cliSnippet(page, SEED000, 'averaged', 12));

  // Closed, it is not written; opened again, it catches up.
  await panel.locator('summary').click();
  await expect(panel).not.toHaveAttribute('open', '');
  await lab.clickStep(1);
  await expect(lab.field('step')).toHaveText('13');
  await expect(code(page)).toContainText('after step 12.');
  await panel.locator('summary').press('Enter');
  await expect(code(page)).toContainText('after step 13.');
  expect(await code(page).textContent()).toBe(await cliSnippet(page, SEED000, 'averaged', 13));
});

test('the code is reachable by keyboard, Copy copies it and says so, axe finds nothing in any theme', async ({ lab, page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await lab.loadPreset('seed000');
  const panel = page.locator('[data-panel="code"]');
  await panel.locator('summary').focus();
  await page.keyboard.press('Enter');
  await lab.clickStep(4);
  await expect(code(page)).toContainText('after step 4.');

  // Tab: summary → Copy → the code region (focusable, labelled).
  await panel.locator('summary').focus();
  await page.keyboard.press('Tab');
  const copy = page.locator('[data-panel="code"] [data-panel-act="copy"]');
  await expect(copy).toBeFocused();
  await page.keyboard.press('Tab');
  const region = page.locator('pre.code-scroll');
  await expect(region).toBeFocused();
  await expect(region).toHaveAttribute('aria-label', 'Python code of this run');
  const box = await copy.boundingBox();
  expect(box.width >= 24 && box.height >= 24, 'Copy is a usable target').toBe(true);

  // Copy by keyboard: the status says it, the clipboard holds the snippet.
  await copy.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-panel="code"] [data-part="status"]')).toHaveText('Copied the Python code to the clipboard.');
  await expect(page.locator('[data-panel="code"] [data-part="status"]')).toHaveAttribute('role', 'status');
  const clipboard = await page.evaluate(() => navigator.clipboard.readText());
  expect(clipboard).toBe(await code(page).textContent());

  await axeClean(page, 'light theme');
  await panel.scrollIntoViewIfNeeded();
  await panelShot(page, 'code-panel-light.png');
  await lab.screenshot('code-panel-page.png');

  await page.emulateMedia({ colorScheme: 'dark' });
  await axeClean(page, 'dark theme');
  await panelShot(page, 'code-panel-dark.png');

  await page.emulateMedia({ colorScheme: 'light' });
  await page.locator('#presenter').click();
  await expect(page.locator('body')).toHaveClass(/presenter/);
  await axeClean(page, 'presenter theme');
  await panel.scrollIntoViewIfNeeded();
  await panelShot(page, 'code-panel-presenter.png');
});

test('a <perceptron-lab> on a course page has the panel too: its snippet is the CLI\'s, and Copy copies it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/course.html');
  await page.waitForFunction(() => customElements.get('perceptron-lab') !== undefined, null, { timeout: 20_000 });
  await page.evaluate(() => document.getElementById('lab-element').ready.then(() => true));
  const el = page.locator('#lab-element');
  const panel = el.locator('[data-panel="code"]');
  const snippet = panel.locator('[data-part="code"]');
  await expect(panel).not.toHaveAttribute('open', '');
  await panel.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(panel).toHaveAttribute('open', '');
  // The element's scenario is seed 000 (bias, w0 = [-1, 0, 0], η = 1, fixed order) at step 0.
  const args = (steps) => ['--emit', 'python', '--steps', String(steps), '--algo', 'perceptron', '--init=-1,0,0',
    '--eta', '1', '--order', 'fixed', '--seed', '1', '--max-epochs', '1000'];
  await expect(snippet).toContainText('after step 0.');
  expect(await snippet.textContent()).toBe(await perceptronTrace(SEED000, { args: args(0), format: 'markdown', parse: false }));
  await el.locator('button[data-act="step"]').click();
  await el.locator('button[data-act="step"]').click();
  await expect(snippet).toContainText('after step 2.');
  expect(await snippet.textContent()).toBe(await perceptronTrace(SEED000, { args: args(2), format: 'markdown', parse: false }));

  const copy = panel.locator('[data-panel-act="copy"]');
  await copy.focus();
  await page.keyboard.press('Enter');
  await expect(panel.locator('[data-part="status"]')).toHaveText('Copied the Python code to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippet.textContent());
  const results = await new AxeBuilder({ page }).include('perceptron-lab').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`)).toEqual([]);
});
