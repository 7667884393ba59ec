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

/** The scenario as a scenario JSON text (the fields of docs/src/course-authors.md, *Files*), numbers written as generated. */
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
 * The inputs of the first family, `scenarios` (issue #15): the scenario of each as a link, a
 * scenario JSON file or a points CSV. `rng` is the family's generator.
 */
function scenarioInput(rng, algo, index, seed, big) {
  const r = rng.next();
  if (r < 0.55) {
    const s = scenario(rng, algo, false);
    return { algorithm: algo.name, kind: 'link', fragment: toLink(s) };
  }
  if (r < 0.95) {
    const s = scenario(rng, algo, big);
    return { algorithm: algo.name, kind: 'file', name: `hostile-${seed}-${index}.json`, text: toJson(s) };
  }
  const s = scenario(rng, algo, big);
  return { algorithm: algo.name, kind: 'file', name: `hostile-${seed}-${index}.csv`, text: toCsv(s) };
}

// ----- the families of issue 38 ----------------------------------------------------------------

/**
 * Pieces of hostile class names: what a spreadsheet runs (= + - @, a tab or CR first, a DDE
 * payload), HTML and Markdown (tags, pipes, backslashes, backticks, emphasis), LaTeX (control
 * words, braces, % & # $ ^ ~), quotes and separators of CSV, non-ASCII letters (two names must
 * never print the same), and the invisible or control characters the lab refuses.
 */
const NAME_PIECES = [
  '=1+1', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', "=cmd|' /C calc'!A0", '=HYPERLINK("http://e.x","hi")',
  '<img src=x onerror=alert(1)>', '<b>', '</td>', '<script>', '<!--', '>', '<',
  '|', 'a\\|b', '\\', '`', '**', '_', '[x](y)', '#', '> quote',
  '\\input{/etc/passwd}', '\\def\\x{1}', '{', '}', '}{', '%', '&', '$', '^', '~', '\\\\',
  '"', '""', "'", ',', ';', ' ', 'café', '日本', 'עברית', 'ß', 'x'.repeat(40),
  'a', 'b', 'pear', 'Z', '0', '1', '-1',
];
/** Characters the lab refuses in a name (each refusal must change nothing). */
const REFUSED_PIECES = ['\n', '\u200b', '\u202e', '\u0000', '\u001b[31m'];

/** A hostile class name: one to three pieces, now and then a refused character. */
function hostileName(rng) {
  const n = rng.int(1, 3);
  let name = '';
  for (let i = 0; i < n; i++) name += rng.pick(NAME_PIECES);
  if (rng.chance(0.05)) name += rng.pick(REFUSED_PIECES);
  return name;
}

/** Markup for a frame's `name=` (an element created from it is an injection). */
const NAME_MARKUP = [
  '<img src=x onerror="window.__hostilePwned=1" data-hostile-name=1>',
  '<b data-hostile-name=1>bold</b>',
  '"><svg data-hostile-name=1 onload="window.__hostilePwned=1">',
  "'><i data-hostile-name=1>",
  '<script data-hostile-name=1>window.__hostilePwned=1</script>',
];

/**
 * Family `names`: K distinct hostile class names for a multiclass algorithm, in a link (`l=`)
 * or a scenario JSON (`class_names`), three steps on so every export has rows; or (one in ten)
 * markup as a framed lab's `name=`.
 */
function namesInput(rng, algorithms, index, seed) {
  if (rng.chance(0.1)) {
    return { algorithm: 'perceptron', kind: 'frame-name', markup: rng.pick(NAME_MARKUP) };
  }
  const multi = algorithms.filter((a) => a.kind === 'multiclass');
  const algo = multi.length ? rng.pick(multi) : rng.pick(algorithms);
  const k = algo.kind === 'multiclass' ? rng.int(2, 4) : 2;
  const names = [];
  while (names.length < k) {
    const name = hostileName(rng);
    if (!names.includes(name)) names.push(name);
  }
  const points = [];
  for (let i = 0; i < 2 * k; i++) points.push([String(rng.int(-5, 5)), String(rng.int(-5, 5)), String(i % k)]);
  const s = {
    algorithm: algo.name, kind: algo.kind, kernel: algo.kind === 'kernel' ? 'linear' : null,
    classes: algo.kind === 'multiclass' ? String(k) : null, eta: '1', step: '3', maxEpochs: '100',
    seed: '1', order: 'fixed', bias: 1, pocket: false, maxMargin: false, params: {}, points, edits: [],
    init: 'zero', rows: null, view: null, names, secondEta: null, extra: [], contradiction: null,
  };
  if (rng.chance(0.5)) return { algorithm: algo.name, kind: 'names', names, via: 'link', fragment: toLink(s) };
  return { algorithm: algo.name, kind: 'names', names, via: 'file', name: `hostile-names-${seed}-${index}.json`, text: toJson(s) };
}

const F64_MIN_DENORMAL = '5e-324';
/** A practice set that starts: the base the `exercise` family answers two questions of. */
const EXERCISE_BASE = 'xv=1&xid=t&xk=predict&xn=5&xa=perceptron&xb=1&xe=1&xd=ex:seed000&xs=1&xr=0';

/**
 * Family `exercise`: an exercise link with hostile values, opened while a set is under way with
 * answers given — η from the extremes, question counts, kinds, sources that cannot start (a
 * points set of one class or none, a generated set at η = 1e308), bad ids, seeds, report
 * origins, keys twice, a scenario beside it. A refusal must leave the question and the results
 * as they were.
 */
function exerciseInput(rng, algorithms) {
  const algo = rng.pick(algorithms);
  const keys = {
    xv: '1', xid: rng.pick(['u', 'week-3', 'a.b_c~d']), xk: rng.pick(['predict', 'update', 'predict,update', 'faded', 'boundary', 'converge']),
    xn: rng.pick(['1', '3', '20']), xa: algo.name, xb: rng.pick(['1', '0']), xe: rng.pick(['1', '0.5', ...ETAS]),
    xd: rng.pick(['gen', 'gen', 'ex:seed000', 'points']), xs: rng.pick(['1', '42', U64_MAX]), xr: rng.pick(['0', '1']),
  };
  const extra = [];
  let scenarioPart = '';
  const what = rng.pick(['eta', 'count', 'kind', 'source', 'one-class', 'no-points', 'id', 'seed', 'vary', 'report', 'twice', 'unknown', 'algorithm', 'gen', 'fine', 'fine']);
  switch (what) {
    case 'eta': keys.xe = rng.pick(['1e308', F64_MAX, F64_MIN_DENORMAL, ...BAD_NUMBERS]); break;
    case 'count': keys.xn = rng.pick(['0', '21', '1000000', U64_MAX, '-1', '']); break;
    case 'kind': keys.xk = rng.pick(['', 'guess', 'predict,predict', 'predict,', ',', 'PREDICT']); break;
    case 'source': keys.xd = rng.pick(['ex:nope', 'ex:', 'file', '']); break;
    // A kind every algorithm has, so that the points are what cannot start.
    case 'one-class': keys.xd = 'points'; keys.xk = 'predict'; scenarioPart = `v=1&a=${algo.name}&b=1&i=zero&e=1&o=fixed&s=1&m=1000&n=0&p=1,1,1;2,2,1;3,1,1`; break;
    case 'no-points': keys.xd = 'points'; keys.xk = 'predict'; scenarioPart = rng.chance(0.5) ? '' : `v=1&a=${algo.name}&b=1&i=zero&e=1&o=fixed&s=1&m=1000&n=0`; break;
    case 'id': keys.xid = rng.pick(['', 'a b', 'x'.repeat(200), '<b>', 'é', '%00']); break;
    case 'seed': keys.xs = rng.pick(['-1', '18446744073709551616', '1e3', '']); break;
    case 'vary': keys.xr = rng.pick(['2', 'yes', '']); break;
    case 'report': extra.push(`report=${encodeURIComponent(rng.pick(['*', 'http://evil.example', 'https://x/path', 'javascript:alert(1)', 'https://09', 'https://lms.school.123']))}`); break;
    case 'twice': extra.push(rng.pick(['xn=2', 'xe=1', 'xv=1', 'xk=predict'])); break;
    case 'unknown': extra.push(rng.pick(['xz=1', 'xfuture=1'])); break;
    case 'algorithm': keys.xa = rng.pick(['', 'Perceptron', 'svm', 'perceptron;x']); break;
    case 'gen':
      keys.xd = 'gen';
      extra.push(`xc=${rng.pick(['2', '3', '0', '7', U64_MAX])}`, `xp=${rng.pick(['1', '4', '0', '1000', U64_MAX])}`, `xsep=${rng.pick(['1', '0', 'any', 'maybe'])}`);
      break;
    default: break; // a set that may well start (the kind may not suit the algorithm)
  }
  if (keys.xd === 'points' && !scenarioPart && what === 'fine') {
    scenarioPart = `v=1&a=${algo.name}&b=1&i=zero&e=1&o=fixed&s=1&m=1000&n=0&p=1,1,1;-1,-1,0;2,0,1;0,-2,0`;
  }
  const fragment = [scenarioPart, ...Object.entries(keys).map(([k, v]) => `${k}=${v}`), ...extra].filter(Boolean).join('&');
  return { algorithm: algo.name, kind: 'exercise', what, fragment };
}

/**
 * Origins for `report=`: ones every browser takes, hosts the lab's check once took that the
 * browser's URL parser refuses (each answer then failed to post), and ones to be refused.
 * `SELF` is the framing page's own origin (its messages must arrive).
 */
const ORIGINS = [
  'SELF', 'https://course.example.org', 'https://a.b', 'https://lms.school.org:8443', 'http://localhost:8104', 'http://127.0.0.1',
  'https://lms.school.123', 'https://09', 'https://999.999.999.999', 'https://1.2.3.4.5', 'https://0x100000000',
  'https://1.2.3.256', 'https://0', 'https://a..b', 'https://EXAMPLE.org', 'HTTPS://example.org', 'https://xn--',
  'https://-a.b', 'https://a-.b', 'https://example.org:0', 'https://example.org:65536', 'https://example.org:',
  '*', 'null', 'https://x/path', 'https://user@host', 'https://[::1]', 'https://a b', 'http://evil.example', 'javascript:alert(1)',
  'https://', 'https://example.org/', 'https://ex%41mple.org',
];

/** Family `origins`: a one-question set in a frame reporting to one origin. */
function originInput(rng) {
  const origin = rng.pick(ORIGINS);
  return { algorithm: 'perceptron', kind: 'origin', origin };
}

/**
 * Family `extreme`: a link at the numbers' edges (weights and points near ±f64::MAX, denormals,
 * η from 5e-324 to 1.8e308, a second η₂ typed past the largest double) opened with the 3-D, η and
 * code panels open; one in six plays a long shuffled run (40 points, the step count near the
 * cap) with the code panel open and times the Pause. No text a person reads may say inf or NaN.
 */
function extremeInput(rng, algorithms) {
  const algo = rng.chance(0.5) ? algorithms.find((a) => a.name === 'perceptron') || rng.pick(algorithms) : rng.pick(algorithms);
  if (rng.chance(1 / 6)) {
    const points = [];
    for (let i = 0; i < 40; i++) points.push(`${(rng.next() * 8 - 4).toFixed(2)},${(rng.next() * 8 - 4).toFixed(2)},${rng.chance(0.5) ? 1 : 0}`);
    const n = rng.pick(['20000', '50000', '100000']);
    return { algorithm: 'perceptron', kind: 'extreme', play: true, eta2: null, fragment: `v=1&a=perceptron&b=1&i=zero&e=1&o=shuffle&s=${rng.int(1, 99)}&m=1000000&n=${n}&p=${points.join(';')}` };
  }
  const edge = () => rng.pick([F64_MAX, `-${F64_MAX}`, '1e308', '-1e308', '1e300', F64_MIN_DENORMAL, `-${F64_MIN_DENORMAL}`, '1e-299', '0', '0.5', '1', '-1']);
  const pts = [];
  const n = rng.int(2, 6);
  for (let i = 0; i < n; i++) pts.push(`${edge()},${edge()},${i % 2}`);
  const parts = ['v=1', `a=${algo.name}`];
  if (algo.kind === 'kernel') parts.push(`k=${rng.pick(['linear', `rbf:${edge().replace(/^-/, '') || '1'}`, 'poly:2:1e308:1'])}`);
  if (algo.kind === 'multiclass') parts.push('c=2');
  parts.push('b=1', `i=${rng.chance(0.6) ? [edge(), edge(), edge()].join(',') : 'zero'}`, `e=${rng.pick(ETAS)}`);
  for (const p of algo.params || []) parts.push(`${p.key}=${rng.pick(ETAS)}`);
  parts.push('o=fixed', 's=1', 'm=1000', `n=${rng.pick(['0', '1', '3', '20'])}`, `p=${pts.join(';')}`);
  const eta2 = algo.name === 'perceptron' && rng.chance(0.5) ? rng.pick(['1e309', F64_MAX, '1e308', F64_MIN_DENORMAL, '1e-320', '2']) : null;
  return { algorithm: algo.name, kind: 'extreme', play: false, eta2, fragment: parts.join('&') };
}

/**
 * Family `embed`: a misuse of the embed API (www/embed.js) on course.html, on a lab mounted
 * there a moment before: options of the wrong type, scenarios that are no scenario (a Symbol, a
 * function, a String object, a number), no element, listeners that step the lab from inside a
 * step (thousands deep), throw, destroy it or load another scenario, calls after destroy. Each
 * call must answer within 1 s, with the lab's answer or a clear error; a refused call leaves
 * the lab that was there working, and the lab never stays busy for good.
 */
const EMBED_MISUSES = [
  'hide-number', 'hide-object', 'hide-nested', 'hide-unknown', 'options-number', 'scenario-symbol', 'scenario-function',
  'scenario-string-object', 'scenario-number', 'scenario-array', 'scenario-bad-object', 'scenario-huge', 'scenario-garbage',
  'element-null', 'element-string', 'element-text-node', 'load-symbol', 'load-function', 'load-garbage', 'on-bad-type', 'on-not-function',
  'reentrant-step', 'reentrant-step', 'reentrant-load', 'reentrant-back', 'listener-throws', 'listener-destroys', 'destroy-twice',
  'step-after-destroy', 'mount-in-listener',
];
function embedInput(rng) {
  return { algorithm: 'perceptron', kind: 'embed', misuse: rng.pick(EMBED_MISUSES), depth: rng.pick([50, 500, 2000, 5000]) };
}

/** The families, in the order a mixed run takes them in turn. */
const FAMILIES = ['scenarios', 'names', 'exercise', 'origins', 'extreme', 'embed'];

/** Each family's own generator: `scenarios` keeps the seed itself (its inputs as before). */
function familyRng(seed, family) {
  const i = FAMILIES.indexOf(family);
  if (i < 0) throw new Error(`unknown family ${family} (${FAMILIES.join(', ')})`);
  return new Rng(i === 0 ? seed : (seed + Math.imul(0x9e3779b9, i)) >>> 0);
}

/**
 * The hostile inputs of `seed` over `algorithms` (the registry's entries: name, kind, params),
 * one after another without end, from `families` taken in turn (the default: `scenarios`
 * alone, the inputs of issue #15). Each family draws from its own generator, so its n-th input
 * is the same whatever other families run beside it. Each input is { index, family, n,
 * algorithm, kind, … }:
 *   scenarios: kind 'link' (fragment) or 'file' (name, text); about 55% links, 40% scenario
 *     JSON, 5% points CSV; `big` allows files of 100,000+ points or edits;
 *   names: kind 'names' (names, via link or file) or 'frame-name' (markup);
 *   exercise: kind 'exercise' (fragment); origins: kind 'origin' (origin);
 *   extreme: kind 'extreme' (fragment, eta2, play); embed: kind 'embed' (misuse, depth).
 */
function* hostileStream(seed, algorithms, { big = true, families = ['scenarios'] } = {}) {
  if (!algorithms.length) throw new Error('hostileStream: no algorithms');
  const rngs = families.map((f) => familyRng(seed, f));
  const counts = families.map(() => 0);
  for (let index = 0; ; index++) {
    const which = index % families.length;
    const family = families[which];
    const rng = rngs[which];
    const n = counts[which]++;
    let input;
    switch (family) {
      // Every algorithm in turn, so a short run covers them all.
      case 'scenarios': input = scenarioInput(rng, algorithms[n % algorithms.length], n, seed, big); break;
      case 'names': input = namesInput(rng, algorithms, n, seed); break;
      case 'exercise': input = exerciseInput(rng, algorithms); break;
      case 'origins': input = originInput(rng); break;
      case 'extreme': input = extremeInput(rng, algorithms); break;
      case 'embed': input = embedInput(rng); break;
      default: throw new Error(`unknown family ${family}`);
    }
    yield { index, family, n, ...input };
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

/** A short description of an input for reports: family, kind, algorithm, size and its opening. */
function describeInput(input) {
  const body =
    input.kind === 'link' || input.kind === 'exercise' || input.kind === 'extreme' ? input.fragment
      : input.kind === 'file' ? input.text
        : input.kind === 'names' ? `${JSON.stringify(input.names)} via ${input.via}: ${input.via === 'link' ? input.fragment : input.text}`
          : input.kind === 'frame-name' ? `name=${input.markup}`
            : input.kind === 'origin' ? `report=${input.origin}`
              : input.kind === 'embed' ? `${input.misuse} (depth ${input.depth})` : '';
  const head = body.length > 160 ? `${body.slice(0, 160)}… (${body.length} chars)` : body;
  const extra = input.kind === 'extreme' ? `${input.play ? ' [Play, then Pause]' : ''}${input.eta2 ? ` [η₂ = ${input.eta2}]` : ''}` : '';
  const family = input.family && input.family !== 'scenarios' ? `${input.family} #${input.n}, ` : '';
  return `#${input.index} ${family}${input.kind === 'file' ? input.name : input.kind} [${input.algorithm}]${extra}: ${head}`;
}

module.exports = { mulberry32, Rng, hostileStream, hostileInputs, describeInput, toLink, toJson, F64_MAX, U64_MAX, FAMILIES, EXERCISE_BASE };
