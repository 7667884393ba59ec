//! A student's progress saved and resumed (a SCORM package's `cmi.suspend_data`): the set
//! starts again with their seed and their answers, at the question they were on, with the same
//! results; progress of another set, or text that is none, is refused and nothing changes; and
//! what the package tells the LMS (score, status, interactions) follows the answers.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::practice::scorm::{report, timespan, SUSPEND_LIMIT};
use perceptron_lab::core::practice::{
    ExerciseSet, Logged, PracticeKind, PracticeRun, Response, Saved, Source,
};
use perceptron_lab::core::{Action, Dataset, PracticeAction, Session};
use proptest::prelude::*;

mod common;
use common::practice::{right, wrong};

fn every_kind(questions: u32, seed: u64) -> ExerciseSet {
    ExerciseSet {
        id: "resume-test".into(),
        kinds: vec![
            PracticeKind::Predict,
            PracticeKind::Update,
            PracticeKind::Boundary,
            PracticeKind::Converge,
            PracticeKind::Faded,
        ],
        questions,
        seed,
        vary: true,
        ..ExerciseSet::default()
    }
}

/// Answers the question on show (rightly where `rightly` says so), one part at a time, at
/// whole seconds; goes on after it when `next`.
fn answer(run: &mut PracticeRun, rightly: bool, now: &mut f64, next: bool) {
    assert!(
        try_answer(run, rightly, now, next),
        "an answer of the right kind"
    );
}

/// As `answer`, for random sets: a wrong line the question refuses (off its plot) is given
/// rightly instead; false, with nothing answered, when even the right answer is refused (which
/// no question drawn should allow: a boundary question is never drawn on an update to
/// w1 = w2 = 0).
fn try_answer(run: &mut PracticeRun, rightly: bool, now: &mut f64, next: bool) -> bool {
    while !run.current().expect("a question").answered() {
        *now += 3.0;
        let wrong = if rightly { None } else { wrong(run) };
        if let Some(response) = wrong {
            if run.answer(response, *now).is_ok() {
                continue;
            }
        }
        if run.answer(right(run), *now).is_err() {
            return false;
        }
    }
    if next {
        *now += 1.0;
        run.next(*now).expect("next");
    }
    true
}

/// What a student sees and has: the question on show (without its time) and the results.
fn state(run: &PracticeRun) -> impl PartialEq + std::fmt::Debug {
    let c = run.current().map(|c| {
        (
            c.number,
            c.kind,
            c.content.clone(),
            c.hidden.clone(),
            c.feedback.clone(),
            c.given.clone(),
        )
    });
    (
        c,
        run.data().clone(),
        run.model().clone(),
        run.results().clone(),
    )
}

#[test]
fn a_student_resumes_at_the_question_they_were_on_with_their_answers() {
    let set = every_kind(8, 4);
    let mut run = PracticeRun::start(&set, 123_456, &Dataset::new(2), 0.0).unwrap();
    let mut now = 0.0;
    for q in 0..5 {
        answer(&mut run, q % 2 == 0, &mut now, true);
    }
    // Question 6 answered, not yet gone on from.
    answer(&mut run, false, &mut now, false);
    let saved = run.saved();
    assert_eq!(saved.seed, 123_456);
    let text = saved.to_text();
    assert!(text.len() < 1000, "{text}");

    // Another visit, much later: the page's clock is another.
    let back = Saved::from_text(&text).unwrap();
    let resumed = PracticeRun::resume(&set, &back, &Dataset::new(2), 5000.0).unwrap();
    assert_eq!(state(&resumed), state(&run));
    assert_eq!(resumed.current().unwrap().number, 6);
    assert_eq!(resumed.results().questions.len(), 6);
    // The seconds each answer took are kept.
    assert_eq!(resumed.results().seconds(), run.results().seconds());

    // Both go on the same way.
    let (mut a, mut b) = (run, resumed);
    let (mut ta, mut tb) = (now, 5000.0);
    a.next(ta + 1.0).unwrap();
    b.next(tb + 1.0).unwrap();
    while a.current().is_some() {
        answer(&mut a, true, &mut ta, true);
        answer(&mut b, true, &mut tb, true);
        assert_eq!(state(&a), state(&b));
    }
    assert!(b.finished());
}

#[test]
fn progress_of_another_set_or_that_is_no_progress_is_refused() {
    let set = every_kind(5, 4);
    let mut run = PracticeRun::start(&set, 7, &Dataset::new(2), 0.0).unwrap();
    let mut now = 0.0;
    answer(&mut run, true, &mut now, true);
    let saved = run.saved();

    let other = ExerciseSet {
        questions: 6,
        ..set.clone()
    };
    let e = PracticeRun::resume(&other, &saved, &Dataset::new(2), 0.0).unwrap_err();
    assert!(e.to_string().contains("another exercise set"), "{e}");

    // Answers the set does not take (edited by hand, or a lab that asks otherwise).
    let mut edited = saved.clone();
    edited
        .log
        .insert(0, Logged::Answer(Response::Converges(true), 1));
    let e = PracticeRun::resume(&set, &edited, &Dataset::new(2), 0.0).unwrap_err();
    assert!(e.to_string().contains("does not fit this set"), "{e}");

    for text in [
        "",
        "{",
        "null",
        "{\"v\":2,\"set\":\"x\",\"seed\":1,\"log\":[]}",
        "[1,2]",
    ] {
        let e = Saved::from_text(text).unwrap_err();
        assert!(e.to_string().contains("saved progress"), "{text}: {e}");
    }
}

#[test]
fn in_the_session_a_refused_resume_leaves_the_set_on_show() {
    let set = every_kind(5, 4);
    let mut session = Session::default();
    let _ = session
        .apply(Action::Practice(PracticeAction::Start {
            set: set.clone(),
            student_seed: 31,
            now: 0.0,
        }))
        .unwrap();
    let _ = session
        .apply(Action::Practice(PracticeAction::Answer {
            response: Response::Update(true),
            now: 2.0,
        }))
        .unwrap();
    let before = session.practice().unwrap().results().clone();
    let mut other = session.practice().unwrap().saved();
    other.set = "0000000000000000".into();
    session
        .apply(Action::Practice(PracticeAction::Resume {
            set: set.clone(),
            saved: other,
            now: 3.0,
        }))
        .unwrap_err();
    assert_eq!(session.practice().unwrap().results(), &before);

    // Resumed in a new session, the prompt is the one the student left.
    let saved = session.practice().unwrap().saved();
    let mut again = Session::default();
    let _ = again
        .apply(Action::Practice(PracticeAction::Resume {
            set,
            saved,
            now: 9.0,
        }))
        .unwrap();
    assert_eq!(again.practice_prompt(), session.practice_prompt());
    assert_eq!(again.practice().unwrap().results(), &before);
}

#[test]
fn progress_beyond_the_limit_leaves_out_the_last_whole_questions() {
    let set = every_kind(10, 2);
    let mut run = PracticeRun::start(&set, 5, &Dataset::new(2), 0.0).unwrap();
    let mut now = 0.0;
    for _ in 0..6 {
        answer(&mut run, false, &mut now, true);
    }
    let saved = run.saved();
    let full = saved.to_text();
    assert_eq!(saved.to_text_within(full.len()).as_deref(), Some(&*full));
    let cut = saved.to_text_within(full.len() - 1).unwrap();
    assert!(cut.len() < full.len());
    let cut = Saved::from_text(&cut).unwrap();
    // It ends after a "next": whole questions.
    assert!(matches!(cut.log.last(), Some(Logged::Next(_))));
    let resumed = PracticeRun::resume(&set, &cut, &Dataset::new(2), 0.0).unwrap();
    assert_eq!(resumed.current().unwrap().number, 6);
    assert_eq!(resumed.results().questions.len(), 5);
    // Too small for even the seed: nothing.
    assert_eq!(saved.to_text_within(10), None);
}

#[test]
fn the_scorm_report_follows_the_answers() {
    let set = ExerciseSet {
        kinds: vec![
            PracticeKind::Predict,
            PracticeKind::Update,
            PracticeKind::Boundary,
        ],
        ..every_kind(3, 4)
    };
    let mut run = PracticeRun::start(&set, 1, &Dataset::new(2), 0.0).unwrap();
    let r = report(&run, 60, "recording", 0.0);
    assert_eq!((r.score, r.status, r.exit), (0, "incomplete", "suspend"));
    assert!(r.interactions.is_empty());
    let mut now = 0.0;
    answer(&mut run, true, &mut now, true);
    answer(&mut run, false, &mut now, true);
    let r = report(&run, 60, "recording", 0.0);
    assert_eq!((r.score, r.status), (33, "incomplete"));
    let types: Vec<_> = r.interactions.iter().map(|i| i.kind).collect();
    assert_eq!(types, ["true-false", "fill-in"]);
    let i = &r.interactions[0];
    assert_eq!(i.id, "resume-test-q1");
    assert!(i.student_response == "t" || i.student_response == "f");
    assert_eq!((i.result, &*i.latency), ("correct", "0000:00:03.00"));
    assert_eq!(r.interactions[1].result, "wrong");
    assert!(r.interactions[1].student_response.starts_with("w′ = ["));
    assert_eq!(Saved::from_text(&r.suspend).unwrap(), run.saved());
    assert!(!r.suspend_cut && r.suspend.len() <= SUSPEND_LIMIT);

    answer(&mut run, true, &mut now, true);
    let r = report(&run, 60, "recording", 0.0);
    assert_eq!((r.score, r.status, r.exit), (66, "passed", ""));
    assert_eq!(r.interactions[2].kind, "performance");
    assert_eq!(report(&run, 67, "recording", 0.0).status, "failed");
    assert_eq!(report(&run, 0, "recording", 0.0).status, "passed");

    // The launch page's line: recorded or not, and what a returning student has kept.
    assert_eq!(r.line, "Your answers are recorded by your course.");
    assert_eq!(
        report(&run, 60, "resumed", 0.0).line,
        "Welcome back: your 3 answers are kept, and your answers are recorded by your course."
    );
    assert!(report(&run, 60, "absent", 0.0)
        .line
        .contains("not recorded"));
    // Back with nothing answered yet: no answers to speak of.
    let fresh = PracticeRun::start(&set, 1, &Dataset::new(2), 0.0).unwrap();
    assert_eq!(
        report(&fresh, 60, "resumed", 0.0).line,
        "Your answers are recorded by your course."
    );
    assert!(report(&run, 60, "off", 0.0)
        .line
        .contains("did not start this activity"));

    assert_eq!(
        report(&run, 60, "recording", 75.5).session_time,
        "0000:01:15.50"
    );
    assert_eq!(timespan(3725.456), "0001:02:05.46");
    assert_eq!(timespan(f64::NAN), "0000:00:00.00");
    assert_eq!(timespan(-1.0), "0000:00:00.00");
}

#[test]
fn a_set_on_the_points_on_show_resumes_on_the_same_points() {
    let mut data = Dataset::new(2);
    for (x, c) in [
        ([1.0, 2.0], 1),
        ([2.0, -1.0], 0),
        ([-1.0, 1.5], 1),
        ([0.5, -2.0], 0),
    ] {
        data.push_class(&x, c).unwrap();
    }
    let set = ExerciseSet {
        source: Source::Points,
        kinds: vec![PracticeKind::Predict],
        questions: 4,
        ..every_kind(4, 0)
    };
    let mut run = PracticeRun::start(&set, 3, &data, 0.0).unwrap();
    let mut now = 0.0;
    answer(&mut run, true, &mut now, true);
    answer(&mut run, false, &mut now, true);
    let resumed = PracticeRun::resume(&set, &run.saved(), &data, 0.0).unwrap();
    assert_eq!(state(&resumed), state(&run));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Whatever the set, the student and their answers, resuming gives what they left.
    #[test]
    fn resuming_gives_what_was_left(
        seed in 0u64..1000,
        student in 100_000u64..999_999,
        questions in 1u32..12,
        answers in proptest::collection::vec(any::<bool>(), 12),
        stop in 0usize..12,
        gone_on in any::<bool>(),
    ) {
        let set = every_kind(questions, seed);
        let mut run = PracticeRun::start(&set, student, &Dataset::new(2), 0.0).unwrap();
        let mut now = 0.0;
        for rightly in answers.iter().take(stop.min(questions as usize)) {
            let last = run.current().map(|c| c.number) == Some(questions);
            let answered = try_answer(&mut run, *rightly, &mut now, gone_on || !last);
            prop_assert!(answered, "every question drawn has an answer that fits");
            if run.current().is_none() { break; }
        }
        let text = run.saved().to_text();
        prop_assert!(text.len() <= SUSPEND_LIMIT);
        let resumed = PracticeRun::resume(&set, &Saved::from_text(&text).unwrap(), &Dataset::new(2), 77.0).unwrap();
        prop_assert_eq!(state(&resumed), state(&run));
    }
}

/// Every question a set draws can be answered: a boundary question is never drawn on an update
/// that leaves w1 = w2 = 0 (no line to guess), which the proptest above once met.
#[test]
fn every_question_drawn_has_an_answer_that_fits() {
    let mut unanswerable = Vec::new();
    let mut boundaries = 0;
    for (seed, student) in
        (0..1500).zip([123_456, 271_828, 314_159, 577_215, 999_998].iter().cycle())
    {
        let set = every_kind(11, seed);
        let Ok(mut run) = PracticeRun::start(&set, *student, &Dataset::new(2), 0.0) else {
            continue;
        };
        let mut now = 0.0;
        while let Some(current) = run.current() {
            let number = current.number;
            now += 3.0;
            if !current.answered() {
                boundaries += usize::from(current.kind == PracticeKind::Boundary);
                if let Err(e) = run.answer(right(&run), now) {
                    unanswerable.push(format!(
                        "seed {seed}, student {student}, question {number}: {e}"
                    ));
                    break;
                }
                continue;
            }
            if run.next(now).is_err() {
                break;
            }
        }
    }
    assert!(unanswerable.is_empty(), "{}", unanswerable.join("\n"));
    assert!(
        boundaries > 1000,
        "{boundaries} boundary questions answered"
    );
}

/// The second update of these points takes w from [1, 1, 1] back to [0, 0, 0] (the same point
/// with the other label), which has no line: the boundary question goes on to the next update.
#[test]
fn a_boundary_question_skips_an_update_that_leaves_no_line() {
    let mut data = Dataset::new(2);
    for (x, c) in [([1.0, 1.0], 1), ([1.0, 1.0], 0), ([2.0, -1.0], 0)] {
        data.push_class(&x, c).unwrap();
    }
    let set = ExerciseSet {
        source: Source::Points,
        kinds: vec![PracticeKind::Boundary],
        questions: 2,
        ..every_kind(2, 0)
    };
    let mut run = PracticeRun::start(&set, 3, &data, 0.0).unwrap();
    let mut now = 0.0;
    for _ in 0..2 {
        now += 3.0;
        let response = right(&run);
        run.answer(response, now).expect("its right line is taken");
        assert!(run.current().unwrap().answered());
        if run.current().unwrap().number < 2 {
            run.next(now + 1.0).unwrap();
        }
    }
}
