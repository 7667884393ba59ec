// The lab in a real JupyterLab: the Python package (target/wheels, installed into
// target/python-venv by scripts/test.sh) in a notebook that builds Lab(X, y) from NumPy arrays
// (tests/notebooks/lab.ipynb, copied to a folder of its own). Its cells are run as a user runs
// them (click, Shift+Enter); a Step clicked in the widget is what the next cell reads, and a
// step made in Python is what the widget shows. axe-core checks the widget's output area, and
// the widget is photographed in JupyterLab's light and dark themes.
'use strict';

const { test, expect } = require('@playwright/test');
const AxeBuilder = require('@axe-core/playwright').default;
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startJupyter } = require('./helpers/jupyter');
const { REPO_ROOT, SCREENSHOT_DIR } = require('./env');

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

test.describe.configure({ mode: 'serial' });

let jupyter = null;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'perceptron-lab-jupyter-'));
  fs.copyFileSync(path.join(REPO_ROOT, 'tests', 'notebooks', 'lab.ipynb'), path.join(folder, 'lab.ipynb'));
  jupyter = await startJupyter(folder);
});
test.afterAll(async () => {
  if (jupyter) await jupyter.stop();
});

/** The cell at `index` (the markdown cell is 0). */
const cell = (page, index) => page.locator('.jp-Notebook .jp-Cell').nth(index);

/**
 * Runs the cell at `index` as a user does: a click in its editor, then Shift+Enter, and waits
 * until its prompt shows the execution count. A run asked for in the moment JupyterLab connects
 * to the notebook's kernel can be dropped: its prompt stays "[ ]", or shows "[*]" (queued) and
 * falls back to "[ ]" (seen on fresh clones). The user then asks again: only while the prompt
 * says "[ ]", so a queued run is never asked for twice.
 */
async function runCell(page, index) {
  const target = cell(page, index);
  const prompt = target.locator('.jp-InputArea-prompt');
  await expect(async () => {
    if ((await prompt.textContent()).trim() === '[ ]:') {
      await target.locator('.jp-InputArea-editor').click();
      // The cell is the notebook's active one and its editor has the focus: Shift+Enter runs it.
      await expect(target).toHaveClass(/\bjp-mod-active\b/);
      await expect(target.locator('.cm-editor')).toHaveClass(/\bcm-focused\b/);
      await page.keyboard.press('Shift+Enter');
    }
    // Its prompt shows the execution count once the kernel has run it.
    await expect(prompt).toHaveText(/\[\d+\]/, { timeout: 15_000 });
  }).toPass({ timeout: 90_000 });
}

/** The notebook with the widget's cell at its top, as the reader sees it. */
async function shoot(page, name) {
  await cell(page, 1).evaluate((node) => node.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, name) });
}

/** The numbers of a text like "[-1, -1, -1]" or "w = [0, 3, 2]". */
function numbers(text) {
  const inside = text.slice(text.lastIndexOf('[') + 1, text.lastIndexOf(']'));
  return inside.split(/[,;]\s*/).map((v) => Number(v.replace('−', '-')));
}

test('a notebook: Lab(X, y) from NumPy, a Step in the widget read by Python, lab.step(3) shown by the widget', async ({ page }) => {
  test.setTimeout(240_000);
  const problems = [];
  page.on('pageerror', (err) => problems.push(String(err)));
  await page.goto(jupyter.url('lab/tree/lab.ipynb'));
  await expect(page.locator('.jp-Notebook .jp-Cell')).toHaveCount(8, { timeout: 90_000 });
  await expect(page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]')).toHaveCount(1, { timeout: 90_000 });

  // The first code cell builds the lab from NumPy arrays and shows it.
  await runCell(page, 1);
  const lab = cell(page, 1).locator('.jp-OutputArea-output perceptron-lab');
  const field = (name) => lab.locator(`[data-field="${name}"]`);
  await expect(field('step')).toHaveText('0', { timeout: 60_000 });
  await expect(field('weights')).toHaveText('[0, 0, 0]');
  await expect(lab.locator('canvas').first()).toBeVisible();

  // A Step clicked in the widget; the next cell reads the weights on screen.
  await lab.locator('button[data-act="step"]').click();
  await expect(field('step')).toHaveText('1');
  const shown = await field('weights').textContent();
  expect(numbers(shown)).toEqual([-1, -1, -1]);
  await runCell(page, 2);
  const printed = await cell(page, 2).locator('.jp-OutputArea-output').textContent();
  expect(printed).toMatch(/^step 1: w = \[/);
  expect(numbers(printed)).toEqual(numbers(shown));

  // Three steps from Python: the widget's step panel shows step 4, with Python's weights.
  await runCell(page, 3);
  await expect(cell(page, 3).locator('.jp-OutputArea-output')).toHaveText(/step 4/);
  await expect(field('step')).toHaveText('4');
  const after = await cell(page, 3).locator('.jp-OutputArea-output').textContent();
  expect(after).toMatch(/^step 4: w = \[/);
  expect(numbers(await field('weights').textContent())).toEqual(numbers(after));

  // A point clicked onto the plot reaches Python too; a second lab in the notebook is a lab of
  // its own (its own WebAssembly instance): its Step leaves the first where it was.
  const before = await field('points').textContent();
  const plot = lab.locator('canvas').first();
  const box = await plot.boundingBox();
  await plot.click({ position: { x: box.width * 0.2, y: box.height * 0.8 } });
  await expect(field('points')).not.toHaveText(before);
  await runCell(page, 4);
  const other = cell(page, 4).locator('.jp-OutputArea-output perceptron-lab');
  await expect(other.locator('[data-field="step"]')).toHaveText('0', { timeout: 60_000 });
  await other.locator('button[data-act="step"]').click();
  await expect(other.locator('[data-field="step"]')).toHaveText('1');
  await expect(field('step')).toHaveText('4');
  await runCell(page, 5);
  await expect(cell(page, 5).locator('.jp-OutputArea-output')).toHaveText('6 points, steps 4 and 1');

  // An exercise set sent from Python to the second lab: the student answers it there, and
  // Python reads the answer and the end of the set in lab.results.
  await runCell(page, 6);
  const question = other.locator('[data-role="practice-question"]');
  await expect(question.locator('[data-field="practice-title"]')).toHaveText(/Question 1 of 1/);
  await question.locator('[data-practice="yes"]').click();
  await expect(question.locator('[data-role="practice-feedback"]')).toHaveText(/^[✓✗] /);
  await question.locator('[data-practice="next"]').click();
  await expect(question.locator('[data-field="practice-title"]')).toHaveText(/^Done: [01] of 1 right$/);
  const score = (await question.locator('[data-field="practice-title"]').textContent()).match(/Done: (\d)/)[1];
  await runCell(page, 7);
  await expect(cell(page, 7).locator('.jp-OutputArea-output')).toHaveText(`['answer', 'finish'] ${score} of 1`);

  // By keyboard: keys typed in the lab are the lab's shortcuts, not JupyterLab's (1 would make
  // the active cell a heading, D D delete it).
  await lab.locator('button[data-act="step"]').focus();
  await page.keyboard.press('ArrowRight');
  await expect(field('step')).toHaveText('5');
  const cells = await page.locator('.jp-Notebook .jp-Cell').count();
  for (const key of ['1', 'd', 'd', 'm']) await page.keyboard.press(key);
  await expect(page.locator('.jp-Notebook .jp-Cell')).toHaveCount(cells);
  await expect(page.locator('.jp-Notebook .jp-MarkdownCell')).toHaveCount(1);
  await expect(field('step')).toHaveText('5');

  // axe-core inside the widget's output area.
  await cell(page, 1).locator('.jp-OutputArea').evaluate((node) => node.setAttribute('data-test-widget', ''));
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).include('[data-test-widget]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);

  // The widget in JupyterLab's light theme, then its dark theme (the lab follows it).
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await expect(lab.locator('.plab')).toHaveAttribute('data-theme', 'light');
  await shoot(page, 'jupyterlab-light.png');
  await page.locator('.lm-MenuBar-itemLabel', { hasText: /^Settings$/ }).click();
  await page.locator('.lm-Menu-itemLabel', { hasText: /^Theme$/ }).hover();
  await page.locator('.lm-Menu-itemLabel', { hasText: /^JupyterLab Dark$/ }).click();
  await expect(page.locator('body')).toHaveAttribute('data-jp-theme-light', 'false');
  // JupyterLab shows its splash while it loads a theme.
  await expect(page.locator('#jupyterlab-splash')).toHaveCount(0);
  await expect(lab.locator('.plab')).toHaveAttribute('data-theme', 'dark');
  await shoot(page, 'jupyterlab-dark.png');
  const dark = await new AxeBuilder({ page }).withTags(AXE_TAGS).include('[data-test-widget]').analyze();
  expect(dark.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(problems).toEqual([]);
});
