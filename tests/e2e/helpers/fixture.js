// Opening the page: `openLab` / `openLabAt` wait until the lab has drawn, `watchProblems`
// collects what went wrong in the browser, and `test` is Playwright's test with a `lab` fixture
// that does both and checks afterwards that nothing went wrong.
'use strict';

const base = require('@playwright/test');
const { Lab } = require('./lab');

const { expect } = base;

/** Console errors, page errors, failed requests and HTTP errors of `page`, as the fixture does. */
function watchProblems(page) {
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('crash', () => problems.push('the renderer crashed'));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()} for ${r.url()}`);
  });
  return problems;
}

/**
 * Opens the full page at `url` (relative to baseURL or absolute, with any #fragment) and waits
 * until the wasm handle is there and the first frame is drawn; unlike openLab it does not expect
 * step 0 (a link may restore a later step). `url` null: the page already asked for.
 */
async function openLabAt(page, problems, url) {
  if (url !== null) await page.goto(url);
  try {
    await page.waitForFunction(
      // to_css is empty until the first frame is drawn.
      () =>
        window.perceptronLab &&
        typeof window.perceptronLab.to_css === 'function' &&
        Array.from(window.perceptronLab.to_css(0, 0)).length === 2,
      null,
      { timeout: 20_000 }
    );
  } catch (e) {
    const crash = page.locator('#crash');
    const crashText = (await crash.count()) ? await crash.textContent() : '(no #crash element)';
    throw new Error(
      `the lab at ${url} never drew (window.perceptronLab.to_css gave no position): ${e.message}\n` +
        `#crash: ${crashText}\nproblems so far: ${problems.join('\n')}`
    );
  }
  const lab = new Lab(page, problems);
  await expect.poll(async () => (await lab.canvasSizes()).width, { message: 'canvas has a backing store' }).toBeGreaterThan(0);
  await lab.settle();
  return lab;
}

/** Opens the page at baseURL, waits until it has drawn and checks that it starts at step 0. */
async function openLab(page, problems) {
  const lab = await openLabAt(page, problems, '/');
  await expect(lab.field('step')).toHaveText('0');
  return lab;
}

/**
 * `test` with a `lab` fixture: the page opened and ready. After the test it checks that the
 * crash panel stayed hidden and that there were no console errors, page errors or failed loads.
 */
const test = base.test.extend({
  lab: async ({ page }, use) => {
    const problems = watchProblems(page);
    const lab = await openLab(page, problems);
    await use(lab);
    if (!page.isClosed()) {
      await expect(page.locator('#crash'), 'the crash panel stays hidden').toBeHidden();
    }
    expect(problems, 'console errors, page errors, failed requests').toEqual([]);
  },
});

/**
 * Resolves after `target` (a page or a frame) has drawn `count` more animation frames: the lab
 * does everything an event causes in its next frame, so after two frames anything an event was
 * going to do has been done. For checks that something did *not* happen.
 */
async function afterFrames(target, count = 2) {
  await target.evaluate((n) => new Promise((resolve) => {
    const tick = () => (--n <= 0 ? resolve() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  }), count);
}

module.exports = { test, expect, watchProblems, openLab, openLabAt, afterFrames };
