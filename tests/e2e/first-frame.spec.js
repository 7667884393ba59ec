// The plot's first frame comes from the small first-frame module (www/loader.js,
// src/web/first_frame.rs) before the page's scripts and the lab have loaded; the lab, once
// started, draws the very same pixels over it. What loads before that frame is the page, its
// style, the loader and the first-frame module: never the lab's own module.
'use strict';

const path = require('node:path');
const { test: base, expect } = require('@playwright/test');
const { watchProblems, openLabAt } = require('./helpers');
const { axeViolations } = require('./helpers/practice');

/** The plot's backing store as a PNG data URL, and whether its corner pixel is drawn. */
const plotImage = () => {
  const canvas = document.getElementById('plot');
  const drawn = canvas.width > 0 && canvas.getContext('2d').getImageData(1, 1, 1, 1).data[3] === 255;
  return { drawn, png: drawn ? canvas.toDataURL() : '', size: [canvas.width, canvas.height] };
};

/** Holds the lab's glue (`perceptron-lab.js?lab=N`) back: the lab cannot start until `release()`. */
async function holdGlue(page) {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route(/perceptron-lab\.js(\?[^/]*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Opens the page with the lab's glue held back (the lab cannot start without it) until the
 * first frame has been read; returns that frame, the files asked for before it was on screen
 * and after, axe's findings and a screenshot while the lab loads, and the lab's first frame
 * once it has started.
 */
async function firstAndLab(page, problems, shot) {
  // The first animation frame whose end finds the plot drawn: the frame that shows it.
  await page.addInitScript(() => {
    const raf = window.requestAnimationFrame;
    window.requestAnimationFrame = (callback) =>
      raf.call(window, (ts) => {
        try {
          callback(ts);
        } finally {
          const canvas = document.getElementById('plot');
          if (window.__shownAt === undefined && canvas && canvas.width > 0
            && canvas.getContext('2d').getImageData(1, 1, 1, 1).data[3] === 255) {
            window.__shownAt = performance.now();
          }
        }
      });
  });
  const release = await holdGlue(page);
  await page.goto('/');
  await page.waitForFunction(() => window.__shownAt !== undefined);
  const first = await page.evaluate(plotImage);
  const busy = await page.locator('.plot-frame').getAttribute('aria-busy');
  const boxLoading = await page.locator('#plot').boundingBox();
  const loadingViolations = await axeViolations(page, 'body');
  await page.screenshot({ path: path.join(__dirname, 'screenshots', `first-frame-${shot}.png`) });
  release();
  const lab = await openLabAt(page, problems, null);
  const after = await page.evaluate(plotImage);
  const boxStarted = await page.locator('#plot').boundingBox();
  // Which files were asked for before the frame was on screen, and which after.
  const asked = await page.evaluate(() => {
    const file = (e) => new URL(e.name).pathname.replace(/^.*\//, '') || 'index.html';
    const nav = performance.getEntriesByType('navigation').map((e) => ({ file: file(e), start: 0 }));
    const res = performance.getEntriesByType('resource').map((e) => ({ file: file(e), start: e.startTime }));
    const all = [...nav, ...res].filter((e) => e.file !== 'favicon.svg'); // the tab's icon: the browser's own
    return {
      before: all.filter((e) => e.start < window.__shownAt).map((e) => e.file),
      after: all.filter((e) => e.start >= window.__shownAt).map((e) => e.file),
    };
  });
  return { first, asked, busy, loadingViolations, after, lab, boxLoading, boxStarted };
}

for (const { name, shot, scheme, scale } of [
  { name: 'light', shot: 'light', scheme: 'light', scale: 1 },
  { name: 'dark, DPR 2', shot: 'dark', scheme: 'dark', scale: 2 },
]) {
  base.describe(`first frame (${name})`, () => {
    base.use({ colorScheme: scheme, deviceScaleFactor: scale });

    base('drawn before the lab loads, by the small module alone, and the lab draws the same pixels', async ({ page }) => {
      const problems = watchProblems(page);
      const { first, asked, busy, loadingViolations, after, lab, boxLoading, boxStarted } = await firstAndLab(page, problems, shot);
      expect(first.drawn).toBe(true);
      const css = await page.locator('#plot').evaluate((c) => [c.clientWidth, c.clientHeight]);
      expect(first.size).toEqual(css.map((v) => Math.round(v * scale)));
      expect(asked.before.sort(), 'asked for before the first frame').toEqual(
        ['index.html', 'style.css', 'loader.js', 'first-frame.js', 'first-frame_bg.wasm'].sort()
      );
      expect(asked.after.sort(), 'asked for after it').toEqual(
        ['compact.js', 'practice.js', 'sound.js', 'app.js', 'embed.js', 'perceptron-lab.js', 'perceptron-lab_bg.wasm'].sort()
      );
      expect(busy, 'the plot says it is loading').toBe('true');
      expect(loadingViolations, 'axe, while the lab loads').toEqual([]);
      expect(after.png, 'the lab drew exactly the first frame').toBe(first.png);
      // Where it was: the page around the plot does not move it when the lab starts.
      expect(boxStarted, 'the plot\'s place once the lab has started').toEqual(boxLoading);
      await expect(page.locator('.plot-frame')).not.toHaveAttribute('aria-busy', /.*/);
      // The lab works from there: a click adds a point.
      await lab.canvas.click({ position: { x: 200, y: 150 } });
      await expect(lab.field('points')).toHaveText(/^1 \(/);
      expect(problems).toEqual([]);
    });
  });
}

/** Opens the page with the lab's glue held back; resolves, once the first frame is drawn, to `release`. */
async function heldAtFirstFrame(page) {
  const release = await holdGlue(page);
  await page.goto('/');
  await page.waitForFunction(() => {
    const canvas = document.getElementById('plot');
    return canvas && canvas.width > 0 && canvas.getContext('2d').getImageData(1, 1, 1, 1).data[3] === 255;
  });
  await expect(page.locator('.plot-frame')).toHaveAttribute('aria-busy', 'true');
  return release;
}

base('what is clicked and typed while the lab loads is kept: its points are added where clicked, in order, and the keys act after them', async ({ page }) => {
  const problems = watchProblems(page);
  const release = await heldAtFirstFrame(page);
  const plot = page.locator('#plot');
  // A click (+1), a Shift-click (the other class), then → (a step), all before the lab exists.
  await plot.click({ position: { x: 150, y: 100 } });
  await plot.click({ position: { x: 260, y: 210 }, modifiers: ['Shift'] });
  await page.locator('body').press('ArrowRight');
  expect(await page.evaluate(() => window.perceptronLab === undefined), 'the lab has not started').toBe(true);
  release();
  const lab = await openLabAt(page, problems, null);
  await expect(lab.field('points')).toHaveText('2 (1 of +1, 1 of -1)');
  await expect(lab.field('step')).toHaveText('1');
  // The page was opened with no link, but what was pressed changed the state: the address has it.
  await expect.poll(() => page.evaluate(() => decodeURIComponent(window.location.hash))).toMatch(/&n=1&p=[^&]+;[^&]+&/);
  // Each point is where it was clicked (the first frame and the lab draw the same view).
  const placed = await page.evaluate(() => JSON.parse(window.perceptronLab.scenario_json()).points
    .map(([x, y, label]) => [...Array.from(window.perceptronLab.to_css(x, y)), label]));
  expect(placed.length).toBe(2);
  for (const [[x, y, label], [cx, cy, want]] of [[placed[0], [150, 100, 1]], [placed[1], [260, 210, 0]]]) {
    expect(Math.abs(x - cx), `point at x ${x}, clicked at ${cx}`).toBeLessThan(1.5);
    expect(Math.abs(y - cy), `point at y ${y}, clicked at ${cy}`).toBeLessThan(1.5);
    expect(label).toBe(want);
  }
  // From here the lab's own listeners take the input: one click adds one point.
  await plot.click({ position: { x: 200, y: 260 } });
  await expect(lab.field('points')).toHaveText('3 (2 of +1, 1 of -1)');
  expect(problems).toEqual([]);
});

base.describe('on a phone', () => {
  base.use({ hasTouch: true, isMobile: true, viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });

  // A load throttled for real as a phone on Slow 4G sees it (Lighthouse's devtools figures:
  // 562.5 ms a request, 1.47 Mbit/s down): the lab's wasm takes seconds to arrive, and the tap
  // comes as soon as the first frame is drawn.
  base('a tap on the plot during a throttled load adds its point once the lab has started', async ({ page, context }) => {
    base.setTimeout(120_000);
    const problems = watchProblems(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8,
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.waitForFunction(() => {
      const canvas = document.getElementById('plot');
      return canvas && canvas.width > 0 && canvas.getContext('2d').getImageData(1, 1, 1, 1).data[3] === 255;
    }, null, { timeout: 60_000 });
    const plot = page.locator('#plot');
    await plot.tap({ position: { x: 120, y: 90 } });
    const early = await page.evaluate(() => ({
      started: window.perceptronLab !== undefined,
      busy: document.querySelector('.plot-frame')?.getAttribute('aria-busy'),
    }));
    expect(early, 'the tap came while the lab was loading').toEqual({ started: false, busy: 'true' });
    // The lab's files arrive at the throttled rate: seconds, not the usual fraction of one.
    await page.waitForFunction(() => window.perceptronLab !== undefined, null, { timeout: 90_000 });
    const lab = await openLabAt(page, problems, null);
    await expect(lab.field('points')).toHaveText('1 (1 of +1, 0 of -1)');
    const [x, y] = await page.evaluate(() => {
      const [px, py] = JSON.parse(window.perceptronLab.scenario_json()).points[0];
      return Array.from(window.perceptronLab.to_css(px, py));
    });
    expect(Math.abs(x - 120) < 1.5 && Math.abs(y - 90) < 1.5, `the point at (${x}, ${y}), tapped at (120, 90)`).toBe(true);
    expect(problems).toEqual([]);
  });
});

base('a link pasted while the lab loads is opened once it has started', async ({ page }) => {
  const problems = watchProblems(page);
  const release = await heldAtFirstFrame(page);
  await page.evaluate(() => { window.location.hash = 'v=1&a=perceptron&b=0&i=zero&e=1&o=fixed&s=1&m=1000&n=3&p=1,1,1;1,-1,0;-1,1,0;-1,-1,1'; });
  release();
  const lab = await openLabAt(page, problems, null);
  await expect(lab.field('step')).toHaveText('3');
  await expect(lab.field('points')).toHaveText(/^4 \(/);
  expect(problems).toEqual([]);
});

base('a link with a scenario waits for the lab, which opens it', async ({ page }) => {
  const problems = watchProblems(page);
  const lab = await openLabAt(page, problems, '/#v=1&a=perceptron&b=0&i=zero&e=1&o=fixed&s=1&m=1000&n=4&p=1,1,1;1,-1,0;-1,1,0;-1,-1,1');
  await expect(lab.field('step')).toHaveText('4');
  await expect(lab.field('points')).toHaveText(/^4 \(/);
  expect(problems).toEqual([]);
});

base('without the first-frame module the lab starts and draws as before', async ({ page }) => {
  const problems = watchProblems(page);
  await page.route(/first-frame_bg\.wasm$/, (route) => route.fulfill({ status: 404, body: 'not found' }));
  const lab = await openLabAt(page, [], '/');
  await expect(lab.field('step')).toHaveText('0');
  expect(await page.evaluate(plotImage)).toMatchObject({ drawn: true });
  await expect(page.locator('#crash')).toBeHidden();
  // The 404 itself is all that went wrong.
  expect(problems.filter((p) => !/first-frame_bg\.wasm|status of 404/.test(p))).toEqual([]);
  expect(await axeViolations(page, '#lab')).toEqual([]);
});
