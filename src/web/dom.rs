//! Named browser helpers with readable errors.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, HtmlCanvasElement, HtmlElement, Window};

/// The window, or a readable error.
pub fn window() -> Result<Window, JsValue> {
    web_sys::window().ok_or_else(|| JsValue::from_str("no global window (not in a browser page)"))
}

/// The element under `root` matching `selector`, or `None`.
pub fn find(root: &Element, selector: &str) -> Option<Element> {
    root.query_selector(selector).ok().flatten()
}

/// The canvas under `root`, or an error naming what is missing.
pub fn canvas(root: &HtmlElement) -> Result<HtmlCanvasElement, JsValue> {
    find(root, "canvas")
        .and_then(|e| e.dyn_into::<HtmlCanvasElement>().ok())
        .ok_or_else(|| JsValue::from_str("Perceptron Lab needs a <canvas> inside its root element"))
}

/// Sets an element's text if it differs (avoids needless layout work every frame).
pub fn set_text(element: &Element, text: &str) {
    if element.text_content().as_deref() != Some(text) {
        element.set_text_content(Some(text));
    }
}

/// Sets an attribute if it differs.
pub fn set_attribute(element: &Element, name: &str, value: &str) {
    if element.get_attribute(name).as_deref() != Some(value) {
        let _ = element.set_attribute(name, value);
    }
}

/// Sizes `canvas`'s backing store to its CSS size × `scale` (at least 1 × 1), touching it only
/// when that changed (a new size clears the canvas).
pub fn fit_backing(canvas: &HtmlCanvasElement, scale: f64) {
    let width = (f64::from(canvas.client_width()) * scale).round().max(1.0) as u32;
    let height = (f64::from(canvas.client_height()) * scale).round().max(1.0) as u32;
    if canvas.width() != width || canvas.height() != height {
        canvas.set_width(width);
        canvas.set_height(height);
    }
}
