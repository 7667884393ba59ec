// The layers keep to their jobs, read from the sources and the builds: render owns all drawing
// (the web layer only forwards render's painter calls to the canvas), no file of src/web or
// src/render grows past 700 lines, and the page as shipped has no test hook.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const base = require('@playwright/test');
const { REPO_ROOT } = require('./env');

const { test, expect } = base;

/** Every .rs file under `dir` (relative to the repository), recursively. */
function rustFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...rustFiles(rel));
    else if (entry.name.endsWith('.rs')) out.push(rel);
  }
  return out;
}

const read = (rel) => fs.readFileSync(path.join(REPO_ROOT, rel), 'utf8');

test('no file of src/web or src/render is over 700 lines', () => {
  const files = [...rustFiles('src/web'), ...rustFiles('src/render')];
  expect(files.length).toBeGreaterThan(8);
  for (const file of files) {
    const lines = read(file).split('\n').length - 1;
    expect(lines, `${file}: ${lines} lines`).toBeLessThanOrEqual(700);
  }
});

test('render owns the drawing: the web layer paints through render’s painters only', () => {
  // Canvas drawing calls (paths, fills, pixels) of web-sys's CanvasRenderingContext2d.
  const drawing = /\.(arc|rect|fill|stroke|fill_rect|stroke_rect|begin_path|move_to|line_to|close_path|put_image_data|set_fill_style_str)\(/;
  const painters = 'src/web/runner/paint.rs';
  for (const file of rustFiles('src/web')) {
    const text = read(file);
    if (file === painters) continue;
    const hit = text.split('\n').findIndex((line) => drawing.test(line));
    expect(hit, `${file}:${hit + 1} draws on a canvas itself`).toBe(-1);
    expect(text, `${file} chooses the points' shapes`).not.toMatch(/\bmark\(/);
  }
  // In paint.rs those calls sit only in the two painters render drives.
  const text = read(painters);
  const painterImpls = text.split(/\nimpl /).filter((chunk) => /^(MarkPainter|RegionPainter) for /.test(chunk));
  expect(painterImpls, 'the MarkPainter and RegionPainter impls').toHaveLength(2);
  const outside = text.split(/\nimpl /).filter((chunk) => !/^(MarkPainter|RegionPainter) for /.test(chunk));
  for (const chunk of outside) {
    const line = chunk.split('\n').find((l) => drawing.test(l));
    expect(line, `a drawing call outside the painters in ${painters}`).toBeUndefined();
  }
  // What is drawn is decided in render.
  const fast = read('src/render/fast.rs');
  for (const name of ['pub fn paint_marks', 'pub fn paint_region', 'pub trait MarkPainter', 'pub trait RegionPainter']) {
    expect(fast, `src/render/fast.rs has ${name}`).toContain(name);
  }
});

test('the page as shipped (no test-hooks feature) has no test hook in its glue', () => {
  // scripts/test.sh builds it (trunk build --release --dist target/dist-plain) before the e2e tests.
  const glue = path.join(REPO_ROOT, 'target', 'dist-plain', 'perceptron-lab.js');
  test.skip(!fs.existsSync(glue), `${glue} is not built (scripts/test.sh builds it)`);
  const text = fs.readFileSync(glue, 'utf8');
  for (const hook of ['debug_panic', 'redraw_now', 'bench_steps']) {
    expect(text, `the shipped glue exports ${hook}`).not.toContain(hook);
  }
  expect(text, 'the glue is the lab’s').toContain('copy_link');
});
