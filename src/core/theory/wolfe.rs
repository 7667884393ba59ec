//! Wolfe's minimum-norm-point algorithm (see the parent module's documentation), with the
//! double-double arithmetic its affine solves are computed in.

use super::{dot, Vec3, CANDIDATES, DEPENDENT, MAX_MAJOR_CYCLES, NORM_SLACK, POSITIVE, STOP_REL};

/// The active set of Wolfe's algorithm: affinely independent points (indices into the data) and
/// the barycentric coordinates of the current point `x` in them, all positive, summing to 1.
#[derive(Clone)]
struct Active {
    indices: Vec<usize>,
    lambda: Vec<f64>,
    x: Vec3,
}

/// The point of `conv(us)` nearest the origin, by Wolfe's algorithm. `r = max ‖u‖ > 0`. Stops
/// early once `‖x‖ ≤ floor` (the verdict is then "not separable" whatever follows).
pub(super) fn min_norm_point(us: &[Vec3], r: f64, floor: f64) -> Vec3 {
    let Some(start) =
        (0..us.len()).min_by(|&i, &j| dot(us[i], us[i]).total_cmp(&dot(us[j], us[j])))
    else {
        return [0.0; 3];
    };
    let mut active = Active {
        indices: vec![start],
        lambda: vec![1.0],
        x: us[start],
    };
    // Each major cycle strictly lowers ‖x‖ and so never revisits an active set: the loop is
    // finite. Rounding can hide a drop (see step 2), so the sets already visited are remembered
    // and never entered again, which keeps the argument; the cap is a last resort.
    let mut visited = vec![sorted(&active.indices)];
    for _ in 0..MAX_MAJOR_CYCLES {
        let xx = dot(active.x, active.x);
        // So close to the origin that the verdict is "not separable" whatever follows (later
        // cycles only shorten x), or at it; or four affinely independent points, which span R³, whose
        // nearest point is the origin.
        if xx <= floor * floor || xx == 0.0 || active.indices.len() == 4 {
            break;
        }
        // Step 1: the vertices most opposed to x. If none is, x satisfies the optimality
        // condition x·u_j ≥ ‖x‖² − tol for all j and is the nearest point.
        let threshold = xx - STOP_REL * xx.sqrt() * r;
        let candidates = most_opposed(us, active.x, threshold, &active.indices);
        // Step 2: add a vertex, then the minor cycles. In exact arithmetic the norm drops. A
        // trial is discarded, and the next most opposed vertex gets a turn, when its set is
        // numerically dependent, when its norm grows beyond rounding, or when it lands on a set
        // already visited. A drop below rounding is accepted: x is accurate to a few ulps, so the
        // test above is reliable, while on the flat faces of data far from the origin the norm
        // can fall by less than one ulp of ‖x‖².
        let improved = candidates.into_iter().find_map(|j| {
            let mut next = active.clone();
            next.indices.push(j);
            next.lambda.push(0.0);
            minor_cycles(us, &mut next, r)?;
            let key = sorted(&next.indices);
            let progress =
                dot(next.x, next.x) <= xx * (1.0 + NORM_SLACK) && !visited.contains(&key);
            progress.then(|| {
                visited.push(key);
                next
            })
        });
        match improved {
            Some(next) => active = next,
            None => break,
        }
    }
    active.x
}

fn sorted(indices: &[usize]) -> Vec<usize> {
    let mut key = indices.to_vec();
    key.sort_unstable();
    key
}

/// Up to `CANDIDATES` indices outside `skip` with `x·u_j < threshold`, smallest `x·u_j` first.
fn most_opposed(us: &[Vec3], x: Vec3, threshold: f64, skip: &[usize]) -> Vec<usize> {
    let mut best: Vec<(f64, usize)> = Vec::with_capacity(CANDIDATES + 1);
    for (j, &u) in us.iter().enumerate() {
        let xu = dot(x, u);
        if xu >= threshold || skip.contains(&j) {
            continue;
        }
        if best.len() == CANDIDATES && xu >= best[CANDIDATES - 1].0 {
            continue;
        }
        let at = best.partition_point(|&(v, _)| v <= xu);
        best.insert(at, (xu, j));
        best.truncate(CANDIDATES);
    }
    best.into_iter().map(|(_, j)| j).collect()
}

/// Wolfe's minor cycles: move `x` to the nearest point of the active set's affine hull; while
/// that point is outside the set's convex hull, go only as far as the hull allows and drop the
/// points whose coordinates reach zero. `None` when the set is (numerically) affinely dependent.
fn minor_cycles(us: &[Vec3], active: &mut Active, r: f64) -> Option<()> {
    loop {
        let points: Vec<Vec3> = active.indices.iter().map(|&i| us[i]).collect();
        let (y, v) = affine_min_norm(&points, r)?;
        // Step 3: y inside the simplex: it is the new x.
        if v.iter().all(|&c| c > POSITIVE) {
            active.lambda = v;
            active.x = y;
            return Some(());
        }
        // Step 4: the last point on the segment from x to y still in the simplex. `first` is the
        // coordinate that reaches zero first; it is zeroed exactly so at least one point leaves.
        let mut theta = 1.0;
        let mut first = None;
        for (k, (&l, &vk)) in active.lambda.iter().zip(&v).enumerate() {
            if l - vk > POSITIVE {
                let t = l / (l - vk);
                if t < theta {
                    theta = t;
                    first = Some(k);
                }
            }
        }
        for (l, &vk) in active.lambda.iter_mut().zip(&v) {
            *l = theta * vk + (1.0 - theta) * *l;
        }
        if let Some(k) = first {
            active.lambda[k] = 0.0;
        }
        let mut k = 0;
        while k < active.indices.len() {
            if active.lambda[k] <= POSITIVE {
                active.indices.remove(k);
                active.lambda.remove(k);
            } else {
                k += 1;
            }
        }
        // The coordinates sum to 1, so with at most four of them one exceeds 1/4 and stays.
        let total: f64 = active.lambda.iter().sum();
        if active.indices.is_empty() || total <= 0.0 {
            return None;
        }
        for l in &mut active.lambda {
            *l /= total;
        }
    }
}

/// The point `y` of the affine hull of `points` (1 to 4 points of R³) nearest the origin, and its
/// barycentric coordinates `v` (`Σ v = 1`, `Σ v_k·points_k = y`).
///
/// The directions `d_k = points_k − points_0` are made orthogonal by Gram–Schmidt (twice, so they
/// stay orthogonal to working precision), `q_k = d_k − Σ_{j<k} μ_jk·q_j`, and `y` is `points_0`
/// minus its components along the `q_j`. With `c_j = q_j·points_0 / q_j·q_j`, the coordinates
/// `t` of `y = points_0 + Σ t_k·d_k` solve the unit upper-triangular system
/// `t_j + Σ_{k>j} μ_jk·t_k = −c_j`. No Gram matrix (it would square the condition number) and no
/// square roots.
///
/// The arithmetic is double-double: `y` is a difference of vectors of the data's size R and may
/// be far shorter, and in plain f64 it would carry an absolute error of about ε·R — a relative
/// error ε·R/γ in `w*`'s direction, hence ε·R²/γ in the margins, which hides the optimal face
/// once γ/R is below about 1e-7. With about 106 bits, `y` comes out correctly rounded in practice,
/// and the margins are as exact as f64 allows.
///
/// `None` when a point lies within `DEPENDENT·r` of the affine hull of the ones before it.
pub(super) fn affine_min_norm(points: &[Vec3], r: f64) -> Option<(Vec3, Vec<f64>)> {
    let (&base, rest) = points.split_first()?;
    let m = rest.len();
    if m > 3 {
        return None;
    }
    let base = base.map(Dd::from);
    let mut q = [[Dd::ZERO; 3]; 3];
    let mut qq = [Dd::ZERO; 3];
    let mut mu = [[Dd::ZERO; 3]; 3];
    for (k, &point) in rest.iter().enumerate() {
        let point = point.map(Dd::from);
        let mut d: [Dd; 3] = std::array::from_fn(|i| point[i] - base[i]);
        for _ in 0..2 {
            for j in 0..k {
                let c = dd_dot(&q[j], &d) / qq[j];
                d = std::array::from_fn(|i| d[i] - c * q[j][i]);
                mu[j][k] = mu[j][k] + c;
            }
        }
        qq[k] = dd_dot(&d, &d);
        if qq[k].hi <= (DEPENDENT * r).powi(2) {
            return None;
        }
        q[k] = d;
    }
    let mut y = base;
    let mut c = [Dd::ZERO; 3];
    for _ in 0..2 {
        for j in 0..m {
            let cj = dd_dot(&q[j], &y) / qq[j];
            y = std::array::from_fn(|i| y[i] - cj * q[j][i]);
            c[j] = c[j] + cj;
        }
    }
    let mut t = [Dd::ZERO; 3];
    for j in (0..m).rev() {
        let mut s = Dd::ZERO - c[j];
        for k in j + 1..m {
            s = s - mu[j][k] * t[k];
        }
        t[j] = s;
    }
    let mut first = Dd::from(1.0);
    for tk in &t[..m] {
        first = first - *tk;
    }
    let mut v = Vec::with_capacity(m + 1);
    v.push(first.hi);
    v.extend(t[..m].iter().map(|tk| tk.hi));
    Some((y.map(|c| c.hi), v))
}

/// A double-double number `hi + lo` with `|lo| ≤ ulp(hi)/2`: about 106 significant bits from
/// error-free transformations (Dekker 1971; Knuth's two-sum; the product's error by a fused
/// multiply-add, which Rust guarantees to round once on every target).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Dd {
    hi: f64,
    lo: f64,
}

impl Dd {
    const ZERO: Dd = Dd { hi: 0.0, lo: 0.0 };

    fn from(v: f64) -> Dd {
        Dd { hi: v, lo: 0.0 }
    }
}

/// `a + b` exactly, as the rounded sum and its error.
fn two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    let bb = s - a;
    Dd {
        hi: s,
        lo: (a - (s - bb)) + (b - bb),
    }
}

/// `a + b` exactly when `|a| ≥ |b|`.
fn fast_two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    Dd {
        hi: s,
        lo: b - (s - a),
    }
}

impl std::ops::Add for Dd {
    type Output = Dd;
    fn add(self, other: Dd) -> Dd {
        let s = two_sum(self.hi, other.hi);
        let t = two_sum(self.lo, other.lo);
        let u = fast_two_sum(s.hi, s.lo + t.hi);
        fast_two_sum(u.hi, u.lo + t.lo)
    }
}

impl std::ops::Sub for Dd {
    type Output = Dd;
    fn sub(self, other: Dd) -> Dd {
        self + Dd {
            hi: -other.hi,
            lo: -other.lo,
        }
    }
}

impl std::ops::Mul for Dd {
    type Output = Dd;
    fn mul(self, other: Dd) -> Dd {
        let p = self.hi * other.hi;
        let e = self.hi.mul_add(other.hi, -p);
        fast_two_sum(p, e + (self.hi * other.lo + self.lo * other.hi))
    }
}

impl std::ops::Div for Dd {
    type Output = Dd;
    fn div(self, other: Dd) -> Dd {
        // Long division: a first quotient digit, then one correction from the exact remainder.
        let q1 = self.hi / other.hi;
        let r = self - Dd::from(q1) * other;
        let q2 = r.hi / other.hi;
        let r = r - Dd::from(q2) * other;
        let q3 = r.hi / other.hi;
        fast_two_sum(q1, q2) + Dd::from(q3)
    }
}

fn dd_dot(a: &[Dd; 3], b: &[Dd; 3]) -> Dd {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
