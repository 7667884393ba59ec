// Perceptron Lab in course pages: dist/course.html (auto-mounted labs, the JavaScript API, the
// iframe), the three snippets of the docs' "Embedding in a course page" (docs/src/course-authors.md)
// pasted into pages the way a course author would, hosting under a sub-path, no request off the
// origin, and course.html under the strict Content-Security-Policy. Saves embed-*.png in
// tests/e2e/screenshots/ for a person to look at.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const base = require('@playwright/test');
const { expect, SEED000_TABLE, watchProblems, openLabAt, startStaticServer, afterFrames } = require('./helpers');
const { decodePng, distinctColours } = require('./png');
const { DIST_DIR, REPO_ROOT, SCREENSHOT_DIR } = require('./env');
const { policyFor, startServer } = require('./csp-server');
const AxeBuilder = require('@axe-core/playwright').default;

const test = base.test;
const SERVED = process.env.E2E_DIST ? path.resolve(process.env.E2E_DIST) : DIST_DIR;

/** Seed 000's table at step 0, as course.html's first lab has it. */
const SEED000_AT_0 =
  'v=1&a=perceptron&b=1&i=-1,0,0&e=1&o=fixed&s=1&m=1000&n=0&p=1,1,0;3,2,1;2,4,1;3,4,1;2,3,0';

/** A field of the embedded lab inside `host` (a locator). */
const field = (host, name) => host.locator(`[data-field="${name}"]`);

/** The embedded lab's trace rows as cell texts. */
const traceCells = (host) =>
  host.locator('tbody tr[data-step]').evaluateAll((rows) => rows.map((r) => Array.from(r.cells).map((c) => c.textContent.trim())));

async function shot(page, name) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage: true });
}

/** The plot of a lab (in `host`) has a backing store and shows a drawing (not one flat colour). */
async function expectDrawn(host, what) {
  const canvas = host.locator('canvas.plab-plot, canvas#plot');
  await expect.poll(() => canvas.evaluate((c) => c.width), { message: `${what}: canvas backing store` }).toBeGreaterThan(0);
  await expect
    .poll(async () => distinctColours(decodePng(await canvas.screenshot()), 50), { message: `${what}: the plot is drawn` })
    .toBeGreaterThan(5);
}

/** Records the perceptron-lab:step DOM events of the element `id` in window.__domSteps[id]. */
async function recordDomSteps(page, ids) {
  await page.evaluate((list) => {
    window.__domSteps = window.__domSteps || {};
    for (const id of list) {
      window.__domSteps[id] = [];
      document.getElementById(id).addEventListener('perceptron-lab:step', (e) => {
        window.__domSteps[id].push({ step: e.detail.step, mistake: e.detail.mistake, index: e.detail.index });
      });
    }
  }, ids);
}
const domSteps = (page, id) => page.evaluate((i) => window.__domSteps[i], id);

/** Opens course.html at `url` and waits until every data-perceptron-lab element is mounted. */
async function openCourse(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => window.PerceptronLab && window.PerceptronLab.ready, null, { timeout: 20_000 });
  await page.evaluate(() => window.PerceptronLab.ready);
  for (const id of ['#lab-seed000', '#lab-xor']) {
    await expect(page.locator(`${id} .plab canvas.plab-plot`), `${id} mounts`).toBeVisible({ timeout: 20_000 });
  }
}

/** Scrolls the lazy iframe into view and returns its Frame once its lab has drawn. */
async function labFrame(page, selector = '#lab-frame') {
  await page.locator(selector).scrollIntoViewIfNeeded();
  const handle = await page.locator(selector).elementHandle();
  let frame = null;
  await expect
    .poll(async () => {
      frame = await handle.contentFrame();
      if (!frame) return false;
      return frame
        .evaluate(() => !!window.perceptronLab && Array.from(window.perceptronLab.to_css(0, 0)).length === 2)
        .catch(() => false);
    }, { message: `the lab in ${selector} starts`, timeout: 20_000 })
    .toBe(true);
  return frame;
}

// ----- 7. course.html ------------------------------------------------------------------------------

test.describe('course.html', () => {
  test('both labs mount and are independent; on("step") and the DOM event report each step', async ({ page }) => {
    const problems = watchProblems(page);
    await openCourse(page, '/course.html');
    const seed = page.locator('#lab-seed000');
    const xor = page.locator('#lab-xor');
    await expectDrawn(seed, 'seed 000 lab');
    await expectDrawn(xor, 'XOR lab');
    await expect(field(seed, 'algorithm')).toHaveText('Perceptron (classic rule)');
    await expect(field(seed, 'step')).toHaveText('0');
    await expect(field(seed, 'weights')).toHaveText('[-1, 0, 0]');
    await expect(field(xor, 'algorithm')).toHaveText('Kernel perceptron (dual form)');
    await expect(field(xor, 'step')).toHaveText('0');
    await expect(page.locator('#seed000-log')).toHaveText('none yet');
    // data-hide="trace" on the XOR lab only.
    await expect(xor.locator('[data-control="trace"]')).toBeHidden();
    await expect(seed.locator('[data-control="trace"]')).toBeVisible();
    await recordDomSteps(page, ['lab-seed000', 'lab-xor']);
    // The XOR plot's pixels (from its canvas: the page's layout moves as the other trace grows).
    const xorPixels = () => xor.locator('canvas.plab-plot').evaluate((c) => c.toDataURL('image/png'));
    const xorBefore = { weights: await field(xor, 'weights').textContent(), plot: await xorPixels() };

    // Step the seed 000 lab with its button, then with → (keys go to the focused lab).
    await seed.locator('[data-act="step"]').click();
    await expect(field(seed, 'step')).toHaveText('1');
    await expect(page.locator('#seed000-log')).toHaveText('{"step":1,"index":1,"mistake":false}');
    await seed.locator('[data-act="step"]').click();
    await expect(field(seed, 'step')).toHaveText('2');
    await expect(page.locator('#seed000-log')).toHaveText('{"step":2,"index":2,"mistake":true}');
    await expect(field(seed, 'weights')).toHaveText('[0, 3, 2]');
    await seed.locator('.plab').focus();
    await page.keyboard.press('ArrowRight');
    await expect(field(seed, 'step')).toHaveText('3');
    await expect(field(seed, 'explain-score')).toHaveText('0 * 1 + 3 * 2 + 2 * 4 = 14');
    expect(await traceCells(seed)).toEqual(SEED000_TABLE.slice(0, 3));
    expect(await domSteps(page, 'lab-seed000')).toEqual([
      { step: 1, mistake: false, index: 1 },
      { step: 2, mistake: true, index: 2 },
      { step: 3, mistake: false, index: 3 },
    ]);

    // The XOR lab did not move.
    await expect(field(xor, 'step')).toHaveText('0');
    await expect(field(xor, 'weights')).toHaveText(xorBefore.weights);
    expect(await domSteps(page, 'lab-xor')).toEqual([]);
    expect((await xorPixels()) === xorBefore.plot, 'the XOR plot is unchanged').toBe(true);

    // Stepping the XOR lab leaves the seed 000 lab (and its log) alone.
    await xor.locator('[data-act="step"]').click();
    await xor.locator('[data-act="step"]').click();
    await expect(field(xor, 'step')).toHaveText('2');
    expect((await domSteps(page, 'lab-xor')).map((s) => s.step)).toEqual([1, 2]);
    await expect(field(seed, 'step')).toHaveText('3');
    await expect(page.locator('#seed000-log')).toHaveText('{"step":3,"index":3,"mistake":false}');
    // Back is an undo, not a step: no event; Reset neither.
    await seed.locator('[data-act="back"]').click();
    await expect(field(seed, 'step')).toHaveText('2');
    await seed.locator('[data-act="step"]').click();
    await expect(field(seed, 'step')).toHaveText('3');
    expect((await domSteps(page, 'lab-seed000')).map((s) => s.step)).toEqual([1, 2, 3, 3]);

    // A click on the plot adds a point to that lab only.
    const box = await seed.locator('canvas.plab-plot').boundingBox();
    await page.mouse.click(box.x + box.width * 0.2, box.y + box.height * 0.8);
    await expect(field(seed, 'notice')).toHaveText(/^Added point #6 at/);
    await expect(field(xor, 'step')).toHaveText('2');
    await shot(page, 'embed-course.png');
    expect(problems).toEqual([]);
  });

  test('PerceptronLab.mount returns a handle whose methods work; destroy() removes one lab only', async ({ page }) => {
    const problems = watchProblems(page);
    await openCourse(page, '/course.html');
    await page.evaluate(async (fragment) => {
      const div = document.createElement('div');
      div.id = 'mine';
      document.querySelector('main').prepend(div);
      window.__mine = await window.PerceptronLab.mount(div, fragment);
      window.__records = [];
      window.__off = window.__mine.on('step', (r) => window.__records.push({ step: r.step, mistake: r.mistake }));
    }, SEED000_AT_0);
    await recordDomSteps(page, ['mine', 'lab-seed000', 'lab-xor']);
    const mine = page.locator('#mine');
    await expectDrawn(mine, 'the mounted lab');
    const call = (expr) => page.evaluate(expr);
    // field() reads the status panel, which the lab redraws in the next animation frame: read it
    // once the screen has caught up (right after a call it still shows the previous state).
    const shown = (...names) =>
      page.evaluate(async (list) => {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return list.map((n) => window.__mine.field(n));
      }, names);

    expect((await call(() => Object.keys(window.__mine))).sort()).toEqual(
      ['back', 'destroy', 'field', 'link', 'load', 'on', 'progress', 'reset', 'resume', 'scorm', 'step', 'toJSON', 'togglePlay'].sort()
    );
    await call(() => { window.__mine.step(); window.__mine.step(); });
    expect(await shown('step', 'weights')).toEqual(['2', '[0, 3, 2]']);
    await expect(field(mine, 'step')).toHaveText('2');
    expect(await call(() => window.__records)).toEqual([{ step: 1, mistake: false }, { step: 2, mistake: true }]);
    await call(() => window.__mine.back());
    expect(await shown('step')).toEqual(['1']);
    expect(await call(() => window.__mine.toJSON())).toMatchObject({
      version: 1, algorithm: 'perceptron', init: '-1,0,0', step: 1,
      points: [[1, 1, 0], [3, 2, 1], [2, 4, 1], [3, 4, 1], [2, 3, 0]],
    });
    expect((await call(() => window.__mine.link())).replace(/&w=[^&]*/, '')).toBe(SEED000_AT_0.replace('&n=0&', '&n=1&'));
    await call(() => window.__mine.reset());
    expect(await shown('step')).toEqual(['0']);
    // The person's own button works as well.
    await mine.locator('[data-act="step"]').click();
    await expect(field(mine, 'step')).toHaveText('1');

    // load(): a fragment, an object, and one that cannot be opened (throws, nothing changes).
    await call(() => window.__mine.load('v=1&a=perceptron&b=1&i=-1,0,0&n=3&p=1,1,0;3,2,1;2,4,1;3,4,1;2,3,0'));
    expect(await shown('step', 'weights', 'notice')).toEqual(['3', '[0, 3, 2]', 'Opened the scenario at step 3.']);
    const refused = await call(() => {
      try {
        window.__mine.load('v=2&a=perceptron');
        return null;
      } catch (e) {
        return String(e);
      }
    });
    expect(refused).toMatch(/version 2 is not one this page reads/);
    expect(await shown('step', 'weights')).toEqual(['3', '[0, 3, 2]']);
    await call(() => window.__mine.load({ version: 1, algorithm: 'kernel', kernel: 'rbf:0.5', points: [[1, 1, 1], [1, -1, 0], [-1, 1, 0], [-1, -1, 1]], step: 2 }));
    expect(await shown('algorithm', 'step')).toEqual(['Kernel perceptron (dual form)', '2']);
    // on() returns a remover.
    const before = (await call(() => window.__records)).length;
    await call(() => { window.__off(); window.__mine.step(); });
    expect(await shown('step')).toEqual(['3']);
    expect((await call(() => window.__records)).length, 'no call after the listener was removed').toBe(before);
    expect((await domSteps(page, 'mine')).length, 'the DOM event still fires').toBeGreaterThan(0);

    // The other labs were never touched.
    await expect(field(page.locator('#lab-seed000'), 'step')).toHaveText('0');
    await expect(field(page.locator('#lab-xor'), 'step')).toHaveText('0');

    // destroy(): playing, with a listener; afterwards nothing of it is left.
    await call(() => {
      window.__after = [];
      window.__mine.on('step', () => window.__after.push('listener'));
      window.__oldButton = document.querySelector('#mine [data-act="step"]');
      window.__oldRoot = document.querySelector('#mine .plab');
      window.__mine.togglePlay();
    });
    await expect.poll(() => call(() => window.__after.length), { message: 'playing steps' }).toBeGreaterThan(0);
    const domBefore = (await domSteps(page, 'mine')).length;
    await call(() => { window.__mine.destroy(); window.__after = []; });
    expect(await mine.evaluate((el) => el.children.length), 'its markup is removed').toBe(0);
    await expect(page.locator('#mine canvas')).toHaveCount(0);
    // Longer than a step takes at the lab's speed (5 steps/s), had the play gone on.
    await afterFrames(page, 40);
    // The old button and keys do nothing now.
    await call(() => {
      window.__oldButton.click();
      window.__oldRoot.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    });
    await afterFrames(page);
    expect(await call(() => window.__after), 'no step listener call after destroy').toEqual([]);
    expect((await domSteps(page, 'mine')).length, 'no DOM step event after destroy').toBe(domBefore);
    for (const method of ['step', 'back', 'reset', 'togglePlay', 'toJSON', 'link']) {
      const thrown = await page.evaluate((m) => {
        try {
          window.__mine[m]();
          return null;
        } catch (e) {
          return e.message;
        }
      }, method);
      expect(thrown, `${method}() after destroy`).toBe('this lab was destroyed');
    }
    expect(await call(() => { window.__mine.destroy(); return 'ok'; }), 'destroy twice is harmless').toBe('ok');

    // The other labs keep working, their listeners too.
    const seed = page.locator('#lab-seed000');
    await seed.locator('[data-act="step"]').click();
    await expect(field(seed, 'step')).toHaveText('1');
    await expect(page.locator('#seed000-log')).toHaveText('{"step":1,"index":1,"mistake":false}');
    expect(await domSteps(page, 'lab-seed000')).toEqual([{ step: 1, mistake: false, index: 1 }]);

    // Destroying an auto-mounted lab leaves the other one working.
    await call(() => document.getElementById('lab-xor').perceptronLab.destroy());
    expect(await page.locator('#lab-xor').evaluate((el) => el.children.length)).toBe(0);
    await seed.locator('[data-act="step"]').click();
    await expect(field(seed, 'step')).toHaveText('2');
    await expect(page.locator('#seed000-log')).toHaveText('{"step":2,"index":2,"mistake":true}');
    expect(problems, 'console errors, page errors').toEqual([]);
  });

  test('destroy() from inside a step listener works; mounting over a lab replaces it', async ({ page }) => {
    const problems = watchProblems(page);
    await openCourse(page, '/course.html');
    const result = await page.evaluate(async (fragment) => {
      const div = document.createElement('div');
      document.querySelector('main').prepend(div);
      const lab = await window.PerceptronLab.mount(div, fragment);
      let inListener = null;
      lab.on('step', () => {
        try {
          lab.destroy();
        } catch (e) {
          inListener = String(e);
        }
      });
      let stepError = null;
      try {
        lab.step();
      } catch (e) {
        stepError = String(e);
      }
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      let after = null;
      try {
        lab.step();
      } catch (e) {
        after = e.message;
      }
      // Twenty mounts on one element without destroy(): each replaces the one before.
      const host = document.createElement('div');
      document.querySelector('main').append(host);
      const handles = [];
      for (let i = 0; i < 20; i++) handles.push(await window.PerceptronLab.mount(host, fragment));
      handles[19].step();
      const replaced = handles.slice(0, 19).map((h) => {
        try {
          h.step();
          return 'alive';
        } catch (e) {
          return e.message;
        }
      });
      return {
        inListener,
        stepError,
        after,
        left: div.children.length,
        labs: host.querySelectorAll('.plab').length,
        canvases: host.querySelectorAll('canvas.plab-plot').length,
        replaced: [...new Set(replaced)],
        last: handles[19].field('step'),
      };
    }, SEED000_AT_0);
    expect(result).toEqual({
      inListener: null,
      stepError: null,
      after: 'this lab was destroyed',
      left: 0,
      labs: 1,
      canvases: 1,
      replaced: ['this lab was destroyed'],
      last: '1',
    });
    expect(problems, 'console errors, page errors').toEqual([]);
  });

  // Regression test (found by the second adversarial pass, issue 38, finding 4); it was: on
  // course.html, lab.on('step', r => { if (r.step < 2000) lab.step(); }) nested each step's
  // listener inside the call before, 2,000 deep; in about 3 of 7 runs the page's stack overflowed
  // part-way through a call into the lab, whose state stayed in use: every call then answered
  // "Perceptron Lab is busy; try again.", clicks did nothing, and no crash panel said why.
  // Expected: in each of 20 runs the chain ends with no error where the run does (seed 000
  // converges at step 1,160, before 2,000: 1,160 listener calls deep on the old code), and the
  // lab answers.
  test('a step listener that steps again until step 2,000: 20 runs, the lab answers after each', async ({ page }) => {
    // Twenty loads of course.html (five labs, each its own WebAssembly instance): more than the
    // default minute on a loaded machine.
    test.setTimeout(240_000);
    const problems = watchProblems(page);
    for (let run = 1; run <= 20; run++) {
      await openCourse(page, '/course.html');
      const outcome = await page.evaluate(() => {
        const lab = document.getElementById('lab-seed000').perceptronLab;
        const errors = [];
        let calls = 0;
        lab.on('step', (r) => {
          calls += 1;
          try {
            if (r.step < 2000) lab.step();
          } catch (e) {
            errors.push(String(e));
          }
        });
        let first = null;
        try {
          lab.step();
        } catch (e) {
          first = String(e);
        }
        return { first, errors: [...new Set(errors)], calls, step: lab.field('step'), state: lab.field('state') };
      });
      expect(outcome, `run ${run}: the chain of steps`).toEqual({
        first: null, errors: [], calls: 1160, step: '1160', state: 'converged (epoch 232 was clean)',
      });
      // The lab answers: its API, its own button and the status panel.
      const seed = page.locator('#lab-seed000');
      await expect(field(seed, 'step'), `run ${run}`).toHaveText('1160');
      await page.evaluate(() => document.getElementById('lab-seed000').perceptronLab.back());
      await expect(field(seed, 'step'), `run ${run}: back()`).toHaveText('1159');
      await seed.locator('[data-act="step"]').click();
      await expect(field(seed, 'step'), `run ${run}: the Step button`).toHaveText('1160');
      await expect(seed.locator('[data-role="crash"]')).toBeHidden();
    }
    expect(problems, 'console errors, page errors').toEqual([]);
  });

  // Regression test (found by the second adversarial pass, issue 38, finding 11); it was:
  // mount(el, s, {hide: [5]}) destroyed the lab already in el, then threw "name.trim is not a
  // function", leaving dead markup; a Symbol or a function as the scenario gave "Cannot read
  // properties of undefined (reading 'length')"; a String object was taken as JSON. Expected:
  // every argument is checked before anything changes, with a TypeError saying what is allowed;
  // a String object is its string.
  test('mount and load check their arguments before anything changes', async ({ page }) => {
    const problems = watchProblems(page);
    await openCourse(page, '/course.html');
    const result = await page.evaluate(async (fragment) => {
      const host = document.createElement('div');
      host.id = 'checked';
      document.querySelector('main').prepend(host);
      const lab = await window.PerceptronLab.mount(host, fragment);
      lab.step();
      const root = host.querySelector('.plab');
      const refused = {};
      const attempts = {
        'hide: [5]': () => window.PerceptronLab.mount(host, fragment, { hide: [5] }),
        'hide: {}': () => window.PerceptronLab.mount(host, fragment, { hide: {} }),
        'options: "trace"': () => window.PerceptronLab.mount(host, fragment, 'trace'),
        'options: {hidden}': () => window.PerceptronLab.mount(host, fragment, { hidden: ['trace'] }),
        'scenario: Symbol': () => window.PerceptronLab.mount(host, Symbol('s')),
        'scenario: function': () => window.PerceptronLab.mount(host, () => fragment),
        'scenario: 42': () => window.PerceptronLab.mount(host, 42),
        'scenario: array': () => window.PerceptronLab.mount(host, [[1, 1, 0]]),
        'scenario: Map': () => window.PerceptronLab.mount(host, new Map()),
      };
      for (const [what, attempt] of Object.entries(attempts)) {
        try {
          await attempt();
          refused[what] = 'mounted';
        } catch (e) {
          refused[what] = `${e.name}: ${e.message}`;
        }
      }
      const loads = {};
      for (const [what, value] of Object.entries({ Symbol: Symbol('s'), function: () => 1, number: 7 })) {
        try {
          lab.load(value);
          loads[what] = 'loaded';
        } catch (e) {
          loads[what] = `${e.name}: ${e.message}`;
        }
      }
      // The lab that was there is untouched and answers.
      const same = host.querySelector('.plab') === root && host.children.length === 1;
      lab.step();
      const after = lab.field('step');
      // A String object is the string it holds: a link fragment, not JSON.
      lab.load(new String(fragment.replace('&n=0&', '&n=3&')));
      const loaded = lab.field('step');
      const other = document.createElement('div');
      document.querySelector('main').append(other);
      const boxed = await window.PerceptronLab.mount(other, new String(fragment.replace('&n=0&', '&n=2&')), { hide: new String('trace') });
      return {
        refused,
        loads,
        same,
        after,
        loaded,
        boxed: boxed.field('step'),
        boxedTrace: other.querySelector('[data-control="trace"]').hidden,
      };
    }, SEED000_AT_0);
    const scenarioKinds = 'TypeError: a scenario is a link fragment (a string: what "Copy link" puts after the #), '
      + 'a scenario object (what toJSON() returns or "Scenario JSON" saves), or nothing '
      + "(undefined, null or '') for a blank lab, not ";
    expect(result).toEqual({
      refused: {
        'hide: [5]': "TypeError: hide takes names of controls, as an array of strings (['trace', 'status']) or one string ('trace,status'), not an array holding a number",
        'hide: {}': "TypeError: hide takes names of controls, as an array of strings (['trace', 'status']) or one string ('trace,status'), not an object of kind Object",
        'options: "trace"': "TypeError: mount's options are an object such as { hide: ['trace'] }, not a string",
        'options: {hidden}': 'TypeError: mount has no option "hidden" (its one option is hide)',
        'scenario: Symbol': `${scenarioKinds}a symbol`,
        'scenario: function': `${scenarioKinds}a function`,
        'scenario: 42': `${scenarioKinds}a number`,
        'scenario: array': `${scenarioKinds}an array`,
        'scenario: Map': `${scenarioKinds}an object of kind Map`,
      },
      loads: {
        Symbol: `${scenarioKinds}a symbol`,
        function: `${scenarioKinds}a function`,
        number: `${scenarioKinds}a number`,
      },
      same: true,
      after: '2',
      loaded: '3',
      boxed: '2',
      boxedTrace: true,
    });
    await expect(page.locator('#checked canvas.plab-plot')).toHaveCount(1);
    await page.locator('#checked [data-act="step"]').click();
    await expect(field(page.locator('#checked'), 'step')).toHaveText('4');
    expect(problems, 'console errors, page errors').toEqual([]);
  });

  // Regression test (found by these tests, since fixed); it was:
  // load() reports replayed steps as if they were taken, and how many depends on the step before:
  // from step 0, load('…&n=3&…') calls on('step') and fires perceptron-lab:step for steps 1, 2, 3;
  // from step 2 only for step 3; from step 5 for none. (mount() with the same scenario reports
  // none.) A course page that logs or scores steps sees steps nobody took. Expected: load() reports
  // no steps, whatever the step before.
  test('load() reports no step events for the steps it replays', async ({ page }) => {
    await openCourse(page, '/course.html');
    const events = await page.evaluate(async ([start, target]) => {
      const out = {};
      for (const before of [0, 2, 5]) {
        const div = document.createElement('div');
        document.querySelector('main').append(div);
        const lab = await window.PerceptronLab.mount(div, start);
        for (let i = 0; i < before; i++) lab.step();
        const seen = [];
        lab.on('step', (r) => seen.push(`on ${r.step}`));
        div.addEventListener('perceptron-lab:step', (e) => seen.push(`dom ${e.detail.step}`));
        lab.load(target);
        lab.destroy();
        out[`from step ${before}`] = seen;
      }
      return out;
    }, [SEED000_AT_0, SEED000_AT_0.replace('&n=0&', '&n=3&')]);
    expect(events).toEqual({ 'from step 0': [], 'from step 2': [], 'from step 5': [] });
  });

  test('a scenario that cannot be opened: the lab mounts blank and says why in its notice', async ({ page }) => {
    const problems = watchProblems(page);
    await openCourse(page, '/course.html');
    await page.evaluate(async () => {
      const div = document.createElement('div');
      div.id = 'bad';
      document.querySelector('main').prepend(div);
      try {
        window.__bad = await window.PerceptronLab.mount(div, 'v=2&a=perceptron&p=1,1,0;3,2,1');
      } catch (e) {
        window.__badError = String(e);
      }
    });
    const bad = page.locator('#bad');
    // embed.js's comment says mount "rejects, leaving a message in the element"; it resolves
    // with a blank lab whose notice says why. Either way the reason is in the element.
    await expect(bad).toContainText('version 2 is not one this page reads');
    if (!(await page.evaluate(() => window.__badError))) {
      await expect(field(bad, 'notice')).toHaveText(/^This scenario could not be opened: .*version 2/);
      await expect(field(bad, 'step')).toHaveText('0');
    }
    expect(problems).toEqual([]);
  });

  test('the iframe shows the embedded lab at step 4 with its controls hidden; it never changes the parent URL', async ({ page }) => {
    const problems = watchProblems(page);
    await openCourse(page, '/course.html');
    const parentUrl = page.url();
    const parentHistory = await page.evaluate(() => history.length);
    const frame = await labFrame(page);
    const f = (name) => frame.locator(`#status [data-field="${name}"]`);
    await expect(f('step')).toHaveText('4');
    await expect(f('weights')).toHaveText('[0, 0, 0]');
    expect(await frame.evaluate(() => document.body.classList.contains('embed'))).toBe(true);
    for (const sel of ['header.top', '.settings-panel', '[data-panel="theory"]', '[data-panel="share"]', '#copy-link', '#file-input', '#preset']) {
      await expect(frame.locator(sel), `${sel} is hidden in the frame`).toBeHidden();
    }
    for (const sel of ['#plot', '#step', '#back', '#play', '#status', '[data-panel="trace"] table']) {
      await expect(frame.locator(sel), `${sel} is shown in the frame`).toBeVisible();
    }
    await expectDrawn(frame.locator('main'), 'the framed lab');
    // Use it: Step, a click on the plot, a key, Play and Pause.
    await frame.locator('#step').click();
    await expect(f('step')).toHaveText('5');
    // (At 900 px the framed page stacks its columns: the plot is above the fold again only after
    // scrolling the frame back up, as a person would.)
    await frame.locator('#plot').scrollIntoViewIfNeeded();
    const box = await frame.locator('#plot').boundingBox();
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.25);
    await expect(f('points')).toHaveText('5 (3 of +1, 2 of -1)');
    await frame.locator('#step').focus();
    await page.keyboard.press('ArrowRight');
    await expect(f('step')).toHaveText('6');
    await frame.locator('#play').click();
    await expect.poll(async () => Number(await f('step').textContent())).toBeGreaterThan(6);
    await frame.locator('#play').click();
    // The frame rewrote its own address (replaceState) ...
    await expect.poll(() => frame.evaluate(() => window.location.hash)).toMatch(/&p=.*&hide=settings%2Ctheory%2Cshare%2Cpresets&embed=1$/);
    await expect.poll(() => frame.evaluate(() => window.location.hash)).not.toMatch(/&n=4&/);
    // ... never the parent's.
    await afterFrames(page);
    expect(page.url()).toBe(parentUrl);
    expect(await page.evaluate(() => window.location.href)).toBe(parentUrl);
    expect(await page.evaluate(() => history.length)).toBe(parentHistory);
    await shot(page, 'embed-course-frame.png');
    expect(problems).toEqual([]);
  });

  test('a compact lab\'s "Share and files": its link opens the full lab on the same view; a CSV opens and saves; a bad file is named and changes nothing; axe finds nothing', async ({ page, context }) => {
    const problems = watchProblems(page);
    await openCourse(page, '/course.html');
    const seed = page.locator('#lab-seed000');
    const share = seed.locator('[data-panel="share"]');
    await expect(share, 'closed in a compact lab').not.toHaveAttribute('open', '');
    await seed.locator('[data-act="step"]').click();
    await expect(field(seed, 'step')).toHaveText('1');
    await share.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(share).toHaveAttribute('open', '');

    // Copy link: the full lab beside embed.js, on this lab's scenario.
    await share.locator('[data-role="copy-link"]').click();
    const box = share.locator('[data-role="share-link"]');
    await expect(box).toHaveValue(/\/index\.html#v=1&.*&n=1(&|$)/);
    await expect(share.locator('[data-role="share-status"]')).toHaveText(/^(Link copied: it opens this exact view\.|Select the link above and copy it \(Ctrl\+C\)\.)$/);
    const weights = await field(seed, 'weights').textContent();
    const full = await context.newPage();
    await full.goto(await box.inputValue());
    await expect(full.locator('#status [data-field="step"]')).toHaveText('1');
    await expect(full.locator('#status [data-field="weights"]')).toHaveText(weights);
    await expect(full.locator('#status [data-field="points"]')).toHaveText('5 (3 of +1, 2 of -1)');
    await full.close();

    // A points CSV opens (training starts again); Points CSV saves the same points.
    const input = share.locator('[data-role="file-input"]');
    const csv = 'x1,x2,label\n1,1,1\n2,2,1\n-1,-1,-1\n-2,-1,-1\n';
    await input.setInputFiles({ name: 'four.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(field(seed, 'step')).toHaveText('0');
    await expect(share.locator('[data-role="file-error"]')).toHaveText('');
    const [saved] = await Promise.all([page.waitForEvent('download'), share.locator('[data-export="points"]').click()]);
    expect(saved.suggestedFilename()).toBe('perceptron-points.csv');
    const text = fs.readFileSync(await saved.path(), 'utf8');
    expect(text.trim().split('\n').slice(1)).toEqual(['1,1,+1', '2,2,+1', '-1,-1,-1', '-2,-1,-1']);

    // A bad file: named with its line and reason, and the lab as it was.
    await seed.locator('[data-act="step"]').click();
    await expect(field(seed, 'step')).toHaveText('1');
    const before = await field(seed, 'weights').textContent();
    await input.setInputFiles({ name: 'bad-row.csv', mimeType: 'text/csv', buffer: Buffer.from('x1,x2,label\n1,1,-1\n3,two,1\n') });
    await expect(share.locator('[data-role="file-error"]')).toHaveText(/^bad-row\.csv: line 3: .+/);
    await expect(field(seed, 'step')).toHaveText('1');
    await expect(field(seed, 'weights')).toHaveText(before);

    const results = await new AxeBuilder({ page }).include('#lab-seed000 [data-panel="share"]').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await share.screenshot({ path: path.join(SCREENSHOT_DIR, 'embed-share.png') });
    expect(problems).toEqual([]);
  });
});

// ----- 8. The docs' snippets, pasted by a course author -------------------------------------------

/** The ```html blocks of the section "Embedding in a course page" of the course authors' page
 * of the docs (docs/src/course-authors.md; it was README.md's until issue 32). */
const SNIPPETS_PAGE = 'docs/src/course-authors.md';
function docsSnippets() {
  const text = fs.readFileSync(path.join(REPO_ROOT, SNIPPETS_PAGE), 'utf8');
  const start = text.indexOf('### Embedding in a course page');
  expect(start, `${SNIPPETS_PAGE} has the section "Embedding in a course page"`).toBeGreaterThan(0);
  const rest = text.slice(start + 1);
  const end = rest.search(/\n#{2,3} /);
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(/```html\n([\s\S]*?)```/g)].map((m) => m[1]);
}

/** A temp folder with `pages` ({ name: html }) and a copy of dist/ as `sub`; served. */
async function hostFolder(pages, sub) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perceptron-host-'));
  fs.cpSync(SERVED, path.join(dir, sub), { recursive: true });
  for (const [name, html] of Object.entries(pages)) fs.writeFileSync(path.join(dir, name), html);
  const server = await startStaticServer(dir);
  return {
    ...server,
    dir,
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const pageWith = (title, body) =>
  `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<link rel="icon" href="data:,">\n<title>${title}</title>\n</head>\n<body>\n<h1>${title}</h1>\n${body}\n</body>\n</html>\n`;

test.describe("the docs' embedding snippets work as written", () => {
  let host;
  let snippets;
  test.beforeAll(async () => {
    snippets = docsSnippets();
    host = await hostFolder(
      Object.fromEntries(snippets.map((s, i) => [`snippet${i + 1}.html`, pageWith(`Snippet ${i + 1}`, s)])),
      'lab'
    );
  });
  test.afterAll(async () => {
    if (host) await host.close();
  });

  test('there are three html snippets', () => {
    expect(snippets).toHaveLength(3);
    expect(snippets[0]).toMatch(/^<iframe src="lab\/index.html#/);
    expect(snippets[1]).toContain('<script src="lab/embed.js"></script>');
    expect(snippets[2]).toContain('<script type="module">');
  });

  test('snippet 1: the iframe shows the lab, embed=1 and hide=settings,theory', async ({ page }) => {
    const problems = watchProblems(page);
    await page.goto(`${host.origin}/snippet1.html`);
    const frame = await labFrame(page, 'iframe');
    const f = (name) => frame.locator(`#status [data-field="${name}"]`);
    await expect(f('algorithm')).toHaveText('Kernel perceptron (dual form)');
    await expect(f('step')).toHaveText('0');
    await expect(f('points')).toHaveText('4 (2 of +1, 2 of -1)');
    expect(await frame.evaluate(() => document.body.classList.contains('embed'))).toBe(true);
    await expect(frame.locator('.settings-panel')).toBeHidden();
    await expect(frame.locator('[data-panel="theory"]')).toBeHidden();
    await expect(frame.locator('header.top')).toBeHidden();
    await frame.locator('#step').click();
    await expect(f('step')).toHaveText('1');
    await expectDrawn(frame.locator('main'), 'the framed lab');
    await shot(page, 'embed-readme-iframe.png');
    expect(problems).toEqual([]);
  });

  // Regression test (found by these tests, since fixed); it was:
  // at the snippet's own size the lab's Step button is out of sight. The iframe is width="900"
  // height="640": the framed page is exactly 900 px wide, so style.css's `@media (max-width:
  // 900px)` stacks the columns and the controls (Step, Play, …) land below the plot, "This step",
  // the Gram table and the trace: Step at y = 990–1028 in a 640 px frame. A student sees the plot
  // and "← Back" but no "Step →" until they scroll inside the frame. One pixel wider (901) and Step
  // is at the top right, next to the plot. course.html's frame (100% of an 860 px column) stacks
  // the same way (Step at y ≈ 850). Expected: with embed=1 at 900 × 640 the plot and the Step
  // button are both in view.
  test('snippet 1 at its own size (900 × 640): the plot and the Step button are both in view', async ({ page }) => {
    await page.goto(`${host.origin}/snippet1.html`);
    const frame = await labFrame(page, 'iframe');
    const where = await frame.evaluate(() => {
      window.scrollTo(0, 0);
      const box = (id) => {
        const r = document.getElementById(id).getBoundingClientRect();
        return { top: Math.round(r.top), bottom: Math.round(r.bottom) };
      };
      return { width: window.innerWidth, height: window.innerHeight, plot: box('plot'), step: box('step') };
    });
    expect([where.width, where.height], 'the frame’s viewport').toEqual([900, 640]);
    expect(where.plot.top, `plot ${JSON.stringify(where)}`).toBeGreaterThanOrEqual(0);
    expect(where.step.bottom, `the Step button is inside the frame's 640 px: ${JSON.stringify(where)}`).toBeLessThanOrEqual(where.height);
  });

  test('snippet 2: the data-attribute div mounts with the trace hidden', async ({ page }) => {
    const problems = watchProblems(page);
    await page.goto(`${host.origin}/snippet2.html`);
    const host2 = page.locator('[data-perceptron-lab]');
    await expect(host2.locator('.plab canvas.plab-plot')).toBeVisible({ timeout: 20_000 });
    await expectDrawn(host2, 'the div lab');
    await expect(field(host2, 'step')).toHaveText('0');
    await expect(field(host2, 'weights')).toHaveText('[-1, 0, 0]');
    await expect(host2.locator('[data-control="trace"]')).toBeHidden();
    await host2.locator('[data-act="step"]').click();
    await host2.locator('[data-act="step"]').click();
    await expect(field(host2, 'step')).toHaveText('2');
    await expect(field(host2, 'weights')).toHaveText('[0, 3, 2]');
    await shot(page, 'embed-readme-div.png');
    expect(problems).toEqual([]);
  });

  test('snippet 3: the module script logs "step 1: mistake" and toJSON has step 1', async ({ page }) => {
    const problems = watchProblems(page);
    const logged = [];
    page.on('console', async (m) => {
      if (m.type() === 'log') logged.push(m.args().length ? await m.args()[0].jsonValue().catch(() => m.text()) : m.text());
    });
    await page.goto(`${host.origin}/snippet3.html`);
    await expect(page.locator('#my-log')).toHaveText('step 1: mistake', { timeout: 20_000 });
    const lab = page.locator('#my-lab');
    await expect(field(lab, 'step')).toHaveText('1');
    await expect(field(lab, 'algorithm')).toHaveText('Multiclass perceptron');
    await expectDrawn(lab, 'the API lab');
    await expect.poll(() => logged.length, { message: 'console.log(lab.toJSON())' }).toBeGreaterThan(0);
    const json = logged.find((v) => v && typeof v === 'object');
    expect(json, `logged: ${JSON.stringify(logged)}`).toBeTruthy();
    expect(json).toMatchObject({ version: 1, algorithm: 'multiclass', classes: 3, step: 1, points: [[-2, 3, 2]] });
    // The course's numbers after one step: W1, W2 bias first become [3, 2, 0] and [-1, -1, 7].
    await expect(field(lab, 'weights')).toContainText('[3, 2, 0]');
    await expect(field(lab, 'weights')).toContainText('[-1, -1, 7]');
    await shot(page, 'embed-readme-api.png');
    expect(problems).toEqual([]);
  });
});

// ----- 9. hosted under a sub-path -------------------------------------------------------------------

test.describe('hosted under /course/week3/lab/', () => {
  let host;
  test.beforeAll(async () => {
    host = await hostFolder({}, path.join('course', 'week3', 'lab'));
  });
  test.afterAll(async () => {
    if (host) await host.close();
  });

  test('index.html: the lab works (a click adds a point, Step steps)', async ({ page }) => {
    const problems = watchProblems(page);
    const lab = await openLabAt(page, problems, `${host.origin}/course/week3/lab/index.html`);
    await expect(lab.field('step')).toHaveText('0');
    await lab.addPoint(1, 1);
    await lab.addPoint(-1, -1, 'right');
    await lab.clickStep(2);
    await expect(lab.field('step')).toHaveText('2');
    await lab.loadPreset('xor-rbf');
    await lab.clickStep();
    await expect(lab.field('step')).toHaveText('1');
    expect(problems).toEqual([]);
    const outside = host.requests.filter((p) => !p.startsWith('/course/week3/lab/'));
    expect(outside, 'requests outside the lab’s folder').toEqual([]);
  });

  test('course.html: both labs and the iframe mount and step', async ({ page }) => {
    const problems = watchProblems(page);
    await openCourse(page, `${host.origin}/course/week3/lab/course.html`);
    for (const id of ['#lab-seed000', '#lab-xor']) {
      const lab = page.locator(id);
      await expectDrawn(lab, id);
      await lab.locator('[data-act="step"]').click();
      await expect(field(lab, 'step')).toHaveText('1');
    }
    await expect(page.locator('#seed000-log')).toHaveText('{"step":1,"index":1,"mistake":false}');
    const frame = await labFrame(page);
    await expect(frame.locator('#status [data-field="step"]')).toHaveText('4');
    await frame.locator('#step').click();
    await expect(frame.locator('#status [data-field="step"]')).toHaveText('5');
    expect(problems).toEqual([]);
    const outside = host.requests.filter((p) => !p.startsWith('/course/week3/lab/'));
    expect(outside, 'requests outside the lab’s folder').toEqual([]);
  });
});

// ----- 10. no request leaves the origin (course page) ------------------------------------------------

test('course.html: no request leaves the page’s origin', async ({ page }) => {
  const urls = [];
  page.on('request', (r) => urls.push(r.url()));
  page.on('websocket', (w) => urls.push(w.url()));
  const problems = watchProblems(page);
  await openCourse(page, '/course.html');
  const origin = new URL(page.url()).origin;
  for (const id of ['#lab-seed000', '#lab-xor']) {
    const lab = page.locator(id);
    await lab.locator('[data-act="step"]').click();
    await lab.locator('[data-act="play"]').click();
    await expect.poll(async () => Number(await lab.locator('[data-field="step"]').first().textContent())).toBeGreaterThan(1);
    await lab.locator('[data-act="play"]').click();
  }
  const frame = await labFrame(page);
  await frame.locator('#step').click();
  const before = Number(await frame.locator('#status [data-field="step"]').textContent());
  await frame.locator('#play').click();
  await expect.poll(async () => Number(await frame.locator('#status [data-field="step"]').textContent())).toBeGreaterThan(before);
  await frame.locator('#play').click();
  await Promise.all([page.waitForEvent('download'), frame.locator('[data-panel="trace"] [data-panel-act="csv"]').click()]);

  expect(urls.filter((u) => u.endsWith('.wasm')).length, 'the wasm was requested (page and frame)').toBeGreaterThan(0);
  expect(urls.some((u) => u.includes('embed.css')), 'embed.css was requested').toBe(true);
  const foreign = urls.filter((u) => !(u.startsWith(`${origin}/`) || u.startsWith('blob:') || u.startsWith('data:')));
  expect(foreign, `requests outside ${origin}`).toEqual([]);
  expect(problems).toEqual([]);
});

// ----- 11. course.html under the strict Content-Security-Policy --------------------------------------

test('course.html works under the strict Content-Security-Policy, with no violation', async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perceptron-csp-course-'));
  fs.cpSync(SERVED, dir, { recursive: true });
  const policy = policyFor(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'));
  const server = await startServer({ dir, csp: policy });
  try {
    expect(policy).not.toContain('unsafe-inline');
    await page.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        window.__cspViolations.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample });
      });
    });
    const problems = watchProblems(page);
    const response = await page.goto(`${server.origin}/course.html`);
    expect(response.headers()['content-security-policy']).toBe(policy);
    await page.evaluate(() => window.PerceptronLab.ready);
    for (const id of ['#lab-seed000', '#lab-xor']) {
      const lab = page.locator(id);
      await expect(lab.locator('.plab canvas.plab-plot'), `${id} mounts`).toBeVisible({ timeout: 20_000 });
      await expectDrawn(lab, id);
      await lab.locator('[data-act="step"]').click();
      await lab.locator('[data-act="step"]').click();
      await expect(field(lab, 'step')).toHaveText('2');
    }
    await expect(page.locator('#seed000-log')).toHaveText('{"step":2,"index":2,"mistake":true}');
    // The lab's stylesheet applies (embed.css is allowed by style-src 'self').
    expect(await page.locator('#lab-seed000 .plab').evaluate((el) => getComputedStyle(el).display)).toBe('grid');
    const frame = await labFrame(page);
    await expect(frame.locator('#status [data-field="step"]')).toHaveText('4');
    await frame.locator('#step').click();
    await expect(frame.locator('#status [data-field="step"]')).toHaveText('5');
    await afterFrames(page);
    await afterFrames(frame);
    expect(await page.evaluate(() => window.__cspViolations), 'violations in course.html').toEqual([]);
    expect(await frame.evaluate(() => window.__cspViolations || []), 'violations in the frame').toEqual([]);
    expect(problems).toEqual([]);
    await shot(page, 'embed-course-csp.png');
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
