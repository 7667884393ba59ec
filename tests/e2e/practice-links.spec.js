// Practice mode (issue 12): exercise links. The same link gives the same problems in two
// browsers (separate contexts, nothing shared); with "Each student gets a variant" (vary=1)
// each student's seed is shown and the composer's link with that seed and vary off gives that
// student's problems again. A student opening a link finds the Practice panel open on
// question 1, and goes on by answering each question (answers computed from the facts here).
'use strict';

const { test, expect, watchProblems, openLabAt } = require('./helpers');
const P = require('./helpers/practice');

/** Composes a set in the lab's panel, clicks Make link and returns the link for students. */
async function makeLink(page, composition) {
  await P.openPractice(page);
  await P.compose(page, composition);
  await page.locator('#practice-make-link').click();
  const out = page.locator('#practice-link-out');
  await expect(out).toBeVisible();
  await expect(out).toHaveValue(/#xv=1&/);
  await expect(page.locator('#practice-embed-out')).toHaveValue(/^<iframe src="[^"]*&amp;embed=1&amp;name=practice" /);
  return out.inputValue();
}

/** A student in a browser of their own (a new context) opening `url`. */
async function student(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchProblems(page);
  await openLabAt(page, problems, url);
  // The set is on show at once, in the opened Practice panel.
  await expect(page.locator('#practice-panel')).toHaveAttribute('open', '');
  await expect(P.question(page)).toBeVisible();
  return { context, page, problems };
}

/** The facts of questions 1 to `count`, answering each (right) to go on. */
async function factsOfQuestions(page, count, total) {
  const seen = [];
  for (let n = 1; n <= count; n++) {
    await P.waitForQuestion(page, n, total);
    seen.push(`${await P.title(page).textContent()}\n${await P.factsText(page)}`);
    const answer = await P.answerRight(page);
    if (answer.correct !== null) await expect(P.feedback(page)).toHaveText(/^✓ /);
    await P.next(page, n, total);
  }
  return seen;
}

async function close(s) {
  expect(s.problems, 'console errors, page errors, failed requests').toEqual([]);
  await s.context.close();
}

test.describe('practice links', () => {
  test('an exercise link that is refused says why, ending with one full stop', async ({ page }) => {
    const problems = watchProblems(page);
    await openLabAt(page, problems, '/#xv=1&xk=predict&xn=1&xa=perceptron&xd=gen&xs=1&xp=100000');
    const notice = page.locator('#status [data-field="notice"]');
    await expect(notice).toHaveText(/^This link could not be opened: .*100000\. Nothing was changed\.$/);
    await expect(notice).not.toContainText('..');
    expect(problems).toEqual([]);
  });

  test('a link that is refused leaves the set on show and its answers', async ({ page }) => {
    const problems = watchProblems(page);
    await openLabAt(page, problems, '/#xv=1&xk=predict&xn=5&xa=perceptron&xb=1&xe=1&xd=ex:seed000&xs=1&xr=0');
    await P.waitForQuestion(page, 1, 5);
    await P.answerRight(page);
    await expect(P.resultRows(page)).toHaveCount(1);
    // η = −1: the scenario is refused as the link is opened (pasted into the address).
    await page.evaluate(() => { window.location.hash = 'v=1&a=perceptron&e=-1&p=1,1,0;2,2,1'; });
    await expect(page.locator('#status [data-field="notice"]')).toContainText('Nothing was changed');
    await expect(P.title(page)).toHaveText(/^Question 1 of 5/);
    await expect(P.question(page)).toBeVisible();
    await expect(P.resultRows(page)).toHaveCount(1);
    await P.next(page, 1, 5);
    expect(problems).toEqual([]);
  });

  // Issue 38, finding 5: a link whose set cannot start (η = 1e308 on generated points; a set on
  // the link's own points with one class) used to stop the set on show before it failed.
  for (const [what, refusedLink] of [
    ['a set that cannot start', 'xv=1&xid=u&xk=predict&xn=3&xa=perceptron&xb=1&xe=1e308&xd=gen&xs=1&xr=0'],
    ['a scenario whose points a set cannot use', 'v=1&a=perceptron&b=1&i=zero&e=1&o=fixed&s=1&m=1000&p=1,1,1;2,2,1&xv=1&xid=u&xk=predict&xn=3&xa=perceptron&xb=1&xe=1&xd=points&xs=1&xr=0'],
  ]) {
    test(`a link with ${what} changes nothing: the question, its answers and the lab's points stay`, async ({ lab, page }) => {
      const problems = watchProblems(page);
      await openLabAt(page, problems, '/#xv=1&xid=t&xk=predict&xn=5&xa=perceptron&xb=1&xe=1&xd=ex:seed000&xs=1&xr=0');
      await P.waitForQuestion(page, 1, 5);
      const points = await lab.text('points');
      await P.answerRight(page);
      await P.next(page, 1, 5);
      await P.answerRight(page);
      await expect(P.resultRows(page)).toHaveCount(2);
      const table = await P.resultsTable(page);
      await page.evaluate((h) => { window.location.hash = h; }, refusedLink);
      await expect(page.locator('#status [data-field="notice"]')).toHaveText(/^This link could not be opened: .*Nothing was changed\.$/);
      await expect(P.question(page)).toBeVisible();
      await expect(P.title(page)).toHaveText(/^Question 2 of 5/);
      expect(await P.resultsTable(page), 'the results table as it was').toEqual(table);
      await expect(page.locator('[data-practice="csv"]')).toBeVisible();
      expect(await lab.text('points'), 'the lab\'s own points as they were').toBe(points);
      await P.next(page, 2, 5);
      expect(problems).toEqual([]);
    });
  }

  test('a stopped set\'s results stay on show and can be saved until another set starts', async ({ lab, page }) => {
    const problems = watchProblems(page);
    await openLabAt(page, problems, '/#xv=1&xid=t&xk=predict&xn=5&xa=perceptron&xb=1&xe=1&xd=ex:seed000&xs=1&xr=0');
    await P.waitForQuestion(page, 1, 5);
    await P.answerRight(page);
    await expect(P.resultRows(page)).toHaveCount(1);
    const table = await P.resultsTable(page);
    await page.locator('[data-practice="stop"]').click();
    await expect(P.question(page)).toBeHidden();
    await expect(page.locator('#practice-start')).toBeVisible();
    expect(await P.resultsTable(page), 'the results of the set just stopped').toEqual(table);
    const csv = await lab.download('[data-practice="csv"]');
    const rows = P.parseCsv(csv.text.trimEnd());
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(0, 2)).toEqual(['1', 'predict']);
    // Another set starts: its own (empty) results replace them.
    await page.evaluate(() => { window.location.hash = 'xv=1&xid=u&xk=predict&xn=3&xa=perceptron&xb=1&xe=1&xd=ex:seed000&xs=2&xr=0'; });
    await P.waitForQuestion(page, 1, 3);
    await expect(page.locator('[data-role="practice-results"]')).toBeHidden();
    expect(problems).toEqual([]);
  });

  test('the same link gives the same problems in two browsers', async ({ lab, page, browser }) => {
    const kinds = ['predict', 'update', 'boundary'];
    const link = await makeLink(page, { kinds, questions: 4, seed: 23, source: 'gen' });
    expect(link).toContain('xk=predict,update,boundary');
    expect(link).toContain('xs=23');
    expect(link).toContain('xr=0');
    const a = await student(browser, link);
    const b = await student(browser, link);
    const seenA = await factsOfQuestions(a.page, 3, 4);
    const seenB = await factsOfQuestions(b.page, 3, 4);
    seenA.forEach((text, k) => expect(text).toMatch(new RegExp(`^Question ${k + 1} of 4 · ${P.KIND_TITLES[kinds[k]].replace('?', '\\?')}\n`)));
    expect(seenB).toEqual(seenA);
    // No variant: the exercise only.
    await expect(a.page.locator('[data-field="practice-variant"]')).toHaveText('Exercise practice');
    await close(a);
    await close(b);
  });

  test('vary=1: each student\'s seed is shown, and the link with that seed and vary off reproduces their problems', async ({ lab, page, browser }) => {
    const link = await makeLink(page, { kinds: ['predict', 'update'], questions: 3, seed: 5, source: 'gen', vary: true });
    expect(link).toContain('xr=1');
    const seedOf = async (s) => {
      const variant = s.page.locator('[data-field="practice-variant"]');
      await expect(variant).toHaveText(/^Exercise practice · your variant's seed: \d+ \(a lecturer reproduces it with this seed and vary off\)$/);
      return Number(/seed: (\d+)/.exec(await variant.textContent())[1]);
    };
    const students = [await student(browser, link), await student(browser, link)];
    const seeds = [];
    for (const s of students) seeds.push(await seedOf(s));
    expect(seeds[0], 'two students, two seeds').not.toBe(seeds[1]);
    for (let k = 0; k < 2; k++) {
      const seen = await factsOfQuestions(students[k].page, 2, 3);
      // The lecturer: the composer's link with the student's seed and vary off.
      const lecturerLink = link.replace(/([#&])xs=\d+/, `$1xs=${seeds[k]}`).replace('xr=1', 'xr=0');
      expect(lecturerLink).not.toBe(link);
      const lecturer = await student(browser, lecturerLink);
      await expect(lecturer.page.locator('[data-field="practice-variant"]')).toHaveText('Exercise practice');
      expect(await factsOfQuestions(lecturer.page, 2, 3), `student ${k + 1}'s problems from seed ${seeds[k]}`).toEqual(seen);
      await close(lecturer);
    }
    for (const s of students) await close(s);
  });
});
