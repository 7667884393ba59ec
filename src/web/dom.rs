//! Named browser helpers with readable errors.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, HtmlCanvasElement, HtmlElement, Window};

/// The window, or a readable error.
pub fn window() -> Result<Window, JsValue> {
    web_sys::window().ok_or_else(|| JsValue::from_str(crate::core::words::NO_WINDOW))
}

/// The element under `root` matching `selector`, or `None`.
pub fn find(root: &Element, selector: &str) -> Option<Element> {
    root.query_selector(selector).ok().flatten()
}

/// The element with focus, as seen from `node`'s tree: in a shadow root (a
/// `<perceptron-lab>` element's) the shadow root's own, since the document's is only the host
/// element there; the document's otherwise, or when focus is outside that shadow root.
pub fn active_element(node: &web_sys::Node) -> Option<Element> {
    let tree = node.get_root_node();
    js_sys::Reflect::get(&tree, &JsValue::from_str("activeElement"))
        .ok()
        .and_then(|e| e.dyn_into::<Element>().ok())
        .or_else(|| node.owner_document().and_then(|d| d.active_element()))
}

/// The plot's canvas under `root` (the plot panel's, else the first canvas), or an error naming
/// what is missing.
pub fn canvas(root: &HtmlElement) -> Result<HtmlCanvasElement, JsValue> {
    find(root, "[data-panel=\"plot\"] canvas")
        .or_else(|| find(root, "canvas"))
        .and_then(|e| e.dyn_into::<HtmlCanvasElement>().ok())
        .ok_or_else(|| JsValue::from_str(crate::core::words::NO_CANVAS))
}

/// Sets an element's text if it differs (avoids needless layout work every frame).
pub fn set_text(element: &Element, text: &str) {
    if element.text_content().as_deref() != Some(text) {
        element.set_text_content(Some(text));
    }
}

/// Fills the menu `select` with `items` (value, words) after its first `keep` options (the
/// page's own), replacing what was filled before.
pub fn fill_options<'a>(
    select: &Element,
    keep: u32,
    items: impl IntoIterator<Item = (String, &'a str)>,
) {
    let Some(document) = select.owner_document() else {
        return;
    };
    while select.child_element_count() > keep {
        if let Some(last) = select.last_element_child() {
            last.remove();
        }
    }
    for (value, words) in items {
        if let Ok(option) = document.create_element("option") {
            let _ = option.set_attribute("value", &value);
            option.set_text_content(Some(words));
            let _ = select.append_child(&option);
        }
    }
}

/// Every algorithm of the registry as a menu's items (nothing else lists them).
pub fn algorithm_options() -> Vec<(String, &'static str)> {
    crate::core::Algorithm::ALL
        .iter()
        .map(|a| (a.name().to_string(), a.title()))
        .collect()
}

/// Sets an attribute if it differs.
pub fn set_attribute(element: &Element, name: &str, value: &str) {
    if element.get_attribute(name).as_deref() != Some(value) {
        let _ = element.set_attribute(name, value);
    }
}

/// `device_pixel_ratio` as a scale to draw at: 1 when the browser gives no usable ratio.
pub fn pixel_ratio(device_pixel_ratio: f64) -> f64 {
    if device_pixel_ratio.is_finite() && device_pixel_ratio > 0.0 {
        device_pixel_ratio
    } else {
        1.0
    }
}

/// Sizes `canvas`'s backing store to its CSS size × `scale` (at least 1 × 1), touching it only
/// when that changed (a new size clears the canvas). Returns whether it changed.
pub fn fit_backing(canvas: &HtmlCanvasElement, scale: f64) -> bool {
    let width = (f64::from(canvas.client_width()) * scale).round().max(1.0) as u32;
    let height = (f64::from(canvas.client_height()) * scale).round().max(1.0) as u32;
    if canvas.width() == width && canvas.height() == height {
        return false;
    }
    canvas.set_width(width);
    canvas.set_height(height);
    true
}

/// `canvas`'s backing pixels per CSS pixel as it is laid out now; while it is not laid out
/// (hidden by its host: JupyterLab while it changes theme, a slide not shown), the pixel ratio
/// its backing store was sized with, so that a drawing made then is right when it shows again
/// at the same size (no resize is reported then, and no frame draws it anew).
pub fn backing_scale(canvas: &HtmlCanvasElement) -> f64 {
    let css = f64::from(canvas.client_width());
    if css > 0.0 {
        f64::from(canvas.width()) / css
    } else {
        pixel_ratio(web_sys::window().map_or(1.0, |w| w.device_pixel_ratio()))
    }
}

/// Saves what `href` (an object or data URL) holds as a file called `name`, through a hidden
/// link's click.
pub fn save_href(document: &web_sys::Document, name: &str, href: &str) {
    if let Some(a) = document
        .create_element("a")
        .ok()
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    {
        a.set_href(href);
        a.set_download(name);
        a.set_hidden(true);
        if let Some(body) = document.body() {
            let _ = body.append_child(&a);
            a.click();
            a.remove();
        }
    }
}

/// Offers `text` as a file named `name` of type `mime` (a download the browser saves).
pub fn download(document: &web_sys::Document, name: &str, mime: &str, text: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    save_href(document, name, &url);
    // The URL goes a second later, once the browser has taken the file.
    let revoke = wasm_bindgen::closure::Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    if let Some(window) = web_sys::window() {
        let _ = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 1000);
    }
}

/// A table row: a `<tr>` with `attributes`, a row header `<th scope="row">` holding `header`
/// when there is one, then a `<td>` per cell; `None` when the document would not make it.
pub fn table_row<S: AsRef<str>>(
    document: &web_sys::Document,
    attributes: &[(&str, &str)],
    header: Option<&str>,
    cells: impl IntoIterator<Item = S>,
) -> Option<Element> {
    let tr = document.create_element("tr").ok()?;
    for (name, value) in attributes {
        tr.set_attribute(name, value).ok()?;
    }
    if let Some(header) = header {
        let th = document.create_element("th").ok()?;
        th.set_attribute("scope", "row").ok()?;
        th.set_text_content(Some(header));
        tr.append_child(&th).ok()?;
    }
    for cell in cells {
        let td = document.create_element("td").ok()?;
        td.set_text_content(Some(cell.as_ref()));
        tr.append_child(&td).ok()?;
    }
    Some(tr)
}
