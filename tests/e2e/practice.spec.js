// Practice mode (issue 12): a student works through a five-question set with the mouse and
// another with the keyboard alone. The answers are computed here from the panel's own facts
// (the weights, the sample, η: helpers/practice.js), independently of the lab, so a wrong
// check in the lab fails the test. The other practice-*.spec.js files cover wrong answers and
// their feedback, links, results, events, presenter mode and axe-core. Saves practice-*.png.
'use strict';

const { test, expect } = require('./helpers');
const P = require('./helpers/practice');

test.describe('practice', () => {
  test('a five-question set with the mouse: predict and be the perceptron, each checked, with results', async ({ lab, page }) => {
    await P.openPractice(page);
    await page.locator('#practice-seed').fill('7');
    await page.locator('#practice-start').click();
    const title = P.title(page);
    await expect(title).toHaveText(/Question 1 of 5 · Predict the visit/);
    await P.shot(page, 'practice-mouse-predict-light.png');
    for (let n = 1; n <= 5; n++) {
      await expect(title).toHaveText(new RegExp(`Question ${n} of 5`));
      const step = P.classicStep(await P.facts(page));
      if (n % 2 === 1) {
        // Predict the visit (questions 1, 3, 5).
        await page.locator(step.update ? '[data-practice="yes"]' : '[data-practice="no"]').click();
        await expect(P.feedback(page)).toHaveText(/^✓ Right/);
      } else {
        // Be the perceptron: the lab asks after a mistake, so the step updates.
        expect(step.update, 'be the perceptron asks about a mistake').toBe(true);
        await page.locator('[data-role="practice-parameters-fields"] input').first().fill(P.fmt(step.next));
        await page.locator('[data-ask="parameters"] [data-practice="check"]').click();
        await expect(P.feedback(page)).toHaveText(/^✓ /);
        if (n === 2) await P.shot(page, 'practice-mouse-update-reveal-light.png');
      }
      await page.locator('[data-practice="next"]').click();
    }
    await expect(title).toHaveText('Done: 5 of 5 right');
    await expect(P.resultsCaption(page)).toHaveText(/5 of 5 right, 5 of 5 answered/);
    await expect(P.resultRows(page)).toHaveCount(5);
    await P.shot(page, 'practice-mouse-results-light.png');
    expect(await P.axeViolations(page, '#practice-panel')).toEqual([]);
  });

  test('a five-question set with the keyboard only: Tab, Shift+Tab, Enter, Space, typing, →, PageDown — focus follows each question', async ({ lab, page }) => {
    const active = () =>
      page.evaluate(() => {
        const a = document.activeElement;
        return a ? a.id || `${a.tagName.toLowerCase()}:${(a.textContent || '').trim().slice(0, 40)}` : '';
      });
    /** Presses Tab (or Shift+Tab) until `selector` has focus, as a keyboard user looks for it. */
    const tabTo = async (selector, { back = false, max = 120 } = {}) => {
      const target = page.locator(selector);
      for (let i = 0; i < max; i++) {
        if (await target.evaluate((el) => el === document.activeElement)) return;
        await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
      }
      throw new Error(`${selector} never got focus after ${max} × ${back ? 'Shift+Tab' : 'Tab'} (focus on ${await active()})`);
    };

    // Open the Practice panel: Tab to its summary, Enter.
    await tabTo('#practice-panel > summary');
    await page.keyboard.press('Enter');
    await expect(page.locator('#practice-composer')).toBeVisible();
    // Kinds predict, update (ticked already) and faded: Space ticks its box.
    await tabTo('#practice-composer input[value="faded"]');
    await page.keyboard.press('Space');
    await expect(page.locator('#practice-composer input[value="faded"]')).toBeChecked();
    // The seed: typed over (select all, type).
    await tabTo('#practice-seed');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('12');
    await expect(page.locator('#practice-seed')).toHaveValue('12');
    // Past Start to Make link, then back with Shift+Tab: Start, Enter.
    await tabTo('#practice-make-link');
    await tabTo('#practice-start', { back: true });
    await page.keyboard.press('Enter');

    const kinds = ['predict', 'update', 'faded', 'predict', 'update'];
    const first = { predict: '[data-practice="yes"]', update: '[data-role="practice-parameters-fields"] input[data-part="0"]', faded: '[data-practice="read"]' };
    const given = [];
    for (let n = 1; n <= 5; n++) {
      const kind = kinds[n - 1];
      await P.waitForQuestion(page, n, 5, kind);
      // Focus is on the first control of the new question.
      await expect(page.locator(first[kind]), `question ${n} (${kind}): focus on its first control`).toBeFocused();
      const step = P.classicStep(await P.facts(page));
      if (kind === 'predict') {
        if (!step.update) await page.keyboard.press('Tab');
        await expect(page.locator(step.update ? '[data-practice="yes"]' : '[data-practice="no"]')).toBeFocused();
        // Space presses the focused answer button (question 1), as Enter does (question 4).
        await page.keyboard.press(n === 1 ? 'Space' : 'Enter');
        given.push(step.update ? 'update' : 'no update');
      } else if (kind === 'update') {
        expect(step.update, 'be the perceptron asks about a mistake').toBe(true);
        await page.keyboard.type(P.fmt(step.next));
        await page.keyboard.press('Enter'); // submits the field's form
        given.push(`w′ = ${P.vectorText(step.next)}`);
      } else {
        // The first faded example is fully worked: read it.
        await page.keyboard.press('Enter');
        given.push('read');
      }
      await expect(P.feedback(page)).toHaveText(/^✓ /);
      await expect(page.locator('[data-practice="next"]'), `question ${n}: focus on Next after the answer`).toBeFocused();
      // Go on: Enter or Space on Next, or → / PageDown (the lab's forward keys).
      await page.keyboard.press(['Enter', 'ArrowRight', 'Space', 'PageDown', 'Enter'][n - 1]);
    }
    await expect(P.title(page)).toHaveText('Done: 5 of 5 right');
    await expect(P.resultsCaption(page)).toHaveText(/^Results: 5 of 5 right, 5 of 5 answered/);
    const table = await P.resultsTable(page);
    expect(table.map((r) => r.slice(0, 5))).toEqual(
      given.map((g, k) => [String(k + 1), P.KIND_TITLES[kinds[k]], g, g, 'right'])
    );
  });
});

test.describe('practice on the plot', () => {
  test('where will the boundary go? dragged across the plot; be the perceptron by the tip of w′ with the keyboard', async ({ lab, page }) => {
    // Seed 000: the first update gives w′ = [0, 3, 2], whose boundary 3·x1 + 2·x2 = 0 goes
    // through (-2, 3) and (2, -3); the next update (step 5) gives w′ = [-1, 1, -1].
    await page.goto('/#xv=1&xid=plot&xk=boundary,update&xn=2&xa=perceptron&xd=ex:seed000&xs=1');
    const title = page.locator('[data-field="practice-title"]');
    await expect(title).toHaveText(/Question 1 of 2 · Where will the boundary go\?/);
    const [ax, ay] = await lab.pageXY(-2, 3);
    const [bx, by] = await lab.pageXY(2, -3);
    await page.mouse.move(ax, ay);
    await page.mouse.down();
    await page.mouse.move((ax + bx) / 2, (ay + by) / 2, { steps: 4 });
    await page.mouse.move(bx, by, { steps: 4 });
    await page.mouse.up();
    // The plot's ends are written into the fields.
    await expect(page.locator('input[data-end="a"]')).toHaveValue('-2, 3');
    await expect(page.locator('input[data-end="b"]')).toHaveValue('2, -3');
    await P.shot(page, 'practice-boundary-question-light.png');
    await page.locator('[data-ask="line"] [data-practice="check"]').click();
    await expect(page.locator('[data-role="practice-feedback"]')).toHaveText(/^✓ /);
    await P.shot(page, 'practice-boundary-reveal-light.png');
    await page.locator('[data-practice="next"]').click();
    await expect(title).toHaveText(/Question 2 of 2 · Be the perceptron/);
    // The keyboard: Tab to the plot, its cursor to (1, -1), Enter; then Check the arrow.
    await page.locator('#plot').focus();
    await expect(page.locator('[data-role="cursor-status"]')).toHaveText(/cursor at/);
    const readCursor = async () => P.numbers((await page.locator('[data-role="cursor-status"]').textContent()).split(';')[0]);
    for (let guard = 0; guard < 40; guard++) {
      const [cx, cy] = await readCursor();
      if (cx === 1 && cy === -1) break;
      await page.keyboard.press(cx < 1 ? 'ArrowRight' : cx > 1 ? 'ArrowLeft' : cy < -1 ? 'ArrowUp' : 'ArrowDown');
      await expect.poll(readCursor).not.toEqual([cx, cy]);
    }
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-field="practice-tip"]')).toHaveText("Your arrow's tip: (1, -1).");
    await P.shot(page, 'practice-tip-question-light.png');
    await page.locator('[data-practice="tip"]').focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-role="practice-feedback"]')).toHaveText(/^✓ /);
    await expect(title).toHaveText(/Question 2 of 2/);
    await expect(page.locator('[data-role="practice-results-body"] tr')).toHaveCount(2);
  });
});
