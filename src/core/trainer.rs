//! The classic perceptron, one sample visit at a time.
//!
//! A visit of sample `(x, y)` computes the score `s = w·x + b`. It is a mistake when `y·s ≤ 0`
//! (a zero score is a mistake, as in scikit-learn's `Perceptron`); then `w ← w + η·y·x` and
//! `b ← b + η·y`. An epoch is one pass in the current order; training has converged after a full
//! epoch without a mistake and stops at `max_epochs` otherwise.

use super::order::{epoch_order, init_stream_value};
use super::{Dataset, Error, InitWeights, Order, Settings, StepRecord};
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
        }
    }
}

/// The result of asking for one step.
#[derive(Debug, Clone, PartialEq)]
pub enum StepOutcome {
    /// One sample was visited.
    Stepped(StepRecord),
    /// Nothing happened, and why.
    Refused(Refusal),
}

/// The training state of one run: weights, counters and the current epoch's order.
///
/// Cloning is cheap (the settings and the epoch's order are shared), so the session keeps one
/// clone per step as its history.
#[derive(Debug, Clone, PartialEq)]
pub struct Trainer {
    settings: Rc<Settings>,
    weights: Vec<f64>,
    step: u64,
    epoch: u64,
    pos: usize,
    order: Rc<Vec<usize>>,
    epoch_mistakes: u64,
    updates: u64,
    state: TrainState,
}

impl Trainer {
    /// A fresh run for data with `dim` features: initial weights, step 0, epoch 1.
    pub fn new(settings: Settings, dim: usize) -> Result<Trainer, Error> {
        settings.validate(dim)?;
        let weights = initial_weights(&settings, dim);
        Ok(Trainer {
            settings: Rc::new(settings),
            weights,
            step: 0,
            epoch: 1,
            pos: 0,
            order: Rc::new(Vec::new()),
            epoch_mistakes: 0,
            updates: 0,
            state: TrainState::Running,
        })
    }

    /// The settings of this run.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Current weights, bias weight first: `[b, w1, …, wd]`.
    pub fn weights(&self) -> &[f64] {
        &self.weights
    }

    /// Steps taken so far.
    pub fn steps(&self) -> u64 {
        self.step
    }

    /// The current (1-based) epoch; after convergence, the epoch that was clean.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// Updates (mistakes) so far.
    pub fn updates(&self) -> u64 {
        self.updates
    }

    /// Where training stands.
    pub fn state(&self) -> TrainState {
        self.state
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
        match self.state {
            TrainState::Converged => return StepOutcome::Refused(Refusal::Converged),
            TrainState::MaxEpochs => return StepOutcome::Refused(Refusal::MaxEpochs),
            TrainState::Running => {}
        }
        if self.pos == 0 || self.order.len() != data.len() {
            // A new epoch (or, defensively, an order that no longer fits the data).
            self.order = Rc::new(self.order_for_epoch(data.len()));
            self.pos = self.pos.min(data.len() - 1);
        }
        let index = self.order[self.pos];
        let x = data.x(index);
        let y = data.label(index).y();
        let weights_before = self.weights.clone();
        let score = self.score(x);
        let mistake = y * score <= 0.0;
        if mistake {
            let eta_y = self.settings.eta * y;
            if self.settings.bias {
                self.weights[0] += eta_y;
            }
            for (w, xi) in self.weights[1..].iter_mut().zip(x) {
                *w += eta_y * xi;
            }
            for w in &mut self.weights {
                *w += 0.0; // never keep a negative zero
            }
            self.updates += 1;
            self.epoch_mistakes += 1;
        }
        self.step += 1;
        let record = StepRecord {
            step: self.step,
            epoch: self.epoch,
            index: index + 1,
            x: x.to_vec(),
            y,
            weights_before,
            score,
            mistake,
            weights_after: self.weights.clone(),
        };
        self.pos += 1;
        if self.pos >= data.len() {
            self.end_epoch();
        }
        StepOutcome::Stepped(record)
    }

    fn end_epoch(&mut self) {
        if self.epoch_mistakes == 0 {
            self.state = TrainState::Converged;
        } else if self.epoch >= self.settings.max_epochs {
            self.state = TrainState::MaxEpochs;
        } else {
            self.epoch += 1;
            self.pos = 0;
            self.epoch_mistakes = 0;
            self.order = Rc::new(Vec::new());
        }
    }

    /// Position in the current epoch: how many samples of it have been visited.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Whether the next step starts a new epoch.
    pub fn at_epoch_start(&self) -> bool {
        self.pos == 0
    }

    fn order_for_epoch(&self, n: usize) -> Vec<usize> {
        match self.settings.order {
            Order::Fixed => (0..n).collect(),
            Order::Shuffle => epoch_order(self.settings.seed, self.epoch, n),
        }
    }

    /// Tells the run that a sample was appended (as index `n − 1`). The weights and the step
    /// count stay; the new sample is visited later in the current epoch, and a converged run
    /// starts a new epoch so that the new sample is checked.
    pub fn sample_added(&mut self, n: usize) {
        match self.state {
            TrainState::Converged => self.reopen(),
            TrainState::Running if self.pos > 0 => Rc::make_mut(&mut self.order).push(n - 1),
            TrainState::Running | TrainState::MaxEpochs => {}
        }
    }

    /// A converged run whose data changed starts a new epoch to check every sample again.
    fn reopen(&mut self) {
        self.state = TrainState::Running;
        self.epoch += 1;
        self.pos = 0;
        self.epoch_mistakes = 0;
        self.order = Rc::new(Vec::new());
    }

    /// Tells the run that sample `index` was removed (later samples shift down by one). The
    /// weights and the step count stay; the current epoch goes on over the remaining samples.
    pub fn sample_removed(&mut self, index: usize) {
        if let Some(at) = self.order.iter().position(|&i| i == index) {
            let order = Rc::make_mut(&mut self.order);
            order.remove(at);
            for i in order.iter_mut() {
                if *i > index {
                    *i -= 1;
                }
            }
            if at < self.pos {
                self.pos -= 1;
            }
        }
        if self.state == TrainState::Running && self.pos > 0 && self.pos >= self.order.len() {
            // The removed sample was the last one left in this epoch: the epoch ends here.
            self.end_epoch();
        }
    }

    /// Tells the run that a sample was moved. The weights and counters stay; a converged run
    /// starts a new epoch, since the moved sample may now be misclassified.
    pub fn sample_moved(&mut self) {
        if self.state == TrainState::Converged {
            self.reopen();
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
