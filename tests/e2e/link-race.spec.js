// The address bar is written by the lab's own animation frames, never by a timer, and a link the
// user pastes always wins: while the lab is playing or right after edits, a different good link
// put into the address is what the lab shows, and no later write puts the old state back. Every
// history.replaceState call of the page is recorded (with the time) to see what was written.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { test, expect, watchProblems, openLabAt } = require('./helpers');
const { REPO_ROOT } = require('./env');

/** Seed 000 at step 3: five points, w = [0, 3, 2]. */
const SEED000_LINK =
  'v=1&a=perceptron&b=1&i=-1,0,0&e=1&o=fixed&s=1&m=1000&n=3&p=1,1,0;3,2,1;2,4,1;3,4,1;2,3,0';
const SEED000_POINTS = 'p=1,1,0;3,2,1;2,4,1;3,4,1;2,3,0';

/**
 * Records every replaceState / pushState of the page in window.__writes ({ url, t, kind }), and
 * every hashchange (before the page's own listener sees it).
 */
function recordWrites(page) {
  return page.addInitScript(() => {
    window.__writes = [];
    window.addEventListener('hashchange', () => {
      window.__writes.push({ url: decodeURIComponent(window.location.hash), t: performance.now(), kind: 'hashchange' });
    });
    for (const kind of ['replaceState', 'pushState']) {
      const original = History.prototype[kind];
      History.prototype[kind] = function (...args) {
        const result = original.apply(this, args);
        window.__writes.push({ url: decodeURIComponent(window.location.hash), t: performance.now(), kind });
        return result;
      };
    }
  });
}

const writes = (page) => page.evaluate(() => window.__writes.slice());
const hashOf = (page) => page.evaluate(() => decodeURIComponent(window.location.hash.slice(1)));

/** Waits until `n` more animation frames have run in the page. */
const frames = (page, n) =>
  page.evaluate((count) => new Promise((resolve) => {
    const next = (k) => (k === 0 ? resolve() : requestAnimationFrame(() => next(k - 1)));
    next(count);
  }), n);

/** The lab shows seed 000 (the pasted link) and the address holds its points. */
async function expectSeed000Shown(lab, page) {
  await expect(lab.field('points')).toHaveText('5 (3 of +1, 2 of -1)');
  await expect(lab.field('notice')).toHaveText('Opened the scenario at step 3.');
  await expect(lab.field('weights')).toHaveText('[0, 3, 2]');
  await expect.poll(() => hashOf(page), { message: 'the address keeps the pasted points' }).toContain(SEED000_POINTS);
}

/** Pastes `fragment` into the address as a user would, marking the moment in the log. */
const paste = (page, fragment) =>
  page.evaluate((f) => {
    window.__writes.push({ url: f, t: performance.now(), kind: 'paste' });
    window.location.hash = f;
  }, fragment);

/**
 * No write after the paste (the 'paste' mark, else the first hashchange after index `from` of
 * the log) holds anything but the pasted points.
 */
async function expectNoOldStateWritten(page, from) {
  const log = (await writes(page)).slice(from);
  const pasted = log.findIndex((w) => w.kind === 'paste');
  const boundary = pasted >= 0 ? pasted : log.findIndex((w) => w.kind === 'hashchange');
  expect(boundary, `the paste is in the log: ${JSON.stringify(log.map((w) => w.kind))}`).toBeGreaterThanOrEqual(0);
  const after = log.slice(boundary + 1).filter((w) => w.kind === 'replaceState' || w.kind === 'pushState');
  for (const w of after) {
    expect(w.url, `a write after the paste: ${w.url.slice(0, 120)}`).toContain(SEED000_POINTS);
  }
}

test.describe('the address bar and a pasted link', () => {
  test('a good link pasted while playing is opened and stays in the address', async ({ page }) => {
    await recordWrites(page);
    const problems = watchProblems(page);
    const lab = await openLabAt(page, problems, '/index.html');
    await lab.loadPreset('noisy');
    await page.locator('#speed').fill('3'); // the fastest: a change every frame
    await page.locator('#play').click();
    await expect.poll(async () => Number(await lab.text('step')), { message: 'Play steps' }).toBeGreaterThan(20);
    await expect.poll(() => hashOf(page), { message: 'the address follows while playing' }).toMatch(/&n=[1-9]\d*&/);

    const from = (await writes(page)).length;
    await paste(page, SEED000_LINK);
    await expectSeed000Shown(lab, page);
    await expect(lab.field('step')).toHaveText('3');
    await expect(page.locator('[data-field="play-label"]')).toHaveText('Play');
    // More frames and one more step: the address follows the pasted scenario, never the old one.
    await frames(page, 30);
    await lab.key('ArrowRight');
    await expect(lab.field('step')).toHaveText('4');
    await expect.poll(() => hashOf(page)).toMatch(/&n=4&p=1,1,0;3,2,1;2,4,1;3,4,1;2,3,0/);
    await expectNoOldStateWritten(page, from);
    expect(problems).toEqual([]);
  });

  test('a link pasted in the same frame as an edit wins over the pending write', async ({ page }) => {
    await recordWrites(page);
    const problems = watchProblems(page);
    const lab = await openLabAt(page, problems, '/index.html');
    await lab.loadPreset('noisy');
    await lab.clickStep(2);
    await expect.poll(() => hashOf(page)).toMatch(/&n=2&/);
    // Long enough after the last write that the lab's next frame may write at once.
    await page.waitForFunction(() => performance.now() - window.__writes[window.__writes.length - 1].t > 400);
    const from = (await writes(page)).length;
    // The paste runs in an animation frame queued before the lab's own: the lab's frame then
    // runs right after it, before the browser's hashchange event, with two steps to write.
    await page.evaluate((f) => {
      requestAnimationFrame(() => {
        window.__writes.push({ url: f, t: performance.now(), kind: 'paste' });
        window.location.hash = f;
      });
      const key = (k) => document.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
      key('ArrowRight');
      key('ArrowRight');
    }, SEED000_LINK);
    await expectSeed000Shown(lab, page);
    await expect(lab.field('step')).toHaveText('3');
    await frames(page, 30);
    expect(await hashOf(page)).toContain(SEED000_POINTS);
    await lab.key('ArrowRight');
    await expect.poll(() => hashOf(page)).toMatch(/&n=4&p=1,1,0;3,2,1;2,4,1;3,4,1;2,3,0/);
    await expectNoOldStateWritten(page, from);
    expect(problems).toEqual([]);
  });

  test('a link opened by navigating to the same page while playing wins too', async ({ page }) => {
    await recordWrites(page);
    const problems = watchProblems(page);
    const lab = await openLabAt(page, problems, '/index.html');
    await lab.loadPreset('noisy');
    await page.locator('#speed').fill('3');
    await page.locator('#play').click();
    await expect.poll(async () => Number(await lab.text('step')), { message: 'Play steps' }).toBeGreaterThan(10);
    const from = (await writes(page)).length;
    await page.goto(`/index.html#${SEED000_LINK}`);
    await expectSeed000Shown(lab, page);
    expect(await page.evaluate(() => window.__writes !== undefined), 'the same document: no reload').toBe(true);
    await frames(page, 30);
    expect(await hashOf(page)).toContain(SEED000_POINTS);
    await expectNoOldStateWritten(page, from);
    expect(problems).toEqual([]);
  });

  test('while playing the address is written a few times a second, and the last step always', async ({ page }) => {
    await recordWrites(page);
    const problems = watchProblems(page);
    const lab = await openLabAt(page, problems, '/index.html');
    await lab.loadPreset('noisy');
    // 100 steps a second: a change in every frame, for over a second. (At "max" the 200 steps
    // can all come in the first frame, and Pause may then land within the 250 ms after the
    // example's own write, before Play's first write is due: a race in the test, not the page.)
    await page.locator('#speed').fill('2');
    const from = (await writes(page)).length;
    await page.locator('#play').click();
    await expect.poll(async () => Number(await lab.text('step')), { message: 'Play steps' }).toBeGreaterThan(120);
    await page.locator('#play').click();
    await expect(page.locator('[data-field="play-label"]')).toHaveText('Play');
    const step = await lab.text('step');
    // The frame after the last change writes it (no timer needed).
    await expect.poll(() => hashOf(page), { message: 'the address holds the last step' }).toMatch(new RegExp(`&n=${step}&`));
    const during = (await writes(page)).slice(from);
    expect(during.every((w) => w.kind === 'replaceState'), `only replaceState: ${during.map((w) => w.kind)}`).toBe(true);
    const seconds = (during[during.length - 1].t - during[0].t) / 1000;
    expect(during.length, `${during.length} writes in ${seconds.toFixed(2)} s`).toBeLessThanOrEqual(Math.ceil(seconds * 4.5) + 2);
    expect(during.length, 'the address followed while playing').toBeGreaterThan(1);
    expect(problems).toEqual([]);
  });
});

test('no timer polls the lab: no setInterval in the page’s scripts', async () => {
  for (const file of ['app.js', 'embed.js', 'course.js']) {
    const text = fs.readFileSync(path.join(REPO_ROOT, 'www', file), 'utf8');
    expect(text, `www/${file}`).not.toMatch(/setInterval/);
  }
});

test('embedded labs never write the address', async ({ page }) => {
  await recordWrites(page);
  await page.goto('/course.html');
  await page.waitForFunction(() => window.PerceptronLab && window.PerceptronLab.ready, null, { timeout: 20_000 });
  await page.evaluate(() => window.PerceptronLab.ready);
  const host = page.locator('#lab-seed000');
  await host.locator('[data-act="step"]').click();
  await host.locator('[data-act="step"]').click();
  await expect(host.locator('[data-field="step"]')).toHaveText('2');
  await host.locator('[data-act="play"]').click();
  await expect.poll(async () => Number(await host.locator('[data-field="step"]').textContent())).toBeGreaterThan(3);
  await frames(page, 20);
  expect(await writes(page), 'replaceState / pushState calls').toEqual([]);
  expect(await page.evaluate(() => window.location.hash)).toBe('');
});
