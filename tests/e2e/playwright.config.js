// Playwright configuration for Perceptron Lab's end-to-end tests.
//
// Run from tests/e2e:  npm test   (or: npx playwright test)
// Needs: the built page in ../../dist (`trunk build --release --features test-hooks` in the repo root: the tests use its hooks) and, for the
// CLI comparisons, the perceptron-trace binary ($PERCEPTRON_TRACE, default
// ../../target/release/perceptron-trace). scripts/test.sh provides both. Browsers are not
// downloaded: Debian's Chromium (/usr/bin/chromium) is used.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { defineConfig } = require('@playwright/test');
const { CHROMIUM_PATH, CHROMIUM_ARGS, DIST_DIR } = require('./env');

const PORT = Number(process.env.E2E_PORT || 8091);
// The folder served; E2E_DIST can point at another build (e.g. a patched copy) for experiments.
const SERVED = process.env.E2E_DIST ? path.resolve(process.env.E2E_DIST) : DIST_DIR;
const SERVED_ARG = process.env.E2E_DIST ? JSON.stringify(SERVED) : '../../dist';

if (!fs.existsSync(path.join(SERVED, 'index.html'))) {
  throw new Error(
    `No built page at ${SERVED}/index.html. Build it first: ` +
      'run scripts/test.sh from the repository root, or `trunk build --release --features test-hooks` there'
  );
}

// The specs that report the page's long tasks (PerformanceObserver 'longtask', reported, never
// asserted). With two workers on two cores each worker's browser gets half the machine and its
// tasks take twice as long, so scripts/test.sh runs these alone, one at a time:
// E2E_TIMED=skip runs every other spec, E2E_TIMED=only these with one worker; unset, all of them.
const TIMED = ['long-work.spec.js', 'budget.spec.js', 'compare-work.spec.js', 'hostile.spec.js'];
const TIMED_MODE = process.env.E2E_TIMED || 'all';
if (!['all', 'skip', 'only'].includes(TIMED_MODE)) {
  throw new Error(`E2E_TIMED is "${TIMED_MODE}": use skip, only, or leave it unset`);
}

module.exports = defineConfig({
  testDir: __dirname,
  testMatch: TIMED_MODE === 'only' ? TIMED : '*.spec.js',
  testIgnore: TIMED_MODE === 'skip' ? TIMED : [],
  outputDir: path.join(__dirname, 'test-results'),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: TIMED_MODE === 'only' ? 1 : 2,
  // 'list' shows each test; the summary reporter closes with "e2e: N passed, N failed".
  reporter: [['list'], ['./summary-reporter.js']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 2,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: `python3 -m http.server ${PORT} --bind 127.0.0.1 --directory ${SERVED_ARG}`,
    cwd: __dirname,
    url: `http://127.0.0.1:${PORT}/index.html`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'ignore', // the request log; a server that fails to start times out with a message
  },
});
