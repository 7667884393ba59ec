//! Long work in slices (issue #15, "long work never blocks the tab"): with slices on, as the
//! page runs the session, Run to convergence, Finish epoch, Next mistake and the replay of a
//! link do at most `SLICE_WORK` units of work per action or frame, show their progress, end
//! exactly where the same work done at once ends, and Cancel puts everything back as it was.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::scenario::{from_link, Edit, Scenario};
use perceptron_lab::core::{Action, Changed, Preset, Session, SLICE_WORK};

/// `n` points on a ring, alternating classes (never separable: a run goes on to the budget).
fn ring_link(algorithm: &str, n: usize, step: u64) -> Scenario {
    let mut s = from_link(&format!("v=1&a={algorithm}&m=1000000"))
        .unwrap()
        .scenario
        .unwrap();
    s.points = (0..n)
        .map(|i| {
            let t = i as f64 * 0.7;
            (3.0 * t.cos(), 3.0 * t.sin(), i % 2)
        })
        .collect();
    s.step = step;
    s
}

/// Everything a user sees of the state.
fn seen(s: &Session) -> (String, String, String, String, String, u64) {
    let st = s.status();
    (
        st.weights,
        st.bias,
        st.points,
        st.updates,
        st.epoch,
        s.model().steps(),
    )
}

fn sliced() -> Session {
    let mut s = Session::new();
    s.set_slices(true);
    s
}

/// Ticks until the work is done; checks each slice stays within its budget. Returns the ticks.
fn tick_through(s: &mut Session) -> u64 {
    let mut ticks = 0;
    let mut now = 0.0;
    while s.is_busy() {
        let before = s.progress().unwrap();
        now += 16.0;
        assert_eq!(s.apply(Action::Tick { now_ms: now }), Ok(Changed::Redraw));
        if let Some(after) = s.progress() {
            // A slice does at most SLICE_WORK and one more step (a step of 2,000 points here).
            assert!(after.done >= before.done);
            assert!(
                after.done - before.done <= SLICE_WORK + 2_100,
                "{before:?} {after:?}"
            );
            assert!(after.fraction() > 0.0 && after.fraction() <= 1.0);
        }
        ticks += 1;
        assert!(ticks < 1_000, "the work ends");
    }
    ticks
}

#[test]
fn a_long_run_to_convergence_goes_in_slices_and_ends_where_the_whole_run_ends() {
    for algorithm in ["perceptron", "batch"] {
        let mut whole = Session::new();
        let _ = whole
            .apply(Action::LoadScenario(ring_link(algorithm, 2000, 0)))
            .unwrap();
        let _ = whole.apply(Action::RunToConvergence).unwrap();

        let mut s = sliced();
        let _ = s
            .apply(Action::LoadScenario(ring_link(algorithm, 2000, 0)))
            .unwrap();
        let _ = s.apply(Action::RunToConvergence).unwrap();
        assert!(
            s.is_busy(),
            "{algorithm}: a run of 20,000,000 units goes in slices"
        );
        let p = s.progress().unwrap();
        assert_eq!(p.title, "Running to convergence");
        assert!(p.text().contains("Cancel (Esc)"), "{}", p.text());
        // The start is said, with how to cancel.
        let said = s
            .announcement(perceptron_lab::core::speech::Verbosity::Full)
            .unwrap()
            .2;
        assert!(said.starts_with("Running to convergence"), "{said}");
        let ticks = tick_through(&mut s);
        assert!(ticks > 5, "{algorithm}: {ticks} slices");
        assert_eq!(seen(&s), seen(&whole), "{algorithm}");
        assert_eq!(s.status().notice, whole.status().notice, "{algorithm}");
        let said = s
            .announcement(perceptron_lab::core::speech::Verbosity::Full)
            .unwrap()
            .2;
        assert!(said.contains("units of work"), "the end is said: {said}");
        // The same link comes out as the whole run's.
        assert_eq!(s.scenario(), whole.scenario(), "{algorithm}");
    }
}

#[test]
fn cancel_puts_back_the_state_the_run_began_from() {
    let mut s = sliced();
    let _ = s
        .apply(Action::LoadScenario(ring_link("perceptron", 2000, 0)))
        .unwrap();
    for _ in 0..7 {
        let _ = s.apply(Action::Step).unwrap();
    }
    let before = (seen(&s), s.scenario());
    let _ = s.apply(Action::RunToConvergence).unwrap();
    let _ = s.apply(Action::Tick { now_ms: 16.0 }).unwrap();
    let _ = s.apply(Action::Tick { now_ms: 32.0 }).unwrap();
    assert!(s.is_busy());
    assert!(s.model().steps() > 7, "the run shows where it is");
    assert_eq!(s.apply(Action::Cancel), Ok(Changed::Redraw));
    assert!(!s.is_busy());
    assert!(s.progress().is_none());
    assert_eq!((seen(&s), s.scenario()), before);
    let notice = s.status().notice;
    assert!(notice.starts_with("Cancelled: back at step 7"), "{notice}");
    // Back still walks the steps before the run; Step goes on from there.
    let _ = s.apply(Action::Back).unwrap();
    assert_eq!(s.model().steps(), 6);
    let _ = s.apply(Action::Step).unwrap();
    let _ = s.apply(Action::Step).unwrap();
    assert_eq!(s.model().steps(), 8);
    // Cancel with nothing under way does nothing.
    assert_eq!(s.apply(Action::Cancel), Ok(Changed::Nothing));
}

#[test]
fn while_work_is_under_way_changes_wait_and_views_are_taken() {
    let mut s = sliced();
    let _ = s
        .apply(Action::LoadScenario(ring_link("perceptron", 2000, 0)))
        .unwrap();
    let _ = s.apply(Action::FinishEpoch).unwrap();
    // One epoch of 2,000 visits fits in a slice: done at once.
    assert!(!s.is_busy());
    assert_eq!(s.model().epoch(), 2);
    let _ = s.apply(Action::RunToConvergence).unwrap();
    assert!(s.is_busy());
    let points = s.data().len();
    for action in [
        Action::Step,
        Action::Back,
        Action::Play,
        Action::Reset,
        Action::Clear,
        Action::AddPoint {
            x: 1.0,
            y: 1.0,
            alternate: false,
            pixel: 0.0,
        },
    ] {
        let steps = s.model().steps();
        assert_eq!(s.apply(action.clone()), Ok(Changed::Redraw), "{action:?}");
        assert_eq!(s.model().steps(), steps, "{action:?} waits");
        assert_eq!(s.data().len(), points, "{action:?} waits");
        assert!(s.is_busy());
        let notice = s.status().notice;
        assert!(notice.contains("Cancel (Esc)"), "{action:?}: {notice}");
    }
    // A view change is taken, and says nothing (the start of the run is not said again).
    let said = s.utterance().map(|(n, _)| n);
    let _ = s.apply(Action::SetSpeed(20.0)).unwrap();
    assert_eq!(s.speed(), 20.0);
    assert_eq!(s.utterance().map(|(n, _)| n), said);
    // Opening an example cancels the run and opens it.
    let _ = s.apply(Action::LoadPreset(Preset::Seed000)).unwrap();
    assert!(!s.is_busy());
    assert_eq!(s.model().steps(), 0);
    assert!(s.status().notice.starts_with("Loaded"));
    // Back brings the state the run began from (the run was cancelled).
    let _ = s.apply(Action::Back).unwrap();
    assert_eq!(s.model().epoch(), 2);
    assert_eq!(s.data().len(), points);
}

#[test]
fn a_file_or_link_refused_while_a_run_is_under_way_leaves_the_run_going() {
    let mut s = sliced();
    let _ = s
        .apply(Action::LoadScenario(ring_link("perceptron", 2000, 0)))
        .unwrap();
    let _ = s.apply(Action::RunToConvergence).unwrap();
    let _ = s.apply(Action::Tick { now_ms: 16.0 }).unwrap();
    assert!(s.is_busy());
    let before = (seen(&s), s.progress().unwrap().done);
    let mut unknown = ring_link("perceptron", 4, 0);
    unknown.algorithm = "adaline".to_string();
    let mut bad_eta = ring_link("perceptron", 4, 0);
    bad_eta.eta = -1.0;
    for action in [
        Action::ImportCsv(b"x1,x2,label\n1,2,1\n3,4,1\n".to_vec()),
        Action::ImportCsv(b"x1,x2,label\n1,oops,1\n".to_vec()),
        Action::LoadScenario(unknown),
        Action::LoadScenario(bad_eta),
    ] {
        assert!(s.apply(action.clone()).is_err(), "{action:?} is refused");
        assert!(s.is_busy(), "{action:?}: the run goes on");
        assert_eq!(
            (seen(&s), s.progress().unwrap().done),
            before,
            "{action:?} changed nothing"
        );
    }
    // The run then ends where it would have ended.
    tick_through(&mut s);
    let mut whole = Session::new();
    let _ = whole
        .apply(Action::LoadScenario(ring_link("perceptron", 2000, 0)))
        .unwrap();
    let _ = whole.apply(Action::RunToConvergence).unwrap();
    assert_eq!(seen(&s), seen(&whole));
}

#[test]
fn a_long_replay_opens_in_slices_shows_the_old_state_until_it_is_done_and_keeps_it_for_back() {
    let mut whole = Session::new();
    let _ = whole
        .apply(Action::LoadScenario(ring_link("kernel", 2000, 9_000)))
        .unwrap();
    assert_eq!(whole.model().steps(), 9_000);

    let mut s = sliced();
    let _ = s.apply(Action::LoadPreset(Preset::Seed000)).unwrap();
    let _ = s.apply(Action::Step).unwrap();
    let old = seen(&s);
    let undoable = s.undoable();
    let _ = s
        .apply(Action::LoadScenario(ring_link("kernel", 2000, 9_000)))
        .unwrap();
    assert!(s.is_busy());
    assert_eq!(s.undoable(), undoable, "nothing to undo until it is open");
    assert_eq!(
        seen(&s),
        old,
        "the lab shows what it had until the replay is done"
    );
    assert!(s.status().notice.starts_with("Opening the scenario"));
    let p = s.progress().unwrap();
    assert_eq!(p.title, "Opening the scenario");
    tick_through(&mut s);
    assert_eq!(seen(&s), seen(&whole));
    assert_eq!(s.scenario(), whole.scenario());
    assert_eq!(s.status().notice, "Opened the scenario at step 9000.");
    // What was there before the opening is kept for Back (at the start of the new timeline),
    // as when a link is opened at once.
    assert_eq!(s.undoable(), undoable + 1);
}

#[test]
fn a_cancelled_or_refused_replay_changes_nothing() {
    let mut s = sliced();
    let _ = s.apply(Action::LoadPreset(Preset::Seed000)).unwrap();
    let _ = s.apply(Action::Step).unwrap();
    let old = (seen(&s), s.scenario());
    let _ = s
        .apply(Action::LoadScenario(ring_link("kernel", 2000, 9_000)))
        .unwrap();
    let _ = s.apply(Action::Tick { now_ms: 16.0 }).unwrap();
    let _ = s.apply(Action::Cancel).unwrap();
    assert!(!s.is_busy());
    assert_eq!((seen(&s), s.scenario()), old);
    assert_eq!(
        s.status().notice,
        "Cancelled opening the scenario: nothing was changed."
    );

    // An edit late in the replay that cannot be made refuses the scenario when it is met.
    let mut bad = ring_link("kernel", 2000, 9_000);
    bad.edits = vec![Edit::Remove {
        step: 8_000,
        index: 5_000,
    }];
    let _ = s.apply(Action::LoadScenario(bad)).unwrap();
    assert!(s.is_busy());
    tick_through(&mut s);
    assert_eq!((seen(&s), s.scenario()), old);
    let notice = s.status().notice;
    assert!(
        notice.starts_with("The scenario could not be opened: ")
            && notice.ends_with("Nothing was changed."),
        "{notice}"
    );
}

#[test]
fn without_slices_every_action_does_its_whole_work() {
    let mut s = Session::new();
    let _ = s
        .apply(Action::LoadScenario(ring_link("perceptron", 2000, 0)))
        .unwrap();
    let _ = s.apply(Action::RunToConvergence).unwrap();
    assert!(!s.is_busy());
    assert!(s.progress().is_none());
    assert!(s.status().notice.contains("units of work"));
}
