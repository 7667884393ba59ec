//! The crash panel: what a lab shows in its place once it has stopped (a panic, a trap of its
//! module, a call that never returned): that it stopped, what the browser or the panic said,
//! the scenario it kept after its last change to download (`runner/keep.rs`), and a reload
//! link. The lab places it, hidden, when it mounts, so it is there when no Rust code can run:
//! `web/panic.rs` fills it after a panic, the page's glue after a trap (`compact.js`'s
//! `showTrap`; its download is wired by `app.js` and `compact.js`'s `offerLastGood`). A page
//! whose module never loads has no lab to place it: the home says so in a notice of its own
//! (`index.html`'s `#not-loaded`). It goes only where a slot names it: its place is the lab's,
//! and it stays on show when the rest of the lab is put away.

use super::{el, text, Markup, Panel};
use web_sys::Element;

pub(super) struct CrashPanel;

impl Panel for CrashPanel {
    fn name(&self) -> &'static str {
        "crash"
    }

    fn markup(&self) -> Markup {
        el(
            "section",
            &[
                ("id", "crash"),
                ("class", "crash plab-crash"),
                ("data-panel", "crash"),
                ("data-role", "crash"),
                ("role", "alert"),
                ("hidden", ""),
            ],
            vec![
                el(
                    "h2",
                    &[],
                    vec![text("This lab stopped after an internal error.")],
                ),
                // A trap's words (the page's glue shows them): the browser's report follows.
                el(
                    "p",
                    &[("data-role", "crash-trap"), ("hidden", "")],
                    vec![text(
                        "Its WebAssembly module stopped: it ran out of memory or met an \
                         internal error.",
                    )],
                ),
                el(
                    "pre",
                    &[("id", "crash-message"), ("data-role", "crash-message")],
                    vec![],
                ),
                el(
                    "p",
                    &[
                        ("id", "crash-save"),
                        ("data-role", "crash-save"),
                        ("hidden", ""),
                    ],
                    vec![
                        text("Your points and run as they were a moment ago: "),
                        el(
                            "button",
                            &[
                                ("type", "button"),
                                ("id", "crash-download"),
                                ("class", "plab-save"),
                            ],
                            vec![text("Download the scenario (JSON)")],
                        ),
                        text(" — open it in the lab after reloading."),
                    ],
                ),
                el(
                    "p",
                    &[],
                    vec![
                        el(
                            "a",
                            &[("href", ""), ("id", "crash-reload")],
                            vec![text("Reload the page")],
                        ),
                        text(" to start this lab again. Any other lab of the page keeps working."),
                    ],
                ),
            ],
        )
    }

    fn only_where_named(&self) -> bool {
        true
    }

    fn bind(&mut self, _root: &Element) {}
}
