// Opening hostile inputs (helpers/hostile.js) in the real page, as a user would — a link through
// the address bar (its hashchange), a file through #file-input — and telling what happened: did
// the page answer (the status line or the file error shows a message or a new state), how long
// the answer took (performance.now() from the action until the answer is on screen), the long
// tasks meanwhile (PerformanceObserver 'longtask'), whether a refusal left the state as it was,
// and whether the tab is still alive (a Step click answers). Used by hostile.spec.js (a short
// run) and scripts/hostile.sh (the long run). Timings are reported, never asserted.
//
// Besides the page's controls this uses `window.perceptronLab.say(text)` once per input: it
// puts a marker into the status line first, so an answer that repeats the previous message is
// still seen as an answer.
'use strict';

const { pickFile } = require('./files');

/**
 * `promise`, or an error after `ms`: a frozen tab never answers page.evaluate, and a run must
 * go on (and say so) rather than wait for it forever.
 */
function guard(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the tab did not answer ${what} within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** What the page shows that an input may change: the status fields compared after a refusal. */
const STATE_FIELDS = ['points', 'step', 'weights', 'bias'];

/**
 * Installs the recorders before the page's scripts run: long tasks (buffered), the time of the
 * file input's change event (before the page's own listener) and of each hashchange.
 */
function instrumentPage(page) {
  return page.addInitScript(() => {
    window.__hostileLongTasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__hostileLongTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      window.__hostileLongTasks = null; // no long task timing in this browser
    }
    window.addEventListener(
      'change',
      (e) => {
        const h = window.__hostile;
        if (h && h.t0 === null && e.target && e.target.id === 'file-input') h.t0 = performance.now();
      },
      true
    );
  });
}

/** Reads the state fields and the file error, as the screen shows them. */
function readState(page) {
  return page.evaluate((fields) => {
    const out = {};
    for (const f of fields) {
      const el = document.querySelector(`#status [data-field="${f}"]`);
      out[f] = el ? el.textContent.trim() : null;
    }
    const notice = document.querySelector('#status [data-field="notice"]');
    out.notice = notice ? notice.textContent.trim() : '';
    const err = document.getElementById('file-error');
    out.fileError = err ? err.textContent.trim() : '';
    const crash = document.getElementById('crash');
    out.crashed = !!crash && !crash.hidden;
    return out;
  }, STATE_FIELDS);
}

/** Two animation frames: the screen has caught up with what the page did. */
const settle = (page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Puts `marker` into the status line and waits until the screen shows it. */
async function mark(page, marker, timeout) {
  await guard(page.evaluate((m) => window.perceptronLab.say(m), marker), timeout, 'a marker');
  await guard(
    page.waitForFunction(
      (m) => (document.querySelector('#status [data-field="notice"]')?.textContent || '').trim() === m,
      marker,
      { timeout }
    ),
    timeout + 1000,
    'a marker'
  );
}

/**
 * Arms the answer watch in the page: `window.__hostile` gets t1 (performance.now()) at the first
 * change of the status line away from `marker` or of the file error away from its text now.
 * For a link, t0 is now and the fragment is put into the address; for a file, t0 is the file
 * input's change event.
 */
function arm(page, marker, fragment) {
  return page.evaluate(
    ([m, f]) => {
      const notice = document.querySelector('#status [data-field="notice"]');
      const err = document.getElementById('file-error');
      const errBefore = err.textContent;
      const h = { t0: null, t1: null };
      window.__hostile = h;
      const check = () => {
        if (h.t1 !== null) return;
        if (notice.textContent.trim() !== m || err.textContent !== errBefore) {
          h.t1 = performance.now();
          // Answered with the progress bar of long work (a replay in slices)?
          h.progress = !(document.querySelector('[data-role="work"]')?.hidden ?? true);
          obs.disconnect();
        }
      };
      const obs = new MutationObserver(check);
      for (const el of [notice, err]) obs.observe(el, { childList: true, characterData: true, subtree: true });
      if (f !== null) {
        // A fragment equal to the address would fire no hashchange: empty the address first.
        if (decodeURIComponent(window.location.hash.slice(1)) === f) window.location.hash = '';
        h.t0 = performance.now();
        window.location.hash = f;
      }
    },
    [marker, fragment]
  );
}

/**
 * Opens `input` in the page and reports:
 *   { answered, answerMs, progress (answered with the progress bar of long work), doneMs
 *     (until the work under way, if any, was over), refused,
 *     message, lostWork, before, after, crashed, longTasks ([{start, duration}] from the action
 *     to the end of the Step click), alive, aliveHow }
 * `answerTimeout` (ms) bounds the wait for the answer (a tab that never answers is reported,
 * not waited for forever), `workTimeout` the wait for the end of long work in slices (the tab
 * answering meanwhile). With { step: true } a Step click after the answer shows the tab alive.
 */
async function openHostile(page, input, options = {}) {
  const at = { phase: 'the marker before the input' };
  try {
    return await openHostileAt(page, input, options, at);
  } catch (err) {
    // Says where the tab stopped answering: before the input, in it, or after it.
    err.message = `${at.phase}: ${err.message}`;
    throw err;
  }
}

/** openHostile, keeping in `at.phase` what it is waiting for. */
async function openHostileAt(page, input, { answerTimeout = 20_000, workTimeout = 60_000, step = true } = {}, at) {
  const marker = `Hostile input ${input.index} (${input.kind}): waiting for the answer.`;
  await mark(page, marker, answerTimeout);
  at.phase = 'the input';
  const before = await guard(readState(page), answerTimeout, 'reading the state');
  const longBefore = await guard(
    page.evaluate(() => (window.__hostileLongTasks ? window.__hostileLongTasks.length : -1)),
    answerTimeout,
    'reading the long tasks'
  );
  await guard(arm(page, marker, input.kind === 'link' ? input.fragment : null), answerTimeout, 'the action');
  if (input.kind === 'file') {
    await pickFile(page, input.name, input.text, { timeout: answerTimeout });
  }
  const result = { answered: false, answerMs: null, refused: null, message: '', lostWork: false, before, after: null, crashed: false, longTasks: [], alive: false };
  try {
    // The page's own timer cannot end the wait in a frozen tab: guard's timer (in node) does.
    await guard(
      page.waitForFunction(() => window.__hostile && window.__hostile.t1 !== null && window.__hostile.t0 !== null, null, {
        timeout: answerTimeout,
        polling: 'raf',
      }),
      answerTimeout + 1000,
      'the input'
    );
    result.answered = true;
  } catch (err) {
    if (page.isClosed()) throw err;
    result.message = `no answer within ${answerTimeout} ms`;
  }
  if (!result.answered) {
    // A frozen tab answers nothing more: the caller drops it.
    result.after = await guard(readState(page), 2000, 'reading the state').catch(() => null);
    result.crashed = !!result.after?.crashed;
    return result;
  }
  // Long work (a replay in slices) answers at once with its progress bar and goes on across
  // frames; it ends with the scenario open or refused. Its end is waited for (the tab answering
  // all along), so that what is read and checked below is the outcome, and the next marker is
  // not overwritten by the end of this input's work.
  at.phase = 'the work under way';
  result.doneMs = await guard(
    page
      .waitForFunction(() => !window.perceptronLab.busy() && performance.now() - window.__hostile.t0, null, {
        timeout: workTimeout,
        polling: 'raf',
      })
      .then((handle) => handle.jsonValue()),
    workTimeout + 1000,
    'the work under way'
  );
  at.phase = 'after the answer';
  await guard(settle(page), answerTimeout, 'two frames');
  const h = await guard(page.evaluate(() => window.__hostile), answerTimeout, 'the answer time');
  result.answerMs = h.t1 - h.t0;
  result.progress = !!h.progress;
  const after = await guard(readState(page), answerTimeout, 'reading the state');
  result.after = after;
  result.crashed = after.crashed;
  result.message = after.fileError && after.fileError !== before.fileError ? after.fileError : after.notice;
  // Refused at once (a link in the status line, a file beside the file button), or at the end
  // of a replay in slices (the status line).
  const refusedLate = after.notice.startsWith('The scenario could not be opened');
  result.refused =
    refusedLate ||
    (input.kind === 'link' ? after.notice.startsWith('This link could not be opened') : after.fileError !== '');
  if (result.refused) {
    result.lostWork = STATE_FIELDS.some((f) => after[f] !== before[f]);
  }
  // The long tasks from the action on: read now, and again after the Step click below, so a
  // long task of the Step click that follows an input is counted with that input.
  const readTasks = () =>
    guard(page.evaluate(
      ([from, t0]) => (window.__hostileLongTasks ? window.__hostileLongTasks.slice(Math.max(0, from)).filter((t) => t.start >= t0 - 1) : []),
      [longBefore, h.t0]
    ), answerTimeout, 'reading the long tasks');
  result.longTasks = await readTasks();
  if (result.crashed) return result;

  // Alive: the status line takes a new marker, and a Step click answers (a new step, or a
  // message saying why not).
  const aliveMarker = `Hostile input ${input.index}: is the lab alive?`;
  at.phase = 'the marker after the answer';
  await mark(page, aliveMarker, answerTimeout);
  at.phase = 'the Step click after the answer';
  if (step) {
    const stepButton = page.locator('#step');
    if (await stepButton.isEnabled()) {
      const stepBefore = after.step;
      await stepButton.click({ timeout: answerTimeout });
      await guard(page.waitForFunction(
        ([m, s]) => {
          const text = (name) => (document.querySelector(`#status [data-field="${name}"]`)?.textContent || '').trim();
          return text('notice') !== m || text('step') !== s;
        },
        [aliveMarker, stepBefore],
        { timeout: answerTimeout }
      ), answerTimeout + 1000, 'a Step click');
      result.aliveHow = 'step';
    } else {
      result.aliveHow = 'status line (Step disabled)';
    }
  } else {
    result.aliveHow = 'status line';
  }
  result.alive = !(await guard(readState(page), answerTimeout, 'reading the state')).crashed;
  await guard(settle(page), answerTimeout, 'two frames');
  result.longTasks = await readTasks();
  return result;
}

/** The p-th percentile (0–100) of `values` (nearest rank); null for none. */
function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The long tasks observed since the last call (their durations, ms), and clears them. */
function takeLongTasks(page) {
  return page.evaluate(() => {
    const tasks = window.__hostileLongTasks || [];
    window.__hostileLongTasks = [];
    return tasks.map((t) => t.duration);
  });
}

/**
 * Reports the long tasks of `what` as a test annotation and on the console, prefixed with the
 * spec's name: reported, never asserted.
 */
function reportLongTasks(testInfo, spec, what, tasks) {
  const max = tasks.length ? Math.max(...tasks) : 0;
  const description = `${what}: ${tasks.length} long tasks, the longest ${max.toFixed(0)} ms, ${tasks.filter((d) => d > 100).length} over 100 ms`;
  testInfo.annotations.push({ type: 'long tasks (reported, not asserted)', description });
  console.log(`${spec}: ${description}`);
}

module.exports = { instrumentPage, openHostile, readState, percentile, guard, STATE_FIELDS, takeLongTasks, reportLongTasks };
