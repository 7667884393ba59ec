// Practice mode (issue 12) in a lecture: with Presenter on, an answer is taken but its feedback
// (and its row in the results) waits until the lecturer reveals it — V, or → / PageDown (a
// clicker's "next") — so that a class can vote first; the same keys then go on.
'use strict';

const { test, expect } = require('./helpers');
const P = require('./helpers/practice');

const TAKEN = 'Answer taken: reveal it when the class has voted.';

test('presenter mode holds the reveal: V, → and PageDown reveal it, then go on', async ({ lab, page }) => {
  await page.locator('#presenter').click();
  await expect(page.locator('#presenter')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('body')).toHaveClass(/\bpresenter\b/);
  await P.openPractice(page);
  await P.compose(page, { kinds: ['predict', 'update'], questions: 3, algorithm: 'perceptron', source: 'ex:seed000' });
  await P.start(page, 3);

  /** The answer is taken and held: no feedback, no result, the Reveal button asked for. */
  const expectHeld = async (n) => {
    await expect(P.feedback(page)).toHaveText(TAKEN);
    await P.waitForAsk(page, 'reveal');
    await expect(P.askGroup(page, 'next')).toBeHidden();
    await expect(page.locator('[data-practice="reveal"]')).toBeFocused();
    await expect(P.resultRows(page), 'the results wait for the reveal too').toHaveCount(n - 1);
    await expect(page.locator('[data-role="practice-worked"]')).toBeHidden();
  };
  const expectRevealed = async (n) => {
    await expect(P.feedback(page)).toHaveText(/^✓ Right/);
    await P.waitForAsk(page, 'next');
    await expect(P.resultRows(page)).toHaveCount(n);
    await expect(page.locator('[data-role="practice-worked"]')).toBeVisible();
  };

  // 1: predict (seed 000 step 1), answered with the mouse; V reveals, Enter on Next goes on.
  await P.waitForQuestion(page, 1, 3, 'predict');
  let step = P.classicStep(await P.facts(page));
  await page.locator(step.update ? '[data-practice="yes"]' : '[data-practice="no"]').click();
  await expectHeld(1);
  await page.keyboard.press('v');
  await expectRevealed(1);
  await expect(page.locator('[data-practice="next"]')).toBeFocused();
  await page.keyboard.press('Enter');

  // 2: be the perceptron, typed; → reveals, PageDown goes on.
  await P.waitForQuestion(page, 2, 3, 'update');
  step = P.classicStep(await P.facts(page));
  await expect(page.locator('[data-role="practice-parameters-fields"] input[data-part="0"]')).toBeFocused();
  await page.keyboard.type(P.fmt(step.next));
  await page.keyboard.press('Enter');
  await expectHeld(2);
  // → before the reveal does not skip it: it reveals.
  await page.keyboard.press('ArrowRight');
  await expectRevealed(2);
  await page.keyboard.press('PageDown');

  // 3: predict again; PageDown reveals, → goes on to the end.
  await P.waitForQuestion(page, 3, 3, 'predict');
  step = P.classicStep(await P.facts(page));
  await page.locator(step.update ? '[data-practice="yes"]' : '[data-practice="no"]').click();
  await expectHeld(3);
  await page.keyboard.press('PageDown');
  await expectRevealed(3);
  await page.keyboard.press('ArrowRight');
  await expect(P.title(page)).toHaveText('Done: 3 of 3 right');

  // Presenter off: answers show at once again.
  await page.locator('[data-practice="stop"]').click();
  await page.locator('#presenter').click();
  await expect(page.locator('#presenter')).toHaveAttribute('aria-pressed', 'false');
  await P.start(page, 3);
  step = P.classicStep(await P.facts(page));
  await page.locator(step.update ? '[data-practice="yes"]' : '[data-practice="no"]').click();
  await expect(P.feedback(page)).toHaveText(/^✓ Right/);
  await expect(P.resultRows(page)).toHaveCount(1);
});
