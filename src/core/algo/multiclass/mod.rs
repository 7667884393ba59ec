//! The multiclass perceptron (seed 000, "9.4.1 Multiclass Perceptron"): one weight row per class.
//!
//! With K classes the weights are a K × (d + 1) matrix `W`, one row `W_k = [b_k, w_k1, …, w_kd]`
//! per class, bias weight first. A sample's feature vector is `f(x) = [1, x1, …, xd]` when the
//! bias is on and `[0, x1, …, xd]` when it is off (so the bias column stays 0). The score of
//! class k is `s_k = W_k·f(x)`; the prediction is `ŷ = argmax_k s_k`, ties going to the lowest
//! class index. A visit of `(x, y)` is a mistake when `ŷ ≠ y`; then
//!
//! - `W_y ← W_y + η·f(x)` (reward the true class),
//! - `W_ŷ ← W_ŷ − η·f(x)` (punish the predicted class),
//!
//! and every other row is unchanged. Epochs, order and convergence are exactly those of
//! [`Trainer`](crate::core::Trainer): one sample per step in data order (or the seeded
//! [`epoch_order`](crate::core::epoch_order) of each epoch), converged after an epoch without a
//! mistake, stopped after `max_epochs` otherwise (or, with [`Stopping::ExactEpochs`], always
//! after exactly `max_epochs` epochs).
//!
//! **Classes and initial weights** (shared by [`ovr`](super::ovr) and [`ovo`](super::ovo)): K
//! must be from [`MIN_CLASSES`] to [`MAX_CLASSES`]. [`InitWeights::Zero`] starts every row at
//! 0 (the course's start); [`InitWeights::Random`] draws every row uniformly from `[−1, 1)` by
//! the seeded generator, row after row from one stream (`b = 0` in every row when the bias is
//! off); [`InitWeights::Explicit`] (a single row) is refused with [`Error::InitWeights`].
//!
//! **Overflow** (shared by [`ovr`](super::ovr) and [`ovo`](super::ovo)): a visit whose update
//! would take a weight beyond `±f64::MAX`, or whose scores allow no decision, is refused with
//! [`Refusal::Overflow`] and changes nothing (no row, counter or epoch order). No decision: a
//! score that is no number (`∞ − ∞`), or here, for the argmax, a highest score of `±∞` that
//! several classes share (their true scores differ, but which is highest is lost). A score of
//! `±∞` whose place is clear keeps the decision, as for the classic rule.
//!
//! The pure rule, [`update`], works on any feature vector and is what the course's worked
//! example checks.

mod cli;
mod code;
mod practice;
mod show;

use super::ClassData;
use crate::core::order::init_stream_value;
use crate::core::schedule::EpochSchedule;
use crate::core::{Error, InitWeights, Refusal, Settings};
use serde::Serialize;
use std::rc::Rc;

/// The fewest classes the multiclass algorithms accept.
pub const MIN_CLASSES: usize = 2;

/// The most classes the multiclass algorithms accept.
pub const MAX_CLASSES: usize = 6;

/// When a multiclass run stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Stopping {
    /// After the first epoch without a mistake (converged), or after `max_epochs` epochs — as
    /// [`Trainer`](crate::core::Trainer) does. The default.
    #[default]
    AfterCleanEpoch,
    /// After exactly `max_epochs` epochs, even when an earlier epoch was clean (as
    /// scikit-learn's `tol=None`). The final state is `Converged` when the last epoch was clean,
    /// `MaxEpochs` otherwise.
    ExactEpochs,
}

/// The dot product `W_k·f = W_k0·f0 + Σ_{j≥1} W_kj·f_j`, summed in that order (the bias term
/// first, so that with `f0 = 1` it is `b + w·x` exactly as [`Trainer::score`] and
/// scikit-learn compute it). Extra entries of the longer slice are ignored.
///
/// [`Trainer::score`]: crate::core::Trainer::score
pub fn dot(row: &[f64], f: &[f64]) -> f64 {
    let mut pairs = row.iter().zip(f);
    match pairs.next() {
        None => 0.0,
        Some((w0, f0)) => w0 * f0 + pairs.map(|(w, v)| w * v).sum::<f64>(),
    }
}

/// The scores `s_k = W_k·f` of every row of `rows`.
pub fn scores(rows: &[Vec<f64>], f: &[f64]) -> Vec<f64> {
    rows.iter().map(|row| dot(row, f)).collect()
}

/// `argmax_k s_k`: the index of the highest score, the **lowest index among ties**. A NaN score
/// never wins; with no scores (or only NaN) the answer is 0.
pub fn argmax(scores: &[f64]) -> usize {
    let mut best = 0;
    for (k, &s) in scores.iter().enumerate() {
        if s > scores[best] || (scores[best].is_nan() && !s.is_nan()) {
            best = k;
        }
    }
    best
}

/// `decide` applied to the scores `W_k·f(x)` of every row: a plane's point with up to eight
/// rows scored on the stack (the region maps score tens of thousands of cells a frame, and two
/// allocations each were most of their time), anything else through [`scores`]; the same sums
/// in the same order either way.
pub fn with_scores<T>(
    rows: &[Vec<f64>],
    bias: bool,
    x: &[f64],
    decide: impl FnOnce(&[f64]) -> T,
) -> T {
    let k = rows.len();
    if let ([x0, x1], true) = (x, k <= 8) {
        let f = [if bias { 1.0 } else { 0.0 }, *x0, *x1];
        let mut s = [0.0; 8];
        for (s, row) in s.iter_mut().zip(rows) {
            *s = dot(row, &f);
        }
        return decide(&s[..k]);
    }
    decide(&scores(rows, &features(x, bias)))
}

/// What one multiclass visit saw.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Visit {
    /// The scores `s_k = W_k·f(x)` before the visit.
    pub scores: Vec<f64>,
    /// The prediction `ŷ = argmax_k s_k` before the visit (ties → lowest index).
    pub predicted: usize,
    /// Whether `ŷ ≠ y` (and so the weights changed).
    pub mistake: bool,
}

/// The multiclass perceptron rule on one sample, in place: scores `s = W·f`, prediction
/// `ŷ = argmax s`; on a mistake (`ŷ ≠ y`), `W_y ← W_y + η·f` and `W_ŷ ← W_ŷ − η·f`, other rows
/// unchanged.
///
/// `f` is the whole feature vector as the rows see it (include the bias feature yourself; seed
/// 000's `f(x) = [-2, 3, 1]` with rows `[-2,2,1]`, `[0,3,4]`, `[1,4,-2]` gives scores 11, 13, 8
/// and, for true class 2, rows 1 and 2 become `[2,0,3]` and `[-1,7,-1]`). Returns `None`, leaving
/// `rows` alone, when `class` is not a row of `rows`.
pub fn update(rows: &mut [Vec<f64>], f: &[f64], class: usize, eta: f64) -> Option<Visit> {
    if class >= rows.len() {
        return None;
    }
    let scores = scores(rows, f);
    let predicted = argmax(&scores);
    let mistake = predicted != class;
    if mistake {
        for (w, v) in rows[class].iter_mut().zip(f) {
            *w = *w + eta * v + 0.0; // + 0.0: never keep a negative zero
        }
        for (w, v) in rows[predicted].iter_mut().zip(f) {
            *w = *w - eta * v + 0.0;
        }
    }
    Some(Visit {
        scores,
        predicted,
        mistake,
    })
}

/// The feature vector the rows see: `[1, x1, …, xd]` with the bias on, `[0, x1, …, xd]` off.
pub fn features(x: &[f64], bias: bool) -> Vec<f64> {
    let mut f = Vec::with_capacity(x.len() + 1);
    f.push(if bias { 1.0 } else { 0.0 });
    f.extend_from_slice(x);
    f
}

/// The classic binary rule on one row: score `s = row·f`, mistake when `y·s ≤ 0`, then
/// `row ← row + η·y·f`. Returns `(s, mistake)`.
pub(super) fn binary_visit(row: &mut [f64], f: &[f64], y: f64, eta: f64) -> (f64, bool) {
    let score = dot(row, f);
    let mistake = y * score <= 0.0;
    if mistake {
        let eta_y = eta * y;
        for (w, v) in row.iter_mut().zip(f) {
            *w = *w + eta_y * v + 0.0;
        }
    }
    (score, mistake)
}

/// Checks K and the settings and returns `rows` initial rows of `dim + 1` weights each.
pub(super) fn initial_rows(
    settings: &Settings,
    dim: usize,
    num_classes: usize,
    rows: usize,
) -> Result<Vec<Vec<f64>>, Error> {
    if !(MIN_CLASSES..=MAX_CLASSES).contains(&num_classes) {
        return Err(Error::Field {
            field: "classes",
            reason: format!(
                "the multiclass perceptrons need {MIN_CLASSES} to {MAX_CLASSES} classes, \
                 but the data has {num_classes}"
            ),
        });
    }
    if let InitWeights::Explicit(_) = settings.init {
        return Err(Error::InitWeights(
            "explicit weights are a single row; the multiclass perceptrons start from zero or \
             random rows"
                .to_string(),
        ));
    }
    settings.validate(dim)?;
    Ok(match settings.init {
        InitWeights::Random => {
            let values = init_stream_value(settings.seed, rows * (dim + 1));
            values
                .chunks(dim + 1)
                .map(|chunk| {
                    let mut row = chunk.to_vec();
                    if !settings.bias {
                        row[0] = 0.0;
                    }
                    row
                })
                .collect()
        }
        _ => vec![vec![0.0; dim + 1]; rows],
    })
}

/// What the three multiclass trainers share: the settings, the shape of the data (d and K) and
/// the [`EpochSchedule`] (the same rules as [`Trainer`](crate::core::Trainer)), with the
/// multiclass refusals in front of it.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct ClassRun {
    pub(super) settings: Rc<Settings>,
    pub(super) dim: usize,
    pub(super) num_classes: usize,
    pub(super) epochs: EpochSchedule,
}

impl ClassRun {
    pub(super) fn new(settings: Settings, dim: usize, num_classes: usize) -> ClassRun {
        ClassRun {
            epochs: EpochSchedule::new(&settings),
            settings: Rc::new(settings),
            dim,
            num_classes,
        }
    }

    pub(super) fn stopping(&self) -> Stopping {
        if self.epochs.exact_epochs() {
            Stopping::ExactEpochs
        } else {
            Stopping::AfterCleanEpoch
        }
    }

    pub(super) fn set_stopping(&mut self, stopping: Stopping) {
        self.epochs
            .set_exact_epochs(stopping == Stopping::ExactEpochs);
    }

    /// The index of the sample to visit next and the schedule that visits it (a copy, for the
    /// step to keep once it is taken, so that a refused step leaves the run's as it was), or
    /// why there is none. Data with another number of features or classes than the run's is
    /// refused as [`Refusal::NoData`].
    pub(super) fn next(&self, data: &ClassData) -> Result<(usize, EpochSchedule), Refusal> {
        if data.is_empty() {
            return Err(Refusal::NoData);
        }
        if data.num_classes() < 2 {
            return Err(Refusal::OneClass);
        }
        if data.dim() != self.dim || data.num_classes() != self.num_classes {
            return Err(Refusal::NoData);
        }
        let mut schedule = self.epochs.clone();
        let index = schedule.next_index(data.len())?;
        Ok((index, schedule))
    }
}

/// Whether every score of `scores` is a number (one-vs-rest and one-vs-one decide on each
/// score's sign, which `±∞` keeps and `∞ − ∞` loses).
pub(super) fn signed(scores: &[f64]) -> bool {
    !scores.iter().any(|s| s.is_nan())
}

/// Whether the argmax of `scores` is a decision: every score is a number, and a highest score
/// of `±∞` is not shared.
pub(super) fn decidable(scores: &[f64]) -> bool {
    let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    signed(scores) && (top.is_finite() || scores.iter().filter(|&&s| s == top).count() < 2)
}

/// Whether every weight of `rows` is finite (a step checks its new rows with it).
pub(super) fn finite_rows(rows: &[Vec<f64>]) -> bool {
    rows.iter().flatten().all(|w| w.is_finite())
}

/// What happened at one step of the multiclass perceptron.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MulticlassRecord {
    /// 1-based step number.
    pub step: u64,
    /// 1-based epoch the step belongs to.
    pub epoch: u64,
    /// 1-based index of the visited sample in data order.
    pub index: usize,
    /// The sample's features (without the bias feature).
    pub x: Vec<f64>,
    /// The sample's true class index `y`.
    pub class: usize,
    /// `ŷ = argmax_k s_k` before the step (ties → lowest index).
    pub predicted: usize,
    /// The scores `s_k = W_k·f(x)` before the step, one per class.
    pub scores: Vec<f64>,
    /// Whether `ŷ ≠ y`, so that `W_y` gained and `W_ŷ` lost `η·f(x)`.
    pub mistake: bool,
    /// The rows before the step, bias weight first.
    pub weights_before: Vec<Vec<f64>>,
    /// The rows after the step, bias weight first.
    pub weights_after: Vec<Vec<f64>>,
}

/// The result of asking for one step.
pub type MulticlassOutcome = crate::core::algo::Outcome<MulticlassRecord>;

/// A run of the multiclass perceptron: one row per class, one visit per [`step`].
///
/// [`step`]: MulticlassTrainer::step
#[derive(Debug, Clone, PartialEq)]
pub struct MulticlassTrainer {
    run: ClassRun,
    weights: Vec<Vec<f64>>,
}

impl MulticlassTrainer {
    /// A fresh run for `num_classes` classes (2 to 6) of data with `dim` features: initial rows
    /// (zero or seeded random, see the module docs), step 0, epoch 1. Errors on another number
    /// of classes, explicit initial weights, or settings that fail [`Settings::validate`].
    pub fn new(
        settings: Settings,
        dim: usize,
        num_classes: usize,
    ) -> Result<MulticlassTrainer, Error> {
        let weights = initial_rows(&settings, dim, num_classes, num_classes)?;
        Ok(MulticlassTrainer {
            run: ClassRun::new(settings, dim, num_classes),
            weights,
        })
    }

    /// A fresh run that starts from the given rows (one per class, `dim + 1` weights each, bias
    /// weight first), as in the course's worked example. Errors on rows of the wrong shape,
    /// non-finite weights, a non-zero bias weight with the bias off, or invalid settings.
    pub fn with_initial_rows(
        settings: Settings,
        dim: usize,
        rows: Vec<Vec<f64>>,
    ) -> Result<MulticlassTrainer, Error> {
        let num_classes = rows.len();
        let zero = Settings {
            init: InitWeights::Zero,
            ..settings.clone()
        };
        initial_rows(&zero, dim, num_classes, num_classes)?;
        if let Some(bad) = rows.iter().find(|r| r.len() != dim + 1) {
            return Err(Error::InitWeights(format!(
                "every row needs {} weights with the bias weight first, got {}",
                dim + 1,
                bad.len()
            )));
        }
        if rows.iter().flatten().any(|w| !w.is_finite()) {
            return Err(Error::InitWeights(
                "every weight must be a finite number".to_string(),
            ));
        }
        if !settings.bias && rows.iter().any(|r| r[0] != 0.0) {
            return Err(Error::InitWeights(
                "the bias is off, so every row's w0 must be 0".to_string(),
            ));
        }
        Ok(MulticlassTrainer {
            run: ClassRun::new(zero, dim, num_classes),
            weights: rows,
        })
    }

    /// The same run with another stopping rule.
    pub fn with_stopping(mut self, stopping: Stopping) -> MulticlassTrainer {
        self.run.set_stopping(stopping);
        self
    }

    /// The stopping rule.
    pub fn stopping(&self) -> Stopping {
        self.run.stopping()
    }

    /// Number of classes K.
    pub fn num_classes(&self) -> usize {
        self.run.num_classes
    }

    /// Features per sample d.
    pub fn dim(&self) -> usize {
        self.run.dim
    }

    /// The rows `W_k = [b_k, w_k1, …, w_kd]`, one per class, bias weight first.
    pub fn weights(&self) -> &[Vec<f64>] {
        &self.weights
    }

    /// The scores `s_k = W_k·f(x)` of features `x` (`d` numbers; extra ones are ignored,
    /// missing ones count as 0).
    pub fn scores(&self, x: &[f64]) -> Vec<f64> {
        scores(&self.weights, &features(x, self.run.settings.bias))
    }

    /// The predicted class `argmax_k W_k·f(x)`, ties going to the lowest index.
    pub fn predict(&self, x: &[f64]) -> usize {
        with_scores(&self.weights, self.run.settings.bias, x, argmax)
    }

    /// Visits one sample and applies the rule (see [`update`]). Refuses, changing nothing,
    /// when there is nothing to visit and on overflow (see the module docs).
    pub fn step(&mut self, data: &ClassData) -> MulticlassOutcome {
        let (index, mut schedule) = match self.run.next(data) {
            Ok(next) => next,
            Err(why) => return MulticlassOutcome::Refused(why),
        };
        let x = data.x(index);
        let class = data.class(index);
        let f = features(x, self.run.settings.bias);
        let mut next = self.weights.clone();
        let Some(visit) = update(&mut next, &f, class, self.run.settings.eta) else {
            return MulticlassOutcome::Refused(Refusal::NoData);
        };
        if !(decidable(&visit.scores) && finite_rows(&next)) {
            return MulticlassOutcome::Refused(Refusal::Overflow);
        }
        let weights_before = std::mem::replace(&mut self.weights, next);
        let epoch = schedule.epoch();
        schedule.finish_visit(data.len(), visit.mistake);
        self.run.epochs = schedule;
        MulticlassOutcome::Stepped(MulticlassRecord {
            step: self.run.epochs.steps(),
            epoch,
            index: index + 1,
            x: x.to_vec(),
            class,
            predicted: visit.predicted,
            scores: visit.scores,
            mistake: visit.mistake,
            weights_before,
            weights_after: self.weights.clone(),
        })
    }

    /// Runs until it stops, calling `each` on every step. Returns why it stopped.
    pub fn run(&mut self, data: &ClassData, mut each: impl FnMut(&MulticlassRecord)) -> Refusal {
        loop {
            match self.step(data) {
                MulticlassOutcome::Stepped(record) => each(&record),
                MulticlassOutcome::Refused(why) => return why,
            }
        }
    }
}
