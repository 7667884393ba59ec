// The example course page's own script: it reacts to the first lab's steps through the
// JavaScript API (PerceptronLab.ready resolves once every data-perceptron-lab div is mounted).
window.addEventListener('DOMContentLoaded', () => {
  window.PerceptronLab.ready.then(() => {
    const host = document.getElementById('lab-seed000');
    const log = document.getElementById('seed000-log');
    if (!host.perceptronLab) return;
    host.perceptronLab.on('step', (record) => {
      log.textContent = `step ${record.step}: sample #${record.index}, ${record.mistake ? 'a mistake, the weights moved' : 'correct, no update'}`;
    });
  });
});
