//! The audio cues as the page gets them from the session: a step's notes follow its record
//! (a sine at the margin's pitch when the model stays, a square and a falling sawtooth when it
//! changes), and "listen to the boundary" traces the model in force, for every kind of model.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::audio::{class_wave, pitch, SWEEP_COLUMNS};
use perceptron_lab::core::{Action, Preset, Session};

/// Applies `action`, failing the test with the error's message if it is refused.
fn act(s: &mut Session, action: Action) {
    if let Err(e) = s.apply(action) {
        panic!("refused: {e}");
    }
}

fn session(preset: Preset) -> Session {
    let mut s = Session::new();
    act(&mut s, Action::LoadPreset(preset));
    s
}

fn step(s: &mut Session) {
    act(s, Action::Step);
}

#[test]
fn every_step_of_seed_000_sounds_its_record() {
    let mut s = session(Preset::Seed000);
    assert!(s.step_cue().is_empty(), "no cue before the first step");
    let (mut mistakes, mut correct) = (0, 0);
    let mut cues = Vec::new();
    for _ in 0..12 {
        step(&mut s);
        cues.push(s.step_cue());
        let record = s.last_record().expect("a record").visit();
        let margin = record.margin().expect("a binary step has a margin");
        let notes = s.step_cue();
        let waves: Vec<_> = notes.iter().map(|n| n.wave).collect();
        if record.mistake() {
            mistakes += 1;
            assert_eq!(waves, ["square", "sawtooth"]);
            assert!(notes[1].frequency < notes[0].frequency, "a falling pair");
            assert!(notes[1].start >= notes[0].start + notes[0].duration - 1e-12);
        } else {
            correct += 1;
            assert_eq!(waves, ["sine"]);
            assert!(margin > 0.0, "a correct step is on its own side");
        }
        assert_eq!(notes[0].frequency, pitch(margin));
    }
    assert!(mistakes > 0 && correct > 0, "both sounds were heard");
    // Back: the cue is that of the step now on show.
    act(&mut s, Action::Back);
    assert_eq!(s.step_cue(), cues[cues.len() - 2]);
}

#[test]
fn multiclass_and_kernel_steps_sound_their_margin() {
    for preset in [Preset::Blobs3, Preset::XorRbf] {
        let mut s = session(preset);
        step(&mut s);
        let record = s.last_record().expect("a record").visit();
        assert!(record.margin().is_some(), "{preset:?}");
        assert_eq!(
            s.step_cue()[0].frequency,
            pitch(record.margin().unwrap_or(0.0))
        );
    }
}

#[test]
fn the_boundary_sweep_follows_the_line_and_tells_the_sides_apart() {
    let mut s = session(Preset::Seed000);
    assert!(s.boundary_sweep().is_empty(), "w = 0: no boundary to hear");
    act(&mut s, Action::RunToConvergence);
    let w = s.scene().weights.expect("a line");
    let notes = s.boundary_sweep();
    assert!(!notes.is_empty() && notes.len() <= SWEEP_COLUMNS);
    // One straight line: the pitch moves one way only, as its slope says, and the timbre is
    // the class below it throughout.
    let rising = -w[1] / w[2] > 0.0;
    assert!(notes
        .windows(2)
        .all(|p| (p[1].frequency > p[0].frequency) == rising));
    let below = if w[2] > 0.0 { 0 } else { 1 };
    assert!(notes.iter().all(|n| n.wave == class_wave(below)));

    // A kernel model's curved boundary is heard too.
    let mut k = session(Preset::XorRbf);
    act(&mut k, Action::RunToConvergence);
    assert!(!k.boundary_sweep().is_empty());
}
