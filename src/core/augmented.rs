//! The augmented view: the perceptron one dimension higher (seed 000's "Bias" pictures, seed
//! 002's augmented vectors and sign flip).
//!
//! With the bias on, every sample `x = (x1, x2)` is lifted to the augmented vector
//! `z = (1, x1, x2)`: the data lie on the plane `x0 = 1`. The weights `w = (w0, w1, w2)` are a
//! vector of that space, and the score `w·z = w0 + w1·x1 + w2·x2` is positive on one side of the
//! plane `w·z = 0`, which always passes through the origin. That plane cuts the data plane
//! `x0 = 1` along exactly the 2-D boundary `w0 + w1·x1 + w2·x2 = 0`: a line that need not pass
//! through the origin of the data plane is the trace of a plane that does.
//!
//! With the bias off, `z = (0, x1, x2)`: the data plane passes through the origin and so does the
//! boundary (seed 000: "any decision boundary … will be crossing the origin").
//!
//! **Sign flip** (seed 002): replacing `z` by `−z` for every sample of class −1 turns the two
//! conditions `w·z > 0` (class +1) and `w·z < 0` (class −1) into one, `w·z' > 0` for every
//! flipped sample `z' = y·z`. A separating `w` is then a plane through the origin with every
//! flipped sample on its positive side, and the perceptron's update `w ← w + η·z'` after a
//! mistake adds the flipped sample itself.
//!
//! Everything here is in data units; the renderer (`render::draw_augmented`) projects it.

use super::scene::{Scene, Visited};
use super::{Boundary, Label, Rect};
use std::f64::consts::PI;

mod plane;
pub use plane::{plane_polygon, slice_at};

/// The camera's default turn about the vertical axis (radians).
pub const DEFAULT_YAW: f64 = 0.6;
/// The camera's default tilt (radians).
pub const DEFAULT_PITCH: f64 = 0.35;
/// One key press or button turns or tilts the view by this much (15°).
pub const TURN_STEP: f64 = PI / 12.0;
/// The tilt stays within ± this (just under 90°, looking straight down or up).
pub const PITCH_LIMIT: f64 = 85.0 * PI / 180.0;
/// The x0 axis spans `[-X0_REACH, X0_REACH]`: both data planes (`x0 = ±1`) and the origin.
pub const X0_REACH: f64 = 1.25;

/// The widest the box reaches along an axis (and the activation along its height): points out
/// at ±`f64::MAX` would make the axis' length overflow to infinity, which the 3-D chart cannot
/// map. Samples and heights beyond it are drawn on the box's face.
pub const BOX_LIMIT: f64 = 1e300;

/// Where the augmented view is looked at from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera {
    /// Turn about the vertical (x0) axis, radians, in `(−π, π]`.
    pub yaw: f64,
    /// Tilt, radians, in `[−PITCH_LIMIT, PITCH_LIMIT]`.
    pub pitch: f64,
}

impl Default for Camera {
    fn default() -> Self {
        Camera {
            yaw: DEFAULT_YAW,
            pitch: DEFAULT_PITCH,
        }
    }
}

impl Camera {
    /// The camera turned by `yaw` and tilted by `pitch` (radians): the turn wraps around, the
    /// tilt stops at [`PITCH_LIMIT`]. Non-finite amounts change nothing.
    pub fn turned(self, yaw: f64, pitch: f64) -> Camera {
        let yaw = if yaw.is_finite() { yaw } else { 0.0 };
        let pitch = if pitch.is_finite() { pitch } else { 0.0 };
        let mut turned = (self.yaw + yaw).rem_euclid(2.0 * PI);
        if turned > PI {
            turned -= 2.0 * PI;
        }
        Camera {
            yaw: turned,
            pitch: (self.pitch + pitch).clamp(-PITCH_LIMIT, PITCH_LIMIT),
        }
    }

    /// The turn in whole degrees, `−179` to `180`.
    pub fn yaw_degrees(&self) -> i64 {
        (self.yaw.to_degrees().round() as i64).clamp(-180, 180)
    }

    /// The tilt in whole degrees.
    pub fn pitch_degrees(&self) -> i64 {
        self.pitch.to_degrees().round() as i64
    }

    /// What a screen reader says after the view moved.
    pub fn describe(&self) -> String {
        format!(
            "View turned {}°, tilted {}°.",
            self.yaw_degrees(),
            self.pitch_degrees()
        )
    }
}

/// How the augmented view is shown: the camera, the sign flip and which picture (session state,
/// changed by actions; not part of a scenario).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct AugmentedOptions {
    /// Where it is looked at from.
    pub camera: Camera,
    /// Draw class −1 samples as `−z` (seed 002's sign flip).
    pub flip: bool,
    /// Show seed 000's picture instead: the activation `h(x) = w·(1, x)` drawn upwards over the
    /// data plane.
    pub activation: bool,
}

/// Seed 000's "Bias" picture: the activation `h(x) = w0 + w1·x1 + w2·x2` as a height over the
/// data plane. It is a plane (through the origin without the bias, at height `w0` above it
/// with), and it is 0 exactly along the boundary. Points are stored as `[h, x1, x2]`, height
/// first, like the augmented vectors.
#[derive(Debug, Clone, PartialEq)]
pub struct Activation {
    /// The surface over the corners of the x1–x2 box, in order around it.
    pub corners: [[f64; 3]; 4],
    /// The height shown is `[−reach, reach]`: the surface's highest corner fits.
    pub reach: f64,
    /// Each sample's activation `h(x)`, in data order.
    pub heights: Vec<f64>,
    /// Where the surface is 0: the boundary in the data plane (`h = 0`).
    pub zero: Option<[[f64; 3]; 2]>,
}

/// The box the view shows: a range per augmented coordinate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    /// The bias coordinate x0 (drawn vertical).
    pub x0: (f64, f64),
    /// x1.
    pub x1: (f64, f64),
    /// x2.
    pub x2: (f64, f64),
}

impl Bounds {
    fn range(&self, axis: usize) -> (f64, f64) {
        match axis {
            0 => self.x0,
            1 => self.x1,
            _ => self.x2,
        }
    }

    /// Whether `z` lies inside the box or on its faces (with a little slack for rounding).
    pub fn contains(&self, z: [f64; 3]) -> bool {
        (0..3).all(|a| {
            let (lo, hi) = self.range(a);
            let slack = (hi - lo) * 1e-9;
            z[a] >= lo - slack && z[a] <= hi + slack
        })
    }

    /// `z` brought into the box, each coordinate clamped to its axis (NaN to 0): where a sample
    /// beyond the box (out at ±`f64::MAX`, past [`BOX_LIMIT`]) is drawn, on the box's face.
    pub fn clamp(&self, z: [f64; 3]) -> [f64; 3] {
        let mut out = z;
        for (a, v) in out.iter_mut().enumerate() {
            let (lo, hi) = self.range(a);
            *v = if v.is_nan() { 0.0 } else { v.clamp(lo, hi) };
        }
        out
    }

    /// The flat face of the box at height `up` (x0, or the activation), corners in order
    /// around it.
    pub fn level(&self, up: f64) -> [[f64; 3]; 4] {
        let (a, b) = (self.x1, self.x2);
        [
            [up, a.0, b.0],
            [up, a.1, b.0],
            [up, a.1, b.1],
            [up, a.0, b.1],
        ]
    }

    /// The 8 corners.
    fn corners(&self) -> [[f64; 3]; 8] {
        let mut out = [[0.0; 3]; 8];
        for (i, corner) in out.iter_mut().enumerate() {
            for (a, c) in corner.iter_mut().enumerate() {
                let (lo, hi) = self.range(a);
                *c = if i >> a & 1 == 0 { lo } else { hi };
            }
        }
        out
    }
}

/// One sample as the view draws it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lifted {
    /// Its augmented vector `(x0, x1, x2)`: `(1, x)` with the bias, `(0, x)` without; negated
    /// for class −1 when the sign flip is on.
    pub z: [f64; 3],
    /// Its class index (the binary label is `label`).
    pub class: usize,
    /// Its binary label.
    pub label: Label,
    /// Whether it was negated by the sign flip.
    pub flipped: bool,
}

/// What the augmented view draws for one frame, in data units.
#[derive(Debug, Clone, PartialEq)]
pub struct AugmentedScene {
    /// Whether the bias feature is on (the data plane is `x0 = 1`, else `x0 = 0`).
    pub bias: bool,
    /// The options it was built with.
    pub options: AugmentedOptions,
    /// The box shown.
    pub bounds: Bounds,
    /// The samples, lifted (and flipped).
    pub points: Vec<Lifted>,
    /// The sample just visited.
    pub visited: Option<Visited>,
    /// The weights `(w0, w1, w2)` (`w0` is 0 without the bias).
    pub weights: [f64; 3],
    /// The weights before the last update, when the last step was one.
    pub previous: Option<[f64; 3]>,
    /// The plane `w·z = 0` inside the box, as a convex polygon (empty when `w = 0`).
    pub plane: Vec<[f64; 3]>,
    /// The plane of the previous weights (the ghost), when the last step was an update.
    pub old_plane: Vec<[f64; 3]>,
    /// Where the plane cuts the data plane: the 2-D boundary, lifted.
    pub boundary: Option<[[f64; 3]; 2]>,
    /// Arrows are drawn multiplied by this (at most 1) so that w, the old w and the update fit
    /// in the box together.
    pub arrow_scale: f64,
    /// The activation picture, when it is the one shown.
    pub activation: Option<Activation>,
}

/// The height of the data plane: 1 with the bias feature, 0 without.
fn plane_height(bias: bool) -> f64 {
    if bias {
        1.0
    } else {
        0.0
    }
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

impl AugmentedScene {
    /// The augmented view of `scene`, or `None` when the model has no single linear boundary
    /// (multiclass, one-vs-rest, one-vs-one, non-linear kernels): the picture is the binary
    /// linear rule's.
    pub fn new(scene: &Scene<'_>, bias: bool, options: AugmentedOptions) -> Option<AugmentedScene> {
        if !scene.binary {
            return None;
        }
        let raw = scene.weights?;
        let weights = if bias { raw } else { [0.0, raw[1], raw[2]] };
        let previous = scene
            .previous
            .map(|p| if bias { p } else { [0.0, p[1], p[2]] });
        let h = plane_height(bias);
        let points: Vec<Lifted> = scene
            .points()
            .map(|p| {
                let flipped = options.flip && p.label == Label::Neg;
                let sign = if flipped { -1.0 } else { 1.0 };
                Lifted {
                    z: [sign * h, sign * p.x, sign * p.y],
                    class: p.class,
                    label: p.label,
                    flipped,
                }
            })
            .collect();
        let bounds = bounds_for(&scene.view, &points);
        let plane = plane_polygon(weights, &bounds);
        let old_plane = previous.map_or_else(Vec::new, |p| plane_polygon(p, &bounds));
        let boundary = slice_at(&plane, h);
        let arrow_scale = arrow_scale(&bounds, weights, previous);
        let activation = options
            .activation
            .then(|| activation(weights, &bounds, scene));
        Some(AugmentedScene {
            bias,
            options,
            bounds,
            points,
            visited: scene.visited,
            weights,
            previous,
            plane,
            old_plane,
            boundary,
            arrow_scale,
            activation,
        })
    }

    /// The update `Δw = w − w_old` of the last step (for the classic rule `η·y·z`), when it was
    /// one.
    pub fn update(&self) -> Option<[f64; 3]> {
        let p = self.previous?;
        Some([
            self.weights[0] - p[0],
            self.weights[1] - p[1],
            self.weights[2] - p[2],
        ])
    }

    /// How many samples are on the positive side of the plane, `w·z' > 0`, counting each sample
    /// by its flipped vector `z' = y·z` (so, with or without the flip shown, the samples the
    /// weights classify correctly).
    pub fn on_positive_side(&self) -> usize {
        self.points
            .iter()
            .filter(|p| {
                // z' = y·z of the unflipped vector; a flipped sample's z is already −z.
                let y = if p.label == Label::Pos { 1.0 } else { -1.0 };
                let f = if p.flipped { -y } else { y };
                dot(self.weights, [f * p.z[0], f * p.z[1], f * p.z[2]]) > 0.0
            })
            .count()
    }

    /// A description of the picture for screen readers, from the numbers on show.
    pub fn describe(&self) -> String {
        use super::numfmt::num;
        let n = self.points.len();
        if self.activation.is_some() {
            let w0 = self.weights[0];
            let surface = if !self.bias {
                "a plane through the origin (without the bias h(0) = 0)".to_string()
            } else if w0 > 0.0 {
                format!("a plane at height w0 = {} above the origin", num(w0))
            } else if w0 < 0.0 {
                // A negative height is a depth: `1.798e308 below`, not `-1.798e308 above`.
                format!("a plane {} below the origin (w0 = {})", num(-w0), num(w0))
            } else {
                "a plane through the origin (w0 = 0, so h(0) = 0)".to_string()
            };
            let mut text = format!(
                "Activation h(x) = {} drawn upwards over the data plane, for the {n} points: {surface}. ",
                equation(self.weights)
            );
            text.push_str(if self.weights == [0.0; 3] {
                "w is zero, so h is 0 everywhere and there is no boundary yet."
            } else if self.weights[1] == 0.0 && self.weights[2] == 0.0 {
                "It is flat: h has the same sign everywhere, so there is no boundary."
            } else {
                "It is 0 exactly along the boundary, where it crosses the data plane."
            });
            text.push_str(&format!(
                " {} of {n} points have h of their class's sign.",
                self.on_positive_side()
            ));
            return text;
        }
        let w = format!(
            "[{}, {}, {}]",
            num(self.weights[0]),
            num(self.weights[1]),
            num(self.weights[2])
        );
        let mut text = if self.bias {
            format!(
                "Augmented space (x0, x1, x2), x0 drawn upwards: the {n} points lifted to (1, x1, x2) on the plane x0 = 1. "
            )
        } else {
            format!(
                "Augmented space without the bias: the {n} points lie on the plane x0 = 0, through the origin. "
            )
        };
        if self.plane.is_empty() {
            text.push_str(&format!("w = {w} is zero, so there is no plane yet."));
        } else {
            text.push_str(&format!(
                "w = {w} is normal to the plane w·z = 0 through the origin, which cuts the data plane along the boundary {} = 0",
                equation(self.weights)
            ));
            text.push_str(if self.boundary.is_some() {
                "."
            } else {
                " (outside the box shown)."
            });
        }
        if let Some(u) = self.update() {
            text.push_str(&format!(
                " The last step was an update: the old plane is drawn as a ghost and Δw = [{}, {}, {}] tip to tail from the old w.",
                num(u[0]),
                num(u[1]),
                num(u[2])
            ));
        }
        if self.options.flip {
            let flipped = self.points.iter().filter(|p| p.flipped).count();
            text.push_str(&format!(
                " Sign flip on: the {flipped} points of class −1 are drawn as −z, so a solution has every point on the positive side; {} of {n} are.",
                self.on_positive_side()
            ));
        } else {
            text.push_str(&format!(
                " {} of {n} points are on their class's side.",
                self.on_positive_side()
            ));
        }
        if self.arrow_scale < 1.0 {
            text.push_str(&format!(
                " Arrows are drawn at {} of their length to fit.",
                num(self.arrow_scale)
            ));
        }
        text
    }
}

/// The boundary's left-hand side `w0 + w1·x1 + w2·x2` as a person writes it: zero terms left
/// out, minus signs between terms (`3·x1 − 2·x2`, `−1 + x1`).
pub fn equation(w: [f64; 3]) -> String {
    use super::numfmt::num;
    let mut out = String::new();
    for (coefficient, name) in [(w[0], ""), (w[1], "x1"), (w[2], "x2")] {
        if coefficient == 0.0 {
            continue;
        }
        let magnitude = coefficient.abs();
        let term = match (name, magnitude == 1.0) {
            ("", _) => num(magnitude),
            (_, true) => name.to_string(),
            _ => format!("{}·{name}", num(magnitude)),
        };
        let sign = coefficient < 0.0;
        match (out.is_empty(), sign) {
            (true, false) => out.push_str(&term),
            (true, true) => out.push_str(&format!("−{term}")),
            (false, false) => out.push_str(&format!(" + {term}")),
            (false, true) => out.push_str(&format!(" − {term}")),
        }
    }
    if out.is_empty() {
        "0".to_string()
    } else {
        out
    }
}

/// The activation picture of `w` over the x1–x2 face of `bounds`.
fn activation(w: [f64; 3], bounds: &Bounds, scene: &Scene<'_>) -> Activation {
    let h = |x1: f64, x2: f64| w[0] + w[1] * x1 + w[2] * x2;
    let corners = bounds.level(0.0).map(|[_, x1, x2]| [h(x1, x2), x1, x2]);
    let top = corners.iter().map(|c| c[0].abs()).fold(0.0, f64::max);
    let reach = if top.is_finite() && top > 0.0 {
        (top * 1.05).min(BOX_LIMIT)
    } else if top > 0.0 {
        BOX_LIMIT
    } else {
        1.0
    };
    Activation {
        corners,
        reach,
        heights: scene.points().map(|p| h(p.x, p.y)).collect(),
        zero: boundary_2d(w, bounds).map(|[p, q]| [[0.0, p.0, p.1], [0.0, q.0, q.1]]),
    }
}

/// The box: x0 over `[−X0_REACH, X0_REACH]`; x1 and x2 symmetric about 0, wide enough for the
/// 2-D view and every drawn sample.
fn bounds_for(view: &Rect, points: &[Lifted]) -> Bounds {
    let reach = |lo: f64, hi: f64, axis: usize| {
        let r = points
            .iter()
            .map(|p| p.z[axis].abs())
            .fold(lo.abs().max(hi.abs()), f64::max);
        if r.is_finite() && r > 0.0 {
            r.min(BOX_LIMIT)
        } else if r > 0.0 {
            BOX_LIMIT
        } else {
            1.0
        }
    };
    let a = reach(view.x_min, view.x_max, 1);
    let b = reach(view.y_min, view.y_max, 2);
    Bounds {
        x0: (-X0_REACH, X0_REACH),
        x1: (-a, a),
        x2: (-b, b),
    }
}

/// The largest factor ≤ 1 at which w and the old w (and so the update between them) fit in the
/// box.
fn arrow_scale(bounds: &Bounds, w: [f64; 3], previous: Option<[f64; 3]>) -> f64 {
    let fit = |v: [f64; 3]| {
        (0..3)
            .map(|a| {
                let (_, hi) = bounds.range(a);
                if v[a] == 0.0 || !v[a].is_finite() {
                    f64::INFINITY
                } else {
                    0.95 * hi / v[a].abs()
                }
            })
            .fold(f64::INFINITY, f64::min)
    };
    let s = fit(w).min(previous.map_or(f64::INFINITY, fit));
    if s.is_finite() && s > 0.0 {
        s.min(1.0)
    } else {
        1.0
    }
}

/// The 2-D boundary of weights `[b, w1, w2]` clipped to the x1–x2 face of `bounds`: what the
/// lifted boundary must equal (for tests and the description).
pub fn boundary_2d(w: [f64; 3], bounds: &Bounds) -> Option<[(f64, f64); 2]> {
    Boundary::from_weights(&w).segment(&Rect {
        x_min: bounds.x1.0,
        x_max: bounds.x1.1,
        y_min: bounds.x2.0,
        y_max: bounds.x2.1,
    })
}
