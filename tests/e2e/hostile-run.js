// The long hostile-input run (scripts/hostile.sh runs it): opens N seeded hostile inputs
// (helpers/hostile.js) one after another in the release build served on 127.0.0.1, as the e2e
// tests do, and prints the figures: inputs, answered, refused, accepted, freezes (no answer
// within 1 s), panics/crashes, lost work (the state changed on a refusal), answer time max and
// p99, long work answered with a progress bar and when it was over, long tasks over 100 ms
// (count and max; those of the Step click after an input included). Every input that froze,
// crashed, lost work or never answered is printed with its seed, index and opening, so it can
// be replayed; so is every input with a main-thread task over 100 ms (LONG TASK, not counted
// as a failure). E2E_DIST serves another build than dist/.
//
// --families picks the families of inputs (helpers/hostile.js), taken in turn: `scenarios`
// (issue #15: links and files), and those of issue 38 — `names` (hostile class names through
// every export of the page and of the CLI, and markup as a frame's name=), `exercise` (hostile
// exercise links while a set is under way), `origins` (report= origins, a set answered in a
// frame), `extreme` (numbers at the edges with the 3-D, η and code panels open, a long run
// played and paused) and `embed` (misuses of the embed API on course.html). Besides the figures
// above it counts injections (a name reaching an export raw, markup of name= becoming an
// element) and inputs showing "inf" or "NaN" in a text a person reads, and prints each.
//
//   node hostile-run.js [--count N] [--seed S] [--first I] [--verbose 1] [--families a,b,…]
//   (defaults: 10000, 1, 0, 0, every family)
'use strict';

const { chromium } = require('@playwright/test');
const { CHROMIUM_PATH, CHROMIUM_ARGS, DIST_DIR } = require('./env');
const { REGISTRY } = require('./helpers/constants');
const { startStaticServer } = require('./helpers/static-server');
const { TRACE_BIN } = require('./env');
const { hostileStream, describeInput, FAMILIES } = require('./helpers/hostile');
const { instrumentPage, openFamily, familyContext, readState, percentile, guard } = require('./helpers/hostile-page');

const FREEZE_MS = 1000;
// An input with no answer within this long is counted as a freeze that never answered, and
// the run goes on in a new browser (a frozen tab answers nothing more).
const HANG_MS = 5_000;
// Long work in slices (a replay) answers at once with a progress bar; its end is waited for this
// long, the tab answering meanwhile (a tab that stops answering is caught at HANG_MS).
const WORK_MS = 30_000;
// A main-thread task longer than this is listed with its input (issue #15: none over 100 ms).
const LONG_MS = 100;

function args() {
  const out = { count: 10_000, seed: 1, first: 0, verbose: 0, families: FAMILIES };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    if (!(key in out)) throw new Error(`unknown option ${argv[i]} (--count N, --seed S, --first I, --verbose 1, --families ${FAMILIES.join(',')})`);
    if (key === 'families') {
      out.families = argv[i + 1].split(',').filter(Boolean);
      for (const f of out.families) if (!FAMILIES.includes(f)) throw new Error(`unknown family ${f} (${FAMILIES.join(', ')})`);
    } else {
      out[key] = Number(argv[i + 1]);
    }
  }
  return out;
}

async function newBrowser() {
  // Ctrl+C stops the run after the input under way, in the browser it is using: Playwright
  // would close the browser at once and the input would look like a crash.
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, handleSIGINT: false, handleSIGTERM: false });
}

async function newLab(browser, origin, problems) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
  });
  page.on('crash', () => problems.push('the renderer crashed'));
  await instrumentPage(page);
  await page.goto(`${origin}/index.html`);
  await page.waitForFunction(() => window.perceptronLab && typeof window.perceptronLab.say === 'function', null, { timeout: 30_000 });
  return page;
}

async function main() {
  const { count, seed, first, verbose, families } = args();
  const verboseRun = verbose > 0;
  // E2E_DIST serves another build (as in playwright.config.js), e.g. a fix under trial.
  const server = await startStaticServer(process.env.E2E_DIST ? require('node:path').resolve(process.env.E2E_DIST) : DIST_DIR);
  let browser = await newBrowser();
  const problems = [];
  let page = await newLab(browser, server.origin, problems);
  const newContext = () => familyContext(page, { origin: server.origin, problems, traceBin: TRACE_BIN });
  let ctx = newContext();
  const fig = { inputs: 0, answered: 0, refused: 0, accepted: 0, freezes: 0, crashes: 0, lostWork: 0, hung: 0, notAlive: 0, longWork: 0, injections: 0, infShown: 0, unclear: 0 };
  // Inputs, refusals and failures of each family.
  const perFamily = Object.fromEntries(families.map((f) => [f, { inputs: 0, refused: 0, failed: 0 }]));
  const times = [];
  const doneTimes = [];
  const long = [];
  const bad = [];
  let worstTask = null;
  const longInputs = [];
  let slowest = null;
  const started = Date.now();
  // Stopped early (Ctrl+C, kill): the figures of the inputs done so far are still printed.
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => { stopping = true; });
  const report = (what, input, r) => {
    const line = `${what}: seed ${seed} ${describeInput(input)}${r ? ` -> ${r.answerMs === null || r.answerMs === undefined ? '' : `${r.answerMs.toFixed(0)} ms, `}${(r.message || '').slice(0, 200)}` : ''}`;
    bad.push(line);
    console.log(line);
  };
  for (const input of hostileStream(seed, REGISTRY, { families })) {
    if (input.index < first) continue;
    if (input.index >= first + count) break;
    if (stopping) break;
    fig.inputs++;
    perFamily[input.family].inputs++;
    const badBefore = bad.length;
    problems.length = 0;
    let hungNow = false;
    let r;
    try {
      r = await openFamily(ctx, input, { answerTimeout: HANG_MS, workTimeout: WORK_MS });
    } catch (err) {
      const message = String(err.message).split('\n')[0];
      r = null;
      if (/Timeout|did not answer/.test(message)) {
        // The tab stopped answering during the input or the Step click after it: a freeze.
        fig.hung++;
        fig.freezes++;
        hungNow = true;
        // Frozen, or only slow? A tab that answers a little later shows what it was doing.
        const late = await guard(readState(page), 3000, 'reading the state').catch(() => null);
        const then = late ? `3 s later it answered: step ${late.step}, "${late.notice.slice(0, 120)}"` : 'nor 3 s later';
        report(`NO ANSWER (${message}; ${then})`, input, null);
      } else {
        report(`ERROR (${message})`, input, null);
      }
    }
    if (verboseRun && r) console.log(`${input.index} ${input.kind} ${input.algorithm} ${r.refused ? 'refused' : 'accepted'} ${r.answerMs?.toFixed(0)} ms${r.progress ? ` (progress bar; work over after ${r.doneMs.toFixed(0)} ms)` : ''}: ${(r.message || '').slice(0, 160)}`);
    const crashed = (!r && !hungNow) || (r && r.crashed) || problems.some((p) => /crash|page error|panic/i.test(p));
    if (r && r.answered) {
      fig.answered++;
      // A frame's name= is timed by its page load, not as an answer.
      if (r.answerMs !== null) times.push(r.answerMs);
      if (r.progress) {
        // Long work shown with its progress bar: how long until it was over.
        fig.longWork++;
        doneTimes.push(r.doneMs);
      }
      if (r.refused) {
        fig.refused++;
        perFamily[input.family].refused++;
      } else {
        fig.accepted++;
      }
      if (r.answerMs > FREEZE_MS) {
        fig.freezes++;
        report('FREEZE', input, r);
      }
      if (r.answerMs !== null && r.slowAction) {
        // An action after the input (Pause after Play, η₂ applied) with no answer within 1 s.
        fig.freezes++;
        report(`FREEZE (${r.slowAction})`, input, r);
      }
      if (r.lostWork) {
        fig.lostWork++;
        report(`LOST WORK (${r.lostWhat || `before ${JSON.stringify(r.before)} after ${JSON.stringify(r.after)}`})`, input, r);
      }
      if (r.injections && r.injections.length) {
        fig.injections++;
        report(`INJECTION (${r.injections.slice(0, 6).join(' | ')}${r.injections.length > 6 ? ` | and ${r.injections.length - 6} more` : ''})`, input, r);
      }
      if (r.infShown && r.infShown.length) {
        fig.infShown++;
        report(`INF SHOWN (${r.infShown.join(' | ')})`, input, r);
      }
      if (r.unclear) {
        // An internal error handed to a course author instead of a message (counted with the
        // panics: the lab's own code failed, not the author's call refused).
        fig.unclear++;
        report(`UNCLEAR ERROR (${r.unclear})`, input, r);
      }
      for (const t of r.longTasks) {
        long.push(t.duration);
        if (!worstTask || t.duration > worstTask.duration) worstTask = { duration: t.duration, input };
      }
      const over = r.longTasks.filter((t) => t.duration > LONG_MS).map((t) => t.duration.toFixed(0));
      if (over.length) {
        // Listed to be replayed alone (on a busy machine a long task may be the contention's).
        longInputs.push(input.index);
        console.log(`LONG TASK ${over.join(', ')} ms: seed ${seed} ${describeInput(input).slice(0, 160)} -> ${(r.answerMs ?? 0).toFixed(0)} ms, ${(r.message || '').slice(0, 120)}`);
      }
      if (r.answerMs !== null && (!slowest || r.answerMs > slowest.ms)) slowest = { ms: r.answerMs, input, message: r.message };
    } else if (r) {
      fig.hung++;
      fig.freezes++;
      report('NO ANSWER', input, r);
    }
    if (r && r.answered && !r.alive && !crashed) {
      fig.notAlive++;
      report('NOT ALIVE', input, r);
    }
    if (crashed) {
      fig.crashes++;
      report(`CRASH (${problems.join(' | ').slice(0, 300)})`, input, r);
    }
    if (bad.length > badBefore) perFamily[input.family].failed++;
    if (crashed || !r || !r.answered || !r.alive) {
      // Start again in a fresh browser so one failure does not hide the next (a frozen tab
      // may keep its renderer busy).
      await guard(browser.close(), 10_000, 'closing the browser').catch(() => {});
      browser = await newBrowser();
      page = await newLab(browser, server.origin, problems);
      ctx = newContext();
    }
    if (fig.inputs % 500 === 0) {
      const s = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`... ${fig.inputs} inputs in ${s} s: ${fig.refused} refused, ${fig.accepted} accepted, ${fig.freezes} freezes, ${fig.crashes} crashes, ${fig.lostWork} lost work`);
    }
  }
  await guard(browser.close(), 10_000, 'closing the browser').catch(() => {});
  await server.close();
  const over100 = long.filter((d) => d > LONG_MS);
  const fmt = (v) => (v === null || v === undefined ? 'n/a' : `${v.toFixed(0)} ms`);
  console.log('');
  console.log(`hostile inputs (seed ${seed}, families ${families.join(',')}, inputs ${first}..${first + fig.inputs - 1}${stopping ? `, stopped early: ${fig.inputs} of ${count}` : ''}), ${((Date.now() - started) / 1000).toFixed(0)} s:`);
  console.log(`  inputs          ${fig.inputs}`);
  console.log(`  answered        ${fig.answered}`);
  console.log(`  refused         ${fig.refused}`);
  console.log(`  accepted        ${fig.accepted}`);
  console.log(`  freezes         ${fig.freezes} (no answer within ${FREEZE_MS} ms; ${fig.hung} of them none within ${HANG_MS} ms)`);
  console.log(`  panics/crashes  ${fig.crashes + fig.unclear}${fig.unclear ? ` (${fig.unclear} of them an internal error handed to the embedding page)` : ''}`);
  console.log(`  not alive       ${fig.notAlive} (a Step click after the answer did not answer; an embedded lab that could not open a scenario and step, asked twice 0.3 s apart)`);
  console.log(`  lost work       ${fig.lostWork} (the state, a practice set or its results, an embedded lab changed or lost by a refusal; results of a set never delivered)`);
  console.log(`  injections      ${fig.injections} (inputs whose names reached an export raw, or whose name= markup became an element)`);
  console.log(`  "inf" shown     ${fig.infShown} (inputs with inf or NaN in a text a person reads)`);
  console.log(`  answer time     max ${fmt(times.length ? Math.max(...times) : null)}, p99 ${fmt(percentile(times, 99))}, median ${fmt(percentile(times, 50))}`);
  console.log(`  long work       ${fig.longWork} (answered with a progress bar), over after max ${fmt(doneTimes.length ? Math.max(...doneTimes) : null)}, p99 ${fmt(percentile(doneTimes, 99))}, median ${fmt(percentile(doneTimes, 50))}`);
  console.log(`  long tasks      ${long.length} in all; ${over100.length} over 100 ms, max ${fmt(long.length ? Math.max(...long) : null)}`);
  if (families.length > 1 || families[0] !== 'scenarios') {
    console.log(`  by family       ${families.map((f) => `${f} ${perFamily[f].inputs} (${perFamily[f].refused} refused, ${perFamily[f].failed} to look at)`).join('; ')}`);
  }
  if (slowest) console.log(`  slowest answer: ${describeInput(slowest.input).slice(0, 200)} -> ${slowest.message.slice(0, 160)}`);
  if (worstTask) console.log(`  longest task:   ${describeInput(worstTask.input).slice(0, 200)}`);
  if (longInputs.length) console.log(`  inputs with a task over ${LONG_MS} ms (${longInputs.length}): ${longInputs.join(' ')}`);
  if (bad.length) console.log(`\n${bad.length} inputs to look at (above).`);
  process.exitCode = fig.freezes || fig.crashes || fig.lostWork || fig.notAlive || fig.injections || fig.infShown || fig.unclear ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
