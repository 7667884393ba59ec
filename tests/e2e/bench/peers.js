// Loading side by side with the peers (issue #33): our dist/ and the two peer tools'
// builds (`../shared/peers/`, or BENCH_PEERS), each served by the same gzip server, loaded cold
// in the same browser under Lighthouse's mobile conditions applied for real, interleaved.
//
// "Interactive" is measured for every site the same way, as the peers' README defines it:
// everything the page asked for has loaded and its main thread is free — the later of the last
// response's end and the last long task's end (> 50 ms), taken once the network and the main
// thread have been quiet for QUIET_MS. For our page it is also measured directly: a scripted
// tap on the plot as soon as the plot is drawn, and the moment the point it adds is counted
// in the status (the tap is kept while the lab loads, www/loader.js).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { gzipServer } = require('./loading');

const QUIET_MS = 5000;
// Lighthouse's mobile preset as its devtools throttling applies it (the figures of
// browser-bench.js's throttledLoads): Slow 4G and a 4× slower CPU, its phone's screen.
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

/** The sites: ours and the peers that are there (a missing one is reported, not skipped silently). */
function sites(dist, peersDir) {
  const list = [{ name: 'Perceptron Lab', dir: dist, ours: true }];
  for (const [name, folder] of [['TensorFlow Playground', 'tensorflow-playground'], ['perceptron-fun', 'perceptron-fun']]) {
    const dir = path.join(peersDir, folder);
    list.push({ name, dir, missing: !fs.existsSync(path.join(dir, 'index.html')) });
  }
  return list;
}

/** Watches long tasks from the start of the page, reported to the harness as they end. */
function watchLongTasks() {
  const tasks = (window.__longTasks = []);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      tasks.push([e.startTime, e.startTime + e.duration]);
      window.__activity?.();
    }
  }).observe({ type: 'longtask', buffered: true });
}

/** A cold, throttled load of `url` in a fresh context; `during(page)` runs once it has committed. */
async function throttledPage(browser, initScript) {
  const context = await browser.newContext(PHONE);
  if (initScript) await context.addInitScript(initScript);
  await context.addInitScript(watchLongTasks);
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let last = Date.now();
  const inflight = new Set();
  const touch = () => { last = Date.now(); };
  cdp.on('Network.requestWillBeSent', (e) => { inflight.add(e.requestId); touch(); });
  for (const done of ['Network.loadingFinished', 'Network.loadingFailed']) {
    cdp.on(done, (e) => { inflight.delete(e.requestId); touch(); });
  }
  await page.exposeFunction('__activity', touch);
  /** Resolves once nothing has been asked for, answered or run long for QUIET_MS. */
  const quiet = async () => {
    while (inflight.size > 0 || Date.now() - last < QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return { context, page, quiet };
}

/** One load of `site`: bytes, first contentful paint, interactive and what loaded when. */
async function loadOnce(browser, site, url) {
  const { context, page, quiet } = await throttledPage(browser, null);
  try {
    await page.goto(url, { waitUntil: 'load' });
    await quiet();
    return await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const files = [nav, ...performance.getEntriesByType('resource')].map((e) => ({
        file: new URL(e.name).pathname.replace(/^.*\//, '') || 'index.html',
        bytes: e.transferSize,
        start: e.startTime,
        end: e.responseEnd,
      }));
      const loaded = Math.max(...files.map((f) => f.end));
      const busy = Math.max(0, ...window.__longTasks.map(([, end]) => end));
      const longest = Math.max(0, ...window.__longTasks.map(([start, end]) => end - start));
      return {
        files,
        bytes: files.reduce((sum, f) => sum + f.bytes, 0),
        fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? NaN,
        loaded,
        busy,
        longest,
        longTasks: window.__longTasks.length,
        interactive: Math.max(loaded, busy),
      };
    });
  } finally {
    await context.close();
  }
}

/** Our page: a tap on the plot as soon as it is drawn, and when the point it adds is counted. */
async function tapOnce(browser, url, initScript) {
  const { context, page } = await throttledPage(browser, initScript);
  try {
    const drawn = new Promise((resolve) => {
      page.on('console', (m) => { if (m.text() === 'perceptron-lab-bench: first frame') resolve(); });
    });
    await page.goto(url, { waitUntil: 'commit' });
    await drawn;
    const box = await page.locator('#plot').boundingBox();
    const tappedAt = await page.evaluate(() => performance.now());
    await page.touchscreen.tap(box.x + box.width * 0.3, box.y + box.height * 0.4);
    const added = await page.evaluate(() => new Promise((resolve) => {
      const counted = () => {
        const field = document.querySelector('[data-field="points"]');
        return field && /^1\b/.test(field.textContent);
      };
      if (counted()) return resolve(performance.now());
      const watch = new MutationObserver(() => {
        if (counted()) { watch.disconnect(); resolve(performance.now()); }
      });
      watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    }));
    return { tappedAt, added };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * `runs` interleaved loads of each site, then `runs` tap loads of ours. Returns per site the
 * median figures and the runs, and for ours the median run's files (what loads when).
 */
async function peerLoads(browser, { dist, peersDir, runs, initScript }) {
  const list = sites(dist, peersDir);
  const servers = [];
  try {
    for (const site of list) {
      if (site.missing) continue;
      const server = await gzipServer(site.dir);
      servers.push(server);
      site.url = `http://127.0.0.1:${server.port}/index.html`;
      site.runs = [];
    }
    for (let i = 0; i < runs; i++) {
      for (const site of list) {
        if (!site.missing) site.runs.push(await loadOnce(browser, site, site.url));
      }
    }
    const ours = list[0];
    ours.taps = [];
    for (let i = 0; i < runs; i++) ours.taps.push(await tapOnce(browser, ours.url, initScript));
    for (const site of list) {
      if (site.missing) continue;
      const mid = (key) => median(site.runs.map((r) => r[key]));
      site.median = { bytes: mid('bytes'), fcp: mid('fcp'), interactive: mid('interactive'), loaded: mid('loaded'), busy: mid('busy'), longest: mid('longest') };
      site.medianRun = [...site.runs].sort((a, b) => a.interactive - b.interactive)[Math.floor(site.runs.length / 2)];
    }
    ours.median.tap = median(ours.taps.map((t) => t.added));
    return list;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

module.exports = { peerLoads, QUIET_MS };
