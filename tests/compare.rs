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
