// Hostile inputs at the page level (issue #15): a short seeded run of the generator in
// helpers/hostile.js — links through the address bar, scenario JSON and points CSV files through
// #file-input, across every algorithm of the registry, with η from 5e-324 to 1e308, points up to
// ±f64::MAX and denormals, step counts up to the cap and beyond, every kernel, 2–6 classes, many
// edits and contradictions. Each input must be answered (the status line or the file error
// shows a state or a message), a refusal must leave the points, step, weights and bias as they
// were, the tab must stay alive (a Step click afterwards answers), with no crash panel and no
// page error. The answer time (performance.now() from the action until the answer shows) and
// the long tasks (PerformanceObserver 'longtask') are reported as annotations and on the
// console, never asserted. The long run is scripts/hostile.sh (docs/src/security.md, "Hostile inputs").
// Saves hostile-refused.png in tests/e2e/screenshots/.
'use strict';

const path = require('node:path');
const AxeBuilder = require('@axe-core/playwright').default;
const { test, expect, REGISTRY } = require('./helpers');
const { SCREENSHOT_DIR, TRACE_BIN } = require('./env');
const { hostileInputs, describeInput, FAMILIES } = require('./helpers/hostile');
const { instrumentPage, openHostile, openFamily, familyContext, percentile } = require('./helpers/hostile-page');

/**
 * The seed and size of the short run (the long run starts from seed 1). Seed 2026 covers the
 * batch perceptron started from w1 = 1e308 at its input #20, which once froze the tab.
 */
const SEED = 2026;
const COUNT = 45;

/** The link of issue #15 that once froze the tab with a=batch, for any algorithm. */
const ISSUE_LINK = (algorithm) =>
  `v=1&a=${algorithm}&e=1e308&s=18446744073709551615&o=shuffle&m=1000000&n=100000&p=1e308,1e308,1;-1e308,-1e308,0;1.7976931348623157e308,-1.7976931348623157e308,1;5e-324,5e-324,0;1,1,0`;

test.describe('hostile inputs', () => {
  // Installed before the fixture opens the page, so long tasks are observed from the start.
  test.beforeEach(async ({ page }) => {
    await instrumentPage(page);
  });

  test(`a seeded run of ${COUNT} hostile links and files: each answered, refusals change nothing, the tab alive`, async ({ lab, page }, testInfo) => {
    // 45 inputs, each with its Step click and the end of any long work waited for: about 40 s
    // on an idle machine, several times that on a busy one (a bound, not a timing).
    test.setTimeout(300_000);
    const inputs = hostileInputs(SEED, COUNT, REGISTRY);
    // The short run covers every algorithm, links and files, refusals and accepted inputs.
    expect(new Set(inputs.map((i) => i.algorithm))).toEqual(new Set(REGISTRY.map((a) => a.name)));
    await lab.loadPreset('noisy');
    await lab.clickStep(3);
    const times = [];
    const tasks = [];
    let refused = 0;
    let accepted = 0;
    let shot = false;
    for (const input of inputs) {
      const what = describeInput(input);
      const r = await openHostile(page, input, { answerTimeout: 15_000 });
      expect(r.answered, `answered: ${what}`).toBe(true);
      expect(r.crashed, `no crash panel: ${what} -> ${r.message}`).toBe(false);
      expect(r.message, `a message: ${what}`).not.toBe('');
      if (r.refused) {
        refused++;
        for (const f of ['points', 'step', 'weights', 'bias']) {
          expect(r.after[f], `${f} unchanged by the refused ${what} -> ${r.message}`).toBe(r.before[f]);
        }
        if (!shot && input.kind === 'link') {
          await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'hostile-refused.png'), fullPage: true });
          shot = true;
        }
      } else {
        accepted++;
      }
      expect(r.alive, `alive after ${what}`).toBe(true);
      expect(lab.problems, `no page error after ${what}`).toEqual([]);
      times.push(r.answerMs);
      for (const t of r.longTasks) tasks.push({ duration: t.duration, index: input.index });
    }
    expect(refused, 'some inputs are refused').toBeGreaterThan(0);
    expect(accepted, 'some inputs are opened').toBeGreaterThan(0);
    const worst = tasks.reduce((a, t) => (!a || t.duration > a.duration ? t : a), null);
    const summary =
      `seed ${SEED}, ${inputs.length} inputs: ${refused} refused, ${accepted} accepted; answer time ` +
      `max ${Math.max(...times).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, median ` +
      `${percentile(times, 50).toFixed(0)} ms; long tasks ${tasks.length}, ` +
      `${tasks.filter((t) => t.duration > 100).length} over 100 ms` +
      (worst ? `, the longest ${worst.duration.toFixed(0)} ms (input #${worst.index})` : '');
    testInfo.annotations.push({ type: 'hostile inputs (timings reported, not asserted)', description: summary });
    console.log(`hostile.spec: ${summary}`);
    // The status line with a refusal is readable to a screen reader as the rest of the page.
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  // The families of issue 38, a few inputs each (the long run has them all: scripts/hostile.sh):
  // hostile class names through every export of the page and the CLI, hostile exercise links
  // while a set is under way, report= origins answered in a frame, numbers at the edges with the
  // 3-D, η and code panels open, misuses of the embed API on course.html. Each must be
  // answered, with no injection, no "inf" or "NaN" in a text a person reads, nothing lost by a
  // refusal, no internal error handed to the embedding page, and the lab alive. The answer
  // times, the Pause after Play and the long tasks are reported, not asserted.
  const NEW_FAMILIES = FAMILIES.filter((f) => f !== 'scenarios');
  // Seed 26's fifteen inputs take in a name with an HTML tag and one a spreadsheet runs, a
  // refused exercise link that once lost the set under way, a report= host the browser refuses,
  // a long shuffled run played with the code panel open (its Pause reported), η₂ = 1e309 typed,
  // a step listener that steps its lab 5,000 deep, and {hide: [['trace']]} given to mount.
  const FAMILY_SEED = 26;
  const FAMILY_COUNT = 15;
  test(`a seeded run of ${FAMILY_COUNT} inputs of the families of issue 38: nothing injected, frozen, lost or shown as inf`, async ({ lab, page }, testInfo) => {
    test.setTimeout(300_000);
    const inputs = hostileInputs(FAMILY_SEED, FAMILY_COUNT, REGISTRY, { families: NEW_FAMILIES });
    expect(new Set(inputs.map((i) => i.family))).toEqual(new Set(NEW_FAMILIES));
    const problems = [];
    const ctx = familyContext(page, { origin: new URL(page.url()).origin, problems, traceBin: TRACE_BIN });
    const lines = [];
    for (const input of inputs) {
      const what = describeInput(input);
      problems.length = 0;
      const r = await openFamily(ctx, input, { answerTimeout: 15_000 });
      expect(r.answered, `answered: ${what}`).toBe(true);
      // Soft: every input of the run is opened and each wrong one named, not only the first.
      expect.soft(r.crashed, `no crash panel: ${what} -> ${r.message}`).toBe(false);
      expect.soft(r.injections, `nothing injected: ${what}`).toEqual([]);
      expect.soft(r.infShown, `no inf or NaN shown: ${what}`).toEqual([]);
      expect.soft(r.lostWork, `nothing lost: ${what} -> ${r.lostWhat}`).toBe(false);
      expect.soft(r.unclear, `no internal error handed to the page: ${what}`).toBe('');
      expect.soft(r.alive, `alive after ${what} -> ${r.message}`).toBe(true);
      expect.soft([...problems, ...lab.problems], `no page error after ${what}`).toEqual([]);
      lab.problems.length = 0;
      // Timings are reported, never asserted here (the long run counts answers over 1 s as freezes).
      const slow = r.slowAction ? `, ${r.slowAction}` : r.pauseMs !== undefined ? `, Pause ${r.pauseMs} ms` : '';
      const longest = r.longTasks.length ? `, longest task ${Math.max(...r.longTasks.map((t) => t.duration)).toFixed(0)} ms` : '';
      lines.push(`${input.family} #${input.n}: ${r.refused ? 'refused' : 'accepted'}${r.answerMs === null ? '' : ` ${r.answerMs.toFixed(0)} ms`}${slow}${longest}`);
    }
    testInfo.annotations.push({ type: 'families of issue 38 (timings reported, not asserted)', description: lines.join('; ') });
    console.log(`hostile.spec (families of issue 38): ${lines.join('; ')}`);
  });

  // Found by the hostile run (seed 2026, input #20): the batch perceptron started from weights
  // with w1 = 1e308 froze the tab at once, even at step 0 (its charts and the 3-D view handed
  // plotters an infinite axis; fixed in src/render). The same start for every algorithm.
  for (const { name } of REGISTRY) {
    test(`a link with a=${name} that starts from w1 = 1e308 answers and the tab stays alive`, async ({ lab, page }, testInfo) => {
      await lab.loadPreset('noisy');
      await lab.clickStep(2);
      const r = await openHostile(page, { index: 0, kind: 'link', fragment: `v=1&a=${name}&i=0,1e308,0&n=0&p=-1,0.5,1;-1,2,0` }, { answerTimeout: 15_000 });
      expect(r.answered).toBe(true);
      expect(r.crashed).toBe(false);
      expect(r.message).toMatch(/^(Opened the scenario|This link could not be opened: .+ Nothing was changed\.)/);
      if (r.refused) {
        expect(r.after.points).toBe(r.before.points);
        expect(r.after.step).toBe('2');
      } else {
        expect(r.after.points).toMatch(/^2 /);
      }
      expect(r.alive).toBe(true);
      expect(lab.problems).toEqual([]);
      testInfo.annotations.push({
        type: 'answer (reported, not asserted)',
        description: `${r.answerMs.toFixed(0)} ms, long tasks ${r.longTasks.map((t) => t.duration.toFixed(0)).join(', ') || 'none'}: ${r.message}`,
      });
    });
  }

  for (const { name } of REGISTRY) {
    test(`the link of issue #15 with a=${name} answers with a message and the tab stays alive`, async ({ lab, page }, testInfo) => {
      await lab.loadPreset('noisy');
      await lab.clickStep(2);
      const r = await openHostile(page, { index: 0, kind: 'link', fragment: ISSUE_LINK(name) }, { answerTimeout: 15_000 });
      expect(r.answered).toBe(true);
      expect(r.crashed).toBe(false);
      // Opened and stopped where the numbers overflow, or refused for a reason: either way said.
      expect(r.message).toMatch(/^(Opened the scenario|This link could not be opened: .+ Nothing was changed\.)/);
      if (r.refused) {
        expect(r.after.points).toBe(r.before.points);
        expect(r.after.step).toBe('2');
      } else {
        expect(r.after.points).toMatch(/^5 /);
      }
      expect(r.alive).toBe(true);
      testInfo.annotations.push({
        type: 'answer (reported, not asserted)',
        description: `${r.answerMs.toFixed(0)} ms, long tasks ${r.longTasks.map((t) => t.duration.toFixed(0)).join(', ') || 'none'}: ${r.message}`,
      });
    });
  }
});
