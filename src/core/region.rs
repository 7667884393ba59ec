//! Region maps: which class a model gives every cell of a grid over the view, and the zero
//! contour of the kernel perceptron's score.
//!
//! The grid has `cols × rows` cells over the view, row 0 at the top (as screens count). Each cell
//! holds the class predicted at its centre, [`TIED`] where one-vs-rest has no or several positive
//! classifiers or one-vs-one's vote is tied, or [`NONE`] on a kernel score of exactly 0.
//!
//! The kernel perceptron's scores are kept in a [`KernelGrid`] between frames: after a step only
//! `α_i` and `b` changed, so the grid is updated by `δ·y_i·K(x_i, ·)` and `δb` instead of being
//! recomputed over the whole support set.

use super::algo::registry::Model;
use super::algo::{DualForm, RegionClass};
use super::{Dataset, Rect};

/// A cell where no single class wins (one-vs-rest: no or several positive classifiers;
/// one-vs-one: a tied vote).
pub const TIED: u8 = 6;

/// A cell exactly on a kernel boundary (score 0).
pub const NONE: u8 = 7;

/// The classes of a grid over a view.
#[derive(Debug, Clone, PartialEq)]
pub struct Region {
    /// The data rectangle the grid covers.
    pub view: Rect,
    /// Cells across.
    pub cols: usize,
    /// Cells down.
    pub rows: usize,
    /// `cols × rows` class codes, row by row from the top.
    pub cells: Vec<u8>,
    /// The zero contour of a kernel score as segments in data coordinates (empty otherwise).
    pub contour: Vec<[(f64, f64); 2]>,
}

/// The most kernel evaluations a kernel region map computed from scratch may take (cells ×
/// non-zero α; 74 α on the 267 × 200 grid of an 800 × 600 plot at DPR 2): an RBF map at the
/// former 40 million took 230 ms of a frame in the hostile-input run, and at 8 million about
/// 27 ms of the frame that ends a long replay (with the points' scores and marks beside it),
/// so this is 4 million. Beyond it the map is computed on a coarser grid, so that no frame is
/// long however many α a run or a link brings (issue #15).
pub const KERNEL_MAP_EVALS: usize = 4_000_000;

/// The grid a kernel region map with `support` non-zero α is computed on, for a `cols × rows`
/// grid asked for: the same, or coarser by a whole factor in both directions so that cells × α
/// stays within [`KERNEL_MAP_EVALS`]. The factor changes only at thresholds, so the map stays
/// incremental between them.
pub fn kernel_grid_size(cols: usize, rows: usize, support: usize) -> (usize, usize) {
    let evals = cols.saturating_mul(rows).saturating_mul(support);
    if evals <= KERNEL_MAP_EVALS {
        return (cols, rows);
    }
    let mut factor = (evals as f64 / KERNEL_MAP_EVALS as f64).sqrt().ceil() as usize;
    loop {
        let (c, r) = (cols.div_ceil(factor).max(1), rows.div_ceil(factor).max(1));
        if c.saturating_mul(r).saturating_mul(support) <= KERNEL_MAP_EVALS || (c == 1 && r == 1) {
            return (c, r);
        }
        factor += 1;
    }
}

/// The centres of the grid's columns (left to right) and rows (top to bottom).
pub fn centres(view: &Rect, cols: usize, rows: usize) -> (Vec<f64>, Vec<f64>) {
    let width = view.x_max - view.x_min;
    let height = view.y_max - view.y_min;
    (
        (0..cols)
            .map(|c| view.x_min + (c as f64 + 0.5) * width / cols as f64)
            .collect(),
        (0..rows)
            .map(|r| view.y_max - (r as f64 + 0.5) * height / rows as f64)
            .collect(),
    )
}

/// The kernel perceptron's scores over a grid, kept up to date between frames.
#[derive(Debug, Clone, Default)]
pub struct KernelGrid {
    key: Option<GridKey>,
    alphas: Vec<f64>,
    bias: f64,
    scores: Vec<f64>,
    full_updates: u64,
}

#[derive(Debug, Clone, PartialEq)]
struct GridKey {
    view: [u64; 4],
    cols: usize,
    rows: usize,
    data_version: u64,
    kernel: String,
}

impl KernelGrid {
    /// How many times the scores were computed from scratch (the rest were incremental).
    pub fn full_updates(&self) -> u64 {
        self.full_updates
    }

    /// The scores of `model` over the grid, updated from the last call when only `α` and `b`
    /// changed.
    pub fn update(
        &mut self,
        model: &dyn DualForm,
        data: &Dataset,
        data_version: u64,
        view: &Rect,
        cols: usize,
        rows: usize,
    ) -> &[f64] {
        let key = GridKey {
            view: [view.x_min, view.x_max, view.y_min, view.y_max].map(f64::to_bits),
            cols,
            rows,
            data_version,
            kernel: model.kernel().to_string(),
        };
        let alphas = model.alphas();
        let changed = changed_alphas(&self.alphas, alphas);
        let support = alphas.iter().filter(|&&a| a > 0.0).count();
        let fresh = self.key.as_ref() == Some(&key)
            && alphas.len() == data.len()
            && self.alphas.len() <= data.len()
            && changed.len() * 2 <= support.max(1);
        if !fresh {
            self.scores = model.scores_on_grid(
                data,
                (view.x_min, view.x_max),
                (view.y_min, view.y_max),
                cols,
                rows,
            );
            self.full_updates += 1;
        } else {
            let (xs, ys) = centres(view, cols, rows);
            let kernel = model.kernel();
            for &i in &changed {
                let delta = alphas.get(i).copied().unwrap_or(0.0)
                    - self.alphas.get(i).copied().unwrap_or(0.0);
                let coef = delta * data.label(i).y();
                let xi = data.x(i);
                for (row, &y) in self.scores.chunks_exact_mut(cols).zip(&ys) {
                    for (cell, &x) in row.iter_mut().zip(&xs) {
                        *cell += coef * kernel.eval(xi, &[x, y]);
                    }
                }
            }
            let db = model.bias() - self.bias;
            if db != 0.0 {
                for cell in &mut self.scores {
                    *cell += db;
                }
            }
        }
        self.key = Some(key);
        self.alphas = alphas.to_vec();
        self.bias = model.bias();
        &self.scores
    }
}

/// The samples whose α differs between `old` and `new` (a missing α is 0): the scores kept
/// by [`KernelGrid`] and [`KernelPointScores`] move by these alone.
fn changed_alphas(old: &[f64], new: &[f64]) -> Vec<usize> {
    (0..new.len().max(old.len()))
        .filter(|&i| new.get(i).copied().unwrap_or(0.0) != old.get(i).copied().unwrap_or(0.0))
        .collect()
}

/// The kernel perceptron's scores of the training points, kept up to date between frames as
/// [`KernelGrid`] keeps the map's: after steps only `α` and `b` changed, so each score moves by
/// `δ·y_i·K(x_i, x_j)` and `δb`. Computed from scratch (the points changed, or most `α` did), it
/// costs `n × |S|` kernel evaluations, so it is done in pieces of a given number of them: the
/// page's frames stay short after a long replay of thousands of points (issue #15).
#[derive(Debug, Clone, Default)]
pub struct KernelPointScores {
    key: Option<(u64, String)>,
    alphas: Vec<f64>,
    bias: f64,
    scores: Vec<f64>,
    /// `scores[..filled]` are those of `alphas` and `bias`; the rest are still to compute.
    filled: usize,
}

impl KernelPointScores {
    /// How many points have their score, of how many.
    pub fn progress(&self) -> (usize, usize) {
        (self.filled, self.scores.len())
    }

    /// Brings the scores up to date with `model` over the points of `data` (at `data_version`),
    /// computing at most about `budget` kernel evaluations from scratch (at least one point's
    /// worth). `Some` with every point's score `f(x_j)` when all are known.
    pub fn update(
        &mut self,
        model: &dyn DualForm,
        data: &Dataset,
        data_version: u64,
        budget: u64,
    ) -> Option<&[f64]> {
        let key = (data_version, model.kernel().to_string());
        let alphas = model.alphas();
        let support = alphas.iter().filter(|&&a| a > 0.0).count();
        if self.key.as_ref() != Some(&key) || self.scores.len() != data.len() {
            self.key = Some(key);
            self.scores = vec![0.0; data.len()];
            self.filled = 0;
        } else {
            let changed = changed_alphas(&self.alphas, alphas);
            if changed.len() * 2 > support.max(1) || alphas.len() > data.len() {
                self.filled = 0;
            } else {
                let kernel = model.kernel();
                let filled = &mut self.scores[..self.filled];
                for &i in &changed {
                    let delta = alphas.get(i).copied().unwrap_or(0.0)
                        - self.alphas.get(i).copied().unwrap_or(0.0);
                    let coef = delta * data.label(i).y();
                    let xi = data.x(i);
                    for (j, score) in filled.iter_mut().enumerate() {
                        *score += coef * kernel.eval(xi, data.x(j));
                    }
                }
                let db = model.bias() - self.bias;
                if db != 0.0 {
                    for score in filled.iter_mut() {
                        *score += db;
                    }
                }
                // Near the edge of the numbers the scores are computed with saturation: from
                // scratch, then, never by sums that could overflow or cancel differently.
                if filled.iter().any(|s| s.is_nan() || s.abs() >= 1e300) {
                    self.filled = 0;
                }
            }
        }
        self.alphas = alphas.to_vec();
        self.bias = model.bias();
        let n = data.len();
        if self.filled < n {
            let per_point = support.max(1) as u64;
            let take = (budget / per_point).max(1).min((n - self.filled) as u64) as usize;
            let end = self.filled + take;
            for (score, value) in self.scores[self.filled..end]
                .iter_mut()
                .zip(model.point_scores(data, self.filled..end))
            {
                *score = value;
            }
            self.filled = end;
        }
        (self.filled == n).then_some(&self.scores[..])
    }
}

/// The region map of `model` over `view`, or `None` for the models drawn without one (the
/// linear binary ones). `kernel` keeps the kernel scores between calls.
pub fn region_of(
    model: &Model,
    data: &Dataset,
    data_version: u64,
    view: &Rect,
    cols: usize,
    rows: usize,
    kernel: &mut KernelGrid,
) -> Option<Region> {
    if cols == 0 || rows == 0 || cols.saturating_mul(rows) > 4_000_000 {
        return None;
    }
    let dual = model.dual();
    let (cols, rows) = match dual {
        Some(t) => kernel_grid_size(cols, rows, t.support().len()),
        None if model.learner().rows().is_some_and(subnormal) => {
            // Arithmetic in subnormal numbers costs about a hundred times more (η = 5e-324 in a
            // hostile link: 140 ns a cell): the same scores on a grid coarser by 2 each way.
            (cols.div_ceil(2), rows.div_ceil(2))
        }
        None => (cols, rows),
    };
    let (xs, ys) = centres(view, cols, rows);
    let mut cells = Vec::with_capacity(cols * rows);
    let mut contour = Vec::new();
    if let Some(t) = dual {
        let scores = kernel.update(t, data, data_version, view, cols, rows);
        if scores.len() != cols * rows {
            return None;
        }
        cells.extend(scores.iter().map(|&s| {
            if s > 0.0 {
                1
            } else if s < 0.0 {
                0
            } else {
                NONE
            }
        }));
        contour = zero_contour(scores, &xs, &ys);
    } else if let Some(map) = model.region_map() {
        for &y in &ys {
            cells.extend(xs.iter().map(|&x| match map.class_at(&[x, y]) {
                RegionClass::Tied => TIED,
                RegionClass::Class(class) => class as u8,
            }));
        }
    } else {
        return None;
    }
    Some(Region {
        view: *view,
        cols,
        rows,
        cells,
        contour,
    })
}

/// Whether any weight of `rows` is subnormal (not zero, smaller than the least normal number).
fn subnormal(rows: &[Vec<f64>]) -> bool {
    rows.iter().flatten().any(|w| w.is_subnormal())
}

/// Marching squares over scores at the cell centres: the segments where the score crosses 0.
pub fn zero_contour(scores: &[f64], xs: &[f64], ys: &[f64]) -> Vec<[(f64, f64); 2]> {
    let cols = xs.len();
    let mut out = Vec::new();
    if cols < 2 || ys.len() < 2 || scores.len() != cols * ys.len() {
        return out;
    }
    let at = |c: usize, r: usize| scores[r * cols + c];
    let cross = |(x0, y0, s0): (f64, f64, f64), (x1, y1, s1): (f64, f64, f64)| {
        let t = if s0 == s1 { 0.5 } else { s0 / (s0 - s1) };
        (x0 + t * (x1 - x0), y0 + t * (y1 - y0))
    };
    for r in 0..ys.len() - 1 {
        for c in 0..cols - 1 {
            // Corners clockwise from the top left.
            let corners = [
                (xs[c], ys[r], at(c, r)),
                (xs[c + 1], ys[r], at(c + 1, r)),
                (xs[c + 1], ys[r + 1], at(c + 1, r + 1)),
                (xs[c], ys[r + 1], at(c, r + 1)),
            ];
            let mut points = Vec::with_capacity(4);
            for e in 0..4 {
                let a = corners[e];
                let b = corners[(e + 1) % 4];
                if (a.2 > 0.0) != (b.2 > 0.0) {
                    points.push(cross(a, b));
                }
            }
            if points.len() == 2 {
                out.push([points[0], points[1]]);
            } else if points.len() == 4 {
                out.push([points[0], points[1]]);
                out.push([points[2], points[3]]);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contour_of_a_plane_is_its_line() {
        // s = x: the contour is x = 0.
        let xs = [-1.5, -0.5, 0.5, 1.5];
        let ys = [1.0, 0.0, -1.0];
        let scores: Vec<f64> = ys.iter().flat_map(|_| xs.iter().copied()).collect();
        let segments = zero_contour(&scores, &xs, &ys);
        assert_eq!(segments.len(), 2);
        for [a, b] in segments {
            assert!(a.0.abs() < 1e-12 && b.0.abs() < 1e-12, "{a:?} {b:?}");
        }
    }

    #[test]
    fn centres_run_left_to_right_and_top_to_bottom() {
        let view = Rect {
            x_min: 0.0,
            x_max: 4.0,
            y_min: 0.0,
            y_max: 2.0,
        };
        let (xs, ys) = centres(&view, 4, 2);
        assert_eq!(xs, [0.5, 1.5, 2.5, 3.5]);
        assert_eq!(ys, [1.5, 0.5]);
    }
}
