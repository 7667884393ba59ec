//! Theory: R, the margin of w, the largest margin γ*, the mistake bound (R/γ*)², whether the
//! data are separable and the pocket's state (`Status`, from the core's theory), with the boxes
//! that show the max-margin separator and turn pocket mode on.

use super::{el, text, Cx, Fields, Markup, Panel, PanelEvent};
use crate::core::{Action, Error, Session};
use crate::web::dom::find;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement};

#[derive(Default)]
pub(super) struct TheoryPanel {
    fields: Fields,
    margin: Option<HtmlInputElement>,
    pocket: Option<HtmlInputElement>,
}

/// One line: its term (the text and, in smaller type, what it is) and its field.
macro_rules! term {
    ($term:expr, $field:literal) => {
        [
            el("dt", &[], $term),
            el("dd", &[("data-field", $field)], vec![text("—")]),
        ]
    };
}

impl Panel for TheoryPanel {
    fn name(&self) -> &'static str {
        "theory"
    }

    fn markup(&self) -> Markup {
        let small = |words: &'static str| el("small", &[], vec![text(words)]);
        let mut lines = Vec::new();
        lines.extend(term!(vec![text("R "), small("max ‖x‖")], "radius"));
        lines.extend(term!(
            vec![
                text("γ"),
                el("sub", &[], vec![text("w")]),
                text(" "),
                small("margin of w")
            ],
            "margin"
        ));
        lines.extend(term!(vec![text("γ* "), small("max margin")], "best-margin"));
        lines.extend(term!(vec![text("Bound")], "bound"));
        lines.extend(term!(vec![text("Data")], "separable"));
        lines.extend(term!(vec![text("Pocket")], "pocket"));
        details_panel!(
            "theory",
            "lab-only",
            "Theory",
            vec![
                el("dl", &[], lines),
                el(
                    "p",
                    &[("class", "space-note"), ("data-field", "space")],
                    vec![],
                ),
                check_box!("max-margin", " Show the max-margin separator"),
                check_box!("pocket", " Pocket mode (best weights so far, dashed)"),
            ],
        )
    }

    fn bind(&mut self, root: &Element) {
        self.fields = Fields::find(root);
        let check = |act: &str| {
            find(root, &format!("[data-panel-act=\"{act}\"]")).and_then(|e| e.dyn_into().ok())
        };
        self.margin = check("max-margin");
        self.pocket = check("pocket");
    }

    fn throttle_ms(&self) -> f64 {
        // The margin of w follows every step, as the status does.
        0.0
    }

    fn write(&mut self, cx: &Cx<'_>) {
        self.fields.show(cx.status);
        // The boxes show what is in force (a change that waited for long work is undone here).
        for (check, on) in [
            (&self.margin, cx.session.shows_max_margin()),
            (&self.pocket, cx.session.pocket_mode()),
        ] {
            if let Some(check) = check.as_ref().filter(|c| c.checked() != on) {
                check.set_checked(on);
            }
        }
    }

    fn event(&mut self, event: &PanelEvent, _session: &Session) -> Result<Option<Action>, Error> {
        let on = event.value == 1.0;
        Ok(match event.act.as_str() {
            "max-margin" => Some(Action::SetShowMaxMargin(on)),
            "pocket" => Some(Action::SetPocket(on)),
            _ => None,
        })
    }
}
