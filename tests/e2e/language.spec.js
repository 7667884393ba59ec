// The lab's languages (issue 37's first slice: the step table, "This step", the spoken steps
// and the numbers): a link's lang=, the header's menu by keyboard (kept in the browser, kept
// across a reload, carried by the link), the browser's own language, and Arabic right to left
// (the plot's axes stay left to right; axe-core clean; screenshots to look at).
'use strict';

const path = require('node:path');
const base = require('@playwright/test');
const AxeBuilder = require('@axe-core/playwright').default;
const { SCREENSHOT_DIR } = require('./env');
const { expect, watchProblems, openLabAt, listen } = require('./helpers');

/** Seed 000 from w = [-1, 0, 0], as a scenario link. */
const SEED000 = 'v=1&a=perceptron&b=1&i=-1,0,0&e=1&o=fixed&s=1&m=1000&n=0&p=1,1,0;3,2,1;2,4,1;3,4,1;2,3,0';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Seed 000 loaded and stepped twice (its first update: w = [0, 3, 2]). */
async function seedTwoSteps(page, lab) {
  await lab.loadPreset('seed000');
  await lab.clickStep(2);
  await expect(lab.field('step')).toHaveText('2');
}

base.test('a link with lang=de: the step table, "This step" and the spoken step in German, with the decimal comma', async ({ page }) => {
  const problems = watchProblems(page);
  const lab = await openLabAt(page, problems, '/#lang=de');
  const root = page.locator('#lab');
  await expect(root).toHaveAttribute('lang', 'de');
  await expect(root).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('[data-role="language-label"]')).toHaveText('Sprache');
  await expect(page.locator('#language')).toHaveValue('de');
  await listen(page);
  await seedTwoSteps(page, lab);
  await expect(page.locator('[data-field="explain-title"]')).toHaveText('Schritt 2: Beispiel #2 (3; 2), y = +1');
  await expect(page.locator('table.trace thead th').first()).toHaveText('Schritt');
  await expect(page.locator('table.trace tbody tr').nth(1)).toContainText('+[1; 3; 2]');
  await expect(page.locator('#status dt').first()).toHaveText('Algorithmus');
  await expect(page.locator('#step')).toHaveText('Schritt →');
  await expect.poll(() => page.evaluate(() => window.__said.join('\n'))).toContain(
    'Schritt 2, Epoche 1: Beispiel 2 bei (3; 2), Klasse +1, Score −1, ein Fehler. w wird [0; 3; 2]; die Grenze erscheint; 2 von 5 Punkten liegen auf der falschen Seite.'
  );
  // The address keeps the page's language after the lab writes its link, and so does the share box.
  await expect.poll(() => page.url()).toMatch(/#v=1&.*&lang=de/);
  await expect(page.locator('[data-role="share-link"]').first()).toHaveValue(/&lang=de/);
  expect(problems).toEqual([]);
});

base.test('the language menu by keyboard: the page reloads in French with its points, the choice is kept and travels in the link', async ({ page, browser }) => {
  const problems = watchProblems(page);
  const lab = await openLabAt(page, problems, '/');
  await expect(page.locator('#lab')).toHaveAttribute('lang', 'en');
  await seedTwoSteps(page, lab);
  await page.locator('#language').focus();
  await Promise.all([page.waitForEvent('load'), page.keyboard.press('F')]);
  const again = await openLabAt(page, problems, null);
  await expect(page.locator('#lab')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('#language')).toHaveValue('fr');
  await expect(page.locator('[data-role="language-label"]')).toHaveText('Langue');
  // Nothing was lost: the same points, the same step.
  await expect(again.field('step')).toHaveText('2');
  await expect(page.locator('[data-field="explain-title"]')).toHaveText('Étape 2 : échantillon n° 2 (3; 2), y = +1');
  expect(await page.evaluate(() => window.localStorage.getItem('perceptron-lab.lang'))).toBe('fr');
  // Kept in this browser: a reload, and the bare page, are French.
  await page.reload();
  await openLabAt(page, problems, null);
  await expect(page.locator('#lab')).toHaveAttribute('lang', 'fr');
  const bare = await openLabAt(page, problems, '/');
  await expect(page.locator('#lab')).toHaveAttribute('lang', 'fr');
  // Carried by the link: another browser (nothing kept) opens a French link in French.
  await bare.loadPreset('seed000');
  await bare.clickStep(1);
  await expect.poll(() => page.url()).toMatch(/&n=1&.*&lang=fr/);
  const link = page.url();
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const otherProblems = watchProblems(otherPage);
  const otherLab = await openLabAt(otherPage, otherProblems, link);
  await expect(otherPage.locator('#lab')).toHaveAttribute('lang', 'fr');
  await expect(otherLab.field('step')).toHaveText('1');
  await other.close();
  expect(problems).toEqual([]);
  expect(otherProblems).toEqual([]);
});

base.test.describe('a browser in Spanish', () => {
  base.test.use({ locale: 'es-ES' });
  base.test('speaks Spanish without being asked', async ({ page }) => {
    const problems = watchProblems(page);
    const lab = await openLabAt(page, problems, '/');
    await expect(page.locator('#lab')).toHaveAttribute('lang', 'es');
    await expect(page.locator('[data-role="language-label"]')).toHaveText('Idioma');
    await seedTwoSteps(page, lab);
    await expect(page.locator('table.trace thead th').first()).toHaveText('paso');
    expect(problems).toEqual([]);
  });
});

base.test('Arabic: the lab mirrors, the plot and the numbers stay left to right, axe-core is clean in light, dark and presenter', async ({ page }) => {
  const problems = watchProblems(page);
  const lab = await openLabAt(page, problems, '/#lang=ar');
  const root = page.locator('#lab');
  await expect(root).toHaveAttribute('lang', 'ar');
  await expect(root).toHaveAttribute('dir', 'rtl');
  await seedTwoSteps(page, lab);
  expect(await page.locator('#plot').evaluate((c) => getComputedStyle(c).direction)).toBe('ltr');
  // A vector cell reads left to right in the mirrored table.
  const cell = page.locator('table.trace tbody tr').nth(1).locator('td').nth(1);
  await expect(cell).toHaveText('[-1, 0, 0]');
  expect(await cell.evaluate((td) => getComputedStyle(td).unicodeBidi)).toBe('plaintext');
  await expect(page.locator('table.trace thead th').first()).toHaveText('الخطوة');
  for (const [name, set] of [
    ['light', async () => {}],
    ['dark', async () => page.emulateMedia({ colorScheme: 'dark' })],
    ['presenter', async () => page.locator('#presenter').click()],
  ]) {
    await set();
    await lab.settle();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `arabic-${name}.png`) });
    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).include('#lab').analyze();
    expect(results.violations.map((v) => `${name} ${v.id}: ${v.help}`)).toEqual([]);
  }
  expect(problems).toEqual([]);
});

for (const [lang, size, name] of [
  ['de', { width: 375, height: 812 }, 'german-phone'],
  ['zh-CN', { width: 1024, height: 768 }, 'chinese-projector'],
  ['de', { width: 1024, height: 768 }, 'german-projector'],
]) {
  base.test(`${name}: the page fits its width, the step bar speaks ${lang} (screenshot to look at)`, async ({ page }) => {
    const problems = watchProblems(page);
    await page.setViewportSize(size);
    const lab = await openLabAt(page, problems, `/#lang=${lang}`);
    await seedTwoSteps(page, lab);
    await expect(page.locator('#step')).toHaveText(lang === 'de' ? 'Schritt →' : '单步 →');
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0], 'no sideways scroll of the page').toBeLessThanOrEqual(widths[1]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `language-${name}.png`) });
    expect(problems).toEqual([]);
  });
}

base.test('a course author\'s <perceptron-lab lang="fr"> and lang="ar": each lab in its language, Arabic mirrored and axe-core clean', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto('/course.html');
  await page.waitForFunction(() => window.PerceptronLab && window.PerceptronLab.ready, null, { timeout: 20_000 });
  await page.evaluate((scenario) => Promise.all(['fr', 'ar'].map((lang) => {
    const lab = document.createElement('perceptron-lab');
    lab.id = `lab-${lang}`;
    lab.setAttribute('lang', lang);
    lab.setAttribute('scenario', scenario);
    document.querySelector('main').prepend(lab);
    return lab.ready;
  })), SEED000);
  const french = page.locator('#lab-fr');
  await expect(french.locator('.plab')).toHaveAttribute('lang', 'fr');
  await expect(french.locator('button[data-act="step"]')).toHaveText('Étape →');
  await french.locator('button[data-act="step"]').click();
  await french.locator('button[data-act="step"]').click();
  await expect(french.locator('[data-field="explain-title"]')).toHaveText('Étape 2 : échantillon n° 2 (3; 2), y = +1');
  const arabic = page.locator('#lab-ar');
  await expect(arabic.locator('.plab')).toHaveAttribute('dir', 'rtl');
  await expect(arabic.locator('button[data-act="step"]')).toHaveText('خطوة →');
  expect(await arabic.locator('canvas').first().evaluate((c) => getComputedStyle(c).direction)).toBe('ltr');
  await arabic.screenshot({ path: path.join(SCREENSHOT_DIR, 'arabic-element.png') });
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).include('#lab-ar').include('#lab-fr').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(problems).toEqual([]);
});

// The pseudo-language en-XA (accented, longer, bracketed) proves which words the catalogues
// reach: every word of the parts translated so far is in its form, none left in English.
base.test('under the pseudo-language, the step bar, "This step", the step table and the spoken step are all in its form', async ({ page }) => {
  const problems = watchProblems(page);
  const lab = await openLabAt(page, problems, '/#lang=en-XA');
  await listen(page);
  await seedTwoSteps(page, lab);
  const texts = await page.evaluate(() => [
    ...['step', 'play', 'next-mistake', 'finish-epoch', 'run', 'reset', 'clear', 'back'].map((act) => document.querySelector(`#lab [data-act="${act}"]`).textContent),
    document.querySelector('[data-panel="classes"] .label').textContent,
    document.querySelector('[data-panel="explain"] h2').textContent,
    ...[...document.querySelectorAll('[data-panel="explain"] dt')].map((dt) => dt.textContent),
    // (The update field is arithmetic alone, "+[1, 3, 2] → w = [0, 3, 2]": no words to translate.)
    ...['explain-title', 'explain-check'].map((f) => document.querySelector(`[data-panel="explain"] [data-field="${f}"]`).textContent),
    ...[...document.querySelectorAll('table.trace thead th')].map((th) => th.textContent),
    document.querySelector('table.trace tbody tr:nth-child(2) td:nth-child(4)').textContent,
  ]);
  expect(texts.length).toBeGreaterThan(20);
  expect(texts.filter((t) => !/^\[.*\]$/s.test(t.trim())), 'left outside the pseudo form').toEqual([]);
  // No plain English word survives inside them: English's vowels are all accented.
  expect(texts.filter((t) => /\b(Step|Play|Back|step|weights|score|update|mistake|sample)\b/.test(t))).toEqual([]);
  const said = await page.evaluate(() => window.__said.join('\n'));
  expect(said).toMatch(/^\[Şŧḗḗp 2, ḗḗpǿǿƈh 1: \[şȧȧmplḗḗ 2 ȧȧŧ \(3, 2\)/m);
  expect(problems).toEqual([]);
});

base.test('a state too large for a link: the language change is refused with the reason, the points are kept', async ({ page }) => {
  const problems = watchProblems(page);
  const lab = await openLabAt(page, problems, '/');
  const rows = ['x1,x2,label'];
  for (let i = 0; i < 2100; i++) rows.push(`${(i % 50) / 10},${Math.floor(i / 50) / 10},${i % 2 ? 1 : -1}`);
  await page.locator('#file-input').setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
  await expect(lab.field('notice')).toHaveText('Loaded 2100 points from the file; training restarts.');
  let reloaded = false;
  page.on('load', () => { reloaded = true; });
  await page.locator('#language').selectOption('de');
  await expect(lab.field('notice')).toHaveText(/^The language was not changed: .*2100 points are too many for a link/);
  await expect(page.locator('#language')).toHaveValue('en');
  expect(reloaded, 'the page did not reload').toBe(false);
  expect(await page.evaluate(() => window.localStorage.getItem('perceptron-lab.lang'))).toBeNull();
  await expect(lab.field('points')).toHaveText('2100 (1050 of +1, 1050 of -1)');
  expect(problems).toEqual([]);
});
