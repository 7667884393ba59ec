//! The questions of the linear binary rules: "where will the boundary go?" (a guessed line
//! against the boundary after the update) and "will it converge?" (separable or not, with the
//! proof: a separator and its margin, or weights that come back; and the bound `(R/γ*)²`).

use super::check::Feedback;
use super::Question;
use crate::core::algo::three;
use crate::core::numfmt::{num, vector};
use crate::core::theory::{bound_text, margin_text, max_margin, mistake_bound, radius, MaxMargin};
use crate::core::{Dataset, Settings, Trainer};
use std::collections::HashMap;

/// How far a guessed line may be from the boundary and still count as right: within
/// [`ANGLE_TOLERANCE`] degrees of its direction and, at the middle of the guessed segment,
/// within one grid step of it.
pub const ANGLE_TOLERANCE: f64 = 10.0;

/// The boundary `w0 + w1·x1 + w2·x2 = 0` after the question's step, for a linear binary rule
/// (the one w arrow of its answer); `None` for the others.
pub fn boundary_after(q: &Question) -> Option<[f64; 3]> {
    if !q.before.is_linear() || q.answer.arrows.len() != 1 {
        return None;
    }
    let part = q.answer.parts.get(q.answer.arrows[0])?;
    Some(three(&part.values))
}

/// A guessed line compared with the true boundary.
#[derive(Debug, Clone, PartialEq)]
pub struct LineGuess {
    /// The angle between the two lines, 0° to 90°.
    pub angle: f64,
    /// The distance from the middle of the guessed segment to the true line.
    pub distance: f64,
    /// Whether the guess counts as right (see [`ANGLE_TOLERANCE`]).
    pub correct: bool,
    /// What the reveal says: `Right. The boundary after the update is 3·x1 + 2·x2 = 0; your
    /// line is 4° off its direction and 0.2 from it at its middle.`
    pub message: String,
}

/// Compares the guessed line through `ends` with the boundary of `w` (`[w0, w1, w2]`);
/// `grid` is the plot's grid step (the distance allowed). Refuses a guess whose ends coincide
/// or are not numbers, a grid step that is not a positive number, and a `w` that has no line
/// (`w1 = w2 = 0`).
pub fn compare_line(ends: [[f64; 2]; 2], w: [f64; 3], grid: f64) -> Result<LineGuess, String> {
    let [p, q] = ends;
    if !ends.iter().flatten().all(|v| v.is_finite()) {
        return Err("The line's ends are not on the plot.".to_string());
    }
    if !(grid.is_finite() && grid > 0.0) {
        return Err("The plot's grid step must be a positive number.".to_string());
    }
    let (dx, dy) = (q[0] - p[0], q[1] - p[1]);
    let length = dx.hypot(dy);
    if length == 0.0 {
        return Err("The line's two ends are at the same place: move one of them.".to_string());
    }
    let normal = w[1].hypot(w[2]);
    if normal == 0.0 || !normal.is_finite() || !w[0].is_finite() {
        return Err(format!(
            "After the update w = {} has w1 = w2 = 0: there is no boundary line.",
            vector(&w)
        ));
    }
    // The guess's direction against the boundary's normal (w1, w2): the lines are parallel
    // when the direction is perpendicular to the normal.
    let sin = ((dx * w[1] + dy * w[2]) / (length * normal)).abs().min(1.0);
    let angle = sin.asin().to_degrees();
    let mid = [(p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0];
    let distance = (w[0] + w[1] * mid[0] + w[2] * mid[1]).abs() / normal;
    let correct = angle <= ANGLE_TOLERANCE && distance <= grid;
    let message = format!(
        "{} The boundary after the update is {}; your line is {}° off its direction and {} from it at its middle.",
        if correct { "Right." } else { "Not quite." },
        crate::core::speech::equation(w),
        num(angle.round()),
        num(distance)
    );
    Ok(LineGuess {
        angle,
        distance,
        correct,
        message,
    })
}

/// Why the points are separable or not.
#[derive(Debug, Clone, PartialEq)]
pub enum Proof {
    /// A separator: `w*` (bias first, unit length in the perceptron's space) and its margin
    /// γ*, the radius R and the bound `(R/γ*)²` on the number of updates from `w = 0`.
    Separator {
        /// `w*`.
        weights: [f64; 3],
        /// γ*.
        margin: f64,
        /// R.
        radius: f64,
        /// `(R/γ*)²`.
        bound: f64,
    },
    /// The classic rule in data order comes back to the same weights at the start of two
    /// epochs: it cycles for ever.
    Repeated {
        /// The weights that come back.
        weights: Vec<f64>,
        /// The first epoch that starts with them.
        first: u64,
        /// The later epoch that starts with them again.
        again: u64,
    },
    /// No weights put every `y·(1, x)` on the positive side (the origin lies in their convex
    /// hull), but no cycle was found within the epochs tried.
    NoSeparator,
}

/// The answer of "will it converge?".
#[derive(Debug, Clone, PartialEq)]
pub struct Convergence {
    /// Whether the points are linearly separable (in the perceptron's space: with the bias, any
    /// line; without, lines through the origin).
    pub separable: bool,
    /// The proof.
    pub proof: Proof,
    /// The proof in words.
    pub message: String,
}

/// How many epochs the search for repeated weights tries.
const CYCLE_EPOCHS: u64 = 1000;

/// Whether the classic perceptron converges on `data` (two classes, two features) under
/// `settings`' bias, with the proof. Refuses data with one class or none.
pub fn convergence(data: &Dataset, settings: &Settings) -> Result<Convergence, String> {
    let points: Vec<[f64; 2]> = (0..data.len())
        .filter_map(|i| match data.x(i) {
            [a, b] => Some([*a, *b]),
            _ => None,
        })
        .collect();
    if points.len() != data.len() {
        return Err("The question needs points with two features.".to_string());
    }
    let labels: Vec<f64> = (0..data.len()).map(|i| data.label(i).y()).collect();
    match max_margin(&points, &labels, settings.bias) {
        MaxMargin::Separable {
            weights,
            gamma,
            exact,
            ..
        } => {
            let r = radius(&points, settings.bias);
            let bound = mistake_bound(r, gamma);
            Ok(Convergence {
                separable: true,
                message: format!(
                    "Separable: w* = {} puts every point on its side with margin γ* {}; with R = {} the perceptron from w = 0 makes at most (R/γ*)² = {} updates.",
                    vector(&weights),
                    // `≥ γ` when γ* is a lower bound, else `= γ`.
                    match margin_text(gamma, exact) {
                        bound if bound.starts_with('≥') => bound,
                        value => format!("= {value}"),
                    },
                    num(r),
                    bound_text(bound)
                ),
                proof: Proof::Separator {
                    weights,
                    margin: gamma,
                    radius: r,
                    bound,
                },
            })
        }
        MaxMargin::NotSeparable => {
            let proof = repeated_weights(data, settings).unwrap_or(Proof::NoSeparator);
            let message = match &proof {
                Proof::Repeated {
                    weights,
                    first,
                    again,
                } => format!(
                    "Not separable: in data order the perceptron starts epochs {first} and {again} with the same w = {}, so it repeats those epochs for ever.",
                    vector(weights)
                ),
                _ => "Not separable: no line has every point on its own side (the origin lies in the convex hull of the y·(1, x)), so the perceptron never converges.".to_string(),
            };
            Ok(Convergence {
                separable: false,
                proof,
                message,
            })
        }
        MaxMargin::Undefined => Err(
            "The question needs points of both classes, with numbers as coordinates.".to_string(),
        ),
    }
}

/// Runs the classic rule in data order from `settings`' start until two epochs start with the
/// same weights.
fn repeated_weights(data: &Dataset, settings: &Settings) -> Option<Proof> {
    let fixed = Settings {
        order: crate::core::Order::Fixed,
        max_epochs: CYCLE_EPOCHS,
        ..settings.clone()
    };
    let mut run = Trainer::new(fixed, data.dim()).ok()?;
    let mut seen: HashMap<Vec<u64>, u64> = HashMap::new();
    loop {
        use crate::core::Learner;
        if run.at_epoch_start() {
            let key = crate::core::algo::bits(run.weights());
            if let Some(&first) = seen.get(&key) {
                return Some(Proof::Repeated {
                    weights: run.weights().to_vec(),
                    first,
                    again: run.epoch(),
                });
            }
            seen.insert(key, run.epoch());
        }
        if let crate::core::StepOutcome::Refused(_) = run.step(data) {
            return None;
        }
    }
}

/// Checks "will it converge?" (`said`: the student's yes/no) and reveals the proof.
pub fn check_convergence(c: &Convergence, said: bool) -> Feedback {
    let correct = said == c.separable;
    Feedback {
        correct,
        slip: None,
        message: format!(
            "{} {}",
            if correct { "Right." } else { "Not this time." },
            c.message
        ),
        expected: if c.separable {
            "converges"
        } else {
            "never converges"
        }
        .to_string(),
    }
}
