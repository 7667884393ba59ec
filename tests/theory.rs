//! Margin theory: radius, margin of given weights, the maximum-margin separator and the mistake
//! bound, on hand-computed cases from the course (seeds 000 and 001), against an independent
//! brute force on thousands of random small sets, against exact rational arithmetic on integer
//! sets with margins down to 1e-7·R, and on 10 000 points.
#![cfg(not(target_arch = "wasm32"))]

use approx::assert_abs_diff_eq;
use perceptron_lab::core::{margin_of, max_margin, mistake_bound, radius, MaxMargin};

/// The separable case's fields, or a panic naming what came instead.
fn separable(result: MaxMargin) -> ([f64; 3], f64, Vec<usize>) {
    match result {
        MaxMargin::Separable {
            weights,
            gamma,
            support,
            exact: true,
        } => (weights, gamma, support),
        other => panic!("expected Separable, got {other:?}"),
    }
}

fn assert_weights(actual: [f64; 3], expected: [f64; 3]) {
    for k in 0..3 {
        assert_abs_diff_eq!(actual[k], expected[k], epsilon = 1e-12);
    }
}

/// The samples as the perceptron sees them, multiplied by their labels: `u_i = y_i·z_i`, with
/// `z = (1, x1, x2)` with bias and `(x1, x2)` without (no padding: the brute force is written
/// for any dimension, independently of the module's layout).
fn signed_lifted(points: &[[f64; 2]], labels: &[f64], bias: bool) -> Vec<Vec<f64>> {
    points
        .iter()
        .zip(labels)
        .map(|(x, &y)| {
            let z: Vec<f64> = if bias {
                vec![1.0, x[0], x[1]]
            } else {
                vec![x[0], x[1]]
            };
            z.into_iter().map(|c| y * c).collect()
        })
        .collect()
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn sub(a: &[f64], b: &[f64]) -> Vec<f64> {
    a.iter().zip(b).map(|(x, y)| x - y).collect()
}

/// The module's weights restricted to the perceptron's space (dropping `b` without bias).
fn in_space(weights: [f64; 3], bias: bool) -> Vec<f64> {
    if bias {
        weights.to_vec()
    } else {
        vec![weights[1], weights[2]]
    }
}

// ---------------------------------------------------------------------------------------------
// The independent brute force.
// ---------------------------------------------------------------------------------------------

/// For every subset of 1, 2 or 3 of `us` (at most `dim` points), the point of the subset's affine
/// hull nearest the origin, kept when its barycentric coordinates are all non-negative, i.e. it
/// lies in the subset's convex hull. Closed forms, no code shared with Wolfe's algorithm in the
/// module: projection onto a segment, and for a triangle the foot of the perpendicular
/// `(a·n / n·n)·n` along the normal `n = (b − a) × (c − a)` with coordinates from signed areas
/// (cross products keep the accuracy that a Gram matrix would square away on thin triangles).
fn hull_candidates(us: &[Vec<f64>]) -> Vec<Vec<f64>> {
    const TOL: f64 = 1e-12;
    let dim = us.first().map_or(0, Vec::len);
    let n = us.len();
    let mut out = Vec::new();
    for a in 0..n {
        out.push(us[a].clone());
        for b in a + 1..n {
            let d = sub(&us[b], &us[a]);
            let dd = dot(&d, &d);
            if dd > 0.0 {
                let t = -dot(&us[a], &d) / dd;
                if (-TOL..=1.0 + TOL).contains(&t) {
                    out.push(us[a].iter().zip(&d).map(|(p, q)| p + t * q).collect());
                }
            }
            if dim < 3 {
                continue;
            }
            for c in b + 1..n {
                let e = sub(&us[c], &us[a]);
                let normal = cross(&d, &e);
                let nn = dot(&normal, &normal);
                if nn <= 1e-20 * dd * dot(&e, &e) {
                    continue; // affinely dependent: covered by the smaller subsets
                }
                let p: Vec<f64> = normal
                    .iter()
                    .map(|k| dot(&us[a], &normal) / nn * k)
                    .collect();
                let area =
                    |x: &[f64], y: &[f64]| dot(&normal, &cross(&sub(x, &p), &sub(y, &p))) / nn;
                let coords = [
                    area(&us[b], &us[c]),
                    area(&us[c], &us[a]),
                    area(&us[a], &us[b]),
                ];
                if coords.iter().all(|&l| l >= -TOL) {
                    out.push(p);
                }
            }
        }
    }
    out
}

fn cross(a: &[f64], b: &[f64]) -> Vec<f64> {
    vec![
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// The minimum-norm point of `conv(us)` by enumeration: the smallest candidate that satisfies the
/// optimality condition `p·u_j ≥ ‖p‖² − tol` for all `j`. `None` (not separable) when no
/// candidate does (the origin is inside a full-dimensional simplex) or when it is the origin.
/// `tol = 1e-9·‖p‖·R`: 1e-9 on data of unit size, and relative so that it stays below ‖p‖² on
/// sets whose margin is far smaller than the data.
fn brute_force(us: &[Vec<f64>]) -> Option<Vec<f64>> {
    let scale = us.iter().map(|u| dot(u, u).sqrt()).fold(0.0, f64::max);
    let best = hull_candidates(us)
        .into_iter()
        .filter(|p| {
            let pp = dot(p, p);
            let tol = 1e-9 * pp.sqrt() * scale;
            us.iter().all(|u| dot(p, u) >= pp - tol)
        })
        .min_by(|p, q| dot(p, p).total_cmp(&dot(q, q)))?;
    (dot(&best, &best).sqrt() > 1e-12 * scale).then_some(best)
}

/// Whether `q` lies in `conv(points)` (within `tol`): the nearest point of the hull of the
/// `points − q` is the origin.
fn hull_contains(points: &[Vec<f64>], q: &[f64], tol: f64) -> bool {
    let shifted: Vec<Vec<f64>> = points.iter().map(|p| sub(p, q)).collect();
    let dim = q.len();
    // With fewer than `dim + 1` points the candidates cover every face; with more, the origin
    // may sit inside a full-dimensional simplex, so try the simplices too (≤ dim + 1 points).
    let near_face = hull_candidates(&shifted)
        .iter()
        .any(|p| dot(p, p).sqrt() <= tol);
    near_face || (dim == 3 && inside_some_tetrahedron(&shifted, tol))
}

fn inside_some_tetrahedron(ps: &[Vec<f64>], tol: f64) -> bool {
    let det3 = |a: &[f64], b: &[f64], c: &[f64]| {
        a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
            + a[2] * (b[0] * c[1] - b[1] * c[0])
    };
    let n = ps.len();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    // The origin is inside iff it is on the same side of each face as the
                    // opposite vertex: the four signed volumes with the origin swapped in agree.
                    let v = [
                        det3(&ps[b], &ps[c], &ps[d]),
                        -det3(&ps[a], &ps[c], &ps[d]),
                        det3(&ps[a], &ps[b], &ps[d]),
                        -det3(&ps[a], &ps[b], &ps[c]),
                    ];
                    let total: f64 = v.iter().sum();
                    if total.abs() > tol && v.iter().all(|&x| x * total.signum() >= -tol) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The optimality certificate of a claimed separator: `γ·w*` lies in the convex hull of the
/// support vectors' `u_i`. (That `w*·u_i ≥ γ` for all `i` holds by construction, since γ is the
/// smallest margin; this is the half that makes γ maximal: `γ·w*` is then a point of the hull with
/// `p·u_i ≥ ‖p‖²` for all `i`, the condition for the hull's nearest point.)
fn assert_optimal(us: &[Vec<f64>], weights: [f64; 3], gamma: f64, support: &[usize], bias: bool) {
    let w = in_space(weights, bias);
    assert_abs_diff_eq!(dot(&w, &w), 1.0, epsilon = 1e-12);
    let r = us.iter().map(|u| dot(u, u).sqrt()).fold(0.0, f64::max);
    for (i, u) in us.iter().enumerate() {
        let m = dot(&w, u);
        assert!(m >= gamma - 1e-9 * r, "sample {i}: margin {m} < γ {gamma}");
        // Support vectors are on the margin; samples clearly on it are support vectors (the
        // band between the two tolerances is left to the module).
        if support.contains(&i) {
            assert!(
                m - gamma <= 1e-9 * (gamma + r),
                "sample {i}: margin {m}, γ {gamma}"
            );
        } else {
            assert!(
                m - gamma > 1e-12 * gamma,
                "sample {i}: margin {m}, γ {gamma}"
            );
        }
    }
    let p: Vec<f64> = w.iter().map(|c| gamma * c).collect();
    let support_points: Vec<Vec<f64>> = support.iter().map(|&i| us[i].clone()).collect();
    assert!(
        hull_contains(&support_points, &p, 1e-9 * r),
        "γ·w* = {p:?} is not in the hull of the support vectors {support_points:?}"
    );
}

/// A tiny seeded generator (Knuth's MMIX LCG, high bits), so the random sets are the same on
/// every machine.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        self.next() as f64 / (1u64 << 31) as f64
    }

    /// Roughly standard normal (Irwin–Hall: the sum of 12 uniforms, minus 6).
    fn normal(&mut self) -> f64 {
        (0..12).map(|_| self.unit()).sum::<f64>() - 6.0
    }

    fn label(&mut self) -> f64 {
        if self.below(2) == 0 {
            -1.0
        } else {
            1.0
        }
    }
}

/// Compares the module with the brute force on one set; returns whether it was separable.
fn cross_check(points: &[[f64; 2]], labels: &[f64], bias: bool) -> bool {
    let context = format!("points {points:?} labels {labels:?} bias {bias}");
    let result = max_margin(points, labels, bias);
    if !(labels.iter().any(|&y| y > 0.0) && labels.iter().any(|&y| y < 0.0)) {
        assert_eq!(result, MaxMargin::Undefined, "{context}");
        return false;
    }
    let us = signed_lifted(points, labels, bias);
    match (brute_force(&us), result) {
        (None, MaxMargin::NotSeparable) => false,
        (
            Some(p),
            MaxMargin::Separable {
                weights,
                gamma,
                support,
                exact: true,
            },
        ) => {
            let brute_gamma = dot(&p, &p).sqrt();
            assert!(
                (gamma - brute_gamma).abs() <= 1e-9 * brute_gamma,
                "γ {gamma} vs brute force {brute_gamma}; {context}"
            );
            // The maximiser is unique (the hull's nearest point is), so the weights agree too.
            let w = in_space(weights, bias);
            for (a, b) in w.iter().zip(&p) {
                assert!(
                    (a - b / brute_gamma).abs() <= 1e-9,
                    "w* {w:?} vs {p:?}; {context}"
                );
            }
            if !bias {
                assert_eq!(weights[0], 0.0, "{context}");
            }
            assert_optimal(&us, weights, gamma, &support, bias);
            true
        }
        (brute, result) => panic!("brute force {brute:?} but module {result:?}; {context}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Hand-computed cases.
// ---------------------------------------------------------------------------------------------

/// (1, 0)+ and (−1, 0)−. Without bias u1 = (1, 0) and u2 = −(−1, 0) = (1, 0): the hull is the one
/// point (1, 0), so γ* = 1, w* = (1, 0), and both samples are support vectors.
#[test]
fn two_points_without_bias() {
    let points = [[1.0, 0.0], [-1.0, 0.0]];
    let labels = [1.0, -1.0];
    let (weights, gamma, support) = separable(max_margin(&points, &labels, false));
    assert_weights(weights, [0.0, 1.0, 0.0]);
    assert_abs_diff_eq!(gamma, 1.0, epsilon = 1e-12);
    assert_eq!(support, [0, 1]);
    assert_eq!(radius(&points, false), 1.0);
    assert_abs_diff_eq!(mistake_bound(1.0, gamma), 1.0, epsilon = 1e-12);
}

/// With bias u1 = (1, 1, 0) and u2 = −(1, −1, 0) = (−1, 1, 0). The nearest point of the segment
/// between them: u1 + t(u2 − u1) = (1 − 2t, 1, 0), smallest at t = 1/2, p* = (0, 1, 0). So γ* = 1
/// and w* = [b, w1, w2] = [0, 1, 0]: the bias is not needed, the boundary is x1 = 0. R = ‖(1, ±1)‖
/// = √2, so the bound is (√2 / 1)² = 2.
#[test]
fn two_points_with_bias() {
    let points = [[1.0, 0.0], [-1.0, 0.0]];
    let labels = [1.0, -1.0];
    let (weights, gamma, support) = separable(max_margin(&points, &labels, true));
    assert_weights(weights, [0.0, 1.0, 0.0]);
    assert_abs_diff_eq!(gamma, 1.0, epsilon = 1e-12);
    assert_eq!(support, [0, 1]);
    assert_abs_diff_eq!(radius(&points, true), 2f64.sqrt(), epsilon = 1e-15);
    assert_abs_diff_eq!(
        mistake_bound(radius(&points, true), gamma),
        2.0,
        epsilon = 1e-12
    );
}

/// Seed 001's margin example: S = ((1, −1), (−1, −1), (0.05, 0), (−1, 0)), w = (1, 0), no bias.
/// The course takes |⟨w, x⟩| / ‖w‖ = 1, 1, 0.05, 1, so γ = 0.05. With labels that w = (1, 0)
/// classifies correctly (the sign of x1) the signed margins are those same numbers.
#[test]
fn seed_001_margin_example() {
    let points = [[1.0, -1.0], [-1.0, -1.0], [0.05, 0.0], [-1.0, 0.0]];
    let labels = [1.0, -1.0, 1.0, -1.0];
    let w = [0.0, 1.0, 0.0];
    let each: Vec<f64> = (0..4)
        .map(|i| margin_of(w, &points[i..=i], &labels[i..=i], false).unwrap())
        .collect();
    assert_eq!(each, [1.0, 1.0, 0.05, 1.0]);
    assert_eq!(margin_of(w, &points, &labels, false), Some(0.05));
    // ‖w‖ divides: w = (2, 0) has the same margin.
    assert_eq!(
        margin_of([0.0, 2.0, 0.0], &points, &labels, false),
        Some(0.05)
    );
    // Without bias b is not part of the perceptron's w: it is ignored.
    assert_eq!(
        margin_of([7.0, 1.0, 0.0], &points, &labels, false),
        Some(0.05)
    );

    // Here (1, 0) is also the best direction: u = (1, −1), (1, 1), (0.05, 0), (1, 0), and the
    // vertex p = (0.05, 0) already has p·u_j ≥ ‖p‖² = 0.0025 for every j.
    let (weights, gamma, support) = separable(max_margin(&points, &labels, false));
    assert_weights(weights, [0.0, 1.0, 0.0]);
    assert_abs_diff_eq!(gamma, 0.05, epsilon = 1e-15);
    assert_eq!(support, [2]);

    // Read literally, the course's labels (x1, x2, y) put (−1, −1) in class +1, which w = (1, 0)
    // gets wrong by 1: the signed margin says so.
    let course_labels = [1.0, 1.0, 1.0, -1.0];
    assert_eq!(margin_of(w, &points, &course_labels, false), Some(-1.0));
}

#[test]
fn margin_of_signs_norms_and_refusals() {
    let points = [[3.0, 4.0]];
    // With bias the norm includes b: w = [1, 0, 0] scores 1 on every sample, ‖w‖ = 1.
    assert_eq!(margin_of([1.0, 0.0, 0.0], &points, &[1.0], true), Some(1.0));
    // w = [−1, 1, 1]: score −1 + 3 + 4 = 6, ‖w‖ = √3.
    assert_abs_diff_eq!(
        margin_of([-1.0, 1.0, 1.0], &points, &[1.0], true).unwrap(),
        6.0 / 3f64.sqrt(),
        epsilon = 1e-15
    );
    // Without bias, w = [5, 0, 0] is the zero vector of the perceptron's space.
    assert_eq!(margin_of([5.0, 0.0, 0.0], &points, &[1.0], false), None);
    assert_eq!(margin_of([0.0, 0.0, 0.0], &points, &[1.0], true), None);
    assert_eq!(margin_of([0.0, 1.0, 0.0], &[], &[], true), None);
    assert_eq!(
        margin_of([0.0, 1.0, 0.0], &points, &[1.0, -1.0], true),
        None
    );
    // On the boundary: margin 0; misclassified: negative.
    assert_eq!(
        margin_of([0.0, 4.0, -3.0], &points, &[1.0], false),
        Some(0.0)
    );
    assert_eq!(
        margin_of([0.0, 1.0, 0.0], &points, &[-1.0], false),
        Some(-3.0)
    );
}

/// Seed 001's XOR set: no line separates it, through the origin or not. Without bias u = (1, 1),
/// (−1, 1), (1, −1), (−1, −1) and the origin is the middle of (1, 1)–(−1, −1); with bias the
/// average of the four u = (±1, …) is (0, 0, 0).
#[test]
fn xor_is_not_separable() {
    let points = [[1.0, 1.0], [1.0, -1.0], [-1.0, 1.0], [-1.0, -1.0]];
    let labels = [1.0, -1.0, -1.0, 1.0];
    assert_eq!(max_margin(&points, &labels, false), MaxMargin::NotSeparable);
    assert_eq!(max_margin(&points, &labels, true), MaxMargin::NotSeparable);
}

/// Seed 001's first example, no bias: (4, 0)+, (1, 1)−, (0, 1)−, (−2, −2)+; the perceptron stops
/// at w = (1, −3), margin min(4, 2, 3, 4)/√10 = 2/√10.
///
/// By hand: u = (4, 0), (−1, −1), (0, −1), (−2, −2). On the edge (4, 0)–(−1, −1) the nearest
/// point is (4, 0) + t(−5, −1) with t = 20/26, p* = (2/13, −10/13), ‖p*‖² = 104/169 = 8/13; it is
/// optimal since p*·u = 8/13, 8/13, 10/13, 16/13 are all ≥ 8/13. So γ* = √(8/13) ≈ 0.784,
/// w* = (1, −5)/√26, support {(4, 0), (1, 1)}, R = 4 and the bound is 16/(8/13) = 26.
#[test]
fn seed_001_example_1() {
    let points = [[4.0, 0.0], [1.0, 1.0], [0.0, 1.0], [-2.0, -2.0]];
    let labels = [1.0, -1.0, -1.0, 1.0];
    let perceptron = margin_of([0.0, 1.0, -3.0], &points, &labels, false).unwrap();
    assert_abs_diff_eq!(perceptron, 2.0 / 10f64.sqrt(), epsilon = 1e-15);

    let (weights, gamma, support) = separable(max_margin(&points, &labels, false));
    assert!(gamma >= perceptron);
    assert_abs_diff_eq!(gamma, (8.0f64 / 13.0).sqrt(), epsilon = 1e-14);
    let root26 = 26f64.sqrt();
    assert_weights(weights, [0.0, 1.0 / root26, -5.0 / root26]);
    assert_eq!(support, [0, 1]);
    for i in 0..4 {
        let m = margin_of(weights, &points[i..=i], &labels[i..=i], false).unwrap();
        assert!(m >= gamma - 1e-9, "sample {i}: {m} < {gamma}");
        if support.contains(&i) {
            assert_abs_diff_eq!(m, gamma, epsilon = 1e-12);
        }
    }
    assert_abs_diff_eq!(
        margin_of(weights, &points, &labels, false).unwrap(),
        gamma,
        epsilon = 1e-15
    );
    assert_eq!(radius(&points, false), 4.0);
    assert_abs_diff_eq!(
        mistake_bound(radius(&points, false), gamma),
        26.0,
        epsilon = 1e-12
    );
}

/// Seed 000's five points with bias: (1, 1)−, (3, 2)+, (2, 4)+, (3, 4)+, (2, 3)−.
///
/// Separable: the line 2·x1 + x2 = 7.5 has the positives at 8, 8, 10 and the negatives at 3, 7.
/// The maximum margin is w ∝ (−15, 4, 2) (bias first): its scores times y are 9, 1, 1, 5, 1, so it
/// meets U·w ≥ 1 with equality on samples 1, 2 and 4, and w = 34·u1 + 81·u2 + 130·u4 with
/// u1 = (1, 3, 2), u2 = (1, 2, 4), u4 = −(1, 2, 3) — non-negative multipliers, the KKT condition of
/// min ‖w‖ subject to U·w ≥ 1. So γ* = 1/‖(−15, 4, 2)‖ = 1/√245 ≈ 0.0639 (an SLSQP solve of the
/// same problem agrees). Without bias the angles interleave (+ at 33.7°, 53.1°, 63.4°; − at 45°,
/// 56.3°), so no line through the origin separates them.
#[test]
fn seed_000_with_bias_is_separable() {
    let points = [[1.0, 1.0], [3.0, 2.0], [2.0, 4.0], [3.0, 4.0], [2.0, 3.0]];
    let labels = [-1.0, 1.0, 1.0, 1.0, -1.0];
    let (weights, gamma, support) = separable(max_margin(&points, &labels, true));
    let root245 = 245f64.sqrt();
    assert_abs_diff_eq!(gamma, 1.0 / root245, epsilon = 1e-15);
    assert_weights(weights, [-15.0 / root245, 4.0 / root245, 2.0 / root245]);
    assert_eq!(support, [1, 2, 4]);
    // The hand separator is the same direction.
    assert_abs_diff_eq!(
        margin_of([-7.5, 2.0, 1.0], &points, &labels, true).unwrap(),
        gamma,
        epsilon = 1e-15
    );
    // The perceptron's weights after the course's one pass, [−1, 1, −1], still misclassify.
    assert!(margin_of([-1.0, 1.0, -1.0], &points, &labels, true).unwrap() < 0.0);
    assert_eq!(max_margin(&points, &labels, false), MaxMargin::NotSeparable);
    assert_eq!(
        brute_force(&signed_lifted(&points, &labels, false)),
        None,
        "the brute force agrees"
    );
}

/// Data far from the origin, with the bias: seed 000 moved by (s, s). The separator moves with
/// it: the line 2·x1 + x2 = 7.5 + 3s, w* ∝ (−(15 + 6s), 4, 2), scores times y still 9, 1, 1, 5, 1
/// (relative), so γ* = 1/√((15 + 6s)² + 20) — confirmed in exact rational arithmetic for
/// s = 10³ and 10⁶. Here γ*/R ≈ 0.12/s²: at s = 10⁵ about 1e-11, where a solver in plain f64
/// loses the optimal face (its error in w* is about ε·R/γ*, which the margins multiply by R).
/// At s = 10⁶, γ*/R ≈ 1.2e-13 is below 1e-12, yet the set is as separable as at s = 0: the
/// verdict is taken on the data brought to unit size (x/2^19 here), where the classes are 1e-6
/// apart, and γ* comes out exact in double-double.
#[test]
fn seed_000_far_from_the_origin() {
    let base = [[1.0, 1.0], [3.0, 2.0], [2.0, 4.0], [3.0, 4.0], [2.0, 3.0]];
    let labels = [-1.0, 1.0, 1.0, 1.0, -1.0];
    for s in [1e3, 1e4, 1e5, 1e6] {
        let points: Vec<[f64; 2]> = base.iter().map(|p| [p[0] + s, p[1] + s]).collect();
        let (weights, gamma, support) = separable(max_margin(&points, &labels, true));
        let length = ((15.0 + 6.0 * s).powi(2) + 20.0).sqrt();
        assert!(
            (gamma * length - 1.0).abs() <= 1e-9,
            "s {s}: γ {gamma} vs {}",
            1.0 / length
        );
        let expected = [-(15.0 + 6.0 * s) / length, 4.0 / length, 2.0 / length];
        for k in 0..3 {
            assert!(
                (weights[k] - expected[k]).abs() <= 1e-9 * expected[k].abs(),
                "s {s}: w* {weights:?} vs {expected:?}"
            );
        }
        assert_eq!(support, [1, 2, 4], "s {s}");
        assert!(margin_of(weights, &points, &labels, true).unwrap() > 0.0);
    }
}

/// A grid set blown up by 10⁶, with the bias: γ*/R ≈ 4.5e-8, and the optimal face holds a
/// point whose barycentric weight is about 1e-14 yet turns w* enough to matter at this distance
/// (a solver that drops small weights, or works in plain f64, calls this set not separable).
/// Exact rational arithmetic gives p* = (−50531250000000, 7875000, 18375000)/185281250000029,
/// so γ*² = 13781250000000/185281250000029 and the margins relative to γ* are 1, 1, 5/3, 31/21,
/// 5, 1, 7/3: support {0, 1, 5}.
#[test]
fn blown_up_grid_with_bias() {
    let points = [
        [0.0, 3.5e6],
        [0.0, 2e6],
        [0.0, 1.5e6],
        [1.5e6, 1e6],
        [3.5e6, 5e6],
        [-3.5e6, 3.5e6],
        [3.5e6, 3e6],
    ];
    let labels = [1.0, -1.0, -1.0, -1.0, 1.0, -1.0, 1.0];
    let (weights, gamma, support) = separable(max_margin(&points, &labels, true));
    let denominator = 185_281_250_000_029.0f64;
    let exact_gamma = (13_781_250_000_000.0f64 / denominator).sqrt();
    assert!(
        (gamma / exact_gamma - 1.0).abs() <= 1e-9,
        "γ {gamma} vs {exact_gamma}"
    );
    let p = [-50_531_250_000_000.0, 7_875_000.0, 18_375_000.0].map(|c| c / denominator);
    for k in 0..3 {
        let expected = p[k] / exact_gamma;
        assert!(
            (weights[k] - expected).abs() <= 1e-9 * expected.abs(),
            "w* {weights:?} vs {:?}",
            p.map(|c| c / exact_gamma)
        );
    }
    assert_eq!(support, [0, 1, 5]);
}

/// Classes that nearly touch: (−1, −4)− and (−1, −3.99999885…)+ are 1.2e-6 apart, and with the
/// bias γ* ≈ 1.9e-7 (γ*/R ≈ 2e-8). Found by a randomised stress run, in which the same
/// algorithm computing the foot of the perpendicular in plain f64 called it not separable. Exact
/// rational arithmetic gives γ*² = 420042500682845881/11408852483240675967308419862201, with the
/// samples 3, 4 and 6 on the margin.
#[test]
fn nearly_touching_classes() {
    let points = [
        [1.5, -3.5],
        [-3.0, -7.999998309552941],
        [0.5, 1.5],
        [-1.0, -3.9999988487309484],
        [-1.0, -4.0],
        [0.0, 4.0],
        [2.0, 2.0],
        [-0.5, -3.0000014150549785],
    ];
    let labels = [-1.0, 1.0, 1.0, 1.0, -1.0, 1.0, -1.0, -1.0];
    let (_, gamma, support) = separable(max_margin(&points, &labels, true));
    let exact =
        (420_042_500_682_845_881.0f64 / 11_408_852_483_240_675_967_308_419_862_201.0).sqrt();
    assert!((gamma / exact - 1.0).abs() <= 1e-7, "γ {gamma} vs {exact}");
    assert_eq!(support, [3, 4, 6]);
}

#[test]
fn radius_and_bound() {
    let points = [[1.0, 1.0], [3.0, 2.0], [2.0, 4.0], [3.0, 4.0], [2.0, 3.0]];
    // ‖(1, 3, 4)‖ = √26 with bias; ‖(3, 4)‖ = 5 without.
    assert_eq!(radius(&points, true), 26f64.sqrt());
    assert_eq!(radius(&points, false), 5.0);
    assert_eq!(radius(&[], true), 0.0);
    assert_eq!(radius(&[], false), 0.0);
    assert_eq!(mistake_bound(2.0, 0.5), 16.0);
    // The course's margin example, R = 1: 1/γ² = 400.
    assert_abs_diff_eq!(mistake_bound(1.0, 0.05), 400.0, epsilon = 1e-9);
    assert_eq!(mistake_bound(1.0, 0.0), f64::INFINITY);
}

// ---------------------------------------------------------------------------------------------
// Edge cases: never a panic, always a definite answer.
// ---------------------------------------------------------------------------------------------

/// Labels are read by sign, and 0 is negative, as `Label::parse` reads it.
#[test]
fn labels_by_sign() {
    let points = [[4.0, 0.0], [1.0, 1.0], [0.0, 1.0], [-2.0, -2.0]];
    let reference = max_margin(&points, &[1.0, -1.0, -1.0, 1.0], false);
    assert_eq!(
        max_margin(&points, &[2.5, 0.0, -0.5, 1e-9], false),
        reference
    );
    assert_eq!(
        margin_of([0.0, 1.0, -3.0], &points, &[3.0, 0.0, -7.0, 1.0], false),
        margin_of([0.0, 1.0, -3.0], &points, &[1.0, -1.0, -1.0, 1.0], false)
    );
    assert_eq!(max_margin(&points, &[0.0; 4], true), MaxMargin::Undefined);
}

#[test]
fn undefined_without_both_classes() {
    assert_eq!(max_margin(&[], &[], true), MaxMargin::Undefined);
    assert_eq!(
        max_margin(&[[1.0, 2.0]], &[1.0], true),
        MaxMargin::Undefined
    );
    let points = [[1.0, 2.0], [3.0, 4.0], [-1.0, 0.0]];
    assert_eq!(max_margin(&points, &[1.0; 3], false), MaxMargin::Undefined);
    assert_eq!(max_margin(&points, &[-1.0; 3], true), MaxMargin::Undefined);
    // Lengths that disagree are a caller's mistake, not a verdict.
    assert_eq!(
        max_margin(&points, &[1.0, -1.0], true),
        MaxMargin::Undefined
    );
}

#[test]
fn non_finite_input_is_refused_without_panic() {
    let labels = [1.0, -1.0, 1.0];
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let points = [[1.0, 2.0], [bad, 0.0], [2.0, 2.0]];
        assert_eq!(max_margin(&points, &labels, true), MaxMargin::Undefined);
        assert_eq!(max_margin(&points, &labels, false), MaxMargin::Undefined);
        let points = [[1.0, 2.0], [-1.0, 0.0], [2.0, 2.0]];
        assert_eq!(
            max_margin(&points, &[1.0, bad, -1.0], true),
            MaxMargin::Undefined
        );
        // Out of contract, but still no panic.
        let _ = margin_of([bad, 1.0, 0.0], &points, &labels, true);
        let _ = radius(&[[bad, 0.0]], true);
    }
}

#[test]
fn same_point_in_both_classes_is_not_separable() {
    let points = [[1.0, 2.0], [1.0, 2.0]];
    assert_eq!(
        max_margin(&points, &[1.0, -1.0], true),
        MaxMargin::NotSeparable
    );
    assert_eq!(
        max_margin(&points, &[1.0, -1.0], false),
        MaxMargin::NotSeparable
    );
}

/// Without bias a sample at the origin always scores 0, which is a mistake.
#[test]
fn origin_sample_without_bias() {
    let points = [[0.0, 0.0], [1.0, 1.0]];
    let labels = [1.0, -1.0];
    assert_eq!(max_margin(&points, &labels, false), MaxMargin::NotSeparable);
    assert_eq!(
        max_margin(&[[0.0, 0.0], [0.0, 0.0]], &labels, false),
        MaxMargin::NotSeparable
    );
    // With bias it is an ordinary point. By hand: u = (1, 0, 0), (−1, −1, −1); the segment
    // (1, 0, 0) + t(−2, −1, −1) is nearest the origin at t = 2/6, p* = (1/3, −1/3, −1/3), so
    // γ* = 1/√3 and w* = (1, −1, −1)/√3: the boundary x1 + x2 = 1, halfway between the points.
    let (weights, gamma, support) = separable(max_margin(&points, &labels, true));
    let root3 = 3f64.sqrt();
    assert_abs_diff_eq!(gamma, 1.0 / root3, epsilon = 1e-15);
    assert_weights(weights, [1.0 / root3, -1.0 / root3, -1.0 / root3]);
    assert_eq!(support, [0, 1]);
}

#[test]
fn duplicates_and_collinear_points() {
    // Each of the two points many times: the same answer as once, every copy a support vector.
    let mut points = Vec::new();
    let mut labels = Vec::new();
    for _ in 0..50 {
        points.extend([[1.0, 0.0], [-1.0, 0.0]]);
        labels.extend([1.0, -1.0]);
    }
    let (weights, gamma, support) = separable(max_margin(&points, &labels, true));
    assert_weights(weights, [0.0, 1.0, 0.0]);
    assert_abs_diff_eq!(gamma, 1.0, epsilon = 1e-12);
    assert_eq!(support, (0..100).collect::<Vec<_>>());

    // Collinear, classes in order along the line: separable; alternating: not.
    let line: Vec<[f64; 2]> = (0..8)
        .map(|k| [f64::from(k), 2.0 * f64::from(k) + 1.0])
        .collect();
    let ordered = [-1.0, -1.0, -1.0, -1.0, 1.0, 1.0, 1.0, 1.0];
    let (_, gamma, support) = separable(max_margin(&line, &ordered, true));
    assert!(gamma > 0.0);
    assert_eq!(support, [3, 4]);
    assert!(cross_check(&line, &ordered, true));
    let alternating = [1.0, -1.0, 1.0, -1.0, 1.0, -1.0, 1.0, -1.0];
    assert_eq!(
        max_margin(&line, &alternating, true),
        MaxMargin::NotSeparable
    );
    // Every sample on one side of a line through the origin, but both classes mixed along it.
    assert_eq!(
        max_margin(&line, &alternating, false),
        MaxMargin::NotSeparable
    );
}

/// Without bias, scaling the data by k scales γ* by k and leaves w* alone, far beyond the range
/// where squaring a coordinate would overflow or underflow.
#[test]
fn scale_invariance_without_bias() {
    let points = [[4.0, 0.0], [1.0, 1.0], [0.0, 1.0], [-2.0, -2.0]];
    let labels = [1.0, -1.0, -1.0, 1.0];
    let (w0, g0, s0) = separable(max_margin(&points, &labels, false));
    for k in [1e-200, 1e-8, 1e8, 1e200] {
        let scaled: Vec<[f64; 2]> = points.iter().map(|p| [k * p[0], k * p[1]]).collect();
        let (w, g, s) = separable(max_margin(&scaled, &labels, false));
        assert_weights(w, w0);
        assert!((g / k - g0).abs() <= 1e-12 * g0, "k {k}: γ {g}");
        assert_eq!(s, s0);
    }
}

// ---------------------------------------------------------------------------------------------
// Cross-check against the brute force on random sets.
// ---------------------------------------------------------------------------------------------

/// 3–9 points with integer and half-integer coordinates in [−5, 5] and random labels: grids are
/// full of exact ties (duplicates, collinear and cocircular points, many support vectors), the
/// hard cases for an active-set method.
#[test]
fn agrees_with_brute_force_on_grid_sets() {
    let mut rng = Lcg(2024);
    let mut separable_count = [0; 2];
    let mut not_separable_count = [0; 2];
    for _ in 0..2000 {
        let n = 3 + rng.below(7) as usize;
        let points: Vec<[f64; 2]> = (0..n)
            .map(|_| {
                [
                    (rng.below(21) as f64 - 10.0) / 2.0,
                    (rng.below(21) as f64 - 10.0) / 2.0,
                ]
            })
            .collect();
        let labels: Vec<f64> = (0..n).map(|_| rng.label()).collect();
        for (b, bias) in [false, true].into_iter().enumerate() {
            if cross_check(&points, &labels, bias) {
                separable_count[b] += 1;
            } else {
                not_separable_count[b] += 1;
            }
        }
    }
    // Both verdicts must have been exercised in both spaces, or the test proves little.
    for b in 0..2 {
        assert!(separable_count[b] >= 200, "{separable_count:?}");
        assert!(not_separable_count[b] >= 200, "{not_separable_count:?}");
    }
}

/// The same on small grid sets where the classes are split by a random line, so most are
/// separable, many with several support vectors.
#[test]
fn agrees_with_brute_force_on_separable_grid_sets() {
    let mut rng = Lcg(7);
    let mut separable_count = 0;
    for _ in 0..1000 {
        let n = 3 + rng.below(7) as usize;
        let (a, b, c) = (
            rng.below(7) as f64 - 3.0,
            rng.below(7) as f64 - 3.0,
            rng.below(9) as f64 - 4.0,
        );
        let points: Vec<[f64; 2]> = (0..n)
            .map(|_| {
                [
                    (rng.below(21) as f64 - 10.0) / 2.0,
                    (rng.below(21) as f64 - 10.0) / 2.0,
                ]
            })
            .collect();
        let labels: Vec<f64> = points
            .iter()
            .map(|p| {
                if a * p[0] + b * p[1] + c > 0.0 {
                    1.0
                } else {
                    -1.0
                }
            })
            .collect();
        for bias in [false, true] {
            if cross_check(&points, &labels, bias) {
                separable_count += 1;
            }
        }
    }
    assert!(separable_count >= 1000, "{separable_count}");
}

/// Points in general position (random real coordinates).
#[test]
fn agrees_with_brute_force_on_random_real_sets() {
    let mut rng = Lcg(99);
    for _ in 0..1000 {
        let n = 3 + rng.below(7) as usize;
        let shift = 4.0 * rng.unit();
        let points: Vec<[f64; 2]> = (0..n)
            .map(|_| [10.0 * rng.unit() - 5.0, 10.0 * rng.unit() - 5.0])
            .collect();
        // Half the sets get labels from a line, so separable sets are common.
        let by_line = rng.below(2) == 0;
        let labels: Vec<f64> = points
            .iter()
            .map(|p| match by_line {
                true if p[0] - 0.5 * p[1] + shift > 2.0 => 1.0,
                true => -1.0,
                false => rng.label(),
            })
            .collect();
        for bias in [false, true] {
            cross_check(&points, &labels, bias);
        }
    }
}

/// An exact brute force for integer data: every candidate of `hull_candidates` in rational
/// arithmetic (numerator vector over a positive integer denominator, checked i128). The nearest
/// point is the one candidate in the hull that meets the optimality condition `p·u_j ≥ ‖p‖²` with
/// no tolerance at all (that condition characterises it). Returns `Some(γ*)`, or `None` when the
/// origin is in the hull. `us` are lifted with a leading 0 without bias, so both spaces are R³.
fn exact_gamma(us: &[[i128; 3]]) -> Option<f64> {
    fn mul(a: i128, b: i128) -> i128 {
        a.checked_mul(b)
            .expect("i128 overflow: coordinates too large for the exact check")
    }
    fn add(a: i128, b: i128) -> i128 {
        a.checked_add(b)
            .expect("i128 overflow: coordinates too large for the exact check")
    }
    fn dot(a: &[i128; 3], b: &[i128; 3]) -> i128 {
        add(add(mul(a[0], b[0]), mul(a[1], b[1])), mul(a[2], b[2]))
    }
    fn sub(a: &[i128; 3], b: &[i128; 3]) -> [i128; 3] {
        std::array::from_fn(|k| add(a[k], -b[k]))
    }
    fn cross(a: &[i128; 3], b: &[i128; 3]) -> [i128; 3] {
        [
            add(mul(a[1], b[2]), -mul(a[2], b[1])),
            add(mul(a[2], b[0]), -mul(a[0], b[2])),
            add(mul(a[0], b[1]), -mul(a[1], b[0])),
        ]
    }
    fn scaled(a: &[i128; 3], k: i128) -> [i128; 3] {
        a.map(|c| mul(c, k))
    }
    // p = num / den is optimal iff num·u_j · den ≥ num·num for every j.
    let optimal = |num: &[i128; 3], den: i128| {
        let nn = dot(num, num);
        us.iter().all(|u| mul(dot(num, u), den) >= nn)
    };
    let answer = |num: &[i128; 3], den: i128| {
        let nn = dot(num, num);
        (nn != 0).then(|| (nn as f64).sqrt() / den as f64)
    };
    let n = us.len();
    for a in 0..n {
        if optimal(&us[a], 1) {
            return answer(&us[a], 1);
        }
        for b in a + 1..n {
            let d = sub(&us[b], &us[a]);
            let dd = dot(&d, &d);
            let t = -dot(&us[a], &d);
            if dd > 0 && (0..=dd).contains(&t) {
                let num: [i128; 3] = std::array::from_fn(|k| add(mul(us[a][k], dd), mul(t, d[k])));
                if optimal(&num, dd) {
                    return answer(&num, dd);
                }
            }
            for c in b + 1..n {
                let normal = cross(&d, &sub(&us[c], &us[a]));
                let nn = dot(&normal, &normal);
                if nn == 0 {
                    continue;
                }
                // p = (a·n / n·n)·n; its barycentric coordinates have the signs of
                // n·((B − P) × (C − P)) etc., here all scaled by n·n > 0 to stay in integers.
                let num = scaled(&normal, dot(&us[a], &normal));
                let corner = |i: usize| sub(&scaled(&us[i], nn), &num);
                let (pa, pb, pc) = (corner(a), corner(b), corner(c));
                let inside = [(&pb, &pc), (&pc, &pa), (&pa, &pb)]
                    .iter()
                    .all(|(x, y)| dot(&normal, &cross(x, y)) >= 0);
                if inside && optimal(&num, nn) {
                    return answer(&num, nn);
                }
            }
        }
    }
    None // the origin is inside a tetrahedron of the u_i
}

/// `(r, s)` with `p·s − q·r = 1`, for coprime `p`, `q` (extended Euclid).
fn lattice_neighbour(p: i64, q: i64) -> (i64, i64) {
    // Invariant: old_r·p + old_s·q = old_g.
    let (mut old_g, mut g) = (p, q);
    let (mut old_x, mut x) = (1i64, 0i64);
    let (mut old_y, mut y) = (0i64, 1i64);
    while g != 0 {
        let k = old_g.div_euclid(g);
        (old_g, g) = (g, old_g - k * g);
        (old_x, x) = (x, old_x - k * x);
        (old_y, y) = (y, old_y - k * y);
    }
    // old_x·p + old_y·q = ±1; we need p·s − q·r = 1: s = old_x, r = −old_y (times the sign).
    let sign = old_g.signum();
    (-old_y * sign, old_x * sign)
}

/// Integer sets with exact answers. A third around the origin (coordinates up to 100, labels from
/// a random line); a third in the square [200, 300]², far from it; a third built to be tight:
/// points on two neighbouring lattice lines `k·(p, q)` and `(r, s) + k·(p, q)` (distance
/// 1/‖(p, q)‖ apart) around (250, 250), one class each, so that with the bias γ* falls to about
/// 1e-7·R. The module's γ* is checked against exact rational arithmetic: agreement to 1e-9
/// relative, or to a few ε·R where γ* is that small (the rounding of the margins themselves: no
/// f64 method can do better).
#[test]
fn agrees_with_exact_arithmetic_on_integer_sets() {
    let mut rng = Lcg(11);
    let mut small = 0;
    let mut separable_count = 0;
    for round in 0..3000 {
        let (points, labels): (Vec<[f64; 2]>, Vec<f64>) = if round % 3 == 2 {
            let (p, q) = loop {
                let (p, q) = (1 + rng.below(30) as i64, rng.below(61) as i64 - 30);
                if gcd(p, q) == 1 {
                    break (p, q);
                }
            };
            let (r, s) = lattice_neighbour(p, q);
            assert_eq!(p * s - q * r, 1, "({p}, {q}) and ({r}, {s})");
            let base = [240 + rng.below(21) as i64, 240 + rng.below(21) as i64];
            (-1..=1)
                .flat_map(|k| {
                    [
                        ([base[0] + k * p, base[1] + k * q], 1.0),
                        ([base[0] + r + k * p, base[1] + s + k * q], -1.0),
                    ]
                })
                .map(|(x, y)| ([x[0] as f64, x[1] as f64], y))
                .unzip()
        } else {
            let n = 3 + rng.below(7) as usize;
            let (low, width) = if round % 3 == 0 {
                (-100.0, 201)
            } else {
                (200.0, 101)
            };
            let points: Vec<[f64; 2]> = (0..n)
                .map(|_| [low + rng.below(width) as f64, low + rng.below(width) as f64])
                .collect();
            let (a, b) = (rng.below(201) as f64 - 100.0, rng.below(201) as f64 - 100.0);
            // Through the middle of the square, then moved by up to ±50 and half a unit.
            let middle = low + (width - 1) as f64 / 2.0;
            let c = -(a + b) * middle + rng.below(101) as f64 - 50.0 + 0.5;
            let labels = points
                .iter()
                .map(|p| {
                    if a * p[0] + b * p[1] + c > 0.0 {
                        1.0
                    } else {
                        -1.0
                    }
                })
                .collect();
            (points, labels)
        };
        if !(labels.contains(&1.0) && labels.contains(&-1.0)) {
            continue;
        }
        for bias in [false, true] {
            let us: Vec<[i128; 3]> = points
                .iter()
                .zip(&labels)
                .map(|(p, &y)| {
                    let y = y as i128;
                    [if bias { y } else { 0 }, y * p[0] as i128, y * p[1] as i128]
                })
                .collect();
            let r = radius(&points, bias);
            let context = format!("points {points:?} labels {labels:?} bias {bias}");
            match (exact_gamma(&us), max_margin(&points, &labels, bias)) {
                (None, MaxMargin::NotSeparable) => {}
                (Some(exact), MaxMargin::Separable { gamma, .. }) => {
                    let tolerance = 1e-9 * exact + 16.0 * f64::EPSILON * r;
                    assert!(
                        (gamma - exact).abs() <= tolerance,
                        "γ {gamma} vs exact {exact}; {context}"
                    );
                    separable_count += 1;
                    if exact < 1e-6 * r {
                        small += 1;
                    }
                }
                (exact, result) => panic!("exact {exact:?} but module {result:?}; {context}"),
            }
        }
    }
    assert!(
        separable_count >= 2000,
        "only {separable_count} separable sets"
    );
    assert!(small >= 400, "only {small} sets with γ* < 1e-6·R");
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

// ---------------------------------------------------------------------------------------------
// Scale.
// ---------------------------------------------------------------------------------------------

/// 10 000 points in two well-separated clusters (no timing assertion: it must just finish) with
/// an optimal, certified answer, with and without bias.
#[test]
fn ten_thousand_points() {
    let mut rng = Lcg(1);
    let mut points = Vec::with_capacity(10_000);
    let mut labels = Vec::with_capacity(10_000);
    for i in 0..10_000 {
        let (cx, cy, y) = if i % 2 == 0 {
            (3.0, 3.0, 1.0)
        } else {
            (-3.0, -1.0, -1.0)
        };
        points.push([cx + 0.5 * rng.normal(), cy + 0.5 * rng.normal()]);
        labels.push(y);
    }
    for bias in [true, false] {
        let (weights, gamma, support) = separable(max_margin(&points, &labels, bias));
        assert!(gamma > 0.0);
        assert!(!support.is_empty() && support.len() <= 3, "{support:?}");
        let us = signed_lifted(&points, &labels, bias);
        assert_optimal(&us, weights, gamma, &support, bias);
        assert_abs_diff_eq!(
            margin_of(weights, &points, &labels, bias).unwrap(),
            gamma,
            epsilon = 1e-12
        );
        // The maximum margin of the whole set is the maximum margin of its support vectors.
        let sub_points: Vec<[f64; 2]> = support.iter().map(|&i| points[i]).collect();
        let sub_labels: Vec<f64> = support.iter().map(|&i| labels[i]).collect();
        if sub_labels.iter().any(|&y| y > 0.0) && sub_labels.iter().any(|&y| y < 0.0) {
            let (_, sub_gamma, _) = separable(max_margin(&sub_points, &sub_labels, bias));
            assert!((sub_gamma - gamma).abs() <= 1e-9 * gamma);
        }
    }
}
