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
    /// Where the cursor stands in the timeline when steps lie ahead of it; empty otherwise.
    pub history: String,
    /// "This step" panel: which step and sample.
    pub explain_title: String,
    /// "This step": the weights used.
    pub explain_weights: String,
    /// "This step": the score written out.
    pub explain_score: String,
    /// "This step": the mistake check.
    pub explain_check: String,
    /// "This step": the update, or "no update".
    pub explain_update: String,
    /// "This step" in one line, for where there is room for no more (a phone's step bar): the
    /// step, the sample, its score and the outcome (the check and the update).
    pub explain_line: String,
    /// R = max ‖x‖ in the space the perceptron uses.
    pub radius: String,
    /// γ_w: the margin of the current weights on the data.
    pub margin: String,
    /// γ*: the maximum margin.
    pub best_margin: String,
    /// The mistake bound beside the live update count.
    pub bound: String,
    /// Whether the data is separable, when known.
    pub separable: String,
    /// Pocket mode's best weights and their training errors, or "off".
    pub pocket: String,
    /// Which space the margins and R are measured in.
    pub space: String,
    /// The algorithm's title.
    pub algorithm: String,
    /// Training accuracy of the model (averaged: of w̄), e.g. `95% (19 of 20)`.
    pub accuracy: String,
    /// The averaged perceptron's `[b̄, w̄1, w̄2]`, or a dash.
    pub averaged: String,
    /// What the `weights` field holds, e.g. `w = [w0, w1, w2]` or `W, one row per class`.
    pub weights_label: String,
    /// What the `bias` field holds, e.g. `b (= w0)` or `b per row`.
    pub bias_label: String,
}

impl Status {
    /// The fields as `(name, text)` pairs; the page shows each in the element marked
    /// `data-field="name"`.
    pub fn fields(&self) -> [(&'static str, &str); 30] {
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
            ("history", &self.history),
            ("explain-title", &self.explain_title),
            ("explain-weights", &self.explain_weights),
            ("explain-score", &self.explain_score),
            ("explain-check", &self.explain_check),
            ("explain-update", &self.explain_update),
            ("explain-line", &self.explain_line),
            ("radius", &self.radius),
            ("margin", &self.margin),
            ("best-margin", &self.best_margin),
            ("bound", &self.bound),
            ("separable", &self.separable),
            ("pocket", &self.pocket),
            ("space", &self.space),
            ("algorithm", &self.algorithm),
            ("accuracy", &self.accuracy),
            ("averaged", &self.averaged),
            ("weights-label", &self.weights_label),
            ("bias-label", &self.bias_label),
        ]
    }
}
