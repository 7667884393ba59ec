//! Answering the question on show: a response checked part by part, and the answers placed
//! on the plot (the ends of a boundary, the tip of w′).

use super::*;

impl PracticeRun {
    /// Answers the question on show (a faded example: its next part) at `now`. A response of
    /// the wrong kind or shape is refused with a sentence and changes nothing. When the last
    /// part is answered the question goes into the results (right when every part was).
    pub fn answer(&mut self, response: Response, now: f64) -> Result<Feedback, String> {
        let current = self
            .current
            .as_ref()
            .ok_or("The set is finished: every question is answered.")?;
        if current.answered() {
            return Err("This question is answered: go on to the next one.".to_string());
        }
        if current.held() {
            return Err("Reveal the answer given first.".to_string());
        }
        let (feedback, given) = match (&current.content, current.kind, &response) {
            (Content::Converge { answer, .. }, _, Response::Converges(said)) => (
                check_convergence(answer, *said),
                if *said {
                    "converges"
                } else {
                    "never converges"
                }
                .to_string(),
            ),
            (Content::Step(q), PracticeKind::Predict, Response::Update(said)) => {
                (check_predict(&q.answer, *said), update_word(*said))
            }
            (Content::Step(q), PracticeKind::Update, Response::Parameters(given)) => {
                (check_update(&q.answer, given)?, given.text(&q.answer))
            }
            (Content::Step(q), PracticeKind::Boundary, Response::Line { ends, grid }) => {
                let w = boundary_after(q).ok_or("This rule has no single boundary to guess.")?;
                let guess = compare_line(*ends, w, *grid)?;
                let feedback = Feedback {
                    correct: guess.correct,
                    slip: None,
                    message: guess.message,
                    expected: crate::core::speech::equation(w),
                };
                let given = format!(
                    "line through {} and {}",
                    crate::core::numfmt::point(&ends[0]),
                    crate::core::numfmt::point(&ends[1])
                );
                (feedback, given)
            }
            (Content::Step(q), PracticeKind::Faded, response) => {
                match (current.next_part(), response) {
                    (None, Response::Read) => (
                        Feedback {
                            correct: true,
                            slip: None,
                            message: format!(
                                "Worked: {}. {}. {}.",
                                q.answer
                                    .scores
                                    .iter()
                                    .map(|s| format!("{}: {}", s.name, s.expression))
                                    .collect::<Vec<_>>()
                                    .join("; "),
                                q.answer.check,
                                q.answer.update_text
                            ),
                            expected: "read".to_string(),
                        },
                        "read".to_string(),
                    ),
                    (Some(Faded::Score), Response::Scores(given)) => (
                        check_score(&q.answer, given)?,
                        crate::core::numfmt::vector(given),
                    ),
                    (Some(Faded::Check), Response::Update(said)) => {
                        (check_predict(&q.answer, *said), update_word(*said))
                    }
                    (Some(Faded::Update), Response::Parameters(given)) => {
                        (check_update(&q.answer, given)?, given.text(&q.answer))
                    }
                    (part, _) => {
                        return Err(match part {
                            None => "This step is worked out: read it, then go on.".to_string(),
                            Some(p) => format!("Give the {} of this step.", p.name()),
                        })
                    }
                }
            }
            (_, kind, _) => {
                return Err(format!("This question asks: {}.", kind.title()));
            }
        };
        let Some(current) = self.current.as_mut() else {
            return Err("The set is finished.".to_string());
        };
        current.feedback.push(feedback.clone());
        current.given.push(given);
        current.revealed = !self.hold;
        if current.answered() {
            let all = Feedback {
                correct: current.feedback.iter().all(|f| f.correct),
                slip: current.feedback.iter().find_map(|f| f.slip),
                message: feedback.message.clone(),
                expected: current
                    .feedback
                    .iter()
                    .map(|f| f.expected.clone())
                    .collect::<Vec<_>>()
                    .join("; "),
            };
            let given = current.given.join("; ");
            let (kind, seconds) = (current.kind, now - current.shown_at);
            self.results.record(kind, given, &all, seconds)?;
        }
        let at = self.since_start(now);
        self.log.push(Logged::Answer(response, at));
        Ok(feedback)
    }

    /// Whether the question on show is answered by placing on the plot: `Some(true)` the
    /// ends of a boundary, `Some(false)` the tip of w′ (a step whose answer has an arrow),
    /// `None` neither (or already answered).
    pub fn places(&self) -> Option<bool> {
        let c = self
            .current
            .as_ref()
            .filter(|c| !c.answered() && !c.held())?;
        let Content::Step(q) = &c.content else {
            return None;
        };
        match (c.kind, c.next_part()) {
            (PracticeKind::Boundary, _) => Some(true),
            (PracticeKind::Update, _) | (PracticeKind::Faded, Some(Faded::Update))
                if !q.answer.arrows.is_empty() =>
            {
                Some(false)
            }
            _ => None,
        }
    }

    /// Puts `at` (already on the grid) on the plot for the question on show: an end of the
    /// guessed boundary or the tip of w′ (see [`Place`]). Refused, changing nothing, when the
    /// question is not answered on the plot.
    pub fn place(&mut self, at: [f64; 2], how: Place) -> Result<(), String> {
        let ends = self
            .places()
            .ok_or("This question is answered in its fields, not on the plot.")?;
        let Some(c) = self.current.as_mut() else {
            return Err("The set is finished.".to_string());
        };
        if !ends {
            c.draft.tip = Some(at);
            return Ok(());
        }
        let d = &mut c.draft.ends;
        match how {
            Place::Press => *d = vec![at, at],
            Place::Drag if d.len() == 2 => d[1] = at,
            Place::Drag => d.push(at),
            Place::Enter if d.len() >= 2 => *d = vec![at],
            Place::Enter => d.push(at),
        }
        Ok(())
    }

    /// Answers with what was placed on the plot: the guessed boundary through its two ends, or
    /// the tip of w′ within half a grid step (`grid`).
    pub fn answer_placed(&mut self, grid: f64, now: f64) -> Result<Feedback, String> {
        let ends = self
            .places()
            .ok_or("This question is answered in its fields, not on the plot.")?;
        let (draft, part) = match self.current.as_ref().map(|c| (&c.draft, &c.content)) {
            Some((d, Content::Step(q))) => (d.clone(), q.answer.arrows.first().copied()),
            _ => return Err("Nothing to check.".to_string()),
        };
        let response = if ends {
            match draft.ends[..] {
                [a, b] if a != b => Response::Line { ends: [a, b], grid },
                _ => {
                    return Err(
                        "Place both ends of the line first: drag across the plot, or press Enter at two places."
                            .to_string(),
                    )
                }
            }
        } else {
            let tip = draft.tip.ok_or(
                "Put the tip of w′ on the plot first: drag on the plot, or press Enter at a place.",
            )?;
            Response::Parameters(Given::Tip {
                part: part.unwrap_or(0),
                tip,
                half: grid / 2.0,
            })
        };
        self.answer(response, now)
    }
}
