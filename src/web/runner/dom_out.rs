//! The page's text written in a frame: the status fields and buttons ([`Controls`]) and the
//! settings form after a preset or an algorithm change; the menus filled once at mount.

use super::Runner;
use crate::core::{Label, Session};
use crate::web::dom::{active_element, find, set_attribute, set_text};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement};

/// The status fields and the controls the frame writes: the buttons of Play and the classes,
/// the class pickers, the history slider and the keyboard cursor's live region.
pub(super) struct Controls {
    fields: Vec<(&'static str, Element)>,
    play_label: Option<Element>,
    class_buttons: Vec<(Label, Element)>,
    class_index_buttons: Vec<(usize, Element)>,
    binary_picker: Option<Element>,
    multi_picker: Option<Element>,
    scrubber: Option<HtmlInputElement>,
    /// The plot's keyboard cursor's live region (`[data-role="cursor-status"]`).
    cursor_status: Option<Element>,
}

impl Controls {
    /// The elements under `root` (an embedded lab may have only some of them).
    pub(super) fn find(root: &HtmlElement, session: &Session) -> Controls {
        let fields = session
            .status()
            .fields()
            .iter()
            .filter_map(|(name, _)| {
                find(root, &format!("[data-field=\"{name}\"]")).map(|e| (*name, e))
            })
            .collect();
        let class_buttons = [(Label::Pos, "pos"), (Label::Neg, "neg")]
            .into_iter()
            .filter_map(|(label, key)| {
                find(root, &format!("[data-class=\"{key}\"]")).map(|e| (label, e))
            })
            .collect();
        let class_index_buttons = (0..=crate::core::MAX_CLASS_INDEX)
            .filter_map(|c| find(root, &format!("[data-class-index=\"{c}\"]")).map(|e| (c, e)))
            .collect();
        Controls {
            fields,
            play_label: find(root, "[data-field=\"play-label\"]"),
            class_buttons,
            class_index_buttons,
            binary_picker: find(root, "[data-role=\"class-picker\"]"),
            multi_picker: find(root, "[data-role=\"class-picker-multi\"]"),
            scrubber: find(root, "[data-role=\"scrubber\"]").and_then(|e| e.dyn_into().ok()),
            cursor_status: find(root, "[data-role=\"cursor-status\"]"),
        }
    }

    /// Writes what `session` shows into them.
    pub(super) fn show(&self, session: &Session, status: &crate::core::Status) {
        for (name, text) in status.fields() {
            if let Some((_, element)) = self.fields.iter().find(|(n, _)| *n == name) {
                set_text(element, text);
            }
        }
        if let Some(label) = &self.play_label {
            set_text(
                label,
                if session.is_playing() {
                    "Pause"
                } else {
                    "Play"
                },
            );
        }
        let selected = session.selected_class();
        for (label, button) in &self.class_buttons {
            let pressed = if *label == selected { "true" } else { "false" };
            set_attribute(button, "aria-pressed", pressed);
        }
        let multi = session.setup().algorithm.is_multiclass();
        if let (Some(binary), Some(many)) = (&self.binary_picker, &self.multi_picker) {
            let (show, hide) = if multi {
                (many, binary)
            } else {
                (binary, many)
            };
            let _ = show.remove_attribute("hidden");
            let _ = hide.set_attribute("hidden", "");
        }
        let index = session.selected_class_index();
        for (c, button) in &self.class_index_buttons {
            let pressed = if *c == index { "true" } else { "false" };
            set_attribute(button, "aria-pressed", pressed);
            if *c < session.num_classes() {
                let _ = button.remove_attribute("hidden");
                // The class's name: its index, or the label an imported file gave it.
                if let Some(name) = find(button, "[data-role=\"class-name\"]") {
                    set_text(&name, &session.class_name(*c));
                }
            } else {
                let _ = button.set_attribute("hidden", "");
            }
        }
        if let Some(scrubber) = &self.scrubber {
            let history = session.history();
            let (min, max) = (history.first_step(), history.last_step());
            set_attribute(scrubber, "min", &min.to_string());
            set_attribute(scrubber, "max", &max.to_string());
            let value = session.model().steps().to_string();
            if scrubber.value() != value {
                scrubber.set_value(&value);
            }
            set_attribute(
                scrubber,
                "aria-valuetext",
                &crate::core::words::scrubber_text(session.model().steps(), max),
            );
        }
        if let Some(region) = &self.cursor_status {
            set_text(region, &session.cursor_text());
        }
    }
}

impl Runner {
    /// Marks the lab's root with the algorithm's kind and whether its trace is the classic
    /// table (the page shows and hides controls by kind, never by a list of algorithms).
    pub(super) fn show_kind(&self) {
        let setup = self.session.setup();
        set_attribute(&self.root, "data-kind", setup.algorithm.kind().name());
        let table = if self.session.model().classic_table() {
            "classic"
        } else {
            "own"
        };
        set_attribute(&self.root, "data-table", table);
    }
}

/// The progress bar of long work (`[data-role="work"]`: a `<progress>`, its text and a Cancel
/// button), shown while the session is busy and hidden after.
#[derive(Default)]
pub(super) struct WorkPanel {
    panel: Option<Element>,
    bar: Option<Element>,
    text: Option<Element>,
    cancel: Option<Element>,
    shown: bool,
}

impl WorkPanel {
    /// The panel under `root`, if the page has one.
    pub(super) fn find(root: &HtmlElement) -> WorkPanel {
        WorkPanel {
            panel: find(root, "[data-role=\"work\"]"),
            bar: find(root, "[data-role=\"work-progress\"]"),
            text: find(root, "[data-role=\"work-text\"]"),
            cancel: find(root, "[data-role=\"work-cancel\"]"),
            shown: false,
        }
    }

    /// Shows `progress`, or hides the panel when there is none. When it hides with focus on
    /// its Cancel button, focus goes to the lab's Run button (or the lab), not to the page.
    pub(super) fn show(&mut self, progress: Option<&crate::core::Progress>, root: &HtmlElement) {
        let Some(panel) = &self.panel else {
            return;
        };
        match progress {
            Some(p) => {
                if let Some(bar) = &self.bar {
                    set_attribute(bar, "value", &format!("{:.0}", p.fraction() * 1000.0));
                    set_attribute(
                        bar,
                        "aria-valuetext",
                        &format!("{:.0}%", (p.fraction() * 100.0).floor()),
                    );
                }
                if let Some(text) = &self.text {
                    set_text(text, &p.text());
                }
                if !self.shown {
                    let _ = panel.remove_attribute("hidden");
                    self.shown = true;
                }
            }
            None if self.shown => {
                let focused = active_element(root)
                    .zip(self.cancel.as_ref())
                    .is_some_and(|(active, cancel)| &active == cancel);
                let _ = panel.set_attribute("hidden", "");
                self.shown = false;
                if focused {
                    let next = find(root, "[data-control=\"run\"]")
                        .and_then(|e| e.dyn_into::<HtmlElement>().ok())
                        .unwrap_or_else(|| root.clone());
                    let _ = next.focus();
                }
            }
            None => {}
        }
    }
}

/// Fills the page's menus from the registry and the presets: the algorithm selector
/// (`[data-setting="algorithm"]`: every algorithm, value its name, text its title) and the
/// Example menu (`[data-role="preset-menu"]`: after its first, empty "choose…" option, every
/// example). Nothing else lists algorithms or examples.
pub(super) fn fill_menus(root: &HtmlElement) {
    let Some(document) = root.owner_document() else {
        return;
    };
    let fill = |selector: &str, keep: u32, items: Vec<(String, &'static str)>| {
        // The menu is the lab's own, or (the main page's Example menu, in the header) the page's.
        let Some(select) =
            find(root, selector).or_else(|| document.query_selector(selector).ok().flatten())
        else {
            return;
        };
        // Its first `keep` options are the page's own; the rest come from here.
        while select.child_element_count() > keep {
            if let Some(last) = select.last_element_child() {
                last.remove();
            }
        }
        for (value, text) in items {
            if let Ok(option) = document.create_element("option") {
                let _ = option.set_attribute("value", &value);
                option.set_text_content(Some(text));
                let _ = select.append_child(&option);
            }
        }
    };
    let algorithms = || {
        crate::core::Algorithm::ALL
            .iter()
            .map(|a| (a.name().to_string(), a.title()))
            .collect()
    };
    let examples = |prefix: &str| {
        crate::core::Preset::all()
            .into_iter()
            .map(|p| (format!("{prefix}{}", p.id()), p.title()))
            .collect()
    };
    fill("[data-role=\"preset-menu\"]", 1, examples(""));
    fill("[data-role=\"practice-algorithm\"]", 0, algorithms());
    // The practice composer's sources: generated, the points on show, then every example.
    fill("[data-role=\"practice-source\"]", 2, examples("ex:"));
}
