//! Answering practice questions in tests: the right response to the question on show, and a
//! wrong one of the same kind.
#![allow(dead_code)]

use perceptron_lab::core::practice::{
    boundary_after, Content, Faded, Given, PracticeKind, PracticeRun, Response,
};

/// The right response to the question (or faded part) on show.
pub fn right(run: &PracticeRun) -> Response {
    let c = run.current().expect("a question");
    match &c.content {
        Content::Converge { answer, .. } => Response::Converges(answer.separable),
        Content::Step(q) => {
            let params = Given::Typed(q.answer.parts.iter().map(|p| p.values.clone()).collect());
            match (c.kind, c.next_part()) {
                (PracticeKind::Predict, _) | (_, Some(Faded::Check)) => {
                    Response::Update(q.answer.update)
                }
                (PracticeKind::Update, _) | (_, Some(Faded::Update)) => {
                    Response::Parameters(params)
                }
                (_, Some(Faded::Score)) => {
                    Response::Scores(q.answer.scores.iter().map(|s| s.value).collect())
                }
                (PracticeKind::Boundary, _) => {
                    let [b, w1, w2] = boundary_after(q).expect("a line");
                    // Two points of the line b + w1·x1 + w2·x2 = 0.
                    let n = w1 * w1 + w2 * w2;
                    let foot = [-b * w1 / n, -b * w2 / n];
                    Response::Line {
                        ends: [[foot[0] - w2, foot[1] + w1], [foot[0] + w2, foot[1] - w1]],
                        grid: 0.5,
                    }
                }
                _ => Response::Read,
            }
        }
    }
}

/// Answers every part of the question on show rightly, then goes on.
pub fn answer_rightly(run: &mut PracticeRun, now: f64) {
    while !run.current().unwrap().answered() {
        let f = run.answer(right(run), now).unwrap();
        assert!(f.correct, "{}", f.message);
    }
    run.next(now + 1.0).unwrap();
}

/// A wrong response of the right kind to the question (or faded part) on show; `None` for a
/// worked example that is only read.
pub fn wrong(run: &PracticeRun) -> Option<Response> {
    Some(match right(run) {
        Response::Update(u) => Response::Update(!u),
        Response::Converges(c) => Response::Converges(!c),
        Response::Parameters(Given::Typed(parts)) => Response::Parameters(Given::Typed(
            parts
                .iter()
                .map(|p| p.iter().map(|v| v + 7.0).collect())
                .collect(),
        )),
        Response::Scores(s) => Response::Scores(s.iter().map(|v| v + 7.0).collect()),
        Response::Line { grid, .. } => Response::Line {
            ends: [[-100.0, -99.0], [100.0, -98.5]],
            grid,
        },
        _ => return None,
    })
}
