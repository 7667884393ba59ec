#!/usr/bin/env node
// Writes perceptron-lab.html: the whole lab in one file that works from file:// with the
// network off (a USB stick in a lecture hall, an LMS that takes one uploaded HTML file).
//
//   node scripts/offline-page.js DIST perceptron-lab.mjs OUT.html
//
// The page is a full <perceptron-lab> (every panel and control) with the single-file module
// inline (scripts/single-page.js, which also says what its Content-Security-Policy allows).
// Its address holds the scenario link, as the hosted page's does: a link or an exercise set
// opens from the fragment (#v=1&… or #xv=1&…), and the lab writes its state back into it.
'use strict';

const { singlePage, writePage } = require('./single-page.js');

const [dist, mjs, out] = process.argv.slice(2);
if (!dist || !mjs || !out) {
  console.error('usage: node scripts/offline-page.js DIST perceptron-lab.mjs OUT.html');
  process.exit(2);
}

// The address and the lab: the fragment opens (now and when it changes), and each change of
// the lab is written back, so that the address is always a link to what is on screen.
const script = `
const lab = document.querySelector('perceptron-lab');
const fragment = () => location.hash.slice(1);
if (fragment()) lab.setAttribute('scenario', fragment());
let written = null;
lab.addEventListener('change', (event) => {
  written = event.detail;
  history.replaceState(null, '', '#' + event.detail);
});
window.addEventListener('hashchange', () => {
  const link = fragment();
  if (link && link !== written) lab.setAttribute('scenario', link);
});
`;

writePage(out, singlePage({
  dist,
  mjs,
  title: 'Perceptron Lab',
  body: '<perceptron-lab full name="Perceptron Lab"></perceptron-lab>',
  script,
}));
