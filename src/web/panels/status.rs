//! The status: the algorithm, the step, the epoch, the sample visited with its score and what
//! it did, the model, the updates, whether training converged, the points, the accuracy and the
//! averaged weights (`Session::status`), and the notice (what the last action did, or why it
//! was refused). Every home shows the same fields; `hide=status` leaves the panel out. Written
//! in every frame that writes text, also while the run plays: the step on show is always the
//! step counted.

use super::{el, text, Cx, Fields, Markup, Panel};
use crate::core::i18n::t;
use web_sys::Element;

#[derive(Default)]
pub(super) struct StatusPanel {
    fields: Fields,
}

/// One line: its term and its field, with the field's text before the first frame writes it.
macro_rules! line {
    ($term:expr, $field:literal, $first:literal) => {
        [
            el("dt", &[], $term),
            el("dd", &[("data-field", $field)], vec![text($first)]),
        ]
    };
}

impl Panel for StatusPanel {
    fn name(&self) -> &'static str {
        "status"
    }

    fn markup(&self) -> Markup {
        let mut lines = Vec::new();
        lines.extend(line!(vec![text(t!("status-algorithm"))], "algorithm", "—"));
        lines.extend(line!(vec![text(t!("status-step"))], "step", "0"));
        lines.extend(line!(vec![text(t!("status-epoch"))], "epoch", "1"));
        lines.extend(line!(vec![text(t!("status-sample"))], "sample", "—"));
        lines.extend(line!(vec![text(t!("status-score"))], "score", "—"));
        lines.extend(line!(vec![text(t!("status-result"))], "outcome", "—"));
        lines.extend(line!(
            vec![
                text(t!("status-model") + " "),
                el(
                    "small",
                    &[("data-field", "weights-label")],
                    vec![text("w = [w0, w1, w2]")]
                ),
            ],
            "weights",
            "—"
        ));
        lines.extend(line!(
            vec![el(
                "span",
                &[("data-field", "bias-label")],
                vec![text("b (= w0)")]
            )],
            "bias",
            "—"
        ));
        lines.extend(line!(vec![text(t!("status-updates"))], "updates", "0"));
        lines.extend(line!(vec![text(t!("status-state"))], "state", "—"));
        lines.extend(line!(vec![text(t!("status-points"))], "points", "0"));
        lines.extend(line!(vec![text(t!("status-accuracy"))], "accuracy", "—"));
        let averaged = el("small", &[], vec![text(t!("status-averaged"))]);
        lines.extend(line!(vec![text("w̄ "), averaged], "averaged", "—"));
        el(
            "section",
            &[
                ("id", "status"),
                ("class", "panel status-panel"),
                ("data-panel", "status"),
                ("data-control", "status"),
                ("aria-label", "Status"),
            ],
            vec![
                el("dl", &[("class", "lab-only status-fields")], lines),
                // Visible; spoken through the lab's announcements, so not a second time here.
                el(
                    "p",
                    &[
                        ("class", "notice"),
                        ("data-field", "notice"),
                        ("role", "status"),
                        ("aria-live", "off"),
                    ],
                    vec![],
                ),
            ],
        )
    }

    fn bind(&mut self, root: &Element) {
        self.fields = Fields::find(root);
    }

    fn write(&mut self, cx: &Cx<'_>) {
        self.fields.show(cx.status);
    }

    fn throttle_ms(&self) -> f64 {
        0.0
    }
}
