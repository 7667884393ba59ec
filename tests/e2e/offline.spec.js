// The lab in one file (scripts/package.sh offline: target/packages/perceptron-lab.html), opened
// from file:// with every request outside the file refused: it draws, steps, opens a link
// pasted into its address and runs an exercise set, under its own strict
// Content-Security-Policy with nothing reported.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const AxeBuilder = require('@axe-core/playwright').default;
const { test, expect } = require('@playwright/test');
const { REPO_ROOT, SCREENSHOT_DIR } = require('./env');

const FILE = path.join(REPO_ROOT, 'target', 'packages', 'perceptron-lab.html');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
const SEED000 = 'v=1&a=perceptron&b=1&i=-1,0,0&e=1&o=fixed&s=1&m=1000&n=0&p=1,1,0;3,2,1;2,4,1;3,4,1;2,3,0';
const SET = 'xv=1&xid=offline&xk=predict&xn=1&xa=perceptron&xd=ex:seed000&xs=1';

/** Opens the file with the network refused; returns what was asked for and what was refused. */
async function openOffline(page, fragment = '') {
  if (!fs.existsSync(FILE)) throw new Error(`${FILE} is missing: scripts/package.sh offline builds it`);
  const asked = [];
  const violations = [];
  page.on('request', (request) => asked.push(request.url()));
  await page.route('**/*', (route) => {
    const url = route.request().url();
    return url.startsWith('file:') || url.startsWith('blob:') || url.startsWith('data:') ? route.continue() : route.abort();
  });
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective}: ${e.blockedURI}`));
  });
  await page.goto(pathToFileURL(FILE).href + (fragment ? `#${fragment}` : ''));
  const lab = page.locator('perceptron-lab');
  await expect(lab.locator('canvas').first()).toBeVisible({ timeout: 20_000 });
  return { lab, asked, violations };
}

test('the offline file from file://: draws, steps, opens a pasted link, nothing asked of the network', async ({ page }) => {
  const { lab, asked, violations } = await openOffline(page, SEED000);
  const field = (name) => lab.locator(`[data-field="${name}"]`);
  await expect(field('step')).toHaveText('0');
  await expect(field('weights')).toHaveText('[-1, 0, 0]');
  await lab.locator('button[data-act="step"]').click();
  await lab.locator('button[data-act="step"]').click();
  await expect(field('step')).toHaveText('2');
  await expect(field('weights')).toHaveText('[0, 3, 2]');
  // The address follows the lab: a link to step 2.
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('&n=2&');
  // A link pasted into the address opens.
  await page.evaluate((link) => { location.hash = link; }, SEED000.replace('i=-1,0,0', 'i=zero'));
  await expect(field('step')).toHaveText('0');
  await expect(field('weights')).toHaveText('[0, 0, 0]');
  const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'offline-file.png') });
  expect(asked.filter((url) => !/^(file|blob|data):/.test(url))).toEqual([]);
  expect(violations).toEqual([]);
  expect(await page.evaluate(() => window.__violations)).toEqual([]);
});

test('the offline file runs an exercise set from its link', async ({ page }) => {
  const { lab, asked, violations } = await openOffline(page, SET);
  const question = lab.locator('[data-role="practice-question"]');
  await expect(question.locator('[data-field="practice-title"]')).toHaveText(/Question 1 of 1/, { timeout: 20_000 });
  await question.locator('[data-practice="no"]').click();
  await expect(question.locator('[data-role="practice-feedback"]')).toHaveText(/^[✓✗] /);
  await question.locator('[data-practice="next"]').click();
  await expect(question.locator('[data-field="practice-title"]')).toHaveText(/^Done: [01] of 1 right$/);
  expect(asked.filter((url) => !/^(file|blob|data):/.test(url))).toEqual([]);
  expect(violations).toEqual([]);
  expect(await page.evaluate(() => window.__violations)).toEqual([]);
});
