// Safe exports in the page: class names read from a file cannot inject anything into what the
// page saves. A name with a backslash (`x\input{…}`) stays inside its cell of the LaTeX trace
// export, escaped; a name a spreadsheet would run (`=HYPERLINK(…)`) is saved in the points CSV
// behind a single quote, and opening that CSV again gives the very same names. A name with a
// character that cannot be seen (a line break, U+200B ZERO WIDTH SPACE, a right-to-left
// override) is refused on opening, the message under the file button naming the character and
// the line, the points as they were (issue #15).
// Issue #38: a name `<img src=x onerror=alert(1)>` from a link is no tag in the Markdown export
// (each cell reads back as the trace's), and names beyond ASCII (`café,日本,עברית`) are kept as
// UTF-8 in the LaTeX export, under a comment naming what the document needs, not written `?`.
// No new UI: the exports are the existing buttons; the status line is checked by axe after the
// import. Saves safe-exports-import.png and safe-exports-hidden-{light,dark,presenter}.png in
// tests/e2e/screenshots/ for a person to look at.
'use strict';

const path = require('node:path');
const AxeBuilder = require('@axe-core/playwright').default;
const { test, expect, openLabAt, watchProblems } = require('./helpers');
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
  const tex = await lab.download('[data-panel="trace"] [data-panel-act="latex"]');
  expect(tex.text).toContain('x\\textbackslash{}input\\{/etc/passwd\\}');
  for (const line of tex.text.split('\n')) {
    const code = line.split('%')[0];
    expect(code, `TeX would run \\input on ${JSON.stringify(line)}`).not.toContain('\\input');
  }
  // A first comment line says what the document needs: the name's `"` is \textquotedbl, which
  // pdfLaTeX's default OT1 encoding lacks (issue #38).
  const [first, ...table] = tex.text.replace(/\n+$/, '').split('\n');
  expect(first).toMatch(/^% A class name holds a straight double quote \(\\textquotedbl\).*pdfLaTeX needs \\usepackage\[T1\]\{fontenc\}/);
  // Every other line of the table is a header, a rule or a row ending with \\: no stray line.
  for (const line of table) {
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
  const panel = page.locator('[data-panel="share"]');
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
    const axe = await new AxeBuilder({ page }).include('[data-panel="share"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`), theme).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: path.join(SCREENSHOT_DIR, `safe-exports-hidden-${theme}.png`), animations: 'disabled', caret: 'hide' });
  }
});

/** The cells of a Markdown table row as pandoc splits it: a backslash escapes the next character. */
function markdownCells(row) {
  const cells = [];
  let cell = '';
  const inner = row.slice(1, -1);
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === '\\') {
      cell += inner[i] + (inner[i + 1] ?? '');
      i++;
    } else if (inner[i] === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += inner[i];
  }
  cells.push(cell.trim());
  return cells;
}

/** What a Markdown renderer shows for an escaped cell. */
const markdownText = (cell) =>
  cell.replace(/\\([!-/:-@[-`{-~])|&(amp|lt|gt);/g, (_, escaped, entity) => escaped ?? { amp: '&', lt: '<', gt: '>' }[entity]);

const LINK_POINTS = '&b=1&i=zero&e=1&o=fixed&s=1&m=1000&n=3&p=1,2,0;-1,0,1;0,-2,2';

test('a class name of markup is no tag in the Markdown export (issue #38)', async ({ page }) => {
  const problems = watchProblems(page);
  const lab = await openLabAt(page, problems, `/#v=1&a=multiclass&c=3&l=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E,b,c${LINK_POINTS}`);
  await expect(lab.field('step')).toHaveText('3');
  const names = page.locator('[data-role="class-picker-multi"] button:visible');
  await expect(names).toHaveText(['<img src=x onerror=alert(1)>', 'b', 'c']);
  const rows = await lab.traceRows();
  expect(rows).toHaveLength(3);
  const md = await lab.download('[data-panel="trace"] [data-panel-act="markdown"]');
  expect(md.text).not.toMatch(/[<>]/);
  expect(md.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
  const lines = md.text.replace(/\n+$/, '').split('\n');
  expect(lines).toHaveLength(6);
  const head = markdownCells(lines[0]);
  for (const line of lines.slice(2)) expect(markdownCells(line), line).toHaveLength(head.length);
  rows.forEach((r, k) => expect(markdownCells(lines[2 + k]).map(markdownText), `row ${k + 1} reads back`).toEqual(r.cells));
  expect(rows.some((r) => r.cells.join(' ').includes('<img src=x onerror=alert(1)>'))).toBe(true);
  expect(problems).toEqual([]);
});

test('names beyond ASCII stay UTF-8 in the LaTeX export (issue #38)', async ({ page }) => {
  const problems = watchProblems(page);
  const lab = await openLabAt(page, problems, `/#v=1&a=multiclass&c=3&l=${['café', '日本', 'עברית'].map(encodeURIComponent).join(',')}${LINK_POINTS}`);
  await expect(lab.field('step')).toHaveText('3');
  const names = page.locator('[data-role="class-picker-multi"] button:visible');
  await expect(names).toHaveText(['café', '日本', 'עברית']);
  // Three steps more: every class is predicted once, so every name is in the trace.
  for (let i = 4; i <= 6; i++) {
    await lab.key('ArrowRight');
    await expect(lab.field('step')).toHaveText(String(i));
  }
  const tex = await lab.download('[data-panel="trace"] [data-panel-act="latex"]');
  expect(tex.name).toBe('perceptron-trace.tex');
  const lines = tex.text.replace(/\n+$/, '').split('\n');
  expect(lines[0]).toMatch(/^% UTF-8 text .*XeLaTeX or LuaLaTeX with \\usepackage\{fontspec\}/);
  expect(lines[1]).toBe('\\begin{tabular}{rllll}');
  // Before: `caf?`, `??`, `?????` (the head's `correct?` is the only question mark).
  expect(tex.text.match(/\?/g)).toEqual(['?']);
  for (const name of ['café', '日本', 'עברית']) expect(tex.text).toContain(name);
  expect(problems).toEqual([]);
});
