#!/usr/bin/env node
// Writes perceptron-lab.mjs: the whole lab in one ES module, for hosts that load one file
// (a Jupyter notebook's anywidget, MyST's {anywidget} directive, any page's `import`).
//
//   node scripts/bundle.js DIST OUT.mjs
//
// DIST is a built page (trunk build: perceptron-lab.js, perceptron-lab_bg.wasm, embed.css,
// practice.js, sound.js, compact.js, embed.js). The module holds the WebAssembly as base64, the
// glue and embed.css as strings, the lab's scripts as they are, then www/widget.js (the
// anywidget `render`). Importing it defines <perceptron-lab> and window.PerceptronLab (unless
// the page has them from embed.js already); each lab gets a WebAssembly instance of its own,
// from a fresh copy of the glue (a blob: module per lab), so nothing is fetched beside it.
'use strict';

const fs = require('fs');
const path = require('path');

const [dist, out] = process.argv.slice(2);
if (!dist || !out) {
  console.error('usage: node scripts/bundle.js DIST OUT.mjs');
  process.exit(2);
}
const read = (file) => fs.readFileSync(path.join(dist, file));
const text = (file) => read(file).toString('utf8');
const widget = fs.readFileSync(path.join(__dirname, '..', 'www', 'widget.js'), 'utf8');

const glue = text('perceptron-lab.js');
if (/^\s*import\s/m.test(glue)) {
  // The glue must stand alone: a blob: module cannot resolve a relative import.
  console.error('the glue imports another module; the bundle cannot hold it');
  process.exit(1);
}

const parts = [
  '// perceptron-lab.mjs: Perceptron Lab in one ES module (written by scripts/bundle.js).',
  '// `import "./perceptron-lab.mjs"` defines <perceptron-lab>; `export default { render }` is',
  '// the anywidget contract. The WebAssembly, the glue and the styles are inside this file.',
  `const WASM = ${JSON.stringify(read('perceptron-lab_bg.wasm').toString('base64'))};`,
  `const GLUE = ${JSON.stringify(glue)};`,
  `const CSS = ${JSON.stringify(text('embed.css'))};`,
  `let bytes = null;
if (!window.PerceptronLabBundle) {
  window.PerceptronLabBundle = {
    wasm() {
      if (!bytes) {
        const raw = atob(WASM);
        bytes = new Uint8Array(raw.length);
        for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
      }
      return bytes;
    },
    glue() {
      const url = URL.createObjectURL(new Blob([GLUE], { type: 'text/javascript' }));
      return import(/* webpackIgnore: true */ url).finally(() => URL.revokeObjectURL(url));
    },
    css: CSS,
  };
}`,
  'if (!window.PerceptronLab) {',
  ...['practice.js', 'sound.js', 'compact.js', 'embed.js'].map((file) => `// ${file}\n${text(file)}`),
  '}',
  '// widget.js',
  widget,
  'export const PerceptronLab = window.PerceptronLab;',
  'export default { render };',
  '',
];
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, parts.join('\n'));
const size = fs.statSync(out).size;
console.log(`${out}: ${(size / 1024 / 1024).toFixed(2)} MB`);
