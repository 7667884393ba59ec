// The η-invariance panel: seed 000 from zero with η = 1 and η₂ = 0.1 typed by keyboard makes the
// same mistakes through the pass and w(η₂) = 0.1·w(η₁); with non-zero initial weights the panel
// names the step where the runs part; a bad η₂ is refused with its reason; the panel is only
// there for the classic perceptron; axe-core finds nothing; light, dark and presenter screenshots.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { test, expect } = require('./helpers');
const { SCREENSHOT_DIR } = require('./env');
const AxeBuilder = require('@axe-core/playwright').default;

// A weight vector as the panel writes it; `≈0` is a zero up to rounding.
const vectorOf = (text) => text.replace(/[[\]\s]/g, '').split(',').map((v) => (v === '≈0' ? 0 : Number(v)));

/** The η table's rows as the page shows them: [step, sample, η₁ decision, η₂ decision, w1, w2]. */
const tableRows = (page) =>
  page.locator('[data-panel="eta"] [data-part="body"] tr').evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent)));

/** Types η₂ into its field by keyboard alone and applies it with Enter. */
async function typeSecondEta(page, text) {
  const field = page.locator('[data-panel="eta"] [data-part="input"]');
  await field.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

async function panelShot(page, name) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.locator('[data-panel="eta"]').screenshot({ path: path.join(SCREENSHOT_DIR, name), animations: 'disabled' });
}

/** The panel starts closed (its two plots are not what a first visit needs): opens it by its summary. */
async function openEtaPanel(page) {
  const panel = page.locator('[data-panel="eta"]');
  const isOpen = () => panel.evaluate((e) => (e.tagName === 'DETAILS' ? e : e.querySelector('details')).open);
  expect(await isOpen(), 'the η panel starts closed').toBe(false);
  await panel.locator('summary').first().click();
  expect(await isOpen()).toBe(true);
}

test('seed 000 from zero: η₂ by keyboard, the pass makes the same mistakes and w scales; bad η₂ refused; axe; screenshots', async ({ lab, page }) => {
  const panel = page.locator('[data-panel="eta"]');
  const verdict = page.locator('[data-panel="eta"] [data-part="verdict"]');
  await expect(panel, 'shown for the classic perceptron').toBeVisible();
  await openEtaPanel(page);
  await lab.loadPreset('seed000');
  await lab.applySettings({ init: 'zero' });
  await lab.expectNoSettingsError();
  await expect(lab.field('weights')).toHaveText('[0, 0, 0]');

  // Keyboard only: the field is labelled, Enter applies; Tab reaches Apply, which applies too.
  await expect(page.getByLabel('Second learning rate η₂')).toBeVisible();
  await typeSecondEta(page, '0.1');
  await expect(page.locator('[data-panel="eta"] [data-part="error"]')).toHaveText('');
  await expect(verdict).toHaveText(/^Step to compare η = 1 with η = 0\.1: from w = 0 both make the same mistakes/);
  await page.locator('[data-panel="eta"] [data-part="input"]').focus();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Apply η₂' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-panel="eta"] [data-part="error"]')).toHaveText('');
  const box = await page.locator('[data-panel="eta"] [data-part="input"]').boundingBox();
  expect(box.height, 'the field is a usable target').toBeGreaterThanOrEqual(24);

  // One pass of seed 000 with → (the course's table: mistakes at steps 1, 2 and 5).
  await lab.visitSamples(5);
  await expect(verdict).toHaveText(
    'Same mistakes at all 5 steps so far: w(η₂) = 0.1 · w(η₁) = (η₂/η₁)·w(η₁), with η₁ = 1, η₂ = 0.1.');
  await expect(page.locator('[data-panel="eta"] [data-part="head-1"]')).toHaveText('η₁ = 1');
  await expect(page.locator('[data-panel="eta"] [data-part="head-2"]')).toHaveText('η₂ = 0.1');
  const rows = await tableRows(page);
  expect(rows.map((r) => r[0])).toEqual(['1', '2', '3', '4', '5']);
  expect(rows.map((r) => r[1])).toEqual(['#1', '#2', '#3', '#4', '#5']);
  expect(rows.map((r) => r[2]), 'η = 1 as in the course table').toEqual(['mistake', 'mistake', 'correct', 'correct', 'mistake']);
  expect(rows.map((r) => r[3]), 'η₂ makes the same mistakes').toEqual(rows.map((r) => r[2]));
  for (const [step, , , , w1, w2] of rows) {
    const a = vectorOf(w1);
    const b = vectorOf(w2);
    a.forEach((v, i) => expect(Math.abs(b[i] - 0.1 * v), `step ${step}: w(η₂) = 0.1·w(η₁)`).toBeLessThan(1e-9));
  }
  // The η₁ run is the lab's own: its last weights are those of the status line.
  expect(vectorOf(rows[4][4])).toEqual(vectorOf(await lab.text('weights')));
  await expect(page.locator('[data-eta-run="1"] figcaption')).toHaveText(/^η₁ = 1: 3 mistakes in 5 steps; w = \[-1, 0, -2\]$/);
  await expect(page.locator('[data-eta-run="2"] figcaption')).toHaveText('η₂ = 0.1: 3 mistakes in 5 steps; w = [-0.1, ≈0, -0.2]');
  for (const canvas of await panel.locator('canvas').all()) {
    const size = await canvas.evaluate((c) => [c.width, c.height]);
    expect(size[0], 'the small plots have a backing store').toBeGreaterThan(100);
  }

  // Bad η₂ values: the reason in the alert, nothing else changes, the text stays to mend.
  for (const [bad, reason] of [
    ['-1', 'η₂ (the second learning rate) should be positive and finite, but is -1'],
    ['abc', 'η₂: "abc" is not a number'],
    ['0', 'η₂ (the second learning rate) should be positive and finite, but is 0'],
  ]) {
    await typeSecondEta(page, bad);
    await expect(page.locator('[data-panel="eta"] [data-part="error"]')).toHaveText(reason);
    await expect(page.locator('[data-panel="eta"] [data-part="error"]')).toHaveAttribute('role', 'alert');
    await expect(page.locator('[data-panel="eta"] [data-part="input"]')).toHaveValue(bad);
    await expect(page.locator('[data-panel="eta"] [data-part="head-2"]')).toHaveText('η₂ = 0.1');
    await expect(verdict).toHaveText(/^Same mistakes at all 5 steps so far: w\(η₂\) = 0\.1 · w\(η₁\)/);
  }
  await typeSecondEta(page, '0.1');
  await expect(page.locator('[data-panel="eta"] [data-part="error"]')).toHaveText('');

  // Back cuts the comparison to the step on show.
  await lab.key('ArrowLeft');
  await expect(lab.field('step')).toHaveText('4');
  await expect(verdict).toHaveText(/^Same mistakes at all 4 steps so far/);
  await lab.key('ArrowRight');
  await expect(verdict).toHaveText(/^Same mistakes at all 5 steps so far/);
  await expect(verdict, 'the verdict is spoken when it changes').toHaveAttribute('aria-live', 'polite');

  // While playing it changes with every step: shown, not spoken; spoken again after Pause.
  await lab.key('p');
  await expect(page.locator('[data-field="play-label"]')).toHaveText('Pause');
  await expect(verdict).toHaveAttribute('aria-live', 'off');
  await lab.key('p');
  await expect(page.locator('[data-field="play-label"]')).toHaveText('Play');
  await expect(verdict).toHaveAttribute('aria-live', 'polite');
  // Back to the end of the pass for the rest of the test.
  await page.locator('#scrubber').fill('5');
  await expect(lab.field('step')).toHaveText('5');

  // The link keeps η₂: opened again, the panel shows the same comparison.
  await expect(page).toHaveURL(/[#&]e=1&e2=0\.1(&|$)/);
  // The address is written at most every 250 ms: wait until it holds the step on show.
  await expect(page).toHaveURL(/[#&]n=5(&|$)/);
  const url = page.url();
  await page.goto('about:blank');
  await page.goto(url);
  await expect(lab.field('step')).toHaveText('5');
  await openEtaPanel(page);
  await expect(page.locator('[data-panel="eta"] [data-part="input"]')).toHaveValue('0.1');
  await expect(verdict).toHaveText(/^Same mistakes at all 5 steps so far: w\(η₂\) = 0\.1 · w\(η₁\)/);

  const results = await new AxeBuilder({ page }).include('[data-panel="eta"]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await panelShot(page, 'eta-panel-light.png');

  await page.locator('#presenter').click();
  await expect(page.locator('body')).toHaveClass(/\bpresenter\b/);
  await panelShot(page, 'eta-panel-presenter.png');
  await page.locator('#presenter').click();
  await expect(page.locator('body')).not.toHaveClass(/\bpresenter\b/);

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(24, 26, 27)');
  const dark = await new AxeBuilder({ page }).include('[data-panel="eta"]').analyze();
  expect(dark.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await panelShot(page, 'eta-panel-dark.png');
  await page.emulateMedia({ colorScheme: 'light' });
});

test('non-zero initial weights: the panel shows the step where the runs part; only the classic perceptron has it', async ({ lab, page }) => {
  const panel = page.locator('[data-panel="eta"]');
  const verdict = page.locator('[data-panel="eta"] [data-part="verdict"]');
  await openEtaPanel(page);
  await lab.loadPreset('seed000');
  await lab.applySettings({ init: '1,-1,1' });
  await lab.expectNoSettingsError();
  await typeSecondEta(page, '0.1');
  await expect(verdict).toHaveText(/^Step to compare η = 1 with η = 0\.1 from w₀ = \[1, -1, 1\]/);

  await lab.visitSamples(5);
  await expect(verdict).toHaveText(/^Same mistakes at all 5 steps so far, but w\(η₂\) = .* is not a multiple of w\(η₁\)/);
  await lab.visitSamples(1);
  await expect(verdict).toHaveText(
    'The runs first differ at step 6: sample 1 is a mistake with η = 0.1, not with η = 1, from w₀ = [1, -1, 1]: the initial weights do not scale with η.');
  const rows = await tableRows(page);
  const marked = rows.filter((r) => /first difference/.test(r[0]));
  expect(marked, 'the divergence row is marked in words').toEqual([rows[5]]);
  expect(rows[5].slice(0, 4)).toEqual(['6 ← first difference', '#1', 'correct', 'mistake']);
  await expect(page.locator('[data-panel="eta"] [data-part="body"] tr.first-difference')).toHaveCount(1);
  const results = await new AxeBuilder({ page }).include('[data-panel="eta"]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await panelShot(page, 'eta-panel-diverged.png');

  // Another algorithm: the panel goes; back to the classic rule: it comes back.
  await lab.chooseAlgorithm('averaged');
  await expect(panel).toBeHidden();
  await lab.chooseAlgorithm('perceptron');
  await expect(panel).toBeVisible();
  await expect(verdict).toHaveText(/^Step to compare η = 1 with η = 0\.1/);
});
