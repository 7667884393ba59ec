// Security: the page works under a strict Content-Security-Policy, sends no request off its own
// origin, and never puts a user's string into HTML.
//
// The CSP tests serve a snapshot of the build with csp-server.js (started and stopped by each
// test on a free port) so the header is really sent; the policy is the base policy plus the
// sha256 of each inline <script> in index.html, computed here as scripts/csp.sh does (and
// compared with its output). The page has none (its loader is a file, www/loader.js), so the
// policy is the base one. The request and innerHTML tests use the ordinary server, without
// a policy, so that nothing is blocked before it could be seen: they must catch a stray request
// or an injected element on their own.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const base = require('@playwright/test');
const { test, expect, Lab, openLab, SEED000, isPositiveColour, isNegativeColour } = require('./helpers');
const { DIST_DIR, REPO_ROOT } = require('./env');
const { inlineScriptHashes, policyWith, startServer } = require('./csp-server');

const SERVED = process.env.E2E_DIST ? path.resolve(process.env.E2E_DIST) : DIST_DIR;
const BASE = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";

/**
 * Copies the build to a temporary folder (so a concurrent rebuild of dist/ cannot change it
 * under the test), its index.html changed by `edit`, serves it with `policyOf(hashes)` and returns { url, origin, policy, hashes,
 * close }.
 */
async function serveSnapshot(policyOf, edit = (html) => html) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perceptron-csp-'));
  fs.cpSync(SERVED, dir, { recursive: true });
  const index = path.join(dir, 'index.html');
  fs.writeFileSync(index, edit(fs.readFileSync(index, 'utf8')));
  const hashes = inlineScriptHashes(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'));
  const policy = policyOf(hashes);
  const server = await startServer({ dir, csp: policy });
  return {
    ...server,
    policy,
    hashes,
    dir,
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Records `securitypolicyviolation` events from before the page's first script runs. */
async function watchViolations(page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        sample: e.sample,
        line: e.lineNumber,
      });
    });
  });
}

const violations = (page) => page.evaluate(() => window.__cspViolations || []);

/** Console errors, page errors, failed requests and HTTP errors, as the `lab` fixture collects. */
function watchProblems(page) {
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()} for ${r.url()}`);
  });
  return problems;
}

/** The lab handle is there and the first frame is drawn (to_css gives a position). */
const labReady = () =>
  !!window.perceptronLab &&
  typeof window.perceptronLab.to_css === 'function' &&
  Array.from(window.perceptronLab.to_css(0, 0)).length === 2;

test.describe('Content-Security-Policy', () => {
  test('scripts/csp.sh prints the policy the tests use', () => {
    let printed;
    try {
      printed = execFileSync(path.join(REPO_ROOT, 'scripts', 'csp.sh'), [SERVED], { encoding: 'utf8' }).trim();
    } catch (e) {
      throw new Error(`scripts/csp.sh failed: ${e.message}`);
    }
    const html = fs.readFileSync(path.join(SERVED, 'index.html'), 'utf8');
    const hashes = inlineScriptHashes(html);
    expect(printed).toBe(policyWith(hashes));
    expect(printed.startsWith("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'")).toBe(true);
    expect(printed).not.toContain('unsafe-inline');
    for (const h of hashes) expect(h).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });

  test('the page works under the strict policy, which needs no hash (no inline script)', async ({ page }) => {
    const server = await serveSnapshot((hashes) => policyWith(hashes));
    try {
      expect(server.hashes, 'inline scripts in index.html').toEqual([]);
      expect(server.policy).toBe(BASE);
      await watchViolations(page);
      const problems = watchProblems(page);

      const response = await page.goto(server.url);
      expect(response.headers()['content-security-policy'], 'the header is sent').toBe(server.policy);
      await expect
        .poll(() => page.evaluate(labReady), { message: 'the lab starts and draws', timeout: 20_000 })
        .toBe(true);

      const lab = new Lab(page, problems);
      await expect(lab.field('step')).toHaveText('0');
      await expect.poll(async () => (await lab.canvasSizes()).width).toBeGreaterThan(0);

      // A click adds a point of each class; both are drawn in their class colour.
      const [neg, pos] = [SEED000[0], SEED000[1]];
      await lab.addPoint(pos.x, pos.y);
      await lab.addPoint(neg.x, neg.y, 'right');
      await expect(lab.field('points')).toHaveText('2 (1 of +1, 1 of -1)');
      await lab.expectColourAt(pos.x, pos.y, isPositiveColour, 'the +1 point is drawn');
      await lab.expectColourAt(neg.x, neg.y, isNegativeColour, 'the −1 point is drawn');

      // Step steps.
      await lab.clickStep();
      await expect(lab.field('step')).toHaveText('1');
      await lab.clickStep();
      await expect(lab.field('step')).toHaveText('2');

      await lab.screenshot('csp-strict.png');
      await expect(page.locator('#crash')).toBeHidden();
      expect(await violations(page), 'securitypolicyviolation events').toEqual([]);
      expect(problems, 'console errors, page errors, failed requests').toEqual([]);
    } finally {
      await server.close();
    }
  });

  test('negative control: an inline script put into the page is refused; the lab still starts', async ({ page }) => {
    const server = await serveSnapshot(
      () => policyWith([]),
      (html) => html.replace('</body>', '<script>window.__inline = true;</script></body>')
    );
    try {
      expect(server.hashes.length, 'the added script').toBe(1);
      expect(server.policy).toBe(BASE);
      await watchViolations(page);
      const response = await page.goto(server.url);
      expect(response.headers()['content-security-policy']).toBe(server.policy);
      await expect
        .poll(async () => (await violations(page)).map((v) => v.directive), {
          message: 'the inline script is refused',
          timeout: 10_000,
        })
        .toContain('script-src-elem');
      await expect
        .poll(() => page.evaluate(labReady), { message: 'the lab starts and draws', timeout: 20_000 })
        .toBe(true);
      expect(await page.evaluate(() => window.__inline === undefined), 'the inline script did not run').toBe(true);
    } finally {
      await server.close();
    }
  });

  test("negative control: without 'wasm-unsafe-eval' the wasm does not start", async ({ page }) => {
    const server = await serveSnapshot((hashes) => policyWith(hashes).replace(" 'wasm-unsafe-eval'", ''));
    try {
      expect(server.policy).not.toContain('wasm-unsafe-eval');
      await watchViolations(page);
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(server.url);
      await expect
        .poll(async () => (await violations(page)).map((v) => v.directive), {
          message: 'compiling the wasm is refused',
          timeout: 10_000,
        })
        .toContain('script-src');
      // The page says that the lab could not start, and why.
      await expect(page.locator('#not-loaded')).toBeVisible();
      await expect(page.locator('#not-loaded')).toContainText('did not load');
      await expect(page.locator('#not-loaded-message')).not.toBeEmpty();
      await page.waitForTimeout(2_000);
      expect(await page.evaluate(() => window.perceptronLab === undefined), 'window.perceptronLab').toBe(true);
    } finally {
      await server.close();
    }
  });
});

base.test('no request leaves the page’s origin (load, clicks, steps, Play, export)', async ({ page }) => {
  const urls = [];
  page.on('request', (r) => urls.push(r.url()));
  page.on('websocket', (w) => urls.push(w.url()));
  const problems = watchProblems(page);
  const lab = await openLab(page, problems);
  const origin = new URL(page.url()).origin;

  await lab.enterPoints(SEED000);
  await lab.clickStep(3);
  await expect(lab.field('step')).toHaveText('3');
  await lab.loadPreset('noisy');
  await page.locator('#play').click();
  await expect.poll(async () => Number(await lab.text('step')), { message: 'Play steps' }).toBeGreaterThan(2);
  await page.locator('#play').click();
  await lab.download('[data-panel="trace"] [data-panel-act="csv"]');

  expect(urls.some((u) => u.endsWith('.wasm')), 'requests were recorded (the wasm among them)').toBe(true);
  const foreign = urls.filter((u) => !(u.startsWith(`${origin}/`) || u.startsWith('data:') || u.startsWith('blob:')));
  expect(foreign, `requests outside ${origin}`).toEqual([]);
  expect(problems).toEqual([]);
});

test.describe('no user string in HTML', () => {
  test('the page glue never writes HTML', () => {
    const sink = /\b(innerHTML|outerHTML|insertAdjacentHTML|document\.write(ln)?)\b/;
    const app = fs.readFileSync(path.join(REPO_ROOT, 'www', 'app.js'), 'utf8');
    const lines = app.split('\n').map((l, i) => `www/app.js:${i + 1}: ${l.trim()}`);
    expect(lines.filter((l) => sink.test(l))).toEqual([]);
    // The Rust side writes the DOM too (status fields, trace rows): text and attributes only.
    const rustSink = /\b(set_inner_html|set_outer_html|insert_adjacent_html|write_with_str|writeln_with_str)\b/;
    const webDir = path.join(REPO_ROOT, 'src', 'web');
    const hits = [];
    for (const name of fs.readdirSync(webDir, { recursive: true })) {
      if (!name.endsWith('.rs')) continue;
      fs.readFileSync(path.join(webDir, name), 'utf8')
        .split('\n')
        .forEach((l, i) => {
          if (rustSink.test(l)) hits.push(`src/web/${name}:${i + 1}: ${l.trim()}`);
        });
    }
    expect(hits).toEqual([]);
  });

  test('markup typed into the settings is shown as text', async ({ lab, page }) => {
    const payload = '<img src=x onerror=window.__pwned=1>';
    await lab.applySettings({ init: payload, eta: payload, seed: payload, maxEpochs: payload });
    const error = page.locator('#settings-error');
    await expect(error).toContainText(payload);
    expect(await error.evaluate((el) => el.childElementCount), 'elements inside #settings-error').toBe(0);
    expect(await page.locator('img').count(), 'img elements on the page').toBe(0);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.__pwned), 'window.__pwned').toBeUndefined();
    // The state did not change: still step 0 with the default weights.
    await expect(lab.field('step')).toHaveText('0');
  });
});
