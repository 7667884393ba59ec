//! The browser layer (wasm32 only): one exported handle, [`Lab`], over one runner.
//!
//! JS turns DOM events into calls on the handle; the handle turns them into
//! [`Action`](crate::core::Action)s on the session, marks the frame dirty and queues at most one
//! animation frame. Drawing (through [`crate::render`]), the DOM and the address bar are
//! written only in that frame.
//!
//! Without the `lab` feature only [`first_frame`] is built: the small module that draws the
//! plot before the lab has loaded.

#[cfg(feature = "lab")]
mod access;
#[cfg(feature = "lab")]
mod backend;
#[cfg(all(feature = "lab", feature = "test-hooks"))]
mod bench;
#[cfg(feature = "lab")]
mod compare;
// Without the lab, the first frame uses one of its helpers.
#[cfg_attr(not(feature = "lab"), allow(dead_code))]
mod dom;
// In the lab it would be a second copy of the drawing code (over plotters-canvas directly).
#[cfg(feature = "lab")]
mod embed_args;
#[cfg(feature = "lab")]
mod exports;
#[cfg(not(feature = "lab"))]
mod first_frame;
#[cfg(feature = "lab")]
mod handle;
#[cfg(all(feature = "lab", feature = "test-hooks"))]
mod hooks;
#[cfg(feature = "lab")]
mod language;
// The panels' markup as data; without the lab, the plot's alone (for the first frame).
#[cfg_attr(not(feature = "lab"), allow(dead_code))]
mod markup;
#[cfg(feature = "lab")]
mod panels;
#[cfg(feature = "lab")]
mod panic;
// Without the lab, the plot's markup alone: the first frame places it.
#[cfg(not(feature = "lab"))]
#[path = "panels/plot.rs"]
mod plot;
#[cfg(feature = "lab")]
mod practice;
#[cfg(feature = "lab")]
mod runner;
#[cfg(feature = "lab")]
mod setup_api;
#[cfg(feature = "lab")]
mod steps;
#[cfg(feature = "lab")]
mod view;

#[cfg(not(feature = "lab"))]
pub use first_frame::first_frame;
#[cfg(feature = "lab")]
pub use handle::Lab;
#[cfg(feature = "lab")]
pub use panic::has_panicked;

#[cfg(feature = "lab")]
use wasm_bindgen::prelude::*;

/// Runs once when the module is instantiated: installs the panic hook that shows the crash panel
/// and the browser's Unicode normalization of class names ([`install_name_normalizer`]).
#[cfg(feature = "lab")]
#[wasm_bindgen(start)]
pub fn start() {
    panic::install();
    install_name_normalizer();
}

/// Has the core compare class names in the browser's own Unicode NFC,
/// `String.prototype.normalize("NFC")` (see [`crate::core::set_name_normalizer`]): done at
/// start-up and by [`Lab::new`]; a program that uses the core in a browser without them (a
/// test of the session alone) calls it first. Calling it again does nothing.
pub fn install_name_normalizer() {
    let _ = crate::core::set_name_normalizer(browser_nfc);
}

/// `String.prototype.normalize("NFC")` of `name`.
fn browser_nfc(name: &str) -> String {
    String::from(js_sys::JsString::from(name).normalize("NFC"))
}
