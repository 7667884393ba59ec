//! The single-key shortcuts' switch (WCAG 2.1.4): letters, digits, Space and ? act as shortcuts
//! unless it is off; clicker keys (PageDown, PageUp), the arrows, Delete and Escape always act.
//! The keys are the page's, so the box is read by the page's key handler (`www/app.js`, a
//! compact lab's in `www/compact.js`), found by `data-role`; the full page keeps the choice in
//! this browser. A compact lab shows it only when it is full.

use super::{el, text, Markup, Panel};
use web_sys::Element;

pub(super) struct ShortcutsPanel;

impl Panel for ShortcutsPanel {
    fn name(&self) -> &'static str {
        "shortcuts"
    }

    fn markup(&self) -> Markup {
        group_panel!(
            "shortcuts",
            "shortcuts",
            "keys-switch",
            "Keyboard shortcuts",
            vec![
                el(
                    "label",
                    &[("class", "check")],
                    vec![
                        el(
                            "input",
                            &[
                                ("id", "single-keys"),
                                ("data-role", "single-keys"),
                                ("type", "checkbox"),
                                ("checked", ""),
                                ("aria-describedby", "single-keys-note"),
                            ],
                            vec![],
                        ),
                        text(" Single-key shortcuts"),
                    ],
                ),
                el(
                    "p",
                    &[("id", "single-keys-note"), ("class", "note")],
                    vec![text(
                        "Letters, digits, Space and ? act as shortcuts (see ?). Off: only \
                         PageDown / PageUp (clickers), the arrows, Delete and Esc act.",
                    )],
                ),
            ],
        )
    }

    fn bind(&mut self, _root: &Element) {}
}
