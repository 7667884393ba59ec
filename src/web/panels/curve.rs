//! The learning-curve panel: the curve of the run on show (`core::curve`), drawn by
//! `render::draw_curve`, in words and as a table whose steps are buttons; a click on the curve
//! or a step goes there. It measures the curve in slices while it is open.

use super::{el, text, thead, Cx, Markup, Panel, PanelEvent};
use crate::core::curve::{Curve, CURVE_SLICE};
use crate::core::{Action, Error, Session};
use crate::render::{draw_curve, CurveFrame, Theme};
use crate::web::backend::PageBackend;
use crate::web::dom::{download, find, fit_backing, set_attribute, set_text, table_row};
use plotters::prelude::IntoDrawingArea;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement};

/// What the chart showed when drawn: redrawn only when this changes.
type Shown = ((u64, u64), u64, u64, usize, Theme, (i32, i32));

#[derive(Default)]
pub(super) struct LearningCurve {
    curve: Curve,
    caption: Option<Element>,
    canvas: Option<HtmlCanvasElement>,
    summary: Option<Element>,
    rows: Option<Element>,
    drawn: Option<Shown>,
    /// The chart's step axis as last drawn, and the backing scale it was drawn at.
    frame: Option<(CurveFrame, f64)>,
    /// What the text shows: (run, revision, step on show, points measured).
    written: Option<((u64, u64), u64, u64, usize)>,
    /// Whether the curve has reached the last kept step.
    complete: bool,
}

impl LearningCurve {
    fn key(&self, session: &Session) -> ((u64, u64), u64, u64, usize) {
        (
            session.run_key(),
            session.history().revision(),
            session.model().steps(),
            self.curve.view(session).points.len(),
        )
    }
}

impl LearningCurve {
    /// Saves the curve as an SVG file, drawn by the same code at the chart's size (light).
    fn save_svg(&self, session: &Session) {
        let Some(canvas) = &self.canvas else {
            return;
        };
        let size = (
            u32::try_from(canvas.client_width()).unwrap_or(0).max(320),
            u32::try_from(canvas.client_height()).unwrap_or(0).max(200),
        );
        let mut svg = String::new();
        {
            let area = PageBackend::svg(&mut svg, size).into_drawing_area();
            if draw_curve(&area, &self.curve.view(session), &Theme::new(1.0)).is_err() {
                return;
            }
            let _ = area.present();
        }
        if let Some(document) = canvas.owner_document() {
            download(&document, "learning-curve.svg", "image/svg+xml", &svg);
        }
    }
}

impl Panel for LearningCurve {
    fn name(&self) -> &'static str {
        "curve"
    }

    fn markup(&self) -> Markup {
        let head = |label: &'static str| el("th", &[("scope", "col")], vec![text(label)]);
        details_panel!(
            "curve",
            "curve-panel",
            "Learning curve",
            vec![
                el(
                    "p",
                    &[("class", "caption"), ("data-part", "caption")],
                    vec![],
                ),
                el(
                    "canvas",
                    &[
                        ("class", "panel-chart"),
                        ("data-part", "chart"),
                        ("data-panel-act", "jump-at"),
                        ("role", "img"),
                        ("aria-label", "Learning curve"),
                    ],
                    vec![],
                ),
                el(
                    "p",
                    &[("class", "panel-summary"), ("data-part", "summary")],
                    vec![],
                ),
                el(
                    "p",
                    &[("class", "panel-actions")],
                    vec![el(
                        "button",
                        &[("type", "button"), ("data-panel-act", "svg")],
                        vec![text("Save as SVG")],
                    )],
                ),
                el(
                    "div",
                    &[
                        ("class", "panel-table"),
                        ("tabindex", "0"),
                        ("role", "region"),
                        ("aria-label", "Learning curve as a table, scrolls"),
                    ],
                    vec![el(
                        "table",
                        &[],
                        vec![
                            thead(vec![
                                head("step"),
                                head("epoch"),
                                head("training points wrong"),
                                head("updates so far"),
                            ]),
                            el("tbody", &[("data-part", "rows")], vec![]),
                        ],
                    )],
                ),
            ],
        )
    }

    fn bind(&mut self, root: &Element) {
        let part = |name: &str| find(root, &format!("[data-part=\"{name}\"]"));
        self.caption = part("caption");
        self.canvas = part("chart").and_then(|e| e.dyn_into().ok());
        self.summary = part("summary");
        self.rows = part("rows");
    }

    fn draw(&mut self, cx: &Cx<'_>) {
        self.complete = self.curve.follow(cx.session, Some(CURVE_SLICE));
        let Some(canvas) = &self.canvas else {
            return;
        };
        let scale = cx.pixel_ratio;
        let resized = fit_backing(canvas, scale);
        let size = (canvas.client_width(), canvas.client_height());
        let (run, revision, step, measured) = self.key(cx.session);
        let shown = (run, revision, step, measured, cx.theme, size);
        if !resized && self.drawn == Some(shown) {
            return;
        }
        self.drawn = Some(shown);
        let view = self.curve.view(cx.session);
        if let Some(backend) = PageBackend::canvas(canvas) {
            let area = backend.into_drawing_area();
            match draw_curve(&area, &view, &cx.theme) {
                Ok(frame) => self.frame = Some((frame, scale)),
                Err(e) => web_sys::console::error_1(&e.to_string().into()),
            }
            let _ = area.present();
        }
    }

    fn write(&mut self, cx: &Cx<'_>) {
        let key = self.key(cx.session);
        if self.written == Some(key) {
            return;
        }
        self.written = Some(key);
        let view = self.curve.view(cx.session);
        let summary = view.summary();
        if let Some(caption) = &self.caption {
            set_text(caption, &view.caption());
        }
        if let Some(out) = &self.summary {
            set_text(out, &summary);
        }
        if let Some(canvas) = &self.canvas {
            set_attribute(
                canvas,
                "aria-label",
                &crate::core::words::learning_curve_label(&summary),
            );
        }
        let (Some(body), Some(document)) = (
            &self.rows,
            self.rows.as_ref().and_then(|r| r.owner_document()),
        ) else {
            return;
        };
        body.set_text_content(None);
        let on_show = view.on_show;
        for (point, row) in view.window().iter().zip(view.rows()) {
            let current: &[(&str, &str)] = if point.step == on_show {
                &[("aria-current", "step")]
            } else {
                &[]
            };
            let Some((step, cells)) = row.split_first() else {
                continue;
            };
            let Some(tr) = table_row(&document, current, None, cells) else {
                return;
            };
            if let Some(th) = jump_header(&document, point.step, step) {
                let _ = tr.insert_before(&th, tr.first_child().as_ref());
            }
            let _ = body.append_child(&tr);
        }
    }

    fn wants_frames(&self, _session: &Session) -> bool {
        !self.complete
    }

    fn event(&mut self, event: &PanelEvent, session: &Session) -> Result<Option<Action>, Error> {
        Ok(self.step_of(event, session).map(Action::JumpToStep))
    }
}

impl LearningCurve {
    /// The step a click asks for (the SVG button saves the curve and asks for none).
    fn step_of(&self, event: &PanelEvent, session: &Session) -> Option<u64> {
        match event.act.as_str() {
            "jump" if event.value.is_finite() && event.value >= 0.0 => {
                Some(event.value.round() as u64)
            }
            "svg" => {
                self.save_svg(session);
                None
            }
            "jump-at" => {
                let (frame, scale) = self.frame?;
                let wanted = frame.step_at(event.at.0 * scale);
                self.curve.view(session).nearest(wanted)
            }
            _ => None,
        }
    }
}

/// A row's header: a button that goes to `step`, named `text`.
fn jump_header(document: &web_sys::Document, step: u64, text: &str) -> Option<Element> {
    let th = document.create_element("th").ok()?;
    th.set_attribute("scope", "row").ok()?;
    let button = document.create_element("button").ok()?;
    button.set_attribute("type", "button").ok()?;
    button.set_attribute("data-panel-act", "jump").ok()?;
    button.set_attribute("data-value", &step.to_string()).ok()?;
    button
        .set_attribute("aria-label", &crate::core::words::go_to_step(text))
        .ok()?;
    button.set_text_content(Some(text));
    th.append_child(&button).ok()?;
    Some(th)
}
