//! Agreement with the reference implementation: scikit-learn 1.9's `Perceptron` (data order,
//! `tol=None`), whose final weights `scripts/sklearn_reference.py` recorded in
//! `tests/data/sklearn_reference.json` for the course examples and seeded random sets, with and
//! without bias, for several epoch caps and learning rates.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::{Dataset, Label, Settings, Trainer};
use serde::Deserialize;

#[derive(Deserialize)]
struct Reference {
    generator: String,
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    points: Vec<[f64; 3]>,
    bias: bool,
    max_epochs: u64,
    eta: f64,
    weights: [f64; 2],
    intercept: f64,
}

#[test]
fn final_weights_equal_scikit_learn() {
    let text = std::fs::read_to_string("tests/data/sklearn_reference.json").expect("reference");
    let reference: Reference = serde_json::from_str(&text).expect("valid reference JSON");
    assert!(reference.generator.starts_with("scikit-learn 1.9"));
    assert_eq!(reference.cases.len(), 54);
    for case in &reference.cases {
        let mut data = Dataset::new(2);
        for p in &case.points {
            let label = if p[2] > 0.0 { Label::Pos } else { Label::Neg };
            data.push(&p[..2], label).unwrap();
        }
        let settings = Settings {
            bias: case.bias,
            eta: case.eta,
            max_epochs: case.max_epochs,
            ..Settings::default()
        };
        let mut trainer = Trainer::new(settings, 2).unwrap();
        trainer.run(&data, |_| {});
        let w = trainer.weights();
        let expected = [case.intercept, case.weights[0], case.weights[1]];
        for (ours, theirs) in w.iter().zip(expected) {
            assert!(
                (ours - theirs).abs() <= 1e-9 * (1.0 + theirs.abs()),
                "{} (bias {}, {} epochs, η {}): ours {w:?}, scikit-learn {expected:?}",
                case.name,
                case.bias,
                case.max_epochs,
                case.eta
            );
        }
    }
}
