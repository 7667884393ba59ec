//! The status line, as text fields the page shows verbatim.

/// Every field of the status line, formatted for people (numbers as in the course tables).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Status {
    /// Steps taken.
    pub step: String,
    /// The current epoch.
    pub epoch: String,
    /// The sample just visited: `#2 (3, 2), y = +1`, or `—`.
    pub sample: String,
    /// Its score under the weights before the step, or `—`.
    pub score: String,
    /// `mistake → +[1, 3, 2]`, `correct, no update`, or `—`.
    pub outcome: String,
    /// Weights, bias first: `[0, 3, 2]`.
    pub weights: String,
    /// The bias `b = w0`.
    pub bias: String,
    /// Updates so far.
    pub updates: String,
    /// `converged`, `not converged`, or why training stopped.
    pub state: String,
    /// Number of points per class.
    pub points: String,
    /// The last message for the user (what just happened, or why nothing did).
    pub notice: String,
}

impl Status {
    /// The fields as `(name, text)` pairs, in display order.
    pub fn fields(&self) -> [(&'static str, &str); 11] {
        [
            ("step", &self.step),
            ("epoch", &self.epoch),
            ("sample", &self.sample),
            ("score", &self.score),
            ("outcome", &self.outcome),
            ("weights", &self.weights),
            ("bias", &self.bias),
            ("updates", &self.updates),
            ("state", &self.state),
            ("points", &self.points),
            ("notice", &self.notice),
        ]
    }
}
