// The long hostile-input run (scripts/hostile.sh runs it): opens N seeded hostile inputs
// (helpers/hostile.js) one after another in the release build served on 127.0.0.1, as the e2e
// tests do, and prints the figures: inputs, answered, refused, accepted, freezes (no answer
// within 1 s), panics/crashes, lost work (the state changed on a refusal), answer time max and
// p99, long tasks over 100 ms (count and max). Every input that froze, crashed, lost work or
// never answered is printed with its seed, index and opening, so it can be replayed.
//
//   node hostile-run.js [--count N] [--seed S] [--first I] [--verbose 1]   (defaults: 10000, 1, 0, 0)
'use strict';

const { chromium } = require('@playwright/test');
const { CHROMIUM_PATH, CHROMIUM_ARGS, DIST_DIR } = require('./env');
const { REGISTRY } = require('./helpers/constants');
const { startStaticServer } = require('./helpers/static-server');
const { hostileStream, describeInput } = require('./helpers/hostile');
const { instrumentPage, openHostile, percentile, guard } = require('./helpers/hostile-page');

const FREEZE_MS = 1000;
// An input with no answer within this long is counted as a freeze that never answered, and
// the run goes on in a new browser (a frozen tab answers nothing more).
const HANG_MS = 5_000;

function args() {
  const out = { count: 10_000, seed: 1, first: 0, verbose: 0 };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    if (!(key in out)) throw new Error(`unknown option ${argv[i]} (--count N, --seed S, --first I, --verbose 1)`);
    out[key] = Number(argv[i + 1]);
  }
  return out;
}

async function newBrowser() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
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
  const { count, seed, first, verbose } = args();
  const verboseRun = verbose > 0;
  const server = await startStaticServer(DIST_DIR);
  let browser = await newBrowser();
  const problems = [];
  let page = await newLab(browser, server.origin, problems);
  const fig = { inputs: 0, answered: 0, refused: 0, accepted: 0, freezes: 0, crashes: 0, lostWork: 0, hung: 0, notAlive: 0 };
  const times = [];
  const long = [];
  const bad = [];
  let worstTask = null;
  let slowest = null;
  const started = Date.now();
  // Stopped early (Ctrl+C, kill): the figures of the inputs done so far are still printed.
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => { stopping = true; });
  const report = (what, input, r) => {
    const line = `${what}: seed ${seed} ${describeInput(input)}${r ? ` -> ${r.answerMs === null ? '' : `${r.answerMs.toFixed(0)} ms, `}${(r.message || '').slice(0, 200)}` : ''}`;
    bad.push(line);
    console.log(line);
  };
  for (const input of hostileStream(seed, REGISTRY)) {
    if (input.index < first) continue;
    if (input.index >= first + count) break;
    if (stopping) break;
    fig.inputs++;
    problems.length = 0;
    let hungNow = false;
    let r;
    try {
      r = await openHostile(page, input, { answerTimeout: HANG_MS });
    } catch (err) {
      const message = String(err.message).split('\n')[0];
      r = null;
      if (/Timeout|did not answer/.test(message)) {
        // The tab stopped answering during the input or the Step click after it: a freeze.
        fig.hung++;
        fig.freezes++;
        hungNow = true;
        report(`NO ANSWER (${message})`, input, null);
      } else {
        report(`ERROR (${message})`, input, null);
      }
    }
    if (verboseRun && r) console.log(`${input.index} ${input.kind} ${input.algorithm} ${r.refused ? 'refused' : 'accepted'} ${r.answerMs?.toFixed(0)} ms: ${(r.message || '').slice(0, 160)}`);
    const crashed = (!r && !hungNow) || (r && r.crashed) || problems.some((p) => /crash|page error|panic/i.test(p));
    if (r && r.answered) {
      fig.answered++;
      times.push(r.answerMs);
      if (r.refused) fig.refused++;
      else fig.accepted++;
      if (r.answerMs > FREEZE_MS) {
        fig.freezes++;
        report('FREEZE', input, r);
      }
      if (r.lostWork) {
        fig.lostWork++;
        report(`LOST WORK (before ${JSON.stringify(r.before)} after ${JSON.stringify(r.after)})`, input, r);
      }
      for (const t of r.longTasks) {
        long.push(t.duration);
        if (!worstTask || t.duration > worstTask.duration) worstTask = { duration: t.duration, input };
      }
      if (!slowest || r.answerMs > slowest.ms) slowest = { ms: r.answerMs, input, message: r.message };
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
    if (crashed || !r || !r.answered || !r.alive) {
      // Start again in a fresh browser so one failure does not hide the next (a frozen tab
      // may keep its renderer busy).
      await guard(browser.close(), 10_000, 'closing the browser').catch(() => {});
      browser = await newBrowser();
      page = await newLab(browser, server.origin, problems);
    }
    if (fig.inputs % 500 === 0) {
      const s = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`... ${fig.inputs} inputs in ${s} s: ${fig.refused} refused, ${fig.accepted} accepted, ${fig.freezes} freezes, ${fig.crashes} crashes, ${fig.lostWork} lost work`);
    }
  }
  await guard(browser.close(), 10_000, 'closing the browser').catch(() => {});
  await server.close();
  const over100 = long.filter((d) => d > 100);
  const fmt = (v) => (v === null || v === undefined ? 'n/a' : `${v.toFixed(0)} ms`);
  console.log('');
  console.log(`hostile inputs (seed ${seed}, inputs ${first}..${first + fig.inputs - 1}${stopping ? `, stopped early: ${fig.inputs} of ${count}` : ''}), ${((Date.now() - started) / 1000).toFixed(0)} s:`);
  console.log(`  inputs          ${fig.inputs}`);
  console.log(`  answered        ${fig.answered}`);
  console.log(`  refused         ${fig.refused}`);
  console.log(`  accepted        ${fig.accepted}`);
  console.log(`  freezes         ${fig.freezes} (no answer within ${FREEZE_MS} ms; ${fig.hung} of them none within ${HANG_MS} ms)`);
  console.log(`  panics/crashes  ${fig.crashes}`);
  console.log(`  not alive       ${fig.notAlive} (a Step click after the answer did not answer)`);
  console.log(`  lost work       ${fig.lostWork}`);
  console.log(`  answer time     max ${fmt(times.length ? Math.max(...times) : null)}, p99 ${fmt(percentile(times, 99))}, median ${fmt(percentile(times, 50))}`);
  console.log(`  long tasks      ${long.length} in all; ${over100.length} over 100 ms, max ${fmt(long.length ? Math.max(...long) : null)}`);
  if (slowest) console.log(`  slowest answer: ${describeInput(slowest.input).slice(0, 200)} -> ${slowest.message.slice(0, 160)}`);
  if (worstTask) console.log(`  longest task:   ${describeInput(worstTask.input).slice(0, 200)}`);
  if (bad.length) console.log(`\n${bad.length} inputs to look at (above).`);
  process.exitCode = fig.freezes || fig.crashes || fig.lostWork || fig.notAlive ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
