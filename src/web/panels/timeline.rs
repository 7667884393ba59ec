//! The history: Back (an exact undo of the last step or edit) and the slider over the steps
//! kept, with how many are kept. Every home has it (a compact lab shows Back and leaves the
//! slider out unless its `hide` says otherwise). Written in every frame that writes text,
//! unthrottled.

use super::{el, text, Cx, Fields, Markup, Panel, PanelEvent};
use crate::core::{Action, Error, Session};
use crate::web::dom::{find, set_attribute};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement};

#[derive(Default)]
pub(super) struct TimelinePanel {
    scrubber: Option<HtmlInputElement>,
    fields: Fields,
}

impl Panel for TimelinePanel {
    fn name(&self) -> &'static str {
        "timeline"
    }

    fn markup(&self) -> Markup {
        group_panel!(
            "timeline",
            "timeline",
            "timeline lab-only",
            "History",
            vec![
                el(
                    "button",
                    &[
                        ("type", "button"),
                        ("id", "back"),
                        ("data-control", "back"),
                        ("data-act", "back"),
                        ("data-panel-act", "back"),
                        ("title", "Step back (←)"),
                    ],
                    vec![text(crate::core::i18n::t!("button-back"))],
                ),
                el(
                    "input",
                    &[
                        ("id", "scrubber"),
                        ("data-role", "scrubber"),
                        ("data-control", "scrubber"),
                        ("data-panel-act", "jump"),
                        ("type", "range"),
                        ("min", "0"),
                        ("max", "0"),
                        ("step", "1"),
                        ("value", "0"),
                        ("aria-label", "History: step"),
                    ],
                    vec![],
                ),
                el(
                    "span",
                    &[
                        ("class", "history-note"),
                        ("data-control", "scrubber"),
                        ("data-field", "history"),
                    ],
                    vec![],
                ),
            ],
        )
    }

    fn bind(&mut self, root: &Element) {
        self.scrubber = find(root, "[data-role=\"scrubber\"]").and_then(|e| e.dyn_into().ok());
        self.fields = Fields::find(root);
    }

    fn throttle_ms(&self) -> f64 {
        0.0
    }

    fn write(&mut self, cx: &Cx<'_>) {
        self.fields.show(cx.status);
        let Some(scrubber) = &self.scrubber else {
            return;
        };
        let history = cx.session.history();
        let (min, max) = (history.first_step(), history.last_step());
        set_attribute(scrubber, "min", &min.to_string());
        set_attribute(scrubber, "max", &max.to_string());
        let step = cx.session.model().steps();
        let value = step.to_string();
        if scrubber.value() != value {
            scrubber.set_value(&value);
        }
        set_attribute(
            scrubber,
            "aria-valuetext",
            &crate::core::words::scrubber_text(step, max),
        );
    }

    fn event(&mut self, event: &PanelEvent, _session: &Session) -> Result<Option<Action>, Error> {
        Ok(match event.act.as_str() {
            "back" => Some(Action::Back),
            "jump" if event.value.is_finite() && event.value >= 0.0 => {
                Some(Action::JumpToStep(event.value.round() as u64))
            }
            _ => None,
        })
    }
}
