//! A student's results of an exercise set: one record per question (kind, answer given, right
//! answer, correct, the named error, time taken), exported as CSV (the `csv` writer, cells a
//! spreadsheet would run as formulas behind a quote) and JSON, and the objects of the page's
//! `answer` and `finish` events — the finish object with an xAPI-shaped `statement` an LMS
//! page can forward. Times are given by the page (the core reads no clock).

use super::exercise::{ExerciseSet, PracticeKind};
use super::Feedback;
use crate::core::numfmt::num;
use crate::core::table::csv_formula_safe;
use serde::Serialize;
use serde_json::{json, Value};

/// The xAPI verb of a finished set.
pub const VERB_COMPLETED: &str = "http://adlnet.gov/expapi/verbs/completed";

/// One answered question.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QuestionResult {
    /// The 1-based question number.
    pub question: u32,
    /// Its kind.
    pub kind: PracticeKind,
    /// The answer given, as written (`w′ = [1, 3, 2]`, `update`).
    pub given: String,
    /// The right answer, as written.
    pub expected: String,
    /// Whether it was right.
    pub correct: bool,
    /// The named error (`sign`, `old-left-out`, …), if the wrong answer was one.
    pub error: Option<String>,
    /// Seconds from the question shown to the answer.
    pub seconds: f64,
}

/// A student's results of one set.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Results {
    /// The exercise's id.
    pub exercise: String,
    /// The seed the student's problems came from (their variant's, with `vary`).
    pub seed: u64,
    /// The number of questions in the set.
    pub total: u32,
    /// The questions answered, in order.
    pub questions: Vec<QuestionResult>,
}

impl Results {
    /// No answers yet, for `set` (the student's variant).
    pub fn new(set: &ExerciseSet) -> Results {
        Results {
            exercise: set.id.clone(),
            seed: set.seed,
            total: set.questions,
            questions: Vec::new(),
        }
    }

    /// Records the answer to the next question: its kind, the answer given as written, the
    /// checker's feedback and the seconds it took (a time that is no number or negative is
    /// kept as 0). Refuses an answer beyond the set's last question.
    pub fn record(
        &mut self,
        kind: PracticeKind,
        given: String,
        feedback: &Feedback,
        seconds: f64,
    ) -> Result<&QuestionResult, String> {
        if self.questions.len() >= self.total as usize {
            return Err(format!(
                "The set has {} questions; all are answered.",
                self.total
            ));
        }
        self.questions.push(QuestionResult {
            question: self.questions.len() as u32 + 1,
            kind,
            given,
            expected: feedback.expected.clone(),
            correct: feedback.correct,
            error: feedback.slip.map(|s| s.name().to_string()),
            seconds: if seconds.is_finite() && seconds > 0.0 {
                seconds
            } else {
                0.0
            },
        });
        Ok(&self.questions[self.questions.len() - 1])
    }

    /// Right answers so far.
    pub fn score(&self) -> u32 {
        self.questions.iter().filter(|q| q.correct).count() as u32
    }

    /// Whether every question is answered.
    pub fn finished(&self) -> bool {
        self.questions.len() >= self.total as usize
    }

    /// Seconds over all answers.
    pub fn seconds(&self) -> f64 {
        self.questions.iter().map(|q| q.seconds).sum()
    }

    /// The results as CSV: `question,kind,given,expected,correct,error,seconds`, one row per
    /// answer.
    pub fn to_csv(&self) -> String {
        let mut out = csv::Writer::from_writer(Vec::new());
        let head = [
            "question", "kind", "given", "expected", "correct", "error", "seconds",
        ];
        let rows = self.questions.iter().map(|q| {
            [
                q.question.to_string(),
                q.kind.name().to_string(),
                csv_formula_safe(&q.given).into_owned(),
                csv_formula_safe(&q.expected).into_owned(),
                q.correct.to_string(),
                q.error.clone().unwrap_or_default(),
                num(q.seconds),
            ]
        });
        // Writing to memory cannot fail.
        let written = out
            .write_record(head)
            .and_then(|()| rows.into_iter().try_for_each(|r| out.write_record(&r)));
        debug_assert!(written.is_ok(), "{written:?}");
        String::from_utf8(out.into_inner().unwrap_or_default()).unwrap_or_default()
    }

    /// The results as JSON.
    pub fn to_json(&self) -> Value {
        let mut value = serde_json::to_value(self).unwrap_or_default();
        if let Some(map) = value.as_object_mut() {
            map.insert("score".into(), self.score().into());
        }
        value
    }

    /// The `answer` event's object of question `n` (1-based):
    /// `{exercise, question, kind, correct, given, expected, score, total}`, the score counting
    /// the right answers up to that question.
    pub fn answer_event(&self, n: u32) -> Option<Value> {
        let q = self.questions.get(n.checked_sub(1)? as usize)?;
        let score = self.questions[..n as usize]
            .iter()
            .filter(|q| q.correct)
            .count();
        Some(json!({
            "exercise": self.exercise,
            "question": q.question,
            "kind": q.kind.name(),
            "correct": q.correct,
            "given": q.given,
            "expected": q.expected,
            "score": score,
            "total": self.total,
        }))
    }

    /// The `finish` event's object: the exercise, score and total, the results, and an
    /// xAPI-shaped `statement` (verb `completed`, the object's id `activity` — the page's
    /// address with the exercise's link, the same for every student of the set — and
    /// `result.score` raw, min, max and scaled). `None` before every question is answered.
    pub fn finish_event(&self, activity: &str, title: &str) -> Option<Value> {
        if !self.finished() {
            return None;
        }
        let score = self.score();
        let scaled = if self.total == 0 {
            0.0
        } else {
            f64::from(score) / f64::from(self.total)
        };
        Some(json!({
            "exercise": self.exercise,
            "score": score,
            "total": self.total,
            "results": self.to_json(),
            "statement": {
                "verb": {
                    "id": VERB_COMPLETED,
                    "display": { "en-US": "completed" },
                },
                "object": {
                    "objectType": "Activity",
                    "id": activity,
                    "definition": { "name": { "en-US": title } },
                },
                "result": {
                    "score": {
                        "raw": score,
                        "min": 0,
                        "max": self.total,
                        "scaled": scaled,
                    },
                    "completion": true,
                    "duration": format!("PT{}S", num(self.seconds())),
                },
            },
        }))
    }
}

/// The xAPI object id of a set: the page's address (without a fragment) with the set's link,
/// before any student's variant (`set` as composed).
pub fn activity_id(page: &str, set: &ExerciseSet) -> String {
    let page = page.split('#').next().unwrap_or(page);
    format!("{page}#{}", set.to_link())
}
