//! The kernel (dual) perceptron: agreement with the primal rule under the linear kernel,
//! hand-computed dual steps, XOR, the kernel syntax, and the region map.
#![cfg(not(target_arch = "wasm32"))]

use approx::assert_abs_diff_eq;
use perceptron_lab::core::algo::kernel::{
    Kernel, KernelOutcome, KernelRecord, KernelTrainer, MAX_GRID_CELLS,
};
use perceptron_lab::core::region::KernelPointScores;
use perceptron_lab::core::Learner;
use perceptron_lab::core::{
    Dataset, InitWeights, Label, Order, Refusal, Settings, StepOutcome, TrainState, Trainer,
};
use proptest::prelude::*;

fn dataset(points: &[(f64, f64, i8)]) -> Dataset {
    let mut data = Dataset::new(2);
    for &(x1, x2, y) in points {
        let label = if y > 0 { Label::Pos } else { Label::Neg };
        data.push(&[x1, x2], label).unwrap();
    }
    data
}

/// Seed 000's five points.
fn seed000() -> Dataset {
    dataset(&[
        (1.0, 1.0, -1),
        (3.0, 2.0, 1),
        (2.0, 4.0, 1),
        (3.0, 4.0, 1),
        (2.0, 3.0, -1),
    ])
}

/// Seed 001's first example.
fn seed001_example() -> Dataset {
    dataset(&[
        (4.0, 0.0, 1),
        (1.0, 1.0, -1),
        (0.0, 1.0, -1),
        (-2.0, -2.0, 1),
    ])
}

/// Seed 001's XOR example.
fn xor() -> Dataset {
    dataset(&[
        (1.0, 1.0, 1),
        (1.0, -1.0, -1),
        (-1.0, 1.0, -1),
        (-1.0, -1.0, 1),
    ])
}

fn kernel(text: &str) -> Kernel {
    Kernel::parse(text).unwrap()
}

fn trainer(kernel: Kernel, settings: Settings) -> KernelTrainer {
    KernelTrainer::new(settings, kernel, 2).unwrap()
}

fn step(k: &mut KernelTrainer, data: &Dataset) -> KernelRecord {
    match k.step(data) {
        KernelOutcome::Stepped(record) => record,
        KernelOutcome::Refused(why) => panic!("step refused: {why:?}"),
    }
}

/// Steps the primal `Trainer` (zero init) and the linear dual side by side until both stop;
/// every step must agree. Returns the number of steps.
fn assert_matches_primal(data: &Dataset, settings: &Settings) -> u64 {
    let mut primal = Trainer::new(settings.clone(), 2).unwrap();
    let mut dual = trainer(Kernel::Linear, settings.clone());
    loop {
        match (primal.step(data), dual.step(data)) {
            (StepOutcome::Stepped(p), KernelOutcome::Stepped(d)) => {
                let at = format!("step {} under {settings:?}", p.step);
                assert_eq!(
                    (p.step, p.epoch, p.index, &p.x, p.y),
                    (d.step, d.epoch, d.index, &d.x, d.y),
                    "{at}"
                );
                assert_eq!(p.score, d.score, "score at {at}");
                assert_eq!(p.mistake, d.mistake, "mistake at {at}");
                assert_eq!(p.weights_before[0], d.bias_before, "b before at {at}");
                assert_eq!(p.weights_after[0], d.bias_after, "b after at {at}");
                assert_eq!(
                    d.alpha_after - d.alpha_before,
                    if d.mistake { settings.eta } else { 0.0 },
                    "α change at {at}"
                );
                let w = dual.primal_weights(data).unwrap();
                assert_eq!(w, primal.weights(), "w = Σ α·y·x at {at}");
                // The dual's own score function agrees with the primal one everywhere we look.
                for probe in [[0.0, 0.0], [1.5, -2.0], [-3.0, 0.5]] {
                    assert_eq!(dual.score(data, &probe), primal.score(&probe), "{at}");
                }
            }
            (StepOutcome::Refused(a), KernelOutcome::Refused(b)) => {
                assert_eq!(a, b);
                break;
            }
            (p, d) => panic!("primal {p:?} but dual {d:?}"),
        }
    }
    assert_eq!(dual.state(), primal.state());
    assert_eq!(dual.epoch(), primal.epoch());
    assert_eq!(dual.steps(), primal.steps());
    assert_eq!(dual.updates(), primal.updates());
    if !settings.bias {
        assert_eq!(dual.bias(), 0.0);
    }
    primal.steps()
}

fn all_settings() -> Vec<Settings> {
    let mut out = Vec::new();
    for bias in [true, false] {
        for eta in [1.0, 0.5] {
            for (order, seed) in [
                (Order::Fixed, 1),
                (Order::Shuffle, 1),
                (Order::Shuffle, 2),
                (Order::Shuffle, 42),
            ] {
                out.push(Settings {
                    bias,
                    eta,
                    order,
                    seed,
                    max_epochs: 40,
                    ..Settings::default()
                });
            }
        }
    }
    out
}

#[test]
fn linear_kernel_equals_primal_on_course_sets() {
    for data in [seed000(), seed001_example(), xor()] {
        for settings in all_settings() {
            let steps = assert_matches_primal(&data, &settings);
            assert!(steps >= data.len() as u64);
        }
    }
}

/// Seed 001: no bias, w = 0 → w = (1, −3) after rounds 1, 2, 4, then a clean pass; α counts
/// the mistakes per sample.
#[test]
fn seed_001_example_in_dual_form() {
    let data = seed001_example();
    let settings = Settings {
        bias: false,
        ..Settings::default()
    };
    let mut k = trainer(Kernel::Linear, settings);
    let refusal = k.run(&data, |_| {});
    assert_eq!(refusal, Refusal::Converged);
    assert_eq!(k.steps(), 8);
    assert_eq!(k.alphas(), [1.0, 1.0, 0.0, 1.0]);
    assert_eq!(k.support(), [0, 1, 3]);
    assert_eq!(k.primal_weights(&data).unwrap(), [0.0, 1.0, -3.0]);
}

/// Seed 001's XOR: without bias, back to w = 0 after one pass, and never converges.
#[test]
fn xor_linear_never_converges() {
    let data = xor();
    for bias in [false, true] {
        let settings = Settings {
            bias,
            max_epochs: 100,
            ..Settings::default()
        };
        let mut k = trainer(Kernel::Linear, settings);
        for _ in 0..4 {
            step(&mut k, &data);
        }
        if !bias {
            assert_eq!(k.primal_weights(&data).unwrap(), [0.0, 0.0, 0.0]);
            assert_eq!(k.alphas(), [1.0, 1.0, 1.0, 1.0]);
        }
        assert_eq!(k.run(&data, |_| {}), Refusal::MaxEpochs);
        assert_eq!(k.state(), TrainState::MaxEpochs);
        assert_eq!(k.epoch(), 100);
    }
}

#[test]
fn xor_poly_and_rbf_converge_and_classify_all_four() {
    let data = xor();
    for text in ["poly:2:1:1", "poly:2:0.5:0", "rbf:1", "rbf:0.25"] {
        for bias in [true, false] {
            for order in [Order::Fixed, Order::Shuffle] {
                let settings = Settings {
                    bias,
                    order,
                    max_epochs: 100,
                    ..Settings::default()
                };
                let mut k = trainer(kernel(text), settings);
                let refusal = k.run(&data, |_| {});
                let case = format!("{text}, bias {bias}, {order:?}");
                assert_eq!(refusal, Refusal::Converged, "{case}");
                assert_eq!(k.state(), TrainState::Converged, "{case}");
                for i in 0..data.len() {
                    let y = data.label(i).y();
                    let f = k.score_of(&data, i).unwrap();
                    assert!(y * f > 0.0, "{case}: sample {} has y·f = {}", i + 1, y * f);
                }
                assert!(k.primal_weights(&data).is_none());
            }
        }
    }
}

/// poly:2:0.5:1, i.e. K(a, b) = (0.5·a·b + 1)², on x1 = (1, 0)+, x2 = (0, 1)−, x3 = (1, 1)+,
/// η = 1, bias on, fixed order.
///
/// Dot products: x1·x1 = 1, x1·x2 = 0, x1·x3 = 1, x2·x2 = 1, x2·x3 = 1, x3·x3 = 2, so
/// K11 = 1.5² = 2.25, K12 = 1² = 1, K13 = 2.25, K22 = 2.25, K23 = 2.25, K33 = 2² = 4.
///
/// ```text
/// step 1, x1: f = 0 (α = 0, b = 0)                    → mistake: α1 = 1, b = 1
/// step 2, x2: f = K12 + 1 = 2, y·f = −2               → mistake: α2 = 1, b = 0
/// step 3, x3: f = K13 − K23 + 0 = 0                   → mistake: α3 = 1, b = 1
/// step 4, x1: f = K11 − K21 + K31 + 1 = 4.5           → correct
/// step 5, x2: f = K12 − K22 + K32 + 1 = 2, y·f = −2   → mistake: α2 = 2, b = 0
/// step 6, x3: f = K13 − 2·K23 + K33 + 0 = 1.75        → correct
/// step 7, x1: f = K11 − 2·K21 + K31 = 2.5             → correct
/// step 8, x2: f = K12 − 2·K22 + K32 = −1.25, y·f > 0  → correct
/// step 9, x3: f = 1.75                                → correct: epoch 3 clean, converged
/// ```
#[test]
fn hand_computed_polynomial_steps() {
    let data = dataset(&[(1.0, 0.0, 1), (0.0, 1.0, -1), (1.0, 1.0, 1)]);
    let mut k = trainer(kernel("poly:2:0.5:1"), Settings::default());
    assert_eq!(k.gram_row(&data, 2).unwrap(), [2.25, 2.25, 4.0]);
    assert_eq!(k.gram_row(&data, 0).unwrap(), [2.25, 1.0, 2.25]);
    assert_eq!(k.gram_row(&data, 3), None);
    // (index, score, mistake, α before, α after, b before, b after)
    let expected = [
        (1, 0.0, true, 0.0, 1.0, 0.0, 1.0),
        (2, 2.0, true, 0.0, 1.0, 1.0, 0.0),
        (3, 0.0, true, 0.0, 1.0, 0.0, 1.0),
        (1, 4.5, false, 1.0, 1.0, 1.0, 1.0),
        (2, 2.0, true, 1.0, 2.0, 1.0, 0.0),
        (3, 1.75, false, 1.0, 1.0, 0.0, 0.0),
        (1, 2.5, false, 1.0, 1.0, 0.0, 0.0),
        (2, -1.25, false, 2.0, 2.0, 0.0, 0.0),
        (3, 1.75, false, 1.0, 1.0, 0.0, 0.0),
    ];
    for (n, want) in expected.iter().enumerate() {
        let r = step(&mut k, &data);
        assert_eq!(r.step, n as u64 + 1);
        assert_eq!(r.epoch, n as u64 / 3 + 1);
        let got = (
            r.index,
            r.score,
            r.mistake,
            r.alpha_before,
            r.alpha_after,
            r.bias_before,
            r.bias_after,
        );
        assert_eq!(got, *want, "step {}", n + 1);
    }
    assert_eq!(k.step(&data), KernelOutcome::Refused(Refusal::Converged));
    assert_eq!(k.state(), TrainState::Converged);
    assert_eq!((k.epoch(), k.steps(), k.updates()), (3, 9, 4));
    assert_eq!(k.alphas(), [1.0, 2.0, 1.0]);
    assert_eq!(k.bias(), 0.0);
    assert_eq!(k.support(), [0, 1, 2]);
    assert_eq!(k.kernel(), kernel("poly:2:0.5:1"));
}

/// rbf:1, i.e. K(a, b) = exp(−‖a − b‖²), on x1 = (0, 0)+, x2 = (1, 0)−, x3 = (2, 0)+, η = 1,
/// bias on, fixed order. Squared distances: 1–2: 1, 1–3: 4, 2–3: 1; so K12 = K23 = e⁻¹ ≈ 0.3679,
/// K13 = e⁻⁴ ≈ 0.0183, Kii = 1.
///
/// ```text
/// step 1, x1: f = 0                                  → mistake: α1 = 1, b = 1
/// step 2, x2: f = e⁻¹ + 1 ≈ 1.3679, y·f < 0          → mistake: α2 = 1, b = 0
/// step 3, x3: f = e⁻⁴ − e⁻¹ ≈ −0.3496                → mistake: α3 = 1, b = 1
/// step 4, x1: f = 1 − e⁻¹ + e⁻⁴ + 1 ≈ 1.6505         → correct
/// step 5, x2: f = e⁻¹ − 1 + e⁻¹ + 1 = 2e⁻¹ ≈ 0.7358  → mistake: α2 = 2, b = 0
/// step 6, x3: f = e⁻⁴ − 2e⁻¹ + 1 ≈ 0.2825            → correct
/// step 7, x1: f = 1 − 2e⁻¹ + e⁻⁴ ≈ 0.2825            → correct
/// step 8, x2: f = e⁻¹ − 2 + e⁻¹ ≈ −1.2642, y·f > 0   → correct
/// step 9, x3: f ≈ 0.2825                             → correct: converged in epoch 3
/// ```
#[test]
fn hand_computed_rbf_steps() {
    let data = dataset(&[(0.0, 0.0, 1), (1.0, 0.0, -1), (2.0, 0.0, 1)]);
    let e1 = (-1.0f64).exp();
    let e4 = (-4.0f64).exp();
    let mut k = trainer(kernel("rbf:1"), Settings::default());
    let row = k.gram_row(&data, 1).unwrap();
    assert_abs_diff_eq!(row[0], e1, epsilon = 1e-15);
    assert_abs_diff_eq!(row[1], 1.0, epsilon = 1e-15);
    assert_abs_diff_eq!(row[2], e1, epsilon = 1e-15);
    // (index, score, mistake, α before, α after, b before, b after)
    let expected = [
        (1, 0.0, true, 0.0, 1.0, 0.0, 1.0),
        (2, e1 + 1.0, true, 0.0, 1.0, 1.0, 0.0),
        (3, e4 - e1, true, 0.0, 1.0, 0.0, 1.0),
        (1, 2.0 - e1 + e4, false, 1.0, 1.0, 1.0, 1.0),
        (2, 2.0 * e1, true, 1.0, 2.0, 1.0, 0.0),
        (3, e4 - 2.0 * e1 + 1.0, false, 1.0, 1.0, 0.0, 0.0),
        (1, 1.0 - 2.0 * e1 + e4, false, 1.0, 1.0, 0.0, 0.0),
        (2, 2.0 * e1 - 2.0, false, 2.0, 2.0, 0.0, 0.0),
        (3, e4 - 2.0 * e1 + 1.0, false, 1.0, 1.0, 0.0, 0.0),
    ];
    for (n, &(index, score, mistake, a0, a1, b0, b1)) in expected.iter().enumerate() {
        let r = step(&mut k, &data);
        let at = format!("step {}", n + 1);
        assert_eq!(r.index, index, "{at}");
        assert_abs_diff_eq!(r.score, score, epsilon = 1e-12);
        assert_eq!(r.mistake, mistake, "{at}");
        assert_eq!(
            (r.alpha_before, r.alpha_after, r.bias_before, r.bias_after),
            (a0, a1, b0, b1),
            "{at}"
        );
    }
    assert_eq!(k.step(&data), KernelOutcome::Refused(Refusal::Converged));
    assert_eq!((k.epoch(), k.steps(), k.updates()), (3, 9, 4));
    assert_eq!(k.alphas(), [1.0, 2.0, 1.0]);
    // The same numbers by the formula.
    assert_abs_diff_eq!(
        k.score(&data, &[0.5, 0.0]),
        (-0.25f64).exp() - 2.0 * (-0.25f64).exp() + (-2.25f64).exp(),
        epsilon = 1e-15
    );
}

#[test]
fn bias_off_keeps_b_zero() {
    let data = dataset(&[(1.0, 0.0, 1), (0.0, 1.0, -1), (1.0, 1.0, 1), (3.0, 3.0, -1)]);
    for text in ["poly:2:1:1", "rbf:0.5", "linear"] {
        let settings = Settings {
            bias: false,
            max_epochs: 30,
            ..Settings::default()
        };
        let mut k = trainer(kernel(text), settings);
        let mut mistakes = 0;
        k.run(&data, |r| {
            assert_eq!((r.bias_before, r.bias_after), (0.0, 0.0), "{text}");
            mistakes += u64::from(r.mistake);
        });
        assert!(mistakes > 0);
        assert_eq!(k.bias(), 0.0);
    }
}

#[test]
fn kernel_values_follow_the_formulas() {
    let a = [1.0, 2.0];
    let b = [3.0, -0.5];
    // a·b = 3 − 1 = 2; ‖a − b‖² = 4 + 6.25 = 10.25.
    assert_eq!(Kernel::Linear.eval(&a, &b), 2.0);
    assert_eq!(kernel("poly:3:0.5:2").eval(&a, &b), 27.0); // (0.5·2 + 2)³
    assert_eq!(kernel("poly:1:1:0").eval(&a, &b), 2.0);
    assert_eq!(kernel("rbf:0.5").eval(&a, &b), (-5.125f64).exp());
    assert_eq!(kernel("rbf:2").eval(&a, &a), 1.0);
}

#[test]
fn parses_valid_kernels() {
    let cases = [
        ("linear", Kernel::Linear),
        ("  Linear ", Kernel::Linear),
        (
            "poly:2:1:1",
            Kernel::Poly {
                degree: 2,
                gamma: 1.0,
                c: 1.0,
            },
        ),
        (
            "POLY: 3 : 0.5 : -1",
            Kernel::Poly {
                degree: 3,
                gamma: 0.5,
                c: -1.0,
            },
        ),
        (
            "poly:10:2e-3:0",
            Kernel::Poly {
                degree: 10,
                gamma: 0.002,
                c: 0.0,
            },
        ),
        ("rbf:0.5", Kernel::Rbf { gamma: 0.5 }),
        ("RBF:1e3", Kernel::Rbf { gamma: 1000.0 }),
    ];
    for (text, want) in cases {
        assert_eq!(Kernel::parse(text), Ok(want), "{text:?}");
        assert_eq!(text.parse::<Kernel>(), Ok(want), "{text:?}");
    }
    assert_eq!(Kernel::default(), Kernel::Linear);
}

#[test]
fn rejects_invalid_kernels_naming_the_problem() {
    let cases = [
        ("", "empty"),
        ("  ", "empty"),
        ("sigmoid", "unknown kernel \"sigmoid\""),
        ("linear:1", "linear takes no parameters"),
        ("poly", "poly needs three parameters"),
        ("poly:2:1", "poly needs three parameters"),
        ("poly:2:1:1:1", "poly needs three parameters"),
        (
            "poly:0:1:1",
            "poly degree must be a whole number from 1 to 10",
        ),
        (
            "poly:11:1:1",
            "poly degree must be a whole number from 1 to 10",
        ),
        (
            "poly:2.5:1:1",
            "poly degree must be a whole number from 1 to 10",
        ),
        (
            "poly:-2:1:1",
            "poly degree must be a whole number from 1 to 10",
        ),
        (
            "poly:two:1:1",
            "poly degree must be a whole number from 1 to 10",
        ),
        ("poly:2:0:1", "γ must be positive and finite"),
        ("poly:2:-1:1", "γ must be positive and finite"),
        ("poly:2:inf:1", "γ must be positive and finite"),
        ("poly:2:NaN:1", "γ must be positive and finite"),
        ("poly:2:x:1", "γ: \"x\" is not a number"),
        ("poly:2:1:inf", "poly c must be a finite number"),
        ("poly:2:1:", "poly c: \"\" is not a number"),
        ("rbf", "rbf needs one parameter"),
        ("rbf:1:2", "rbf needs one parameter"),
        ("rbf:0", "γ must be positive and finite"),
        ("rbf:-0.5", "γ must be positive and finite"),
        ("rbf:1e400", "γ must be positive and finite"),
        ("rbf:wide", "γ: \"wide\" is not a number"),
    ];
    for (text, says) in cases {
        let message = Kernel::parse(text).unwrap_err().to_string();
        assert!(message.starts_with("kernel: "), "{message:?}");
        assert!(
            message.contains(says),
            "{text:?}: {message:?} lacks {says:?}"
        );
    }
    // Kernels built directly are checked too.
    let bad = Kernel::Poly {
        degree: 0,
        gamma: 1.0,
        c: 0.0,
    };
    assert!(bad.validate().is_err());
    let message = KernelTrainer::new(Settings::default(), Kernel::Rbf { gamma: -1.0 }, 2)
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("γ must be positive and finite"),
        "{message}"
    );
}

#[test]
fn display_round_trips() {
    assert_eq!(Kernel::Linear.to_string(), "linear");
    assert_eq!(kernel("poly:2:1:1").to_string(), "poly:2:1:1");
    assert_eq!(kernel(" POLY:3:0.25:-1.5 ").to_string(), "poly:3:0.25:-1.5");
    assert_eq!(kernel("rbf:0.1").to_string(), "rbf:0.1");
    assert_eq!(kernel("rbf:1e-7").to_string(), "rbf:0.0000001");
    for text in [
        "linear",
        "poly:2:1:1",
        "poly:7:0.3:-2.125",
        "rbf:0.5",
        "rbf:12345.678",
    ] {
        let k = kernel(text);
        assert_eq!(Kernel::parse(&k.to_string()), Ok(k), "{text}");
        assert_eq!(k.to_string(), text);
    }
}

#[test]
fn init_must_be_zero() {
    for init in [
        InitWeights::Random,
        InitWeights::Explicit(vec![-1.0, 0.0, 0.0]),
        InitWeights::Explicit(vec![0.0, 0.5, 0.0]),
    ] {
        let settings = Settings {
            init,
            ..Settings::default()
        };
        let message = KernelTrainer::new(settings, Kernel::Linear, 2)
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("starts from α = 0 and b = 0"),
            "{message:?}"
        );
    }
    for init in [
        InitWeights::Zero,
        InitWeights::Explicit(vec![0.0, 0.0, 0.0]),
    ] {
        let settings = Settings {
            init,
            ..Settings::default()
        };
        let k = KernelTrainer::new(settings, Kernel::Linear, 2).unwrap();
        assert_eq!((k.bias(), k.steps(), k.epoch()), (0.0, 0, 1));
        assert!(k.alphas().is_empty() && k.support().is_empty());
    }
    // The settings are still checked.
    let settings = Settings {
        eta: 0.0,
        ..Settings::default()
    };
    assert!(KernelTrainer::new(settings, Kernel::Linear, 2).is_err());
}

#[test]
fn refuses_like_the_trainer() {
    let mut k = trainer(kernel("rbf:1"), Settings::default());
    assert_eq!(
        k.step(&Dataset::new(2)),
        KernelOutcome::Refused(Refusal::NoData)
    );
    let one_class = dataset(&[(0.0, 0.0, 1), (1.0, 1.0, 1)]);
    assert_eq!(
        k.step(&one_class),
        KernelOutcome::Refused(Refusal::OneClass)
    );
    assert_eq!(k.steps(), 0);
}

/// Scores at cell centres computed the slow way, one `score` call per cell.
fn direct_grid(
    k: &KernelTrainer,
    data: &Dataset,
    (x0, x1): (f64, f64),
    (y0, y1): (f64, f64),
    cols: usize,
    rows: usize,
) -> Vec<f64> {
    let mut out = Vec::new();
    for r in 0..rows {
        let y = y1 - (r as f64 + 0.5) * (y1 - y0) / rows as f64;
        for c in 0..cols {
            let x = x0 + (c as f64 + 0.5) * (x1 - x0) / cols as f64;
            out.push(k.score(data, &[x, y]));
        }
    }
    out
}

fn assert_close(got: &[f64], want: &[f64], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let tolerance = 1e-9 * w.abs().max(1.0);
        assert!((g - w).abs() <= tolerance, "{what}: cell {i}: {g} vs {w}");
    }
}

#[test]
fn grid_agrees_with_direct_evaluation() {
    let data = dataset(&[
        (1.0, 1.0, 1),
        (1.0, -1.0, -1),
        (-1.0, 1.0, -1),
        (-1.0, -1.0, 1),
        (0.5, 2.0, 1),
        (2.0, 0.25, -1),
        (9.0, 9.0, 1),
    ]);
    for text in [
        "linear",
        "poly:2:1:1",
        "poly:3:0.5:-0.5",
        "rbf:1",
        "rbf:0.1",
    ] {
        let settings = Settings {
            max_epochs: 50,
            ..Settings::default()
        };
        let mut k = trainer(kernel(text), settings);
        for _ in 0..9 {
            step(&mut k, &data);
        }
        assert!(!k.support().is_empty());
        for (xr, yr, cols, rows) in [
            ((-2.0, 3.0), (-1.5, 2.5), 7, 5),
            ((-3.0, 3.0), (-3.0, 3.0), 1, 1),
            ((0.0, 10.0), (-1.0, 10.0), 13, 17),
        ] {
            let grid = k.scores_on_grid(&data, xr, yr, cols, rows);
            let want = direct_grid(&k, &data, xr, yr, cols, rows);
            assert_close(&grid, &want, text);
        }
    }
}

#[test]
fn grid_orientation_and_support_only() {
    // Linear, bias off, one update on x1 = (1, 2)+: f(x) = x·(1, 2) = x1 + 2·x2.
    let mut data = dataset(&[(1.0, 2.0, 1), (-1.0, -2.0, -1)]);
    let settings = Settings {
        bias: false,
        ..Settings::default()
    };
    let mut k = trainer(Kernel::Linear, settings);
    k.run(&data, |_| {});
    assert_eq!(k.support(), [0]);
    // 2 columns, 2 rows over [0, 4] × [0, 2]: centres x ∈ {1, 3}, top row y = 1.5, then 0.5.
    let grid = k.scores_on_grid(&data, (0.0, 4.0), (0.0, 2.0), 2, 2);
    assert_eq!(grid, [4.0, 6.0, 2.0, 4.0]);
    // Moving the sample with α = 0 changes nothing; moving the support vector does.
    data.set_x(1, &[-5.0, 7.0]).unwrap();
    assert_eq!(k.scores_on_grid(&data, (0.0, 4.0), (0.0, 2.0), 2, 2), grid);
    data.set_x(0, &[1.0, 0.0]).unwrap();
    assert_eq!(
        k.scores_on_grid(&data, (0.0, 4.0), (0.0, 2.0), 2, 2),
        [1.0, 3.0, 1.0, 3.0]
    );
}

#[test]
fn grid_rejects_unusable_requests() {
    let data = xor();
    let mut k = trainer(kernel("rbf:1"), Settings::default());
    k.run(&data, |_| {});
    let ok = (-2.0, 2.0);
    assert!(k.scores_on_grid(&data, ok, ok, 0, 5).is_empty());
    assert!(k.scores_on_grid(&data, ok, ok, 5, 0).is_empty());
    assert!(k
        .scores_on_grid(&data, ok, ok, MAX_GRID_CELLS + 1, 1)
        .is_empty());
    assert!(k.scores_on_grid(&data, ok, ok, usize::MAX, 2).is_empty());
    assert!(k
        .scores_on_grid(&data, (f64::NAN, 1.0), ok, 4, 4)
        .is_empty());
    assert!(k
        .scores_on_grid(&data, (-f64::MAX, f64::MAX), ok, 4, 4)
        .is_empty());
    let mut three = Dataset::new(3);
    three.push(&[0.0, 0.0, 0.0], Label::Pos).unwrap();
    three.push(&[1.0, 0.0, 0.0], Label::Neg).unwrap();
    let mut k3 = KernelTrainer::new(Settings::default(), Kernel::Linear, 3).unwrap();
    k3.run(&three, |_| {});
    assert!(k3.scores_on_grid(&three, ok, ok, 4, 4).is_empty());
    assert_eq!(k.scores_on_grid(&data, ok, ok, 4, 3).len(), 12);
}

#[test]
fn huge_inputs_never_give_nan() {
    let data = dataset(&[
        (1e200, 1e200, 1),
        (-1e200, 1e200, -1),
        (1e200, -1e200, -1),
        (-1e300, -1e300, 1),
        (0.0, 0.0, 1),
    ]);
    for text in [
        "linear",
        "poly:3:1:1",
        "poly:10:1e300:-1e300",
        "rbf:1e300",
        "rbf:1e-300",
    ] {
        for eta in [1.0, f64::MAX] {
            let settings = Settings {
                eta,
                max_epochs: 20,
                ..Settings::default()
            };
            let mut k = trainer(kernel(text), settings);
            k.run(&data, |r| {
                assert!(r.score.is_finite(), "{text}, η = {eta}: {r:?}");
                assert!(r.alpha_after.is_finite() && r.bias_after.is_finite());
            });
            for i in 0..data.len() {
                assert!(k.score_of(&data, i).unwrap().is_finite());
                for v in k.gram_row(&data, i).unwrap() {
                    assert!(v.is_finite(), "{text}: K = {v}");
                }
            }
            let grid = k.scores_on_grid(&data, (-1e300, 1e300), (-1e300, 1e300), 6, 5);
            assert_eq!(grid.len(), 30);
            assert!(grid.iter().all(|v| v.is_finite()), "{text}: {grid:?}");
            if let Some(w) = k.primal_weights(&data) {
                assert!(w.iter().all(|v| v.is_finite()));
            }
        }
    }
    // An RBF whose exponent overflows is 0, not NaN.
    assert_eq!(kernel("rbf:1").eval(&[-1e300, 0.0], &[1e300, 0.0]), 0.0);
}

#[test]
fn edits_keep_alpha_with_its_sample() {
    let mut data = dataset(&[(1.0, 0.0, 1), (0.0, 1.0, -1), (1.0, 1.0, 1)]);
    let mut k = trainer(kernel("poly:2:0.5:1"), Settings::default());
    k.run(&data, |_| {});
    assert_eq!(k.alphas(), [1.0, 2.0, 1.0]);
    // A new point gets α = 0 and reopens the converged run.
    data.push(&[-1.0, -1.0], Label::Neg).unwrap();
    k.sample_added(data.len());
    assert_eq!(k.alphas(), [1.0, 2.0, 1.0, 0.0]);
    assert_eq!((k.state(), k.epoch()), (TrainState::Running, 4));
    // Removing sample 1 takes its α (and its term of f) with it; b stays.
    let b = k.bias();
    data.remove(0);
    k.sample_removed(0);
    assert_eq!(k.alphas(), [2.0, 1.0, 0.0]);
    assert_eq!(k.bias(), b);
    assert_eq!(k.support(), [0, 1]);
    assert_eq!(k.alpha(7), 0.0);
    // Training goes on over the remaining samples xa = (0, 1)−, xb = (1, 1)+, xc = (−1, −1)−
    // with α = [2, 1, 0], b = 0, K(a, b) = (0.5·a·b + 1)²:
    // epoch 4: xa: f = −2·2.25 + 2.25 = −2.25 → correct;
    //          xb: f = −2·2.25 + 4 = −0.5 → mistake: αb = 2, b = 1;
    //          xc: f = −2·0.25 + 2·0 + 1 = 0.5, y·f < 0 → mistake: αc = 1, b = 0;
    // epoch 5: xa: f = −4.5 + 4.5 − 0.25 = −0.25; xb: f = −4.5 + 8 − 0 = 3.5;
    //          xc: f = −0.5 + 0 − 4 = −4.5 → all correct, converged.
    let mut scores = Vec::new();
    let why = k.run(&data, |r| {
        scores.push((r.epoch, r.index, r.score, r.mistake))
    });
    assert_eq!(why, Refusal::Converged);
    assert_eq!(
        scores,
        [
            (4, 1, -2.25, false),
            (4, 2, -0.5, true),
            (4, 3, 0.5, true),
            (5, 1, -0.25, false),
            (5, 2, 3.5, false),
            (5, 3, -4.5, false),
        ]
    );
    assert_eq!(k.alphas(), [2.0, 2.0, 1.0]);
    assert_eq!((k.bias(), k.steps(), k.updates()), (0.0, 15, 6));
    // Moving a point reopens the converged run.
    data.set_x(0, &[5.0, 5.0]).unwrap();
    k.sample_moved();
    assert_eq!((k.state(), k.epoch()), (TrainState::Running, 6));
    assert_eq!(k.alphas(), [2.0, 2.0, 1.0]);
}

#[test]
fn gram_rows_are_symmetric() {
    let data = seed000();
    for text in ["linear", "poly:3:0.5:1", "rbf:0.2"] {
        let k = kernel(text);
        let rows: Vec<Vec<f64>> = (0..data.len())
            .map(|i| k.gram_row(&data, i).unwrap())
            .collect();
        for (i, row) in rows.iter().enumerate() {
            for (j, &value) in row.iter().enumerate() {
                assert_eq!(value, rows[j][i], "{text}");
                assert_eq!(value, k.eval(data.x(i), data.x(j)), "{text}");
            }
        }
    }
    // Linear: the Gram matrix holds the dot products.
    let row = Kernel::Linear.gram_row(&data, 1).unwrap();
    assert_eq!(row, [5.0, 13.0, 14.0, 17.0, 12.0]);
}

fn half_integer_set(points: &[(i32, i32, bool)]) -> Dataset {
    let mut data = Dataset::new(2);
    for &(a, b, pos) in points {
        let label = if pos { Label::Pos } else { Label::Neg };
        data.push(&[f64::from(a) / 2.0, f64::from(b) / 2.0], label)
            .unwrap();
    }
    data
}

proptest! {
    #[test]
    fn linear_kernel_equals_primal_on_random_sets(
        points in prop::collection::vec((-12i32..12, -12i32..12, any::<bool>()), 2..16),
        bias in any::<bool>(),
        shuffle in any::<bool>(),
        seed in 0u64..1000,
        eta in prop::sample::select(vec![1.0, 0.5, 2.0]),
    ) {
        let data = half_integer_set(&points);
        prop_assume!(data.has_both_classes());
        let settings = Settings {
            bias,
            eta,
            order: if shuffle { Order::Shuffle } else { Order::Fixed },
            seed,
            max_epochs: 15,
            ..Settings::default()
        };
        assert_matches_primal(&data, &settings);
    }

    #[test]
    fn kernel_syntax_round_trips(
        which in 0u8..3,
        degree in 1u32..=10,
        gamma in prop::num::f64::POSITIVE.prop_filter("finite", |g| g.is_finite() && *g > 0.0),
        c in prop::num::f64::NORMAL | prop::num::f64::ZERO | prop::num::f64::SUBNORMAL,
    ) {
        let k = match which {
            0 => Kernel::Linear,
            1 => Kernel::Poly { degree, gamma, c },
            _ => Kernel::Rbf { gamma },
        };
        prop_assert!(k.validate().is_ok());
        prop_assert_eq!(Kernel::parse(&k.to_string()), Ok(k));
    }

    #[test]
    fn grid_matches_direct_scores_on_random_sets(
        points in prop::collection::vec((-8i32..8, -8i32..8, any::<bool>()), 2..12),
        which in 0u8..3,
        steps in 1usize..30,
        cols in 1usize..9,
        rows in 1usize..9,
    ) {
        let data = half_integer_set(&points);
        prop_assume!(data.has_both_classes());
        let kernel = [kernel("linear"), kernel("poly:2:0.5:1"), kernel("rbf:0.5")][which as usize];
        let mut k = trainer(kernel, Settings { max_epochs: 10, ..Settings::default() });
        for _ in 0..steps {
            if let KernelOutcome::Refused(_) = k.step(&data) {
                break;
            }
        }
        let (xr, yr) = ((-5.0, 4.0), (-3.0, 6.0));
        let grid = k.scores_on_grid(&data, xr, yr, cols, rows);
        assert_close(&grid, &direct_grid(&k, &data, xr, yr, cols, rows), &kernel.to_string());
    }

    /// The training points' scores kept between steps (a few α changed: by differences; many:
    /// from scratch, in pieces of `budget` evaluations) equal the scores found directly.
    #[test]
    fn point_scores_kept_between_steps_match_direct_scores(
        points in prop::collection::vec((-8i32..8, -8i32..8, any::<bool>()), 2..40),
        which in 0u8..3,
        bursts in prop::collection::vec(0usize..12, 1..8),
        budget in 1u64..200,
    ) {
        let data = half_integer_set(&points);
        prop_assume!(data.has_both_classes());
        let kernel = [kernel("linear"), kernel("poly:2:0.5:1"), kernel("rbf:0.5")][which as usize];
        let mut k = trainer(kernel, Settings { max_epochs: 10, ..Settings::default() });
        let mut cache = KernelPointScores::default();
        for burst in bursts {
            for _ in 0..burst {
                if let KernelOutcome::Refused(_) = k.step(&data) {
                    break;
                }
            }
            // Pieces of `budget` evaluations until every point has its score: each call scores
            // at least one more point, so a new state takes at most n + 1 calls.
            let mut calls = 0;
            let got = loop {
                calls += 1;
                if let Some(scores) = cache.update(&k, &data, 1, budget) {
                    break scores.to_vec();
                }
                prop_assert!(calls <= data.len() + 1, "every call scores a point");
            };
            let want: Vec<f64> = (0..data.len()).map(|j| k.score(&data, data.x(j))).collect();
            assert_close(&got, &want, &kernel.to_string());
        }
    }
}
