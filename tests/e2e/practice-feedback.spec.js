// Practice mode (issue 12): wrong answers of each kind get feedback that names the error, in
// the words of src/core/algo/practice.rs (`Slip::words`) and the checkers; typed garbage is
// refused in the question's error line and nothing is recorded. Seed 000's example (the course's
// numbers: step 2 updates w = [-1, 0, 0] on x = (3, 2), y = +1 to w′ = [0, 3, 2]) and a
// generated multiclass set. Each right answer is computed here from the panel's facts.
'use strict';

const { test, expect, SEED000 } = require('./helpers');
const P = require('./helpers/practice');

const OLD_LEFT_OUT =
  'The old w is left out: the new weights are the old ones plus the update, not the update alone.';
const SIGN = 'The sign is wrong: the update adds y·x (the sample times its label y), not x.';
const WRONG_ROW =
  "The wrong row changed: add x to the true class's row and subtract it from the predicted class's row; the other rows stay.";

/** `text` as a regular expression matching it literally. */
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Composes seed 000's example with `kinds` and `questions`, and starts it. */
async function startSeed000(page, kinds, questions) {
  await P.openPractice(page);
  await P.compose(page, { kinds, questions, algorithm: 'perceptron', source: 'ex:seed000' });
  await P.start(page, questions);
}

test.describe('practice: wrong answers and their feedback', () => {
  test('be the perceptron on seed 000 step 2: old w left out, the sign, and typed garbage refused', async ({ lab, page }) => {
    await startSeed000(page, ['update'], 3);
    await P.waitForQuestion(page, 1, 3, 'update');
    const f = await P.facts(page);
    expect(f['w = [w0, w1, w2]']).toBe('[-1, 0, 0]');
    expect(f.sample).toBe('#2: x = (3, 2), y = +1');
    const step = P.classicStep(f);
    expect(step.next, 'seed 000 step 2, computed here').toEqual([0, 3, 2]);

    // Typed garbage: said in the error line, nothing recorded.
    await P.typeAndCheck(page, '[data-ask="parameters"]', ['abc']);
    await expect(P.practiceError(page)).toContainText('"abc" is not a number: type numbers such as 0, -1.5 or 3, separated by commas.');
    await expect(P.feedback(page)).toHaveText('');
    await expect(page.locator('[data-role="practice-results"]')).toBeHidden();
    await expect(P.askGroup(page, 'parameters')).toBeVisible();
    // Three numbers asked, two given: refused too.
    await P.typeAndCheck(page, '[data-ask="parameters"]', ['1, 3']);
    await expect(P.practiceError(page)).toContainText('w′ takes 3 numbers, not 2.');
    await expect(P.resultRows(page)).toHaveCount(0);

    // [1, 3, 2]: the update alone, the old w left out.
    await P.typeAndCheck(page, '[data-ask="parameters"]', ['1, 3, 2']);
    await expect(P.practiceError(page)).toHaveText('');
    await expect(P.feedback(page)).toHaveText(`✗ ${OLD_LEFT_OUT} The right answer: w′ = [0, 3, 2].`);
    await expect(P.resultRows(page)).toHaveCount(1);
    expect((await P.resultsTable(page))[0].slice(0, 6)).toEqual([
      '1', 'Be the perceptron', 'w′ = [1, 3, 2]', 'w′ = [0, 3, 2]', 'wrong', 'old-left-out',
    ]);
    await expect(P.resultsCaption(page)).toHaveText(/^Results: 0 of 3 right, 1 of 3 answered/);

    // The same question again (Stop, Start): [-2, -3, -2] has the sign wrong.
    await page.locator('[data-practice="stop"]').click();
    await expect(page.locator('#practice-composer')).toBeVisible();
    await expect(page.locator('#practice-start')).toBeFocused();
    await P.start(page, 3);
    expect(await P.facts(page)).toEqual(f);
    await P.typeAndCheck(page, '[data-ask="parameters"]', ['[-2, -3, -2]']);
    await expect(P.feedback(page)).toHaveText(`✗ ${SIGN} The right answer: w′ = [0, 3, 2].`);
    expect((await P.resultsTable(page))[0].slice(2, 6)).toEqual(['w′ = [-2, -3, -2]', 'w′ = [0, 3, 2]', 'wrong', 'sign']);
    // Garbage after the answer is not recorded either: the question is answered.
    await expect(P.resultRows(page)).toHaveCount(1);
  });

  test('predict the visit wrongly: "Not this time", with the score and the check written out', async ({ lab, page }) => {
    await startSeed000(page, ['predict'], 2);
    for (let n = 1; n <= 2; n++) {
      await P.waitForQuestion(page, n, 2, 'predict');
      const step = P.classicStep(await P.facts(page));
      await page.locator(step.update ? '[data-practice="no"]' : '[data-practice="yes"]').click();
      const verdict = step.update ? 'it updates' : 'no update';
      await expect(P.feedback(page)).toHaveText(new RegExp(`^✗ Not this time: ${verdict}\\. s: .* = ${step.score}\\. y·s = `));
      await expect(P.resultRows(page)).toHaveCount(n);
      const row = (await P.resultsTable(page))[n - 1];
      expect(row.slice(1, 6)).toEqual([
        'Predict the visit',
        step.update ? 'no update' : 'update',
        step.update ? 'update' : 'no update',
        'wrong',
        step.update ? 'missed-update' : 'updated-on-correct',
      ]);
      await P.next(page, n, 2);
    }
    await expect(P.title(page)).toHaveText('Done: 0 of 2 right');
  });

  test('faded worked example: a wrong update, a wrong check and a wrong score, each part said', async ({ lab, page }) => {
    await startSeed000(page, ['faded'], 4);
    // 1: fully worked, read.
    await P.waitForQuestion(page, 1, 4, 'faded');
    await P.waitForAsk(page, 'read');
    await page.locator('[data-practice="read"]').click();
    await expect(P.feedback(page)).toHaveText(/^✓ Worked: /);
    await P.next(page, 1, 4);

    // 2: the update hidden; a wrong one (the right one + 5 in w1).
    await P.waitForAsk(page, 'parameters');
    let step = P.classicStep(await P.facts(page));
    expect((await P.worked(page)).update).toBe('?');
    const wrong = step.next.map((v, k) => (k === 1 ? v + 5 : v));
    await P.typeAndCheck(page, '[data-ask="parameters"]', [P.fmt(wrong)]);
    await expect(P.feedback(page)).toHaveText(`✗ Not the update. The right answer: w′ = ${P.vectorText(step.next)}.`);
    expect((await P.worked(page)).update).toContain(`= ${P.vectorText(step.next)}`);
    await P.next(page, 2, 4);

    // 3: the check and the update hidden; the check wrong, then the update right.
    await P.waitForAsk(page, 'update');
    step = P.classicStep(await P.facts(page));
    expect(await P.worked(page)).toMatchObject({ check: '?', update: '?' });
    await page.locator(step.update ? '[data-practice="no"]' : '[data-practice="yes"]').click();
    await expect(P.feedback(page)).toHaveText(/^✗ Not this time: /);
    await P.waitForAsk(page, 'parameters');
    await P.typeAndCheck(page, '[data-ask="parameters"]', [P.fmt(step.next)]);
    await expect(P.feedback(page)).toHaveText(`✓ Right: w′ = ${P.vectorText(step.next)}.`);
    await expect(P.resultRows(page)).toHaveCount(3);
    expect((await P.resultsTable(page))[2].slice(2, 5)).toEqual([
      `${step.update ? 'no update' : 'update'}; w′ = ${P.vectorText(step.next)}`,
      `${step.update ? 'update' : 'no update'}; w′ = ${P.vectorText(step.next)}`,
      'wrong',
    ]);
    await P.next(page, 3, 4);

    // 4: the score hidden too; a wrong score.
    await P.waitForAsk(page, 'scores');
    step = P.classicStep(await P.facts(page));
    expect(await P.worked(page)).toMatchObject({ score: '?', check: '?', update: '?' });
    await P.typeAndCheck(page, '[data-ask="scores"]', [String(step.score + 1)]);
    await expect(P.feedback(page)).toHaveText(new RegExp(`^✗ Not the score: s: .* = ${step.score}\\.$`));
    // The check and the update follow, each answered right.
    await P.waitForAsk(page, 'update');
    await page.locator(step.update ? '[data-practice="yes"]' : '[data-practice="no"]').click();
    await expect(P.feedback(page)).toHaveText(/^✓ Right: /);
    await P.waitForAsk(page, 'parameters');
    await P.typeAndCheck(page, '[data-ask="parameters"]', [P.fmt(step.next)]);
    await expect(P.feedback(page)).toHaveText(/^✓ Right: /);
    await expect(P.resultsCaption(page)).toHaveText(/^Results: 1 of 4 right, 4 of 4 answered/);
  });

  test('will it converge? wrong, and where will the boundary go? with a wrong line: the angle reported', async ({ lab, page }) => {
    await startSeed000(page, ['boundary', 'converge'], 4);
    // 1: the boundary after seed 000 step 2 is 0 + 3·x1 + 2·x2 = 0; a line across it.
    await P.waitForQuestion(page, 1, 4, 'boundary');
    let step = P.classicStep(await P.facts(page));
    expect(step.next).toEqual([0, 3, 2]);
    const across = P.pointsAcross(step.next);
    await page.locator('input[data-end="a"]').fill(P.fmt(across[0]));
    await page.locator('input[data-end="b"]').fill(P.fmt(across[1]));
    await page.locator('[data-ask="line"] [data-practice="check"]').click();
    await expect(P.feedback(page)).toHaveText(/^✗ Not quite\./);
    const m = /^✗ Not quite\. The boundary after the update is (.*); your line is (\d+)° off its direction/.exec(
      await P.feedback(page).textContent()
    );
    expect(m, 'the feedback reports the angle').not.toBeNull();
    expect(Number(m[2])).toBe(Math.round(P.angleTo(across, step.next)));
    expect(Number(m[2])).toBe(90);
    await P.next(page, 1, 4);

    // 2: seed 000's points are separable (the classic rule converges on them, run here).
    await P.waitForQuestion(page, 2, 4, 'converge');
    expect(P.classicConverges(SEED000)).toBe(true);
    await expect(P.askGroup(page, 'converges')).toBeVisible();
    await page.locator('[data-practice="never"]').click();
    await expect(P.feedback(page)).toHaveText(/^✗ Not this time\. Separable: w\* = \[.*\] puts every point on its side with margin γ\* = /);
    await P.next(page, 2, 4);

    // 3: the next boundary question: a garbage end refused, then a right line.
    await P.waitForQuestion(page, 3, 4, 'boundary');
    step = P.classicStep(await P.facts(page));
    await page.locator('input[data-end="a"]').fill('abc');
    await page.locator('input[data-end="b"]').fill('1, 2');
    await page.locator('[data-ask="line"] [data-practice="check"]').click();
    await expect(P.practiceError(page)).toContainText('"abc" is not a number');
    await expect(P.resultRows(page)).toHaveCount(2);
    const on = P.pointsOnLine(step.next);
    await page.locator('input[data-end="a"]').fill(P.fmt(on[0]));
    await page.locator('input[data-end="b"]').fill(P.fmt(on[1]));
    await page.locator('[data-ask="line"] [data-practice="check"]').click();
    await expect(P.feedback(page)).toHaveText(/^✓ Right\. The boundary after the update is .*; your line is 0° off its direction and 0 from it at its middle\.$/);
    await expect(P.practiceError(page)).toHaveText('');
    await expect(P.resultRows(page)).toHaveCount(3);
    expect((await P.resultsTable(page)).map((r) => r[4])).toEqual(['wrong', 'wrong', 'right']);
  });

  test('multiclass, three generated classes: a wrong row gets the "wrong row" feedback', async ({ lab, page }) => {
    // The lab stays on the classic rule, as a student's who opens a link: the set's classes are
    // still named by the set's algorithm (0, 1, 2), never by the lab's ±1.
    await P.openPractice(page);
    await P.compose(page, { kinds: ['update'], questions: 2, algorithm: 'multiclass', source: 'gen', classes: 3, seed: 4 });
    await P.start(page, 2);
    for (let n = 1; n <= 2; n++) {
      await P.waitForQuestion(page, n, 2, 'update');
      const step = P.multiclassStep(await P.facts(page));
      expect(step.rows).toHaveLength(3);
      expect((await P.facts(page)).sample).toMatch(/y = [012]$/);
      // Only the true class's row gains η·f(x); the predicted class's row is left as it was.
      await P.typeAndCheck(page, '[data-ask="parameters"]', step.gained.map(P.fmt));
      const right = new RegExp(`The right answer: .*W′${step.y} = ${escape(P.vectorText(step.gained[step.y]))}`);
      await expect(P.feedback(page)).toHaveText(new RegExp(`^✗ ${escape(WRONG_ROW)} The right answer: `));
      await expect(P.feedback(page)).toHaveText(right);
      expect((await P.resultsTable(page))[n - 1].slice(4, 6)).toEqual(['wrong', 'wrong-row']);
      await P.next(page, n, 2);
    }
  });
});
