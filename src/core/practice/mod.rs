//! Practice mode's core: questions about the next step, checked with feedback that names the
//! error, the geometry and theory questions of the linear binary rules, problems generated from
//! a seed, and exercise sets with their results (issue 12).
//!
//! A [`Question`] is the next step of a run, taken on a copy of the model: its record states
//! the answer ([`Record::practice`], each algorithm in its folder's `practice.rs`), so nothing
//! here knows an algorithm by name. The checkers ([`check`]) compare what a student gave with
//! the [`Answer`] and its named wrong answers.

pub mod boundary;
pub mod check;
pub mod exercise;
pub mod problem;
pub mod results;
pub mod run;
pub mod saved;
pub mod scorm;

pub use crate::core::algo::practice::{Answer, Part, Score, Slip};
pub use boundary::{
    boundary_after, check_convergence, compare_line, convergence, Convergence, LineGuess, Proof,
};
pub use check::{
    check_predict, check_score, check_update, faded_plan, parse_numbers, same_number, Faded,
    Feedback, Given,
};
pub use exercise::{ExerciseSet, PracticeKind, Source};
pub use problem::{Problem, ProblemSpec};
pub use results::{activity_id, QuestionResult, Results};
pub use run::{Content, Current, Place, PracticeRun, Response};
pub use saved::{Logged, Saved};

use crate::core::algo::ClassData;
use crate::core::{Dataset, Model, Record, Settings, Setup};

/// The next step of a run as a question: the model before it, the step's record and its answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    /// The model before the step (what the plot shows while the question is open).
    pub before: Model,
    /// The model after the step (what the reveal shows).
    pub after: Model,
    /// The step's record.
    pub record: Record,
    /// The step's answer.
    pub answer: Answer,
}

impl Question {
    /// The next step of `model` on `data` under `setup` as a question; the model is not changed.
    /// A step the model refuses (converged, no data, one class, overflow) gives the refusal's
    /// sentence.
    pub fn next(model: &Model, data: &Dataset, setup: &Setup) -> Result<Question, String> {
        let classes = ClassData::from_dataset(data, setup.num_classes()).unwrap_or_default();
        let mut after = model.clone();
        let record = after
            .step(data, &classes)
            .map_err(|why| model.refusal_message(why))?;
        let answer = record.practice().answer(model.settings(), setup);
        Ok(Question {
            before: model.clone(),
            after,
            record,
            answer,
        })
    }

    /// The settings of the run.
    pub fn settings(&self) -> &Settings {
        self.before.settings()
    }
}
