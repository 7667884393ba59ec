//! From zero weights, η only scales w: every decision is the same and every weight is η times
//! the η = 1 weight.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::{Dataset, Label, Settings, StepRecord, Trainer};
use proptest::prelude::*;

fn records(data: &Dataset, eta: f64, bias: bool) -> Vec<StepRecord> {
    let settings = Settings {
        eta,
        bias,
        max_epochs: 20,
        ..Settings::default()
    };
    let mut trainer = Trainer::new(settings, 2).unwrap();
    let mut out = Vec::new();
    trainer.run(data, |r| out.push(r.clone()));
    out
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
    #[test]
    fn eta_only_scales_w(
        points in prop::collection::vec((-20i32..20, -20i32..20, any::<bool>()), 2..30),
        eta in prop::sample::select(vec![0.5, 0.25, 2.0, 4.0, 0.125]),
        bias in any::<bool>(),
    ) {
        let data = dataset(&points);
        prop_assume!(data.has_both_classes());
        let unit = records(&data, 1.0, bias);
        let scaled = records(&data, eta, bias);
        prop_assert_eq!(unit.len(), scaled.len());
        for (a, b) in unit.iter().zip(&scaled) {
            prop_assert_eq!(a.mistake, b.mistake);
            for (wa, wb) in a.weights_after.iter().zip(&b.weights_after) {
                prop_assert!((wa * eta - wb).abs() <= 1e-9 * (1.0 + wa.abs()));
            }
        }
    }
}

#[test]
fn eta_half_on_seed_000_points() {
    let data = dataset(&[
        (4, 4, false),
        (12, 8, true),
        (8, 16, true),
        (12, 16, true),
        (8, 12, false),
    ]);
    let unit = records(&data, 1.0, true);
    let half = records(&data, 0.5, true);
    assert_eq!(
        half.last().unwrap().weights_after,
        unit.last()
            .unwrap()
            .weights_after
            .iter()
            .map(|w| w * 0.5)
            .collect::<Vec<_>>()
    );
}
