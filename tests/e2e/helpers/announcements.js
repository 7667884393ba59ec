// What the lab says aloud: every text its polite live region is given, recorded in order.
'use strict';

/** Records every text the live region is given, in order, as `window.__said`. */
async function listen(page) {
  await page.evaluate(() => {
    const region = document.querySelector('[data-role="announce"]');
    window.__said = [];
    new MutationObserver(() => window.__said.push(region.textContent.replace(/\u00a0$/, ''))).observe(
      region,
      { childList: true, characterData: true, subtree: true }
    );
  });
}

/** The texts recorded since `listen`, in order. */
const said = (page) => page.evaluate(() => window.__said.slice());

module.exports = { listen, said };
