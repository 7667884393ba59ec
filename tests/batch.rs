//! The batch perceptron (seeds 002, 003): hand-computed epochs, convergence with `J_p = 0`,
//! `J_p ≥ 0` and `|M|` against a direct count, XOR never converging, and η only scaling w from
//! zero.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::algo::batch::{criterion, Batch, BatchOutcome, BatchRecord};
use perceptron_lab::core::Learner;
use perceptron_lab::core::{Dataset, InitWeights, Label, Order, Refusal, Settings, TrainState};
use proptest::prelude::*;

fn dataset_of(points: &[(f64, f64, i8)]) -> Dataset {
    let mut data = Dataset::new(2);
    for &(a, b, y) in points {
        let label = if y > 0 { Label::Pos } else { Label::Neg };
        data.push(&[a, b], label).unwrap();
    }
    data
}

/// Seed 000's training set.
fn seed000() -> Dataset {
    dataset_of(&[
        (1.0, 1.0, -1),
        (3.0, 2.0, 1),
        (2.0, 4.0, 1),
        (3.0, 4.0, 1),
        (2.0, 3.0, -1),
    ])
}

fn xor() -> Dataset {
    dataset_of(&[
        (1.0, 1.0, 1),
        (1.0, -1.0, -1),
        (-1.0, 1.0, -1),
        (-1.0, -1.0, 1),
    ])
}

fn stepped(batch: &mut Batch, data: &Dataset) -> BatchRecord {
    match batch.step(data) {
        BatchOutcome::Stepped(record) => record,
        BatchOutcome::Refused(why) => panic!("refused: {why:?}"),
    }
}

/// Seed 000's points from w = [−1, 0, 0] (bias first), η = 1.
///
/// Epoch 1: every score is −1. Points 1 and 5 (y = −1) have y·s = 1 > 0; points 2, 3, 4
/// (y = +1) have y·s = −1 ≤ 0, so M = {2, 3, 4} and J_p = 1 + 1 + 1 = 3.
/// Σ_M y·[1, x] = [1, 3, 2] + [1, 2, 4] + [1, 3, 4] = [3, 8, 10], so w = [2, 8, 10].
///
/// Epoch 2: scores 2+8+10 = 20, 2+24+20 = 46, 2+16+40 = 58, 2+24+40 = 66, 2+16+30 = 48.
/// Points 1 and 5 are negative with positive scores: M = {1, 5}, J_p = 20 + 48 = 68.
/// Σ_M y·[1, x] = −[1, 1, 1] − [1, 2, 3] = [−2, −3, −4], so w = [0, 5, 6].
///
/// Epoch 3: scores 11, 27, 34, 39, 28: M = {1, 5}, J_p = 11 + 28 = 39, w = [−2, 2, 2].
#[test]
fn seed_000_epochs_by_hand() {
    let data = seed000();
    let settings = Settings {
        init: InitWeights::Explicit(vec![-1.0, 0.0, 0.0]),
        ..Settings::default()
    };
    let mut batch = Batch::new(settings, 2).unwrap();
    assert_eq!(batch.epochs(), 0);
    assert!(batch.history().is_empty());

    let first = stepped(&mut batch, &data);
    assert_eq!(first.epoch, 1);
    assert_eq!(first.mistakes, [2, 3, 4]);
    assert_eq!(first.criterion, 3.0);
    assert_eq!(first.weights_before, [-1.0, 0.0, 0.0]);
    assert_eq!(first.update(), [3.0, 8.0, 10.0]);
    assert_eq!(first.weights_after, [2.0, 8.0, 10.0]);

    let second = stepped(&mut batch, &data);
    assert_eq!(second.epoch, 2);
    assert_eq!(second.mistakes, [1, 5]);
    assert_eq!(second.criterion, 68.0);
    assert_eq!(second.update(), [-2.0, -3.0, -4.0]);
    assert_eq!(second.weights_after, [0.0, 5.0, 6.0]);

    let third = stepped(&mut batch, &data);
    assert_eq!(
        (third.mistakes.as_slice(), third.criterion),
        (&[1, 5][..], 39.0)
    );
    assert_eq!(batch.weights(), [-2.0, 2.0, 2.0]);

    let plot: Vec<(u64, f64, usize)> = batch
        .history()
        .iter()
        .map(|h| (h.epoch, h.criterion, h.mistakes))
        .collect();
    assert_eq!(plot, [(1, 3.0, 3), (2, 68.0, 2), (3, 39.0, 2)]);
    assert_eq!(batch.state(), TrainState::Running);
}

/// Epoch 26 of that run is w = [−13, 5, 1]: point 5 (2, 3, −) scores −13 + 10 + 3 = 0, a
/// mistake, but it adds nothing to J_p: M = {5} with J_p = 0. J_p = 0 is not convergence.
/// The run converges in epoch 116 at w = [−33, 13, 2] (scores −18, 10, 1, 14, −1).
#[test]
fn seed_000_converges_with_zero_criterion() {
    let data = seed000();
    let settings = Settings {
        init: InitWeights::Explicit(vec![-1.0, 0.0, 0.0]),
        ..Settings::default()
    };
    let mut batch = Batch::new(settings, 2).unwrap();
    let mut records = Vec::new();
    assert_eq!(
        batch.run(&data, |r| records.push(r.clone())),
        Refusal::Converged
    );
    assert_eq!(records[25].weights_before, [-13.0, 5.0, 1.0]);
    assert_eq!(
        (records[25].mistakes.as_slice(), records[25].criterion),
        (&[5][..], 0.0)
    );
    assert_eq!(records.len(), 116);
    let last = records.last().unwrap();
    assert_eq!(last.epoch, 116);
    assert!(last.mistakes.is_empty());
    assert_eq!(last.criterion, 0.0);
    assert_eq!(last.weights_before, last.weights_after);
    assert_eq!(batch.weights(), [-33.0, 13.0, 2.0]);
    assert_eq!(batch.state(), TrainState::Converged);
    assert_eq!(batch.epochs(), 116);
    assert_eq!(batch.criterion(&data).value, 0.0);
    for i in 0..data.len() {
        assert!(data.label(i).y() * batch.score(data.x(i)) > 0.0);
    }
    assert_eq!(batch.step(&data), BatchOutcome::Refused(Refusal::Converged));
    assert_eq!(batch.history().len(), 116);
    // Every step moved along the recorded path: each record starts where the last one ended.
    for pair in records.windows(2) {
        assert_eq!(pair[0].weights_after, pair[1].weights_before);
    }
}

/// Seed 001's first example without bias from w = 0: every score is 0, so M = {1, 2, 3, 4} and
/// Σ_M y·x = (4, 0) − (1, 1) − (0, 1) + (−2, −2) = (1, −4); then scores 4, −3, −4, 6 are all
/// right, and epoch 2 is clean.
#[test]
fn seed_001_example_without_bias() {
    let data = dataset_of(&[
        (4.0, 0.0, 1),
        (1.0, 1.0, -1),
        (0.0, 1.0, -1),
        (-2.0, -2.0, 1),
    ]);
    let settings = Settings {
        bias: false,
        ..Settings::default()
    };
    let mut batch = Batch::new(settings, 2).unwrap();
    let first = stepped(&mut batch, &data);
    assert_eq!(first.mistakes, [1, 2, 3, 4]);
    assert_eq!(first.criterion, 0.0);
    assert_eq!(first.weights_after, [0.0, 1.0, -4.0]);
    let second = stepped(&mut batch, &data);
    assert!(second.mistakes.is_empty());
    assert_eq!(batch.state(), TrainState::Converged);
    assert_eq!(batch.weights(), [0.0, 1.0, -4.0]);
}

/// XOR never converges. From w = 0 it is stuck: all four scores are 0 (M = all, J_p = 0) and
/// Σ_M y·[1, x] = [1, 1, 1] − [1, 1, −1] − [1, −1, 1] + [1, −1, −1] = 0.
#[test]
fn xor_never_converges() {
    let data = xor();
    let settings = Settings {
        max_epochs: 50,
        ..Settings::default()
    };
    let mut batch = Batch::new(settings.clone(), 2).unwrap();
    let mut records = Vec::new();
    assert_eq!(
        batch.run(&data, |r| records.push(r.clone())),
        Refusal::MaxEpochs
    );
    assert_eq!(records.len(), 50);
    assert_eq!(batch.state(), TrainState::MaxEpochs);
    assert!(records
        .iter()
        .all(|r| r.mistakes == [1, 2, 3, 4] && r.criterion == 0.0));
    assert_eq!(batch.weights(), [0.0, 0.0, 0.0]);
    assert_eq!(batch.step(&data), BatchOutcome::Refused(Refusal::MaxEpochs));

    // From other starting points it moves, but M is never empty.
    for init in [vec![0.5, 1.0, -0.25], vec![-1.0, 2.0, 3.0]] {
        let mut batch = Batch::new(
            Settings {
                init: InitWeights::Explicit(init),
                ..settings.clone()
            },
            2,
        )
        .unwrap();
        let mut sizes = Vec::new();
        assert_eq!(
            batch.run(&data, |r| sizes.push(r.mistakes.len())),
            Refusal::MaxEpochs
        );
        assert_eq!(sizes.len(), 50);
        assert!(sizes.iter().all(|&m| m > 0));
    }
}

#[test]
fn refusals_leave_the_run_as_it_was() {
    let mut batch = Batch::new(Settings::default(), 2).unwrap();
    assert_eq!(
        batch.step(&Dataset::new(2)),
        BatchOutcome::Refused(Refusal::NoData)
    );
    let one_class = dataset_of(&[(1.0, 1.0, 1), (2.0, 2.0, 1)]);
    assert_eq!(
        batch.step(&one_class),
        BatchOutcome::Refused(Refusal::OneClass)
    );
    assert_eq!(batch.epochs(), 0);
    assert!(batch.history().is_empty());
    assert!(Batch::new(
        Settings {
            max_epochs: 0,
            ..Settings::default()
        },
        2
    )
    .is_err());
    assert!(Batch::new(
        Settings {
            init: InitWeights::Explicit(vec![1.0, 2.0]),
            ..Settings::default()
        },
        2
    )
    .is_err());
}

/// A converged run resumes when told the data changed; a capped run stays stopped.
#[test]
fn data_changes_reopen_a_converged_run() {
    let mut data = seed000();
    let mut batch = Batch::new(Settings::default(), 2).unwrap();
    batch.run(&data, |_| {});
    assert_eq!(batch.state(), TrainState::Converged);
    let epochs = batch.epochs();
    data.push(&[0.0, 0.0], Label::Pos).unwrap();
    batch.sample_moved();
    assert_eq!(batch.state(), TrainState::Running);
    let next = stepped(&mut batch, &data);
    assert_eq!(next.epoch, epochs + 1);
    assert_eq!(next.mistakes, [6]); // (0, 0) scores b < 0

    let mut capped = Batch::new(
        Settings {
            max_epochs: 1,
            ..Settings::default()
        },
        2,
    )
    .unwrap();
    stepped(&mut capped, &xor());
    capped.sample_moved();
    assert_eq!(capped.state(), TrainState::MaxEpochs);
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

fn run_all(settings: Settings, data: &Dataset) -> (Batch, Vec<BatchRecord>) {
    let mut batch = Batch::new(settings, data.dim()).unwrap();
    let mut records = Vec::new();
    batch.run(data, |r| records.push(r.clone()));
    (batch, records)
}

proptest! {
    /// J_p ≥ 0 at every epoch, M is exactly the samples with y·(w·x + b) ≤ 0 (counted directly
    /// here), J_p is −Σ_M y·(w·x + b), the update is η·Σ_M y·[1, x], b stays 0 without bias,
    /// and the order setting changes nothing.
    #[test]
    fn criterion_and_mistakes_match_a_direct_count(
        points in prop::collection::vec((-20i32..20, -20i32..20, any::<bool>()), 2..20),
        eta in prop::sample::select(vec![1.0, 0.5, 0.1, 2.5]),
        bias in any::<bool>(),
        random_init in any::<bool>(),
        seed in 0u64..1000,
    ) {
        let data = dataset(&points);
        prop_assume!(data.has_both_classes());
        let settings = Settings {
            bias,
            eta,
            seed,
            max_epochs: 30,
            init: if random_init { InitWeights::Random } else { InitWeights::Zero },
            ..Settings::default()
        };
        let (batch, records) = run_all(settings.clone(), &data);
        prop_assert!(!records.is_empty());
        prop_assert_eq!(batch.history().len(), records.len());
        for (k, (r, h)) in records.iter().zip(batch.history()).enumerate() {
            let w = &r.weights_before;
            let mut count = 0;
            let mut j = 0.0;
            let mut update = [0.0; 3];
            for i in 0..data.len() {
                let x = data.x(i);
                let y = data.label(i).y();
                // w·x first, then + b, as `Trainer::score` (with η = 0.1 the rounding of a
                // score near 0 depends on the order of the sums).
                let s = w[0] + (w[1] * x[0] + w[2] * x[1]);
                if y * s <= 0.0 {
                    count += 1;
                    j -= y * s;
                    prop_assert!(r.mistakes.contains(&(i + 1)));
                    update[0] += if bias { y } else { 0.0 };
                    update[1] += y * x[0];
                    update[2] += y * x[1];
                }
            }
            prop_assert!(r.criterion >= 0.0);
            prop_assert_eq!(r.mistakes.len(), count);
            prop_assert!((r.criterion - j).abs() <= 1e-9 * (1.0 + j.abs()));
            prop_assert_eq!(r.epoch, k as u64 + 1);
            prop_assert_eq!((h.epoch, h.criterion, h.mistakes), (r.epoch, r.criterion, count));
            for (got, want) in r.update().iter().zip(update) {
                prop_assert!((got - eta * want).abs() <= 1e-9 * (1.0 + got.abs()));
            }
            if !bias {
                prop_assert_eq!(r.weights_after[0], 0.0);
            }
            // The free function agrees on the same weights.
            let c = criterion(w, &data);
            prop_assert_eq!((c.value, c.mistakes.as_slice()), (r.criterion, r.mistakes.as_slice()));
        }
        // Converged exactly when the last epoch was clean; otherwise stopped at the cap.
        let last = records.last().unwrap();
        if last.mistakes.is_empty() {
            prop_assert_eq!(batch.state(), TrainState::Converged);
            prop_assert_eq!(last.criterion, 0.0);
        } else {
            prop_assert_eq!(batch.state(), TrainState::MaxEpochs);
            prop_assert_eq!(records.len(), 30);
        }
        // Order does not matter for batch.
        let (shuffled, shuffled_records) = run_all(
            Settings { order: Order::Shuffle, ..settings },
            &data,
        );
        prop_assert_eq!(shuffled.weights(), batch.weights());
        prop_assert_eq!(shuffled_records, records);
    }

    /// From w = 0, η only scales w: the same M every epoch, every weight and J_p exactly η
    /// times the η = 1 values (η a power of two, so the scaling is exact in floating point).
    #[test]
    fn eta_only_scales_w_from_zero(
        points in prop::collection::vec((-20i32..20, -20i32..20, any::<bool>()), 2..25),
        eta in prop::sample::select(vec![0.5, 0.25, 2.0, 4.0, 0.125]),
        bias in any::<bool>(),
    ) {
        let data = dataset(&points);
        prop_assume!(data.has_both_classes());
        let settings = |eta| Settings { eta, bias, max_epochs: 40, ..Settings::default() };
        let (_, unit) = run_all(settings(1.0), &data);
        let (_, scaled) = run_all(settings(eta), &data);
        prop_assert_eq!(unit.len(), scaled.len());
        for (a, b) in unit.iter().zip(&scaled) {
            prop_assert_eq!(&a.mistakes, &b.mistakes);
            prop_assert_eq!(a.criterion * eta, b.criterion);
            let scaled_w: Vec<f64> = a.weights_after.iter().map(|w| w * eta + 0.0).collect();
            prop_assert_eq!(&scaled_w, &b.weights_after);
        }
    }

    /// On separable data the batch rule converges, and then every sample is right and J_p = 0.
    #[test]
    fn converges_on_separable_data(
        points in prop::collection::vec((-20i32..20, -20i32..20), 2..20),
        random_init in any::<bool>(),
        seed in 0u64..1000,
    ) {
        // Separable with a margin: the label is the side of x1 + 2·x2 = 1 (x = coordinates / 4),
        // and no point lies on that line.
        let labelled: Vec<(i32, i32, bool)> =
            points.iter().map(|&(a, b)| (a, b, a + 2 * b > 4)).collect();
        let data = dataset(&labelled);
        prop_assume!(data.has_both_classes());
        let settings = Settings {
            max_epochs: 1_000_000,
            seed,
            init: if random_init { InitWeights::Random } else { InitWeights::Zero },
            ..Settings::default()
        };
        let (batch, records) = run_all(settings, &data);
        prop_assert_eq!(batch.state(), TrainState::Converged);
        let last = records.last().unwrap();
        prop_assert!(last.mistakes.is_empty());
        prop_assert_eq!(last.criterion, 0.0);
        prop_assert_eq!(batch.criterion(&data).value, 0.0);
        for i in 0..data.len() {
            prop_assert!(data.label(i).y() * batch.score(data.x(i)) > 0.0);
        }
    }
}
