//! The augmented view (seed 000's bias pictures, seed 002's augmented vectors and sign flip):
//! its geometry, its words, and its drawing to SVG.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::augmented::{
    boundary_2d, plane_polygon, slice_at, AugmentedScene, Bounds, Camera, PITCH_LIMIT, TURN_STEP,
};
use perceptron_lab::core::{Action, Preset, Session};
use plotters::prelude::*;
use proptest::prelude::*;

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn session(preset: Preset, steps: usize) -> Session {
    let mut s = Session::new();
    let _ = s.apply(Action::LoadPreset(preset)).unwrap();
    for _ in 0..steps {
        let _ = s.apply(Action::Step).unwrap();
    }
    s
}

fn run_to_convergence(preset: Preset) -> Session {
    let mut s = session(preset, 0);
    let _ = s.apply(Action::RunToConvergence).unwrap();
    s
}

/// Whether 2-D points `p` and `q` are the same up to rounding, relative to `size`.
fn near(p: (f64, f64), q: (f64, f64), size: f64) -> bool {
    (p.0 - q.0).abs() <= size * 1e-9 && (p.1 - q.1).abs() <= size * 1e-9
}

fn same_segment(a: [(f64, f64); 2], b: [(f64, f64); 2], size: f64) -> bool {
    (near(a[0], b[0], size) && near(a[1], b[1], size))
        || (near(a[0], b[1], size) && near(a[1], b[0], size))
}

#[test]
fn seed_000_after_the_first_update_lifts_points_to_x0_1_and_cuts_the_2d_boundary() {
    // Seed 000, step 2: the update +[1, 3, 2] takes w from [-1, 0, 0] to [0, 3, 2].
    let s = session(Preset::Seed000, 2);
    let a = s
        .augmented_scene()
        .expect("the classic rule has a linear boundary");
    assert!(a.bias);
    assert_eq!(a.weights, [0.0, 3.0, 2.0]);
    assert_eq!(a.previous, Some([-1.0, 0.0, 0.0]));
    assert_eq!(a.update(), Some([1.0, 3.0, 2.0]));
    assert_eq!(a.points.len(), 5);
    for (p, i) in a.points.iter().zip(0..) {
        let x = s.data().x(i);
        assert_eq!(p.z, [1.0, x[0], x[1]], "sample {i} lifted to (1, x)");
    }
    // Every corner of the plane's polygon is on the plane w·z = 0 and inside the box.
    assert!(a.plane.len() >= 3);
    for c in &a.plane {
        assert!(dot(a.weights, *c).abs() < 1e-9, "{c:?} on the plane");
        assert!(a.bounds.contains(*c));
    }
    // The ghost is the plane of the old weights.
    for c in &a.old_plane {
        assert!(dot([-1.0, 0.0, 0.0], *c).abs() < 1e-9);
    }
    // Where the plane crosses x0 = 1 is exactly the 2-D boundary 0 + 3·x1 + 2·x2 = 0.
    let [p, q] = a.boundary.expect("the plane crosses the data plane");
    assert_eq!((p[0], q[0]), (1.0, 1.0));
    let two_d = boundary_2d(a.weights, &a.bounds).expect("the 2-D line crosses the box");
    let size = a.bounds.x1.1 - a.bounds.x1.0;
    assert!(
        same_segment([(p[1], p[2]), (q[1], q[2])], two_d, size),
        "lifted {p:?} {q:?} vs 2-D {two_d:?}"
    );
}

#[test]
fn without_the_bias_the_data_plane_and_the_boundary_pass_through_the_origin() {
    // Seed 001, example 1 has no bias: converges at w = (1, −3).
    let s = run_to_convergence(Preset::Seed001);
    let a = s.augmented_scene().unwrap();
    assert!(!a.bias);
    assert_eq!(a.weights, [0.0, 1.0, -3.0]);
    assert!(a.points.iter().all(|p| p.z[0] == 0.0));
    let [p, q] = a.boundary.expect("the plane crosses x0 = 0");
    // Through the origin: the two ends are opposite.
    assert!(
        (p[1] + q[1]).abs() < 1e-9 && (p[2] + q[2]).abs() < 1e-9,
        "{p:?} {q:?}"
    );
    assert!(a.describe().contains("through the origin"));
    assert!(
        a.describe().contains("along the boundary x1 − 3·x2 = 0."),
        "{}",
        a.describe()
    );
}

#[test]
fn the_sign_flip_puts_every_sample_of_a_converged_run_on_the_positive_side() {
    for preset in [Preset::Seed000, Preset::Seed001, Preset::SmallMargin] {
        let mut s = run_to_convergence(preset);
        let _ = s.apply(Action::SetSignFlip(true)).unwrap();
        let a = s.augmented_scene().unwrap();
        let negatives = (0..s.data().len())
            .filter(|&i| s.data().label(i).y() < 0.0)
            .count();
        assert!(negatives > 0);
        assert_eq!(a.points.iter().filter(|p| p.flipped).count(), negatives);
        for p in &a.points {
            assert!(
                dot(a.weights, p.z) > 0.0,
                "{preset:?}: flipped sample {:?} on the positive side of {:?}",
                p.z,
                a.weights
            );
        }
        assert_eq!(a.on_positive_side(), a.points.len());
        assert!(a
            .describe()
            .contains(&format!("{} of {} are", a.points.len(), a.points.len())));
    }
}

#[test]
fn before_convergence_the_flip_shows_the_samples_left_on_the_wrong_side() {
    // Seed 000 after its one pass, w = [-1, 1, -1]: it is not separating yet.
    let mut s = session(Preset::Seed000, 5);
    let _ = s.apply(Action::SetSignFlip(true)).unwrap();
    let a = s.augmented_scene().unwrap();
    assert_eq!(a.weights, [-1.0, 1.0, -1.0]);
    let positive = a
        .points
        .iter()
        .filter(|p| dot(a.weights, p.z) > 0.0)
        .count();
    assert_eq!(a.on_positive_side(), positive);
    assert!(positive < a.points.len());
    // Without the flip, the count is the same: the samples the weights classify correctly.
    let _ = s.apply(Action::SetSignFlip(false)).unwrap();
    assert_eq!(s.augmented_scene().unwrap().on_positive_side(), positive);
}

#[test]
fn the_boundary_is_written_as_a_person_writes_it() {
    use perceptron_lab::core::augmented::equation;
    assert_eq!(equation([0.0, 3.0, 2.0]), "3·x1 + 2·x2");
    assert_eq!(equation([-1.0, 1.0, -1.0]), "−1 + x1 − x2");
    assert_eq!(equation([0.5, -2.5, 0.0]), "0.5 − 2.5·x1");
    assert_eq!(equation([0.0, 0.0, -1.0]), "−x2");
    assert_eq!(equation([0.0, 0.0, 0.0]), "0");
}

#[test]
fn the_activation_picture_is_the_plane_h_of_x_zero_along_the_boundary() {
    // Seed 000 at step 2: w = [0, 3, 2], so h(x) = 3·x1 + 2·x2.
    let mut s = session(Preset::Seed000, 2);
    let _ = s.apply(Action::SetActivationView(true));
    let a = s.augmented_scene().unwrap();
    let act = a.activation.as_ref().expect("the activation picture is on");
    let h = |x1: f64, x2: f64| 3.0 * x1 + 2.0 * x2;
    for c in &act.corners {
        assert_eq!(c[0], h(c[1], c[2]), "each corner of the surface is at h(x)");
        assert!(c[0].abs() <= act.reach);
    }
    for (i, height) in act.heights.iter().enumerate() {
        let x = s.data().x(i);
        assert_eq!(*height, h(x[0], x[1]));
        // A sample is right exactly when its height has its class's sign.
    }
    let [p, q] = act.zero.expect("h crosses 0 in the box");
    assert!(p[0] == 0.0 && q[0] == 0.0);
    assert!(h(p[1], p[2]).abs() < 1e-9 && h(q[1], q[2]).abs() < 1e-9);
    let right = (0..s.data().len())
        .filter(|&i| s.data().label(i).y() * act.heights[i] > 0.0)
        .count();
    assert_eq!(a.on_positive_side(), right);
    let words = a.describe();
    assert!(
        words.starts_with("Activation h(x) = 3·x1 + 2·x2 drawn upwards"),
        "{words}"
    );
    assert!(
        words.contains("a plane through the origin (w0 = 0, so h(0) = 0)"),
        "{words}"
    );
    assert!(words.contains(&format!("{right} of 5 points have h of their class's sign")));

    // Without the bias (seed 001) the surface passes through the origin: opposite corners of the
    // symmetric box have opposite heights.
    let mut s = run_to_convergence(Preset::Seed001);
    let _ = s.apply(Action::SetActivationView(true));
    let a = s.augmented_scene().unwrap();
    let c = a.activation.as_ref().unwrap().corners;
    assert_eq!(c[0][0], -c[2][0]);
    assert_eq!(c[1][0], -c[3][0]);
    assert!(a.describe().contains("a plane through the origin"));

    // Drawn: one mark per sample and its height, the axis named h.
    let mut svg = String::new();
    {
        let area = SVGBackend::with_string(&mut svg, (640, 480)).into_drawing_area();
        perceptron_lab::render::draw_augmented(&area, &a, &perceptron_lab::render::Theme::new(1.0))
            .unwrap();
        area.present().unwrap();
    }
    let _ = std::fs::create_dir_all("target/svg");
    std::fs::write("target/svg/augmented-activation-seed001.svg", &svg).unwrap();
    let marks =
        count(&svg, "circle", "fill=\"#0072B2\"") + count(&svg, "polygon", "fill=\"#CC5800\"");
    // Each sample: its mark on the data plane and a dot at its height (class +1's dot is a disc
    // too, class −1's a disc in its colour).
    let positives = (0..s.data().len())
        .filter(|&i| s.data().label(i).y() > 0.0)
        .count();
    assert_eq!(marks, s.data().len() + positives);
    assert!(
        svg.contains(">\nh\n</text>"),
        "the vertical axis is named h"
    );
    assert!(svg.contains("h = 0: the boundary"));
}

#[test]
fn models_without_one_linear_boundary_have_no_augmented_view() {
    let s = session(Preset::Blobs3, 3);
    assert!(s.augmented_scene().is_none());
    let s = session(Preset::XorRbf, 3);
    assert!(s.augmented_scene().is_none());
}

#[test]
fn the_camera_turns_wraps_and_stops_short_of_vertical() {
    let mut s = Session::new();
    let start = s.augmented_options().camera;
    assert_eq!(start, Camera::default());
    let _ = s
        .apply(Action::TurnAugmented {
            yaw: TURN_STEP,
            pitch: 0.0,
        })
        .unwrap();
    let turned = s.augmented_options().camera;
    assert!((turned.yaw - start.yaw - TURN_STEP).abs() < 1e-12);
    assert_eq!(turned.describe(), "View turned 49°, tilted 20°.");
    for _ in 0..30 {
        let _ = s
            .apply(Action::TurnAugmented {
                yaw: 0.0,
                pitch: TURN_STEP,
            })
            .unwrap();
    }
    assert_eq!(s.augmented_options().camera.pitch, PITCH_LIMIT);
    // At the limit a further tilt changes nothing.
    let again = s
        .apply(Action::TurnAugmented {
            yaw: 0.0,
            pitch: TURN_STEP,
        })
        .unwrap();
    assert_eq!(again, perceptron_lab::core::Changed::Nothing);
    for _ in 0..24 {
        let _ = s
            .apply(Action::TurnAugmented {
                yaw: TURN_STEP,
                pitch: 0.0,
            })
            .unwrap();
    }
    let yaw = s.augmented_options().camera.yaw;
    assert!(yaw > -std::f64::consts::PI && yaw <= std::f64::consts::PI);
    assert!((yaw - turned.yaw).abs() < 1e-9, "a full turn comes back");
    // Not a number: nothing moves.
    let before = s.augmented_options().camera;
    let _ = s
        .apply(Action::TurnAugmented {
            yaw: f64::NAN,
            pitch: f64::INFINITY,
        })
        .unwrap();
    assert_eq!(s.augmented_options().camera, before);
    let _ = s.apply(Action::ResetAugmentedView).unwrap();
    assert_eq!(s.augmented_options().camera, Camera::default());
}

#[test]
fn the_view_options_survive_loading_an_example_and_do_not_enter_the_scenario() {
    let mut s = Session::new();
    let _ = s.apply(Action::SetSignFlip(true)).unwrap();
    let _ = s
        .apply(Action::TurnAugmented {
            yaw: 0.5,
            pitch: 0.1,
        })
        .unwrap();
    let options = s.augmented_options();
    let _ = s.apply(Action::LoadPreset(Preset::Seed000)).unwrap();
    assert_eq!(s.augmented_options(), options);
    let json = s.scenario().to_json();
    assert!(!json.contains("flip") && !json.contains("yaw"), "{json}");
}

fn bounds() -> Bounds {
    Bounds {
        x0: (-1.25, 1.25),
        x1: (-4.0, 4.0),
        x2: (-3.0, 3.0),
    }
}

proptest! {
    /// For any weights, the plane's polygon lies on the plane and in the box, and its slice at
    /// x0 = 1 is the 2-D boundary clipped to the box: two computations, one line.
    #[test]
    fn the_slice_at_x0_1_is_the_2d_boundary(
        w0 in -5.0f64..5.0,
        w1 in -5.0f64..5.0,
        w2 in -5.0f64..5.0,
    ) {
        prop_assume!(w1.abs() > 1e-3 || w2.abs() > 1e-3);
        let w = [w0, w1, w2];
        let b = bounds();
        let plane = plane_polygon(w, &b);
        prop_assert!(plane.len() >= 3 && plane.len() <= 6, "{} corners", plane.len());
        let norm = dot(w, w).sqrt();
        for c in &plane {
            prop_assert!(dot(w, *c).abs() <= 1e-9 * norm * 5.0);
            prop_assert!(b.contains(*c));
        }
        let lifted = slice_at(&plane, 1.0);
        let flat = boundary_2d(w, &b);
        match (lifted, flat) {
            (Some([p, q]), Some(seg)) => {
                prop_assert!(
                    same_segment([(p[1], p[2]), (q[1], q[2])], seg, 1e3),
                    "lifted {:?} {:?} vs 2-D {:?}", p, q, seg
                );
            }
            (None, None) => {}
            // A line that only touches a corner may be found by one computation and not the
            // other; any other disagreement is a bug.
            (Some([p, q]), None) => prop_assert!(((p[1]-q[1]).powi(2) + (p[2]-q[2]).powi(2)) < 1e-12),
            (None, Some(seg)) => prop_assert!(((seg[0].0-seg[1].0).powi(2) + (seg[0].1-seg[1].1).powi(2)) < 1e-12),
        }
    }

    /// The plane does not depend on the length of w: any positive multiple gives the same one.
    #[test]
    fn the_plane_is_the_same_for_every_positive_multiple_of_w(
        w0 in -5.0f64..5.0,
        w1 in -5.0f64..5.0,
        w2 in -5.0f64..5.0,
        k in -30i32..30,
    ) {
        prop_assume!(w0.abs() + w1.abs() + w2.abs() > 1e-3);
        let w = [w0, w1, w2];
        let f = 10f64.powi(k);
        let a = plane_polygon(w, &bounds());
        let b = plane_polygon(w.map(|v| v * f), &bounds());
        prop_assert_eq!(a.len(), b.len());
        // The same corners (the polygon may start at another one of them).
        for p in &a {
            prop_assert!(
                b.iter().any(|q| (0..3).all(|axis| (p[axis] - q[axis]).abs() < 1e-9)),
                "{:?} not in {:?}", p, b
            );
        }
    }
}

/// How many `<element …>` tags carry `attribute`.
fn count(svg: &str, element: &str, attribute: &str) -> usize {
    svg.split('<')
        .filter(|tag| tag.starts_with(element) && tag.contains(attribute))
        .count()
}

#[test]
fn the_augmented_view_renders_to_svg_with_one_mark_per_point() {
    for (flip, steps) in [(false, 2), (true, 2), (true, 0)] {
        let mut s = session(Preset::Seed000, steps);
        let _ = s.apply(Action::SetSignFlip(flip)).unwrap();
        let a: AugmentedScene = s.augmented_scene().unwrap();
        let mut svg = String::new();
        {
            let area = SVGBackend::with_string(&mut svg, (640, 480)).into_drawing_area();
            perceptron_lab::render::draw_augmented(
                &area,
                &a,
                &perceptron_lab::render::Theme::new(1.0),
            )
            .unwrap();
            area.present().unwrap();
        }
        // Each sample is one mark: +1 a disc, −1 a square, in its class colour.
        let pos = count(&svg, "circle", "fill=\"#0072B2\"");
        let neg = count(&svg, "polygon", "fill=\"#CC5800\"");
        let expected_pos = (0..s.data().len())
            .filter(|&i| s.data().label(i).y() > 0.0)
            .count();
        assert_eq!(pos + neg, s.data().len(), "one mark per point");
        assert_eq!(pos, expected_pos);
        assert!(svg.contains("x₀"), "the bias axis is named");
        if steps > 0 {
            assert!(svg.contains("Δw"), "the update is drawn and named");
        }
        if flip {
            assert!(svg.contains("−z"), "the flip is named in the legend");
        }
        let name = format!(
            "target/svg/augmented-seed000-step{steps}{}.svg",
            if flip { "-flip" } else { "" }
        );
        let _ = std::fs::create_dir_all("target/svg");
        std::fs::write(&name, &svg).unwrap();
    }
}

/// What the augmented view's panel says after a change of its options, in the core's words
/// (the page writes them into its live region): a turn, the picture switched, the sign flip
/// with how many points are then on the positive side; nothing when nothing changed.
#[test]
fn the_panel_says_what_changed_in_the_cores_words() {
    let mut s = session(Preset::Seed000, 1);
    let said = s.augmented_options();
    assert_eq!(s.augmented_announcement(&said), None, "nothing changed");
    assert_eq!(
        s.augmented_note(),
        None,
        "a binary linear rule has a picture"
    );

    let _ = s
        .apply(Action::TurnAugmented {
            yaw: std::f64::consts::PI / 12.0,
            pitch: 0.0,
        })
        .unwrap();
    assert_eq!(
        s.augmented_announcement(&said).as_deref(),
        Some("View turned 49°, tilted 20°.")
    );

    let said = s.augmented_options();
    let _ = s.apply(Action::SetSignFlip(true)).unwrap();
    // w = [-1, 0, 0] after step 1 scores −1 everywhere: the 2 points of class −1 are right.
    assert_eq!(
        s.augmented_announcement(&said).as_deref(),
        Some("Sign flip on: class −1 drawn as −z. 2 of 5 points are on the positive side of the plane.")
    );
    let said = s.augmented_options();
    let _ = s.apply(Action::SetSignFlip(false)).unwrap();
    assert_eq!(
        s.augmented_announcement(&said).as_deref(),
        Some("Sign flip off: every point drawn as z.")
    );

    let said = s.augmented_options();
    let _ = s.apply(Action::SetActivationView(true)).unwrap();
    assert_eq!(
        s.augmented_announcement(&said).as_deref(),
        Some("Showing the activation h(x) = w·(1, x) over the data plane.")
    );
    let said = s.augmented_options();
    let _ = s.apply(Action::SetActivationView(false)).unwrap();
    assert_eq!(
        s.augmented_announcement(&said).as_deref(),
        Some("Showing the augmented vectors z = (1, x1, x2) and the plane w·z = 0.")
    );

    // A model with no single plane: a note, and nothing to announce.
    let mut m = session(Preset::Blobs3, 0);
    let said = m.augmented_options();
    let _ = m.apply(Action::SetSignFlip(true)).unwrap();
    assert_eq!(m.augmented_announcement(&said), None);
    assert!(m.augmented_note().unwrap().contains("binary linear rules"));
}
