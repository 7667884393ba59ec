//! `SettingsForm::parse(2)` on arbitrary field texts: it never panics, and whatever it accepts
//! passes `Settings::validate(2)`.
//!
//! The input is read as text (invalid UTF-8 replaced) and split on `|` into the form's fields
//! in order: `bias|init|eta|order|seed|max_epochs`, missing fields empty; bias is on when its
//! field is `1`. Seeds are readable this way, e.g. `1|-1,0,0|0.5|shuffle|42|10`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use perceptron_lab::core::{InitWeights, SettingsForm, MAX_EPOCHS_LIMIT};

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    let mut fields = text.splitn(6, '|');
    let mut next = || fields.next().unwrap_or("");
    let bias = next() == "1";
    let form = SettingsForm {
        bias,
        init: next(),
        eta: next(),
        order: next(),
        seed: next(),
        max_epochs: next(),
    };
    let Ok(settings) = form.parse(2) else {
        return;
    };
    if let Err(e) = settings.validate(2) {
        panic!("{form:?} parsed to {settings:?}, which fails validation: {e}");
    }
    assert_eq!(settings.bias, bias);
    assert!(settings.eta.is_finite() && settings.eta > 0.0);
    assert!((1..=MAX_EPOCHS_LIMIT).contains(&settings.max_epochs));
    if let InitWeights::Explicit(w) = &settings.init {
        assert_eq!(w.len(), 3, "explicit weights for 2 features: {w:?}");
        assert!(w.iter().all(|v| v.is_finite()));
        assert!(bias || w[0] == 0.0);
    }
    // Parsing is a function of the text.
    assert_eq!(form.parse(2).ok(), Some(settings));
});
