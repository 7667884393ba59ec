// The single-file module (target/packages/perceptron-lab.mjs) as a host with a read-only model
// renders it: MyST's {anywidget} directive gives the JSON body as the model, in a shadow root,
// and its save_changes throws "not implemented" (mystmd itself cannot build a site on this
// machine: its theme is downloaded from GitHub). Two labs from two bodies: both draw, one
// steps without changing the other, nothing is asked of any server but the module, axe-core
// finds no fault.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const AxeBuilder = require('@axe-core/playwright').default;
const { test, expect } = require('@playwright/test');
const { startStaticServer } = require('./helpers');
const { REPO_ROOT } = require('./env');

const MODULE = path.join(REPO_ROOT, 'target', 'packages', 'perceptron-lab.mjs');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
const SEED000 = 'v=1&a=perceptron&b=1&i=-1,0,0&e=1&o=fixed&s=1&m=1000&n=0&p=1,1,0;3,2,1;2,4,1;3,4,1;2,3,0';
const XOR = 'v=1&a=kernel&k=rbf:0.5&b=1&i=zero&e=1&o=fixed&s=1&m=100&n=0&p=1,1,1;1,-1,0;-1,1,0;-1,-1,1';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Two labs from a module</title></head>
<body><main><h1>Two labs</h1>
<section aria-label="First"><div class="host" id="one"></div></section>
<section aria-label="Second"><div class="host" id="two"></div></section>
</main>
<script type="module">
  import widget from './perceptron-lab.mjs';
  // A model as MyST's directive gives it: the body's values, no changes sent back.
  const model = (body) => ({
    get: (key) => body[key],
    set: () => { throw new Error('not implemented'); },
    save_changes: () => { throw new Error('not implemented'); },
    send: () => { throw new Error('not implemented'); },
  });
  for (const [id, body] of [['one', ${JSON.stringify({ scenario: SEED000, panels: 'trace' })}],
                            ['two', ${JSON.stringify({ scenario: XOR })}]]) {
    const host = document.getElementById(id);
    const root = host.attachShadow({ mode: 'open' });
    const el = document.createElement('div');
    root.append(el);
    widget.render({ model: model(body), el });
  }
  window.rendered = true;
</script></body></html>`;

test('two labs rendered from the module with read-only models: independent, local, accessible', async ({ page }) => {
  if (!fs.existsSync(MODULE)) throw new Error(`${MODULE} is missing: scripts/package.sh mjs builds it`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perceptron-widget-'));
  fs.copyFileSync(MODULE, path.join(dir, 'perceptron-lab.mjs'));
  fs.writeFileSync(path.join(dir, 'index.html'), PAGE);
  const server = await startStaticServer(dir);
  try {
    const asked = [];
    const errors = [];
    page.on('request', (r) => asked.push(r.url()));
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${server.origin}/index.html`);
    const one = page.locator('#one perceptron-lab');
    const two = page.locator('#two perceptron-lab');
    await expect(one.locator('[data-field="step"]')).toHaveText('0', { timeout: 20_000 });
    await expect(two.locator('[data-field="algorithm"]')).toHaveText(/Kernel perceptron/, { timeout: 20_000 });
    await expect(one.locator('[data-field="weights"]')).toHaveText('[-1, 0, 0]');
    await one.locator('button[data-act="step"]').click();
    await one.locator('button[data-act="step"]').click();
    await expect(one.locator('[data-field="step"]')).toHaveText('2');
    await expect(one.locator('[data-field="weights"]')).toHaveText('[0, 3, 2]');
    await expect(two.locator('[data-field="step"]')).toHaveText('0');
    const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    const origin = new URL(server.origin);
    expect(asked.filter((url) => !url.startsWith('blob:') && new URL(url).host !== origin.host)).toEqual([]);
    expect(server.requests.filter((p) => p !== '/index.html' && p !== '/perceptron-lab.mjs')).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
