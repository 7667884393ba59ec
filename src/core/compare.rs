//! The three multiclass strategies side by side: multiclass (one row per class, argmax),
//! one-vs-rest and one-vs-one, each trained on the same points with the same settings until it
//! converges or stops, so a class can see how each splits the plane (seed 000, seed 001).
//!
//! A comparison is derived data: it is rebuilt from the session's scenario (points, classes
//! and their names, settings) and never changes the session itself.

use super::algo::registry::Algorithm;
use super::session::{Action, Session};
use super::{Settings, Setup, TrainState};

/// The strategies compared, in the order they are shown.
pub const COMPARED: [Algorithm; 3] = [Algorithm::Multiclass, Algorithm::Ovr, Algorithm::Ovo];

/// At most this many points are compared: training three models again on every edit of more
/// would hold up the page.
pub const COMPARE_POINTS_LIMIT: usize = 1_000;

/// Each model of a comparison takes at most this many steps (sample visits).
pub const COMPARE_STEP_LIMIT: u64 = 20_000;

/// One strategy of a comparison, trained as far as it goes.
#[derive(Debug, Clone)]
pub struct Compared {
    /// The strategy.
    pub algorithm: Algorithm,
    /// A lab with the session's points and settings and this strategy, after training.
    pub lab: Session,
    /// One line for under its plot, e.g. `converged after 2 epochs (72 steps, 4 updates);
    /// accuracy 100%`.
    pub summary: String,
}

/// Why there is no comparison for a session, to show in its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoComparison {
    /// The algorithm on show is a binary one.
    Binary,
    /// There are no points yet.
    NoPoints,
    /// More than [`COMPARE_POINTS_LIMIT`] points.
    TooManyPoints(usize),
    /// The session's state could not be reopened under one of the strategies.
    Refused(String),
}

impl std::fmt::Display for NoComparison {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoComparison::Binary => write!(f, "the comparison is for the multiclass algorithms"),
            NoComparison::NoPoints => write!(f, "add points to compare the three strategies"),
            NoComparison::TooManyPoints(n) => write!(
                f,
                "{n} points are more than the {COMPARE_POINTS_LIMIT} compared side by side"
            ),
            NoComparison::Refused(why) => write!(f, "{why}"),
        }
    }
}

/// Trains multiclass, one-vs-rest and one-vs-one on `session`'s points, classes, class names
/// and settings (each from its initial weights, to convergence, max epochs or
/// [`COMPARE_STEP_LIMIT`] steps), in the order of [`COMPARED`], all at once.
pub fn compare(session: &Session) -> Result<Vec<Compared>, NoComparison> {
    let mut comparison = Comparison::start(session)?;
    comparison.advance(u64::MAX);
    Ok(comparison.compared)
}

/// A comparison trained a slice at a time (issue #15): three models of up to
/// [`COMPARE_STEP_LIMIT`] steps each take up to a second in the page, so the page trains them
/// over several frames, shows how far it is, and draws them when all three are done.
#[derive(Debug, Clone)]
pub struct Comparison {
    compared: Vec<Compared>,
    /// The model being trained (an index of [`COMPARED`]); all are done at `compared.len()`.
    at: usize,
}

impl Comparison {
    /// The three models with `session`'s points, classes, names and settings, untrained.
    pub fn start(session: &Session) -> Result<Comparison, NoComparison> {
        if !session.setup().algorithm.is_multiclass() {
            return Err(NoComparison::Binary);
        }
        let n = session.data().len();
        if n == 0 {
            return Err(NoComparison::NoPoints);
        }
        if n > COMPARE_POINTS_LIMIT {
            return Err(NoComparison::TooManyPoints(n));
        }
        let mut base = session.scenario();
        // The points as they are now, from the initial weights; the view of the lab on show.
        base.points = (0..n)
            .map(|i| {
                let x = session.data().x(i);
                (x[0], x[1], session.data().class(i))
            })
            .collect();
        base.edits.clear();
        base.step = 0;
        base.pocket = false;
        base.max_margin = false;
        let compared = COMPARED
            .iter()
            .map(|&algorithm| {
                let mut scenario = base.clone();
                if algorithm != session.setup().algorithm {
                    // Explicit initial rows belong to the algorithm they were given for.
                    scenario.rows = None;
                }
                scenario.algorithm = algorithm.name().to_string();
                let mut lab = Session::new();
                let _ = lab
                    .apply(Action::LoadScenario(scenario))
                    .map_err(|e| NoComparison::Refused(e.to_string()))?;
                Ok(Compared {
                    algorithm,
                    lab,
                    summary: String::new(),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Comparison { compared, at: 0 })
    }

    /// Trains whole epochs, model after model, until all three are done (`true`) or about
    /// `slice` units of work ([`crate::core::SLICE_WORK`]) are spent (`false`).
    pub fn advance(&mut self, slice: u64) -> bool {
        let mut spent: u64 = 0;
        while let Some(entry) = self.compared.get_mut(self.at) {
            let lab = &mut entry.lab;
            let (steps, work) = (lab.model().steps(), lab.history().current().work);
            let more = lab.model().state() == TrainState::Running
                && steps < COMPARE_STEP_LIMIT
                && lab.apply(Action::FinishEpoch).is_ok()
                && lab.model().steps() > steps;
            if !more {
                entry.summary = summary(lab);
                self.at += 1;
                continue;
            }
            let done = lab.history().current().work.saturating_sub(work);
            spent = spent.saturating_add(done.max(lab.model().steps() - steps));
            if spent >= slice {
                return self.is_done();
            }
        }
        true
    }

    /// Whether the three models are trained.
    pub fn is_done(&self) -> bool {
        self.at >= self.compared.len()
    }

    /// How far the training is, from 0 to 1: a third for each model, each counted in its steps
    /// of [`COMPARE_STEP_LIMIT`] (a model that converges early jumps to its end).
    pub fn fraction(&self) -> f64 {
        let models = self.compared.len().max(1) as f64;
        let current = self.compared.get(self.at).map_or(0.0, |entry| {
            entry.lab.model().steps().min(COMPARE_STEP_LIMIT) as f64 / COMPARE_STEP_LIMIT as f64
        });
        ((self.at as f64 + current) / models).min(1.0)
    }

    /// The three models in the order of [`COMPARED`], trained as far as they are.
    pub fn compared(&self) -> &[Compared] {
        &self.compared
    }

    /// The three models, to draw them (drawing keeps a model's derived views).
    pub fn compared_mut(&mut self) -> &mut [Compared] {
        &mut self.compared
    }
}

/// What a comparison is trained from: when it changes, the three models are trained again.
#[derive(Debug, Clone, PartialEq)]
struct CompareKey {
    data_version: u64,
    settings: Settings,
    setup: Setup,
    names: Vec<String>,
}

/// The session's side-by-side comparison (see [`Session::comparison`]): trained only while a
/// page watches it ([`Action::WatchComparison`]), a slice per frame with slices on, and
/// stopped and trained on by [`Action::SetComparing`].
#[derive(Debug, Clone, Default)]
pub(crate) struct CompareCache {
    watched: bool,
    stopped: bool,
    /// How many comparisons were started: a new one draws again.
    started: u64,
    run: Option<(CompareKey, Result<Comparison, NoComparison>)>,
}

/// What the side-by-side panel shows (see [`Session::comparison`]).
#[derive(Debug)]
pub struct CompareView<'a> {
    /// The sentence above the plots: what they are, how far the training is, or why there is
    /// no comparison.
    pub note: String,
    /// How far the training is (0 to 1) while it goes on.
    pub progress: Option<f64>,
    /// Whether the training was stopped before the end (Compare trains on).
    pub stopped: bool,
    /// The three models once trained, in the order of [`COMPARED`].
    pub compared: Option<&'a [Compared]>,
    /// Which comparison this is: another number, other models.
    pub started: u64,
}

impl CompareCache {
    /// Watches the comparison (`true`: the panel showing it is on show) or stops watching.
    pub(crate) fn watch(&mut self, on: bool) -> bool {
        std::mem::replace(&mut self.watched, on) != on
    }

    /// Stops the training (`false`) or trains on (`true`); the lab is not touched.
    pub(crate) fn set_comparing(&mut self, on: bool) -> bool {
        std::mem::replace(&mut self.stopped, !on) == on
    }

    /// Starts a comparison again when what it is trained from changed (the points, the
    /// settings, the setup, the names), and trains it a slice of `slice` work (all of it for
    /// `u64::MAX`). Nothing while unwatched or for a binary algorithm.
    pub(crate) fn refresh(&mut self, session: &Session, data_version: u64, slice: u64) {
        if !self.watched || !session.setup().algorithm.is_multiclass() {
            return;
        }
        let key = CompareKey {
            data_version,
            settings: session.settings().clone(),
            setup: session.setup().clone(),
            names: session.class_names().to_vec(),
        };
        if self.run.as_ref().map(|(k, _)| k) != Some(&key) {
            self.run = Some((key, Comparison::start(session)));
            self.stopped = false;
            self.started += 1;
            self.train(slice);
        }
    }

    /// Whether training is under way: watched, a multiclass algorithm, not stopped, not done.
    pub(crate) fn pending(&self, multiclass: bool) -> bool {
        self.watched
            && multiclass
            && !self.stopped
            && matches!(&self.run, Some((_, Ok(c))) if !c.is_done())
    }

    /// Trains a slice of `slice` work when training is under way: whether it did.
    pub(crate) fn train(&mut self, slice: u64) -> bool {
        if self.stopped || !self.watched {
            return false;
        }
        match &mut self.run {
            Some((_, Ok(c))) if !c.is_done() => {
                c.advance(slice);
                true
            }
            _ => false,
        }
    }

    /// What the panel shows: `None` unwatched, for a binary algorithm or before a start.
    pub(crate) fn view(&self, multiclass: bool) -> Option<CompareView<'_>> {
        if !self.watched || !multiclass {
            return None;
        }
        let (_, run) = self.run.as_ref()?;
        let mut view = CompareView {
            note: String::new(),
            progress: None,
            stopped: false,
            compared: None,
            started: self.started,
        };
        match run {
            Err(why) => {
                view.note = format!("Not compared: {why}.");
            }
            Ok(c) if !c.is_done() && self.stopped => {
                view.note = "Not compared: stopped before the three strategies were trained. \
                             Compare trains them on from where they stopped."
                    .to_string();
                view.stopped = true;
            }
            Ok(c) if !c.is_done() => {
                view.note = "Training the three strategies on the points on show…".to_string();
                view.progress = Some(c.fraction());
            }
            Ok(c) => {
                view.note = "The points on show, trained by each strategy from the initial \
                             weights until it converges or stops; grey: no single class wins. \
                             Choose one to step through it."
                    .to_string();
                view.compared = Some(c.compared());
            }
        }
        Some(view)
    }
}

fn summary(lab: &Session) -> String {
    let model = lab.model();
    let (steps, updates) = (model.steps(), model.updates());
    let plural = |n: u64, one: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {one}s")
        }
    };
    let how = match model.state() {
        TrainState::Converged => format!(
            "converged after {} ({}, {})",
            plural(model.epoch(), "epoch"),
            plural(steps, "step"),
            plural(updates, "update")
        ),
        TrainState::MaxEpochs => format!(
            "stopped at max epochs ({}, {})",
            plural(steps, "step"),
            plural(updates, "update")
        ),
        TrainState::Running => format!(
            "not converged after {} ({})",
            plural(steps, "step"),
            plural(updates, "update")
        ),
    };
    match model.accuracy(lab.data()) {
        Some(a) => format!("{how}; accuracy {}%", crate::core::numfmt::num(a * 100.0)),
        None => how,
    }
}
