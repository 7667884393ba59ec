//! The "This run in code" panel: the session's Python snippet (`Session::python_code`), written
//! when the state changed and the panel is open, and a Copy button that puts it on the
//! clipboard. While the run plays it follows at most every 250 ms (the registry's throttle).

use super::{el, text, Cx, Markup, Panel, PanelEvent};
use crate::core::{Action, Error, Session};
use crate::web::dom::{find, set_text};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::Element;

/// The longest run whose snippet is rewritten while it plays; a longer one shows
/// [`PLAYING_NOTE`] until it pauses. Writing the snippet of 20,000 shuffled steps takes about
/// 10 ms; one of 100,000 (`PAGE_CODE_STEPS`, written once on Pause) about 50 ms.
const PLAY_CODE_STEPS: u64 = 20_000;

use crate::core::words::{
    CODE_COPIED as COPIED, CODE_NOT_COPIED as NOT_COPIED, CODE_PLAYING as PLAYING_NOTE,
};

pub(super) struct CodePanel {
    out: Option<Element>,
    status: Option<Element>,
    /// The state changed since the text was written.
    stale: bool,
    /// The panel shows [`PLAYING_NOTE`].
    playing_note: bool,
}

impl Default for CodePanel {
    fn default() -> CodePanel {
        CodePanel {
            out: None,
            status: None,
            stale: true,
            playing_note: false,
        }
    }
}

impl Panel for CodePanel {
    fn name(&self) -> &'static str {
        "code"
    }

    fn markup(&self) -> Markup {
        details_panel!(
            "code",
            "code-panel",
            "This run in code",
            vec![
                el(
                    "p",
                    &[("class", "caption")],
                    vec![
                        text("Python that reproduces this run exactly, up to this step: scikit-learn where it has the algorithm, and the rule in NumPy. The same as "),
                        el("code", &[], vec![text("perceptron-trace --emit python")]),
                        text("."),
                    ],
                ),
                el(
                    "div",
                    &[("class", "code-actions")],
                    vec![
                        el(
                            "button",
                            &[
                                ("type", "button"),
                                ("data-panel-act", "copy"),
                                ("title", "Copy the Python code to the clipboard"),
                            ],
                            vec![text("Copy")],
                        ),
                        el(
                            "span",
                            &[("class", "note"), ("data-part", "status"), ("role", "status")],
                            vec![],
                        ),
                    ],
                ),
                el(
                    "pre",
                    &[
                        ("class", "code-scroll"),
                        ("tabindex", "0"),
                        ("role", "region"),
                        ("aria-label", "Python code of this run"),
                    ],
                    vec![el("code", &[("data-part", "code")], vec![])],
                ),
            ],
        )
    }

    fn bind(&mut self, root: &Element) {
        self.out = find(root, "[data-part=\"code\"]");
        self.status = find(root, "[data-part=\"status\"]");
    }

    fn changed(&mut self) {
        self.stale = true;
    }

    fn write(&mut self, cx: &Cx<'_>) {
        let Some(out) = &self.out else {
            return;
        };
        if !self.stale {
            return;
        }
        // A script replays every visit, so writing it costs more the longer the run: while a
        // run plays it is followed only while it is short, and written when it pauses.
        if cx.session.is_playing() && cx.session.model().steps() > PLAY_CODE_STEPS {
            if !self.playing_note {
                out.set_text_content(Some(PLAYING_NOTE));
                self.playing_note = true;
            }
            return; // still stale: the frame after Pause writes it
        }
        out.set_text_content(Some(&cx.session.python_code()));
        self.stale = false;
        self.playing_note = false;
    }

    fn event(&mut self, event: &PanelEvent, session: &Session) -> Result<Option<Action>, Error> {
        if event.act == "copy" {
            self.copy(&session.python_code());
        }
        Ok(None)
    }
}

impl CodePanel {
    /// Puts `code` on the clipboard and says how it went in the panel's status.
    fn copy(&self, code: &str) {
        let Some(status) = self.status.clone() else {
            return;
        };
        set_text(&status, "");
        let Some(window) = web_sys::window().filter(web_sys::Window::is_secure_context) else {
            set_text(&status, NOT_COPIED);
            return;
        };
        let said = |words: &'static str| {
            let status = status.clone();
            Closure::once_into_js(move |_: wasm_bindgen::JsValue| set_text(&status, words))
        };
        // Whichever way the promise goes, the status says so (the other closure is never called).
        let written: wasm_bindgen::JsValue = window.navigator().clipboard().write_text(code).into();
        let then = js_sys::Reflect::get(&written, &"then".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        if let Some(then) = then {
            let _ = then.call2(&written, &said(COPIED), &said(NOT_COPIED));
        }
    }
}
