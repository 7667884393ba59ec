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
    assert_eq!(actions.iter().filter(|(_, view)| *view).count(), 11);
}

/// Every view action runs while a student practises and while work is under way, and is
/// heard only by a new notice; each is applied to a session at rest without an error.
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
        assert_eq!(
            s.utterance().map(|(seq, _)| seq),
            seq,
            "{action:?} said nothing"
        );
    }
}
