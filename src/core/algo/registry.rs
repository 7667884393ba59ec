//! The registry: every algorithm of the lab, once. One line per algorithm names its module's
//! type; from it come the [`Algorithm`] list (the page's selector, links, the CLI's `--algo`),
//! the [`Model`] a session runs and the [`Record`] of a step — closed enums, so a history entry
//! is a cheap clone — and the dispatch to each algorithm's [`Learner`], [`Visit`] and
//! [`CliTable`].
//!
//! To add an algorithm: write its module (the run, its record, `impl Learner`, `impl Algo`,
//! `impl Visit`, in its `cli.rs` `impl CliTable`, in its `code.rs` `impl PythonCode` and in its
//! `practice.rs` `impl Practice` for its record) and add its line to the `registry!` call below.

use super::averaged::Averaged;
use super::batch::Batch;
use super::cli::{CliTable, Head, Row, Summary};
use super::kernel::{Kernel, KernelTrainer};
use super::learner::{Algo, Info, Kind, Learner, Visit};
use super::multiclass::MulticlassTrainer;
use super::ovo::OvoTrainer;
use super::ovr::OvrTrainer;
use super::pa::{Pa1, Pa2};
use super::practice::Practice;
use super::ClassData;
use crate::core::code::PythonCode;
use crate::core::{Dataset, Error, Refusal, Settings, StepRecord, Trainer};

/// The number of identifiers given.
macro_rules! count {
    () => { 0usize };
    ($head:ident $($tail:ident)*) => { 1usize + count!($($tail)*) };
}

macro_rules! registry {
    ($( $(#[$doc:meta])* $variant:ident => $learner:ty ),* $(,)?) => {
        /// The algorithms the page and the CLI offer, in the selector's order.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Algorithm {
            $( $(#[$doc])* $variant ),*
        }

        impl Algorithm {
            /// Every algorithm, in the order the selector lists them.
            pub const ALL: [Algorithm; count!($($variant)*)] = [$(Algorithm::$variant),*];

            /// The algorithm's registry line.
            pub fn info(self) -> &'static Info {
                match self {
                    $( Algorithm::$variant => &<$learner as Algo>::INFO ),*
                }
            }
        }

        /// One run of one algorithm. Cloning is cheap enough to keep one clone per step (the
        /// kernel run copies its α, one number per sample).
        #[derive(Debug, Clone, PartialEq)]
        pub enum Model {
            $( $(#[$doc])* $variant($learner) ),*
        }

        /// What one step of any algorithm did: a row of the trace table.
        #[derive(Debug, Clone, PartialEq)]
        pub enum Record {
            $( $(#[$doc])* $variant(<$learner as Algo>::Record) ),*
        }

        impl Model {
            /// A fresh run of `setup` with `settings` on data with `dim` features.
            pub fn new(setup: &Setup, settings: Settings, dim: usize) -> Result<Model, Error> {
                Ok(match setup.algorithm {
                    $( Algorithm::$variant =>
                        Model::$variant(<$learner as Algo>::create(setup, settings, dim)?) ),*
                })
            }

            /// The algorithm.
            pub fn algorithm(&self) -> Algorithm {
                match self {
                    $( Model::$variant(_) => Algorithm::$variant ),*
                }
            }

            /// The run as a [`Learner`].
            pub fn learner(&self) -> &(dyn Learner + 'static) {
                match self {
                    $( Model::$variant(t) => t ),*
                }
            }

            /// The run as a mutable [`Learner`].
            pub fn learner_mut(&mut self) -> &mut (dyn Learner + 'static) {
                match self {
                    $( Model::$variant(t) => t ),*
                }
            }

            /// One step on the points (`classes` is the same points as [`ClassData`], for the
            /// multiclass algorithms).
            pub fn step(&mut self, data: &Dataset, classes: &ClassData) -> Result<Record, Refusal> {
                match self {
                    $( Model::$variant(t) =>
                        Algo::step(t, data, classes).into_result().map(Record::$variant) ),*
                }
            }

            /// Up to `most` steps without records (see [`Algo::advance`]): the steps taken
            /// and, when it stopped early, why.
            pub fn advance(
                &mut self,
                data: &Dataset,
                classes: &ClassData,
                most: u64,
            ) -> (u64, Option<Refusal>) {
                match self {
                    $( Model::$variant(t) => Algo::advance(t, data, classes, most) ),*
                }
            }
        }

        /// What the command line prints ([`CliTable`]), dispatched.
        impl Algorithm {
            /// What `--help` says of the algorithm.
            pub fn cli_help(self) -> &'static str {
                match self {
                    $( Algorithm::$variant => <$learner as CliTable>::HELP ),*
                }
            }
        }

        impl Model {
            /// The `"algo"` of the JSON output, if written (see [`CliTable::json_algo`]).
            pub fn json_algo(&self) -> Option<&'static str> {
                match self {
                    $( Model::$variant(t) => t.json_algo() ),*
                }
            }

            /// The head of the table for data with `dim` features and classes `names`.
            pub fn cli_head(&self, dim: usize, names: &[String]) -> Head {
                match self {
                    $( Model::$variant(t) => t.cli_head(dim, names) ),*
                }
            }

            /// The row of `record`, or `None` when it is another algorithm's record.
            pub fn cli_row(&self, record: &Record, names: &[String]) -> Option<Row> {
                match (self, record) {
                    $( (Model::$variant(t), Record::$variant(r)) => Some(t.cli_row(r, names)), )*
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }

            /// The summary after training stopped because of `stopped`.
            pub fn cli_summary(&self, data: &Dataset, names: &[String], stopped: Refusal) -> Summary {
                match self {
                    $( Model::$variant(t) => t.cli_summary(data, names, stopped) ),*
                }
            }

            /// The class index `--predict` writes for `x`.
            pub fn cli_predict(&self, data: &Dataset, x: &[f64]) -> usize {
                match self {
                    $( Model::$variant(t) => t.cli_predict(data, x) ),*
                }
            }
        }

        impl Model {
            /// The run's part of "This run in code" ([`PythonCode`], in its folder's
            /// `code.rs`).
            pub fn python_code(&self) -> &dyn PythonCode {
                match self {
                    $( Model::$variant(t) => t ),*
                }
            }
        }

        impl Record {
            /// The record's step answer for Practice mode ([`Practice`], in its folder's
            /// `practice.rs`).
            pub fn practice(&self) -> &dyn Practice {
                match self {
                    $( Record::$variant(r) => r ),*
                }
            }

            /// The record as a [`Visit`].
            pub fn visit(&self) -> &(dyn Visit + 'static) {
                match self {
                    $( Record::$variant(r) => r ),*
                }
            }
        }
    };
}

registry! {
    /// The classic rule.
    Perceptron => Trainer,
    /// The classic rule with the average of the weights over all visits (seed 004).
    Averaged => Averaged,
    /// One gradient step on the perceptron criterion per epoch (seeds 002, 003).
    Batch => Batch,
    /// The dual form with a kernel (seeds 001, 003).
    Kernel => KernelTrainer,
    /// One weight row per class (seed 000).
    Multiclass => MulticlassTrainer,
    /// One-vs-rest: K binary perceptrons (seed 001).
    Ovr => OvrTrainer,
    /// One-vs-one: a binary perceptron per pair of classes (seed 001).
    Ovo => OvoTrainer,
    /// Passive-aggressive PA-I: updates inside the margin, step capped by C (seed 004).
    Pa1 => Pa1,
    /// Passive-aggressive PA-II: updates inside the margin, step softened by C (seed 004).
    Pa2 => Pa2,
}

// The enum is written by `registry!`, which cannot mark one variant `#[default]`.
#[allow(clippy::derivable_impls)]
impl Default for Algorithm {
    fn default() -> Self {
        Algorithm::Perceptron
    }
}

impl Algorithm {
    /// The name used by the CLI's `--algo`, the selector and links.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// A title for people.
    pub fn title(self) -> &'static str {
        self.info().title
    }

    /// Binary, multiclass or kernel.
    pub fn kind(self) -> Kind {
        self.info().kind
    }

    /// Reads a name as [`Algorithm::name`] writes it (in any case).
    pub fn parse(text: &str) -> Result<Algorithm, Error> {
        let text = text.trim().to_ascii_lowercase();
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == text)
            .ok_or_else(|| Error::Field {
                field: "algorithm",
                reason: format!(
                    "{text:?} is not one of {}",
                    Algorithm::ALL
                        .iter()
                        .map(|a| a.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            })
    }

    /// Reads values of the algorithm's own numbers as the page's form writes them:
    /// `KEY=VALUE` pairs separated by `;` or `&` (e.g. `C=0.5`), each value checked by its
    /// rule; empty text gives none (the defaults). Keys this algorithm does not take are passed
    /// over: they are the fields of the algorithm chosen before.
    pub fn parse_params(self, text: &str) -> Result<Vec<(String, f64)>, Error> {
        let mut values = Vec::new();
        for pair in text
            .split([';', '&'])
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let (key, value) = (key.trim(), value.trim());
            let Some(param) = self.info().params.iter().find(|p| p.key == key) else {
                continue;
            };
            let number = value.parse::<f64>().map_err(|_| Error::Field {
                field: param.key,
                reason: format!("{}: {value:?} is not a number", param.key),
            })?;
            values.push((key.to_string(), param.validate(number)?));
        }
        Ok(values)
    }

    /// Whether the algorithm takes K ≥ 2 classes rather than ±1.
    pub fn is_multiclass(self) -> bool {
        self.kind() == Kind::Multiclass
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
    /// Values of the algorithms' own numbers ([`Info::params`], e.g. `C`), by key; a key not
    /// given takes its default.
    pub params: Vec<(String, f64)>,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            algorithm: Algorithm::Perceptron,
            kernel: Kernel::Linear,
            classes: 3,
            rows: None,
            params: Vec::new(),
        }
    }
}

impl Setup {
    /// The value of the algorithm's number `key`: as given, else its default (0 for a key the
    /// algorithm does not take).
    pub fn param(&self, key: &str) -> f64 {
        self.params
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|&(_, v)| v)
            .or_else(|| {
                self.algorithm
                    .info()
                    .params
                    .iter()
                    .find(|p| p.key == key)
                    .map(|p| p.default)
            })
            .unwrap_or(0.0)
    }

    /// The values of the algorithm's own numbers, in [`Info::params`] order, checked.
    pub fn checked_params(&self) -> Result<Vec<(&'static str, f64)>, Error> {
        self.algorithm
            .info()
            .params
            .iter()
            .map(|p| Ok((p.key, p.validate(self.param(p.key))?)))
            .collect()
    }

    /// The setup the algorithm box asks for, as typed: the algorithm's name, the kernel
    /// (`linear`, `poly:D:γ:c`, `rbf:γ`), the number of classes and the algorithm's own numbers
    /// (`KEY=VALUE;…`). A field that cannot be read is named with the reason.
    pub fn from_form(
        algorithm: &str,
        kernel: &str,
        classes: &str,
        params: &str,
    ) -> Result<Setup, Error> {
        use crate::core::algo::multiclass::{MAX_CLASSES, MIN_CLASSES};
        let algorithm = Algorithm::parse(algorithm)?;
        let kernel = Kernel::parse(kernel)?;
        let classes = classes
            .trim()
            .parse()
            .ok()
            .filter(|k| (MIN_CLASSES..=MAX_CLASSES).contains(k))
            .ok_or_else(|| Error::Field {
                field: "classes",
                reason: format!(
                    "{} is not a whole number from {MIN_CLASSES} to {MAX_CLASSES}",
                    crate::core::error::excerpt(classes)
                ),
            })?;
        Ok(Setup {
            algorithm,
            kernel,
            classes,
            rows: None,
            params: algorithm.parse_params(params)?,
        })
    }

    /// The number of classes the run distinguishes: 2 for the binary algorithms.
    pub fn num_classes(&self) -> usize {
        if self.algorithm.is_multiclass() {
            self.classes
        } else {
            2
        }
    }
}

impl std::ops::Deref for Model {
    type Target = dyn Learner;
    fn deref(&self) -> &Self::Target {
        self.learner()
    }
}

impl std::ops::DerefMut for Model {
    fn deref_mut(&mut self) -> &mut Self::Target {
        self.learner_mut()
    }
}

impl std::ops::Deref for Record {
    type Target = dyn Visit;
    fn deref(&self) -> &Self::Target {
        self.visit()
    }
}

impl Record {
    /// The record as JSON: its fields plus `"kind"` (`binary`, `batch`, `kernel`,
    /// `multiclass`, `ovr` or `ovo`), `"step"` and `"mistake"`.
    pub fn to_json(&self) -> serde_json::Value {
        let v = self.visit();
        let mut value = v.fields();
        if let Some(map) = value.as_object_mut() {
            map.insert("kind".into(), v.kind().into());
            map.insert("step".into(), v.step().into());
            map.insert("mistake".into(), v.mistake().into());
        }
        value
    }

    /// The classic record, for the classic and averaged rules.
    pub fn binary(&self) -> Option<&StepRecord> {
        match self {
            Record::Perceptron(r) | Record::Averaged(r) => Some(r),
            _ => None,
        }
    }
}

impl Model {
    /// The class the model predicts for `x` (see [`Learner::predict_class`]).
    pub fn predict(&self, data: &Dataset, x: &[f64]) -> Option<usize> {
        self.learner().predict_class(data, x)
    }

    /// The class predicted for every point, in data order (see [`Learner::predict_points`]).
    pub fn predict_points(&self, data: &Dataset) -> Vec<Option<usize>> {
        self.learner().predict_points(data)
    }

    /// The fraction of the points the model classifies correctly (averaged: with w̄).
    pub fn accuracy(&self, data: &Dataset) -> Option<f64> {
        if data.is_empty() {
            return None;
        }
        let correct = self
            .predict_points(data)
            .into_iter()
            .enumerate()
            .filter(|&(i, c)| c == Some(data.class(i)))
            .count();
        Some(correct as f64 / data.len() as f64)
    }
}
