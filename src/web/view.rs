//! The handle's methods that change what is shown beside the run, not the run itself: the η
//! panel's second learning rate, pocket mode, the max-margin band, the augmented (3-D) view, and
//! the view options (presenter mode, the dark palette, reduced motion). Each is one user intent
//! through the panic guard, like every method of the handle.

use super::handle::Lab;
use super::runner::ViewOptions;
use crate::core::Action;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl Lab {
    /// The η panel's second learning rate η₂ as typed. Refused with the reason, changing
    /// nothing, unless it is a positive, finite number.
    pub fn set_second_eta(&self, text: &str) -> Result<(), JsValue> {
        self.with(|runner| {
            let eta = crate::core::algo::perceptron::eta::parse_second_eta(text)?;
            runner.apply(Action::SetSecondEta(eta))
        })
    }

    /// Pocket mode: draw the best weights so far, dashed.
    pub fn set_pocket(&self, on: bool) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::SetPocket(on)))
    }

    /// Draws the maximum-margin separator with its band.
    pub fn set_show_max_margin(&self, on: bool) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::SetShowMaxMargin(on)))
    }

    /// Turns the augmented (3-D) view by `yaw` and tilts it by `pitch`, in radians (arrow keys,
    /// the panel's buttons, dragging); announced in the panel's live region.
    pub fn turn_augmented(&self, yaw: f64, pitch: f64) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::TurnAugmented { yaw, pitch }))
    }

    /// The augmented view's default camera.
    pub fn reset_augmented_view(&self) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::ResetAugmentedView))
    }

    /// Draws class −1 samples as −z in the augmented view (seed 002's sign flip).
    pub fn set_sign_flip(&self, on: bool) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::SetSignFlip(on)))
    }

    /// Shows the activation `h(x) = w·(1, x)` over the data plane in the augmented view (seed
    /// 000's picture) instead of the augmented vectors.
    pub fn set_activation_view(&self, on: bool) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::SetActivationView(on)))
    }

    /// The augmented view as SVG; an error for an algorithm without one linear boundary.
    pub fn export_augmented_svg(&self) -> Result<String, JsValue> {
        self.with(|runner| runner.export_augmented_svg())
    }

    /// Presenter mode: larger text and thicker lines in the plot.
    pub fn set_presenter(&self, on: bool) -> Result<(), JsValue> {
        self.with_options(|o| o.presenter = on)
    }

    /// The dark palette (follow `prefers-color-scheme`).
    pub fn set_dark(&self, on: bool) -> Result<(), JsValue> {
        self.with_options(|o| o.dark = on)
    }

    /// Jumps instead of animating (follow `prefers-reduced-motion`).
    pub fn set_reduced_motion(&self, on: bool) -> Result<(), JsValue> {
        self.with_options(|o| o.reduced_motion = on)
    }

    fn with_options(&self, change: impl FnOnce(&mut ViewOptions)) -> Result<(), JsValue> {
        self.with(|runner| {
            let mut options = runner.options();
            change(&mut options);
            runner.set_options(options);
            Ok(())
        })
    }
}
