// Reading the page's text: the status fields and notices as they are written, turned into
// numbers. Each parser throws on text of an unexpected shape, so a changed format fails loudly.
'use strict';

/** The notice after a click added a point: "Added point #N at (x, y), class ±1." */
const ADDED = /^Added point #(\d+) at \((-?[\d.e+-]+), (-?[\d.e+-]+)\), class ([+-]1)\./;

/** The same notice in a multiclass mode, where the class is an index: "…, class 2." */
const ADDED_CLASS = /^Added point #(\d+) at \((-?[\d.e+-]+), (-?[\d.e+-]+)\), class (\d+)\./;

/** "[0, 3, 2]" → [0, 3, 2]. */
function parseVector(text) {
  const m = /^\[(.*)\]$/.exec(text.trim());
  if (!m) throw new Error(`not a vector: ${JSON.stringify(text)}`);
  return m[1].split(',').map((s) => Number(s.trim()));
}

/** "5 (3 of +1, 2 of -1)" → { total: 5, pos: 3, neg: 2 }. */
function parsePoints(text) {
  const m = /^(\d+) \((\d+) of \+1, (\d+) of -1\)$/.exec(text.trim());
  if (!m) throw new Error(`unexpected points field: ${JSON.stringify(text)}`);
  return { total: Number(m[1]), pos: Number(m[2]), neg: Number(m[3]) };
}

/** "36 (12 of class 0, 12 of class 1, 12 of class 2)" → { total: 36, counts: [12, 12, 12] }. */
function parseClassPoints(text) {
  const m = /^(\d+) \((.*)\)$/.exec(text.trim());
  if (!m) throw new Error(`unexpected points field: ${JSON.stringify(text)}`);
  const counts = [];
  for (const part of m[2].split(', ')) {
    const c = /^(\d+) of class (\d+)$/.exec(part);
    if (!c) throw new Error(`unexpected points field: ${JSON.stringify(text)}`);
    counts[Number(c[2])] = Number(c[1]);
  }
  return { total: Number(m[1]), counts };
}

/** "W0 = [1, -2, 2]; W1 = [..]" or "W0|1 = [..]; …" → [{ name: 'W0', w: [1, -2, 2] }, …]. */
function parseRows(text) {
  const rows = [];
  const re = /(W[\d|]+) = \[([^\]]*)\]/g;
  let m;
  while ((m = re.exec(text)) !== null) rows.push({ name: m[1], w: m[2].split(',').map((s) => Number(s.trim())) });
  if (rows.length === 0) throw new Error(`no weight rows in ${JSON.stringify(text)}`);
  return rows;
}

/**
 * The kernel perceptron's model text, "4 of 32 α non-zero: α1 = 1, α5 = 2; b = 0[; w = Σ α·y·x =
 * [..]]" → { support, n, alphas: { 1: 1, 5: 2 } (1-based), b, w (or null), shortened }.
 */
function parseKernelModel(text) {
  const m = /^(\d+) of (\d+) α non-zero(?:: (.*?))?; b = (-?[\d.e+-]+)(?:; w = Σ α·y·x = (\[.*\]))?$/.exec(text.trim());
  if (!m) throw new Error(`unexpected kernel model text: ${JSON.stringify(text)}`);
  const alphas = {};
  const list = m[3] || '';
  for (const a of list.matchAll(/α(\d+) = (-?[\d.e+-]+)/g)) alphas[Number(a[1])] = Number(a[2]);
  return {
    support: Number(m[1]),
    n: Number(m[2]),
    alphas,
    b: Number(m[4]),
    w: m[5] ? parseVector(m[5]) : null,
    shortened: list.includes('…'),
  };
}

/**
 * The sample field, "#3 (2, 4), y = +1" or "#1 (-2.6, -0.4), class 0" →
 * { index, x, y, label (±1) or cls (class index) }.
 */
function parseSample(text) {
  const m = /^#(\d+) \((-?[\d.e+-]+), (-?[\d.e+-]+)\), (?:y = ([+-]1)|class (\d+))$/.exec(text.trim());
  if (!m) throw new Error(`unexpected sample field: ${JSON.stringify(text)}`);
  const out = { index: Number(m[1]), x: Number(m[2]), y: Number(m[3]) };
  if (m[4] !== undefined) out.label = Number(m[4]);
  else out.cls = Number(m[5]);
  return out;
}

module.exports = {
  ADDED,
  ADDED_CLASS,
  parseVector,
  parsePoints,
  parseClassPoints,
  parseRows,
  parseKernelModel,
  parseSample,
};
