//! The course material's worked examples (shared/seeds 000 and 001), number for number.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::table::markdown_row;
use perceptron_lab::core::Learner;
use perceptron_lab::core::{
    parse_csv, Dataset, InitWeights, Order, Refusal, Settings, StepOutcome, StepRecord, TrainState,
    Trainer,
};

fn data(path: &str) -> Dataset {
    let bytes = std::fs::read(path).expect("test data file");
    parse_csv(&bytes).expect("valid test data")
}

fn steps(trainer: &mut Trainer, data: &Dataset, n: usize) -> Vec<StepRecord> {
    (0..n)
        .map(|_| match trainer.step(data) {
            StepOutcome::Stepped(record) => record,
            StepOutcome::Refused(why) => panic!("step refused: {why:?}"),
        })
        .collect()
}

/// Seed 000, "Single Perceptron Update Pass": start [-1, 0, 0], bias weight first, data order.
#[test]
fn seed_000_single_pass_table() {
    let data = data("tests/data/seed000.csv");
    let settings = Settings {
        init: InitWeights::Explicit(vec![-1.0, 0.0, 0.0]),
        ..Settings::default()
    };
    let mut trainer = Trainer::new(settings, 2).unwrap();
    let pass = steps(&mut trainer, &data, 5);

    let scores: Vec<f64> = pass.iter().map(|r| r.score).collect();
    assert_eq!(scores, [-1.0, -1.0, 14.0, 17.0, 12.0]);
    let mistakes: Vec<bool> = pass.iter().map(|r| r.mistake).collect();
    assert_eq!(mistakes, [false, true, false, false, true]);
    assert_eq!(pass[1].update(), [1.0, 3.0, 2.0]);
    assert_eq!(pass[1].weights_after, [0.0, 3.0, 2.0]);
    assert_eq!(pass[4].update(), [-1.0, -2.0, -3.0]);
    assert_eq!(pass[4].weights_after, [-1.0, 1.0, -1.0]);
    assert_eq!(trainer.weights(), [-1.0, 1.0, -1.0]);

    // The rows read exactly as the course's table.
    let rows: Vec<String> = pass.iter().map(|r| markdown_row(r, 1.0, true)).collect();
    assert_eq!(
        rows,
        [
            "| 1 | [-1, 0, 0] | -1 * 1 + 0 * 1 + 0 * 1 = -1 | yes | none |\n",
            "| 2 | [-1, 0, 0] | -1 * 1 + 0 * 3 + 0 * 2 = -1 | no | +[1, 3, 2] |\n",
            "| 3 | [0, 3, 2] | 0 * 1 + 3 * 2 + 2 * 4 = 14 | yes | none |\n",
            "| 4 | [0, 3, 2] | 0 * 1 + 3 * 3 + 2 * 4 = 17 | yes | none |\n",
            "| 5 | [0, 3, 2] | 0 * 1 + 3 * 2 + 2 * 3 = 12 | no | -[1, 2, 3] |\n",
        ]
    );
}

/// Seed 001, first example: no bias, from w = 0; updates at rounds 1, 2 and 4 to w = (1, −3),
/// then a clean pass.
#[test]
fn seed_001_example_converges_after_round_4() {
    let data = data("tests/data/seed001-example1.csv");
    let settings = Settings {
        bias: false,
        ..Settings::default()
    };
    let mut trainer = Trainer::new(settings, 2).unwrap();
    let first = steps(&mut trainer, &data, 4);
    let margins: Vec<f64> = first.iter().map(|r| r.y * r.score).collect();
    assert_eq!(margins, [0.0, -4.0, 1.0, -4.0]);
    let updated: Vec<u64> = first.iter().filter(|r| r.mistake).map(|r| r.step).collect();
    assert_eq!(updated, [1, 2, 4]);
    let path: Vec<Vec<f64>> = first.iter().map(|r| r.weights_after.clone()).collect();
    assert_eq!(
        path,
        [
            vec![0.0, 4.0, 0.0],
            vec![0.0, 3.0, -1.0],
            vec![0.0, 3.0, -1.0],
            vec![0.0, 1.0, -3.0]
        ]
    );
    assert_eq!(trainer.state(), TrainState::Running);

    let second = steps(&mut trainer, &data, 4);
    assert!(second.iter().all(|r| !r.mistake));
    assert_eq!(second[0].y * second[0].score, 4.0, "round 5: y·⟨w, x⟩ = 4");
    assert_eq!(trainer.state(), TrainState::Converged);
    assert_eq!((trainer.epoch(), trainer.updates()), (2, 3));
    assert_eq!(trainer.weights(), [0.0, 1.0, -3.0]);
    assert_eq!(
        trainer.step(&data),
        StepOutcome::Refused(Refusal::Converged)
    );
}

/// Seed 001, the XOR-like set: back at w = 0 after one pass, never converges.
#[test]
fn seed_001_xor_never_converges() {
    let data = data("tests/data/seed001-xor.csv");
    let settings = Settings {
        bias: false,
        max_epochs: 50,
        ..Settings::default()
    };
    let mut trainer = Trainer::new(settings, 2).unwrap();
    let pass = steps(&mut trainer, &data, 4);
    let path: Vec<Vec<f64>> = pass.iter().map(|r| r.weights_after[1..].to_vec()).collect();
    assert_eq!(
        path,
        [
            vec![1.0, 1.0],
            vec![0.0, 2.0],
            vec![1.0, 1.0],
            vec![0.0, 0.0]
        ]
    );
    assert_eq!(trainer.weights(), [0.0, 0.0, 0.0]);

    let stopped = trainer.run(&data, |_| {});
    assert_eq!(stopped, Refusal::MaxEpochs);
    assert_eq!(trainer.state(), TrainState::MaxEpochs);
    assert_eq!((trainer.epoch(), trainer.steps()), (50, 200));
    assert_eq!(trainer.updates(), 200, "every visit is a mistake");
}

/// The bias stays 0 when it is off, even on mistakes.
#[test]
fn without_bias_w0_stays_zero() {
    let data = data("tests/data/seed000.csv");
    let settings = Settings {
        bias: false,
        max_epochs: 20,
        ..Settings::default()
    };
    let mut trainer = Trainer::new(settings, 2).unwrap();
    trainer.run(&data, |r| assert_eq!(r.weights_after[0], 0.0));
}

/// Shuffled order: each epoch visits every sample exactly once; the same seed gives the same run.
#[test]
fn shuffle_visits_every_sample_once_per_epoch_and_is_reproducible() {
    let bytes = std::fs::read("tests/data/seed000.csv").unwrap();
    let data = parse_csv(&bytes).unwrap();
    let run = |seed: u64| {
        let settings = Settings {
            order: Order::Shuffle,
            seed,
            max_epochs: 30,
            ..Settings::default()
        };
        let mut trainer = Trainer::new(settings, 2).unwrap();
        let mut records = Vec::new();
        trainer.run(&data, |r| records.push(r.clone()));
        records
    };
    let records = run(7);
    let epochs = records.last().unwrap().epoch;
    assert!(epochs > 1);
    let mut orders = Vec::new();
    for epoch in 1..=epochs {
        let mut seen: Vec<usize> = records
            .iter()
            .filter(|r| r.epoch == epoch)
            .map(|r| r.index)
            .collect();
        orders.push(seen.clone());
        seen.sort_unstable();
        assert_eq!(seen, [1, 2, 3, 4, 5], "epoch {epoch}");
    }
    assert!(
        orders.windows(2).any(|w| w[0] != w[1]),
        "the order changes between epochs"
    );
    assert_eq!(records, run(7));
    assert_ne!(records, run(8));
}

/// Numbers beyond f64: a step that would give a NaN score or an infinite weight is refused and
/// changes nothing, instead of silently training on NaN.
#[test]
fn overflowing_steps_are_refused_and_change_nothing() {
    let data = parse_csv(b"x1,x2,y\n1e308,1e308,+\n1e308,-1e308,-\n").unwrap();
    let settings = Settings {
        bias: false,
        ..Settings::default()
    };
    let mut trainer = Trainer::new(settings, 2).unwrap();
    let first = steps(&mut trainer, &data, 1);
    assert_eq!(first[0].weights_after, [0.0, 1e308, 1e308]);
    let before = trainer.clone();
    // (1e308, −1e308) against (1e308, 1e308): +∞ and −∞ terms, no decision possible.
    assert_eq!(trainer.step(&data), StepOutcome::Refused(Refusal::Overflow));
    assert_eq!(trainer, before);
    assert!(trainer.weights().iter().all(|w| w.is_finite()));
}
