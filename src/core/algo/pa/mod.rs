//! The passive-aggressive perceptron (seed 004: the perceptron's "more aggressive cousin"),
//! PA-I and PA-II of Crammer et al., *Online Passive-Aggressive Algorithms* (JMLR 2006), in
//! scikit-learn's convention.
//!
//! # The rule
//!
//! A visit of sample `(x, y)`, `y ∈ {−1, +1}`, with weights `(w, b)` computes
//!
//! ```text
//! s = w·x + b                      (the score)
//! ℓ = max(0, 1 − y·s)              (the hinge loss: 0 exactly when y·s ≥ 1)
//! ‖x‖² = x1² + … + xd²             (over the features only: the bias does not enter)
//! ```
//!
//! and is **passive** when `ℓ = 0` (nothing changes) and **aggressive** when `ℓ > 0`: then it
//! moves just far enough (capped or softened by the aggressiveness `C > 0`),
//!
//! ```text
//! PA-I:   τ = min(C, ℓ / ‖x‖²)
//! PA-II:  τ = ℓ / (‖x‖² + 1/(2C))
//! w ← w + τ·y·x        b ← b + τ·y   (with the bias on; with it off b stays 0)
//! ```
//!
//! The difference from the classic perceptron ([`Trainer`](crate::core::Trainer)): the
//! perceptron updates only on a mistake (`y·s ≤ 0`) and by a fixed `η·y·x`; the
//! passive-aggressive rule also updates a sample that is classified correctly but **inside the
//! margin** (`0 < y·s < 1`), by a step `τ` that depends on how wrong it is. Without the cap
//! (`C = ∞`) PA-I's step makes `y·(w·x + b) = 1` afterwards when the bias is off (with the bias
//! on, the bias term also moves the score by `τ`). η ([`Settings::eta`]) is not used: `C`
//! takes its place.
//!
//! **A zero feature vector.** With `x = 0`, `ℓ/‖x‖²` is undefined: PA-I **skips** the visit
//! (no update, `τ = 0`; the record says `skipped`), as scikit-learn does. PA-II is defined
//! (`τ = 2C·ℓ`): `w` is unchanged and, with the bias on, `b` moves by `τ·y`. It still counts as
//! an update (`ℓ > 0`), so with the bias off a zero vector (score 0, `ℓ = 1` for ever) keeps
//! a PA-II run from converging: it runs to `max_epochs`.
//!
//! # Epochs and stopping
//!
//! Exactly as the classic perceptron, through the shared `EpochSchedule`
//! (`src/core/schedule.rs`): one sample per [`step`](PassiveAggressive::step), in data order
//! or the seeded shuffle of each epoch; **converged after an epoch with no update** (every
//! sample had `y·s ≥ 1`, or was a skipped zero vector under PA-I), stopped at `max_epochs`
//! otherwise. The initial weights are those of [`Settings::init`] (zero, explicit, or the
//! seeded random ones, with `b = 0` when the bias is off), as for
//! [`Trainer`](crate::core::Trainer). Edits of the samples are handled as there
//! ([`sample_added`](PassiveAggressive::sample_added) and friends).
//!
//! **"E epochs" and scikit-learn.** A converged run no longer changes (the same `w` gives every
//! sample `ℓ = 0` again, in any order), so [`step`](PassiveAggressive::step) refuses after it.
//! scikit-learn with `tol=None` instead always makes exactly `max_iter` epochs of visits;
//! [`run_epochs`](PassiveAggressive::run_epochs) is that mode, as for the averaged perceptron:
//! after convergence it makes *coasting* visits (records with `updated == false`, `τ = 0`) up
//! to exactly `E` epochs, which leave the weights as they are. Its final weights are therefore
//! those of [`run`](PassiveAggressive::run) stopped at convergence or at `E` epochs.
//!
//! **Overflow.** A visit whose score, `‖x‖²`, `τ`, or new weights would not be finite numbers
//! is refused with [`Refusal::Overflow`] and changes nothing (an infinite `‖x‖²` would make
//! `τ = 0`: an "update" that moves nothing, for ever) (scikit-learn checks only at the end
//! of an epoch and raises an error).
//!
//! # scikit-learn
//!
//! Checked (`tests/pa.rs` against `tests/data/pa_reference.json`, written by
//! `scripts/pa_reference.py`) against scikit-learn 1.9.1's
//! `SGDClassifier(loss="hinge", penalty=None, learning_rate="pa1" | "pa2", eta0=C,
//! shuffle=False, tol=None, fit_intercept=bias, max_iter=E)`: `coef_` is `w` and `intercept_`
//! is `b` after `E` epochs. What its `_plain_sgd` (`linear_model/_sgd_fast.pyx.tp`) does:
//!
//! - `p = w·x + intercept` (the dot product summed in feature order from 0, then the intercept
//!   added), the hinge loss with threshold 1: `1 − y·p` when `y·p ≤ 1`, else 0;
//! - PA-I: `sq = Σ x_j²` (the features only, never the intercept's always-1 feature); if
//!   `sq == 0` the sample is skipped altogether (`continue`: no update, not even of the
//!   intercept); else `τ = min(eta0, ℓ/sq)`;
//! - PA-II: `τ = ℓ / (sq + 0.5/eta0)`, with no special case for `sq == 0`;
//! - then `update = τ·y` (times class and sample weights, both 1 here), `w_j += x_j·update`
//!   and, with `fit_intercept`, `intercept += update` (the intercept decay is 1 for dense
//!   data);
//! - `tol=None` disables the stopping test, so it runs exactly `max_iter` epochs (`n_iter_ ==
//!   max_iter`), even after an epoch without an update; there is no convergence test of its
//!   own;
//! - non-finite weights are checked after each epoch and raise a `ValueError`.
//!
//! With these settings `coef_`/`intercept_` and this module's weights are bit-identical in all
//! 648 reference cases (the same operations in the same order). `PassiveAggressiveClassifier`
//! (deprecated in 1.8, to be removed in 1.10) gives the same numbers as its replacement.
//!
//! A surprise worth knowing: with PA-I a skipped zero vector does not count in scikit-learn's
//! internal step counter `t` (its `continue` jumps over `t += 1`), though `t_` after `fit` is
//! still computed as `1 + max_iter·n`. It has no effect on `coef_`/`intercept_`.

mod cli;
mod code;
mod practice;
mod show;

pub use show::{Pa, Pa1, Pa2};

use crate::core::schedule::EpochSchedule;
use crate::core::{init_stream_value, Dataset, Error, InitWeights, Refusal, Settings, TrainState};
use serde::Serialize;
use std::rc::Rc;

/// Which passive-aggressive step size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub enum PaVariant {
    /// PA-I: `τ = min(C, ℓ/‖x‖²)` (scikit-learn's `learning_rate="pa1"`).
    #[default]
    Pa1,
    /// PA-II: `τ = ℓ/(‖x‖² + 1/(2C))` (scikit-learn's `learning_rate="pa2"`).
    Pa2,
}

impl PaVariant {
    /// `PA-I` or `PA-II`, as the course writes them.
    pub fn name(self) -> &'static str {
        match self {
            PaVariant::Pa1 => "PA-I",
            PaVariant::Pa2 => "PA-II",
        }
    }

    /// Reads `pa1`/`pa-i`/`1` or `pa2`/`pa-ii`/`2` (any case).
    pub fn parse(text: &str) -> Result<PaVariant, Error> {
        match text.trim().to_ascii_lowercase().as_str() {
            "pa1" | "pa-i" | "pa-1" | "1" => Ok(PaVariant::Pa1),
            "pa2" | "pa-ii" | "pa-2" | "2" => Ok(PaVariant::Pa2),
            other => Err(Error::Field {
                field: "variant",
                reason: format!("{other:?} is neither pa1 nor pa2"),
            }),
        }
    }

    /// The step size `τ` for loss `loss ≥ 0` and squared norm `norm_sq = ‖x‖²`, or `None` when
    /// the visit is skipped (PA-I with `‖x‖² = 0`). May be non-finite for extreme inputs; the
    /// caller checks.
    pub fn tau(self, c: f64, loss: f64, norm_sq: f64) -> Option<f64> {
        match self {
            PaVariant::Pa1 if norm_sq == 0.0 => None,
            PaVariant::Pa1 => Some(c.min(loss / norm_sq)),
            // 0.5/C as scikit-learn writes it (the same number as 1/(2C)).
            PaVariant::Pa2 => Some(loss / (norm_sq + 0.5 / c)),
        }
    }
}

/// Checks the aggressiveness `C`: positive and finite, else an [`Error::Field`] named `C`.
pub fn check_c(c: f64) -> Result<(), Error> {
    if c.is_finite() && c > 0.0 {
        Ok(())
    } else {
        Err(Error::Field {
            field: "C",
            reason: format!(
                "the aggressiveness should be positive and finite, but is {}",
                crate::core::numfmt::num(c)
            ),
        })
    }
}

/// What one passive-aggressive visit computed: the pure rule, before any bookkeeping.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PaVisit {
    /// The score `s = w·x + b` before the visit.
    pub score: f64,
    /// The hinge loss `ℓ = max(0, 1 − y·s)`.
    pub loss: f64,
    /// `‖x‖²` over the features (the bias does not enter).
    pub norm_sq: f64,
    /// The step size `τ` applied (0 when passive or skipped).
    pub tau: f64,
    /// Whether the visit updated (`ℓ > 0` and not skipped).
    pub updated: bool,
    /// Whether the visit was skipped: PA-I on a zero feature vector.
    pub skipped: bool,
    /// The weights after the visit, bias first `[b, w1, …, wd]`.
    pub weights_after: Vec<f64>,
}

/// The passive-aggressive rule on one sample: `weights` bias first `[b, w1, …, wd]`, features
/// `x`, label `y = ±1`, `bias` whether `b` is learned. Returns what the visit computed, or
/// [`Refusal::Overflow`] when the score, `‖x‖²`, `τ` or a new weight would not be finite.
pub fn visit(
    variant: PaVariant,
    c: f64,
    bias: bool,
    weights: &[f64],
    x: &[f64],
    y: f64,
) -> Result<PaVisit, Refusal> {
    let score = score(weights, x);
    if !score.is_finite() {
        return Err(Refusal::Overflow);
    }
    // scikit-learn's Hinge(1.0): z = p·y; 1 − z when z ≤ 1, else 0.
    let z = score * y;
    let loss = if z <= 1.0 { 1.0 - z } else { 0.0 };
    let norm_sq: f64 = x.iter().map(|v| v * v).sum();
    if !norm_sq.is_finite() {
        return Err(Refusal::Overflow);
    }
    let (tau, skipped) = match variant.tau(c, loss, norm_sq) {
        None => (0.0, true),
        Some(_) if loss == 0.0 => (0.0, false),
        Some(tau) => (tau, false),
    };
    if !tau.is_finite() {
        return Err(Refusal::Overflow);
    }
    let updated = loss > 0.0 && !skipped;
    let mut next = weights.to_vec();
    if updated {
        let step = tau * y;
        if bias {
            next[0] += step;
        }
        for (w, xi) in next[1..].iter_mut().zip(x) {
            *w += xi * step;
        }
        if next.iter().any(|w| !w.is_finite()) {
            return Err(Refusal::Overflow);
        }
        // Never keep a negative zero.
        next = next.into_iter().map(|w| w + 0.0).collect();
    }
    Ok(PaVisit {
        score,
        loss,
        norm_sq,
        tau,
        updated,
        skipped,
        weights_after: next,
    })
}

/// What happened at one step of the passive-aggressive perceptron: a row of its trace.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PaRecord {
    /// 1-based step number (coasting visits of
    /// [`run_epochs`](PassiveAggressive::run_epochs), if any, are counted too).
    pub step: u64,
    /// 1-based epoch the step belongs to.
    pub epoch: u64,
    /// 1-based index of the visited sample in data order.
    pub index: usize,
    /// The sample's features.
    pub x: Vec<f64>,
    /// The sample's label, `−1` or `+1`.
    pub y: f64,
    /// The score `w·x + b` under `weights_before`.
    pub score: f64,
    /// The hinge loss `max(0, 1 − y·score)`.
    pub loss: f64,
    /// `‖x‖²` over the features.
    pub norm_sq: f64,
    /// The step size τ applied (0 when the visit did not update).
    pub tau: f64,
    /// Whether the weights were updated (`loss > 0` and not skipped).
    pub updated: bool,
    /// Whether the visit was skipped because `x = 0` under PA-I (τ undefined).
    pub skipped: bool,
    /// Weights before the visit, bias first `[b, w1, …, wd]`.
    pub weights_before: Vec<f64>,
    /// Weights after the visit, bias first: `weights_before + τ·y·[1, x]` (`[0, x]` without
    /// bias).
    pub weights_after: Vec<f64>,
}

/// A run of the passive-aggressive perceptron: weights, variant, `C` and the epoch schedule.
///
/// Cloning is cheap (the settings and the epoch's order are shared), as for
/// [`Trainer`](crate::core::Trainer).
#[derive(Debug, Clone, PartialEq)]
pub struct PassiveAggressive {
    settings: Rc<Settings>,
    variant: PaVariant,
    c: f64,
    dim: usize,
    weights: Vec<f64>,
    schedule: EpochSchedule,
    /// Whole epochs of coasting visits made by [`PassiveAggressive::run_epochs`] since the run
    /// converged.
    coasted_epochs: u64,
    /// Coasting visits made in all.
    coasted_visits: u64,
}

impl PassiveAggressive {
    /// A fresh run for data with `dim` features: initial weights as [`Settings::init`] says,
    /// step 0, epoch 1. Errors on settings that fail [`Settings::validate`] and on a `C` that is
    /// not positive and finite ([`check_c`]).
    pub fn new(
        settings: Settings,
        dim: usize,
        variant: PaVariant,
        c: f64,
    ) -> Result<PassiveAggressive, Error> {
        settings.validate(dim)?;
        check_c(c)?;
        let weights = initial_weights(&settings, dim);
        Ok(PassiveAggressive {
            schedule: EpochSchedule::new(&settings),
            settings: Rc::new(settings),
            variant,
            c,
            dim,
            weights,
            coasted_epochs: 0,
            coasted_visits: 0,
        })
    }

    /// PA-I or PA-II.
    pub fn variant(&self) -> PaVariant {
        self.variant
    }

    /// The aggressiveness `C`.
    pub fn c(&self) -> f64 {
        self.c
    }

    /// Current weights, bias first: `[b, w1, …, wd]`.
    pub fn weights(&self) -> &[f64] {
        &self.weights
    }

    /// Every visit made: steps plus coasting visits.
    pub fn visits(&self) -> u64 {
        self.schedule.steps() + self.coasted_visits
    }

    /// The score `w·x + b` of features `x`.
    pub fn score(&self, x: &[f64]) -> f64 {
        score(&self.weights, x)
    }

    /// The hinge loss `max(0, 1 − y·(w·x + b))` of sample `(x, y)` under the current weights.
    pub fn loss(&self, x: &[f64], y: f64) -> f64 {
        (1.0 - y * self.score(x)).max(0.0)
    }

    /// `+1` when `w·x + b > 0`, `−1` when it is `< 0`, and `0` on the boundary (no class;
    /// scikit-learn would say `−1` there).
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

    /// The fraction of samples with `y·(w·x + b) > 0`, in `[0, 1]`; `0` without samples.
    pub fn accuracy(&self, data: &Dataset) -> f64 {
        if data.is_empty() {
            return 0.0;
        }
        let correct = (0..data.len())
            .filter(|&i| data.label(i).y() * self.score(data.x(i)) > 0.0)
            .count();
        correct as f64 / data.len() as f64
    }

    /// Visits one sample and applies the rule. Refuses, changing nothing, without data
    /// ([`Refusal::NoData`], also for data with another number of features than the run's),
    /// with one class, after convergence or at the epoch cap, and on overflow.
    pub fn step(&mut self, data: &Dataset) -> Result<PaRecord, Refusal> {
        if data.is_empty() || data.dim() != self.dim {
            return Err(Refusal::NoData);
        }
        if !data.has_both_classes() {
            return Err(Refusal::OneClass);
        }
        // Work on a copy of the schedule, so that a refused visit leaves it as it was.
        let mut schedule = self.schedule.clone();
        let index = schedule.next_index(data.len())?;
        let x = data.x(index);
        let y = data.label(index).y();
        let seen = visit(
            self.variant,
            self.c,
            self.settings.bias,
            &self.weights,
            x,
            y,
        )?;
        let epoch = schedule.epoch();
        schedule.finish_visit(data.len(), seen.updated);
        self.schedule = schedule;
        let weights_before = std::mem::replace(&mut self.weights, seen.weights_after);
        Ok(PaRecord {
            step: self.visits(),
            epoch,
            index: index + 1,
            x: x.to_vec(),
            y,
            score: seen.score,
            loss: seen.loss,
            norm_sq: seen.norm_sq,
            tau: seen.tau,
            updated: seen.updated,
            skipped: seen.skipped,
            weights_before,
            weights_after: self.weights.clone(),
        })
    }

    /// Steps until convergence, the epoch cap or an overflow, calling `each` on every step.
    /// Returns why it stopped.
    pub fn run(&mut self, data: &Dataset, mut each: impl FnMut(&PaRecord)) -> Refusal {
        loop {
            match self.step(data) {
                Ok(record) => each(&record),
                Err(why) => return why,
            }
        }
    }

    /// Makes visits until the run has completed exactly `epochs` epochs, counted from its
    /// start, calling `each` on every visit; this is scikit-learn's `max_iter = epochs` with
    /// `tol=None` (see the module docs).
    ///
    /// While the run is running, a visit is a [`step`](PassiveAggressive::step). Once it has
    /// converged, the remaining epochs are *coasting* visits: each sample is visited in the
    /// epoch's usual order (fixed, or the seeded shuffle of that epoch) and has loss 0, so the
    /// weights stay; its record has `updated == false`, `tau == 0` and the next visit and epoch
    /// numbers (`step` counts every visit, [`visits`](PassiveAggressive::visits)).
    /// [`step`](PassiveAggressive::step) still refuses after convergence.
    ///
    /// `max_epochs` still caps the run, converged or not. Returns `Ok(())` when `epochs` epochs
    /// have been completed (at once if they already were), and otherwise the refusal that
    /// stopped it: no data, one class, overflow, or [`Refusal::MaxEpochs`] when
    /// `epochs > max_epochs` (after running to the cap). An edit that reopens a converged run
    /// ends coasting; the run resumes with its own epoch count.
    pub fn run_epochs(
        &mut self,
        data: &Dataset,
        epochs: u64,
        mut each: impl FnMut(&PaRecord),
    ) -> Result<(), Refusal> {
        if data.is_empty() || data.dim() != self.dim {
            return Err(Refusal::NoData);
        }
        if !data.has_both_classes() {
            return Err(Refusal::OneClass);
        }
        let cap = self.settings.max_epochs;
        loop {
            let done = self.completed_epochs();
            if done >= epochs {
                return Ok(());
            }
            if done >= cap {
                return Err(Refusal::MaxEpochs);
            }
            match self.schedule.state() {
                TrainState::Running => each(&self.step(data)?),
                TrainState::MaxEpochs => return Err(Refusal::MaxEpochs),
                TrainState::Converged => self.coast_epoch(data, &mut each),
            }
        }
    }

    /// Epochs completed so far, coasting epochs included.
    fn completed_epochs(&self) -> u64 {
        self.schedule.completed_epochs(self.coasted_epochs)
    }

    /// One epoch of visits that leave a converged run's weights unchanged.
    fn coast_epoch(&mut self, data: &Dataset, each: &mut impl FnMut(&PaRecord)) {
        let epoch = self.completed_epochs().saturating_add(1);
        let settings = &self.settings;
        let order = EpochSchedule::visit_order(settings.order, settings.seed, epoch, data.len());
        for index in order {
            let x = data.x(index);
            let y = data.label(index).y();
            let score = self.score(x);
            let norm_sq: f64 = x.iter().map(|v| v * v).sum();
            self.coasted_visits += 1;
            each(&PaRecord {
                step: self.visits(),
                epoch,
                index: index + 1,
                x: x.to_vec(),
                y,
                score,
                // Computed, not assumed: 0, since an epoch without an update proved every
                // sample outside the margin under these weights (unless the data changed
                // without telling the run).
                loss: (1.0 - y * score).max(0.0),
                norm_sq,
                tau: 0.0,
                updated: false,
                skipped: self.variant == PaVariant::Pa1 && norm_sq == 0.0,
                weights_before: self.weights.clone(),
                weights_after: self.weights.clone(),
            });
        }
        self.coasted_epochs += 1;
    }

    fn end_coasting_if_reopened(&mut self) {
        if self.schedule.state() != TrainState::Converged {
            self.coasted_epochs = 0;
        }
    }
}

/// `b + Σ w_i·x_i`, the feature sum taken in order from 0 as scikit-learn does, then `b` added
/// (the same number as [`Trainer::score`](crate::core::Trainer::score)).
fn score(weights: &[f64], x: &[f64]) -> f64 {
    match weights.split_first() {
        Some((b, w)) => b + x.iter().zip(w).map(|(a, c)| a * c).sum::<f64>(),
        None => 0.0,
    }
}

/// The initial weights of [`Settings::init`], as [`Trainer::new`](crate::core::Trainer::new)
/// sets them.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tau_formulas() {
        assert_eq!(PaVariant::Pa1.tau(0.5, 3.0, 2.0), Some(0.5));
        assert_eq!(PaVariant::Pa1.tau(10.0, 3.0, 2.0), Some(1.5));
        assert_eq!(PaVariant::Pa1.tau(1.0, 3.0, 0.0), None);
        assert_eq!(PaVariant::Pa2.tau(1.0, 3.0, 1.0), Some(2.0));
        assert_eq!(PaVariant::Pa2.tau(1.0, 3.0, 0.0), Some(6.0));
    }

    #[test]
    fn variant_names() {
        assert_eq!(PaVariant::parse("PA-II").unwrap(), PaVariant::Pa2);
        assert_eq!(PaVariant::parse(" pa1 ").unwrap(), PaVariant::Pa1);
        assert!(PaVariant::parse("pa3").is_err());
        assert_eq!(PaVariant::Pa1.name(), "PA-I");
    }
}
