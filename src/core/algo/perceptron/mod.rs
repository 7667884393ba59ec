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
    #[inline]
    pub fn score(&self, x: &[f64]) -> f64 {
        score_of(&self.weights, x)
    }

    /// Visits one sample and applies the rule.
    pub fn step(&mut self, data: &Dataset) -> StepOutcome {
        if let Err(why) = Self::can_step(data) {
            return StepOutcome::Refused(why);
        }
        let weights_before = self.weights.clone();
        let (eta, bias) = (self.settings.eta, self.settings.bias);
        match visit(eta, bias, &mut self.weights, &mut self.schedule, data) {
            Ok(visit) => StepOutcome::Stepped(StepRecord {
                step: self.schedule.steps(),
                epoch: visit.epoch,
                index: visit.index + 1,
                x: data.x(visit.index).to_vec(),
                y: visit.y,
                weights_before,
                score: visit.score,
                mistake: visit.mistake,
                weights_after: self.weights.clone(),
            }),
            Err(why) => StepOutcome::Refused(why),
        }
    }

    /// Takes up to `most` steps as [`Trainer::step`] does, building no record (a run that is
    /// not being shown, such as the command line's `--no-steps`): the same visits, the same
    /// weights. Returns the steps taken and, when it stopped early, why.
    pub fn advance(&mut self, data: &Dataset, most: u64) -> (u64, Option<Refusal>) {
        if most == 0 {
            return (0, None);
        }
        if let Err(why) = Self::can_step(data) {
            return (0, Some(why));
        }
        let (eta, bias) = (self.settings.eta, self.settings.bias);
        let n = data.len();
        let mut taken = 0;
        // An epoch's visits at a time: the rule on each sample in order, then the schedule
        // counts them at once (what `most` steps of `visit` do, without its bookkeeping).
        while taken < most {
            let before = self.schedule.draws_order(n).then(|| self.schedule.clone());
            let order = match self.schedule.rest_of_epoch(n) {
                Ok(order) => order,
                Err(why) => return (taken, Some(why)),
            };
            let pos = self.schedule.pos();
            let room = (order.len() - pos).min(usize::try_from(most - taken).unwrap_or(usize::MAX));
            let weights = &mut self.weights;
            // In data order (0, 1, …, n − 1) the samples are counted, not looked up.
            let counted = self.schedule.in_data_order();
            let listed = order[pos..pos + room].iter().copied();
            let (done, mistakes, refused) = match (data.dim(), counted) {
                (2, true) => visit_all_2d(eta, bias, weights, pos..pos + room, data),
                (2, false) => visit_all_2d(eta, bias, weights, listed, data),
                (_, true) => visit_all(eta, bias, weights, pos..pos + room, data),
                (_, false) => visit_all(eta, bias, weights, listed, data),
            };
            self.schedule.finish_visits(n, done, mistakes);
            taken += done as u64;
            if refused {
                if let (0, Some(before)) = (done, before) {
                    // Refused at the epoch's first visit: its order is not drawn after all.
                    self.schedule = before;
                }
                return (taken, Some(Refusal::Overflow));
            }
        }
        (most, None)
    }

    /// Why no step can be taken on `data` whatever the state: no samples, or one class.
    fn can_step(data: &Dataset) -> Result<(), Refusal> {
        if data.is_empty() {
            Err(Refusal::NoData)
        } else if !data.has_both_classes() {
            Err(Refusal::OneClass)
        } else {
            Ok(())
        }
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

/// The rule, on samples that [`Trainer::can_step`] accepts: visits the next sample of
/// `schedule` and, on a mistake, updates `weights` in place by `η·y·x` (and the bias weight by
/// `η·y` when `bias`); a refused visit changes nothing. The run's parts are borrowed one by
/// one, so that the compiler keeps them apart (in registers) over a run of visits.
#[inline(always)]
fn visit(
    eta: f64,
    bias: bool,
    weights: &mut [f64],
    schedule: &mut EpochSchedule,
    data: &Dataset,
) -> Result<Visit, Refusal> {
    // A refused visit leaves everything as it was. Asking for the next index changes the
    // schedule only when it draws an epoch's order: then a copy is kept to put back.
    let n = data.len();
    let before = schedule.draws_order(n).then(|| schedule.clone());
    let index = schedule.next_index(n)?;
    let refuse = |schedule: &mut EpochSchedule| {
        if let Some(before) = before {
            *schedule = before;
        }
        Err(Refusal::Overflow)
    };
    let x = data.x(index);
    let y = data.label(index).y();
    let Some((score, mistake)) = rule(eta, bias, weights, x, y) else {
        return refuse(schedule);
    };
    let epoch = schedule.epoch();
    schedule.finish_visit(n, mistake);
    Ok(Visit {
        index,
        epoch,
        y,
        score,
        mistake,
    })
}

/// The rule on the samples `visits` in order until one is refused: the visits made, the
/// mistakes among them, and whether one was refused.
#[inline(always)]
fn visit_all(
    eta: f64,
    bias: bool,
    weights: &mut [f64],
    visits: impl Iterator<Item = usize>,
    data: &Dataset,
) -> (usize, u64, bool) {
    let (mut done, mut mistakes) = (0, 0);
    for index in visits {
        match rule(eta, bias, weights, data.x(index), data.label(index).y()) {
            Some((_, mistake)) => mistakes += u64::from(mistake),
            None => return (done, mistakes, true),
        }
        done += 1;
    }
    (done, mistakes, false)
}

/// [`visit_all`] on samples of two features, the plot's (and the benchmark's): the same
/// arithmetic as [`rule`], term for term, with the three weights held in local variables
/// over the visits. With the weights in a slice they are stored and loaded again at each
/// mistake, on the chain from one visit's update to the next visit's score; here they stay
/// in registers (an epoch of 1M samples: 7.9 → 6.7 ms). `tests/perceptron_advance.rs`
/// compares every visit with [`Trainer::step`], bit for bit.
#[inline(always)]
fn visit_all_2d(
    eta: f64,
    bias: bool,
    weights: &mut [f64],
    visits: impl Iterator<Item = usize>,
    data: &Dataset,
) -> (usize, u64, bool) {
    let (mut done, mut mistakes, mut refused) = (0, 0, false);
    let (mut b, mut w1, mut w2) = (weights[0], weights[1], weights[2]);
    for index in visits {
        let x = data.x(index);
        let (x1, x2) = (x[0], x[1]);
        let y = data.label(index).y();
        // `score_of`: the bias weight plus the features' products summed in order.
        let score = b + (x1 * w1 + x2 * w2);
        if score.is_nan() {
            refused = true;
            break;
        }
        if y * score <= 0.0 {
            let eta_y = eta * y;
            let step_b = if bias { eta_y } else { 0.0 };
            let (nb, n1, n2) = (b + step_b, w1 + eta_y * x1, w2 + eta_y * x2);
            if !(nb.is_finite() && n1.is_finite() && n2.is_finite()) {
                refused = true;
                break;
            }
            if bias {
                b = nb;
            }
            (w1, w2) = (n1, n2);
            mistakes += 1;
        }
        done += 1;
    }
    weights.copy_from_slice(&[b, w1, w2]);
    (done, mistakes, refused)
}

/// The classic rule on one sample `(x, y)`: its score `w·x + b` and whether it is a mistake
/// (`y·s ≤ 0`), after which `weights` `[b, w1, …, wd]` have been updated by `η·y·x` (and the
/// bias weight by `η·y` when `bias`). `None` when the visit is refused for overflow (a score
/// that is no number, or a weight that would not be finite): then nothing changed.
#[inline(always)]
fn rule(eta: f64, bias: bool, weights: &mut [f64], x: &[f64], y: f64) -> Option<(f64, bool)> {
    let score = score_of(weights, x);
    if score.is_nan() {
        // +∞ and −∞ terms: no decision is possible, so nothing changes.
        return None;
    }
    let mistake = y * score <= 0.0;
    if mistake {
        let eta_y = eta * y;
        let step_b = if bias { eta_y } else { 0.0 };
        let (b, w) = weights.split_at_mut(1);
        // Every new weight is checked before any is written.
        let finite = (b[0] + step_b).is_finite()
            && w.iter().zip(x).all(|(w, xi)| (w + eta_y * xi).is_finite());
        if !finite {
            return None;
        }
        // No weight is ever a negative zero, so none is written here: the initial weights
        // have none (`initial_weights`), and a sum is −0 only when both terms are −0 (IEEE 754:
        // an exact zero from terms of opposite signs is +0, and `v + (±0) = v` for v ≠ 0). So
        // the sums need no `+ 0.0`, which would lengthen the chain from one visit's update to
        // the next visit's score.
        if bias {
            b[0] += eta_y;
        }
        for (w, xi) in w.iter_mut().zip(x) {
            *w += eta_y * xi;
        }
    }
    Some((score, mistake))
}

/// The score `w·x + b` of features `x` under weights `[b, w1, …, wd]`.
#[inline(always)]
fn score_of(weights: &[f64], x: &[f64]) -> f64 {
    weights[0] + x.iter().zip(&weights[1..]).map(|(a, b)| a * b).sum::<f64>()
}

/// What one visit of the rule did, for [`Trainer::step`]'s record.
struct Visit {
    /// The (0-based) sample visited, and the epoch of the visit.
    index: usize,
    epoch: u64,
    /// Its label (±1) and score before the update.
    y: f64,
    score: f64,
    mistake: bool,
}

/// The run's first weights, none of them a negative zero (`rule` relies on it): zeros are +0,
/// explicit weights get `+ 0.0`, and `2u − 1` is never −0.
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
