// The page itself: loading, the HiDPI canvas, the default view, and adding points by clicking.
'use strict';

const {
  test,
  expect,
  isPositiveColour,
  isNegativeColour,
  distinctColours,
  watchProblems,
  openLab,
  afterFrames,
} = require('./helpers');

/** Whether v is (to float precision) a multiple of step. */
const isMultipleOf = (v, step) => Math.abs(v / step - Math.round(v / step)) < 1e-6;

test('loads: HiDPI canvas, status at step 0, default controls, no crash panel', async ({ lab, page }) => {
  // The page's lab is a <perceptron-lab>, as in every home, in the page's main landmark.
  await expect(page.locator('main > perceptron-lab#lab')).toBeVisible();
  await expect(lab.canvas).toBeVisible();
  expect(await lab.dpr()).toBe(2);

  const size = await lab.canvasSizes();
  expect(size.clientWidth, 'the canvas has a real CSS size').toBeGreaterThan(300);
  expect(size.clientHeight).toBeGreaterThan(200);
  expect(
    Math.abs(size.width - Math.round(size.clientWidth * 2)),
    `backing width ${size.width} vs CSS width ${size.clientWidth} × 2`
  ).toBeLessThanOrEqual(1);
  expect(
    Math.abs(size.height - Math.round(size.clientHeight * 2)),
    `backing height ${size.height} vs CSS height ${size.clientHeight} × 2`
  ).toBeLessThanOrEqual(1);

  // The status line of a blank session.
  await expect(lab.field('step')).toHaveText('0');
  await expect(lab.field('epoch')).toHaveText('1');
  await expect(lab.field('sample')).toHaveText('—');
  await expect(lab.field('score')).toHaveText('—');
  await expect(lab.field('outcome')).toHaveText('—');
  await expect(lab.field('weights')).toHaveText('[0, 0, 0]');
  await expect(lab.field('bias')).toHaveText('0');
  await expect(lab.field('updates')).toHaveText('0');
  await expect(lab.field('state')).toHaveText('not converged yet');
  await expect(lab.field('points')).toHaveText('0 (0 of +1, 0 of -1)');
  await expect(lab.field('notice')).not.toHaveText(/^\s*$/);

  // Controls and the settings form's defaults.
  await expect(page.locator('#play')).toHaveText('Play');
  for (const id of ['#step', '#play', '#reset', '#clear', '#class-pos', '#class-neg', '#apply']) {
    await expect(page.locator(id), `${id} is visible`).toBeVisible();
  }
  await expect(page.locator('#class-pos')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#class-neg')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('#speed')).toHaveAttribute('type', 'range');
  await expect(page.locator('#bias')).toBeChecked();
  await expect(page.locator('#snap')).not.toBeChecked();
  await expect(page.locator('#eta')).toHaveValue('1');
  await expect(page.locator('#order')).toHaveValue('fixed');
  await expect(page.locator('#seed')).toHaveValue('1');
  await expect(page.locator('#max-epochs')).toHaveValue('1000');
  await lab.expectNoSettingsError();

  // The crash panel exists and is hidden.
  await expect(page.locator('#crash')).toHaveCount(1);
  await expect(page.locator('#crash')).toBeHidden();

  // Something is drawn: background, grid, axes and labels give many colours.
  const image = await lab.plotImage();
  expect(distinctColours(image), 'distinct colours on the plot').toBeGreaterThanOrEqual(3);
  await lab.screenshot('01-initial.png');
});

test("the page's lab is a <perceptron-lab>: its API drives the page (step, link, field, on), the page's address follows", async ({ lab, page }) => {
  const problems = watchProblems(page);
  await lab.loadPreset('seed000');
  // The element's handle is the page's lab: its steps are the page's, its link the address's.
  const got = await page.evaluate(async () => {
    const el = document.getElementById('lab');
    const handle = await el.ready;
    const heard = [];
    const off = el.on('step', (record) => heard.push(record.step));
    el.step();
    el.step();
    off();
    el.step();
    return { same: handle === el.lab, heard, step: el.field('step'), link: el.link(), shadow: el.shadowRoot === null };
  });
  expect(got).toMatchObject({ same: true, heard: [1, 2], step: '3', shadow: true });
  await expect(lab.field('step')).toHaveText('3');
  await expect.poll(() => page.evaluate(() => window.location.hash.slice(1))).toBe(got.link);
  expect(problems).toEqual([]);
});

test('default view shows at least [-5, 5] × [-5, 5] with equal units, and its corners take clicks', async ({ lab }) => {
  const size = await lab.canvasSizes();
  const unit = await lab.cssPerUnit();
  expect(unit.x, 'CSS px per unit along x1').toBeGreaterThan(10);
  expect(Math.abs(unit.x - unit.y), `units are equal on both axes (${unit.x} vs ${unit.y})`).toBeLessThan(0.01);
  for (const [x, y] of [[-5, -5], [-5, 5], [5, -5], [5, 5]]) {
    const [cx, cy] = await lab.toCss(x, y);
    expect(cx, `(${x}, ${y}) is inside the canvas horizontally`).toBeGreaterThan(0);
    expect(cx).toBeLessThan(size.clientWidth);
    expect(cy, `(${x}, ${y}) is inside the canvas vertically`).toBeGreaterThan(0);
    expect(cy).toBeLessThan(size.clientHeight);
  }
  // Points just inside the corners of [-5, 5]² can be added.
  const half = await lab.halfPixel();
  for (const [x, y] of [[-4.9, 4.9], [4.9, -4.9], [-4.9, -4.9], [4.9, 4.9]]) {
    const p = await lab.addPoint(x, y);
    expect.soft(Math.abs(p.x - x), `x of the point clicked at (${x}, ${y})`).toBeLessThanOrEqual(half);
    expect.soft(Math.abs(p.y - y), `y of the point clicked at (${x}, ${y})`).toBeLessThanOrEqual(half);
  }
  await expect(lab.field('points')).toHaveText('4 (4 of +1, 0 of -1)');
});

test('clicks add points exactly where clicked; shift/right-click and the class buttons choose the class', async ({ lab, page }) => {
  const half = await lab.halfPixel();
  const dpr = await lab.dpr();
  const cssPixel = 2 * half; // data units per CSS pixel

  // Plain click: class +1, within half a CSS pixel of the target; the notice shows it.
  const a = await lab.addPoint(1, 2);
  expect(a.label).toBe(1);
  // Precision checks are soft so that the rest of the test still runs when they fail.
  expect.soft(Math.abs(a.x - 1), `clicked (1, 2), got (${a.x}, ${a.y}); half a pixel is ${half}`).toBeLessThanOrEqual(half);
  expect.soft(Math.abs(a.y - 2), `clicked (1, 2), got (${a.x}, ${a.y}); half a pixel is ${half}`).toBeLessThanOrEqual(half);
  await expect.soft(lab.field('notice')).toHaveText(/^Added point #1 at \(1, 2\), class \+1\./, { timeout: 1000 });
  await expect(lab.field('points')).toHaveText('1 (1 of +1, 0 of -1)');

  // Shift-click and right-click add the other class.
  const b = await lab.addPoint(-3, 1.5, 'shift');
  expect(b.label, 'shift-click adds class -1').toBe(-1);
  await expect.soft(lab.field('notice')).toHaveText(/^Added point #2 at \(-3, 1\.5\), class -1\./, { timeout: 1000 });
  const c = await lab.addPoint(2, -4, 'right');
  expect(c.label, 'right-click adds class -1').toBe(-1);
  await expect.soft(lab.field('notice')).toHaveText(/^Added point #3 at \(2, -4\), class -1\./, { timeout: 1000 });
  await expect(lab.field('points')).toHaveText('3 (1 of +1, 2 of -1)');

  // An off-grid click is rounded to the finest power of ten not above one pixel (CSS or device)
  // and still lands within half a CSS pixel.
  const target = [1.2345678, -0.9876543];
  const d = await lab.addPoint(...target);
  expect.soft(Math.abs(d.x - target[0]), `x of (${d.x}, ${d.y})`).toBeLessThanOrEqual(half);
  expect.soft(Math.abs(d.y - target[1]), `y of (${d.x}, ${d.y})`).toBeLessThanOrEqual(half);
  const steps = [cssPixel, cssPixel / dpr].map((px) => 10 ** Math.floor(Math.log10(px)));
  expect(
    steps.some((s) => isMultipleOf(d.x, s) && isMultipleOf(d.y, s)),
    `(${d.x}, ${d.y}) is rounded to one of ${steps}`
  ).toBe(true);

  // The points are drawn where they were clicked, in their class's colour.
  await lab.expectColourAt(1, 2, isPositiveColour, 'the +1 point (blue)');
  await lab.expectColourAt(-3, 1.5, isNegativeColour, 'the -1 point (orange)');
  await lab.expectColourAt(2, -4, isNegativeColour, 'the -1 point (orange)');

  // Class buttons: after choosing -1, plain clicks add -1 and shift-clicks add +1.
  await page.locator('#class-neg').click();
  await expect(page.locator('#class-neg')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#class-pos')).toHaveAttribute('aria-pressed', 'false');
  const e = await lab.addPoint(-1, -1);
  expect(e.label, 'plain click with class -1 selected').toBe(-1);
  const f = await lab.addPoint(4, 3, 'shift');
  expect(f.label, 'shift-click with class -1 selected adds +1').toBe(1);
  await page.locator('#class-pos').click();
  await expect(page.locator('#class-pos')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#class-neg')).toHaveAttribute('aria-pressed', 'false');
  const g = await lab.addPoint(-4, -2);
  expect(g.label, 'plain click with class +1 selected again').toBe(1);
  await expect(lab.field('points')).toHaveText('7 (4 of +1, 3 of -1)');
  await lab.expectColourAt(-1, -1, isNegativeColour, 'the -1 point (orange)');
  await lab.expectColourAt(4, 3, isPositiveColour, 'the +1 point (blue)');
  await lab.screenshot('02-clicked-points.png');
});

test('clicks outside the plot area (canvas margins, axis labels) add nothing', async ({ lab }) => {
  const size = await lab.canvasSizes();
  const before = await lab.status();
  const [cx, cy] = await lab.toCss(0, 0);
  const outside = [
    [5, cy, 'left margin / y tick labels'],
    [size.clientWidth - 5, cy, 'right margin'],
    [cx, 5, 'top margin'],
    [cx, size.clientHeight - 5, 'bottom margin / x tick labels'],
  ];
  for (const [x, y, where] of outside) {
    await lab.clickCanvasCss(x, y);
    await lab.clickCanvasCss(x, y, 'right');
    await expect(lab.field('points'), `click in the ${where} at (${x}, ${y}) CSS px`).toHaveText(
      '0 (0 of +1, 0 of -1)'
    );
  }
  // Give a late handler the chance to misbehave, then check nothing changed at all.
  await afterFrames(lab.page);
  expect(await lab.status()).toEqual(before);
  // The same clicks inside the plot do add points (the check above is not vacuous).
  await lab.addPoint(0, 0);
  await expect(lab.field('points')).toHaveText('1 (1 of +1, 0 of -1)');
});

test('#snap rounds clicks to the 0.5 grid', async ({ lab, page }) => {
  await page.locator('#snap').check();
  await page.locator('#apply').click();
  await lab.expectNoSettingsError();
  const p = await lab.addPoint(1.2, 2.3);
  expect([p.x, p.y]).toEqual([1, 2.5]);
  const q = await lab.addPoint(-0.74, 3.76, 'right');
  expect([q.x, q.y, q.label]).toEqual([-0.5, 4, -1]);
  await expect(lab.field('notice')).toHaveText(/^Added point #2 at \(-0\.5, 4\), class -1\./);
  // Unticked again: clicks are exact.
  await page.locator('#snap').uncheck();
  await page.locator('#apply').click();
  const half = await lab.halfPixel();
  const r = await lab.addPoint(1.2, 2.3);
  expect.soft(Math.abs(r.x - 1.2), `(${r.x}, ${r.y})`).toBeLessThanOrEqual(half);
  expect.soft(Math.abs(r.y - 2.3), `(${r.x}, ${r.y})`).toBeLessThanOrEqual(half);
});

// Compiling the wasm as it streams in needs the server to send it as `application/wasm`; a
// course's static host that sends it as something else still gets a working lab (the loader
// compiles the bytes whole).
test('starts when the server sends the wasm with another content type', async ({ page }) => {
  const problems = watchProblems(page);
  let served = null;
  await page.route(/perceptron-lab_bg\.wasm$/, async (route) => {
    const response = await route.fetch();
    served = 'application/octet-stream';
    await route.fulfill({ response, headers: { ...response.headers(), 'content-type': served } });
  });
  const lab = await openLab(page, problems);
  expect(served, 'the wasm went through the route').toBe('application/octet-stream');
  await lab.canvas.click({ position: { x: 200, y: 150 } });
  await expect(lab.field('points')).toHaveText(/^1 \(/);
  expect(problems, 'console errors, page errors, failed requests').toEqual([]);
});
