// Paths and browser flags shared by the config and the helpers.
'use strict';

const path = require('node:path');

const REPO_ROOT = path.resolve(__dirname, '..', '..');

module.exports = {
  REPO_ROOT,
  DIST_DIR: path.join(REPO_ROOT, 'dist'),
  SCREENSHOT_DIR: path.join(__dirname, 'screenshots'),
  TRACE_BIN:
    process.env.PERCEPTRON_TRACE || path.join(REPO_ROOT, 'target', 'release', 'perceptron-trace'),
  CHROMIUM_PATH: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  CHROMIUM_ARGS: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
