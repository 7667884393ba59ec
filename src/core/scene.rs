//! What the renderer needs to draw one frame, borrowed from the session.

use super::region::Region;
use super::{Dataset, Label, Rect};

/// One point to draw.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScenePoint {
    /// x1.
    pub x: f64,
    /// x2.
    pub y: f64,
    /// Its class as a binary label (class 1 is `+1`).
    pub label: Label,
    /// Its class index.
    pub class: usize,
    /// A size factor (1 normally; the kernel perceptron grows points with α).
    pub size: f64,
}

/// A line `w·x + b = 0` of one classifier of several (one-vs-rest, one-vs-one).
#[derive(Debug, Clone, PartialEq)]
pub struct ClassLine {
    /// Weights `[b, w1, w2]`.
    pub weights: [f64; 3],
    /// The class whose colour the line takes.
    pub class: usize,
    /// One-vs-one: the pair's other class, drawn as dashes over the line.
    pub other: Option<usize>,
    /// A short label drawn at the line, e.g. `1 vs rest` or `0|2`.
    pub label: String,
}

/// The sample visited by the last step, ringed in the plot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Visited {
    /// 0-based index into the data.
    pub index: usize,
    /// Whether the visit was a mistake (and so moved the line).
    pub mistake: bool,
}

/// A frame's content, in data coordinates.
#[derive(Debug, Clone)]
pub struct Scene<'a> {
    /// The data rectangle that must be visible; the renderer widens one axis so that a unit has
    /// the same length on both (the weight vector is then drawn at right angles to the line).
    pub view: Rect,
    /// The samples (2 features each).
    pub data: &'a Dataset,
    /// The last visited sample.
    pub visited: Option<Visited>,
    /// Current weights, bias first: `[b, w1, w2]`, of the one linear boundary (with its w
    /// arrow); `None` for the models that have none (multiclass, non-linear kernels).
    pub weights: Option<[f64; 3]>,
    /// The weights before the last step when it was an update: drawn as the old arrow, the
    /// `y·x` arrow tip-to-tail, and the old boundary as a ghost.
    pub previous: Option<[f64; 3]>,
    /// Pocket mode's best weights so far (drawn dashed).
    pub pocket: Option<[f64; 3]>,
    /// The maximum-margin separator, when shown.
    pub max_margin: Option<MarginView>,
    /// The selected point (0-based), drawn highlighted.
    pub selected: Option<usize>,
    /// The averaged perceptron's `[b̄, w̄1, w̄2]`, drawn with the current line.
    pub averaged: Option<[f64; 3]>,
    /// The lines of one-vs-rest and one-vs-one.
    pub lines: Vec<ClassLine>,
    /// The multiclass perceptron's rows as arrows `(class, [b, w1, w2])`.
    pub class_arrows: Vec<(usize, [f64; 3])>,
    /// One size factor per point (kernel: grows with α), or `None` for all 1.
    pub sizes: Option<Vec<f64>>,
    /// The region map under everything (kernel and multiclass models), when computed.
    pub region: Option<&'a Region>,
    /// Whether points are the two classes `−1`/`+1` (binary algorithms) rather than K classes.
    pub binary: bool,
    /// The keyboard cursor, while the plot has focus.
    pub cursor: Option<CursorMark>,
    /// Practice mode's guess on the plot, if any.
    pub guess: Option<&'a Guess>,
}

/// The keyboard cursor on the focused plot, drawn as a crosshair.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CursorMark {
    /// x1.
    pub x: f64,
    /// x2.
    pub y: f64,
    /// Whether it carries a point (Space picked one up).
    pub carrying: bool,
}

impl<'a> Scene<'a> {
    /// `data` over `view` and nothing else: no model, no marks, no cursor (the base of a plot
    /// that shows only some of them).
    pub fn points_only(view: Rect, data: &'a Dataset) -> Scene<'a> {
        Scene {
            view,
            data,
            visited: None,
            weights: None,
            previous: None,
            pocket: None,
            max_margin: None,
            selected: None,
            averaged: None,
            lines: Vec::new(),
            class_arrows: Vec::new(),
            sizes: None,
            region: None,
            binary: true,
            cursor: None,
            guess: None,
        }
    }
}

/// What a student put on the plot in Practice mode: the ends of a guessed boundary (drawn as a
/// dashed line through them once there are two), or the tip of the new w′ arrow (drawn as a
/// dashed arrow from the origin).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Guess {
    /// The guessed boundary's ends placed so far (at most two).
    pub ends: Vec<[f64; 2]>,
    /// The dragged tip `[w1, w2]` of the new w′.
    pub tip: Option<[f64; 2]>,
}

impl Guess {
    /// Whether nothing is placed.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty() && self.tip.is_none()
    }
}

/// The maximum-margin separator to draw: a dashed line and its margin band.
#[derive(Debug, Clone, PartialEq)]
pub struct MarginView {
    /// Unit-norm weights `[b, w1, w2]` (norm in the perceptron's space).
    pub weights: [f64; 3],
    /// The margin γ* in that space.
    pub gamma: f64,
    /// Indices of the support vectors.
    pub support: Vec<usize>,
}

impl Scene<'_> {
    /// The points in data order.
    pub fn points(&self) -> impl Iterator<Item = ScenePoint> + '_ {
        (0..self.data.len()).map(|i| {
            let x = self.data.x(i);
            ScenePoint {
                x: x[0],
                y: x[1],
                label: self.data.label(i),
                class: self.data.class(i),
                size: self
                    .sizes
                    .as_ref()
                    .and_then(|s| s.get(i).copied())
                    .unwrap_or(1.0),
            }
        })
    }
}
