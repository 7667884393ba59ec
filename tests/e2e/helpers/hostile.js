// A seeded generator of hostile inputs for the page: link fragments and scenario JSON files (and
// a few points CSVs) across every algorithm of the registry, with extreme settings — η from
// 5e-324 to 1e308, points up to ±f64::MAX and denormals, step counts up to the cap (100,000)
// and beyond, every kernel, 2–6 classes, many edits — and contradictions (rows ≠ classes, bad
// indices, huge counts, keys given twice). The same seed gives the same inputs, so a failure
// found by the long run (scripts/hostile.sh) is replayed by its seed and index.
// tests/e2e/hostile.spec.js opens a short run in the page; the page driver is
// helpers/hostile-page.js.
'use strict';

/** mulberry32: a small seeded PRNG giving floats in [0, 1). */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeded choices on top of mulberry32. */
class Rng {
  constructor(seed) {
    this.next = mulberry32(seed);
  }

  /** A whole number in [lo, hi]. */
  int(lo, hi) {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  /** True with probability p. */
  chance(p) {
    return this.next() < p;
  }

  pick(list) {
    return list[Math.floor(this.next() * list.length)];
  }
}

const F64_MAX = '1.7976931348623157e308';
const U64_MAX = '18446744073709551615';

/** η: from the smallest denormal to the largest double, with a few that must be refused. */
const ETAS = [
  '5e-324', '1e-320', '2.2250738585072014e-308', '1e-300', '1e-12', '0.001', '0.5', '1', '2',
  '1000', '1e10', '1e100', '1e200', '1e300', '1e307', '1e308', F64_MAX,
];
const BAD_NUMBERS = ['0', '-1', '1e309', '-1e309', 'inf', 'NaN', '', '1e', '0x10', '--1'];

/** Coordinates: ±f64::MAX, ±1e308, denormals, zero of both signs, and ordinary values. */
const COORDS = [
  F64_MAX, `-${F64_MAX}`, '1e308', '-1e308', '1e300', '-1e300', '1e154', '-1e154', '5e-324',
  '-5e-324', '2.2250738585072014e-308', '1e-300', '0', '-0', '1', '-1', '0.5', '3', '-2.5',
  '1000000', '9007199254740993',
];

/** Step counts a scenario may replay: small, and up to the cap (100,000). */
const STEPS = ['0', '1', '2', '5', '17', '100', '1000', '5000', '20000', '50000', '99999', '100000'];
/** Step counts beyond the cap. */
const BAD_STEPS = ['100001', '1000000', '9007199254740993', U64_MAX];
const MAX_EPOCHS = ['1', '2', '10', '1000', '100000', '1000000'];
const SEEDS = ['0', '1', '42', '4294967296', U64_MAX];

/** A kernel text: every kind, with extreme parameters (degree 1–10, γ > 0 finite). */
function kernel(rng) {
  const r = rng.next();
  if (r < 0.2) return 'linear';
  if (r < 0.6) {
    return `poly:${rng.int(1, 10)}:${rng.pick(ETAS)}:${rng.pick(['0', '1', '-1', '1e308', '5e-324', F64_MAX, `-${F64_MAX}`])}`;
  }
  return `rbf:${rng.pick(ETAS)}`;
}
const BAD_KERNELS = ['rbf', 'poly:2', 'rbf:0', 'rbf:-1', 'poly:0:1:1', 'poly:11:1:1', 'poly:1e308:1:1', 'sigmoid:1', 'rbf:inf', ''];

/** A coordinate: mostly extremes, sometimes an ordinary random value. */
function coord(rng) {
  return rng.chance(0.6) ? rng.pick(COORDS) : (rng.next() * 20 - 10).toFixed(rng.int(0, 3));
}

/** How many points: mostly a handful, sometimes hundreds or thousands. */
function pointCount(rng, big) {
  const r = rng.next();
  if (r < 0.05) return 0;
  if (r < 0.7) return rng.int(1, 12);
  if (r < 0.92) return rng.int(13, 200);
  return big ? rng.pick([1000, 2000, 6000, 12000]) : rng.int(300, 1500);
}

/**
 * The contradictions and excesses a hostile input may hold (one each): every one must be
 * refused with a message and nothing changed (a few — an unknown key — are opened with a
 * notice instead).
 */
const CONTRADICTIONS = [
  'eta', 'param', 'second-eta', 'step', 'max-epochs', 'classes', 'class-index', 'edit-index',
  'edit-step', 'rows', 'row-width', 'init', 'kernel', 'kernel-elsewhere', 'classes-elsewhere',
  'view', 'version', 'twice', 'unknown-key', 'order', 'names', 'huge-points', 'huge-edits',
];

/**
 * An input's scenario in one neutral form (`toLink` and `toJson` write it out): valid but
 * extreme settings and, for about 40% of the inputs, one contradiction (`s.contradiction`).
 */
function scenario(rng, algo, big) {
  const multiclass = algo.kind === 'multiclass';
  const k = multiclass ? rng.int(2, 6) : 2;
  const s = {
    algorithm: algo.name,
    kind: algo.kind,
    kernel: algo.kind === 'kernel' ? kernel(rng) : null,
    classes: multiclass ? String(k) : null,
    eta: rng.pick(ETAS),
    step: rng.pick(STEPS),
    maxEpochs: rng.pick(MAX_EPOCHS),
    seed: rng.pick(SEEDS),
    order: rng.pick(['fixed', 'shuffle']),
    bias: rng.chance(0.8) ? 1 : 0,
    pocket: algo.kind === 'binary' && rng.chance(0.25),
    maxMargin: rng.chance(0.1),
    params: {},
    points: [],
    edits: [],
    init: null,
    rows: null,
    view: null,
    names: null,
    secondEta: rng.chance(0.1) ? rng.pick(ETAS) : null,
    extra: [],
    contradiction: null,
  };
  for (const p of algo.params || []) {
    if (rng.chance(0.8)) s.params[p.key] = rng.pick(ETAS);
  }
  const n = pointCount(rng, big);
  for (let i = 0; i < n; i++) s.points.push([coord(rng), coord(rng), String(rng.int(0, k - 1))]);
  // Initial weights: zero, random, or explicit extremes (w0 = 0 without a bias).
  const r = rng.next();
  if (r < 0.25) s.init = 'zero';
  else if (r < 0.35) s.init = 'random';
  else if (r < 0.55 && !multiclass) {
    s.init = [s.bias ? rng.pick(COORDS) : '0', rng.pick(COORDS), rng.pick(COORDS)].join(',');
  }
  // Initial rows of the multiclass perceptron: one per class, bias first.
  if (algo.name === 'multiclass' && rng.chance(0.3)) {
    s.rows = Array.from({ length: k }, () => [s.bias ? rng.pick(COORDS) : '0', rng.pick(COORDS), rng.pick(COORDS)]);
  }
  // Edits: none, a few, or many, at steps up to the step on show.
  const er = rng.next();
  const edits = er < 0.5 ? 0 : er < 0.85 ? rng.int(1, 20) : big ? rng.pick([500, 2000, 5000]) : rng.int(100, 800);
  const lastStep = Number(s.step);
  let count = n;
  for (let i = 0; i < edits; i++) {
    const step = String(rng.int(0, lastStep));
    const kindR = rng.next();
    if (kindR < 0.6 || count === 0) {
      s.edits.push({ kind: 'add', step, x: coord(rng), y: coord(rng), class: String(rng.int(0, k - 1)) });
      count++;
    } else if (kindR < 0.85) {
      s.edits.push({ kind: 'move', step, index: String(rng.int(1, count)), x: coord(rng), y: coord(rng) });
    } else {
      s.edits.push({ kind: 'remove', step, index: String(rng.int(1, count)) });
      count--;
    }
  }
  s.edits.sort((a, b) => Number(a.step) - Number(b.step));
  if (rng.chance(0.15)) {
    const lo = rng.pick(['-1e308', `-${F64_MAX}`, '-1', '-5e-324', '0']);
    const hi = rng.pick(['1e308', F64_MAX, '1', '5e-324']);
    s.view = [lo, hi, lo, hi];
  }
  if (rng.chance(0.4)) contradict(rng, s, k, big);
  return s;
}

/** Puts one contradiction or excess into `s`. */
function contradict(rng, s, k, big) {
  const what = rng.pick(CONTRADICTIONS);
  s.contradiction = what;
  const somePoint = () => (s.points.length ? s.points[rng.int(0, s.points.length - 1)] : null);
  switch (what) {
    case 'eta': s.eta = rng.pick(BAD_NUMBERS); break;
    case 'param': s.params[rng.pick(['C', 'C'])] = rng.pick(BAD_NUMBERS); break;
    case 'second-eta': s.secondEta = rng.pick(BAD_NUMBERS); break;
    case 'step': s.step = rng.pick(BAD_STEPS); break;
    case 'max-epochs': s.maxEpochs = rng.pick(['0', '1000001', U64_MAX, '-1']); break;
    case 'classes': s.classes = rng.pick(['0', '1', '7', '1000', U64_MAX]); break;
    case 'class-index': {
      const p = somePoint() || (s.points.push(['1', '1', '0']), s.points[0]);
      p[2] = rng.pick([String(k), '6', '4294967295', '4294967296', U64_MAX]);
      break;
    }
    case 'edit-index':
      s.edits.push({ kind: rng.pick(['move', 'remove']), step: '0', index: rng.pick(['0', String(s.points.length + 1), '4294967296', U64_MAX]), x: '1', y: '1' });
      s.edits.sort((a, b) => Number(a.step) - Number(b.step));
      break;
    case 'edit-step':
      s.edits.push({ kind: 'add', step: rng.pick([String(Number(s.step) + 1), ...BAD_STEPS]), x: '1', y: '1', class: '0' });
      break;
    case 'rows': {
      const rows = rng.pick([1, k + 1, 7, 0]);
      s.rows = Array.from({ length: rows }, () => ['0', rng.pick(COORDS), rng.pick(COORDS)]);
      break;
    }
    case 'row-width':
      s.rows = Array.from({ length: k }, (_, i) => (i === 0 ? ['1', '2'] : ['0', '0', '0']));
      break;
    case 'init': s.init = rng.pick(['', '1,2', '1,2,3,4', 'x', `0,${F64_MAX},1e309`]); break;
    case 'kernel': s.kernel = rng.pick(BAD_KERNELS); break;
    case 'kernel-elsewhere': if (s.kind !== 'kernel') s.kernel = kernel(rng); else s.kernel = rng.pick(BAD_KERNELS); break;
    case 'classes-elsewhere': if (s.classes === null) s.classes = String(rng.int(2, 6)); else s.classes = '7'; break;
    case 'view': s.view = rng.pick([['1', '-1', '0', '1'], ['0', '0', '0', '1'], ['0', '1e309', '0', '1']]); break;
    case 'version': s.version = rng.pick(['2', '0', U64_MAX]); break;
    case 'twice': s.extra.push(rng.pick(['a=perceptron', 'v=1', 'n=1', 'e=1', 'p=1,1,0'])); break;
    case 'unknown-key': s.extra.push(rng.pick(['zz=1', 'future=%F0%9F%92%A5'])); break;
    case 'order': s.order = rng.pick(['random', '', 'FIXED']); break;
    case 'names':
      s.names = rng.pick([['a', 'a\u200b'], ['\u202eevil', 'b'], ['é', 'e\u0301'], ['', 'b'], ['x'.repeat(101), 'b']]);
      if (s.kind === 'multiclass') while (s.names.length < k) s.names.push(`n${s.names.length}`);
      break;
    case 'huge-points': {
      const n = big ? rng.pick([100001, 120000]) : 3000; // past MAX_POINTS (files) / 64 KB (links)
      for (let i = s.points.length; i < n; i++) s.points.push([String(i % 97), String(i % 89), String(i % k)]);
      break;
    }
    case 'huge-edits': {
      const n = big ? 100001 : 5000; // past MAX_EDITS (files) / 64 KB (links)
      for (let i = 0; i < n; i++) s.edits.push({ kind: 'add', step: '0', x: String(i % 13), y: String(i % 7), class: String(i % k) });
      s.edits.sort((a, b) => Number(a.step) - Number(b.step));
      break;
    }
    default: throw new Error(`unknown contradiction ${what}`);
  }
}

/** The scenario as a link fragment (the page's keys: v a k c r i e e2 o s m n p d w pk mm b). */
function toLink(s) {
  const parts = [`v=${s.version || '1'}`, `a=${s.algorithm}`];
  if (s.kernel !== null) parts.push(`k=${s.kernel}`);
  if (s.classes !== null) parts.push(`c=${s.classes}`);
  if (s.names) parts.push(`l=${s.names.map(encodeURIComponent).join(',')}`);
  if (s.rows) parts.push(`r=${s.rows.map((r) => r.join(',')).join(';')}`);
  parts.push(`b=${s.bias}`);
  if (s.init !== null) parts.push(`i=${s.init}`);
  parts.push(`e=${s.eta}`);
  if (s.secondEta !== null) parts.push(`e2=${s.secondEta}`);
  for (const [key, value] of Object.entries(s.params)) parts.push(`${key}=${value}`);
  parts.push(`o=${s.order}`, `s=${s.seed}`, `m=${s.maxEpochs}`, `n=${s.step}`);
  if (s.pocket) parts.push('pk=1');
  if (s.maxMargin) parts.push('mm=1');
  if (s.view) parts.push(`w=${s.view.join(',')}`);
  if (s.points.length) parts.push(`p=${s.points.map((p) => p.join(',')).join(';')}`);
  if (s.edits.length) {
    const d = s.edits.map((e) =>
      e.kind === 'add' ? `${e.step},a,${e.x},${e.y},${e.class}`
        : e.kind === 'move' ? `${e.step},m,${e.index},${e.x},${e.y}`
          : `${e.step},r,${e.index}`
    );
    parts.push(`d=${d.join(';')}`);
  }
  parts.push(...s.extra);
  return parts.join('&');
}

/**
 * A JSON number as text: the extremes as written (JSON has no infinity or NaN, so those become a
 * string, which the reader must refuse), whole numbers beyond 2^53 kept digit for digit.
 */
function jsonNumber(text) {
  if (text === '' || /^(inf|-?inf|NaN|1e|0x10|--1)$/.test(text)) return JSON.stringify(text);
  return text.replace(/^-0$/, '-0.0');
}

/** The scenario as a scenario JSON text (the README's fields), numbers written as generated. */
function toJson(s) {
  const f = [];
  f.push(`"version": ${s.version || 1}`);
  f.push(`"algorithm": ${JSON.stringify(s.algorithm)}`);
  if (s.kernel !== null) f.push(`"kernel": ${JSON.stringify(s.kernel)}`);
  if (s.classes !== null) f.push(`"classes": ${s.classes}`);
  if (s.names) f.push(`"class_names": ${JSON.stringify(s.names)}`);
  if (s.rows) f.push(`"rows": [${s.rows.map((r) => `[${r.map(jsonNumber).join(', ')}]`).join(', ')}]`);
  if (Object.keys(s.params).length) {
    f.push(`"params": {${Object.entries(s.params).map(([k, v]) => `${JSON.stringify(k)}: ${jsonNumber(v)}`).join(', ')}}`);
  }
  f.push(`"bias": ${s.bias ? 'true' : 'false'}`);
  if (s.init !== null) f.push(`"init": ${JSON.stringify(s.init)}`);
  f.push(`"eta": ${jsonNumber(s.eta)}`);
  if (s.secondEta !== null) f.push(`"second_eta": ${jsonNumber(s.secondEta)}`);
  f.push(`"order": ${JSON.stringify(s.order)}`, `"seed": ${s.seed}`, `"max_epochs": ${s.maxEpochs}`);
  f.push(`"points": [${s.points.map((p) => `[${jsonNumber(p[0])}, ${jsonNumber(p[1])}, ${p[2]}]`).join(', ')}]`);
  f.push(`"step": ${s.step}`);
  if (s.edits.length) {
    const e = s.edits.map((d) =>
      d.kind === 'add' ? `{"kind": "add", "step": ${d.step}, "x": ${jsonNumber(d.x)}, "y": ${jsonNumber(d.y)}, "class": ${d.class}}`
        : d.kind === 'move' ? `{"kind": "move", "step": ${d.step}, "index": ${d.index}, "x": ${jsonNumber(d.x)}, "y": ${jsonNumber(d.y)}}`
          : `{"kind": "remove", "step": ${d.step}, "index": ${d.index}}`
    );
    f.push(`"edits": [${e.join(', ')}]`);
  }
  if (s.view) f.push(`"view": [${s.view.map(jsonNumber).join(', ')}]`);
  if (s.pocket) f.push('"pocket": true');
  if (s.maxMargin) f.push('"max_margin": true');
  return `{${f.join(', ')}}`;
}

/** The scenario's points as a points CSV (x1,x2,label), the binary labels as ±1. */
function toCsv(s) {
  const label = (c) => (s.kind === 'multiclass' ? `c${c}` : c === '0' ? '-1' : c === '1' ? '+1' : c);
  return `x1,x2,label\n${s.points.map((p) => `${p[0]},${p[1]},${label(p[2])}`).join('\n')}\n`;
}

/**
 * The hostile inputs of `seed` over `algorithms` (the registry's entries: name, kind, params),
 * one after another without end. Each is { index, algorithm, kind: 'link', fragment } or
 * { index, algorithm, kind: 'file', name, text }; about 55% links, 40% scenario JSON, 5% points
 * CSV. `big` allows files of 100,000+ points or edits (links stay near the 64 KB cap).
 */
function* hostileStream(seed, algorithms, { big = true } = {}) {
  if (!algorithms.length) throw new Error('hostileStream: no algorithms');
  const rng = new Rng(seed);
  for (let index = 0; ; index++) {
    // Every algorithm in turn, so a short run covers them all.
    const algo = algorithms[index % algorithms.length];
    const r = rng.next();
    if (r < 0.55) {
      const s = scenario(rng, algo, false);
      yield { index, algorithm: algo.name, kind: 'link', fragment: toLink(s) };
    } else if (r < 0.95) {
      const s = scenario(rng, algo, big);
      yield { index, algorithm: algo.name, kind: 'file', name: `hostile-${seed}-${index}.json`, text: toJson(s) };
    } else {
      const s = scenario(rng, algo, big);
      yield { index, algorithm: algo.name, kind: 'file', name: `hostile-${seed}-${index}.csv`, text: toCsv(s) };
    }
  }
}

/** The first `count` inputs of `hostileStream(seed, algorithms, options)`. */
function hostileInputs(seed, count, algorithms, options) {
  const out = [];
  for (const input of hostileStream(seed, algorithms, options)) {
    if (out.length === count) break;
    out.push(input);
  }
  return out;
}

/** A short description of an input for reports: kind, algorithm, size and its opening. */
function describeInput(input) {
  const body = input.kind === 'link' ? input.fragment : input.text;
  const head = body.length > 160 ? `${body.slice(0, 160)}… (${body.length} chars)` : body;
  return `#${input.index} ${input.kind === 'link' ? 'link' : input.name} [${input.algorithm}]: ${head}`;
}

module.exports = { mulberry32, Rng, hostileStream, hostileInputs, describeInput, toLink, toJson, F64_MAX, U64_MAX };
