//! Practice (a set of exercise questions): the question on show — what it gives, the worked
//! step, the controls of what is asked now (`[data-ask="…"]`, one group shown at a time), the
//! feedback — and the results table. The same markup serves the full page (inside its Practice
//! `<details>`, after the composer panel, `composer.rs`) and compact labs; `www/practice.js`
//! turns its controls (`data-practice="…"`) into answers, in both. The panel is written from
//! [`Session::practice_view`](crate::core::Session::practice_view) (`write.rs`) when the
//! session changed; when a set starts it opens the page's Practice `<details>` and hides the
//! composer, which come back when it stops.

mod write;

use super::{el, text, thead, Cx, Markup, Panel};
use crate::web::dom::find;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlInputElement};

/// The panel's elements (found once its markup is placed), and what it last wrote.
#[derive(Default)]
pub(super) struct PracticePanel {
    question: Option<Element>,
    results_panel: Option<Element>,
    title: Option<Element>,
    variant: Option<Element>,
    prompt: Option<Element>,
    facts: Option<Element>,
    worked: Option<Element>,
    feedback: Option<Element>,
    fields: Vec<(String, Element)>,
    asks: Vec<Element>,
    results_body: Option<Element>,
    results_caption: Option<Element>,
    /// The full page's composer and its Practice `<details>` (around the panel's slot; a
    /// compact lab has neither): the composer is put away while a set runs, the `<details>`
    /// opened when one starts (a link's set is on show at once).
    composer: Option<Element>,
    details: Option<Element>,
    /// The note and button of a tip dragged on the plot, and its text.
    tip_note: Option<Element>,
    tip_text: Option<Element>,
    /// The guessed boundary's two end fields.
    end_fields: Vec<HtmlInputElement>,
    /// The draft last written into the end fields and the tip text.
    draft: Option<crate::core::Guess>,
    /// The question number, parts answered and what is asked, when the controls were built.
    key: Option<(String, usize, String)>,
    /// Rows written into the results table.
    rows: usize,
    /// Whether practice was on at the last write.
    on: bool,
    document: Option<Document>,
    /// Whether the session changed since the panel was last written.
    stale: bool,
}

/// A button of the question or the results: `data-practice="{act}"` (`www/practice.js`).
macro_rules! button {
    ($act:literal, $words:literal) => {
        el(
            "button",
            &[("type", "button"), ("data-practice", $act)],
            vec![text($words)],
        )
    };
}

/// A group of controls shown while its part is asked: `data-ask="{name}"`, hidden until then
/// (with a `role="group"` named `{label}` when given).
macro_rules! ask {
    ($name:literal, [$($child:expr),* $(,)?]) => {
        el(
            "div",
            &[("class", "practice-ask"), ("data-ask", $name), ("hidden", "")],
            vec![$($child),*],
        )
    };
    ($name:literal, $label:literal, [$($child:expr),* $(,)?]) => {
        el(
            "div",
            &[
                ("class", "practice-ask"),
                ("data-ask", $name),
                ("role", "group"),
                ("aria-label", $label),
                ("hidden", ""),
            ],
            vec![$($child),*],
        )
    };
}

/// One end of the guessed boundary: its label and text field `data-end="{end}"`.
macro_rules! end_field {
    ($id:literal, $end:literal, $label:literal, $placeholder:literal) => {
        el(
            "div",
            &[("class", "practice-field")],
            vec![
                el("label", &[("for", $id)], vec![text($label)]),
                el(
                    "input",
                    &[
                        ("id", $id),
                        ("data-end", $end),
                        ("type", "text"),
                        ("autocomplete", "off"),
                        ("spellcheck", "false"),
                        ("placeholder", $placeholder),
                        ("aria-describedby", "practice-error"),
                    ],
                    vec![],
                ),
            ],
        )
    };
}

/// The fields of a typed answer, built by the lab for each question.
macro_rules! fields {
    ($role:literal) => {
        el("div", &[("data-role", $role)], vec![])
    };
}

/// The groups of controls, one for each part a question may ask.
macro_rules! asks {
    () => {
        vec![
            ask!(
                "update",
                "Will it update?",
                [button!("yes", "Update"), button!("no", "No update")]
            ),
            ask!(
                "converges",
                "Will it converge?",
                [
                    button!("converges", "Converges"),
                    button!("never", "Never converges")
                ]
            ),
            ask!(
                "parameters",
                "The new parameters",
                [
                    fields!("practice-parameters-fields"),
                    button!("check", "Check"),
                    el(
                        "p",
                        &[
                            ("class", "caption practice-note"),
                            ("data-role", "practice-tip-note"),
                            ("hidden", ""),
                        ],
                        vec![
                            text(
                                "Or put the tip of the new w′ on the plot: drag on it, or focus \
                                 the plot, move its cursor with the arrow keys and press Enter. ",
                            ),
                            el("span", &[("data-field", "practice-tip")], vec![]),
                            text(" "),
                            button!("tip", "Check the arrow"),
                        ],
                    ),
                ]
            ),
            ask!(
                "scores",
                "The score",
                [fields!("practice-scores-fields"), button!("check", "Check")]
            ),
            ask!(
                "line",
                "Two points of the new boundary",
                [
                    el(
                        "p",
                        &[("class", "caption practice-note")],
                        vec![text(
                            "Drag across the plot from one point of the new boundary to \
                             another, or focus the plot, move its cursor with the arrow keys \
                             and press Enter at each; or type them:",
                        )],
                    ),
                    end_field!(
                        "practice-end-a",
                        "a",
                        "One point of the new boundary (x1, x2)",
                        "0, 1"
                    ),
                    end_field!(
                        "practice-end-b",
                        "b",
                        "Another point of it (x1, x2)",
                        "2, -1"
                    ),
                    button!("check", "Check"),
                ]
            ),
            ask!("read", [button!("read", "I have read the worked step")]),
            ask!("reveal", [button!("reveal", "Reveal the answer (V)")]),
            ask!("next", [button!("next", "Next question (→)")]),
            ask!("done", []),
        ]
    };
}

/// The results table of the set on show, or of the one that ended (hidden while it is empty),
/// and its Save buttons.
macro_rules! results {
    () => {{
        let col = |words: &'static str| el("th", &[("scope", "col")], vec![text(words)]);
        el(
            "div",
            &[
                ("class", "practice-results"),
                ("data-role", "practice-results"),
                ("hidden", ""),
            ],
            vec![
                el(
                    "div",
                    &[
                        ("class", "practice-results-scroll"),
                        ("tabindex", "0"),
                        ("role", "region"),
                        ("aria-labelledby", "practice-results-caption"),
                    ],
                    vec![el(
                        "table",
                        &[],
                        vec![
                            el(
                                "caption",
                                &[
                                    ("id", "practice-results-caption"),
                                    ("data-role", "practice-results-caption"),
                                ],
                                vec![],
                            ),
                            thead(vec![
                                col("#"),
                                col("kind"),
                                col("given"),
                                col("expected"),
                                col("result"),
                                col("error"),
                                col("s"),
                            ]),
                            el("tbody", &[("data-role", "practice-results-body")], vec![]),
                        ],
                    )],
                ),
                el(
                    "div",
                    &[("class", "practice-buttons")],
                    vec![
                        button!("csv", "Save results (CSV)"),
                        button!("json", "Save results (JSON)"),
                    ],
                ),
            ],
        )
    }};
}

impl Panel for PracticePanel {
    fn name(&self) -> &'static str {
        "practice"
    }

    fn markup(&self) -> Markup {
        let mut question = vec![
            el(
                "h2",
                &[("id", "practice-title"), ("data-field", "practice-title")],
                vec![],
            ),
            el(
                "p",
                &[("class", "caption"), ("data-field", "practice-variant")],
                vec![],
            ),
            el(
                "p",
                &[
                    ("class", "practice-prompt"),
                    ("data-field", "practice-prompt"),
                ],
                vec![],
            ),
            el(
                "dl",
                &[
                    ("class", "practice-facts"),
                    ("data-role", "practice-facts"),
                    ("aria-label", "What the question gives"),
                ],
                vec![],
            ),
            el(
                "dl",
                &[
                    ("class", "practice-worked"),
                    ("data-role", "practice-worked"),
                    ("aria-label", "The worked step"),
                    ("hidden", ""),
                ],
                vec![],
            ),
        ];
        question.extend(asks!());
        question.extend([
            el(
                "p",
                &[
                    ("id", "practice-error"),
                    ("class", "error"),
                    ("data-role", "practice-error"),
                    ("role", "alert"),
                ],
                vec![],
            ),
            el(
                "p",
                &[("class", "feedback"), ("data-role", "practice-feedback")],
                vec![],
            ),
            button!("stop", "Stop practice"),
        ]);
        el(
            "div",
            &[("data-panel", "practice"), ("data-control", "practice")],
            vec![
                // The question on show (hidden while no set runs).
                el(
                    "div",
                    &[
                        ("class", "practice-question"),
                        ("data-role", "practice-question"),
                        ("role", "group"),
                        ("aria-labelledby", "practice-title"),
                        ("hidden", ""),
                    ],
                    question,
                ),
                results!(),
            ],
        )
    }

    fn bind(&mut self, root: &Element) {
        let Some(question) = find(root, "[data-role=\"practice-question\"]") else {
            return;
        };
        let list = |selector: &str| -> Vec<Element> {
            let Ok(list) = question.query_selector_all(selector) else {
                return Vec::new();
            };
            (0..list.length())
                .filter_map(|k| list.item(k)?.dyn_into::<Element>().ok())
                .collect()
        };
        let part = |selector: &str| find(&question, selector);
        self.asks = list("[data-ask]");
        self.fields = ["parameters", "scores"]
            .into_iter()
            .filter_map(|n| {
                part(&format!("[data-role=\"practice-{n}-fields\"]")).map(|e| (n.to_string(), e))
            })
            .collect();
        self.title = part("[data-field=\"practice-title\"]");
        self.variant = part("[data-field=\"practice-variant\"]");
        self.prompt = part("[data-field=\"practice-prompt\"]");
        self.facts = part("[data-role=\"practice-facts\"]");
        self.worked = part("[data-role=\"practice-worked\"]");
        self.feedback = part("[data-role=\"practice-feedback\"]");
        self.tip_note = part("[data-role=\"practice-tip-note\"]");
        self.tip_text = part("[data-field=\"practice-tip\"]");
        self.end_fields = list("input[data-end]")
            .into_iter()
            .filter_map(|e| e.dyn_into::<HtmlInputElement>().ok())
            .collect();
        self.results_panel = find(root, "[data-role=\"practice-results\"]");
        self.results_body = find(root, "[data-role=\"practice-results-body\"]");
        self.results_caption = find(root, "[data-role=\"practice-results-caption\"]");
        self.details = root
            .closest("[data-role=\"practice-panel\"]")
            .ok()
            .flatten();
        self.composer = self
            .details
            .as_ref()
            .and_then(|d| find(d, "[data-role=\"practice-composer\"]"));
        self.document = root.owner_document();
        self.question = Some(question);
        self.rows = usize::MAX;
        self.stale = true;
    }

    fn changed(&mut self) {
        self.stale = true;
    }

    fn throttle_ms(&self) -> f64 {
        // Written only when the session changed, and then at once.
        0.0
    }

    fn write(&mut self, cx: &Cx<'_>) {
        if std::mem::take(&mut self.stale) {
            self.show(cx.session, cx.lab);
        }
    }
}
