//! The browser layer (wasm32 only): one exported handle, [`Lab`], over one runner.
//!
//! JS turns DOM events into calls on the handle; the handle turns them into
//! [`Action`](crate::core::Action)s on the session, marks the frame dirty and queues at most one
//! animation frame. Drawing and DOM updates happen only in that frame.

mod bench;
mod dom;
mod handle;
mod panic;
mod runner;

pub use handle::Lab;
pub use panic::has_panicked;

use wasm_bindgen::prelude::*;

/// Runs once when the module is instantiated: installs the panic hook that shows the crash panel.
#[wasm_bindgen(start)]
pub fn start() {
    panic::install();
}
