//! The three multiclass strategies side by side (`core::compare`): trained on the session's own
//! points and settings, each as far as it goes, without touching the session.

use perceptron_lab::core::compare::{
    compare, Comparison, NoComparison, COMPARED, COMPARE_POINTS_LIMIT, COMPARE_STEP_LIMIT,
};
use perceptron_lab::core::{Action, Algorithm, Preset, Session, Setup, TrainState};

/// Applies `action`, which must be taken.
fn act(s: &mut Session, action: Action) {
    let _ = s.apply(action).expect("the action is taken");
}

fn blobs() -> Session {
    let mut s = Session::new();
    act(&mut s, Action::LoadPreset(Preset::Blobs3));
    s
}

#[test]
fn the_blobs_are_gaussian_clusters_of_three_classes_that_each_strategy_separates() {
    let s = blobs();
    assert_eq!(s.setup().algorithm, Algorithm::Multiclass);
    assert_eq!(s.data().len(), 36);
    let before = s.scenario();
    let compared = compare(&s).expect("a comparison");
    assert_eq!(
        compared.iter().map(|c| c.algorithm).collect::<Vec<_>>(),
        COMPARED.to_vec()
    );
    for c in &compared {
        assert_eq!(c.lab.setup().algorithm, c.algorithm);
        assert_eq!(c.lab.setup().classes, 3);
        assert_eq!(
            c.lab.data(),
            s.data(),
            "{:?} trains on the same points",
            c.algorithm
        );
        assert_eq!(c.lab.settings(), s.settings());
        assert_eq!(
            c.lab.model().state(),
            TrainState::Converged,
            "{:?}",
            c.algorithm
        );
        assert_eq!(c.lab.model().accuracy(c.lab.data()), Some(1.0));
        assert!(
            c.summary.starts_with("converged after ") && c.summary.ends_with("; accuracy 100%"),
            "{}",
            c.summary
        );
    }
    // The session itself is untouched: same state, step 0.
    assert_eq!(s.scenario(), before);
    assert_eq!(s.model().steps(), 0);
}

#[test]
fn each_strategy_trains_as_far_as_running_it_in_the_lab_does() {
    let s = blobs();
    let compared = compare(&s).expect("a comparison");
    for c in &compared {
        let mut lab = s.clone();
        act(
            &mut lab,
            Action::SetSetup(Setup {
                algorithm: c.algorithm,
                ..s.setup().clone()
            }),
        );
        act(&mut lab, Action::RunToConvergence);
        assert_eq!(
            lab.model().steps(),
            c.lab.model().steps(),
            "{:?}",
            c.algorithm
        );
        assert_eq!(lab.model().updates(), c.lab.model().updates());
        assert_eq!(lab.status().weights, c.lab.status().weights);
    }
}

#[test]
fn the_comparison_starts_from_the_points_on_show_at_any_step() {
    let mut s = blobs();
    for _ in 0..5 {
        act(&mut s, Action::Step);
    }
    act(
        &mut s,
        Action::AddPoint {
            x: 0.0,
            y: -3.0,
            alternate: false,
            pixel: 0.01,
        },
    );
    let compared = compare(&s).expect("a comparison");
    for c in &compared {
        assert_eq!(c.lab.data(), s.data());
        assert_eq!(c.lab.data().len(), 37);
    }
}

#[test]
fn class_names_and_settings_carry_over() {
    let mut s = Session::new();
    act(
        &mut s,
        Action::SetSetup(Setup {
            algorithm: Algorithm::Ovo,
            classes: 3,
            ..Setup::default()
        }),
    );
    act(&mut s, Action::ImportCsv(
        b"x1,x2,label\n0,3,pear\n-3,-2,apple\n3,-2,cherry\n0,2,pear\n-2,-2,apple\n2,-2,cherry\n"
            .to_vec(),
    ));
    let compared = compare(&s).expect("a comparison");
    for c in &compared {
        assert_eq!(c.lab.class_names(), ["apple", "cherry", "pear"]);
    }
}

#[test]
fn binary_algorithms_empty_labs_and_too_many_points_have_no_comparison() {
    let s = Session::new();
    assert_eq!(compare(&s).err(), Some(NoComparison::Binary));

    let mut s = Session::new();
    act(
        &mut s,
        Action::SetSetup(Setup {
            algorithm: Algorithm::Multiclass,
            classes: 3,
            ..Setup::default()
        }),
    );
    act(&mut s, Action::Clear);
    assert_eq!(compare(&s).err(), Some(NoComparison::NoPoints));

    let n = COMPARE_POINTS_LIMIT + 1;
    let mut csv = String::from("x1,x2,label\n");
    for i in 0..n {
        csv.push_str(&format!("{},{},{}\n", i % 40, i / 40, i % 3));
    }
    act(&mut s, Action::ImportCsv(csv.into_bytes()));
    let why = compare(&s).expect_err("too many");
    assert_eq!(why, NoComparison::TooManyPoints(n));
    assert!(
        why.to_string()
            .contains("1001 points are more than the 1000"),
        "{why}"
    );
}

/// Six classes that no strategy separates (a class's points on both sides of the others), with
/// max epochs far beyond the step limit: each model trains to the limit.
fn never_converging() -> Session {
    let mut s = Session::new();
    act(
        &mut s,
        Action::SetSetup(Setup {
            algorithm: Algorithm::Ovr,
            classes: 6,
            ..Setup::default()
        }),
    );
    let csv =
        "x1,x2,label\n0,0,a\n1,0,b\n0,1,c\n1,1,d\n2,2,e\n-1,2,f\n0.5,0.5,a\n1.5,1.5,b\n-1,-1,c\n";
    act(&mut s, Action::ImportCsv(csv.as_bytes().to_vec()));
    let mut settings = s.settings().clone();
    settings.max_epochs = 1_000_000;
    act(&mut s, Action::SetSettings(settings));
    s
}

#[test]
fn a_comparison_in_slices_ends_where_the_whole_one_does() {
    let s = never_converging();
    assert_eq!(s.setup().classes, 6);
    let whole = compare(&s).expect("a comparison");
    let mut sliced = Comparison::start(&s).expect("a comparison");
    assert!(!sliced.is_done());
    assert_eq!(sliced.fraction(), 0.0);
    let (mut slices, mut last) = (0, 0.0);
    while !sliced.advance(perceptron_lab::core::SLICE_WORK) {
        slices += 1;
        let now = sliced.fraction();
        assert!(now >= last && now < 1.0, "{last} then {now}");
        last = now;
        assert!(slices < 10_000, "the slices end");
    }
    assert!(sliced.is_done());
    assert_eq!(sliced.fraction(), 1.0);
    // Three models of COMPARE_STEP_LIMIT steps each do not fit in one slice.
    assert!(slices >= 3, "{slices} slices");
    for (a, b) in whole.iter().zip(sliced.compared()) {
        assert_eq!(a.algorithm, b.algorithm);
        assert_eq!(a.lab.model(), b.lab.model(), "{:?}", a.algorithm);
        assert_eq!(a.summary, b.summary);
        assert!(
            a.lab.model().steps() >= COMPARE_STEP_LIMIT
                || a.lab.model().state() != TrainState::Running,
            "{:?} trained as far as it goes: {}",
            a.algorithm,
            a.summary
        );
    }
}

/// The notes the side-by-side panel shows, from the session's comparison.
const TRAINING: &str = "Training the three strategies on the points on show…";
const STOPPED: &str = "Not compared: stopped before the three strategies were trained. Compare \
                       trains them on from where they stopped.";
const DONE: &str = "The points on show, trained by each strategy from the initial weights until \
                    it converges or stops; grey: no single class wins. Choose one to step \
                    through it.";

#[test]
fn the_session_compares_only_while_watched_and_all_at_once_without_slices() {
    let mut s = blobs();
    assert!(s.comparison().is_none(), "not watched: not trained");
    assert!(!s.compare_pending());
    act(&mut s, Action::WatchComparison(true));
    let whole = compare(&s).expect("a comparison");
    let view = s.comparison().expect("watched: compared");
    assert_eq!(view.note, DONE);
    assert_eq!((view.progress, view.stopped), (None, false));
    let compared = view.compared.expect("trained at once without slices");
    for (a, b) in whole.iter().zip(compared) {
        assert_eq!(a.algorithm, b.algorithm);
        assert_eq!(a.lab.model(), b.lab.model());
        assert_eq!(a.summary, b.summary);
    }
    let started = view.started;
    // Stepping the lab does not train the comparison again; a new point does.
    act(&mut s, Action::Step);
    assert_eq!(s.comparison().expect("compared").started, started);
    act(
        &mut s,
        Action::AddPoint {
            x: 0.5,
            y: 0.5,
            alternate: false,
            pixel: 0.0,
        },
    );
    assert_eq!(s.comparison().expect("compared").started, started + 1);
    // A binary algorithm has no comparison; unwatched, none either.
    act(&mut s, Action::WatchComparison(false));
    assert!(s.comparison().is_none());
}

#[test]
fn the_session_trains_the_comparison_a_slice_per_tick_stops_and_trains_on() {
    let mut s = never_converging();
    let whole = compare(&s).expect("a comparison");
    s.set_slices(true);
    let before = s.scenario();
    act(&mut s, Action::WatchComparison(true));
    let view = s.comparison().expect("watched");
    assert_eq!(view.note, TRAINING);
    let first = view.progress.expect("training");
    assert!(
        first > 0.0 && first < 1.0,
        "one slice trained when it began: {first}"
    );
    assert!(s.compare_pending() && s.catching_up());
    act(&mut s, Action::Tick { now_ms: 0.0 });
    let second = s.comparison().and_then(|v| v.progress).expect("training");
    assert!(
        second > first,
        "a tick trains a slice: {first} then {second}"
    );
    // Cancel: stopped where it was, the lab untouched, no tick trains it.
    act(&mut s, Action::SetComparing(false));
    let view = s.comparison().expect("watched");
    assert_eq!(
        (view.note.as_str(), view.progress, view.stopped),
        (STOPPED, None, true)
    );
    assert!(!s.compare_pending());
    act(&mut s, Action::Tick { now_ms: 16.0 });
    act(&mut s, Action::SetComparing(true));
    assert_eq!(
        s.comparison().and_then(|v| v.progress),
        Some(second),
        "stopped: not trained"
    );
    let mut ticks = 0;
    while s.compare_pending() {
        act(
            &mut s,
            Action::Tick {
                now_ms: 32.0 + f64::from(ticks),
            },
        );
        ticks += 1;
        assert!(ticks < 10_000, "the training ends");
    }
    let view = s.comparison().expect("watched");
    assert_eq!(view.note, DONE);
    for (a, b) in whole.iter().zip(view.compared.expect("trained")) {
        assert_eq!(
            a.lab.model(),
            b.lab.model(),
            "{:?} ends where the whole one does",
            a.algorithm
        );
        assert_eq!(a.summary, b.summary);
    }
    assert_eq!(s.scenario(), before, "the lab is not touched");
}

#[test]
fn the_session_says_why_there_is_no_comparison() {
    let mut s = Session::new();
    act(&mut s, Action::WatchComparison(true));
    assert!(s.comparison().is_none(), "a binary algorithm has none");
    act(
        &mut s,
        Action::SetSetup(Setup {
            algorithm: Algorithm::Multiclass,
            classes: 3,
            ..Setup::default()
        }),
    );
    let view = s.comparison().expect("multiclass");
    assert_eq!(
        view.note,
        "Not compared: add points to compare the three strategies."
    );
    assert!(view.compared.is_none() && view.progress.is_none());
}
