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

/// The first sentence of every overflow refusal ([`Refusal::Overflow`]), whatever the
/// algorithm: what happened, in the same words everywhere.
///
/// [`Refusal::Overflow`]: crate::core::Refusal::Overflow
pub const OVERFLOW: &str =
    "Stopped: the numbers grew beyond what the computer can hold (about 1.8e308).";

/// What to change after an overflow when η scales every update (the classic rule and the
/// algorithms built on it): [`crate::core::algo::Learner::overflow_advice`]'s default.
pub const OVERFLOW_ADVICE_ETA: &str = "Scale the points down or use a smaller η.";

/// The overflow refusal in full: [`OVERFLOW`], then the algorithm's `advice` (see
/// [`crate::core::algo::Learner::overflow_advice`]).
pub fn overflow(advice: &str) -> String {
    format!("{OVERFLOW} {advice}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Refusal;

    #[test]
    fn the_refusal_says_the_shared_overflow_words() {
        assert_eq!(
            Refusal::Overflow.message(),
            overflow(OVERFLOW_ADVICE_ETA),
            "Refusal::message and words::overflow say the same"
        );
        assert!(overflow("Use a smaller C.").ends_with("(about 1.8e308). Use a smaller C."));
    }
}
