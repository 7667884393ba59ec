//! Rendering through the SVG backend: structure, not pixels. Each test also saves its SVG under
//! the target directory so a person can look at it.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::{Action, Changed, InitWeights, Rect, Session, Settings};
use perceptron_lab::render::{draw, draw_backdrop, draw_with_underlay, PlotFrame, Theme};
use plotters::prelude::*;

/// Renders the session to an SVG string of 800×600, saving it as `name.svg`.
fn render(session: &Session, name: &str) -> (String, PlotFrame) {
    render_at(session, name, (800, 600))
}

/// Renders the session to an SVG string of `size` pixels, saving it as `name.svg`.
fn render_at(session: &Session, name: &str, size: (u32, u32)) -> (String, PlotFrame) {
    let (svg, frame) = svg_of(size, |area| {
        draw(area, &session.scene(), &Theme::default()).expect("draws")
    });
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.svg"));
    std::fs::write(&path, &svg).expect("saves the SVG");
    println!("saved {}", path.display());
    (svg, frame)
}

fn session_with(points: &[(f64, f64, bool)], init: Option<Vec<f64>>) -> Session {
    let mut session = Session::new();
    for &(x, y, negative) in points {
        let action = Action::AddPoint {
            x,
            y,
            alternate: negative,
            pixel: 0.0,
        };
        assert_eq!(session.apply(action), Ok(Changed::Redraw));
    }
    if let Some(w) = init {
        let settings = Settings {
            init: InitWeights::Explicit(w),
            ..Settings::default()
        };
        assert_eq!(
            session.apply(Action::SetSettings(settings)),
            Ok(Changed::Redraw)
        );
    }
    session
}

const SEED_000: [(f64, f64, bool); 5] = [
    (1.0, 1.0, true),
    (3.0, 2.0, false),
    (2.0, 4.0, false),
    (3.0, 4.0, false),
    (2.0, 3.0, true),
];

fn count(svg: &str, element: &str, attribute: &str) -> usize {
    svg.split('<')
        .filter(|e| e.starts_with(element) && e.contains(attribute))
        .count()
}

/// The polylines drawn in the boundary's colour, as pixel coordinates.
fn boundary_polylines(svg: &str) -> Vec<Vec<(f64, f64)>> {
    svg.split('<')
        .filter(|e| e.starts_with("polyline") && e.contains("stroke=\"#141414\""))
        .map(|e| {
            let points = e
                .split("points=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            points
                .split_whitespace()
                .map(|pair| {
                    let (x, y) = pair.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect()
        })
        .collect()
}

#[test]
fn one_mark_per_point_and_no_boundary_when_w_is_zero() {
    let session = session_with(&SEED_000, None);
    let (svg, _) = render(&session, "seed000-zero-weights");
    assert_eq!(
        count(&svg, "circle", "fill=\"#0072B2\""),
        3,
        "class +1 circles"
    );
    assert_eq!(
        count(&svg, "polygon", "fill=\"#CC5800\""),
        2,
        "class −1 squares"
    );
    assert!(
        boundary_polylines(&svg).is_empty(),
        "no boundary when w = 0"
    );
    assert_eq!(
        count(&svg, "polygon", "fill=\"#008C66\""),
        0,
        "no arrow when w = 0"
    );
    assert!(svg.contains("x₁") && svg.contains("x₂"), "axis titles");
}

#[test]
fn boundary_endpoints_satisfy_the_equation() {
    let mut session = session_with(&SEED_000, Some(vec![-1.0, 0.0, 0.0]));
    for _ in 0..5 {
        assert_eq!(session.apply(Action::Step), Ok(Changed::Redraw));
    }
    assert_eq!(session.status().weights, "[-1, 1, -1]");
    let (svg, frame) = render(&session, "seed000-after-pass");

    let lines = boundary_polylines(&svg);
    assert_eq!(lines.len(), 1, "exactly one boundary");
    let pixel = frame.units_per_pixel();
    for &(px, py) in &lines[0] {
        // The drawn endpoint is a whole pixel: allow one pixel of rounding in each direction.
        let (x, y) = frame.to_data(px, py).expect("endpoint inside the plot");
        let distance = (x - y - 1.0).abs() / 2f64.sqrt();
        assert!(
            distance <= 1.5 * pixel,
            "({x}, {y}) is {distance} from the line"
        );
    }
    assert_eq!(
        count(&svg, "polygon", "fill=\"#008C66\""),
        1,
        "the arrowhead of w"
    );
    assert_eq!(
        count(&svg, "circle", "stroke=\"#CC0000\""),
        1,
        "the visited mistake, ringed"
    );
    assert_eq!(
        count(&svg, "polygon", "opacity=\"0.1\" fill=\"#0072B2\""),
        1,
        "positive half-plane shaded"
    );
}

#[test]
fn points_are_drawn_where_the_frame_maps_them() {
    let session = session_with(&[(1.0, 2.0, false), (-3.0, -1.5, true)], None);
    let (svg, frame) = render(&session, "two-points");
    let (px, py) = frame.to_pixel(1.0, 2.0);
    let circle = svg
        .split('<')
        .find(|e| e.starts_with("circle") && e.contains("fill=\"#0072B2\""))
        .expect("the +1 point");
    let attr = |name: &str| -> f64 {
        circle
            .split(&format!(" {name}=\""))
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    assert!((attr("cx") - px).abs() <= 1.0 && (attr("cy") - py).abs() <= 1.0);
}

#[test]
fn views_that_no_axis_can_mesh_still_draw_and_return() {
    // The session never makes these (its views stay within ±1e300), but the renderer must not
    // hang on them: an infinite span never finishes plotters' tick search.
    let session = session_with(&[(1.0, 1.0, true), (-1.0, -1.0, false)], None);
    let huge = Rect {
        x_min: -1e308,
        x_max: 1e308,
        y_min: -1.0,
        y_max: 1.0,
    };
    let flat = Rect {
        x_min: 0.0,
        x_max: 1.0,
        y_min: 2.0,
        y_max: 2.0,
    };
    for view in [huge, flat] {
        let mut scene = session.scene();
        scene.view = view;
        let mut svg = String::new();
        let frame = {
            let area = SVGBackend::with_string(&mut svg, (800, 600)).into_drawing_area();
            draw(&area, &scene, &Theme::default()).expect("drawn")
        };
        let shown = frame.view();
        let (w, h) = (shown.x_max - shown.x_min, shown.y_max - shown.y_min);
        assert!(
            w.is_finite() && h.is_finite() && w > 0.0 && h > 0.0,
            "{view:?} → {shown:?}"
        );
        assert!(svg.contains("</svg>"));
    }
}

/// Found by the hostile-input run: the batch perceptron started from w1 = 1e308 froze the tab
/// (its charts gave plotters an infinite axis, on which it never finishes placing ticks). The
/// plot and the charts of such a run are drawn, the extreme values at the charts' edges.
#[test]
fn a_run_at_the_edge_of_the_numbers_draws_every_picture() {
    use perceptron_lab::core::augmented::{AugmentedOptions, AugmentedScene};
    use perceptron_lab::core::scenario::from_link;
    use perceptron_lab::render::{draw_augmented, draw_batch};
    for fragment in [
        "v=1&a=batch&i=0,1e308,0&n=0&p=-1,0.5,1;-1,2,0",
        "v=1&a=batch&i=0,1e308,-1e308&n=3&p=-1,0.5,1;-1,2,0;1e308,1e308,1",
    ] {
        let scenario = from_link(fragment).unwrap().scenario.unwrap();
        let mut session = Session::new();
        let _ = session.apply(Action::LoadScenario(scenario)).unwrap();
        let (svg, _) = render(&session, "edge-of-the-numbers");
        assert!(svg.contains("<svg"));
        if let Some(view) = session.batch_view() {
            let mut charts = String::new();
            {
                let area = SVGBackend::with_string(&mut charts, (800, 400)).into_drawing_area();
                draw_batch(&area, &view, &Theme::default()).expect("the charts draw");
                area.present().expect("presents");
            }
            assert!(charts.contains("w-space"), "{fragment}");
        }
        // The augmented 3-D view and seed 000's activation picture, with and without the sign
        // flip and the bias: their boxes are as wide as the points, up to ±f64::MAX.
        for (flip, activation, bias) in [
            (false, false, true),
            (true, false, true),
            (false, true, true),
            (true, true, false),
        ] {
            let options = AugmentedOptions {
                flip,
                activation,
                ..AugmentedOptions::default()
            };
            let scene = AugmentedScene::new(&session.scene(), bias, options)
                .expect("a binary linear model has an augmented view");
            let mut picture = String::new();
            {
                let area = SVGBackend::with_string(&mut picture, (600, 450)).into_drawing_area();
                draw_augmented(&area, &scene, &Theme::default()).expect("the 3-D view draws");
                area.present().expect("presents");
            }
            assert!(
                picture.contains("<svg"),
                "{fragment} {flip} {activation} {bias}"
            );
            assert!(
                !picture.contains("NaN"),
                "{fragment} {flip} {activation} {bias}"
            );
        }
    }
}

#[test]
fn a_practice_guess_is_drawn_over_the_question_and_saved() {
    use perceptron_lab::core::practice::{ExerciseSet, PracticeKind, Source};
    use perceptron_lab::core::PracticeAction;
    let mut session = Session::new();
    let set = ExerciseSet {
        kinds: vec![PracticeKind::Boundary],
        questions: 1,
        source: Source::Example {
            id: "seed000".into(),
        },
        ..ExerciseSet::default()
    };
    let _ = session
        .apply(Action::Practice(PracticeAction::Start {
            set,
            student_seed: 1,
            now: 0.0,
        }))
        .unwrap();
    let (plain, _) = render(&session, "practice-question");
    let _ = session
        .apply(Action::Press {
            x: -2.0,
            y: 3.0,
            reach: 0.1,
        })
        .unwrap();
    let _ = session
        .apply(Action::Release {
            x: 2.0,
            y: -3.0,
            alternate: false,
            pixel: 0.01,
        })
        .unwrap();
    let (guessed, _) = render(&session, "practice-guess");
    // Two end rings and one dashed line more than the question alone.
    assert_eq!(
        count(&guessed, "circle", "") - count(&plain, "circle", ""),
        2
    );
    // The dashed line through them: dashes are polylines of their own.
    assert!(
        count(&guessed, "polyline", "") > count(&plain, "polyline", "") + 3,
        "a dashed line of several dashes"
    );
}

/// The `<text>` elements whose content is `label`: their (x, y) anchors.
fn text_anchors(svg: &str, label: &str) -> Vec<(f64, f64)> {
    let attr = |e: &str, name: &str| -> f64 {
        let at = e.find(&format!(" {name}=\"")).expect("has the attribute") + name.len() + 3;
        e[at..]
            .split('"')
            .next()
            .unwrap()
            .parse()
            .expect("a number")
    };
    svg.split("<text")
        .skip(1)
        .filter(|e| {
            e.split('>')
                .nth(1)
                .and_then(|t| t.split('<').next())
                .map(str::trim)
                == Some(label)
        })
        .map(|e| (attr(e, "x"), attr(e, "y")))
        .collect()
}

/// With a small η the three arrows of an update are a few pixels long, all near the origin:
/// their labels ("w", "η·y·x", "old w") still go to three places that do not overlap.
#[test]
fn the_labels_of_short_arrows_do_not_overlap() {
    let mut session = session_with(&SEED_000, None);
    let settings = Settings {
        eta: 0.1,
        ..session.settings().clone()
    };
    assert_eq!(
        session.apply(Action::SetSettings(settings)),
        Ok(Changed::Redraw)
    );
    for _ in 0..5 {
        assert_eq!(session.apply(Action::Step), Ok(Changed::Redraw));
    }
    // Step 5 is a mistake: old w = (0.2, 0.1), w = (0, −0.2). On a small plot (as the η
    // panel's) the point (1, 1) is beside them too.
    for size in [(800, 600), (420, 320)] {
        short_arrow_labels(&session, size);
    }
}

fn short_arrow_labels(session: &Session, size: (u32, u32)) {
    let (svg, frame) = render_at(session, &format!("short-arrows-{}", size.0), size);
    let labels = ["w", "η·y·x", "old w"];
    let boxes: Vec<(f64, f64, f64)> = labels
        .iter()
        .map(|label| {
            let found = text_anchors(&svg, label);
            assert_eq!(found.len(), 1, "{label}: {found:?}");
            // The label's box as the plot sizes it: 9.5 px a character, 19 px high.
            (found[0].0, found[0].1, 9.5 * label.chars().count() as f64)
        })
        .collect();
    for i in 0..boxes.len() {
        for j in i + 1..boxes.len() {
            let (a, b) = (boxes[i], boxes[j]);
            let apart = a.0 + a.2 <= b.0 || b.0 + b.2 <= a.0 || (a.1 - b.1).abs() >= 19.0;
            assert!(
                apart,
                "{} at {a:?} and {} at {b:?} overlap",
                labels[i], labels[j]
            );
        }
    }
    // Nor do they cover a point's mark (6.5 px and its outline), while there is room.
    for (label, (x, y, w)) in labels.iter().zip(&boxes) {
        for &(px, py, _) in &SEED_000 {
            let (cx, cy) = frame.to_pixel(px, py);
            let apart =
                cx + 8.0 <= *x || x + w <= cx - 8.0 || cy + 8.0 <= *y || y + 19.0 <= cy - 8.0;
            assert!(apart, "{label} at ({x}, {y}) covers the point ({px}, {py})");
        }
    }
}

/// The elements of an SVG document (what is between `<svg …>` and `</svg>`).
fn body(svg: &str) -> &str {
    let start = svg.find('>').map_or(0, |i| i + 1);
    let end = svg.rfind("</svg>").unwrap_or(svg.len());
    &svg[start..end]
}

/// What `paint` draws on an SVG document of `size` pixels, and the frame it returns.
fn svg_of(
    size: (u32, u32),
    paint: impl FnOnce(&DrawingArea<SVGBackend<'_>, plotters::coord::Shift>) -> PlotFrame,
) -> (String, PlotFrame) {
    let mut svg = String::new();
    let frame = {
        let area = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        let frame = paint(&area);
        area.present().expect("presents");
        frame
    };
    (svg, frame)
}

/// A page keeps the backdrop (background, grid, ticks, labels) and draws the rest over it: the
/// two together are the whole plot, element for element, in every theme; with a region map the
/// backdrop is never asked for (the map goes under the grid).
#[test]
fn the_kept_backdrop_and_the_rest_drawn_over_it_are_the_whole_plot() {
    let mut session = session_with(&SEED_000, Some(vec![-1.0, 0.0, 0.0]));
    for _ in 0..3 {
        let _ = session.apply(Action::Step);
    }
    let scene = session.scene();
    for theme in [
        Theme::default(),
        Theme::dark(1.0),
        Theme::new(1.5),
        Theme::dark(2.25),
    ] {
        let (whole, whole_frame) = svg_of((800, 600), |area| {
            draw(area, &scene, &theme).expect("draws")
        });
        let (back, back_frame) = svg_of((800, 600), |area| {
            draw_backdrop(area, scene.view, &theme).expect("draws the backdrop")
        });
        let mut asked = 0;
        let (rest, rest_frame) = svg_of((800, 600), |area| {
            draw_with_underlay(
                area,
                &scene,
                &theme,
                |_| false,
                |_| false,
                |frame| {
                    asked += 1;
                    assert_eq!(
                        frame.view(),
                        back_frame.view(),
                        "the backdrop is asked for its own view"
                    );
                    true
                },
            )
            .expect("draws the rest")
        });
        assert_eq!(asked, 1);
        assert!(
            body(&back).contains("<text"),
            "the backdrop holds the tick labels"
        );
        assert!(
            !body(&rest).contains(">x₁<"),
            "the rest does not draw the axis titles again"
        );
        assert_eq!(
            format!("{}\n{}", body(&back).trim(), body(&rest).trim()),
            body(&whole).trim()
        );
        assert_eq!(whole_frame.view(), rest_frame.view());
        assert_eq!(
            whole_frame.to_pixel(1.0, 2.0),
            rest_frame.to_pixel(1.0, 2.0)
        );
        assert_eq!(
            whole_frame.to_pixel(1.0, 2.0),
            back_frame.to_pixel(1.0, 2.0)
        );
    }
    // A kernel run has a region map: the backdrop hook is not called, the plot is whole.
    let mut kernel = session_with(&SEED_000, None);
    let setup = perceptron_lab::core::Setup {
        algorithm: perceptron_lab::core::Algorithm::Kernel,
        kernel: perceptron_lab::core::algo::kernel::Kernel::parse("rbf:1").expect("a kernel"),
        classes: 2,
        rows: None,
        params: Vec::new(),
    };
    let _ = kernel
        .apply(Action::SetSetup(setup))
        .expect("the kernel perceptron");
    let _ = kernel.apply(Action::Step);
    let region = kernel.region_on(&kernel.scene().view, 40, 30);
    let mut scene = kernel.scene();
    scene.region = region.as_ref();
    assert!(
        scene.region.is_some(),
        "the kernel's scene has a region map"
    );
    let theme = Theme::default();
    let (whole, _) = svg_of((800, 600), |area| {
        draw(area, &scene, &theme).expect("draws")
    });
    let (hooked, _) = svg_of((800, 600), |area| {
        draw_with_underlay(
            area,
            &scene,
            &theme,
            |_| false,
            |_| false,
            |_| panic!("the backdrop is not asked for over a region map"),
        )
        .expect("draws")
    });
    assert_eq!(whole, hooked);
}
