// Reading the page as a person reads it: the status and "This step" panels, the trace and Gram
// tables, where things are drawn on the plot and which colour is there. `LabView` only looks;
// `Lab` (lab.js) adds the clicks and keys that act on the page.
//
// The only use of `window.perceptronLab` is `to_css(x, y)`, to know where data point (x, y) is
// drawn.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { expect } = require('@playwright/test');
const { decodePng, pixel } = require('../png');
const { SCREENSHOT_DIR } = require('../env');
const { STATUS_FIELDS, EXPLAIN_FIELDS } = require('./constants');
const { parsePoints, parseVector } = require('./parse');
const { colourName } = require('./colours');

class LabView {
  constructor(page, problems) {
    this.page = page;
    this.problems = problems;
    this.canvas = page.locator('#plot');
    this.statusBox = page.locator('#status');
  }

  field(name) {
    return this.page.locator(`#status [data-field="${name}"]`);
  }

  async text(name) {
    return ((await this.field(name).textContent()) || '').trim();
  }

  /** Any field of the page by data-field (the status ones, explain-*, theory, history, ...). */
  anyField(name) {
    return this.page.locator(`[data-field="${name}"]`);
  }

  async anyText(name) {
    return ((await this.anyField(name).textContent()) || '').trim();
  }

  /**
   * Waits for two animation frames: the page shows the effect of an action in the next frame,
   * so this is "look again once the screen has caught up".
   */
  async settle() {
    await this.page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    );
  }

  /** Every status field's text (after the screen has caught up). */
  async status() {
    await this.settle();
    const out = {};
    for (const name of STATUS_FIELDS) out[name] = await this.text(name);
    return out;
  }

  /** The "This step" panel's fields, after the screen has caught up. */
  async explain() {
    await this.settle();
    const out = {};
    for (const name of EXPLAIN_FIELDS) out[name] = await this.anyText(name);
    return out;
  }

  async points() {
    await this.settle();
    return parsePoints(await this.text('points'));
  }

  async weights() {
    return parseVector(await this.text('weights'));
  }

  /** The trace table's body rows: { step, cells (5 texts), classes, current (aria-current) }. */
  async traceRows() {
    await this.settle();
    return this.page.locator('[data-panel="trace"] table tbody tr[data-step]').evaluateAll((rows) =>
      rows.map((r) => ({
        step: Number(r.dataset.step),
        cells: Array.from(r.cells).map((c) => c.textContent.trim()),
        classes: Array.from(r.classList),
        current: r.getAttribute('aria-current'),
      }))
    );
  }

  /**
   * The Gram table: { header: ['', 'α', 'x1', …], rows: [{ row (1-based), current, k: [numbers],
   * alpha }] }.
   */
  async gram() {
    await this.settle();
    return this.page.locator('[data-panel="gram"] table').evaluate((table) => {
      const trs = Array.from(table.querySelectorAll('tr'));
      const header = trs.length ? Array.from(trs[0].cells).map((c) => c.textContent.trim()) : [];
      const rows = trs
        .filter((tr) => tr.dataset.row !== undefined)
        .map((tr) => {
          const tds = Array.from(tr.querySelectorAll('td'));
          const alphaCell = tr.querySelector('td.alpha');
          return {
            row: Number(tr.dataset.row),
            current: tr.classList.contains('current'),
            k: tds.filter((td) => !td.classList.contains('alpha')).map((td) => Number(td.textContent.trim())),
            alpha: alphaCell ? Number(alphaCell.textContent.trim()) : NaN,
          };
        });
      return { header, rows };
    });
  }

  async dpr() {
    return this.page.evaluate(() => window.devicePixelRatio);
  }

  /** The canvas's CSS size and backing-store size. */
  async canvasSizes() {
    return this.canvas.evaluate((c) => ({
      clientWidth: c.clientWidth,
      clientHeight: c.clientHeight,
      rectWidth: c.getBoundingClientRect().width,
      rectHeight: c.getBoundingClientRect().height,
      width: c.width,
      height: c.height,
    }));
  }

  async box() {
    const box = await this.canvas.boundingBox();
    expect(box, 'the canvas is laid out').not.toBeNull();
    return box;
  }

  /** Where data point (x, y) is drawn, in CSS pixels from the canvas's top-left. */
  async toCss(x, y) {
    const r = await this.page.evaluate(([px, py]) => Array.from(window.perceptronLab.to_css(px, py)), [x, y]);
    expect(r, `to_css(${x}, ${y})`).toHaveLength(2);
    expect(Number.isFinite(r[0]) && Number.isFinite(r[1]), `to_css(${x}, ${y}) = ${r}`).toBe(true);
    return r;
  }

  /** CSS pixels per data unit along x (and the same along y when units are equal). */
  async cssPerUnit() {
    const [o, ex, ey] = [await this.toCss(0, 0), await this.toCss(1, 0), await this.toCss(0, 1)];
    return { x: ex[0] - o[0], y: o[1] - ey[1] };
  }

  /** Half a CSS pixel in data units: how far an exact click may land from its target. */
  async halfPixel() {
    const { x } = await this.cssPerUnit();
    return 0.5 / x;
  }

  /** The plot as the screen shows it (device pixels). */
  async plotImage() {
    return decodePng(await this.canvas.screenshot({ animations: 'disabled', caret: 'hide' }));
  }

  /** The colour drawn at data point (x, y) in a plot image taken with plotImage(). */
  async colourAt(image, x, y) {
    const [cx, cy] = await this.toCss(x, y);
    const scale = image.width / (await this.box()).width;
    return pixel(image, cx * scale, cy * scale);
  }

  /** Waits until the plot shows the colour `test` expects at data point (x, y). */
  async expectColourAt(x, y, test, what) {
    let last = null;
    await expect
      .poll(
        async () => {
          last = await this.colourAt(await this.plotImage(), x, y);
          return test(last);
        },
        { message: `${what} at (${x}, ${y})`, timeout: 5_000 }
      )
      .toBe(true)
      .catch((e) => {
        throw new Error(`${e.message}\nlast colour seen: ${last && colourName(last)}`);
      });
  }

  /** Saves a full-page screenshot as `name` in the screenshots folder. */
  async screenshot(name) {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await this.page.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage: true });
  }
}

module.exports = { LabView };
