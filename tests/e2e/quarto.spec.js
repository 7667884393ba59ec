// The Quarto extension (scripts/package.sh quarto: target/packages/quarto/_extensions/
// perceptron-lab). Quarto itself cannot be installed on this machine (PyPI's quarto-cli
// downloads its binary from GitHub), so its two parts are run with what Quarto runs them with:
//   - the shortcode's Lua, by pandoc (Debian's), with a stand-in for Quarto's `quarto.doc`
//     (tests/sites/quarto/shortcode-cases.lua): the element, its attributes escaped, the module
//     added as an HTML dependency, a sentence in formats that are not HTML;
//   - its HTML, in a page and on a reveal.js 5 slide (reveal.js from npm, as Quarto's revealjs
//     format uses it), at the projector's 1024×768: the lab steps, keys it takes do not turn
//     the slide, and after going on to slide 3 and back it shows the same step.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const AxeBuilder = require('@axe-core/playwright').default;
const { test, expect } = require('@playwright/test');
const { startStaticServer } = require('./helpers');
const { REPO_ROOT, SCREENSHOT_DIR } = require('./env');

const EXT = path.join(REPO_ROOT, 'target', 'packages', 'quarto', '_extensions', 'perceptron-lab');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
const SEED000 = 'v=1&a=perceptron&b=1&i=-1,0,0&e=1&o=fixed&s=1&m=1000&n=0&p=1,1,0;3,2,1;2,4,1;3,4,1;2,3,0';

/** The shortcode's output for each case of shortcode-cases.lua: { case: { deps, html } }. */
function shortcode() {
  const out = execFileSync('pandoc', [
    '-f', 'markdown', '-t', 'html', '-o', os.devNull,
    '--metadata', `shortcode=${path.join(EXT, 'perceptron-lab.lua')}`,
    '--lua-filter', path.join(REPO_ROOT, 'tests', 'sites', 'quarto', 'shortcode-cases.lua'),
  ], { input: '', encoding: 'utf8' });
  return Object.fromEntries(out.trim().split('\n').map((line) => {
    const [name, deps, html] = line.split('\t');
    return [name, { deps, html }];
  }));
}

let dir;
let server;
let cases;

test.beforeAll(async () => {
  if (!fs.existsSync(path.join(EXT, 'perceptron-lab.mjs'))) throw new Error(`${EXT} is missing: scripts/package.sh quarto builds it`);
  cases = shortcode();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perceptron-quarto-'));
  fs.cpSync(path.join(__dirname, 'node_modules', 'reveal.js', 'dist'), path.join(dir, 'reveal'), { recursive: true });
  // The shortcode's HTML for the lab on the page and on the slide, with the module scripts it
  // adds, as Quarto would place them.
  const lab = (kwargs, formats) => {
    const out = execFileSync('pandoc', [
      '-f', 'markdown', '-t', 'html', '-o', os.devNull,
      '--metadata', `shortcode=${path.join(EXT, 'perceptron-lab.lua')}`,
      '--metadata', `kwargs=${Object.entries(kwargs).map(([k, v]) => `${k}\t${v}`).join('\n')}`,
      '--metadata', `formats=${formats}`,
      '--lua-filter', path.join(REPO_ROOT, 'tests', 'sites', 'quarto', 'shortcode-cases.lua'),
    ], { input: '', encoding: 'utf8' });
    const [deps, html] = out.trim().split('\t');
    const scripts = deps.split(':')[1].split(';').map((s) => {
      const [, file, attribs] = s.match(/^(.*)\[(.*)\]$/);
      expect(attribs).toContain('type=module');
      fs.copyFileSync(path.join(EXT, file), path.join(dir, file));
      return `<script type="module" src="${file}"></script>`;
    });
    return { html, scripts: scripts.join('\n') };
  };
  const onPage = lab({ scenario: SEED000, panels: 'trace', name: 'Seed 000' }, 'html,html:js');
  const onSlide = lab({ scenario: SEED000, name: 'Seed 000', height: '520px' }, 'revealjs,html:js');
  const head = '<meta charset="utf-8"><link rel="icon" href="data:,">';
  fs.writeFileSync(path.join(dir, 'page.html'), `<!doctype html><html lang="en"><head>${head}<title>A Quarto page</title></head>
<body><main><h1>The perceptron rule</h1><p>Step through the course's worked example.</p>
${onPage.html}
</main>${onPage.scripts}</body></html>`);
  fs.writeFileSync(path.join(dir, 'deck.html'), `<!doctype html><html lang="en"><head>${head}<title>A Quarto deck</title>
<link rel="stylesheet" href="reveal/reveal.css"><link rel="stylesheet" href="reveal/theme/white.css"></head>
<body><div class="reveal"><div class="slides">
<section><h1>The perceptron</h1></section>
<section><h2>Step it</h2>${onSlide.html}</section>
<section><h2>What changed?</h2><p>w moved towards the sample it got wrong.</p></section>
</div></div>
<script src="reveal/reveal.js"></script>
<script>Reveal.initialize({ hash: true, width: 1050, height: 700 });</script>
${onSlide.scripts}</body></html>`);
  server = await startStaticServer(dir);
});

test.afterAll(async () => {
  if (server) await server.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('the shortcode writes the element with its arguments escaped and adds the module once', () => {
  const module = 'perceptron-lab@1.0.0:perceptron-lab.mjs[type=module,after-body]';
  expect(cases.plain).toEqual({
    deps: module,
    html: '<div class="perceptron-lab-box" style="display:block"><perceptron-lab name="Perceptron Lab"></perceptron-lab></div>',
  });
  expect(cases.all.deps).toBe(module);
  expect(cases.all.html).toBe('<div class="perceptron-lab-box" style="display:block;max-height:560px;overflow:auto">'
    + '<perceptron-lab scenario="v=1&amp;a=perceptron&amp;p=1,1,1;-1,-1,0" open-panels="trace" hide="settings,theory" '
    + 'name="Seed 000" theme="dark" full></perceptron-lab></div>');
  // Markup in a name stays text; a height that is no CSS length is left out.
  expect(cases.hostile.html).toBe('<div class="perceptron-lab-box" style="display:block">'
    + '<perceptron-lab name="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"></perceptron-lab></div>');
  // On a reveal.js slide, the deck is laid out again once the lab has mounted.
  expect(cases.slide.deps).toBe('perceptron-lab@1.0.0:perceptron-lab.mjs[type=module,after-body];perceptron-lab-reveal.js[type=module,after-body]');
  expect(cases.pdf).toEqual({ deps: '', html: 'PARA:An interactive Perceptron Lab is here in the HTML version.' });
});

test("the page's lab works: it steps, and nothing is asked of another host", async ({ page }) => {
  const asked = [];
  page.on('request', (r) => asked.push(r.url()));
  await page.goto(`${server.origin}/page.html`);
  const lab = page.locator('perceptron-lab');
  await expect(lab.locator('[data-field="weights"]')).toHaveText('[-1, 0, 0]', { timeout: 20_000 });
  await lab.locator('button[data-act="step"]').click();
  await lab.locator('button[data-act="step"]').click();
  await expect(lab.locator('[data-field="weights"]')).toHaveText('[0, 3, 2]');
  await expect(lab.locator('[aria-label="Seed 000"]')).toHaveCount(1);
  const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  const origin = new URL(server.origin);
  expect(asked.filter((url) => !/^(blob|data):/.test(url) && new URL(url).host !== origin.host)).toEqual([]);
});

test('on a reveal.js slide: keys the lab takes stay the lab’s, and the step is kept when the slide is left and shown again', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`${server.origin}/deck.html#/1`);
  const slide = () => page.evaluate(() => window.Reveal.getIndices().h);
  await expect.poll(slide).toBe(1);
  const lab = page.locator('section.present perceptron-lab');
  const step = lab.locator('[data-field="step"]');
  await expect(step).toHaveText('0', { timeout: 20_000 });
  await lab.locator('button[data-act="step"]').click();
  await expect(step).toHaveText('1');
  // → and Space with the lab focused step the lab; the deck stays on its slide.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press(' ');
  await expect(step).toHaveText('3');
  expect(await slide()).toBe(1);
  await expect(lab.locator('[data-field="weights"]')).toHaveText('[0, 3, 2]');
  // A point clicked on the scaled slide lands on the plot.
  const points = lab.locator('[data-field="points"]');
  await expect(points).toHaveText(/^5 /);
  const canvas = lab.locator('canvas').first();
  const box = await canvas.boundingBox();
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.75);
  await expect(points).toHaveText(/^6 /);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'quarto-slide.png'), scale: 'css' });
  const weights = await lab.locator('[data-field="weights"]').textContent();

  // On to slide 3 (the deck's own key, with the focus outside the lab) and back.
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('ArrowRight');
  await expect.poll(slide).toBe(2);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(slide).toBe(1);
  await expect(step).toHaveText('3');
  await expect(points).toHaveText(/^6 /);
  await expect(lab.locator('[data-field="weights"]')).toHaveText(weights);
  // The slide is laid out around the mounted lab: its heading and the lab's Step button are
  // on screen.
  for (const part of [page.locator('section.present > h2'), lab.locator('button[data-act="step"]')]) {
    const b = await part.boundingBox();
    expect(b.y).toBeGreaterThanOrEqual(0);
    expect(b.y + b.height).toBeLessThanOrEqual(768);
  }
  // Drawn again at its size on the slide.
  await expect.poll(async () => (await canvas.boundingBox()).width).toBeGreaterThan(300);
  await expect.poll(() => canvas.evaluate((c) => c.width)).toBeGreaterThan(300);
});
