//! Undo for the actions that replace the timeline (issue: "every destructive action is on the
//! timeline"): Back brings back the points and the state before Clear, Reset, an example, a
//! file, a link, another algorithm or new settings; Step then does it again.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::scenario::from_link;
use perceptron_lab::core::{Action, Algorithm, Preset, Session, Settings, Setup, UNDO_LIMIT};

fn points(s: &Session) -> Vec<(f64, f64, usize)> {
    (0..s.data().len())
        .map(|i| (s.data().x(i)[0], s.data().x(i)[1], s.data().class(i)))
        .collect()
}

/// A student's own work: four clicked points and three steps.
fn clicked() -> Session {
    let mut s = Session::new();
    for (x, y, alternate) in [
        (1.0, 2.0, false),
        (2.0, 1.0, false),
        (-1.0, -2.0, true),
        (-2.0, 0.5, true),
    ] {
        let _ = s
            .apply(Action::AddPoint {
                x,
                y,
                alternate,
                pixel: 0.01,
            })
            .unwrap();
    }
    for _ in 0..3 {
        let _ = s.apply(Action::Step).unwrap();
    }
    s
}

fn weights(s: &Session) -> String {
    s.status().weights
}

#[test]
fn back_after_each_destructive_action_brings_the_points_and_the_step_back_and_step_redoes_it() {
    let scenario = from_link("v=1&a=perceptron&p=0,1,1;1,0,0&n=1")
        .unwrap()
        .scenario
        .unwrap();
    let actions: Vec<(&str, Action)> = vec![
        ("Clear", Action::Clear),
        ("Reset", Action::Reset),
        ("loading an example", Action::LoadPreset(Preset::Seed000)),
        (
            "opening a CSV file",
            Action::ImportCsv(b"x1,x2,label\n0,0,1\n1,1,-1\n".to_vec()),
        ),
        ("opening a scenario", Action::LoadScenario(scenario)),
        (
            "choosing the algorithm, kernel or K",
            Action::SetSetup(Setup {
                algorithm: Algorithm::Averaged,
                ..Setup::default()
            }),
        ),
        (
            "new settings",
            Action::SetSettings(Settings {
                eta: 0.5,
                ..Settings::default()
            }),
        ),
    ];
    for (what, action) in actions {
        let mut s = clicked();
        let (before_points, before_w) = (points(&s), weights(&s));
        assert_eq!(s.model().steps(), 3);
        let _ = s.apply(action).unwrap();
        let after_points = points(&s);
        let after = (
            s.model().steps(),
            weights(&s),
            s.setup().clone(),
            s.settings().clone(),
        );
        assert_eq!(s.undoable(), 1, "{what} can be undone");

        // Back walks the new timeline to its start (an opened scenario's replayed steps are
        // steps of it), then one more Back undoes the action.
        for _ in 0..s.model().steps() {
            let _ = s.apply(Action::Back).unwrap();
        }
        let _ = s.apply(Action::Back).unwrap();
        assert_eq!(
            points(&s),
            before_points,
            "Back after {what} brings the points back"
        );
        assert_eq!(s.model().steps(), 3, "and the step");
        assert_eq!(weights(&s), before_w);
        assert_eq!(s.setup().algorithm, Algorithm::Perceptron);
        assert_eq!(*s.settings(), Settings::default());
        assert!(
            s.status().notice.starts_with(&format!("Undone: {what}")),
            "{}",
            s.status().notice
        );
        // Back again walks the restored timeline as before.
        let _ = s.apply(Action::Back).unwrap();
        assert_eq!(s.model().steps(), 2);
        let _ = s.apply(Action::Step).unwrap();
        assert_eq!(s.model().steps(), 3, "Step after Back replays step 3 first");

        // At the end of the restored timeline, Step does the action again (at the start of the
        // new timeline; Step goes on through it).
        let _ = s.apply(Action::Step).unwrap();
        assert_eq!(points(&s), after_points, "Step redoes {what}");
        assert_eq!(s.status().notice, format!("Redone: {what}."));
        while s.model().steps() < after.0 {
            let _ = s.apply(Action::Step).unwrap();
        }
        assert_eq!(
            (
                s.model().steps(),
                weights(&s),
                s.setup().clone(),
                s.settings().clone()
            ),
            after
        );
        // And Back undoes it once more.
        for _ in 0..=s.model().steps() {
            let _ = s.apply(Action::Back).unwrap();
        }
        assert_eq!(points(&s), before_points);
    }
}

#[test]
fn a_change_after_undo_forgets_the_redo_and_step_trains_on() {
    let mut s = clicked();
    let _ = s.apply(Action::Clear).unwrap();
    let _ = s.apply(Action::Back).unwrap();
    // A new point: the timeline goes on from here, the cleared state is not redone.
    let _ = s
        .apply(Action::AddPoint {
            x: 3.0,
            y: 3.0,
            alternate: false,
            pixel: 0.01,
        })
        .unwrap();
    let _ = s.apply(Action::Step).unwrap();
    assert_eq!(s.data().len(), 5, "Step trained, it did not clear again");
    assert_eq!(s.model().steps(), 4);
}

#[test]
fn several_destructive_actions_are_undone_in_turn_and_nothing_lost_is_not_recorded() {
    let mut s = Session::new();
    // An empty lab loses nothing when an example replaces it.
    let _ = s.apply(Action::LoadPreset(Preset::Seed000)).unwrap();
    assert_eq!(s.undoable(), 0);
    // Settings applied at step 0 with nothing changed lose nothing either.
    let settings = s.settings().clone();
    let _ = s.apply(Action::SetSettings(settings)).unwrap();
    assert_eq!(s.undoable(), 0);
    let _ = s.apply(Action::Step).unwrap();
    let _ = s.apply(Action::Step).unwrap();
    let _ = s.apply(Action::LoadPreset(Preset::Seed001)).unwrap();
    let _ = s.apply(Action::Clear).unwrap();
    assert_eq!(s.undoable(), 2);
    let _ = s.apply(Action::Back).unwrap();
    assert_eq!(s.data().len(), 4, "seed 001's points");
    let _ = s.apply(Action::Back).unwrap();
    assert_eq!(s.data().len(), 5, "seed 000's points, at step 2");
    assert_eq!(s.model().steps(), 2);
    let _ = s.apply(Action::Back).unwrap();
    let _ = s.apply(Action::Back).unwrap();
    let _ = s.apply(Action::Back).unwrap();
    assert_eq!(s.model().steps(), 0);
    assert_eq!(s.status().notice, "At the start: nothing to step back to.");
}

#[test]
fn a_refused_action_records_nothing_and_the_stack_is_capped() {
    let mut s = clicked();
    assert!(s.apply(Action::ImportCsv(b"not a csv".to_vec())).is_err());
    assert_eq!(s.undoable(), 0);
    assert_eq!(s.model().steps(), 3);
    for i in 0..UNDO_LIMIT + 5 {
        let _ = s.apply(Action::Step).unwrap();
        let eta = 1.0 + i as f64;
        let _ = s
            .apply(Action::SetSettings(Settings {
                eta,
                ..Settings::default()
            }))
            .unwrap();
    }
    assert_eq!(s.undoable(), UNDO_LIMIT);
}

#[test]
fn older_undo_points_keep_their_points_and_step_but_not_their_whole_timeline() {
    let mut s = Session::new();
    // Six examples in turn, each stepped k + 1 times before the next replaces it.
    let presets = [
        Preset::Seed000,
        Preset::Seed001,
        Preset::Xor,
        Preset::SmallMargin,
        Preset::Noisy,
        Preset::Seed000,
    ];
    let mut seen = Vec::new();
    for (k, preset) in presets.into_iter().enumerate() {
        let _ = s.apply(Action::LoadPreset(preset)).unwrap();
        for _ in 0..=k {
            let _ = s.apply(Action::Step).unwrap();
        }
        seen.push((points(&s), s.model().steps(), weights(&s)));
    }
    let _ = s.apply(Action::Clear).unwrap();
    // Undo back through all of them: each comes back with its points, step and weights (Back
    // first walks back through the timeline on show, then undoes; an old undo point's timeline
    // starts at its step).
    for (want_points, want_steps, want_w) in seen.iter().rev() {
        let mut presses = 0;
        loop {
            let _ = s.apply(Action::Back).unwrap();
            presses += 1;
            assert!(presses < 100, "Back undoes within a few presses");
            if s.status().notice.starts_with("Undone") {
                break;
            }
        }
        assert_eq!(&points(&s), want_points);
        assert_eq!(s.model().steps(), *want_steps);
        assert_eq!(&weights(&s), want_w);
    }
}
