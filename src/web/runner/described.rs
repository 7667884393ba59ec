//! What a screen reader hears of the plot: the announcement live region
//! (`[data-role="announce"]`, polite: each step said by the algorithm's own words, paced during
//! Play by the core's `Announcer`, at the session's verbosity). The plot's description and the
//! points table are the described panel's (`web/panels/described.rs`). Written in the frame;
//! nothing polls.

use super::Runner;
use crate::core::speech::Announcer;
use crate::web::dom::find;
use web_sys::{Element, HtmlElement};

/// The live region, the pacing and what was last said.
#[derive(Debug, Default)]
pub(super) struct Described {
    live: Option<Element>,
    announcer: Announcer,
    /// The last announcement written (the same words again get a trailing no-break space, so
    /// the live region changes and is spoken again).
    last_said: String,
}

impl Described {
    /// The live region under `root` (an embedded lab may have none).
    pub(super) fn find(root: &HtmlElement) -> Described {
        Described {
            live: find(root, "[data-role=\"announce\"]"),
            ..Described::default()
        }
    }
}

impl Runner {
    /// Points the plot's `aria-describedby` at the described panel's description, when the lab
    /// has the panel (its id carries the lab's number).
    pub(super) fn described_by_panel(self) -> Runner {
        let description = find(
            &self.root,
            "[data-panel=\"described\"] [data-part=\"description\"]",
        );
        if let Some(id) = description.map(|d| d.id()).filter(|id| !id.is_empty()) {
            let _ = self.plot.canvas.set_attribute("aria-describedby", &id);
        }
        self
    }

    /// Says what the last action gave to say, if the announcer admits it now.
    pub(super) fn announce(&mut self, now_ms: f64) {
        let Some(live) = &self.described.live else {
            return;
        };
        // Worded only when admitted: during Play most steps are never said.
        let Some((seq, priority)) = self.session.pending() else {
            return;
        };
        if !self.described.announcer.admit(seq, priority, now_ms) {
            return;
        }
        let Some((_, _, text)) = self.session.announcement(self.session.verbosity()) else {
            return;
        };
        let text = if text == self.described.last_said {
            format!("{text}\u{a0}")
        } else {
            text
        };
        live.set_text_content(Some(&text));
        self.described.last_said = text;
    }

    /// Leaves what the last action gave to say unsaid (an embedded lab's own scenario, opened
    /// as it mounts: a course page with several labs does not start by talking).
    pub fn hush(&mut self) {
        if let Some((seq, _)) = self.session.utterance() {
            self.described.announcer.pass(seq);
        }
    }
}
