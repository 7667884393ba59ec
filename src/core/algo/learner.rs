//! What every algorithm of the family is to the rest of the lab: the [`Learner`] trait (the run:
//! stepping, counters, edits of the points, prediction and what it draws) and the [`Visit`]
//! trait (one step's record: its numbers and its words).
//!
//! An algorithm lives in one module of `src/core/algo/` and implements both; the registry
//! (`registry.rs`) lists it once, and the session, the history, the page and the CLI reach it
//! only through these traits.

use super::batch::BatchView;
use super::kernel::Kernel;
use super::registry::Record;
use super::ClassData;
use crate::core::explain::Explanation;
use crate::core::scene::ClassLine;
use crate::core::schedule::EpochSchedule;
use crate::core::{Dataset, Error, Refusal, Settings, TrainState};
use serde_json::Value;

/// What one step did: stepped with a record, or refused (nothing changed).
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome<R> {
    /// The step was taken.
    Stepped(R),
    /// The step was not taken; the run is as it was.
    Refused(Refusal),
}

impl<R> Outcome<R> {
    /// The outcome as a `Result`.
    pub fn into_result(self) -> Result<R, Refusal> {
        match self {
            Outcome::Stepped(r) => Ok(r),
            Outcome::Refused(why) => Err(why),
        }
    }
}

/// Whether an algorithm separates two classes (−1/+1), K classes, or two classes through a
/// kernel. The page shows and hides controls by kind, never by a list of names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A linear classifier of two classes `−1`/`+1`.
    Binary,
    /// K ≥ 2 classes (one weight row per class or pair).
    Multiclass,
    /// Two classes through a kernel (the dual form).
    Kernel,
}

impl Kind {
    /// The kind's name as the page's CSS reads it (`data-kind`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Binary => "binary",
            Kind::Multiclass => "multiclass",
            Kind::Kernel => "kernel",
        }
    }
}

/// A number an algorithm takes besides [`Settings`] (e.g. C of the passive-aggressive rule):
/// its key in links, JSON and the settings form, its label, default and check.
#[derive(Debug, Clone, Copy)]
pub struct Param {
    /// The key (`C`): the link's and JSON's name, and the form field's `data-param`.
    pub key: &'static str,
    /// The form's label.
    pub label: &'static str,
    /// The value when none is given.
    pub default: f64,
    /// What a value must be, said in the error ("must be positive and finite").
    pub rule: &'static str,
    /// Whether `value` is allowed.
    pub check: fn(f64) -> bool,
}

impl Param {
    /// `value` if [`Param::check`] allows it, else an error naming the key and the rule.
    pub fn validate(&self, value: f64) -> Result<f64, Error> {
        if (self.check)(value) {
            Ok(value)
        } else {
            Err(Error::Field {
                field: self.key,
                reason: format!("{} {}, got {value}", self.key, self.rule),
            })
        }
    }
}

/// An algorithm's line in the registry: everything the page, links and the CLI say of it.
#[derive(Debug, Clone, Copy)]
pub struct Info {
    /// The name used by the CLI's `--algo`, the selector and links.
    pub name: &'static str,
    /// A title for people.
    pub title: &'static str,
    /// Binary, multiclass or kernel.
    pub kind: Kind,
    /// The numbers it takes besides [`Settings`].
    pub params: &'static [Param],
    /// Its own examples, listed in the page's Example menu after the course's.
    pub examples: &'static [Example],
}

/// An example an algorithm brings with it: points, settings and values of its own numbers.
#[derive(Debug, Clone, Copy)]
pub struct Example {
    /// The id in menus and links (unique among all examples).
    pub id: &'static str,
    /// The menu's title.
    pub title: &'static str,
    /// The points with their class indices (binary: 0 is `−1`, 1 is `+1`).
    pub points: fn() -> Vec<([f64; 2], usize)>,
    /// The settings that go with them.
    pub settings: fn() -> Settings,
    /// Values of the algorithm's own numbers ([`Info::params`]).
    pub params: &'static [(&'static str, f64)],
}

/// The [`Visit`] methods of a record with the usual fields (`step`, `epoch`, `index`, `x`, a
/// bool saying whether it changed the model) and serde's `Serialize`: its JSON `kind` and the
/// name of that bool.
#[macro_export]
#[doc(hidden)]
macro_rules! visit_fields {
    ($kind:literal, $changed:ident) => {
        fn step(&self) -> u64 {
            self.step
        }
        fn epoch(&self) -> u64 {
            self.epoch
        }
        fn mistake(&self) -> bool {
            self.$changed
        }
        fn visited(&self) -> Option<(usize, &[f64])> {
            Some((self.index, &self.x))
        }
        fn fields(&self) -> serde_json::Value {
            serde_json::to_value(self).unwrap_or_default()
        }
        fn kind(&self) -> &'static str {
            $kind
        }
    };
}

/// The [`Learner`] methods of a run whose settings and [`EpochSchedule`] are the fields at
/// the paths given (`settings`, `schedule`, or `run.settings`, `run.epochs`).
#[macro_export]
#[doc(hidden)]
macro_rules! scheduled_by {
    ($($settings:ident).+, $($schedule:ident).+) => {
        fn settings(&self) -> &$crate::core::Settings {
            &self.$($settings).+
        }
        fn schedule(&self) -> Option<&$crate::core::algo::EpochSchedule> {
            Some(&self.$($schedule).+)
        }
        fn schedule_mut(&mut self) -> Option<&mut $crate::core::algo::EpochSchedule> {
            Some(&mut self.$($schedule).+)
        }
    };
}

/// One step's record: a row of the trace table, in the algorithm's own words.
pub trait Visit {
    /// The 1-based step number (for batch, the epoch).
    fn step(&self) -> u64;
    /// The 1-based epoch of the step.
    fn epoch(&self) -> u64;
    /// Whether the step changed the model.
    fn mistake(&self) -> bool;
    /// The visited sample (1-based index) and its features; `None` for a batch epoch.
    fn visited(&self) -> Option<(usize, &[f64])>;
    /// The record's fields as JSON (the step listener's payload adds `kind` and `step`).
    fn fields(&self) -> Value;
    /// The record's kind in JSON (`binary`, `batch`, …).
    fn kind(&self) -> &'static str;
    /// Describes the step under `settings`; `names` are the classes' names.
    fn describe(&self, settings: &Settings, names: &[String]) -> Described;
    /// The step in spoken words, for the announcement of each step: the visit in full and in
    /// brief, and what it changed (see [`Spoken`]); `names` are the classes' names.
    fn spoken(&self, names: &[String]) -> Spoken;
    /// The weights `[b, w1, w2]` before an update that moved the one drawn line, to draw as a
    /// ghost; `None` when the step changed nothing or the model has no single line.
    fn ghost(&self) -> Option<&[f64]> {
        None
    }
    /// The visited sample's signed margin before the step: positive when the model put it on
    /// its own side, the further the larger (the audio cue's pitch, see
    /// [`crate::core::audio`]); `None` when the step visits no single sample.
    fn margin(&self) -> Option<f64> {
        None
    }
}

/// One step in spoken words; the session adds the step and epoch before it and the boundary's
/// move and the wrong count after it (see [`Session::announcement`](crate::core::Session::announcement)).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Spoken {
    /// The visit in full: `sample 3 at (2, -1), class +1, score -0.5, a mistake`.
    pub full: String,
    /// The visit in brief: `sample 3, a mistake`.
    pub brief: String,
    /// What the step changed, if anything: `w becomes [1, 1.5, 0.5]`.
    pub change: Option<String>,
}

/// One step described for the panels and the trace table.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Described {
    /// The visited sample.
    pub sample: String,
    /// Its score.
    pub score: String,
    /// Mistake or not, and the update.
    pub outcome: String,
    /// The "This step" panel.
    pub explanation: Explanation,
    /// The trace row's weights column.
    pub row_weights: String,
    /// The trace row's score column.
    pub row_score: String,
    /// The trace row's update column.
    pub row_update: String,
}

/// One run of one algorithm. Cloning must be cheap enough to keep one clone per step as the
/// session's history. The counters come from the run's [`EpochSchedule`] through the default
/// methods; an algorithm with other bookkeeping (batch: one epoch per step) overrides them.
pub trait Learner {
    /// The settings of the run.
    fn settings(&self) -> &Settings;
    /// The epoch bookkeeping, when the run visits one sample per step.
    fn schedule(&self) -> Option<&EpochSchedule>;
    /// The epoch bookkeeping, mutable (edits of the points).
    fn schedule_mut(&mut self) -> Option<&mut EpochSchedule>;

    /// Steps taken (for batch: epochs).
    fn steps(&self) -> u64 {
        self.schedule().map_or(0, EpochSchedule::steps)
    }
    /// The current (1-based) epoch.
    fn epoch(&self) -> u64 {
        self.schedule().map_or(1, EpochSchedule::epoch)
    }
    /// Steps that changed the model.
    fn updates(&self) -> u64 {
        self.schedule().map_or(0, EpochSchedule::updates)
    }
    /// Where training stands.
    fn state(&self) -> TrainState {
        self.schedule()
            .map_or(TrainState::Running, EpochSchedule::state)
    }
    /// The position of the next visit within the epoch.
    fn position(&self) -> usize {
        self.schedule().map_or(0, EpochSchedule::position)
    }
    /// Whether the next step starts an epoch.
    fn at_epoch_start(&self) -> bool {
        self.schedule().is_none_or(EpochSchedule::at_epoch_start)
    }
    /// A sample was appended (now `n` samples).
    fn sample_added(&mut self, n: usize) {
        if let Some(s) = self.schedule_mut() {
            s.sample_added(n);
        }
    }
    /// Sample `index` was removed.
    fn sample_removed(&mut self, index: usize) {
        if let Some(s) = self.schedule_mut() {
            s.sample_removed(index);
        }
    }
    /// A sample was moved.
    fn sample_moved(&mut self) {
        if let Some(s) = self.schedule_mut() {
            s.sample_moved();
        }
    }

    /// The class the model predicts for `x`: for binary models 1 (`+1`), 0 (`−1`), or `None` on
    /// the boundary; for multiclass models the class index.
    fn predict_class(&self, data: &Dataset, x: &[f64]) -> Option<usize>;

    /// [`Learner::predict_class`] of every point, in data order (the accuracy, the points on
    /// the wrong side): by default one prediction a point; a model whose prediction has a cost
    /// shared by all points (the kernel run's support set) predicts them together.
    fn predict_points(&self, data: &Dataset) -> Vec<Option<usize>> {
        (0..data.len())
            .map(|i| self.predict_class(data, data.x(i)))
            .collect()
    }

    /// The bits of everything the next epoch depends on under a fixed order: equal keys at two
    /// epoch starts prove that training cycles. By default the linear weights, or the rows.
    fn state_key(&self) -> Vec<u64> {
        match (self.linear_weights(), self.rows()) {
            (Some(w), _) => bits(w),
            (None, Some(rows)) => rows.iter().flat_map(|r| bits(r)).collect(),
            (None, None) => Vec::new(),
        }
    }

    /// The classic weights `[b, w1, …]` of a binary linear model, if it is one.
    fn linear_weights(&self) -> Option<&[f64]> {
        None
    }
    /// The weight rows of a multiclass model (per class, or per pair).
    fn rows(&self) -> Option<&[Vec<f64>]> {
        None
    }
    /// The one linear boundary to draw with its w arrow, if the model has one.
    fn main_line(&self, _data: &Dataset) -> Option<[f64; 3]> {
        self.linear_weights().map(three)
    }
    /// A second line drawn beside the main one (the averaged w̄).
    fn second_line(&self) -> Option<[f64; 3]> {
        None
    }
    /// A margin band to draw around the line (passive-aggressive: `|w·x + b| < 1`).
    fn margin_band(&self) -> Option<crate::core::scene::MarginView> {
        None
    }
    /// Lines of several classifiers (one-vs-rest, one-vs-one).
    fn class_lines(&self) -> Vec<ClassLine> {
        Vec::new()
    }
    /// A w arrow per class (multiclass).
    fn class_arrows(&self) -> Vec<(usize, [f64; 3])> {
        Vec::new()
    }
    /// Relative sizes of the points (the kernel's α), `None` for all alike.
    fn point_sizes(&self, _data: &Dataset) -> Option<Vec<f64>> {
        None
    }
    /// The model in dual form, when it is one (the kernel perceptron): its α, b and kernel,
    /// from which the session keeps the points' scores and the region map between frames and
    /// shows the Gram panel. `None` by default.
    fn dual(&self) -> Option<&dyn DualForm> {
        None
    }
    /// The class of every place of the plane, for a model drawn with a region per class (the
    /// multiclass rules); `None` by default (a model drawn by its lines alone, or in
    /// [`Learner::dual`] form, whose map is its score's sign).
    fn region_map(&self) -> Option<&dyn RegionMap> {
        None
    }
    /// The batch panel's charts (per-epoch `J_p` and `|M|`, and the weight paths) from the
    /// history's `steps` (each record with whether it is done), when the model draws them;
    /// `None` by default.
    fn batch_view(
        &self,
        _data: &Dataset,
        _steps: &mut dyn Iterator<Item = (&Record, bool)>,
    ) -> Option<BatchView> {
        None
    }
    /// Whether the η panel runs the model's rule with two learning rates side by side (the
    /// classic rule). `false` by default.
    fn compares_eta(&self) -> bool {
        false
    }
    /// Whether the margin, radius and mistake bound of linear binary classifiers apply.
    fn is_linear(&self) -> bool {
        self.linear_weights().is_some()
    }
    /// Whether the drawn line's old position is shown after a step even before any visit
    /// (batch: the first epoch moves it).
    fn ghost_always(&self) -> bool {
        false
    }

    /// Whether the trace exports as the course's classic table (seed 000's columns), which
    /// needs every step to be a visit of the classic rule.
    fn classic_table(&self) -> bool {
        false
    }

    /// The status panel's weights text.
    fn weights_text(&self, data: &Dataset) -> String;
    /// The status panel's label for the weights.
    fn weights_label(&self) -> &'static str {
        "w = [w0, w1, w2]"
    }
    /// The status panel's label for the bias.
    fn bias_label(&self) -> &'static str {
        if self.rows().is_some() {
            "b of each row"
        } else {
            "b (= w0)"
        }
    }
    /// The status panel's bias text.
    fn bias_text(&self, data: &Dataset) -> Option<String> {
        self.main_line(data)
            .map(|w| crate::core::numfmt::num(w[0]))
            .or_else(|| {
                self.rows().map(|rows| {
                    crate::core::numfmt::vector(&rows.iter().map(|r| r[0]).collect::<Vec<_>>())
                })
            })
    }
    /// The averaged weights text, for the averaged perceptron.
    fn averaged_text(&self) -> Option<String> {
        None
    }
    /// Words after the accuracy (" with w̄").
    fn accuracy_note(&self) -> &'static str {
        ""
    }
    /// Whether the perceptron's mistake bound `(R/γ*)²` bounds this run's updates (the
    /// learning curve draws it then); the passive-aggressive and batch rules update otherwise.
    fn bounds_updates(&self) -> bool {
        true
    }
    /// The mistake bound line of the status panel, given the bound `(R/γ*)²` rounded up.
    fn bound_text(&self, bound: &str) -> String {
        format!("(R/γ*)² = {bound} ≥ updates {}", self.updates())
    }
    /// The model in words, for the described plot: for a linear model its boundary (equation,
    /// angle, where it crosses the axes, which way w points); other models describe their
    /// regions, rows or dual weights in their own terms.
    fn describe_model(&self, data: &Dataset, _names: &[String]) -> String {
        match (self.main_line(data), self.rows()) {
            (Some(w), _) => crate::core::speech::line_words(w, "w"),
            (None, Some(rows)) => format!(
                "The weight rows, bias first: {}.",
                crate::core::algo::words::rows_text(rows, |k| format!("W{k}"))
            ),
            (None, None) => String::new(),
        }
    }
    /// The score of `x` as the points table shows it: `w·x + b` for a linear model, the row
    /// scores for a model with rows.
    fn score_text(&self, _data: &Dataset, x: &[f64]) -> String {
        let score = |w: &[f64]| w[0] + x.iter().zip(&w[1..]).map(|(a, b)| a * b).sum::<f64>();
        match (self.linear_weights(), self.rows()) {
            (Some(w), _) => crate::core::numfmt::num(score(w)),
            (None, Some(rows)) => {
                crate::core::numfmt::vector(&rows.iter().map(|w| score(w)).collect::<Vec<_>>())
            }
            (None, None) => "—".to_string(),
        }
    }
    /// Where a misclassified point lies, in words: `on the wrong side` of the boundary, or
    /// for a model with a row per class or pair `in another class's region`.
    fn wrong_words(&self) -> String {
        if self.rows().is_some() {
            crate::core::i18n::t!("wrong-place-region")
        } else {
            crate::core::i18n::t!("wrong-place-side")
        }
    }
    /// How many history entries to keep for `n` points (a kernel run copies α per entry).
    fn history_limit(&self, _n: usize) -> usize {
        crate::core::HISTORY_LIMIT
    }
    /// The work of one step on `n` points of `k` classes, in work units: about one sample scored
    /// by one weight vector, or one kernel value (about 10 ns of native work; `benches/core.rs`
    /// measures the steps behind these figures). What [`crate::core::WORK_BUDGET`] counts,
    /// with [`crate::core::STEP_OVERHEAD`] added for every step. By default one: the step visits
    /// one sample with one weight vector.
    fn step_cost(&self, _n: usize, _k: usize) -> u64 {
        1
    }
    /// What to change after a step was refused because its numbers would not be finite
    /// ([`Refusal::Overflow`]): the second sentence of [`Learner::refusal_message`]. By default
    /// "Scale the points down or use a smaller η."; an algorithm whose updates are not scaled
    /// by η says what scales them.
    fn overflow_advice(&self) -> &'static str {
        super::words::OVERFLOW_ADVICE_ETA
    }
    /// The status line's sentence for a refused step: [`Refusal::message`], except that an
    /// overflow is told in the shared words with this algorithm's
    /// [`Learner::overflow_advice`].
    fn refusal_message(&self, why: Refusal) -> String {
        match why {
            Refusal::Overflow => super::words::overflow(self.overflow_advice()),
            _ => why.message().to_string(),
        }
    }
}

/// A model in dual form, `f(x) = Σ_i α_i·y_i·K(x_i, x) + b` over the points (see
/// [`Learner::dual`]).
pub trait DualForm {
    /// The kernel `K`.
    fn kernel(&self) -> Kernel;
    /// `α_i` for each sample the run knows of, in data order.
    fn alphas(&self) -> &[f64];
    /// The bias `b`.
    fn bias(&self) -> f64;
    /// The (0-based) samples with `α > 0`, ascending.
    fn support(&self) -> Vec<usize>;
    /// `f` of the points `points` (0-based indices) of `data`.
    fn point_scores(&self, data: &Dataset, points: std::ops::Range<usize>) -> Vec<f64>;
    /// `f` at the centres of a `cols × rows` grid over `x_range × y_range`, row-major from the
    /// top row (empty when the grid or the data cannot be drawn).
    fn scores_on_grid(
        &self,
        data: &Dataset,
        x_range: (f64, f64),
        y_range: (f64, f64),
        cols: usize,
        rows: usize,
    ) -> Vec<f64>;
    /// Row `i` (0-based) of the Gram matrix; `None` when `i` is out of range.
    fn gram_row(&self, data: &Dataset, i: usize) -> Option<Vec<f64>>;
}

/// What a region map shows at one place of the plane (see [`Learner::region_map`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RegionClass {
    /// The class the model gives the place.
    Class(usize),
    /// No single class wins (one-vs-rest: no or several positive classifiers; one-vs-one: a
    /// tied vote).
    Tied,
}

/// The class a model with a region per class gives each place of the plane.
pub trait RegionMap {
    /// The class at `x`.
    fn class_at(&self, x: &[f64]) -> RegionClass;
}

/// `[w0, w1, w2]` of a weight vector (missing entries 0).
pub fn three(w: &[f64]) -> [f64; 3] {
    [
        w.first().copied().unwrap_or(0.0),
        w.get(1).copied().unwrap_or(0.0),
        w.get(2).copied().unwrap_or(0.0),
    ]
}

/// The bits of a weight vector, for [`Learner::state_key`].
pub fn bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

/// `+1`/`0`/`None` for a binary score, as [`Learner::predict_class`] says.
pub fn sign_class(s: f64) -> Option<usize> {
    if s > 0.0 {
        Some(1)
    } else if s < 0.0 {
        Some(0)
    } else {
        None
    }
}

/// The typed side of an algorithm: its registry line, its record, how to start and step it,
/// and its CLI table. The registry reaches each algorithm through this trait.
pub trait Algo: Learner + Clone + PartialEq + std::fmt::Debug + Sized {
    /// What one step did.
    type Record: Visit + super::practice::Practice + Clone + PartialEq + std::fmt::Debug;
    /// The registry line.
    const INFO: Info;
    /// A fresh run with `settings` on data with `dim` features; `params` are the values of
    /// [`Info::params`] in order, `setup` the rest of the session's setup.
    fn create(setup: &crate::core::Setup, settings: Settings, dim: usize) -> Result<Self, Error>;
    /// One step on the points (`classes`: the same points as [`ClassData`]).
    fn step(&mut self, data: &Dataset, classes: &ClassData) -> Outcome<Self::Record>;
    /// Up to `most` steps whose records nobody reads (the command line's `--no-steps`): the
    /// steps taken and, when it stopped early, why. An algorithm may take them without
    /// building the records; the state at the end is the one [`Algo::step`] gives.
    fn advance(
        &mut self,
        data: &Dataset,
        classes: &ClassData,
        most: u64,
    ) -> (u64, Option<crate::core::Refusal>) {
        for taken in 0..most {
            if let Outcome::Refused(why) = self.step(data, classes) {
                return (taken, Some(why));
            }
        }
        (most, None)
    }
}
