//! Plane geometry in data coordinates: the boundary line `w1·x1 + w2·x2 + b = 0` and the positive
//! half-plane, both clipped to the visible rectangle.

/// An axis-aligned rectangle of the data plane.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// Smallest x1.
    pub x_min: f64,
    /// Largest x1.
    pub x_max: f64,
    /// Smallest x2.
    pub y_min: f64,
    /// Largest x2.
    pub y_max: f64,
}

impl Rect {
    /// Whether `(x, y)` lies inside or on the edge.
    pub fn contains(&self, x: f64, y: f64) -> bool {
        (self.x_min..=self.x_max).contains(&x) && (self.y_min..=self.y_max).contains(&y)
    }

    /// The corners, counter-clockwise from the bottom left.
    pub fn corners(&self) -> [(f64, f64); 4] {
        [
            (self.x_min, self.y_min),
            (self.x_max, self.y_min),
            (self.x_max, self.y_max),
            (self.x_min, self.y_max),
        ]
    }
}

/// A linear classifier in the plane: score `s(x) = w1·x1 + w2·x2 + b`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Boundary {
    /// The bias `b` (= `w0`).
    pub b: f64,
    /// Weight of x1.
    pub w1: f64,
    /// Weight of x2.
    pub w2: f64,
}

impl Boundary {
    /// From weights written bias first, `[b, w1, w2]`.
    pub fn from_weights(w: &[f64]) -> Boundary {
        Boundary {
            b: w.first().copied().unwrap_or(0.0),
            w1: w.get(1).copied().unwrap_or(0.0),
            w2: w.get(2).copied().unwrap_or(0.0),
        }
    }

    /// The score of a point.
    pub fn score(&self, x: f64, y: f64) -> f64 {
        self.w1 * x + self.w2 * y + self.b
    }

    /// The part of the line `s = 0` inside `rect`, or `None` when `w = 0` (no line) or the line
    /// misses the rectangle.
    pub fn segment(&self, rect: &Rect) -> Option<[(f64, f64); 2]> {
        if self.w1 == 0.0 && self.w2 == 0.0 {
            return None;
        }
        // The point of the line closest to the origin, and the line's direction.
        let norm2 = self.w1 * self.w1 + self.w2 * self.w2;
        let p = (-self.b * self.w1 / norm2, -self.b * self.w2 / norm2);
        let d = (-self.w2, self.w1);
        // Far enough along the line in both directions to cross any part of the rectangle.
        let reach = [rect.x_min, rect.x_max, rect.y_min, rect.y_max, p.0, p.1]
            .iter()
            .fold(0.0f64, |m, v| m.max(v.abs()))
            * 4.0
            / norm2.sqrt()
            + 1.0;
        let a = (p.0 - d.0 * reach, p.1 - d.1 * reach);
        let b = (p.0 + d.0 * reach, p.1 + d.1 * reach);
        clip_segment(a, b, rect)
    }
}

/// Clips the segment `a–b` to `rect` (Liang–Barsky). `None` when it lies outside.
pub fn clip_segment(a: (f64, f64), b: (f64, f64), rect: &Rect) -> Option<[(f64, f64); 2]> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let mut t0 = 0.0f64;
    let mut t1 = 1.0f64;
    for (p, q) in [
        (-dx, a.0 - rect.x_min),
        (dx, rect.x_max - a.0),
        (-dy, a.1 - rect.y_min),
        (dy, rect.y_max - a.1),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    (t0 <= t1).then_some([
        (a.0 + t0 * dx, a.1 + t0 * dy),
        (a.0 + t1 * dx, a.1 + t1 * dy),
    ])
}

/// The polygon of `rect` where the score is positive (Sutherland–Hodgman against one half-plane).
/// Empty when no part of the rectangle is positive.
pub fn positive_region(boundary: &Boundary, rect: &Rect) -> Vec<(f64, f64)> {
    clip_polygon(&rect.corners(), boundary)
}

/// The part of a convex polygon where the score of `boundary` is positive.
pub fn clip_polygon(polygon: &[(f64, f64)], boundary: &Boundary) -> Vec<(f64, f64)> {
    let mut out = Vec::with_capacity(polygon.len() + 1);
    for (i, &cur) in polygon.iter().enumerate() {
        let next = polygon[(i + 1) % polygon.len()];
        let s_cur = boundary.score(cur.0, cur.1);
        let s_next = boundary.score(next.0, next.1);
        if s_cur > 0.0 {
            out.push(cur);
        }
        if (s_cur > 0.0) != (s_next > 0.0) {
            let t = s_cur / (s_cur - s_next);
            out.push((cur.0 + t * (next.0 - cur.0), cur.1 + t * (next.1 - cur.1)));
        }
    }
    out
}

/// The band `|w·x + b| < half_width` inside `rect` (the margin band of a separator).
pub fn band(boundary: &Boundary, half_width: f64, rect: &Rect) -> Vec<(f64, f64)> {
    let above = Boundary {
        b: boundary.b + half_width,
        ..*boundary
    };
    let below = Boundary {
        b: half_width - boundary.b,
        w1: -boundary.w1,
        w2: -boundary.w2,
    };
    clip_polygon(&clip_polygon(&rect.corners(), &above), &below)
}

#[cfg(test)]
mod tests {
    use super::*;
    use approx::assert_abs_diff_eq;

    const VIEW: Rect = Rect {
        x_min: -5.0,
        x_max: 5.0,
        y_min: -5.0,
        y_max: 5.0,
    };

    #[test]
    fn segment_endpoints_lie_on_the_line_and_on_the_edges() {
        for w in [
            [-1.0, 1.0, -1.0],
            [0.0, 3.0, 2.0],
            [2.0, 0.0, 1.0],
            [1.0, 1.0, 0.0],
        ] {
            let line = Boundary::from_weights(&w);
            let [p, q] = line.segment(&VIEW).expect("crosses the view");
            for (x, y) in [p, q] {
                assert_abs_diff_eq!(line.score(x, y), 0.0, epsilon = 1e-9);
                let on_edge = [x + 5.0, x - 5.0, y + 5.0, y - 5.0]
                    .iter()
                    .any(|d| d.abs() < 1e-9);
                assert!(on_edge, "({x}, {y}) is not on the view's edge for {w:?}");
            }
        }
    }

    #[test]
    fn no_line_for_zero_weights_or_a_line_outside() {
        assert_eq!(
            Boundary::from_weights(&[1.0, 0.0, 0.0]).segment(&VIEW),
            None
        );
        assert_eq!(
            Boundary::from_weights(&[-100.0, 1.0, 0.0]).segment(&VIEW),
            None
        );
    }

    #[test]
    fn positive_region_is_the_right_half() {
        let line = Boundary::from_weights(&[0.0, 1.0, 0.0]); // x1 > 0
        let poly = positive_region(&line, &VIEW);
        assert_eq!(poly.len(), 4);
        assert!(poly.iter().all(|&(x, _)| x >= 0.0));
        let all = positive_region(&Boundary::from_weights(&[1.0, 0.0, 0.0]), &VIEW);
        assert_eq!(all.len(), 4);
        let none = positive_region(&Boundary::from_weights(&[0.0, 0.0, 0.0]), &VIEW);
        assert!(none.is_empty());
    }

    #[test]
    fn clipping_a_segment() {
        let clipped = clip_segment((0.0, 0.0), (10.0, 0.0), &VIEW).unwrap();
        assert_eq!(clipped, [(0.0, 0.0), (5.0, 0.0)]);
        assert_eq!(clip_segment((6.0, 6.0), (7.0, 7.0), &VIEW), None);
    }
}
