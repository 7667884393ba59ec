//! The multiclass perceptron (seed 000, 9.4.1): the worked example number for number, the rule
//! step by step, ties, convergence, refusals, and no panics on random small data.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::algo::multiclass::{
    argmax, features, update, MulticlassOutcome, MulticlassRecord, MulticlassTrainer, Stopping,
    MAX_CLASSES,
};
use perceptron_lab::core::algo::ClassData;
use perceptron_lab::core::Learner;
use perceptron_lab::core::{Error, InitWeights, Order, Refusal, Settings, TrainState};
use proptest::prelude::*;

fn class_data(points: &[(f64, f64, &str)]) -> ClassData {
    let xs: Vec<f64> = points.iter().flat_map(|p| [p.0, p.1]).collect();
    let labels: Vec<String> = points.iter().map(|p| p.2.to_string()).collect();
    ClassData::new(2, xs, &labels).expect("valid class data")
}

fn step(trainer: &mut MulticlassTrainer, data: &ClassData) -> MulticlassRecord {
    match trainer.step(data) {
        MulticlassOutcome::Stepped(record) => record,
        MulticlassOutcome::Refused(why) => panic!("step refused: {why:?}"),
    }
}

/// Three clusters with numeric labels: classes sort as -1, 2, 10.
fn clusters() -> ClassData {
    class_data(&[
        (0.0, 0.0, "10"),
        (1.0, 0.0, "10"),
        (0.0, 1.0, "10"),
        (4.0, 4.0, "2"),
        (5.0, 4.0, "2"),
        (4.0, 5.0, "2"),
        (-4.0, 4.0, "-1"),
        (-5.0, 3.0, "-1"),
        (-4.0, 5.0, "-1"),
    ])
}

/// Seed 000: f(x) = [-2, 3, 1], w0 = [-2, 2, 1], w1 = [0, 3, 4], w2 = [1, 4, -2]: scores 11, 13, 8,
/// prediction 1; the true class is 2, so w1 becomes [2, 0, 3] and w2 becomes [-1, 7, -1].
#[test]
fn seed_000_worked_example() {
    let mut rows = vec![
        vec![-2.0, 2.0, 1.0],
        vec![0.0, 3.0, 4.0],
        vec![1.0, 4.0, -2.0],
    ];
    let visit = update(&mut rows, &[-2.0, 3.0, 1.0], 2, 1.0).expect("class 2 is a row");
    assert_eq!(visit.scores, [11.0, 13.0, 8.0]);
    assert_eq!(visit.predicted, 1);
    assert!(visit.mistake);
    assert_eq!(rows[0], [-2.0, 2.0, 1.0]);
    assert_eq!(rows[1], [2.0, 0.0, 3.0]);
    assert_eq!(rows[2], [-1.0, 7.0, -1.0]);

    // Had the true class been 1, the prediction is right and nothing changes.
    let mut same = vec![
        vec![-2.0, 2.0, 1.0],
        vec![0.0, 3.0, 4.0],
        vec![1.0, 4.0, -2.0],
    ];
    let before = same.clone();
    let visit = update(&mut same, &[-2.0, 3.0, 1.0], 1, 1.0).unwrap();
    assert!(!visit.mistake);
    assert_eq!(same, before);

    // η scales the change; a class that is not a row is refused and changes nothing.
    let mut half = before.clone();
    update(&mut half, &[-2.0, 3.0, 1.0], 2, 0.5).unwrap();
    assert_eq!(half[1], [1.0, 1.5, 3.5]);
    assert_eq!(half[2], [0.0, 5.5, -1.5]);
    let mut untouched = before.clone();
    assert!(update(&mut untouched, &[-2.0, 3.0, 1.0], 3, 1.0).is_none());
    assert_eq!(untouched, before);
}

#[test]
fn ties_go_to_the_lowest_index() {
    assert_eq!(argmax(&[1.0, 3.0, 3.0]), 1);
    assert_eq!(argmax(&[0.0, 0.0, 0.0]), 0);
    assert_eq!(argmax(&[-1.0, -1.0, -2.0, -1.0]), 0);
    assert_eq!(argmax(&[f64::NAN, 2.0, 5.0, 5.0]), 2);
    assert_eq!(argmax(&[]), 0);

    // From zero weights every score is 0, so the prediction is class 0: a class-0 sample is no
    // mistake, and a class-2 sample moves row 2 up and row 0 down (the predicted one).
    let data = class_data(&[(1.0, 2.0, "a"), (3.0, -1.0, "c"), (0.0, 0.0, "b")]);
    let mut trainer = MulticlassTrainer::new(Settings::default(), 2, 3).unwrap();
    assert_eq!(trainer.predict(&[7.0, -3.0]), 0);
    let first = step(&mut trainer, &data);
    assert_eq!((first.class, first.predicted, first.mistake), (0, 0, false));
    assert_eq!(first.scores, [0.0, 0.0, 0.0]);
    let second = step(&mut trainer, &data);
    assert_eq!(
        (second.class, second.predicted, second.mistake),
        (2, 0, true)
    );
    assert_eq!(
        second.weights_after,
        [
            vec![-1.0, -3.0, 1.0],
            vec![0.0, 0.0, 0.0],
            vec![1.0, 3.0, -1.0]
        ]
    );
    // Sample 3 at the origin scores b: -1, 0, 1 → class 2, but it is class 1 (b).
    let third = step(&mut trainer, &data);
    assert_eq!(third.scores, [-1.0, 0.0, 1.0]);
    assert_eq!((third.index, third.class, third.predicted), (3, 1, 2));
    assert_eq!(third.weights_after[1], [1.0, 0.0, 0.0]);
    assert_eq!(third.weights_after[2], [0.0, 3.0, -1.0]);
    assert_eq!(trainer.updates(), 2);
    assert_eq!(trainer.steps(), 3);
    assert_eq!(trainer.epoch(), 2);
}

#[test]
fn bias_off_keeps_the_bias_column_zero() {
    let settings = Settings {
        bias: false,
        ..Settings::default()
    };
    let data = clusters();
    let mut trainer = MulticlassTrainer::new(settings, 2, 3).unwrap();
    trainer.run(&data, |r| {
        assert!(r.weights_after.iter().all(|row| row[0] == 0.0));
    });
    assert_eq!(features(&[2.0, 3.0], false), [0.0, 2.0, 3.0]);
    assert_eq!(features(&[2.0, 3.0], true), [1.0, 2.0, 3.0]);
}

#[test]
fn converges_on_separable_clusters_and_classifies_them() {
    let data = clusters();
    assert_eq!(data.names(), ["-1", "2", "10"]);
    for order in [Order::Fixed, Order::Shuffle] {
        let settings = Settings {
            order,
            seed: 7,
            ..Settings::default()
        };
        let mut trainer = MulticlassTrainer::new(settings, 2, 3).unwrap();
        let mut records = Vec::new();
        let why = trainer.run(&data, |r| records.push(r.clone()));
        assert_eq!(why, Refusal::Converged);
        assert_eq!(trainer.state(), TrainState::Converged);
        for i in 0..data.len() {
            assert_eq!(trainer.predict(data.x(i)), data.class(i), "sample {i}");
        }
        // The last epoch was clean, and every record obeys the rule.
        let last = trainer.epoch();
        assert!(records
            .iter()
            .filter(|r| r.epoch == last)
            .all(|r| !r.mistake));
        assert_eq!(records.len() as u64, trainer.steps());
        assert_eq!(trainer.steps(), last * data.len() as u64);
        for r in &records {
            assert_eq!(r.predicted, argmax(&r.scores));
            assert_eq!(r.mistake, r.predicted != r.class);
            let f = features(&r.x, true);
            for k in 0..3 {
                let sign = if !r.mistake {
                    0.0
                } else if k == r.class {
                    1.0
                } else if k == r.predicted {
                    -1.0
                } else {
                    0.0
                };
                let expected: Vec<f64> = r.weights_before[k]
                    .iter()
                    .zip(&f)
                    .map(|(w, v)| w + sign * v)
                    .collect();
                assert_eq!(r.weights_after[k], expected);
            }
        }
        assert_eq!(
            trainer.updates(),
            records.iter().filter(|r| r.mistake).count() as u64
        );
        assert!(matches!(
            trainer.step(&data),
            MulticlassOutcome::Refused(Refusal::Converged)
        ));
    }
}

#[test]
fn stops_at_max_epochs_or_runs_exact_epochs() {
    // Not separable: the same point in two classes.
    let data = class_data(&[(1.0, 1.0, "a"), (1.0, 1.0, "b"), (-1.0, 0.0, "c")]);
    let settings = Settings {
        max_epochs: 4,
        ..Settings::default()
    };
    let mut trainer = MulticlassTrainer::new(settings.clone(), 2, 3).unwrap();
    assert_eq!(trainer.run(&data, |_| {}), Refusal::MaxEpochs);
    assert_eq!((trainer.steps(), trainer.epoch()), (12, 4));

    // Separable data converges early by default but runs every epoch when asked to.
    let data = clusters();
    let settings = Settings {
        max_epochs: 40,
        ..settings
    };
    let mut early = MulticlassTrainer::new(settings.clone(), 2, 3).unwrap();
    early.run(&data, |_| {});
    assert_eq!(early.state(), TrainState::Converged);
    assert!(early.epoch() < 40, "converged in {} epochs", early.epoch());
    let mut exact = MulticlassTrainer::new(settings, 2, 3)
        .unwrap()
        .with_stopping(Stopping::ExactEpochs);
    assert_eq!(exact.stopping(), Stopping::ExactEpochs);
    assert_eq!(exact.run(&data, |_| {}), Refusal::Converged);
    assert_eq!((exact.steps(), exact.epoch()), (40 * 9, 40));
    assert_eq!(exact.weights(), early.weights());
}

#[test]
fn refusals_and_errors() {
    let data = clusters();
    let mut trainer = MulticlassTrainer::new(Settings::default(), 2, 3).unwrap();
    let empty = ClassData::new(2, vec![], &[]).unwrap();
    assert!(matches!(
        trainer.step(&empty),
        MulticlassOutcome::Refused(Refusal::NoData)
    ));
    let one = class_data(&[(0.0, 0.0, "a"), (1.0, 1.0, "a")]);
    assert!(matches!(
        trainer.step(&one),
        MulticlassOutcome::Refused(Refusal::OneClass)
    ));
    // Data with another number of classes (or features) than the run's is not used.
    let two = class_data(&[(0.0, 0.0, "a"), (1.0, 1.0, "b")]);
    assert!(matches!(
        trainer.step(&two),
        MulticlassOutcome::Refused(Refusal::NoData)
    ));
    assert_eq!(trainer.steps(), 0);
    assert!(matches!(trainer.step(&data), MulticlassOutcome::Stepped(_)));

    for k in [0, 1, MAX_CLASSES + 1] {
        let err = MulticlassTrainer::new(Settings::default(), 2, k).unwrap_err();
        assert!(err.to_string().contains("2 to 6 classes"), "{err}");
    }
    let explicit = Settings {
        init: InitWeights::Explicit(vec![0.0, 1.0, 2.0]),
        ..Settings::default()
    };
    assert!(matches!(
        MulticlassTrainer::new(explicit, 2, 3),
        Err(Error::InitWeights(_))
    ));
    let bad_eta = Settings {
        eta: 0.0,
        ..Settings::default()
    };
    assert!(matches!(
        MulticlassTrainer::new(bad_eta, 2, 3),
        Err(Error::Eta(_))
    ));
}

#[test]
fn random_initial_rows_are_seeded_per_row() {
    let settings = Settings {
        init: InitWeights::Random,
        seed: 3,
        ..Settings::default()
    };
    let a = MulticlassTrainer::new(settings.clone(), 2, 4).unwrap();
    let b = MulticlassTrainer::new(settings.clone(), 2, 4).unwrap();
    assert_eq!(a.weights(), b.weights());
    assert_eq!(a.weights().len(), 4);
    let flat: Vec<f64> = a.weights().concat();
    assert_eq!(flat, perceptron_lab::core::init_stream_value(3, 12));
    assert!(flat.iter().all(|v| (-1.0..1.0).contains(v)));
    let off = MulticlassTrainer::new(
        Settings {
            bias: false,
            ..settings
        },
        2,
        4,
    )
    .unwrap();
    assert!(off.weights().iter().all(|row| row[0] == 0.0));
}

fn random_data() -> impl Strategy<Value = (usize, Vec<f64>, Vec<String>)> {
    (0usize..4, 0usize..12).prop_flat_map(|(dim, n)| {
        (
            Just(dim),
            prop::collection::vec(-1e3f64..1e3, dim * n),
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
    /// Any small data, any settings: no panic, the rule holds, convergence means every sample
    /// is classified right.
    #[test]
    fn never_panics(
        (dim, xs, labels) in random_data(),
        bias in any::<bool>(),
        shuffle in any::<bool>(),
        random_init in any::<bool>(),
        eta in prop::sample::select(vec![0.5, 1.0, 2.0]),
        max_epochs in 1u64..8,
        probe in prop::collection::vec(-1e3f64..1e3, 0..5),
    ) {
        let data = ClassData::new(dim, xs, &labels).unwrap();
        let settings = Settings {
            bias,
            eta,
            max_epochs,
            order: if shuffle { Order::Shuffle } else { Order::Fixed },
            init: if random_init { InitWeights::Random } else { InitWeights::Zero },
            ..Settings::default()
        };
        let k = data.num_classes();
        let Ok(mut trainer) = MulticlassTrainer::new(settings.clone(), dim, k) else {
            prop_assert!(!(2..=MAX_CLASSES).contains(&k));
            return Ok(());
        };
        let mut steps = 0;
        let why = trainer.run(&data, |r| {
            steps += 1;
            assert_eq!(r.predicted, argmax(&r.scores));
            assert_eq!(r.mistake, r.predicted != r.class);
            if !bias {
                assert!(r.weights_after.iter().all(|row| row[0] == 0.0));
            }
        });
        prop_assert!(steps <= max_epochs * data.len() as u64);
        prop_assert_eq!(steps, trainer.steps());
        match why {
            Refusal::Converged => {
                for i in 0..data.len() {
                    prop_assert_eq!(trainer.predict(data.x(i)), data.class(i));
                }
            }
            Refusal::MaxEpochs => prop_assert_eq!(trainer.epoch(), max_epochs),
            other => prop_assert!(data.is_empty() || k < 2, "refused {:?}", other),
        }
        let predicted = trainer.predict(&probe);
        prop_assert!(predicted < k);
        prop_assert_eq!(trainer.scores(&probe).len(), k);
        // The prediction is the argmax of the scores, for every point of the data's shape too
        // (a plane's points take a path of their own, without allocating).
        prop_assert_eq!(predicted, argmax(&trainer.scores(&probe)));
        for i in 0..data.len() {
            prop_assert_eq!(trainer.predict(data.x(i)), argmax(&trainer.scores(data.x(i))));
        }
        // Data of another shape is refused, not indexed.
        let names = ["y".to_string(), "z".to_string()];
        let other = ClassData::new(dim + 1, vec![0.0; 2 * (dim + 1)], &names).unwrap();
        prop_assert!(matches!(trainer.step(&other), MulticlassOutcome::Refused(Refusal::NoData)));
    }
}
