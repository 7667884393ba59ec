use super::wolfe::affine_min_norm;
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
