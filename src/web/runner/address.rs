//! The address bar as an output of the frame: the main page's lab writes its link into the URL
//! fragment (with `history.replaceState`, so the back button is never flooded) and into the
//! share box, in the animation frame after a change, never from a timer.
//!
//! Chromium throttles `replaceState` (about 200 calls in 10 s), so writes are at least
//! [`MIN_WRITE_MS`] apart; a change that comes sooner is written by a later frame (the runner
//! keeps asking for frames until it is). A link the user pasted or typed into the address always
//! wins: a frame that finds an address it did not write leaves it alone, and opening that link
//! (the page's `hashchange`) adopts it, dropping the pending write of the state before.

use super::LINK_POINTS_LIMIT;
use crate::core::{Error, Session};
use crate::web::dom::{find, set_text};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, HtmlElement, HtmlInputElement, Window};

/// Writes are at least this far apart (at most four a second).
const MIN_WRITE_MS: f64 = 250.0;

/// The link fragment of the session's state, or why it has none (too many points).
pub(super) fn link_of(session: &Session) -> Result<String, Error> {
    let n = session.data().len();
    if n > LINK_POINTS_LIMIT {
        return Err(Error::Field {
            field: "link",
            reason: crate::core::words::too_many_for_link(n, LINK_POINTS_LIMIT),
        });
    }
    let link = crate::core::scenario::to_link(&session.scenario());
    // While a set runs, its keys follow the scenario: the address reopens the set.
    Ok(match session.practice() {
        Some(run) => format!("{link}&{}", run.composed().to_link()),
        None => link,
    })
}

/// The address bar and the share box of the main page's lab.
pub(super) struct Address {
    window: Window,
    /// The page's own keys (`hide=…&embed=1`), kept after the scenario.
    page_keys: String,
    /// `location.hash` as it was after the last write, or as the user left it when it was
    /// adopted: anything else in the address is the user's and not to be overwritten.
    adopted: Option<String>,
    /// The link last written (an empty string: none, too many points).
    last_link: Option<String>,
    last_write_ms: f64,
    /// Something changed since the last write.
    stale: bool,
    share_link: Option<HtmlInputElement>,
    share_status: Option<Element>,
}

impl Address {
    /// The address of the page `root` is in; the page's own keys `page_keys` follow the scenario.
    /// The next frame writes the link, unless the address has no fragment (see `frame`).
    pub(super) fn new(window: Window, root: &HtmlElement, page_keys: &str) -> Address {
        let mut address = Address {
            window,
            page_keys: page_keys.trim_start_matches(['#', '&']).to_string(),
            adopted: None,
            last_link: None,
            last_write_ms: f64::NEG_INFINITY,
            stale: true,
            share_link: find(root, "[data-role=\"share-link\"]").and_then(|e| e.dyn_into().ok()),
            share_status: find(root, "[data-role=\"share-status\"]"),
        };
        address.adopted = address.hash();
        address
    }

    fn hash(&self) -> Option<String> {
        self.window.location().hash().ok()
    }

    /// The state changed: the link may have too.
    pub(super) fn touch(&mut self) {
        self.stale = true;
    }

    /// Whether a later frame still has a write to make.
    pub(super) fn pending(&self) -> bool {
        self.stale
    }

    /// The address now holds a link the user gave, which was just opened (or refused): it stays
    /// as it is until the state changes again. `opened` is the link of the state it opened.
    pub(super) fn adopt(&mut self, opened: Option<String>) {
        self.adopted = self.hash();
        if opened.is_some() {
            self.last_link = opened;
        }
        self.stale = false;
    }

    /// In an animation frame at `now_ms`: writes the link of `session` if it changed and the last
    /// write is far enough back.
    pub(super) fn frame(&mut self, now_ms: f64, session: &Session) {
        if !self.stale {
            return;
        }
        // `now_ms < last` only after the clock restarted (a test's frame at 0): write.
        if now_ms - self.last_write_ms < MIN_WRITE_MS && now_ms >= self.last_write_ms {
            return;
        }
        self.stale = false;
        if self.hash() != self.adopted {
            // The user put a link there and its hashchange has not been handled yet: opening
            // it adopts it. Writing now would put the old state back.
            return;
        }
        let link = link_of(session);
        let key = link.as_deref().unwrap_or("");
        if self.last_link.as_deref() == Some(key) {
            return;
        }
        if self.last_link.is_none()
            && self.adopted.as_deref().unwrap_or("").is_empty()
            && link.as_deref().ok() == link_of(&Session::new()).as_deref().ok()
        {
            // The first frame of a page opened with no fragment, on a new session's state
            // (nothing pressed while it loaded): its address already stands for it. It stays
            // as it is (a new URL would also make the browser ask for the tab's icon again)
            // and the share box gets the link.
            self.last_link = Some(key.to_string());
            if let (Ok(link), Some(share)) = (&link, &self.share_link) {
                let href = self.window.location().href().unwrap_or_default();
                let base = href.split('#').next().unwrap_or_default();
                share.set_value(&format!("{base}#{link}"));
            }
            return;
        }
        self.write(now_ms, &link);
    }

    /// Writes the link of `session` now, whatever was written before (Copy link): the address
    /// and the share box then hold what is returned, the whole URL.
    pub(super) fn write_now(&mut self, now_ms: f64, session: &Session) -> Result<String, Error> {
        let link = link_of(session);
        self.write(now_ms, &link);
        link?;
        Ok(self.window.location().href().unwrap_or_default())
    }

    fn write(&mut self, now_ms: f64, link: &Result<String, Error>) {
        let fragment = match (link, self.page_keys.is_empty()) {
            (Ok(link), true) => link.clone(),
            (Ok(link), false) => format!("{link}&{}", self.page_keys),
            // Too many points: the address must not keep an older scenario.
            (Err(_), _) => self.page_keys.clone(),
        };
        let href = self.window.location().href().unwrap_or_default();
        let base = href.split('#').next().unwrap_or_default();
        let url = if fragment.is_empty() {
            base.to_string()
        } else {
            format!("{base}#{fragment}")
        };
        if let Ok(history) = self.window.history() {
            if let Err(e) = history.replace_state_with_url(&JsValue::NULL, "", Some(&url)) {
                web_sys::console::error_1(&e);
            }
        }
        self.adopted = self.hash();
        self.last_link = Some(link.as_deref().unwrap_or("").to_string());
        self.last_write_ms = now_ms;
        match link {
            Ok(_) => {
                if let Some(share) = &self.share_link {
                    share.set_value(&self.window.location().href().unwrap_or_default());
                }
            }
            Err(why) => {
                if let Some(share) = &self.share_link {
                    share.set_value("");
                }
                if let Some(status) = &self.share_status {
                    set_text(status, &why.to_string());
                }
            }
        }
    }
}
