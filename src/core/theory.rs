//! Margin theory for the data on screen: the radius R, the margin of given weights, the
//! maximum-margin separator γ*, w* and the perceptron mistake bound (R / γ*)².
//!
//! # The space the perceptron uses
//!
//! A sample `x = (x1, x2)` with label `y ∈ {−1, +1}` is seen by the perceptron as
//! `z = (1, x1, x2)` when it learns a bias (the always-1 feature of seed 000) and as `z = (x1, x2)`
//! when it does not. Weights are written bias first, `w = [b, w1, w2]`, so with the bias
//! `w·z = b + w1·x1 + w2·x2`; without it `b = 0`. Every length below is measured in that space:
//!
//! - radius: `R = max_i ‖z_i‖`;
//! - margin of `w`: `γ(w) = min_i y_i (w·z_i) / ‖w‖`, negative when some sample is on the wrong
//!   side (the course's `min |⟨w, x⟩| / ‖w‖` for a `w` that classifies every sample correctly);
//! - maximum margin: `γ* = max_{‖w‖ = 1} min_i y_i (w·z_i)`, attained by `w*`.
//!
//! # Computing γ* exactly
//!
//! With `u_i = y_i·z_i`, `γ* = max_{‖w‖=1} min_i w·u_i`. Let `p*` be the point of the convex hull
//! `conv{u_i}` nearest the origin. For every unit `w`, `min_i w·u_i ≤ w·p* ≤ ‖p*‖` (a minimum over
//! the vertices is at most the value at a convex combination of them); and because `p*` is the
//! nearest point, `p*·(u − p*) ≥ 0` for every `u` of the hull, so `w* = p*/‖p*‖` reaches
//! `min_i w*·u_i = ‖p*‖`. Hence
//!
//! ```text
//! γ* = ‖p*‖,   w* = p* / ‖p*‖,   support vectors: the i with w*·u_i = γ*.
//! ```
//!
//! When the origin lies in `conv{u_i}` (`p* = 0`), every `w` has `min_i w·u_i ≤ 0`: no weights
//! classify every sample with a positive score, and the perceptron never converges (Gordan's
//! theorem).
//!
//! `p*` is found by Wolfe's minimum-norm-point algorithm (P. Wolfe, "Finding the nearest point in
//! a polytope", Math. Programming 11, 1976): an active-set method that ends, after finitely many
//! steps, on the face of the hull that holds `p*`, and computes `p*` as the foot of the
//! perpendicular from the origin onto that face's affine hull — exact up to rounding, not the
//! limit of an iteration. It stops when `x·u_i ≥ ‖x‖² − tol` for all `i` (the condition above),
//! with `tol = 8ε·‖x‖·R`. The foot is computed in double-double arithmetic, so `x` is accurate to a
//! few ulps even when γ* ≪ R (data far from the origin with the bias on), which keeps that test
//! meaningful: γ* comes out with a relative error of a few `ε·R/γ*`, the rounding of the margins
//! themselves.
//!
//! # Every scale
//!
//! Separable or not is unchanged by `x → c·x` for `c > 0`: with the bias, `(b, w)` separating
//! the set becomes `(c·b, w)`. The verdict is therefore taken on the points divided by the power
//! of two at or below their largest coordinate (exact, barring digits that fall below 2^−1074 at
//! that size, far under rounding), where the threshold `‖p*‖ ≤ 1e-12·R` compares the gap with
//! the data's own extent: a set given in units of 1e-300, 1e300 or in denormals gets the verdict
//! it gets in units of 1. γ* itself is not scale-invariant with the bias on (`(1, x)` does not
//! scale uniformly), so w* and γ* are then computed again for the points as given. Where that
//! fails to rounding (γ* below about 1e-30·R, sizes of 1e±30 and beyond), the separator of the
//! first computation, taken back to the data's units, is returned instead, marked not exact: it
//! separates the set and its margin is a lower bound of γ*, so the mistake bound from it holds.
//! Norms and margins are computed on vectors brought to unit size and scaled back, so they
//! neither overflow for coordinates near 1.8e308 nor lose denormals; a γ* below 5e-324
//! underflows to 0 and a bound above 1.8e308 is infinite (the status says so in words).
//!
//! The limit that stays: classes closer than 1e-12 of the data's extent (say `(1e17, 1)` against
//! `(1e17, −1)`) are reported as not separable, at every scale alike; an exact test would call
//! them separable but would then also flip, under the rounding of `x·10^k`, sets whose hulls
//! touch.
//!
//! Wolfe's loop is bounded (at most `MAX_MAJOR_CYCLES` major cycles, never revisiting an active
//! set; each minor cycle drops a point). If the cap were hit, the point reached is used: the
//! answer is "separable" only when the weights it gives classify every sample with a positive
//! score, so a "separable" verdict always comes with a separator that works.
//!
//! # The mistake bound
//!
//! Novikoff's theorem (seed 001 proves it for `R = 1`): on data separable with margin γ* in the
//! space the perceptron uses, the perceptron started from `w = 0` makes at most `(R / γ*)²`
//! mistakes, whatever the order of the samples. From `w = 0` the learning rate η only scales `w`,
//! so the bound holds for every η > 0.

/// Separable only when `‖p*‖ > ZERO_NORM·R`: closer than that, the origin is in the hull as far
/// as the verdict is concerned (the mistake bound there would be 1e24).
const ZERO_NORM: f64 = 1e-12;
/// Wolfe's optimality test `‖x‖² − x·u_j ≤ tol` uses `tol = STOP_REL·‖x‖·R`. It bounds the error
/// left in γ* by `STOP_REL·R`, and sits just above the rounding of `‖x‖² − x·u_j` (a few ε·‖x‖·R,
/// since `x` is computed to a few ulps); a point that fails it by rounding alone brings no
/// progress, and `min_norm_point` discards such trials.
const STOP_REL: f64 = 8.0 * f64::EPSILON;
/// How far (relative) `‖x‖²` may rise in a major cycle before the trial is taken for a failure
/// of rounding rather than a step of the algorithm.
const NORM_SLACK: f64 = 64.0 * f64::EPSILON;
/// How many of the most opposed vertices a major cycle tries before it concludes.
const CANDIDATES: usize = 4;
/// A last-resort guard on the number of major cycles; runs on up to 10 000 samples take under
/// twenty.
const MAX_MAJOR_CYCLES: usize = 10_000;
/// Barycentric coordinates at or below this are taken as zero, and their points leave the active
/// set (Wolfe's Z2/Z3). Zero: the coordinates come from the double-double solve and are accurate,
/// and a tiny one is not negligible — on data far from the origin a point with weight 1e-14 can
/// turn w* by 1e-7 radians, which at distance R moves the margins by more than γ*.
const POSITIVE: f64 = 0.0;
/// A point closer than this (times R) to the affine hull of the active set is taken as affinely
/// dependent on it, and the trial that adds it fails. Below what the optimality test can ask for:
/// a point that fails the test, `‖x‖² − x·u_j > STOP_REL·‖x‖·R`, lies at least `STOP_REL·R` from
/// that hull (the left side is at most the distance times `‖x‖`), so only points that fail it by
/// rounding alone are refused.
const DEPENDENT: f64 = 4.0 * f64::EPSILON;
/// Support vectors are the samples whose margin is within `SUPPORT_REL·γ*` of γ*, plus a floor of
/// `ROUNDING·R` for the rounding of the margins themselves (it matters only when γ* ≪ R).
const SUPPORT_REL: f64 = 1e-9;
const ROUNDING: f64 = 64.0 * f64::EPSILON;

type Vec3 = [f64; 3];

/// Radius `R = max_i ‖x_i‖` in the space the perceptron uses (`‖(1, x)‖` with bias, `‖x‖` without).
///
/// `0.0` for no points.
pub fn radius(points: &[[f64; 2]], bias: bool) -> f64 {
    points
        .iter()
        .map(|&x| robust_norm(lift(x, bias)))
        .fold(0.0, f64::max)
}

/// Margin of given weights `[b, w1, w2]` on the data: `min_i y_i (w·x_i + b) / ‖w‖`, where `‖w‖`
/// is the norm in the space the perceptron uses (`‖(b, w1, w2)‖` with bias, `‖(w1, w2)‖` without;
/// without bias `b` is ignored, as the perceptron keeps it at 0).
///
/// Labels are read by sign: positive is `+1`, anything else `−1`. `None` when that norm is 0, when
/// there are no points, or when `points` and `labels` differ in length. Negative when some point
/// is misclassified; 0 when one lies on the boundary.
pub fn margin_of(
    weights: [f64; 3],
    points: &[[f64; 2]],
    labels: &[f64],
    bias: bool,
) -> Option<f64> {
    if points.is_empty() || points.len() != labels.len() {
        return None;
    }
    let w = if bias {
        weights
    } else {
        [0.0, weights[1], weights[2]]
    };
    let length = norm(w);
    if length == 0.0 || !length.is_finite() {
        return None;
    }
    points
        .iter()
        .zip(labels)
        .map(|(&x, &label)| sign(label) * dot(w, lift(x, bias)) / length)
        .reduce(f64::min)
}

/// The maximum-margin separator in the space the perceptron uses.
#[derive(Debug, Clone, PartialEq)]
pub enum MaxMargin {
    /// Separable: unit-norm weights `[b, w1, w2]` (norm in the perceptron's space; `b = 0` without
    /// bias) maximising the margin `gamma > 0`, and the indices of the support vectors (the samples
    /// whose margin equals `gamma`, within a relative tolerance 1e-9), in increasing order.
    Separable {
        /// `w*`, bias first, `‖w*‖ = 1`.
        weights: [f64; 3],
        /// `γ* = min_i y_i (w*·z_i)`: the margin `weights` really have on the data, in the data's
        /// units (so `margin_of(weights, …)` gives it back).
        gamma: f64,
        /// Indices of the samples with `y_i (w*·z_i) = γ*` (within `1e-9·γ*`, or a few ulps of R
        /// when γ* is far smaller than R), increasing. Never empty.
        support: Vec<usize>,
        /// `true` when `weights` are the maximum-margin separator of the set as given (up to
        /// rounding). `false` when rounding defeated that computation, which happens only with
        /// the bias on and data of extreme size (γ* below about 1e-30·R): `weights` then come
        /// from the scale-free computation that decided the verdict, they separate the set, and
        /// `gamma` is their margin, a lower bound of γ* (so the mistake bound from it still holds).
        exact: bool,
    },
    /// No separator with positive margin exists: the origin lies in the convex hull of the
    /// `y_i·z_i` (within `1e-12·R`, where rounding and a usable margin part ways). With the bias
    /// on this is decided on the data brought to unit size (x divided by a power of two near its
    /// largest coordinate), so the verdict does not depend on the units: a set and the same set
    /// scaled by any c > 0 get the same verdict, as they should.
    NotSeparable,
    /// Fewer than one sample of each class (also: `points` and `labels` of different lengths, or
    /// a number that is not finite).
    Undefined,
}

/// The maximum-margin separator in the space the perceptron uses: `w*` and `γ* = ‖p*‖`, with `p*`
/// the minimum-norm point of `conv{y_i·z_i}` (see the module documentation).
///
/// Labels are read by sign: positive is `+1`, anything else `−1` (as `Label::parse` reads `0`).
/// Any number of samples, duplicates and collinear points included. The cost is one pass over the
/// samples per major cycle of Wolfe's algorithm, of which there are a handful (under twenty for
/// 10 000 samples in the tests).
pub fn max_margin(points: &[[f64; 2]], labels: &[f64], bias: bool) -> MaxMargin {
    if points.len() != labels.len() {
        return MaxMargin::Undefined;
    }
    // Non-finite input is out of contract; refusing it here keeps every comparison below total.
    if !points.iter().flatten().chain(labels).all(|v| v.is_finite()) {
        return MaxMargin::Undefined;
    }
    let positives = labels.iter().filter(|&&y| sign(y) > 0.0).count();
    if positives == 0 || positives == labels.len() {
        return MaxMargin::Undefined;
    }

    // The verdict. Separable or not is unchanged by x → c·x for c > 0 (with the bias, b scales
    // with it), so it is decided on the data brought to unit size: x divided by the power of two
    // at or below its largest coordinate. There `ZERO_NORM` compares ‖p*‖ with the data's own
    // spread, whatever units the set was given in (1e-300 or 1e300, denormals included). Without
    // the bias the lifted space is scaled uniformly and this is the computation itself.
    let largest_x = points
        .iter()
        .flatten()
        .fold(0.0, |m: f64, c| m.max(c.abs()));
    if largest_x == 0.0 && !bias {
        // Every sample at the origin: its score is always 0, a mistake.
        return MaxMargin::NotSeparable;
    }
    let unit_exponent = if largest_x == 0.0 {
        0
    } else {
        exponent(largest_x)
    };
    let unit: Vec<Vec3> = points
        .iter()
        .zip(labels)
        .map(|(&x, &y)| {
            lift(x.map(|c| times_power_of_two(c, -unit_exponent)), bias).map(|c| sign(y) * c)
        })
        .collect();
    let Some(unit_best) = separator(&unit, true) else {
        return MaxMargin::NotSeparable;
    };

    // γ* and w* for the set as given. Without the bias, or when the data already has unit size,
    // that is the computation above, the directions being the same.
    let us: Vec<Vec3> = points
        .iter()
        .zip(labels)
        .map(|(&x, &y)| lift(x, bias).map(|c| sign(y) * c))
        .collect();
    let given = if !bias || unit_exponent == 0 {
        Some(unit_best)
    } else {
        separator(&us, false).filter(|w| min_margin(*w, &us) > 0.0)
    };
    let (weights, exact) = match given {
        Some(w) => (w, true),
        // Rounding defeated the computation in the data's units (γ* below about 1e-30·R, data
        // of size 1e±30 and beyond): the scale-free separator, taken back to those units, still
        // separates the set; its margin is a lower bound of γ*.
        None => {
            let [b, w1, w2] = unit_best;
            let back = if unit_exponent >= 0 {
                [
                    b,
                    times_power_of_two(w1, -unit_exponent),
                    times_power_of_two(w2, -unit_exponent),
                ]
            } else {
                [times_power_of_two(b, unit_exponent), w1, w2]
            };
            let length = robust_norm(back);
            (back.map(|c| c / length), false)
        }
    };
    let mut weights = weights;
    if !bias {
        weights[0] = 0.0; // already ±0 exactly; written out so callers never see −0
    }

    // γ* is reported as the margin the returned weights really have, in the caller's units. It
    // may underflow to 0 (denormal data far from a separator through the origin) or round to a
    // value off by a few ulps of R; the verdict above stands either way.
    let margins: Vec<f64> = us.iter().map(|&u| scaled_dot(weights, u)).collect();
    let gamma = margins
        .iter()
        .copied()
        .fold(f64::INFINITY, f64::min)
        .max(0.0);
    let r = radius(points, bias);
    let tolerance = SUPPORT_REL * gamma + ROUNDING * r;
    let support = margins
        .iter()
        .enumerate()
        .filter(|&(_, &m)| m - gamma <= tolerance)
        .map(|(i, _)| i)
        .collect();
    MaxMargin::Separable {
        weights,
        gamma,
        support,
        exact,
    }
}

/// Unit weights `w*` maximising `min_i w·u_i` (the minimum-norm point of `conv{u_i}`, normalised),
/// computed on the `u_i` divided by the power of two at or below their largest coordinate (exact,
/// so the algorithm sees the caller's directions). With `verdict`, `None` when the origin is in
/// the hull as far as the verdict goes (`‖p*‖ ≤ ZERO_NORM·R`, or no sample strictly on the side
/// of `w*`); without, `None` only when the point found is 0 (Wolfe then runs to the end, since the
/// caller knows the set is separable).
fn separator(us: &[Vec3], verdict: bool) -> Option<Vec3> {
    let largest = us.iter().flatten().fold(0.0, |m: f64, c| m.max(c.abs()));
    if largest == 0.0 {
        return None;
    }
    let e = exponent(largest);
    let scaled: Vec<Vec3> = us
        .iter()
        .map(|u| u.map(|c| times_power_of_two(c, -e)))
        .collect();
    let r = scaled.iter().map(|&u| robust_norm(u)).fold(0.0, f64::max);
    let floor = if verdict { ZERO_NORM * r } else { 0.0 };
    let p = min_norm_point(&scaled, r, floor);
    let p_norm = robust_norm(p);
    if p_norm <= floor || p_norm == 0.0 {
        return None;
    }
    let weights = p.map(|c| c / p_norm);
    // ‖p‖ just above the threshold but no sample strictly on its side: separable at most by a
    // margin at the level of rounding.
    if verdict && min_margin(weights, &scaled) <= 0.0 {
        return None;
    }
    Some(weights)
}

/// `min_i w·u_i`, each product computed without overflow or needless underflow.
fn min_margin(w: Vec3, us: &[Vec3]) -> f64 {
    us.iter()
        .map(|&u| scaled_dot(w, u))
        .fold(f64::INFINITY, f64::min)
}

/// `w·u` for a unit `w`, computed on `u` brought to unit size and scaled back, so that neither a
/// huge `u` overflows in the sum nor a denormal one loses its digits in the products.
fn scaled_dot(w: Vec3, u: Vec3) -> f64 {
    let largest = u.iter().fold(0.0, |m: f64, c| m.max(c.abs()));
    if largest == 0.0 {
        return 0.0;
    }
    let e = exponent(largest);
    times_power_of_two(dot(w, u.map(|c| times_power_of_two(c, -e))), e)
}

/// `‖a‖` without overflow or underflow in the squares.
fn robust_norm(a: Vec3) -> f64 {
    let largest = a.iter().fold(0.0, |m: f64, c| m.max(c.abs()));
    if largest == 0.0 {
        return 0.0;
    }
    let e = exponent(largest);
    times_power_of_two(norm(a.map(|c| times_power_of_two(c, -e))), e)
}

/// The exponent `e` with `2^e ≤ v < 2^(e+1)`, for finite `v > 0` (denormals included).
fn exponent(v: f64) -> i32 {
    let bits = v.abs().to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    if biased == 0 {
        // Denormal: value = mantissa · 2^−1074.
        let mantissa = bits & ((1u64 << 52) - 1);
        63 - mantissa.leading_zeros() as i32 - 1074
    } else {
        biased - 1023
    }
}

/// `v · 2^n`, exact whenever the result is a normal number (applied in steps that stay within the
/// normal range, so no intermediate overflows or underflows on the way to a representable result).
fn times_power_of_two(mut v: f64, mut n: i32) -> f64 {
    while n != 0 {
        let step = n.clamp(-1000, 1000);
        v *= 2f64.powi(step);
        n -= step;
    }
    v
}

/// The perceptron mistake bound `(R / γ*)²`, for display beside the live update count.
///
/// Infinite when `gamma ≤ 0` (no separator, no bound).
pub fn mistake_bound(radius: f64, gamma: f64) -> f64 {
    if gamma <= 0.0 {
        f64::INFINITY
    } else {
        (radius / gamma).powi(2)
    }
}

/// γ* as the theory panel and the "will it converge?" reveal write it: `≥ γ` when it is a lower
/// bound ([`MaxMargin::Separable`]'s `exact` is false), and words instead of `0` when it
/// underflowed (the set is separable all the same).
pub fn margin_text(gamma: f64, exact: bool) -> String {
    if gamma == 0.0 {
        format!(
            "{} (too small for a double)",
            crate::core::numfmt::UNDER_MIN
        )
    } else if exact {
        crate::core::numfmt::num(gamma)
    } else {
        format!("≥ {}", crate::core::numfmt::num(gamma))
    }
}

/// The mistake bound `(R/γ*)²` ([`mistake_bound`]) as the theory panel and the "will it
/// converge?" reveal write it: rounded up, or words when it exceeds the largest double.
pub fn bound_text(bound: f64) -> String {
    if bound.is_finite() {
        crate::core::numfmt::num(bound.ceil())
    } else {
        format!("{} (too large for a double)", crate::core::numfmt::OVER_MAX)
    }
}

/// A sample in the space the perceptron uses, bias coordinate first. Without bias the coordinate
/// is 0 rather than dropped, so weights keep their `[b, w1, w2]` layout (with `b = 0`) and one
/// code path serves both spaces; the zero changes no dot product or norm.
fn lift(x: [f64; 2], bias: bool) -> Vec3 {
    [if bias { 1.0 } else { 0.0 }, x[0], x[1]]
}

fn sign(label: f64) -> f64 {
    if label > 0.0 {
        1.0
    } else {
        -1.0
    }
}

fn dot(a: Vec3, b: Vec3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn norm(a: Vec3) -> f64 {
    dot(a, a).sqrt()
}

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
fn min_norm_point(us: &[Vec3], r: f64, floor: f64) -> Vec3 {
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
fn affine_min_norm(points: &[Vec3], r: f64) -> Option<(Vec3, Vec<f64>)> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-14
    }

    #[test]
    fn affine_min_norm_of_a_segment_and_a_triangle() {
        // Segment (1, 1, 0)–(1, −1, 0): foot (1, 0, 0), halfway.
        let (y, v) = affine_min_norm(&[[1.0, 1.0, 0.0], [1.0, -1.0, 0.0]], 2.0).unwrap();
        assert!(
            close(y[0], 1.0) && close(y[1], 0.0) && close(y[2], 0.0),
            "{y:?}"
        );
        assert!(close(v[0], 0.5) && close(v[1], 0.5), "{v:?}");
        // Triangle e1, e2, e3: the plane x+y+z = 1, foot (1/3, 1/3, 1/3).
        let (y, v) =
            affine_min_norm(&[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]], 1.0).unwrap();
        for k in 0..3 {
            assert!(
                close(y[k], 1.0 / 3.0) && close(v[k], 1.0 / 3.0),
                "{y:?} {v:?}"
            );
        }
        // The foot may lie outside the simplex: coordinates go negative.
        let (y, v) = affine_min_norm(&[[1.0, 1.0, 0.0], [1.0, 3.0, 0.0]], 3.0).unwrap();
        assert!(close(y[0], 1.0) && close(y[1], 0.0), "{y:?}");
        assert!(close(v[0], 1.5) && close(v[1], -0.5), "{v:?}");
    }

    #[test]
    fn dependent_points_are_refused() {
        let collinear = [[0.0, 1.0, 1.0], [0.0, 2.0, 2.0], [0.0, 3.0, 3.0]];
        assert!(affine_min_norm(&collinear, 5.0).is_none());
        let duplicate = [[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]];
        assert!(affine_min_norm(&duplicate, 4.0).is_none());
    }

    #[test]
    fn wolfe_finds_the_nearest_vertex_edge_and_face() {
        let r = 3.0;
        // Nearest point is the vertex (1, 0, 0).
        let p = min_norm_point(
            &[[1.0, 0.0, 0.0], [2.0, 1.0, 0.0], [1.0, 2.0, 2.0]],
            r,
            ZERO_NORM * r,
        );
        assert_eq!(p, [1.0, 0.0, 0.0]);
        // Nearest point is the middle of an edge.
        let p = min_norm_point(
            &[[1.0, 1.0, 0.0], [1.0, -1.0, 0.0], [2.0, 0.0, 0.0]],
            r,
            ZERO_NORM * r,
        );
        assert!(
            close(p[0], 1.0) && close(p[1], 0.0) && close(p[2], 0.0),
            "{p:?}"
        );
        // Nearest point is inside a face.
        let p = min_norm_point(
            &[
                [1.0, 0.0, 0.0],
                [0.0, 1.0, 0.0],
                [0.0, 0.0, 1.0],
                [1.0, 1.0, 1.0],
            ],
            r,
            ZERO_NORM * r,
        );
        assert!(p.iter().all(|&c| close(c, 1.0 / 3.0)), "{p:?}");
        // The origin inside a tetrahedron.
        let p = min_norm_point(
            &[
                [1.0, 1.0, 1.0],
                [1.0, -1.0, -1.0],
                [-1.0, 1.0, -1.0],
                [-1.0, -1.0, 1.0],
            ],
            r,
            ZERO_NORM * r,
        );
        assert!(norm(p) <= 1e-15, "{p:?}");
    }
}
