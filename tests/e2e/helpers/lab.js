// The lab driver the specs get as `lab`: it acts on the page as a person would, with clicks,
// keys and typing (adding points at data coordinates, the settings form, examples, algorithms,
// downloads), and reads it through what `LabView` (view.js) provides.
'use strict';

const fs = require('node:fs');
const { expect } = require('@playwright/test');
const { ALGORITHM_TITLES } = require('./constants');
const { ADDED, ADDED_CLASS, parseClassPoints, parseSample } = require('./parse');
const { LabView } = require('./view');

class Lab extends LabView {
  /**
   * Scrolls the page (as a person would) so that CSS offset (cx, cy) of the canvas is on screen;
   * returns the canvas's box afterwards. Clicking the settings form may have scrolled it away.
   */
  async scrollToCanvasPoint(cx, cy) {
    let box = await this.box();
    const vp = this.page.viewportSize();
    const x = box.x + cx;
    const y = box.y + cy;
    const margin = 20;
    const dx = x < margin || x > vp.width - margin ? x - vp.width / 2 : 0;
    const dy = y < margin || y > vp.height - margin ? y - vp.height / 2 : 0;
    if (dx || dy) {
      await this.page.evaluate(([sx, sy]) => window.scrollBy(sx, sy), [dx, dy]);
      box = await this.box();
    }
    return box;
  }

  /** Where data point (x, y) is on the page (viewport coordinates), scrolled into view. */
  async pageXY(x, y) {
    const [cx, cy] = await this.toCss(x, y);
    const box = await this.scrollToCanvasPoint(cx, cy);
    return [box.x + cx, box.y + cy];
  }

  /** Clicks at CSS offset (cx, cy) from the canvas's top-left; how: plain | shift | right. */
  async clickCanvasCss(cx, cy, how = 'plain') {
    const box = await this.scrollToCanvasPoint(cx, cy);
    const x = box.x + cx;
    const y = box.y + cy;
    if (how === 'shift') {
      await this.page.keyboard.down('Shift');
      try {
        await this.page.mouse.click(x, y);
      } finally {
        await this.page.keyboard.up('Shift');
      }
    } else if (how === 'right') {
      await this.page.mouse.click(x, y, { button: 'right' });
    } else {
      await this.page.mouse.click(x, y);
    }
  }

  /** Clicks on the pixel where data point (x, y) is drawn. */
  async clickData(x, y, how = 'plain') {
    const [cx, cy] = await this.toCss(x, y);
    await this.clickCanvasCss(cx, cy, how);
  }

  /**
   * Clicks at data point (x, y) when the page holds `total` points; checks that exactly one point
   * was added (points field and the "Added point #N at (x, y), class c." notice, matched by
   * `notice`) and returns the notice's match: [_, N, x, y, class].
   */
  async clickToAdd(x, y, how, total, notice) {
    await this.clickData(x, y, how);
    await expect(this.field('points'), `a click at (${x}, ${y}) adds one point`).toHaveText(
      new RegExp(`^${total + 1} \\(`)
    );
    const text = await this.text('notice');
    const m = notice.exec(text);
    expect(m, `notice after adding a point: ${JSON.stringify(text)}`).not.toBeNull();
    expect(Number(m[1])).toBe(total + 1);
    return m;
  }

  /**
   * Clicks at data point (x, y), checks that exactly one point was added and returns what the
   * page says it added: { index, x, y, label (±1) }.
   */
  async addPoint(x, y, how = 'plain') {
    const before = await this.points();
    const m = await this.clickToAdd(x, y, how, before.total, ADDED);
    return { index: Number(m[1]), x: Number(m[2]), y: Number(m[3]), label: Number(m[4]) };
  }

  /** The same in a multiclass mode: returns { index, x, y, cls }. */
  async addClassPoint(x, y) {
    const before = parseClassPoints(await this.text('points'));
    const m = await this.clickToAdd(x, y, 'plain', before.total, ADDED_CLASS);
    return { index: Number(m[1]), x: Number(m[2]), y: Number(m[3]), cls: Number(m[4]) };
  }

  /**
   * Enters points by clicking. Class -1 points are added with right-click or shift-click
   * (alternating) while +1 is the selected class. Returns the points as the page recorded them.
   * With { snap: true } the #snap box is ticked (and applied) first, so grid points land exactly
   * on the grid whatever the click precision (tests of the course's numbers use this; the
   * precision of plain clicks has its own tests).
   */
  async enterPoints(points, { snap = false } = {}) {
    await expect(this.page.locator('#class-pos')).toHaveAttribute('aria-pressed', 'true');
    if (snap) {
      await this.page.locator('#snap').check();
      await this.page.locator('#apply').click();
      await this.expectNoSettingsError();
    }
    const recorded = [];
    let negatives = 0;
    for (const p of points) {
      const how = p.label > 0 ? 'plain' : negatives++ % 2 === 0 ? 'right' : 'shift';
      const got = await this.addPoint(p.x, p.y, how);
      expect(got.label, `class of the point clicked at (${p.x}, ${p.y}) with ${how}`).toBe(p.label);
      recorded.push(got);
    }
    return recorded;
  }

  async clickStep(times = 1) {
    for (let i = 0; i < times; i++) await this.page.locator('#step').click();
  }

  /** Presses a key on the page body (nothing focused), as a lecturer's keyboard/clicker would. */
  async key(name) {
    await this.page.evaluate(() => {
      if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
    });
    await this.page.keyboard.press(name);
  }

  /**
   * Presses → `n` times and reads the sample field after each step: returns the samples as the
   * page names them ({ index, x, y, label | cls }).
   */
  async visitSamples(n) {
    const start = Number(await this.text('step'));
    const seen = [];
    for (let i = 1; i <= n; i++) {
      await this.key('ArrowRight');
      await expect(this.field('step')).toHaveText(String(start + i));
      seen.push(parseSample(await this.text('sample')));
    }
    return seen;
  }

  /** Fills the settings form (only the given fields) and submits it with #apply. */
  async applySettings(settings = {}) {
    await this.fillSettings(settings);
    await this.page.locator('#apply').click();
  }

  async fillSettings({ bias, init, eta, order, seed, maxEpochs, snap } = {}) {
    const p = this.page;
    if (bias !== undefined) await p.locator('#bias').setChecked(bias);
    if (snap !== undefined) await p.locator('#snap').setChecked(snap);
    if (init !== undefined) await this.typeInto('#init', String(init));
    if (eta !== undefined) await this.typeInto('#eta', String(eta));
    if (order !== undefined) await p.locator('#order').selectOption(order);
    if (seed !== undefined) await this.typeInto('#seed', String(seed));
    if (maxEpochs !== undefined) await this.typeInto('#max-epochs', String(maxEpochs));
  }

  /** Replaces a field's text by typing, as a person would (works for number inputs too). */
  async typeInto(selector, text) {
    const input = this.page.locator(selector);
    await input.click();
    await input.press('ControlOrMeta+a');
    await input.press('Delete');
    await input.pressSequentially(text);
  }

  /** #settings-error shows no message. */
  async expectNoSettingsError() {
    const err = this.page.locator('#settings-error');
    if ((await err.count()) === 0) return;
    if (await err.isVisible()) await expect(err).toHaveText(/^\s*$/);
  }

  /**
   * Loads an example from #preset as a person would (choosing the option) and waits for the
   * "Loaded “title”." notice; checks that the select went back to its placeholder.
   */
  async loadPreset(value) {
    const select = this.page.locator('#preset');
    const title = ((await select.locator(`option[value="${value}"]`).textContent()) || '').trim();
    expect(title, `#preset has an option "${value}"`).not.toBe('');
    await select.selectOption(value);
    await expect(this.field('notice')).toHaveText(`Loaded “${title}”.`);
    await expect(this.field('step')).toHaveText('0');
    await expect(select, 'the example select goes back to its placeholder').toHaveValue('');
    return title;
  }

  /** Chooses an algorithm in #algorithm as a person would and waits for the restart notice. */
  async chooseAlgorithm(value) {
    await this.page.locator('#algorithm').selectOption(value);
    await expect(this.field('algorithm'), `#algorithm → ${value}`).toHaveText(ALGORITHM_TITLES[value]);
    await expect(this.field('notice')).toHaveText(`${ALGORITHM_TITLES[value]} chosen: training restarts; the points stay.`);
    await expect(this.field('step')).toHaveText('0');
    await expect(this.page.locator('#model-error')).toHaveText('');
  }

  /** Types a kernel into #kernel and applies it with Enter. */
  async enterKernel(text) {
    await this.typeInto('#kernel', text);
    await this.page.locator('#kernel').press('Enter');
  }

  /** Clicks an export button and returns { name, text } of the download it triggers. */
  async download(selector) {
    const [dl] = await Promise.all([this.page.waitForEvent('download'), this.page.locator(selector).click()]);
    const file = await dl.path();
    expect(file, `the download from ${selector} was saved`).toBeTruthy();
    return { name: dl.suggestedFilename(), text: fs.readFileSync(file, 'utf8') };
  }
}

module.exports = { Lab };
