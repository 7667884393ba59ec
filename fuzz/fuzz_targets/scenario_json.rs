//! Scenario JSON on arbitrary bytes: it never panics, and what it accepts writes back to JSON
//! that reads as the same scenario.
#![no_main]

use libfuzzer_sys::fuzz_target;
use perceptron_lab::core::scenario::Scenario;

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let Ok(scenario) = Scenario::from_json(text) else {
        return;
    };
    let back = Scenario::from_json(&scenario.to_json()).expect("written JSON reads back");
    assert_eq!(back, scenario, "{text:?} does not round-trip");
});
