//! The page's text written in a frame: the status fields and buttons, the trace table's window
//! and the settings form after a preset or an algorithm change.

use super::{Runner, TRACE_WINDOW};
use crate::web::dom::{active_element, find, set_attribute, set_text};
use wasm_bindgen::JsCast;
use web_sys::{
    Element, HtmlElement, HtmlInputElement, HtmlSelectElement, ScrollBehavior, ScrollToOptions,
};

impl Runner {
    pub(super) fn show_status(&self) {
        let status = self.session.status();
        for (name, text) in status.fields() {
            if let Some((_, element)) = self.fields.iter().find(|(n, _)| *n == name) {
                set_text(element, text);
            }
        }
        if let Some(label) = &self.play_label {
            set_text(
                label,
                if self.session.is_playing() {
                    "Pause"
                } else {
                    "Play"
                },
            );
        }
        let selected = self.session.selected_class();
        for (label, button) in &self.class_buttons {
            let pressed = if *label == selected { "true" } else { "false" };
            set_attribute(button, "aria-pressed", pressed);
        }
        let multi = self.session.setup().algorithm.is_multiclass();
        if let (Some(binary), Some(many)) = (&self.binary_picker, &self.multi_picker) {
            let (show, hide) = if multi {
                (many, binary)
            } else {
                (binary, many)
            };
            let _ = show.remove_attribute("hidden");
            let _ = hide.set_attribute("hidden", "");
        }
        let index = self.session.selected_class_index();
        for (c, button) in &self.class_index_buttons {
            let pressed = if *c == index { "true" } else { "false" };
            set_attribute(button, "aria-pressed", pressed);
            if *c < self.session.num_classes() {
                let _ = button.remove_attribute("hidden");
                // The class's name: its index, or the label an imported file gave it.
                if let Some(name) = find(button, "[data-role=\"class-name\"]") {
                    set_text(&name, &self.session.class_name(*c));
                }
            } else {
                let _ = button.set_attribute("hidden", "");
            }
        }
        if let Some(scrubber) = &self.scrubber {
            let history = self.session.history();
            let (min, max) = (history.first_step(), history.last_step());
            set_attribute(scrubber, "min", &min.to_string());
            set_attribute(scrubber, "max", &max.to_string());
            let value = self.session.model().steps().to_string();
            if scrubber.value() != value {
                scrubber.set_value(&value);
            }
            set_attribute(
                scrubber,
                "aria-valuetext",
                &crate::core::words::scrubber_text(self.session.model().steps(), max),
            );
        }
        if let Some(region) = &self.cursor_status {
            set_text(region, &self.session.cursor_text());
        }
    }

    /// The trace table: a window of rows around the current step, rebuilt only when it moves.
    pub(super) fn show_trace(&mut self) {
        let (Some(body), Some(document)) = (&self.trace_body, &self.document) else {
            return;
        };
        let total = self.session.trace_len();
        let current = self.session.model().steps();
        let first_kept = self.session.history().first_step();
        let index = current.saturating_sub(first_kept) as usize;
        let first = index
            .saturating_sub(TRACE_WINDOW / 2)
            .min(total.saturating_sub(TRACE_WINDOW));
        let key = (
            first,
            total,
            current,
            self.session.history().dropped_steps(),
        );
        if self.trace_key == Some(key) {
            return;
        }
        self.trace_key = Some(key);
        body.set_text_content(None);
        let mut current_row = None;
        let rows = self.session.trace_rows(first, TRACE_WINDOW);
        // The caption needs only the first and last step numbers; the rows are built once.
        let shown = rows
            .first()
            .map(|r| r.step)
            .zip(rows.last().map(|r| r.step));
        let count = rows.len();
        for row in rows {
            let Ok(tr) = document.create_element("tr") else {
                return;
            };
            let _ = tr.set_attribute("data-step", &row.step.to_string());
            let class = match (row.current, row.done) {
                (true, _) => "current",
                (false, true) => "done",
                (false, false) => "undone",
            };
            let _ = tr.set_attribute("class", class);
            if row.current {
                let _ = tr.set_attribute("aria-current", "step");
            }
            for text in [
                row.step.to_string(),
                row.weights,
                row.score,
                row.correct,
                row.update,
            ] {
                if let Ok(td) = document.create_element("td") {
                    td.set_text_content(Some(&text));
                    let _ = tr.append_child(&td);
                }
            }
            let _ = body.append_child(&tr);
            if row.current {
                current_row = Some(tr);
            }
        }
        if let Some(caption) = &self.trace_caption {
            let last = self.session.history().last_step();
            let text = crate::core::words::trace_caption(shown, count, total, last, first_kept);
            set_text(caption, &text);
        }
        if let Some(row) = current_row {
            // A smooth scroll while stepping by hand; a jump while playing or when the user
            // prefers reduced motion.
            let smooth = !(self.options.reduced_motion || self.session.is_playing());
            self.trace_scroll = Some((row, smooth));
        }
    }

    /// Scrolls the trace table to the row [`show_trace`](Self::show_trace) named, after the
    /// frame has written everything else: the scroll reads the layout, so done earlier it would
    /// make the browser lay the page out once for it and again for what follows.
    pub(super) fn scroll_trace(&mut self) {
        if let Some((row, smooth)) = self.trace_scroll.take() {
            scroll_within(&row, smooth);
        }
    }

    /// Writes the settings in force into the settings form (after a preset changed them).
    pub(super) fn show_settings(&self) {
        let s = self.session.settings();
        let input = |name: &str| {
            find(&self.root, &format!("[data-setting=\"{name}\"]"))
                .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        };
        if let Some(bias) = input("bias") {
            bias.set_checked(s.bias);
        }
        for (name, text) in s.form_fields() {
            if let Some(field) = input(name) {
                field.set_value(&text);
            } else if let Some(field) = find(&self.root, &format!("[data-setting=\"{name}\"]"))
                .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
            {
                field.set_value(&text);
            }
        }
        let select = |name: &str| {
            find(&self.root, &format!("[data-setting=\"{name}\"]"))
                .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
        };
        let setup = self.session.setup();
        if let Some(algorithm) = select("algorithm") {
            algorithm.set_value(setup.algorithm.name());
        }
        if let Some(classes) = select("classes") {
            classes.set_value(&setup.classes.to_string());
        }
        if let Some(kernel) = input("kernel") {
            kernel.set_value(&setup.kernel.to_string());
        }
        // The page shows and hides controls by kind, never by a list of algorithms.
        set_attribute(&self.root, "data-kind", setup.algorithm.kind().name());
        let table = if self.session.model().classic_table() {
            "classic"
        } else {
            "own"
        };
        set_attribute(&self.root, "data-table", table);
        self.show_params();
        for (selector, on) in [
            ("#pocket", self.session.pocket_mode()),
            ("#show-margin", self.session.shows_max_margin()),
            ("#snap", self.session.snaps()),
        ] {
            if let Some(check) =
                find(&self.root, selector).and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
            {
                check.set_checked(on);
            }
        }
    }
}

impl Runner {
    /// Fills the algorithm's own numbers into `[data-role="params"]`: a labelled text field per
    /// [`Param`](crate::core::algo::Param) of the algorithm in force (`data-param` = its key),
    /// with the value in force. Rebuilt only when the algorithm changes; otherwise the values
    /// are written in place.
    fn show_params(&self) {
        let Some(container) = find(&self.root, "[data-role=\"params\"]") else {
            return;
        };
        let setup = self.session.setup();
        let params = setup.algorithm.info().params;
        let keys = params.iter().map(|p| p.key).collect::<Vec<_>>().join(",");
        if container.get_attribute("data-keys").as_deref() != Some(keys.as_str()) {
            container.set_text_content(None);
            let Some(document) = &self.document else {
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
                let _ = field.set_attribute("data-param", param.key);
                let _ = field.set_attribute("type", "text");
                let _ = field.set_attribute("inputmode", "decimal");
                let _ = field.set_attribute("spellcheck", "false");
                let _ = field.set_attribute("autocomplete", "off");
                let _ = field.set_attribute("title", &format!("{} {}", param.key, param.rule));
                let _ = label.append_child(&field);
                let _ = container.append_child(&label);
            }
            let _ = container.set_attribute("data-keys", &keys);
            set_attribute(&container, "data-count", &params.len().to_string());
        }
        for param in params {
            if let Some(field) = find(&container, &format!("[data-param=\"{}\"]", param.key))
                .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
            {
                field.set_value(&crate::core::numfmt::exact(setup.param(param.key)));
            }
        }
    }
}

/// Scrolls the trace table's own scroll box (never the page) so that `row` is visible.
fn scroll_within(row: &Element, smooth: bool) {
    let Some(container) = row
        .closest("[data-role=\"trace-scroll\"]")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<HtmlElement>().ok())
    else {
        return;
    };
    let Ok(row) = row.clone().dyn_into::<HtmlElement>() else {
        return;
    };
    let header = 34; // the sticky header row
    let top = row.offset_top();
    let bottom = top + row.offset_height();
    let view_top = container.scroll_top();
    let target = if top - header < view_top {
        top - header
    } else if bottom > view_top + container.client_height() {
        bottom - container.client_height()
    } else {
        return;
    };
    let options = ScrollToOptions::new();
    options.set_top(f64::from(target.max(0)));
    options.set_behavior(if smooth {
        ScrollBehavior::Smooth
    } else {
        ScrollBehavior::Instant
    });
    container.scroll_to_with_scroll_to_options(&options);
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
