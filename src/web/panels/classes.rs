//! The class that a click, a tap or Enter on the plot adds: +1 or −1, or for the multiclass
//! algorithms one of up to six classes, by name (the names an imported file gave). Every home
//! has it. Written in every frame that writes text, unthrottled.

use super::{el, text, Cx, Markup, Panel, PanelEvent};
use crate::core::{Action, Error, Session};
use crate::web::dom::{find, set_attribute, set_text};
use wasm_bindgen::JsCast;
use web_sys::Element;

#[derive(Default)]
pub(super) struct ClassesPanel {
    binary: Option<Element>,
    multi: Option<Element>,
    /// The binary picker's buttons with their class (1 for +1, 0 for −1).
    binary_buttons: Vec<(usize, Element)>,
    /// The multiclass picker's buttons, one a class, each with the span of its class's name.
    multi_buttons: Vec<(usize, Element, Option<Element>)>,
}

/// A multiclass picker's button: class `$c`, key `$key`, hidden until the run has that class.
macro_rules! class_button {
    ($c:literal, $key:literal, $swatch:literal, $($hidden:literal)?) => {
        el(
            "button",
            &[
                ("type", "button"),
                ("data-class-index", $c),
                ("data-panel-act", "class"),
                ("data-value", $c),
                ("aria-pressed", "false"),
                ("title", $key),
                $(($hidden, ""),)?
            ],
            vec![
                el("span", &[("class", $swatch), ("aria-hidden", "true")], vec![]),
                el("span", &[("data-role", "class-name")], vec![text($c)]),
            ],
        )
    };
}

impl Panel for ClassesPanel {
    fn name(&self) -> &'static str {
        "classes"
    }

    fn markup(&self) -> Markup {
        let label = || {
            el(
                "span",
                &[("class", "label")],
                vec![text(crate::core::i18n::t!("classes-add"))],
            )
        };
        group_panel!(
            "classes",
            "classes",
            "class-pickers lab-only",
            "Class to add",
            vec![
                el(
                    "div",
                    &[("class", "classes"), ("data-role", "class-picker")],
                    vec![
                        label(),
                        el(
                            "button",
                            &[
                                ("type", "button"),
                                ("id", "class-pos"),
                                ("data-class", "pos"),
                                ("data-panel-act", "class"),
                                ("data-value", "1"),
                                ("aria-pressed", "true"),
                                ("title", "Key 1"),
                            ],
                            vec![
                                el(
                                    "span",
                                    &[("class", "swatch pos"), ("aria-hidden", "true")],
                                    vec![],
                                ),
                                text("+1"),
                            ],
                        ),
                        el(
                            "button",
                            &[
                                ("type", "button"),
                                ("id", "class-neg"),
                                ("data-class", "neg"),
                                ("data-panel-act", "class"),
                                ("data-value", "0"),
                                ("aria-pressed", "false"),
                                ("title", "Key 2"),
                            ],
                            vec![
                                el(
                                    "span",
                                    &[("class", "swatch neg"), ("aria-hidden", "true")],
                                    vec![],
                                ),
                                text("−1"),
                            ],
                        ),
                    ],
                ),
                el(
                    "div",
                    &[
                        ("class", "classes"),
                        ("data-role", "class-picker-multi"),
                        ("hidden", ""),
                    ],
                    vec![
                        label(),
                        class_button!("0", "Key 1", "swatch c0",),
                        class_button!("1", "Key 2", "swatch c1",),
                        class_button!("2", "Key 3", "swatch c2",),
                        class_button!("3", "Key 4", "swatch c3", "hidden"),
                        class_button!("4", "Key 5", "swatch c4", "hidden"),
                        class_button!("5", "Key 6", "swatch c5", "hidden"),
                    ],
                ),
            ],
        )
    }

    fn bind(&mut self, root: &Element) {
        self.binary = find(root, "[data-role=\"class-picker\"]");
        self.multi = find(root, "[data-role=\"class-picker-multi\"]");
        let buttons = |picker: &Option<Element>| -> Vec<(usize, Element)> {
            let Some(list) = picker
                .as_ref()
                .and_then(|p| p.query_selector_all("button").ok())
            else {
                return Vec::new();
            };
            (0..list.length())
                .filter_map(|i| list.item(i)?.dyn_into::<Element>().ok())
                .filter_map(|b| Some((b.get_attribute("data-value")?.parse().ok()?, b)))
                .collect()
        };
        self.binary_buttons = buttons(&self.binary);
        self.multi_buttons = buttons(&self.multi)
            .into_iter()
            .map(|(c, button)| {
                let name = find(&button, "[data-role=\"class-name\"]");
                (c, button, name)
            })
            .collect();
    }

    fn throttle_ms(&self) -> f64 {
        0.0
    }

    fn write(&mut self, cx: &Cx<'_>) {
        let session = cx.session;
        let multi = session.setup().algorithm.is_multiclass();
        if let (Some(binary), Some(many)) = (&self.binary, &self.multi) {
            let (show, hide) = if multi {
                (many, binary)
            } else {
                (binary, many)
            };
            let _ = show.remove_attribute("hidden");
            let _ = hide.set_attribute("hidden", "");
        }
        let pressed = |on: bool| if on { "true" } else { "false" };
        let selected = session.selected_class().class();
        for (c, button) in &self.binary_buttons {
            set_attribute(button, "aria-pressed", pressed(*c == selected));
        }
        let index = session.selected_class_index();
        for (c, button, name) in &self.multi_buttons {
            set_attribute(button, "aria-pressed", pressed(*c == index));
            if *c < session.num_classes() {
                let _ = button.remove_attribute("hidden");
                // The class's name: its index, or the label an imported file gave it.
                if let Some(name) = name {
                    set_text(name, &session.class_name(*c));
                }
            } else {
                let _ = button.set_attribute("hidden", "");
            }
        }
    }

    fn event(&mut self, event: &PanelEvent, _session: &Session) -> Result<Option<Action>, Error> {
        Ok(match event.act.as_str() {
            "class" if event.value.is_finite() && event.value >= 0.0 => {
                Some(Action::SelectClass(event.value as usize))
            }
            _ => None,
        })
    }
}
