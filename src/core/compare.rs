//! The three multiclass strategies side by side: multiclass (one row per class, argmax),
//! one-vs-rest and one-vs-one, each trained on the same points with the same settings until it
//! converges or stops, so a class can see how each splits the plane (seed 000, seed 001).
//!
//! A comparison is derived data: it is rebuilt from the session's scenario (points, classes
//! and their names, settings) and never changes the session itself.

use super::algo::registry::Algorithm;
use super::session::{Action, Session};
use super::TrainState;

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
/// [`COMPARE_STEP_LIMIT`] steps), in the order of [`COMPARED`].
pub fn compare(session: &Session) -> Result<Vec<Compared>, NoComparison> {
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
    COMPARED
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
            train(&mut lab);
            let summary = summary(&lab);
            Ok(Compared {
                algorithm,
                lab,
                summary,
            })
        })
        .collect()
}

/// Runs whole epochs until the model stops or the step limit is reached.
fn train(lab: &mut Session) {
    while lab.model().state() == TrainState::Running && lab.model().steps() < COMPARE_STEP_LIMIT {
        let before = lab.model().steps();
        if lab.apply(Action::FinishEpoch).is_err() || lab.model().steps() == before {
            break;
        }
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
