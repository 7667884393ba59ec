// Practice in course pages (issue 12): course.html's practice section embeds one exercise set
// twice — as a compact lab (embed.js) and in an iframe (the full page with embed=1) — and its
// script lists the `answer` and `finish` events it receives: the compact lab's through
// `lab.on(…)`, the frame's through postMessage to the page's own origin only. A student answers
// both with the mouse and the keyboard; the events carry what was answered and the finish
// event an xAPI-shaped statement; axe-core finds nothing in the section. Saves
// practice-course-*.png.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const AxeBuilder = require('@axe-core/playwright').default;
const { test, expect, watchProblems } = require('./helpers');
const { SCREENSHOT_DIR } = require('./env');

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

const numbers = (text) => (text.replace(/−/g, '-').match(/-?\d+(\.\d+)?/g) || []).map(Number);

/**
 * The classic rule's step from what a question's facts show (the weights before, the sample,
 * η, the bias), computed here: { update, next }.
 */
async function expected(question) {
  const facts = await question.locator('[data-role="practice-facts"]').evaluate((dl) => {
    const out = {};
    for (const dt of dl.querySelectorAll('dt')) out[dt.textContent] = dt.nextElementSibling.textContent;
    return out;
  });
  const w = numbers(facts[Object.keys(facts).find((k) => k.startsWith('w'))]);
  const [x1, x2] = numbers(facts.sample.split(':')[1].split('y =')[0]);
  const y = facts.sample.includes('y = +1') ? 1 : -1;
  const eta = numbers(facts['η'])[0];
  const f = [facts.bias.startsWith('on') ? 1 : 0, x1, x2];
  const score = w.reduce((s, wk, k) => s + wk * f[k], 0);
  const update = y * score <= 0;
  return { update, next: update ? w.map((wk, k) => wk + eta * y * f[k]) : w };
}

/** Answers the 3-question set (predict, update, predict) in `scope` right, by mouse or keys. */
async function answerSet(scope, page, how) {
  const question = scope.locator('[data-role="practice-question"]');
  const title = question.locator('[data-field="practice-title"]');
  const act = async (locator) => {
    if (how === 'mouse') await locator.click();
    else {
      await locator.focus();
      await page.keyboard.press('Enter');
    }
  };
  for (let n = 1; n <= 3; n++) {
    await expect(title).toHaveText(new RegExp(`Question ${n} of 3`));
    const step = await expected(question);
    if (n === 2) {
      const field = question.locator('[data-role="practice-parameters-fields"] input').first();
      if (how === 'mouse') {
        await field.click();
        await field.fill(step.next.join(', '));
        await question.locator('[data-ask="parameters"] [data-practice="check"]').click();
      } else {
        await field.focus();
        await page.keyboard.type(step.next.join(', '));
        await page.keyboard.press('Enter');
      }
    } else {
      await act(question.locator(`[data-practice="${step.update ? 'yes' : 'no'}"]`));
    }
    await expect(question.locator('[data-role="practice-feedback"]')).toHaveText(/^✓ /);
    await act(question.locator('[data-practice="next"]'));
  }
  await expect(title).toHaveText('Done: 3 of 3 right');
}

test('course.html receives answer and finish events from the compact lab and from the frame', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto('/course.html');
  await page.waitForFunction(() => window.PerceptronLab && window.PerceptronLab.ready, null, { timeout: 20_000 });
  await page.evaluate(() => window.PerceptronLab.ready);
  const compact = page.locator('#lab-practice');
  await expect(compact.locator('[data-field="practice-title"]')).toHaveText(/Question 1 of 3 · Predict the visit/, { timeout: 20_000 });
  // The compact lab's own step controls wait while the set runs.
  await expect(compact.locator('.plab-controls').first()).toBeHidden();

  await answerSet(compact, page, 'mouse');
  const log = page.locator('#practice-log li');
  await expect(log.filter({ has: page.locator(':scope[data-from="compact"]') })).toHaveCount(4);
  await expect(page.locator('#practice-log li[data-from="compact"][data-type="finish"]'))
    .toHaveText('{"from":"compact","exercise":"week-3-practice","score":3,"total":3,"verb":"completed"}');
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await compact.screenshot({ path: path.join(SCREENSHOT_DIR, 'practice-course-compact.png') });

  // The frame: the full page with the same set, reporting to this page's origin.
  await page.locator('#practice-frame').scrollIntoViewIfNeeded();
  const frame = page.frameLocator('#practice-frame');
  await expect(frame.locator('[data-field="practice-title"]')).toHaveText(/Question 1 of 3/, { timeout: 20_000 });
  await answerSet(frame.locator('body'), page, 'keyboard');
  await expect(page.locator('#practice-log li[data-from="frame"][data-type="answer"]')).toHaveCount(3);
  await expect(page.locator('#practice-log li[data-from="frame"][data-type="finish"]'))
    .toHaveText('{"from":"frame","exercise":"week-3-practice","score":3,"total":3,"verb":"completed"}');
  // Both got the same questions: the answers' texts agree.
  const answers = async (from) => page.locator(`#practice-log li[data-from="${from}"][data-type="answer"]`)
    .evaluateAll((items) => items.map((i) => ({ ...JSON.parse(i.textContent), from: undefined })));
  expect(await answers('frame')).toEqual(await answers('compact'));
  await page.locator('#practice-frame').screenshot({ path: path.join(SCREENSHOT_DIR, 'practice-course-frame.png') });

  const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).include('#lab-practice').include('#practice-log').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(problems).toEqual([]);
});

test('course.html opens at its top: the sets on show take neither the focus nor the scroll', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto('/course.html');
  await page.waitForFunction(() => window.PerceptronLab && window.PerceptronLab.ready, null, { timeout: 20_000 });
  await page.evaluate(() => window.PerceptronLab.ready);
  await expect(page.locator('#lab-practice [data-field="practice-title"]')).toHaveText(/Question 1 of 3/, { timeout: 20_000 });
  // The frame's first question is drawn in the frame that writes it, with the focus decided.
  await expect(page.frameLocator('#practice-frame').locator('[data-field="practice-title"]'))
    .toHaveText(/Question 1 of 3/, { timeout: 20_000 });
  expect(await page.evaluate(() => window.scrollY), 'the page did not scroll').toBe(0);
  expect(await page.evaluate(() => document.activeElement === document.body), 'nothing took the focus').toBe(true);
  // A student who goes to the set answers it from the keyboard as before: the next question
  // takes the focus once one is answered (the set's own keyboard test above).
  expect(problems).toEqual([]);
});

test('the frame posts nothing to another origin: without report= no event leaves it', async ({ page }) => {
  const problems = watchProblems(page);
  // The lab page itself, with a set but no report origin: answers are dispatched on the page only.
  await page.goto('/#xv=1&xid=alone&xk=predict&xn=1&xa=perceptron&xd=ex:seed000&xs=1');
  const events = page.evaluate(() => new Promise((resolve) => {
    document.getElementById('lab').addEventListener('perceptron-lab:finish', (e) => resolve(e.detail), { once: true });
  }));
  const question = page.locator('[data-role="practice-question"]');
  await expect(question.locator('[data-field="practice-title"]')).toHaveText(/Question 1 of 1/, { timeout: 20_000 });
  const step = await expected(question);
  await question.locator(`[data-practice="${step.update ? 'yes' : 'no'}"]`).click();
  const finish = await events;
  expect(finish.exercise).toBe('alone');
  expect(finish.statement.verb.id).toBe('http://adlnet.gov/expapi/verbs/completed');
  expect(finish.statement.object.id).toMatch(/#xv=1&xid=alone&/);
  expect(finish.statement.result.score.raw).toBe(1);
  expect(problems).toEqual([]);
});

/** A frame on course.html showing the full page at `hash`, and its Frame once its lab is up. */
async function frameAt(page, hash) {
  await page.evaluate((h) => {
    const frame = document.createElement('iframe');
    frame.id = 'report-frame';
    frame.title = 'Perceptron Lab practice reporting to an origin';
    frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-downloads');
    frame.src = `index.html#${h}`;
    frame.style.width = '900px';
    frame.style.height = '700px';
    document.querySelector('main').prepend(frame);
  }, hash);
  const handle = await page.locator('#report-frame').elementHandle();
  let frame = null;
  await expect.poll(async () => {
    frame = await handle.contentFrame();
    return frame ? frame.evaluate(() => !!window.perceptronLab).catch(() => false) : false;
  }, { message: 'the framed lab starts', timeout: 20_000 }).toBe(true);
  return frame;
}

const SET = 'xv=1&xid=week-3&xk=predict&xn=1&xa=perceptron&xb=1&xe=1&xd=ex:seed000&xs=1&xr=0&embed=1';

// Regression test (found by the second adversarial pass, issue 38, finding 6); it was: these
// report origins, which the browser's URL parser rejects, were accepted; in a frame every answer
// then showed "SyntaxError: Failed to execute 'postMessage' … Invalid target origin" and the
// finish event was never sent, not even as a DOM event. Expected: the link is refused as it is
// opened, saying why, and no question is asked.
test('a frame whose report origin the browser rejects refuses its link as it opens', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto('/course.html');
  const frame = await frameAt(page, 'v=1&a=perceptron&p=1,1,1;-1,-1,0&embed=1');
  const notice = frame.locator('#status [data-field="notice"]');
  const question = frame.locator('[data-role="practice-question"]');
  for (const origin of ['https://lms.school.123', 'https://09', 'https://999.999.999.999', 'https://1.2.3.4.5', 'https://0x100000000']) {
    await frame.evaluate(([set, o]) => { window.location.hash = `${set}&report=${encodeURIComponent(o)}`; }, [SET, origin]);
    await expect(notice, origin).toHaveText(
      `This link could not be opened: exercise: report: "${origin}" is not an origin such as https://course.example.org `
      + '(scheme and host, no path; never *): a host that ends in a number must be an IPv4 address such as 192.0.2.1. Nothing was changed.');
    await expect(question, origin).toBeHidden();
  }
  expect(problems).toEqual([]);
});

// Regression test (found by the second adversarial pass, issue 38, finding 6); it was: a post
// to the report origin that threw stopped the lab's own events: the answer's `finish` event,
// xAPI statement included, was never dispatched. Expected: every event still reaches the page
// (the DOM events on #lab), and the failed post is said next to the question.
test('a post to the report origin that fails never stops the lab’s own events', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto('/course.html');
  const origin = await page.evaluate(() => window.location.origin);
  const frame = await frameAt(page, `${SET}&report=${encodeURIComponent(origin)}`);
  // The parent's postMessage refuses every post, as the browser does for a target it rejects.
  const events = frame.evaluate(() => {
    window.parent.postMessage = () => {
      throw new DOMException("Failed to execute 'postMessage' on 'Window': Invalid target origin", 'SyntaxError');
    };
    const lab = document.getElementById('lab');
    const seen = [];
    return new Promise((resolve) => {
      lab.addEventListener('perceptron-lab:answer', (e) => seen.push(`answer ${e.detail.correct}`));
      lab.addEventListener('perceptron-lab:finish', (e) => {
        seen.push(`finish ${e.detail.score}/${e.detail.total} ${e.detail.statement.verb.id}`);
        resolve(seen);
      });
    });
  });
  const question = frame.locator('[data-role="practice-question"]');
  await expect(question.locator('[data-field="practice-title"]')).toHaveText(/Question 1 of 1/, { timeout: 20_000 });
  const step = await expected(question);
  await question.locator(`[data-practice="${step.update ? 'yes' : 'no'}"]`).click();
  expect(await events).toEqual(['answer true', 'finish 1/1 http://adlnet.gov/expapi/verbs/completed']);
  await expect(question.locator('[data-role="practice-error"]')).toHaveText(
    `This answer could not be sent to ${origin}: answer (SyntaxError: Failed to execute 'postMessage' on 'Window': `
    + "Invalid target origin); finish (SyntaxError: Failed to execute 'postMessage' on 'Window': Invalid target origin).");
  expect(problems).toEqual([]);
});
