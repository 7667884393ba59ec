//! A student working through an exercise set in the core: questions drawn from the run,
//! answers checked, the step taken after the reveal, results and events; the same set gives
//! the same questions, a varying set a student's own from their seed.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::practice::{
    boundary_after, Content, ExerciseSet, Faded, Given, PracticeKind, PracticeRun, Response, Source,
};
use perceptron_lab::core::Dataset;

mod common;
use common::practice::{answer_rightly, right};

fn seed000_set(kinds: Vec<PracticeKind>, questions: u32) -> ExerciseSet {
    ExerciseSet {
        id: "seed000".into(),
        kinds,
        questions,
        source: Source::Example {
            id: "seed000".into(),
        },
        ..ExerciseSet::default()
    }
}

/// Seed 000 as a five-question set of every kind: the questions are the course's steps.
#[test]
fn five_questions_of_every_kind_on_seed_000() {
    let set = seed000_set(PracticeKind::ALL.to_vec(), 5);
    let mut run = PracticeRun::start(&set, 0, &Dataset::new(2), 0.0).unwrap();

    // 1. Predict: step 1, (1, 1) of class -1, no update.
    let c = run.current().unwrap();
    assert_eq!((c.number, c.kind), (1, PracticeKind::Predict));
    let Content::Step(q) = &c.content else {
        panic!()
    };
    assert!(!q.answer.update);
    assert_eq!(run.model().linear_weights().unwrap(), [-1.0, 0.0, 0.0]);
    let f = run.answer(Response::Update(true), 4.0).unwrap();
    assert!(!f.correct);
    run.next(5.0).unwrap();

    // 2. Be the perceptron: step 2, w′ = [0, 3, 2]; [1, 3, 2] is "old w left out".
    let c = run.current().unwrap();
    assert_eq!(c.kind, PracticeKind::Update);
    let f = run
        .answer(
            Response::Parameters(Given::Typed(vec![vec![1.0, 3.0, 2.0]])),
            25.0,
        )
        .unwrap();
    assert_eq!(f.slip.map(|s| s.name()), Some("old-left-out"));
    // Revealed: the plot shows the weights after the step.
    assert_eq!(run.model().linear_weights().unwrap(), [0.0, 3.0, 2.0]);
    run.next(26.0).unwrap();

    // 3. The boundary: steps 3 and 4 are correct, so it is step 5's update, to [-1, 1, -1].
    let c = run.current().unwrap();
    assert_eq!(c.kind, PracticeKind::Boundary);
    let Content::Step(q) = &c.content else {
        panic!()
    };
    assert_eq!(q.record.step(), 5);
    assert_eq!(boundary_after(q), Some([-1.0, 1.0, -1.0]));
    answer_rightly(&mut run, 30.0);

    // 4. Will it converge? About the example's points.
    assert_eq!(run.current().unwrap().kind, PracticeKind::Converge);
    assert_eq!(run.data().len(), 5);
    answer_rightly(&mut run, 40.0);

    // 5. The first faded example is fully worked.
    let c = run.current().unwrap();
    assert_eq!(c.kind, PracticeKind::Faded);
    assert!(c.hidden.is_empty());
    assert!(run.answer(Response::Update(true), 50.0).is_err());
    answer_rightly(&mut run, 50.0);

    assert!(run.finished());
    assert!(run.current().is_none());
    let results = run.results();
    assert_eq!(results.score(), 3);
    let rows: Vec<(u32, &str, bool)> = results
        .questions
        .iter()
        .map(|q| (q.question, q.kind.name(), q.correct))
        .collect();
    assert_eq!(
        rows,
        [
            (1, "predict", false),
            (2, "update", false),
            (3, "boundary", true),
            (4, "converge", true),
            (5, "faded", true)
        ]
    );
    assert_eq!(results.questions[0].seconds, 4.0);
    assert_eq!(results.questions[1].seconds, 20.0);
    assert_eq!(results.questions[1].given, "w′ = [1, 3, 2]");
    assert!(results.finish_event("https://a.org/", "Seed 000").is_some());
    assert!(run.answer(Response::Read, 60.0).is_err());
}

/// Faded examples fade backwards: worked, then the update, then the check and the update;
/// one wrong part makes the question wrong.
#[test]
fn faded_examples_hide_one_more_part_each_time() {
    let set = seed000_set(vec![PracticeKind::Faded], 3);
    let mut run = PracticeRun::start(&set, 0, &Dataset::new(2), 0.0).unwrap();
    answer_rightly(&mut run, 1.0);
    assert_eq!(run.current().unwrap().hidden, [Faded::Update]);
    answer_rightly(&mut run, 2.0);
    assert_eq!(run.current().unwrap().hidden, [Faded::Check, Faded::Update]);
    // A score is not what is asked first.
    assert!(run.answer(Response::Scores(vec![1.0]), 3.0).is_err());
    let wrong = run.answer(Response::Update(false), 3.0).unwrap();
    assert!(!wrong.correct);
    assert!(!run.current().unwrap().answered());
    assert!(run.next(3.5).is_err(), "the update part is still open");
    let f = run.answer(right(&run), 4.0).unwrap();
    assert!(f.correct);
    run.next(5.0).unwrap();
    let r = run.results();
    assert_eq!(
        r.questions.iter().map(|q| q.correct).collect::<Vec<_>>(),
        [true, true, false]
    );
    assert_eq!(r.questions[2].given.matches("; ").count(), 1);
}

#[test]
fn responses_of_the_wrong_kind_are_refused_and_change_nothing() {
    let set = seed000_set(vec![PracticeKind::Update], 2);
    let mut run = PracticeRun::start(&set, 0, &Dataset::new(2), 0.0).unwrap();
    let before = run.current().unwrap().clone();
    assert_eq!(
        run.answer(Response::Update(true), 1.0).unwrap_err(),
        "This question asks: Be the perceptron."
    );
    assert!(run
        .answer(Response::Parameters(Given::Typed(vec![vec![1.0]])), 1.0)
        .is_err());
    assert!(run.next(1.0).is_err());
    assert_eq!(run.current().unwrap(), &before);
    assert!(run.results().questions.is_empty());
    answer_rightly(&mut run, 2.0);
    assert!(run.answer(Response::Read, 3.0).is_err());
}

/// The same link gives the same questions; a varying set gives each student their own, which
/// their seed reproduces.
#[test]
fn the_same_set_gives_the_same_questions_and_a_seed_reproduces_a_variant() {
    let set = ExerciseSet {
        kinds: vec![
            PracticeKind::Predict,
            PracticeKind::Update,
            PracticeKind::Converge,
        ],
        questions: 9,
        seed: 11,
        ..ExerciseSet::default()
    };
    let walk = |set: &ExerciseSet, student: u64| {
        let mut run = PracticeRun::start(set, student, &Dataset::new(2), 0.0).unwrap();
        let mut seen = Vec::new();
        while let Some(c) = run.current() {
            seen.push((run.data().clone(), c.content.clone()));
            answer_rightly(&mut run, 0.0);
        }
        assert_eq!(run.results().score(), 9);
        seen
    };
    // Not varying: the student's seed is not used.
    assert_eq!(walk(&set, 1), walk(&set, 2));
    let varying = ExerciseSet {
        vary: true,
        ..set.clone()
    };
    assert_eq!(walk(&varying, 5), walk(&varying, 5));
    assert_ne!(walk(&varying, 5), walk(&varying, 6));
}

/// A generated set goes on past convergence with its next problem: twenty updates to do.
#[test]
fn a_long_set_draws_new_problems() {
    let set = ExerciseSet {
        kinds: vec![PracticeKind::Update],
        questions: 20,
        source: Source::Generated {
            classes: 2,
            points: 4,
            separable: Some(true),
        },
        ..ExerciseSet::default()
    };
    let mut run = PracticeRun::start(&set, 0, &Dataset::new(2), 0.0).unwrap();
    let first = run.data().clone();
    let mut changed = false;
    while run.current().is_some() {
        answer_rightly(&mut run, 0.0);
        changed |= run.data() != &first;
    }
    assert_eq!(run.results().score(), 20);
    assert!(
        changed,
        "twenty updates on four separable points need a new problem"
    );
}

/// Multiclass questions through the same run: the seed 000 multiclass example.
#[test]
fn multiclass_example_question() {
    let set = ExerciseSet {
        algorithm: "multiclass".into(),
        kinds: vec![PracticeKind::Update],
        questions: 1,
        source: Source::Example {
            id: "seed000-multiclass".into(),
        },
        ..ExerciseSet::default()
    };
    let mut run = PracticeRun::start(&set, 0, &Dataset::new(2), 0.0).unwrap();
    let Content::Step(q) = &run.current().unwrap().content else {
        panic!()
    };
    assert_eq!(q.answer.parts[1].values, [3.0, 2.0, 0.0]);
    assert_eq!(q.answer.parts[2].values, [-1.0, -1.0, 7.0]);
    answer_rightly(&mut run, 1.0);
    assert!(run.finished());
}

#[test]
fn points_on_show_that_cannot_be_trained_are_refused() {
    let set = ExerciseSet {
        source: Source::Points,
        ..ExerciseSet::default()
    };
    let mut one_class = Dataset::new(2);
    one_class.push_class(&[1.0, 1.0], 1).unwrap();
    let e = PracticeRun::start(&set, 0, &one_class, 0.0).unwrap_err();
    assert!(e.to_string().contains("all points are of one class"), "{e}");
}
