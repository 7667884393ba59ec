//! The "This run in code" panel: the session's Python snippet (`Session::python_code`) in
//! `[data-role="code"]`, written by the frame only when the state changed and the panel (a
//! `<details>`, `[data-role="code-panel"]`) is open. Opening it asks for a frame
//! (`Lab::code_panel_toggled`); nothing polls. While playing, at most every 250 ms.

use super::Runner;
use crate::web::dom::find;
use web_sys::{Element, HtmlElement};

/// The longest run whose snippet is rewritten while it plays (every 250 ms at most); a longer
/// one shows [`PLAYING_NOTE`] until it pauses. Writing the snippet of 20,000 shuffled steps
/// takes about 10 ms; one of 100,000 (`PAGE_CODE_STEPS`, written once on Pause) about 50 ms.
const PLAY_CODE_STEPS: u64 = 20_000;

/// What the panel says while a run longer than [`PLAY_CODE_STEPS`] plays.
const PLAYING_NOTE: &str = "# Playing: the script of the run on show is written when it pauses.\n";

/// The panel's elements and whether its text is behind the state.
#[derive(Debug, Default)]
pub(super) struct CodePanel {
    panel: Option<Element>,
    out: Option<Element>,
    /// The state changed since the text was written.
    pub(super) stale: bool,
    /// The panel shows [`PLAYING_NOTE`].
    playing_note: bool,
    last_ms: f64,
}

impl CodePanel {
    /// The panel under `root`, if the page has one (embedded labs do not).
    pub(super) fn find(root: &HtmlElement) -> CodePanel {
        CodePanel {
            panel: find(root, "[data-role=\"code-panel\"]"),
            out: find(root, "[data-role=\"code\"]"),
            stale: true,
            playing_note: false,
            last_ms: f64::NEG_INFINITY,
        }
    }
}

impl Runner {
    /// Writes the snippet when it is behind the state and the panel is open.
    pub(super) fn show_code(&mut self, now_ms: f64) {
        let (Some(panel), Some(out)) = (&self.code.panel, &self.code.out) else {
            return;
        };
        if !self.code.stale || !panel.has_attribute("open") {
            return;
        }
        if self.session.is_playing() {
            // A script replays every visit, so writing it costs more the longer the run: while
            // a run plays it is followed only while it is short, and written when it pauses.
            if self.session.model().steps() > PLAY_CODE_STEPS {
                if !self.code.playing_note {
                    out.set_text_content(Some(PLAYING_NOTE));
                    self.code.playing_note = true;
                }
                return; // still stale: the frame after Pause writes it
            }
            let recent = now_ms - self.code.last_ms < 250.0 && now_ms >= self.code.last_ms;
            if recent {
                return; // the next frame comes anyway while playing
            }
        }
        out.set_text_content(Some(&self.session.python_code()));
        self.code.stale = false;
        self.code.playing_note = false;
        self.code.last_ms = now_ms;
    }

    /// The snippet of the current state (for the Copy button).
    pub fn python_code(&self) -> String {
        self.session.python_code()
    }
}
