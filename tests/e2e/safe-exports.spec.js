// Safe exports in the page: class names read from a file cannot inject anything into what the
// page saves. A name with a backslash (`x\input{…}`) stays inside its cell of the LaTeX trace
// export, escaped; a name a spreadsheet would run (`=HYPERLINK(…)`) is saved in the points CSV
// behind a single quote, and opening that CSV again gives the very same names. A name with a
// character that cannot be seen (a line break, U+200B ZERO WIDTH SPACE, a right-to-left
// override) is refused on opening, the message under the file button naming the character and
// the line, the points as they were (issue #15).
// No new UI: the exports are the existing buttons; the status line is checked by axe after the
// import. Saves safe-exports-import.png and safe-exports-hidden-{light,dark,presenter}.png in
// tests/e2e/screenshots/ for a person to look at.
'use strict';

const path = require('node:path');
const AxeBuilder = require('@axe-core/playwright').default;
const { test, expect } = require('./helpers');
const { SCREENSHOT_DIR } = require('./env');

const csvFile = (name, text) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

const HOSTILE = 'x1,x2,label\n1,1,"x\\input{/etc/passwd}"\n-1,2,"=HYPERLINK(""http://e.x"",""hi"")"\n0,-2,pear\n2,1,"x\\input{/etc/passwd}"\n';

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
  expect(tex.text).toContain('x\\textbackslash{}input\\{/etc/passwd\\}');
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

test('a label with a character that cannot be seen is refused, named, in light, dark and presenter themes', async ({ lab, page }) => {
  await lab.chooseAlgorithm('multiclass');
  await page.locator('#file-input').setInputFiles(csvFile('fruit.csv', 'x1,x2,label\n1,1,pear\n-1,2,apple\n0,-2,cherry\n'));
  await expect(lab.field('points')).toHaveText(/^3 \(/);
  const names = page.locator('[data-role="class-picker-multi"] button:visible');
  await expect(names).toHaveText(['apple', 'cherry', 'pear']);
  const fileError = page.locator('#file-error');
  for (const [file, text, expected] of [
    ['zwsp.csv', 'x1,x2,label\n0,0,pear\n1,1,"a\u200Bb"\n2,2,plum\n', /^zwsp\.csv: .*line 3: the label "a\\u\{200b\}b" holds U\+200B ZERO WIDTH SPACE, an invisible character; remove it$/],
    ['rlo.csv', 'x1,x2,label\n0,0,"\u202Eraep"\n1,1,plum\n', /line 2: .*U\+202E RIGHT-TO-LEFT OVERRIDE, a control of the text's direction/],
    ['break.csv', 'x1,x2,label\n0,0,"a\nb"\n1,1,plum\n', /line 2: .*U\+000A LINE FEED \(a line break\), a control character/],
    ['accents.csv', 'x1,x2,label\n0,0,caf\u00E9\n1,1,plum\n2,2,cafe\u0301\n', /line 4: the labels "café" \(line 2\) and .* differ only in their Unicode spelling \(c a f U\+00E9 and c a f e U\+0301\)/],
  ]) {
    await page.locator('#file-input').setInputFiles(csvFile(file, text));
    await expect(fileError, file).toHaveText(expected);
    // Nothing changed: the same three points and names.
    await expect(lab.field('points')).toHaveText(/^3 \(/);
    await expect(names).toHaveText(['apple', 'cherry', 'pear']);
  }
  await page.locator('#file-input').setInputFiles(csvFile('zwsp.csv', 'x1,x2,label\n0,0,pear\n1,1,"a\u200Bb"\n2,2,plum\n'));
  await expect(fileError).toHaveText(/U\+200B ZERO WIDTH SPACE/);
  const panel = page.locator('#share');
  for (const [theme, setUp] of [
    ['light', async () => {}],
    ['dark', () => page.emulateMedia({ colorScheme: 'dark' })],
    ['presenter', async () => {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.locator('#presenter').click();
      await expect(page.locator('body')).toHaveClass(/\bpresenter\b/);
    }],
  ]) {
    await setUp();
    const axe = await new AxeBuilder({ page }).include('#share').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`), theme).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: path.join(SCREENSHOT_DIR, `safe-exports-hidden-${theme}.png`), animations: 'disabled', caret: 'hide' });
  }
});
