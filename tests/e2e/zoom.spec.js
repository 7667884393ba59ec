// The plot's zoom: its buttons (mouse and keyboard) zoom the view about its centre and Fit
// brings the fitted view back; a two-finger pinch on the plot zooms the plot about the fingers'
// midpoint, adds no point and leaves the page's own zoom alone; the link keeps the view.
'use strict';

const { test, expect } = require('./helpers');

/** Where data point (x, y) is drawn, CSS px from the canvas's top-left. */
const at = (page, x, y) => page.evaluate(([x, y]) => Array.from(window.perceptronLab.to_css(x, y)), [x, y]);
/** The view in the address (`w=x_min,x_max,y_min,y_max`), as numbers. */
const viewInLink = (page) => page.evaluate(() => {
  const w = new URLSearchParams(location.hash.slice(1)).get('w');
  return w ? w.split(',').map(Number) : null;
});

test('the zoom buttons: closer and farther about the centre by mouse and keyboard; Fit; the link keeps it', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  const centre = async () => {
    const [a, b] = [await at(page, 0, 0), await at(page, 4, 4)];
    return Math.hypot(b[0] - a[0], b[1] - a[1]);
  };
  const before = await centre();
  const fitted = await viewInLink(page);
  expect(fitted, 'the link has the view').not.toBeNull();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(centre, { message: 'zoomed in: (4, 4) is farther from (0, 0) on screen' }).toBeGreaterThan(before * 1.2);
  // A screen reader hears the view it shows now.
  await expect(page.locator('[data-role="announce"]')).toHaveText(/^Zoomed in: x from [-−]?[\d.]+ to [-−]?[\d.]+, y from [-−]?[\d.]+ to [-−]?[\d.]+\.$/);
  await expect.poll(async () => (await viewInLink(page))[1] - (await viewInLink(page))[0]).toBeCloseTo((fitted[1] - fitted[0]) * 0.8, 6);
  // By keyboard: Tab from Zoom in to Zoom out, Enter.
  await page.getByRole('button', { name: 'Zoom in' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Zoom out' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(centre).toBeCloseTo(before, 3);
  await page.keyboard.press('Enter');
  await expect.poll(centre, { message: 'zoomed out past the fitted view' }).toBeLessThan(before * 0.85);
  await page.getByRole('button', { name: 'Fit the view to the points' }).click();
  await expect.poll(centre).toBeCloseTo(before, 3);
  await expect(page.locator('[data-role="announce"]')).toHaveText(/^Fitted to the points: x from /);
  await expect.poll(() => viewInLink(page)).toEqual(fitted);
  // A zoomed view opens as it was from its link.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(centre).toBeGreaterThan(before * 1.2);
  const zoomed = await centre();
  // The address is written at most every 250 ms: wait until it holds the zoomed view.
  await expect.poll(async () => (await viewInLink(page))[1] - (await viewInLink(page))[0]).toBeCloseTo((fitted[1] - fitted[0]) * 0.8, 6);
  const link = await page.evaluate(() => location.href);
  await page.goto('about:blank');
  await page.goto(link);
  await page.waitForFunction(() => window.perceptronLab && window.perceptronLab.to_css(0, 0).length === 2);
  await expect.poll(centre).toBeCloseTo(zoomed, 3);
  await expect(lab.field('points')).toHaveText('5 (3 of +1, 2 of -1)');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true });

  test('a two-finger pinch zooms the plot about the fingers, adds no point and leaves the page unzoomed', async ({ lab, page }) => {
    await lab.loadPreset('seed000');
    const box = await page.locator('#plot').boundingBox();
    const [ox, oy] = await at(page, 0, 0);
    const [cx, cy] = [box.x + ox, box.y + oy]; // the origin on the page: the pinch's midpoint
    const before = await at(page, 3, 2);
    const cdp = await page.context().newCDPSession(page);
    const touch = (type, spread) => cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [
        { x: cx - spread, y: cy, id: 1 },
        { x: cx + spread, y: cy, id: 2 },
      ],
    });
    await touch('touchStart', 30);
    for (const spread of [40, 50, 60]) await touch('touchMove', spread);
    await touch('touchEnd', 0);
    // Fingers twice as far apart: the view twice as close, the origin where it was. Each finger's
    // move is its own event, so the midpoint wanders by half a step between them, as in a real
    // pinch: within a few pixels.
    await expect.poll(async () => (await at(page, 3, 2))[0] - ox, { message: '(3, 2) moved away from the origin' })
      .toBeGreaterThan((before[0] - ox) * 2 - 5);
    expect((await at(page, 3, 2))[0] - ox).toBeLessThan((before[0] - ox) * 2 + 5);
    const [ox2, oy2] = await at(page, 0, 0);
    expect(Math.hypot(ox2 - ox, oy2 - oy), 'the origin stays under the fingers').toBeLessThan(5);
    await expect(lab.field('points'), 'no point added').toHaveText('5 (3 of +1, 2 of -1)');
    expect(await page.evaluate(() => window.visualViewport.scale), 'the page itself did not zoom').toBe(1);
    // A tap still adds a point, and Fit is a tap away.
    const [x, y] = await lab.pageXY(-1, -1);
    await page.touchscreen.tap(x, y);
    await expect(lab.field('points')).toHaveText(/^6 /);
    await page.getByRole('button', { name: 'Fit the view to the points' }).tap();
    await expect.poll(async () => (await at(page, 3, 2))[0]).not.toBeCloseTo((before[0] - ox) * 2 + ox, 0);
  });
});

test('a plot drawn while its host hides it (JupyterLab changing theme) is drawn at its scale', async ({ lab, page }) => {
  // JupyterLab hides its whole shell for a few frames while it loads a theme, and no resize is
  // reported on either side: a frame drawn then must be the plot to show afterwards.
  await lab.loadPreset('seed000');
  await lab.settle();
  const canvas = page.locator('#plot');
  const shown = await canvas.screenshot();
  await page.evaluate(() => {
    const host = document.getElementById('plot').parentElement;
    host.style.display = 'none';
    window.perceptronLab.redraw_now();
    host.style.display = '';
  });
  await lab.settle();
  expect(Buffer.compare(await canvas.screenshot(), shown), 'the plot as it was').toBe(0);
});
