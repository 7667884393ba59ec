//! The page's text written in a frame outside the panels ([`Controls`]) and the lab's kind on its
//! root; the menus filled once at mount.

use super::Runner;
use crate::core::Session;
use crate::web::dom::{find, set_attribute, set_text};
use web_sys::{Element, HtmlElement};

/// What the frame writes outside the panels: status fields a page put there (`[data-field]`).
pub(super) struct Controls {
    fields: Vec<(&'static str, Element)>,
}

impl Controls {
    /// The elements under `root`, before the panels are placed (an embedded lab may have none).
    pub(super) fn find(root: &HtmlElement, session: &Session) -> Controls {
        let fields = session
            .status()
            .fields()
            .iter()
            .filter_map(|(name, _)| {
                find(root, &format!("[data-field=\"{name}\"]")).map(|e| (*name, e))
            })
            .collect();
        Controls { fields }
    }

    /// Writes what `session` shows into them.
    pub(super) fn show(&self, status: &crate::core::Status) {
        for (name, text) in status.fields() {
            if let Some((_, element)) = self.fields.iter().find(|(n, _)| *n == name) {
                set_text(element, text);
            }
        }
    }
}

impl Runner {
    /// Marks the lab's root with the algorithm's kind and whether its trace is the classic
    /// table (the page shows and hides controls by kind, never by a list of algorithms).
    pub(super) fn show_kind(&self) {
        let setup = self.session.setup();
        set_attribute(&self.root, "data-kind", setup.algorithm.kind().name());
        let table = if self.session.model().classic_table() {
            "classic"
        } else {
            "own"
        };
        set_attribute(&self.root, "data-table", table);
    }
}

/// Fills the page's menus from the registries and the presets: the Example menu
/// (`[data-role="preset-menu"]`: after its first, empty "choose…" option, every example) and the
/// practice composer's algorithm and sources (the algorithm box fills its own menu with the same
/// `dom::algorithm_options`). Nothing else lists algorithms or examples.
pub(super) fn fill_menus(root: &HtmlElement) {
    let Some(document) = root.owner_document() else {
        return;
    };
    let fill = |selector: &str, keep: u32, items: Vec<(String, &'static str)>| {
        // The menu is the lab's own, or (the main page's Example menu, in the header) the page's.
        if let Some(select) =
            find(root, selector).or_else(|| document.query_selector(selector).ok().flatten())
        {
            crate::web::dom::fill_options(&select, keep, items);
        }
    };
    let examples = |prefix: &str| {
        crate::core::Preset::all()
            .into_iter()
            .map(|p| (format!("{prefix}{}", p.id()), p.title()))
            .collect()
    };
    fill("[data-role=\"preset-menu\"]", 1, examples(""));
    fill(
        "[data-role=\"practice-algorithm\"]",
        0,
        crate::web::dom::algorithm_options(),
    );
    // The practice composer's sources: generated, the points on show, then every example.
    fill("[data-role=\"practice-source\"]", 2, examples("ex:"));
}
