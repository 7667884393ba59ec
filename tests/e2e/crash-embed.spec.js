// A panic in one embedded lab of a course page is never a frozen plot without a word: that lab
// shows its own crash panel (an accessible alert with the message, readable), the other lab of
// the page (the same WebAssembly instance, stopped too) says so in its own panel, and the labs'
// animation frames, listeners and step events all stop. Needs the build with the test hooks
// (scripts/test.sh): the handle's debug_panic, reached through embed.js's hidden debugPanic.
'use strict';

const base = require('@playwright/test');
const path = require('node:path');
const { expect } = require('./helpers');
const { SCREENSHOT_DIR } = require('./env');

const test = base.test;

/** WCAG contrast ratio of two CSS colours "rgb(r, g, b)". */
function contrast(fg, bg) {
  const lum = (css) => {
    const [r, g, b] = css.match(/[\d.]+/g).slice(0, 3).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}

/** Counts the page's requestAnimationFrame calls in window.__rafCalls. */
function countFrames(page) {
  return page.addInitScript(() => {
    window.__rafCalls = 0;
    const original = window.requestAnimationFrame.bind(window);
    window.__originalRaf = original;
    window.requestAnimationFrame = (fn) => {
      window.__rafCalls += 1;
      return original(fn);
    };
  });
}

/** Waits until `n` more animation frames have run (the test's own, uncounted). */
const frames = (page, n) =>
  page.evaluate((count) => new Promise((resolve) => {
    const next = (k) => (k === 0 ? resolve() : window.__originalRaf(() => next(k - 1)));
    next(count);
  }), n);

test('a crash in one embedded lab shows its own panel; every lab of the page stops', async ({ page }) => {
  const consoleErrors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await countFrames(page);
  await page.goto('/course.html');
  await page.waitForFunction(() => window.PerceptronLab && window.PerceptronLab.ready, null, { timeout: 20_000 });
  await page.evaluate(() => window.PerceptronLab.ready);
  const seed = page.locator('#lab-seed000');
  const xor = page.locator('#lab-xor');
  for (const host of [seed, xor]) {
    await expect(host.locator('canvas')).toBeVisible();
    await expect(host.locator('[data-role="crash"]'), 'each lab has its own hidden crash panel').toBeHidden();
  }
  expect(await page.evaluate(() => Object.keys(document.getElementById('lab-seed000').perceptronLab)),
    'the test hook is not part of the handle’s API').not.toContain('debugPanic');

  // The XOR lab plays, with a step listener; the seed 000 lab has taken a step.
  await page.evaluate(() => {
    window.__xorSteps = 0;
    const xorLab = document.getElementById('lab-xor').perceptronLab;
    xorLab.on('step', () => { window.__xorSteps += 1; });
    xorLab.togglePlay();
  });
  await seed.locator('[data-act="step"]').click();
  await expect(seed.locator('[data-field="step"]')).toHaveText('1');
  await expect.poll(() => page.evaluate(() => window.__xorSteps), { message: 'the XOR lab plays' }).toBeGreaterThan(0);

  const thrown = await page.evaluate(() => {
    try {
      document.getElementById('lab-seed000').perceptronLab.debugPanic();
      return null;
    } catch (e) {
      return String(e);
    }
  });
  expect(thrown, 'the panicking call throws in JS').not.toBeNull();

  // The lab that crashed: its own panel, with the message, in place of its plot and controls.
  const panel = seed.locator('[data-role="crash"]');
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('role', 'alert');
  await expect(panel).toContainText('This lab stopped after an internal error.');
  await expect(panel.locator('[data-role="crash-message"]')).toContainText('deliberate crash for testing');
  await expect(seed.locator('canvas'), 'the frozen plot is replaced by the panel').toBeHidden();
  await expect(seed.locator('[data-act="step"]')).toBeHidden();
  // The other lab of the page stopped too (one WebAssembly instance) and says so in its panel.
  const other = xor.locator('[data-role="crash"]');
  await expect(other).toBeVisible();
  await expect(other.locator('[data-role="crash-message"]')).toContainText('Another lab on this page stopped after an internal error');
  await expect(xor.locator('canvas')).toBeHidden();
  expect(consoleErrors.join('\n')).toContain('deliberate crash');

  // Readable: every text of the panel has a contrast of at least 4.5:1 on the panel.
  for (const selector of ['strong', 'pre', 'p']) {
    const colours = await panel.locator(selector).evaluate((el) => {
      const box = el.closest('[data-role="crash"]');
      return { fg: getComputedStyle(el).color, bg: getComputedStyle(box).backgroundColor, size: getComputedStyle(el).fontSize };
    });
    const ratio = contrast(colours.fg, colours.bg);
    expect(ratio, `${selector}: ${colours.fg} on ${colours.bg}`).toBeGreaterThanOrEqual(4.5);
    expect(parseFloat(colours.size), `${selector}: font size`).toBeGreaterThanOrEqual(12);
  }
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'crash-embed.png'), fullPage: true });

  // Everything stops: no animation frame is queued any more, no step is reported, and the
  // buttons and keys have no listener left (a listener would log the refused call).
  const rafBefore = await page.evaluate(() => window.__rafCalls);
  const stepsBefore = await page.evaluate(() => window.__xorSteps);
  const errorsBefore = consoleErrors.length;
  await frames(page, 20);
  await page.evaluate(() => {
    for (const id of ['lab-seed000', 'lab-xor']) {
      const root = document.querySelector(`#${id} .plab`);
      root.querySelectorAll('[data-act]').forEach((b) => b.click());
      root.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      root.querySelector('canvas').dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0 }));
    }
  });
  await frames(page, 20);
  expect(await page.evaluate(() => window.__rafCalls), 'animation frames queued after the crash').toBe(rafBefore);
  expect(await page.evaluate(() => window.__xorSteps), 'steps reported after the crash').toBe(stepsBefore);
  expect(consoleErrors.slice(errorsBefore), 'calls made by listeners after the crash').toEqual([]);
  // The handle refuses calls instead of running on a broken instance.
  const refused = await page.evaluate(() => {
    try {
      document.getElementById('lab-xor').perceptronLab.step();
      return 'no error';
    } catch (e) {
      return String(e);
    }
  });
  expect(refused).toContain('stopped after an internal error');
  expect(pageErrors, 'no uncaught error besides the deliberate one').toEqual([]);
});

test('after a panic every method of the main page’s handle refuses, whatever its arguments', async ({ page }) => {
  page.on('console', () => {});
  await page.goto('/index.html');
  await page.waitForFunction(() => window.perceptronLab && Array.from(window.perceptronLab.to_css(0, 0)).length === 2, null, { timeout: 20_000 });
  const before = await page.evaluate(() => Array.from(window.perceptronLab.to_css(0, 0)));
  expect(before).toHaveLength(2);
  await page.evaluate(() => {
    try {
      window.perceptronLab.debug_panic();
    } catch (_) {
      // The deliberate crash.
    }
  });
  await expect(page.locator('#crash')).toBeVisible();
  const results = await page.evaluate(() => {
    const lab = window.perceptronLab;
    const proto = Object.getPrototypeOf(lab);
    const skip = new Set(['constructor', 'free', '__destroy_into_raw', 'to_css']);
    // Strings fit every parameter's glue (numbers, flags, text, bytes); none is a valid value.
    const junk = ['x', 'x', 'x', 'x', 'x', 'x'];
    const out = {};
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (skip.has(name) || typeof proto[name] !== 'function') continue;
      try {
        lab[name](...junk);
        out[name] = 'no error';
      } catch (e) {
        out[name] = String(e);
      }
    }
    out.to_css = JSON.stringify(Array.from(lab.to_css(0, 0)));
    return out;
  });
  expect(Object.keys(results).length, `methods checked: ${Object.keys(results)}`).toBeGreaterThan(40);
  for (const [name, result] of Object.entries(results)) {
    if (name === 'to_css') {
      expect(result, 'to_css after a panic').toBe('[]');
    } else {
      expect(result, `${name}() after a panic`).toContain('Perceptron Lab stopped after an internal error');
    }
  }
});
