//! The handle's accessibility methods: the keyboard cursor on the focused plot, the verbosity
//! of the spoken steps, and the audio cues' notes (kept apart from `handle.rs` so that each
//! file stays readable). Each is one user intent through the panic guard, like every method.

use super::handle::Lab;
use crate::core::{Action, CursorAction};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl Lab {
    /// The plot took focus (`true`: the crosshair cursor shows and is announced) or lost it
    /// (`false`: it hides; a carried point is dropped where it is).
    pub fn cursor_focus(&self, on: bool) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::Cursor(CursorAction::Focus(on))))
    }

    /// Arrow keys on the focused plot: moves the cursor (and a carried point) by `dx`, `dy`
    /// grid steps (up is positive), fine steps when `fine` (Shift).
    pub fn cursor_move(&self, dx: i32, dy: i32, fine: bool) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::Cursor(CursorAction::Move { dx, dy, fine })))
    }

    /// Enter on the focused plot: adds a point at the cursor, of the selected class or
    /// (`alternate`, Shift+Enter) the other one; drops a carried point.
    pub fn cursor_add(&self, alternate: bool) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::Cursor(CursorAction::Add { alternate })))
    }

    /// Delete on the focused plot: removes the point under the cursor.
    pub fn cursor_delete(&self) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::Cursor(CursorAction::Delete)))
    }

    /// Space on the focused plot: picks up the point under the cursor, or drops the one carried.
    pub fn cursor_pick(&self) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::Cursor(CursorAction::PickOrDrop)))
    }

    /// Escape on the focused plot: puts a carried point back where it was picked up.
    pub fn cursor_cancel(&self) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::Cursor(CursorAction::Cancel)))
    }

    /// The audio cue of the step on show: a JSON array of notes (`start`, `duration` in
    /// seconds, `frequency` in Hz, `wave`: an oscillator type, `gain`, `pan`) for the page to
    /// schedule; `[]` at step 0. Pitch and timbre come from the step's record (see
    /// `core::audio`).
    pub fn step_cue(&self) -> Result<String, JsValue> {
        self.with(|runner| Ok(runner.step_cue()))
    }

    /// "Listen to the boundary": the notes of a left-to-right sweep of the current boundary,
    /// as [`Lab::step_cue`] writes them; `[]` when the view holds no boundary.
    pub fn boundary_sweep(&self) -> Result<String, JsValue> {
        self.with(|runner| Ok(runner.boundary_sweep()))
    }

    /// How much the live region says of each step: `off` (refusals, messages and the verdict
    /// only), `brief` or `full`. Another name changes nothing and is refused with a reason.
    pub fn set_verbosity(&self, name: &str) -> Result<(), JsValue> {
        self.with(|runner| runner.set_verbosity(crate::core::speech::Verbosity::parse(name)?))
    }

    /// Leaves what the last action gave to say unsaid: a course page's lab opens its scenario
    /// as it mounts without announcing it (its description says what it shows).
    pub fn hush(&self) -> Result<(), JsValue> {
        self.with(|runner| {
            runner.hush();
            Ok(())
        })
    }
}
