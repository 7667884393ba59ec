// The <perceptron-lab> element (www/embed.js) on dist/course.html: it mounts in its own shadow
// root and steps (its Step button and el.step()), fires step and change events (bubbling,
// composed), opens a new scenario and hides again when its attributes change, destroys its lab
// when it leaves the page and mounts again when it comes back, keeps its size under a page
// stylesheet that changes the page's own buttons, and axe-core finds nothing in it. Saves
// element-course.png in tests/e2e/screenshots/ for a person to look at.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test } = require('@playwright/test');
const AxeBuilder = require('@axe-core/playwright').default;
const { expect, watchProblems, startStaticServer, afterFrames } = require('./helpers');
const { decodePng, distinctColours } = require('./png');
const { DIST_DIR, REPO_ROOT, SCREENSHOT_DIR } = require('./env');

const SERVED = process.env.E2E_DIST ? path.resolve(process.env.E2E_DIST) : DIST_DIR;

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/** Seed 000 at step 0, the element's scenario on course.html. */
const SEED000 = 'v=1&a=perceptron&b=1&i=-1,0,0&e=1&o=fixed&s=1&m=1000&n=0&p=1,1,0;3,2,1;2,4,1;3,4,1;2,3,0';
/** XOR for the kernel perceptron: four points. */
const XOR = 'v=1&a=kernel&k=rbf:0.5&b=1&i=zero&e=1&o=fixed&s=1&m=100&n=0&p=1,1,1;1,-1,0;-1,1,0;-1,-1,1';

/** A field of the element's lab (Playwright's CSS locators go into open shadow roots). */
const field = (el, name) => el.locator(`[data-field="${name}"]`);

/** Opens course.html and waits until the element's lab is mounted and drawn. */
async function openElement(page) {
  await page.goto('/course.html');
  await page.waitForFunction(() => customElements.get('perceptron-lab') !== undefined, null, { timeout: 20_000 });
  await page.evaluate(() => document.getElementById('lab-element').ready.then(() => true));
  const el = page.locator('#lab-element');
  const canvas = el.locator('canvas.plab-plot');
  await expect(canvas).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => canvas.evaluate((c) => c.width), { message: 'canvas backing store' }).toBeGreaterThan(0);
  await expect
    .poll(async () => distinctColours(decodePng(await canvas.screenshot()), 50), { message: 'the plot is drawn' })
    .toBeGreaterThan(5);
  return el;
}

/** Records the step and change events that reach the document in window.__events. */
async function recordEvents(page) {
  await page.evaluate(() => {
    window.__events = [];
    for (const type of ['step', 'change']) {
      document.addEventListener(type, (e) => {
        if (!(e.target instanceof HTMLElement) || e.target.localName !== 'perceptron-lab') return;
        window.__events.push({
          type, target: e.target.id, bubbles: e.bubbles, composed: e.composed,
          detail: type === 'step' ? { step: e.detail.step, index: e.detail.index, mistake: e.detail.mistake } : e.detail,
        });
      });
    }
  });
}
const takeEvents = (page) => page.evaluate(() => window.__events.splice(0));
const call = (page, fn) => page.evaluate((source) => {
  // The element, also while it is out of the page (kept in window.__el then).
  const el = document.getElementById('lab-element') || window.__el;
  // eslint-disable-next-line no-new-func
  return new Function('el', source)(el);
}, fn);

test.describe('<perceptron-lab> on course.html', () => {
  test('mounts in a shadow root, steps by its Step button and el.step(), fires step and change', async ({ page }) => {
    const problems = watchProblems(page);
    const el = await openElement(page);
    expect(await call(page, 'return el.shadowRoot !== null && el.shadowRoot.mode')).toBe('open');
    expect(await call(page, 'return el.shadowRoot.querySelector("link[rel=stylesheet]").href')).toMatch(/\/embed\.css$/);
    // Its markup is in the shadow root, not in the page's tree.
    expect(await page.evaluate(() => document.querySelectorAll('#lab-element .plab').length)).toBe(0);
    await expect(field(el, 'algorithm')).toHaveText('Perceptron (classic rule)');
    await expect(field(el, 'step')).toHaveText('0');
    await expect(field(el, 'weights')).toHaveText('[-1, 0, 0]');
    // The link of its scenario (with the plot's view, w=, that the lab adds).
    expect((await call(page, 'return el.link()')).startsWith(`${SEED000}&w=`)).toBe(true);
    expect(await call(page, 'return typeof el.lab.step === "function" && el.lab.field("step")')).toBe('0');
    // Its name is its group's accessible name.
    await expect(el.locator('.plab')).toHaveAttribute('aria-label', 'Seed 000 with its learning curve');

    await recordEvents(page);
    await el.locator('button[data-act="step"]').click();
    await expect(field(el, 'step')).toHaveText('1');
    await expect.poll(() => page.evaluate(() => window.__events.length)).toBe(2);
    const link1 = await call(page, 'return el.link()');
    expect(link1).toContain('&n=1&');
    const first = await takeEvents(page);
    expect(first[0]).toMatchObject({ type: 'step', target: 'lab-element', bubbles: true, composed: true, detail: { step: 1, index: 1 } });
    expect(first[1]).toEqual({ type: 'change', target: 'lab-element', bubbles: true, composed: true, detail: link1 });
    await expect(page.locator('#element-log')).toHaveText(JSON.stringify({ step: 1, linkLength: link1.length }));

    await call(page, 'el.step()');
    await expect(field(el, 'step')).toHaveText('2');
    await expect.poll(() => page.evaluate(() => window.__events.length)).toBe(2);
    const events = await takeEvents(page);
    expect(events[0]).toMatchObject({ type: 'step', detail: { step: 2, index: 2 } });
    const link2 = await call(page, 'return el.link()');
    expect(link2).toContain('&n=2&');
    expect(events[1]).toEqual({ type: 'change', target: 'lab-element', bubbles: true, composed: true, detail: link2 });

    // back() is no new step: a change, no step event.
    await call(page, 'el.back()');
    await expect(field(el, 'step')).toHaveText('1');
    await expect.poll(() => page.evaluate(() => window.__events.length)).toBe(1);
    expect(await takeEvents(page)).toEqual([{ type: 'change', target: 'lab-element', bubbles: true, composed: true, detail: link1 }]);
    // The Reset button (the reader's click) is a change too.
    await el.locator('button[data-act="reset"]').click();
    await expect(field(el, 'step')).toHaveText('0');
    await expect.poll(() => page.evaluate(() => window.__events.length)).toBe(1);
    const link0 = await call(page, 'return el.link()');
    expect(link0).toContain('&n=0&');
    expect(await takeEvents(page)).toEqual([{ type: 'change', target: 'lab-element', bubbles: true, composed: true, detail: link0 }]);
    // A click that changes nothing (the status line) fires none.
    await el.locator('[data-field="weights"]').click();
    await afterFrames(page);
    expect(await takeEvents(page)).toEqual([]);
    // The other labs of the page are untouched.
    await expect(page.locator('#lab-seed000 [data-field="step"]')).toHaveText('0');
    expect(problems).toEqual([]);
  });

  test('attributes: a new scenario opens at step 0, hide hides again, name and theme reflect', async ({ page }) => {
    const problems = watchProblems(page);
    const el = await openElement(page);
    await call(page, 'el.step(); el.step();');
    await expect(field(el, 'step')).toHaveText('2');
    // course.html hides "explain"; the trace shows.
    await expect(el.locator('[data-control="explain"]')).toBeHidden();
    await expect(el.locator('[data-control="trace"]')).toBeVisible();

    await recordEvents(page);
    await call(page, `el.setAttribute('scenario', ${JSON.stringify(XOR)})`);
    await expect(field(el, 'algorithm')).toHaveText('Kernel perceptron (dual form)');
    await expect(field(el, 'step')).toHaveText('0');
    expect(await call(page, 'return el.toJSON().points.length')).toBe(4);
    expect(await call(page, 'return el.scenario')).toBe(XOR);
    await expect.poll(() => page.evaluate(() => window.__events.length)).toBe(1);
    const xorLink = await call(page, 'return el.link()');
    expect(xorLink.startsWith(XOR)).toBe(true);
    expect(await takeEvents(page)).toEqual([{ type: 'change', target: 'lab-element', bubbles: true, composed: true, detail: xorLink }]);
    // The property sets the attribute.
    await call(page, `el.scenario = ${JSON.stringify(SEED000)}`);
    await expect(field(el, 'algorithm')).toHaveText('Perceptron (classic rule)');
    expect(await call(page, 'return el.toJSON().points.length')).toBe(5);
    expect(await call(page, 'return el.getAttribute("scenario")')).toBe(SEED000);

    await call(page, `el.setAttribute('hide', 'trace')`);
    await expect(el.locator('[data-control="trace"]')).toBeHidden();
    await expect(el.locator('[data-control="explain"]')).toBeVisible();
    await call(page, `el.hide = 'trace, status'`);
    await expect(el.locator('[data-control="trace"]')).toBeHidden();
    await expect(el.locator('[data-control="status"]')).toBeHidden();
    await call(page, `el.removeAttribute('hide')`);
    await expect(el.locator('[data-control="trace"]')).toBeVisible();
    await expect(el.locator('[data-control="status"]')).toBeVisible();

    await call(page, `el.name = 'Another name'`);
    await expect(el.locator('.plab')).toHaveAttribute('aria-label', 'Another name');
    expect(await call(page, 'return el.theme')).toBe('auto');
    await call(page, `el.setAttribute('theme', 'light')`);
    expect(await call(page, 'return el.theme')).toBe('light');
    // A scenario that cannot be opened: the lab stays as it was and says why.
    await call(page, `el.setAttribute('scenario', 'v=1&a=nonsense')`);
    await expect(field(el, 'notice')).toContainText('could not be opened');
    await expect(field(el, 'algorithm')).toHaveText('Perceptron (classic rule)');
    expect(problems).toEqual([]);
  });

  test('leaving the page destroys its lab; coming back mounts a new one', async ({ page }) => {
    const problems = watchProblems(page);
    const el = await openElement(page);
    await call(page, 'el.step()');
    await expect(field(el, 'step')).toHaveText('1');
    await page.evaluate(() => {
      const el = document.getElementById('lab-element');
      window.__old = el.lab;
      window.__el = el;
      window.__place = { parent: el.parentNode, next: el.nextSibling };
      el.remove();
    });
    // The handle refuses (destroy() ran: listeners, observer, WebAssembly state and markup gone).
    expect(await call(page, 'return el.lab')).toBeNull();
    expect(await page.evaluate(() => {
      try { window.__old.step(); return 'stepped'; } catch (err) { return err.message; }
    })).toBe('this lab was destroyed');
    expect(await call(page, 'return el.shadowRoot.querySelector(".plab")')).toBeNull();
    expect(await call(page, 'try { el.step(); return "stepped"; } catch (err) { return err.message; }')).toMatch(/not mounted/);

    await page.evaluate(() => window.__place.parent.insertBefore(window.__el, window.__place.next));
    await call(page, 'return el.ready.then(() => true)');
    await expect(field(el, 'step')).toHaveText('0');
    expect(await call(page, 'return el.lab !== null && el.lab !== window.__old')).toBe(true);
    await el.locator('button[data-act="step"]').click();
    await expect(field(el, 'step')).toHaveText('1');
    // Removed and added back in the same task: one lab, mounted once.
    await call(page, 'const p = el.parentNode, n = el.nextSibling; el.remove(); p.insertBefore(el, n);');
    await call(page, 'return el.ready.then(() => true)');
    await expect(field(el, 'step')).toHaveText('0');
    expect(await call(page, 'return el.shadowRoot.querySelectorAll(".plab").length')).toBe(1);
    await call(page, 'el.step()');
    await expect(field(el, 'step')).toHaveText('1');
    expect(problems).toEqual([]);
  });

  test('a page stylesheet for buttons, canvases and details changes the page, not the element', async ({ page }) => {
    const problems = watchProblems(page);
    const el = await openElement(page);
    await page.evaluate(() => {
      const b = document.createElement('button');
      b.id = 'host-button';
      b.type = 'button';
      b.textContent = 'A button of the page';
      document.querySelector('main').append(b);
    });
    // The compact element and the full one (every panel and control).
    await page.evaluate(() => document.getElementById('lab-full').ready.then(() => true));
    const boxes = () => page.evaluate(() => {
      const box = (n) => { const r = n.getBoundingClientRect(); return [Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]; };
      const out = { host: box(document.getElementById('host-button')) };
      for (const id of ['lab-element', 'lab-full']) {
        const root = document.getElementById(id).shadowRoot;
        root.querySelectorAll('button, canvas, details').forEach((n, i) => {
          if (n.closest('[hidden]')) return;
          out[`${id}:${n.localName}${i}:${n.dataset.act || n.dataset.panel || ''}`] = box(n);
        });
      }
      return out;
    });
    const before = await boxes();
    for (const id of ['lab-element', 'lab-full']) {
      const keys = Object.keys(before).filter((k) => k.startsWith(`${id}:`));
      expect(keys.filter((k) => k.includes(':button')).length, id).toBeGreaterThanOrEqual(4);
      expect(keys.some((k) => k.includes(':canvas')), id).toBe(true);
      expect(keys.some((k) => k.includes(':details')), id).toBe(true);
    }
    expect(Object.keys(before).filter((k) => k.startsWith('lab-full:button')).length,
      'the full lab has every control').toBeGreaterThan(Object.keys(before).filter((k) => k.startsWith('lab-element:button')).length);
    await page.addStyleTag({ content: 'button, canvas, details { all: revert; font-size: 30px }' });
    await afterFrames(page);
    const after = await boxes();
    // The page's own button did change (so this check can fail) …
    expect(after.host[1]).toBeGreaterThan(before.host[1] + 5);
    // … the element's did not.
    const { host: _h1, ...labBefore } = before;
    const { host: _h2, ...labAfter } = after;
    expect(labAfter).toEqual(labBefore);
    expect(problems).toEqual([]);
  });

  test('full: every panel of the registry and every control; Next mistake, the speed, the class, the slider, the sound and the shortcuts switch work', async ({ page }) => {
    const problems = watchProblems(page);
    // The registry's panels, as the full page places them.
    await page.goto('/index.html');
    await page.waitForFunction(() => window.perceptronLab !== undefined, null, { timeout: 20_000 });
    const registry = await page.locator('[data-panel]').evaluateAll((nodes) => nodes.map((n) => n.dataset.panel).sort());
    expect(registry.length).toBeGreaterThan(15);

    await openElement(page);
    await page.evaluate(() => document.getElementById('lab-full').ready.then(() => true));
    const full = page.locator('#lab-full');
    const compact = page.locator('#lab-element');
    const names = (el) => el.locator('[data-panel]').evaluateAll((nodes) => nodes.map((n) => n.dataset.panel).sort());
    expect(await names(full), 'the full element has every panel of the registry').toEqual(registry);
    expect(await names(compact), 'a compact one leaves out the algorithm box and the composer')
      .toEqual(registry.filter((n) => n !== 'algorithm' && n !== 'composer'));

    for (const act of ['back', 'step', 'play', 'next-mistake', 'finish-epoch', 'run', 'reset', 'clear']) {
      await expect(full.locator(`button[data-act="${act}"]`), `${act} in the full lab`).toBeVisible();
    }
    for (const act of ['next-mistake', 'finish-epoch', 'run', 'clear']) {
      await expect(compact.locator(`button[data-act="${act}"]`), `${act} left out of a compact lab`).toBeHidden();
    }
    await expect(full.locator('[data-panel="classes"]')).toBeVisible();
    await expect(compact.locator('[data-panel="classes"]')).toBeHidden();

    // Next mistake: seed 000's first update is at step 2.
    await full.locator('button[data-act="next-mistake"]').click();
    await expect(field(full, 'step')).toHaveText('2');
    await expect(field(full, 'updates')).toHaveText('1');
    // The history slider goes back to step 1; Back to step 0.
    const slider = full.locator('input[data-role="scrubber"]');
    await expect(slider).toHaveAttribute('max', '2');
    await slider.fill('1');
    await expect(field(full, 'step')).toHaveText('1');
    await full.locator('button[data-act="back"]').click();
    await expect(field(full, 'step')).toHaveText('0');
    // The speed: 10^0 = 1 step a second, said beside the slider.
    await full.locator('input[data-panel-act="speed"]').fill('0');
    await expect(full.locator('.speed output')).toHaveText('1.0 steps/s');
    // The class to add: −1, pressed.
    const neg = full.locator('button[data-class="neg"]');
    await neg.click();
    await expect(neg).toHaveAttribute('aria-pressed', 'true');
    await expect(full.locator('button[data-class="pos"]')).toHaveAttribute('aria-pressed', 'false');
    // Sound: its own panel, on by its button; the element's step events still come with it on.
    const sound = full.locator('button[data-role="audio"]');
    await expect(compact.locator('[data-panel="sound"]')).toBeHidden();
    await sound.click();
    await expect(sound).toHaveAttribute('aria-pressed', 'true');
    await page.evaluate(() => {
      window.__fullSteps = 0;
      document.getElementById('lab-full').addEventListener('step', () => { window.__fullSteps += 1; });
    });
    await full.locator('button[data-act="step"]').click();
    await expect(field(full, 'step')).toHaveText('1');
    await expect.poll(() => page.evaluate(() => window.__fullSteps), { message: 'step events with the sound on' }).toBe(1);
    // Single-key shortcuts off: P does nothing, ← still steps back; on again, P plays.
    const playLabel = field(full, 'play-label');
    await full.locator('input[data-role="single-keys"]').uncheck();
    await full.locator('.plab').focus();
    await page.keyboard.press('p');
    await page.keyboard.press('ArrowLeft');
    await expect(field(full, 'step')).toHaveText('0');
    await afterFrames(page);
    await expect(playLabel).toHaveText('Play');
    await full.locator('input[data-role="single-keys"]').check();
    await full.locator('.plab').focus();
    await page.keyboard.press('p');
    await expect(playLabel).toHaveText('Pause');
    await page.keyboard.press('p');
    await expect(playLabel).toHaveText('Play');
    // The other lab of the page did not move.
    await expect(field(compact, 'step')).toHaveText('0');
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await full.screenshot({ path: path.join(SCREENSHOT_DIR, 'element-full.png') });
    expect(problems).toEqual([]);
  });

  test('open-panels="augmented" asks for the 3-D view: open and drawn from the start, turned by keys without stepping', async ({ page }) => {
    const problems = watchProblems(page);
    await openElement(page);
    await page.evaluate(() => document.getElementById('lab-augmented').ready.then(() => true));
    const el = page.locator('#lab-augmented');
    const panel = el.locator('[data-panel="augmented"]');
    await expect(panel).toHaveAttribute('open', '');
    await expect(el.locator('[data-panel="curve"]'), 'only the panel asked for').not.toHaveAttribute('open', '');
    // Seed 000 at step 2 (the link's n=2): the update +[1, 3, 2], w = [0, 3, 2].
    await expect(field(el, 'step')).toHaveText('2');
    await expect(panel.locator('[data-part="description"]')).toContainText('w = [0, 3, 2] is normal to the plane w·z = 0');
    const view = panel.locator('canvas');
    await el.scrollIntoViewIfNeeded();
    await expect
      .poll(async () => distinctColours(decodePng(await view.screenshot()), 50), { message: 'the 3-D view is drawn' })
      .toBeGreaterThan(5);
    await view.focus();
    await page.keyboard.press('ArrowRight');
    await expect(panel.locator('[data-part="status"]')).toHaveText('View turned 49°, tilted 20°.');
    await expect(field(el, 'step'), 'the arrow turned the view and did not step').toHaveText('2');
    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).include('#lab-augmented').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    await el.screenshot({ path: path.join(SCREENSHOT_DIR, 'element-augmented.png') });
    expect(problems).toEqual([]);
  });

  test('a compact lab leaves out the algorithm box; open-panels="algorithm" brings it: the kernel perceptron chosen shows its kernel field, a bad kernel is refused', async ({ page }) => {
    const problems = watchProblems(page);
    const plain = await openElement(page);
    await expect(plain.locator('[data-panel="algorithm"]')).toHaveCount(0);
    await page.evaluate((scenario) => {
      const lab = document.createElement('perceptron-lab');
      lab.id = 'with-algorithm';
      lab.setAttribute('scenario', scenario);
      lab.setAttribute('open-panels', 'algorithm');
      document.querySelector('main').prepend(lab);
      return lab.ready.then(() => true);
    }, SEED000.replace('i=-1,0,0', 'i=zero')); // the kernel perceptron starts from α = 0
    const el = page.locator('#with-algorithm');
    const box = el.locator('[data-panel="algorithm"]');
    const link = () => page.evaluate(() => document.getElementById('with-algorithm').link());
    await expect(box).toBeVisible();
    await expect(box.locator('[data-setting="kernel"]'), 'no kernel for the classic rule').toBeHidden();
    await box.locator('[data-setting="algorithm"]').selectOption('kernel');
    await expect.poll(link).toContain('a=kernel');
    await expect(box.locator('[data-setting="kernel"]')).toBeVisible();
    const before = await link();
    await box.locator('[data-setting="kernel"]').fill('rbf:x');
    await box.locator('[data-setting="kernel"]').press('Enter');
    await expect(box.getByRole('alert')).not.toHaveText('');
    expect(await link(), 'a refused kernel changes nothing').toBe(before);
    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).include('#with-algorithm').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('open-panels="composer" brings the practice composer: Make link gives the full lab\'s link and its frame, a bad seed is refused, Start practises the set here', async ({ page }) => {
    const problems = watchProblems(page);
    const plain = await openElement(page);
    await expect(plain.locator('[data-panel="composer"]'), 'left out unless asked for').toHaveCount(0);
    await page.evaluate((scenario) => {
      const lab = document.createElement('perceptron-lab');
      lab.id = 'with-composer';
      lab.setAttribute('scenario', scenario);
      lab.setAttribute('open-panels', 'composer');
      document.querySelector('main').prepend(lab);
      return lab.ready.then(() => true);
    }, SEED000);
    const el = page.locator('#with-composer');
    const composer = el.locator('[data-panel="composer"]');
    const question = el.locator('[data-role="practice-question"]');
    await expect(composer).toBeVisible();
    await expect(composer.locator('[data-key="xa"] option').first(), 'the algorithms are listed').toHaveAttribute('value', 'perceptron');
    await expect(question).toBeHidden();

    await composer.locator('[data-key="xid"]').fill('week-3');
    await composer.locator('[data-role="practice-make-link"]').click();
    await expect(composer.locator('[data-role="practice-link-out"]')).toHaveValue(/\/index\.html#(.*&)?xid=week-3(&|$)/);
    await expect(composer.locator('[data-role="practice-embed-out"]')).toHaveValue(
      /^<iframe src="[^"]*\/index\.html#[^"]*&amp;embed=1&amp;name=week-3" title="Perceptron Lab practice: week-3" /
    );
    await composer.screenshot({ path: path.join(SCREENSHOT_DIR, 'element-composer.png') });

    // A seed that is no seed: refused with the reason, and no set starts.
    await composer.locator('[data-key="xs"]').fill('-1');
    await composer.locator('button[type="submit"]').click();
    await expect(composer.getByRole('alert')).toHaveText(/xs/);
    await expect(question).toBeHidden();
    await composer.locator('[data-key="xs"]').fill('1');
    await composer.locator('button[type="submit"]').click();
    await expect(question, 'the set runs in this lab').toBeVisible();
    await expect(composer.locator('[data-role="practice-compose-error"]')).toHaveText('');
    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).include('#with-composer').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('axe-core finds nothing in the element (curve open, after steps); a screenshot', async ({ page }) => {
    const problems = watchProblems(page);
    const el = await openElement(page);
    await call(page, 'el.step(); el.step(); el.step();');
    const curve = el.locator('[data-panel="curve"]');
    await curve.locator('summary').click();
    await expect(curve).toHaveAttribute('open', '');
    await el.scrollIntoViewIfNeeded();
    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).include('perceptron-lab').analyze();
    const violations = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(violations).toEqual([]);
    expect(results.passes.length).toBeGreaterThan(0);
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await el.screenshot({ path: path.join(SCREENSHOT_DIR, 'element-course.png') });
    expect(problems).toEqual([]);
  });

  test('theme: auto follows the system, dark and light are kept whatever it says; the plot too; axe-core finds nothing in the dark lab', async ({ page }) => {
    const problems = watchProblems(page);
    const el = await openElement(page);
    const root = el.locator('.plab');
    const canvas = el.locator('canvas.plab-plot');
    /** The lab's background colour and the plot's top-left pixel's brightness (0–255). */
    const looks = async () => {
      const background = await root.evaluate((node) => getComputedStyle(node).backgroundColor);
      const png = decodePng(await canvas.screenshot());
      const [r, g, b] = png.data.subarray(0, 3);
      return { background, plot: Math.round((r + g + b) / 3) };
    };
    const LIGHT = 'rgb(255, 255, 255)';
    const DARK = 'rgb(24, 26, 27)';
    expect(await call(page, 'return el.theme')).toBe('auto');
    await expect(root).toHaveAttribute('data-theme', 'light');
    expect(await looks()).toMatchObject({ background: LIGHT });
    expect((await looks()).plot).toBeGreaterThan(200);
    // The system asks for dark: "auto" follows, the plot is drawn anew in the dark colours.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(root).toHaveAttribute('data-theme', 'dark');
    await expect.poll(async () => (await looks()).plot, { message: 'the plot drawn dark' }).toBeLessThan(60);
    expect((await looks()).background).toBe(DARK);
    await call(page, 'el.step(); el.step();');
    await el.scrollIntoViewIfNeeded();
    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).include('#lab-element').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await el.screenshot({ path: path.join(SCREENSHOT_DIR, 'element-dark.png') });
    // theme="light" stays light on a dark system; theme="dark" stays dark on a light one.
    await call(page, `el.theme = 'light'`);
    await expect(root).toHaveAttribute('data-theme', 'light');
    await expect.poll(async () => (await looks()).plot, { message: 'the plot drawn light' }).toBeGreaterThan(200);
    expect((await looks()).background).toBe(LIGHT);
    await page.emulateMedia({ colorScheme: 'light' });
    await call(page, `el.setAttribute('theme', 'dark')`);
    await expect(root).toHaveAttribute('data-theme', 'dark');
    await expect.poll(async () => (await looks()).plot, { message: 'the plot drawn dark' }).toBeLessThan(60);
    expect((await looks()).background).toBe(DARK);
    // Its steps went on through all of it.
    await expect(field(el, 'step')).toHaveText('2');
    expect(problems).toEqual([]);
  });
});

test('the docs\' <perceptron-lab> snippet works as written, in a page of its own', async ({ page }) => {
  const text = fs.readFileSync(path.join(REPO_ROOT, 'docs/src/course-authors.md'), 'utf8');
  const start = text.indexOf('### The `<perceptron-lab>` element');
  expect(start, 'course-authors.md has the section').toBeGreaterThan(0);
  const rest = text.slice(start + 1);
  const end = rest.search(/\n#{2,3} /);
  const snippets = [...(end < 0 ? rest : rest.slice(0, end)).matchAll(/```html\n([\s\S]*?)```/g)].map((m) => m[1]);
  expect(snippets).toHaveLength(1);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perceptron-element-'));
  fs.cpSync(SERVED, path.join(dir, 'lab'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'snippet.html'),
    `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<link rel="icon" href="data:,">\n<title>Snippet</title>\n</head>\n<body>\n${snippets[0]}\n</body>\n</html>\n`);
  const server = await startStaticServer(dir);
  try {
    const problems = watchProblems(page);
    await page.goto(`${server.origin}/snippet.html`);
    const el = page.locator('#seed000');
    await expect(el.locator('[data-field="step"]')).toHaveText('1', { timeout: 20_000 });
    await expect(page.locator('#seed000-link')).toHaveText(await page.evaluate(() => document.getElementById('seed000').link()));
    await expect(page.locator('#seed000-link')).toContainText('&n=1&');
    await expect(el.locator('[data-control="trace"]')).toBeHidden();
    await expect(el.locator('.plab')).toHaveAttribute('aria-label', 'Seed 000, step by step');
    expect(problems).toEqual([]);
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
