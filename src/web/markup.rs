//! A panel's markup as data ([`Markup`]), and its building into DOM nodes with DOM calls
//! (`createElement`, `setAttribute`, text nodes), so no HTML is ever parsed. Used by the
//! panels (`web/panels`) and by the first-frame module, which places the plot's markup
//! before the lab has loaded.

use crate::web::dom::set_attribute;
use web_sys::Element;

/// A panel's markup: elements with their attributes, and text. Built with DOM calls
/// (`createElement`, `setAttribute`, text nodes), so no HTML is ever parsed.
pub(crate) enum Markup {
    /// An element: tag, attributes, children.
    El(
        &'static str,
        &'static [(&'static str, &'static str)],
        Vec<Markup>,
    ),
    /// A text node (words in the page's language are made when the markup is).
    Text(std::borrow::Cow<'static, str>),
}

/// An element of a panel's markup.
pub(crate) fn el(
    tag: &'static str,
    attributes: &'static [(&'static str, &'static str)],
    children: Vec<Markup>,
) -> Markup {
    Markup::El(tag, attributes, children)
}

/// A table's head: one row of `cells`.
pub(crate) fn thead(cells: Vec<Markup>) -> Markup {
    el("thead", &[], vec![el("tr", &[], cells)])
}

/// Text in a panel's markup.
pub(crate) fn text(text: impl Into<std::borrow::Cow<'static, str>>) -> Markup {
    Markup::Text(text.into())
}

/// The attributes that hold ids (an element's own, or those it refers to).
const ID_ATTRIBUTES: [&str; 5] = [
    "id",
    "for",
    "aria-describedby",
    "aria-labelledby",
    "aria-controls",
];

/// The page's count of labs mounted so far, kept on the document's root element: compact labs
/// run in WebAssembly instances of their own, so a count in the module would start again for
/// each of them.
const MOUNTED: &str = "data-perceptron-labs";

/// The next lab's number in the page containing `element` (1 for the first): a lab's ids end
/// in it, so that two labs of a page never share one.
pub(crate) fn next_lab_number(element: &Element) -> u32 {
    static IN_MODULE: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let Some(page) = element.owner_document().and_then(|d| d.document_element()) else {
        // Not in a page: this module's own count.
        return IN_MODULE.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
    };
    let count = page
        .get_attribute(MOUNTED)
        .and_then(|n| n.parse::<u32>().ok())
        .unwrap_or(0)
        .saturating_add(1);
    set_attribute(&page, MOUNTED, &count.to_string());
    count
}

impl Markup {
    /// The DOM node of this markup in `document`; in every lab but a page's first, every id in
    /// it (and every reference to one) ends in `-lab{lab}` (the first lab's are as written, so a
    /// page's own script and links find them by the ids the docs name; `-lab`, because a plain
    /// `-{lab}` could make one lab's `eta` another's `eta-2`). Without `landmarks` (a compact
    /// lab: several may share a page, and a page's landmarks must have names of their own) a
    /// named `section` and a `region` are groups instead.
    pub(crate) fn build(
        &self,
        document: &web_sys::Document,
        lab: u32,
        landmarks: bool,
    ) -> Option<web_sys::Node> {
        match self {
            Markup::Text(text) => Some(document.create_text_node(text).into()),
            Markup::El(tag, attributes, children) => {
                let element = document.create_element(tag).ok()?;
                if !landmarks && *tag == "section" {
                    element.set_attribute("role", "group").ok()?;
                }
                for (name, value) in *attributes {
                    if !landmarks && *name == "role" && *value == "region" {
                        element.set_attribute(name, "group").ok()?;
                    } else if ID_ATTRIBUTES.contains(name) && lab > 1 {
                        let ids: Vec<String> = value
                            .split_whitespace()
                            .map(|id| format!("{id}-lab{lab}"))
                            .collect();
                        element.set_attribute(name, &ids.join(" ")).ok()?;
                    } else {
                        element.set_attribute(name, value).ok()?;
                    }
                }
                for child in children {
                    element
                        .append_child(&child.build(document, lab, landmarks)?)
                        .ok()?;
                }
                Some(element.into())
            }
        }
    }
}
