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

fn seed000_set(kinds: Vec<PracticeKind>, questions: u32) -> ExerciseSet {
    ExerciseSet {
        id: "week-3".into(),
        kinds,
        questions,
        source: Source::Example {
            id: "seed000".into(),
        },
        ..ExerciseSet::default()
    }
}

#[test]
fn while_practising_the_lab_underneath_is_not_changed_and_says_why() {
    let mut session = Session::new();
    let _ = session.apply(Action::LoadPreset(Preset::Seed000)).unwrap();
    let _ = session.apply(Action::Step).unwrap();
    let (points, steps) = (session.data().len(), session.model().steps());
    practice(
        &mut session,
        PracticeAction::Start {
            set: seed000_set(vec![PracticeKind::Predict], 2),
            student_seed: 1,
            now: 0.0,
        },
    );
    for action in [
        Action::Step,
        Action::Clear,
        Action::Reset,
        Action::AddPoint {
            x: 1.0,
            y: 1.0,
            alternate: false,
            pixel: 0.01,
        },
        Action::LoadPreset(Preset::Seed001),
    ] {
        let changed = session.apply(action.clone()).unwrap();
        assert_eq!(changed, perceptron_lab::core::Changed::Redraw, "{action:?}");
        assert!(
            session.status().notice.starts_with("Practice is on"),
            "{action:?}: {}",
            session.status().notice
        );
    }
    practice(&mut session, PracticeAction::Stop);
    assert_eq!(session.data().len(), points);
    assert_eq!(session.model().steps(), steps);
    // After Stop the lab takes actions again.
    let _ = session.apply(Action::Step).unwrap();
    assert_eq!(session.model().steps(), steps + 1);
}

#[test]
fn the_panel_view_follows_seed_000s_first_step_and_the_hold_waits_for_the_reveal() {
    use perceptron_lab::core::Ask;
    let mut session = Session::new();
    practice(&mut session, PracticeAction::Hold(true));
    practice(
        &mut session,
        PracticeAction::Start {
            set: seed000_set(vec![PracticeKind::Update], 2),
            student_seed: 1,
            now: 0.0,
        },
    );
    let view = session.practice_view().unwrap();
    assert_eq!(view.title, "Question 1 of 2 · Be the perceptron");
    // Seed 000 starts at [-1, 0, 0]; the course's table first updates at step 2, on sample
    // (3, 2) of class +1.
    let facts: Vec<_> = view
        .facts
        .iter()
        .map(|(k, v)| format!("{k}: {v}"))
        .collect();
    assert!(facts.iter().any(|f| f.ends_with("[-1, 0, 0]")), "{facts:?}");
    assert!(
        facts.contains(&"sample: #2: x = (3, 2), y = +1".to_string()),
        "{facts:?}"
    );
    assert_eq!(
        view.ask,
        Ask::Parameters(vec![("w′".to_string(), 3)]),
        "{:?}",
        view.ask
    );
    assert!(
        view.worked.is_empty(),
        "nothing worked out before the answer"
    );
    // The described plot is the question's, not the (empty) lab's.
    let described = session.plot_description();
    assert!(
        described.starts_with(
            "Practice, question 1 of 2 (Be the perceptron). The plot shows 5 points: #1 at (1, 1), class −1; #2 at (3, 2), class +1;"
        ),
        "{described}"
    );
    // The course's numbers: w′ = [0, 3, 2]; held back in presenter mode.
    practice(
        &mut session,
        PracticeAction::Answer {
            response: Response::Parameters(Given::Typed(vec![vec![0.0, 3.0, 2.0]])),
            now: 4.0,
        },
    );
    let view = session.practice_view().unwrap();
    assert!(view.held);
    assert_eq!(view.ask, Ask::Reveal);
    assert_eq!(view.feedback, None, "no feedback before the reveal");
    assert!(session.status().notice.starts_with("Answer taken"));
    // Nor do the results or the score give it away before the reveal.
    assert!(view.results.is_empty(), "{:?}", view.results);
    assert_eq!(view.score, 0);
    // The plot still shows the weights before the step.
    assert_eq!(session.scene().weights, Some([-1.0, 0.0, 0.0]));
    let refused = session.apply(Action::Practice(PracticeAction::Next { now: 5.0 }));
    assert!(refused.is_err(), "Next waits for the reveal");
    practice(&mut session, PracticeAction::Reveal);
    let view = session.practice_view().unwrap();
    assert_eq!(view.ask, Ask::Next);
    let (right, message) = view.feedback.clone().unwrap();
    assert!(right, "{message}");
    assert_eq!(
        view.worked.last().unwrap().1,
        "w′ = w + η·y·f(x) = [-1, 0, 0] + [1, 3, 2] = [0, 3, 2]"
    );
    assert_eq!(session.scene().weights, Some([0.0, 3.0, 2.0]));
    assert_eq!(view.results.len(), 1);
}

#[test]
fn the_address_of_a_running_set_is_the_composed_set_and_the_variant_seed_is_shown() {
    let mut session = Session::new();
    let set = ExerciseSet {
        vary: true,
        seed: 42,
        ..ExerciseSet::default()
    };
    practice(
        &mut session,
        PracticeAction::Start {
            set: set.clone(),
            student_seed: 123_456,
            now: 0.0,
        },
    );
    let run = session.practice().unwrap();
    assert_eq!(run.composed(), &set);
    assert_eq!(run.set().seed, 123_456);
    // The address while the set runs (the page's `link_of`, src/web/runner/address.rs): the
    // scenario's link, then the keys of the set as composed — its own seed and `vary`, not the
    // student's variant — so that it reopens the set, and each student gets their own variant.
    let keys = run.composed().to_link();
    assert!(keys.contains("xs=42&") && keys.contains("xr=1"), "{keys}");
    assert!(!keys.contains("123456"), "{keys}");
    let address = format!(
        "{}&{keys}",
        perceptron_lab::core::scenario::to_link(&session.scenario())
    );
    assert_eq!(ExerciseSet::from_link(&address).unwrap(), Some(set.clone()));
    assert_eq!(session.practice_view().unwrap().variant, Some(123_456));
    // The variant is the set with the student's seed and vary off: a lecturer reproduces it.
    let mut other = Session::new();
    practice(
        &mut other,
        PracticeAction::Start {
            set: ExerciseSet {
                vary: false,
                seed: 123_456,
                ..set
            },
            student_seed: 7,
            now: 0.0,
        },
    );
    assert_eq!(
        other.practice_view().unwrap().facts,
        session.practice_view().unwrap().facts
    );
    assert_eq!(other.scene().data.len(), session.scene().data.len());
}

#[test]
fn the_boundary_and_the_tip_are_placed_on_the_plot_by_pointer_and_keyboard() {
    use perceptron_lab::core::{CursorAction, Guess};
    let mut session = Session::new();
    practice(
        &mut session,
        PracticeAction::Start {
            set: seed000_set(vec![PracticeKind::Boundary, PracticeKind::Update], 2),
            student_seed: 1,
            now: 0.0,
        },
    );
    // Seed 000's first update gives w′ = [0, 3, 2]: the boundary 3·x1 + 2·x2 = 0 goes through
    // (0, 0) and (2, -3). A drag from one to the other (the press snapped to the grid).
    let _ = session
        .apply(Action::Press {
            x: 0.04,
            y: -0.03,
            reach: 0.1,
        })
        .unwrap();
    let _ = session
        .apply(Action::DragTo {
            x: 1.0,
            y: -1.0,
            pixel: 0.01,
        })
        .unwrap();
    let _ = session
        .apply(Action::Release {
            x: 2.02,
            y: -2.97,
            alternate: false,
            pixel: 0.01,
        })
        .unwrap();
    assert_eq!(
        session.scene().guess,
        Some(&Guess {
            ends: vec![[0.0, 0.0], [2.0, -3.0]],
            tip: None
        })
    );
    assert!(
        session
            .status()
            .notice
            .starts_with("Your line goes through (0, 0) and (2, -3)"),
        "{}",
        session.status().notice
    );
    // The lab's own points were not touched by the drag.
    assert_eq!(session.data().len(), 0);
    practice(&mut session, PracticeAction::AnswerPlaced { now: 3.0 });
    let view = session.practice_view().unwrap();
    let (right, message) = view.feedback.clone().unwrap();
    assert!(right, "{message}");
    // The reveal keeps the guess over the true boundary.
    assert!(session.scene().guess.is_some());
    practice(&mut session, PracticeAction::Next { now: 4.0 });

    // Be the perceptron by keyboard, on the course's step 5 (w = [0, 3, 2], sample (2, 3) of
    // class -1, w′ = [-1, 1, -1]): the plot's cursor moved to (1, -1) and Enter puts the tip.
    let _ = session
        .apply(Action::Cursor(CursorAction::Focus(true)))
        .unwrap();
    let at = session.cursor().unwrap();
    let grid = perceptron_lab::core::cursor_steps(&session.scene().view).0;
    let (dx, dy) = (
        ((1.0 - at.x) / grid).round() as i32,
        ((-1.0 - at.y) / grid).round() as i32,
    );
    let _ = session
        .apply(Action::Cursor(CursorAction::Move {
            dx,
            dy,
            fine: false,
        }))
        .unwrap();
    let _ = session
        .apply(Action::Cursor(CursorAction::Add { alternate: false }))
        .unwrap();
    assert_eq!(session.scene().guess.and_then(|g| g.tip), Some([1.0, -1.0]));
    assert!(session.status().notice.starts_with("Tip of w′ at (1, -1)"));
    practice(&mut session, PracticeAction::AnswerPlaced { now: 6.0 });
    let view = session.practice_view().unwrap();
    assert_eq!(view.score, 2, "{:?}", view.results);
    assert_eq!(view.results[1].given, "tip of w′ at (1, -1)");
    assert_eq!(view.results[1].expected, "w′ = [-1, 1, -1]");
}

#[test]
fn will_it_converge_shows_the_points_alone_then_the_separator() {
    let mut session = Session::new();
    practice(
        &mut session,
        PracticeAction::Start {
            set: seed000_set(vec![PracticeKind::Converge], 1),
            student_seed: 1,
            now: 0.0,
        },
    );
    let scene = session.scene();
    assert_eq!(scene.data.len(), 5);
    assert_eq!(scene.weights, None, "no weights before the answer");
    assert!(scene.lines.is_empty() && scene.class_arrows.is_empty());
    practice(
        &mut session,
        PracticeAction::Answer {
            response: Response::Converges(true),
            now: 2.0,
        },
    );
    // Seed 000's points are separable: the reveal draws the proof's separator.
    let (right, message) = session.practice_view().unwrap().feedback.unwrap();
    assert!(right, "{message}");
    assert!(session.scene().weights.is_some());
}

/// A stopped set with answers stays as `ended_practice` (its results on show and saved) until
/// another set starts; one stopped before any answer leaves nothing (issue 38, finding 5).
#[test]
fn a_stopped_sets_results_stay_until_another_starts() {
    let mut session = Session::new();
    let _ = session.apply(Action::LoadPreset(Preset::Seed000)).unwrap();
    let set = ExerciseSet {
        id: "kept".into(),
        kinds: vec![PracticeKind::Predict],
        questions: 3,
        source: Source::Points,
        ..ExerciseSet::default()
    };
    let start = |set: &ExerciseSet| PracticeAction::Start {
        set: set.clone(),
        student_seed: 9,
        now: 0.0,
    };
    practice(&mut session, start(&set));
    practice(&mut session, PracticeAction::Stop);
    assert!(
        session.ended_practice().is_none(),
        "no answer, nothing kept"
    );
    practice(&mut session, start(&set));
    practice(
        &mut session,
        PracticeAction::Answer {
            response: Response::Update(true),
            now: 2.0,
        },
    );
    practice(&mut session, PracticeAction::Stop);
    assert!(session.practice().is_none());
    let ended = session.ended_practice().expect("the stopped set is kept");
    assert_eq!(ended.results().questions.len(), 1);
    assert!(
        ended.results().to_csv().lines().count() == 2,
        "{}",
        ended.results().to_csv()
    );
    practice(&mut session, start(&set));
    assert!(session.ended_practice().is_none(), "a new set replaces it");
}
