//! What a screen reader hears of the lab as it happens: the live region (polite, atomic) where
//! each step, Back, a reset, an example, the verdict and each refusal is said, in the
//! algorithm's own words (`Session::announcement`), paced during Play by the core's
//! [`Announcer`] at the session's verbosity. Visually hidden; every home has it. Written in
//! every frame (never throttled: the announcer paces itself); nothing polls.

use super::{el, Cx, Markup, Panel, PanelEvent};
use crate::core::speech::Announcer;
use crate::core::{Action, Error, Session};
use web_sys::Element;

#[derive(Default)]
pub(super) struct AnnouncePanel {
    live: Option<Element>,
    announcer: Announcer,
    /// The last announcement written (the same words again get a trailing no-break space, so
    /// the live region changes and is spoken again).
    last_said: String,
}

impl Panel for AnnouncePanel {
    fn name(&self) -> &'static str {
        "announce"
    }

    fn markup(&self) -> Markup {
        el(
            "p",
            &[
                ("class", "visually-hidden"),
                ("data-panel", "announce"),
                ("data-role", "announce"),
                ("role", "status"),
                ("aria-live", "polite"),
                ("aria-atomic", "true"),
            ],
            vec![],
        )
    }

    fn bind(&mut self, root: &Element) {
        self.live = Some(root.clone());
    }

    fn throttle_ms(&self) -> f64 {
        0.0
    }

    /// Says what the last action gave to say, if the announcer admits it now.
    fn write(&mut self, cx: &Cx<'_>) {
        let Some(live) = &self.live else {
            return;
        };
        // Worded only when admitted: during Play most steps are never said.
        let Some((seq, priority)) = cx.session.pending() else {
            return;
        };
        if !self.announcer.admit(seq, priority, cx.now_ms) {
            return;
        }
        let Some((_, _, text)) = cx.session.announcement(cx.session.verbosity()) else {
            return;
        };
        let text = if text == self.last_said {
            format!("{text}\u{a0}")
        } else {
            text
        };
        live.set_text_content(Some(&text));
        self.last_said = text;
    }

    /// `hush`: leaves what the last action gave to say unsaid (an embedded lab's own scenario,
    /// opened as it mounts: a course page with several labs does not start by talking).
    fn event(&mut self, event: &PanelEvent, session: &Session) -> Result<Option<Action>, Error> {
        if event.act == HUSH {
            if let Some((seq, _)) = session.utterance() {
                self.announcer.pass(seq);
            }
        }
        Ok(None)
    }
}

/// The command that leaves the last utterance unsaid.
pub(crate) const HUSH: &str = "hush";
