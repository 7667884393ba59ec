//! Settings: the bias, the initial weights, η, the visiting order, the seed and the most
//! epochs, applied together ("Apply and reset"); and whether new points snap to a ½ grid.
//! A form that cannot be applied changes nothing and says which field is wrong and why.

use super::{el, text, Cx, Markup, Panel, PanelEvent};
use crate::core::{Action, Error, Session, Settings, SettingsForm};
use crate::web::dom::find;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement};

#[derive(Default)]
pub(super) struct SettingsPanel {
    bias: Option<HtmlInputElement>,
    snap: Option<HtmlInputElement>,
    /// The text fields and the order menu, by `data-setting` name.
    fields: Vec<(&'static str, Element)>,
    error: Option<Element>,
    /// The settings last written into the form (and the snap): written again only when the
    /// session's change, so what the user is typing is never overwritten.
    written: Option<(Settings, bool)>,
}

/// A labelled text field of the form: `<label>{words}<input id="{id}" data-setting="{id}">`.
macro_rules! field {
    ($id:literal, $words:expr, $mode:literal, $value:literal) => {
        el(
            "label",
            &[],
            vec![
                $words,
                el(
                    "input",
                    &[
                        ("id", $id),
                        ("data-setting", $id),
                        ("type", "text"),
                        ("inputmode", $mode),
                        ("value", $value),
                        ("autocomplete", "off"),
                    ],
                    vec![],
                ),
            ],
        )
    };
}

/// The names of the form's fields besides the bias box, as [`Settings::form_fields`] has them.
const FIELDS: [&str; 5] = ["init", "eta", "order", "seed", "max-epochs"];

impl Panel for SettingsPanel {
    fn name(&self) -> &'static str {
        "settings"
    }

    fn markup(&self) -> Markup {
        let small = |words: &'static str| el("small", &[], vec![text(words)]);
        let initial = el(
            "label",
            &[("class", "wide")],
            vec![
                text("Initial weights "),
                small("zero, random, or w0,w1,w2 (bias first)"),
                el(
                    "input",
                    &[
                        ("id", "init"),
                        ("data-setting", "init"),
                        ("type", "text"),
                        ("value", "zero"),
                        ("spellcheck", "false"),
                        ("autocomplete", "off"),
                    ],
                    vec![],
                ),
            ],
        );
        let order = el(
            "label",
            &[("title", "The visiting order of every epoch")],
            vec![
                text("Order"),
                el(
                    "select",
                    &[("id", "order"), ("data-setting", "order")],
                    vec![
                        el(
                            "option",
                            &[("value", "fixed"), ("selected", "")],
                            vec![text("fixed")],
                        ),
                        el("option", &[("value", "shuffle")], vec![text("shuffled")]),
                    ],
                ),
            ],
        );
        let check = |words: &'static str, attributes: &'static [(&'static str, &'static str)]| {
            el(
                "label",
                &[("class", "check")],
                vec![el("input", attributes, vec![]), text(words)],
            )
        };
        details_panel!(
            "settings",
            "settings-panel lab-only",
            "Settings",
            vec![el(
                "form",
                &[
                    ("id", "settings"),
                    ("class", "settings-form"),
                    ("data-panel-act", "apply"),
                    ("novalidate", ""),
                ],
                vec![
                    check(
                        " Bias (an always-1 feature)",
                        &[
                            ("id", "bias"),
                            ("data-setting", "bias"),
                            ("type", "checkbox"),
                            ("checked", ""),
                        ],
                    ),
                    initial,
                    field!("eta", text("η (learning rate)"), "decimal", "1"),
                    order,
                    field!("seed", text("Seed"), "numeric", "1"),
                    field!("max-epochs", text("Max epochs"), "numeric", "1000"),
                    check(
                        " Snap new points to a ½ grid",
                        &[
                            ("id", "snap"),
                            ("type", "checkbox"),
                            ("data-panel-act", "snap")
                        ],
                    ),
                    el(
                        "button",
                        &[("id", "apply"), ("type", "submit")],
                        vec![text("Apply and reset")],
                    ),
                    el(
                        "p",
                        &[
                            ("id", "settings-error"),
                            ("class", "error"),
                            ("role", "alert"),
                        ],
                        vec![],
                    ),
                ],
            )],
        )
    }

    fn bind(&mut self, root: &Element) {
        let input = |selector: &str| find(root, selector).and_then(|e| e.dyn_into().ok());
        self.bias = input("[data-setting=\"bias\"]");
        self.snap = input("[data-panel-act=\"snap\"]");
        self.fields = FIELDS
            .iter()
            .filter_map(|name| Some((*name, find(root, &format!("[data-setting=\"{name}\"]"))?)))
            .collect();
        self.error = find(root, "[role=\"alert\"]");
    }

    fn writes_closed(&self) -> bool {
        // Its form is right the moment it opens: a value typed at once is never overwritten.
        true
    }

    fn throttle_ms(&self) -> f64 {
        // It writes only when the settings change.
        0.0
    }

    fn echo(&mut self) {
        // The next frame writes the settings in force into the form again.
        self.written = None;
    }

    fn write(&mut self, cx: &Cx<'_>) {
        let (settings, snap) = (cx.session.settings(), cx.session.snaps());
        // Compared in place: the settings are copied only when they are written.
        if self
            .written
            .as_ref()
            .is_some_and(|(s, on)| s == settings && *on == snap)
        {
            return;
        }
        if let Some(bias) = &self.bias {
            bias.set_checked(settings.bias);
        }
        if let Some(box_) = &self.snap {
            box_.set_checked(snap);
        }
        for (name, text) in settings.form_fields() {
            let Some((_, field)) = self.fields.iter().find(|(n, _)| *n == name) else {
                continue;
            };
            if let Some(input) = field.dyn_ref::<HtmlInputElement>() {
                input.set_value(&text);
            } else if let Some(menu) = field.dyn_ref::<HtmlSelectElement>() {
                menu.set_value(&text);
            }
        }
        self.written = Some((settings.clone(), snap));
    }

    fn event(&mut self, event: &PanelEvent, _session: &Session) -> Result<Option<Action>, Error> {
        match event.act.as_str() {
            "snap" => Ok(Some(Action::SetSnap(event.value == 1.0))),
            "apply" => {
                let value = |name: &str| {
                    let field = self.fields.iter().find(|(n, _)| *n == name);
                    field.map_or_else(String::new, |(_, e)| {
                        e.dyn_ref::<HtmlInputElement>()
                            .map(HtmlInputElement::value)
                            .or_else(|| e.dyn_ref::<HtmlSelectElement>().map(|s| s.value()))
                            .unwrap_or_default()
                    })
                };
                let (init, eta, order) = (value("init"), value("eta"), value("order"));
                let (seed, max_epochs) = (value("seed"), value("max-epochs"));
                let form = SettingsForm {
                    bias: self.bias.as_ref().is_some_and(HtmlInputElement::checked),
                    init: &init,
                    eta: &eta,
                    order: &order,
                    seed: &seed,
                    max_epochs: &max_epochs,
                };
                Ok(Some(Action::SetSettings(form.parse(2)?)))
            }
            _ => Ok(None),
        }
    }

    fn answered(&mut self, result: &Result<(), Error>) {
        // A refused form says why; its fields stay as typed, to be mended.
        super::say_result(self.error.as_ref(), result);
    }
}
