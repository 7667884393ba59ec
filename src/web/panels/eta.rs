//! The η-invariance panel (algorithms that compare η: the classic perceptron): a second
//! learning rate η₂ to apply, the verdict, the two runs' plots and the table of their steps, all
//! from [`Session::eta_view`] and [`Session::eta_scenes`].

use super::COMPARE_SCALE;
use super::{el, text, thead, Cx, Markup, Panel, PanelEvent};
use crate::core::algo::perceptron::eta::{parse_second_eta, weights_text, EtaRow};
use crate::core::numfmt::{exact, num};
use crate::core::{Action, Error, EtaKey, Session};
use crate::render::Theme;
use crate::web::dom::{find, fit_backing, set_attribute, set_text};
use crate::web::runner::paint_scene;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement, HtmlInputElement};

/// The table shows this many of the latest steps (and the first difference when it is older).
const ETA_TABLE_ROWS: usize = 12;

/// The session's key, the plots' theme and backing sizes, and whether it was playing.
type Shown = (EtaKey, Theme, Vec<(u32, u32)>, bool);

#[derive(Default)]
pub(super) struct EtaPanel {
    input: Option<HtmlInputElement>,
    error: Option<Element>,
    verdict: Option<Element>,
    plots: Vec<(HtmlCanvasElement, Option<Element>)>,
    heads: [Option<Element>; 4],
    body: Option<Element>,
    /// The η₂ last written into the field: it is written again only when the session's
    /// changes, so what the user is typing is never overwritten.
    written_eta: Option<f64>,
    /// What the plots were drawn from: a frame with the same draws nothing (the panel's table,
    /// text and plots hold it).
    shown: Option<Shown>,
    /// The draw pass drew something new: the write pass writes the text that goes with it.
    to_write: bool,
}

/// One run's small plot with its caption (`run` and the canvas's label as literals).
macro_rules! run_figure {
    ($run:literal, $label:literal) => {
        el(
            "figure",
            &[("data-eta-run", $run)],
            vec![
                el("canvas", &[("role", "img"), ("aria-label", $label)], vec![]),
                el("figcaption", &[("data-part", "caption")], vec![]),
            ],
        )
    };
}

impl Panel for EtaPanel {
    fn name(&self) -> &'static str {
        "eta"
    }

    fn markup(&self) -> Markup {
        let head = |part: &'static [(&'static str, &'static str)], words: &'static str| {
            el("th", part, vec![text(words)])
        };
        details_panel!(
            "eta",
            "eta-panel",
            "η-invariance",
            vec![
                el(
                    "p",
                    &[("class", "caption")],
                    vec![text("The classic rule run twice over the same points in the same order: with η from Settings and with a second η₂. From w = 0 the mistakes match and w only scales.")],
                ),
                el(
                    "form",
                    &[("class", "eta-form"), ("data-panel-act", "eta")],
                    vec![
                        el("label", &[("for", "eta-2")], vec![text("Second learning rate η₂")]),
                        el(
                            "input",
                            &[
                                ("id", "eta-2"),
                                ("data-part", "input"),
                                ("type", "text"),
                                ("inputmode", "decimal"),
                                ("value", "0.5"),
                                ("autocomplete", "off"),
                                ("spellcheck", "false"),
                                ("aria-describedby", "eta-error"),
                            ],
                            vec![],
                        ),
                        el("button", &[("type", "submit")], vec![text("Apply η₂")]),
                    ],
                ),
                el(
                    "p",
                    &[
                        ("id", "eta-error"),
                        ("class", "error"),
                        ("data-part", "error"),
                        ("role", "alert"),
                    ],
                    vec![],
                ),
                el(
                    "p",
                    &[
                        ("class", "eta-verdict"),
                        ("data-part", "verdict"),
                        ("role", "status"),
                        ("aria-live", "polite"),
                    ],
                    vec![],
                ),
                el(
                    "div",
                    &[("class", "eta-grid")],
                    vec![
                        run_figure!("1", "The run with η₁: points, boundary and w"),
                        run_figure!("2", "The run with η₂: points, boundary and w"),
                    ],
                ),
                el(
                    "div",
                    &[
                        ("class", "eta-scroll"),
                        ("tabindex", "0"),
                        ("role", "region"),
                        ("aria-label", "Steps of both runs; scrolls sideways on a narrow screen"),
                    ],
                    vec![el(
                        "table",
                        &[("class", "eta-table"), ("aria-label", "Both runs step by step")],
                        vec![
                            thead(vec![
                                head(&[("scope", "col")], "step"),
                                head(&[("scope", "col")], "sample"),
                                head(&[("scope", "col"), ("data-part", "head-1")], "η₁"),
                                head(&[("scope", "col"), ("data-part", "head-2")], "η₂"),
                                head(&[("scope", "col"), ("data-part", "head-w1")], "w(η₁)"),
                                head(&[("scope", "col"), ("data-part", "head-w2")], "w(η₂)"),
                            ]),
                            el("tbody", &[("data-part", "body")], vec![]),
                        ],
                    )],
                ),
            ],
        )
    }

    fn bind(&mut self, root: &Element) {
        let part = |name: &str| find(root, &format!("[data-part=\"{name}\"]"));
        self.input = part("input").and_then(|e| e.dyn_into().ok());
        self.error = part("error");
        self.verdict = part("verdict");
        self.heads = [
            part("head-1"),
            part("head-2"),
            part("head-w1"),
            part("head-w2"),
        ];
        self.body = part("body");
        self.plots = ["1", "2"]
            .iter()
            .filter_map(|run| {
                let figure = find(root, &format!("[data-eta-run=\"{run}\"]"))?;
                let canvas = find(&figure, "canvas")?.dyn_into().ok()?;
                Some((canvas, find(&figure, "[data-part=\"caption\"]")))
            })
            .collect();
    }

    fn applies(&self, session: &Session) -> bool {
        session.eta_key().is_some()
    }

    fn echo(&mut self) {
        // The next frame writes the η₂ in force into the field again.
        self.written_eta = None;
    }

    fn draw(&mut self, cx: &Cx<'_>) {
        let Some(key) = cx.session.eta_key() else {
            self.shown = None;
            return;
        };
        // The plots are measured before anything is written, so the layout read is the one
        // the browser already has (a read after writing would lay the page out again).
        for (canvas, _) in &self.plots {
            fit_backing(canvas, cx.pixel_ratio);
        }
        let small = small_theme(&cx.theme);
        let sizes = self.plots.iter().map(|(c, _)| (c.width(), c.height()));
        let shown = Some((key, small, sizes.collect(), cx.session.is_playing()));
        if self.shown == shown {
            return;
        }
        self.shown = shown;
        let Some(scenes) = cx.session.eta_scenes() else {
            return;
        };
        for ((canvas, _), scene) in self.plots.iter().zip(&scenes) {
            if let Err(e) = paint_scene(canvas, &small, scene) {
                web_sys::console::error_1(&e.into());
            }
        }
        self.to_write = true;
    }

    fn write(&mut self, cx: &Cx<'_>) {
        let second = cx.session.second_eta();
        if self.written_eta != Some(second) {
            if let Some(input) = &self.input {
                input.set_value(&exact(second));
            }
            self.written_eta = Some(second);
        }
        if !std::mem::take(&mut self.to_write) {
            return;
        }
        let Some(view) = cx.session.eta_view() else {
            return;
        };
        if let Some(verdict) = &self.verdict {
            // While playing the verdict changes with every step: it is shown but not spoken
            // (aria-live off); the verdict after Pause is spoken again.
            let live = if cx.session.is_playing() {
                "off"
            } else {
                "polite"
            };
            set_attribute(verdict, "aria-live", live);
            set_text(verdict, &view.verdict());
        }
        let [e1, e2] = view.eta.map(num);
        let heads = [
            format!("η₁ = {e1}"),
            format!("η₂ = {e2}"),
            "w(η₁)".to_string(),
            "w(η₂)".to_string(),
        ];
        for (head, words) in self.heads.iter().zip(heads) {
            if let Some(head) = head {
                set_text(head, &words);
            }
        }
        for (run, (_, caption)) in self.plots.iter().enumerate() {
            if let Some(caption) = caption {
                set_text(caption, &view.caption(run));
            }
        }
        if let Some(body) = &self.body {
            let first = view.first_difference().map(|r| r.step);
            body.set_text_content(None);
            let Some(document) = body.owner_document() else {
                return;
            };
            for row in view.shown_rows(ETA_TABLE_ROWS) {
                if let Some(tr) = table_row(&document, row, first == Some(row.step)) {
                    let _ = body.append_child(&tr);
                }
            }
        }
    }

    fn event(&mut self, event: &PanelEvent, _session: &Session) -> Result<Option<Action>, Error> {
        if event.act != "eta" {
            return Ok(None);
        }
        let text = self
            .input
            .as_ref()
            .map(HtmlInputElement::value)
            .unwrap_or_default();
        Ok(Some(Action::SetSecondEta(parse_second_eta(&text)?)))
    }

    fn answered(&mut self, result: &Result<(), Error>) {
        // A refused η₂ says why and stays in the field to be mended.
        super::say_result(self.error.as_ref(), result);
    }
}

/// The small plots' theme: the lab's, smaller, without a legend.
fn small_theme(theme: &Theme) -> Theme {
    Theme {
        scale: theme.scale * COMPARE_SCALE,
        legend: false,
        ..*theme
    }
}

/// A decision as the table writes it.
fn decision(mistake: Option<bool>) -> &'static str {
    match mistake {
        Some(true) => "mistake",
        Some(false) => "correct",
        None => "stopped",
    }
}

/// One row of the table: step (marked in words when it is the first difference), sample, both
/// decisions, both weight vectors.
fn table_row(document: &web_sys::Document, row: &EtaRow, first: bool) -> Option<Element> {
    let class: &[(&str, &str)] = if first {
        &[("class", "differs first-difference")]
    } else if row.differs() {
        &[("class", "differs")]
    } else {
        &[]
    };
    let cells = [
        crate::core::words::eta_step(row.step, first, row.differs()),
        format!("#{}", row.index),
        decision(Some(row.mistake_1)).to_string(),
        decision(row.mistake_2).to_string(),
        weights_text(&row.weights_1),
        weights_text(&row.weights_2),
    ];
    crate::web::dom::table_row(document, class, None, cells)
}
