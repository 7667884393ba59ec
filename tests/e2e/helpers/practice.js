// Practice mode (issue 12) as a student sees it: reading the panel's facts (the weights, the
// sample, η, the bias), computing the step's answer here independently of the lab (the classic
// perceptron's and the multiclass perceptron's rule, written out below), composing a set in the
// panel's form, answering by mouse or keyboard and checking the panel with axe-core.
//
// The page is driven as a person would: clicks, keys, typing and reading text; nothing here calls
// `window.perceptronLab`.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const AxeBuilder = require('@axe-core/playwright').default;
const { expect } = require('@playwright/test');
const { SCREENSHOT_DIR } = require('../env');

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/** Each kind's title as the panel's heading names it. */
const KIND_TITLES = {
  predict: 'Predict the visit',
  update: 'Be the perceptron',
  faded: 'Faded worked example',
  boundary: 'Where will the boundary go?',
  converge: 'Will it converge?',
};
const KIND_OF_TITLE = Object.fromEntries(Object.entries(KIND_TITLES).map(([k, t]) => [t, k]));

/** The numbers in a text such as `[-1, 0, 0]` or `(3, 2)` (the course's minus sign too). */
const numbers = (text) => (text.replace(/−/g, '-').match(/-?\d+(\.\d+)?(e-?\d+)?/g) || []).map(Number);

/** Numbers as a student types them: `0, 3, 2` (no -0). */
const fmt = (v) => v.map((x) => String(Object.is(x, -0) ? 0 : x)).join(', ');

/** `[0, 3, 2]` as the results write a vector (no -0). */
const vectorText = (v) => `[${fmt(v)}]`;

// ----- reading the panel ---------------------------------------------------------------------

const question = (page) => page.locator('[data-role="practice-question"]');
const title = (page) => page.locator('[data-field="practice-title"]');
const feedback = (page) => page.locator('[data-role="practice-feedback"]');
const practiceError = (page) => page.locator('[data-role="practice-error"]');
const resultRows = (page) => page.locator('[data-role="practice-results-body"] tr');
const resultsCaption = (page) => page.locator('[data-role="practice-results-caption"]');
/** The controls group asked for now (`[data-ask="…"]`, one shown at a time). */
const askGroup = (page, name) => page.locator(`[data-role="practice-question"] [data-ask="${name}"]`);

/** The panel's facts as { term: text }. */
async function facts(page) {
  return page.locator('[data-role="practice-facts"]').evaluate((dl) => {
    const out = {};
    for (const dt of dl.querySelectorAll('dt')) out[dt.textContent] = dt.nextElementSibling.textContent;
    return out;
  });
}

/** The facts as one text (term and value on a line each pair), to compare two browsers. */
async function factsText(page) {
  const f = await facts(page);
  return Object.entries(f)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

/** The worked step's lines as { score, check, update } (empty while hidden). */
async function worked(page) {
  return page.locator('[data-role="practice-worked"]').evaluate((dl) => {
    const out = {};
    for (const dt of dl.querySelectorAll('dt')) out[dt.textContent] = dt.nextElementSibling.textContent;
    return out;
  });
}

/** The name of the controls group on show (`update`, `parameters`, `next`, …). */
async function askName(page) {
  return question(page)
    .locator('[data-ask]:not([hidden])')
    .first()
    .getAttribute('data-ask');
}

/** The kind of the question on show, from its heading (`Question 2 of 5 · Be the perceptron`). */
async function kindOnShow(page) {
  const text = (await title(page).textContent()) || '';
  const m = /^Question (\d+) of (\d+) · (.*)$/.exec(text);
  if (!m) throw new Error(`no question on show: ${JSON.stringify(text)}`);
  const kind = KIND_OF_TITLE[m[3]];
  if (!kind) throw new Error(`unknown kind in ${JSON.stringify(text)}`);
  return { number: Number(m[1]), total: Number(m[2]), kind };
}

/** Waits until question `n` (of `total`, of `kind` when given) is on show. */
async function waitForQuestion(page, n, total, kind) {
  const kindPart = kind ? ` · ${KIND_TITLES[kind].replace(/[?]/g, '\\?')}` : ' · ';
  await expect(title(page)).toHaveText(new RegExp(`^Question ${n} of ${total}${kindPart}`));
}

/** The results table's rows, each cell's text: [#, kind, given, expected, result, error, s]. */
async function resultsTable(page) {
  return resultRows(page).evaluateAll((rows) => rows.map((tr) => [...tr.cells].map((td) => td.textContent)));
}

// ----- the answers, computed here ------------------------------------------------------------

/** The class y of a binary sample as the panel names it: `+1` or `-1` (`−1`). */
function binaryLabel(text) {
  const m = /y = ([+\-−]1)\s*$/.exec(text);
  if (!m) throw new Error(`no ±1 class in the sample ${JSON.stringify(text)}`);
  return m[1] === '+1' ? 1 : -1;
}

/** The sample `#i: x = (x1, x2), y = …`: { index, x: [x1, x2], label (the text after y =) }. */
function sampleOf(f) {
  const m = /^#(\d+): x = \(([^)]*)\), y = (.*)$/.exec(f.sample || '');
  if (!m) throw new Error(`unexpected sample fact ${JSON.stringify(f.sample)}`);
  return { index: Number(m[1]), x: numbers(m[2]), label: m[3].trim() };
}

/**
 * The classic perceptron's step from the facts: the weights before [w0, w1, w2], the sample x
 * and its class y, η and the bias. Returns { w, x, y, eta, bias, features, score, update, next }.
 */
function classicStep(f) {
  const wKey = Object.keys(f).find((k) => k.startsWith('w'));
  if (!wKey) throw new Error(`no weights among the facts ${JSON.stringify(f)}`);
  const w = numbers(f[wKey]);
  const { x, label } = sampleOf(f);
  const y = binaryLabel(`y = ${label}`);
  const eta = numbers(f['η'])[0];
  const bias = f.bias.startsWith('on') ? 1 : 0;
  const features = [bias, x[0], x[1]];
  const score = w.reduce((s, wk, k) => s + wk * features[k], 0);
  const update = y * score <= 0;
  const next = update ? w.map((wk, k) => wk + eta * y * features[k]) : w.slice();
  return { w, x, y, eta, bias, features, score, update, next };
}

/**
 * The multiclass perceptron's step from the facts (`W0 = [..]; W1 = [..]`, the sample's class
 * as its index): { rows, x, y, eta, features, scores, predicted (the first highest score),
 * gained (the rows with only the true class's row + η·f: a "wrong row" answer) }.
 */
function multiclassStep(f) {
  const wKey = Object.keys(f).find((k) => k.startsWith('W'));
  if (!wKey) throw new Error(`no weight rows among the facts ${JSON.stringify(f)}`);
  const rows = [...f[wKey].matchAll(/W(\d+) = \[([^\]]*)\]/g)].map((m) => numbers(m[2]));
  const { x, label } = sampleOf(f);
  if (!/^\d+$/.test(label)) throw new Error(`the sample's class is not a class index: ${JSON.stringify(f.sample)}`);
  const y = Number(label);
  const eta = numbers(f['η'])[0];
  const bias = f.bias.startsWith('on') ? 1 : 0;
  const features = [bias, x[0], x[1]];
  const scores = rows.map((r) => r.reduce((s, wk, k) => s + wk * features[k], 0));
  const predicted = scores.indexOf(Math.max(...scores));
  const gained = rows.map((r, k) => (k === y ? r.map((wk, j) => wk + eta * features[j]) : r.slice()));
  return { rows, x, y, eta, features, scores, predicted, gained };
}

/** Two points of the line w0 + w1·x1 + w2·x2 = 0 (typed as `x1, x2`). */
function pointsOnLine([w0, w1, w2]) {
  if (w2 !== 0) return [[0, -w0 / w2], [1, -(w0 + w1) / w2]];
  return [[-w0 / w1, 0], [-w0 / w1, 1]];
}

/** Two points of a line at right angles to the boundary of w, through one of its points. */
function pointsAcross(w) {
  const [p] = pointsOnLine(w);
  return [p, [p[0] + w[1], p[1] + w[2]]];
}

/** The angle in degrees (0 to 90) between the line through `ends` and the boundary of w. */
function angleTo([p, q], w) {
  const [dx, dy] = [q[0] - p[0], q[1] - p[1]];
  const sin = Math.min(1, Math.abs((dx * w[1] + dy * w[2]) / (Math.hypot(dx, dy) * Math.hypot(w[1], w[2]))));
  return (Math.asin(sin) * 180) / Math.PI;
}

/** Whether the classic perceptron (from w = 0, data order) converges on ±1 `points` ({x, y, label}). */
function classicConverges(points, bias = true, epochs = 1000) {
  let w = [0, 0, 0];
  for (let e = 0; e < epochs; e++) {
    let mistakes = 0;
    for (const p of points) {
      const f = [bias ? 1 : 0, p.x, p.y];
      const s = w.reduce((a, wk, k) => a + wk * f[k], 0);
      if (p.label * s <= 0) {
        w = w.map((wk, k) => wk + p.label * f[k]);
        mistakes++;
      }
    }
    if (mistakes === 0) return true;
  }
  return false;
}

// ----- acting on the panel -------------------------------------------------------------------

/** Opens the Practice panel with the mouse (its summary), showing the composer. */
async function openPractice(page) {
  await page.locator('#practice-panel > summary').click();
  await expect(page.locator('#practice-composer')).toBeVisible();
}

/**
 * Fills the composer with the mouse and the keyboard (fields typed into): kinds (a list of
 * kind names), questions, algorithm, source (`gen`, `points`, `ex:<id>`), classes, seed, vary.
 * Only what is given is changed.
 */
async function compose(page, { kinds, questions, algorithm, source, classes, seed, vary } = {}) {
  if (kinds) {
    for (const kind of Object.keys(KIND_TITLES)) {
      const box = page.locator(`#practice-composer input[name="kind"][value="${kind}"]`);
      if (kinds.includes(kind)) await box.check();
      else await box.uncheck();
    }
  }
  if (questions !== undefined) await page.locator('#practice-questions').fill(String(questions));
  if (algorithm) await page.locator('#practice-algorithm').selectOption(algorithm);
  if (source) await page.locator('#practice-source').selectOption(source);
  if (classes !== undefined) await page.locator('#practice-classes').fill(String(classes));
  if (seed !== undefined) await page.locator('#practice-seed').fill(String(seed));
  if (vary !== undefined) await page.locator('#practice-vary').setChecked(vary);
}

/** Clicks Start and waits for question 1. */
async function start(page, total) {
  await page.locator('#practice-start').click();
  await expect(page.locator('#practice-compose-error')).toHaveText('');
  await waitForQuestion(page, 1, total);
}

/** Waits until the controls group `name` is the one on show. */
async function waitForAsk(page, name) {
  await expect(askGroup(page, name)).toBeVisible();
}

/** Types `text` into the answer field `locator` and presses its Check button (mouse). */
async function typeAndCheck(page, form, values) {
  const inputs = page.locator(`${form} input`);
  await expect(inputs).toHaveCount(values.length);
  for (let k = 0; k < values.length; k++) await inputs.nth(k).fill(values[k]);
  await page.locator(`${form} [data-practice="check"]`).click();
}

/**
 * Answers the question on show right with the mouse (the classic perceptron's answer computed
 * here; "will it converge?" is answered "converges", right or not), revealing any answer held
 * back with the Reveal button (after `onHeld()`, when given), until the Next button shows.
 * Returns { kind, given, correct } with `given` as the results write it (`correct` null where
 * the test cannot tell).
 */
async function answerRight(page, { onHeld } = {}) {
  const { kind } = await kindOnShow(page);
  const f = await facts(page);
  const parts = [];
  let correct = true;
  for (;;) {
    const ask = await askName(page);
    if (ask === 'next') break;
    if (ask === 'reveal') {
      if (onHeld) await onHeld();
      await page.locator('[data-practice="reveal"]').click();
    } else if (ask === 'update') {
      const step = classicStep(f);
      await page.locator(step.update ? '[data-practice="yes"]' : '[data-practice="no"]').click();
      parts.push(step.update ? 'update' : 'no update');
    } else if (ask === 'parameters') {
      const step = classicStep(f);
      await typeAndCheck(page, '[data-ask="parameters"]', [fmt(step.next)]);
      parts.push(`w′ = ${vectorText(step.next)}`);
    } else if (ask === 'scores') {
      const step = classicStep(f);
      await typeAndCheck(page, '[data-ask="scores"]', [String(step.score)]);
      parts.push(vectorText([step.score]));
    } else if (ask === 'line') {
      const step = classicStep(f);
      const [a, b] = pointsOnLine(step.next);
      await page.locator('input[data-end="a"]').fill(fmt(a));
      await page.locator('input[data-end="b"]').fill(fmt(b));
      await page.locator('[data-ask="line"] [data-practice="check"]').click();
      parts.push(`line through (${fmt(a)}) and (${fmt(b)})`);
    } else if (ask === 'read') {
      await page.locator('[data-practice="read"]').click();
      parts.push('read');
    } else if (ask === 'converges') {
      await page.locator('[data-practice="converges"]').click();
      parts.push('converges');
      correct = null;
    } else {
      throw new Error(`nothing to answer: the panel asks ${ask}`);
    }
    await expect.poll(() => askName(page), { message: `the panel goes on from ${ask}` }).not.toBe(ask);
  }
  return { kind, given: parts.join('; '), correct };
}

/** Clicks Next and waits for question `n + 1` of `total` (or the end). */
async function next(page, n, total) {
  await page.locator('[data-practice="next"]').click();
  if (n < total) await waitForQuestion(page, n + 1, total);
  else await expect(title(page)).toHaveText(/^Done: \d+ of \d+ right$/);
}

// ----- checks --------------------------------------------------------------------------------

/** axe-core's violations in `include`, one line each with the nodes' targets. */
async function axeViolations(page, include, label = '') {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).include(include).analyze();
  return results.violations.map(
    (v) => `${label}${label ? ': ' : ''}${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`
  );
}

/** Controls smaller than 24 × 24 CSS px among the visible ones in `scope` (WCAG 2.5.8). */
async function smallTargets(page, scope) {
  return page.locator(scope).evaluate((root) => {
    const small = [];
    for (const el of root.querySelectorAll('button, select, input:not([type="hidden"]), textarea, summary, [role="button"]')) {
      if (el.closest('[hidden], [inert]') || getComputedStyle(el).visibility === 'hidden') continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.width < 24 || box.height < 24) {
        small.push(`${el.id || el.textContent.trim().slice(0, 30) || el.outerHTML.slice(0, 60)}: ${box.width.toFixed(1)}×${box.height.toFixed(1)}`);
      }
    }
    return small;
  });
}

/** Saves a full-page screenshot (scrolled to the panel) as `name`; returns its path. */
async function shot(page, name) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.locator('#practice-panel').scrollIntoViewIfNeeded();
  const file = path.join(SCREENSHOT_DIR, name);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** A CSV text (RFC 4180: quoted cells with "" inside) as rows of cells. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

module.exports = {
  AXE_TAGS,
  KIND_TITLES,
  numbers,
  fmt,
  vectorText,
  question,
  title,
  feedback,
  practiceError,
  resultRows,
  resultsCaption,
  askGroup,
  facts,
  factsText,
  worked,
  askName,
  kindOnShow,
  waitForQuestion,
  resultsTable,
  sampleOf,
  classicStep,
  multiclassStep,
  pointsOnLine,
  pointsAcross,
  angleTo,
  classicConverges,
  openPractice,
  compose,
  start,
  waitForAsk,
  typeAndCheck,
  answerRight,
  next,
  axeViolations,
  smallTargets,
  shot,
  parseCsv,
};
