// Lighthouse's accessibility score is 100 for the page, the iframe embed (embed=1) and the
// course page with its compact embeds. Lighthouse (npm `lighthouse`, installed with the e2e
// packages by scripts/setup.sh --test) drives Debian's Chromium through chrome-launcher, on a
// port it picks itself, against the page the e2e server serves.
'use strict';

const { test, expect } = require('@playwright/test');
const { CHROMIUM_PATH, CHROMIUM_ARGS } = require('./env');

const PAGES = [
  ['the page', '/index.html'],
  ['the page on a phone', '/index.html'],
  ['the iframe embed', '/index.html#v=1&a=perceptron&b=0&i=zero&e=1&o=fixed&s=1&m=1000&n=4&p=1,1,1;1,-1,0;-1,1,0;-1,-1,1&embed=1&hide=settings,theory,share,presets'],
  ['the course page', '/course.html'],
];

test.describe('Lighthouse accessibility', () => {
  // One browser for every page; Lighthouse audits take a while each.
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let chrome = null;
  let lighthouse = null;

  test.beforeAll(async () => {
    ({ default: lighthouse } = await import('lighthouse'));
    const launcher = await import('chrome-launcher');
    chrome = await launcher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
    });
  });

  test.afterAll(async () => {
    if (chrome) await chrome.kill();
  });

  for (const [name, path] of PAGES) {
    test(`${name} scores 100`, async ({ baseURL }) => {
      const phone = /phone/.test(name);
      const result = await lighthouse(`${baseURL}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['accessibility'],
        formFactor: phone ? 'mobile' : 'desktop',
        screenEmulation: phone
          ? { mobile: true, width: 375, height: 740, deviceScaleFactor: 2, disabled: false }
          : { mobile: false, width: 1280, height: 900, deviceScaleFactor: 1, disabled: false },
        throttlingMethod: 'provided',
      });
      const category = result.lhr.categories.accessibility;
      const scored = category.auditRefs.filter((ref) => result.lhr.audits[ref.id].score !== null);
      expect(scored.length, 'the audits ran on the page').toBeGreaterThan(15);
      const failing = category.auditRefs
        .map((ref) => result.lhr.audits[ref.id])
        .filter((audit) => audit.score !== null && audit.score < 1)
        .map((audit) => `${audit.id}: ${audit.title} (${(audit.details?.items || [])
          .map((item) => item.node?.selector).filter(Boolean).join(', ')})`);
      expect(failing, `failing audits on ${path}`).toEqual([]);
      expect(Math.round(category.score * 100)).toBe(100);
    });
  }
});
