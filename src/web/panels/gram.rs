//! The kernel perceptron's Gram matrix panel: `K(x_i, x_j)` of the first points with each
//! point's α, the row of the sample just visited highlighted (`Session::gram`). Shown only for a
//! kernel run.

use super::{el, text, Cx, Markup, Panel};
use crate::core::numfmt::num;
use crate::core::Session;
use crate::web::dom::{find, set_text};
use web_sys::Element;

/// The panel shows at most this many rows and columns.
const GRAM_LIMIT: usize = 12;

#[derive(Default)]
pub(super) struct GramPanel {
    caption: Option<Element>,
    table: Option<Element>,
    /// What the table shows: (run, timeline revision, step on show).
    written: Option<((u64, u64), u64, u64)>,
}

impl Panel for GramPanel {
    fn name(&self) -> &'static str {
        "gram"
    }

    fn markup(&self) -> Markup {
        section_panel!(
            "gram",
            "lab-panel",
            "Gram matrix",
            vec![
                el(
                    "h2",
                    &[],
                    vec![
                        text("Gram matrix K(x"),
                        el("sub", &[], vec![text("i")]),
                        text(", x"),
                        el("sub", &[], vec![text("j")]),
                        text(")"),
                    ],
                ),
                el(
                    "p",
                    &[("class", "caption"), ("data-part", "caption")],
                    vec![],
                ),
                el(
                    "div",
                    &[
                        ("class", "panel-table"),
                        ("tabindex", "0"),
                        ("role", "region"),
                        ("aria-label", "Gram matrix, scrolls"),
                    ],
                    vec![el(
                        "table",
                        &[("class", "gram"), ("data-part", "table")],
                        vec![],
                    )],
                ),
            ],
        )
    }

    fn bind(&mut self, root: &Element) {
        self.caption = find(root, "[data-part=\"caption\"]");
        self.table = find(root, "[data-part=\"table\"]");
    }

    fn applies(&self, session: &Session) -> bool {
        session.gram(0).is_some()
    }

    fn throttle_ms(&self) -> f64 {
        0.0
    }

    fn write(&mut self, cx: &Cx<'_>) {
        let session = cx.session;
        let key = (
            session.run_key(),
            session.history().revision(),
            session.model().steps(),
        );
        if self.written == Some(key) {
            return;
        }
        let (Some(table), Some(document)) = (
            &self.table,
            self.table.as_ref().and_then(|t| t.owner_document()),
        ) else {
            return;
        };
        let Some(gram) = session.gram(GRAM_LIMIT) else {
            return;
        };
        self.written = Some(key);
        if let Some(caption) = &self.caption {
            set_text(caption, &gram.caption());
        }
        table.set_text_content(None);
        let cell = |tag: &str, text: &str| -> Option<Element> {
            let e = document.create_element(tag).ok()?;
            e.set_text_content(Some(text));
            Some(e)
        };
        let Ok(head) = document.create_element("tr") else {
            return;
        };
        // The corner names the row headers (an empty header cell says nothing to a reader).
        let mut headers = vec!["point".to_string(), "α".to_string()];
        headers.extend((0..gram.rows.len()).map(|j| format!("x{}", j + 1)));
        for text in &headers {
            if let Some(c) = cell("th", text) {
                let _ = head.append_child(&c);
            }
        }
        let _ = table.append_child(&head);
        let mut rows: Vec<(usize, Vec<f64>)> = gram.rows.iter().cloned().enumerate().collect();
        if let (Some(i), Some(row)) = (gram.current, &gram.current_row) {
            if i >= rows.len() {
                rows.push((i, row.iter().take(gram.rows.len()).copied().collect()));
            }
        }
        for (i, values) in rows {
            let Ok(tr) = document.create_element("tr") else {
                return;
            };
            if gram.current == Some(i) {
                let _ = tr.set_attribute("class", "current");
                let _ = tr.set_attribute("aria-current", "true");
            }
            let _ = tr.set_attribute("data-row", &(i + 1).to_string());
            if let Some(c) = cell("th", &format!("x{}", i + 1)) {
                let _ = tr.append_child(&c);
            }
            let alpha = gram.alphas.get(i).copied().unwrap_or(0.0);
            if let Some(c) = cell("td", &num(alpha)) {
                let _ = c.set_attribute("class", "alpha");
                let _ = tr.append_child(&c);
            }
            for v in values {
                if let Some(c) = cell("td", &num((v * 1000.0).round() / 1000.0)) {
                    let _ = tr.append_child(&c);
                }
            }
            let _ = table.append_child(&tr);
        }
    }
}
