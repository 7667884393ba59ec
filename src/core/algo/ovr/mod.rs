//! One-vs-rest (seed 001): K binary perceptrons, classifier k telling class k from the rest.
//!
//! Classifier k has the row `W_k = [b_k, w_k1, …, w_kd]` (bias weight first) and sees a sample
//! of class c with the label `y_k = +1` if `c = k`, `−1` otherwise. One step visits one sample
//! and applies the classic rule to **all K classifiers**: with `f(x) = [1, x]` (`[0, x]` without
//! bias) and `s_k = W_k·f(x)`, classifier k makes a mistake when `y_k·s_k ≤ 0` and then
//! `W_k ← W_k + η·y_k·f(x)`. The prediction is `argmax_k s_k` (ties → lowest index); a point is
//! *ambiguous* for the course's reading ("only one classifier claims it") when the number of
//! classifiers with `s_k > 0` is 0 or at least 2 ([`OvrTrainer::positive_count`]).
//!
//! Epochs and order are those of [`Trainer`](crate::core::Trainer); an epoch is clean when no
//! classifier made a mistake in it (every classifier has then converged), which stops the run
//! by default; [`Stopping::ExactEpochs`] runs exactly `max_epochs` epochs.
//!
//! **scikit-learn.** The classifiers are independent, so stepping them together gives the same
//! rows as training each alone: after E epochs in data order from zero weights, the rows equal
//! scikit-learn 1.9's `Perceptron(shuffle=False, tol=None, eta0=η, fit_intercept=bias,
//! max_iter=E)`: `coef_[k]` is `W_k[1..]` and `intercept_[k]` is `b_k`, its `classes_` being
//! sorted as [`ClassData`] sorts them. A classifier that converged early makes no more updates,
//! so the default stopping gives the same rows too. For **K = 2** scikit-learn trains one
//! classifier (`classes_[1]` positive): it is `W_1`, and from zero weights `W_0 = −W_1` at every
//! step (both see opposite labels, scores and updates). Initial weights and overflow: see
//! [`multiclass`](super::multiclass).

use super::multiclass::{
    argmax, binary_visit, dot, features, finite_rows, initial_rows, signed, with_scores, ClassRun,
    Stopping,
};
mod cli;
mod code;
mod practice;
mod show;

use super::ClassData;
use crate::core::{Error, Refusal, Settings};
use serde::Serialize;

/// What happened at one step of one-vs-rest.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OvrRecord {
    /// 1-based step number.
    pub step: u64,
    /// 1-based epoch the step belongs to.
    pub epoch: u64,
    /// 1-based index of the visited sample in data order.
    pub index: usize,
    /// The sample's features (without the bias feature).
    pub x: Vec<f64>,
    /// The sample's true class index c.
    pub class: usize,
    /// `argmax_k s_k` before the step (ties → lowest index).
    pub predicted: usize,
    /// The scores `s_k = W_k·f(x)` before the step, one per classifier.
    pub scores: Vec<f64>,
    /// Per classifier: whether `y_k·s_k ≤ 0`, so that `W_k` gained `η·y_k·f(x)`.
    pub mistakes: Vec<bool>,
    /// Whether any classifier made a mistake (and so the step counts against convergence).
    pub mistake: bool,
    /// The rows before the step, bias weight first.
    pub weights_before: Vec<Vec<f64>>,
    /// The rows after the step, bias weight first.
    pub weights_after: Vec<Vec<f64>>,
}

/// The result of asking for one step.
pub type OvrOutcome = crate::core::algo::Outcome<OvrRecord>;

/// A one-vs-rest run: K classic perceptrons stepped together, one visit per [`step`].
///
/// [`step`]: OvrTrainer::step
#[derive(Debug, Clone, PartialEq)]
pub struct OvrTrainer {
    run: ClassRun,
    weights: Vec<Vec<f64>>,
    classifier_updates: Vec<u64>,
}

impl OvrTrainer {
    /// A fresh run for `num_classes` classes (2 to 6) of data with `dim` features: K initial
    /// rows (zero or seeded random), step 0, epoch 1. Errors on another number of classes,
    /// explicit initial weights, or settings that fail [`Settings::validate`].
    pub fn new(settings: Settings, dim: usize, num_classes: usize) -> Result<OvrTrainer, Error> {
        let weights = initial_rows(&settings, dim, num_classes, num_classes)?;
        Ok(OvrTrainer {
            run: ClassRun::new(settings, dim, num_classes),
            weights,
            classifier_updates: vec![0; num_classes],
        })
    }

    /// The same run with another stopping rule ([`Stopping::ExactEpochs`] to compare with
    /// scikit-learn epoch for epoch).
    pub fn with_stopping(mut self, stopping: Stopping) -> OvrTrainer {
        self.run.set_stopping(stopping);
        self
    }

    /// The stopping rule.
    pub fn stopping(&self) -> Stopping {
        self.run.stopping()
    }

    /// Number of classes K (and of classifiers).
    pub fn num_classes(&self) -> usize {
        self.run.num_classes
    }

    /// Features per sample d.
    pub fn dim(&self) -> usize {
        self.run.dim
    }

    /// The rows `W_k = [b_k, w_k1, …, w_kd]`, one per classifier k ("class k vs the rest").
    pub fn weights(&self) -> &[Vec<f64>] {
        &self.weights
    }

    /// Updates so far of each classifier.
    pub fn classifier_updates(&self) -> &[u64] {
        &self.classifier_updates
    }

    /// The scores `s_k = W_k·f(x)` of features `x` (`d` numbers; extra ones are ignored,
    /// missing ones count as 0).
    pub fn scores(&self, x: &[f64]) -> Vec<f64> {
        let f = features(x, self.run.settings.bias);
        self.weights.iter().map(|row| dot(row, &f)).collect()
    }

    /// The predicted class `argmax_k s_k`, ties going to the lowest index.
    pub fn predict(&self, x: &[f64]) -> usize {
        argmax(&self.scores(x))
    }

    /// How many classifiers claim `x` (`s_k > 0`). Exactly 1 is the course's clear case; 0 (no
    /// one claims it) or ≥ 2 (several do) is ambiguous and decided by the highest score.
    pub fn positive_count(&self, x: &[f64]) -> usize {
        self.scores(x).iter().filter(|&&s| s > 0.0).count()
    }

    /// Whether `x` is ambiguous: [`positive_count`](OvrTrainer::positive_count) is not 1.
    pub fn is_ambiguous(&self, x: &[f64]) -> bool {
        self.positive_count(x) != 1
    }

    /// [`predict`](OvrTrainer::predict) and [`is_ambiguous`](OvrTrainer::is_ambiguous) of `x`
    /// from one set of scores: the region map asks both of tens of thousands of cells a frame.
    /// A plane's point is scored on the stack (see [`with_scores`]).
    pub fn cell(&self, x: &[f64]) -> (usize, bool) {
        with_scores(&self.weights, self.run.settings.bias, x, |s| {
            (argmax(s), s.iter().filter(|&&v| v > 0.0).count() != 1)
        })
    }

    /// Visits one sample and applies the classic rule to every classifier k with
    /// `y_k = +1` for the sample's class and `−1` for the others. Refuses, changing nothing,
    /// when there is nothing to visit and on overflow (a score that is no number, or a new
    /// weight that would not be finite).
    pub fn step(&mut self, data: &ClassData) -> OvrOutcome {
        let (index, mut schedule) = match self.run.next(data) {
            Ok(next) => next,
            Err(why) => return OvrOutcome::Refused(why),
        };
        let x = data.x(index);
        let class = data.class(index);
        let f = features(x, self.run.settings.bias);
        let eta = self.run.settings.eta;
        let mut next = self.weights.clone();
        let (mut scores, mut mistakes) = (Vec::new(), Vec::new());
        for (k, row) in next.iter_mut().enumerate() {
            let y = if k == class { 1.0 } else { -1.0 };
            let (score, mistake) = binary_visit(row, &f, y, eta);
            scores.push(score);
            mistakes.push(mistake);
        }
        if !(signed(&scores) && finite_rows(&next)) {
            return OvrOutcome::Refused(Refusal::Overflow);
        }
        let weights_before = std::mem::replace(&mut self.weights, next);
        for (count, &mistake) in self.classifier_updates.iter_mut().zip(&mistakes) {
            *count += u64::from(mistake);
        }
        let mistake = mistakes.contains(&true);
        let epoch = schedule.epoch();
        schedule.finish_visit(data.len(), mistake);
        self.run.epochs = schedule;
        OvrOutcome::Stepped(OvrRecord {
            step: self.run.epochs.steps(),
            epoch,
            index: index + 1,
            x: x.to_vec(),
            class,
            predicted: argmax(&scores),
            scores,
            mistakes,
            mistake,
            weights_before,
            weights_after: self.weights.clone(),
        })
    }

    /// Runs until it stops, calling `each` on every step. Returns why it stopped.
    pub fn run(&mut self, data: &ClassData, mut each: impl FnMut(&OvrRecord)) -> Refusal {
        loop {
            match self.step(data) {
                OvrOutcome::Stepped(record) => each(&record),
                OvrOutcome::Refused(why) => return why,
            }
        }
    }
}
