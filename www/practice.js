// Perceptron Lab's Practice controls, shared by the full page (app.js) and the labs embedded
// in course pages (embed.js): turns clicks and typed text in a lab's practice question into
// calls on its handle, and hands the events each answer makes to the page. It keeps no model
// state and decides nothing: the lab checks every answer and writes the panel in its frame.
//
//   PerceptronLabPractice.wire(root, lab, { signal, emit, download })
//   PerceptronLabPractice.compose(root, lab, { signal, linkBase })   // the composer
//
// `root` holds the question (`[data-role="practice-question"]`, its buttons marked
// `data-practice="yes|no|converges|never|read|reveal|next|stop|check|tip|csv|json"` and its groups of
// fields `data-ask="parameters|scores|line"`); `emit(type, detail)` receives each `answer` and `finish`
// event; `download(name, type, text)` saves the results. In a frame whose set names a report
// origin, the events are also posted to the parent page, to that origin only (never `*`).
(function () {
  'use strict';

  /** The address of the page, without its fragment (the xAPI activity's base). */
  const page = () => window.location.origin + window.location.pathname;

  function wire(root, lab, { signal, emit, download }) {
    const question = root.querySelector('[data-role="practice-question"]');
    if (!question) return;
    const error = question.querySelector('[data-role="practice-error"]');
    const listen = (target, type, handler) => target.addEventListener(type, handler, { signal });

    /**
     * Hands the events of an answer (the lab's JSON) to the page and the report origin. Every
     * event reaches the page, whatever becomes of the posts: a post the browser refuses is said
     * next to the question, and the events after it still go out.
     */
    const deliver = (json) => {
      if (error) error.textContent = '';
      if (typeof json !== 'string') return;
      const { events, report } = JSON.parse(json);
      const failed = [];
      for (const event of events) {
        emit(event.type, event.detail);
        if (report && window.parent !== window) {
          try {
            window.parent.postMessage({ type: `perceptron-lab:${event.type}`, detail: event.detail }, report);
          } catch (err) {
            failed.push(`${event.type} (${err})`);
          }
        }
      }
      if (failed.length > 0 && error) {
        error.textContent = lab.answer_not_sent(report, failed.join('; '));
      }
    };
    /** An answer the lab refuses (not numbers, the wrong shape) is said next to the fields. */
    const answer = (fn) => {
      try {
        deliver(fn());
      } catch (err) {
        if (error) error.textContent = String(err);
        else console.error(err);
      }
    };
    const typed = (form) => [...form.querySelectorAll('input[data-part]')].map((input) => input.value);
    const actions = {
      yes: () => lab.practice_update(true, page()),
      no: () => lab.practice_update(false, page()),
      converges: () => lab.practice_converges(true, page()),
      never: () => lab.practice_converges(false, page()),
      read: () => lab.practice_do('read', page()),
      reveal: () => lab.practice_do('reveal', page()),
      next: () => lab.practice_do('next', page()),
      tip: () => lab.practice_do('tip', page()),
      stop: () => lab.practice_do('stop', page()),
    };
    // Typed answers: the group's Check button, or Enter in one of its fields. (No <form>: a
    // course page's sandboxed frame without allow-forms would drop a form's submission.)
    const groups = {
      parameters: (group) => lab.practice_parameters(typed(group), page()),
      scores: (group) => lab.practice_scores(typed(group), page()),
      line: (group) => {
        const [a, b] = [...group.querySelectorAll('input[data-end]')].map((input) => input.value);
        return lab.practice_line(a, b, page());
      },
    };
    question.querySelectorAll('[data-ask]').forEach((group) => {
      const check = groups[group.dataset.ask];
      if (!check) return;
      listen(group, 'click', (e) => {
        if (e.target.closest('[data-practice="check"]')) answer(() => check(group));
      });
      listen(group, 'keydown', (e) => {
        if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
        e.preventDefault();
        answer(() => check(group));
      });
    });
    question.querySelectorAll('[data-practice]').forEach((button) => {
      const act = actions[button.dataset.practice];
      if (act) listen(button, 'click', () => answer(act));
    });
    const results = root.querySelector('[data-role="practice-results"]');
    if (results && download) {
      results.querySelectorAll('[data-practice]').forEach((button) => {
        const format = button.dataset.practice;
        const type = format === 'csv' ? 'text/csv' : 'application/json';
        listen(button, 'click', () => {
          try {
            download(`perceptron-practice-results.${format}`, type, lab.practice_results(format));
          } catch (err) {
            console.error(err);
          }
        });
      });
    }
    return { deliver, reveal: () => answer(actions.reveal) };
  }

  /**
   * The composer of the lab `root` (src/web/panels/composer.rs), if it has one: its fields are
   * the set's link keys (`data-key`), which the lab reads and checks, to start the set here or
   * to make its link and the frame that shows it in a course page. `linkBase`, for a lab that is
   * not the full page (a compact lab): the page its link opens (the full lab beside embed.js).
   */
  function compose(root, lab, { signal, linkBase }) {
    const composer = root.querySelector('[data-panel="composer"]');
    if (!composer) return;
    const part = (role) => composer.querySelector(`[data-role="${role}"]`);
    const composeError = part('practice-compose-error');
    // Generated points' keys only for generated points; an optional key only when filled.
    const keys = () => {
      const generated = composer.querySelector('[data-key="xd"]').value === 'gen';
      const kinds = [...composer.querySelectorAll('input[name="kind"]:checked')].map((k) => k.value);
      const pairs = [['xv', '1'], ['xk', kinds.join(',')]];
      composer.querySelectorAll('[data-key]').forEach((field) => {
        if (field.hasAttribute('data-generated') && !generated) return;
        const value = field.type === 'checkbox' ? (field.checked ? '1' : '0') : field.value.trim();
        if (field.hasAttribute('data-optional') && !value) return;
        pairs.push([field.dataset.key, value]);
      });
      return pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
    };
    composer.addEventListener('submit', (e) => {
      e.preventDefault();
      try {
        lab.practice_start(keys());
        composeError.textContent = '';
      } catch (err) {
        composeError.textContent = String(err);
      }
    }, { signal });
    part('practice-make-link').addEventListener('click', () => {
      let url;
      let frame;
      try {
        const asked = keys();
        url = `${linkBase || page()}#${lab.practice_link(asked)}`;
        frame = lab.practice_frame(asked, url);
      } catch (err) {
        composeError.textContent = String(err);
        return;
      }
      composeError.textContent = '';
      part('practice-link-out').value = url;
      part('practice-embed-out').value = frame;
      part('practice-link').hidden = false;
      part('practice-link-out').select();
    }, { signal });
  }

  window.PerceptronLabPractice = { wire, compose, page };
})();
