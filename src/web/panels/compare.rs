//! The side-by-side panel (multiclass algorithms): multiclass, one-vs-rest and one-vs-one
//! trained on the points on show, each drawn in the main plot's view, from
//! [`Session::comparison`] (a session cache trained a slice per frame while this panel shows).
//! Its Cancel and Compare stop and resume the training; a strategy's button steps through it.

use super::COMPARE_SCALE;
use super::{el, text, Cx, Markup, Panel, PanelEvent};
use crate::core::compare::{CompareView, COMPARED};
use crate::core::{Action, Algorithm, Error, Rect, Session, Setup};
use crate::render::{layout, region_grid, Theme};
use crate::web::dom::{active_element, find, fit_backing, set_attribute, set_text};
use crate::web::runner::{paint_scene, REGION_CELL_CSS};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement, HtmlElement};

/// What the plots were drawn from: which comparison, the view, the backing sizes, the theme.
type Drawn = (u64, Rect, Vec<(u32, u32)>, Theme);

#[derive(Default)]
pub(super) struct ComparePanel {
    root: Option<Element>,
    note: Option<Element>,
    work: Option<Element>,
    bar: Option<Element>,
    again: Option<Element>,
    figures: Vec<(Algorithm, Element, HtmlCanvasElement, Option<Element>)>,
    drawn: Option<Drawn>,
    /// What the text shows: the comparison, its progress (bits), stopped, trained.
    written: Option<(u64, Option<u64>, bool, bool)>,
}

/// One strategy's figure: its plot and its button, which steps through it (`value` is its
/// place in [`COMPARED`]).
macro_rules! strategy {
    ($name:literal, $value:literal, $label:literal, $title:literal, $canvas:literal) => {
        el(
            "figure",
            &[("data-compare", $name)],
            vec![
                el(
                    "canvas",
                    &[("role", "img"), ("aria-label", $canvas)],
                    vec![],
                ),
                el(
                    "figcaption",
                    &[],
                    vec![
                        el(
                            "button",
                            &[
                                ("type", "button"),
                                ("data-panel-act", "use"),
                                ("data-value", $value),
                                ("data-compare-use", $name),
                                ("title", $title),
                            ],
                            vec![text($label)],
                        ),
                        text(" "),
                        el("span", &[("data-part", "caption")], vec![]),
                    ],
                ),
            ],
        )
    };
}

impl Panel for ComparePanel {
    fn name(&self) -> &'static str {
        "compare"
    }

    fn markup(&self) -> Markup {
        section_panel!(
            "compare",
            "lab-panel",
            "Multiclass, one-vs-rest and one-vs-one side by side",
            vec![
                el(
                    "h2",
                    &[],
                    vec![text(
                        "Side by side: multiclass, one-vs-rest, one-vs-one",
                    )],
                ),
                el("p", &[("class", "caption"), ("data-part", "note")], vec![]),
                el(
                    "div",
                    &[("class", "work"), ("data-part", "work"), ("hidden", "")],
                    vec![
                        el(
                            "progress",
                            &[
                                ("data-part", "progress"),
                                ("max", "1000"),
                                ("value", "0"),
                                ("aria-label", "Training the three strategies"),
                                ("aria-describedby", "compare-work-text"),
                            ],
                            vec![],
                        ),
                        el(
                            "span",
                            &[
                                ("id", "compare-work-text"),
                                ("class", "work-text"),
                                ("role", "status"),
                            ],
                            vec![text("Training the three strategies…")],
                        ),
                        el(
                            "button",
                            &[
                                ("type", "button"),
                                ("data-panel-act", "cancel"),
                                ("data-part", "cancel"),
                                (
                                    "title",
                                    "Stop training the three strategies; the lab is not changed (Esc)",
                                ),
                            ],
                            vec![text("Cancel")],
                        ),
                    ],
                ),
                el(
                    "button",
                    &[
                        ("type", "button"),
                        ("data-panel-act", "again"),
                        ("data-part", "again"),
                        ("hidden", ""),
                        (
                            "title",
                            "Train the three strategies on from where they stopped",
                        ),
                    ],
                    vec![text("Compare")],
                ),
                el(
                    "div",
                    &[("class", "compare-grid")],
                    vec![
                        strategy!(
                            "multiclass",
                            "0",
                            "Multiclass",
                            "Step through the multiclass perceptron",
                            "Multiclass perceptron on these points"
                        ),
                        strategy!(
                            "ovr",
                            "1",
                            "One-vs-rest",
                            "Step through one-vs-rest",
                            "One-vs-rest on these points"
                        ),
                        strategy!(
                            "ovo",
                            "2",
                            "One-vs-one",
                            "Step through one-vs-one",
                            "One-vs-one on these points"
                        ),
                    ],
                ),
            ],
        )
    }

    fn bind(&mut self, root: &Element) {
        let part = |name: &str| find(root, &format!("[data-part=\"{name}\"]"));
        self.note = part("note");
        self.work = part("work");
        self.bar = part("progress");
        self.again = part("again");
        self.figures = COMPARED
            .iter()
            .filter_map(|&algorithm| {
                let figure = find(root, &format!("[data-compare=\"{}\"]", algorithm.name()))?;
                let canvas = find(&figure, "canvas")?.dyn_into().ok()?;
                let caption = find(&figure, "[data-part=\"caption\"]");
                Some((algorithm, figure, canvas, caption))
            })
            .collect();
        self.root = Some(root.clone());
    }

    fn applies(&self, session: &Session) -> bool {
        session.setup().algorithm.is_multiclass()
    }

    fn watch(&self, showing: bool) -> Option<Action> {
        Some(Action::WatchComparison(showing))
    }

    fn throttle_ms(&self) -> f64 {
        0.0
    }

    fn draw(&mut self, cx: &Cx<'_>) {
        let Some(view) = cx.session.comparison() else {
            self.drawn = None;
            return;
        };
        let current = cx.session.setup().algorithm;
        for (algorithm, figure, _, _) in &self.figures {
            let on = if *algorithm == current {
                "true"
            } else {
                "false"
            };
            set_attribute(figure, "aria-current", on);
            // All three shown before any is measured (the grid shares the row among those
            // shown), and before focus may move to the first one's button.
            if view.compared.is_some() {
                let _ = figure.remove_attribute("hidden");
            } else {
                set_attribute(figure, "hidden", "");
            }
        }
        let Some(compared) = view.compared else {
            self.drawn = None;
            return;
        };
        for (_, _, canvas, _) in &self.figures {
            fit_backing(canvas, cx.pixel_ratio);
        }
        // No legend box on the small plots: the panel's note says what grey means.
        let small = Theme {
            scale: cx.theme.scale * COMPARE_SCALE,
            legend: false,
            ..cx.theme
        };
        let shown = cx.session.scene().view;
        let sizes = self
            .figures
            .iter()
            .map(|(_, _, c, _)| (c.width(), c.height()));
        let drawn = Some((view.started, shown, sizes.collect(), small));
        if self.drawn == drawn {
            return;
        }
        self.drawn = drawn;
        let cell = REGION_CELL_CSS * cx.pixel_ratio;
        for ((_, _, canvas, _), entry) in self.figures.iter().zip(compared) {
            let lab = &entry.lab;
            let region = layout(canvas.width(), canvas.height(), shown, &small).and_then(|f| {
                let (grid, cols, rows) = region_grid(&f, cell);
                lab.region_on(&grid, cols, rows)
            });
            let mut scene = lab.scene();
            scene.view = shown;
            scene.region = region.as_ref();
            scene.visited = None;
            scene.previous = None;
            scene.selected = None;
            if let Err(e) = paint_scene(canvas, &small, &scene) {
                web_sys::console::error_1(&e.into());
            }
        }
    }

    fn write(&mut self, cx: &Cx<'_>) {
        let Some(view) = cx.session.comparison() else {
            self.written = None;
            return;
        };
        let key = (
            view.started,
            view.progress.map(f64::to_bits),
            view.stopped,
            view.compared.is_some(),
        );
        if self.written.replace(key) == Some(key) {
            return;
        }
        if let Some(note) = &self.note {
            set_text(note, &view.note);
        }
        for ((_, _, _, caption), entry) in self.figures.iter().zip(view.compared.unwrap_or(&[])) {
            if let Some(caption) = caption {
                set_text(caption, &entry.summary);
            }
        }
        self.show_work(&view);
    }

    fn event(&mut self, event: &PanelEvent, session: &Session) -> Result<Option<Action>, Error> {
        Ok(match event.act.as_str() {
            "cancel" => Some(Action::SetComparing(false)),
            "again" => Some(Action::SetComparing(true)),
            "use" => {
                let Some(&algorithm) = COMPARED.get(event.value as usize) else {
                    return Ok(None);
                };
                // The setup as it is, with the strategy chosen (its own numbers as it reads
                // them from the current ones).
                let params = session.setup().params.iter();
                let params: Vec<String> = params.map(|(k, v)| format!("{k}={v}")).collect();
                Some(Action::SetSetup(Setup {
                    algorithm,
                    rows: None,
                    params: algorithm.parse_params(&params.join(";"))?,
                    ..session.setup().clone()
                }))
            }
            _ => None,
        })
    }
}

impl ComparePanel {
    /// Shows the training's progress or hides it, and the Compare button of a stopped
    /// comparison. Focus on a control that hides goes to the one that takes its place:
    /// Cancel → Compare → Cancel, and Cancel → the first strategy's button at the end.
    fn show_work(&self, view: &CompareView<'_>) {
        let Some(root) = &self.root else {
            return;
        };
        let active = active_element(root);
        let focused = |e: &Option<Element>| {
            e.as_ref()
                .zip(active.as_ref())
                .is_some_and(|(e, a)| e.contains(Some(a)))
        };
        let (had_work, had_again) = (focused(&self.work), focused(&self.again));
        let show = |e: &Option<Element>, on: bool| {
            if let Some(e) = e {
                if on {
                    let _ = e.remove_attribute("hidden");
                } else {
                    set_attribute(e, "hidden", "");
                }
            }
        };
        show(&self.work, view.progress.is_some());
        show(&self.again, view.stopped);
        if let (Some(bar), Some(f)) = (&self.bar, view.progress) {
            set_attribute(bar, "value", &format!("{:.0}", f * 1000.0));
            let percent = format!("{:.0}%", (f * 100.0).floor());
            set_attribute(bar, "aria-valuetext", &percent);
        }
        let next = if had_work && view.stopped {
            self.again.clone()
        } else if had_work && view.progress.is_none() {
            find(root, "[data-compare-use]")
        } else if had_again && !view.stopped {
            find(root, "[data-part=\"cancel\"]")
        } else {
            None
        };
        if let Some(next) = next.and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
            let _ = next.focus();
        }
    }
}
