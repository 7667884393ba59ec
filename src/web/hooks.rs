//! Test hooks, only in builds with the cargo feature `test-hooks` (the e2e tests and the browser
//! benchmarks; never the page `scripts/serve.sh` or a plain `trunk build --release` ships).

use super::handle::Lab;
use std::cell::Cell;
use wasm_bindgen::prelude::*;

thread_local! {
    /// Set by `debug_trap_next_frame`: the next animation frame of this instance traps.
    static TRAP_NEXT_FRAME: Cell<bool> = const { Cell::new(false) };
}

/// Traps the module if a test asked for it (`debug_trap_next_frame`); called by every frame.
pub(super) fn trap_if_asked() {
    if TRAP_NEXT_FRAME.with(|t| t.replace(false)) {
        core::arch::wasm32::unreachable()
    }
}

#[wasm_bindgen]
impl Lab {
    /// The most work a slice of long work does from now on (`0`: the default): small slices
    /// make a run last long enough for a test to look at its progress bar and cancel it.
    pub fn debug_slice_work(&self, units: f64) -> Result<(), JsValue> {
        self.with(|runner| {
            runner.set_slice_work(if units >= 1.0 {
                units as u64
            } else {
                crate::core::SLICE_WORK
            });
            Ok(())
        })
    }

    /// Draws the whole frame now (plot, panels, trace) as the next animation frame would, and
    /// returns how long it took in milliseconds: for the browser benchmark.
    pub fn redraw_now(&self) -> Result<f64, JsValue> {
        let performance = web_sys::window()
            .and_then(|w| w.performance())
            .ok_or_else(|| JsValue::from_str("no performance clock"))?;
        self.with(|runner| {
            let start = performance.now();
            runner.invalidate();
            runner
                .frame(start)
                .map_err(|reason| crate::core::Error::Field {
                    field: "drawing",
                    reason,
                })?;
            Ok(performance.now() - start)
        })
    }

    /// Panics on purpose, inside the panic guard like any call, so tests can check that a panic
    /// shows this lab's crash panel and stops every lab of the page.
    pub fn debug_panic(&self) -> Result<(), JsValue> {
        self.with(|_| -> Result<(), crate::core::Error> {
            panic!("debug_panic was called: this is a deliberate crash for testing the crash panel")
        })
    }

    /// Traps the WebAssembly module on purpose, as running out of memory would: inside a call
    /// like any other, but no panic hook runs and the lab's state stays borrowed, so tests can
    /// check that the page shows the crash panel anyway.
    pub fn debug_trap(&self) -> Result<(), JsValue> {
        self.with(|_| -> Result<(), crate::core::Error> { core::arch::wasm32::unreachable() })
    }

    /// Leaves this lab's state in use, as a call does that never returns because the page's
    /// script ran out of stack part-way through it (a JavaScript exception unwinds the
    /// WebAssembly frames without releasing anything): tests check that the lab then shows its
    /// crash panel rather than answering "busy" for good.
    pub fn debug_leave_in_use(&self) -> Result<(), JsValue> {
        self.leave_runner_in_use()
    }

    /// Makes the next animation frame of this lab's module trap, inside the frame, where no
    /// caller hears of it (only the window's `error` event does).
    pub fn debug_trap_next_frame(&self) -> Result<(), JsValue> {
        self.with(|_| -> Result<(), crate::core::Error> {
            TRAP_NEXT_FRAME.with(|t| t.set(true));
            Ok(())
        })
    }
}
