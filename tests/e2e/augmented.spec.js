// The augmented (3-D) view: opened by keyboard, it follows Step, Back and Run; it turns and
// tilts by keys (which then do not step), by its buttons and by dragging, and says so in its
// live region; the sign flip puts a converged run's points on the positive side; it saves as
// SVG; multiclass models get a note instead; axe-core finds nothing; screenshots in the light,
// dark and presenter themes.
'use strict';

const path = require('node:path');
const { test, expect } = require('./helpers');
const { SCREENSHOT_DIR } = require('./env');
const AxeBuilder = require('@axe-core/playwright').default;

const panel = (page) => page.locator('[data-panel="augmented"]');
const plot = (page) => page.locator('[data-panel="augmented"] canvas');
const description = (page) => page.locator('[data-panel="augmented"] [data-part="description"]');
const spoken = (page) => page.locator('[data-panel="augmented"] [data-part="status"]');

/** Opens the panel from the keyboard (focus its summary, Enter) and waits until it is drawn. */
async function openPanel(page) {
  await panel(page).locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(panel(page)).toHaveAttribute('open', '');
  await expect(plot(page)).toBeVisible();
  await expect(description(page)).not.toHaveText('');
}

async function shot(page, name) {
  await panel(page).screenshot({ path: path.join(SCREENSHOT_DIR, name), animations: 'disabled' });
}

async function axe(page) {
  const results = await new AxeBuilder({ page }).include('[data-panel="augmented"]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(' ')})`)).toEqual([]);
}

test('it follows Step and Back, turns by keys without stepping, by buttons and by dragging', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  await openPanel(page);
  await expect(description(page)).toContainText('the 5 points lifted to (1, x1, x2) on the plane x0 = 1');
  await expect(description(page)).toContainText('w = [-1, 0, 0]');
  const before = await plot(page).screenshot();

  // Step 2 of seed 000's table is the update +[1, 3, 2]: w = [0, 3, 2].
  await page.locator('#step').click();
  await page.locator('#step').click();
  await expect(lab.field('step')).toHaveText('2');
  await expect(description(page)).toContainText('w = [0, 3, 2] is normal to the plane w·z = 0');
  await expect(description(page)).toContainText('along the boundary 3·x1 + 2·x2 = 0.');
  await expect(description(page)).toContainText('Δw = [1, 3, 2] tip to tail');
  const after = await plot(page).screenshot();
  expect(after.equals(before), 'the view was drawn again after the update').toBe(false);
  await shot(page, 'augmented-seed000-update-light.png');

  // Back to step 1 (a correct visit): the old weights, no update drawn.
  await page.locator('#back').click();
  await expect(lab.field('step')).toHaveText('1');
  await expect(description(page)).toContainText('w = [-1, 0, 0]');
  await expect(description(page)).not.toContainText('Δw');

  // Keyboard on the focused view: arrows turn and tilt it and are announced; they do not step.
  await plot(page).focus();
  await expect(plot(page)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(spoken(page)).toHaveText('View turned 49°, tilted 20°.');
  await page.keyboard.press('ArrowUp');
  await expect(spoken(page)).toHaveText('View turned 49°, tilted 35°.');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(spoken(page)).toHaveText('View turned 19°, tilted 35°.');
  await page.keyboard.press('Home');
  await expect(spoken(page)).toHaveText('View turned 34°, tilted 20°.');
  await expect(lab.field('step'), 'arrow keys on the 3-D view do not step').toHaveText('1');
  // Elsewhere → still steps.
  await page.locator('[data-panel="augmented"] [data-panel-act="reset-view"]').focus();
  await page.keyboard.press('ArrowRight');
  await expect(lab.field('step')).toHaveText('2');

  // The buttons (mouse or touch), each a usable target.
  for (const name of ['left', 'right', 'up', 'down']) {
    const box = await page.locator(`[data-panel="augmented"] [data-panel-act="turn-${name}"]`).boundingBox();
    expect(box.height, `the ${name} button is at least 24 px high`).toBeGreaterThanOrEqual(24);
    expect(box.width).toBeGreaterThanOrEqual(24);
  }
  await page.locator('[data-panel="augmented"] [data-panel-act="turn-down"]').click();
  await expect(spoken(page)).toHaveText('View turned 34°, tilted 5°.');
  await page.locator('[data-panel="augmented"] [data-panel-act="reset-view"]').click();
  await expect(spoken(page)).toHaveText('View turned 34°, tilted 20°.');

  // Dragging with the mouse: 100 CSS px to the right turns it by 1 radian (57°).
  const box = await plot(page).boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 50, cy, { steps: 5 });
  await page.mouse.move(cx + 100, cy, { steps: 5 });
  await page.mouse.up();
  await expect(spoken(page)).toHaveText('View turned 92°, tilted 20°.');
  await expect(lab.field('points'), 'dragging the 3-D view adds no point').toHaveText(/^5 /);
  await expect(lab.field('step')).toHaveText('2');
  await axe(page);
});

test('the sign flip: announced, and a converged run has every point on the positive side; SVG export', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  await openPanel(page);
  await page.locator('#step').click();
  await expect(lab.field('step')).toHaveText('1');
  // Keyboard: Space on the checkbox.
  await page.locator('[data-panel="augmented"] [data-panel-act="flip"]').focus();
  await page.keyboard.press('Space');
  await expect(page.locator('[data-panel="augmented"] [data-panel-act="flip"]')).toBeChecked();
  // w = [-1, 0, 0] scores −1 everywhere: the 2 points of class −1 are right, the 3 of +1 wrong.
  await expect(spoken(page)).toHaveText('Sign flip on: class −1 drawn as −z. 2 of 5 points are on the positive side of the plane.');
  await expect(description(page)).toContainText('the 2 points of class −1 are drawn as −z');
  await page.locator('#run').click();
  await expect(lab.field('state')).toHaveText(/^converged/);
  await expect(description(page)).toContainText('every point on the positive side; 5 of 5 are.');
  await shot(page, 'augmented-seed000-flip-converged-light.png');

  const { name, text } = await lab.download('[data-panel="augmented"] [data-panel-act="svg"]');
  expect(name).toBe('perceptron-augmented.svg');
  expect(text).toContain('<svg');
  expect(text).toContain('x₀');
  expect(text).toContain('class −1 drawn as −z');

  await page.locator('[data-panel="augmented"] [data-panel-act="flip"]').uncheck();
  await expect(spoken(page)).toHaveText('Sign flip off: every point drawn as z.');
  await axe(page);
});

test('without the bias the data plane passes through the origin; multiclass gets a note', async ({ lab, page }) => {
  await lab.loadPreset('seed001');
  await openPanel(page);
  await page.locator('#run').click();
  await expect(lab.field('state')).toHaveText(/^converged/);
  await expect(description(page)).toContainText('the 4 points lie on the plane x0 = 0, through the origin');
  await expect(description(page)).toContainText('w = [0, 1, -3]');
  await shot(page, 'augmented-seed001-no-bias-light.png');

  // Seed 000's other picture: the activation over the data plane (keyboard: Space on its box).
  await page.locator('[data-panel="augmented"] [data-panel-act="activation"]').focus();
  await page.keyboard.press('Space');
  await expect(spoken(page)).toHaveText('Showing the activation h(x) = w·(1, x) over the data plane.');
  await expect(description(page)).toContainText('Activation h(x) = x1 − 3·x2 drawn upwards over the data plane, for the 4 points: a plane through the origin');
  await expect(description(page)).toContainText('4 of 4 points have h of their class\'s sign.');
  await expect(page.locator('[data-panel="augmented"] [data-panel-act="flip"]'), 'the flip is for the augmented vectors').toBeDisabled();
  await shot(page, 'augmented-seed001-activation-light.png');
  await axe(page);
  await page.locator('[data-panel="augmented"] [data-panel-act="activation"]').uncheck();
  await expect(spoken(page)).toHaveText('Showing the augmented vectors z = (1, x1, x2) and the plane w·z = 0.');
  await expect(page.locator('[data-panel="augmented"] [data-panel-act="flip"]')).toBeEnabled();

  await lab.chooseAlgorithm('multiclass');
  await expect(plot(page)).toBeHidden();
  await expect(panel(page).locator('[data-part="note"]')).toHaveText(/binary linear rules/);
  await lab.chooseAlgorithm('averaged');
  await expect(plot(page)).toBeVisible();
  await axe(page);
});

test('it follows Play; PNG saves the view as drawn', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  await openPanel(page);
  await expect(description(page)).toContainText('w = [-1, 0, 0]');
  await page.locator('#play').click();
  // Playing at 5 steps a second: the view follows without a click. (While the run plays the
  // panel is written a few times a second, so a w that lasts a step or two may never be
  // shown: the test waits for any later w, then for the one on show once paused.)
  await expect(description(page)).not.toContainText('w = [-1, 0, 0]', { timeout: 10_000 });
  await page.locator('#play').click();
  await expect(page.locator('[data-field="play-label"]')).toHaveText('Play');
  const shown = await lab.field('weights').textContent();
  await expect(description(page)).toContainText(`w = ${shown}`);
  const [dl] = await Promise.all([page.waitForEvent('download'), page.locator('[data-panel="augmented"] [data-panel-act="png"]').click()]);
  expect(dl.suggestedFilename()).toBe('perceptron-augmented.png');
  const bytes = require('node:fs').readFileSync(await dl.path());
  expect(bytes.subarray(1, 4).toString('latin1'), 'a PNG file').toBe('PNG');
});

test.describe('touch', () => {
  test.use({ hasTouch: true });
  test('a tap on a button turns the view; a touch drag tilts it', async ({ lab, page }) => {
    await lab.loadPreset('seed000');
    await openPanel(page);
    await page.locator('[data-panel="augmented"] [data-panel-act="turn-right"]').tap();
    await expect(spoken(page)).toHaveText('View turned 49°, tilted 20°.');
    const box = await plot(page).boundingBox();
    const from = [box.x + box.width / 2, box.y + box.height / 3];
    const session = await page.context().newCDPSession(page);
    try {
      await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from[0], y: from[1] }] });
      for (let i = 1; i <= 8; i++) {
        await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from[0], y: from[1] + i * 10 }] });
      }
      await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    } finally {
      await session.detach();
    }
    // 80 CSS px down tilts it by 0.8 radians: 20° + 46°.
    await expect(spoken(page)).toHaveText('View turned 49°, tilted 66°.');
    await expect(lab.field('points'), 'a touch on the 3-D view adds no point').toHaveText(/^5 /);
  });
});

test.describe('dark theme', () => {
  test.use({ colorScheme: 'dark' });
  test('the view in the dark and presenter themes', async ({ lab, page }) => {
    await lab.loadPreset('seed000');
    await openPanel(page);
    await page.locator('#step').click();
    await page.locator('#step').click();
    await expect(description(page)).toContainText('Δw = [1, 3, 2]');
    await shot(page, 'augmented-seed000-update-dark.png');
    await axe(page);
    await page.locator('#presenter').click();
    await expect(page.locator('body')).toHaveClass(/\bpresenter\b/);
    await page.locator('[data-panel="augmented"] [data-panel-act="flip"]').check();
    await expect(spoken(page)).toHaveText(/^Sign flip on/);
    await lab.settle();
    await shot(page, 'augmented-seed000-flip-presenter-dark.png');
    await axe(page);
  });
});

test('presenter mode in the light theme', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  await page.locator('#presenter').click();
  await expect(page.locator('body')).toHaveClass(/\bpresenter\b/);
  await openPanel(page);
  await page.locator('#step').click();
  await page.locator('#step').click();
  await expect(description(page)).toContainText('Δw = [1, 3, 2]');
  await lab.settle();
  await shot(page, 'augmented-seed000-update-presenter-light.png');
  await axe(page);
});
