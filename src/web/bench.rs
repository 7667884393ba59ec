//! The wasm build of the core step loop, timed in the page for `scripts/bench.sh`: the same
//! data and the same loop as the criterion benchmark `perceptron/N/step` in `benches/core.rs`,
//! so the two figures compare wasm with native. Only with the cargo feature `test-hooks`: not
//! part of the page.

use crate::core::{unit_stream, Dataset, Label, Settings, StepOutcome, Trainer};
use std::hint::black_box;
use wasm_bindgen::prelude::*;

/// `n` points in two overlapping clusters with 10% label noise, exactly as `benches/core.rs`
/// builds them: never separable, so training never stops and every step does real work.
fn noisy(n: usize) -> Dataset {
    let u = unit_stream(11, 0, 3 * n);
    let mut data = Dataset::new(2);
    for c in u.chunks(3) {
        let positive = c[2] < 0.5;
        let shift = if positive { 0.8 } else { -0.8 };
        let x = [shift + 4.0 * (c[0] - 0.5), shift + 4.0 * (c[1] - 0.5)];
        let noise = (c[0] * 1e6).fract() < 0.1;
        let label = if positive != noise {
            Label::Pos
        } else {
            Label::Neg
        };
        // Generated values are finite.
        let _ = data.push(&x, label);
    }
    data
}

/// Nanoseconds per `Trainer::step` over `steps` steps on `points` noisy 2-D points (after a
/// warm-up of a tenth as many steps), timed with `performance.now()`. The clock is coarse in
/// browsers (5–100 µs), so ask for enough steps to take tens of milliseconds. Returns NaN when
/// it cannot measure: zero points or steps, no clock, or a refused step.
#[wasm_bindgen]
#[doc(hidden)]
pub fn bench_steps(points: u32, steps: u32) -> f64 {
    let Some(performance) = web_sys::window().and_then(|w| w.performance()) else {
        return f64::NAN;
    };
    if points == 0 || steps == 0 {
        return f64::NAN;
    }
    let data = noisy(points as usize);
    let settings = Settings {
        max_epochs: crate::core::MAX_EPOCHS_LIMIT,
        ..Settings::default()
    };
    let Ok(mut trainer) = Trainer::new(settings, 2) else {
        return f64::NAN;
    };
    let mut run = |count: u32| -> bool {
        (0..count).all(|_| match trainer.step(black_box(&data)) {
            StepOutcome::Stepped(r) => {
                black_box(r.mistake);
                true
            }
            StepOutcome::Refused(_) => false,
        })
    };
    if !run((steps / 10).max(1)) {
        return f64::NAN;
    }
    let start = performance.now();
    if !run(steps) {
        return f64::NAN;
    }
    let elapsed_ms = performance.now() - start;
    elapsed_ms * 1e6 / f64::from(steps)
}
