// One HTML page that holds the whole lab: the single-file module (scripts/bundle.js) inline,
// with the page's own script after it, under a Content-Security-Policy that allows nothing from
// anywhere — the one inline script and the two inline styles by their SHA-256, the glue's
// blob: copies (one per lab, as embed.js imports them), and 'wasm-unsafe-eval', without which
// no browser compiles WebAssembly under a policy. Used by scripts/offline-page.js (the offline
// file) and scripts/scorm-package.js (a SCORM package's launch page).
'use strict';

const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const sha = (text) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Text for HTML: &, <, > and quotes escaped. */
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const pageCss = `
  :root { color-scheme: light dark; }
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #fff; color: #1f1f1f; }
  main { max-width: 1100px; margin: 0 auto; padding: 0.5rem 1rem 2rem; }
  h1 { font-size: 1.4rem; margin: 0.5rem 0; }
  [data-role="scorm-status"] { margin: 0 0 0.5rem; }
  @media (prefers-color-scheme: dark) { body { background: #181a1b; color: #e8e6e3; } }
`;

/**
 * The page's HTML: `title` (the tab's and the heading's), `body` (markup after the heading:
 * the <perceptron-lab> and what goes with it) and `script` (run after the module). `dist` is
 * the release page (its embed.css), `mjs` the single-file module.
 */
function singlePage({ dist, mjs, title, body, script }) {
  const labCss = fs.readFileSync(path.join(dist, 'embed.css'), 'utf8');
  const source = fs.readFileSync(mjs, 'utf8');
  const code = `${source}\n${script}`;
  if (code.includes('</script')) throw new Error('the script holds "</script": it cannot be inlined');
  const policy = [
    "default-src 'none'",
    `script-src ${sha(code)} blob: 'wasm-unsafe-eval'`,
    `style-src ${sha(pageCss)} ${sha(labCss)}`,
    'img-src data: blob:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<title>${escapeHtml(title)}</title>
<style>${pageCss}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
<script type="module">${code}</script>
</body>
</html>
`;
}

/** Writes `html` to `out` (its folder made) and says where and how big. */
function writePage(out, html) {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, html);
  console.log(`${out}: ${(html.length / 1024 / 1024).toFixed(2)} MB`);
}

module.exports = { singlePage, writePage, escapeHtml };
