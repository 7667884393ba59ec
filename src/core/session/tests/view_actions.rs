//! Which actions are view actions ([`Action::is_view`]), and that the places which take them
//! all take every one.

use super::*;
use crate::core::speech::Verbosity;
use crate::core::CursorAction;

/// One action of every kind, with whether it is a view action.
fn every_action() -> Vec<(Action, bool)> {
    let (x, y) = (1.0, 0.5);
    vec![
        (Action::SetSpeed(10.0), true),
        (Action::SetSnap(true), true),
        (Action::SetShowMaxMargin(true), true),
        (
            Action::SetRegionGrid {
                view: DEFAULT_VIEW,
                cols: 4,
                rows: 3,
            },
            true,
        ),
        (
            Action::TurnAugmented {
                yaw: 0.1,
                pitch: 0.1,
            },
            true,
        ),
        (Action::ResetAugmentedView, true),
        (Action::ZoomStep { zoom_in: true }, true),
        (
            Action::ZoomView {
                factor: 0.5,
                x: 1.0,
                y: 1.0,
            },
            true,
        ),
        (Action::FitView, true),
        (Action::SetSignFlip(true), true),
        (Action::SetActivationView(true), true),
        (Action::WatchComparison(true), true),
        (Action::SetComparing(false), true),
        (Action::SetVerbosity(Verbosity::Brief), true),
        (
            Action::AddPoint {
                x,
                y,
                alternate: false,
                pixel: 0.01,
            },
            false,
        ),
        (Action::Press { x, y, reach: 0.1 }, false),
        (Action::DragTo { x, y, pixel: 0.01 }, false),
        (
            Action::Release {
                x,
                y,
                alternate: false,
                pixel: 0.01,
            },
            false,
        ),
        (Action::RemoveAt { x, y, reach: 0.1 }, false),
        (
            Action::Secondary {
                x,
                y,
                reach: 0.1,
                add_other: true,
                pixel: 0.01,
            },
            false,
        ),
        (Action::DeleteSelected, false),
        (Action::SelectClass(0), false),
        (Action::Step, false),
        (Action::Back, false),
        (Action::NextMistake, false),
        (Action::FinishEpoch, false),
        (Action::RunToConvergence, false),
        (Action::JumpToStep(3), false),
        (Action::Play, false),
        (Action::Pause, false),
        (Action::TogglePlay, false),
        (Action::Reset, false),
        (Action::Clear, false),
        (Action::SetSettings(Settings::default()), false),
        (Action::ImportCsv(b"x1,x2,label\n1,1,1\n".to_vec()), false),
        (Action::Say("hello".to_string()), false),
        (Action::LoadScenario(Session::new().scenario()), false),
        (Action::SetSetup(Setup::default()), false),
        (Action::LoadPreset(Preset::Seed000), false),
        (Action::SetPocket(true), false),
        (Action::SetSecondEta(0.25), false),
        (Action::Practice(PracticeAction::Stop), false),
        (Action::Cursor(CursorAction::Focus(true)), false),
        (Action::Cancel, false),
        (Action::Tick { now_ms: 16.0 }, false),
    ]
}

#[test]
fn the_view_actions_are_the_switches_of_how_the_lab_is_shown() {
    let actions = every_action();
    for (action, view) in &actions {
        assert_eq!(action.is_view(), *view, "{action:?}");
    }
    assert_eq!(actions.iter().filter(|(_, view)| *view).count(), 14);
}

/// Every view action runs while a student practises and while work is under way, and is
/// heard only by a new notice, except the zoom buttons and Fit, which say the view they show;
/// each is applied to a session at rest without an error.
#[test]
fn every_view_action_is_taken_everywhere() {
    let mut busy = seed_000();
    busy.set_slices(true);
    busy.set_slice_work(1);
    apply(&mut busy, Action::RunToConvergence);
    assert!(busy.is_busy());
    for (action, _) in every_action().into_iter().filter(|(a, _)| a.is_view()) {
        assert!(Session::allowed_in_practice(&action), "{action:?}");
        assert_eq!(busy.clone().while_busy(&action), None, "{action:?}");
        let mut s = seed_000();
        let seq = s.utterance().map(|(seq, _)| seq);
        assert!(s.apply(action.clone()).is_ok(), "{action:?}");
        let says = matches!(action, Action::ZoomStep { .. } | Action::FitView);
        assert_eq!(
            s.utterance().map(|(seq, _)| seq) != seq,
            says,
            "{action:?} said something, or nothing"
        );
    }
}

#[test]
fn zooming_keeps_its_centre_in_place_and_fit_undoes_it() {
    let mut s = seed_000();
    let fitted = s.view();
    apply(
        &mut s,
        Action::ZoomView {
            factor: 0.5,
            x: 2.0,
            y: 1.0,
        },
    );
    let v = s.view();
    assert_eq!(v.x_max - v.x_min, (fitted.x_max - fitted.x_min) / 2.0);
    // The centre of the zoom is where it was, as a fraction of the view.
    let at = |v: Rect| {
        (
            (2.0 - v.x_min) / (v.x_max - v.x_min),
            (1.0 - v.y_min) / (v.y_max - v.y_min),
        )
    };
    let (a, b) = (at(fitted), at(v));
    assert!(
        (a.0 - b.0).abs() < 1e-12 && (a.1 - b.1).abs() < 1e-12,
        "{a:?} {b:?}"
    );
    // The view is part of the scenario: its link keeps the zoom.
    let scenario = s.scenario();
    assert_eq!(scenario.view, Some([v.x_min, v.x_max, v.y_min, v.y_max]));
    apply(&mut s, Action::FitView);
    assert_eq!(s.view(), fitted);
}

#[test]
fn a_zoom_that_is_not_a_number_or_goes_too_far_changes_nothing() {
    let mut s = seed_000();
    let fitted = s.view();
    for factor in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        let changed = s.apply(Action::ZoomView {
            factor,
            x: 0.0,
            y: 0.0,
        });
        assert!(matches!(changed, Ok(Changed::Nothing)), "{factor}");
    }
    let changed = s.apply(Action::ZoomView {
        factor: 0.5,
        x: f64::NAN,
        y: 0.0,
    });
    assert!(matches!(changed, Ok(Changed::Nothing)));
    assert_eq!(s.view(), fitted);
    // Zoomed in as far as it goes (a millionth of the fitted width), no farther.
    for _ in 0..20 {
        let _ = s.apply(Action::ZoomView {
            factor: 0.1,
            x: 1.0,
            y: 1.0,
        });
    }
    let width = s.view().x_max - s.view().x_min;
    let ratio = width / (fitted.x_max - fitted.x_min);
    assert!((1e-6..1e-5).contains(&ratio), "{ratio}");
}

/// The zoom buttons and Fit say the view they show (a screen reader hears that the plot
/// changed, and what it shows now); a pinch says nothing at each move.
#[test]
fn the_zoom_buttons_and_fit_say_the_view() {
    let mut s = seed_000();
    let said = |s: &Session| {
        s.announcement(Verbosity::Full)
            .map(|(n, _, t)| (n, t))
            .unwrap_or_default()
    };
    let before = said(&s);
    let _ = s.apply(Action::ZoomView {
        factor: 0.9,
        x: 1.0,
        y: 1.0,
    });
    assert_eq!(said(&s), before, "a pinch is not said");
    apply(&mut s, Action::FitView);
    let fitted = s.view();
    let (n, text) = said(&s);
    assert!(text.starts_with("Fitted to the points: x from "), "{text}");
    apply(&mut s, Action::ZoomStep { zoom_in: true });
    let (m, text) = said(&s);
    assert!(m > n);
    assert!(text.starts_with("Zoomed in: x from "), "{text}");
    let v = s.view();
    assert!(v.x_max - v.x_min < fitted.x_max - fitted.x_min);
    apply(&mut s, Action::ZoomStep { zoom_in: false });
    assert!(said(&s).1.starts_with("Zoomed out: "));
    assert_eq!(s.view(), fitted);
    // As far in as it goes: said, and the view stays.
    for _ in 0..80 {
        apply(&mut s, Action::ZoomStep { zoom_in: true });
    }
    let last = s.view();
    apply(&mut s, Action::ZoomStep { zoom_in: true });
    assert_eq!(s.view(), last);
    assert!(said(&s).1.starts_with("The view cannot zoom further: "));
}
