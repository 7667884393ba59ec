//! One-vs-rest: agreement with scikit-learn 1.9's multiclass `Perceptron` (recorded by
//! `scripts/ovr_reference.py` in `tests/data/ovr_reference.json`), a step worked by hand,
//! ambiguity, K = 2, and each classifier being exactly the classic `Trainer` on its relabelled
//! data, on random small data without panics.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::algo::multiclass::{Stopping, MAX_CLASSES};
use perceptron_lab::core::algo::ovr::{OvrOutcome, OvrRecord, OvrTrainer};
use perceptron_lab::core::algo::{parse_class_csv, ClassData};
use perceptron_lab::core::Learner;
use perceptron_lab::core::{
    Dataset, InitWeights, Label, Order, Refusal, Settings, StepOutcome, TrainState, Trainer,
};
use proptest::prelude::*;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
struct Reference {
    generator: String,
    sets: BTreeMap<String, Vec<(f64, f64, String)>>,
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    set: String,
    bias: bool,
    max_epochs: u64,
    eta: f64,
    classes: Vec<String>,
    coef: Vec<Vec<f64>>,
    intercept: Vec<f64>,
}

fn class_data(points: &[(f64, f64, String)]) -> ClassData {
    let xs: Vec<f64> = points.iter().flat_map(|p| [p.0, p.1]).collect();
    let labels: Vec<String> = points.iter().map(|p| p.2.clone()).collect();
    ClassData::new(2, xs, &labels).expect("valid class data")
}

fn step(trainer: &mut OvrTrainer, data: &ClassData) -> OvrRecord {
    match trainer.step(data) {
        OvrOutcome::Stepped(record) => record,
        OvrOutcome::Refused(why) => panic!("step refused: {why:?}"),
    }
}

fn close(ours: &[f64], theirs: &[f64]) -> bool {
    ours.len() == theirs.len()
        && ours
            .iter()
            .zip(theirs)
            .all(|(a, b)| (a - b).abs() <= 1e-9 * (1.0 + b.abs()))
}

/// Row for row: classifier k is scikit-learn's `[intercept_[k], coef_[k]]` after the same
/// number of epochs. For K = 2 scikit-learn keeps one classifier (`classes_[1]` positive): it is
/// our row 1, and our row 0 is its negation.
#[test]
fn rows_equal_scikit_learn() {
    let text = std::fs::read_to_string("tests/data/ovr_reference.json").expect("reference");
    let reference: Reference = serde_json::from_str(&text).expect("valid reference JSON");
    assert!(reference.generator.starts_with("scikit-learn 1.9"));
    assert_eq!(reference.cases.len(), 120);
    let mut seen = [0usize; MAX_CLASSES + 1];
    for case in &reference.cases {
        let data = class_data(&reference.sets[&case.set]);
        let k = data.num_classes();
        seen[k] += 1;
        assert_eq!(data.names(), case.classes, "{}: class order", case.set);
        let expected: Vec<Vec<f64>> = case
            .coef
            .iter()
            .zip(&case.intercept)
            .map(|(w, b)| [vec![*b], w.clone()].concat())
            .collect();
        let expected = if k == 2 {
            assert_eq!(
                expected.len(),
                1,
                "scikit-learn trains one classifier for K = 2"
            );
            let negated: Vec<f64> = expected[0].iter().map(|v| -v + 0.0).collect();
            vec![negated, expected[0].clone()]
        } else {
            expected
        };
        let settings = Settings {
            bias: case.bias,
            eta: case.eta,
            max_epochs: case.max_epochs,
            ..Settings::default()
        };
        let mut exact = OvrTrainer::new(settings.clone(), 2, k)
            .unwrap()
            .with_stopping(Stopping::ExactEpochs);
        exact.run(&data, |_| {});
        assert_eq!(exact.steps(), case.max_epochs * data.len() as u64);
        assert_eq!(exact.epoch(), case.max_epochs);
        let mut default = OvrTrainer::new(settings, 2, k).unwrap();
        default.run(&data, |_| {});
        for (name, trainer) in [("exact", &exact), ("default", &default)] {
            assert_eq!(trainer.weights().len(), k);
            for (row, theirs) in trainer.weights().iter().zip(&expected) {
                assert!(
                    close(row, theirs),
                    "{} ({name}, bias {}, {} epochs, η {}): ours {:?}, scikit-learn {expected:?}",
                    case.set,
                    case.bias,
                    case.max_epochs,
                    case.eta,
                    trainer.weights()
                );
            }
        }
    }
    assert!(seen[2] > 0 && seen[3] > 0 && seen[4] > 0, "{seen:?}");
}

/// Bias off, zero weights, data a = (1, 0), b = (0, 1), c = (−1, −1). Step 1 visits a (class 0):
/// every score is 0, so all three classifiers err: W0 = (1, 0), W1 = W2 = (−1, 0).
#[test]
fn a_step_by_hand_and_ambiguity() {
    let points = [
        (1.0, 0.0, "a".to_string()),
        (0.0, 1.0, "b".to_string()),
        (-1.0, -1.0, "c".to_string()),
    ];
    let data = class_data(&points);
    let settings = Settings {
        bias: false,
        ..Settings::default()
    };
    let mut trainer = OvrTrainer::new(settings, 2, 3).unwrap();
    let first = step(&mut trainer, &data);
    assert_eq!((first.step, first.epoch, first.index), (1, 1, 1));
    assert_eq!((first.class, first.predicted), (0, 0));
    assert_eq!(first.scores, [0.0, 0.0, 0.0]);
    assert_eq!(first.mistakes, [true, true, true]);
    assert!(first.mistake);
    assert_eq!(first.weights_before, vec![vec![0.0; 3]; 3]);
    assert_eq!(
        trainer.weights(),
        [
            vec![0.0, 1.0, 0.0],
            vec![0.0, -1.0, 0.0],
            vec![0.0, -1.0, 0.0]
        ]
    );
    assert_eq!(trainer.classifier_updates(), [1, 1, 1]);
    assert_eq!(trainer.updates(), 3);

    // (1, 0): scores 1, −1, −1 → only classifier 0 claims it.
    assert_eq!(trainer.positive_count(&[1.0, 0.0]), 1);
    assert!(!trainer.is_ambiguous(&[1.0, 0.0]));
    assert_eq!(trainer.predict(&[1.0, 0.0]), 0);
    // (−1, 0): scores −1, 1, 1 → two claim it; the tie goes to class 1.
    assert_eq!(trainer.positive_count(&[-1.0, 0.0]), 2);
    assert!(trainer.is_ambiguous(&[-1.0, 0.0]));
    assert_eq!(trainer.predict(&[-1.0, 0.0]), 1);
    // (0, 1): scores 0, 0, 0 → nobody claims it; the tie goes to class 0.
    assert_eq!(trainer.positive_count(&[0.0, 1.0]), 0);
    assert!(trainer.is_ambiguous(&[0.0, 1.0]));
    assert_eq!(trainer.predict(&[0.0, 1.0]), 0);

    // Step 2 visits b = (0, 1), class 1: scores 0, 0, 0; classifier 0 (y = −1) and 1 (y = +1)
    // err, classifier 2 (y = −1) errs too (score 0).
    let second = step(&mut trainer, &data);
    assert_eq!(second.mistakes, [true, true, true]);
    assert_eq!(
        second.weights_after,
        [
            vec![0.0, 1.0, -1.0],
            vec![0.0, -1.0, 1.0],
            vec![0.0, -1.0, -1.0]
        ]
    );
    // Step 3 visits c = (−1, −1), class 2: scores 0, 0, 2 → classifiers 0 and 1 err (y = −1,
    // score 0): W0 = (1, −1) + (1, 1) = (2, 0), W1 = (−1, 1) + (1, 1) = (0, 2).
    let third = step(&mut trainer, &data);
    assert_eq!(third.scores, [0.0, 0.0, 2.0]);
    assert_eq!(third.predicted, 2);
    assert_eq!(third.mistakes, [true, true, false]);
    assert_eq!(third.weights_after[0], [0.0, 2.0, 0.0]);
    assert_eq!(third.weights_after[1], [0.0, 0.0, 2.0]);
    assert_eq!(third.weights_after[2], [0.0, -1.0, -1.0]);
    assert_eq!(trainer.state(), TrainState::Running);
    assert_eq!(trainer.epoch(), 2);
    let why = trainer.run(&data, |_| {});
    assert_eq!(why, Refusal::Converged);
    for i in 0..data.len() {
        assert_eq!(trainer.predict(data.x(i)), data.class(i));
        assert_eq!(trainer.positive_count(data.x(i)), 1);
    }
}

/// With two classes, classifier 1 is the classic perceptron with class 1 positive and
/// classifier 0 its negation, step for step (seed 001's first example: classes −1, +1).
#[test]
fn two_classes_are_the_classic_rule_twice() {
    let bytes = std::fs::read("tests/data/seed001-example1.csv").unwrap();
    let data = parse_class_csv(&bytes).unwrap();
    assert_eq!(data.names(), ["-1", "+1"]);
    let binary = perceptron_lab::core::parse_csv(&bytes).unwrap();
    for bias in [false, true] {
        let settings = Settings {
            bias,
            ..Settings::default()
        };
        let mut ovr = OvrTrainer::new(settings.clone(), 2, 2).unwrap();
        let mut classic = Trainer::new(settings, 2).unwrap();
        loop {
            match (ovr.step(&data), classic.step(&binary)) {
                (OvrOutcome::Stepped(r), StepOutcome::Stepped(c)) => {
                    assert_eq!(r.weights_after[1], c.weights_after);
                    let negated: Vec<f64> = c.weights_after.iter().map(|v| -v + 0.0).collect();
                    assert_eq!(r.weights_after[0], negated);
                    assert_eq!(r.mistakes, [c.mistake, c.mistake]);
                }
                (OvrOutcome::Refused(a), StepOutcome::Refused(b)) => {
                    assert_eq!(a, b);
                    break;
                }
                (a, b) => panic!("out of step: {a:?} vs {b:?}"),
            }
        }
        if !bias {
            // Seed 001: w = (1, −3) after one pass, then converged.
            assert_eq!(ovr.weights()[1], [0.0, 1.0, -3.0]);
            assert_eq!((ovr.steps(), ovr.state()), (8, TrainState::Converged));
        }
    }
}

#[test]
fn refusals_and_errors() {
    assert!(OvrTrainer::new(Settings::default(), 2, 1).is_err());
    assert!(OvrTrainer::new(Settings::default(), 2, 7).is_err());
    let explicit = Settings {
        init: InitWeights::Explicit(vec![0.0, 0.0, 0.0]),
        ..Settings::default()
    };
    assert!(OvrTrainer::new(explicit, 2, 3).is_err());
    let mut trainer = OvrTrainer::new(Settings::default(), 2, 3).unwrap();
    let empty = ClassData::new(2, vec![], &[]).unwrap();
    assert!(matches!(
        trainer.step(&empty),
        OvrOutcome::Refused(Refusal::NoData)
    ));
    let two = class_data(&[(0.0, 0.0, "a".into()), (1.0, 1.0, "b".into())]);
    assert!(matches!(
        trainer.step(&two),
        OvrOutcome::Refused(Refusal::NoData)
    ));
    assert_eq!(trainer.steps(), 0);
}

fn random_data() -> impl Strategy<Value = (usize, Vec<f64>, Vec<String>)> {
    (0usize..4, 0usize..12).prop_flat_map(|(dim, n)| {
        (
            Just(dim),
            prop::collection::vec((-40i32..40).prop_map(|v| f64::from(v) / 8.0), dim * n),
            prop::collection::vec(
                prop::sample::select(vec!["a", "b", "c", "d", "e", "f", "g"]),
                n,
            )
            .prop_map(|v| v.into_iter().map(String::from).collect::<Vec<_>>()),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Any small data: no panic; after exactly E epochs (or at convergence) classifier k is the
    /// classic `Trainer` run on the data labelled +1 for class k and −1 otherwise, in the same
    /// order; convergence classifies every sample right, claimed by its classifier alone.
    #[test]
    fn never_panics_and_each_classifier_is_the_classic_rule(
        (dim, xs, labels) in random_data(),
        bias in any::<bool>(),
        shuffle in any::<bool>(),
        random_init in any::<bool>(),
        exact in any::<bool>(),
        eta in prop::sample::select(vec![0.5, 1.0, 2.0]),
        max_epochs in 1u64..8,
        probe in prop::collection::vec(-10f64..10.0, 0..5),
    ) {
        let data = ClassData::new(dim, xs, &labels).unwrap();
        let settings = Settings {
            bias,
            eta,
            max_epochs,
            seed: 11,
            order: if shuffle { Order::Shuffle } else { Order::Fixed },
            init: if random_init { InitWeights::Random } else { InitWeights::Zero },
        };
        let k = data.num_classes();
        let Ok(trainer) = OvrTrainer::new(settings.clone(), dim, k) else {
            prop_assert!(!(2..=MAX_CLASSES).contains(&k));
            return Ok(());
        };
        let stopping = if exact { Stopping::ExactEpochs } else { Stopping::AfterCleanEpoch };
        let mut trainer = trainer.with_stopping(stopping);
        let why = trainer.run(&data, |r| {
            assert_eq!(r.mistake, r.mistakes.contains(&true));
            assert_eq!(r.scores.len(), r.mistakes.len());
        });
        prop_assert!(trainer.steps() <= max_epochs * data.len() as u64);
        if exact {
            prop_assert_eq!(trainer.steps(), max_epochs * data.len() as u64);
        }
        if why == Refusal::Converged {
            for i in 0..data.len() {
                prop_assert_eq!(trainer.predict(data.x(i)), data.class(i));
                prop_assert_eq!(trainer.positive_count(data.x(i)), 1);
            }
        }
        prop_assert!(trainer.predict(&probe) < k);
        let _ = trainer.is_ambiguous(&probe);
        // The region map's cell (a plane's points on the stack) is predict and is_ambiguous.
        for x in (0..data.len()).map(|i| data.x(i)).chain([&probe[..]]) {
            prop_assert_eq!(trainer.cell(x), (trainer.predict(x), trainer.is_ambiguous(x)));
        }
        for x in [[0.0, 0.0], [1.5, -2.0], [-3.25, 0.5]] {
            if dim == 2 {
                prop_assert_eq!(trainer.cell(&x), (trainer.predict(&x), trainer.is_ambiguous(&x)));
            }
        }
        if !random_init {
            for class in 0..k {
                let mut binary = Dataset::new(dim);
                for i in 0..data.len() {
                    let label = if data.class(i) == class { Label::Pos } else { Label::Neg };
                    binary.push(data.x(i), label).unwrap();
                }
                let mut classic = Trainer::new(settings.clone(), dim).unwrap();
                classic.run(&binary, |_| {});
                prop_assert_eq!(&trainer.weights()[class][..], classic.weights());
            }
        }
    }
}
