//! The plane `w·z = 0` in the box of the augmented view: the polygon it cuts from the box and
//! where that polygon crosses a level `x0 = h`.

use super::{dot, Bounds};

/// The part of the plane `w·z = 0` inside `bounds`: a convex polygon (3 to 6 corners, in order
/// around it), or empty when `w = 0` or not finite.
pub fn plane_polygon(w: [f64; 3], bounds: &Bounds) -> Vec<[f64; 3]> {
    if w.iter().any(|v| !v.is_finite()) || w.iter().all(|v| *v == 0.0) {
        return Vec::new();
    }
    // Scale-free: the plane is the same for any positive multiple of w.
    let norm = dot(w, w).sqrt();
    let n = [w[0] / norm, w[1] / norm, w[2] / norm];
    let corners = bounds.corners();
    let mut points: Vec<[f64; 3]> = Vec::new();
    // The 12 edges: corners differing in one coordinate bit.
    for i in 0..8usize {
        for a in 0..3 {
            let j = i | 1 << a;
            if j == i {
                continue;
            }
            let (p, q) = (corners[i], corners[j]);
            let (dp, dq) = (dot(n, p), dot(n, q));
            if dp == 0.0 {
                points.push(p);
            }
            if dq == 0.0 {
                points.push(q);
            }
            if (dp < 0.0 && dq > 0.0) || (dp > 0.0 && dq < 0.0) {
                let t = dp / (dp - dq);
                points.push([
                    p[0] + t * (q[0] - p[0]),
                    p[1] + t * (q[1] - p[1]),
                    p[2] + t * (q[2] - p[2]),
                ]);
            }
        }
    }
    // Remove duplicates (a corner on the plane is found from three edges).
    let size = [bounds.x0, bounds.x1, bounds.x2].map(|(lo, hi)| hi - lo);
    let close = |a: &[f64; 3], b: &[f64; 3]| (0..3).all(|k| (a[k] - b[k]).abs() <= size[k] * 1e-12);
    let mut unique: Vec<[f64; 3]> = Vec::new();
    for p in points {
        if !unique.iter().any(|u| close(u, &p)) {
            unique.push(p);
        }
    }
    if unique.len() < 3 {
        return Vec::new();
    }
    // Order around the centroid, by angle in a basis of the plane (in box-relative units so
    // that very different axis ranges do not squash the angles).
    let rel = |p: &[f64; 3]| [p[0] / size[0], p[1] / size[1], p[2] / size[2]];
    let k = unique.len() as f64;
    let c = unique.iter().fold([0.0; 3], |s, p| {
        let r = rel(p);
        [s[0] + r[0] / k, s[1] + r[1] / k, s[2] + r[2] / k]
    });
    let first = rel(&unique[0]);
    let u = [first[0] - c[0], first[1] - c[1], first[2] - c[2]];
    // The plane's normal in relative units: n scaled by the sizes.
    let m = [n[0] * size[0], n[1] * size[1], n[2] * size[2]];
    let v = [
        m[1] * u[2] - m[2] * u[1],
        m[2] * u[0] - m[0] * u[2],
        m[0] * u[1] - m[1] * u[0],
    ];
    let mut keyed: Vec<(f64, [f64; 3])> = unique
        .into_iter()
        .map(|p| {
            let r = rel(&p);
            let d = [r[0] - c[0], r[1] - c[1], r[2] - c[2]];
            (dot(d, v).atan2(dot(d, u)), p)
        })
        .collect();
    keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
    keyed.into_iter().map(|(_, p)| p).collect()
}

/// Where the convex polygon `plane` crosses the plane `x0 = h`: a segment, or `None` when it
/// does not (or lies in it).
pub fn slice_at(plane: &[[f64; 3]], h: f64) -> Option<[[f64; 3]; 2]> {
    let mut hits: Vec<[f64; 3]> = Vec::new();
    let k = plane.len();
    for i in 0..k {
        let (p, q) = (plane[i], plane[(i + 1) % k]);
        let (dp, dq) = (p[0] - h, q[0] - h);
        if dp == 0.0 && dq == 0.0 {
            return None;
        }
        if dp == 0.0 {
            hits.push(p);
        } else if (dp < 0.0 && dq > 0.0) || (dp > 0.0 && dq < 0.0) {
            let t = dp / (dp - dq);
            hits.push([h, p[1] + t * (q[1] - p[1]), p[2] + t * (q[2] - p[2])]);
        }
    }
    let first = *hits.first()?;
    let far = hits
        .iter()
        .copied()
        .max_by(|a, b| dist2(first, *a).total_cmp(&dist2(first, *b)))?;
    (dist2(first, far) > 0.0).then_some([first, far])
}

fn dist2(a: [f64; 3], b: [f64; 3]) -> f64 {
    (0..3).map(|k| (a[k] - b[k]).powi(2)).sum()
}
