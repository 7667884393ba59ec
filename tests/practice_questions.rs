//! Practice mode's questions of the linear binary rules: where the boundary goes after the
//! update (the angle between a guessed line and the true one) and whether the perceptron
//! converges (a separator and its margin with the bound (R/γ*)², or weights that come back).
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::algo::ClassData;
use perceptron_lab::core::practice::{
    boundary_after, check_convergence, compare_line, convergence, Proof, Question,
};
use perceptron_lab::core::{Dataset, Learner, Model, Preset, Settings, Setup, Trainer};

fn preset(p: Preset) -> (Dataset, Setup, Settings) {
    let mut data = Dataset::new(2);
    for (x, c) in p.class_points() {
        data.push_class(&x, c).expect("a preset point");
    }
    (data, p.setup(), p.settings())
}

fn question_after(data: &Dataset, setup: &Setup, settings: &Settings, n: usize) -> Question {
    let mut model = Model::new(setup, settings.clone(), 2).expect("a valid setup");
    let classes = ClassData::from_dataset(data, setup.num_classes()).unwrap();
    for _ in 0..n {
        model.step(data, &classes).expect("a step");
    }
    Question::next(&model, data, setup).expect("a step to ask about")
}

/// The angle between the lines through (0, 0) with directions `a` and `b`, in degrees (0–90).
fn angle(a: [f64; 2], b: [f64; 2]) -> f64 {
    let d = (a[1].atan2(a[0]) - b[1].atan2(b[0]))
        .to_degrees()
        .rem_euclid(180.0);
    d.min(180.0 - d)
}

/// Seed 000 step 2 moves w to [0, 3, 2]: the boundary 3·x1 + 2·x2 = 0 through the origin,
/// direction (−2, 3).
#[test]
fn guessed_line_against_the_boundary_after_seed_000_step_2() {
    let (data, setup, settings) = preset(Preset::Seed000);
    let q = question_after(&data, &setup, &settings, 1);
    let w = boundary_after(&q).expect("a linear rule");
    assert_eq!(w, [0.0, 3.0, 2.0]);

    let on = compare_line([[-2.0, 3.0], [2.0, -3.0]], w, 0.5).unwrap();
    assert!(on.correct);
    assert!(on.angle.abs() < 1e-9 && on.distance.abs() < 1e-9);
    assert_eq!(
        on.message,
        "Right. The boundary after the update is 3·x1 + 2·x2 = 0; your line is 0° off its direction and 0 from it at its middle."
    );

    let flat = compare_line([[0.0, 0.0], [4.0, 0.0]], w, 0.5).unwrap();
    assert!((flat.angle - angle([1.0, 0.0], [-2.0, 3.0])).abs() < 1e-9);
    assert!(!flat.correct);
    // The middle (2, 0) is |3·2| / √13 from the line.
    assert!((flat.distance - 6.0 / 13f64.sqrt()).abs() < 1e-12);

    // Parallel but shifted by more than a grid step: not right.
    let shifted = compare_line([[-1.0, 3.0], [3.0, -3.0]], w, 0.5).unwrap();
    assert!(shifted.angle < 1e-9 && !shifted.correct);
    // Slightly turned, through the boundary's point at the middle: right.
    let turned = compare_line([[-2.0, 3.2], [2.0, -3.2]], w, 0.5).unwrap();
    assert!(turned.correct && turned.angle > 0.0);
}

#[test]
fn bad_guesses_are_refused() {
    let w = [0.0, 3.0, 2.0];
    assert!(compare_line([[1.0, 1.0], [1.0, 1.0]], w, 0.5)
        .unwrap_err()
        .contains("same place"));
    assert!(compare_line([[f64::NAN, 1.0], [1.0, 1.0]], w, 0.5).is_err());
    assert!(compare_line([[0.0, 1.0], [1.0, 1.0]], w, 0.0).is_err());
    assert!(compare_line([[0.0, 1.0], [1.0, 1.0]], w, f64::INFINITY).is_err());
    assert!(compare_line([[0.0, 1.0], [1.0, 1.0]], [1.0, 0.0, 0.0], 0.5)
        .unwrap_err()
        .contains("no boundary"));
}

/// Only the linear binary rules have one boundary to guess.
#[test]
fn no_boundary_question_for_multiclass() {
    let (data, setup, settings) = preset(Preset::Seed000Multiclass);
    let q = question_after(&data, &setup, &settings, 0);
    assert_eq!(boundary_after(&q), None);
}

/// Seed 001's first example is separable (no bias): the separator's margin is its γ*, and the
/// perceptron from w = 0 makes no more updates than (R/γ*)².
#[test]
fn seed_001_converges_within_the_bound() {
    let (data, _, settings) = preset(Preset::Seed001);
    let c = convergence(&data, &settings).unwrap();
    assert!(c.separable);
    let Proof::Separator {
        weights,
        margin,
        radius,
        bound,
    } = c.proof
    else {
        panic!("a separator: {c:?}")
    };
    // The separator puts every point on its side by at least γ*.
    for i in 0..data.len() {
        let x = data.x(i);
        let s = weights[1] * x[0] + weights[2] * x[1];
        assert!(data.label(i).y() * s >= margin * (1.0 - 1e-9));
    }
    assert!((bound - (radius / margin).powi(2)).abs() <= 1e-9 * bound);
    let mut run = Trainer::new(settings, 2).unwrap();
    run.run(&data, |_| {});
    assert!(run.updates() as f64 <= bound);
    assert!(c.message.starts_with("Separable: w* = "), "{}", c.message);
    assert!(check_convergence(&c, true).correct);
    assert!(!check_convergence(&c, false).correct);
}

/// Seed 001's XOR-like set: back to w = 0 after one pass, so epochs 1 and 2 start alike.
#[test]
fn xor_repeats_its_weights() {
    let (data, _, settings) = preset(Preset::Xor);
    let c = convergence(&data, &settings).unwrap();
    assert!(!c.separable);
    assert_eq!(
        c.proof,
        Proof::Repeated {
            weights: vec![0.0, 0.0, 0.0],
            first: 1,
            again: 2
        }
    );
    assert_eq!(
        c.message,
        "Not separable: in data order the perceptron starts epochs 1 and 2 with the same w = [0, 0, 0], so it repeats those epochs for ever."
    );
    let f = check_convergence(&c, true);
    assert!(!f.correct);
    assert!(f.message.starts_with("Not this time. Not separable"));
}

#[test]
fn one_class_is_refused() {
    let mut data = Dataset::new(2);
    data.push_class(&[1.0, 1.0], 1).unwrap();
    assert!(convergence(&data, &Settings::default()).is_err());
}
