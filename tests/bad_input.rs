//! Every bad input of the robustness issue, through the session as the page drives it: each gets
//! a clear message where the user looks (an error for the form/file/link, or the status line)
//! and leaves the state as it was.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::scenario::{from_link, to_link, Scenario};
use perceptron_lab::core::{
    Action, Error, Preset, Rect, Refusal, Session, Settings, SettingsForm, TrainState,
};
use perceptron_lab::render::{draw, Theme};
use plotters::prelude::*;

fn snapshot(s: &Session) -> impl PartialEq + std::fmt::Debug {
    (
        s.model().clone(),
        s.data().clone(),
        s.setup().clone(),
        s.settings().clone(),
    )
}

fn seed000() -> Session {
    let mut s = Session::new();
    let _ = s.apply(Action::LoadPreset(Preset::Seed000));
    let _ = s.apply(Action::Step);
    s
}

fn refused(s: &mut Session, action: Action) -> Error {
    let before = snapshot(s);
    let err = s.apply(action).expect_err("refused");
    assert_eq!(snapshot(s), before, "a refused action changes nothing");
    err
}

#[test]
fn non_finite_and_extreme_coordinates() {
    let mut s = seed000();
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let err = refused(
            &mut s,
            Action::AddPoint {
                x: bad,
                y: 1.0,
                alternate: false,
                pixel: 0.01,
            },
        );
        assert!(err.to_string().contains("finite"), "{err}");
    }
    // A CSV with 1e308 reads, and training stops with the overflow message instead of NaN.
    let mut s = Session::new();
    let _ = s.apply(Action::ImportCsv(
        b"x1,x2,y\n1e308,1e308,+1\n-1e308,-1e308,-1\n1e308,-1e308,-1\n".to_vec(),
    ));
    assert_eq!(s.data().len(), 3);
    let _ = s.apply(Action::RunToConvergence);
    assert_eq!(s.status().notice, Refusal::Overflow.message());
    let steps = s.model().steps();
    let _ = s.apply(Action::Step);
    assert_eq!(s.model().steps(), steps, "the refused step changes nothing");
    let w = s.model().linear_weights().unwrap();
    assert!(w.iter().all(|v| v.is_finite()), "{w:?}");
    // −0 is stored as 0: tables never show "-0".
    let mut s = Session::new();
    let _ = s.apply(Action::ImportCsv(b"x1,x2,y\n-0,-0.0,+1\n1,1,-1\n".to_vec()));
    assert_eq!(s.points_csv(), "x1,x2,label\n0,0,+1\n1,1,-1\n");
}

#[test]
fn empty_data_one_class_and_a_contradiction() {
    let mut s = Session::new();
    let _ = s.apply(Action::Step);
    assert_eq!(s.status().notice, Refusal::NoData.message());
    assert_eq!(s.model().steps(), 0);
    let _ = s.apply(Action::AddPoint {
        x: 1.0,
        y: 1.0,
        alternate: false,
        pixel: 0.01,
    });
    let _ = s.apply(Action::Step);
    assert_eq!(s.status().notice, Refusal::OneClass.message());
    assert_eq!(s.model().steps(), 0);
    // The same point with both labels: never separable; the verdict says so.
    let _ = s.apply(Action::AddPoint {
        x: 1.0,
        y: 1.0,
        alternate: true,
        pixel: 0.01,
    });
    let _ = s.apply(Action::RunToConvergence);
    assert!(
        s.status().notice.starts_with("Verdict: never converges"),
        "{}",
        s.status().notice
    );
    assert_eq!(
        s.status().separable,
        "not separable (proven: no separating line exists)"
    );
}

#[test]
fn too_many_points_are_refused_with_the_limit() {
    let mut s = seed000();
    let mut csv = String::from("x1,x2,y\n");
    for i in 0..1_000_000u32 {
        csv.push_str(if i % 2 == 0 { "1,2,+1\n" } else { "2,1,-1\n" });
    }
    let err = refused(&mut s, Action::ImportCsv(csv.into_bytes()));
    assert!(
        err.to_string()
            .contains("more than the 100000 the page can hold"),
        "{err}"
    );
}

#[test]
fn malformed_csv_rows_columns_and_bytes_name_the_line() {
    let mut s = seed000();
    for (bytes, expected) in [
        (
            &b"x1,x2,y\n1,2,+1\n3,abc,-1\n"[..],
            "line 3: column 2 is not a number",
        ),
        (
            &b"x1,x2,y\n1,2,+1\n3,-1\n"[..],
            "line 3: expected 3 columns",
        ),
        (
            &b"x1,x2,y\n1,2,+1\n\xff,1,-1\n"[..],
            "line 3: column 1 is not valid UTF-8",
        ),
        (
            &b"x1,x2,x3,y\n1,2,3,+1\n3,4,5,-1\n"[..],
            "expected 2 feature columns",
        ),
        (&b"x1,x2,y\n1,2,maybe\n"[..], "line 2: the label \"maybe\""),
        (&b""[..], "empty"),
    ] {
        let err = refused(&mut s, Action::ImportCsv(bytes.to_vec()));
        assert!(err.to_string().contains(expected), "{err} lacks {expected}");
    }
}

#[test]
fn huge_and_contradictory_links() {
    let huge = format!("v=1&p={}", "1,1,1;".repeat(100 * 1024 / 6));
    assert!(huge.len() >= 100 * 1024);
    let err = from_link(&huge).unwrap_err().to_string();
    assert!(err.contains("links hold at most 64 KB"), "{err}");
    for (link, expected) in [
        ("v=1&a=perceptron&k=rbf:1", "contradicts"),
        ("v=1&v=1", "given twice"),
        ("v=1&a=quantum", "not one of perceptron"),
    ] {
        let err = from_link(link).map(|_| ()).unwrap_err().to_string();
        assert!(err.contains(expected), "{link}: {err}");
    }
    assert_eq!(from_link("v=1&colour=red").unwrap().unknown, ["colour"]);
}

#[test]
fn learning_rate_and_max_epochs_out_of_range() {
    let form = |eta: &'static str, max: &'static str| SettingsForm {
        bias: true,
        init: "zero",
        eta,
        order: "fixed",
        seed: "1",
        max_epochs: max,
    };
    for (eta, max, expected) in [
        ("0", "10", "η"),
        ("-1", "10", "η"),
        ("NaN", "10", "η"),
        ("inf", "10", "η"),
        ("abc", "10", "not a number"),
        ("1", "0", "max epochs"),
        ("1", "-3", "max epochs"),
        ("1", "10000001", "max epochs"),
    ] {
        let err = form(eta, max).parse(2).unwrap_err().to_string();
        assert!(
            err.contains(expected),
            "{eta}/{max}: {err} lacks {expected}"
        );
    }
    // Settings that bypass the form are refused by the session too.
    let mut s = seed000();
    for bad in [
        Settings {
            eta: 0.0,
            ..Settings::default()
        },
        Settings {
            eta: f64::NAN,
            ..Settings::default()
        },
        Settings {
            max_epochs: 0,
            ..Settings::default()
        },
    ] {
        refused(&mut s, Action::SetSettings(bad));
    }
}

#[test]
fn non_separable_data_runs_to_the_cap_with_a_verdict() {
    let mut s = Session::new();
    let _ = s.apply(Action::LoadPreset(Preset::Noisy));
    let _ = s.apply(Action::SetSettings(Settings {
        max_epochs: 5,
        order: perceptron_lab::core::Order::Shuffle,
        ..Settings::default()
    }));
    let _ = s.apply(Action::RunToConvergence);
    assert_eq!(s.model().state(), TrainState::MaxEpochs);
    assert!(
        s.status().notice.starts_with("Verdict: never converges"),
        "{}",
        s.status().notice
    );
    // Stepping on says why nothing happens.
    let _ = s.apply(Action::Step);
    assert_eq!(s.status().notice, Refusal::MaxEpochs.message());
}

/// The view on show: finite, with a positive finite width and height.
fn assert_finite_view(view: Rect, what: &str) {
    let Rect {
        x_min,
        x_max,
        y_min,
        y_max,
    } = view;
    assert!(
        [x_min, x_max, y_min, y_max].iter().all(|v| v.is_finite()),
        "{what}: {view:?}"
    );
    for span in [x_max - x_min, y_max - y_min] {
        assert!(span.is_finite() && span > 0.0, "{what}: {view:?}");
    }
}

/// The points, bit for bit, with their classes.
fn points(s: &Session) -> Vec<(u64, u64, usize)> {
    let data = s.data();
    (0..data.len())
        .map(|i| {
            (
                data.x(i)[0].to_bits(),
                data.x(i)[1].to_bits(),
                data.class(i),
            )
        })
        .collect()
}

/// The page's own link and JSON reopen the same points, step and view, and write the same link.
fn assert_reopens(s: &Session, what: &str) {
    let scenario = s.scenario();
    let view = scenario.view.expect("the session writes its view");
    assert!(view.iter().all(|v| v.is_finite()), "{what}: {view:?}");
    let link = to_link(&scenario);
    assert!(
        !link.contains("inf") && !link.contains("NaN"),
        "{what}: {link}"
    );
    assert!(link.len() < 1000, "{what}: numbers in short form: {link}");
    let opened = from_link(&link)
        .unwrap_or_else(|e| panic!("{what}: the page's own link is refused: {e}\n{link}"))
        .scenario
        .expect("a scenario");
    let json = Scenario::from_json(&scenario.to_json())
        .unwrap_or_else(|e| panic!("{what}: the page's own JSON is refused: {e}"));
    for (how, opened) in [("link", opened), ("JSON", json)] {
        let mut again = Session::new();
        let _ = again
            .apply(Action::LoadScenario(opened))
            .unwrap_or_else(|e| panic!("{what}: the {how} does not open: {e}"));
        assert_eq!(points(&again), points(s), "{what}: {how}: the same points");
        assert_eq!(again.model().steps(), s.model().steps(), "{what}: {how}");
        assert_eq!(
            again.scene().view,
            s.scene().view,
            "{what}: {how}: the view"
        );
        assert_eq!(to_link(&again.scenario()), link, "{what}: {how}");
    }
}

/// Draws the scene at a landscape, a portrait and a very wide size (an infinite view range
/// made plotters' tick search loop forever).
fn assert_draws(s: &Session, what: &str) {
    for (w, h) in [(800, 600), (600, 800), (4000, 100)] {
        let mut svg = String::new();
        let area = SVGBackend::with_string(&mut svg, (w, h)).into_drawing_area();
        let frame = draw(&area, &s.scene(), &Theme::default())
            .unwrap_or_else(|e| panic!("{what}: {w}×{h}: {e:?}"));
        assert_finite_view(
            frame.view(),
            &format!("{what}: the widened view at {w}×{h}"),
        );
    }
}

/// `x1, x2` and the label `±1`.
type Row = (f64, f64, i8);

#[test]
fn coordinates_near_the_float_limits_keep_a_finite_view_and_a_link_that_reopens() {
    const MAX: f64 = f64::MAX;
    let cases: [(&str, &[Row]); 5] = [
        ("±1e308", &[(1e308, 1e308, 1), (-1e308, -1e308, -1)]),
        (
            "±f64::MAX",
            &[(MAX, -MAX, 1), (-MAX, MAX, -1), (MAX, MAX, -1)],
        ),
        ("one point at 1e308", &[(1e308, 0.0, 1)]),
        (
            "tiny and huge",
            &[(1e-308, -1e-308, 1), (1e308, 1e-308, -1), (-5e-324, 2.0, 1)],
        ),
        ("only tiny", &[(1e-308, 5e-324, 1), (-1e-308, 0.0, -1)]),
    ];
    for (case, rows) in cases {
        let expected: Vec<(u64, u64, usize)> = rows
            .iter()
            .map(|&(x, y, c)| (x.to_bits(), y.to_bits(), usize::from(c > 0)))
            .collect();
        // Through a link without a view (the view is fitted) and, with both classes, a file.
        let p: Vec<String> = expected
            .iter()
            .map(|&(x, y, c)| format!("{:e},{:e},{c}", f64::from_bits(x), f64::from_bits(y)))
            .collect();
        let mut opened = Vec::new();
        let mut s = Session::new();
        let link =
            from_link(&format!("v=1&p={}", p.join(";"))).unwrap_or_else(|e| panic!("{case}: {e}"));
        let _ = s
            .apply(Action::LoadScenario(link.scenario.unwrap()))
            .unwrap_or_else(|e| panic!("{case}: {e}"));
        opened.push((format!("{case} (link)"), s));
        if rows.iter().any(|r| r.2 > 0) && rows.iter().any(|r| r.2 < 0) {
            let csv: String = std::iter::once("x1,x2,y\n".to_string())
                .chain(rows.iter().map(|(x, y, c)| format!("{x:e},{y:e},{c:+}\n")))
                .collect();
            let mut s = Session::new();
            let _ = s
                .apply(Action::ImportCsv(csv.into_bytes()))
                .unwrap_or_else(|e| panic!("{case}: {e}"));
            opened.push((format!("{case} (file)"), s));
        }
        for (what, mut s) in opened {
            let what = what.as_str();
            assert_eq!(points(&s), expected, "{what}: the points, exactly");
            assert_finite_view(s.scene().view, what);
            assert_reopens(&s, what);
            assert_draws(&s, what);
            // Training (it may stop on an overflow), the panels and the exports: no panic, and the
            // link still reopens the same points at the same step.
            let _ = s.apply(Action::RunToConvergence);
            let _ = s.status();
            let _ = s.points_csv();
            assert_finite_view(s.scene().view, what);
            assert_reopens(&s, &format!("{what}, trained"));
            assert_draws(&s, &format!("{what}, trained"));
            // A point added by clicking at the edge of the view, one pixel being a 1000th of it.
            let view = s.scene().view;
            let n = s.data().len();
            let _ = s
                .apply(Action::AddPoint {
                    x: view.x_max,
                    y: view.y_min,
                    alternate: false,
                    pixel: (view.x_max - view.x_min) / 1000.0,
                })
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(s.data().len(), n + 1, "{what}");
            let added = s.data().x(n);
            assert!(added.iter().all(|v| v.is_finite()), "{what}: {added:?}");
            assert_reopens(&s, &format!("{what}, a point added"));
        }
    }
}

#[test]
fn a_link_whose_view_cannot_be_shown_opens_with_the_fitted_view() {
    let fitted = {
        let mut s = Session::new();
        let link = from_link("v=1&p=1,1,1;2,2,0").unwrap().scenario.unwrap();
        let _ = s.apply(Action::LoadScenario(link)).unwrap();
        s.scene().view
    };
    // Accepted by the link's reader (finite, min < max), but as wide as no finite number.
    for w in [
        "-1e308,1e308,-1,1",
        "0,1,-1.7976931348623157e308,1e308",
        "0,5e-324,0,5e-324",
    ] {
        let link = from_link(&format!("v=1&p=1,1,1;2,2,0&w={w}"))
            .unwrap_or_else(|e| panic!("{w}: {e}"))
            .scenario
            .unwrap();
        let mut s = Session::new();
        let _ = s.apply(Action::LoadScenario(link)).unwrap();
        assert_eq!(s.scene().view, fitted, "{w}");
        assert_reopens(&s, w);
        assert_draws(&s, w);
    }
    // A view that can be shown is kept exactly.
    let link = from_link("v=1&p=1,1,1;2,2,0&w=-1e-3,3e-3,0.5,7")
        .unwrap()
        .scenario
        .unwrap();
    let mut s = Session::new();
    let _ = s.apply(Action::LoadScenario(link)).unwrap();
    assert_eq!(
        s.scene().view,
        Rect {
            x_min: -1e-3,
            x_max: 3e-3,
            y_min: 0.5,
            y_max: 7.0
        }
    );
}

#[test]
fn a_ten_megabyte_field_is_refused_in_a_short_message_and_changes_nothing() {
    use perceptron_lab::core::{Action, Algorithm, Session, Setup};
    let huge = "9".repeat(10_000_000);
    let label = "b".repeat(10_000_000);
    for (algorithm, csv) in [
        (
            Algorithm::Perceptron,
            format!("x1,x2,label\n1,1,1\n2,{huge},-1\n"),
        ),
        (
            Algorithm::Multiclass,
            format!("x1,x2,label\n1,1,a\n2,2,\"{label}\"\n3,3,c\n"),
        ),
    ] {
        let mut s = Session::new();
        if algorithm.is_multiclass() {
            let _ = s
                .apply(Action::SetSetup(Setup {
                    algorithm,
                    ..Setup::default()
                }))
                .unwrap();
        }
        let err = s
            .apply(Action::ImportCsv(csv.into_bytes()))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("(10000000 characters)"),
            "{}",
            &err[..200.min(err.len())]
        );
        assert!(err.len() < 300, "a message of {} bytes", err.len());
        assert!(s.data().is_empty());
    }
}

/// The algorithm box as typed: a good form gives the setup, a bad field is named with the reason
/// (the page's alert and the handle's error say it; nothing is applied).
#[test]
fn the_algorithm_box_reads_its_fields_and_names_a_bad_one() {
    use perceptron_lab::core::{Algorithm, Setup};
    let setup = Setup::from_form("kernel", "rbf:0.5", "3", "").expect("a good form");
    assert_eq!(setup.algorithm, Algorithm::Kernel);
    assert_eq!(setup.kernel.to_string(), "rbf:0.5");
    let setup = Setup::from_form("multiclass", "linear", " 4 ", "").expect("a good form");
    assert_eq!(setup.classes, 4);
    let pa = Setup::from_form("pa1", "linear", "3", "C=0.25").expect("C is PA-I's");
    assert_eq!(pa.param("C"), 0.25);
    for (classes, why) in [("7", "\"7\""), ("1", "\"1\""), ("three", "\"three\"")] {
        let e = Setup::from_form("multiclass", "linear", classes, "").unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("classes: {why} is not a whole number from 2 to 6")
        );
    }
    assert!(Setup::from_form("nonsense", "linear", "3", "").is_err());
    assert!(Setup::from_form("kernel", "rbf:x", "3", "").is_err());
    assert!(Setup::from_form("pa1", "linear", "3", "C=-1").is_err());
}
