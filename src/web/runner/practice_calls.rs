//! The runner's Practice calls: start a set (with a student's own seed), answer, reveal, go on,
//! stop, and the events and results each gives back to the page (the practice panel,
//! `web/panels/practice.rs`, writes itself in the frame).

use crate::core::practice::{ExerciseSet, Given, Response, Source};
use crate::core::{Action, Error, PracticeAction};

/// The page's clock in seconds (the times of practice answers).
pub(super) fn seconds_now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now() / 1000.0)
}

/// A student's own seed: six digits, easy to read out to a lecturer, from the browser's
/// random source.
pub(super) fn student_seed() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::getrandom(&mut bytes).is_err() {
        return 100_000;
    }
    100_000 + u64::from_le_bytes(bytes) % 900_000
}

fn refused(reason: impl Into<String>) -> Error {
    Error::Field {
        field: "practice",
        reason: reason.into(),
    }
}

impl super::Runner {
    /// Starts `set` for this student (a varying set with a seed of their own).
    pub(super) fn start_practice(&mut self, set: ExerciseSet) -> Result<(), Error> {
        self.apply(Action::Practice(PracticeAction::Start {
            set,
            student_seed: student_seed(),
            now: seconds_now(),
        }))
    }

    /// Checks the set written as link keys (`xv=1&xk=…`), as the composer builds them; the
    /// set, or why it cannot be one.
    fn composed_set(keys: &str) -> Result<ExerciseSet, Error> {
        ExerciseSet::from_link(keys)?.ok_or_else(|| refused(crate::core::words::NO_EXERCISE_KEYS))
    }

    /// The link fragment (without `#`) that opens the set written as `keys`: the set's keys,
    /// after the lab's scenario when the set asks about the points on show.
    pub fn practice_link(&self, keys: &str) -> Result<String, Error> {
        let set = Self::composed_set(keys)?;
        Ok(match set.source {
            Source::Points => format!("{}&{}", self.link()?, set.to_link()),
            _ => set.to_link(),
        })
    }

    /// The HTML that frames the set written as `keys` in a course page, opening `url` (the
    /// set's link, as [`practice_link`](Self::practice_link) made it, on this page).
    pub fn practice_frame(&self, keys: &str, url: &str) -> Result<String, Error> {
        let set = Self::composed_set(keys)?;
        Ok(crate::core::words::practice_frame(url, &set.id))
    }

    /// Starts the set written as link keys now.
    pub fn practice_start(&mut self, keys: &str) -> Result<(), Error> {
        let set = Self::composed_set(keys)?;
        self.start_practice(set)
    }

    /// Answers the question on show; returns the events this answer makes, as JSON
    /// (`{"events": [{"type": "answer" | "finish", "detail": {…}}], "report": origin | null}`).
    pub fn practice_answer(&mut self, response: Response, page: &str) -> Result<String, Error> {
        let before = self
            .session
            .practice()
            .map_or(0, |r| r.results().questions.len());
        self.apply(Action::Practice(PracticeAction::Answer {
            response,
            now: seconds_now(),
        }))?;
        Ok(self.practice_events(before, page))
    }

    /// The events of the answers recorded after the first `before`.
    fn practice_events(&self, before: usize, page: &str) -> String {
        let Some(run) = self.session.practice() else {
            return "{\"events\":[],\"report\":null}".to_string();
        };
        let results = run.results();
        let mut events = Vec::new();
        for n in before + 1..=results.questions.len() {
            if let Some(detail) = results.answer_event(n as u32) {
                events.push(serde_json::json!({"type": "answer", "detail": detail}));
            }
        }
        if results.questions.len() > before {
            let activity = crate::core::practice::activity_id(page, run.composed());
            let title = crate::core::words::practice_title(&run.composed().id);
            if let Some(detail) = results.finish_event(&activity, &title) {
                events.push(serde_json::json!({"type": "finish", "detail": detail}));
            }
        }
        serde_json::json!({"events": events, "report": run.composed().report}).to_string()
    }

    /// Typed numbers for each part (one field's text per part), as an answer.
    pub fn practice_typed(&mut self, texts: &[String], page: &str) -> Result<String, Error> {
        let values = texts
            .iter()
            .map(|t| crate::core::practice::parse_numbers(t))
            .collect::<Result<Vec<_>, _>>()
            .map_err(refused)?;
        self.practice_answer(Response::Parameters(Given::Typed(values)), page)
    }

    /// Typed scores (one field's text per score), as an answer.
    pub fn practice_scores(&mut self, texts: &[String], page: &str) -> Result<String, Error> {
        let mut scores = Vec::new();
        for t in texts {
            scores.extend(crate::core::practice::parse_numbers(t).map_err(refused)?);
        }
        self.practice_answer(Response::Scores(scores), page)
    }

    /// Two typed ends `x1, x2` of the guessed boundary, as an answer (the grid is the plot's
    /// keyboard step).
    pub fn practice_line(&mut self, a: &str, b: &str, page: &str) -> Result<String, Error> {
        let end = |t: &str| -> Result<[f64; 2], Error> {
            match crate::core::practice::parse_numbers(t).map_err(refused)?[..] {
                [x, y] => Ok([x, y]),
                _ => Err(refused(crate::core::words::not_one_point(t))),
            }
        };
        let ends = [end(a)?, end(b)?];
        let grid = crate::core::cursor_steps(&self.session.scene().view).0;
        self.practice_answer(Response::Line { ends, grid }, page)
    }

    /// Reveals, goes on or stops: `reveal`, `next`, `stop`, `read`.
    pub fn practice_do(&mut self, what: &str, page: &str) -> Result<String, Error> {
        let none = "{\"events\":[],\"report\":null}".to_string();
        match what {
            // A key pressed when there is nothing to reveal or go on to is answered in words
            // (said and shown), not as an error.
            "reveal" | "next" => {
                let action = if what == "reveal" {
                    PracticeAction::Reveal
                } else {
                    PracticeAction::Next { now: seconds_now() }
                };
                if let Err(e) = self.apply(Action::Practice(action)) {
                    let message = match e {
                        Error::Field { reason, .. } => reason,
                        other => other.to_string(),
                    };
                    self.apply(Action::Say(message))?;
                }
                Ok(none)
            }
            "stop" => self
                .apply(Action::Practice(PracticeAction::Stop))
                .map(|()| none),
            "read" => self.practice_answer(Response::Read, page),
            "tip" => {
                let before = self
                    .session
                    .practice()
                    .map_or(0, |r| r.results().questions.len());
                self.apply(Action::Practice(PracticeAction::AnswerPlaced {
                    now: seconds_now(),
                }))?;
                Ok(self.practice_events(before, page))
            }
            other => Err(refused(crate::core::words::not_a_practice_action(other))),
        }
    }

    /// The results as `csv` or `json`.
    pub fn practice_results(&self, format: &str) -> Result<String, Error> {
        // The set on show, or the one that ended last (its results stay until another starts).
        let run = self
            .session
            .practice()
            .or(self.session.ended_practice())
            .ok_or_else(|| refused(crate::core::words::NO_RESULTS))?;
        match format {
            "csv" => Ok(run.results().to_csv()),
            _ => Ok(serde_json::to_string_pretty(&run.results().to_json()).unwrap_or_default()),
        }
    }
}

/// What Step asks for (its button, →, a clicker's PageDown): a step; while a practice set runs,
/// its own way forward: reveals an answer held back, or goes on after the reveal; before an
/// answer it says what to do; after the last question, nothing.
pub(crate) fn step_action(session: &crate::core::Session) -> Option<Action> {
    if session.practice().is_none() {
        return Some(Action::Step);
    }
    let view = session.practice_view()?;
    match view.ask {
        crate::core::Ask::Reveal => Some(Action::Practice(PracticeAction::Reveal)),
        crate::core::Ask::Next => Some(Action::Practice(PracticeAction::Next {
            now: seconds_now(),
        })),
        crate::core::Ask::Done => None,
        _ => Some(Action::Say(crate::core::words::answer_first(
            &session.practice_prompt(),
        ))),
    }
}
