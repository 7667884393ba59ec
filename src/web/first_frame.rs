//! The plot's first frame, drawn before the lab has loaded.
//!
//! The page's loader (`www/loader.js`) instantiates this module first: it is the wasm32 build
//! of this crate without the `lab` feature (`scripts/first-frame.sh`), so it holds
//! `render::draw_blank` and nothing of the session. A page that opens on a blank session (no
//! scenario in its link) gets its plot here, from a module a ninth the size of the lab's; the
//! lab, once loaded,
//! draws the same pixels over it in its own first frame and runs the page from then on. A
//! page with a scenario in its link waits for the lab, which alone can replay it.
//!
//! The plot's markup is the plot panel's (`web/panels/plot.rs`, the one copy): this module
//! places it in the page's plot slot, so the page has its plot (and its layout) before the
//! lab, which adopts it.

use crate::core::scenario::page_only;
use crate::core::DEFAULT_VIEW;
use crate::render::{draw_blank, Theme};
use crate::web::dom;
use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement};

/// Places the plot panel's markup in `slot` (the page's `[data-panels="plot"]`), marked as
/// loading (`aria-busy`) until the lab has started; then draws a blank session's plot on its
/// canvas (sized to its CSS size × devicePixelRatio, as the lab sizes it) in the light or
/// `dark` palette, when the link `fragment` holds no scenario. Returns whether it drew; the
/// lab draws in any case once it has loaded.
#[wasm_bindgen]
pub fn first_frame(slot: &Element, fragment: &str, dark: bool) -> bool {
    let Some(canvas) = place(slot) else {
        return false;
    };
    if !page_only(fragment) {
        return false;
    }
    let Some(window) = web_sys::window() else {
        return false;
    };
    // Sized and scaled as the lab's runner does (`Runner::fit_canvas`, `backing_scale`).
    dom::fit_backing(&canvas, dom::pixel_ratio(window.device_pixel_ratio()));
    let theme = Theme::for_view(dark, false, dom::backing_scale(&canvas));
    let Some(backend) = CanvasBackend::with_canvas_object(canvas) else {
        return false;
    };
    let area = backend.into_drawing_area();
    draw_blank(&area, DEFAULT_VIEW, &theme).is_ok() && area.present().is_ok()
}

/// The plot's canvas in `slot`, its markup placed there first (as the page's first lab's: ids
/// as written) unless it is there already; its frame marked as loading.
fn place(slot: &Element) -> Option<HtmlCanvasElement> {
    let frame = match dom::find(slot, "[data-panel=\"plot\"]") {
        Some(frame) => frame,
        None => {
            let document = slot.owner_document()?;
            let node = super::plot::markup().build(&document, 1, true)?;
            slot.append_child(&node).ok()?;
            dom::find(slot, "[data-panel=\"plot\"]")?
        }
    };
    dom::set_attribute(&frame, "aria-busy", "true");
    dom::find(&frame, "canvas")?.dyn_into().ok()
}
