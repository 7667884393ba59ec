// Every panel of the panel registry (src/web/panels), as the page shows them: the spec reads the
// registry from the page (each panel's root is `[data-panel]`), so a new panel is checked here
// without a line of its own. For each: brought on show (an example under the first algorithm it
// applies to, else the first example it applies to), opened by keyboard when it opens, named for
// a screen reader, axe-core clean in the light, dark and presenter themes, a screenshot saved.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { test, expect } = require('./helpers');
const { SCREENSHOT_DIR } = require('./env');
const AxeBuilder = require('@axe-core/playwright').default;

// The panels that no example brings on show, checked by specs of their own: the practice panel
// shows a practice set's question and results, the composer sits in the page's closed Practice
// <details> (practice-axe.spec.js: axe-core in the three themes for the composer and every kind
// of question, and 24 px targets; practice.spec.js: by keyboard; element.spec.js: the composer
// in a compact lab); the announcements' live region is read, never shown (announce.spec.js:
// what it says, axe-core, in the full page and in compact labs); the crash panel shows only once
// a lab has stopped (crash.spec.js and crash-embed.spec.js: a panic and a trap, in the full page
// and in compact labs, by keyboard, with axe-core).
const OWN_SPECS = ['practice', 'composer', 'announce', 'crash'];

test('every panel of the registry opens by keyboard, is named and passes axe in three themes', async ({ lab, page }) => {
  const all = await page.locator('[data-panel]').evaluateAll((nodes) => nodes.map((n) => n.dataset.panel));
  expect(all.length, 'the page shows the registry\'s panels').toBeGreaterThanOrEqual(2);
  expect(new Set(all).size, 'each panel once').toBe(all.length);
  const names = all.filter((name) => !OWN_SPECS.includes(name));
  // Three axe runs and screenshots a panel: the time grows with the registry.
  test.setTimeout(30_000 * names.length);
  const presets = await page.locator('[data-role="preset-menu"] option').evaluateAll((options) =>
    options.map((o) => o.value).filter((v) => v !== '')
  );
  const algorithms = await page.locator('[data-setting="algorithm"] option').evaluateAll((options) =>
    options.map((o) => o.value)
  );
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });

  for (const name of names) {
    const panel = page.locator(`[data-panel="${name}"]`);
    // On show: the noisy example (zero initial weights, which every algorithm takes) under the
    // first algorithm the panel applies to, else the first example it applies to.
    const applies = async () => (await panel.getAttribute('data-applies')) !== 'false';
    await lab.loadPreset('noisy');
    await lab.clickStep(2);
    for (const algorithm of algorithms) {
      if (await applies()) break;
      if (algorithm === (await page.locator('#algorithm').inputValue())) continue;
      await lab.chooseAlgorithm(algorithm);
      await lab.clickStep(2);
    }
    for (const preset of presets) {
      if (await applies()) break;
      await lab.loadPreset(preset);
      await lab.clickStep(2);
    }
    expect(await applies(), `${name}: some example shows it`).toBe(true);
    await panel.scrollIntoViewIfNeeded();
    await expect(panel, `${name} is on show`).toBeVisible();

    // Opened by keyboard when it opens (a <details>); its name for a screen reader.
    if (await panel.evaluate((el) => el.tagName === 'DETAILS')) {
      await panel.locator('summary').focus();
      // A panel the page opens at start (the slot's data-open) closes by Enter first.
      if ((await panel.getAttribute('open')) !== null) {
        await page.keyboard.press('Enter');
        await expect(panel, `${name} closes by Enter`).not.toHaveAttribute('open', '');
      }
      await page.keyboard.press('Enter');
      await expect(panel, `${name} opens by Enter`).toHaveAttribute('open', '');
      await expect(panel.locator('summary'), `${name}: its summary names it`).not.toHaveText('');
    } else {
      await expect(panel, `${name}: a named region`).toHaveAccessibleName(/\S/);
    }

    for (const theme of ['light', 'dark', 'presenter']) {
      await page.emulateMedia({ colorScheme: theme === 'dark' ? 'dark' : 'light' });
      const presenter = (await page.locator('body').getAttribute('class') || '').includes('presenter');
      if ((theme === 'presenter') !== presenter) await page.locator('#presenter').click();
      await panel.scrollIntoViewIfNeeded();
      const results = await new AxeBuilder({ page }).include(`[data-panel="${name}"]`).analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
        `${name}, ${theme} theme`
      ).toEqual([]);
      await panel.screenshot({ path: path.join(SCREENSHOT_DIR, `panel-${name}-${theme}.png`) });
    }
    await page.locator('#presenter').click();
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('body')).not.toHaveClass(/presenter/);
  }
});
