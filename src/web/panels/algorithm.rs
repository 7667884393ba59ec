//! The algorithm box: the algorithm (every one of the registry), its kernel, the number of
//! classes and the algorithm's own numbers (e.g. C), applied at once with the points kept. A
//! field that cannot be read changes nothing and says why.

use super::{el, text, Cx, Markup, Panel, PanelEvent};
use crate::core::numfmt::exact;
use crate::core::{Action, Error, Session, Setup};
use crate::web::dom::{find, set_attribute};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement};

#[derive(Default)]
pub(super) struct AlgorithmPanel {
    algorithm: Option<HtmlSelectElement>,
    kernel: Option<HtmlInputElement>,
    classes: Option<HtmlSelectElement>,
    kernel_field: Option<Element>,
    classes_field: Option<Element>,
    params: Option<Element>,
    error: Option<Element>,
    /// The setup last written into the box: written again only when the session's changes,
    /// so what the user is typing is never overwritten.
    written: Option<Setup>,
}

/// One option of the classes menu.
macro_rules! classes {
    ($($k:literal),*) => {
        vec![$(el("option", &[("value", $k)], vec![text($k)])),*]
    };
}

impl Panel for AlgorithmPanel {
    fn name(&self) -> &'static str {
        "algorithm"
    }

    fn markup(&self) -> Markup {
        el(
            "div",
            &[
                ("class", "model panel lab-only"),
                ("role", "group"),
                ("aria-label", "Algorithm"),
                ("data-panel", "algorithm"),
                ("data-control", "algorithm"),
            ],
            vec![
                el(
                    "label",
                    &[],
                    vec![
                        text("Algorithm"),
                        el(
                            "select",
                            &[
                                ("id", "algorithm"),
                                ("data-setting", "algorithm"),
                                ("data-panel-act", "setup"),
                            ],
                            vec![],
                        ),
                    ],
                ),
                el(
                    "label",
                    &[("class", "kernel-field")],
                    vec![
                        text("Kernel "),
                        el("small", &[], vec![text("linear, poly:D:γ:c, rbf:γ")]),
                        el(
                            "input",
                            &[
                                ("id", "kernel"),
                                ("data-setting", "kernel"),
                                ("data-panel-act", "setup"),
                                ("data-panel-keys", "Enter"),
                                ("type", "text"),
                                ("value", "linear"),
                                ("spellcheck", "false"),
                                ("autocomplete", "off"),
                            ],
                            vec![],
                        ),
                    ],
                ),
                el(
                    "label",
                    &[("class", "classes-field")],
                    vec![
                        text("Classes"),
                        el(
                            "select",
                            &[
                                ("id", "classes"),
                                ("data-setting", "classes"),
                                ("data-panel-act", "setup"),
                            ],
                            classes!("2", "3", "4", "5", "6"),
                        ),
                    ],
                ),
                el(
                    "div",
                    &[("class", "params-field"), ("data-role", "params")],
                    vec![],
                ),
                el(
                    "p",
                    &[("id", "model-error"), ("class", "error"), ("role", "alert")],
                    vec![],
                ),
            ],
        )
    }

    fn bind(&mut self, root: &Element) {
        let menu = |name: &str| {
            find(root, &format!("[data-setting=\"{name}\"]")).and_then(|e| e.dyn_into().ok())
        };
        self.algorithm = menu("algorithm");
        self.classes = menu("classes");
        self.kernel = find(root, "[data-setting=\"kernel\"]").and_then(|e| e.dyn_into().ok());
        self.kernel_field = find(root, ".kernel-field");
        self.classes_field = find(root, ".classes-field");
        self.params = find(root, "[data-role=\"params\"]");
        self.error = find(root, "[role=\"alert\"]");
        if let Some(menu) = &self.algorithm {
            crate::web::dom::fill_options(menu, 0, crate::web::dom::algorithm_options());
        }
    }

    fn throttle_ms(&self) -> f64 {
        // It writes only when the setup changes.
        0.0
    }

    fn echo(&mut self) {
        // The next frame writes the setup in force into the box again.
        self.written = None;
    }

    fn write(&mut self, cx: &Cx<'_>) {
        let setup = cx.session.setup();
        if self.written.as_ref() == Some(setup) {
            return;
        }
        if let Some(menu) = &self.algorithm {
            menu.set_value(setup.algorithm.name());
        }
        if let Some(menu) = &self.classes {
            menu.set_value(&setup.classes.to_string());
        }
        if let Some(field) = &self.kernel {
            field.set_value(&setup.kernel.to_string());
        }
        // The box shows the fields of the algorithm's kind, never a list of algorithms.
        let kind = setup.algorithm.kind().name();
        show(&self.kernel_field, kind == "kernel");
        show(&self.classes_field, kind == "multiclass");
        self.show_params(setup);
        self.written = Some(setup.clone());
    }

    fn event(&mut self, event: &PanelEvent, _session: &Session) -> Result<Option<Action>, Error> {
        if event.act != "setup" {
            return Ok(None);
        }
        let menu = |m: &Option<HtmlSelectElement>| m.as_ref().map(HtmlSelectElement::value);
        let params = self.typed_params();
        let setup = Setup::from_form(
            &menu(&self.algorithm).unwrap_or_default(),
            &self
                .kernel
                .as_ref()
                .map(HtmlInputElement::value)
                .unwrap_or_default(),
            &menu(&self.classes).unwrap_or_default(),
            &params,
        )?;
        Ok(Some(Action::SetSetup(setup)))
    }

    fn answered(&mut self, result: &Result<(), Error>) {
        super::say_result(self.error.as_ref(), result);
    }
}

impl AlgorithmPanel {
    /// The algorithm's own numbers as typed: `KEY=VALUE;…`.
    fn typed_params(&self) -> String {
        let Some(container) = &self.params else {
            return String::new();
        };
        let Ok(fields) = container.query_selector_all("[data-param]") else {
            return String::new();
        };
        (0..fields.length())
            .filter_map(|i| fields.item(i)?.dyn_into::<HtmlInputElement>().ok())
            .filter_map(|f| Some(format!("{}={}", f.get_attribute("data-param")?, f.value())))
            .collect::<Vec<_>>()
            .join(";")
    }

    /// A labelled text field per [`Param`](crate::core::algo::Param) of the algorithm in force
    /// (`data-param` = its key), with the value in force: rebuilt only when the algorithm
    /// changes, otherwise the values are written in place.
    fn show_params(&self, setup: &Setup) {
        let Some(container) = &self.params else {
            return;
        };
        let params = setup.algorithm.info().params;
        let keys = params.iter().map(|p| p.key).collect::<Vec<_>>().join(",");
        if container.get_attribute("data-keys").as_deref() != Some(keys.as_str()) {
            container.set_text_content(None);
            let Some(document) = container.owner_document() else {
                return;
            };
            for param in params {
                let (Ok(label), Ok(field)) = (
                    document.create_element("label"),
                    document.create_element("input"),
                ) else {
                    return;
                };
                label.set_text_content(Some(param.label));
                let title = format!("{} {}", param.key, param.rule);
                for (name, value) in [
                    ("data-param", param.key),
                    ("data-panel-act", "setup"),
                    ("data-panel-keys", "Enter"),
                    ("type", "text"),
                    ("inputmode", "decimal"),
                    ("spellcheck", "false"),
                    ("autocomplete", "off"),
                    ("title", &title),
                ] {
                    let _ = field.set_attribute(name, value);
                }
                let _ = label.append_child(&field);
                let _ = container.append_child(&label);
            }
            let _ = container.set_attribute("data-keys", &keys);
            set_attribute(container, "data-count", &params.len().to_string());
            show(&self.params, !params.is_empty());
        }
        for param in params {
            if let Some(field) = find(container, &format!("[data-param=\"{}\"]", param.key))
                .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
            {
                field.set_value(&exact(setup.param(param.key)));
            }
        }
    }
}

/// Shows `element` or hides it (`hidden`).
fn show(element: &Option<Element>, on: bool) {
    if let Some(element) = element {
        if on {
            let _ = element.remove_attribute("hidden");
        } else {
            set_attribute(element, "hidden", "");
        }
    }
}
