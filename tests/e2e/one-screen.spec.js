// One screen at every size (docs/src/layouts.md): on a phone, a projector, a laptop and a large
// screen, in normal and presenter mode, the plot, Step, Back, Play and This step's one-line
// summary are inside the viewport together without scrolling, for the classic perceptron, a
// multiclass and a kernel example; the page never scrolls sideways; on a phone the step bar's
// targets are at least 44 px, a tap adds a point and a tap on Step steps without any scroll,
// and each sheet opens and closes by touch and by keyboard; axe-core finds nothing. A compact
// lab in a 360 px column of the course page gets the phone's layout.
'use strict';

const AxeBuilder = require('@axe-core/playwright').default;
const { test, expect } = require('./helpers');
const { SCREENSHOT_DIR } = require('./env');
const path = require('node:path');

const SIZES = [
  { name: 'phone-320x568', width: 320, height: 568, touch: true },
  { name: 'phone-375x812', width: 375, height: 812, touch: true },
  { name: 'phone-412x915', width: 412, height: 915, touch: true },
  { name: 'phone-landscape-812x375', width: 812, height: 375, touch: true },
  { name: 'projector-1024x768', width: 1024, height: 768 },
  { name: 'laptop-1280x720', width: 1280, height: 720 },
  { name: 'laptop-1366x768', width: 1366, height: 768 },
  { name: 'desktop-1920x1080', width: 1920, height: 1080 },
];
// The examples: the course's classic perceptron, a multiclass and a kernel one.
const EXAMPLES = ['seed000', 'blobs3', 'xor-rbf'];
const CORE = { plot: '#plot', Step: '#step', Back: '#back', Play: '#play', 'This step': '[data-field="explain-line"]' };
const SHEETS = ['sheet-practice', 'sheet-table', 'sheet-model', 'sheet-views', 'sheet-settings'];

/**
 * The controls under `selector` that are shown but smaller than 44 × 44 CSS px, as text. Links in
 * a sentence are left out, as WCAG 2.5.5 does; a check box counts by its label, which takes the
 * tap; a text area is a field as big as its text.
 */
async function smallTouchTargets(page, selector) {
  return page.locator(selector).evaluate((root) => {
    const small = [];
    for (const e of root.querySelectorAll('button, select, summary, input, .file-button')) {
      const target = e.matches('input[type="checkbox"], input[type="radio"]') ? e.closest('label') || e : e;
      if (e.matches('.file-button input')) continue; // the file button's own box is the target
      const b = target.getBoundingClientRect();
      if (!b.width || !b.height || getComputedStyle(target).visibility === 'hidden') continue;
      if (b.height < 43.5 || (e.matches('button') && b.width < 43.5)) {
        small.push(`${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''} "${(e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(b.width)}×${Math.round(b.height)}`);
      }
    }
    return small;
  });
}

/** What of `CORE` is not wholly inside the viewport, with its box; and the page's scroll. */
async function outside(page) {
  return page.evaluate((core) => {
    const out = [];
    for (const [name, selector] of Object.entries(core)) {
      const e = document.querySelector(selector);
      const b = e && e.getBoundingClientRect();
      if (!b || !b.width || !b.height) out.push(`${name}: not shown`);
      else if (b.top < 0 || b.left < 0 || b.bottom > innerHeight + 0.5 || b.right > innerWidth + 0.5) {
        out.push(`${name}: ${Math.round(b.left)},${Math.round(b.top)}–${Math.round(b.right)},${Math.round(b.bottom)} in ${innerWidth}×${innerHeight}`);
      }
    }
    const sideways = document.documentElement.scrollWidth - innerWidth;
    if (sideways > 0) out.push(`the page scrolls sideways by ${sideways} px`);
    if (scrollY !== 0) out.push(`the page scrolled to ${scrollY}`);
    return out;
  }, CORE);
}

async function press(page, locator, touch) {
  if (touch) await locator.tap();
  else await locator.click();
}

async function axeClean(page, what) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), what).toEqual([]);
}

for (const size of SIZES) {
  for (const presenter of [false, true]) {
    test.describe(`${size.name}${presenter ? ', presenter' : ''}`, () => {
      test.use({
        viewport: { width: size.width, height: size.height },
        deviceScaleFactor: 1,
        hasTouch: !!size.touch,
        isMobile: !!size.touch,
      });

      test('the plot, Step, Back, Play and This step on one screen', async ({ lab, page }) => {
        if (presenter) await press(page, page.locator('#presenter'), size.touch);
        for (const example of EXAMPLES) {
          await lab.loadPreset(example);
          await press(page, page.locator('#step'), size.touch);
          await press(page, page.locator('#step'), size.touch);
          await expect(lab.field('step')).toHaveText('2');
          await expect(lab.anyField('explain-line')).toHaveText(/^Step 2 · /);
          await page.evaluate(() => window.scrollTo(0, 0));
          expect(await outside(page), `${example} after two steps`).toEqual([]);
          if (example === 'seed000') {
            // The table, measured again: each part's bottom edge against the screen's.
            const bottoms = await page.evaluate((core) => Object.entries(core).map(([name, selector]) =>
              `${name} ${Math.round(document.querySelector(selector).getBoundingClientRect().bottom)}`), CORE);
            console.log(`${size.name}${presenter ? ' presenter' : ''} (${size.height} px high): ${bottoms.join(', ')}; page ${await page.evaluate(() => document.documentElement.scrollHeight)} px`);
          }
        }
        if (size.touch) {
          // Every target on the screen (the header, the plot's zoom, the step bar) is a thumb's size.
          expect(await smallTouchTargets(page, 'body'), 'targets under 44 × 44 px').toEqual([]);
        }
        await lab.loadPreset('seed000');
        // A tap (or click) on the plot adds a point and one on Step steps, without any scroll.
        const [x, y] = await lab.pageXY(-3, -3);
        if (size.touch) await page.touchscreen.tap(x, y);
        else await page.mouse.click(x, y);
        await expect(lab.field('points')).toHaveText(/^6 /);
        await press(page, page.locator('#step'), size.touch);
        await expect(lab.field('step')).toHaveText('1');
        expect(await outside(page), 'after a tap on the plot and one on Step').toEqual([]);
        await axeClean(page, 'the layout');
        const shot = (name) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `one-screen-${size.name}-${name}.png`) });
        if (presenter) {
          await shot('presenter');
        } else {
          await shot('light');
          await page.emulateMedia({ colorScheme: 'dark' });
          await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(24, 26, 27)');
          await axeClean(page, 'the dark layout');
          await shot('dark');
        }
      });
    });
  }
}

test.describe('the phone\'s sheets', () => {
  test.use({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true });

  test('each sheet opens over the plot and closes, by touch and by keyboard; focus goes in and back', async ({ lab, page }) => {
    await lab.loadPreset('seed000');
    const plotTop = (await page.locator('#plot').boundingBox()).y;
    for (const id of SHEETS) {
      const button = page.locator(`[data-sheet="${id}"]`);
      const sheet = page.locator(`#${id}`);
      await expect(sheet).toBeHidden();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      // By touch.
      await button.tap();
      await expect(sheet).toBeVisible();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(sheet, 'the focus goes into the sheet').toBeFocused();
      const box = await sheet.boundingBox();
      expect(box.y, `${id} leaves the plot's top in view`).toBeGreaterThan(plotTop + 40);
      expect(box.y + box.height, `${id} ends above the step bar`).toBeLessThanOrEqual((await page.locator('#step').boundingBox()).y);
      expect(await outside(page), `${id} open`).toEqual([]);
      expect(await smallTouchTargets(page, `#${id}`), `${id}: targets under 44 × 44 px`).toEqual([]);
      await axeClean(page, `${id} open`);
      if (id === 'sheet-table') await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'one-screen-phone-sheet.png') });
      await button.tap();
      await expect(sheet).toBeHidden();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      // By keyboard: Enter on the button opens it, Esc closes it and gives the focus back.
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(sheet).toBeVisible();
      await expect(sheet).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(button).toBeFocused();
    }
    // One sheet at a time: opening another closes the first.
    await page.locator('[data-sheet="sheet-model"]').tap();
    await page.locator('[data-sheet="sheet-settings"]').tap();
    await expect(page.locator('#sheet-model')).toBeHidden();
    await expect(page.locator('#sheet-settings')).toBeVisible();
    // This step's arithmetic opens in place, under its line, and the plot stays in view.
    await page.locator('[data-sheet="sheet-settings"]').tap();
    await page.locator('#step').tap();
    const line = page.locator('[data-field="explain-line"]');
    await expect(page.locator('[data-role="explain-full"]')).not.toHaveAttribute('open', '');
    await line.tap();
    await expect(page.locator('[data-role="explain-full"] dl')).toBeVisible();
    expect(await outside(page), 'This step open').toEqual([]);
  });
});

test.describe('a compact lab in a 360 px column', () => {
  test('gets the phone\'s layout: 44 px targets and This step under the step bar', async ({ page }) => {
    await page.goto('/course.html');
    const host = page.locator('#lab-seed000');
    const step = host.locator('[data-act="step"]');
    await expect(step).toBeVisible();
    const wide = await step.boundingBox();
    expect(wide.height, 'in the page\'s wide column the buttons are as usual').toBeLessThan(44);
    await host.evaluate((e) => { e.style.width = '360px'; });
    await expect.poll(async () => (await step.boundingBox()).height).toBeGreaterThanOrEqual(44);
    const top = async (selector) => (await host.locator(selector).boundingBox()).y;
    expect(await top('[data-panel="explain"]'), 'This step right under the bar').toBeLessThan(await top('[data-panel="status"]'));
    expect(await top('[data-panel="explain"]')).toBeGreaterThan(await top('[data-act="step"]'));
    await axeClean(page, 'the course page');
  });
});
