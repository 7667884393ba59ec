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
const { decodePng } = require('../png');

const QUIET_MS = 5000;
// Lighthouse's mobile preset as its devtools throttling applies it (browser-bench.js's
// throttledLoads uses them too): Slow 4G (562.5 ms a request, 1,474.56 kbit/s down, 675 up) and
// a 4× slower CPU (set where used), its phone's screen.
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

/** The sites: ours and the peers that are there (a missing one is reported, not skipped silently). */
function sites(dist, peersDir) {
  // `plot`: the element each draws its plot in (TensorFlow Playground's output heatmap,
  // perceptron-fun's one WebGL canvas).
  const list = [{ name: 'Perceptron Lab', dir: dist, ours: true, plot: '#plot' }];
  for (const [name, folder, plot] of [
    ['TensorFlow Playground', 'tensorflow-playground', '#heatmap'],
    ['perceptron-fun', 'perceptron-fun', '#glcanvas'],
  ]) {
    const dir = path.join(peersDir, folder);
    list.push({ name, dir, plot, missing: !fs.existsSync(path.join(dir, 'index.html')) });
  }
  return list;
}

/**
 * The share of the plot's ink in the CSS-pixel box `box` that screenshot `a` shows as the
 * settled screenshot `b` does: the ink is every pixel of `b` in the box that is not the box's
 * most common colour (its background), so a blank box of the same background matches nothing.
 */
function inkShown(a, b, box) {
  const scale = a.width / 1280;
  const x0 = Math.max(0, Math.floor(box.x * scale));
  const y0 = Math.max(0, Math.floor(box.y * scale));
  const x1 = Math.min(a.width, Math.ceil((box.x + box.width) * scale));
  const y1 = Math.min(a.height, Math.ceil((box.y + box.height) * scale));
  const rgb = (img, x, y) => {
    const i = (y * img.width + x) * img.channels;
    return [img.data[i], img.data[i + 1], img.data[i + 2]];
  };
  const counts = new Map();
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const key = rgb(b, x, y).join();
      counts.set(key, (counts.get(key) || 0) + 1);
    }
  }
  const background = [...counts].sort((p, q) => q[1] - p[1])[0][0];
  let ink = 0;
  let shown = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const want = rgb(b, x, y);
      if (want.join() === background) continue;
      ink += 1;
      const got = rgb(a, x, y);
      if (Math.abs(got[0] - want[0]) + Math.abs(got[1] - want[1]) + Math.abs(got[2] - want[2]) <= 24) shown += 1;
    }
  }
  return ink ? shown / ink : 0;
}

/**
 * One cold, unthrottled desktop load of `site`, filmed by the browser's screencast (a PNG of
 * every frame it composites, with its time): when its plot first shows — the first frame after
 * the navigation's start that shows 90% of the plot's ink as it is 2 s after the page has
 * loaded and the plot is visible (none of the three sites changes its plot before it is used). Measured alike for
 * every site, from the navigation's start, with the screen's own frames rather than a
 * read-back in the page.
 */
async function firstPlotOnce(browser, site) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    const cdp = await context.newCDPSession(page);
    const frames = [];
    cdp.on('Page.screencastFrame', (f) => {
      frames.push({ at: f.metadata.timestamp * 1000, data: f.data });
      cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => {});
    });
    await cdp.send('Page.startScreencast', { format: 'png', maxWidth: 1280, maxHeight: 900, everyNthFrame: 1 });
    await page.goto(site.url, { waitUntil: 'load' });
    await page.locator(site.plot).waitFor({ state: 'visible' });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const box = await page.locator(site.plot).boundingBox();
    const origin = await page.evaluate(() => performance.timeOrigin);
    const settled = decodePng(Buffer.from(frames[frames.length - 1].data, 'base64'));
    for (const frame of frames.filter((f) => f.at >= origin)) {
      const image = decodePng(Buffer.from(frame.data, 'base64'));
      if (inkShown(image, settled, box) >= 0.9) {
        // The frame taken for the first plot, for a person to look at.
        if (site.keep) fs.writeFileSync(site.keep, Buffer.from(frame.data, 'base64'));
        return frame.at - origin;
      }
    }
    return NaN;
  } finally {
    await context.close();
  }
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

/**
 * A fresh context (cold cache) under the phone's conditions, with long tasks watched; `quiet()`
 * resolves once nothing has been asked for, answered or run long for QUIET_MS.
 */
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

/** One load of `url`: bytes, first contentful paint, interactive and what loaded when. */
async function loadOnce(browser, url) {
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
 * `runs` interleaved throttled loads of each site, `firstPlotRuns` interleaved unthrottled desktop
 * loads filmed for the first drawn plot (the last run's frame taken for it saved in `shots`), then
 * `runs` tap loads of ours. Returns per site the
 * median figures and the runs, and for ours the median run's files (what loads when).
 */
async function peerLoads(browser, { dist, peersDir, runs, firstPlotRuns = 3, initScript, shots }) {
  fs.mkdirSync(shots, { recursive: true });
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
        if (!site.missing) site.runs.push(await loadOnce(browser, site.url));
      }
    }
    for (let i = 0; i < firstPlotRuns; i++) {
      for (const site of list) {
        if (site.missing) continue;
        site.keep = path.join(shots, `first-plot-${site.dir.split(path.sep).filter(Boolean).pop()}.png`);
        (site.plots ??= []).push(await firstPlotOnce(browser, site));
      }
    }
    const ours = list[0];
    ours.taps = [];
    for (let i = 0; i < runs; i++) ours.taps.push(await tapOnce(browser, ours.url, initScript));
    for (const site of list) {
      if (site.missing) continue;
      const mid = (key) => median(site.runs.map((r) => r[key]));
      site.median = { bytes: mid('bytes'), fcp: mid('fcp'), interactive: mid('interactive'), loaded: mid('loaded'), busy: mid('busy'), longest: mid('longest'), plot: median(site.plots) };
      site.medianRun = [...site.runs].sort((a, b) => a.interactive - b.interactive)[Math.floor(site.runs.length / 2)];
    }
    ours.median.tap = median(ours.taps.map((t) => t.added));
    return list;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

module.exports = { peerLoads, firstPlotOnce, QUIET_MS, PHONE, SLOW_4G };
