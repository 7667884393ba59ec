//! One-vs-one (seed 001): K(K−1)/2 binary perceptrons, one per pair of classes, and a vote.
//!
//! The pairs are `(i, j)` with `i < j`, in the order `(0,1), (0,2), …, (0,K−1), (1,2), …`
//! ([`pairs`]); pair p has the row `W_p = [b_p, w_p1, …, w_pd]` (bias weight first) and is
//! trained only on samples of classes i and j, **class j being +1 and class i −1**. One step
//! visits one sample of class c and applies the classic rule to every pair involving c: with
//! `f(x) = [1, x]` (`[0, x]` without bias), `s_p = W_p·f(x)` and `y_p = +1` if `c = j`, `−1` if
//! `c = i`, pair p makes a mistake when `y_p·s_p ≤ 0` and then `W_p ← W_p + η·y_p·f(x)`. Pairs
//! not involving c are unchanged.
//!
//! **Vote.** Pair (i, j) votes for j when `s_p > 0` and for i otherwise (`s_p ≤ 0`, as the
//! binary prediction of scikit-learn sends a zero score to the lower class). The prediction is
//! the class with the most votes, ties going to the lowest class index; [`Vote::tied`] tells
//! whether several classes share the most votes (for shading tied regions).
//!
//! Epochs and order are those of [`Trainer`](crate::core::Trainer); an epoch is clean when no
//! pair made a mistake in it, which stops the run by default; [`Stopping::ExactEpochs`] runs
//! exactly `max_epochs` epochs. Initial weights and overflow: see
//! [`multiclass`](super::multiclass) (random rows are drawn pair after pair; every pair's score
//! is in the vote, so every one must have a sign).

use super::multiclass::{
    binary_visit, dot, features, finite_rows, initial_rows, signed, ClassRun, Stopping,
};
mod cli;
mod code;
mod practice;
mod show;

use super::ClassData;
use crate::core::{Error, Refusal, Settings};
use serde::Serialize;

/// The pairs `(i, j)`, `i < j`, of K classes in row order: `(0,1), (0,2), …, (K−2, K−1)`.
pub fn pairs(num_classes: usize) -> Vec<(usize, usize)> {
    (0..num_classes)
        .flat_map(|i| (i + 1..num_classes).map(move |j| (i, j)))
        .collect()
}

/// The votes of the pairs on one point.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Vote {
    /// Votes per class: pair (i, j) gives one to j when `s_p > 0`, else to i.
    pub votes: Vec<usize>,
    /// The class with the most votes, the lowest index among ties.
    pub winner: usize,
    /// Whether more than one class has the most votes.
    pub tied: bool,
}

/// Counts the votes of the pair scores `s_p` (in [`pairs`] order) for K classes.
pub fn vote(num_classes: usize, pair_scores: &[f64]) -> Vote {
    let mut votes = vec![0; num_classes];
    for (&(i, j), &s) in pairs(num_classes).iter().zip(pair_scores) {
        votes[if s > 0.0 { j } else { i }] += 1;
    }
    let (winner, tied) = tally(&votes);
    Vote {
        votes,
        winner,
        tied,
    }
}

/// The class with the most votes (the lowest index among ties) and whether it is tied.
fn tally(votes: &[usize]) -> (usize, bool) {
    let most = votes.iter().copied().max().unwrap_or(0);
    let winner = votes.iter().position(|&v| v == most).unwrap_or(0);
    (winner, votes.iter().filter(|&&v| v == most).count() > 1)
}

/// What happened at one step of one-vs-one.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OvoRecord {
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
    /// The vote's winner before the step (ties → lowest index).
    pub predicted: usize,
    /// Whether that vote was tied.
    pub tied: bool,
    /// The votes per class before the step.
    pub votes: Vec<usize>,
    /// The scores `s_p = W_p·f(x)` of every pair before the step, in [`pairs`] order.
    pub scores: Vec<f64>,
    /// The pairs `(i, j)` that involve the sample's class (the ones the step visited).
    pub visited: Vec<(usize, usize)>,
    /// The visited pairs that made a mistake (`y_p·s_p ≤ 0`) and so were updated.
    pub updated: Vec<(usize, usize)>,
    /// Whether any pair was updated (the step counts against convergence).
    pub mistake: bool,
    /// The rows before the step, one per pair, bias weight first.
    pub weights_before: Vec<Vec<f64>>,
    /// The rows after the step, one per pair, bias weight first.
    pub weights_after: Vec<Vec<f64>>,
}

/// The result of asking one-vs-one for one step.
// The record is returned once per step and taken apart at once; boxing it would only add an
// allocation per step.
#[allow(clippy::large_enum_variant)]
/// The result of asking for one step.
pub type OvoOutcome = crate::core::algo::Outcome<OvoRecord>;

/// A one-vs-one run: one classic perceptron per pair of classes, one visit per [`step`].
///
/// [`step`]: OvoTrainer::step
#[derive(Debug, Clone, PartialEq)]
pub struct OvoTrainer {
    run: ClassRun,
    pairs: Vec<(usize, usize)>,
    weights: Vec<Vec<f64>>,
    pair_updates: Vec<u64>,
}

impl OvoTrainer {
    /// A fresh run for `num_classes` classes (2 to 6) of data with `dim` features: K(K−1)/2
    /// initial rows (zero or seeded random), step 0, epoch 1. Errors on another number of
    /// classes, explicit initial weights, or settings that fail [`Settings::validate`].
    pub fn new(settings: Settings, dim: usize, num_classes: usize) -> Result<OvoTrainer, Error> {
        let pairs = pairs(num_classes);
        let weights = initial_rows(&settings, dim, num_classes, pairs.len())?;
        Ok(OvoTrainer {
            run: ClassRun::new(settings, dim, num_classes),
            pair_updates: vec![0; pairs.len()],
            pairs,
            weights,
        })
    }

    /// The same run with another stopping rule.
    pub fn with_stopping(mut self, stopping: Stopping) -> OvoTrainer {
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

    /// The pairs `(i, j)` of the rows, in row order (see [`pairs`]).
    pub fn pairs(&self) -> &[(usize, usize)] {
        &self.pairs
    }

    /// The rows `W_p = [b_p, w_p1, …, w_pd]`, one per pair (class j positive), bias first.
    pub fn weights(&self) -> &[Vec<f64>] {
        &self.weights
    }

    /// Updates so far of each pair, in [`pairs`](OvoTrainer::pairs) order.
    pub fn pair_updates(&self) -> &[u64] {
        &self.pair_updates
    }

    /// The scores `s_p = W_p·f(x)` of every pair for features `x` (`d` numbers; extra ones are
    /// ignored, missing ones count as 0).
    pub fn scores(&self, x: &[f64]) -> Vec<f64> {
        let f = features(x, self.run.settings.bias);
        self.weights.iter().map(|row| dot(row, &f)).collect()
    }

    /// The pairs' vote on `x`: votes per class, winner (ties → lowest index), and whether tied.
    pub fn vote(&self, x: &[f64]) -> Vote {
        vote(self.run.num_classes, &self.scores(x))
    }

    /// The predicted class: the vote's winner, ties going to the lowest class index.
    pub fn predict(&self, x: &[f64]) -> usize {
        self.winner(x).0
    }

    /// Whether the vote on `x` is tied (several classes share the most votes).
    pub fn is_tied(&self, x: &[f64]) -> bool {
        self.winner(x).1
    }

    /// The vote's winner and whether it is tied, as [`OvoTrainer::vote`] gives them; for a
    /// plane's point and up to six classes without allocating (the region map votes on tens of
    /// thousands of cells a frame, and four allocations each were most of its time): the same
    /// sums in the same order.
    pub fn winner(&self, x: &[f64]) -> (usize, bool) {
        let k = self.run.num_classes;
        let ([x0, x1], true) = (x, k <= 6) else {
            let v = self.vote(x);
            return (v.winner, v.tied);
        };
        let f = [if self.run.settings.bias { 1.0 } else { 0.0 }, *x0, *x1];
        let mut votes = [0usize; 6];
        for (&(i, j), row) in self.pairs.iter().zip(&self.weights) {
            votes[if dot(row, &f) > 0.0 { j } else { i }] += 1;
        }
        tally(&votes[..k])
    }

    /// Visits one sample of class c and applies the classic rule to every pair involving c
    /// (`y_p = +1` when c is the pair's higher class j, `−1` when it is i). Refuses, changing
    /// nothing, when there is nothing to visit and on overflow (a pair's score that is no
    /// number, or a new weight that would not be finite).
    pub fn step(&mut self, data: &ClassData) -> OvoOutcome {
        let (index, mut schedule) = match self.run.next(data) {
            Ok(next) => next,
            Err(why) => return OvoOutcome::Refused(why),
        };
        let x = data.x(index);
        let class = data.class(index);
        let f = features(x, self.run.settings.bias);
        let eta = self.run.settings.eta;
        let scores: Vec<f64> = self.weights.iter().map(|row| dot(row, &f)).collect();
        if !signed(&scores) {
            return OvoOutcome::Refused(Refusal::Overflow);
        }
        let before = vote(self.run.num_classes, &scores);
        let mut next = self.weights.clone();
        let mut pair_updates = self.pair_updates.clone();
        let (mut visited, mut updated) = (Vec::new(), Vec::new());
        for ((&(i, j), row), count) in self
            .pairs
            .iter()
            .zip(next.iter_mut())
            .zip(pair_updates.iter_mut())
        {
            let y = if class == j {
                1.0
            } else if class == i {
                -1.0
            } else {
                continue;
            };
            visited.push((i, j));
            let (_, mistake) = binary_visit(row, &f, y, eta);
            if mistake {
                updated.push((i, j));
                *count += 1;
            }
        }
        if !finite_rows(&next) {
            return OvoOutcome::Refused(Refusal::Overflow);
        }
        let weights_before = std::mem::replace(&mut self.weights, next);
        self.pair_updates = pair_updates;
        let mistake = !updated.is_empty();
        let epoch = schedule.epoch();
        schedule.finish_visit(data.len(), mistake);
        self.run.epochs = schedule;
        OvoOutcome::Stepped(OvoRecord {
            step: self.run.epochs.steps(),
            epoch,
            index: index + 1,
            x: x.to_vec(),
            class,
            predicted: before.winner,
            tied: before.tied,
            votes: before.votes,
            scores,
            visited,
            updated,
            mistake,
            weights_before,
            weights_after: self.weights.clone(),
        })
    }

    /// Runs until it stops, calling `each` on every step. Returns why it stopped.
    pub fn run(&mut self, data: &ClassData, mut each: impl FnMut(&OvoRecord)) -> Refusal {
        loop {
            match self.step(data) {
                OvoOutcome::Stepped(record) => each(&record),
                OvoOutcome::Refused(why) => return why,
            }
        }
    }
}
