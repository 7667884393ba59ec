//! The handle's method for the side-by-side comparison of the multiclass strategies: its
//! training runs a slice per frame, and its Cancel and Compare buttons stop and resume it.

use super::handle::Lab;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl Lab {
    /// Stops training the side-by-side comparison (`false`), or trains it on from where it
    /// stopped (`true`). The lab itself is not touched.
    pub fn set_comparing(&self, on: bool) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(crate::core::Action::SetComparing(on)))
    }

    /// Whether the side-by-side comparison is being trained (its progress bar shown; Escape
    /// stops it when no other work is under way).
    pub fn comparing(&self) -> Result<bool, JsValue> {
        self.query(|runner| Ok(runner.compare_pending()))
    }
}
