// The plot by keyboard alone (issue #11): Tab reaches the plot, a crosshair cursor appears and is
// announced in the plot's live region, the arrows move it, Enter / Shift+Enter add points,
// Space picks a point up, the arrows carry it and Space drops it (Escape puts it back), Delete
// removes a point; PageDown/PageUp still step while ← and → move the cursor; training runs to
// convergence from the keyboard and the result is read from the accessibility tree. No mouse
// is used in the first test. Then: axe on the focused plot, and screenshots of the cursor in
// the light, dark and presenter themes (tests/e2e/screenshots/cursor-*.png).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const AxeBuilder = require('@axe-core/playwright').default;
const { test, expect } = require('./helpers');
const { SCREENSHOT_DIR } = require('./env');

/** The plot's own live region: what the cursor says. */
const cursorStatus = (page) => page.locator('[data-role="cursor-status"]');
/** `text` as the cursor's live region says it: negative numbers and class −1 with the minus sign. */
const minus = (text) => text.replace(/(?<![\w.])-(?=[\d.])/g, '\u2212');
const notice = (page) => page.locator('#status [data-field="notice"]');

/** Presses Tab until `selector` has focus (at most `limit` times); fails if it never does. */
async function tabTo(page, selector, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((s) => document.activeElement === document.querySelector(s), selector)) return i;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${selector} never took focus after ${limit} presses of Tab`);
}

/**
 * Moves the cursor from `from` to `to` with the arrow keys, one grid step (0.5) per press, and
 * waits until the plot's live region says it is there (`cursor at (x, y)`, or `carrying … at
 * (x, y)` while a point is carried).
 */
async function moveCursor(page, from, to) {
  const GRID = 0.5;
  const steps = (a, b) => Math.round((b - a) / GRID);
  const dx = steps(from[0], to[0]);
  const dy = steps(from[1], to[1]);
  for (let i = 0; i < Math.abs(dx); i++) await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(dy); i++) await page.keyboard.press(dy > 0 ? 'ArrowUp' : 'ArrowDown');
  await expect(cursorStatus(page)).toContainText(minus(`at (${to[0]}, ${to[1]})`));
  return to;
}

test('keyboard only: Tab to the plot, six points, move one, delete one, train to convergence', async ({ lab, page }) => {
  const plot = page.locator('#plot');
  await expect(plot).toHaveAttribute('role', 'application');
  await expect(plot).toHaveAccessibleName(/^Plot: data points/);
  await expect(cursorStatus(page)).toHaveText('');

  // Tab from the top of the page reaches the plot; the cursor is announced at the centre.
  await tabTo(page, '#plot');
  await expect(cursorStatus(page)).toHaveText(
    'cursor at (0, 0); no points yet. Arrow keys move it by 0.5, Shift+arrows by 0.1; Enter adds a '
    + 'point of class +1, Shift+Enter of class \u22121; Space picks up the point under it, Delete removes it'
  );

  // → moves the cursor while the plot has focus: it does not step.
  let at = [0, 0];
  at = await moveCursor(page, at, [0.5, 0]);
  await expect(lab.field('step')).toHaveText('0');
  // Shift+arrows: a fine step.
  await page.keyboard.press('Shift+ArrowUp');
  await expect(cursorStatus(page)).toHaveText('cursor at (0.5, 0.1); no points yet');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(cursorStatus(page)).toHaveText('cursor at (0.5, 0); no points yet');

  // Six points: three of +1 with Enter, three of −1 with Shift+Enter.
  const positive = [[1, 1], [1.5, 2], [2, 0.5]];
  const negative = [[-1, -1], [-1.5, -2], [-2, -0.5]];
  let n = 0;
  for (const [points, key, label] of [[positive, 'Enter', '+1'], [negative, 'Shift+Enter', '-1']]) {
    for (const p of points) {
      at = await moveCursor(page, at, p);
      await page.keyboard.press(key);
      n += 1;
      await expect(notice(page)).toHaveText(`Added point #${n} at (${p[0]}, ${p[1]}), class ${label}.`);
      await expect(cursorStatus(page)).toHaveText(minus(`cursor at (${p[0]}, ${p[1]}); on point #${n}, class ${label}`));
    }
  }
  await expect(lab.field('points')).toHaveText('6 (3 of +1, 3 of -1)');
  // Away from the points the live region names the nearest one and how far it is.
  at = await moveCursor(page, at, [0, 0]);
  await expect(cursorStatus(page)).toHaveText('cursor at (0, 0); nearest point: #1 at (1, 1), class +1, 1.41 away');

  // PageDown / PageUp (clickers) still step and step back while the plot has focus.
  await page.keyboard.press('PageDown');
  await expect(lab.field('step')).toHaveText('1');
  await page.keyboard.press('PageUp');
  await expect(lab.field('step')).toHaveText('0');
  await expect(plot).toBeFocused();

  // Move point #3 from (2, 0.5) to (2, 1.5): Space, ↑ ↑, Space.
  at = await moveCursor(page, at, [2, 0.5]);
  await page.keyboard.press('Space');
  await expect(notice(page)).toHaveText(
    'Picked up point #3 at (2, 0.5), class +1: the arrow keys move it, Space drops it, Escape puts it back.'
  );
  await expect(cursorStatus(page)).toHaveText('carrying point #3, class +1, at (2, 0.5)');
  at = await moveCursor(page, at, [2, 1.5]);
  await expect(cursorStatus(page)).toHaveText('carrying point #3, class +1, at (2, 1.5)');
  await page.keyboard.press('Space');
  await expect(notice(page)).toHaveText('Moved point #3 to (2, 1.5).');
  await expect(cursorStatus(page)).toHaveText('cursor at (2, 1.5); on point #3, class +1');

  // Escape puts a carried point back where it was.
  at = await moveCursor(page, at, [1, 1]);
  await page.keyboard.press('Space');
  await expect(cursorStatus(page)).toHaveText('carrying point #1, class +1, at (1, 1)');
  at = await moveCursor(page, at, [3, 3]);
  await page.keyboard.press('Escape');
  await expect(notice(page)).toHaveText('Put point #1 back at (1, 1).');
  at = [1, 1];
  await expect(cursorStatus(page)).toHaveText('cursor at (1, 1); on point #1, class +1');

  // Delete removes the point under the cursor: #6 at (−2, −0.5).
  at = await moveCursor(page, at, [-2, -0.5]);
  await page.keyboard.press('Delete');
  await expect(notice(page)).toHaveText('Removed point #6 at (-2, -0.5).');
  await expect(lab.field('points')).toHaveText('5 (3 of +1, 2 of -1)');
  // The points as "Save points" writes them (Enter on the button).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('#export-points').press('Enter'),
  ]);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv.trim().split('\n').slice(1)).toEqual(['1,1,+1', '1.5,2,+1', '2,1.5,+1', '-1,-1,-1', '-1.5,-2,-1']);
  // Back to the plot (Shift+Tab until it has focus), where the cursor was.
  for (let i = 0; i < 200 && !(await plot.evaluate((p) => document.activeElement === p)); i++) {
    await page.keyboard.press('Shift+Tab');
  }
  await expect(plot).toBeFocused();
  await expect(cursorStatus(page)).toContainText(minus('cursor at (-2, -0.5); nearest point: #4 at (-1, -1), class -1, 1.12 away. Arrow keys'));

  // The help overlay (?) says which keys work on the focused plot; Escape gives focus back.
  await page.keyboard.press('?');
  const help = page.locator('#help');
  await expect(help).toBeVisible();
  await expect(help).toContainText('on the focused plot: move the cursor one grid step');
  await expect(help).toContainText('on the focused plot only PageDown steps');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await expect(plot).toBeFocused();

  // Tab moves on: the cursor hides. Tab on to "Run to convergence" and press Enter.
  await tabTo(page, '#run');
  await expect(cursorStatus(page)).toHaveText('');
  await page.keyboard.press('Enter');
  // The result, read from the accessibility tree.
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status).toContainText('Verdict: converged');
  const snapshot = await status.ariaSnapshot();
  expect(snapshot).toMatch(/converged \(epoch \d+ was clean\)/);
  expect(snapshot).toMatch(/status: "Verdict: converged after \d+ epochs \(\d+ steps, \d+ updates\)\."/);
  expect(snapshot).toContain('5 (3 of +1, 2 of -1)');
  await expect(lab.field('accuracy')).toHaveText('100% (5 of 5)');
});

test('axe finds nothing on the focused plot with its cursor, or while it carries a point, light and dark', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  await page.locator('#plot').focus();
  await expect(cursorStatus(page)).toContainText('cursor at (0, 0)');
  const axe = async () => {
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(' ')})`);
  };
  expect(await axe()).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(cursorStatus(page)).toContainText('cursor at (0, 0); on point');
  await page.keyboard.press('Space');
  await expect(cursorStatus(page)).toContainText('carrying point');
  await page.keyboard.press('ArrowUp');
  await expect(cursorStatus(page)).toContainText('carrying point');
  expect(await axe()).toEqual([]);
  // The dark scheme and presenter mode, the plot still focused.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => document.getElementById('presenter').click());
  await expect(page.locator('#presenter')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#plot')).toBeFocused();
  expect(await axe()).toEqual([]);
});

test('screenshots of the cursor in the light, dark and presenter themes (carrying a point)', async ({ lab, page }) => {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const shot = (name) => page.locator('.plot-frame').screenshot({ path: path.join(SCREENSHOT_DIR, name) });
  await lab.loadPreset('seed000');
  const plot = page.locator('#plot');
  await plot.focus();
  await expect(cursorStatus(page)).toContainText('cursor at (0, 0)');
  // Among the points: (1.5, 1.5), between (1, 1) and (2, 3).
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp', 'ArrowUp']) {
    await page.keyboard.press(key);
  }
  await expect(cursorStatus(page)).toContainText('cursor at (1.5, 1.5)');
  await lab.settle();
  await shot('cursor-light.png');

  await page.emulateMedia({ colorScheme: 'dark' });
  await lab.settle();
  await lab.settle();
  await shot('cursor-dark.png');
  await page.emulateMedia({ colorScheme: 'light' });

  // Presenter mode by its button (Enter on it), then back to the plot and carry a point.
  await page.locator('#presenter').press('Enter');
  await expect(page.locator('#presenter')).toHaveAttribute('aria-pressed', 'true');
  await plot.focus();
  await expect(cursorStatus(page)).toContainText('cursor at (1.5, 1.5)');
  // Onto the point (1, 1), pick it up and carry it one step left.
  for (const key of ['ArrowDown', 'ArrowLeft', 'Space', 'ArrowLeft']) await page.keyboard.press(key);
  await expect(cursorStatus(page)).toHaveText(minus('carrying point #1, class -1, at (0.5, 1)'));
  await lab.settle();
  await shot('cursor-presenter.png');
  // A close-up of the carried point, to look at the crosshair's edges.
  const [cx, cy] = await lab.toCss(0.5, 1);
  const box = await lab.box();
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, 'cursor-presenter-close-up.png'),
    clip: { x: box.x + cx - 90, y: box.y + cy - 70, width: 180, height: 140 },
  });
});

test('course page: the compact lab\'s plot takes focus and its cursor works the same; a click still lets → step', async ({ page }) => {
  await page.goto('/course.html');
  await page.waitForFunction(() => window.PerceptronLab && window.PerceptronLab.ready, null, { timeout: 20_000 });
  await page.evaluate(() => window.PerceptronLab.ready);
  const lab = page.locator('#lab-seed000');
  const plot = lab.locator('canvas.plab-plot');
  await expect(plot).toBeVisible({ timeout: 20_000 });
  const status = lab.locator('[data-role="cursor-status"]');
  const field = (name) => lab.locator(`[data-field="${name}"]`);
  await expect(plot).toHaveAttribute('role', 'application');
  // The plot panel's one markup: the same name as on the full page.
  await expect(plot).toHaveAccessibleName(/^Plot: data points/);

  // Seed 000's points: (1, 1) is #1, of class -1.
  await tabTo(page, '#lab-seed000 canvas');
  await expect(status).toContainText(minus('cursor at (0, 0); nearest point: #1 at (1, 1), class -1'));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(status).toHaveText(minus('cursor at (1, 1); on point #1, class -1'));
  await expect(field('step'), '→ moved the cursor, it did not step').toHaveText('0');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Space');
  await expect(field('notice')).toHaveText('Moved point #1 to (0.5, 1).');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+Enter');
  await expect(field('notice')).toHaveText('Added point #6 at (0.5, 0.5), class -1.');
  // PageDown still steps on the focused plot.
  await page.keyboard.press('PageDown');
  await expect(field('step')).toHaveText('1');
  // Axe on the course page with the compact lab's plot focused.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .include('#lab-seed000')
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(' ')})`)).toEqual([]);

  // Tab moves on: the cursor hides. A click on the plot then gives the lab focus, not the
  // plot, so → steps.
  await page.keyboard.press('Tab');
  await expect(status).toHaveText('');
  const box = await plot.boundingBox();
  // (Right of the middle: the top right corner holds the zoom buttons.)
  await page.mouse.click(box.x + box.width - 30, box.y + box.height / 2 - 40);
  await expect(lab.locator('.plab')).toBeFocused();
  await expect(status).toHaveText('');
  await page.keyboard.press('ArrowRight');
  await expect(field('step')).toHaveText('2');
});
