//! The classic perceptron, one sample visit at a time.
//!
//! A visit of sample `(x, y)` computes the score `s = w·x + b`. It is a mistake when `y·s ≤ 0`
//! (a zero score is a mistake, as in scikit-learn's `Perceptron`); then `w ← w + η·y·x` and
//! `b ← b + η·y`. An epoch is one pass in the current order; training has converged after a full
//! epoch without a mistake and stops at `max_epochs` otherwise.
//!
//! **Overflow.** A visit whose score `w·x + b` is no number at all (`+∞` and `−∞` terms: no
//! decision is possible), or whose update would take a weight beyond `±f64::MAX`, is refused
//! with [`Refusal::Overflow`] and changes nothing: no weight, counter or epoch order moves. A
//! score of `±∞` still has a sign, so the decision stands (points near `1e300` train and
//! converge as at any other scale); only what the run keeps must be finite.

mod cli;
mod code;
pub mod eta;
mod practice;
mod record;
mod show;

pub use record::StepRecord;
pub(crate) use show::sign;

use super::Outcome;
use crate::core::order::init_stream_value;
use crate::core::schedule::EpochSchedule;
use crate::core::{Dataset, Error, InitWeights, Settings};
use std::rc::Rc;

/// Where training stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrainState {
    /// More steps can be taken.
    Running,
    /// A full epoch passed without a mistake.
    Converged,
    /// `max_epochs` epochs ran without convergence.
    MaxEpochs,
}

/// Why a step was not taken. The state is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// There are no samples.
    NoData,
    /// All samples are of one class.
    OneClass,
    /// Training has already converged.
    Converged,
    /// The epoch cap has been reached.
    MaxEpochs,
    /// The next step would leave the range of floating-point numbers: a score that is no number
    /// (∞ − ∞: no decision possible), or a weight, `α`, `b` or sum the run keeps that would not
    /// be finite (beyond ±1.8e308). Every algorithm refuses such a step and keeps its state
    /// exactly as it was.
    Overflow,
}

impl Refusal {
    /// A sentence for the status line.
    pub fn message(self) -> &'static str {
        match self {
            Refusal::NoData => "Nothing to step: add points of both classes first.",
            Refusal::OneClass => {
                "Nothing to step: all points are of one class; add a point of the other class."
            }
            Refusal::Converged => {
                "Converged: every point is classified correctly. Reset to train again."
            }
            Refusal::MaxEpochs => {
                "Stopped at max epochs without converging. Reset, or raise max epochs in Settings."
            }
            Refusal::Overflow => {
                "Stopped: the numbers grew beyond what the computer can hold (about 1.8e308). Scale the points down or use a smaller η."
            }
        }
    }
}

/// The result of asking for one step of the classic rule.
pub type StepOutcome = Outcome<StepRecord>;

/// The training state of one run: weights, counters and the current epoch's order.
///
/// Cloning is cheap (the settings and the epoch's order are shared), so the session keeps one
/// clone per step as its history.
#[derive(Debug, Clone, PartialEq)]
pub struct Trainer {
    settings: Rc<Settings>,
    weights: Vec<f64>,
    schedule: EpochSchedule,
}

impl Trainer {
    /// A fresh run for data with `dim` features: initial weights, step 0, epoch 1.
    pub fn new(settings: Settings, dim: usize) -> Result<Trainer, Error> {
        settings.validate(dim)?;
        let weights = initial_weights(&settings, dim);
        Ok(Trainer {
            schedule: EpochSchedule::new(&settings),
            settings: Rc::new(settings),
            weights,
        })
    }

    /// Current weights, bias weight first: `[b, w1, …, wd]`.
    pub fn weights(&self) -> &[f64] {
        &self.weights
    }

    /// The score `w·x + b` of features `x`.
    pub fn score(&self, x: &[f64]) -> f64 {
        self.weights[0]
            + x.iter()
                .zip(&self.weights[1..])
                .map(|(a, b)| a * b)
                .sum::<f64>()
    }

    /// Visits one sample and applies the rule.
    pub fn step(&mut self, data: &Dataset) -> StepOutcome {
        if data.is_empty() {
            return StepOutcome::Refused(Refusal::NoData);
        }
        if !data.has_both_classes() {
            return StepOutcome::Refused(Refusal::OneClass);
        }
        // Work on a copy of the schedule, so that a refused visit leaves it as it was.
        let mut schedule = self.schedule.clone();
        let index = match schedule.next_index(data.len()) {
            Ok(index) => index,
            Err(why) => return StepOutcome::Refused(why),
        };
        let x = data.x(index);
        let y = data.label(index).y();
        let score = self.score(x);
        if score.is_nan() {
            // +∞ and −∞ terms: no decision is possible, so nothing changes.
            return StepOutcome::Refused(Refusal::Overflow);
        }
        let weights_before = self.weights.clone();
        let mistake = y * score <= 0.0;
        if mistake {
            let eta_y = self.settings.eta * y;
            let mut next = self.weights.clone();
            if self.settings.bias {
                next[0] += eta_y;
            }
            for (w, xi) in next[1..].iter_mut().zip(x) {
                *w += eta_y * xi;
            }
            if next.iter().any(|w| !w.is_finite()) {
                return StepOutcome::Refused(Refusal::Overflow);
            }
            // Never keep a negative zero.
            self.weights = next.into_iter().map(|w| w + 0.0).collect();
        }
        let epoch = schedule.epoch();
        schedule.finish_visit(data.len(), mistake);
        self.schedule = schedule;
        StepOutcome::Stepped(StepRecord {
            step: self.schedule.steps(),
            epoch,
            index: index + 1,
            x: x.to_vec(),
            y,
            weights_before,
            score,
            mistake,
            weights_after: self.weights.clone(),
        })
    }

    /// Runs until convergence or the epoch cap, calling `each` on every step. Returns the last
    /// refusal (why it stopped).
    pub fn run(&mut self, data: &Dataset, mut each: impl FnMut(&StepRecord)) -> Refusal {
        loop {
            match self.step(data) {
                StepOutcome::Stepped(record) => each(&record),
                StepOutcome::Refused(why) => return why,
            }
        }
    }
}

fn initial_weights(settings: &Settings, dim: usize) -> Vec<f64> {
    match &settings.init {
        InitWeights::Zero => vec![0.0; dim + 1],
        InitWeights::Explicit(w) => w.iter().map(|v| v + 0.0).collect(),
        InitWeights::Random => {
            let mut w = init_stream_value(settings.seed, dim + 1);
            if !settings.bias {
                w[0] = 0.0;
            }
            w
        }
    }
}
