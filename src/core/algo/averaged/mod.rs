//! The averaged perceptron (seed 004: "take the average over all weight vectors during the
//! training"): the classic rule, plus the running average of the weights over every visit.
//!
//! The weights `(w, b)` follow the classic rule of [`Trainer`] exactly (same initial weights,
//! same fixed or shuffled order, a mistake when `y·(w·x + b) ≤ 0`, then `w ← w + η·y·x` and,
//! with the bias on, `b ← b + η·y`). Write `(w_s, b_s)` for the weights **after** visit `s`,
//! mistake or not. After `t ≥ 1` visits the averaged weights are
//!
//! ```text
//! w̄_t = (1/t)·Σ_{s=1..t} w_s        b̄_t = (1/t)·Σ_{s=1..t} b_s
//! ```
//!
//! The initial weights are not part of the average; before the first visit `w̄` is simply `w`.
//! Prediction and accuracy use `(w̄, b̄)`: the score is `w̄·x + b̄`, and a sample counts as
//! correct when `y·(w̄·x + b̄) > 0` (a zero score is wrong, as in training).
//!
//! The sum `Σ w_s` is kept (not a running mean), so integer data with η = 1 gives exact
//! fractions `Σ/t`.
//!
//! **Stopping.** [`Averaged::step`] and [`Averaged::run`] stop as the classic rule does: after a
//! clean epoch (converged) or at `max_epochs`. After convergence `w` no longer changes, but `w̄`
//! would still move towards `w` with every further visit, so "the average after E epochs"
//! depends on whether visits go on after convergence. [`Averaged::run_epochs`] is the mode that
//! goes on: it makes exactly `E` epochs of visits (`E·n` visits for `n` samples), visiting a
//! converged run's samples in the usual order without changing `w` ("coasting" visits, which do
//! count in the average). This is what scikit-learn 1.9's
//! `SGDClassifier(loss="perceptron", learning_rate="constant", eta0=η, penalty=None,
//! shuffle=False, tol=None, average=True, fit_intercept=bias, max_iter=E)` computes: its `coef_`
//! and `intercept_` after `fit` are `w̄` and `b̄` (checked in `tests/averaged.rs` against
//! `tests/data/averaged_reference.json`, written by `scripts/averaged_reference.py`).
//!
//! **Overflow.** A visit is refused with [`Refusal::Overflow`], changing nothing, when the
//! classic rule refuses it (a score or weight that would not be finite) and also when adding
//! its weights to the sum `Σ w_s` would take the sum beyond `±f64::MAX`; a coasting epoch of
//! [`Averaged::run_epochs`] is checked as a whole before any of its visits is made.

mod cli;
mod code;
mod show;

use crate::core::algo::Learner;
use crate::core::schedule::EpochSchedule;
use crate::core::{
    Dataset, Error, Refusal, Settings, StepOutcome, StepRecord, TrainState, Trainer,
};

/// The averaged perceptron: a classic [`Trainer`] and the sum of its weights after every visit.
///
/// Cloning copies the sum (`d + 1` numbers) and the trainer, which is cheap, so a session can
/// keep one clone per step as its history, as it does for [`Trainer`].
#[derive(Debug, Clone, PartialEq)]
pub struct Averaged {
    trainer: Trainer,
    /// `Σ_s (b_s, w_s)` over all visits so far, bias first.
    sum: Vec<f64>,
    /// The number of visits `t` (classic steps plus coasting visits).
    visits: u64,
    /// Whole epochs visited by [`Averaged::run_epochs`] after the classic run converged.
    coasted_epochs: u64,
}

impl Averaged {
    /// A fresh run for data with `dim` features: the initial weights of [`Trainer::new`], no
    /// visits yet. Fails as [`Trainer::new`] does on invalid settings.
    pub fn new(settings: Settings, dim: usize) -> Result<Averaged, Error> {
        let trainer = Trainer::new(settings, dim)?;
        let sum = vec![0.0; trainer.weights().len()];
        Ok(Averaged {
            trainer,
            sum,
            visits: 0,
            coasted_epochs: 0,
        })
    }

    /// The classic run underneath: its weights, step count, epoch and state.
    pub fn trainer(&self) -> &Trainer {
        &self.trainer
    }

    /// The current (not averaged) weights `[b, w1, …, wd]` of the classic rule.
    pub fn weights(&self) -> &[f64] {
        self.trainer.weights()
    }

    /// The number of visits `t` in the average so far (steps plus coasting visits).
    pub fn visits(&self) -> u64 {
        self.visits
    }

    /// The averaged weights `[b̄, w̄1, …, w̄d]`: the mean of the weights after each visit so far.
    /// Before the first visit, the current (initial) weights.
    pub fn average(&self) -> Vec<f64> {
        if self.visits == 0 {
            return self.trainer.weights().to_vec();
        }
        let t = self.visits as f64;
        self.sum.iter().map(|s| s / t + 0.0).collect()
    }

    /// The averaged score `w̄·x + b̄` of features `x`.
    pub fn score(&self, x: &[f64]) -> f64 {
        score(&self.average(), x)
    }

    /// The averaged prediction: `+1` when `w̄·x + b̄ > 0`, `−1` when it is `< 0`, and `0` on the
    /// boundary (no class; scikit-learn would say `−1` there).
    pub fn predict(&self, x: &[f64]) -> f64 {
        let s = self.score(x);
        if s > 0.0 {
            1.0
        } else if s < 0.0 {
            -1.0
        } else {
            0.0
        }
    }

    /// The fraction of samples with `y·(w̄·x + b̄) > 0`, in `[0, 1]`; `0` without samples.
    pub fn accuracy(&self, data: &Dataset) -> f64 {
        if data.is_empty() {
            return 0.0;
        }
        let average = self.average();
        let correct = (0..data.len())
            .filter(|&i| data.label(i).y() * score(&average, data.x(i)) > 0.0)
            .count();
        correct as f64 / data.len() as f64
    }

    /// Visits one sample with the classic rule and adds the new weights to the average. Refuses
    /// when [`Trainer::step`] does (no data, one class, converged, epoch cap, overflow) and when
    /// the sum of the weights would overflow, leaving everything as it was.
    pub fn step(&mut self, data: &Dataset) -> StepOutcome {
        let mut trainer = self.trainer.clone();
        let outcome = trainer.step(data);
        if let StepOutcome::Stepped(record) = &outcome {
            let Some(sum) = added(&self.sum, &record.weights_after, 1) else {
                return StepOutcome::Refused(Refusal::Overflow);
            };
            self.trainer = trainer;
            self.sum = sum;
            self.visits += 1;
        }
        outcome
    }

    /// Steps until convergence or the epoch cap, calling `each` on every step. Returns why it
    /// stopped.
    pub fn run(&mut self, data: &Dataset, mut each: impl FnMut(&StepRecord)) -> Refusal {
        loop {
            match self.step(data) {
                StepOutcome::Stepped(record) => each(&record),
                StepOutcome::Refused(why) => return why,
            }
        }
    }

    /// Makes visits until the run has completed exactly `epochs` epochs, counted from its
    /// start, calling `each` on every visit; this is scikit-learn's `max_iter = epochs` with
    /// `tol=None` (see the module docs).
    ///
    /// While the classic run is running, a visit is a [`Averaged::step`]. Once it has converged,
    /// the remaining epochs are *coasting* visits: each sample is visited in the epoch's usual
    /// order (fixed, or the seeded shuffle of that epoch), is classified correctly, leaves `w`
    /// unchanged, and adds `w` to the average; its record has `mistake == false` and the next
    /// step and epoch numbers. [`Averaged::step`] still refuses after convergence.
    ///
    /// `max_epochs` still caps the run, converged or not, so this never makes more than
    /// `max_epochs·n` visits in all. Returns `Ok(())` when `epochs` epochs have been completed
    /// (at once if they already were), and otherwise the refusal that stopped it: no data, one
    /// class, an overflow ([`Refusal::Overflow`]), or [`Refusal::MaxEpochs`] when `epochs > max_epochs` (after running to the cap).
    /// An edit that reopens a converged run (see [`Averaged::sample_added`]) ends coasting: its
    /// visits stay in the average, and the classic run resumes with its own epoch count.
    pub fn run_epochs(
        &mut self,
        data: &Dataset,
        epochs: u64,
        mut each: impl FnMut(&StepRecord),
    ) -> Result<(), Refusal> {
        if data.is_empty() {
            return Err(Refusal::NoData);
        }
        if !data.has_both_classes() {
            return Err(Refusal::OneClass);
        }
        let cap = self.trainer.settings().max_epochs;
        loop {
            let done = self.completed_epochs();
            if done >= epochs {
                return Ok(());
            }
            if done >= cap {
                return Err(Refusal::MaxEpochs);
            }
            match self.trainer.state() {
                TrainState::Running => match self.step(data) {
                    StepOutcome::Stepped(record) => each(&record),
                    StepOutcome::Refused(why) => return Err(why),
                },
                TrainState::MaxEpochs => return Err(Refusal::MaxEpochs),
                TrainState::Converged => self.coast_epoch(data, &mut each)?,
            }
        }
    }

    /// Epochs completed so far, coasting epochs included.
    fn completed_epochs(&self) -> u64 {
        Learner::schedule(&self.trainer).map_or(0, |s| s.completed_epochs(self.coasted_epochs))
    }

    /// One epoch of visits that leave a converged `w` unchanged; refused as a whole, changing
    /// nothing, when the sum would overflow by its end.
    fn coast_epoch(
        &mut self,
        data: &Dataset,
        each: &mut impl FnMut(&StepRecord),
    ) -> Result<(), Refusal> {
        let epoch = self.completed_epochs().saturating_add(1);
        let settings = self.trainer.settings();
        let order = EpochSchedule::visit_order(settings.order, settings.seed, epoch, data.len());
        let weights = self.trainer.weights().to_vec();
        if added(&self.sum, &weights, order.len()).is_none() {
            return Err(Refusal::Overflow);
        }
        for index in order {
            let x = data.x(index);
            let y = data.label(index).y();
            let score = score(&weights, x);
            // Checked above for the whole epoch.
            if let Some(sum) = added(&self.sum, &weights, 1) {
                self.sum = sum;
            }
            self.visits += 1;
            each(&StepRecord {
                step: self.visits,
                epoch,
                index: index + 1,
                x: x.to_vec(),
                y,
                weights_before: weights.clone(),
                score,
                // Computed, not assumed: false, since a clean epoch proved every sample right
                // under this w (unless the data changed without telling the run).
                mistake: y * score <= 0.0,
                weights_after: weights.clone(),
            });
        }
        self.coasted_epochs += 1;
        Ok(())
    }
}

/// `sum` with `weights` added `times` times, one addition after another as the visits make
/// them; `None` when an entry would not be finite.
fn added(sum: &[f64], weights: &[f64], times: usize) -> Option<Vec<f64>> {
    let mut next = sum.to_vec();
    for _ in 0..times {
        for (s, w) in next.iter_mut().zip(weights) {
            *s += w;
        }
    }
    next.iter().all(|s| s.is_finite()).then_some(next)
}

/// `w0 + Σ w_i·x_i`, in the order of [`Trainer::score`].
fn score(weights: &[f64], x: &[f64]) -> f64 {
    match weights.split_first() {
        Some((b, w)) => b + x.iter().zip(w).map(|(a, c)| a * c).sum::<f64>(),
        None => 0.0,
    }
}
