//! The last good scenario, kept by the page after each change: should the module ever trap,
//! the lab's crash panel offers it for download, so the user's points and run leave with them.
//!
//! The frame writes the scenario JSON into the lab root's `perceptronLabLastGood` property (a
//! plain JavaScript string, readable after the module has stopped) at most every
//! [`MIN_KEEP_MS`] (every [`MIN_KEEP_PLAYING_MS`] while playing); a change that comes sooner is kept by a later frame (the runner keeps
//! asking for frames until it is), as the address bar's link is.

use crate::core::Session;
use wasm_bindgen::JsValue;
use web_sys::HtmlElement;

/// The property of the lab's root that holds the last good scenario JSON.
pub const PROPERTY: &str = "perceptronLabLastGood";

/// Keeps are at least this far apart.
const MIN_KEEP_MS: f64 = 500.0;

/// While playing, keeps are at least this far apart (the state changes every frame).
const MIN_KEEP_PLAYING_MS: f64 = 2_000.0;

/// Keeps the last good scenario on the lab's root.
pub(super) struct Keeper {
    root: HtmlElement,
    last_ms: f64,
    /// Something changed since the last keep.
    stale: bool,
}

impl Keeper {
    /// The next frame keeps the scenario.
    pub(super) fn new(root: &HtmlElement) -> Keeper {
        Keeper {
            root: root.clone(),
            last_ms: f64::NEG_INFINITY,
            stale: true,
        }
    }

    /// The state changed.
    pub(super) fn touch(&mut self) {
        self.stale = true;
    }

    /// Whether a later frame still has a scenario to keep.
    pub(super) fn pending(&self) -> bool {
        self.stale
    }

    /// In an animation frame at `now_ms`: keeps the scenario of `session` if it changed and the
    /// last keep is far enough back.
    pub(super) fn frame(&mut self, now_ms: f64, session: &Session) {
        if !self.stale {
            return;
        }
        // `now_ms < last` only after the clock restarted (a test's frame at 0): keep.
        let apart = if session.is_playing() {
            MIN_KEEP_PLAYING_MS
        } else {
            MIN_KEEP_MS
        };
        if now_ms - self.last_ms < apart && now_ms >= self.last_ms {
            return;
        }
        self.stale = false;
        self.last_ms = now_ms;
        let json = session.scenario().to_json();
        let _ = js_sys::Reflect::set(
            &self.root,
            &JsValue::from_str(PROPERTY),
            &JsValue::from_str(&json),
        );
    }
}
