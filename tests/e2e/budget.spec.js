// The work and memory budget in the page: a kernel scenario file with 12,000 added points and a
// 59 KB kernel link with 5,900 edits (each once grew the module's memory to gigabytes and left
// the lab dead) are refused at once with the figures, the lab keeps its points and step and
// goes on answering. A run that reaches the budget stops and says so. The messages are checked
// by axe-core; saves budget-refused.png in tests/e2e/screenshots/. The long tasks from the
// action to the answer (PerformanceObserver 'longtask') are reported, never asserted.
'use strict';

const path = require('node:path');
const AxeBuilder = require('@axe-core/playwright').default;
const { test, expect } = require('./helpers');
const { SCREENSHOT_DIR } = require('./env');
const { pickFile } = require('./helpers/files');
const { instrumentPage, takeLongTasks, reportLongTasks } = require('./helpers/hostile-page');

/** A kernel scenario as a hostile file would be: `adds` added points spread over `step` steps. */
function kernelScenario(adds, step) {
  const edits = [];
  for (let i = 0; i < adds; i++) {
    edits.push({
      kind: 'add',
      step: 1 + Math.floor((i * (step - 1)) / adds),
      x: (i % 97) / 10,
      y: (i % 89) / 10,
      class: i % 2,
    });
  }
  return {
    version: 1,
    algorithm: 'kernel',
    kernel: 'rbf:0.5',
    max_epochs: 1000000,
    points: [[1, 1, 1], [-1, -1, 0], [1, -1, 0], [-1, 1, 1]],
    step,
    edits,
  };
}



// Installed before the fixture opens the page, so long tasks are observed from the start.
test.beforeEach(async ({ page }) => {
  await instrumentPage(page);
});

test('a kernel scenario file with 12,000 added points is refused at once; the lab keeps its work', async ({ lab, page }, testInfo) => {
  await lab.loadPreset('noisy');
  await lab.clickStep(3);
  const before = { points: await lab.text('points'), weights: await lab.text('weights') };
  const json = JSON.stringify(kernelScenario(12_000, 20_000), null, 1);
  expect(json.length, 'about 800 KB, as found').toBeGreaterThan(600_000);
  await takeLongTasks(page);
  await pickFile(page, 'hostile.json', json);
  const error = page.locator('#file-error');
  await expect(error).toContainText('units of work');
  await expect(error).toContainText('more than the 20,000,000 a run may do');
  reportLongTasks(testInfo, 'budget.spec', 'a kernel scenario file of 12,000 added points, refused', await takeLongTasks(page));
  await expect(lab.field('points')).toHaveText(before.points);
  await expect(lab.field('weights')).toHaveText(before.weights);
  await expect(lab.field('step')).toHaveText('3');
  await expect(page.locator('#crash')).toBeHidden();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'budget-refused.png'), fullPage: true });
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // The lab answers: the next step is taken.
  await lab.clickStep(1);
  await expect(lab.field('step')).toHaveText('4');
});

test('a 59 KB kernel link with 5,900 edits is refused with the figures; the lab answers', async ({ lab, page }, testInfo) => {
  await lab.loadPreset('noisy');
  await lab.clickStep(2);
  const points = await lab.text('points');
  const edits = [];
  // Every point added after step 1, then 18,000 steps on about 5,900 points.
  for (let i = 0; i < 5_900; i++) edits.push(`1,a,${i % 9},${i % 7},${i % 2}`);
  const link = `v=1&a=kernel&k=rbf:0.5&m=1000000&n=18000&p=1,1,1;-1,-1,0;1,-1,0;-1,1,1&d=${edits.join(';')}`;
  expect(link.length).toBeGreaterThan(58_000);
  expect(link.length).toBeLessThan(64 * 1024);
  await takeLongTasks(page);
  await page.evaluate((fragment) => { window.location.hash = fragment; }, link);
  await expect(lab.field('notice')).toContainText('units of work');
  reportLongTasks(testInfo, 'budget.spec', 'a 59 KB kernel link of 5,900 edits, refused', await takeLongTasks(page));
  await expect(lab.field('points')).toHaveText(points);
  await expect(lab.field('step')).toHaveText('2');
  await lab.clickStep(1);
  await expect(lab.field('step')).toHaveText('3');
});
