// The settings form: invalid values are refused with a message and change nothing; valid ones
// restart training and give the same steps as the CLI with the same options.
'use strict';

const path = require('node:path');
const base = require('@playwright/test');
const { SCREENSHOT_DIR } = require('./env');
const AxeBuilder = require('@axe-core/playwright').default;
const { test, expect, SEED000, runTrace, expectClose, watchProblems } = require('./helpers');

const VALID = { init: 'zero', eta: '1', maxEpochs: '1000', seed: '1' };
const KEPT = ['step', 'epoch', 'sample', 'score', 'outcome', 'weights', 'bias', 'updates', 'state', 'points'];

test('invalid settings show #settings-error and change nothing', async ({ lab, page }) => {
  const points = await lab.enterPoints(SEED000);
  await lab.clickStep(2);
  await expect(lab.field('step')).toHaveText('2');
  const before = await lab.status();
  const error = page.locator('#settings-error');

  const bad = [
    [{ eta: '-1' }, 'η = -1'],
    [{ eta: 'abc' }, 'η = "abc"'],
    [{ maxEpochs: '0' }, 'max epochs = 0'],
    [{ init: '1,2' }, 'init = "1,2" (needs 3 weights)'],
    // Issue #16: an empty field was taken as zero without a word.
    [{ init: '' }, 'init = "" (empty)', /initial weights: the field is empty; write zero, random or W0,W1,W2/],
  ];
  for (const [fields, what, says] of bad) {
    await lab.fillSettings(VALID);
    await lab.fillSettings(fields);
    await page.locator('#apply').click();
    await expect(error, `${what}: the error is shown`).toBeVisible();
    await expect(error, `${what}: the error has a message`).not.toHaveText(/^\s*$/);
    if (says) await expect(error, `${what}: the error says why`).toHaveText(says);
    await expect(page, `${what}: the page did not navigate (form submit handled)`).toHaveURL(/\/(index\.html)?(#v=1&[^?]*)?$/);
    const now = await lab.status();
    for (const name of KEPT) expect(now[name], `${what}: status field "${name}" unchanged`).toBe(before[name]);
    // Still the same a moment later (no delayed restart).
    await page.waitForTimeout(100);
    expect(await lab.text('step'), `${what}: step unchanged`).toBe(before.step);
  }

  // Valid values again (η changed so the settings really differ): the error goes away and
  // training restarts from the initial weights with the points kept.
  await lab.fillSettings(VALID);
  await lab.applySettings({ eta: '0.5' });
  await lab.expectNoSettingsError();
  await expect(lab.field('step')).toHaveText('0');
  await expect(lab.field('weights')).toHaveText('[0, 0, 0]');
  await expect(lab.field('points')).toHaveText('5 (3 of +1, 2 of -1)');
  const trace = runTrace(points, ['--eta', '0.5', '--max-epochs', '2']);
  for (let i = 0; i < 7; i++) {
    await lab.clickStep();
    await expect(lab.field('step')).toHaveText(String(i + 1));
    expectClose(await lab.weights(), trace.steps[i].weights_after, `η 0.5, weights after step ${i + 1} vs CLI`);
  }
});

test('shuffle order, seed and random init give the same steps as the CLI', async ({ lab }) => {
  const points = await lab.enterPoints(SEED000);
  await lab.applySettings({ order: 'shuffle', seed: '7', init: 'random', eta: '0.5' });
  await lab.expectNoSettingsError();
  await expect(lab.field('step')).toHaveText('0');
  const trace = runTrace(points, ['--order', 'shuffle', '--seed', '7', '--init', 'random', '--eta', '0.5']);
  expectClose(await lab.weights(), trace.steps[0].weights_before, 'random initial weights (seed 7) vs CLI');
  const n = Math.min(12, trace.steps.length);
  for (let i = 0; i < n; i++) {
    await lab.clickStep();
    const cli = trace.steps[i];
    await expect(lab.field('step')).toHaveText(String(i + 1));
    await expect(lab.field('sample'), `sample of step ${i + 1} (shuffled order)`).toHaveText(new RegExp(`^#${cli.index} `));
    expectClose(await lab.weights(), cli.weights_after, `weights after step ${i + 1} vs CLI`);
  }
});

test('without bias w0 stays 0 and the steps match the CLI --no-bias', async ({ lab }) => {
  const points = await lab.enterPoints(SEED000, { snap: true });
  await lab.applySettings({ bias: false, maxEpochs: '3' });
  await lab.expectNoSettingsError();
  const trace = runTrace(points, ['--no-bias', '--max-epochs', '3']);
  const n = trace.steps.length;
  for (let i = 0; i < n; i++) {
    await lab.clickStep();
    await expect(lab.field('step')).toHaveText(String(i + 1));
    await expect(lab.field('bias')).toHaveText('0');
    expectClose(await lab.weights(), trace.steps[i].weights_after, `no bias, weights after step ${i + 1} vs CLI`);
  }
  expect(trace.result.converged, 'seed 000 is not separable through the origin in 3 epochs').toBe(false);
  // Seed 000 has no separating line through the origin, and the page says it is proven.
  await expect(lab.field('state')).toHaveText(
    'not converged — stopped at max epochs (3); it never would: no line separates the classes'
  );
  await expect(lab.field('updates')).toHaveText(String(trace.result.updates));
  // A step after the cap does nothing.
  await lab.clickStep();
  await expect(lab.field('step')).toHaveText(String(n));
});

test('"Apply" with unchanged settings still restarts training (step 0, initial weights)', async ({ lab, page }) => {
  await lab.enterPoints(SEED000);
  await lab.clickStep(3);
  await expect(lab.field('step')).toHaveText('3');
  await page.locator('#apply').click();
  await lab.expectNoSettingsError();
  await expect(lab.field('step')).toHaveText('0');
  await expect(lab.field('weights')).toHaveText('[0, 0, 0]');
  await expect(lab.field('points')).toHaveText('5 (3 of +1, 2 of -1)');
});

/** Opens the course page and mounts a compact lab (embed.js) on a new `#id` with `fragment`: `window.__lab`. */
async function mountCompact(page, id, fragment) {
  await page.goto('/course.html');
  await page.waitForFunction(() => window.PerceptronLab && window.PerceptronLab.ready, null, { timeout: 20_000 });
  await page.evaluate(() => window.PerceptronLab.ready);
  await page.evaluate(async ([hostId, link]) => {
    const host = document.createElement('div');
    host.id = hostId;
    document.querySelector('main').prepend(host);
    window.__lab = await window.PerceptronLab.mount(host, link);
  }, [id, fragment]);
}

// A closed settings form already shows the settings in force, so a value typed the moment it
// opens is never overwritten by the panel's first write (that raced on a fresh clone).
base.test('a closed settings panel already shows the settings in force: typed at once, kept', async ({ page }) => {
  await mountCompact(page, 'closed-settings', 'v=1&a=perceptron&b=1&i=0,0,0&e=0.25&o=fixed&s=7&m=40&n=0&p=1,1,0;3,2,1');
  const panel = page.locator('#closed-settings [data-panel="settings"]');
  await expect(panel).not.toHaveAttribute('open', '');
  await expect(panel.locator('[data-setting="eta"]')).toHaveValue('0.25');
  await expect(panel.locator('[data-setting="seed"]')).toHaveValue('7');
  await expect(panel.locator('[data-setting="max-epochs"]')).toHaveValue('40');
  // Opened and typed into in one go, with no frame between: what was typed is applied.
  await page.evaluate(() => {
    const root = document.querySelector('#closed-settings [data-panel="settings"]');
    root.open = true;
    root.querySelector('[data-setting="eta"]').value = '2';
  });
  await panel.getByRole('button', { name: 'Apply and reset' }).click();
  await expect.poll(() => page.evaluate(() => window.__lab.link())).toContain('&e=2&');
});

// The settings panel is a registry panel (src/web/panels/settings.rs): a compact lab has it too,
// closed, and its form applies and refuses as the full page's does.
base.test('a compact lab (embed.js) has the settings panel: η applied from it, a bad seed refused', async ({ page }) => {
  const problems = watchProblems(page);
  await mountCompact(page, 'with-settings', 'v=1&a=perceptron&b=1&i=0,0,0&e=1&o=fixed&s=1&m=1000&n=0&p=1,1,0;3,2,1;2,4,1;3,4,1;2,3,0');
  const host = page.locator('#with-settings');
  const panel = host.locator('[data-panel="settings"]');
  await expect(panel).toBeVisible();
  await expect(panel).not.toHaveAttribute('open', '');
  await panel.locator('summary').click();
  await expect(panel.locator('[data-setting="eta"]')).toHaveValue('1');
  await panel.locator('[data-setting="eta"]').fill('0.5');
  await panel.getByRole('button', { name: 'Apply and reset' }).click();
  await expect.poll(() => page.evaluate(() => window.__lab.link())).toContain('&e=0.5&');
  await host.locator('[data-act="step"]').click();
  await host.locator('[data-act="step"]').click();
  // Seed 000 with η = 0.5 from w = 0: both samples are mistakes, w = −0.5·[1, 1, 1] + 0.5·[1, 3, 2].
  await expect(host.locator('[data-field="weights"]')).toHaveText('[0, 1, 0.5]');
  // A bad seed: refused with the reason, nothing changes.
  const before = await page.evaluate(() => window.__lab.link());
  await panel.locator('[data-setting="seed"]').fill('-3');
  await panel.locator('[data-setting="seed"]').press('Enter');
  await expect(panel.getByRole('alert')).toContainText('"-3" is not a whole number');
  expect(await page.evaluate(() => window.__lab.link())).toBe(before);
  await panel.screenshot({ path: path.join(SCREENSHOT_DIR, 'settings-compact.png') });
  const results = await new AxeBuilder({ page }).include('#with-settings [data-panel="settings"]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(problems).toEqual([]);
});
