// Practice mode (issue 12): the results. After a set with right and wrong answers, "Save
// results (CSV)" and "Save results (JSON)" hold, row for row, what the results table shows and
// what the test typed; the page's `perceptron-lab:answer` / `perceptron-lab:finish` events
// (listened to on the document) carry the same answers, and the finish object an xAPI-shaped
// statement.
'use strict';

const { test, expect } = require('./helpers');
const P = require('./helpers/practice');

const KIND_NAMES = Object.fromEntries(Object.entries(P.KIND_TITLES).map(([k, t]) => [t, k]));

/**
 * Answers the question on show with the mouse, right or (`wrong`) wrong, the answer computed
 * from the facts; returns { kind, given, expected, correct } as the results write them.
 */
async function answer(page, wrong) {
  const { kind } = await P.kindOnShow(page);
  const step = P.classicStep(await P.facts(page));
  if (kind === 'predict') {
    const said = wrong ? !step.update : step.update;
    await page.locator(said ? '[data-practice="yes"]' : '[data-practice="no"]').click();
    return { kind, given: said ? 'update' : 'no update', expected: step.update ? 'update' : 'no update', correct: !wrong };
  }
  if (kind === 'update') {
    // Wrong: the sign of the update turned (w − η·y·x).
    const typed = wrong ? step.w.map((wk, k) => wk - step.eta * step.y * step.features[k]) : step.next;
    await P.typeAndCheck(page, '[data-ask="parameters"]', [P.fmt(typed)]);
    return { kind, given: `w′ = ${P.vectorText(typed)}`, expected: `w′ = ${P.vectorText(step.next)}`, correct: !wrong };
  }
  // The first faded example: read.
  await P.waitForAsk(page, 'read');
  await page.locator('[data-practice="read"]').click();
  return { kind, given: 'read', expected: 'read', correct: true };
}

/** Plays a set of `total` questions, wrong where `wrongAt` says; returns what was answered. */
async function play(page, total, wrongAt) {
  const answered = [];
  for (let n = 1; n <= total; n++) {
    await P.waitForQuestion(page, n, total);
    const a = await answer(page, wrongAt.includes(n));
    await expect(P.feedback(page)).toHaveText(a.correct ? /^✓ / : /^✗ /);
    await expect(P.resultRows(page)).toHaveCount(n);
    answered.push({ question: n, ...a });
    await P.next(page, n, total);
  }
  return answered;
}

test.describe('practice results', () => {
  test('the CSV and JSON exports match the results table and what was answered', async ({ lab, page }) => {
    await P.openPractice(page);
    await P.compose(page, { kinds: ['predict', 'update', 'faded'], questions: 5, seed: 3, source: 'gen' });
    await P.start(page, 5);
    const answered = await play(page, 5, [2, 4]);
    await expect(P.title(page)).toHaveText('Done: 3 of 5 right');
    await expect(P.resultsCaption(page)).toHaveText(/^Results: 3 of 5 right, 5 of 5 answered, [\d.]+ s in all\.$/);

    // The table: #, kind, given, expected, result, error, s.
    const table = await P.resultsTable(page);
    expect(table.map((r) => r.slice(0, 5))).toEqual(
      answered.map((a) => [String(a.question), P.KIND_TITLES[a.kind], a.given, a.expected, a.correct ? 'right' : 'wrong'])
    );
    expect(table.map((r) => r[5])).toEqual(answered.map((a) => (a.correct ? '' : a.kind === 'predict' ? (a.expected === 'update' ? 'missed-update' : 'updated-on-correct') : 'sign')));

    // CSV.
    const csv = await lab.download('[data-practice="csv"]');
    expect(csv.name).toBe('perceptron-practice-results.csv');
    const rows = P.parseCsv(csv.text.trimEnd());
    expect(rows[0]).toEqual(['question', 'kind', 'given', 'expected', 'correct', 'error', 'seconds']);
    expect(rows).toHaveLength(6);
    rows.slice(1).forEach((row, k) => {
      const cells = table[k];
      expect(row.slice(0, 6), `CSV row ${k + 1} against the table`).toEqual([
        cells[0], KIND_NAMES[cells[1]], cells[2], cells[3], cells[4] === 'right' ? 'true' : 'false', cells[5],
      ]);
      expect(row[2], `CSV row ${k + 1}: given as typed`).toBe(answered[k].given);
      expect(Math.abs(Number(row[6]) - Number(cells[6])), `CSV row ${k + 1}: seconds ${row[6]} vs ${cells[6]}`).toBeLessThanOrEqual(0.05 + 1e-9);
    });

    // JSON.
    const json = await lab.download('[data-practice="json"]');
    expect(json.name).toBe('perceptron-practice-results.json');
    const results = JSON.parse(json.text);
    expect(results).toMatchObject({ exercise: 'practice', seed: 3, total: 5, score: 3 });
    expect(results.questions).toHaveLength(5);
    results.questions.forEach((q, k) => {
      expect(q, `JSON question ${k + 1} against the CSV`).toEqual({
        question: Number(rows[k + 1][0]),
        kind: rows[k + 1][1],
        given: rows[k + 1][2],
        expected: rows[k + 1][3],
        correct: rows[k + 1][4] === 'true',
        error: rows[k + 1][5] === '' ? null : rows[k + 1][5],
        seconds: q.seconds,
      });
      expect(Math.abs(q.seconds - Number(rows[k + 1][6]))).toBeLessThanOrEqual(5e-5);
      expect(q.seconds).toBeGreaterThanOrEqual(0);
    });
  });

  test('answer and finish events on the page: the answers as in the results, an xAPI statement', async ({ lab, page }) => {
    await page.evaluate(() => {
      window.practiceEvents = [];
      for (const type of ['answer', 'finish']) {
        document.addEventListener(`perceptron-lab:${type}`, (e) => {
          window.practiceEvents.push({ type, target: e.target.id, detail: JSON.parse(JSON.stringify(e.detail)) });
        });
      }
    });
    await P.openPractice(page);
    await P.compose(page, { kinds: ['predict', 'update'], questions: 2, seed: 9, source: 'gen' });
    await P.start(page, 2);
    const answered = await play(page, 2, [1]);
    await expect(P.title(page)).toHaveText('Done: 1 of 2 right');
    await page.waitForFunction(() => window.practiceEvents.some((e) => e.type === 'finish'));
    const events = await page.evaluate(() => window.practiceEvents);
    expect(events.map((e) => e.type)).toEqual(['answer', 'answer', 'finish']);
    expect(events.every((e) => e.target === 'lab'), 'dispatched on the lab (#lab), bubbling to the document').toBe(true);

    const table = await P.resultsTable(page);
    let score = 0;
    events.slice(0, 2).forEach((e, k) => {
      score += answered[k].correct ? 1 : 0;
      expect(Object.keys(e.detail).sort()).toEqual(['correct', 'exercise', 'expected', 'given', 'kind', 'question', 'score', 'total']);
      expect(e.detail).toEqual({
        exercise: 'practice',
        question: k + 1,
        kind: answered[k].kind,
        correct: answered[k].correct,
        given: answered[k].given,
        expected: answered[k].expected,
        score,
        total: 2,
      });
      expect([String(e.detail.question), P.KIND_TITLES[e.detail.kind], e.detail.given, e.detail.expected, e.detail.correct ? 'right' : 'wrong'])
        .toEqual(table[k].slice(0, 5));
    });

    const finish = events[2].detail;
    expect(finish).toMatchObject({ exercise: 'practice', score: 1, total: 2 });
    expect(finish.statement.verb.id).toBe('http://adlnet.gov/expapi/verbs/completed');
    expect(finish.statement.result.score).toEqual({ raw: 1, min: 0, max: 2, scaled: 0.5 });
    expect(finish.statement.result.completion).toBe(true);
    const origin = new URL(page.url()).origin;
    expect(finish.statement.object.id).toMatch(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/#xv=1&xid=practice&xk=predict,update&xn=2&`));
    expect(finish.statement.object.definition.name['en-US']).toBe('Perceptron Lab practice: practice');
    expect(finish.results.questions.map((q) => [q.question, q.kind, q.given, q.expected, q.correct])).toEqual(
      events.slice(0, 2).map((e) => [e.detail.question, e.detail.kind, e.detail.given, e.detail.expected, e.detail.correct])
    );
  });
});
