// A panic in one embedded lab of a course page is never a frozen plot without a word: that lab
// shows its own crash panel (an accessible alert with the message, readable, and its last good
// scenario to download), its listeners and step events stop, and the other lab of the page (its
// own WebAssembly instance) keeps working. Needs the build with the test hooks
// (scripts/test.sh): the handle's debug_panic, reached through embed.js's hidden debugPanic.
'use strict';

const base = require('@playwright/test');
const path = require('node:path');
const { expect } = require('./helpers');
const { SCREENSHOT_DIR } = require('./env');
const AxeBuilder = require('@axe-core/playwright').default;

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

test('a crash in one embedded lab shows its own panel and its last scenario; the other lab keeps working', async ({ page }) => {
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
    await expect(host.locator('canvas.plab-plot')).toBeVisible();
    await expect(host.locator('[data-role="crash"]'), 'each lab has its own hidden crash panel').toBeHidden();
  }
  expect(await page.evaluate(() => Object.keys(document.getElementById('lab-seed000').perceptronLab)),
    'the test hook is not part of the handle’s API').not.toContain('debugPanic');

  // The XOR lab plays, with a step listener; the seed 000 lab has taken a step, and keeps its
  // scenario a moment later.
  await page.evaluate(() => {
    window.__xorSteps = 0;
    window.__seedSteps = 0;
    document.getElementById('lab-xor').perceptronLab.on('step', () => { window.__xorSteps += 1; });
    document.getElementById('lab-seed000').perceptronLab.on('step', () => { window.__seedSteps += 1; });
    document.getElementById('lab-xor').perceptronLab.togglePlay();
  });
  await seed.locator('[data-act="step"]').click();
  await expect(seed.locator('[data-field="step"]')).toHaveText('1');
  await page.waitForFunction(() => {
    const kept = document.querySelector('#lab-seed000 .plab').perceptronLabLastGood;
    return typeof kept === 'string' && JSON.parse(kept).step === 1;
  });
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
  await expect(panel).toContainText('Any other lab of the page keeps working.');
  await expect(panel.locator('[data-role="crash-message"]')).toContainText('deliberate crash for testing');
  await expect(seed.locator('canvas.plab-plot'), 'the frozen plot is replaced by the panel').toBeHidden();
  await expect(seed.locator('[data-act="step"]')).toBeHidden();
  expect(consoleErrors.join('\n')).toContain('deliberate crash');

  // The other lab runs in its own WebAssembly instance: no panel, still playing, still answering.
  await expect(xor.locator('[data-role="crash"]')).toBeHidden();
  await expect(xor.locator('canvas.plab-plot')).toBeVisible();
  // Its kernel separates XOR in a few steps, which ends its Play: the crash may come before or
  // after that. Reset stops a Play (its label says so in the next frame); from step 0 again it
  // plays on either way.
  const xorStepsAtCrash = await page.evaluate(() => window.__xorSteps);
  await xor.locator('[data-act="reset"]').click();
  const playLabel = xor.locator('[data-field="play-label"]');
  await expect(xor.locator('[data-field="step"]')).toHaveText('0');
  await expect(playLabel).toHaveText('Play');
  await xor.locator('[data-act="play"]').click();
  await expect.poll(() => page.evaluate(() => window.__xorSteps), { message: 'the XOR lab plays on' })
    .toBeGreaterThan(xorStepsAtCrash);
  // Paused (if its Play has not ended by itself meanwhile), then back to step 0.
  if ((await playLabel.textContent()) === 'Pause') await xor.locator('[data-act="play"]').click();
  await expect(playLabel).toHaveText('Play');
  await xor.locator('[data-act="reset"]').click();
  await expect(xor.locator('[data-field="step"]')).toHaveText('0');
  await xor.locator('[data-act="step"]').click();
  await expect(xor.locator('[data-field="step"]')).toHaveText('1');

  // The crashed lab's points leave with the user: its last good scenario, by keyboard.
  const save = panel.getByRole('button', { name: 'Download the scenario (JSON)' });
  await expect(save).toBeVisible();
  const box = await save.boundingBox();
  expect(box.height, 'the button is at least 24 px high').toBeGreaterThanOrEqual(24);
  await save.focus();
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  const saved = JSON.parse(require('node:fs').readFileSync(await file.path(), 'utf8'));
  expect(saved.step).toBe(1);
  expect(saved.points).toEqual([[1, 1, 0], [3, 2, 1], [2, 4, 1], [3, 4, 1], [2, 3, 0]]);

  // Readable: every text of the panel has a contrast of at least 4.5:1 on the panel.
  for (const selector of ['h2', 'pre', 'p', 'button']) {
    const colours = await panel.locator(selector).first().evaluate((el) => {
      const box = el.closest('[data-role="crash"]');
      const own = getComputedStyle(el).backgroundColor;
      const bg = own === 'rgba(0, 0, 0, 0)' ? getComputedStyle(box).backgroundColor : own;
      return { fg: getComputedStyle(el).color, bg, size: getComputedStyle(el).fontSize };
    });
    const ratio = contrast(colours.fg, colours.bg);
    expect(ratio, `${selector}: ${colours.fg} on ${colours.bg}`).toBeGreaterThanOrEqual(4.5);
    expect(parseFloat(colours.size), `${selector}: font size`).toBeGreaterThanOrEqual(12);
  }
  const axe = await new AxeBuilder({ page }).include('#lab-seed000').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`), 'axe on the crash panel').toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'crash-embed.png'), fullPage: true });

  // The crashed lab stops: no step is reported, and its buttons and keys have no listener left
  // (a listener would log the refused call); its handle refuses calls.
  const seedSteps = await page.evaluate(() => window.__seedSteps);
  const errorsBefore = consoleErrors.length;
  await page.evaluate(() => {
    const root = document.querySelector('#lab-seed000 .plab');
    root.querySelectorAll('[data-act]').forEach((b) => b.click());
    root.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    root.querySelector('canvas').dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0 }));
  });
  await frames(page, 20);
  expect(await page.evaluate(() => window.__seedSteps), 'steps reported after the crash').toBe(seedSteps);
  expect(consoleErrors.slice(errorsBefore), 'calls made by listeners after the crash').toEqual([]);
  const refused = await page.evaluate(() => {
    try {
      document.getElementById('lab-seed000').perceptronLab.step();
      return 'no error';
    } catch (e) {
      return String(e);
    }
  });
  expect(refused).toContain('stopped after an internal error');
  // load() refuses the same way: its scenario is checked by the stopped module, which says so.
  const loadRefused = await page.evaluate(() => {
    try {
      document.getElementById('lab-seed000').perceptronLab.load('v=1&a=perceptron');
      return 'no error';
    } catch (e) {
      return String(e);
    }
  });
  expect(loadRefused).toContain('stopped after an internal error');
  expect(pageErrors, 'no uncaught error besides the deliberate one').toEqual([]);
});

test('a lab mounted after a crash gets a fresh instance and works', async ({ page }) => {
  page.on('console', () => {});
  await page.goto('/course.html');
  await page.waitForFunction(() => window.PerceptronLab && window.PerceptronLab.ready, null, { timeout: 20_000 });
  await page.evaluate(() => window.PerceptronLab.ready);
  await page.evaluate(() => {
    try {
      document.getElementById('lab-xor').perceptronLab.debugPanic();
    } catch (_) {
      // The deliberate crash.
    }
  });
  await expect(page.locator('#lab-xor [data-role="crash"]')).toBeVisible();
  // Destroying the crashed lab and mounting again in its place: a working lab.
  await page.evaluate(async () => {
    const host = document.getElementById('lab-xor');
    host.perceptronLab.destroy();
    host.perceptronLab = await window.PerceptronLab.mount(host, 'v=1&a=perceptron&p=1,1,1;-1,-1,0');
  });
  const xor = page.locator('#lab-xor');
  await expect(xor.locator('[data-role="crash"]')).toBeHidden();
  await xor.locator('[data-act="step"]').click();
  await expect(xor.locator('[data-field="step"]')).toHaveText('1');
  await expect(page.locator('#lab-seed000 [data-role="crash"]')).toBeHidden();
});

test('a trap inside one lab’s animation frame shows that lab’s panel only', async ({ page }) => {
  page.on('console', () => {});
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto('/course.html');
  await page.waitForFunction(() => window.PerceptronLab && window.PerceptronLab.ready, null, { timeout: 20_000 });
  await page.evaluate(() => window.PerceptronLab.ready);
  const seed = page.locator('#lab-seed000');
  const xor = page.locator('#lab-xor');
  await seed.locator('[data-act="step"]').click();
  await expect(seed.locator('[data-field="step"]')).toHaveText('1');
  await page.waitForFunction(() => {
    const kept = document.querySelector('#lab-seed000 .plab').perceptronLabLastGood;
    return typeof kept === 'string' && JSON.parse(kept).step === 1;
  });
  // The next frame of the seed lab (the one the call itself asks for) traps: no call of the
  // page's returns an error; only the window hears of it, and the lab that no longer answers is
  // the one whose module trapped.
  await page.evaluate(() => document.getElementById('lab-seed000').perceptronLab.debugTrapNextFrame());
  const panel = seed.locator('[data-role="crash"]');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('WebAssembly module stopped');
  await expect(panel.locator('[data-role="crash-message"]')).toContainText('RuntimeError');
  await expect(panel.getByRole('button', { name: 'Download the scenario (JSON)' })).toBeVisible();
  await expect(xor.locator('[data-role="crash"]')).toBeHidden();
  await xor.locator('[data-act="step"]').click();
  await expect(xor.locator('[data-field="step"]')).toHaveText('1');
  expect(pageErrors.join('\n'), 'the trap itself is the only uncaught error').toMatch(/unreachable/);
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

// Regression test (found by the second adversarial pass, issue 38, finding 4); it was: a call
// into a lab that never returned (the page's stack overflowing part-way through it, which
// unwinds the WebAssembly frames without releasing anything) left the lab's state in use for
// good: every call answered "Perceptron Lab is busy; try again.", clicks did nothing, and no
// crash panel said why. Expected: the lab's next frame finds its state left in use and shows
// its crash panel (with its last scenario to download); the other lab keeps working.
test('a lab whose state a call left in use shows its crash panel, not "busy" for good', async ({ page }) => {
  const consoleErrors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto('/course.html');
  await page.waitForFunction(() => window.PerceptronLab && window.PerceptronLab.ready, null, { timeout: 20_000 });
  await page.evaluate(() => window.PerceptronLab.ready);
  const seed = page.locator('#lab-seed000');
  const xor = page.locator('#lab-xor');
  await seed.locator('[data-act="step"]').click();
  await expect(seed.locator('[data-field="step"]')).toHaveText('1');
  await page.waitForFunction(() => {
    const kept = document.querySelector('#lab-seed000 .plab').perceptronLabLastGood;
    return typeof kept === 'string' && JSON.parse(kept).step === 1;
  });
  // The state is left in use; the call made now can only say "busy" (it cannot tell a call
  // under way from one that never returned), and asks for a frame, which can.
  const first = await page.evaluate(() => {
    const lab = document.getElementById('lab-seed000').perceptronLab;
    lab.debugLeaveInUse();
    try {
      lab.step();
      return 'no error';
    } catch (e) {
      return String(e);
    }
  });
  expect(first).toContain('Perceptron Lab is busy; try again.');
  const panel = seed.locator('[data-role="crash"]');
  await expect(panel).toBeVisible();
  await expect(panel.locator('[data-role="crash-message"]')).toContainText('A call into this lab never returned');
  await expect(panel.getByRole('button', { name: 'Download the scenario (JSON)' })).toBeVisible();
  await expect(seed.locator('[data-act="step"]')).toBeHidden();
  const later = await page.evaluate(() => {
    try {
      document.getElementById('lab-seed000').perceptronLab.step();
      return 'no error';
    } catch (e) {
      return String(e);
    }
  });
  expect(later).toContain('stopped after an internal error');
  expect(consoleErrors.join('\n')).toContain('A call into this lab never returned');
  // The other lab runs in its own instance and keeps working.
  await expect(xor.locator('[data-role="crash"]')).toBeHidden();
  await xor.locator('[data-act="step"]').click();
  await expect(xor.locator('[data-field="step"]')).toHaveText('1');
  expect(pageErrors).toEqual([]);
});
