//! The link decoder on arbitrary text: it never panics; what it accepts writes back to a link
//! that reads as the same scenario; and opening it in a session either works or is refused with
//! the session unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use perceptron_lab::core::scenario::{from_link, to_link, MAX_SCENARIO_STEP};
use perceptron_lab::core::{Action, Session};

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let Ok(link) = from_link(text) else {
        return;
    };
    let Some(mut scenario) = link.scenario else {
        return;
    };
    let again = from_link(&to_link(&scenario)).expect("a written link reads back");
    assert_eq!(again.scenario.as_ref(), Some(&scenario), "{text:?} does not round-trip");
    // Keep each run short: replay at most a few hundred steps.
    scenario.step = scenario.step.min(300).min(MAX_SCENARIO_STEP);
    let mut session = Session::new();
    let before = (session.model().clone(), session.data().clone());
    if session.apply(Action::LoadScenario(scenario)).is_err() {
        assert_eq!((session.model().clone(), session.data().clone()), before);
    } else {
        let _ = session.status();
        let _ = session.scene();
    }
});
