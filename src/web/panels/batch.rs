//! The batch perceptron's charts: `J_p` and `|M|` per epoch, and the paths of `(w1, w2)` of the
//! batch and the online rule (`Session::batch_view`, `render::draw_batch`). Shown only for a
//! batch run.

use super::{el, text, Cx, Markup, Panel};
use crate::core::Session;
use crate::render::{draw_batch, Theme};
use crate::web::backend::PageBackend;
use crate::web::dom::{find, fit_backing};
use plotters::prelude::IntoDrawingArea;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement};

/// What the charts showed when drawn: redrawn only when this changes.
type Shown = ((u64, u64), u64, u64, Theme, (i32, i32));

#[derive(Default)]
pub(super) struct BatchPanel {
    canvas: Option<HtmlCanvasElement>,
    drawn: Option<Shown>,
}

impl Panel for BatchPanel {
    fn name(&self) -> &'static str {
        "batch"
    }

    fn markup(&self) -> Markup {
        section_panel!(
            "batch",
            "lab-panel",
            "Batch charts",
            vec![
                el("h2", &[], vec![text("Batch: the criterion and the path of w")]),
                el(
                    "canvas",
                    &[
                        ("class", "panel-chart batch-chart"),
                        ("data-part", "chart"),
                        ("role", "img"),
                        (
                            "aria-label",
                            "J_p and |M| per epoch, and the paths of (w1, w2) of the batch and the online rule",
                        ),
                    ],
                    vec![],
                ),
            ],
        )
    }

    fn bind(&mut self, root: &Element) {
        self.canvas = find(root, "[data-part=\"chart\"]").and_then(|e| e.dyn_into().ok());
    }

    fn applies(&self, session: &Session) -> bool {
        session.has_batch_view()
    }

    fn draw(&mut self, cx: &Cx<'_>) {
        let Some(canvas) = &self.canvas else {
            return;
        };
        let session = cx.session;
        let resized = fit_backing(canvas, cx.pixel_ratio);
        let shown = (
            session.run_key(),
            session.history().revision(),
            session.model().steps(),
            cx.theme,
            (canvas.client_width(), canvas.client_height()),
        );
        if !resized && self.drawn == Some(shown) {
            return;
        }
        let Some(view) = session.batch_view() else {
            return;
        };
        self.drawn = Some(shown);
        if let Some(backend) = PageBackend::canvas(canvas) {
            let area = backend.into_drawing_area();
            let theme = Theme {
                scale: cx.pixel_ratio,
                ..cx.theme
            };
            if let Err(e) = draw_batch(&area, &view, &theme) {
                web_sys::console::error_1(&e.to_string().into());
            }
            let _ = area.present();
        }
    }
}
