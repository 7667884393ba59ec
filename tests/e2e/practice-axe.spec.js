// Practice mode (issue 12): axe-core (WCAG 2.0–2.2 A/AA and best practice) finds nothing in
// the Practice panel — the composer and its link, a question of each kind (predict, update,
// faded, boundary, converge), the reveal, a held answer in presenter mode and the results — in
// the light, dark and presenter themes; the panel's controls are at least 24 × 24 CSS px.
// Saves practice-<kind>-<question|reveal>-<theme>.png, practice-composer-<theme>.png and
// practice-results-<theme>.png to be looked at.
'use strict';

const { test, expect } = require('./helpers');
const P = require('./helpers/practice');

const KINDS = ['predict', 'update', 'faded', 'boundary', 'converge'];
// Asked in turn: predict, update, faded (fully worked), boundary, converge, predict, update,
// faded (its update to fill in: the question shot of the faded kind).
const QUESTIONS = 8;

for (const theme of ['light', 'dark', 'presenter']) {
  test(`axe-core and 24 px targets in the Practice panel, every kind, ${theme} theme`, async ({ lab, page }) => {
    test.setTimeout(240_000);
    if (theme === 'dark') await page.emulateMedia({ colorScheme: 'dark' });
    if (theme === 'presenter') {
      await page.locator('#presenter').click();
      await expect(page.locator('body')).toHaveClass(/\bpresenter\b/);
    }
    await lab.settle();
    const violations = [];
    const small = [];
    const check = async (label) => {
      violations.push(...(await P.axeViolations(page, '#practice-panel', `${theme} ${label}`)));
      small.push(...(await P.smallTargets(page, '#practice-panel')).map((s) => `${theme} ${label}: ${s}`));
    };

    await P.openPractice(page);
    await P.compose(page, { kinds: KINDS, questions: QUESTIONS, algorithm: 'perceptron', source: 'gen', seed: 2 });
    await page.locator('#practice-make-link').click();
    await expect(page.locator('#practice-link-out')).toBeVisible();
    await check('composer');
    await P.shot(page, `practice-composer-${theme}.png`);
    await P.start(page, QUESTIONS);

    const shotOf = { faded: QUESTIONS };
    for (let n = 1; n <= QUESTIONS; n++) {
      await P.waitForQuestion(page, n, QUESTIONS);
      const { kind } = await P.kindOnShow(page);
      const save = (shotOf[kind] ?? KINDS.indexOf(kind) + 1) === n;
      await check(`question ${n} (${kind})`);
      if (save) await P.shot(page, `practice-${kind}-question-${theme}.png`);
      const heldChecked = [];
      await P.answerRight(page, {
        onHeld: async () => {
          await expect(P.feedback(page)).toHaveText('Answer taken: reveal it when the class has voted.');
          if (!heldChecked.length) await check(`question ${n} (${kind}) held`);
          heldChecked.push(n);
        },
      });
      expect(heldChecked.length > 0, 'presenter mode holds every answer, no other theme does').toBe(theme === 'presenter');
      await expect(P.feedback(page)).toHaveText(/^[✓✗] /);
      await check(`question ${n} (${kind}) revealed`);
      if (save) await P.shot(page, `practice-${kind}-reveal-${theme}.png`);
      await P.next(page, n, QUESTIONS);
    }
    await expect(P.resultRows(page)).toHaveCount(QUESTIONS);
    await check('results');
    await P.shot(page, `practice-results-${theme}.png`);
    expect(violations).toEqual([]);
    expect(small).toEqual([]);
  });
}
