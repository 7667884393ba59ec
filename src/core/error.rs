//! The one error type of the core: every message is written for the person who caused it.

use super::numfmt::num;
use thiserror::Error;

/// Everything that can be wrong with input to the core. The state is never changed by a call
/// that returns one of these.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum Error {
    /// A row of a data file could not be read.
    #[error("line {line}: {reason}")]
    Row {
        /// 1-based line number in the file (the header is line 1).
        line: u64,
        /// What is wrong with it.
        reason: String,
    },
    /// The data file has no header or no rows.
    #[error("the file is empty: expected a header row and at least one sample")]
    EmptyFile,
    /// All samples carry the same label.
    #[error("all samples are of class {0}; the perceptron needs samples of both classes")]
    OneClass(String),
    /// η out of range.
    #[error("η (learning rate) should be positive and finite, but is {}", num(*.0))]
    Eta(f64),
    /// The η panel's second learning rate out of range.
    #[error(
        "η₂ (the second learning rate) should be positive and finite, but is {}",
        num(*.0)
    )]
    SecondEta(f64),
    /// Max epochs out of range.
    #[error("max epochs should be between 1 and {max}, but is {got}")]
    MaxEpochs {
        /// The value given.
        got: u64,
        /// The largest accepted value.
        max: u64,
    },
    /// Explicit initial weights that do not fit.
    #[error("initial weights: {0}")]
    InitWeights(String),
    /// A coordinate that is NaN or infinite.
    #[error("coordinates must be finite numbers, got {0}")]
    NonFinite(String),
    /// A form field or option that could not be read.
    #[error("{field}: {reason}")]
    Field {
        /// The field's name as the user sees it.
        field: &'static str,
        /// What is wrong with it.
        reason: String,
    },
    /// A point whose number of features differs from the data's.
    #[error("expected {expected} features, got {got}")]
    Dimension {
        /// Features per sample in the data.
        expected: usize,
        /// Features given.
        got: usize,
    },
    /// A class index beyond the six classes a point may have.
    #[error("class {0} is out of range: points have classes 0 to 5")]
    Class(usize),
}

/// `text` quoted for a message, cut to its first 40 characters when longer (`"bbbb…" (10000000
/// characters)`): a 10 MB field in a file must not become a 10 MB message.
pub fn excerpt(text: &str) -> String {
    match cut(text, 40) {
        (whole, false) => format!("{whole:?}"),
        (start, true) => format!("{start:?}… ({} characters)", text.chars().count()),
    }
}

/// The first `keep` characters of `text`, and whether that left any out: the start of a
/// message's quote of something a user gave, which may be long.
pub fn cut(text: &str, keep: usize) -> (&str, bool) {
    match text.char_indices().nth(keep) {
        None => (text, false),
        Some((end, _)) => (&text[..end], true),
    }
}

#[cfg(test)]
mod tests {
    use super::excerpt;

    #[test]
    fn long_text_is_cut_in_messages() {
        assert_eq!(excerpt("abc"), "\"abc\"");
        let long = "é".repeat(10_000);
        let shown = excerpt(&long);
        assert!(shown.starts_with(&format!("{:?}", "é".repeat(40))[..41]));
        assert!(shown.ends_with("… (10000 characters)"), "{shown}");
        assert!(shown.len() < 120);
    }
}
