//! The algorithm a session runs: one of the six of the perceptron family, behind one interface
//! that the session, its history and its views use.

use super::algo::averaged::Averaged;
use super::algo::batch::{Batch, BatchOutcome, BatchRecord};
use super::algo::kernel::{Kernel, KernelOutcome, KernelRecord, KernelTrainer};
use super::algo::multiclass::{MulticlassOutcome, MulticlassRecord, MulticlassTrainer};
use super::algo::ovo::{OvoOutcome, OvoRecord, OvoTrainer};
use super::algo::ovr::{OvrOutcome, OvrRecord, OvrTrainer};
use super::algo::ClassData;
use super::{Dataset, Error, Refusal, Settings, StepOutcome, StepRecord, TrainState, Trainer};

/// The algorithms the page and the CLI offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Algorithm {
    /// The classic rule.
    #[default]
    Perceptron,
    /// The classic rule with the average of the weights over all visits (seed 004).
    Averaged,
    /// One gradient step on the perceptron criterion per epoch (seeds 002, 003).
    Batch,
    /// The dual form with a kernel (seeds 001, 003).
    Kernel,
    /// One weight row per class (seed 000).
    Multiclass,
    /// One-vs-rest: K binary perceptrons (seed 001).
    Ovr,
    /// One-vs-one: a binary perceptron per pair of classes (seed 001).
    Ovo,
}

impl Algorithm {
    /// Every algorithm, in the order the selector lists them.
    pub const ALL: [Algorithm; 7] = [
        Algorithm::Perceptron,
        Algorithm::Averaged,
        Algorithm::Batch,
        Algorithm::Kernel,
        Algorithm::Multiclass,
        Algorithm::Ovr,
        Algorithm::Ovo,
    ];

    /// The name used by the CLI's `--algo`, the selector and links.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Perceptron => "perceptron",
            Algorithm::Averaged => "averaged",
            Algorithm::Batch => "batch",
            Algorithm::Kernel => "kernel",
            Algorithm::Multiclass => "multiclass",
            Algorithm::Ovr => "ovr",
            Algorithm::Ovo => "ovo",
        }
    }

    /// A title for people.
    pub fn title(self) -> &'static str {
        match self {
            Algorithm::Perceptron => "Perceptron (classic rule)",
            Algorithm::Averaged => "Averaged perceptron",
            Algorithm::Batch => "Batch perceptron (gradient on J_p)",
            Algorithm::Kernel => "Kernel perceptron (dual form)",
            Algorithm::Multiclass => "Multiclass perceptron",
            Algorithm::Ovr => "One-vs-rest",
            Algorithm::Ovo => "One-vs-one",
        }
    }

    /// Reads a name as [`Algorithm::name`] writes it.
    pub fn parse(text: &str) -> Result<Algorithm, Error> {
        let text = text.trim().to_ascii_lowercase();
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == text)
            .ok_or_else(|| Error::Field {
                field: "algorithm",
                reason: format!(
                    "{text:?} is not one of perceptron, averaged, batch, kernel, multiclass, ovr, ovo"
                ),
            })
    }

    /// Whether the algorithm takes K ≥ 2 classes (multiclass, ovr, ovo) rather than ±1.
    pub fn is_multiclass(self) -> bool {
        matches!(
            self,
            Algorithm::Multiclass | Algorithm::Ovr | Algorithm::Ovo
        )
    }
}

/// What the session needs besides [`Settings`] to start a run: the algorithm, its kernel, the
/// number of classes, and (for the course's multiclass example) explicit initial rows.
#[derive(Debug, Clone, PartialEq)]
pub struct Setup {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The kernel of [`Algorithm::Kernel`].
    pub kernel: Kernel,
    /// K for the multiclass algorithms, 2 to 6.
    pub classes: usize,
    /// Initial rows for [`Algorithm::Multiclass`] (one per class, bias first), instead of the
    /// settings' zero or random start.
    pub rows: Option<Vec<Vec<f64>>>,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            algorithm: Algorithm::Perceptron,
            kernel: Kernel::Linear,
            classes: 3,
            rows: None,
        }
    }
}

impl Setup {
    /// The number of classes the run distinguishes: 2 for the binary algorithms.
    pub fn num_classes(&self) -> usize {
        if self.algorithm.is_multiclass() {
            self.classes
        } else {
            2
        }
    }
}

/// One run of one algorithm. Cloning is cheap enough to keep one clone per step (the kernel
/// run copies its α, one number per sample).
#[derive(Debug, Clone, PartialEq)]
pub enum Model {
    /// The classic rule.
    Perceptron(Trainer),
    /// The averaged perceptron.
    Averaged(Averaged),
    /// The batch perceptron.
    Batch(Batch),
    /// The kernel perceptron.
    Kernel(KernelTrainer),
    /// The multiclass perceptron.
    Multiclass(MulticlassTrainer),
    /// One-vs-rest.
    Ovr(OvrTrainer),
    /// One-vs-one.
    Ovo(OvoTrainer),
}

/// What one step of any algorithm did: a row of the trace table.
#[derive(Debug, Clone, PartialEq)]
pub enum Record {
    /// A visit of the classic or the averaged rule.
    Binary(StepRecord),
    /// An epoch of the batch rule.
    Batch(BatchRecord),
    /// A visit of the kernel perceptron.
    Kernel(KernelRecord),
    /// A visit of the multiclass perceptron.
    Multiclass(MulticlassRecord),
    /// A visit of one-vs-rest.
    Ovr(OvrRecord),
    /// A visit of one-vs-one.
    Ovo(OvoRecord),
}

impl Record {
    /// The 1-based step number (for batch, the epoch).
    pub fn step(&self) -> u64 {
        match self {
            Record::Binary(r) => r.step,
            Record::Batch(r) => r.epoch,
            Record::Kernel(r) => r.step,
            Record::Multiclass(r) => r.step,
            Record::Ovr(r) => r.step,
            Record::Ovo(r) => r.step,
        }
    }

    /// The 1-based epoch of the step.
    pub fn epoch(&self) -> u64 {
        match self {
            Record::Binary(r) => r.epoch,
            Record::Batch(r) => r.epoch,
            Record::Kernel(r) => r.epoch,
            Record::Multiclass(r) => r.epoch,
            Record::Ovr(r) => r.epoch,
            Record::Ovo(r) => r.epoch,
        }
    }

    /// Whether the step changed the model.
    pub fn mistake(&self) -> bool {
        match self {
            Record::Binary(r) => r.mistake,
            Record::Batch(r) => !r.mistakes.is_empty(),
            Record::Kernel(r) => r.mistake,
            Record::Multiclass(r) => r.mistake,
            Record::Ovr(r) => r.mistake,
            Record::Ovo(r) => r.mistake,
        }
    }

    /// The visited sample (1-based index) and its features; `None` for a batch epoch.
    pub fn visited(&self) -> Option<(usize, &[f64])> {
        match self {
            Record::Binary(r) => Some((r.index, &r.x)),
            Record::Batch(_) => None,
            Record::Kernel(r) => Some((r.index, &r.x)),
            Record::Multiclass(r) => Some((r.index, &r.x)),
            Record::Ovr(r) => Some((r.index, &r.x)),
            Record::Ovo(r) => Some((r.index, &r.x)),
        }
    }

    /// The record as JSON: its fields plus `"kind"` (`binary`, `batch`, `kernel`,
    /// `multiclass`, `ovr` or `ovo`) and `"step"`.
    pub fn to_json(&self) -> serde_json::Value {
        let (kind, value) = match self {
            Record::Binary(r) => ("binary", serde_json::to_value(r)),
            Record::Batch(r) => ("batch", serde_json::to_value(r)),
            Record::Kernel(r) => ("kernel", serde_json::to_value(r)),
            Record::Multiclass(r) => ("multiclass", serde_json::to_value(r)),
            Record::Ovr(r) => ("ovr", serde_json::to_value(r)),
            Record::Ovo(r) => ("ovo", serde_json::to_value(r)),
        };
        let mut value = value.unwrap_or_default();
        if let Some(map) = value.as_object_mut() {
            map.insert("kind".into(), kind.into());
            map.insert("step".into(), self.step().into());
            map.insert("mistake".into(), self.mistake().into());
        }
        value
    }

    /// The classic record, for the classic and averaged rules.
    pub fn binary(&self) -> Option<&StepRecord> {
        match self {
            Record::Binary(r) => Some(r),
            _ => None,
        }
    }
}

impl Model {
    /// A fresh run of `setup` with `settings` on data with `dim` features.
    pub fn new(setup: &Setup, settings: Settings, dim: usize) -> Result<Model, Error> {
        Ok(match setup.algorithm {
            Algorithm::Perceptron => Model::Perceptron(Trainer::new(settings, dim)?),
            Algorithm::Averaged => Model::Averaged(Averaged::new(settings, dim)?),
            Algorithm::Batch => Model::Batch(Batch::new(settings, dim)?),
            Algorithm::Kernel => Model::Kernel(KernelTrainer::new(settings, setup.kernel, dim)?),
            Algorithm::Multiclass => Model::Multiclass(match &setup.rows {
                Some(rows) => MulticlassTrainer::with_initial_rows(settings, dim, rows.clone())?,
                None => MulticlassTrainer::new(settings, dim, setup.classes)?,
            }),
            Algorithm::Ovr => Model::Ovr(OvrTrainer::new(settings, dim, setup.classes)?),
            Algorithm::Ovo => Model::Ovo(OvoTrainer::new(settings, dim, setup.classes)?),
        })
    }

    /// The algorithm.
    pub fn algorithm(&self) -> Algorithm {
        match self {
            Model::Perceptron(_) => Algorithm::Perceptron,
            Model::Averaged(_) => Algorithm::Averaged,
            Model::Batch(_) => Algorithm::Batch,
            Model::Kernel(_) => Algorithm::Kernel,
            Model::Multiclass(_) => Algorithm::Multiclass,
            Model::Ovr(_) => Algorithm::Ovr,
            Model::Ovo(_) => Algorithm::Ovo,
        }
    }

    /// The settings of the run.
    pub fn settings(&self) -> &Settings {
        match self {
            Model::Perceptron(t) => t.settings(),
            Model::Averaged(t) => t.settings(),
            Model::Batch(t) => t.settings(),
            Model::Kernel(t) => t.settings(),
            Model::Multiclass(t) => t.settings(),
            Model::Ovr(t) => t.settings(),
            Model::Ovo(t) => t.settings(),
        }
    }

    /// Steps taken (for batch: epochs).
    pub fn steps(&self) -> u64 {
        match self {
            Model::Perceptron(t) => t.steps(),
            Model::Averaged(t) => t.trainer().steps(),
            Model::Batch(t) => t.epochs(),
            Model::Kernel(t) => t.steps(),
            Model::Multiclass(t) => t.steps(),
            Model::Ovr(t) => t.steps(),
            Model::Ovo(t) => t.steps(),
        }
    }

    /// The current (1-based) epoch.
    pub fn epoch(&self) -> u64 {
        match self {
            Model::Perceptron(t) => t.epoch(),
            Model::Averaged(t) => t.trainer().epoch(),
            Model::Batch(t) => match t.state() {
                TrainState::Running => t.epochs() + 1,
                _ => t.epochs(),
            },
            Model::Kernel(t) => t.epoch(),
            Model::Multiclass(t) => t.epoch(),
            Model::Ovr(t) => t.epoch(),
            Model::Ovo(t) => t.epoch(),
        }
    }

    /// Steps that changed the model.
    pub fn updates(&self) -> u64 {
        match self {
            Model::Perceptron(t) => t.updates(),
            Model::Averaged(t) => t.trainer().updates(),
            Model::Batch(t) => t.updates(),
            Model::Kernel(t) => t.updates(),
            Model::Multiclass(t) => t.updates(),
            Model::Ovr(t) => t.updates(),
            Model::Ovo(t) => t.updates(),
        }
    }

    /// Where training stands.
    pub fn state(&self) -> TrainState {
        match self {
            Model::Perceptron(t) => t.state(),
            Model::Averaged(t) => t.state(),
            Model::Batch(t) => t.state(),
            Model::Kernel(t) => t.state(),
            Model::Multiclass(t) => t.state(),
            Model::Ovr(t) => t.state(),
            Model::Ovo(t) => t.state(),
        }
    }

    /// Whether the next step starts an epoch (always, for batch).
    pub fn at_epoch_start(&self) -> bool {
        match self {
            Model::Perceptron(t) => t.at_epoch_start(),
            Model::Averaged(t) => t.trainer().at_epoch_start(),
            Model::Batch(_) => true,
            Model::Kernel(t) => t.at_epoch_start(),
            Model::Multiclass(t) => t.at_epoch_start(),
            Model::Ovr(t) => t.at_epoch_start(),
            Model::Ovo(t) => t.at_epoch_start(),
        }
    }

    /// The classic weights `[b, w1, …]` of a binary linear model (perceptron, averaged: the
    /// current ones; batch). `None` for the others.
    pub fn linear_weights(&self) -> Option<&[f64]> {
        match self {
            Model::Perceptron(t) => Some(t.weights()),
            Model::Averaged(t) => Some(t.weights()),
            Model::Batch(t) => Some(t.weights()),
            _ => None,
        }
    }

    /// The weight rows of a multiclass model (classes for multiclass and ovr, pairs for ovo).
    pub fn rows(&self) -> Option<&[Vec<f64>]> {
        match self {
            Model::Multiclass(t) => Some(t.weights()),
            Model::Ovr(t) => Some(t.weights()),
            Model::Ovo(t) => Some(t.weights()),
            _ => None,
        }
    }

    /// One step on the points (`classes` is the same points as [`ClassData`], for the
    /// multiclass algorithms).
    pub fn step(&mut self, data: &Dataset, classes: &ClassData) -> Result<Record, Refusal> {
        match self {
            Model::Perceptron(t) => match t.step(data) {
                StepOutcome::Stepped(r) => Ok(Record::Binary(r)),
                StepOutcome::Refused(why) => Err(why),
            },
            Model::Averaged(t) => match t.step(data) {
                StepOutcome::Stepped(r) => Ok(Record::Binary(r)),
                StepOutcome::Refused(why) => Err(why),
            },
            Model::Batch(t) => match t.step(data) {
                BatchOutcome::Stepped(r) => Ok(Record::Batch(r)),
                BatchOutcome::Refused(why) => Err(why),
            },
            Model::Kernel(t) => match t.step(data) {
                KernelOutcome::Stepped(r) => Ok(Record::Kernel(r)),
                KernelOutcome::Refused(why) => Err(why),
            },
            Model::Multiclass(t) => match t.step(classes) {
                MulticlassOutcome::Stepped(r) => Ok(Record::Multiclass(r)),
                MulticlassOutcome::Refused(why) => Err(why),
            },
            Model::Ovr(t) => match t.step(classes) {
                OvrOutcome::Stepped(r) => Ok(Record::Ovr(r)),
                OvrOutcome::Refused(why) => Err(why),
            },
            Model::Ovo(t) => match t.step(classes) {
                OvoOutcome::Stepped(r) => Ok(Record::Ovo(r)),
                OvoOutcome::Refused(why) => Err(why),
            },
        }
    }

    /// Tells the run that a sample was appended (now `n` samples).
    pub fn sample_added(&mut self, n: usize) {
        match self {
            Model::Perceptron(t) => t.sample_added(n),
            Model::Averaged(t) => t.sample_added(n),
            Model::Batch(t) => t.data_changed(),
            Model::Kernel(t) => t.sample_added(n),
            Model::Multiclass(t) => t.sample_added(n),
            Model::Ovr(t) => t.sample_added(n),
            Model::Ovo(t) => t.sample_added(n),
        }
    }

    /// Tells the run that sample `index` was removed.
    pub fn sample_removed(&mut self, index: usize) {
        match self {
            Model::Perceptron(t) => t.sample_removed(index),
            Model::Averaged(t) => t.sample_removed(index),
            Model::Batch(t) => t.data_changed(),
            Model::Kernel(t) => t.sample_removed(index),
            Model::Multiclass(t) => t.sample_removed(index),
            Model::Ovr(t) => t.sample_removed(index),
            Model::Ovo(t) => t.sample_removed(index),
        }
    }

    /// Tells the run that a sample was moved.
    pub fn sample_moved(&mut self) {
        match self {
            Model::Perceptron(t) => t.sample_moved(),
            Model::Averaged(t) => t.sample_moved(),
            Model::Batch(t) => t.data_changed(),
            Model::Kernel(t) => t.sample_moved(),
            Model::Multiclass(t) => t.sample_moved(),
            Model::Ovr(t) => t.sample_moved(),
            Model::Ovo(t) => t.sample_moved(),
        }
    }

    /// The class the model predicts for `x`: for binary models 1 (`+1`), 0 (`−1`), or `None` on
    /// the boundary; for multiclass models the class index.
    pub fn predict(&self, data: &Dataset, x: &[f64]) -> Option<usize> {
        let sign = |s: f64| {
            if s > 0.0 {
                Some(1)
            } else if s < 0.0 {
                Some(0)
            } else {
                None
            }
        };
        match self {
            Model::Perceptron(t) => sign(t.score(x)),
            Model::Averaged(t) => sign(t.score(x)),
            Model::Batch(t) => sign(t.score(x)),
            Model::Kernel(t) => sign(t.score(data, x)),
            Model::Multiclass(t) => Some(t.predict(x)),
            Model::Ovr(t) => Some(t.predict(x)),
            Model::Ovo(t) => Some(t.predict(x)),
        }
    }

    /// The fraction of the points the model classifies correctly (averaged: with w̄).
    pub fn accuracy(&self, data: &Dataset) -> Option<f64> {
        if data.is_empty() {
            return None;
        }
        let correct = (0..data.len())
            .filter(|&i| self.predict(data, data.x(i)) == Some(data.class(i)))
            .count();
        Some(correct as f64 / data.len() as f64)
    }
}
