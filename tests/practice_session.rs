//! Practice mode through `Session::apply`: the plot shows the question, the status line and
//! the announcement say it and its feedback, bad answers are refused without a change, and the
//! lab's own points and timeline are untouched when practice stops.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::practice::{ExerciseSet, Given, PracticeKind, Response, Source};
use perceptron_lab::core::speech::Verbosity;
use perceptron_lab::core::{Action, PracticeAction, Preset, Session};

fn practice(session: &mut Session, action: PracticeAction) {
    let _ = session
        .apply(Action::Practice(action))
        .unwrap_or_else(|e| panic!("refused: {e}"));
}

#[test]
fn a_set_from_the_points_on_show_runs_in_the_session() {
    let mut session = Session::new();
    let _ = session.apply(Action::LoadPreset(Preset::Seed000)).unwrap();
    let _ = session.apply(Action::Step).unwrap();
    let lab_steps = session.model().steps();
    let set = ExerciseSet {
        id: "lecture-1".into(),
        kinds: vec![PracticeKind::Predict, PracticeKind::Update],
        questions: 2,
        source: Source::Points,
        ..ExerciseSet::default()
    };
    practice(
        &mut session,
        PracticeAction::Start {
            set,
            student_seed: 9,
            now: 100.0,
        },
    );
    assert_eq!(
        session.status().notice,
        "Question 1 of 2 (Predict the visit): will sample 1 at (1, 1), class -1 cause an update?"
    );
    let (_, _, said) = session.announcement(Verbosity::Full).unwrap();
    assert!(said.contains("Question 1 of 2"), "{said}");
    // The plot: the practice run's points and its w = 0 (the set's own start), the sample
    // selected, not yet ringed.
    let scene = session.scene();
    assert_eq!(scene.data.len(), 5);
    assert_eq!(scene.weights, Some([0.0, 0.0, 0.0]));
    assert_eq!(scene.selected, Some(0));
    assert!(scene.visited.is_none());

    practice(
        &mut session,
        PracticeAction::Answer {
            response: Response::Update(true),
            now: 103.0,
        },
    );
    // From w = 0 the score is 0: y·s = 0 ≤ 0, an update.
    assert!(
        session.status().notice.starts_with("Right: it updates."),
        "{}",
        session.status().notice
    );
    let scene = session.scene();
    assert_eq!(scene.visited.map(|v| (v.index, v.mistake)), Some((0, true)));
    assert_eq!(scene.weights, Some([-1.0, -1.0, -1.0]));
    assert_eq!(scene.previous, Some([0.0, 0.0, 0.0]));

    // Answering again, or giving w′ to a yes/no question, is refused and changes nothing.
    let notice = session.status().notice.clone();
    assert!(session
        .apply(Action::Practice(PracticeAction::Answer {
            response: Response::Update(true),
            now: 104.0,
        }))
        .is_err());
    assert_eq!(session.status().notice, notice);

    practice(&mut session, PracticeAction::Next { now: 105.0 });
    assert_eq!(
        session.status().notice,
        "Question 2 of 2 (Be the perceptron): sample 2 at (3, 2), class +1 is a mistake; give the new w′."
    );
    assert!(session
        .apply(Action::Practice(PracticeAction::Answer {
            response: Response::Parameters(Given::Typed(vec![vec![1.0]])),
            now: 106.0,
        }))
        .is_err());
    assert_eq!(
        session.practice().unwrap().results().questions.len(),
        1,
        "a refused answer is not recorded"
    );
    // w = [-1, -1, -1] visits (3, 2) of class +1: w′ = [0, 2, 1]; adding −[1, 3, 2] is the sign.
    practice(
        &mut session,
        PracticeAction::Answer {
            response: Response::Parameters(Given::Typed(vec![vec![-2.0, -4.0, -3.0]])),
            now: 110.0,
        },
    );
    assert!(
        session.status().notice.starts_with("The sign is wrong"),
        "{}",
        session.status().notice
    );
    assert!(session
        .status()
        .notice
        .ends_with("The right answer: w′ = [0, 2, 1]."));
    practice(&mut session, PracticeAction::Next { now: 111.0 });
    assert_eq!(session.status().notice, "Done: 1 of 2 right.");
    let results = session.practice().unwrap().results();
    assert_eq!(results.seed, 1, "a set that does not vary keeps its seed");
    assert_eq!(results.questions[1].error.as_deref(), Some("sign"));
    assert_eq!(results.questions[1].seconds, 5.0);

    practice(&mut session, PracticeAction::Stop);
    assert!(session.practice().is_none());
    assert_eq!(session.model().steps(), lab_steps);
    assert_eq!(
        session.scene().weights,
        session.model().main_line(session.data())
    );
}

#[test]
fn practice_actions_without_a_set_are_refused() {
    let mut session = Session::new();
    assert!(session
        .apply(Action::Practice(PracticeAction::Next { now: 0.0 }))
        .is_err());
    assert!(session
        .apply(Action::Practice(PracticeAction::Answer {
            response: Response::Read,
            now: 0.0
        }))
        .is_err());
    // No points on show: a set from them cannot start.
    let set = ExerciseSet {
        source: Source::Points,
        ..ExerciseSet::default()
    };
    let e = session
        .apply(Action::Practice(PracticeAction::Start {
            set,
            student_seed: 0,
            now: 0.0,
        }))
        .unwrap_err();
    assert!(e.to_string().contains("add points"), "{e}");
    assert!(session.practice().is_none());
}
