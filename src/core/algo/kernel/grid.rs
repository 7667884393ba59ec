//! The kernel perceptron's region map: its scores over a grid of cells, computed once per
//! support vector and row or column where the kernel allows.

use super::{Dataset, Kernel, KernelTrainer, MAX_GRID_CELLS, MAX_POLY_DEGREE};

impl KernelTrainer {
    /// The region map: `f` at the centres of a `cols × rows` grid over
    /// `x_range = (x_min, x_max)` × `y_range = (y_min, y_max)`, row-major with the **top row at
    /// `y_max`**. Cell `(r, c)` has centre
    /// `(x_min + (c + ½)·(x_max − x_min)/cols, y_max − (r + ½)·(y_max − y_min)/rows)`.
    ///
    /// Only the support set `S` contributes. Cost: linear kernel `O(|S| + cols·rows)` (through
    /// `w`); polynomial `O(d·|S|·cols·rows)` multiplications; RBF `O(|S|·(cols + rows))`
    /// exponentials (it factors as `exp(−γΔx²)·exp(−γΔy²)`) plus `O(|S|·cols·rows)`
    /// multiply-adds. Memory: the output plus `O(cols + rows)`. So 500 support vectors on
    /// 800 × 600 cells is a quarter of a billion terms — feasible (natively, release build:
    /// about 0.1 s for RBF, 0.3 s for a cubic), but for redrawing while stepping compute a
    /// coarser grid (say 4 pixels a cell: 200 × 150 takes 5–20 ms) and let the canvas upsample.
    ///
    /// Agrees with [`score`](KernelTrainer::score) at every centre up to rounding. Returns an
    /// empty `Vec` unless the data have 2 features, `cols` and `rows` are positive with
    /// `cols·rows ≤` [`MAX_GRID_CELLS`], and the ranges (and their widths) are finite.
    pub fn scores_on_grid(
        &self,
        data: &Dataset,
        x_range: (f64, f64),
        y_range: (f64, f64),
        cols: usize,
        rows: usize,
    ) -> Vec<f64> {
        let (x_min, x_max) = x_range;
        let (y_min, y_max) = y_range;
        let width = x_max - x_min;
        let height = y_max - y_min;
        let cells = match cols.checked_mul(rows) {
            Some(cells) if cells > 0 && cells <= MAX_GRID_CELLS => cells,
            _ => return Vec::new(),
        };
        if data.dim() != 2
            || ![x_min, x_max, y_min, y_max, width, height]
                .iter()
                .all(|v| v.is_finite())
        {
            return Vec::new();
        }
        let xs: Vec<f64> = (0..cols)
            .map(|c| x_min + (c as f64 + 0.5) * width / cols as f64)
            .collect();
        let ys: Vec<f64> = (0..rows)
            .map(|r| y_max - (r as f64 + 0.5) * height / rows as f64)
            .collect();
        let mut out = vec![self.bias; cells];
        match self.kernel {
            Kernel::Linear => {
                let w = self.primal_weights(data).unwrap_or_default();
                let (w1, w2) = (
                    w.get(1).copied().unwrap_or(0.0),
                    w.get(2).copied().unwrap_or(0.0),
                );
                for (row, &y) in out.chunks_exact_mut(cols).zip(&ys) {
                    let base = self.bias + w2 * y;
                    for (cell, &x) in row.iter_mut().zip(&xs) {
                        *cell = base + w1 * x;
                    }
                }
            }
            Kernel::Poly { degree, gamma, c } => {
                let mut u = vec![0.0; cols];
                let mut base = vec![0.0; cols];
                let mut pow = vec![0.0; cols];
                for (coef, xj) in self.terms(data) {
                    for (uc, &x) in u.iter_mut().zip(&xs) {
                        *uc = gamma * x * xj[0] + c;
                    }
                    for (row, &y) in out.chunks_exact_mut(cols).zip(&ys) {
                        // (γ·x·x_j + c)^d for a whole row at once, so the loops vectorize.
                        let v = gamma * y * xj[1];
                        for ((t, p), &uc) in base.iter_mut().zip(pow.iter_mut()).zip(&u) {
                            *t = uc + v;
                            *p = *t;
                        }
                        for _ in 1..degree.min(MAX_POLY_DEGREE) {
                            for (p, &t) in pow.iter_mut().zip(&base) {
                                *p *= t;
                            }
                        }
                        for (cell, &p) in row.iter_mut().zip(&pow) {
                            *cell += coef * p;
                        }
                    }
                }
            }
            Kernel::Rbf { gamma } => {
                let mut ex = vec![0.0; cols];
                for (coef, xj) in self.terms(data) {
                    for (e, &x) in ex.iter_mut().zip(&xs) {
                        *e = (-gamma * (x - xj[0]) * (x - xj[0])).exp();
                    }
                    for (row, &y) in out.chunks_exact_mut(cols).zip(&ys) {
                        let t = coef * (-gamma * (y - xj[1]) * (y - xj[1])).exp();
                        if t != 0.0 {
                            for (cell, &e) in row.iter_mut().zip(&ex) {
                                *cell += t * e;
                            }
                        }
                    }
                }
            }
        }
        // Overflow anywhere: redo those cells one by one, saturating (the support set found
        // once, not once a cell).
        if out.iter().any(|v| !v.is_finite()) {
            let terms: Vec<(f64, &[f64])> = self.terms(data).collect();
            for (r, row) in out.chunks_exact_mut(cols).enumerate() {
                for (c, cell) in row.iter_mut().enumerate() {
                    if !cell.is_finite() {
                        *cell = self.score_over(&terms, &[xs[c], ys[r]]);
                    }
                }
            }
        }
        out
    }
}
