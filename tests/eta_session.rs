//! The η panel as the session keeps it: η₂ set through `Action::SetSecondEta` (bad values
//! refused, nothing changed), the two runs following the session's steps forward and back, and
//! nothing computed for the other algorithms.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::{
    Action, Algorithm, InitWeights, Preset, Session, Settings, Setup, DEFAULT_SECOND_ETA,
};

fn act(s: &mut Session, action: Action) {
    if let Err(e) = s.apply(action) {
        panic!("refused: {e}");
    }
}

/// Seed 000's points with the given initial weights (η = 1).
fn seed_000(init: InitWeights) -> Session {
    let mut s = Session::new();
    act(&mut s, Action::LoadPreset(Preset::Seed000));
    let settings = Settings {
        init,
        ..s.settings().clone()
    };
    act(&mut s, Action::SetSettings(settings));
    s
}

#[test]
fn the_panel_follows_the_steps_from_zero() {
    let mut s = seed_000(InitWeights::Zero);
    assert_eq!(s.second_eta(), DEFAULT_SECOND_ETA);
    act(&mut s, Action::SetSecondEta(0.1));
    assert_eq!(s.eta_view().unwrap().rows.len(), 0);
    for _ in 0..5 {
        act(&mut s, Action::Step);
    }
    let view = s.eta_view().unwrap();
    assert_eq!(view.eta, [1.0, 0.1]);
    assert_eq!(view.rows.len(), 5);
    // The η₁ run is the session's own run.
    assert_eq!(view.rows[4].weights_1, s.model().linear_weights().unwrap());
    assert_eq!(view.first_difference(), None);
    assert!(view
        .verdict()
        .starts_with("Same mistakes at all 5 steps so far: w(η₂) = 0.1 · w(η₁)"));
    // Back cuts the view to the step on show.
    act(&mut s, Action::Back);
    act(&mut s, Action::Back);
    let view = s.eta_view().unwrap();
    assert_eq!(view.rows.len(), 3);
    assert!(view
        .verdict()
        .starts_with("Same mistakes at all 3 steps so far"));
    // Another η₂ compares afresh.
    act(&mut s, Action::SetSecondEta(0.25));
    let view = s.eta_view().unwrap();
    assert_eq!((view.eta, view.rows.len()), ([1.0, 0.25], 3));
    assert_eq!(view.ratio(), Some(0.25));
}

#[test]
fn non_zero_start_shows_where_the_runs_part() {
    let mut s = seed_000(InitWeights::Explicit(vec![1.0, -1.0, 1.0]));
    act(&mut s, Action::SetSecondEta(0.1));
    for _ in 0..5 {
        act(&mut s, Action::Step);
    }
    assert_eq!(s.eta_view().unwrap().first_difference(), None);
    act(&mut s, Action::Step);
    let view = s.eta_view().unwrap();
    let first = view.first_difference().unwrap();
    assert_eq!((first.step, first.index), (6, 1));
    assert!(view.verdict().starts_with(
        "The runs first differ at step 6: sample 1 is a mistake with η = 0.1, not with η = 1"
    ));
}

#[test]
fn the_plots_and_the_table_window() {
    let mut s = seed_000(InitWeights::Explicit(vec![1.0, -1.0, 1.0]));
    act(&mut s, Action::SetSecondEta(0.1));
    for _ in 0..20 {
        act(&mut s, Action::Step);
    }
    let view = s.eta_view().unwrap();
    // The first difference (step 6) stays in sight ahead of the last steps.
    let shown: Vec<u64> = view.shown_rows(3).iter().map(|r| r.step).collect();
    assert_eq!(shown, [6, 18, 19, 20]);
    let shown: Vec<u64> = view.shown_rows(15).iter().map(|r| r.step).collect();
    assert_eq!(shown, (6..=20).collect::<Vec<_>>());
    // Each plot draws its own run's weights after step 20, the sample of step 20 ringed.
    let last = view.rows.last().unwrap().clone();
    let [one, two] = s.eta_scenes().unwrap();
    let three = |w: &[f64]| Some([w[0], w[1], w[2]]);
    assert_eq!(one.weights, three(&last.weights_1));
    assert_eq!(two.weights, three(&last.weights_2));
    assert_eq!(one.weights, three(s.model().linear_weights().unwrap()));
    assert_eq!(
        one.visited.map(|v| (v.index + 1, v.mistake)),
        Some((last.index, last.mistake_1))
    );
    assert_eq!(two.visited.map(|v| v.mistake), last.mistake_2);
    // A ghost (the weights before) only after a mistake of that run.
    assert_eq!(one.previous.is_some(), last.mistake_1);
    let mistakes = view.rows.iter().filter(|r| r.mistake_1).count();
    assert!(view
        .caption(0)
        .starts_with(&format!("η₁ = 1: {mistakes} mistakes in 20 steps; w = [")));
}

#[test]
fn bad_second_eta_changes_nothing() {
    let mut s = seed_000(InitWeights::Zero);
    act(&mut s, Action::SetSecondEta(0.1));
    act(&mut s, Action::Step);
    let notice = s.status().notice.clone();
    for bad in [0.0, -2.0, f64::NAN, f64::INFINITY] {
        let e = s.apply(Action::SetSecondEta(bad)).unwrap_err();
        assert!(e
            .to_string()
            .contains("η₂ (the second learning rate) should be positive"));
        assert_eq!(s.second_eta(), 0.1);
        assert_eq!(s.status().notice, notice);
        assert_eq!(s.eta_view().unwrap().rows.len(), 1);
    }
}

#[test]
fn only_the_classic_perceptron_has_the_panel() {
    let mut s = seed_000(InitWeights::Zero);
    act(&mut s, Action::Step);
    assert!(s.eta_view().is_some());
    for algorithm in Algorithm::ALL.iter().copied() {
        if algorithm == Algorithm::default() {
            continue;
        }
        let setup = Setup {
            algorithm,
            ..s.setup().clone()
        };
        if s.apply(Action::SetSetup(setup)).is_err() {
            continue;
        }
        act(&mut s, Action::Step);
        assert!(s.eta_view().is_none(), "{}", algorithm.name());
    }
    let setup = Setup {
        algorithm: Algorithm::default(),
        ..s.setup().clone()
    };
    act(&mut s, Action::SetSetup(setup));
    act(&mut s, Action::Step);
    act(&mut s, Action::Step);
    assert_eq!(s.eta_view().unwrap().rows.len(), 2);
}

#[test]
fn edits_and_settings_recompute_from_the_start() {
    let mut s = seed_000(InitWeights::Zero);
    act(&mut s, Action::SetSecondEta(0.5));
    for _ in 0..3 {
        act(&mut s, Action::Step);
    }
    // A point added mid-run: both runs are replayed on the points as they are now, up to the
    // step on show.
    act(
        &mut s,
        Action::AddPoint {
            x: 0.5,
            y: 4.0,
            alternate: false,
            pixel: 0.01,
        },
    );
    assert_eq!(s.data().len(), 6);
    act(&mut s, Action::Step);
    let view = s.eta_view().unwrap();
    assert_eq!(view.rows.len() as u64, s.model().steps());
    assert_eq!(view.rows.len(), 4);
    assert_eq!(view.first_difference(), None);
    // A new η restarts training: the panel compares the new η with η₂ from step 0.
    let settings = Settings {
        eta: 2.0,
        ..s.settings().clone()
    };
    act(&mut s, Action::SetSettings(settings));
    assert_eq!(s.eta_view().unwrap().rows.len(), 0);
    act(&mut s, Action::Step);
    let view = s.eta_view().unwrap();
    assert_eq!((view.eta, view.ratio()), ([2.0, 0.5], Some(0.25)));
}

#[test]
fn links_and_files_keep_the_second_eta() {
    use perceptron_lab::core::scenario::{from_link, to_link, Scenario};
    let mut s = seed_000(InitWeights::Zero);
    // The default is not written: links and files read as before.
    let plain = to_link(&s.scenario());
    assert!(!plain.contains("e2="), "{plain}");
    assert!(!s.scenario().to_json().contains("second_eta"));
    act(&mut s, Action::SetSecondEta(0.1));
    for _ in 0..3 {
        act(&mut s, Action::Step);
    }
    let link = to_link(&s.scenario());
    assert!(link.contains("&e=1&e2=0.1&"), "{link}");
    let open = |text: &str| {
        let mut t = Session::new();
        act(&mut t, Action::SetSecondEta(4.0));
        let scenario = from_link(text).unwrap().scenario.unwrap();
        act(&mut t, Action::LoadScenario(scenario));
        t
    };
    let t = open(&link);
    assert_eq!(t.second_eta(), 0.1);
    assert_eq!(t.eta_view().unwrap().rows, s.eta_view().unwrap().rows);
    // A link without e2 (every link written before) opens with the default.
    assert_eq!(open(&plain).second_eta(), DEFAULT_SECOND_ETA);
    // JSON keeps it too, and JSON without it reads.
    let json = s.scenario().to_json();
    assert!(
        json.contains("\"second_eta\":0.1") || json.contains("\"second_eta\": 0.1"),
        "{json}"
    );
    assert_eq!(Scenario::from_json(&json).unwrap().second_eta, Some(0.1));
    // A bad e2 is refused, saying why, and changes nothing.
    assert!(from_link(&link.replace("e2=0.1", "e2=abc"))
        .unwrap_err()
        .to_string()
        .contains("e2: \"abc\" is not a finite number"));
    let bad = from_link(&link.replace("e2=0.1", "e2=-1"))
        .unwrap()
        .scenario
        .unwrap();
    let before = s.scenario();
    let e = s.apply(Action::LoadScenario(bad)).unwrap_err();
    assert!(e
        .to_string()
        .starts_with("η₂ (the second learning rate) should be positive"));
    assert_eq!(s.scenario(), before);
}

/// With slices on (the page), a scenario opened at step 30,000 brings the η panel's runs up to it a slice
/// of `ETA_SLICE_STEPS` at a time, one frame's tick each; meanwhile the verdict says how far it
/// is, and in the end the panel is the one a session without slices computes at once.
#[test]
fn the_panel_catches_up_with_a_long_jump_in_slices() {
    use perceptron_lab::core::algo::perceptron::eta::ETA_SLICE_STEPS;
    let noisy = || {
        let mut s = Session::new();
        act(&mut s, Action::LoadPreset(Preset::Noisy));
        let settings = Settings {
            max_epochs: 1_000_000,
            ..s.settings().clone()
        };
        act(&mut s, Action::SetSettings(settings));
        act(&mut s, Action::SetSecondEta(0.1));
        s
    };
    let mut scenario = noisy().scenario();
    scenario.step = 30_000;
    let mut whole = noisy();
    act(&mut whole, Action::LoadScenario(scenario.clone()));
    let mut sliced = noisy();
    sliced.set_slices(true);
    act(&mut sliced, Action::LoadScenario(scenario));
    let mut ticks = 0;
    while sliced.is_busy() {
        act(&mut sliced, Action::Tick { now_ms: 0.0 });
    }
    assert_eq!(sliced.model().steps(), 30_000);
    while sliced.eta_pending() {
        let view = sliced.eta_view().expect("the panel");
        assert!(view.rows.len() < 30_000);
        assert_eq!(
            view.verdict(),
            format!(
                "Comparing η = 1 with η = 0.1: {} of 30000 steps so far…",
                view.rows.len()
            )
        );
        act(&mut sliced, Action::Tick { now_ms: 0.0 });
        ticks += 1;
        assert!(ticks <= 30_000 / ETA_SLICE_STEPS + 1, "{ticks} ticks");
    }
    assert!(ticks >= 30_000 / ETA_SLICE_STEPS - 1, "{ticks} ticks");
    assert!(!whole.eta_pending());
    assert_eq!(sliced.eta_view(), whole.eta_view());
    assert!(!sliced
        .eta_view()
        .unwrap()
        .verdict()
        .starts_with("Comparing"));
}

/// While a run to convergence goes on in slices, each frame's tick adds at most
/// `ETA_WORKED_STEPS` to the η panel's runs (the slice of the run already fills the frame);
/// after the run the panel catches up a full slice a frame, and ends as a session without
/// slices has it.
#[test]
fn the_panel_takes_a_small_share_of_a_frame_that_runs() {
    use perceptron_lab::core::algo::perceptron::eta::{ETA_SLICE_STEPS, ETA_WORKED_STEPS};
    let noisy = |slices: bool| {
        let mut s = Session::new();
        s.set_slices(slices);
        act(&mut s, Action::LoadPreset(Preset::Noisy));
        // The noisy points never converge: the run stops at the epoch cap, about 40,000 steps.
        let settings = Settings {
            max_epochs: 40_000 / s.data().len() as u64,
            ..s.settings().clone()
        };
        act(&mut s, Action::SetSettings(settings));
        act(&mut s, Action::SetSecondEta(0.1));
        act(&mut s, Action::RunToConvergence);
        s
    };
    let whole = noisy(false);
    let mut sliced = noisy(true);
    assert!(sliced.is_busy(), "the run should not fit in one slice");
    let rows = |s: &Session| s.eta_view().map_or(0, |v| v.rows.len() as u64);
    let mut busy_ticks = 0;
    while sliced.is_busy() {
        let before = rows(&sliced);
        act(&mut sliced, Action::Tick { now_ms: 0.0 });
        let added = rows(&sliced) - before;
        assert!(
            added <= ETA_WORKED_STEPS,
            "{added} rows added in a busy frame"
        );
        busy_ticks += 1;
    }
    assert!(busy_ticks > 1);
    assert!(
        sliced.eta_pending(),
        "the panel should be behind after the run"
    );
    let mut ticks = 0;
    while sliced.eta_pending() {
        let before = rows(&sliced);
        act(&mut sliced, Action::Tick { now_ms: 0.0 });
        assert!(rows(&sliced) - before <= ETA_SLICE_STEPS);
        ticks += 1;
    }
    assert!(ticks > 1);
    assert_eq!(sliced.model().steps(), whole.model().steps());
    assert_eq!(sliced.eta_view(), whole.eta_view());
}

/// The page draws the panel again only when `Session::eta_key` changed: every change of what
/// the panel shows (its view and both plots' scenes) changes the key, and what leaves the
/// panel as it was leaves the key as it was.
#[test]
fn the_panel_key_changes_whenever_what_the_panel_shows_changes() {
    let mut s = seed_000(InitWeights::Zero);
    let shown = |s: &Session| {
        let snapshot = format!("{:?}", (s.eta_view(), s.eta_scenes()));
        (s.eta_key(), snapshot)
    };
    let pixel = 0.01;
    let moves = [
        (Action::Step, Some(true)),
        (Action::Step, Some(true)),
        (Action::SelectClass(0), Some(false)),
        (Action::SetSpeed(3.0), Some(false)),
        (Action::Back, Some(true)),
        (Action::SetSecondEta(0.25), Some(true)),
        (Action::SetSecondEta(0.25), Some(false)),
        (
            Action::AddPoint {
                x: 0.5,
                y: 0.25,
                alternate: false,
                pixel,
            },
            Some(true),
        ),
        (Action::Step, Some(true)),
        (
            Action::Press {
                x: 0.5,
                y: 0.25,
                reach: 0.05,
            },
            Some(false),
        ),
        (
            Action::DragTo {
                x: 0.75,
                y: -0.5,
                pixel,
            },
            Some(true),
        ),
        (
            Action::Release {
                x: 0.75,
                y: -0.5,
                alternate: false,
                pixel,
            },
            None,
        ),
        (Action::Step, Some(true)),
    ];
    let mut last = shown(&s);
    assert!(last.0.is_some());
    for (k, (action, changes)) in moves.into_iter().enumerate() {
        act(&mut s, action);
        let now = shown(&s);
        if now.1 != last.1 {
            assert_ne!(
                now.0, last.0,
                "move {k}: the panel changed, the key did not"
            );
        }
        // Where it is known, whether the panel changed (a drop may renew the key for nothing).
        if let Some(changes) = changes {
            assert_eq!(
                now.1 != last.1,
                changes,
                "move {k}: the panel changed or not"
            );
            assert_eq!(now.0 != last.0, changes, "move {k}: the key changed or not");
        }
        last = now;
    }
    // Another algorithm has no panel, and so no key.
    let setup = Setup {
        algorithm: Algorithm::Averaged,
        ..s.setup().clone()
    };
    act(&mut s, Action::SetSetup(setup));
    assert_eq!(s.eta_key(), None);
}
