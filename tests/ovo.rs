//! One-vs-one: a run worked by hand (votes, updated pairs, a tied point), the vote's tie rule,
//! K = 2 as the classic rule, and each pair being exactly the classic `Trainer` on its two
//! classes, on random small data without panics.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::algo::multiclass::{Stopping, MAX_CLASSES};
use perceptron_lab::core::algo::ovo::{pairs, vote, OvoOutcome, OvoRecord, OvoTrainer, Vote};
use perceptron_lab::core::algo::{parse_class_csv, ClassData};
use perceptron_lab::core::Learner;
use perceptron_lab::core::{
    Dataset, InitWeights, Label, Order, Refusal, Settings, StepOutcome, TrainState, Trainer,
};
use proptest::prelude::*;

fn class_data(points: &[(f64, f64, &str)]) -> ClassData {
    let xs: Vec<f64> = points.iter().flat_map(|p| [p.0, p.1]).collect();
    let labels: Vec<String> = points.iter().map(|p| p.2.to_string()).collect();
    ClassData::new(2, xs, &labels).expect("valid class data")
}

fn step(trainer: &mut OvoTrainer, data: &ClassData) -> OvoRecord {
    match trainer.step(data) {
        OvoOutcome::Stepped(record) => record,
        OvoOutcome::Refused(why) => panic!("step refused: {why:?}"),
    }
}

#[test]
fn pairs_in_row_order() {
    assert_eq!(pairs(3), [(0, 1), (0, 2), (1, 2)]);
    assert_eq!(pairs(4), [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
    assert_eq!(pairs(6).len(), 15);
}

/// Pair (i, j) votes j when its score is positive, i otherwise; most votes wins, the lowest
/// index among ties.
#[test]
fn votes_and_ties() {
    // All zero: every pair votes its lower class → 2, 1, 0.
    assert_eq!(
        vote(3, &[0.0, 0.0, 0.0]),
        Vote {
            votes: vec![2, 1, 0],
            winner: 0,
            tied: false
        }
    );
    // A cycle: 1 beats 0, 0 beats 2, 2 beats 1 → one vote each, tied, class 0.
    assert_eq!(
        vote(3, &[1.0, -1.0, 1.0]),
        Vote {
            votes: vec![1, 1, 1],
            winner: 0,
            tied: true
        }
    );
    // 2 beats 0 and 1 (scores of (0,2) and (1,2) positive).
    assert_eq!(vote(3, &[-1.0, 0.5, 3.0]).winner, 2);
    assert!(!vote(3, &[-1.0, 0.5, 3.0]).tied);
    // K = 4: 1 beats 0 and 3, 0 beats 2 and 3, 2 beats 1, 3 beats 2 → 2, 2, 1, 1: tied, class 0.
    let four = vote(4, &[1.0, -1.0, -1.0, 1.0, -1.0, 1.0]);
    assert_eq!(four.votes, [2, 2, 1, 1]);
    assert_eq!((four.winner, four.tied), (0, true));
    // Class 1 and 3 tie with 2 votes each; 1 is lower.
    let four = vote(4, &[1.0, -1.0, 1.0, 1.0, -1.0, 1.0]);
    assert_eq!(four.votes, [1, 2, 1, 2]);
    assert_eq!((four.winner, four.tied), (1, true));
}

/// Bias off, zero weights, a = (−1, −1) class 0, b = (0, 1) class 1, c = (−1, 0) class 2.
#[test]
fn a_run_by_hand() {
    let data = class_data(&[(-1.0, -1.0, "a"), (0.0, 1.0, "b"), (-1.0, 0.0, "c")]);
    let settings = Settings {
        bias: false,
        ..Settings::default()
    };
    let mut trainer = OvoTrainer::new(settings, 2, 3).unwrap();
    assert_eq!(trainer.pairs(), [(0, 1), (0, 2), (1, 2)]);

    // Step 1, a (class 0): pairs (0,1) and (0,2) see y = −1 with score 0 → both become −a.
    // Before, every score is 0, so the vote is 2, 1, 0 for class 0.
    let r = step(&mut trainer, &data);
    assert_eq!((r.class, r.predicted, r.tied), (0, 0, false));
    assert_eq!(r.votes, [2, 1, 0]);
    assert_eq!(r.visited, [(0, 1), (0, 2)]);
    assert_eq!(r.updated, [(0, 1), (0, 2)]);
    assert_eq!(
        r.weights_after,
        [
            vec![0.0, 1.0, 1.0],
            vec![0.0, 1.0, 1.0],
            vec![0.0, 0.0, 0.0]
        ]
    );

    // Step 2, b (class 1): (0,1) sees y = +1, score 1 → right; (1,2) sees y = −1, score 0 →
    // W12 = −b. Before: (0,1) votes 1, (0,2) votes 2, (1,2) votes 1 → class 1.
    let r = step(&mut trainer, &data);
    assert_eq!(r.scores, [1.0, 1.0, 0.0]);
    assert_eq!(r.votes, [0, 2, 1]);
    assert_eq!((r.predicted, r.tied), (1, false));
    assert_eq!(r.visited, [(0, 1), (1, 2)]);
    assert_eq!(r.updated, [(1, 2)]);
    assert_eq!(r.weights_after[2], [0.0, 0.0, -1.0]);

    // Step 3, c (class 2): (0,2) y = +1, score −1 → W02 = (1, 1) + (−1, 0) = (0, 1); (1,2)
    // y = +1, score 0 → W12 = (0, −1) + (−1, 0) = (−1, −1). Before: votes 0, 0, 1 → class 0.
    let r = step(&mut trainer, &data);
    assert_eq!(r.scores, [-1.0, -1.0, 0.0]);
    assert_eq!(r.votes, [2, 1, 0]);
    assert_eq!(r.predicted, 0);
    assert_eq!(r.updated, [(0, 2), (1, 2)]);
    assert_eq!(
        trainer.weights(),
        [
            vec![0.0, 1.0, 1.0],
            vec![0.0, 0.0, 1.0],
            vec![0.0, -1.0, -1.0]
        ]
    );
    assert_eq!(trainer.pair_updates(), [1, 2, 2]);

    // At (−1, 1): s01 = 0 → 0, s02 = 1 → 2, s12 = 0 → 1: one vote each, tied, class 0.
    assert_eq!(trainer.scores(&[-1.0, 1.0]), [0.0, 1.0, 0.0]);
    assert!(trainer.is_tied(&[-1.0, 1.0]));
    assert_eq!(trainer.predict(&[-1.0, 1.0]), 0);
    assert_eq!(trainer.vote(&[-1.0, 1.0]).votes, [1, 1, 1]);
    // At (1, 1): s01 = 2 → 1, s02 = 1 → 2, s12 = −2 → 1: class 1, not tied.
    assert_eq!(trainer.vote(&[1.0, 1.0]).votes, [0, 2, 1]);
    assert!(!trainer.is_tied(&[1.0, 1.0]));
    assert_eq!(trainer.predict(&[1.0, 1.0]), 1);

    // Epoch 2 errs once on (0,2) at c (score 0): W02 = (−1, 1); epoch 3 twice on (0,2): at a
    // (score 0) W02 = (0, 2), at c (score 0) W02 = (−1, 2); epoch 4 is clean.
    assert_eq!(trainer.run(&data, |_| {}), Refusal::Converged);
    assert_eq!((trainer.steps(), trainer.epoch()), (12, 4));
    assert_eq!(
        trainer.weights(),
        [
            vec![0.0, 1.0, 1.0],
            vec![0.0, -1.0, 2.0],
            vec![0.0, -1.0, -1.0]
        ]
    );
    assert_eq!(trainer.pair_updates(), [1, 5, 2]);
    assert_eq!(trainer.updates(), 8);
    for i in 0..data.len() {
        assert_eq!(trainer.predict(data.x(i)), data.class(i));
        assert!(!trainer.is_tied(data.x(i)));
    }
    // (−1, 1) is still tied: s = 0, 3, 0.
    assert!(trainer.is_tied(&[-1.0, 1.0]));
}

/// With two classes there is one pair, (0, 1), class 1 positive: the classic rule.
#[test]
fn two_classes_are_the_classic_rule() {
    let bytes = std::fs::read("tests/data/seed001-example1.csv").unwrap();
    let data = parse_class_csv(&bytes).unwrap();
    let binary = perceptron_lab::core::parse_csv(&bytes).unwrap();
    for bias in [false, true] {
        let settings = Settings {
            bias,
            ..Settings::default()
        };
        let mut ovo = OvoTrainer::new(settings.clone(), 2, 2).unwrap();
        let mut classic = Trainer::new(settings, 2).unwrap();
        loop {
            match (ovo.step(&data), classic.step(&binary)) {
                (OvoOutcome::Stepped(r), StepOutcome::Stepped(c)) => {
                    assert_eq!(r.weights_after, [c.weights_after]);
                    assert_eq!(r.mistake, c.mistake);
                }
                (OvoOutcome::Refused(a), StepOutcome::Refused(b)) => {
                    assert_eq!(a, b);
                    break;
                }
                (a, b) => panic!("out of step: {a:?} vs {b:?}"),
            }
        }
        assert_eq!(ovo.state(), TrainState::Converged);
    }
}

#[test]
fn refusals_and_errors() {
    assert!(OvoTrainer::new(Settings::default(), 2, 1).is_err());
    assert!(OvoTrainer::new(Settings::default(), 2, MAX_CLASSES + 1).is_err());
    let mut trainer = OvoTrainer::new(Settings::default(), 2, 3).unwrap();
    assert_eq!(trainer.weights().len(), 3);
    let empty = ClassData::new(2, vec![], &[]).unwrap();
    assert!(matches!(
        trainer.step(&empty),
        OvoOutcome::Refused(Refusal::NoData)
    ));
    let one = class_data(&[(0.0, 0.0, "a")]);
    assert!(matches!(
        trainer.step(&one),
        OvoOutcome::Refused(Refusal::OneClass)
    ));
    let six = OvoTrainer::new(Settings::default(), 2, 6).unwrap();
    assert_eq!(six.weights().len(), 15);
}

fn random_data() -> impl Strategy<Value = (usize, Vec<f64>, Vec<String>)> {
    (0usize..4, 0usize..14).prop_flat_map(|(dim, n)| {
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
    /// Any small data: no panic; in data order each pair (i, j) ends as the classic `Trainer`
    /// on the samples of classes i and j (j positive); convergence classifies every sample
    /// right with all K − 1 of its pairs' votes.
    #[test]
    fn never_panics_and_each_pair_is_the_classic_rule(
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
            seed: 5,
            order: if shuffle { Order::Shuffle } else { Order::Fixed },
            init: if random_init { InitWeights::Random } else { InitWeights::Zero },
        };
        let k = data.num_classes();
        let Ok(trainer) = OvoTrainer::new(settings.clone(), dim, k) else {
            prop_assert!(!(2..=MAX_CLASSES).contains(&k));
            return Ok(());
        };
        let stopping = if exact { Stopping::ExactEpochs } else { Stopping::AfterCleanEpoch };
        let mut trainer = trainer.with_stopping(stopping);
        let why = trainer.run(&data, |r| {
            assert_eq!(r.visited.len(), k - 1);
            assert!(r.updated.iter().all(|p| r.visited.contains(p)));
            assert!(r.visited.iter().all(|&(i, j)| i == r.class || j == r.class));
            assert_eq!(r.mistake, !r.updated.is_empty());
            assert_eq!(r.votes.iter().sum::<usize>(), k * (k - 1) / 2);
        });
        if exact {
            prop_assert_eq!(trainer.steps(), max_epochs * data.len() as u64);
        }
        if why == Refusal::Converged {
            for i in 0..data.len() {
                let v = trainer.vote(data.x(i));
                prop_assert_eq!(v.winner, data.class(i));
                prop_assert_eq!(v.votes[data.class(i)], k - 1);
                prop_assert!(!v.tied);
            }
        }
        prop_assert!(trainer.predict(&probe) < k);
        let _ = trainer.is_tied(&probe);
        // The winner without allocating (a plane's points) is the vote's, tie included.
        for x in (0..data.len()).map(|i| data.x(i)).chain([&probe[..]]) {
            let v = trainer.vote(x);
            prop_assert_eq!(trainer.winner(x), (v.winner, v.tied));
        }
        for x in [[0.0, 0.0], [1.5, -2.0], [-3.25, 0.5]] {
            if dim == 2 {
                let v = trainer.vote(&x);
                prop_assert_eq!(trainer.winner(&x), (v.winner, v.tied));
            }
        }
        if !random_init && !shuffle {
            for (p, &(i, j)) in trainer.pairs().iter().enumerate() {
                let mut binary = Dataset::new(dim);
                for s in 0..data.len() {
                    let c = data.class(s);
                    if c == i || c == j {
                        let label = if c == j { Label::Pos } else { Label::Neg };
                        binary.push(data.x(s), label).unwrap();
                    }
                }
                let mut classic = Trainer::new(settings.clone(), dim).unwrap();
                classic.run(&binary, |_| {});
                prop_assert_eq!(&trainer.weights()[p][..], classic.weights());
            }
        }
    }
}
