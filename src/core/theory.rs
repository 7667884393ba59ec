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

mod wolfe;
use wolfe::min_norm_point;

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

#[cfg(test)]
mod tests;
