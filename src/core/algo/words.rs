//! Small pieces of wording that several algorithms' descriptions share.

use crate::core::numfmt::vector;

/// The first `keep` items joined with commas, then `… (N more)`.
pub fn shorten(items: &[String], keep: usize) -> String {
    if items.len() <= keep {
        items.join(", ")
    } else {
        format!(
            "{}, … ({} more)",
            items[..keep].join(", "),
            items.len() - keep
        )
    }
}

/// `W0 = […]; W1 = […]`, each row named by `name`.
pub fn rows_text(rows: &[Vec<f64>], name: impl Fn(usize) -> String) -> String {
    rows.iter()
        .enumerate()
        .map(|(k, w)| format!("{} = {}", name(k), vector(w)))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The feature vector `f(x) = [1, x]` (`[0, x]` without bias).
pub fn features(x: &[f64], bias: bool) -> Vec<f64> {
    let mut f = vec![if bias { 1.0 } else { 0.0 }];
    f.extend_from_slice(x);
    f
}

/// The name of class `c` among `names`, or its index.
pub fn class_name(names: &[String], c: usize) -> String {
    names.get(c).cloned().unwrap_or_else(|| c.to_string())
}
