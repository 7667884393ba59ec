//! Practice mode in the session: [`Action::Practice`] starts, answers, moves on and stops a
//! [`PracticeRun`]; while it runs the plot ([`Session::scene`]) shows the question, the status
//! line and the announcement say the question and its feedback, and the lab's own points and
//! timeline wait underneath, unchanged.

use super::*;
use crate::core::practice::{Content, PracticeRun};

impl Session {
    /// The practice run, while a student practises.
    pub fn practice(&self) -> Option<&PracticeRun> {
        self.practice.as_ref()
    }

    pub(super) fn practice_action(&mut self, action: PracticeAction) -> Result<Changed, Error> {
        let refused = |reason: String| Error::Field {
            field: "practice",
            reason,
        };
        match action {
            PracticeAction::Start {
                set,
                student_seed,
                now,
            } => {
                let run = PracticeRun::start(&set, student_seed, &self.data, now)?;
                self.playing = false;
                self.practice = Some(run);
                self.notice = self.practice_prompt();
            }
            PracticeAction::Answer { response, now } => {
                let run = self
                    .practice
                    .as_mut()
                    .ok_or_else(|| refused("Start a practice set first.".to_string()))?;
                let feedback = run.answer(response, now).map_err(refused)?;
                self.notice = if run.current().is_some_and(|c| c.answered()) {
                    feedback.message
                } else {
                    format!("{} {}", feedback.message, self.practice_prompt())
                };
            }
            PracticeAction::Next { now } => {
                let run = self
                    .practice
                    .as_mut()
                    .ok_or_else(|| refused("Start a practice set first.".to_string()))?;
                run.next(now).map_err(refused)?;
                self.notice = self.practice_prompt();
            }
            PracticeAction::Stop => {
                if self.practice.take().is_none() {
                    return Ok(Changed::Nothing);
                }
                self.notice = "Practice ended: the lab shows its own points again.".to_string();
            }
        }
        Ok(Changed::Redraw)
    }

    /// What the question on show asks, in words (the status line, announced): `Question 2 of
    /// 5 (Be the perceptron): sample 2 at (3, 2), class +1, was a mistake. Give the new w′.`
    pub fn practice_prompt(&self) -> String {
        let Some(run) = &self.practice else {
            return String::new();
        };
        let Some(c) = run.current() else {
            let r = run.results();
            return format!("Done: {} of {} right.", r.score(), r.total);
        };
        let head = format!(
            "Question {} of {} ({}):",
            c.number,
            run.results().total,
            c.kind.title()
        );
        let sample = |q: &crate::core::practice::Question| {
            q.record
                .visited()
                .map(|(i, x)| {
                    let class = self.class_name(run.data().class(i - 1));
                    format!("sample {i} at {}, class {class}", point(x))
                })
                .unwrap_or_else(|| "the next epoch".to_string())
        };
        let ask = match (&c.content, c.kind, c.next_part()) {
            (Content::Converge { data, .. }, _, _) => format!(
                "will the perceptron converge on these {} points?",
                data.len()
            ),
            (Content::Step(q), crate::core::practice::PracticeKind::Predict, _) => {
                format!("will {} cause an update?", sample(q))
            }
            (Content::Step(q), crate::core::practice::PracticeKind::Boundary, _) => format!(
                "{} is a mistake; drag the line to where the boundary goes after the update.",
                sample(q)
            ),
            (Content::Step(q), crate::core::practice::PracticeKind::Faded, None) => {
                format!("worked step for {}: read it, then go on.", sample(q))
            }
            (Content::Step(q), crate::core::practice::PracticeKind::Faded, Some(part)) => {
                format!("{}: give the {}.", sample(q), part.name())
            }
            (Content::Step(q), _, _) => format!(
                "{} is a mistake; give the new {}.",
                sample(q),
                q.answer
                    .parts
                    .iter()
                    .map(|p| p.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        format!("{head} {ask}")
    }
}
