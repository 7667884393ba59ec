//! The averaged perceptron (seed 004): agreement with scikit-learn 1.9's
//! `SGDClassifier(loss="perceptron", average=True, tol=None, shuffle=False)`, whose averaged
//! `coef_`/`intercept_` `scripts/averaged_reference.py` recorded in
//! `tests/data/averaged_reference.json`; the average equals the mean of the per-visit weights of
//! an independently replayed classic `Trainer`; prediction and accuracy use the average.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::algo::averaged::Averaged;
use perceptron_lab::core::Learner;
use perceptron_lab::core::{
    epoch_order, Dataset, InitWeights, Label, Order, Refusal, Settings, StepOutcome, StepRecord,
    TrainState, Trainer,
};
use proptest::prelude::*;
use serde::Deserialize;

#[derive(Deserialize)]
struct Reference {
    generator: String,
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    /// Features, then the label (−1 or +1).
    points: Vec<Vec<f64>>,
    bias: bool,
    max_epochs: u64,
    eta: f64,
    /// scikit-learn's `coef_` (the averaged w̄).
    average: Vec<f64>,
    /// scikit-learn's `intercept_` (the averaged b̄).
    average_intercept: f64,
    /// scikit-learn's `_standard_coef` (the plain, final w).
    weights: Vec<f64>,
}

fn dataset_of(points: &[Vec<f64>]) -> Dataset {
    let dim = points.first().map_or(0, |p| p.len() - 1);
    let mut data = Dataset::new(dim);
    for p in points {
        let label = if p[dim] > 0.0 { Label::Pos } else { Label::Neg };
        data.push(&p[..dim], label).unwrap();
    }
    data
}

fn close(ours: &[f64], theirs: &[f64], tol: f64) -> bool {
    ours.len() == theirs.len()
        && ours
            .iter()
            .zip(theirs)
            .all(|(a, b)| (a - b).abs() <= tol * (1.0 + b.abs()))
}

fn seed000() -> Dataset {
    dataset_of(&[
        vec![1.0, 1.0, -1.0],
        vec![3.0, 2.0, 1.0],
        vec![2.0, 4.0, 1.0],
        vec![3.0, 4.0, 1.0],
        vec![2.0, 3.0, -1.0],
    ])
}

#[test]
fn averaged_weights_equal_scikit_learn() {
    let text = std::fs::read_to_string("tests/data/averaged_reference.json").expect("reference");
    let reference: Reference = serde_json::from_str(&text).expect("valid reference JSON");
    assert!(reference
        .generator
        .starts_with("scikit-learn 1.9.1 SGDClassifier average=True"));
    assert_eq!(reference.cases.len(), 88);
    let mut coasted = 0;
    for case in &reference.cases {
        let data = dataset_of(&case.points);
        let settings = Settings {
            bias: case.bias,
            eta: case.eta,
            max_epochs: case.max_epochs,
            ..Settings::default()
        };
        let mut averaged = Averaged::new(settings, data.dim()).unwrap();
        let mut visits = 0u64;
        let result = averaged.run_epochs(&data, case.max_epochs, |_| visits += 1);
        let what = format!(
            "{} (bias {}, {} epochs, η {})",
            case.name, case.bias, case.max_epochs, case.eta
        );
        assert_eq!(result, Ok(()), "{what}");
        // Exactly E epochs of visits, as scikit-learn with tol=None.
        assert_eq!(visits, case.max_epochs * data.len() as u64, "{what}");
        assert_eq!(averaged.visits(), visits, "{what}");
        if averaged.state() == TrainState::Converged && averaged.trainer().epoch() < case.max_epochs
        {
            coasted += 1;
        }

        let mut expected = vec![case.average_intercept];
        expected.extend(&case.average);
        let ours = averaged.average();
        assert!(
            close(&ours, &expected, 1e-9),
            "{what}: our average {ours:?}, scikit-learn {expected:?}"
        );
        // The plain weights are the classic rule's.
        assert!(
            close(&averaged.weights()[1..], &case.weights, 1e-9),
            "{what}: our w {:?}, scikit-learn {:?}",
            averaged.weights(),
            case.weights
        );
        if !case.bias {
            assert_eq!(ours[0], 0.0, "{what}: b̄ stays 0 without bias");
        }
    }
    // The fixture exercises visits after convergence, where only the average moves.
    assert!(coasted >= 10, "only {coasted} cases converged early");
}

/// Seed 000's points from w = 0, one epoch, by hand:
/// visit 1 (1,1,−): score 0, mistake → w = [−1, −1, −1];
/// visit 2 (3,2,+): score −6, mistake → w = [0, 2, 1];
/// visits 3, 4 (2,4,+), (3,4,+): scores 8, 10, correct → w = [0, 2, 1];
/// visit 5 (2,3,−): score 7, mistake → w = [−1, 0, −2].
/// Σ w_s = [−1,−1,−1] + 3·[0,2,1] + [−1,0,−2] = [−2, 5, 0], so w̄ = [−0.4, 1, 0].
#[test]
fn one_epoch_of_seed_000_by_hand() {
    let data = seed000();
    let mut averaged = Averaged::new(Settings::default(), 2).unwrap();
    assert_eq!(averaged.average(), [0.0, 0.0, 0.0]); // no visits: w̄ is w
    let sums: [[f64; 3]; 5] = [
        [-1.0, -1.0, -1.0],
        [-1.0, 1.0, 0.0],
        [-1.0, 3.0, 1.0],
        [-1.0, 5.0, 2.0],
        [-2.0, 5.0, 0.0],
    ];
    for (t, sum) in sums.iter().enumerate() {
        assert!(matches!(averaged.step(&data), StepOutcome::Stepped(_)));
        let mean: Vec<f64> = sum.iter().map(|s| s / (t + 1) as f64).collect();
        assert_eq!(averaged.average(), mean, "after visit {}", t + 1);
    }
    assert_eq!(averaged.weights(), [-1.0, 0.0, -2.0]);
    assert_eq!(averaged.average(), [-0.4, 1.0, 0.0]);
}

/// After that epoch the classic w = [−1, 0, −2] and the average w̄ = [−0.4, 1, 0] disagree on
/// (3, 2): w scores −5 (class −1), w̄ scores 2.6 (class +1). Prediction and accuracy use w̄:
/// w̄ gets 2, 3, 4 right (scores 2.6, 1.6, 2.6) and 1, 5 wrong (0.6, 1.6), so 3/5; w would get 2/5.
#[test]
fn prediction_and_accuracy_use_the_average() {
    let data = seed000();
    let mut averaged = Averaged::new(Settings::default(), 2).unwrap();
    for _ in 0..5 {
        averaged.step(&data);
    }
    assert_eq!(averaged.trainer().score(&[3.0, 2.0]), -5.0);
    assert!((averaged.score(&[3.0, 2.0]) - 2.6).abs() < 1e-12);
    assert_eq!(averaged.predict(&[3.0, 2.0]), 1.0);
    assert_eq!(averaged.predict(&[1.0, 1.0]), 1.0);
    assert_eq!(averaged.predict(&[0.0, 0.0]), -1.0);
    assert_eq!(averaged.predict(&[0.4, 7.0]), 0.0); // on the averaged boundary
    assert!((averaged.accuracy(&data) - 0.6).abs() < 1e-12);
    let classic_correct = (0..data.len())
        .filter(|&i| data.label(i).y() * averaged.trainer().score(data.x(i)) > 0.0)
        .count();
    assert_eq!(classic_correct, 2);
    assert_eq!(averaged.accuracy(&Dataset::new(2)), 0.0);
    // Before any visit the average is the initial w: zero, so every point is on the boundary.
    let fresh = Averaged::new(Settings::default(), 2).unwrap();
    assert_eq!(fresh.predict(&[3.0, 2.0]), 0.0);
    assert_eq!(fresh.accuracy(&data), 0.0);
}

/// Replays `Trainer` on its own and averages its `weights_after` by hand.
fn replay_means(settings: &Settings, data: &Dataset) -> (Vec<StepRecord>, Vec<Vec<f64>>) {
    let mut trainer = Trainer::new(settings.clone(), data.dim()).unwrap();
    let mut records = Vec::new();
    trainer.run(data, |r| records.push(r.clone()));
    let mut sum = vec![0.0; data.dim() + 1];
    let mut means = Vec::new();
    for (t, record) in records.iter().enumerate() {
        for (s, w) in sum.iter_mut().zip(&record.weights_after) {
            *s += w;
        }
        means.push(sum.iter().map(|s| s / (t + 1) as f64).collect());
    }
    (records, means)
}

fn dataset(points: &[(i32, i32, bool)]) -> Dataset {
    let mut data = Dataset::new(2);
    for &(x, y, pos) in points {
        let label = if pos { Label::Pos } else { Label::Neg };
        data.push(&[f64::from(x) / 4.0, f64::from(y) / 4.0], label)
            .unwrap();
    }
    data
}

proptest! {
    /// w̄ after visit t is the mean of the weights after visits 1..t of an independent classic
    /// run, for every t, in fixed and shuffled order, with zero, random or explicit initial
    /// weights, with and without bias; and the steps themselves are the classic steps.
    #[test]
    fn average_is_the_mean_of_replayed_trainer_weights(
        points in prop::collection::vec((-20i32..20, -20i32..20, any::<bool>()), 2..25),
        eta in prop::sample::select(vec![1.0, 0.5, 0.1, 3.0]),
        bias in any::<bool>(),
        shuffle in any::<bool>(),
        init in 0u8..3,
        seed in 0u64..1000,
    ) {
        let data = dataset(&points);
        prop_assume!(data.has_both_classes());
        let settings = Settings {
            bias,
            eta,
            order: if shuffle { Order::Shuffle } else { Order::Fixed },
            seed,
            max_epochs: 15,
            init: match init {
                0 => InitWeights::Zero,
                1 => InitWeights::Random,
                _ => InitWeights::Explicit(vec![if bias { 0.5 } else { 0.0 }, -1.0, 0.25]),
            },
        };
        let (records, means) = replay_means(&settings, &data);
        let mut averaged = Averaged::new(settings, 2).unwrap();
        for (record, mean) in records.iter().zip(&means) {
            match averaged.step(&data) {
                StepOutcome::Stepped(ours) => prop_assert_eq!(&ours, record),
                StepOutcome::Refused(why) => prop_assert!(false, "refused early: {:?}", why),
            }
            prop_assert!(close(&averaged.average(), mean, 1e-12),
                "step {}: {:?} vs {:?}", record.step, averaged.average(), mean);
            prop_assert_eq!(averaged.weights(), &record.weights_after[..]);
        }
        prop_assert!(matches!(averaged.step(&data), StepOutcome::Refused(_)));
        prop_assert_eq!(averaged.visits(), records.len() as u64);
    }

    /// Running exactly E epochs: the classic steps, then coasting visits in each epoch's order
    /// that keep w and add it to the average, so w̄ is the mean over all E·n visits.
    #[test]
    fn run_epochs_coasts_after_convergence(
        points in prop::collection::vec((-20i32..20, -20i32..20), 2..20),
        shuffle in any::<bool>(),
        seed in 0u64..1000,
        extra in 0u64..6,
    ) {
        // Separable by construction: the label is the side of x1 + 2·x2 = 1.
        let labelled: Vec<(i32, i32, bool)> =
            points.iter().map(|&(a, b)| (a, b, a + 2 * b > 4)).collect();
        let data = dataset(&labelled);
        prop_assume!(data.has_both_classes());
        let settings = Settings {
            order: if shuffle { Order::Shuffle } else { Order::Fixed },
            seed,
            max_epochs: 100_000,
            ..Settings::default()
        };
        let (records, means) = replay_means(&settings, &data);
        let n = data.len();
        let clean_epoch = records.last().map_or(0, |r| r.epoch);
        prop_assert_eq!(records.len(), clean_epoch as usize * n);
        let epochs = clean_epoch + extra;
        let mut averaged = Averaged::new(settings, 2).unwrap();
        let mut ours = Vec::new();
        prop_assert_eq!(averaged.run_epochs(&data, epochs, |r| ours.push(r.clone())), Ok(()));
        prop_assert_eq!(ours.len(), epochs as usize * n);
        prop_assert_eq!(&ours[..records.len()], &records[..]);
        let w = averaged.weights().to_vec();
        let mut sum: Vec<f64> = means.last().unwrap().iter().map(|m| m * records.len() as f64).collect();
        for (k, coast) in ours[records.len()..].iter().enumerate() {
            let epoch = clean_epoch + 1 + (k / n) as u64;
            let order = if shuffle { epoch_order(seed, epoch, n) } else { (0..n).collect() };
            prop_assert_eq!(coast.epoch, epoch);
            prop_assert_eq!(coast.step, (records.len() + k + 1) as u64);
            prop_assert_eq!(coast.index, order[k % n] + 1);
            prop_assert!(!coast.mistake);
            prop_assert_eq!(&coast.weights_before, &w);
            prop_assert_eq!(&coast.weights_after, &w);
            for (s, wi) in sum.iter_mut().zip(&w) {
                *s += wi;
            }
        }
        let t = (epochs as usize * n) as f64;
        let mean: Vec<f64> = sum.iter().map(|s| s / t).collect();
        prop_assert!(close(&averaged.average(), &mean, 1e-9), "{:?} vs {:?}", averaged.average(), mean);
        prop_assert_eq!(averaged.visits(), epochs * n as u64);
        // Asking again for the same number of epochs does nothing; stepping still refuses.
        prop_assert_eq!(averaged.run_epochs(&data, epochs, |_| {}), Ok(()));
        prop_assert_eq!(averaged.visits(), epochs * n as u64);
        prop_assert_eq!(averaged.step(&data), StepOutcome::Refused(Refusal::Converged));
    }
}

#[test]
fn stepping_stops_at_convergence_like_the_classic_rule() {
    let data = seed000();
    let mut averaged = Averaged::new(Settings::default(), 2).unwrap();
    let mut trainer = Trainer::new(Settings::default(), 2).unwrap();
    let mut steps = 0;
    assert_eq!(averaged.run(&data, |_| steps += 1), Refusal::Converged);
    assert_eq!(trainer.run(&data, |_| {}), Refusal::Converged);
    assert_eq!(averaged.trainer(), &trainer);
    assert_eq!(averaged.visits(), steps);
    assert_eq!(steps, trainer.steps());
    // The average moves on only when asked for more epochs.
    let before = averaged.average();
    assert_eq!(averaged.run_epochs(&data, trainer.epoch(), |_| {}), Ok(()));
    assert_eq!(averaged.average(), before);
    assert_eq!(
        averaged.run_epochs(&data, trainer.epoch() + 3, |_| {}),
        Ok(())
    );
    assert_ne!(averaged.average(), before);
    assert_eq!(averaged.weights(), trainer.weights());
}

#[test]
fn refusals_and_the_epoch_cap() {
    let xor = dataset_of(&[
        vec![1.0, 1.0, 1.0],
        vec![1.0, -1.0, -1.0],
        vec![-1.0, 1.0, -1.0],
        vec![-1.0, -1.0, 1.0],
    ]);
    let settings = Settings {
        max_epochs: 5,
        ..Settings::default()
    };
    let mut averaged = Averaged::new(settings.clone(), 2).unwrap();
    assert_eq!(
        averaged.run_epochs(&xor, 8, |_| {}),
        Err(Refusal::MaxEpochs)
    );
    assert_eq!(averaged.visits(), 20);
    assert_eq!(averaged.state(), TrainState::MaxEpochs);
    let mut averaged = Averaged::new(settings.clone(), 2).unwrap();
    assert_eq!(averaged.run_epochs(&xor, 5, |_| {}), Ok(()));
    assert_eq!(averaged.visits(), 20);
    let mut averaged = Averaged::new(settings.clone(), 2).unwrap();
    assert_eq!(averaged.run_epochs(&xor, 3, |_| {}), Ok(()));
    assert_eq!(averaged.visits(), 12);
    assert_eq!(averaged.state(), TrainState::Running);

    // A converged run coasts only up to the cap too.
    let mut capped = Averaged::new(settings.clone(), 2).unwrap();
    assert_eq!(
        capped.run_epochs(
            &dataset_of(&[vec![1.0, 0.0, 1.0], vec![-1.0, 0.0, -1.0]]),
            9,
            |_| {}
        ),
        Err(Refusal::MaxEpochs)
    );
    assert_eq!(
        (capped.state(), capped.visits()),
        (TrainState::Converged, 10)
    );

    let mut empty = Averaged::new(settings.clone(), 2).unwrap();
    assert_eq!(
        empty.step(&Dataset::new(2)),
        StepOutcome::Refused(Refusal::NoData)
    );
    assert_eq!(
        empty.run_epochs(&Dataset::new(2), 3, |_| {}),
        Err(Refusal::NoData)
    );
    let one_class = dataset_of(&[vec![1.0, 1.0, 1.0], vec![2.0, 2.0, 1.0]]);
    assert_eq!(
        empty.run_epochs(&one_class, 3, |_| {}),
        Err(Refusal::OneClass)
    );
    assert_eq!(empty.visits(), 0);
    assert_eq!(empty.average(), [0.0, 0.0, 0.0]);

    let bad = Settings {
        eta: -1.0,
        ..Settings::default()
    };
    assert!(Averaged::new(bad, 2).is_err());
}

/// An edit that reopens a converged run ends coasting; the visits made stay in the average.
#[test]
fn edits_reopen_and_keep_the_average() {
    let mut data = seed000();
    let mut averaged = Averaged::new(Settings::default(), 2).unwrap();
    averaged.run(&data, |_| {});
    let epoch = averaged.trainer().epoch();
    assert_eq!(averaged.run_epochs(&data, epoch + 2, |_| {}), Ok(()));
    let visits = averaged.visits();
    let average = averaged.average();
    data.push(&[0.0, 5.0], Label::Pos).unwrap();
    averaged.sample_added(data.len());
    assert_eq!(averaged.state(), TrainState::Running);
    assert_eq!((averaged.visits(), averaged.average()), (visits, average));
    assert!(matches!(averaged.step(&data), StepOutcome::Stepped(_)));
    assert_eq!(averaged.visits(), visits + 1);
}
