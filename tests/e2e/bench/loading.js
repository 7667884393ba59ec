// Loading figures of the browser benchmarks (issue #13): Lighthouse's mobile performance audit
// of the page served with gzip, and how often the course page, with several labs, fetches and
// compiles the WebAssembly module.
'use strict';

const path = require('node:path');
const { spawn } = require('node:child_process');
const { CHROMIUM_PATH, CHROMIUM_ARGS } = require('../env');

/** Starts `gzip-server.js` on `dir`; resolves to `{ port, stop }` once it listens. */
function gzipServer(dir) {
  const server = spawn(process.execPath, [path.join(__dirname, 'gzip-server.js'), dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () =>
    new Promise((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', resolve);
      server.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /listening (\d+)/.exec(out);
      if (m) resolve({ port: Number(m[1]), stop });
    });
    server.once('exit', (code) => reject(new Error(`gzip-server.js stopped (exit ${code}) before listening`)));
  });
}

/**
 * Serves `dir` uncompressed on 127.0.0.1 with the two headers that make a page cross-origin
 * isolated (`Cross-Origin-Opener-Policy: same-origin`, `Cross-Origin-Embedder-Policy:
 * require-corp`; every file of dist/ is same-origin): there `performance.now()` counts in 5 µs
 * steps instead of 100 µs. Resolves to `{ url, stop }`.
 */
function isolatedServer(dir) {
  const http = require('http');
  const serveStatic = require('serve-static');
  const finalhandler = require('finalhandler');
  const serve = serveStatic(dir, {
    index: ['index.html'],
    setHeaders: (res) => {
      res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
      res.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
    },
  });
  const server = http.createServer((req, res) => serve(req, res, finalhandler(req, res)));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}/`,
        stop: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      })
    );
  });
}

/**
 * Lighthouse's performance category `runs` times on `page` of `dist/` served with gzip, in its default
 * (mobile) configuration: a phone's screen, simulated Slow 4G and a 4× slower CPU. Each run's
 * score (0–100), largest and first contentful paint, total blocking time, speed index and the
 * bytes transferred.
 */
async function lighthouseRuns(dist, runs, page = 'index.html') {
  const server = await gzipServer(dist);
  const { default: lighthouse } = await import('lighthouse');
  const launcher = await import('chrome-launcher');
  const chrome = await launcher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
  });
  try {
    const out = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`http://127.0.0.1:${server.port}/${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      const value = (id) => lhr.audits[id].numericValue;
      // The unthrottled load Lighthouse observed, from which it simulates Slow 4G: when the
      // first paint came and when the wasm's download ended. The simulation puts before the
      // paint the requests that had ended before it.
      const observed = lhr.audits.metrics.details.items[0];
      const wasm = lhr.audits['network-requests'].details.items.find((r) => r.url.endsWith('/perceptron-lab_bg.wasm'));
      out.push({
        observedFcp: observed.observedFirstContentfulPaint,
        wasmEnd: wasm ? wasm.networkEndTime : NaN,
        score: Math.round(lhr.categories.performance.score * 100),
        lcp: value('largest-contentful-paint'),
        fcp: value('first-contentful-paint'),
        tbt: value('total-blocking-time'),
        si: value('speed-index'),
        bytes: value('total-byte-weight'),
        lcpElement: lcpElement(lhr),
        formFactor: lhr.configSettings.formFactor,
        throttling: lhr.configSettings.throttlingMethod,
      });
    }
    return out;
  } finally {
    await chrome.kill();
    await server.stop();
  }
}

/** What Lighthouse took for the largest contentful paint: the element's selector. */
function lcpElement(lhr) {
  const audit = lhr.audits['largest-contentful-paint-element'];
  const items = (audit && audit.details && audit.details.items) || [];
  for (const item of items) {
    for (const entry of [item, ...((item.items) || [])]) {
      const node = entry.node || (entry.element && entry.element.node);
      if (node && (node.selector || node.nodeLabel)) return node.selector || node.nodeLabel;
    }
  }
  return 'not reported';
}

/**
 * The course page (`course.html`, several labs mounted by embed.js and two iframes): how many
 * labs the page itself mounts, how often it requests the wasm and how often it compiles it
 * (`WebAssembly.compile*` or `instantiate*` from bytes), counted in the page's own frame: each
 * iframe is a page of its own.
 */
async function courseCompiles(browser, baseUrl, viewport) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(() => {
    if (window !== window.top) return;
    const counts = (window.__compiles = { compiled: 0, instantiated: 0 });
    for (const name of ['compile', 'compileStreaming', 'instantiate', 'instantiateStreaming']) {
      const original = WebAssembly[name];
      WebAssembly[name] = function (source, ...rest) {
        // Instantiating a compiled module compiles nothing.
        if (source instanceof WebAssembly.Module) counts.instantiated += 1;
        else counts.compiled += 1;
        return original.call(this, source, ...rest);
      };
    }
  });
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  const requests = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.wasm') && request.frame() === page.mainFrame()) {
      requests.push(request.url());
    }
  });
  try {
    await page.goto(new URL('course.html', baseUrl).href);
    await page.waitForFunction(() => window.PerceptronLab && window.__compiles);
    const labs = await page.evaluate(async () => {
      await window.PerceptronLab.ready;
      const hosts = [...document.querySelectorAll('[data-perceptron-lab]')];
      return { hosts: hosts.length, mounted: hosts.filter((h) => h.perceptronLab).length };
    });
    const counts = await page.evaluate(() => window.__compiles);
    return { ...labs, ...counts, requests: requests.length };
  } finally {
    await context.close();
  }
}

module.exports = { lighthouseRuns, courseCompiles, gzipServer, isolatedServer };
