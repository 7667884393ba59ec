//! The handle's methods that stop work going on across frames: the side-by-side comparison's
//! training (its Cancel and Compare buttons) and Escape's order of what it stops.

use super::handle::Lab;
use crate::core::Action;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl Lab {
    /// Stops training the side-by-side comparison (`false`), or trains it on from where it
    /// stopped (`true`). The lab itself is not touched.
    pub fn set_comparing(&self, on: bool) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::SetComparing(on)))
    }

    /// Escape outside the fields: cancels long work under way (back to where it began), else
    /// stops training the side-by-side comparison. Whether it stopped either.
    pub fn escape(&self) -> Result<bool, JsValue> {
        self.with(|runner| runner.escape())
    }
}
