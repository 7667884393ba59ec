//! The page's language, chosen as a lab starts: the address's `lang=` (a shared link), else
//! the reader's own choice kept in this browser (the page's language menu), else the lab's
//! `lang` attribute (`<perceptron-lab lang="de">`, the course author's), else the browser's
//! languages, else English. The lab's root gets `lang` and `dir`; its markup, words and
//! numbers are in that language from its first frame (a new choice reloads the page, its
//! state kept by the link: see `www/app.js`).

use super::handle::Lab;
use crate::core::i18n::{self, Lang};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, Window};

/// Where this browser keeps the reader's choice (the language menu's, through
/// [`Lab::keep_language`]).
const STORE_KEY: &str = "perceptron-lab.lang";

/// The value of `lang=` in a link fragment, if it has one.
fn in_fragment(fragment: &str) -> Option<String> {
    fragment
        .trim_start_matches('#')
        .split('&')
        .find_map(|pair| pair.strip_prefix("lang="))
        .map(str::to_string)
}

/// The course author's `lang`: the root's own, else (a lab in an element's shadow root) the
/// `<perceptron-lab>` element's.
fn author_lang(root: &HtmlElement) -> Option<String> {
    let own = root.get_attribute("lang");
    let host = || {
        let shadow = root
            .get_root_node()
            .dyn_into::<web_sys::ShadowRoot>()
            .ok()?;
        shadow.host().get_attribute("lang")
    };
    own.or_else(host).filter(|l| !l.is_empty())
}

/// Chooses the page's language for the lab on `root` and marks the root with it.
pub(super) fn choose(window: &Window, root: &HtmlElement) {
    let asked = [
        window.location().hash().ok().and_then(|h| in_fragment(&h)),
        window
            .local_storage()
            .ok()
            .flatten()
            .and_then(|s| s.get_item(STORE_KEY).ok().flatten()),
        author_lang(root),
    ];
    // A value that is not a language is passed over (a link's unknown `lang=` is not refused:
    // the rest of the link still opens).
    let lang = asked
        .iter()
        .flatten()
        .find_map(|tag| Lang::parse(tag).ok())
        .unwrap_or_else(|| {
            let browser: Vec<String> = window
                .navigator()
                .languages()
                .iter()
                .filter_map(|l| l.as_string())
                .collect();
            Lang::of_browser(browser.iter().map(String::as_str))
        });
    if i18n::set_lang(lang).is_err() {
        // A catalogue that does not parse (a native test rules it out): English.
        let _ = i18n::set_lang(Lang::En);
    }
    let lang = i18n::lang();
    let _ = root.set_attribute("lang", lang.tag());
    let _ = root.set_attribute("dir", lang.dir());
    if let Some(menu) = window
        .document()
        .and_then(|d| {
            d.query_selector("[data-role=\"language-menu\"]")
                .ok()
                .flatten()
        })
        .and_then(|m| m.dyn_into::<web_sys::HtmlSelectElement>().ok())
    {
        menu.set_value(lang.tag());
    }
}

#[wasm_bindgen]
impl Lab {
    /// The page's language (its tag: `en`, `de`, `zh-CN`, …), chosen as the lab started.
    pub fn language(&self) -> Result<String, JsValue> {
        self.alive()?;
        Ok(i18n::lang().tag().to_string())
    }

    /// Keeps `tag` as the reader's language in this browser (the menu's choice), for the
    /// labs that start from now on; a tag that is not one of the lab's languages is refused.
    pub fn keep_language(&self, tag: &str) -> Result<(), JsValue> {
        self.alive()?;
        let lang = Lang::parse(tag).map_err(|e| JsValue::from_str(&e.to_string()))?;
        if let Some(storage) = crate::web::dom::window()?.local_storage().ok().flatten() {
            // Private browsing may refuse it: the link's lang= still carries the choice.
            let _ = storage.set_item(STORE_KEY, lang.tag());
        }
        Ok(())
    }

    /// Whether the reader chose a language in this browser (the menu's choice is kept).
    pub fn language_kept(&self) -> Result<bool, JsValue> {
        self.alive()?;
        let storage = crate::web::dom::window()?.local_storage().ok().flatten();
        Ok(storage.is_some_and(|s| s.get_item(STORE_KEY).ok().flatten().is_some()))
    }

    /// Message `id` of the lab's catalogue in the page's language, for the page's own words
    /// (the language menu's label); the id itself when there is no such message.
    pub fn word(&self, id: &str) -> Result<String, JsValue> {
        self.alive()?;
        Ok(i18n::tr(id, &[]))
    }
}
