// Opening hostile inputs (helpers/hostile.js) in the real page, as a user would — a link through
// the address bar (its hashchange), a file through #file-input — and telling what happened: did
// the page answer (the status line or the file error shows a message or a new state), how long
// the answer took (performance.now() from the action until the answer is on screen), the long
// tasks meanwhile (PerformanceObserver 'longtask'), whether a refusal left the state as it was,
// and whether the tab is still alive (a Step click answers). Used by hostile.spec.js (a short
// run) and scripts/hostile.sh (the long run). Timings are reported, never asserted.
//
// Besides the page's controls this uses `window.perceptronLab.say(text)` once per input: it
// puts a marker into the status line first, so an answer that repeats the previous message is
// still seen as an answer.
'use strict';

const { pickFile } = require('./files');

/**
 * `promise`, or an error after `ms`: a frozen tab never answers page.evaluate, and a run must
 * go on (and say so) rather than wait for it forever.
 */
function guard(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the tab did not answer ${what} within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** What the page shows that an input may change: the status fields compared after a refusal. */
const STATE_FIELDS = ['points', 'step', 'weights', 'bias'];

/**
 * Installs the recorders before the page's scripts run: long tasks (buffered), the time of the
 * file input's change event (before the page's own listener) and of each hashchange.
 */
function instrumentPage(page) {
  return page.addInitScript(() => {
    window.__hostileLongTasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__hostileLongTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      window.__hostileLongTasks = null; // no long task timing in this browser
    }
    window.addEventListener(
      'change',
      (e) => {
        const h = window.__hostile;
        if (h && h.t0 === null && e.target && e.target.id === 'file-input') h.t0 = performance.now();
      },
      true
    );
  });
}

/** Reads the state fields and the file error, as the screen shows them. */
function readState(page) {
  return page.evaluate((fields) => {
    const out = {};
    for (const f of fields) {
      const el = document.querySelector(`#status [data-field="${f}"]`);
      out[f] = el ? el.textContent.trim() : null;
    }
    const notice = document.querySelector('#status [data-field="notice"]');
    out.notice = notice ? notice.textContent.trim() : '';
    const err = document.getElementById('file-error');
    out.fileError = err ? err.textContent.trim() : '';
    const crash = document.getElementById('crash');
    out.crashed = !!crash && !crash.hidden;
    return out;
  }, STATE_FIELDS);
}

/** Two animation frames: the screen has caught up with what the page did. */
const settle = (page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Puts `marker` into the status line and waits until the screen shows it. */
async function mark(page, marker, timeout) {
  await guard(page.evaluate((m) => window.perceptronLab.say(m), marker), timeout, 'a marker');
  await guard(
    page.waitForFunction(
      (m) => (document.querySelector('#status [data-field="notice"]')?.textContent || '').trim() === m,
      marker,
      { timeout }
    ),
    timeout + 1000,
    'a marker'
  );
}

/**
 * Arms the answer watch in the page: `window.__hostile` gets t1 (performance.now()) at the first
 * change of the status line away from `marker` or of the file error away from its text now.
 * For a link, t0 is now and the fragment is put into the address; for a file, t0 is the file
 * input's change event.
 */
function arm(page, marker, fragment) {
  return page.evaluate(
    ([m, f]) => {
      const notice = document.querySelector('#status [data-field="notice"]');
      const err = document.getElementById('file-error');
      const errBefore = err.textContent;
      const h = { t0: null, t1: null };
      window.__hostile = h;
      const check = () => {
        if (h.t1 !== null) return;
        if (notice.textContent.trim() !== m || err.textContent !== errBefore) {
          h.t1 = performance.now();
          // Answered with the progress bar of long work (a replay in slices)?
          h.progress = !(document.querySelector('[data-role="work"]')?.hidden ?? true);
          obs.disconnect();
        }
      };
      const obs = new MutationObserver(check);
      for (const el of [notice, err]) obs.observe(el, { childList: true, characterData: true, subtree: true });
      if (f !== null) {
        // A fragment equal to the address would fire no hashchange: empty the address first.
        if (decodeURIComponent(window.location.hash.slice(1)) === f) window.location.hash = '';
        h.t0 = performance.now();
        window.location.hash = f;
      }
    },
    [marker, fragment]
  );
}

/**
 * Opens `input` in the page and reports:
 *   { answered, answerMs, progress (answered with the progress bar of long work), doneMs
 *     (until the work under way, if any, was over), refused,
 *     message, lostWork, before, after, crashed, longTasks ([{start, duration}] from the action
 *     to the end of the Step click), alive, aliveHow }
 * `answerTimeout` (ms) bounds the wait for the answer (a tab that never answers is reported,
 * not waited for forever), `workTimeout` the wait for the end of long work in slices (the tab
 * answering meanwhile). With { step: true } a Step click after the answer shows the tab alive.
 */
async function openHostile(page, input, options = {}) {
  const at = { phase: 'the marker before the input' };
  try {
    return await openHostileAt(page, input, options, at);
  } catch (err) {
    // Says where the tab stopped answering: before the input, in it, or after it.
    err.message = `${at.phase}: ${err.message}`;
    throw err;
  }
}

/** openHostile, keeping in `at.phase` what it is waiting for. */
async function openHostileAt(page, input, { answerTimeout = 20_000, workTimeout = 60_000, step = true } = {}, at) {
  const marker = `Hostile input ${input.index} (${input.kind}): waiting for the answer.`;
  await mark(page, marker, answerTimeout);
  at.phase = 'the input';
  const before = await guard(readState(page), answerTimeout, 'reading the state');
  const longBefore = await guard(
    page.evaluate(() => (window.__hostileLongTasks ? window.__hostileLongTasks.length : -1)),
    answerTimeout,
    'reading the long tasks'
  );
  await guard(arm(page, marker, input.kind === 'link' ? input.fragment : null), answerTimeout, 'the action');
  if (input.kind === 'file') {
    await pickFile(page, input.name, input.text, { timeout: answerTimeout });
  }
  const result = { answered: false, answerMs: null, refused: null, message: '', lostWork: false, before, after: null, crashed: false, longTasks: [], alive: false };
  try {
    // The page's own timer cannot end the wait in a frozen tab: guard's timer (in node) does.
    await guard(
      page.waitForFunction(() => window.__hostile && window.__hostile.t1 !== null && window.__hostile.t0 !== null, null, {
        timeout: answerTimeout,
        polling: 'raf',
      }),
      answerTimeout + 1000,
      'the input'
    );
    result.answered = true;
  } catch (err) {
    if (page.isClosed()) throw err;
    result.message = `no answer within ${answerTimeout} ms`;
  }
  if (!result.answered) {
    // A frozen tab answers nothing more: the caller drops it.
    result.after = await guard(readState(page), 2000, 'reading the state').catch(() => null);
    result.crashed = !!result.after?.crashed;
    return result;
  }
  // Long work (a replay in slices) answers at once with its progress bar and goes on across
  // frames; it ends with the scenario open or refused. Its end is waited for (the tab answering
  // all along), so that what is read and checked below is the outcome, and the next marker is
  // not overwritten by the end of this input's work.
  at.phase = 'the work under way';
  result.doneMs = await guard(
    page
      .waitForFunction(() => !window.perceptronLab.busy() && performance.now() - window.__hostile.t0, null, {
        timeout: workTimeout,
        polling: 'raf',
      })
      .then((handle) => handle.jsonValue()),
    workTimeout + 1000,
    'the work under way'
  );
  at.phase = 'after the answer';
  await guard(settle(page), answerTimeout, 'two frames');
  const h = await guard(page.evaluate(() => window.__hostile), answerTimeout, 'the answer time');
  result.answerMs = h.t1 - h.t0;
  result.progress = !!h.progress;
  const after = await guard(readState(page), answerTimeout, 'reading the state');
  result.after = after;
  result.crashed = after.crashed;
  result.message = after.fileError && after.fileError !== before.fileError ? after.fileError : after.notice;
  // Refused at once (a link in the status line, a file beside the file button), or at the end
  // of a replay in slices (the status line).
  const refusedLate = after.notice.startsWith('The scenario could not be opened');
  result.refused =
    refusedLate ||
    (input.kind === 'link' ? after.notice.startsWith('This link could not be opened') : after.fileError !== '');
  if (result.refused) {
    result.lostWork = STATE_FIELDS.some((f) => after[f] !== before[f]);
  }
  // The long tasks from the action on: read now, and again after the Step click below, so a
  // long task of the Step click that follows an input is counted with that input.
  const readTasks = () =>
    guard(page.evaluate(
      ([from, t0]) => (window.__hostileLongTasks ? window.__hostileLongTasks.slice(Math.max(0, from)).filter((t) => t.start >= t0 - 1) : []),
      [longBefore, h.t0]
    ), answerTimeout, 'reading the long tasks');
  result.longTasks = await readTasks();
  if (result.crashed) return result;

  // Alive: the status line takes a new marker, and a Step click answers (a new step, or a
  // message saying why not).
  const aliveMarker = `Hostile input ${input.index}: is the lab alive?`;
  at.phase = 'the marker after the answer';
  await mark(page, aliveMarker, answerTimeout);
  at.phase = 'the Step click after the answer';
  if (step) {
    const stepButton = page.locator('#step');
    if (await stepButton.isEnabled()) {
      const stepBefore = after.step;
      await stepButton.click({ timeout: answerTimeout });
      await guard(page.waitForFunction(
        ([m, s]) => {
          const text = (name) => (document.querySelector(`#status [data-field="${name}"]`)?.textContent || '').trim();
          return text('notice') !== m || text('step') !== s;
        },
        [aliveMarker, stepBefore],
        { timeout: answerTimeout }
      ), answerTimeout + 1000, 'a Step click');
      result.aliveHow = 'step';
    } else {
      result.aliveHow = 'status line (Step disabled)';
    }
  } else {
    result.aliveHow = 'status line';
  }
  result.alive = !(await guard(readState(page), answerTimeout, 'reading the state')).crashed;
  await guard(settle(page), answerTimeout, 'two frames');
  result.longTasks = await readTasks();
  return result;
}

// ----- the families of issue 38 ----------------------------------------------------------------
//
// Besides the scenarios above, helpers/hostile.js makes inputs of five more families; each is
// opened as a person (or a course author's script) would and checked for what it can go wrong
// with: injections (a hostile class name reaching an export raw), freezes, lost work (a refused
// link must leave the practice question, its results, the points, step and weights as they
// were; a refused embed call the lab that was there) and "inf" or "NaN" in a text a person
// reads. `openFamily(ctx, input)` returns openHostile's report plus `injections` and `infShown`
// (lists of what was found) and `lostWhat`; `ctx` is made by `familyContext`.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { EXERCISE_BASE } = require('./hostile');

/** A number as the exports write one (the course's minus sign too): such a cell is no formula. */
const NUMBER_CELL = /^[-+−]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** The cells of a CSV text (RFC 4180: quotes, doubled quotes, CRLF), and the line of each row. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = 0;
  let open = false;
  while (i < text.length) {
    const c = text[i];
    if (open) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i += 2; continue; }
      if (c === '"') { open = false; i++; continue; }
      if (c === '\n') line++;
      cell += c;
      i++;
      continue;
    }
    if (c === '"' && cell === '') { open = true; quoted = true; i++; continue; }
    if (c === ',') { row.push({ text: cell, quoted }); cell = ''; quoted = false; i++; continue; }
    if (c === '\r' && text[i + 1] === '\n') { i++; continue; }
    if (c === '\n') {
      row.push({ text: cell, quoted });
      rows.push({ line: rowLine, cells: row });
      row = [];
      cell = '';
      quoted = false;
      line++;
      rowLine = line;
      i++;
      continue;
    }
    cell += c;
    i++;
  }
  if (cell !== '' || row.length) {
    row.push({ text: cell, quoted });
    rows.push({ line: rowLine, cells: row });
  }
  return { rows, unterminated: open };
}

/**
 * What a CSV export does wrong with `names`: a quote left open, or a cell holding (a piece of) a
 * name that starts as a formula (= + - @, a tab or CR, after any spaces) and is no number — a
 * spreadsheet runs it, quoted or not; the exports neutralize it with a leading '.
 */
function csvInjections(what, text, names) {
  const out = [];
  const { rows, unterminated } = parseCsv(text);
  if (unterminated) out.push(`${what}: a quote is left open (the rest of the file is one cell)`);
  const pieces = names.map((n) => n.trim()).filter((n) => n.length);
  for (const { line, cells } of rows) {
    for (const { text: cell } of cells) {
      const t = cell.replace(/^ +/, '');
      if (!/^[=+\-@\t\r]/.test(t) || NUMBER_CELL.test(t)) continue;
      if (pieces.some((n) => n.includes(t) || t.includes(n))) {
        out.push(`${what}: line ${line}: the cell ${JSON.stringify(cell.slice(0, 60))} starts as a formula`);
      }
    }
  }
  return out;
}

/** A Markdown table row's cells: `|` splits unless escaped by a backslash (`\\` is one). */
function markdownCells(line) {
  let cells = 0;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '\\') i++;
    else if (line[i] === '|') cells++;
  }
  return cells - 1;
}

/** What a Markdown export does wrong: raw HTML (a tag's `<`), rows of another number of cells. */
function markdownInjections(what, text) {
  const out = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((l, i) => {
    const tag = /<[A-Za-z/!?]/.exec(l);
    if (tag) out.push(`${what}: line ${i + 1}: raw HTML ${JSON.stringify(l.slice(tag.index, tag.index + 40))}`);
  });
  let width = null;
  lines.forEach((l, i) => {
    if (!l.startsWith('|')) {
      width = null;
      return;
    }
    const n = markdownCells(l);
    if (width === null) width = n;
    else if (n !== width) out.push(`${what}: line ${i + 1} has ${n} cells, the table ${width}: ${JSON.stringify(l.slice(0, 80))}`);
  });
  return out;
}

/**
 * The control words a LaTeX export may hold: the table's rules, the escapes of special
 * characters and the course's symbols (and those an escaping of | < > " would use).
 */
const LATEX_WORDS = new Set([
  'begin', 'end', 'toprule', 'midrule', 'bottomrule', 'hline', 'textbackslash', 'textasciitilde', 'textasciicircum',
  'textbar', 'textless', 'textgreater', 'textquotedbl', 'textquotedblright', 'textquotesingle', 'textasciigrave',
  'textunderscore', 'textbraceleft', 'textbraceright', 'textdollar', 'textperiodcentered', 'alpha', 'eta', 'gamma', 'tau',
  'ell', 'ge', 'le', 'ne', 'Sigma', 'cdot', 'to', 'leftarrow', 'checkmark', 'times', 'hat', 'ldots', 'infty', 'mathrm',
  'text', 'ensuremath', 'documentclass', 'usepackage', 'section', 'caption', 'centering', 'label', 'item', 'mid',
  'char', 'textquoteleft', 'textquoteright', 'textquotedblleft', 'textendash', 'textemdash', 'textvisiblespace',
]);

/** What a LaTeX export does wrong: unbalanced braces, a control word not among LATEX_WORDS. */
function latexInjections(what, text, allowed = LATEX_WORDS) {
  const out = [];
  const words = new Set();
  let depth = 0;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    else if (c === '%') {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
    } else if (c === '\\') {
      const m = /^[A-Za-z]+/.exec(text.slice(i + 1, i + 40));
      if (m) {
        if (!allowed.has(m[0])) words.add(`\\${m[0]} (line ${line})`);
        i += m[0].length;
      } else {
        if (text[i + 1] === '\n') line++;
        i++;
      }
    } else if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth < 0) {
        out.push(`${what}: line ${line}: a } closes a brace never opened`);
        depth = 0;
      }
    }
  }
  if (depth > 0) out.push(`${what}: ${depth} brace(s) never closed`);
  for (const w of words) out.push(`${what}: an unexpected control word ${w}`);
  return out;
}

/** Python: a name outside a comment (the snippet puts names only in comments). */
function codeInjections(what, text, names) {
  const out = [];
  const risky = names.filter((n) => n.length >= 4 && /[^A-Za-z0-9 ]/.test(n));
  text.split('\n').forEach((l, i) => {
    if (/^\s*#/.test(l)) return;
    const hit = risky.find((n) => l.includes(n));
    if (hit) out.push(`${what}: line ${i + 1}: the name ${JSON.stringify(hit)} outside a comment`);
  });
  return out;
}

/** Words that must never reach a text a person reads (the course says "over 1.8e308"). */
const INF_WORDS = /(^|[^A-Za-z])(-?inf|Infinity|NaN)(?![A-Za-z])/;

/** The texts a person reads, by where they are: status, This step, described plot, theory, 3-D, η. */
const READ_TEXTS = {
  status: '#status',
  'This step': '#explain',
  'described plot': '[data-panel="described"] [data-part="description"]',
  theory: '[data-panel="theory"]',
  '3-D description': '[data-panel="augmented"] [data-part="description"]',
  'η panel': '[data-panel="eta"] [data-part="verdict"], [data-panel="eta"] [data-part="caption"], [data-panel="eta"] [data-part="error"]',
};

/** Each text of READ_TEXTS that says inf or NaN: ['where: "…inf…"']. */
async function infShown(page) {
  const texts = await page.evaluate((sel) => {
    const out = {};
    for (const [where, s] of Object.entries(sel)) {
      out[where] = Array.from(document.querySelectorAll(s), (el) => el.textContent).join(' ');
    }
    return out;
  }, READ_TEXTS);
  const out = [];
  for (const [where, text] of Object.entries(texts)) {
    const m = INF_WORDS.exec(text);
    if (m) out.push(`${where}: "…${text.slice(Math.max(0, m.index - 50), m.index + 30).replace(/\s+/g, ' ')}…"`);
  }
  return out;
}

/** Clicks `selector` and returns the text of the download it starts. */
async function downloadText(page, selector, timeout) {
  const [dl] = await guard(
    Promise.all([page.waitForEvent('download', { timeout }), page.locator(selector).click({ timeout })]),
    timeout + 1000,
    `the download of ${selector}`
  );
  const file = await dl.path();
  return fs.readFileSync(file, 'utf8');
}

/** An SVG's wrongs, read by the browser's own parser: not XML, or markup a name brought in. */
function svgInjections(page, what, text) {
  return page.evaluate(
    ([w, t]) => {
      const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
      if (doc.querySelector('parsererror')) return [`${w}: not well-formed XML (${doc.querySelector('parsererror').textContent.slice(0, 80)})`];
      const out = [];
      for (const el of doc.querySelectorAll('*')) {
        if (/^(script|foreignObject|img|iframe|b|i)$/i.test(el.localName)) out.push(`${w}: a <${el.localName}> element`);
        for (const a of el.attributes) if (/^on/i.test(a.name)) out.push(`${w}: an ${a.name} attribute`);
      }
      return out;
    },
    [what, text]
  );
}

/** A CSV cell as the points CSV writes it. */
const csvCell = (v) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * The CLI's exports of the same names (perceptron-trace: CSV with and without the steps and with
 * --predict, Markdown, LaTeX), each checked as the page's. A run the CLI refuses is no wrong.
 */
function cliInjections(traceBin, input) {
  if (!traceBin || !fs.existsSync(traceBin)) return [];
  const out = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-names-'));
  try {
    const names = input.names;
    const rows = names.flatMap((n, i) => [`${i + 1},${-i},${csvCell(n)}`, `${-i - 1},${i + 2},${csvCell(n)}`]);
    const data = path.join(dir, 't.csv');
    fs.writeFileSync(data, `x1,x2,label\n${rows.join('\n')}\n`);
    const run = (args) => {
      try {
        return execFileSync(traceBin, [...args, data], { encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'pipe'] });
      } catch {
        return null; // refused (the names or the data): said on stderr, nothing written
      }
    };
    const algo = ['--algo', input.algorithm, '--max-epochs', '1'];
    const latexBase = new Set(LATEX_WORDS);
    for (const [format, extra] of [['csv', []], ['csv', ['--no-steps']], ['csv', ['--no-steps', '--predict', data]], ['markdown', []], ['markdown', ['--no-steps', '--predict', data]], ['latex', []]]) {
      const text = run([...algo, '--format', format, ...extra]);
      if (text === null) continue;
      const what = `CLI --format ${format}${extra.length ? ` ${extra.filter((a) => a !== data).join(' ')}` : ''}`;
      if (format === 'csv') out.push(...csvInjections(what, text, names));
      else if (format === 'markdown') out.push(...markdownInjections(what, text));
      else out.push(...latexInjections(what, text, latexBase));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

/** Opens (or finds) the page of `venue` in ctx: 'lab' (index.html), 'course', 'frame'. */
async function venuePage(ctx, venue) {
  if (ctx.pages[venue] && !ctx.pages[venue].isClosed()) return ctx.pages[venue];
  // A context of its own (a page of the long run's browser has one it alone may use).
  if (!ctx.venues) ctx.venues = await ctx.context.browser().newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.venues.newPage();
  page.on('pageerror', (e) => {
    if (!/hostile listener error/.test(e.message)) ctx.problems.push(`page error (${venue}): ${e.message}`);
  });
  // On the course page a misuse's own errors are the author's to see (a listener that throws or
  // steps its lab too deep is reported on the console by the lab): only uncaught errors count
  // there, and a lab left dead by one is found by its liveness check.
  page.on('console', (m) => {
    if (venue !== 'course' && m.type() === 'error') ctx.problems.push(`console.error (${venue}): ${m.text()}`);
  });
  page.on('crash', () => ctx.problems.push(`the renderer crashed (${venue})`));
  await instrumentPage(page);
  if (venue === 'course') {
    await page.goto(`${ctx.origin}/course.html`);
    await page.waitForFunction(() => window.PerceptronLab && window.PerceptronLab.ready, null, { timeout: 30_000 });
    await page.evaluate(() => window.PerceptronLab.ready);
  } else if (venue === 'frame') {
    // A course page of its own origin that frames the lab and lists the messages it receives.
    await page.route(`${ctx.origin}/hostile-frame.html`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>frame</title><iframe id="f" title="lab" width="1000" height="800" sandbox="allow-scripts allow-same-origin allow-downloads"></iframe>' +
          '<script>window.__messages=[];addEventListener("message",(e)=>{if(e.source===document.getElementById("f").contentWindow)window.__messages.push({origin:e.origin,type:e.data&&e.data.type})});</script>',
      })
    );
    await page.goto(`${ctx.origin}/hostile-frame.html`);
  }
  ctx.pages[venue] = page;
  return page;
}

/**
 * The context the family drivers share: the lab's page (index.html, as for the scenarios), the
 * browser context to open the course page and the framing page in, the served origin, the
 * list the pages' errors go to, and the CLI for the names' exports.
 */
function familyContext(labPage, { origin, problems, traceBin }) {
  return { context: labPage.context(), origin, problems, traceBin, pages: { lab: labPage } };
}

/** What the practice panel shows: the question's title, the results' rows, Save results shown. */
function readPractice(page) {
  return page.evaluate(() => {
    const title = document.querySelector('[data-field="practice-title"]');
    const question = document.querySelector('[data-role="practice-question"]');
    const rows = Array.from(document.querySelectorAll('[data-role="practice-results-body"] tr'), (tr) => tr.textContent.trim());
    const csv = document.querySelector('[data-practice="csv"]');
    const results = document.querySelector('[data-role="practice-results"]');
    return {
      title: title ? title.textContent.trim() : '',
      question: !!question && !question.hidden,
      rows,
      save: !!csv && !!results && !results.hidden && csv.offsetParent !== null,
    };
  });
}

/** Opens the base practice set and answers two questions (Update, whatever is right). */
async function startBasePractice(page, timeout) {
  await page.evaluate((f) => {
    window.location.hash = '';
    window.location.hash = f;
  }, EXERCISE_BASE);
  await page.waitForFunction(() => /Question 1 of 5/.test(document.querySelector('[data-field="practice-title"]')?.textContent || ''), null, { timeout });
  for (let q = 1; q <= 2; q++) {
    await page.locator('[data-practice="yes"]').click({ timeout });
    await page.locator('[data-practice="next"]').click({ timeout });
    await page.waitForFunction((n) => new RegExp(`Question ${n} of 5`).test(document.querySelector('[data-field="practice-title"]')?.textContent || ''), q + 1, { timeout });
  }
  await page.waitForFunction(() => document.querySelectorAll('[data-role="practice-results-body"] tr').length >= 2, null, { timeout });
}

/** A fresh report with nothing found. */
const blank = () => ({ answered: false, answerMs: null, refused: null, message: '', lostWork: false, lostWhat: '', before: null, after: null, crashed: false, longTasks: [], alive: false, injections: [], infShown: [], unclear: '' });

/** family `names`: the link or file, then every export of the page and of the CLI checked. */
async function openNames(ctx, input, options) {
  try {
    return await openNamesOpen(ctx, input, options);
  } finally {
    await guard(closePanels(ctx.pages.lab), 5000, 'closing the panels').catch(() => {});
  }
}

async function openNamesOpen(ctx, input, options) {
  const page = ctx.pages.lab;
  const r = await openHostile(page, input.via === 'link' ? { ...input, kind: 'link' } : { ...input, kind: 'file' }, options);
  r.injections = [];
  r.infShown = [];
  if (!r.answered || r.refused || r.crashed) return r;
  const t = options.answerTimeout || 20_000;
  const names = input.names;
  r.injections.push(...csvInjections('page CSV (trace)', await downloadText(page, '[data-panel="trace"] [data-panel-act="csv"]', t), names));
  r.injections.push(...markdownInjections('page Markdown', await downloadText(page, '[data-panel="trace"] [data-panel-act="markdown"]', t)));
  r.injections.push(...latexInjections('page LaTeX', await downloadText(page, '[data-panel="trace"] [data-panel-act="latex"]', t)));
  const points = await downloadText(page, '#export-points', t);
  r.injections.push(...csvInjections('page points CSV', points, names));
  for (const { line, cells } of parseCsv(points).rows.slice(1)) {
    const label = cells[cells.length - 1]?.text ?? '';
    if (!names.includes(label) && !(label.startsWith("'") && names.includes(label.slice(1)))) {
      r.injections.push(`page points CSV: line ${line}: the label ${JSON.stringify(label.slice(0, 60))} is none of the names`);
    }
  }
  const json = await downloadText(page, '#export-scenario', t);
  try {
    JSON.parse(json);
  } catch (err) {
    r.injections.push(`page scenario JSON: not JSON (${err.message})`);
  }
  r.injections.push(...(await svgInjections(page, 'page SVG', await downloadText(page, '#export-svg', t))));
  // The code panel, opened once and left open (its text follows the state).
  await page.evaluate(() => { document.querySelector('[data-panel="code"]').open = true; });
  const code = await guard(
    page.waitForFunction(() => document.querySelector('[data-panel="code"] [data-part="code"]')?.textContent || false, null, { timeout: t }).then((h) => h.jsonValue()),
    t + 1000,
    'the code panel'
  ).catch(() => '');
  r.injections.push(...codeInjections('page Python', code, names));
  r.injections.push(...cliInjections(ctx.traceBin, input));
  r.injections = [...new Set(r.injections)];
  return r;
}

const frameLocatorOf = (page) => page.frameLocator('#f');

/** Loads `src` into the framing page's frame (its load event: the old document is gone). */
function loadFrame(page, src) {
  return page.evaluate(
    (s) =>
      new Promise((resolve) => {
        window.__messages = [];
        const f = document.getElementById('f');
        f.addEventListener('load', resolve, { once: true });
        f.src = s;
      }),
    src
  );
}

/** family `names`, a framed lab's `name=`: no element may come of its markup. */
async function openFrameName(ctx, input, options) {
  const r = blank();
  const page = await venuePage(ctx, 'frame');
  const t = options.answerTimeout || 20_000;
  const src = `index.html?n=${input.index}#v=1&a=perceptron&b=1&i=zero&e=1&o=fixed&s=1&m=1000&n=0&p=1,1,1;-1,-1,0&embed=1&name=${encodeURIComponent(input.markup)}`;
  const t0 = Date.now();
  await guard(loadFrame(page, src), t, 'the frame');
  await frameLocatorOf(page).locator('#status [data-field="points"]').filter({ hasText: /^2 / }).waitFor({ timeout: t });
  r.answered = true;
  r.alive = true;
  r.refused = false;
  r.message = `framed with name=${input.markup}`;
  r.loadMs = Date.now() - t0;
  const found = await page.frames()[1].evaluate(() => ({
    element: !!document.querySelector('[data-hostile-name]'),
    pwned: window.__hostilePwned === 1,
    named: Array.from(document.querySelectorAll('[aria-label]'), (e) => e.getAttribute('aria-label')).some((l) => l.includes('data-hostile-name')),
  }));
  if (found.element) r.injections.push('name=: its markup became an element of the page');
  if (found.pwned) r.injections.push('name=: its markup ran a script');
  return r;
}

/** family `exercise`: a hostile exercise link opened while a set is under way with answers. */
async function openExercise(ctx, input, options) {
  const page = ctx.pages.lab;
  const t = options.answerTimeout || 20_000;
  // A set under way with answers given (the last input's, when it was refused without loss),
  // else the base set started and two questions answered.
  let practiceBefore = await guard(readPractice(page), t, 'reading the practice');
  if (!practiceBefore.question || practiceBefore.rows.length < 2) {
    await startBasePractice(page, t);
    practiceBefore = await guard(readPractice(page), t, 'reading the practice');
  }
  const r = await openHostile(page, { ...input, kind: 'link' }, { ...options, step: false });
  r.injections = [];
  r.infShown = [];
  if (!r.answered) return r;
  const practiceAfter = await guard(readPractice(page), t, 'reading the practice');
  if (r.refused) {
    const lost = [];
    if (practiceAfter.title !== practiceBefore.title) lost.push(`the question "${practiceBefore.title}" became "${practiceAfter.title}"`);
    if (practiceAfter.question !== practiceBefore.question) lost.push('the question is gone');
    if (practiceAfter.rows.join('\n') !== practiceBefore.rows.join('\n')) lost.push(`the results (${practiceBefore.rows.length} rows) became ${practiceAfter.rows.length} rows`);
    if (practiceAfter.save !== practiceBefore.save) lost.push('Save results is gone');
    if (lost.length) {
      r.lostWork = true;
      r.lostWhat = lost.join('; ');
    }
  }
  return r;
}

/** family `origins`: a one-question set in a frame reporting to one origin, answered. */
async function openOrigin(ctx, input, options) {
  const r = blank();
  const page = await venuePage(ctx, 'frame');
  const t = options.answerTimeout || 20_000;
  const origin = input.origin === 'SELF' ? ctx.origin : input.origin;
  const fragment = `xv=1&xid=o${input.index}&xk=predict&xn=1&xa=perceptron&xb=1&xe=1&xd=ex:seed000&xs=1&xr=0&embed=1&report=${encodeURIComponent(origin)}`;
  await guard(loadFrame(page, `index.html?o=${input.index}#${fragment}`), t, 'the frame');
  const frameLoc = page.frameLocator('#f');
  const question = frameLoc.locator('[data-field="practice-title"]').filter({ hasText: /Question 1 of 1/ });
  const refusal = frameLoc.locator('#status [data-field="notice"]').filter({ hasText: /could not be opened/ });
  await question.or(refusal).first().waitFor({ timeout: t });
  const frame = page.frames()[1];
  r.answered = true;
  r.alive = true;
  if (await refusal.count()) {
    r.refused = true;
    r.message = (await refusal.first().textContent()).trim();
    r.answerMs = 0;
    return r;
  }
  r.refused = false;
  await frame.evaluate(() => {
    window.__events = [];
    window.__clickAt = null;
    window.__answerAt = null;
    // The answer's time: from the click on Update (in the frame) to the lab's answer event.
    document.querySelector('[data-practice="yes"]').addEventListener('click', () => { window.__clickAt = performance.now(); }, { capture: true, once: true });
    for (const type of ['answer', 'finish']) {
      document.addEventListener(`perceptron-lab:${type}`, () => {
        window.__events.push(type);
        if (type === 'answer' && window.__answerAt === null) window.__answerAt = performance.now();
      }, true);
    }
  });
  await frameLoc.locator('[data-practice="yes"]').click({ timeout: t });
  const answered = await frame.waitForFunction(() => window.__events.includes('answer'), null, { timeout: 3000 }).then(() => true, () => false);
  const at = await frame.evaluate(() => [window.__clickAt, window.__answerAt]);
  // No answer event: no time (the results lost are reported below).
  r.answerMs = at[0] !== null && at[1] !== null ? at[1] - at[0] : null;
  if (await frameLoc.locator('[data-practice="next"]').isVisible()) await frameLoc.locator('[data-practice="next"]').click({ timeout: t });
  const finished = await frame.waitForFunction(() => window.__events.includes('finish'), null, { timeout: 3000 }).then(() => true, () => false);
  const shown = await frame.evaluate(() => `${document.querySelector('[data-role="practice-error"]')?.textContent || ''} ${document.querySelector('[data-role="practice-feedback"]')?.textContent || ''} ${document.querySelector('#status [data-field="notice"]')?.textContent || ''}`);
  if (origin === ctx.origin) {
    // Posted messages arrive a task later: waited for (at most 3 s) when this page is the one named.
    await page.waitForFunction(() => ['answer', 'finish'].every((t) => window.__messages.some((m) => m.type === `perceptron-lab:${t}`)), null, { timeout: 3000 }).catch(() => {});
  }
  const messages = await page.evaluate(() => window.__messages);
  r.message = `accepted ${origin}: ${messages.length} messages to the framing page`;
  const lost = [];
  if (!answered) lost.push('no answer event');
  if (!finished) lost.push('no finish event');
  if (/postMessage|SyntaxError|target origin/i.test(shown)) lost.push(`the lab shows "${shown.trim().slice(0, 120)}"`);
  if (origin === ctx.origin && !(messages.some((m) => m.type === 'perceptron-lab:answer') && messages.some((m) => m.type === 'perceptron-lab:finish'))) {
    lost.push(`the framing page (${ctx.origin}, the origin named) received ${JSON.stringify(messages.map((m) => m.type))}`);
  }
  if (messages.some((m) => m.origin !== ctx.origin)) lost.push('a message from another origin');
  if (lost.length) {
    r.lostWork = true;
    r.lostWhat = `results lost: ${lost.join('; ')}`;
  }
  return r;
}

/** Closes the 3-D and code panels again (the scenarios are opened with them closed). */
function closePanels(page) {
  return page.evaluate(() => {
    document.querySelector('[data-panel="augmented"]').open = false;
    document.querySelector('[data-panel="code"]').open = false;
  }).catch(() => {});
}

/** Stops a practice set under way (the exercise family's), so a scenario opens on the lab. */
async function stopPractice(page) {
  const stop = page.locator('[data-practice="stop"]');
  if (await stop.isVisible()) await stop.click({ timeout: 5000 });
}

/** family `extreme`: a link at the numbers' edges with the 3-D, η and code panels open. */
async function openExtreme(ctx, input, options) {
  try {
    return await openExtremeOpen(ctx, input, options);
  } finally {
    await guard(closePanels(ctx.pages.lab), 5000, 'closing the panels').catch(() => {});
  }
}

async function openExtremeOpen(ctx, input, options) {
  const page = ctx.pages.lab;
  const t = options.answerTimeout || 20_000;
  await guard(page.evaluate(() => {
    document.querySelector('[data-panel="augmented"]').open = true;
    document.querySelector('[data-panel="code"]').open = true;
  }), t, 'opening the panels');
  const r = await openHostile(page, { ...input, kind: 'link' }, options);
  r.injections = [];
  r.infShown = [];
  if (!r.answered || r.crashed) return r;
  const tasksFrom = await guard(page.evaluate(() => (window.__hostileLongTasks ? window.__hostileLongTasks.length : 0)), t, 'reading the long tasks');
  if (input.eta2 && !r.refused && (await page.locator('[data-panel="eta"] [data-part="input"]').isVisible())) {
    // η₂ typed and applied: the answer (the verdict or the field's error) within 1 s.
    const t0 = Date.now();
    await page.locator('[data-panel="eta"] [data-part="input"]').fill(input.eta2, { timeout: t });
    await page.locator('[data-panel="eta"] [data-part="input"]').press('Enter', { timeout: t });
    await guard(page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))), t, 'η₂');
    r.eta2Ms = Date.now() - t0;
  }
  if (input.play && !r.refused) {
    // Play at full speed until 2,000 more steps or 4 s, then Pause: how long until it shows.
    await page.evaluate(() => {
      const speed = document.getElementById('speed');
      speed.value = speed.max;
      speed.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const stepBefore = Number((await readState(page)).step) || 0;
    await page.locator('#play').click({ timeout: t });
    const started = Date.now();
    await guard(
      page.waitForFunction((s) => Number(document.querySelector('#status [data-field="step"]').textContent) >= s + 2000, stepBefore, { timeout: 4000, polling: 250 }).catch(() => {}),
      t,
      'playing'
    );
    const t0 = Date.now();
    await page.locator('#play').click({ timeout: t });
    await guard(
      page.waitForFunction(() => /Play/.test(document.querySelector('[data-field="play-label"]').textContent), null, { timeout: t }),
      t + 1000,
      'the Pause'
    );
    r.pauseMs = Date.now() - t0;
    r.playedMs = t0 - started;
  }
  const extra = await guard(page.evaluate((from) => (window.__hostileLongTasks || []).slice(from), tasksFrom), t, 'reading the long tasks');
  r.longTasks = [...r.longTasks, ...extra.filter((e) => !r.longTasks.some((x) => x.start === e.start))];
  if ((r.eta2Ms || 0) > 1000 || (r.pauseMs || 0) > 1000) {
    r.slowAction = r.pauseMs > 1000 ? `Pause took ${r.pauseMs} ms after ${r.playedMs} ms of Play` : `η₂ = ${input.eta2} took ${r.eta2Ms} ms`;
  }
  r.infShown = await guard(infShown(page), t, 'reading the texts');
  return r;
}

/**
 * The misuses of family `embed`, run in course.html on a lab mounted a moment before in a div
 * of its own (`lab0`, at step 1): each returns the call's promise or value, or throws.
 */
const EMBED_SETUP = 'v=1&a=perceptron&b=1&i=-1,0,0&e=1&o=fixed&s=1&m=1000&n=0&p=1,1,0;3,2,1;2,4,1;3,4,1;2,3,0';

/** family `embed`: one misuse of the API, its answer, and the lab afterwards. */
async function openEmbed(ctx, input, options) {
  const r = blank();
  const page = await venuePage(ctx, 'course');
  const t = options.answerTimeout || 20_000;
  const out = await guard(
    page.evaluate(
      async ([misuse, depth, good]) => {
        const PL = window.PerceptronLab;
        document.getElementById('hostile-host')?.perceptronLabHostile?.destroy?.();
        document.getElementById('hostile-host')?.remove();
        const host = document.createElement('div');
        host.id = 'hostile-host';
        document.querySelector('main').append(host);
        const lab0 = await PL.mount(host, good);
        host.perceptronLabHostile = lab0;
        lab0.step();
        const linkBefore = lab0.link();
        const removers = [];
        const on = (type, fn) => removers.push(lab0.on(type, fn));
        let calls = 0;
        const misuses = {
          'hide-number': () => PL.mount(host, good, { hide: [5] }),
          'hide-object': () => PL.mount(host, good, { hide: { a: 1 } }),
          'hide-nested': () => PL.mount(host, good, { hide: [['trace']] }),
          'hide-unknown': () => PL.mount(host, good, { hide: ['nope', ''] }),
          'options-number': () => PL.mount(host, good, 5),
          'scenario-symbol': () => PL.mount(host, Symbol('x')),
          'scenario-function': () => PL.mount(host, () => 1),
          'scenario-string-object': () => PL.mount(host, new String(good)),
          'scenario-number': () => PL.mount(host, 42),
          'scenario-array': () => PL.mount(host, [1, 2]),
          'scenario-bad-object': () => PL.mount(host, { algorithm: 5, points: 'x' }),
          'scenario-huge': () => PL.mount(host, `v=1&p=${'1,1,1;'.repeat(20000)}`),
          'scenario-garbage': () => PL.mount(host, '%%%&&&=='),
          'element-null': () => PL.mount(null, good),
          'element-string': () => PL.mount('#hostile-host', good),
          'element-text-node': () => PL.mount(document.createTextNode('x'), good),
          'load-symbol': () => lab0.load(Symbol('x')),
          'load-function': () => lab0.load(() => 1),
          'load-garbage': () => lab0.load('zzz=&&'),
          'on-bad-type': () => lab0.on('nope', () => {}),
          'on-not-function': () => lab0.on('step', 5),
          'reentrant-step': () => { on('step', (rec) => { if (rec.step < depth) lab0.step(); }); lab0.step(); },
          'reentrant-load': () => { on('step', (rec) => { if (rec.step < 3) lab0.load(good); }); lab0.step(); },
          'reentrant-back': () => { on('step', () => { if (++calls < depth) { lab0.back(); lab0.step(); } }); lab0.step(); },
          'listener-throws': () => { on('step', () => { throw new Error('hostile listener error'); }); lab0.step(); },
          'listener-destroys': () => { on('step', () => lab0.destroy()); lab0.step(); },
          'destroy-twice': () => { lab0.destroy(); lab0.destroy(); },
          'step-after-destroy': () => { lab0.destroy(); lab0.step(); },
          'mount-in-listener': () => { let p; on('step', () => { p = p || PL.mount(host, good); }); lab0.step(); return p; },
        };
        const res = { outcome: 'answered', error: '', errorName: '' };
        const t0 = performance.now();
        let value;
        try {
          value = await misuses[misuse]();
        } catch (err) {
          res.outcome = 'refused';
          res.error = String(err && err.message !== undefined ? err.message : err);
          res.errorName = err && err.name;
        }
        res.ms = performance.now() - t0;
        for (const off of removers) { try { off(); } catch { /* destroyed */ } }
        // Let anything queued by the call run before the lab is asked again.
        await new Promise((resolve) => setTimeout(resolve, 0));
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const handle = value && typeof value === 'object' && typeof value.step === 'function' ? value : lab0;
        if (handle !== lab0) host.perceptronLabHostile = handle;
        // Alive: the lab opens the good scenario again and a step fires its step event. The lab
        // says "busy" on the console, not by throwing: what it logs meanwhile is the answer.
        const answers = (lab) => {
          const logged = [];
          const log = console.error;
          console.error = (...args) => { logged.push(args.map(String).join(' ')); };
          let fired = false;
          let off = null;
          try {
            lab.load(good);
            off = lab.on('step', () => { fired = true; });
            lab.step();
          } catch (err) {
            logged.push(String(err && err.message !== undefined ? err.message : err));
          } finally {
            console.error = log;
            try { if (off) off(); } catch { /* destroyed */ }
          }
          return fired ? '' : logged.join('; ') || 'no step event';
        };
        let lab0Destroyed = false;
        let linkAfter = null;
        try { linkAfter = lab0.link(); } catch (err) { lab0Destroyed = /destroyed/.test(String(err.message)); }
        // A refused mount must leave the lab that was there as it was (read before the step below).
        res.lost = res.outcome === 'refused' && /^(hide|options|scenario|element)-/.test(misuse) &&
          (lab0Destroyed || !host.querySelector('canvas') || linkAfter !== linkBefore);
        // A String object holds a link: opened as its text, or refused (read before the check below
        // opens a scenario of its own).
        if (misuse === 'scenario-string-object' && res.outcome === 'answered') {
          res.stringObject = handle.field('points');
        }
        if (handle === lab0 && lab0Destroyed) {
          // The misuse destroyed its lab (as it asked): the page must still mount one.
          const again = await PL.mount(host, good);
          host.perceptronLabHostile = again;
          res.after = answers(again);
          res.afterWhat = 'a lab mounted again';
        } else {
          res.after = answers(handle);
          res.afterWhat = handle === lab0 ? 'the lab mounted before' : 'the lab mounted by the call';
        }
        // Asked again a moment later: busy for good, or only for a moment.
        if (res.after) {
          await new Promise((resolve) => setTimeout(resolve, 300));
          res.after = answers(handle === lab0 && lab0Destroyed ? host.perceptronLabHostile : handle);
        }
        res.crashPanel = !!host.querySelector('[data-role="crash"]:not([hidden])');
        res.busy = res.after !== '';
        return res;
      },
      [input.misuse, input.depth, EMBED_SETUP]
    ),
    options.answerTimeout || 20_000,
    'the embed call'
  );
  r.answered = true;
  r.answerMs = out.ms;
  r.refused = out.outcome === 'refused';
  r.message = r.refused ? `${out.errorName}: ${out.error}` : `answered; ${out.afterWhat} then ${out.after ? `said "${out.after}"` : 'stepped'}`;
  // Alive: the lab opens a scenario again and steps (not "busy" for good, no crash panel).
  r.alive = !out.busy && !out.crashPanel;
  r.message += out.after ? `; afterwards, asked twice 0.3 s apart: "${out.after.slice(0, 160)}"` : '';
  r.crashed = out.crashPanel;
  if (out.lost) {
    r.lostWork = true;
    r.lostWhat = 'the refused call destroyed or changed the lab that was there';
  }
  // An internal error reaching the author instead of a message saying what the API takes (the
  // API's own TypeErrors name what it takes, "nothing (undefined, null or '')" among them).
  const reentrant = /^(reentrant|listener|mount-in)/.test(input.misuse);
  if (r.refused && !reentrant && /is not a function|Cannot read propert|Cannot convert|of undefined|undefined is not|is undefined|\[object |Unexpected token|is not valid JSON/.test(out.error)) {
    r.unclear = `${out.errorName}: ${out.error}`;
  }
  if (out.stringObject !== undefined && !/^5 /.test(out.stringObject)) {
    r.unclear = `a String object was not opened as its text (points: ${out.stringObject})`;
  }
  r.longTasks = await guard(takeLongTaskEntries(page), t, 'reading the long tasks');
  return r;
}

/** The long tasks observed since the last call ({start, duration}), and clears them. */
function takeLongTaskEntries(page) {
  return page.evaluate(() => {
    const tasks = window.__hostileLongTasks || [];
    window.__hostileLongTasks = [];
    return tasks;
  });
}

/**
 * Opens an input of any family: the scenarios as openHostile does (with injections and
 * infShown empty), the others through their drivers above.
 */
async function openFamily(ctx, input, options = {}) {
  if (['link', 'file', 'names', 'extreme'].includes(input.kind)) {
    await guard(stopPractice(ctx.pages.lab), options.answerTimeout || 20_000, 'stopping the practice');
  }
  switch (input.kind) {
    case 'link':
    case 'file': {
      const r = await openHostile(ctx.pages.lab, input, options);
      return { ...r, injections: [], infShown: [], lostWhat: '', unclear: '' };
    }
    case 'names': return { lostWhat: '', unclear: '', ...(await openNames(ctx, input, options)) };
    case 'frame-name': return openFrameName(ctx, input, options);
    case 'exercise': return { lostWhat: '', unclear: '', ...(await openExercise(ctx, input, options)) };
    case 'origin': return openOrigin(ctx, input, options);
    case 'extreme': return { lostWhat: '', unclear: '', ...(await openExtreme(ctx, input, options)) };
    case 'embed': return openEmbed(ctx, input, options);
    default: throw new Error(`unknown input kind ${input.kind}`);
  }
}

/** The p-th percentile (0–100) of `values` (nearest rank); null for none. */
function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The long tasks observed since the last call (their durations, ms), and clears them. */
function takeLongTasks(page) {
  return page.evaluate(() => {
    const tasks = window.__hostileLongTasks || [];
    window.__hostileLongTasks = [];
    return tasks.map((t) => t.duration);
  });
}

/**
 * Reports the long tasks of `what` as a test annotation and on the console, prefixed with the
 * spec's name: reported, never asserted.
 */
function reportLongTasks(testInfo, spec, what, tasks) {
  const max = tasks.length ? Math.max(...tasks) : 0;
  const description = `${what}: ${tasks.length} long tasks, the longest ${max.toFixed(0)} ms, ${tasks.filter((d) => d > 100).length} over 100 ms`;
  testInfo.annotations.push({ type: 'long tasks (reported, not asserted)', description });
  console.log(`${spec}: ${description}`);
}

module.exports = {
  instrumentPage, openHostile, readState, percentile, guard, STATE_FIELDS, takeLongTasks, reportLongTasks,
  openFamily, familyContext, csvInjections, markdownInjections, latexInjections, parseCsv, INF_WORDS, cliInjections,
};
