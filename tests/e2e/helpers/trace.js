// Running the `perceptron-trace` CLI on the points the page was given, so that the page's
// numbers can be checked against the library's own trace.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { expect } = require('@playwright/test');
const { TRACE_BIN } = require('../env');

/**
 * Runs perceptron-trace with `args` and `--format format` on `points`, written to a temporary
 * CSV (x1,x2,y). The y column is each point's class index `cls` with `classes` (multiclass
 * data), else its label as ±1. Returns the parsed output when `parse` (the default for json),
 * else the output's text.
 */
function perceptronTrace(points, { args = [], format = 'json', classes = false, parse = format === 'json' } = {}) {
  if (!fs.existsSync(TRACE_BIN)) {
    throw new Error(
      `${TRACE_BIN} is missing: build it with \`cargo build --release --bin perceptron-trace\` ` +
        'in the repository root (or set PERCEPTRON_TRACE, as scripts/test.sh does for a debug build).'
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perceptron-e2e-'));
  try {
    const csv = path.join(dir, 'data.csv');
    const y = classes ? (p) => p.cls : (p) => (p.label > 0 ? 1 : -1);
    const rows = points.map((p) => `${p.x},${p.y},${y(p)}`);
    fs.writeFileSync(csv, ['x1,x2,y', ...rows].join('\n') + '\n');
    const out = execFileSync(TRACE_BIN, [...args, '--format', format, csv], { encoding: 'utf8', timeout: 30_000 });
    return parse ? JSON.parse(out) : out;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** ±1-labelled `points` ({ x, y, label }) → the parsed JSON trace. */
const runTrace = (points, args = []) => perceptronTrace(points, { args });

/** ±1-labelled `points` → the trace's text in `format` (markdown, csv, ...). */
const runTraceText = (points, args, format) => perceptronTrace(points, { args, format, parse: false });

/** Class-indexed `points` ({ x, y, cls }) → the parsed JSON trace. */
const runTraceClasses = (points, args = []) => perceptronTrace(points, { args, classes: true });

/** Numbers equal to the 4 decimals the page shows. */
function expectClose(actual, expected, what) {
  expect(actual.length, `${what}: length of ${JSON.stringify(actual)}`).toBe(expected.length);
  actual.forEach((v, i) => {
    expect(Math.abs(v - expected[i]), `${what}[${i}]: page ${v} vs ${expected[i]}`).toBeLessThanOrEqual(5.1e-5);
  });
}

module.exports = { perceptronTrace, runTrace, runTraceText, runTraceClasses, expectClose };
