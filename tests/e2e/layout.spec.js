// Layout: the canvas follows window resizes (backing store = CSS size × devicePixelRatio, clicks
// still exact), renders at devicePixelRatio 1, and fits a phone's screen.
'use strict';

const AxeBuilder = require('@axe-core/playwright').default;
const { test, expect, isPositiveColour, isNegativeColour } = require('./helpers');

/** Waits until the canvas's backing store matches its CSS size × DPR; returns the sizes. */
async function expectBackingFollows(lab, dpr, message) {
  let sizes;
  await expect
    .poll(
      async () => {
        sizes = await lab.canvasSizes();
        return (
          Math.abs(sizes.width - Math.round(sizes.clientWidth * dpr)) <= 1 &&
          Math.abs(sizes.height - Math.round(sizes.clientHeight * dpr)) <= 1
        );
      },
      { message: `${message}: backing store = CSS size × ${dpr}` }
    )
    .toBe(true)
    .catch((e) => {
      throw new Error(`${e.message}\nlast sizes: ${JSON.stringify(sizes)}`);
    });
  return sizes;
}

async function expectExactClick(lab, x, y, how = 'plain') {
  const half = await lab.halfPixel();
  const p = await lab.addPoint(x, y, how);
  // Soft, so that the rest of the test still runs when a click is imprecise.
  expect.soft(Math.abs(p.x - x), `clicked (${x}, ${y}), got (${p.x}, ${p.y}); half a pixel = ${half}`).toBeLessThanOrEqual(half);
  expect.soft(Math.abs(p.y - y), `clicked (${x}, ${y}), got (${p.x}, ${p.y}); half a pixel = ${half}`).toBeLessThanOrEqual(half);
  return p;
}

test('resizing the window: the backing store follows and clicks still land exactly', async ({ lab, page }) => {
  const wide = await expectBackingFollows(lab, 2, 'at 1280×900');
  await expectExactClick(lab, 1, 2);

  await page.setViewportSize({ width: 760, height: 700 });
  await expect
    .poll(async () => (await lab.canvasSizes()).clientWidth, { message: 'the canvas narrows with the window' })
    .toBeLessThan(wide.clientWidth);
  const narrow = await expectBackingFollows(lab, 2, 'at 760×700');
  expect(narrow.clientWidth, 'the canvas fits in a 760 px window').toBeLessThanOrEqual(760);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth, 'no horizontal scrolling at 760 px').toBeLessThanOrEqual(760);
  // The point added before the resize is drawn where the new mapping says.
  await lab.expectColourAt(1, 2, isPositiveColour, 'the +1 point added before resizing');
  await expectExactClick(lab, -2, 3, 'right');
  await lab.expectColourAt(-2, 3, isNegativeColour, 'the -1 point added after resizing');
  await lab.screenshot('resize-narrow.png');

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect
    .poll(async () => (await lab.canvasSizes()).clientWidth, { message: 'the canvas widens again' })
    .toBe(wide.clientWidth);
  await expectBackingFollows(lab, 2, 'back at 1280×900');
  await expectExactClick(lab, 2.5, -1.5);
  await lab.expectColourAt(1, 2, isPositiveColour, 'the first point');
  await lab.expectColourAt(-2, 3, isNegativeColour, 'the second point');
  await lab.expectColourAt(2.5, -1.5, isPositiveColour, 'the third point');
  await expect(lab.field('points')).toHaveText('3 (2 of +1, 1 of -1)');
});

test.describe('at devicePixelRatio 1', () => {
  test.use({ deviceScaleFactor: 1 });

  test('renders and takes exact clicks', async ({ lab }) => {
    expect(await lab.dpr()).toBe(1);
    await expectBackingFollows(lab, 1, 'DPR 1');
    await expect(lab.field('step')).toHaveText('0');
    await expectExactClick(lab, 1, 2);
    await expectExactClick(lab, -3, -1.5, 'shift');
    await lab.expectColourAt(1, 2, isPositiveColour, 'the +1 point');
    await lab.expectColourAt(-3, -1.5, isNegativeColour, 'the -1 point');
    await lab.clickStep(2);
    await expect(lab.field('step')).toHaveText('2');
    await lab.screenshot('dpr1.png');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('the page fits the screen: no sideways scrolling, the plot and the example menu on it, a tap adds a point, an example loads; axe', async ({ lab, page }) => {
    const sizes = await expectBackingFollows(lab, 2, 'at 375 px');
    expect(sizes.clientWidth, 'the plot fits in a 375 px screen').toBeLessThanOrEqual(375);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth, 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(375);
    const menu = await page.locator('#preset').boundingBox();
    expect(menu.x, 'the example menu starts on the screen').toBeGreaterThanOrEqual(0);
    expect(menu.x + menu.width, 'the example menu ends on the screen').toBeLessThanOrEqual(375);
    expect(menu.height, 'the example menu is a 24 px target').toBeGreaterThanOrEqual(24);

    const [x, y] = await lab.pageXY(1, 2);
    await page.touchscreen.tap(x, y);
    await expect(lab.field('points')).toHaveText('1 (1 of +1, 0 of -1)');
    await lab.expectColourAt(1, 2, isPositiveColour, 'the tapped point');

    await lab.loadPreset('seed000');
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'still no sideways scrolling').toBeLessThanOrEqual(375);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await lab.screenshot('phone-375.png');
  });
});

test('a closed panel lays nothing out until it is opened, by keyboard, and then shows its fields', async ({ lab }) => {
  const page = lab.page;
  const panel = page.locator('#practice-panel');
  const field = page.locator('#practice-questions');
  // Closed: its content has no box at all (display: none, not content-visibility), so the
  // browser's work at load does not lay its fields out (style.css, docs/src/performance-log.md).
  await expect(panel).not.toHaveAttribute('open', /.*/);
  expect(await field.evaluate((e) => e.getClientRects().length)).toBe(0);
  expect(await panel.evaluate((d) => getComputedStyle(d, '::details-content').display)).toBe('none');
  await panel.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(panel).toHaveAttribute('open', '');
  await expect(field).toBeVisible();
  expect(await field.evaluate((e) => e.getClientRects().length)).toBe(1);
  await page.keyboard.press('Enter');
  await expect(field).toBeHidden();
});

test('one type scale: the page as it opens uses few fonts (each one is looked up before the first layout), in normal and presenter modes', async ({ lab }) => {
  const page = lab.page;
  // Every font the visible text and controls use: size in px, weight, style and family.
  const fonts = () =>
    page.evaluate(() => {
      const used = new Map();
      const note = (element) => {
        if (!element.getClientRects().length) return;
        const cs = getComputedStyle(element);
        const key = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily.includes('Mono') ? 'mono' : 'sans'}`;
        used.set(key, `${element.tagName.toLowerCase()}${element.id ? '#' + element.id : ''}`);
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent.trim()) note(n.parentElement);
      for (const control of document.querySelectorAll('input, select, button, textarea')) note(control);
      return [...used].map(([key, example]) => `${key} (${example})`).sort();
    });
  const sizes = (list) => [...new Set(list.map((f) => f.split(' ')[2]))].sort();
  const weights = (list) => [...new Set(list.map((f) => f.split(' ')[1]))].sort();

  const normal = await fonts();
  // The title, the body, secondary text and the one monospace size (0.95 of 16 px).
  expect(sizes(normal), normal.join('\n')).toEqual(['14px', '15.2px', '16px', '24px']);
  expect(weights(normal), normal.join('\n')).toEqual(['400', '700']);
  expect(normal.length, normal.join('\n')).toBeLessThanOrEqual(7);

  // Presenter mode scales the body to 21 px and everything sized in em with it.
  await page.locator('#presenter').click();
  await expect(page.locator('body')).toHaveClass(/presenter/);
  const presenter = await fonts();
  expect(weights(presenter), presenter.join('\n')).toEqual(['400', '700']);
  const px = sizes(presenter).map(parseFloat);
  expect(Math.min(...px), presenter.join('\n')).toBeGreaterThanOrEqual(18);
  const heading = await page.locator('[data-panel="trace"] h2').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  expect(heading).toBe(21);
});
