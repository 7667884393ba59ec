// Pointer input on the plot: mouse drag / select / Delete / right-click, the reach around a point
// (10 CSS px for a mouse, 20 for touch), touch taps and long-presses, touch and pen input, and
// that edits keep the weights and step count and are undone by ←.
//
// Touch and pen presses that last (long-press, touch drags) are sent with the DevTools protocol
// (Input.dispatchTouchEvent / Input.dispatchMouseEvent with pointerType "pen") through
// Playwright's CDP session: page.touchscreen only has tap(). These are real input events, so the
// page sees trusted pointer events with pointerType "touch" / "pen", as from a device.
'use strict';

const {
  test,
  expect,
  parseVector,
  isPositiveColour,
  isNegativeColour,
} = require('./helpers');

const NUM = '(-?\\d+(?:\\.\\d+)?)';
const MOVED = new RegExp(`^Moved point #(\\d+) to \\(${NUM}, ${NUM}\\)\\.`);
const KEEP = ' The weights and the step count stay: training continues on the changed data.';
const isClassColour = (c) => isPositiveColour(c) || isNegativeColour(c);
/** Background, shading or a grid line: no channel dark. */
const isPale = (c) => c.every((v) => v > 150);

async function cdp(page) {
  return page.context().newCDPSession(page);
}

/** A touch held still at (x, y) (page px) for `ms`, then lifted. */
async function touchHold(page, x, y, ms) {
  const session = await cdp(page);
  try {
    await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await page.waitForTimeout(ms); // a long-press is a matter of time: nothing to wait on instead
    await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await session.detach();
  }
}

/** A touch from `from` to `to` (page px) in `steps` moves. */
async function touchDrag(page, from, to, steps = 12) {
  const session = await cdp(page);
  try {
    await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from[0], y: from[1] }] });
    for (let i = 1; i <= steps; i++) {
      const t = i / steps;
      await session.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: from[0] + t * (to[0] - from[0]), y: from[1] + t * (to[1] - from[1]) }],
      });
    }
    await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await session.detach();
  }
}

/** A pen pressed at (x, y) for `ms`, then lifted. */
async function penHold(page, x, y, ms) {
  const session = await cdp(page);
  const event = (type) => ({ type, x, y, button: 'left', buttons: type === 'mousePressed' ? 1 : 0, clickCount: 1, pointerType: 'pen' });
  try {
    await session.send('Input.dispatchMouseEvent', event('mousePressed'));
    await page.waitForTimeout(ms);
    await session.send('Input.dispatchMouseEvent', event('mouseReleased'));
  } finally {
    await session.detach();
  }
}

/** Mouse drag from data point `from` to data point `to`, in small moves. */
async function mouseDrag(lab, from, to, steps = 12) {
  const [ax, ay] = await lab.pageXY(...from);
  await lab.page.mouse.move(ax, ay);
  await lab.page.mouse.down();
  const [bx, by] = await lab.pageXY(...to);
  await lab.page.mouse.move(bx, by, { steps });
  await lab.page.mouse.up();
}

/** The point the "Moved point" notice reports. */
async function moved(lab) {
  await expect(lab.field('notice')).toHaveText(MOVED);
  const m = MOVED.exec(await lab.text('notice'));
  return { index: Number(m[1]), x: Number(m[2]), y: Number(m[3]) };
}

test('drag moves a point: notice, plot, weights and step kept, ← undoes and → redoes the move', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  const half = await lab.halfPixel();

  // Before any step: the notice has no "weights stay" sentence.
  await mouseDrag(lab, [1, 1], [1, -2]);
  const first = await moved(lab);
  expect(first.index).toBe(1);
  expect(Math.abs(first.x - 1) <= half && Math.abs(first.y + 2) <= half, `moved to (${first.x}, ${first.y})`).toBe(true);
  await expect(lab.field('notice')).toHaveText(`Moved point #1 to (${first.x}, ${first.y}).`);
  await lab.expectColourAt(1, -2, isNegativeColour, 'the dragged -1 point at its new place');
  await lab.loadPreset('seed000');

  // After two steps (w = [0, 3, 2]): drag point #4 (3, 4) to (-3, 3.5).
  await lab.clickStep(2);
  await expect(lab.field('step')).toHaveText('2');
  await expect(lab.field('weights')).toHaveText('[0, 3, 2]');
  await lab.expectColourAt(3, 4, isPositiveColour, 'point #4 before the drag');
  const before = await lab.status();
  await mouseDrag(lab, [3, 4], [-3, 3.5]);
  const m = await moved(lab);
  expect(m.index, 'the point dragged is #4').toBe(4);
  expect(Math.abs(m.x + 3), `dropped at x = ${m.x}`).toBeLessThanOrEqual(half);
  expect(Math.abs(m.y - 3.5), `dropped at y = ${m.y}`).toBeLessThanOrEqual(half);
  await expect(lab.field('notice')).toHaveText(`Moved point #4 to (${m.x}, ${m.y}).${KEEP}`);
  const after = await lab.status();
  // (sample / score / outcome may go blank: the last step's description is of the old data.)
  for (const f of ['step', 'epoch', 'weights', 'bias', 'updates', 'points']) {
    expect(after[f], `${f} after the drag`).toBe(before[f]);
  }
  await lab.expectColourAt(-3, 3.5, isPositiveColour, 'the dragged +1 point at its new place');
  await lab.expectColourAt(3, 4, (c) => isPale(c) && !isClassColour(c), 'the old place is background');

  // ← undoes the move (the point returns, the step stays), → redoes it.
  await lab.key('ArrowLeft');
  await expect(lab.field('notice')).toContainText('Moved point #4');
  await expect(lab.field('step'), '← first undoes the edit, not a step').toHaveText('2');
  await expect(lab.field('weights')).toHaveText('[0, 3, 2]');
  await lab.expectColourAt(3, 4, isPositiveColour, 'after ←, point #4 is back');
  await lab.expectColourAt(-3, 3.5, (c) => !isClassColour(c), 'after ←, the new place is empty');
  await lab.key('ArrowRight');
  await expect(lab.field('step'), '→ redoes the edit, no step').toHaveText('2');
  await lab.expectColourAt(-3, 3.5, isPositiveColour, 'after →, point #4 is moved again');
  await lab.expectColourAt(3, 4, (c) => !isClassColour(c), 'after →, the old place is empty');

  // Training continues on the changed data: steps 3 and 4 visit #3 and the moved #4.
  await lab.key('ArrowRight');
  await expect(lab.field('step')).toHaveText('3');
  await expect(lab.field('sample')).toHaveText('#3 (2, 4), y = +1');
  await lab.key('ArrowRight');
  await expect(lab.field('step')).toHaveText('4');
  await expect(lab.field('sample')).toHaveText(`#4 (${m.x}, ${m.y}), y = +1`);
  const score = 3 * m.x + 2 * m.y;
  expect(Number(await lab.text('score'))).toBeCloseTo(score, 6);
  expect(score, 'the moved point is now a mistake').toBeLessThan(0);
  const w = parseVector(await lab.text('weights'));
  [1, 3 + m.x, 2 + m.y].forEach((v, i) => expect(w[i], `w after step 4: ${w}`).toBeCloseTo(v, 6));

  // Going back across the steps and the edit restores the original data and weights.
  for (let i = 0; i < 3; i++) await lab.key('ArrowLeft');
  await expect(lab.field('step')).toHaveText('2');
  await expect(lab.field('weights')).toHaveText('[0, 3, 2]');
  await lab.expectColourAt(3, 4, isPositiveColour, 'after going back across the edit, #4 is back');
});

test('select with a click, remove with Delete or right-click; the reach is 10 CSS px for a mouse', async ({ lab }) => {
  await lab.loadPreset('seed000');
  await lab.clickStep(3);
  const unit = (await lab.cssPerUnit()).x;

  // Clicking 8 CSS px from #3 (2, 4) selects it (adds nothing).
  await lab.clickData(2 + 8 / unit, 4);
  await expect(lab.field('notice')).toHaveText(
    'Selected point #3 at (2, 4): drag to move it, Delete to remove it.'
  );
  await expect(lab.field('points')).toHaveText('5 (3 of +1, 2 of -1)');
  await lab.key('Delete');
  await expect(lab.field('notice')).toHaveText(`Removed point #3 at (2, 4).${KEEP}`);
  await expect(lab.field('points')).toHaveText('4 (2 of +1, 2 of -1)');
  await expect(lab.field('step')).toHaveText('3');
  await expect(lab.field('weights')).toHaveText('[0, 3, 2]');
  await lab.expectColourAt(2, 4, (c) => !isClassColour(c), 'the removed point is gone');

  // Clicking 14 CSS px from (1, 1) is empty space for a mouse: a new point.
  const far = await lab.addPoint(1, 1 - 14 / unit);
  expect(far.label).toBe(1);
  await expect(lab.field('points')).toHaveText('5 (3 of +1, 2 of -1)');

  // Right-click on #1 (1, 1) removes it.
  await lab.clickData(1, 1, 'right');
  await expect(lab.field('notice')).toHaveText(/^Removed point #1 at \(1, 1\)\./);
  await expect(lab.field('points')).toHaveText('4 (3 of +1, 1 of -1)');
  await expect(lab.field('step')).toHaveText('3');

  // ← undoes the right-click removal, then the click-add, then the Delete.
  await lab.key('ArrowLeft');
  await expect(lab.field('points')).toHaveText('5 (3 of +1, 2 of -1)');
  await lab.key('ArrowLeft');
  await expect(lab.field('points')).toHaveText('4 (2 of +1, 2 of -1)');
  await lab.key('ArrowLeft');
  await expect(lab.field('points')).toHaveText('5 (3 of +1, 2 of -1)');
  await expect(lab.field('step')).toHaveText('3');
  await lab.expectColourAt(2, 4, isPositiveColour, 'the deleted point is back after ←');
});

test('after an edit the "This step" panel does not say that no step was taken', async ({ lab }) => {
  await lab.loadPreset('seed000');
  await lab.clickStep(2);
  await expect(lab.anyField('explain-title')).toHaveText('Step 2: sample #2 (3, 2), y = +1');
  await lab.addPoint(-4, -4);
  await expect(lab.field('step')).toHaveText('2');
  // Whatever the panel shows after the data changed, "No step yet: press Step (→) to visit the
  // first sample." is wrong at step 2 (and the status line says Step 2).
  // (Fails with the page as of this writing: the panel falls back to the step-0 text after any
  // edit, and after ←/→ across the edit.)
  await expect(lab.anyField('explain-title')).not.toHaveText(/^No step yet/, { timeout: 3_000 });
});

test.describe('touch and pen', () => {
  test.use({ hasTouch: true });

  test('a tap adds a point where tapped; a tap near a point selects it; a long-press removes it', async ({ lab, page }) => {
    await expect(lab.field('points')).toHaveText('0 (0 of +1, 0 of -1)');
    const half = await lab.halfPixel();
    const unit = (await lab.cssPerUnit()).x;

    const [x, y] = await lab.pageXY(1.5, -2);
    await page.touchscreen.tap(x, y);
    await expect(lab.field('points')).toHaveText('1 (1 of +1, 0 of -1)');
    const notice = await lab.text('notice');
    const m = /^Added point #1 at \((-?[\d.]+), (-?[\d.]+)\), class \+1\.$/.exec(notice);
    expect(m, `notice after the tap: ${notice}`).not.toBeNull();
    expect(Math.abs(Number(m[1]) - 1.5), `tapped (1.5, -2), got (${m[1]}, ${m[2]})`).toBeLessThanOrEqual(half);
    expect(Math.abs(Number(m[2]) + 2), `tapped (1.5, -2), got (${m[1]}, ${m[2]})`).toBeLessThanOrEqual(half);
    await lab.expectColourAt(1.5, -2, isPositiveColour, 'the tapped point');

    // A second tap 15 CSS px away is within a finger's reach (20 px): it selects, adds nothing.
    const [nx, ny] = await lab.pageXY(1.5 + 15 / unit, -2);
    await page.touchscreen.tap(nx, ny);
    await expect(lab.field('notice')).toHaveText(/^Selected point #1 at /);
    await expect(lab.field('points')).toHaveText('1 (1 of +1, 0 of -1)');

    // Long-press (700 ms, held still) 5 px off the point removes it.
    await touchHold(page, x + 3, y + 4, 700);
    await expect(lab.field('notice')).toHaveText(/^Removed point #1 at \(/);
    await expect(lab.field('points')).toHaveText('0 (0 of +1, 0 of -1)');
    await lab.expectColourAt(1.5, -2, (c) => !isClassColour(c), 'the long-pressed point is gone');

    // A short press (150 ms) on a point is not a long-press: the point stays.
    await page.touchscreen.tap(x, y);
    await expect(lab.field('points')).toHaveText('1 (1 of +1, 0 of -1)');
    await touchHold(page, x, y, 150);
    await lab.settle();
    await expect(lab.field('points'), 'a 150 ms press removes nothing').toHaveText('1 (1 of +1, 0 of -1)');
    await expect(lab.field('notice')).toHaveText(/^Selected point #1 at /);
  });

  test('a touch drag moves a point; a pen long-press removes one', async ({ lab, page }) => {
    await lab.loadPreset('seed000');
    await lab.clickStep(2);
    const from = await lab.pageXY(3, 2);
    const to = await lab.pageXY(4, -2);
    await touchDrag(page, [from[0] + 6, from[1] - 5], [to[0] + 6, to[1] - 5]);
    const m = await moved(lab);
    expect(m.index).toBe(2);
    await expect(lab.field('notice')).toHaveText(new RegExp(`${KEEP.replace(/[.]/g, '\\.')}$`));
    await expect(lab.field('step')).toHaveText('2');
    await expect(lab.field('weights')).toHaveText('[0, 3, 2]');
    await expect(lab.field('points')).toHaveText('5 (3 of +1, 2 of -1)');
    // Wherever the grab offset puts it, the point is near (4, -2) and gone from (3, 2).
    expect(Math.hypot(m.x - 4, m.y + 2), `touch-dragged to (${m.x}, ${m.y})`).toBeLessThan(0.3);
    await lab.expectColourAt(m.x, m.y, isPositiveColour, 'the touch-dragged point');

    // Pen: long-press on #5 (2, 3) removes it.
    const [px, py] = await lab.pageXY(2, 3);
    await penHold(page, px, py, 700);
    await expect(lab.field('notice')).toHaveText(/^Removed point #5 at \(2, 3\)\./);
    await expect(lab.field('points')).toHaveText('4 (3 of +1, 1 of -1)');
    await expect(lab.field('step')).toHaveText('2');
    // A quick pen tap on empty space adds a point.
    const [ex, ey] = await lab.pageXY(-2, -3);
    await penHold(page, ex, ey, 50);
    await expect(lab.field('notice')).toHaveText(/^Added point #5 at \(/);
    await expect(lab.field('points')).toHaveText('5 (4 of +1, 1 of -1)');
  });
});
