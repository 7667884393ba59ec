//! The practice composer (the full page's, and a compact lab's when `open-panels` names it):
//! the kinds of question, how many, the algorithm, where the points come from, η, the seed, the
//! exercise id and where results go. Its fields are the set's link keys (`data-key`; those
//! marked `data-generated` only for generated points, `data-optional` only when filled), which
//! `www/practice.js`'s `compose` reads and the core checks (`ExerciseSet::from_link`): Start
//! practises the set here, Make link gives the link and the frame for a course page.

use super::{el, text, Markup, Panel};
use web_sys::Element;

#[derive(Default)]
pub(super) struct ComposerPanel;

/// A kind of question: a box named `kind` with the value `$kind`, checked or not.
macro_rules! kind {
    ($kind:literal, $checked:literal, $words:expr) => {{
        let mut words = vec![el(
            "input",
            if $checked {
                &[
                    ("type", "checkbox"),
                    ("name", "kind"),
                    ("value", $kind),
                    ("checked", ""),
                ]
            } else {
                &[("type", "checkbox"), ("name", "kind"), ("value", $kind)]
            },
            vec![],
        )];
        words.extend($words);
        el("label", &[("class", "check")], words)
    }};
}

/// A labelled field of the grid: its label (for `$id`) and the field itself.
macro_rules! field {
    ($id:literal, $label:expr, $field:expr) => {
        [el("label", &[("for", $id)], $label), $field]
    };
}

/// An `<option>`.
macro_rules! option {
    ($value:literal, $words:literal) => {
        el("option", &[("value", $value)], vec![text($words)])
    };
}

fn kinds() -> Markup {
    let linear = || el("small", &[], vec![text("(linear rules)")]);
    el(
        "fieldset",
        &[("class", "practice-kinds")],
        vec![
            el(
                "legend",
                &[],
                vec![text("Kinds of question, asked in turn")],
            ),
            kind!("predict", true, [text(" Predict the visit")]),
            kind!("update", true, [text(" Be the perceptron")]),
            kind!("faded", false, [text(" Faded worked example")]),
            kind!(
                "boundary",
                false,
                [text(" Where will the boundary go? "), linear()]
            ),
            kind!("converge", false, [text(" Will it converge? "), linear()]),
        ],
    )
}

/// The grid of fields: what the problems are, then how the run goes and who gets the results.
fn grid() -> Markup {
    let mut fields = problem_fields();
    fields.extend(run_fields());
    el("div", &[("class", "practice-grid")], fields)
}

/// How many questions, the algorithm, and the points (generated: how many classes and points,
/// separable or not).
fn problem_fields() -> Vec<Markup> {
    let mut fields = Vec::new();
    fields.extend(field!(
        "practice-questions",
        vec![text("Questions")],
        el(
            "input",
            &[
                ("id", "practice-questions"),
                ("data-key", "xn"),
                ("type", "number"),
                ("min", "1"),
                ("max", "20"),
                ("step", "1"),
                ("value", "5"),
            ],
            vec![],
        )
    ));
    fields.extend(field!(
        "practice-algorithm",
        vec![text("Algorithm")],
        el(
            "select",
            &[
                ("id", "practice-algorithm"),
                ("data-role", "practice-algorithm"),
                ("data-key", "xa"),
            ],
            vec![],
        )
    ));
    fields.extend(field!(
        "practice-source",
        vec![text("Points")],
        el(
            "select",
            &[
                ("id", "practice-source"),
                ("data-role", "practice-source"),
                ("data-key", "xd"),
            ],
            vec![
                el(
                    "option",
                    &[("value", "gen"), ("selected", "")],
                    vec![text("generated from the seed")],
                ),
                option!("points", "the points on show"),
            ],
        )
    ));
    fields.extend(field!(
        "practice-classes",
        vec![text("Classes")],
        el(
            "input",
            &[
                ("id", "practice-classes"),
                ("data-key", "xc"),
                ("data-generated", ""),
                ("type", "number"),
                ("min", "2"),
                ("max", "6"),
                ("step", "1"),
                ("value", "2"),
            ],
            vec![],
        )
    ));
    fields.extend(field!(
        "practice-points",
        vec![text("Points per problem")],
        el(
            "input",
            &[
                ("id", "practice-points"),
                ("data-key", "xp"),
                ("data-generated", ""),
                ("type", "number"),
                ("min", "2"),
                ("max", "12"),
                ("step", "1"),
                ("value", "6"),
            ],
            vec![],
        )
    ));
    fields.extend(field!(
        "practice-separable",
        vec![text("Separable")],
        el(
            "select",
            &[
                ("id", "practice-separable"),
                ("data-key", "xsep"),
                ("data-generated", ""),
            ],
            vec![
                el(
                    "option",
                    &[("value", "1"), ("selected", "")],
                    vec![text("yes")],
                ),
                option!("0", "no"),
                option!("any", "either"),
            ],
        )
    ));
    fields
}

/// η, the seed, the exercise id and the origin the results are reported to.
fn run_fields() -> Vec<Markup> {
    let mut fields = Vec::new();
    fields.extend(field!(
        "practice-eta",
        vec![text("Learning rate η")],
        el(
            "input",
            &[
                ("id", "practice-eta"),
                ("data-key", "xe"),
                ("type", "text"),
                ("inputmode", "decimal"),
                ("value", "1"),
                ("autocomplete", "off"),
                ("spellcheck", "false"),
            ],
            vec![],
        )
    ));
    fields.extend(field!(
        "practice-seed",
        vec![text("Seed")],
        el(
            "input",
            &[
                ("id", "practice-seed"),
                ("data-key", "xs"),
                ("type", "number"),
                ("min", "0"),
                ("step", "1"),
                ("value", "1"),
            ],
            vec![],
        )
    ));
    fields.extend(field!(
        "practice-id",
        vec![text("Exercise id")],
        el(
            "input",
            &[
                ("id", "practice-id"),
                ("data-key", "xid"),
                ("type", "text"),
                ("value", "practice"),
                ("autocomplete", "off"),
                ("spellcheck", "false"),
            ],
            vec![],
        )
    ));
    fields.extend(field!(
        "practice-report",
        vec![
            text("Report results to "),
            el(
                "small",
                &[],
                vec![text("(origin of the course page, optional)")]
            ),
        ],
        el(
            "input",
            &[
                ("id", "practice-report"),
                ("data-key", "report"),
                ("data-optional", ""),
                ("type", "text"),
                ("placeholder", "https://course.example.org"),
                ("autocomplete", "off"),
                ("spellcheck", "false"),
            ],
            vec![],
        )
    ));
    fields
}

/// What Make link gives: the link for students and the frame for a course page.
fn link_out() -> Markup {
    el(
        "div",
        &[
            ("class", "practice-link"),
            ("data-role", "practice-link"),
            ("hidden", ""),
        ],
        vec![
            el(
                "label",
                &[("for", "practice-link-out")],
                vec![text("Link for students")],
            ),
            el(
                "input",
                &[
                    ("id", "practice-link-out"),
                    ("data-role", "practice-link-out"),
                    ("type", "text"),
                    ("readonly", ""),
                    ("spellcheck", "false"),
                ],
                vec![],
            ),
            el(
                "label",
                &[("for", "practice-embed-out")],
                vec![text("Embed snippet (iframe)")],
            ),
            el(
                "textarea",
                &[
                    ("id", "practice-embed-out"),
                    ("data-role", "practice-embed-out"),
                    ("rows", "3"),
                    ("readonly", ""),
                    ("spellcheck", "false"),
                ],
                vec![],
            ),
        ],
    )
}

impl Panel for ComposerPanel {
    fn name(&self) -> &'static str {
        "composer"
    }

    fn markup(&self) -> Markup {
        let strong = |words: &'static str| el("strong", &[], vec![text(words)]);
        el(
            "form",
            &[
                ("id", "practice-composer"),
                ("class", "practice-composer"),
                ("data-role", "practice-composer"),
                ("data-panel", "composer"),
                ("data-control", "composer"),
                ("novalidate", ""),
            ],
            vec![
                el(
                    "p",
                    &[("class", "caption")],
                    vec![
                        text("Compose a set of questions; "),
                        strong("Start"),
                        text(" practises it here, "),
                        strong("Make link"),
                        text(" gives a link and an embed snippet that give every student the same questions."),
                    ],
                ),
                kinds(),
                grid(),
                el(
                    "label",
                    &[("class", "check")],
                    vec![
                        el(
                            "input",
                            &[
                                ("id", "practice-bias"),
                                ("data-key", "xb"),
                                ("type", "checkbox"),
                                ("checked", ""),
                            ],
                            vec![],
                        ),
                        text(" Bias (the always-1 feature first)"),
                    ],
                ),
                el(
                    "label",
                    &[("class", "check")],
                    vec![
                        el(
                            "input",
                            &[("id", "practice-vary"), ("data-key", "xr"), ("type", "checkbox")],
                            vec![],
                        ),
                        text(" Each student gets a variant of their own (its seed is shown)"),
                    ],
                ),
                el(
                    "div",
                    &[("class", "practice-buttons")],
                    vec![
                        el(
                            "button",
                            &[("type", "submit"), ("id", "practice-start")],
                            vec![text("Start practice")],
                        ),
                        el(
                            "button",
                            &[
                                ("type", "button"),
                                ("id", "practice-make-link"),
                                ("data-role", "practice-make-link"),
                            ],
                            vec![text("Make link")],
                        ),
                    ],
                ),
                el(
                    "p",
                    &[
                        ("id", "practice-compose-error"),
                        ("data-role", "practice-compose-error"),
                        ("class", "error"),
                        ("role", "alert"),
                    ],
                    vec![],
                ),
                link_out(),
            ],
        )
    }

    fn bind(&mut self, _root: &Element) {
        // Its menus are filled with the lab's (`fill_menus`): the algorithms and the examples.
    }
}
