//! `parse_csv` on arbitrary bytes: it never panics, and what it accepts is a usable data set.
#![no_main]

use libfuzzer_sys::fuzz_target;
use perceptron_lab::core::{parse_csv, Label};

fuzz_target!(|bytes: &[u8]| {
    let Ok(data) = parse_csv(bytes) else {
        return;
    };
    assert!(data.dim() >= 1, "accepted data with no features");
    assert!(data.len() >= 1, "accepted data with no samples");
    assert!(!data.is_empty());
    let (mut pos, mut neg) = (0usize, 0usize);
    for i in 0..data.len() {
        let x = data.x(i);
        assert_eq!(x.len(), data.dim(), "sample {i} has the wrong dimension");
        assert!(
            x.iter().all(|v| v.is_finite()),
            "sample {i} has a coordinate that is not finite: {x:?}"
        );
        if data.label(i) == Label::Pos {
            pos += 1;
        } else {
            neg += 1;
        }
    }
    assert!(pos > 0 && neg > 0, "accepted data with one class only");
    assert!(data.has_both_classes());
    assert_eq!(data.single_class(), None);
});
