// A panic never leaves a frozen canvas: the crash panel replaces the plot with the message and a
// reload link, and the controls stop acting on the dead module.
'use strict';

const base = require('@playwright/test');
const { expect, openLab } = require('./helpers');

base.test('a panic shows the crash panel, stops the controls, and reload recovers', async ({ page }) => {
  const consoleErrors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  const lab = await openLab(page, []);
  await lab.addPoint(1, 1);
  await expect(page.locator('#crash')).toBeHidden();

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
