//! The described plot: the plot in words (`Session::plot_description`, which the plot's
//! canvas names with `aria-describedby`), how much a screen reader hears of each step (its
//! verbosity, `Action::SetVerbosity`), and the points table (`Session::point_rows`), written
//! only while its `<details>` is open.

use super::{el, text, thead, Cx, Markup, Panel, PanelEvent};
use crate::core::speech::Verbosity;
use crate::core::words::points_caption;
use crate::core::{Action, Error, Session, POINT_ROWS_LIMIT};
use crate::web::dom::{find, set_text, table_row};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlSelectElement};

/// What the description and the table depend on: the points, the run and the step (the
/// session's state key), the region map's grid, and how far the kernel's scores of the points
/// are (`Session::points_pending`: the count of wrong points follows them).
type DescribedKey = (
    (u64, u64, u64),
    Option<(usize, usize)>,
    Option<(usize, usize)>,
);

#[derive(Default)]
pub(super) struct DescribedPanel {
    description: Option<Element>,
    verbosity: Option<HtmlSelectElement>,
    points: Option<Element>,
    body: Option<Element>,
    caption: Option<Element>,
    /// The state the description was written for (it is worded again only when that changes).
    described_for: Option<DescribedKey>,
    /// The state the points table was written for (`None` while its `<details>` is closed).
    table_for: Option<DescribedKey>,
}

impl Panel for DescribedPanel {
    fn name(&self) -> &'static str {
        "described"
    }

    fn markup(&self) -> Markup {
        let col = |words: &'static str| el("th", &[("scope", "col")], vec![text(words)]);
        section_panel!(
            "described",
            "lab-panel",
            "Described plot",
            vec![
                el(
                    "div",
                    &[("class", "panel-head")],
                    vec![
                        el("h2", &[], vec![text("Described plot")]),
                        el(
                            "label",
                            &[
                                ("class", "verbosity"),
                                ("title", "How much a screen reader hears after each step"),
                            ],
                            vec![
                                text("Spoken steps "),
                                el(
                                    "select",
                                    &[("data-panel-act", "verbosity")],
                                    vec![
                                        el("option", &[("value", "off")], vec![text("off")]),
                                        el("option", &[("value", "brief")], vec![text("brief")]),
                                        el("option", &[("value", "full")], vec![text("full")]),
                                    ],
                                ),
                            ],
                        ),
                    ],
                ),
                el(
                    "p",
                    &[
                        ("id", "plot-description"),
                        ("class", "description"),
                        ("data-part", "description"),
                    ],
                    vec![],
                ),
                el(
                    "details",
                    &[("data-part", "points")],
                    vec![
                        el(
                            "summary",
                            &[],
                            vec![text("Points table: x1, x2, class, score, correct?")],
                        ),
                        el(
                            "div",
                            &[
                                ("class", "points-scroll"),
                                ("tabindex", "0"),
                                ("role", "region"),
                                ("aria-labelledby", "points-caption"),
                            ],
                            vec![el(
                                "table",
                                &[("class", "points-table")],
                                vec![
                                    el(
                                        "caption",
                                        &[("id", "points-caption"), ("data-part", "caption")],
                                        vec![text("The points.")],
                                    ),
                                    thead(vec![
                                        col("#"),
                                        col("x1"),
                                        col("x2"),
                                        col("class"),
                                        col("score"),
                                        col("correct?"),
                                    ]),
                                    el("tbody", &[("data-part", "body")], vec![]),
                                ],
                            )],
                        ),
                    ],
                ),
            ],
        )
    }

    fn bind(&mut self, root: &Element) {
        let part = |name: &str| find(root, &format!("[data-part=\"{name}\"]"));
        self.description = part("description");
        self.points = part("points");
        self.body = part("body");
        self.caption = part("caption");
        self.verbosity = find(root, "select").and_then(|e| e.dyn_into().ok());
    }

    fn write(&mut self, cx: &Cx<'_>) {
        let session = cx.session;
        if let Some(select) = &self.verbosity {
            let name = session.verbosity().name();
            if select.value() != name {
                select.set_value(name);
            }
        }
        let key = (
            session.state_key(),
            session.region().map(|r| (r.cols, r.rows)),
            session.points_pending(),
        );
        if self.described_for != Some(key) {
            if let Some(element) = &self.description {
                set_text(element, &session.plot_description());
            }
            self.described_for = Some(key);
        }
        let open = self
            .points
            .as_ref()
            .is_some_and(|p| p.has_attribute("open"));
        if !open {
            self.table_for = None;
            return;
        }
        if self.table_for != Some(key) {
            self.write_points_table(session);
            self.table_for = Some(key);
        }
    }

    fn event(&mut self, event: &PanelEvent, _session: &Session) -> Result<Option<Action>, Error> {
        if event.act != "verbosity" {
            return Ok(None);
        }
        let chosen = self.verbosity.as_ref().map(HtmlSelectElement::value);
        Ok(Some(Action::SetVerbosity(Verbosity::parse(
            &chosen.unwrap_or_default(),
        )?)))
    }
}

impl DescribedPanel {
    /// The points table: a row per point (at most [`POINT_ROWS_LIMIT`]), its caption.
    fn write_points_table(&self, session: &Session) {
        let Some(body) = &self.body else {
            return;
        };
        let Some(document) = body.owner_document() else {
            return;
        };
        body.set_text_content(None);
        let rows = session.point_rows(POINT_ROWS_LIMIT);
        for row in &rows {
            let wrong: &[(&str, &str)] = if row.correct != "yes" {
                &[("class", "wrong")]
            } else {
                &[]
            };
            let cells = [&row.x1, &row.x2, &row.class, &row.score, &row.correct];
            let index = format!("#{}", row.index);
            let Some(tr) = table_row(&document, wrong, Some(&index), cells) else {
                return;
            };
            let _ = body.append_child(&tr);
        }
        if let Some(caption) = &self.caption {
            let n = session.data().len();
            set_text(caption, &points_caption(n, rows.len()));
        }
    }
}
