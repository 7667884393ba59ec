// The SCORM 1.2 package of an exercise set (scripts/package.sh scorm; scripts/test.sh builds
// target/packages/perceptron-lab-scorm-test.zip from SET below, pass mark 80) in a fake LMS:
// scorm-again's Scorm12API, a SCORM runtime that checks every value it is given, on a host
// page that opens the unzipped package's launch page in an iframe, as an LMS does. A student
// answers three of the four questions (one wrong), goes on and closes the window; the LMS has
// the score, the status, the interactions and one LMSFinish. A second launch with the CMI the
// LMS kept resumes at question 4. Without an LMS the set runs and says it is not recorded.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { pathToFileURL } = require('node:url');
const AxeBuilder = require('@axe-core/playwright').default;
const { test, expect } = require('@playwright/test');
const { REPO_ROOT, SCREENSHOT_DIR } = require('./env');
const { startStaticServer } = require('./helpers/static-server');

const ZIP = path.join(REPO_ROOT, 'target', 'packages', 'perceptron-lab-scorm-test.zip');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
// Seed 000's steps (the course's worked example): predict step 1 (no update), update on step 2
// (w′ = [0, 3, 2]), predict step 3 (no update), update on step 5 (w′ = [-1, 1, -1]).
const SET = 'xv=1&xid=week-3&xk=predict,update&xn=4&xa=perceptron&xd=ex:seed000&xs=1';

let site;
let server;
let names;

test.beforeAll(async () => {
  if (!fs.existsSync(ZIP)) throw new Error(`${ZIP} is missing: scripts/test.sh builds it (layer package-scorm)`);
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'perceptron-scorm-'));
  const python = (code, ...args) => execFileSync('python3', ['-c', code, ...args], { encoding: 'utf8' });
  // The names as the zip holds them (exact case), and the files unzipped under pkg/.
  names = JSON.parse(python('import json,sys,zipfile; print(json.dumps(zipfile.ZipFile(sys.argv[1]).namelist()))', ZIP));
  python('import sys,zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])', ZIP, path.join(site, 'pkg'));
  fs.copyFileSync(path.join(__dirname, 'node_modules', 'scorm-again', 'dist', 'scorm12.min.js'), path.join(site, 'scorm12.js'));
  fs.writeFileSync(path.join(site, 'host.html'), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Course</title><script src="scorm12.js"></script></head>
<body><main><h1>Course</h1><div id="player"></div></main></body></html>`);
  server = await startStaticServer(site);
});

test.afterAll(async () => {
  if (server) await server.close();
  if (site) fs.rmSync(site, { recursive: true, force: true });
});

/**
 * Opens the host page with a fresh Scorm12API (the CMI `cmi` loaded first, as an LMS gives a
 * returning student) that records every call and its result, and launches the package in an
 * iframe. Returns the lab inside the frame.
 */
async function launch(page, cmi) {
  await page.goto(`${server.origin}/host.html`);
  await page.evaluate((saved) => {
    window.API = new window.Scorm12API({ logLevel: 5 });
    if (saved) window.API.loadFromJSON(saved);
    window.calls = [];
    for (const name of ['LMSInitialize', 'LMSGetValue', 'LMSSetValue', 'LMSCommit', 'LMSFinish']) {
      const call = window.API[name].bind(window.API);
      window.API[name] = (...args) => {
        const result = call(...args);
        window.calls.push({ name, args, result, error: String(window.API.LMSGetLastError()) });
        return result;
      };
    }
    const frame = document.createElement('iframe');
    frame.title = 'Practice set';
    frame.style.cssText = 'width: 1000px; height: 720px; border: 0';
    frame.src = 'pkg/index.html';
    document.getElementById('player').append(frame);
  }, cmi || null);
  return page.frameLocator('iframe').locator('perceptron-lab');
}

const calls = (page, name) => page.evaluate((n) => window.calls.filter((c) => c.name === n), name);
/** The values set, by element (the last value of each). */
const values = async (page) => Object.fromEntries((await calls(page, 'LMSSetValue')).map((c) => c.args));

async function answer(lab, title, how) {
  const question = lab.locator('[data-role="practice-question"]');
  await expect(question.locator('[data-field="practice-title"]')).toHaveText(title, { timeout: 20_000 });
  if (how.button) await question.locator(`[data-practice="${how.button}"]`).click();
  if (how.typed) {
    await question.locator('[data-role="practice-parameters-fields"] input').first().fill(how.typed);
    await question.locator('[data-ask="parameters"] [data-practice="check"]').click();
  }
  await expect(question.locator('[data-role="practice-feedback"]')).toHaveText(how.right ? /^✓ / : /^✗ /);
  await question.locator('[data-practice="next"]').click();
}

test('a student answers, leaves, and resumes at the next question; the LMS has score, status and interactions', async ({ page }) => {
  const lab = await launch(page);
  const status = page.frameLocator('iframe').locator('[data-role="scorm-status"]');
  await expect(status).toHaveText('Your answers are recorded by your course.', { timeout: 20_000 });
  await answer(lab, /Question 1 of 4/, { button: 'no', right: true });
  await answer(lab, /Question 2 of 4/, { typed: '0, 3, 2', right: true });
  await answer(lab, /Question 3 of 4/, { button: 'yes', right: false });
  await expect(lab.locator('[data-field="practice-title"]')).toHaveText(/Question 4 of 4/);
  let set = await values(page);
  expect(set['cmi.core.score.raw']).toBe('50');
  expect(set['cmi.core.lesson_status']).toBe('incomplete');
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'scorm-launch.png') });

  // The student closes the window (the LMS unloads the frame).
  await page.evaluate(() => { document.querySelector('iframe').src = 'about:blank'; });
  await expect.poll(async () => (await calls(page, 'LMSFinish')).length).toBe(1);
  expect((await calls(page, 'LMSInitialize')).map((c) => c.result)).toEqual(['true']);
  // Every value was taken: scorm-again checks each against SCORM 1.2's formats.
  const refused = (await calls(page, 'LMSSetValue')).filter((c) => c.result !== 'true');
  expect(refused).toEqual([]);
  set = await values(page);
  expect(set['cmi.core.score.raw']).toBe('50');
  expect(set['cmi.core.score.min']).toBe('0');
  expect(set['cmi.core.score.max']).toBe('100');
  expect(set['cmi.core.lesson_status']).toBe('incomplete');
  expect(set['cmi.core.exit']).toBe('suspend');
  expect(set['cmi.core.session_time']).toMatch(/^\d{4}:\d\d:\d\d\.\d\d$/);
  const interactions = [0, 1, 2].map((n) => ['id', 'type', 'student_response', 'result'].map((k) => set[`cmi.interactions.${n}.${k}`]));
  expect(interactions).toEqual([
    ['week-3-q1', 'true-false', 'f', 'correct'],
    ['week-3-q2', 'fill-in', 'w′ = [0, 3, 2]', 'correct'],
    ['week-3-q3', 'true-false', 't', 'wrong'],
  ]);
  expect(set['cmi.interactions.0.latency']).toMatch(/^\d{4}:\d\d:\d\d\.\d\d$/);
  expect(set['cmi.suspend_data'].length).toBeLessThanOrEqual(4096);
  // The LMS keeps the CMI; the student comes back.
  const cmi = await page.evaluate(() => JSON.parse(JSON.stringify(window.API.cmi)));
  expect(cmi.suspend_data).toBe(set['cmi.suspend_data']);

  const again = await launch(page, cmi);
  const back = page.frameLocator('iframe').locator('[data-role="scorm-status"]');
  await expect(back).toHaveText(/^Welcome back: your 3 answers are kept/, { timeout: 20_000 });
  await answer(again, /Question 4 of 4/, { typed: '-1, 1, -1', right: true });
  await expect(again.locator('[data-field="practice-title"]')).toHaveText('Done: 3 of 4 right');
  set = await values(page);
  expect(set['cmi.core.score.raw']).toBe('75');
  // 75 is below the pass mark, 80.
  expect(set['cmi.core.lesson_status']).toBe('failed');
  expect(set['cmi.core.exit']).toBe('');
  // Only the new answer is sent, as the fourth interaction.
  const sentIds = (await calls(page, 'LMSSetValue')).filter((c) => /^cmi\.interactions\.\d+\.id$/.test(c.args[0]));
  expect(sentIds.map((c) => c.args)).toEqual([['cmi.interactions.3.id', 'week-3-q4']]);
  expect(set['cmi.interactions.3.result']).toBe('correct');
  await page.evaluate(() => { document.querySelector('iframe').src = 'about:blank'; });
  await expect.poll(async () => (await calls(page, 'LMSFinish')).length).toBe(1);
  expect((await calls(page, 'LMSSetValue')).filter((c) => c.result !== 'true')).toEqual([]);
});

test('progress the launch page cannot resume starts the set again and says why', async ({ page }) => {
  const cmi = { suspend_data: '{"v":1,"set":"0000000000000000","seed":1,"log":[]}' };
  const lab = await launch(page, cmi);
  const status = page.frameLocator('iframe').locator('[data-role="scorm-status"]');
  await expect(status).toHaveText(/another exercise set: the set starts from its first question/, { timeout: 20_000 });
  await answer(lab, /Question 1 of 4/, { button: 'no', right: true });
  expect((await values(page))['cmi.core.score.raw']).toBe('25');
});

test('without an LMS, opened from disk, the set runs, says it is not recorded, and the page is accessible', async ({ page }) => {
  await page.goto(pathToFileURL(path.join(site, 'pkg', 'index.html')).href);
  const lab = page.locator('perceptron-lab');
  await expect(page.locator('[data-role="scorm-status"]')).toHaveText(/no course system \(LMS\) was found, so your answers are not recorded/, { timeout: 20_000 });
  await expect(lab.locator('[data-field="practice-title"]')).toHaveText(/Question 1 of 4/, { timeout: 20_000 });
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'scorm-no-lms.png') });
  await answer(lab, /Question 1 of 4/, { button: 'yes', right: false });
  await expect(lab.locator('[data-field="practice-title"]')).toHaveText(/Question 2 of 4/);
  const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  // On a phone: nothing wider than the screen, the question's buttons at least 44 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.scrollingElement.scrollWidth)).toBeLessThanOrEqual(390);
  const question = lab.locator('[data-role="practice-question"]');
  await expect(question.locator('[data-field="practice-title"]')).toHaveText(/Question 2 of 4/);
  await question.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'scorm-phone.png') });
});

test('the manifest has what SCORM 1.2 requires, and every file it lists is in the zip', async ({ page }) => {
  const xml = fs.readFileSync(path.join(site, 'pkg', 'imsmanifest.xml'), 'utf8');
  expect(names.sort()).toEqual(['imsmanifest.xml', 'index.html']);
  // The launch page opens the set this spec answers (scripts/test.sh packages it).
  const launchPage = fs.readFileSync(path.join(site, 'pkg', 'index.html'), 'utf8');
  expect(launchPage).toContain(`data-exercise="${SET.replaceAll('&', '&#38;')}"`);
  await page.goto(`${server.origin}/host.html`);
  const found = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.querySelector('parsererror')) return { error: doc.querySelector('parsererror').textContent };
    const CP = 'http://www.imsproject.org/xsd/imscp_rootv1p1p2';
    const ADL = 'http://www.adlnet.org/xsd/adlcp_rootv1p2';
    const all = (parent, name) => [...parent.getElementsByTagNameNS(CP, name)];
    const one = (parent, name) => all(parent, name)[0] || null;
    const root = doc.documentElement;
    const orgs = one(root, 'organizations');
    const org = all(orgs, 'organization').find((o) => o.getAttribute('identifier') === orgs.getAttribute('default'));
    const item = one(org, 'item');
    const resource = all(root, 'resource').find((r) => r.getAttribute('identifier') === item.getAttribute('identifierref'));
    return {
      root: [root.namespaceURI, root.localName, Boolean(root.getAttribute('identifier'))],
      schema: one(one(root, 'metadata'), 'schema').textContent,
      version: one(one(root, 'metadata'), 'schemaversion').textContent,
      orgTitle: Boolean(one(org, 'title').textContent.trim()),
      itemTitle: Boolean(one(item, 'title').textContent.trim()),
      mastery: item.getElementsByTagNameNS(ADL, 'masteryscore')[0].textContent,
      resource: [resource.getAttribute('type'), resource.getAttributeNS(ADL, 'scormtype'), resource.getAttribute('href')],
      files: all(resource, 'file').map((f) => f.getAttribute('href')),
      ids: [...doc.querySelectorAll('[identifier]')].map((e) => e.getAttribute('identifier')),
    };
  }, xml);
  expect(found.root).toEqual(['http://www.imsproject.org/xsd/imscp_rootv1p1p2', 'manifest', true]);
  expect([found.schema, found.version]).toEqual(['ADL SCORM', '1.2']);
  expect([found.orgTitle, found.itemTitle, found.mastery]).toEqual([true, true, '80']);
  expect(found.resource).toEqual(['webcontent', 'sco', 'index.html']);
  expect(found.files).toContain('index.html');
  for (const file of [...found.files, found.resource[2]]) expect(names).toContain(file);
  // Identifiers are XML IDs, each once.
  for (const id of found.ids) expect(id).toMatch(/^[A-Za-z_][A-Za-z0-9._-]*$/);
  expect(new Set(found.ids).size).toBe(found.ids.length);
});
