//! The classic rule without records (`Trainer::advance`, the command line's `--no-steps` and the
//! epoch benchmark) takes the same visits as `Trainer::step` and ends in the same trainer:
//! weights, counters, epoch order and state, also where a step is refused for overflow; and no
//! weight is ever a negative zero.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::{
    Dataset, InitWeights, Label, Order, Refusal, Settings, StepOutcome, Trainer,
};
use proptest::prelude::*;

/// Coordinates from ordinary to the edge of the numbers, so that some runs overflow.
fn coordinate() -> impl Strategy<Value = f64> {
    prop_oneof![
        -10.0..10.0f64,
        Just(0.0),
        Just(-0.0),
        Just(f64::MAX),
        Just(-f64::MAX),
        Just(1e300),
        Just(5e-324),
    ]
}

/// Settings for samples of `dim` features (explicit weights: `1 + dim` of them).
fn settings(dim: usize) -> impl Strategy<Value = Settings> {
    (
        any::<bool>(),
        any::<bool>(),
        prop_oneof![Just(1.0), Just(0.1), Just(1e308), Just(5e-324)],
        0u64..5,
        1u64..20,
        prop_oneof![
            Just(InitWeights::Zero),
            Just(InitWeights::Random),
            Just(InitWeights::Explicit(
                [0.5, -1.0, 2.0, -0.25][..=dim].to_vec()
            )),
            Just(InitWeights::Explicit(vec![-0.0; dim + 1])),
        ],
    )
        .prop_map(|(bias, shuffle, eta, seed, max_epochs, init)| Settings {
            bias,
            init,
            eta,
            order: if shuffle {
                Order::Shuffle
            } else {
                Order::Fixed
            },
            seed,
            max_epochs,
        })
}

/// Steps one at a time until refused or `most` steps: the steps taken and why it stopped.
fn stepped(t: &mut Trainer, data: &Dataset, most: u64) -> (u64, Option<Refusal>) {
    for taken in 0..most {
        if let StepOutcome::Refused(why) = t.step(data) {
            return (taken, Some(why));
        }
    }
    (most, None)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    // One, two and three features: two take their own loop (`visit_all_2d`), the others the
    // general one.
    fn advance_takes_the_steps_that_step_takes(
        (dim, points, settings) in (1usize..=3).prop_flat_map(|dim| (
            Just(dim),
            prop::collection::vec(
                (prop::collection::vec(coordinate(), dim), any::<bool>()),
                0..12,
            ),
            settings(dim),
        )),
        chunks in prop::collection::vec(0u64..40, 1..5),
    ) {
        let mut data = Dataset::new(dim);
        for (x, positive) in &points {
            let label = if *positive { Label::Pos } else { Label::Neg };
            data.push(x, label).unwrap();
        }
        let Ok(start) = Trainer::new(settings, dim) else {
            return Ok(());
        };
        let mut one_by_one = start.clone();
        let mut quiet = start;
        // In chunks, so that a run is also taken up where an earlier call left it.
        for most in chunks {
            let a = stepped(&mut one_by_one, &data, most);
            let b = quiet.advance(&data, most);
            prop_assert_eq!(a, b);
            prop_assert_eq!(&one_by_one, &quiet);
            // Weights are compared bit for bit (the negative zero too).
            let bits = |t: &Trainer| t.weights().iter().map(|w| w.to_bits()).collect::<Vec<_>>();
            prop_assert_eq!(bits(&one_by_one), bits(&quiet));
            // No weight is ever a negative zero (the rule's updates rely on it).
            let negative_zero = |t: &Trainer| t.weights().iter().any(|w| w.to_bits() == (-0.0f64).to_bits());
            prop_assert!(!negative_zero(&one_by_one), "{:?}", one_by_one.weights());
        }
    }
}

/// A run that overflows stops at the same step either way, with the weights before it.
#[test]
fn overflow_stops_both_at_the_same_step() {
    let mut data = Dataset::new(2);
    data.push(&[f64::MAX, f64::MAX], Label::Pos).unwrap();
    data.push(&[-f64::MAX, 1.0], Label::Neg).unwrap();
    let settings = Settings {
        eta: 1e308,
        ..Settings::default()
    };
    let mut a = Trainer::new(settings.clone(), 2).unwrap();
    let mut b = Trainer::new(settings, 2).unwrap();
    let (taken, why) = stepped(&mut a, &data, 100);
    assert_eq!(why, Some(Refusal::Overflow));
    assert_eq!(b.advance(&data, 100), (taken, why));
    assert_eq!(a, b);
}

/// A visit refused at the start of a shuffled epoch, where asking for the next sample draws
/// the epoch's order, leaves the trainer exactly as it was (the order undrawn).
#[test]
fn a_refused_first_visit_of_an_epoch_changes_nothing() {
    let mut data = Dataset::new(2);
    data.push(&[f64::MAX, f64::MAX], Label::Pos).unwrap();
    data.push(&[-f64::MAX, -f64::MAX], Label::Neg).unwrap();
    let settings = Settings {
        eta: 1e308,
        order: Order::Shuffle,
        ..Settings::default()
    };
    let fresh = Trainer::new(settings, 2).unwrap();
    let mut t = fresh.clone();
    assert_eq!(t.step(&data), StepOutcome::Refused(Refusal::Overflow));
    assert_eq!(t, fresh);
    assert_eq!(t.advance(&data, 5), (0, Some(Refusal::Overflow)));
    assert_eq!(t, fresh);
}
