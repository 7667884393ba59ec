//! Every bad input of the robustness issue, through the session as the page drives it: each gets
//! a clear message where the user looks (an error for the form/file/link, or the status line)
//! and leaves the state as it was.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::scenario::from_link;
use perceptron_lab::core::{
    Action, Error, Preset, Refusal, Session, Settings, SettingsForm, TrainState,
};

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
    s.refresh_theory();
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
    s.refresh_theory();
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
