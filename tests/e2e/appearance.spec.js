// How the lecture looks: the mistake step's arrows, presenter mode, dark mode, reduced motion,
// the help overlay, the max-margin band, text contrast, and Play at "max" speed. Saves the
// screenshots lecture-*.png in tests/e2e/screenshots/ for a person to look at.
'use strict';

const path = require('node:path');
const { test, expect, pixel, isPositiveColour, isNegativeColour } = require('./helpers');
const { SCREENSHOT_DIR } = require('./env');

/** Colour tests for the step-5 picture (light scheme). */
const isGreen = ([r, g, b]) => g > 100 && g - r > 60 && g - b > 20;
const isGreyArrow = ([r, g, b]) => r > 90 && r < 200 && Math.abs(r - g) < 20 && Math.abs(g - b) < 20;
const isOrangeArrow = ([r, g, b]) => r > 150 && r - b > 100 && g < r;

/** Seed 000 after step 5 (the second mistake): the state every screenshot here shows. */
async function mistakeStep(lab) {
  await lab.loadPreset('seed000');
  for (let i = 0; i < 5; i++) await lab.key('ArrowRight');
  await expect(lab.field('step')).toHaveText('5');
  await expect(lab.field('weights')).toHaveText('[-1, 1, -1]');
  await expect(lab.anyField('explain-update')).toHaveText('-[1, 2, 3] → w = [-1, 1, -1]');
  await lab.settle();
}

/** Any pixel within `r` CSS px of data point (x, y) passes `test`. */
async function somewhereNear(lab, image, x, y, test, r = 2) {
  const [cx, cy] = await lab.toCss(x, y);
  const scale = image.width / (await lab.box()).width;
  for (let dy = -r; dy <= r; dy += 0.5) {
    for (let dx = -r; dx <= r; dx += 0.5) {
      if (test(pixel(image, (cx + dx) * scale, (cy + dy) * scale))) return true;
    }
  }
  return false;
}

/**
 * Thickness (device px, measured vertically) of the dark boundary line y = x - 1 at x = x0:
 * the longest run of dark pixels in that column within 12 CSS px of the line.
 */
async function boundaryRun(lab, image, x0) {
  const [cx, cy] = await lab.toCss(x0, x0 - 1);
  const scale = image.width / (await lab.box()).width;
  const dark = ([r, g, b]) => r < 110 && g < 110 && b < 110;
  let best = 0;
  let run = 0;
  for (let y = Math.round((cy - 12) * scale); y <= Math.round((cy + 12) * scale); y++) {
    run = dark(pixel(image, cx * scale, y)) ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

/** WCAG contrast ratio of the text of each element matching `selector` with what is behind it. */
async function contrasts(page, selector) {
  return page.locator(selector).evaluateAll((els) => {
    const parse = (s) => {
      const m = s.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    };
    const over = (top, bottom) => top.slice(0, 3).map((v, i) => v * top[3] + bottom[i] * (1 - top[3]));
    const lum = (c) => {
      const l = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
    };
    return els.map((el) => {
      // The background: the nearest opaque ancestor's, with translucent ones laid over it.
      const layers = [];
      let opacity = 1;
      for (let e = el; e; e = e.parentElement) {
        const cs = getComputedStyle(e);
        opacity *= Number(cs.opacity);
        const bg = parse(cs.backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      let back = [255, 255, 255];
      for (const layer of layers.reverse()) back = over(layer, back);
      const fg = parse(getComputedStyle(el).color);
      const text = over([fg[0], fg[1], fg[2], fg[3] * opacity], back);
      const [a, b] = [lum(text), lum(back)].sort((x, y) => y - x);
      return { what: `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${el.className} "${el.textContent.trim().slice(0, 30)}"`, ratio: (a + 0.05) / (b + 0.05) };
    });
  });
}

/** Main text on the page: status, explain panel, trace cells (not undone), notices, hints, help. */
const MAIN_TEXT = [
  '#status dt', '#status dd', '#status .notice', '[data-panel="explain"] dd', '[data-panel="explain"] .explain-title',
  '[data-panel="trace"] table th', '[data-panel="trace"] table tbody tr:not(.undone) td', '.hint', '.tagline', '[data-panel="theory"] dd', '[data-panel="theory"] dt',
  '[data-panel="trace"] [data-part="caption"]', '.history-note', 'button',
];

async function expectReadable(page, scheme) {
  const low = [];
  for (const sel of MAIN_TEXT) {
    for (const c of await contrasts(page, sel)) if (c.ratio < 4.5) low.push(`${sel}: ${c.what} ${c.ratio.toFixed(2)}`);
  }
  expect(low, `text with contrast below 4.5:1 (${scheme} scheme)`).toEqual([]);
}

test('mistake step: old w (grey), η·y·x (orange) tip to tail, new w (green); screenshot', async ({ lab }) => {
  await mistakeStep(lab);
  const image = await lab.plotImage();
  // Old w = (3, 2) from the origin: grey, e.g. at (1.5, 1).
  expect(await somewhereNear(lab, image, 1.5, 1, isGreyArrow), 'grey old-w arrow through (1.5, 1)').toBe(true);
  // η·y·x = -(2, 3) drawn from the tip of the old w (3, 2) to (1, -1): orange at (2, 0.5).
  expect(await somewhereNear(lab, image, 2, 0.5, isOrangeArrow), 'orange update arrow through (2, 0.5)').toBe(true);
  // New w = (1, -1): green at (0.5, -0.5).
  expect(await somewhereNear(lab, image, 0.5, -0.5, isGreen), 'green new-w arrow through (0.5, -0.5)').toBe(true);
  // The new boundary y = x - 1 (solid, dark) at x = -2.5.
  expect(await boundaryRun(lab, image, -2.5), 'the new boundary is drawn').toBeGreaterThan(0);
  // The points keep their class colours.
  expect(isNegativeColour(await lab.colourAt(image, 1, 1))).toBe(true);
  expect(isPositiveColour(await lab.colourAt(image, 2, 4))).toBe(true);
  await lab.screenshot('lecture-mistake-step.png');
});

test('presenter mode: aria-pressed, body.presenter, larger text, thicker lines; screenshot', async ({ lab, page }) => {
  await mistakeStep(lab);
  const fontSize = (sel) => page.locator(sel).first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  const before = {
    explain: await fontSize('[data-panel="explain"] dd'),
    status: await fontSize('#status dd'),
    button: await fontSize('#step'),
    line: await boundaryRun(lab, await lab.plotImage(), -2.5),
  };
  const presenter = page.locator('#presenter');
  await expect(presenter).toHaveAttribute('aria-pressed', 'false');
  await presenter.click();
  await expect(presenter).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('body')).toHaveClass(/\bpresenter\b/);
  await lab.settle();
  const after = {
    explain: await fontSize('[data-panel="explain"] dd'),
    status: await fontSize('#status dd'),
    button: await fontSize('#step'),
    line: 0,
  };
  await expect
    .poll(async () => (after.line = await boundaryRun(lab, await lab.plotImage(), -2.5)), {
      message: `the boundary is thicker in presenter mode (was ${before.line} device px)`,
    })
    .toBeGreaterThan(before.line);
  for (const k of ['explain', 'status', 'button']) {
    expect(after[k], `${k} text is larger in presenter mode (${before[k]} → ${after[k]} px)`).toBeGreaterThan(before[k]);
  }
  // Same state, still correct.
  await expect(lab.field('step')).toHaveText('5');
  await expect(lab.field('weights')).toHaveText('[-1, 1, -1]');
  const image = await lab.plotImage();
  expect(await somewhereNear(lab, image, 0.5, -0.5, isGreen), 'green new w in presenter mode').toBe(true);
  await expectReadable(page, 'light, presenter');
  await lab.screenshot('lecture-presenter.png');
  // Off again.
  await presenter.click();
  await expect(presenter).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('body')).not.toHaveClass(/\bpresenter\b/);
});

test('dark scheme: the plot and the page turn dark, text stays readable; screenshot', async ({ lab, page }) => {
  await mistakeStep(lab);
  await expectReadable(page, 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  // An empty spot on the unshaded side, off the grid lines: the dark background ≈ rgb(24, 26, 27).
  const nearBg = (c) => Math.abs(c[0] - 24) <= 8 && Math.abs(c[1] - 26) <= 8 && Math.abs(c[2] - 27) <= 8;
  await lab.expectColourAt(-4.5, 4.5, nearBg, 'the dark plot background');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(24, 26, 27)');
  const image = await lab.plotImage();
  expect(isPositiveColour(await lab.colourAt(image, 2, 4)), '+1 point visible on dark').toBe(true);
  expect(isNegativeColour(await lab.colourAt(image, 1, 1)), '-1 point visible on dark').toBe(true);
  // The boundary must stand out from the dark background (light line, not the light scheme's black).
  const [cx, cy] = await lab.toCss(-2.5, -3.5);
  const scale = image.width / (await lab.box()).width;
  let brightest = 0;
  for (let y = cy - 6; y <= cy + 6; y += 0.5) {
    const c = pixel(image, cx * scale, y * scale);
    brightest = Math.max(brightest, (c[0] + c[1] + c[2]) / 3);
  }
  expect(brightest, 'the boundary is drawn light on the dark plot').toBeGreaterThan(120);
  await expectReadable(page, 'dark');
  await lab.screenshot('lecture-dark.png');
  // And back to light without reloading.
  await page.emulateMedia({ colorScheme: 'light' });
  await lab.expectColourAt(-4.5, 4.5, (c) => c.every((v) => v > 235), 'the light plot background again');
});

test.describe('opened in the dark scheme', () => {
  test.use({ colorScheme: 'dark' });
  test('starts dark', async ({ lab, page }) => {
    await lab.loadPreset('seed000');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(24, 26, 27)');
    const nearBg = (c) => Math.abs(c[0] - 24) <= 8 && Math.abs(c[1] - 26) <= 8 && Math.abs(c[2] - 27) <= 8;
    await lab.expectColourAt(-4.5, 4.5, nearBg, 'the dark plot background at load');
  });
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });
  test('stepping, going back, Play and Run all work and show their final state at once', async ({ lab, page }) => {
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
    await mistakeStep(lab);
    // Right after the frame that shows step 5, the new w is already where it ends up.
    const image = await lab.plotImage();
    expect(await somewhereNear(lab, image, 0.5, -0.5, isGreen), 'new w drawn at once').toBe(true);
    expect(await boundaryRun(lab, image, -2.5), 'new boundary drawn at once').toBeGreaterThan(0);
    await lab.key('ArrowLeft');
    await expect(lab.field('weights')).toHaveText('[0, 3, 2]');
    await lab.key('p');
    await expect(page.locator('#play')).toHaveText('Pause');
    await expect(lab.field('step')).not.toHaveText('4');
    await lab.key('p');
    await expect(page.locator('#play')).toHaveText('Play');
    await page.locator('#run').click();
    await expect(lab.field('notice')).toHaveText(/^Verdict: converged after \d+ epochs/);
    await expect(lab.field('state')).toHaveText(/^converged/);
    // Switching reduced motion off and on while running changes nothing that is shown.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await lab.key('r');
    await expect(lab.field('step')).toHaveText('0');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await lab.key('ArrowRight');
    await expect(lab.field('step')).toHaveText('1');
  });
});

test('help overlay: lists the shortcuts, readable, closes; screenshot', async ({ lab, page }) => {
  await mistakeStep(lab);
  await lab.key('?');
  const help = page.locator('#help');
  await expect(help).toBeVisible();
  await expect(page.locator('#help-title')).toHaveText('Keyboard shortcuts');
  await expect(page.locator('#help-close')).toBeFocused();
  // It opens at its start: the title and the first rows in view, not scrolled to the focus.
  expect(await help.locator('.overlay-box').evaluate((b) => b.scrollTop), 'the box scrolled on opening').toBe(0);
  await expect(page.locator('#help-title')).toBeInViewport();
  // The box fits in the window.
  const box = await help.locator('.overlay-box').boundingBox();
  const vp = page.viewportSize();
  expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= vp.width && box.y + box.height <= vp.height, `help box ${JSON.stringify(box)} fits ${vp.width}×${vp.height}`).toBe(true);
  const low = (await contrasts(page, '#help td, #help p, #help h2')).filter((c) => c.ratio < 4.5);
  expect(low.map((c) => `${c.what} ${c.ratio.toFixed(2)}`), 'help text contrast').toEqual([]);
  // The viewport only (a full-page shot would show the fixed overlay over the top part only).
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'lecture-help.png') });
  // Clicking outside the box closes it too.
  await page.mouse.click(5, vp.height - 5);
  await expect(help).toBeHidden();
});

test('max-margin separator on seed 000; screenshot', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  await page.locator('[data-panel="theory"] [data-panel-act="max-margin"]').check();
  // Pinkish purple rgb(186, 92, 150) somewhere on the plot: the dashed line or the band.
  await expect
    .poll(async () => {
      const image = await lab.plotImage();
      let n = 0;
      for (let i = 0; i < image.data.length; i += image.channels * 3) {
        const [r, g, b] = [image.data[i], image.data[i + 1], image.data[i + 2]];
        if (Math.abs(r - 186) < 30 && Math.abs(g - 92) < 30 && Math.abs(b - 150) < 30) n++;
      }
      return n;
    }, { message: 'the max-margin separator is drawn in rgb(186, 92, 150)' })
    .toBeGreaterThan(50);
  await lab.screenshot('lecture-max-margin.png');
});

test('Play at "max" takes many steps per frame', async ({ lab, page }) => {
  await lab.loadPreset('seed002');
  await page.locator('#speed').fill('3');
  await expect(page.locator('#speed-value')).toHaveText('max');
  // Record the step count shown at every animation frame: at "max" it jumps by up to 2000 from
  // one drawn frame to the next (a slow machine shows fewer frames, never smaller jumps).
  await page.evaluate(() => {
    window.__shown = [];
    const field = document.querySelector('#status [data-field="step"]');
    const tick = () => {
      window.__shown.push(Number(field.textContent));
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.locator('#play').click();
  await page.waitForFunction(
    () => /^(converged|not converged —)/.test(document.querySelector('#status [data-field="state"]').textContent.trim()),
    null,
    { polling: 'raf', timeout: 30_000 }
  );
  const steps = Number(await lab.text('step'));
  // The last frame may have run after the recorder's: end with the count shown now.
  const shown = [...(await page.evaluate(() => window.__shown)), steps];
  expect(steps, 'seed 002 needs many steps').toBeGreaterThan(200);
  const jumps = shown.slice(1).map((v, k) => v - shown[k]);
  const biggest = Math.max(...jumps);
  expect(biggest, `steps shown per frame: ${shown.join(' ')}`).toBeGreaterThanOrEqual(Math.min(steps - 1, 1000));
  await expect(page.locator('#play')).toHaveText('Play');
});
