//! The plot's first frame, drawn before the lab has loaded.
//!
//! The page's loader (`www/loader.js`) instantiates this module first: it is the wasm32 build
//! of this crate without the `lab` feature (`scripts/first-frame.sh`), so it holds
//! `render::draw_blank` and nothing of the session. A page that opens on a blank session (no
//! scenario in its link) gets its plot here, from a module a ninth the size of the lab's; the
//! lab, once loaded,
//! draws the same pixels over it in its own first frame and runs the page from then on. A
//! page with a scenario in its link waits for the lab, which alone can replay it.

use crate::core::scenario::page_only;
use crate::core::DEFAULT_VIEW;
use crate::render::{draw_blank, Theme};
use crate::web::dom;
use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

/// Draws a blank session's plot on `canvas` (sized to its CSS size × devicePixelRatio, as the
/// lab sizes it) in the light or `dark` palette, when the link `fragment` holds no scenario.
/// Returns whether it drew; the lab draws in any case once it has loaded.
#[wasm_bindgen]
pub fn first_frame(canvas: &HtmlCanvasElement, fragment: &str, dark: bool) -> bool {
    if !page_only(fragment) {
        return false;
    }
    let Some(window) = web_sys::window() else {
        return false;
    };
    // Sized and scaled as the lab's runner does (`Runner::fit_canvas`, `backing_scale`).
    dom::fit_backing(canvas, dom::pixel_ratio(window.device_pixel_ratio()));
    let theme = Theme::for_view(dark, false, dom::backing_scale(canvas));
    let Some(backend) = CanvasBackend::with_canvas_object(canvas.clone()) else {
        return false;
    };
    let area = backend.into_drawing_area();
    draw_blank(&area, DEFAULT_VIEW, &theme).is_ok() && area.present().is_ok()
}
