//! The browser layer (wasm32 only): one exported handle, [`Lab`], over one runner.
//!
//! JS turns DOM events into calls on the handle; the handle turns them into
//! [`Action`](crate::core::Action)s on the session, marks the frame dirty and queues at most one
//! animation frame. Drawing (through [`crate::render`]), the DOM and the address bar are
//! written only in that frame.

mod access;
mod backend;
#[cfg(feature = "test-hooks")]
mod bench;
mod compare;
mod dom;
mod handle;
#[cfg(feature = "test-hooks")]
mod hooks;
mod panic;
mod practice;
mod runner;

pub use handle::Lab;
pub use panic::has_panicked;

use wasm_bindgen::prelude::*;

/// Runs once when the module is instantiated: installs the panic hook that shows the crash panel.
#[wasm_bindgen(start)]
pub fn start() {
    panic::install();
}
