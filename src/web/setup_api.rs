//! The handle's methods for the algorithm and the settings, as a host page's script calls them
//! (the page's own algorithm box and settings form are registry panels: `panels/algorithm.rs`,
//! `panels/settings.rs`).

use super::handle::Lab;
use crate::core::{Action, SettingsForm, Setup};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl Lab {
    /// Chooses the algorithm (one of the registry's names: `perceptron`, `averaged`, …,
    /// `pa1`, `pa2`), the kernel (`linear`, `poly:D:GAMMA:C`, `rbf:GAMMA`), the number of
    /// classes (2 to 6) and the algorithm's own numbers (`C=0.5`; empty for the defaults).
    /// Training restarts; the points stay. A bad value changes nothing and the error says what
    /// is wrong.
    pub fn set_setup(
        &self,
        algorithm: &str,
        kernel: &str,
        classes: &str,
        params: &str,
    ) -> Result<(), JsValue> {
        self.alive()?;
        let setup = Setup::from_form(algorithm, kernel, classes, params)
            .map_err(|e| JsValue::from_str(&e.to_string()))?;
        self.with(|runner| runner.apply(Action::SetSetup(setup)))
    }

    /// Snap added points to the half-unit grid.
    pub fn set_snap(&self, snap: bool) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::SetSnap(snap)))
    }

    /// Applies the settings form. On an error nothing changes and the message says which field
    /// is wrong and why.
    pub fn set_settings(
        &self,
        bias: bool,
        init: &str,
        eta: &str,
        order: &str,
        seed: &str,
        max_epochs: &str,
    ) -> Result<(), JsValue> {
        let form = SettingsForm {
            bias,
            init,
            eta,
            order,
            seed,
            max_epochs,
        };
        self.with(|runner| {
            let settings = form.parse(2)?;
            runner.apply(Action::SetSettings(settings))
        })
    }
}
