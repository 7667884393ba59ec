//! The trace table: a window of [`TRACE_WINDOW`] rows around the current step
//! (`Session::trace_rows`), rebuilt only when it moves, the current row scrolled into view after
//! the frame has written everything else; a click on a row goes to that step, and its Export
//! buttons save the steps up to the current one as Markdown, CSV or LaTeX
//! (`Session::trace_export`).

use super::{el, text, thead, Cx, Markup, Panel, PanelEvent};
use crate::core::table::TableFormat;
use crate::core::words::trace_caption;
use crate::core::{Action, Error, Session};
use crate::web::dom::{download, find, set_text, table_row};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, ScrollBehavior, ScrollToOptions};

/// Rows of the trace table kept in the page at once (a window around the current step).
const TRACE_WINDOW: usize = 60;

#[derive(Default)]
pub(super) struct TracePanel {
    caption: Option<Element>,
    body: Option<Element>,
    scroll: Option<HtmlElement>,
    /// What the window shows: its first row, the rows kept, the step, the steps dropped.
    shown: Option<(usize, usize, u64, u64)>,
    /// The row to scroll to once the frame has written everything, and whether smoothly.
    to_scroll: Option<(HtmlElement, bool)>,
}

/// An Export button: `act` is the format it saves.
macro_rules! export {
    ($act:literal, $label:literal) => {
        el(
            "button",
            &[("type", "button"), ("data-panel-act", $act)],
            vec![text($label)],
        )
    };
}

impl Panel for TracePanel {
    fn name(&self) -> &'static str {
        "trace"
    }

    fn markup(&self) -> Markup {
        // The step table's column names, in the page's language (as its exports have them).
        let head = |words: String| el("th", &[], vec![text(words)]);
        let [step, weights, score, correct, update] = crate::core::table::classic_names();
        section_panel!(
            "trace",
            "lab-only",
            "Trace table",
            vec![
                el(
                    "div",
                    &[("class", "panel-head")],
                    vec![
                        el("h2", &[], vec![text("Trace")]),
                        el(
                            "span",
                            &[("class", "caption"), ("data-part", "caption")],
                            vec![],
                        ),
                        el(
                            "span",
                            &[("class", "exports"), ("data-control", "export")],
                            vec![
                                text("Export "),
                                export!("markdown", "Markdown"),
                                export!("csv", "CSV"),
                                export!("latex", "LaTeX"),
                            ],
                        ),
                    ],
                ),
                el(
                    "div",
                    &[
                        ("class", "trace-scroll"),
                        ("data-part", "scroll"),
                        ("tabindex", "0"),
                        ("role", "region"),
                        ("aria-label", "Trace table, scrolls"),
                    ],
                    vec![el(
                        "table",
                        &[("class", "trace")],
                        vec![
                            thead(vec![
                                head(step),
                                head(weights),
                                head(score),
                                head(correct),
                                head(update),
                            ]),
                            el("tbody", &[("data-part", "body")], vec![]),
                        ],
                    )],
                ),
            ],
        )
    }

    fn bind(&mut self, root: &Element) {
        self.caption = find(root, "[data-part=\"caption\"]");
        self.body = find(root, "[data-part=\"body\"]");
        self.scroll = find(root, "[data-part=\"scroll\"]").and_then(|e| e.dyn_into().ok());
    }

    fn write(&mut self, cx: &Cx<'_>) {
        let session = cx.session;
        let Some(body) = &self.body else {
            return;
        };
        let Some(document) = body.owner_document() else {
            return;
        };
        let total = session.trace_len();
        let current = session.model().steps();
        let first_kept = session.history().first_step();
        let index = current.saturating_sub(first_kept) as usize;
        let first = index
            .saturating_sub(TRACE_WINDOW / 2)
            .min(total.saturating_sub(TRACE_WINDOW));
        let shown = Some((first, total, current, session.history().dropped_steps()));
        if self.shown == shown {
            return;
        }
        self.shown = shown;
        body.set_text_content(None);
        let rows = session.trace_rows(first, TRACE_WINDOW);
        let span = rows
            .first()
            .map(|r| r.step)
            .zip(rows.last().map(|r| r.step));
        let count = rows.len();
        let mut current_row = None;
        for row in rows {
            let Some(tr) = row_element(&document, row) else {
                return;
            };
            let _ = body.append_child(&tr);
            if tr.has_attribute("aria-current") {
                current_row = tr.dyn_into::<HtmlElement>().ok();
            }
        }
        if let Some(caption) = &self.caption {
            let last = session.history().last_step();
            set_text(
                caption,
                &trace_caption(span, count, total, last, first_kept),
            );
        }
        // A smooth scroll while stepping by hand; a jump while playing or when the user
        // prefers reduced motion.
        let smooth = !(cx.reduced_motion || session.is_playing());
        self.to_scroll = current_row.map(|row| (row, smooth));
    }

    fn settle(&mut self) {
        // After every write of the frame: the scroll reads the layout, so done earlier it
        // would make the browser lay the page out once for it and again for what follows.
        if let (Some((row, smooth)), Some(container)) = (self.to_scroll.take(), &self.scroll) {
            scroll_within(container, &row, smooth);
        }
    }

    fn event(&mut self, event: &PanelEvent, session: &Session) -> Result<Option<Action>, Error> {
        if event.act == "jump" {
            return Ok(Some(Action::JumpToStep(event.value.max(0.0) as u64)));
        }
        let (format, name, mime) = match event.act.as_str() {
            "markdown" => (
                TableFormat::Markdown,
                "perceptron-trace.md",
                "text/markdown",
            ),
            "csv" => (TableFormat::Csv, "perceptron-trace.csv", "text/csv"),
            "latex" => (
                TableFormat::Latex,
                "perceptron-trace.tex",
                "application/x-tex",
            ),
            _ => return Ok(None),
        };
        if let Some(document) = self.body.as_ref().and_then(|b| b.owner_document()) {
            download(&document, name, mime, &session.trace_export(format));
        }
        Ok(None)
    }
}

/// One row of the table: a click on it goes to its step.
fn row_element(document: &web_sys::Document, row: crate::core::TraceRow) -> Option<Element> {
    let step = row.step.to_string();
    let class = match (row.current, row.done) {
        (true, _) => "current",
        (false, true) => "done",
        (false, false) => "undone",
    };
    let current: &[(&str, &str)] = if row.current {
        &[("aria-current", "step")]
    } else {
        &[]
    };
    let attributes = [
        ("data-step", step.as_str()),
        ("data-panel-act", "jump"),
        ("data-value", step.as_str()),
        ("class", class),
    ];
    let attributes: Vec<(&str, &str)> = attributes.iter().chain(current).copied().collect();
    let cells = [
        step.clone(),
        row.weights,
        row.score,
        row.correct,
        row.update,
    ];
    table_row(document, &attributes, None, cells)
}

/// Scrolls `container` so that `row` shows below the sticky header row.
fn scroll_within(container: &HtmlElement, row: &HtmlElement, smooth: bool) {
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
