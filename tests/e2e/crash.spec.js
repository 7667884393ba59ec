// A panic never leaves a frozen canvas: the crash panel replaces the plot with the message, the
// scenario the lab kept after its last change (to download: the points leave with the user) and
// a reload link, and the controls stop acting on the dead module.
'use strict';

const base = require('@playwright/test');
const { expect, openLab } = require('./helpers');

base.test('a panic shows the crash panel, stops the controls, and reload recovers', async ({ page }) => {
  const consoleErrors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  const lab = await openLab(page, []);
  const a = await lab.addPoint(1, 1);
  const b = await lab.addPoint(-1, -2, 'shift');
  await expect(page.locator('#crash')).toBeHidden();
  // The lab keeps its scenario a moment after each change.
  await page.waitForFunction(() => {
    const kept = document.getElementById('lab').perceptronLabLastGood;
    return typeof kept === 'string' && JSON.parse(kept).points.length === 2;
  });

  // The handle's deliberate panic; the call itself fails in the page (the module traps).
  const thrown = await page.evaluate(() => {
    try {
      window.perceptronLab.debug_panic();
      return null;
    } catch (e) {
      return String(e);
    }
  });
  expect(thrown, 'the panicking call throws in JS').not.toBeNull();

  const crash = page.locator('#crash');
  await expect(crash).toBeVisible();
  await expect(page.locator('#crash-message')).toContainText('deliberate crash for testing');
  await expect(page.locator('#plot'), 'the frozen plot is replaced by the panel').toBeHidden();
  expect(consoleErrors.join('\n')).toContain('deliberate crash');
  await page.screenshot({ path: require('node:path').join(__dirname, 'screenshots', 'crash-panel.png') });
  const { axeViolations } = require('./helpers/practice');
  expect(await axeViolations(page, '#crash'), 'axe on the crash panel').toEqual([]);

  // The user's points leave with them: the panel offers the last good scenario, by keyboard too.
  const download = page.locator('#crash-download');
  await expect(download).toBeVisible();
  await download.focus();
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(file.suggestedFilename()).toBe('perceptron-lab-scenario.json');
  const saved = JSON.parse(require('node:fs').readFileSync(await file.path(), 'utf8'));
  expect(saved.points).toEqual([[a.x, a.y, 1], [b.x, b.y, 0]]);
  expect(saved.algorithm).toBe('perceptron');

  // Later calls are refused with a message instead of running on a broken module.
  const refused = await page.evaluate(() => {
    try {
      window.perceptronLab.step();
      return 'no error';
    } catch (e) {
      return String(e);
    }
  });
  expect(refused).toContain('stopped after an internal error');

  await page.locator('#crash-reload').click();
  const fresh = await openLab(page, []);
  await expect(page.locator('#crash')).toBeHidden();
  await expect(fresh.field('points')).toHaveText('0 (0 of +1, 0 of -1)');
});

base.test('a trap of the module (as out of memory would be) shows the crash panel with the last scenario', async ({ page }) => {
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', () => {});
  const lab = await openLab(page, []);
  const a = await lab.addPoint(2, 1);
  await page.waitForFunction(() => {
    const kept = document.getElementById('lab').perceptronLabLastGood;
    return typeof kept === 'string' && JSON.parse(kept).points.length === 1;
  });
  // A trap runs no panic hook: the page itself notices it, from the failed call.
  const thrown = await page.evaluate(() => {
    try {
      window.perceptronLab.debug_trap();
      return null;
    } catch (e) {
      return e.constructor.name;
    }
  });
  expect(thrown).toBe('RuntimeError');
  await expect(page.locator('#crash')).toBeVisible();
  // The panel's fixed words say what happened; its message, what the browser reported.
  await expect(page.locator('#crash')).toContainText('WebAssembly module stopped');
  await expect(page.locator('#crash-message')).toContainText('RuntimeError');
  await expect(page.locator('#plot')).toBeHidden();
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator('#crash-download').click()]);
  const saved = JSON.parse(require('node:fs').readFileSync(await file.path(), 'utf8'));
  expect(saved.points).toEqual([[a.x, a.y, 1]]);
  expect(pageErrors).toEqual([]);
});

// A lab whose wasm never arrives (a course site that does not serve the file) says so where a
// crash is said, instead of leaving an empty plot.
base.test('a wasm that does not load: the page says why, with a reload link; axe finds nothing', async ({ page }) => {
  const { axeViolations } = require('./helpers/practice');
  let asked = 0;
  await page.route(/perceptron-lab_bg\.wasm$/, (route) => {
    asked += 1;
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' });
  });
  await page.goto('/');
  // The page's notice: no lab is there to show its crash panel.
  const crash = page.locator('#not-loaded');
  await expect(crash).toBeVisible();
  await expect(crash.locator('h2')).toHaveText('Perceptron Lab could not start');
  // The notice's fixed words say what happened; its message, what the browser reported.
  await expect(crash).toContainText('did not load');
  await expect(crash).toContainText('perceptron-lab_bg.wasm');
  await expect(page.locator('#not-loaded-message')).not.toBeEmpty();
  await expect(page.locator('#not-loaded-reload')).toBeVisible();
  // It takes the lab's place, whose controls would do nothing.
  await expect(page.locator('#lab')).toBeHidden();
  await expect(crash).toBeInViewport();
  expect(asked, 'the wasm was asked for').toBeGreaterThan(0);
  expect(await page.evaluate(() => window.perceptronLab === undefined), 'no lab').toBe(true);
  expect(await axeViolations(page, '#not-loaded')).toEqual([]);
  await page.screenshot({ path: require('node:path').join(__dirname, 'screenshots', 'wasm-not-loaded.png') });

  // By keyboard alone: Tab reaches the reload link, and Enter reloads (the wasm still missing,
  // the page says so again).
  let reached = false;
  for (let i = 0; i < 12 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => document.activeElement && document.activeElement.id === 'not-loaded-reload');
  }
  expect(reached, 'Tab reaches the reload link').toBe(true);
  const before = asked;
  await page.keyboard.press('Enter');
  await expect.poll(() => asked, { message: 'the reload asked for the wasm again' }).toBeGreaterThan(before);
  await expect(crash.locator('h2')).toHaveText('Perceptron Lab could not start');
});
