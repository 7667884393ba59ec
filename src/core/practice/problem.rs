//! Practice problems: points with small integer coordinates (so every score and update can be
//! done by hand), generated from a seed — separable or not on request, 2 to 6 classes — or
//! taken from the points on show or from an example.
//!
//! **Generation.** The generator is ChaCha8 (as for every seeded thing in the lab, see
//! `order.rs`), stream [`PROBLEM_STREAM`] of the seed, so a seed in a link gives the same
//! problem on every machine. Coordinates are integers in `−range..=range`, all distinct. A
//! separable problem is labelled by integer weights drawn from the same stream (a line for two
//! classes, through the origin without the bias; for more, the nearest of K centres, or K
//! directions without the bias), keeping only points scored at least 1 away from every
//! boundary; a problem that is not separable gets
//! random labels until two of its classes cannot be split by a line ([`max_margin`]). Each try
//! draws on from the same stream, so the result depends only on the seed and the request.

use crate::core::order::{below, stream};
use crate::core::theory::{max_margin, MaxMargin};
use crate::core::{Dataset, Preset};
use rand_chacha::ChaCha8Rng;

/// The ChaCha8 stream of a seed that problems are drawn from (epochs use streams 1, 2, …; a
/// problem's stream is far from them: "PRACTICE" in ASCII).
pub const PROBLEM_STREAM: u64 = 0x5052_4143_5449_4345;

/// The most classes a problem has (the lab's K ≤ 6).
pub const MAX_CLASSES: usize = 6;
/// The most points a problem has (a problem is done by hand).
pub const MAX_POINTS: usize = 30;
/// The largest coordinate allowed.
pub const MAX_RANGE: u32 = 9;
/// How many labellings are tried before giving up.
const TRIES: usize = 200;

/// What problem to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProblemSpec {
    /// The number of classes, 2 to [`MAX_CLASSES`].
    pub classes: usize,
    /// The number of points, at least the number of classes, at most [`MAX_POINTS`].
    pub points: usize,
    /// `Some(true)`: separable; `Some(false)`: not separable; `None`: random labels.
    pub separable: Option<bool>,
    /// Coordinates are integers in `−range..=range`, 1 to [`MAX_RANGE`].
    pub range: u32,
    /// Whether the rule learns a bias (without it a separable two-class problem is split by a
    /// line through the origin).
    pub bias: bool,
}

impl Default for ProblemSpec {
    fn default() -> Self {
        ProblemSpec {
            classes: 2,
            points: 6,
            separable: Some(true),
            range: 4,
            bias: true,
        }
    }
}

impl ProblemSpec {
    /// The spec if it can be met, else a sentence saying what to change.
    pub fn check(&self) -> Result<(), String> {
        if !(2..=MAX_CLASSES).contains(&self.classes) {
            return Err(format!(
                "A problem has 2 to {MAX_CLASSES} classes, not {}.",
                self.classes
            ));
        }
        if self.points < self.classes.max(2) || self.points > MAX_POINTS {
            return Err(format!(
                "A problem with {} classes has {} to {MAX_POINTS} points, not {}.",
                self.classes,
                self.classes.max(2),
                self.points
            ));
        }
        if !(1..=MAX_RANGE).contains(&self.range) {
            return Err(format!(
                "Coordinates go up to 1 to {MAX_RANGE}, not {}.",
                self.range
            ));
        }
        let cells = (2 * self.range as usize + 1).pow(2);
        if self.points * 2 > cells {
            return Err(format!(
                "{} points do not fit on a grid of coordinates up to {}: use fewer points or a larger range.",
                self.points, self.range
            ));
        }
        if self.separable == Some(false) && self.points < 4 {
            return Err("A problem that is not separable needs at least 4 points.".to_string());
        }
        Ok(())
    }
}

/// A problem: its points with their class indices (binary: 0 is −1, 1 is +1).
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// The points and their classes, in data order.
    pub points: Vec<([f64; 2], usize)>,
}

impl Problem {
    /// Generates the problem `spec` asks for from `seed`; the same seed and spec always give
    /// the same points. Refuses a spec that cannot be met.
    pub fn generate(spec: &ProblemSpec, seed: u64) -> Result<Problem, String> {
        spec.check()?;
        let mut rng = stream(seed, PROBLEM_STREAM);
        for _ in 0..TRIES {
            let points = match spec.separable {
                Some(true) => separable(&mut rng, spec),
                _ => random_labels(&mut rng, spec),
            };
            let Some(points) = points else { continue };
            let problem = Problem { points };
            if !problem.has_every_class(spec.classes) {
                continue;
            }
            match spec.separable {
                Some(false) if !problem.some_pair_inseparable(spec.bias) => continue,
                Some(true) if spec.classes == 2 && !problem.binary_separable(spec.bias) => continue,
                _ => return Ok(problem),
            }
        }
        Err("No such problem was found for this seed: try another seed or more points.".into())
    }

    /// The points on show (or an example's), as a problem.
    pub fn from_data(data: &Dataset) -> Problem {
        Problem {
            points: (0..data.len())
                .filter_map(|i| match data.x(i) {
                    [a, b] => Some(([*a, *b], data.class(i))),
                    _ => None,
                })
                .collect(),
        }
    }

    /// An example's points.
    pub fn from_preset(preset: Preset) -> Problem {
        Problem {
            points: preset.class_points(),
        }
    }

    /// The points as a data set.
    pub fn dataset(&self) -> Dataset {
        let mut data = Dataset::new(2);
        for (x, c) in &self.points {
            // Generated classes are below MAX_CLASSES; a class the data set refuses is left out.
            let _ = data.push_class(x, *c);
        }
        data
    }

    fn has_every_class(&self, k: usize) -> bool {
        (0..k).all(|c| self.points.iter().any(|(_, pc)| *pc == c))
    }

    /// Whether classes 0 and 1 are split by a line.
    fn binary_separable(&self, bias: bool) -> bool {
        self.pair_separable(0, 1, bias)
    }

    fn pair_separable(&self, a: usize, b: usize, bias: bool) -> bool {
        let (points, labels): (Vec<[f64; 2]>, Vec<f64>) = self
            .points
            .iter()
            .filter(|(_, c)| *c == a || *c == b)
            .map(|(x, c)| (*x, if *c == b { 1.0 } else { -1.0 }))
            .unzip();
        matches!(
            max_margin(&points, &labels, bias),
            MaxMargin::Separable { .. }
        )
    }

    /// Whether two classes cannot be split by a line (then no rule of the family separates
    /// all classes: the difference of their rows would split them).
    fn some_pair_inseparable(&self, bias: bool) -> bool {
        let k = self.points.iter().map(|(_, c)| c + 1).max().unwrap_or(0);
        (0..k).any(|a| (a + 1..k).any(|b| !self.pair_separable(a, b, bias)))
    }
}

/// An integer in `−range..=range`.
fn coordinate(rng: &mut ChaCha8Rng, range: u32) -> f64 {
    below(rng, 2 * u64::from(range) + 1) as f64 - f64::from(range)
}

/// `count` distinct points with integer coordinates.
fn distinct_points(rng: &mut ChaCha8Rng, count: usize, range: u32) -> Vec<[f64; 2]> {
    let mut points: Vec<[f64; 2]> = Vec::with_capacity(count);
    while points.len() < count {
        let p = [coordinate(rng, range), coordinate(rng, range)];
        if !points.contains(&p) {
            points.push(p);
        }
    }
    points
}

/// Integer weights that split the plane: a line for two classes (through the origin without
/// the bias); for more, the rows `[−‖c_k‖², 2·c_k]` of K distinct centres `c_k` (the nearest
/// centre wins) with the bias, or `[0, c_k]` for K directions around the circle without it.
fn separating_rows(rng: &mut ChaCha8Rng, spec: &ProblemSpec) -> Vec<[f64; 3]> {
    if spec.classes == 2 {
        let b = if spec.bias {
            coordinate(rng, spec.range)
        } else {
            0.0
        };
        return vec![[b, coordinate(rng, 3), coordinate(rng, 3)]];
    }
    if spec.bias {
        distinct_points(rng, spec.classes, spec.range)
            .into_iter()
            .map(|c| [-(c[0] * c[0] + c[1] * c[1]), 2.0 * c[0], 2.0 * c[1]])
            .collect()
    } else {
        let turn = below(rng, 360) as f64;
        (0..spec.classes)
            .map(|k| {
                let angle = (turn + 360.0 * k as f64 / spec.classes as f64).to_radians();
                [
                    0.0,
                    (4.0 * angle.cos()).round(),
                    (4.0 * angle.sin()).round(),
                ]
            })
            .collect()
    }
}

/// Points labelled by [`separating_rows`], each scored at least 1 from every boundary; `None`
/// when the draw gives too few such points.
fn separable(rng: &mut ChaCha8Rng, spec: &ProblemSpec) -> Option<Vec<([f64; 2], usize)>> {
    let weights = separating_rows(rng, spec);
    if weights.iter().any(|w| w[1] == 0.0 && w[2] == 0.0) {
        return None;
    }
    let label = |x: [f64; 2]| -> Option<usize> {
        let scores: Vec<f64> = weights
            .iter()
            .map(|w| w[0] + w[1] * x[0] + w[2] * x[1])
            .collect();
        if scores.len() == 1 {
            return match scores[0] {
                s if s >= 1.0 => Some(1),
                s if s <= -1.0 => Some(0),
                _ => None,
            };
        }
        let mut sorted = scores.clone();
        sorted.sort_by(|a, b| b.total_cmp(a));
        // The winner must lead by at least 1.
        (sorted[0] - sorted[1] >= 1.0)
            .then(|| scores.iter().position(|s| *s == sorted[0]))
            .flatten()
    };
    // Every class first (a point of each region), then the rest.
    let mut points: Vec<([f64; 2], usize)> = Vec::with_capacity(spec.points);
    let mut tried = 0;
    while points.len() < spec.points {
        tried += 1;
        if tried > 60 * spec.points {
            return None;
        }
        let p = [coordinate(rng, spec.range), coordinate(rng, spec.range)];
        if points.iter().any(|(q, _)| *q == p) {
            continue;
        }
        let Some(c) = label(p) else { continue };
        let missing = (0..spec.classes)
            .filter(|k| !points.iter().any(|(_, pc)| pc == k))
            .count();
        let have_c = points.iter().any(|(_, pc)| *pc == c);
        // Keep room for the classes still missing.
        if have_c && spec.points - points.len() <= missing {
            continue;
        }
        points.push((p, c));
    }
    Some(points)
}

/// Distinct points with classes drawn uniformly.
fn random_labels(rng: &mut ChaCha8Rng, spec: &ProblemSpec) -> Option<Vec<([f64; 2], usize)>> {
    let points = distinct_points(rng, spec.points, spec.range);
    Some(
        points
            .into_iter()
            .map(|p| (p, below(rng, spec.classes as u64) as usize))
            .collect(),
    )
}
