// Keyboard shortcuts for lecturing: every key of the help overlay has a visible effect, keys go to
// form fields while one is focused, and Space on a focused button steps once (not twice).
'use strict';

const { test, expect } = require('./helpers');

const help = (page) => page.locator('#help');

test('every shortcut has its effect: → Space PageDown ← PageUp N E P R 1 2 Delete F ? Escape', async ({ lab, page }) => {
  await lab.loadPreset('seed000');

  // Stepping forward: →, Space, PageDown (a presentation clicker's "next").
  await lab.key('ArrowRight');
  await expect(lab.field('step')).toHaveText('1');
  await lab.key('Space');
  await expect(lab.field('step')).toHaveText('2');
  await expect(lab.field('weights')).toHaveText('[0, 3, 2]');
  await lab.key('PageDown');
  await expect(lab.field('step')).toHaveText('3');
  // Back: ←, PageUp (exact undo).
  await lab.key('ArrowLeft');
  await expect(lab.field('step')).toHaveText('2');
  await expect(lab.field('weights')).toHaveText('[0, 3, 2]');
  await lab.key('PageUp');
  await expect(lab.field('step')).toHaveText('1');
  await expect(lab.field('weights')).toHaveText('[-1, 0, 0]');
  // The page did not scroll from Space / PageDown / PageUp.
  expect(await page.evaluate(() => window.scrollY), 'Space/PageDown step instead of scrolling').toBe(0);

  // N: next mistake (step 2), again (step 5).
  await lab.key('n');
  await expect(lab.field('step')).toHaveText('2');
  await expect(lab.field('outcome')).toHaveText(/^mistake/);
  await lab.key('n');
  await expect(lab.field('step')).toHaveText('5');
  await expect(lab.field('weights')).toHaveText('[-1, 1, -1]');
  // E: finish epoch 2 (steps 6–10).
  await lab.key('ArrowRight');
  await expect(lab.field('step')).toHaveText('6');
  await lab.key('e');
  await expect(lab.field('step')).toHaveText('10');
  await expect(lab.field('epoch')).toHaveText('2');
  // R: reset.
  await lab.key('r');
  await expect(lab.field('step')).toHaveText('0');
  await expect(lab.field('weights')).toHaveText('[-1, 0, 0]');
  await expect(lab.field('updates')).toHaveText('0');
  // Upper case works too (Caps Lock on a lecture laptop).
  await lab.key('Shift+N');
  await expect(lab.field('step')).toHaveText('2');
  await lab.key('Shift+R');
  await expect(lab.field('step')).toHaveText('0');

  // P: play (a step at once, the button says Pause), P again: pause.
  await lab.key('p');
  await expect(page.locator('#play')).toHaveText('Pause');
  await expect(lab.field('step')).not.toHaveText('0');
  await lab.key('p');
  await expect(page.locator('#play')).toHaveText('Play');
  const paused = await lab.text('step');
  await lab.settle();
  await lab.settle();
  await expect(lab.field('step'), 'paused: no more steps').toHaveText(paused);

  // 2 / 1: the class to add.
  await lab.key('2');
  await expect(page.locator('#class-neg')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#class-pos')).toHaveAttribute('aria-pressed', 'false');
  const added = await lab.addPoint(-3, -3);
  expect(added.label, 'after key 2 a click adds class -1').toBe(-1);
  await lab.key('1');
  await expect(page.locator('#class-pos')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#class-neg')).toHaveAttribute('aria-pressed', 'false');
  const added2 = await lab.addPoint(-3, 3);
  expect(added2.label, 'after key 1 a click adds class +1').toBe(1);
  await expect(lab.field('points')).toHaveText('7 (4 of +1, 3 of -1)');

  // Delete: removes the selected point.
  await lab.clickData(-3, -3);
  await expect(lab.field('notice')).toHaveText(/^Selected point #6 at \(-3, -3\): drag to move it, Delete to remove it\./);
  await expect(lab.field('points'), 'clicking a point selects it, adds nothing').toHaveText('7 (4 of +1, 3 of -1)');
  await lab.key('Delete');
  await expect(lab.field('notice')).toHaveText(/^Removed point #6 at \(-3, -3\)\./);
  await expect(lab.field('points')).toHaveText('6 (4 of +1, 2 of -1)');
  // Delete with nothing selected removes nothing.
  await lab.key('Delete');
  await lab.settle();
  await expect(lab.field('points')).toHaveText('6 (4 of +1, 2 of -1)');

  // F: fullscreen on, F again: off.
  await lab.key('f');
  await expect
    .poll(() => page.evaluate(() => document.fullscreenElement !== null), { message: 'F enters fullscreen' })
    .toBe(true);
  await lab.key('f');
  await expect
    .poll(() => page.evaluate(() => document.fullscreenElement === null), { message: 'F again leaves fullscreen' })
    .toBe(true);

  // ?: the help overlay lists every shortcut; keys do nothing behind it; Escape closes it.
  await expect(help(page)).toBeHidden();
  await lab.key('?');
  await expect(help(page)).toBeVisible();
  await expect(help(page)).toHaveAttribute('role', 'dialog');
  const keys = await help(page).locator('kbd').allTextContents();
  for (const k of ['→', 'Space', 'PageDown', '←', 'PageUp', 'P', 'N', 'E', 'R', '1', '2', 'Delete', 'F', '?', 'Esc']) {
    expect(keys, `the help lists ${k}`).toContain(k);
  }
  const stepBehind = await lab.text('step');
  await page.keyboard.press('ArrowRight');
  await lab.settle();
  await expect(lab.field('step'), '→ does not step behind the open help').toHaveText(stepBehind);
  await page.keyboard.press('Escape');
  await expect(help(page)).toBeHidden();
  // ? toggles: open and close again with ?.
  await lab.key('?');
  await expect(help(page)).toBeVisible();
  await page.keyboard.press('?');
  await expect(help(page)).toBeHidden();
  // The ? button and the Close button.
  await page.locator('#help-button').click();
  await expect(help(page)).toBeVisible();
  await page.locator('#help-close').click();
  await expect(help(page)).toBeHidden();
});

test('keys typed into a form field stay there; Space on a focused button steps once', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  await lab.clickStep(2);
  await expect(lab.field('step')).toHaveText('2');

  // Typing "r", "p", "n", "e", "f", "2" and arrows into the seed field: no shortcut fires.
  const seed = page.locator('#seed');
  await seed.click();
  await seed.press('End');
  await seed.pressSequentially('rpnef2');
  await seed.press('ArrowLeft');
  await seed.press('ArrowRight');
  await seed.press('Space');
  await lab.settle();
  await expect(seed).toHaveValue('1rpnef2 ');
  await expect(lab.field('step'), 'no step/reset while typing').toHaveText('2');
  await expect(page.locator('#play')).toHaveText('Play');
  await expect(page.locator('#class-pos')).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
  await lab.typeInto('#seed', '1');

  // After clicking Step (the button keeps focus) Space and Enter each step exactly once.
  await page.locator('#step').click();
  await expect(lab.field('step')).toHaveText('3');
  await expect(page.locator('#step')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(lab.field('step')).toHaveText('4');
  await lab.settle();
  await lab.settle();
  await expect(lab.field('step'), 'Space on the focused Step button: one step, not two').toHaveText('4');
  await page.keyboard.press('Enter');
  await expect(lab.field('step')).toHaveText('5');
  await lab.settle();
  await expect(lab.field('step')).toHaveText('5');
  // → with the Back button focused steps forward (the key, not the button, decides).
  await page.locator('#back').click();
  await expect(lab.field('step')).toHaveText('4');
  await page.keyboard.press('ArrowRight');
  await expect(lab.field('step')).toHaveText('5');
});
