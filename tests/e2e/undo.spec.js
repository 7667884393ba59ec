// Nothing lost: a student's clicked points come back with Back after an example, Clear, another
// algorithm or new settings replaced them, and Step does the action again; the help dialog keeps
// the keyboard inside it, so nothing behind it changes while it is open.
'use strict';

const { test, expect } = require('./helpers');
const AxeBuilder = require('@axe-core/playwright').default;

/** Four points clicked by hand and two steps: the student's own work. */
async function ownWork(lab, page) {
  await lab.enterPoints([
    { x: 1, y: 2, label: 1 },
    { x: 2, y: 1, label: 1 },
    { x: -1, y: -2, label: -1 },
    { x: -2, y: 0.5, label: -1 },
  ], { snap: true });
  await expect(lab.field('points')).toHaveText('4 (2 of +1, 2 of -1)');
  await lab.clickStep(2);
  await expect(lab.field('step')).toHaveText('2');
  return lab.text('weights');
}

test('Back brings the clicked points back after an example, Clear and another algorithm; Step does it again', async ({ lab, page }) => {
  const weights = await ownWork(lab, page);
  const own = '4 (2 of +1, 2 of -1)';

  // An example replaces the points; Back (button) brings them back at step 2.
  await lab.loadPreset('seed000');
  await expect(lab.field('points')).toHaveText('5 (3 of +1, 2 of -1)');
  await page.locator('#back').click();
  await expect(lab.field('points')).toHaveText(own);
  await expect(lab.field('step')).toHaveText('2');
  await expect(lab.field('weights')).toHaveText(weights);
  await expect(lab.field('notice')).toHaveText('Undone: loading an example (Step → does it again). At step 2.');
  // The address follows: it is this state's link again, not the example's.
  await expect(page).toHaveURL(/[#&]n=2(&|$)/);
  await expect(page).not.toHaveURL(/p=1,1,0;3,2,1/);
  // Step (→ key) does it again; Back undoes it again.
  await lab.key('ArrowRight');
  await expect(lab.field('points')).toHaveText('5 (3 of +1, 2 of -1)');
  await expect(lab.field('notice')).toHaveText('Redone: loading an example.');
  await lab.key('ArrowLeft');
  await expect(lab.field('points')).toHaveText(own);

  // Clear, then Back.
  await page.locator('#clear').click();
  await expect(lab.field('points')).toHaveText('0 (0 of +1, 0 of -1)');
  await lab.key('ArrowLeft');
  await expect(lab.field('points')).toHaveText(own);
  await expect(lab.field('step')).toHaveText('2');

  // Another algorithm, then Back: the selector shows the classic rule again.
  await lab.chooseAlgorithm('averaged');
  await lab.key('ArrowLeft');
  await expect(page.locator('#algorithm')).toHaveValue('perceptron');
  await expect(lab.field('step')).toHaveText('2');
  await expect(lab.field('weights')).toHaveText(weights);

  // New settings, then Back: the form shows the settings in force again.
  await page.locator('#eta').fill('0.5');
  await page.locator('#apply').click();
  await expect(lab.field('step')).toHaveText('0');
  await page.locator('#back').click();
  await expect(page.locator('#eta')).toHaveValue('1');
  await expect(lab.field('step')).toHaveText('2');
});

test('the help dialog keeps the keyboard: ?, Tab, Tab, → change nothing behind it; focus comes back', async ({ lab, page }) => {
  await ownWork(lab, page);
  await page.locator('#step').focus();
  await page.keyboard.press('?');
  await expect(page.locator('#help')).toBeVisible();
  await expect(page.locator('#help-close')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.locator('#help-close'), 'Tab stays in the dialog').toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await lab.settle();
  await expect(page.locator('#preset')).toHaveValue('');
  await expect(lab.field('points')).toHaveText('4 (2 of +1, 2 of -1)');
  await expect(lab.field('step')).toHaveText('2');
  const results = await new AxeBuilder({ page }).include('#help').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.locator('#help')).toBeHidden();
  await expect(page.locator('#step'), 'focus goes back to where it was').toBeFocused();
});
