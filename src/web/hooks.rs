//! Test hooks, only in builds with the cargo feature `test-hooks` (the e2e tests and the browser
//! benchmarks; never the page `scripts/serve.sh` or a plain `trunk build --release` ships).

use super::handle::Lab;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl Lab {
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
}
