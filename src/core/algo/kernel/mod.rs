//! The kernel (dual) perceptron: one weight `α_i` per sample instead of one per feature
//! (seed 003, "Dual Perceptrons"; kernels as in seed 001's title).
//!
//! # Formulas
//!
//! - Score: `f(x) = Σ_j α_j·y_j·K(x_j, x) + b`, summed over the samples `j` (only the
//!   **support set** `{j : α_j > 0}` contributes).
//! - A visit of sample `i` is a **mistake when `y_i·f(x_i) ≤ 0`** (a zero score is a mistake, as
//!   in [`Trainer`](crate::core::Trainer)); then `α_i ← α_i + η` and `b ← b + η·y_i`. With the
//!   bias off ([`Settings::bias`] false) `b` stays 0.
//! - Every run starts from `α = 0`, `b = 0`, so `α_i / η` counts the mistakes made on sample `i`.
//! - Kernels ([`Kernel`]): linear `K(x, x') = x·x'`; polynomial `K(x, x') = (γ·x·x' + c)^d`;
//!   RBF `K(x, x') = exp(−γ‖x − x'‖²)`.
//! - The Gram matrix is `G_ij = K(x_i, x_j)`; [`KernelTrainer::gram_row`] reads row `i`.
//! - With the linear kernel the dual run is the primal run in disguise:
//!   `w = Σ_i α_i·y_i·x_i` ([`KernelTrainer::primal_weights`]) and every score, mistake and
//!   weight equals [`Trainer`](crate::core::Trainer)'s from zero weights with the same settings
//!   (exactly when the arithmetic is exact, e.g. integer or half-integer points and η = 1;
//!   otherwise up to rounding, since the sums are taken in a different order).
//!
//! Epochs, the visiting order (fixed, or reshuffled per epoch by
//! [`epoch_order`](crate::core::epoch_order)), convergence after a clean epoch and the
//! `max_epochs` cap are exactly as in [`Trainer`](crate::core::Trainer).
//!
//! # Decisions
//!
//! - **Initial weights.** The dual form has no free starting point: it always starts from
//!   `α = 0`, `b = 0`. [`KernelTrainer::new`] rejects a [`Settings::init`] that is not zero
//!   (random, or explicit non-zero weights) with [`Error::InitWeights`], rather than silently
//!   ignoring it.
//! - **Gram matrix: computed on demand, not stored.** A step needs
//!   `f(x_i) = Σ_{j ∈ S} α_j·y_j·G_ij + b`, i.e. only the entries of row `i` in the support
//!   set `S`; they are evaluated when needed, `O(n + |S|·d)` per step. With two features one
//!   kernel evaluation costs about as much as reading a stored entry, a stored matrix would take
//!   `n²` numbers (72 MB at n = 3000, in wasm memory that never shrinks), would have to be
//!   invalidated on every edit of the points (dragging included), and would make the history's
//!   clones expensive. [`KernelTrainer::gram_row`] builds one row in `O(n·d)` for the Gram panel.
//! - **Edits of the points.** `α` belongs to its sample: a removed sample takes its `α` (and its
//!   term of `f`) with it, while `b` keeps every update made so far; a moved sample keeps its `α`.
//! - **Overflow refused.** A step decides on its score `f(x_i)` summed plainly (every kernel
//!   value as computed, nothing saturated): when that is no number (`+∞` and `−∞` terms) no
//!   decision is possible, and when the update would take `α_i` or `b` beyond `±f64::MAX`, the
//!   step is refused with [`Refusal::Overflow`] and changes nothing, as for the classic rule. A
//!   score of `±∞` keeps its sign: the decision stands, and the record holds it saturated at
//!   `±f64::MAX`, so `α`, `b` and every recorded score are finite numbers.
//! - **Never NaN on show.** Scores for drawing and prediction ([`KernelTrainer::score`], the
//!   region map, the Gram row) are finite for finite input: the fast path sums plainly, and only
//!   if that overflows is the sum redone saturating every kernel value, term and partial sum at
//!   `±f64::MAX` (an undefined `∞ − ∞` inside a dot product counts as 0). An RBF value whose
//!   exponent overflows is 0.

mod cli;
mod code;
mod grid;
mod practice;
mod show;

use crate::core::schedule::EpochSchedule;
use crate::core::{Dataset, Error, InitWeights, Refusal, Settings};
use serde::Serialize;
use std::fmt;
use std::rc::Rc;
use std::str::FromStr;

/// The largest accepted polynomial degree `d`.
pub const MAX_POLY_DEGREE: u32 = 10;

/// The largest grid [`KernelTrainer::scores_on_grid`] computes (`cols × rows`).
pub const MAX_GRID_CELLS: usize = 4_000_000;

const SYNTAX: &str = "write linear, poly:D:GAMMA:C (e.g. poly:2:1:1) or rbf:GAMMA (e.g. rbf:0.5)";

/// A kernel `K(x, x')` with its parameters.
///
/// Written (by [`Kernel::parse`]) and shown (by `Display`) as `linear`, `poly:D:GAMMA:C` or
/// `rbf:GAMMA`, the syntax of the CLI and of shared URLs; the two round-trip.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum Kernel {
    /// `K(x, x') = x·x'`: the classic perceptron in dual form.
    #[default]
    Linear,
    /// `K(x, x') = (γ·x·x' + c)^d`.
    Poly {
        /// The degree `d`, a whole number from 1 to [`MAX_POLY_DEGREE`].
        degree: u32,
        /// The scale `γ`, positive and finite.
        gamma: f64,
        /// The constant `c`, finite (scikit-learn's `coef0`).
        c: f64,
    },
    /// `K(x, x') = exp(−γ‖x − x'‖²)`, the Gaussian (radial basis function) kernel.
    Rbf {
        /// The width parameter `γ`, positive and finite (larger: narrower bumps).
        gamma: f64,
    },
}

fn kernel_error(reason: impl Into<String>) -> Error {
    Error::Field {
        field: "kernel",
        reason: reason.into(),
    }
}

fn check_degree(degree: u32) -> Result<(), Error> {
    if (1..=MAX_POLY_DEGREE).contains(&degree) {
        Ok(())
    } else {
        Err(kernel_error(format!(
            "poly degree must be a whole number from 1 to {MAX_POLY_DEGREE}, got {degree}"
        )))
    }
}

fn check_gamma(gamma: f64) -> Result<(), Error> {
    if gamma.is_finite() && gamma > 0.0 {
        Ok(())
    } else {
        Err(kernel_error(format!(
            "γ must be positive and finite, got {}",
            crate::core::numfmt::num(gamma)
        )))
    }
}

fn check_c(c: f64) -> Result<(), Error> {
    if c.is_finite() {
        Ok(())
    } else {
        Err(kernel_error(format!(
            "poly c must be a finite number, got {c}"
        )))
    }
}

fn parse_number(text: &str, what: &str) -> Result<f64, Error> {
    text.parse::<f64>()
        .map_err(|_| kernel_error(format!("{what}: {text:?} is not a number")))
}

impl Kernel {
    /// Reads `linear`, `poly:D:GAMMA:C` or `rbf:GAMMA` (names in any case, spaces around parts
    /// ignored). Every error names what is wrong, e.g. "poly degree must be a whole number from 1
    /// to 10" or "γ must be positive and finite".
    pub fn parse(text: &str) -> Result<Kernel, Error> {
        let text = text.trim();
        if text.is_empty() {
            return Err(kernel_error(format!("empty; {SYNTAX}")));
        }
        let mut parts = text.split(':').map(str::trim);
        let name = parts.next().unwrap_or("").to_ascii_lowercase();
        let params: Vec<&str> = parts.collect();
        let kernel = match name.as_str() {
            "linear" => {
                if !params.is_empty() {
                    return Err(kernel_error(format!(
                        "linear takes no parameters, got {text:?}; write linear"
                    )));
                }
                Kernel::Linear
            }
            "poly" => {
                let [degree, gamma, c] = params[..] else {
                    return Err(kernel_error(format!(
                        "poly needs three parameters, poly:D:GAMMA:C (e.g. poly:2:1:1), got \
                         {text:?}"
                    )));
                };
                let degree = degree.parse::<u32>().map_err(|_| {
                    kernel_error(format!(
                        "poly degree must be a whole number from 1 to {MAX_POLY_DEGREE}, got \
                         {degree:?}"
                    ))
                })?;
                Kernel::Poly {
                    degree,
                    gamma: parse_number(gamma, "γ")?,
                    c: parse_number(c, "poly c")?,
                }
            }
            "rbf" => {
                let [gamma] = params[..] else {
                    return Err(kernel_error(format!(
                        "rbf needs one parameter, rbf:GAMMA (e.g. rbf:0.5), got {text:?}"
                    )));
                };
                Kernel::Rbf {
                    gamma: parse_number(gamma, "γ")?,
                }
            }
            _ => return Err(kernel_error(format!("unknown kernel {text:?}; {SYNTAX}"))),
        };
        kernel.validate()?;
        Ok(kernel)
    }

    /// Checks the parameters: degree from 1 to [`MAX_POLY_DEGREE`], `γ` positive and finite, `c`
    /// finite.
    pub fn validate(&self) -> Result<(), Error> {
        match *self {
            Kernel::Linear => Ok(()),
            Kernel::Poly { degree, gamma, c } => {
                check_degree(degree)?;
                check_gamma(gamma)?;
                check_c(c)
            }
            Kernel::Rbf { gamma } => check_gamma(gamma),
        }
    }

    /// Whether this is the linear kernel (the one with primal weights).
    pub fn is_linear(&self) -> bool {
        matches!(self, Kernel::Linear)
    }

    /// `K(a, b)`. Finite for finite input: a value that overflows saturates at `±f64::MAX`, an
    /// undefined `∞ − ∞` in a dot product counts as 0, and an RBF whose exponent overflows is 0.
    pub fn eval(&self, a: &[f64], b: &[f64]) -> f64 {
        let value = match *self {
            Kernel::Linear => dot(a, b),
            Kernel::Poly { degree, gamma, c } => {
                let base = saturate(gamma * dot(a, b) + c);
                power(base, degree)
            }
            Kernel::Rbf { gamma } => {
                let d2: f64 = a.iter().zip(b).map(|(p, q)| (p - q) * (p - q)).sum();
                (-gamma * d2).exp()
            }
        };
        saturate(value)
    }

    /// Row `i` of the Gram matrix of `data`: `[K(x_i, x_1), …, K(x_i, x_n)]`, computed in
    /// `O(n·d)`. `None` when `i` is out of range.
    pub fn gram_row(&self, data: &Dataset, i: usize) -> Option<Vec<f64>> {
        if i >= data.len() {
            return None;
        }
        let xi = data.x(i);
        Some((0..data.len()).map(|j| self.eval(xi, data.x(j))).collect())
    }
}

impl FromStr for Kernel {
    type Err = Error;

    /// Same as [`Kernel::parse`].
    fn from_str(text: &str) -> Result<Kernel, Error> {
        Kernel::parse(text)
    }
}

impl fmt::Display for Kernel {
    /// `linear`, `poly:D:GAMMA:C` or `rbf:GAMMA`, numbers written so that [`Kernel::parse`]
    /// reads back exactly the same kernel.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kernel::Linear => write!(f, "linear"),
            Kernel::Poly { degree, gamma, c } => write!(f, "poly:{degree}:{gamma}:{c}"),
            Kernel::Rbf { gamma } => write!(f, "rbf:{gamma}"),
        }
    }
}

/// `NaN → 0`, `±∞ → ±f64::MAX`, anything else unchanged.
fn saturate(v: f64) -> f64 {
    if v.is_nan() {
        0.0
    } else {
        v.clamp(-f64::MAX, f64::MAX)
    }
}

/// `t^degree` by repeated multiplication (`degree` is at most [`MAX_POLY_DEGREE`]), the same
/// arithmetic in [`Kernel::eval`] and the region map.
fn power(t: f64, degree: u32) -> f64 {
    let mut p = t;
    for _ in 1..degree.min(MAX_POLY_DEGREE) {
        p *= t;
    }
    p
}

impl Kernel {
    /// `K(a, b)` computed plainly, without saturating: `±∞` or NaN when the arithmetic
    /// overflows (the RBF kernel never does: its exponent going to `−∞` gives 0). What a step
    /// checks before it trusts a score.
    fn plain(&self, a: &[f64], b: &[f64]) -> f64 {
        let dot = || a.iter().zip(b).map(|(p, q)| p * q).sum::<f64>();
        match *self {
            Kernel::Linear => dot(),
            Kernel::Poly { degree, gamma, c } => power(gamma * dot() + c, degree),
            Kernel::Rbf { .. } => self.eval(a, b),
        }
    }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    let plain: f64 = a.iter().zip(b).map(|(p, q)| p * q).sum();
    if plain.is_finite() {
        plain
    } else {
        a.iter()
            .zip(b)
            .fold(0.0, |s, (p, q)| saturate(s + saturate(p * q)))
    }
}

/// What happened at one step of the dual form: a row of the kernel perceptron's trace.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KernelRecord {
    /// 1-based step number.
    pub step: u64,
    /// 1-based epoch the step belongs to.
    pub epoch: u64,
    /// 1-based index of the visited sample in data order.
    pub index: usize,
    /// The sample's features.
    pub x: Vec<f64>,
    /// The sample's label, `−1` or `+1`.
    pub y: f64,
    /// The score `f(x_i) = Σ_j α_j·y_j·K(x_j, x_i) + b` before the visit.
    pub score: f64,
    /// Whether `y·score ≤ 0`.
    pub mistake: bool,
    /// `α_i` of the visited sample before the visit.
    pub alpha_before: f64,
    /// `α_i` after the visit (`alpha_before + η` on a mistake).
    pub alpha_after: f64,
    /// `b` before the visit.
    pub bias_before: f64,
    /// `b` after the visit (`bias_before + η·y` on a mistake with the bias on).
    pub bias_after: f64,
}

/// The result of asking for one step.
pub type KernelOutcome = crate::core::algo::Outcome<KernelRecord>;

/// The training state of one dual run: `α`, `b`, the kernel, counters and the current epoch's
/// order. Used like [`Trainer`](crate::core::Trainer): [`step`](KernelTrainer::step) with the
/// data, and the `sample_*` calls after edits of the points.
///
/// Cloning copies `α` (one number per sample); the settings and the epoch's order are shared.
#[derive(Debug, Clone, PartialEq)]
pub struct KernelTrainer {
    settings: Rc<Settings>,
    kernel: Kernel,
    alphas: Vec<f64>,
    bias: f64,
    schedule: EpochSchedule,
}

impl KernelTrainer {
    /// A fresh run for data with `dim` features: `α = 0`, `b = 0`, step 0, epoch 1.
    ///
    /// Checks the settings and the kernel. The dual form always starts from zero, so a
    /// [`Settings::init`] other than zero (random, or explicit non-zero weights) is an
    /// [`Error::InitWeights`].
    pub fn new(settings: Settings, kernel: Kernel, dim: usize) -> Result<KernelTrainer, Error> {
        settings.validate(dim)?;
        kernel.validate()?;
        let zero = match &settings.init {
            InitWeights::Zero => true,
            InitWeights::Explicit(w) => w.iter().all(|&v| v == 0.0),
            InitWeights::Random => false,
        };
        if !zero {
            return Err(Error::InitWeights(
                "the kernel perceptron always starts from α = 0 and b = 0; set the initial \
                 weights to zero"
                    .to_string(),
            ));
        }
        Ok(KernelTrainer {
            schedule: EpochSchedule::new(&settings),
            settings: Rc::new(settings),
            kernel,
            alphas: Vec::new(),
            bias: 0.0,
        })
    }

    /// The kernel of this run.
    pub fn kernel(&self) -> Kernel {
        self.kernel
    }

    /// `α_i` for each sample the run knows of, in data order. The length catches up with the
    /// data at the next step or `sample_*` call; a sample past the end has `α = 0` (see
    /// [`alpha`](KernelTrainer::alpha)).
    pub fn alphas(&self) -> &[f64] {
        &self.alphas
    }

    /// `α_i` of sample `i` (0-based); 0 for a sample not yet known to the run.
    pub fn alpha(&self, i: usize) -> f64 {
        self.alphas.get(i).copied().unwrap_or(0.0)
    }

    /// The bias `b` (always 0 with the bias off).
    pub fn bias(&self) -> f64 {
        self.bias
    }

    /// The support set: the (0-based) indices of the samples with `α > 0`, ascending. Only
    /// these contribute to `f`.
    pub fn support(&self) -> Vec<usize> {
        self.alphas
            .iter()
            .enumerate()
            .filter(|(_, &a)| a > 0.0)
            .map(|(i, _)| i)
            .collect()
    }

    /// The score `f(x) = Σ_j α_j·y_j·K(x_j, x) + b` of features `x`, summed over the support
    /// set: `O(n + |S|·d)`. Finite for finite input.
    pub fn score(&self, data: &Dataset, x: &[f64]) -> f64 {
        let plain = self.plain_score(data, x);
        if plain.is_finite() {
            plain
        } else {
            self.saturating_score(data, x)
        }
    }

    /// [`KernelTrainer::score`] of many `x` at once: the support set is found once, so each
    /// score costs `O(|S|·d)` rather than `O(n + |S|·d)` (a region map or the accuracy over
    /// thousands of points with few `α > 0` once took seconds in the page, issue #15).
    pub fn scores<'a>(
        &'a self,
        data: &'a Dataset,
        xs: impl IntoIterator<Item = &'a [f64]> + 'a,
    ) -> impl Iterator<Item = f64> + 'a {
        let terms: Vec<(f64, &[f64])> = self.terms(data).collect();
        xs.into_iter().map(move |x| self.score_over(&terms, x))
    }

    /// [`KernelTrainer::score`] over the support set's terms `(α_j·y_j, x_j)` found already.
    fn score_over(&self, terms: &[(f64, &[f64])], x: &[f64]) -> f64 {
        let mut plain = self.bias;
        for &(coef, xj) in terms {
            plain += coef * self.kernel.eval(xj, x);
        }
        if plain.is_finite() {
            return plain;
        }
        let mut s = self.bias;
        for &(coef, xj) in terms {
            s = saturate(s + saturate(saturate(coef) * self.kernel.eval(xj, x)));
        }
        s
    }

    /// The score `f(x_i)` of sample `i` (0-based) under the current `α` and `b`; `None` when `i`
    /// is out of range.
    pub fn score_of(&self, data: &Dataset, i: usize) -> Option<f64> {
        (i < data.len()).then(|| self.score(data, data.x(i)))
    }

    fn terms<'a>(&'a self, data: &'a Dataset) -> impl Iterator<Item = (f64, &'a [f64])> + 'a {
        self.alphas
            .iter()
            .take(data.len())
            .enumerate()
            .filter(|(_, &a)| a > 0.0)
            .map(move |(j, &a)| (a * data.label(j).y(), data.x(j)))
    }

    fn plain_score(&self, data: &Dataset, x: &[f64]) -> f64 {
        let mut s = self.bias;
        for (coef, xj) in self.terms(data) {
            s += coef * self.kernel.eval(xj, x);
        }
        s
    }

    /// The score a step decides on: [`KernelTrainer::score`] without saturation, so that its
    /// sign is the true one and `∞ − ∞` shows as NaN (and the step is refused).
    fn exact_score(&self, data: &Dataset, x: &[f64]) -> f64 {
        let mut s = self.bias;
        for (coef, xj) in self.terms(data) {
            s += coef * self.kernel.plain(xj, x);
        }
        s
    }

    fn saturating_score(&self, data: &Dataset, x: &[f64]) -> f64 {
        let mut s = self.bias;
        for (coef, xj) in self.terms(data) {
            s = saturate(s + saturate(saturate(coef) * self.kernel.eval(xj, x)));
        }
        s
    }

    /// Row `i` (0-based) of the Gram matrix, `[K(x_i, x_1), …, K(x_i, x_n)]`, for the Gram
    /// panel: computed on demand in `O(n·d)`. `None` when `i` is out of range.
    pub fn gram_row(&self, data: &Dataset, i: usize) -> Option<Vec<f64>> {
        self.kernel.gram_row(data, i)
    }

    /// With the linear kernel, the primal weights `[b, w1, …, wd]` (bias first), where
    /// `w = Σ_i α_i·y_i·x_i`; `None` for other kernels, whose `w` lives in feature space.
    pub fn primal_weights(&self, data: &Dataset) -> Option<Vec<f64>> {
        if !self.kernel.is_linear() {
            return None;
        }
        let mut w = vec![0.0; data.dim() + 1];
        w[0] = self.bias;
        for (coef, xj) in self.terms(data) {
            for (wk, xk) in w[1..].iter_mut().zip(xj) {
                *wk = saturate(*wk + coef * xk);
            }
        }
        Some(w.into_iter().map(|v| v + 0.0).collect())
    }

    /// Visits one sample and applies the rule. Refuses, changing nothing, without data, with
    /// one class, after convergence or at the epoch cap, and on overflow (see the module docs).
    pub fn step(&mut self, data: &Dataset) -> KernelOutcome {
        if data.is_empty() {
            return KernelOutcome::Refused(Refusal::NoData);
        }
        if !data.has_both_classes() {
            return KernelOutcome::Refused(Refusal::OneClass);
        }
        // Work on a copy of the schedule, so that a refused visit leaves it as it was.
        let mut schedule = self.schedule.clone();
        let index = match schedule.next_index(data.len()) {
            Ok(index) => index,
            Err(why) => return KernelOutcome::Refused(why),
        };
        let x = data.x(index);
        let y = data.label(index).y();
        let exact = self.exact_score(data, x);
        if exact.is_nan() {
            return KernelOutcome::Refused(Refusal::Overflow);
        }
        let mistake = y * exact <= 0.0;
        let score = saturate(exact);
        let alpha_before = self.alpha(index);
        let bias_before = self.bias;
        let (mut alpha_after, mut bias_after) = (alpha_before, bias_before);
        if mistake {
            let eta = self.settings.eta;
            alpha_after = alpha_before + eta;
            if self.settings.bias {
                bias_after = bias_before + eta * y + 0.0; // never a negative zero
            }
            if !(alpha_after.is_finite() && bias_after.is_finite()) {
                return KernelOutcome::Refused(Refusal::Overflow);
            }
        }
        if self.alphas.len() != data.len() {
            // Defensive: one α per sample, even if an edit was not reported.
            self.alphas.resize(data.len(), 0.0);
        }
        self.alphas[index] = alpha_after;
        self.bias = bias_after;
        let epoch = schedule.epoch();
        schedule.finish_visit(data.len(), mistake);
        self.schedule = schedule;
        KernelOutcome::Stepped(KernelRecord {
            step: self.schedule.steps(),
            epoch,
            index: index + 1,
            x: x.to_vec(),
            y,
            score,
            mistake,
            alpha_before,
            alpha_after,
            bias_before,
            bias_after,
        })
    }

    /// Runs until convergence or the epoch cap, calling `each` on every step. Returns the last
    /// refusal (why it stopped).
    pub fn run(&mut self, data: &Dataset, mut each: impl FnMut(&KernelRecord)) -> Refusal {
        loop {
            match self.step(data) {
                KernelOutcome::Stepped(record) => each(&record),
                KernelOutcome::Refused(why) => return why,
            }
        }
    }
}
