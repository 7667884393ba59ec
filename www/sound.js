// Perceptron Lab's audio cues, in every home (the sound panel's buttons): Web Audio, no files, off until the
// user turns them on. The lab writes the notes (pitch, timbre, timing) from the step's record
// and every word said about them; here they are only scheduled, one oscillator per note.
//
//   const sound = PerceptronLabSound.wire(lab, { call, root, signal, onStep });
//   (the sound panel's buttons within `root`, by data-role; null without them. `onStep(fn)`
//   hears of every step with fn, `onStep(null)` no more: the lab's own on_step unless the home
//   listens to its steps itself, as embed.js does)
//   sound.toggle(say)   // on or off (`say`: announce it, as the A key does)
//   sound.listen()      // the boundary's sweep (L, and `listenButton`)
(function () {
  'use strict';

  function wire(lab, { call, root, signal, onStep: follow }) {
    const button = root.querySelector('[data-role="audio"]');
    const listenButton = root.querySelector('[data-role="listen"]');
    if (!button || !listenButton) return null;
    const followSteps = follow || ((fn) => lab.on_step(fn));
    let audio = null; // the AudioContext, made when the sound is first used
    let soundOn = false;
    let busyUntil = 0;
    let sweep = [];
    signal.addEventListener('abort', () => {
      if (audio) audio.close().catch(() => {});
    });
    const audioContext = () => {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return null;
      if (!audio) audio = new Context();
      if (audio.state === 'suspended') audio.resume().catch(() => {});
      return audio;
    };
    // Schedules `notes` (the lab's JSON) from now; returns the oscillators and when they end.
    const playNotes = (text) => {
      const notes = JSON.parse(text || '[]');
      const context = notes.length ? audioContext() : null;
      if (!context) return { oscillators: [], end: 0 };
      const t0 = context.currentTime + 0.02;
      let end = t0;
      const oscillators = notes.map((note) => {
        const start = t0 + note.start;
        const stop = start + note.duration;
        const oscillator = context.createOscillator();
        oscillator.type = note.wave;
        oscillator.frequency.setValueAtTime(note.frequency, start);
        const gain = context.createGain();
        gain.gain.setValueAtTime(0, start);
        gain.gain.linearRampToValueAtTime(note.gain, start + 0.01);
        gain.gain.linearRampToValueAtTime(0, stop);
        oscillator.connect(gain);
        let out = gain;
        if (context.createStereoPanner) {
          const panner = context.createStereoPanner();
          panner.pan.setValueAtTime(note.pan, start);
          gain.connect(panner);
          out = panner;
        }
        out.connect(context.destination);
        oscillator.start(start);
        oscillator.stop(stop + 0.02);
        end = Math.max(end, stop);
        return oscillator;
      });
      return { oscillators, end };
    };
    // One cue per frame, for the step on show; a cue still sounding is not cut short. The step
    // listener is set only while the sound is on (it costs a record per step during Play).
    let cuePending = false;
    const onStep = () => {
      if (!soundOn || cuePending) return;
      cuePending = true;
      queueMicrotask(() => {
        cuePending = false;
        if (!soundOn || (audio && audio.currentTime < busyUntil)) return;
        const text = call(() => lab.step_cue());
        if (typeof text === 'string') busyUntil = playNotes(text).end;
      });
    };
    const setSound = (on, say) => {
      soundOn = on;
      call(() => followSteps(on ? onStep : null));
      button.setAttribute('aria-pressed', String(on));
      if (on && !audioContext()) call(() => lab.say('This browser cannot play sound.'));
      else if (say) call(() => lab.say(on ? 'Sound on: a tone per step.' : 'Sound off.'));
    };
    button.addEventListener('click', () => setSound(!soundOn, false), { signal });
    const listen = () => {
      const text = call(() => lab.boundary_sweep());
      if (typeof text !== 'string') return;
      for (const oscillator of sweep) {
        try { oscillator.stop(); } catch (err) { /* already over */ }
      }
      const played = playNotes(text);
      sweep = played.oscillators;
      busyUntil = played.end;
      if (!sweep.length) {
        call(() => lab.say(audioContext() ? 'No boundary in view to listen to.' : 'This browser cannot play sound.'));
      }
    };
    listenButton.addEventListener('click', listen, { signal });
    return { toggle: (say) => setSound(!soundOn, say), listen };
  }

  window.PerceptronLabSound = { wire };
})();
