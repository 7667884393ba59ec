//! "This step": the step just taken in the algorithm's own words — which sample, its score,
//! the check and the update, and the weights before it (`Status::explain_*`, worded in the
//! core by each algorithm's `Visit`), under its one-line summary (`Status::explain_line`).

use super::{el, text, Cx, Fields, Markup, Panel};
use web_sys::Element;

#[derive(Default)]
pub(super) struct ExplainPanel {
    fields: Fields,
}

/// One line of the step: its term (a message of the page's language) and its field.
macro_rules! term {
    ($term:literal, $field:literal) => {
        [
            el("dt", &[], vec![text(crate::core::i18n::t!($term))]),
            el("dd", &[("data-field", $field)], vec![]),
        ]
    };
}

impl Panel for ExplainPanel {
    fn name(&self) -> &'static str {
        "explain"
    }

    fn markup(&self) -> Markup {
        let mut lines = Vec::new();
        lines.extend(term!("explain-term-weights", "explain-weights"));
        lines.extend(term!("explain-term-score", "explain-score"));
        lines.extend(term!("explain-term-check", "explain-check"));
        lines.extend(term!("explain-term-update", "explain-update"));
        // The step in one line (the disclosure's summary), on show in every layout; the
        // worked arithmetic opens under it. Closed here: each home opens it where it has room
        // (www/compact.js, `wireLab`; the full page unless it has a phone's layout, www/app.js,
        // `wireSheets`), after the plot has its size.
        section_panel!(
            "explain",
            "lab-only explain",
            "This step",
            vec![
                el(
                    "h2",
                    &[],
                    vec![text(crate::core::i18n::t!("explain-heading"))]
                ),
                el(
                    "details",
                    &[("class", "explain-full"), ("data-role", "explain-full")],
                    vec![
                        el(
                            "summary",
                            &[("class", "explain-line"), ("data-field", "explain-line")],
                            vec![],
                        ),
                        el(
                            "p",
                            &[("class", "explain-title"), ("data-field", "explain-title")],
                            vec![],
                        ),
                        el("dl", &[], lines),
                    ],
                ),
            ],
        )
    }

    fn bind(&mut self, root: &Element) {
        self.fields = Fields::find(root);
    }

    fn throttle_ms(&self) -> f64 {
        // A step's words follow every frame, as the status does.
        0.0
    }

    fn write(&mut self, cx: &Cx<'_>) {
        self.fields.show(cx.status);
    }
}
