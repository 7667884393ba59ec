// Shared helpers for the specs, one purpose a module under helpers/; this index re-exports them
// so that every spec can keep `require('./helpers')`.
//
//   helpers/fixture.js        `test` with the `lab` fixture, openLab / openLabAt, watchProblems
//   helpers/lab.js            Lab: drives the page as a person would (clicks, keys, typing)
//   helpers/view.js           LabView (Lab's base): reads the page (status, tables, plot pixels)
//   helpers/parse.js          the page's texts turned into numbers (vectors, points, samples)
//   helpers/colours.js        naming the colours seen in the plot (classes, regions, background)
//   helpers/trace.js          the `perceptron-trace` CLI on the same points, and expectClose
//   helpers/constants.js      the course's worked example and the page's field/algorithm names
//   helpers/static-server.js  a plain static host for the embedding tests
//   helpers/announcements.js  listen / said: what the live region is given, in order
//
// The page is driven as a person would drive it: clicks, keys and reading text. The only use of
// `window.perceptronLab` is `to_css(x, y)`, to know where data point (x, y) is drawn.
'use strict';

const { pixel, distinctColours } = require('./png');

module.exports = {
  ...require('./helpers/fixture'),
  ...require('./helpers/lab'),
  ...require('./helpers/view'),
  ...require('./helpers/parse'),
  ...require('./helpers/colours'),
  ...require('./helpers/trace'),
  ...require('./helpers/constants'),
  ...require('./helpers/static-server'),
  ...require('./helpers/announcements'),
  pixel,
  distinctColours,
};
