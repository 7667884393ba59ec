#![cfg(not(target_arch = "wasm32"))]
//! The core compares class names with the normalizer the front end hands in
//! (`core::set_name_normalizer`; the page hands in the browser's NFC). Its own file: the
//! normalizer is installed once for the whole process.

use perceptron_lab::core::{set_name_normalizer, Action, Algorithm, Session, Setup};

fn multiclass() -> Session {
    let mut session = Session::new();
    let _ = session
        .apply(Action::SetSetup(Setup {
            algorithm: Algorithm::Multiclass,
            classes: 3,
            ..Setup::default()
        }))
        .expect("multiclass");
    session
}

fn csv(labels: &[&str]) -> Vec<u8> {
    let mut text = String::from("x1,x2,y\n");
    for (i, label) in labels.iter().enumerate() {
        text.push_str(&format!("{i},{i},\"{label}\"\n"));
    }
    text.into_bytes()
}

#[test]
fn the_installed_normalizer_is_the_one_names_are_compared_in() {
    // Before: the core's own NFC, in which letter case matters.
    let _ = multiclass()
        .apply(Action::ImportCsv(csv(&["Pear", "apple", "pear"])))
        .expect("Pear and pear are two names in NFC");
    assert!(set_name_normalizer(|name| name.to_lowercase()));
    assert!(
        !set_name_normalizer(|name| name.to_string()),
        "only the first call installs"
    );
    // After: names are compared lower-cased, so Pear and pear are two spellings of one name.
    let err = multiclass()
        .apply(Action::ImportCsv(csv(&["Pear", "apple", "pear"])))
        .expect_err("two spellings of one name are refused")
        .to_string();
    assert!(err.contains("Unicode spelling"), "{err}");
}
