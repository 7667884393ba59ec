// Safe exports in the page: class names read from a file cannot inject anything into what the
// page saves. A name with a line break and a backslash (`x⏎\input{…}`) stays inside its cell of
// the LaTeX trace export, escaped; a name a spreadsheet would run (`=HYPERLINK(…)`) is saved in
// the points CSV behind a single quote, and opening that CSV again gives the very same names.
// No new UI: the exports are the existing buttons; the status line is checked by axe after the
// import. Saves safe-exports-import.png in tests/e2e/screenshots/ for a person to look at.
'use strict';

const path = require('node:path');
const AxeBuilder = require('@axe-core/playwright').default;
const { test, expect } = require('./helpers');
const { SCREENSHOT_DIR } = require('./env');

const csvFile = (name, text) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

const HOSTILE = 'x1,x2,label\n1,1,"x\n\\input{/etc/passwd}"\n-1,2,"=HYPERLINK(""http://e.x"",""hi"")"\n0,-2,pear\n2,1,"x\n\\input{/etc/passwd}"\n';

test('hostile class names are escaped in the LaTeX trace and neutralized in the points CSV', async ({ lab, page }) => {
  await lab.chooseAlgorithm('multiclass');
  await page.locator('#file-input').setInputFiles(csvFile('hostile.csv', HOSTILE));
  await expect(lab.field('points')).toHaveText(/^4 \(/);
  await expect(page.locator('#file-error')).toHaveText('');
  const names = page.locator('[data-role="class-picker-multi"] button:visible');
  await expect(names).toHaveCount(3);
  const before = await names.allTextContents();
  expect(before).toContain('=HYPERLINK("http://e.x","hi")');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'safe-exports-import.png') });
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  for (let i = 1; i <= 3; i++) await lab.key('ArrowRight');
  await expect(lab.field('step')).toHaveText('3');
  const tex = await lab.download('#export-latex');
  expect(tex.text).toContain('x\\textbackslash{}x0a\\textbackslash{}input\\{/etc/passwd\\}');
  for (const line of tex.text.split('\n')) {
    const code = line.split('%')[0];
    expect(code, `TeX would run \\input on ${JSON.stringify(line)}`).not.toContain('\\input');
  }
  // Every line of the table is a header, a rule or a row ending with \\: no stray line.
  for (const line of tex.text.replace(/\n+$/, '').split('\n')) {
    expect(line, 'a line of the LaTeX export').toMatch(/^(\\begin\{tabular\}|\\toprule|\\midrule|\\bottomrule|\\end\{tabular\}|.* \\\\$)/);
  }

  const points = await lab.download('#export-points');
  const lines = points.text.trimEnd().split('\n');
  expect(lines).toContain('-1,2,"\'=HYPERLINK(""http://e.x"",""hi"")"');
  expect(lines).toContain('0,-2,pear');
  expect(points.text).not.toMatch(/(^|,)"?[=@]/m);

  // Opened again: the same names, the same file.
  await lab.loadPreset('blobs3');
  await page.locator('#file-input').setInputFiles(csvFile('saved.csv', points.text));
  await expect(lab.field('points')).toHaveText(/^4 \(/);
  await expect(names).toHaveText(before);
  const again = await lab.download('#export-points');
  expect(again.text).toBe(points.text);
});
