//! "Share and files": the link to exactly this view with its Copy button, a file to open, and
//! the points, the scenario and the plot to save. The markup is here, for every home; its
//! controls are wired by `www/compact.js`'s `wireShare` (as `www/practice.js` wires the practice
//! question), because what they do is the browser's: the clipboard, reading a chosen or dropped
//! file (asynchronously), saving a download. Each is one call of the lab's handle (`copy_link`,
//! `open_file`, `points_csv`, `scenario_json`, `export_svg`); the main page's lab writes the
//! share box itself, in the frame that writes the address.

use super::{el, text, Markup, Panel};
use web_sys::Element;

#[derive(Default)]
pub(super) struct SharePanel;

/// A Save button: `data-export="{what}"`.
macro_rules! save_button {
    ($id:literal, $what:literal, $title:literal, $words:literal) => {
        el(
            "button",
            &[
                ("id", $id),
                ("type", "button"),
                ("data-export", $what),
                ("title", $title),
            ],
            vec![text($words)],
        )
    };
}

impl Panel for SharePanel {
    fn name(&self) -> &'static str {
        "share"
    }

    fn markup(&self) -> Markup {
        details_panel!(
            "share",
            "share-panel",
            "Share and files",
            vec![
                el(
                    "div",
                    &[("class", "share-row"), ("data-control", "share")],
                    vec![
                        el(
                            "button",
                            &[
                                ("id", "copy-link"),
                                ("type", "button"),
                                ("data-role", "copy-link"),
                                ("title", "Copy a link to exactly this view: algorithm, settings, points and step"),
                            ],
                            vec![text("Copy link")],
                        ),
                        el(
                            "input",
                            &[
                                ("id", "share-link"),
                                ("data-role", "share-link"),
                                ("type", "text"),
                                ("readonly", ""),
                                ("aria-label", "Link to this exact view"),
                                ("spellcheck", "false"),
                            ],
                            vec![],
                        ),
                    ],
                ),
                el(
                    "p",
                    &[
                        ("id", "share-status"),
                        ("data-role", "share-status"),
                        ("class", "note"),
                        ("role", "status"),
                    ],
                    vec![],
                ),
                el(
                    "div",
                    &[("class", "files"), ("data-control", "files")],
                    vec![
                        el(
                            "label",
                            &[("class", "file-button")],
                            vec![
                                text("Open file…"),
                                el(
                                    "input",
                                    &[
                                        ("id", "file-input"),
                                        ("data-role", "file-input"),
                                        ("type", "file"),
                                        ("accept", ".csv,.json,text/csv,application/json"),
                                    ],
                                    vec![],
                                ),
                            ],
                        ),
                        el("span", &[("class", "label")], vec![text("Save")]),
                        save_button!("export-points", "points", "The points as x1,x2,label", "Points CSV"),
                        save_button!("export-scenario", "scenario", "Everything: algorithm, settings, points, step", "Scenario JSON"),
                        save_button!("export-png", "png", "The plot as shown, at the screen's resolution", "PNG"),
                        save_button!("export-svg", "svg", "The plot as a vector image", "SVG"),
                    ],
                ),
                el(
                    "p",
                    &[("class", "note"), ("data-control", "files")],
                    vec![text("Or drop a CSV or scenario JSON file onto the lab.")],
                ),
                el(
                    "p",
                    &[
                        ("id", "file-error"),
                        ("data-role", "file-error"),
                        ("class", "error"),
                        ("role", "alert"),
                    ],
                    vec![],
                ),
            ],
        )
    }

    fn bind(&mut self, _root: &Element) {}
}
