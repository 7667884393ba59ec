#!/usr/bin/env node
// Writes perceptron-lab.html: the whole lab in one file that works from file:// with the
// network off (a USB stick in a lecture hall, an LMS that takes one uploaded HTML file).
//
//   node scripts/offline-page.js DIST perceptron-lab.mjs OUT.html
//
// The page is a full <perceptron-lab> (every panel and control) with the single-file module
// (scripts/bundle.js) inline. Its address holds the scenario link, as the hosted page's does:
// a link or an exercise set opens from the fragment (#v=1&… or #xv=1&…), and the lab writes
// its state back into it. Its Content-Security-Policy allows nothing from anywhere: the one
// inline script and the two inline styles by their SHA-256, the glue's blob: copies (one per
// lab, as embed.js imports them), and 'wasm-unsafe-eval', without which no browser compiles
// WebAssembly under a policy.
'use strict';

const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const [dist, mjs, out] = process.argv.slice(2);
if (!dist || !mjs || !out) {
  console.error('usage: node scripts/offline-page.js DIST perceptron-lab.mjs OUT.html');
  process.exit(2);
}
const sha = (text) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const labCss = fs.readFileSync(path.join(dist, 'embed.css'), 'utf8');
const source = fs.readFileSync(mjs, 'utf8');
if (source.includes('</script')) {
  console.error('the module holds "</script": it cannot be inlined');
  process.exit(1);
}

const pageCss = `
  :root { color-scheme: light dark; }
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #fff; color: #1f1f1f; }
  main { max-width: 1100px; margin: 0 auto; padding: 0.5rem 1rem 2rem; }
  h1 { font-size: 1.4rem; margin: 0.5rem 0; }
  @media (prefers-color-scheme: dark) { body { background: #181a1b; color: #e8e6e3; } }
`;

// The address and the lab: the fragment opens (now and when it changes), and each change of
// the lab is written back, so that the address is always a link to what is on screen.
const script = `${source}
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

const policy = [
  "default-src 'none'",
  `script-src ${sha(script)} blob: 'wasm-unsafe-eval'`,
  `style-src ${sha(pageCss)} ${sha(labCss)}`,
  'img-src data: blob:',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<title>Perceptron Lab</title>
<style>${pageCss}</style>
</head>
<body>
<main>
<h1>Perceptron Lab</h1>
<perceptron-lab full name="Perceptron Lab"></perceptron-lab>
</main>
<script type="module">${script}</script>
</body>
</html>
`;
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, html);
console.log(`${out}: ${(html.length / 1024 / 1024).toFixed(2)} MB`);
