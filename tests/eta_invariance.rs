//! η-invariance of the classic rule (the η panel's core): from w = 0 two learning rates make the
//! same mistakes and w(η₂) = (η₂/η₁)·w(η₁); from w₀ ≠ 0 the runs part, and the comparison says
//! at which step. The course's seed 000 points, and random separable sets.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::algo::perceptron::eta::{compare_etas, EtaRuns, RATIO_TOLERANCE};
use perceptron_lab::core::{Dataset, InitWeights, Label, Settings, Trainer};
use proptest::prelude::*;

/// Seed 000's five points (its step table).
fn seed_000() -> Dataset {
    let mut data = Dataset::new(2);
    for (x, pos) in [
        ([1.0, 1.0], false),
        ([3.0, 2.0], true),
        ([2.0, 4.0], true),
        ([3.0, 4.0], true),
        ([2.0, 3.0], false),
    ] {
        let label = if pos { Label::Pos } else { Label::Neg };
        data.push(&x, label).unwrap();
    }
    data
}

fn settings(eta: f64, init: InitWeights) -> Settings {
    Settings {
        eta,
        init,
        ..Settings::default()
    }
}

/// The classic rule alone with `eta`: (mistake, weights after) per step until it stops.
fn alone(data: &Dataset, settings: Settings) -> Vec<(bool, Vec<f64>)> {
    let mut trainer = Trainer::new(settings, data.dim()).unwrap();
    let mut out = Vec::new();
    trainer.run(data, |r| out.push((r.mistake, r.weights_after.clone())));
    out
}

#[test]
fn seed_000_from_zero_power_of_two_ratio_is_exact_to_convergence() {
    let data = seed_000();
    let one = alone(&data, settings(1.0, InitWeights::Zero));
    // Seed 000 from zero with η = 1 converges at [-31, 12, 2] after 230 epochs.
    assert_eq!(one.len(), 1150);
    assert_eq!(one.last().unwrap().1, vec![-31.0, 12.0, 2.0]);
    for eta_2 in [0.5, 0.25, 2.0, 8.0] {
        let runs = compare_etas(&data, &settings(1.0, InitWeights::Zero), eta_2, u64::MAX).unwrap();
        let view = runs.view(u64::MAX);
        assert_eq!(view.rows.len(), one.len());
        assert_eq!(view.first_difference(), None);
        for (row, (mistake, w)) in view.rows.iter().zip(&one) {
            assert_eq!((row.mistake_1, row.mistake_2), (*mistake, Some(*mistake)));
            assert_eq!(&row.weights_1, w);
            // Exactly: a power-of-two factor scales every sum without rounding.
            let scaled: Vec<f64> = w.iter().map(|v| v * eta_2).collect();
            assert_eq!(row.weights_2, scaled);
            if w.iter().any(|v| *v != 0.0) {
                assert_eq!(row.ratio, Some(eta_2));
            }
        }
        assert!(view
            .verdict()
            .starts_with("Same mistakes at all 1150 steps so far"));
    }
}

#[test]
fn seed_000_first_pass_with_a_tenth() {
    let data = seed_000();
    let runs = compare_etas(&data, &settings(1.0, InitWeights::Zero), 0.1, 5).unwrap();
    let view = runs.view(5);
    // Seed 000 from zero, η = 1: mistakes at steps 1, 2 and 5; w = [-1, 0, -2] after the pass.
    let mistakes: Vec<bool> = view.rows.iter().map(|r| r.mistake_1).collect();
    assert_eq!(mistakes, [true, true, false, false, true]);
    assert_eq!(view.rows[4].weights_1, vec![-1.0, 0.0, -2.0]);
    for row in view.rows {
        assert_eq!(row.mistake_2, Some(row.mistake_1));
        // Within 1e-12 of the vector's size (a weight that is 0 with η = 1 may be 1e-17 with
        // η = 0.1: 0.1 has no exact binary form).
        let size = row.weights_2.iter().fold(0.0f64, |m, v| m.max(v.abs()));
        for (a, b) in row.weights_1.iter().zip(&row.weights_2) {
            assert!((b - 0.1 * a).abs() <= 1e-12 * size, "step {}", row.step);
        }
    }
    assert_eq!(
        view.verdict(),
        "Same mistakes at all 5 steps so far: w(η₂) = 0.1 · w(η₁) = (η₂/η₁)·w(η₁), with η₁ = 1, η₂ = 0.1."
    );
}

#[test]
fn seed_000_from_zero_a_tenth_parts_only_at_a_rounding_tie() {
    let data = seed_000();
    let runs = compare_etas(&data, &settings(1.0, InitWeights::Zero), 0.1, 100).unwrap();
    let view = runs.view(100);
    let first = view.first_difference().unwrap();
    // Up to step 36 the same mistakes, and w(0.1) = 0.1·w(1) to rounding.
    for row in &view.rows[..36] {
        assert_eq!(row.mistake_2, Some(row.mistake_1));
        let c = row.ratio.unwrap_or(0.1);
        assert!((c - 0.1).abs() <= RATIO_TOLERANCE, "step {}: {c}", row.step);
    }
    // At step 37 sample 2 scores exactly 0 with η = 1 (a mistake) and 4.4e-16 with η = 0.1.
    assert_eq!((first.step, first.index), (37, 2));
    assert_eq!((first.mistake_1, first.mistake_2), (true, Some(false)));
    assert_eq!(first.score_1, 0.0);
    assert!(first.score_2.unwrap() > 0.0 && first.score_2.unwrap() < 1e-15);
    assert!(first.rounding_tie);
    let verdict = view.verdict();
    assert!(
        verdict.starts_with("The runs first differ at step 37: sample 2 is a mistake with η = 1, not with η = 0.1: a tie broken by rounding (scores 0 and 4.4e-16)"),
        "{verdict}"
    );
    // A view of the first 36 steps still says they match.
    assert_eq!(runs.view(36).first_difference(), None);
}

#[test]
fn non_zero_start_parts_at_a_known_step() {
    let data = seed_000();
    // From [1, -1, 1] (checked with a separate script): steps 1–5 agree; at step 6 η = 1 scores
    // sample 1 at -2 (correct for y = -1), η = 0.1 at 0.7 (a mistake).
    let init = InitWeights::Explicit(vec![1.0, -1.0, 1.0]);
    let runs = compare_etas(&data, &settings(1.0, init), 0.1, 10).unwrap();
    let view = runs.view(10);
    assert!(!view.zero_start);
    let first = view.first_difference().unwrap();
    assert_eq!((first.step, first.index), (6, 1));
    assert_eq!((first.mistake_1, first.mistake_2), (false, Some(true)));
    assert!(!first.rounding_tie);
    assert!(view.rows[..5].iter().all(|r| !r.differs()));
    assert_eq!(
        view.verdict(),
        "The runs first differ at step 6: sample 1 is a mistake with η = 0.1, not with η = 1, \
         from w₀ = [1, -1, 1]: the initial weights do not scale with η."
    );
    // The course example's own start, [-1, 0, 0]: the runs part at step 12 (sample 2).
    let init = InitWeights::Explicit(vec![-1.0, 0.0, 0.0]);
    let runs = compare_etas(&data, &settings(1.0, init), 0.1, 20).unwrap();
    let first = runs.view(20).first_difference().cloned().unwrap();
    assert_eq!((first.step, first.index, first.mistake_1), (12, 2, false));
}

#[test]
fn extending_step_by_step_equals_running_at_once() {
    let data = seed_000();
    let s = settings(0.7, InitWeights::Explicit(vec![0.5, -1.0, 2.0]));
    let at_once = compare_etas(&data, &s, 0.3, 40).unwrap();
    let mut stepwise = EtaRuns::new(&s, 0.3, 2).unwrap();
    for n in 0..=40 {
        stepwise.advance(&data, n);
    }
    assert_eq!(stepwise, at_once);
    // Asking for fewer steps keeps what was computed; the view is cut there.
    stepwise.advance(&data, 3);
    assert_eq!(stepwise.len(), 40);
    assert_eq!(stepwise.view(3).rows, &at_once.view(40).rows[..3]);
}

#[test]
fn refusals() {
    let data = seed_000();
    for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        let e = compare_etas(&data, &Settings::default(), bad, 5).unwrap_err();
        assert!(e
            .to_string()
            .starts_with("η₂ (the second learning rate) should be positive"));
    }
    // The settings are checked as the classic rule checks them.
    let bad = Settings {
        eta: -1.0,
        ..Settings::default()
    };
    assert!(compare_etas(&data, &bad, 0.5, 5).is_err());
    // No data: no rows, and the verdict invites a step.
    let runs = compare_etas(&Dataset::new(2), &Settings::default(), 0.5, 5).unwrap();
    assert!(runs.is_empty());
    assert!(runs
        .view(5)
        .verdict()
        .starts_with("Step to compare η = 1 with η = 0.5"));
}

/// A linearly separable set: points drawn around the origin, labelled by a random line, those
/// within `margin` of it dropped.
fn separable(raw: &[(f64, f64)], angle: f64, offset: f64, margin: f64) -> Dataset {
    let (a, b) = (angle.cos(), angle.sin());
    let mut data = Dataset::new(2);
    for &(x, y) in raw {
        let s = a * x + b * y + offset;
        if s.abs() >= margin {
            let label = if s > 0.0 { Label::Pos } else { Label::Neg };
            data.push(&[x, y], label).unwrap();
        }
    }
    data
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Random real-valued separable sets, random η₁ and η₂ in [0.001, 100]: from zero, the same
    /// mistakes at every step to convergence and w(η₂) = (η₂/η₁)·w(η₁) to 1e-12 relative.
    #[test]
    fn from_zero_any_etas_same_mistakes(
        raw in prop::collection::vec((-10.0f64..10.0, -10.0f64..10.0), 4..40),
        angle in 0.0f64..std::f64::consts::TAU,
        offset in -3.0f64..3.0,
        log_eta in (-3.0f64..2.0, -3.0f64..2.0),
        bias in any::<bool>(),
    ) {
        let data = separable(&raw, angle, if bias { offset } else { 0.0 }, 0.5);
        prop_assume!(data.has_both_classes());
        let (eta_1, eta_2) = (10f64.powf(log_eta.0), 10f64.powf(log_eta.1));
        let s = Settings { eta: eta_1, bias, max_epochs: 10_000, ..Settings::default() };
        let runs = compare_etas(&data, &s, eta_2, 200_000).unwrap();
        let view = runs.view(u64::MAX);
        prop_assert!(view.first_difference().is_none());
        let expected = eta_2 / eta_1;
        for row in view.rows {
            prop_assert_eq!(row.mistake_2, Some(row.mistake_1));
            if row.weights_1.iter().any(|w| *w != 0.0) {
                let c = row.ratio;
                prop_assert!(
                    c.is_some_and(|c| (c - expected).abs() <= 1e-12 * expected),
                    "step {}: ratio {:?}, expected {}", row.step, c, expected
                );
            }
        }
    }

    /// Points on a quarter grid (ties are common): with power-of-two ratios the weights scale
    /// exactly and every decision is the same, ties included.
    #[test]
    fn power_of_two_ratios_are_exact_on_a_grid(
        points in prop::collection::vec((-20i32..20, -20i32..20, any::<bool>()), 2..25),
        eta_1 in prop::sample::select(vec![1.0, 0.1, 0.3, 3.0]),
        k in -4i32..5,
    ) {
        let mut data = Dataset::new(2);
        for &(x, y, pos) in &points {
            let label = if pos { Label::Pos } else { Label::Neg };
            data.push(&[f64::from(x) / 4.0, f64::from(y) / 4.0], label).unwrap();
        }
        prop_assume!(data.has_both_classes());
        let eta_2 = eta_1 * 2f64.powi(k);
        let s = Settings { eta: eta_1, max_epochs: 30, ..Settings::default() };
        let runs = compare_etas(&data, &s, eta_2, u64::MAX).unwrap();
        let view = runs.view(u64::MAX);
        prop_assert!(view.first_difference().is_none());
        for row in view.rows {
            let scaled: Vec<f64> = row.weights_1.iter().map(|w| w * 2f64.powi(k)).collect();
            prop_assert_eq!(&row.weights_2, &scaled);
        }
    }
}
