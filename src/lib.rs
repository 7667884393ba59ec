//! Perceptron Lab: the perceptron, made visible.
//!
//! The crate has three layers (see `docs/src/architecture.md`):
//! - [`core`]: pure Rust model — data, the perceptron rule, the [`core::Session`] that owns all
//!   state, and the [`core::Scene`] it hands to drawing. No browser, no plotters.
//! - [`render`]: one `draw` function generic over plotters' `DrawingBackend`; the page draws
//!   through plotters-canvas, the tests and exports through the SVG backend.
//! - `web` (wasm32 only): the exported handle the page talks to, and the frame runner.
//!
//! The `perceptron-trace` binary runs the same core on the command line.

pub mod core;
pub mod render;

#[cfg(target_arch = "wasm32")]
pub mod web;
