#!/usr/bin/env node
// The docs' link check (scripts/test.sh's layer docs-links), run after `mdbook build docs`:
//   node scripts/check-links.js [BOOK_DIR]   (default target/book)
// 1. Every relative href and src in the built book's HTML: the file it names exists, and a
//    #fragment exists as an id (or a name) in that file; a bare #fragment in the page itself.
// 2. Every relative link and image of README.md, and of each docs/src/*.md page: the file it
//    names exists in the repository (so the links also work on a forge, which shows the .md
//    files); a #fragment into a book page is checked by part 1.
// Absolute URLs (http:, https:, mailto:, data:, …) are not fetched: the check works offline.
// Exits 1 with one line per broken link, naming the page and the link. Node's own modules only.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const book = path.resolve(root, process.argv[2] || 'target/book');
const problems = [];
const rel = (p) => path.relative(root, p) || '.';

const isExternal = (url) => /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(url) || url.startsWith('//');

function decode(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

// HTML: attributes and ids, read with regular expressions (mdBook writes plain, quoted HTML).
const idCache = new Map();
function idsOf(file) {
  if (!idCache.has(file)) {
    const html = fs.readFileSync(file, 'utf8');
    const ids = new Set();
    for (const m of html.matchAll(/\s(?:id|name)\s*=\s*("([^"]*)"|'([^']*)')/g)) ids.add(m[2] ?? m[3]);
    idCache.set(file, ids);
  }
  return idCache.get(file);
}

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

function checkHtml(file) {
  let html = fs.readFileSync(file, 'utf8');
  // Code blocks show HTML as text (escaped), so only real attributes are matched; scripts'
  // bodies may hold strings like href="…" that are not links: drop them.
  html = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, (s) => s.slice(0, s.indexOf('>') + 1));
  const base = html.match(/<base\s+href\s*=\s*"([^"]*)"/i);
  const baseDir = base && base[1].startsWith('/') ? path.join(book, decode(base[1])) : path.dirname(file);
  for (const m of html.matchAll(/<[a-zA-Z][^>]*?\s(href|src)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    const link = (m[3] ?? m[4]).replace(/&amp;/g, '&');
    if (link === '' || isExternal(link)) continue;
    const [beforeHash, fragment] = splitHash(link);
    const pathPart = beforeHash.split('?')[0];
    // A root-relative link ("/", "/x.html") is relative to the book's root (its site-url, "/").
    const target = beforeHash === '' ? file : resolveIn(pathPart.startsWith('/') ? book : baseDir, pathPart.replace(/^\/+/, ''));
    const where = `${rel(file)}: ${m[1]}="${link}"`;
    if (!fs.existsSync(target)) {
      problems.push(`${where}: no file ${rel(target)}`);
      continue;
    }
    if (fragment !== undefined && fragment !== '') {
      if (!/\.html?$/.test(target)) {
        problems.push(`${where}: #${fragment} points into ${rel(target)}, which is not HTML`);
      } else if (!idsOf(target).has(decode(fragment))) {
        problems.push(`${where}: no id "${decode(fragment)}" in ${rel(target)}`);
      }
    }
  }
}

function splitHash(link) {
  const i = link.indexOf('#');
  return i < 0 ? [link, undefined] : [link.slice(0, i), link.slice(i + 1)];
}

function resolveIn(dir, p) {
  let target = path.resolve(dir, decode(p));
  if (p.endsWith('/') || (fs.existsSync(target) && fs.statSync(target).isDirectory())) {
    target = path.join(target, 'index.html');
  }
  return target;
}

// Markdown: inline links and images `[text](target)` / `![alt](target)`, outside code.
function checkMarkdown(file) {
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n');
  let fence = false;
  lines.forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fence = !fence;
      return;
    }
    if (fence) return;
    const prose = line.replace(/`[^`]*`/g, '');
    for (const m of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const link = m[1];
      if (isExternal(link) || link.startsWith('#')) continue;
      const [beforeHash] = splitHash(link);
      const target = path.resolve(path.dirname(file), decode(beforeHash));
      if (!fs.existsSync(target)) {
        problems.push(`${rel(file)}:${i + 1}: (${link}): no file ${rel(target)}`);
      }
    }
  });
}

if (!fs.existsSync(path.join(book, 'index.html'))) {
  console.error(`check-links: no built book in ${rel(book)} (run \`mdbook build docs\` first)`);
  process.exit(1);
}
const pages = walk(book).filter((f) => /\.html?$/.test(f));
pages.forEach(checkHtml);
const markdown = [path.join(root, 'README.md'), ...walk(path.join(root, 'docs/src')).filter((f) => f.endsWith('.md'))];
markdown.forEach(checkMarkdown);

if (problems.length) {
  problems.splice(0, problems.length, ...new Set(problems));
  console.error(`check-links: ${problems.length} broken link(s):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`check-links: ${pages.length} HTML pages of ${rel(book)} and ${markdown.length} Markdown files, every relative link resolves`);
