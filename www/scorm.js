// The SCORM 1.2 side of a package made by `scripts/package.sh scorm`: the launch page's lab
// (`<perceptron-lab data-exercise="…" data-pass="…">`) opens its exercise set, and this script
// tells the LMS how the student does. It finds the LMS's API as SCORM content does (window.API
// in this window, its parents, then the opener and its parents), and then
//   - on launch: LMSInitialize; resumes the set from cmi.suspend_data if a visit before left
//     progress there (else starts it), and marks a first attempt incomplete;
//   - after each answer: cmi.interactions.n (id, type, student_response, result, latency) for
//     each question not yet sent, cmi.core.score.raw (0–100, with min and max),
//     cmi.core.lesson_status (incomplete, then passed or failed against the pass mark),
//     cmi.core.exit, cmi.suspend_data (the progress, at most 4,096 characters), LMSCommit;
//   - when the page is left (closed, or the LMS moves on): the same once more, with
//     cmi.core.session_time, then LMSFinish, once.
// What to send is the core's (the handle's `scorm(pass)`, `core::practice::scorm`); this
// script only writes it. Without an LMS the set runs as on any page, and the line above the
// lab says that the answers are not recorded.
(() => {
  const element = document.querySelector('perceptron-lab[data-exercise]');
  if (!element) return;
  const exercise = element.dataset.exercise;
  const pass = Number(element.dataset.pass || 80);
  const line = document.querySelector('[data-role="scorm-status"]');
  const say = (text) => { if (line) line.textContent = text; };

  /** window.API in `win` or one of its parents (at most 10 levels), or null. */
  function apiIn(win) {
    for (let level = 0; win && level <= 10; level += 1) {
      try {
        if (win.API && typeof win.API.LMSInitialize === 'function') return win.API;
      } catch (err) { /* a frame of another origin: look further up */ }
      if (!win.parent || win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  const api = apiIn(window) || (window.opener ? apiIn(window.opener) : null);
  const yes = (v) => v === true || v === 'true';
  const started = Date.now();
  let live = false; // initialised and not yet finished
  let sent = 0; // interactions the LMS has

  function set(key, value) {
    if (live) api.LMSSetValue(key, String(value));
  }

  /** The LMS as found: absent, off (it did not start the activity), recording or resumed. */
  let lms = 'absent';

  /** What to tell the LMS now (the core's report), or null without a set on show. */
  const report = () => (element.lab ? element.scorm(pass, lms, (Date.now() - started) / 1000) : null);

  /** Sends what changed since the last write, and commits; the report sent, or null. */
  function write() {
    const r = live ? report() : null;
    if (!r) return null;
    for (; sent < r.interactions.length; sent += 1) {
      const i = r.interactions[sent];
      for (const key of ['id', 'type', 'student_response', 'result', 'latency']) {
        set(`cmi.interactions.${sent}.${key}`, i[key]);
      }
    }
    set('cmi.core.score.min', 0);
    set('cmi.core.score.max', 100);
    set('cmi.core.score.raw', r.score);
    set('cmi.core.lesson_status', r.status);
    set('cmi.core.exit', r.exit);
    set('cmi.suspend_data', r.suspend);
    api.LMSCommit('');
    if (r.suspend_cut) say(r.line);
    return r;
  }

  function finish() {
    if (!live) return;
    const last = write();
    if (last) set('cmi.core.session_time', last.session_time);
    live = false;
    api.LMSFinish('');
  }

  async function launch() {
    await element.ready;
    let saved = '';
    if (api) {
      live = yes(api.LMSInitialize(''));
      if (live) saved = api.LMSGetValue('cmi.suspend_data') || '';
    }
    let resumed = false;
    let refused = ''; // why saved progress could not be resumed
    if (saved) {
      try {
        element.resume(exercise, saved);
        resumed = true;
      } catch (err) {
        refused = String(err.message || err);
        element.load(exercise);
      }
    } else {
      element.load(exercise);
    }
    if (api) lms = !live ? 'off' : resumed ? 'resumed' : 'recording';
    const first = report();
    // Why saved progress was not resumed (the lab's sentence), then whether answers are kept.
    say([refused, first ? first.line : ''].join(' ').trim());
    if (!live) return;
    // The interactions an earlier visit sent stay the LMS's; only newer ones are sent.
    const count = Number(api.LMSGetValue('cmi.interactions._count'));
    sent = Math.min(Number.isFinite(count) ? count : 0, first ? first.interactions.length : 0);
    write();
    element.addEventListener('answer', write);
    window.addEventListener('pagehide', finish);
    window.addEventListener('beforeunload', finish);
    // A phone's browser may drop a page in the background without pagehide: the progress is
    // kept each time the page is hidden.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') write();
    });
  }

  launch().catch((err) => say(['The practice set could not start.', String(err.message || err)].join(' ')));
})();
