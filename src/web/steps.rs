//! The handle's methods that move through the run: step, back, on to the next mistake, to the
//! end of the epoch or to convergence, to a step, play and pause, reset and clear. Each is one
//! user intent through the panic guard, like every method of the handle.

use super::handle::Lab;
use crate::core::Action;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl Lab {
    /// Visits exactly one sample; while practising (→, Space, a clicker's PageDown), reveals
    /// an answer held back or goes on to the next question.
    pub fn step(&self) -> Result<(), JsValue> {
        self.with(
            |runner| match super::runner::step_action(runner.session()) {
                Some(action) => runner.apply(action),
                None => Ok(()),
            },
        )
    }

    /// One entry back: an exact undo of the last step (or edit).
    pub fn back(&self) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::Back))
    }

    /// Steps on until the next update.
    pub fn next_mistake(&self) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::NextMistake))
    }

    /// Completes the current epoch.
    pub fn finish_epoch(&self) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::FinishEpoch))
    }

    /// Runs until convergence or a cap, and says the verdict.
    pub fn run_to_convergence(&self) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::RunToConvergence))
    }

    /// Moves through the history to just after step `step` (scrubber, trace rows).
    pub fn jump_to_step(&self, step: f64) -> Result<(), JsValue> {
        self.alive()?;
        if !(step.is_finite() && step >= 0.0) {
            return Err(JsValue::from_str(crate::core::words::NOT_A_STEP));
        }
        self.with(|runner| runner.apply(Action::JumpToStep(step.round() as u64)))
    }

    /// Play when paused, pause when playing.
    pub fn toggle_play(&self) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::TogglePlay))
    }

    /// Stops playing.
    pub fn pause(&self) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::Pause))
    }

    /// Back to the initial weights, step 0, epoch 1; the points stay.
    pub fn reset(&self) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::Reset))
    }

    /// Removes all points.
    pub fn clear(&self) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::Clear))
    }

    /// Play speed in steps per second.
    pub fn set_speed(&self, steps_per_second: f64) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::SetSpeed(steps_per_second)))
    }
}
