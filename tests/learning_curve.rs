//! The learning curve (`core::curve`): after each step, the training points the model gets
//! wrong and the updates so far, for every algorithm of the registry, checked against the
//! session's own count at that step; the mistake bound of seed 001 drawn and never passed;
//! measured in slices to the same curve; an edit starts the curve again from its step.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::curve::{Curve, CurvePoint, CURVE_ROWS};
use perceptron_lab::core::{Action, Algorithm, Preset, Session, Setup};

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

/// The curve measured whole, in one go.
fn measured(s: &Session) -> Vec<CurvePoint> {
    let mut curve = Curve::default();
    assert!(curve.follow(s, None), "measured whole without a budget");
    curve.view(s).points.to_vec()
}

/// Steps until `n` steps are taken or the run refuses (converged, capped).
fn step_up_to(s: &mut Session, n: u64) {
    while s.model().steps() < n {
        if s.apply(Action::Step).is_err() {
            break;
        }
    }
}

#[test]
fn every_algorithm_counts_what_the_session_counts_at_each_step() {
    for algorithm in Algorithm::ALL {
        let mut s = session(Preset::Noisy);
        act(
            &mut s,
            Action::SetSetup(Setup {
                algorithm,
                ..Setup::default()
            }),
        );
        step_up_to(&mut s, 25);
        let last = s.model().steps();
        assert!(last > 0, "{algorithm:?} took no step");
        let points = measured(&s);
        assert_eq!(
            points.iter().map(|p| p.step).collect::<Vec<_>>(),
            (0..=last).collect::<Vec<_>>(),
            "{algorithm:?}: one point a step, from the start"
        );
        assert!(
            points.windows(2).all(|w| w[1].updates >= w[0].updates),
            "{algorithm:?}: updates never go down"
        );
        for p in &points {
            act(&mut s, Action::JumpToStep(p.step));
            assert_eq!(
                p.wrong,
                s.wrong_points().len(),
                "{algorithm:?} after step {}",
                p.step
            );
            assert_eq!(
                p.updates,
                s.model().updates(),
                "{algorithm:?} at {}",
                p.step
            );
            assert_eq!(p.epoch, s.model().epoch(), "{algorithm:?} at {}", p.step);
        }
    }
}

/// Seed 001's first example (no bias): R = 4, γ* = √(8/13), so the bound is 26; the perceptron
/// converges with 0 points wrong and never more updates than the bound.
#[test]
fn seed_001_draws_its_bound_and_the_updates_stay_under_it() {
    let mut s = session(Preset::Seed001);
    act(&mut s, Action::RunToConvergence);
    let mut curve = Curve::default();
    assert!(curve.follow(&s, None));
    let view = curve.view(&s);
    let bound = view.bound.expect("separable: the bound is drawn");
    assert!((bound - 26.0).abs() < 1e-9, "bound {bound}");
    let last = view.points.last().unwrap();
    assert_eq!(last.wrong, 0, "converged: nothing wrong");
    assert!(last.updates as f64 <= bound);
    assert_eq!(
        view.points[0].wrong, 4,
        "w = 0 gets every point wrong (score 0)"
    );
    assert!(view.summary().contains("The mistake bound (R/γ*)² is 26."));
    assert!(view.caption().contains("(R/γ*)² = 26"));
    assert!(
        !view.epoch_starts().is_empty(),
        "it takes more than one epoch"
    );
}

#[test]
fn no_bound_where_it_does_not_apply() {
    // The XOR-like set has no separating line.
    let mut s = session(Preset::Xor);
    step_up_to(&mut s, 8);
    let mut curve = Curve::default();
    curve.follow(&s, None);
    assert_eq!(curve.view(&s).bound, None);
    // The passive-aggressive rule's updates are not the perceptron's mistakes.
    let mut s = session(Preset::Seed001);
    act(
        &mut s,
        Action::SetSetup(Setup {
            algorithm: Algorithm::Pa1,
            ..Setup::default()
        }),
    );
    step_up_to(&mut s, 4);
    let mut curve = Curve::default();
    curve.follow(&s, None);
    assert_eq!(curve.view(&s).bound, None);
}

#[test]
fn slices_measure_the_same_curve_and_back_measures_nothing() {
    let mut s = session(Preset::Noisy);
    step_up_to(&mut s, 300);
    let whole = measured(&s);
    let mut curve = Curve::default();
    let mut calls = 0;
    // A budget of a few states a call: many calls, the same curve.
    while !curve.follow(&s, Some(3 * s.data().len() as u64)) {
        calls += 1;
        assert!(calls < 1_000, "the curve never completes");
    }
    assert!(calls > 10, "it took slices ({calls})");
    assert_eq!(curve.view(&s).points, &whole[..]);
    // Back: the curve stays (the steps after are kept) and marks the step on show.
    act(&mut s, Action::JumpToStep(100));
    assert!(curve.follow(&s, Some(0)), "nothing left to measure");
    let view = curve.view(&s);
    assert_eq!(view.points.len(), whole.len());
    assert_eq!(view.at_show().map(|p| p.step), Some(100));
    let rows = view.rows();
    assert_eq!(rows.len(), CURVE_ROWS);
    assert!(
        rows.iter().any(|r| r[0] == "100"),
        "the window holds step 100"
    );
    assert_eq!(view.nearest(100.4), Some(100));
}

#[test]
fn an_edit_starts_the_curve_at_its_step() {
    let mut s = session(Preset::Seed000);
    step_up_to(&mut s, 6);
    act(
        &mut s,
        Action::AddPoint {
            x: 0.5,
            y: 4.5,
            alternate: false,
            pixel: 0.01,
        },
    );
    step_up_to(&mut s, 10);
    let points = measured(&s);
    assert_eq!(points[0].step, 6, "from the edit on");
    assert_eq!(points.last().unwrap().step, 10);
    let size = s.data().len();
    let mut curve = Curve::default();
    curve.follow(&s, None);
    let view = curve.view(&s);
    assert_eq!(view.size, size);
    assert!(view.caption().contains("from step 6 on"));
    // Back over the edit: the points are as before it, and so is the curve's stretch.
    act(&mut s, Action::JumpToStep(3));
    let points = measured(&s);
    assert_eq!(points.first().map(|p| p.step), Some(0));
    assert_eq!(points.last().map(|p| p.step), Some(6));
}

#[test]
fn words_before_any_step() {
    let s = session(Preset::Seed000);
    let mut curve = Curve::default();
    curve.follow(&s, None);
    let view = curve.view(&s);
    assert_eq!(view.points.len(), 1);
    assert_eq!(
        view.summary(),
        format!(
            "No steps yet: the model starts with {} of 5 training points wrong.",
            view.points[0].wrong
        )
    );
}

/// Drawn by `render::draw_curve` through plotters' SVG backend (the panel's "Save SVG" is the
/// same drawing): the three lines named in the legend, and a click's pixel column turned back
/// into the step drawn there.
#[test]
fn drawn_as_svg_with_its_legend_and_a_step_axis() {
    use perceptron_lab::render::{draw_curve, Theme};
    use plotters::prelude::*;
    let mut s = session(Preset::Seed001);
    act(&mut s, Action::RunToConvergence);
    let mut curve = Curve::default();
    curve.follow(&s, None);
    let view = curve.view(&s);
    let mut svg = String::new();
    let frame = {
        let area = SVGBackend::with_string(&mut svg, (640, 240)).into_drawing_area();
        let frame = draw_curve(&area, &view, &Theme::default()).expect("draws");
        area.present().expect("presents");
        frame
    };
    for label in [
        "mistake bound (R/γ*)² = 26",
        "updates so far (dashed)",
        "training points wrong",
    ] {
        assert!(svg.contains(label), "the SVG has {label}");
    }
    let last = view.points.last().unwrap().step as f64;
    let (left, right) = frame.pixels;
    assert!(
        left > 0.0 && right < 640.0 && left < right,
        "{left}..{right}"
    );
    assert!((frame.step_at(left) - 0.0).abs() < 1e-9);
    assert!((frame.step_at(right) - last).abs() < 1e-9);
    assert_eq!(
        view.nearest(frame.step_at((left + right) / 2.0)),
        Some((last / 2.0).round() as u64)
    );
}

/// A bound of thousands over a handful of points would flatten the curve to its axis: it is said
/// at the chart's top instead of drawn, and the caption says where it is.
#[test]
fn a_bound_far_above_the_counts_is_said_not_drawn() {
    use perceptron_lab::render::{draw_curve, Theme};
    use plotters::prelude::*;
    let mut s = session(Preset::Seed000);
    step_up_to(&mut s, 3);
    let mut curve = Curve::default();
    curve.follow(&s, None);
    let view = curve.view(&s);
    let bound = view.bound.expect("seed 000 is separable");
    assert!(
        bound > 2.0 * view.most(),
        "seed 000's bound {bound} is far above 5 points"
    );
    assert!(!view.bound_on_chart());
    assert!(view
        .caption()
        .contains("lies far above these counts, off the chart"));
    let mut svg = String::new();
    {
        let area = SVGBackend::with_string(&mut svg, (640, 240)).into_drawing_area();
        draw_curve(&area, &view, &Theme::default()).expect("draws");
        area.present().expect("presents");
    }
    assert!(svg.contains("(off the chart)"));
    assert!(!svg.contains(&format!("mistake bound (R/γ*)² = {} <", bound as u64)));
    // Seed 001's bound of 26 over 4 points and 3 updates is drawn.
    let mut s = session(Preset::Seed001);
    act(&mut s, Action::RunToConvergence);
    let mut curve = Curve::default();
    curve.follow(&s, None);
    assert!(curve.view(&s).bound_on_chart());
    assert!(curve
        .view(&s)
        .caption()
        .contains("The horizontal line is the mistake bound"));
}
