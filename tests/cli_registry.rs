//! `perceptron-trace --algorithms`: the registry as JSON, for scripts and the e2e tests, which
//! take their lists of algorithms from it instead of writing them down.
#![cfg(not(target_arch = "wasm32"))]

mod trace;

use perceptron_lab::core::Algorithm;
use trace::{stdout, trace};

#[test]
fn lists_every_algorithm_of_the_registry_in_order() {
    let text = stdout(&["--algorithms"]);
    let listed: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let listed = listed.as_array().expect("an array");
    assert_eq!(listed.len(), Algorithm::ALL.len());
    for (entry, a) in listed.iter().zip(Algorithm::ALL) {
        assert_eq!(entry["name"], a.name());
        assert_eq!(entry["title"], a.title());
        assert_eq!(entry["kind"], a.kind().name());
        assert_eq!(
            entry["params"].as_array().unwrap().len(),
            a.info().params.len()
        );
    }
    let pa1 = listed
        .iter()
        .find(|e| e["name"] == "pa1")
        .expect("pa1 listed");
    assert_eq!(pa1["params"][0]["key"], "C");
    assert_eq!(pa1["params"][0]["default"], 1.0);
    assert_eq!(pa1["examples"][0], "pa-wide-margin");
}

#[test]
fn data_is_still_required_without_it() {
    let output = trace(&[]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("DATA.csv"));
}
