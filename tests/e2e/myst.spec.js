// The lab in a MyST book: tests/sites/myst (two {anywidget} directives with the single-file
// module, target/packages/perceptron-lab.mjs) built by the real `myst build --site` (mystmd from
// npm), and its page's widgets rendered by the MyST theme's own renderer for them
// (@myst-theme/anywidget, as the book theme registers it: the module imported from the URL
// the build wrote, the directive's JSON body as a read-only model whose save_changes and send
// throw, in a shadow root). The theme's page shell itself (`myst build --html`) is downloaded
// from GitHub and cannot be fetched here; the page below stands in for it. Two labs: both
// draw, one steps without changing the other, nothing leaves 127.0.0.1, axe-core finds no fault.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const AxeBuilder = require('@axe-core/playwright').default;
const esbuild = require('esbuild');
const { test, expect } = require('@playwright/test');
const { startStaticServer } = require('./helpers');
const { REPO_ROOT, SCREENSHOT_DIR } = require('./env');

const MODULE = path.join(REPO_ROOT, 'target', 'packages', 'perceptron-lab.mjs');
const SITE = path.join(REPO_ROOT, 'tests', 'sites', 'myst');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Perceptron Lab in MyST</title></head>
<body><main><h1>The perceptron, two labs on one page</h1><div id="article"></div></main>
<script type="module">
  import './myst-theme.js';
  const page = await (await fetch('./content/index.json')).json();
  window.widgets = window.renderMystWidgets(page.mdast, document.getElementById('article'));
</script></body></html>`;

let dir;
let server;
let built;

test.beforeAll(async () => {
  if (!fs.existsSync(MODULE)) throw new Error(`${MODULE} is missing: scripts/package.sh mjs builds it`);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perceptron-myst-'));
  const book = path.join(dir, 'book');
  fs.cpSync(SITE, book, { recursive: true });
  fs.copyFileSync(MODULE, path.join(book, 'perceptron-lab.mjs'));
  const myst = path.join(__dirname, 'node_modules', '.bin', 'myst');
  execFileSync(myst, ['build', '--site'], { cwd: book, stdio: 'pipe', env: { ...process.env, NO_COLOR: '1' } });
  // What a MyST site serves: public/ at its root, and the pages' content.
  const out = path.join(dir, 'site');
  fs.cpSync(path.join(book, '_build', 'site', 'public'), out, { recursive: true });
  fs.cpSync(path.join(book, '_build', 'site', 'content'), path.join(out, 'content'), { recursive: true });
  built = JSON.parse(fs.readFileSync(path.join(out, 'content', 'index.json'), 'utf8'));
  await esbuild.build({
    entryPoints: [path.join(__dirname, 'helpers', 'myst-theme.jsx')],
    bundle: true,
    format: 'esm',
    outfile: path.join(out, 'myst-theme.js'),
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  fs.writeFileSync(path.join(out, 'index.html'), PAGE);
  server = await startStaticServer(out);
});

test.afterAll(async () => {
  if (server) await server.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('myst build --site keeps both directives: the module copied as it is, the bodies as models', async () => {
  const nodes = [];
  const walk = (node) => {
    if (node.type === 'anywidget') nodes.push(node);
    (node.children || []).forEach(walk);
  };
  walk(built.mdast);
  expect(nodes.map((n) => n.model.name)).toEqual(['Seed 000', 'Four points']);
  expect(nodes[0].model.panels).toBe('trace');
  expect(new Set(nodes.map((n) => n.esm)).size).toBe(1);
  const copied = fs.readFileSync(path.join(dir, 'site', nodes[0].esm));
  expect(copied.equals(fs.readFileSync(MODULE))).toBe(true);
});

test('two labs in the MyST page: they draw, one steps alone, nothing leaves 127.0.0.1, accessible', async ({ page }) => {
  const asked = [];
  const errors = [];
  page.on('request', (r) => asked.push(r.url()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${server.origin}/index.html`);
  const labs = page.locator('.myst-anywidget perceptron-lab');
  await expect(labs).toHaveCount(2, { timeout: 20_000 });
  const [one, two] = [labs.nth(0), labs.nth(1)];
  await expect(one.locator('[data-field="step"]')).toHaveText('0', { timeout: 20_000 });
  await expect(two.locator('[data-field="step"]')).toHaveText('0', { timeout: 20_000 });
  await expect(one.locator('canvas').first()).toBeVisible();
  await expect(two.locator('canvas').first()).toBeVisible();
  await expect(one.locator('[aria-label="Seed 000"]')).toHaveCount(1);
  await expect(one.locator('[data-field="weights"]')).toHaveText('[-1, 0, 0]');
  await one.locator('button[data-act="step"]').click();
  await one.locator('button[data-act="step"]').click();
  await expect(one.locator('[data-field="step"]')).toHaveText('2');
  await expect(one.locator('[data-field="weights"]')).toHaveText('[0, 3, 2]');
  await expect(two.locator('[data-field="step"]')).toHaveText('0');
  await expect(two.locator('[data-field="weights"]')).toHaveText('[0, 0, 0]');
  const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'myst-page.png'), fullPage: true });
  const origin = new URL(server.origin);
  expect(asked.filter((url) => !/^(blob|data):/.test(url) && new URL(url).host !== origin.host)).toEqual([]);
  expect(errors).toEqual([]);
});
