//! The batch perceptron (seeds 002, 003): one gradient step on the perceptron criterion per
//! epoch.
//!
//! Under the current weights `(w, b)` the misclassified set is
//! `M = { i : y_i·(w·x_i + b) ≤ 0 }` (a zero score is a mistake, as for the classic rule), and
//! the perceptron criterion is
//!
//! ```text
//! J_p(w, b) = −Σ_{i∈M} y_i·(w·x_i + b)  ≥ 0
//! ```
//!
//! (seed 003's loss; seed 002 writes it with sign-flipped augmented vectors). Its gradient is
//! `∇_w J_p = −Σ_M y_i·x_i`, `∂J_p/∂b = −Σ_M y_i`, so one step (one epoch) is
//!
//! ```text
//! w ← w + η·Σ_{i∈M} y_i·x_i        b ← b + η·Σ_{i∈M} y_i   (b only with the bias on)
//! ```
//!
//! with every term computed under the weights *before* the step. An epoch whose `M` is empty
//! changes nothing and ends training (converged, `J_p = 0`); otherwise training stops after
//! `max_epochs` epochs. Each step is recorded as a [`BatchRecord`] (`J_p` and `M` before the
//! step, the weights before and after) and summarised in [`Batch::history`] for plotting `J_p`
//! and `|M|` per epoch.
//!
//! The visiting order does not matter: `M` and the sums are over the whole data set, so
//! [`Settings::order`] is ignored (the sums are taken in data order, so results are
//! reproducible to the last bit). The initial weights are those of [`Trainer::new`] (zero,
//! explicit, or seeded random with `b = 0` when the bias is off).
//!
//! **Overflow.** An epoch is refused with [`Refusal::Overflow`], changing nothing, when a
//! score `w·x_i + b` is no number (`∞ − ∞`: it would otherwise drop its sample from `M` and
//! call the run converged), or when the criterion `J_p` it records or a new weight would not be
//! a finite number. (A score of `±∞` keeps its sign, so `M` is still right; but a mistake with
//! it makes `J_p = ∞`.)

mod cli;
mod code;
mod practice;
mod show;
pub(crate) mod view;

pub use view::BatchView;

use crate::core::{Dataset, Error, Refusal, Settings, TrainState, Trainer};
use serde::Serialize;
use std::rc::Rc;

/// What one batch step (one epoch) did.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BatchRecord {
    /// The 1-based epoch of this step.
    pub epoch: u64,
    /// The perceptron criterion `J_p` under `weights_before`.
    pub criterion: f64,
    /// The misclassified set `M` under `weights_before`: 1-based sample indices in data order.
    pub mistakes: Vec<usize>,
    /// Weights before the step, bias first.
    pub weights_before: Vec<f64>,
    /// Weights after the step, bias first (equal to `weights_before` when `M` is empty).
    pub weights_after: Vec<f64>,
}

impl BatchRecord {
    /// The change applied to the weights: `η·Σ_M y·[1, x]` (`η·Σ_M y·[0, x]` without bias).
    pub fn update(&self) -> Vec<f64> {
        self.weights_after
            .iter()
            .zip(&self.weights_before)
            .map(|(a, b)| a - b + 0.0)
            .collect()
    }
}

/// One point of the per-epoch plot: `J_p` and `|M|` before the step of `epoch`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EpochSummary {
    /// The 1-based epoch.
    pub epoch: u64,
    /// The perceptron criterion `J_p` before the step.
    pub criterion: f64,
    /// The number of misclassified samples `|M|` before the step.
    pub mistakes: usize,
}

/// The result of asking for one step.
pub type BatchOutcome = crate::core::algo::Outcome<BatchRecord>;

/// `J_p` and `M` of some weights on some data.
#[derive(Debug, Clone, PartialEq)]
pub struct Criterion {
    /// `J_p = −Σ_M y·(w·x + b)`, never negative.
    pub value: f64,
    /// The misclassified samples `M`: 1-based indices in data order.
    pub mistakes: Vec<usize>,
}

/// The state of one batch run: weights, the epoch count and the per-epoch history.
#[derive(Debug, Clone, PartialEq)]
pub struct Batch {
    settings: Settings,
    weights: Vec<f64>,
    /// Epochs (steps) taken so far.
    epochs: u64,
    state: TrainState,
    history: Trail,
}

/// The per-epoch summaries as a shared, append-only list: cloning a run (once per step, for the
/// session's history) costs O(1) and the clones share their common past.
#[derive(Debug, Clone, Default)]
struct Trail {
    last: Option<Rc<Link>>,
}

#[derive(Debug)]
struct Link {
    summary: EpochSummary,
    len: usize,
    before: Option<Rc<Link>>,
}

impl Trail {
    fn push(&mut self, summary: EpochSummary) {
        let before = self.last.take();
        let len = before.as_ref().map_or(0, |l| l.len) + 1;
        self.last = Some(Rc::new(Link {
            summary,
            len,
            before,
        }));
    }

    fn len(&self) -> usize {
        self.last.as_ref().map_or(0, |l| l.len)
    }

    fn to_vec(&self) -> Vec<EpochSummary> {
        let mut out = Vec::with_capacity(self.len());
        let mut at = self.last.as_deref();
        while let Some(link) = at {
            out.push(link.summary);
            at = link.before.as_deref();
        }
        out.reverse();
        out
    }
}

impl PartialEq for Trail {
    fn eq(&self, other: &Trail) -> bool {
        self.len() == other.len() && self.to_vec() == other.to_vec()
    }
}

impl Drop for Trail {
    // Unlinks iteratively, so that a long list cannot overflow the stack.
    fn drop(&mut self) {
        let mut at = self.last.take();
        while let Some(link) = at {
            at = match Rc::try_unwrap(link) {
                Ok(mut owned) => owned.before.take(),
                Err(_) => None,
            };
        }
    }
}

impl Batch {
    /// A fresh run for data with `dim` features: the initial weights of [`Trainer::new`], no
    /// epochs yet. Fails as [`Trainer::new`] does on invalid settings.
    pub fn new(settings: Settings, dim: usize) -> Result<Batch, Error> {
        let weights = Trainer::new(settings.clone(), dim)?.weights().to_vec();
        Ok(Batch {
            settings,
            weights,
            epochs: 0,
            state: TrainState::Running,
            history: Trail::default(),
        })
    }

    /// Current weights, bias weight first: `[b, w1, …, wd]`.
    pub fn weights(&self) -> &[f64] {
        &self.weights
    }

    /// Epochs (steps) taken so far; after convergence, including the clean epoch.
    pub fn epochs(&self) -> u64 {
        self.epochs
    }

    /// `(epoch, J_p, |M|)` of every step taken, in order.
    pub fn history(&self) -> Vec<EpochSummary> {
        self.history.to_vec()
    }

    /// The score `w·x + b` of features `x` under the current weights.
    pub fn score(&self, x: &[f64]) -> f64 {
        score(&self.weights, x)
    }

    /// `J_p` and `M` under the current weights, without stepping.
    pub fn criterion(&self, data: &Dataset) -> Criterion {
        criterion(&self.weights, data)
    }

    /// Takes one epoch: finds `M` under the current weights and, unless it is empty, moves the
    /// weights by `η·Σ_M y·[1, x]`. An empty `M` is recorded too (`J_p = 0`, no change) and
    /// ends training as converged; the step of epoch `max_epochs` with a non-empty `M` ends it
    /// at the cap. Refuses without data, with one class only, after training ended, and on
    /// overflow, leaving everything as it was.
    pub fn step(&mut self, data: &Dataset) -> BatchOutcome {
        if data.is_empty() {
            return BatchOutcome::Refused(Refusal::NoData);
        }
        if !data.has_both_classes() {
            return BatchOutcome::Refused(Refusal::OneClass);
        }
        match self.state {
            TrainState::Converged => return BatchOutcome::Refused(Refusal::Converged),
            TrainState::MaxEpochs => return BatchOutcome::Refused(Refusal::MaxEpochs),
            TrainState::Running => {}
        }
        let (
            Criterion {
                value,
                mistakes: misclassified,
            },
            finite,
        ) = scan(&self.weights, data);
        if !finite {
            return BatchOutcome::Refused(Refusal::Overflow);
        }
        let weights_before = self.weights.clone();
        let mut next = self.weights.clone();
        if !misclassified.is_empty() {
            // Σ_M y·[1, x], then one scaled addition per weight.
            let mut gradient = vec![0.0; self.weights.len()];
            for &one_based in &misclassified {
                let i = one_based - 1;
                let y = data.label(i).y();
                if self.settings.bias {
                    gradient[0] += y;
                }
                for (g, xi) in gradient[1..].iter_mut().zip(data.x(i)) {
                    *g += y * xi;
                }
            }
            let eta = self.settings.eta;
            for (w, g) in next.iter_mut().zip(&gradient) {
                *w += eta * g;
                *w += 0.0; // never keep a negative zero
            }
            if next.iter().any(|w| !w.is_finite()) {
                return BatchOutcome::Refused(Refusal::Overflow);
            }
        }
        self.weights = next;
        self.epochs += 1;
        if misclassified.is_empty() {
            self.state = TrainState::Converged;
        } else if self.epochs >= self.settings.max_epochs {
            self.state = TrainState::MaxEpochs;
        }
        self.history.push(EpochSummary {
            epoch: self.epochs,
            criterion: value,
            mistakes: misclassified.len(),
        });
        BatchOutcome::Stepped(BatchRecord {
            epoch: self.epochs,
            criterion: value,
            mistakes: misclassified,
            weights_before,
            weights_after: self.weights.clone(),
        })
    }

    /// Steps until convergence or the epoch cap, calling `each` on every step. Returns why it
    /// stopped.
    pub fn run(&mut self, data: &Dataset, mut each: impl FnMut(&BatchRecord)) -> Refusal {
        loop {
            match self.step(data) {
                BatchOutcome::Stepped(record) => each(&record),
                BatchOutcome::Refused(why) => return why,
            }
        }
    }
}

/// `J_p` and `M` of `weights` (bias first) on `data`: `M` holds the samples with
/// `y·(w·x + b) ≤ 0`, and `J_p = Σ_M −y·(w·x + b)`, a sum of terms that are each `≥ 0`.
pub fn criterion(weights: &[f64], data: &Dataset) -> Criterion {
    scan(weights, data).0
}

/// [`criterion`], and whether every score was a number and `J_p` finite (a step needs them
/// to be: see the module docs on overflow).
fn scan(weights: &[f64], data: &Dataset) -> (Criterion, bool) {
    let mut value = 0.0;
    let mut mistakes = Vec::new();
    let mut finite = true;
    for i in 0..data.len() {
        let s = score(weights, data.x(i));
        finite &= !s.is_nan();
        let margin = data.label(i).y() * s;
        if margin <= 0.0 {
            value += -margin;
            mistakes.push(i + 1);
        }
    }
    let value: f64 = value + 0.0;
    (Criterion { value, mistakes }, finite && value.is_finite())
}

/// `w0 + Σ w_i·x_i`, in the order of [`Trainer::score`].
fn score(weights: &[f64], x: &[f64]) -> f64 {
    match weights.split_first() {
        Some((b, w)) => b + x.iter().zip(w).map(|(a, c)| a * c).sum::<f64>(),
        None => 0.0,
    }
}
