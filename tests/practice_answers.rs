//! Practice mode's core: each algorithm states its step's answer, and the checkers name the
//! error of a wrong one (issue 12), with the course's numbers (seed 000).
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::algo::kernel::Kernel;
use perceptron_lab::core::algo::Kind;
use perceptron_lab::core::practice::{
    boundary_after, check_predict, check_score, check_update, faded_plan, parse_numbers, Faded,
    Given, Question, Slip,
};
use perceptron_lab::core::{Algorithm, Dataset, InitWeights, Model, Preset, Settings, Setup};

/// The preset's points, setup and settings.
fn preset(p: Preset) -> (Dataset, Setup, Settings) {
    let mut data = Dataset::new(2);
    for (x, c) in p.class_points() {
        data.push_class(&x, c).expect("a preset point");
    }
    (data, p.setup(), p.settings())
}

/// The question at step `n + 1` of `setup` on `data` (after `n` steps).
fn question_after(data: &Dataset, setup: &Setup, settings: &Settings, n: usize) -> Question {
    let mut model = Model::new(setup, settings.clone(), 2).expect("a valid setup");
    let classes =
        perceptron_lab::core::algo::ClassData::from_dataset(data, setup.num_classes()).unwrap();
    for _ in 0..n {
        model.step(data, &classes).expect("a step");
    }
    Question::next(&model, data, setup).expect("a step to ask about")
}

fn typed(rows: &[&[f64]]) -> Given {
    Given::Typed(rows.iter().map(|r| r.to_vec()).collect())
}

fn slip_of(q: &Question, given: &Given) -> Option<Slip> {
    let f = check_update(&q.answer, given).expect("a well-formed answer");
    assert!(!f.correct, "{given:?} taken for right: {}", f.message);
    f.slip
}

/// Seed 000, step 2: w = [-1, 0, 0] visits (3, 2), class +1: score -1, y·s ≤ 0, update to
/// w′ = [0, 3, 2]. [1, 3, 2] is the update alone (old w left out), [-2, -3, -2] the update
/// subtracted (the sign).
#[test]
fn seed_000_step_2_is_an_update_to_0_3_2() {
    let (data, setup, settings) = preset(Preset::Seed000);
    let q = question_after(&data, &setup, &settings, 1);
    let a = &q.answer;
    assert!(a.update);
    assert_eq!(a.scores[0].expression, "-1 * 1 + 0 * 3 + 0 * 2 = -1");
    assert_eq!(a.check, "y·s = (+1)·(-1) = -1 ≤ 0: a mistake, update");
    assert_eq!(
        a.update_text,
        "w′ = w + η·y·f(x) = [-1, 0, 0] + [1, 3, 2] = [0, 3, 2]"
    );
    assert_eq!(a.parts[0].values, [0.0, 3.0, 2.0]);

    let predict = check_predict(a, true);
    assert!(predict.correct);
    assert!(
        predict.message.starts_with("Right: it updates."),
        "{}",
        predict.message
    );
    let wrong = check_predict(a, false);
    assert!(!wrong.correct);
    assert_eq!(wrong.slip, Some(Slip::MissedUpdate));
    assert!(wrong.message.contains("-1 ≤ 0"), "{}", wrong.message);

    let right = check_update(a, &typed(&[&[0.0, 3.0, 2.0]])).unwrap();
    assert!(right.correct, "{}", right.message);
    assert_eq!(right.message, "Right: w′ = [0, 3, 2].");

    assert_eq!(
        slip_of(&q, &typed(&[&[1.0, 3.0, 2.0]])),
        Some(Slip::OldLeftOut)
    );
    assert_eq!(
        slip_of(&q, &typed(&[&[-2.0, -3.0, -2.0]])),
        Some(Slip::Sign)
    );
    assert_eq!(
        slip_of(&q, &typed(&[&[-1.0, 3.0, 2.0]])),
        Some(Slip::ForgotBias)
    );
    assert_eq!(
        slip_of(&q, &typed(&[&[-1.0, 0.0, 0.0]])),
        Some(Slip::MissedUpdate)
    );
    let other = check_update(a, &typed(&[&[5.0, 5.0, 5.0]])).unwrap();
    assert_eq!(other.slip, None);
    assert_eq!(
        other.message,
        "Not the update. The right answer: w′ = [0, 3, 2]."
    );
    let sign = check_update(a, &typed(&[&[-2.0, -3.0, -2.0]])).unwrap();
    assert!(
        sign.message.starts_with("The sign is wrong"),
        "{}",
        sign.message
    );
    assert!(sign.message.ends_with("The right answer: w′ = [0, 3, 2]."));
}

/// Seed 000, step 1: w = [-1, 0, 0] visits (1, 1), class -1: score -1, correct, no update.
#[test]
fn seed_000_step_1_is_correct_and_an_update_is_named() {
    let (data, setup, settings) = preset(Preset::Seed000);
    let q = question_after(&data, &setup, &settings, 0);
    assert!(!q.answer.update);
    assert_eq!(
        q.answer.check,
        "y·s = (-1)·(-1) = 1 > 0: correct, no update"
    );
    assert!(check_predict(&q.answer, false).correct);
    let said_update = check_predict(&q.answer, true);
    assert_eq!(said_update.slip, Some(Slip::UpdatedOnCorrect));
    assert!(
        check_update(&q.answer, &typed(&[&[-1.0, 0.0, 0.0]]))
            .unwrap()
            .correct
    );
    // w − [1, 1, 1]: the "update" a student makes on a correct sample of class -1.
    assert_eq!(
        slip_of(&q, &typed(&[&[-2.0, -1.0, -1.0]])),
        Some(Slip::UpdatedOnCorrect)
    );
    assert_eq!(
        slip_of(&q, &typed(&[&[0.0, 1.0, 1.0]])),
        Some(Slip::UpdatedOnCorrect)
    );
}

/// Step 5 of seed 000: a mistake on class -1, update -[1, 2, 3] to [-1, 1, -1]; adding x is
/// the sign error, and η = 0.5 makes leaving η out a slip of its own.
#[test]
fn seed_000_step_5_sign_and_eta() {
    let (data, setup, settings) = preset(Preset::Seed000);
    let q = question_after(&data, &setup, &settings, 4);
    assert_eq!(q.answer.parts[0].values, [-1.0, 1.0, -1.0]);
    assert_eq!(slip_of(&q, &typed(&[&[1.0, 5.0, 5.0]])), Some(Slip::Sign));

    let half = Settings {
        eta: 0.5,
        ..settings.clone()
    };
    let q = question_after(&data, &setup, &half, 1);
    assert_eq!(q.answer.parts[0].values, [-0.5, 1.5, 1.0]);
    assert_eq!(
        slip_of(&q, &typed(&[&[0.0, 3.0, 2.0]])),
        Some(Slip::LeftOutEta)
    );
    assert_eq!(
        slip_of(&q, &typed(&[&[0.5, 1.5, 1.0]])),
        Some(Slip::OldLeftOut)
    );
    // With η = 1 "left out η" is the right answer, never a slip.
    let q1 = question_after(&data, &setup, &settings, 1);
    assert!(
        check_update(&q1.answer, &typed(&[&[0.0, 3.0, 2.0]]))
            .unwrap()
            .correct
    );
}

/// A dragged tip is right within half a grid step of [w1, w2]; a tip at −x is the sign error.
#[test]
fn dragged_tip_within_half_a_grid_step() {
    let (data, setup, settings) = preset(Preset::Seed000);
    let q = question_after(&data, &setup, &settings, 1);
    let tip = |x: f64, y: f64| Given::Tip {
        part: 0,
        tip: [x, y],
        half: 0.25,
    };
    assert!(check_update(&q.answer, &tip(3.2, 1.8)).unwrap().correct);
    assert!(!check_update(&q.answer, &tip(3.3, 2.0)).unwrap().correct);
    assert_eq!(
        check_update(&q.answer, &tip(-3.0, -2.1)).unwrap().slip,
        Some(Slip::Sign)
    );
    // Bad drags are refused, not scored.
    assert!(check_update(
        &q.answer,
        &Given::Tip {
            part: 3,
            tip: [0.0, 0.0],
            half: 0.25
        }
    )
    .is_err());
    assert!(check_update(
        &q.answer,
        &Given::Tip {
            part: 0,
            tip: [f64::NAN, 0.0],
            half: 0.25
        }
    )
    .is_err());
}

/// Answers of the wrong shape are refused with a sentence, never a panic.
#[test]
fn malformed_answers_are_refused() {
    let (data, setup, settings) = preset(Preset::Seed000);
    let q = question_after(&data, &setup, &settings, 1);
    let e = check_update(&q.answer, &typed(&[&[0.0, 3.0]])).unwrap_err();
    assert_eq!(e, "w′ takes 3 numbers, not 2.");
    assert!(check_update(&q.answer, &Given::Typed(vec![])).is_err());
    assert!(check_score(&q.answer, &[]).is_err());
    assert_eq!(parse_numbers("[0, 3, 2]").unwrap(), [0.0, 3.0, 2.0]);
    assert_eq!(parse_numbers(" −1; 2.5 3 ").unwrap(), [-1.0, 2.5, 3.0]);
    assert!(parse_numbers("0, x, 2").unwrap_err().contains("\"x\""));
    assert!(parse_numbers("").is_err());
    assert!(parse_numbers("inf").is_err());
}

/// The faded example's score part, and its plan: fully worked first, then the update, the
/// check and the score hidden one at a time.
#[test]
fn faded_example_parts() {
    let (data, setup, settings) = preset(Preset::Seed000);
    let q = question_after(&data, &setup, &settings, 2);
    let right = check_score(&q.answer, &[14.0]).unwrap();
    assert!(right.correct);
    assert_eq!(right.message, "Right: s: 0 * 1 + 3 * 2 + 2 * 4 = 14.");
    assert!(!check_score(&q.answer, &[13.0]).unwrap().correct);
    assert_eq!(
        faded_plan(4),
        [
            vec![],
            vec![Faded::Update],
            vec![Faded::Check, Faded::Update],
            vec![Faded::Score, Faded::Check, Faded::Update]
        ]
    );
}

/// Seed 000's multiclass example: scores 11, 13, 8, predicted 1, true 2: row 1 becomes
/// [2, 0, 3] and row 2 [-1, 7, -1] in the course's order (bias last); the lab writes the bias
/// first, [3, 2, 0] and [-1, -1, 7]. Row 0 stays.
#[test]
fn seed_000_multiclass_rows_1_and_2() {
    let (data, setup, settings) = preset(Preset::Seed000Multiclass);
    let q = question_after(&data, &setup, &settings, 0);
    let a = &q.answer;
    assert!(a.update);
    let scores: Vec<f64> = a.scores.iter().map(|s| s.value).collect();
    assert_eq!(scores, [11.0, 13.0, 8.0]);
    assert_eq!(
        a.check,
        "argmax [11, 13, 8] = class 1 ≠ true class 2: a mistake, row 2 gains η·f(x) and row 1 loses it"
    );
    let rows: Vec<&[f64]> = a.parts.iter().map(|p| &p.values[..]).collect();
    assert_eq!(
        rows,
        [&[1.0, -2.0, 2.0][..], &[3.0, 2.0, 0.0], &[-1.0, -1.0, 7.0]]
    );
    let bias_last = |r: &[f64]| [r[1], r[2], r[0]];
    assert_eq!(bias_last(rows[1]), [2.0, 0.0, 3.0]);
    assert_eq!(bias_last(rows[2]), [-1.0, 7.0, -1.0]);

    let w = |r1: [f64; 3], r2: [f64; 3], r0: [f64; 3]| {
        Given::Typed(vec![r0.to_vec(), r1.to_vec(), r2.to_vec()])
    };
    let row0 = [1.0, -2.0, 2.0];
    assert!(
        check_update(a, &w([3.0, 2.0, 0.0], [-1.0, -1.0, 7.0], row0))
            .unwrap()
            .correct
    );
    // Rewarded the predicted row and punished the true one: the sign.
    assert_eq!(
        slip_of(&q, &w([5.0, -2.0, 6.0], [-3.0, 3.0, 1.0], row0)),
        Some(Slip::Sign)
    );
    // Punished row 0 instead of row 1: the wrong row.
    assert_eq!(
        slip_of(&q, &w([4.0, 0.0, 3.0], [-1.0, -1.0, 7.0], [0.0, 0.0, -1.0])),
        Some(Slip::WrongRow)
    );
    // Only the true row rewarded.
    assert_eq!(
        slip_of(&q, &w([4.0, 0.0, 3.0], [-1.0, -1.0, 7.0], row0)),
        Some(Slip::WrongRow)
    );
    // Dragging row 1's tip to (2, 0): right.
    let tip = Given::Tip {
        part: 1,
        tip: [2.0, 0.0],
        half: 0.5,
    };
    assert!(check_update(a, &tip).unwrap().correct);
}

/// Every algorithm of the registry states an answer whose parameters are what its step did,
/// and names at least one wrong answer on a mistake; the right answer is never a slip.
#[test]
fn every_algorithm_answers_its_own_step() {
    let (data, _, _) = preset(Preset::Seed000);
    for algorithm in Algorithm::ALL {
        let setup = Setup {
            algorithm,
            classes: 2,
            ..Setup::default()
        };
        let settings = Settings {
            init: InitWeights::Zero,
            ..Settings::default()
        };
        // The first step that updates (from zero weights, within the first pass).
        let q = (0..5)
            .map(|n| question_after(&data, &setup, &settings, n))
            .find(|q| q.answer.update)
            .unwrap_or_else(|| panic!("{algorithm:?}: no update in the first pass"));
        let a = &q.answer;
        assert!(!a.slips.is_empty(), "{algorithm:?}: no named slips");
        let right = Given::Typed(a.parts.iter().map(|p| p.values.clone()).collect());
        let f = check_update(a, &right).unwrap();
        assert!(f.correct, "{algorithm:?}: {}", f.message);
        for (slip, parts) in &a.slips {
            let given = Given::Typed(parts.iter().map(|p| p.values.clone()).collect());
            let f = check_update(a, &given).unwrap();
            if parts != &a.parts {
                assert!(!f.correct, "{algorithm:?}: {slip:?} taken for right");
                assert!(f.slip.is_some(), "{algorithm:?}: {slip:?} not named");
            }
        }
        assert!(!a.check.is_empty() && !a.scores.is_empty());
        // Predict the visit and the faded example's score and check, for every rule.
        assert!(check_predict(a, true).correct);
        assert!(!check_predict(a, false).correct);
        let scores: Vec<f64> = a.scores.iter().map(|s| s.value).collect();
        assert!(check_score(a, &scores).unwrap().correct, "{algorithm:?}");
        let off: Vec<f64> = scores.iter().map(|s| s + 1.0).collect();
        assert!(!check_score(a, &off).unwrap().correct, "{algorithm:?}");
        // The boundary question is the linear two-class rules' only.
        assert_eq!(
            boundary_after(&q).is_some(),
            algorithm.kind() == Kind::Binary,
            "{algorithm:?}"
        );
    }
}

/// The kernel rule: the visited sample's α grows; another sample's α is "the wrong α".
#[test]
fn kernel_wrong_alpha() {
    let (data, _, _) = preset(Preset::Seed000);
    let setup = Setup {
        algorithm: Algorithm::Kernel,
        kernel: Kernel::Linear,
        ..Setup::default()
    };
    let q = question_after(&data, &setup, &Settings::default(), 0);
    let names: Vec<&str> = q.answer.parts.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["i", "α′1", "b′"]);
    assert_eq!(
        q.answer.update_text,
        "α′1 = α1 + η = 0 + 1 = 1; b′ = b + η·y = 0 + (-1) = -1"
    );
    assert!(
        check_update(&q.answer, &typed(&[&[1.0], &[1.0], &[-1.0]]))
            .unwrap()
            .correct
    );
    assert_eq!(
        slip_of(&q, &typed(&[&[2.0], &[1.0], &[-1.0]])),
        Some(Slip::WrongAlpha)
    );
    assert_eq!(
        slip_of(&q, &typed(&[&[1.0], &[1.0], &[0.0]])),
        Some(Slip::ForgotBias)
    );
}

/// Passive-aggressive: seed 000's step 2 from [-1, 0, 0] under PA-I with C = 1: ℓ = 2,
/// ‖x‖² = 13, τ = 2/13; a wrong τ is named, so is PA-II's τ given for PA-I.
#[test]
fn pa_wrong_tau() {
    let (data, _, settings) = preset(Preset::Seed000);
    let setup = Setup {
        algorithm: Algorithm::Pa1,
        ..Setup::default()
    };
    let q = question_after(&data, &setup, &settings, 1);
    let a = &q.answer;
    assert!(a.update);
    assert_eq!(a.parts[0].name, "τ");
    assert_eq!(a.parts[0].values, [2.0 / 13.0]);
    assert!(a.check.ends_with("= 2 > 0: update"), "{}", a.check);
    let w = |t: f64| [-1.0 + t, 3.0 * t, 2.0 * t];
    assert!(
        check_update(a, &typed(&[&[2.0 / 13.0], &w(2.0 / 13.0)]))
            .unwrap()
            .correct
    );
    // Typed as the course writes it, to 4 decimals.
    assert!(
        check_update(a, &typed(&[&[0.1538], &[-0.8462, 0.4615, 0.3077]]))
            .unwrap()
            .correct
    );
    let pa2 = 2.0 / (13.0 + 0.5);
    assert_eq!(
        slip_of(&q, &typed(&[&[pa2], &w(pa2)])),
        Some(Slip::WrongTau)
    );
    assert_eq!(
        slip_of(&q, &typed(&[&[0.7], &[1.0, 1.0, 1.0]])),
        Some(Slip::WrongTau)
    );
    assert_eq!(
        slip_of(&q, &typed(&[&[2.0 / 13.0], &[0.0, 3.0, 2.0]])),
        Some(Slip::WrongTau)
    );
}
