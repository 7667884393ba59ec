// Accessibility across the page (issue 11): audio cues through a stubbed AudioContext, the
// switch for single-key shortcuts, targets of at least 24 × 24 CSS px, focus that shows and is
// never hidden, reduced motion, the trace table's scroll region by keyboard, and axe-core over
// many states (each algorithm after some steps, the help overlay, presenter, dark, a phone,
// the compact embed, the iframe embed, the course page) with zero violations of the WCAG 2.x
// A/AA rules and the best practices. Saves a11y-*.png.
'use strict';

const { test, expect, REGISTRY, openLabAt, watchProblems } = require('./helpers');
const AxeBuilder = require('@axe-core/playwright').default;

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/** axe's violations of `page` (or a frame's page), one line each with the nodes' targets. */
async function axeViolations(page, include) {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`
  );
}

/** Controls smaller than 24 × 24 CSS px among the visible ones in `scope` (WCAG 2.5.8). */
async function smallTargets(page, scope = 'body') {
  return page.locator(scope).evaluate((root) => {
    const small = [];
    const controls = root.querySelectorAll(
      'button, select, input:not([type="hidden"]), summary, [role="button"], .file-button'
    );
    for (const el of controls) {
      const style = getComputedStyle(el);
      if (el.closest('[hidden], [inert]') || style.visibility === 'hidden') continue;
      // A file input is covered by its label-button, which is the target.
      if (el.type === 'file') continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.width < 24 || box.height < 24) {
        small.push(`${el.id || el.textContent.trim().slice(0, 30) || el.outerHTML.slice(0, 60)}: ${box.width.toFixed(1)}×${box.height.toFixed(1)}`);
      }
    }
    return small;
  });
}

// ----- audio cues ---------------------------------------------------------------------------

/** Replaces Web Audio with a recorder: every oscillator started is kept as a note. */
function stubAudio(page) {
  return page.addInitScript(() => {
    window.__audio = { contexts: 0, notes: [], now: 0 };
    const param = (into, key) => ({
      value: 0,
      setValueAtTime(v) { into[key] = v; },
      linearRampToValueAtTime(v) { if (key === 'gain') into.peak = Math.max(into.peak || 0, v); },
    });
    class Node {
      connect(target) { return target; }
      disconnect() {}
    }
    class StubContext {
      constructor() {
        window.__audio.contexts += 1;
        this.state = 'running';
        this.destination = new Node();
      }
      // A clock the test moves (never the wall clock): window.__audio.now, in seconds.
      get currentTime() { return window.__audio.now; }
      resume() { return Promise.resolve(); }
      close() { return Promise.resolve(); }
      createGain() {
        const node = new Node();
        node.levels = {};
        node.gain = param(node.levels, 'gain');
        return node;
      }
      createStereoPanner() {
        const node = new Node();
        node.pan = param(node.pans = {}, 'pan');
        node.connect = (target) => target;
        return node;
      }
      createOscillator() {
        const note = {};
        const node = new Node();
        Object.defineProperty(node, 'type', { set(v) { note.wave = v; } });
        node.frequency = param(note, 'frequency');
        // The note's gain and pan: what its oscillator is connected through.
        node.connect = (gain) => {
          note.levels = gain.levels;
          gain.connect = (next) => { if (next.pans) note.pans = next.pans; return next; };
          return gain;
        };
        node.start = (t) => { note.start = t; window.__audio.notes.push(note); };
        node.stop = (t) => { note.stop = t; };
        return node;
      }
    }
    window.AudioContext = StubContext;
    window.webkitAudioContext = StubContext;
  });
}

const notes = (page) => page.evaluate(() => window.__audio.notes.map((n) => ({
  wave: n.wave, frequency: n.frequency, start: n.start, stop: n.stop,
  peak: n.levels && n.levels.peak, pan: n.pans && n.pans.pan,
})));
const clearNotes = (page) => page.evaluate(() => { window.__audio.notes = []; });
/** Moves the stub's audio clock on by `seconds`: cues still sounding are over. */
const later = (page, seconds) => page.evaluate((s) => { window.__audio.now += s; }, seconds);

test.describe('audio cues', () => {
  test.beforeEach(async ({ page }) => {
    await stubAudio(page);
  });

  test('off by default; on, a step schedules its notes: a sine rising with the margin, a harsh falling pair for a mistake', async ({ lab, page }) => {
    await lab.loadPreset('seed000');
    const sound = page.locator('#audio');
    await expect(sound).toHaveAttribute('aria-pressed', 'false');
    await page.locator('#step').click();
    await expect(lab.field('step')).toHaveText('1');
    await lab.settle();
    expect(await page.evaluate(() => window.__audio.contexts), 'no sound until it is turned on').toBe(0);
    expect(await notes(page)).toEqual([]);

    await sound.click();
    await expect(sound).toHaveAttribute('aria-pressed', 'true');
    const heard = [];
    for (let step = 2; step <= 10; step++) {
      await clearNotes(page);
      await later(page, 1);
      await page.locator('#step').click();
      await expect(lab.field('step')).toHaveText(String(step));
      await expect.poll(async () => (await notes(page)).length, { message: `step ${step} sounds` }).toBeGreaterThan(0);
      const outcome = await lab.text('outcome');
      const sample = await lab.text('sample');
      const score = Number((await lab.text('score')).replace('−', '-'));
      const y = /y = \+1/.test(sample) ? 1 : -1;
      const played = await notes(page);
      const mistake = /mistake/.test(outcome);
      if (mistake) {
        expect(played.map((n) => n.wave), `step ${step}: ${outcome}`).toEqual(['square', 'sawtooth']);
        expect(played[1].frequency, 'the pair falls').toBeLessThan(played[0].frequency);
        expect(played[1].start, 'one after the other').toBeGreaterThan(played[0].start);
      } else {
        expect(played.map((n) => n.wave), `step ${step}: ${outcome}`).toEqual(['sine']);
      }
      for (const n of played) {
        expect(n.frequency).toBeGreaterThanOrEqual(110);
        expect(n.frequency).toBeLessThanOrEqual(880);
        expect(n.stop).toBeGreaterThan(n.start);
        expect(n.peak).toBeGreaterThan(0);
      }
      heard.push({ margin: y * score, frequency: played[0].frequency, mistake });
    }
    expect(heard.some((h) => h.mistake) && heard.some((h) => !h.mistake), 'both sounds heard').toBe(true);
    // A step while the last cue still sounds (the clock has not moved) is not piled on top.
    await clearNotes(page);
    await page.locator('#step').click();
    await expect(lab.field('step')).toHaveText('11');
    await lab.settle();
    expect(await notes(page), 'no cue over a cue').toEqual([]);
    // The pitch follows the margin y·score: a larger margin never sounds lower.
    const byMargin = [...heard].sort((a, b) => a.margin - b.margin);
    for (let i = 1; i < byMargin.length; i++) {
      if (byMargin[i].margin > byMargin[i - 1].margin) {
        expect(byMargin[i].frequency, JSON.stringify(byMargin)).toBeGreaterThan(byMargin[i - 1].frequency);
      } else {
        expect(byMargin[i].frequency).toBe(byMargin[i - 1].frequency);
      }
    }

    // A turns it off (and says so); steps are silent again.
    await page.keyboard.press('a');
    await expect(sound).toHaveAttribute('aria-pressed', 'false');
    await expect(lab.field('notice')).toHaveText('Sound off.');
    await clearNotes(page);
    await later(page, 1);
    await page.locator('#step').click();
    await expect(lab.field('step')).toHaveText('12');
    await lab.settle();
    expect(await notes(page)).toEqual([]);
  });

  test('listen to the boundary: a left-to-right sweep, its pitch following the line, the side below as timbre', async ({ lab, page }) => {
    await lab.loadPreset('seed000');
    await page.locator('#listen').click();
    await expect(lab.field('notice')).toHaveText('No boundary in view to listen to.');
    await page.locator('#run').click();
    await expect(lab.field('state')).toHaveText(/^converged/);
    await clearNotes(page);
    await page.keyboard.press('l');
    await expect.poll(async () => (await notes(page)).length).toBeGreaterThan(1);
    const sweep = await notes(page);
    expect(sweep.length, 'at most one note per column').toBeLessThanOrEqual(24);
    for (let i = 1; i < sweep.length; i++) {
      expect(sweep[i].start, 'left to right, one after another').toBeGreaterThan(sweep[i - 1].start);
      expect(sweep[i].pan, 'panned from left to right').toBeGreaterThan(sweep[i - 1].pan);
    }
    // One straight line: the pitch moves one way, as the line's slope, all in one timbre.
    const w = (await lab.text('weights')).replace(/[[\]−]/g, (c) => (c === '−' ? '-' : '')).split(',').map(Number);
    const rising = -w[1] / w[2] > 0;
    for (let i = 1; i < sweep.length; i++) {
      expect(sweep[i].frequency > sweep[i - 1].frequency).toBe(rising);
    }
    expect(new Set(sweep.map((n) => n.wave)).size).toBe(1);
    await lab.screenshot('a11y-sound-light.png');
  });
});

// ----- single-key shortcuts -----------------------------------------------------------------

test('single-key shortcuts can be switched off (WCAG 2.1.4); clicker keys still step; the choice is kept', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  await page.keyboard.press('n');
  await expect(lab.field('step')).not.toHaveText('0');
  await page.keyboard.press('r');
  await expect(lab.field('step')).toHaveText('0');

  const keys = page.locator('#single-keys');
  await keys.focus();
  await page.keyboard.press('Space');
  await expect(keys).not.toBeChecked();
  await page.locator('#plot').evaluate((el) => el.ownerDocument.activeElement.blur());
  for (const key of ['n', 'e', 'p', 'Space', '2', 'a']) await page.keyboard.press(key);
  await lab.settle();
  await expect(lab.field('step'), 'no character key acted').toHaveText('0');
  await expect(page.locator('#audio')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('#class-pos')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('?');
  await expect(page.locator('#help')).toBeHidden();
  // Clickers send PageDown / PageUp: they always step.
  await page.keyboard.press('PageDown');
  await expect(lab.field('step')).toHaveText('1');
  await page.keyboard.press('PageDown');
  await expect(lab.field('step')).toHaveText('2');
  await page.keyboard.press('PageUp');
  await expect(lab.field('step')).toHaveText('1');
  // …wherever the focus was left: on the history slider (where PageDown would move it back),
  // the speed slider, a menu just used, a box just ticked.
  let step = 1;
  for (const control of ['#scrubber', '#speed', '[data-panel="described"] select', '[data-panel="theory"] [data-panel-act="max-margin"]']) {
    await page.locator(control).focus();
    await page.keyboard.press('PageDown');
    step += 1;
    await expect(lab.field('step'), `PageDown on ${control}`).toHaveText(String(step));
    await expect(page.locator(control), `PageDown on ${control}`).toBeFocused();
  }
  await page.locator('#scrubber').focus();
  await page.keyboard.press('PageUp');
  await expect(lab.field('step'), 'PageUp on the history slider').toHaveText(String(step - 1));
  await expect(page.locator('[data-panel="theory"] [data-panel-act="max-margin"]'), 'the box kept its state').not.toBeChecked();

  await page.reload();
  await expect(page.locator('#single-keys'), 'the choice is kept in this browser').not.toBeChecked();
  await page.locator('#single-keys').check();
  await page.reload();
  await expect(page.locator('#single-keys')).toBeChecked();
});

// ----- targets, focus, scroll regions, motion -----------------------------------------------

test('every control is at least 24 × 24 CSS px, on a desktop, in presenter mode and on a phone', async ({ lab, page }) => {
  await lab.loadPreset('seed000');
  for (const panel of ['[data-panel="augmented"]', '[data-panel="code"]']) await page.locator(`${panel} > summary`).click();
  expect(await smallTargets(page), 'desktop').toEqual([]);
  await page.locator('#presenter').click();
  expect(await smallTargets(page), 'presenter').toEqual([]);
  await page.locator('#presenter').click();
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await smallTargets(page), 'phone').toEqual([]);
});

test('Tab reaches every control with a visible focus ring never hidden behind a panel or header; the trace scrolls by keyboard', async ({ lab, page }) => {
  await lab.loadPreset('seed002');
  await page.locator('#run').click();
  await expect(lab.field('state')).toHaveText(/^converged|^stopped/);
  await page.locator('#preset').focus();
  const seen = new Set();
  const problems = [];
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press('Tab');
    const info = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
      // Not hidden: some part of it is on top where it is (WCAG 2.4.11).
      const points = [[0.5, 0.5], [0.2, 0.2], [0.8, 0.8], [0.2, 0.8], [0.8, 0.2]];
      const visible = points.some(([fx, fy]) => {
        const x = box.left + box.width * fx;
        const y = box.top + box.height * fy;
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
        const top = document.elementFromPoint(x, y);
        return top && (top === el || el.contains(top) || top.contains(el) || top.closest('label') === el.closest('label'));
      });
      const name = el.id || el.getAttribute('aria-label') || el.textContent.trim().slice(0, 30);
      return { name, ring, visible, tag: el.tagName };
    });
    if (!info) continue;
    if (seen.has(info.name)) continue;
    seen.add(info.name);
    if (!info.ring) problems.push(`${info.name}: no focus ring`);
    if (!info.visible) problems.push(`${info.name}: hidden behind something`);
  }
  expect(problems).toEqual([]);
  for (const name of ['step', 'audio', 'single-keys', 'Trace table, scrolls', 'help-button']) {
    expect([...seen], `Tab reaches ${name}`).toContain(name);
  }
  // The trace's scroll region takes focus and scrolls with the arrow keys.
  const trace = page.locator('[data-panel="trace"] [data-part="scroll"]');
  await trace.focus();
  await expect(trace).toBeFocused();
  await trace.evaluate((el) => { el.scrollTop = 0; });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => trace.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await lab.screenshot('a11y-focus-trace-light.png');
});

test('reduced motion: the trace jumps to the current row in the same frame', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const problems = watchProblems(page);
  const lab = await openLabAt(page, problems, '/');
  await lab.loadPreset('seed002');
  await page.locator('#run').click();
  await expect(lab.field('state')).toHaveText(/^converged|^stopped/);
  const scrubber = page.locator('#scrubber');
  for (const step of ['5', '40', '12']) {
    await scrubber.fill(step);
    await expect(lab.field('step')).toHaveText(step);
    await lab.settle();
    const inView = await page.evaluate(() => {
      const box = document.querySelector('[data-panel="trace"] [data-part="scroll"]');
      const row = box.querySelector('tr[aria-current="step"]');
      if (!row) return false;
      const b = box.getBoundingClientRect();
      const r = row.getBoundingClientRect();
      return r.top >= b.top && r.bottom <= b.bottom + 1;
    });
    expect(inView, `step ${step}'s row is in view at once`).toBe(true);
  }
  expect(problems).toEqual([]);
});

// ----- axe-core over many states --------------------------------------------------------------

test.describe('axe-core finds no violation', () => {
  for (const algorithm of REGISTRY) {
    test(`${algorithm.name} after some steps`, async ({ lab, page }) => {
      // Its own example, or the course's for its kind; then the algorithm itself.
      const example = (algorithm.examples || [])[0]
        || { multiclass: 'blobs3', kernel: 'xor-rbf' }[algorithm.kind] || 'seed000';
      await lab.loadPreset(example);
      if ((await page.locator('#algorithm').inputValue()) !== algorithm.name) {
        await lab.chooseAlgorithm(algorithm.name);
      }
      await expect(page.locator('#algorithm')).toHaveValue(algorithm.name);
      for (let i = 1; i <= 6; i++) await page.locator('#step').click();
      await expect(lab.field('step')).not.toHaveText('0');
      await lab.settle();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('the help overlay, presenter mode with panels open', async ({ lab, page }) => {
    await lab.loadPreset('seed000');
    await page.locator('#presenter').click();
    for (const panel of ['[data-panel="augmented"]', '[data-panel="code"]']) await page.locator(`${panel} > summary`).click();
    await page.locator('#run').click();
    await expect(lab.field('state')).toHaveText(/^converged/);
    expect(await axeViolations(page), 'presenter').toEqual([]);
    await lab.screenshot('a11y-presenter.png');
    await page.locator('#help-button').click();
    await expect(page.locator('#help-close')).toBeFocused();
    expect(await axeViolations(page), 'help overlay').toEqual([]);
    await lab.screenshot('a11y-help.png');
  });

  test('dark mode, and dark presenter', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const problems = watchProblems(page);
    const lab = await openLabAt(page, problems, '/');
    await lab.loadPreset('seed000');
    for (let i = 0; i < 4; i++) await page.locator('#step').click();
    await page.locator('#single-keys').focus();
    expect(await axeViolations(page), 'dark').toEqual([]);
    await lab.screenshot('a11y-dark.png');
    await page.locator('#presenter').click();
    await page.locator('#presenter').focus();
    expect(await axeViolations(page), 'dark presenter').toEqual([]);
    await lab.screenshot('a11y-presenter-dark.png');
    expect(problems).toEqual([]);
  });

  test('a phone viewport', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const problems = watchProblems(page);
    const lab = await openLabAt(page, problems, '/');
    await lab.loadPreset('blobs3');
    for (let i = 0; i < 3; i++) await page.locator('#step').click();
    expect(await axeViolations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    await lab.screenshot('a11y-phone.png');
    expect(problems).toEqual([]);
  });

  test('the iframe embed (embed=1) on its own', async ({ page }) => {
    const problems = watchProblems(page);
    const lab = await openLabAt(page, problems, '/index.html#v=1&a=perceptron&b=0&i=zero&e=1&o=fixed&s=1&m=1000&n=4&p=1,1,1;1,-1,0;-1,1,0;-1,-1,1&embed=1&hide=settings,theory,share,presets');
    await expect(lab.field('step')).toHaveText('4');
    expect(await axeViolations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('the course page: compact embeds and the iframe, after steps', async ({ page }) => {
    const problems = watchProblems(page);
    await page.goto('/course.html');
    await page.evaluate(() => window.PerceptronLab.ready);
    for (const id of ['#lab-seed000', '#lab-xor']) {
      await expect(page.locator(`${id} .plab canvas.plab-plot`)).toBeVisible({ timeout: 20_000 });
      const step = page.locator(`${id} [data-act="step"]`);
      for (let i = 0; i < 3; i++) await step.click();
      await expect(page.locator(`${id} [data-field="step"]`)).toHaveText('3');
    }
    await page.locator('#lab-frame').scrollIntoViewIfNeeded();
    const frame = page.frameLocator('#lab-frame');
    await expect(frame.locator('#status [data-field="step"]')).toHaveText('4', { timeout: 20_000 });
    expect(await axeViolations(page), 'the course page with its embeds').toEqual([]);
    expect(await smallTargets(page), 'the compact embeds').toEqual([]);
    // The trace of a compact embed is a scroll region a keyboard reaches.
    const trace = page.locator('#lab-seed000 [data-panel="trace"] [data-part="scroll"]');
    await expect(trace).toHaveAttribute('tabindex', '0');
    await page.screenshot({ path: require('node:path').join(require('./env').SCREENSHOT_DIR, 'a11y-course.png'), fullPage: true });
    expect(problems).toEqual([]);
  });
});

// ----- the focus ring, looked at ----------------------------------------------------------------

test('the focus ring in the light, dark and presenter themes (screenshots)', async ({ page }) => {
  const fs = require('node:fs');
  const path = require('node:path');
  const { SCREENSHOT_DIR } = require('./env');
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const theme of ['light', 'dark', 'presenter']) {
    await page.emulateMedia({ colorScheme: theme === 'dark' ? 'dark' : 'light' });
    const problems = watchProblems(page);
    const lab = await openLabAt(page, problems, '/');
    if (theme === 'presenter') await page.locator('#presenter').click();
    // By keyboard, as a person would: from Speed, Tab to Back (the step bar's next control).
    await page.locator('#speed').focus();
    await page.keyboard.press('Tab');
    await expect(page.locator('#back')).toBeFocused();
    await lab.settle();
    const ring = await page.locator('#back').evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(ring, `${theme}: a focus ring`).toBe('solid');
    const box = await page.locator('.timeline').boundingBox();
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `a11y-focus-${theme}.png`),
      clip: { x: box.x - 12, y: box.y - 12, width: box.width + 24, height: Math.min(box.height, 80) + 24 },
    });
    expect(problems).toEqual([]);
  }
});
