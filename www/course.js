// The example course page's own script: it reacts to the first lab's steps through the
// JavaScript API (PerceptronLab.ready resolves once every data-perceptron-lab div is mounted),
// and lists the practice results it receives from the compact lab (lab.on) and from the frame
// (postMessage, accepted from this page's own origin only). Each log shows the data an event
// brings, as JSON: what a course page's own script has to work with.
window.addEventListener('DOMContentLoaded', () => {
  window.PerceptronLab.ready.then(() => {
    const host = document.getElementById('lab-seed000');
    const log = document.getElementById('seed000-log');
    if (!host.perceptronLab) return;
    host.perceptronLab.on('step', (record) => {
      log.textContent = JSON.stringify({ step: record.step, index: record.index, mistake: record.mistake });
    });
  });
});

window.addEventListener('DOMContentLoaded', () => {
  const log = document.getElementById('practice-log');
  const list = (from, type, o) => {
    const item = document.createElement('li');
    item.dataset.from = from;
    item.dataset.type = type;
    item.textContent = JSON.stringify(type === 'answer'
      ? { from, question: o.question, kind: o.kind, correct: o.correct, given: o.given, score: o.score, total: o.total }
      : { from, exercise: o.exercise, score: o.score, total: o.total, verb: o.statement.verb.display['en-US'] });
    log.append(item);
  };
  // The frame's set reports to this page's origin: its link gets report=<origin> here.
  const frame = document.getElementById('practice-frame');
  frame.src = `${frame.dataset.src}&report=${encodeURIComponent(window.location.origin)}`;
  window.addEventListener('message', (e) => {
    if (e.origin !== window.location.origin || e.source !== frame.contentWindow) return;
    const data = e.data || {};
    if (data.type === 'perceptron-lab:answer') list('frame', 'answer', data.detail);
    if (data.type === 'perceptron-lab:finish') list('frame', 'finish', data.detail);
  });
  window.PerceptronLab.ready.then(() => {
    const host = document.getElementById('lab-practice');
    if (!host.perceptronLab) return;
    host.perceptronLab.on('answer', (o) => list('compact', 'answer', o));
    host.perceptronLab.on('finish', (o) => list('compact', 'finish', o));
  });
});

// The <perceptron-lab> element's change events: the link of its state after each change.
window.addEventListener('DOMContentLoaded', () => {
  const element = document.getElementById('lab-element');
  const log = document.getElementById('element-log');
  if (!element || !log) return;
  element.addEventListener('change', (e) => {
    // The link's n= is the step on show.
    log.textContent = JSON.stringify({ step: Number(new URLSearchParams(e.detail).get('n')), linkLength: e.detail.length });
  });
});
