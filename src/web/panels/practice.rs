//! Practice (a set of exercise questions): the question on show — what it gives, the worked
//! step, the controls of what is asked now (`[data-ask="…"]`, one group shown at a time), the
//! feedback — and the results table. The same markup serves the full page (inside its Practice
//! `<details>`, after the composer that `index.html` keeps) and compact labs; `www/practice.js`
//! turns its controls (`data-practice="…"`) into answers, in both.

use super::{el, text, thead, Markup, Panel};
use web_sys::Element;

#[derive(Default)]
pub(super) struct PracticePanel;

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

    fn bind(&mut self, _root: &Element) {}
}
