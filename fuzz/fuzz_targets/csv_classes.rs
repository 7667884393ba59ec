//! `parse_class_csv` on arbitrary bytes: it never panics, and what it accepts has K ≥ 2 distinct
//! classes, ordered as `ClassData` documents (numerically when every label is a number,
//! otherwise as strings), each used by at least one sample.
#![no_main]

use libfuzzer_sys::fuzz_target;
use perceptron_lab::core::algo::parse_class_csv;
use std::cmp::Ordering;

fuzz_target!(|bytes: &[u8]| {
    let Ok(data) = parse_class_csv(bytes) else {
        return;
    };
    let k = data.num_classes();
    assert!(k >= 2, "accepted data with {k} class(es)");
    assert_eq!(data.names().len(), k);
    assert!(data.dim() >= 1, "accepted data with no features");
    assert!(
        data.len() >= 1 && !data.is_empty(),
        "accepted data with no samples"
    );
    let mut used = vec![false; k];
    for i in 0..data.len() {
        let x = data.x(i);
        assert_eq!(x.len(), data.dim(), "sample {i} has the wrong dimension");
        assert!(
            x.iter().all(|v| v.is_finite()),
            "sample {i} has a coordinate that is not finite: {x:?}"
        );
        let c = data.class(i);
        assert!(c < k, "sample {i} has class {c}, but there are {k} classes");
        used[c] = true;
    }
    assert!(
        used.iter().all(|&u| u),
        "a class has no sample: {:?}",
        data.names()
    );

    let names = data.names();
    let numeric: Option<Vec<f64>> = names.iter().map(|n| n.trim().parse().ok()).collect();
    for w in 0..k - 1 {
        let (a, b) = (&names[w], &names[w + 1]);
        let in_order = match &numeric {
            // Numerically; equal values (e.g. "1" and "1.0") keep the strings' order.
            Some(v) => match v[w].total_cmp(&v[w + 1]) {
                Ordering::Less => true,
                Ordering::Equal => a < b,
                Ordering::Greater => false,
            },
            None => a < b,
        };
        assert!(in_order, "class names out of order or repeated: {names:?}");
    }
});
