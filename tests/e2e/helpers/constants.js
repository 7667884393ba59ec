// What the tests know in advance: the course's worked example (seed 000) and the page's names
// for its fields and algorithms.
'use strict';

/** Seed 000: the course's worked example, in data order. */
const SEED000 = [
  { x: 1, y: 1, label: -1 },
  { x: 3, y: 2, label: 1 },
  { x: 2, y: 4, label: 1 },
  { x: 3, y: 4, label: 1 },
  { x: 2, y: 3, label: -1 },
];

/** Seed 000's step table as the course prints it: step | weights | score | correct? | update. */
const SEED000_TABLE = [
  ['1', '[-1, 0, 0]', '-1 * 1 + 0 * 1 + 0 * 1 = -1', 'yes', 'none'],
  ['2', '[-1, 0, 0]', '-1 * 1 + 0 * 3 + 0 * 2 = -1', 'no', '+[1, 3, 2]'],
  ['3', '[0, 3, 2]', '0 * 1 + 3 * 2 + 2 * 4 = 14', 'yes', 'none'],
  ['4', '[0, 3, 2]', '0 * 1 + 3 * 3 + 2 * 4 = 17', 'yes', 'none'],
  ['5', '[0, 3, 2]', '0 * 1 + 3 * 2 + 2 * 3 = 12', 'no', '-[1, 2, 3]'],
];

/** The status panel's fields (data-field names), in page order. */
const STATUS_FIELDS = [
  'step', 'epoch', 'sample', 'score', 'outcome', 'weights', 'bias', 'updates', 'state', 'points',
  'notice',
];

/** The "This step" panel's fields. */
const EXPLAIN_FIELDS = ['explain-title', 'explain-weights', 'explain-score', 'explain-check', 'explain-update'];

/**
 * The registry of algorithms as `perceptron-trace --algorithms` lists it (name, title, kind,
 * own numbers, examples): the tests take their lists of algorithms from it, as the page's
 * selector does, so an algorithm added to the registry is tested without editing them.
 */
const REGISTRY = (() => {
  const { execFileSync } = require('node:child_process');
  const { TRACE_BIN } = require('../env');
  try {
    return JSON.parse(execFileSync(TRACE_BIN, ['--algorithms'], { encoding: 'utf8', timeout: 30_000 }));
  } catch (err) {
    throw new Error(`cannot list the algorithms with ${TRACE_BIN} --algorithms (build it first): ${err.message}`);
  }
})();

/** The status panel's title of each algorithm of the #algorithm select. */
const ALGORITHM_TITLES = Object.fromEntries(REGISTRY.map((a) => [a.name, a.title]));

/** The algorithms of K classes. */
const MULTICLASS_ALGORITHMS = REGISTRY.filter((a) => a.kind === 'multiclass').map((a) => a.name);

module.exports = {
  SEED000,
  SEED000_TABLE,
  STATUS_FIELDS,
  EXPLAIN_FIELDS,
  REGISTRY,
  ALGORITHM_TITLES,
  MULTICLASS_ALGORITHMS,
};
