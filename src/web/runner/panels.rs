//! The side-by-side panel drawn in a frame (the multiclass strategies), and the augmented view
//! as SVG for the JS API.

use super::paint::paint_plot;
use super::{Runner, COMPARE_SCALE, REGION_CELL_CSS};
use crate::core::compare::{Comparison, COMPARED, COMPARE_POINTS_LIMIT};
use crate::core::{Algorithm, Error, Rect, Settings, Setup, SLICE_WORK};
use crate::render::Theme;
use crate::web::dom::{active_element, find, set_attribute, set_text};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement, HtmlElement};

/// What a comparison is trained from: when it changes, the three models are trained again.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct CompareKey {
    points: Vec<(f64, f64, usize)>,
    settings: Settings,
    setup: Setup,
    names: Vec<String>,
}

/// What the side-by-side plots were last drawn from: when it is unchanged, they stay.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct CompareDrawn {
    key: CompareKey,
    view: Rect,
    sizes: Vec<(u32, u32)>,
    scale: f64,
    dark: bool,
}

/// The side-by-side panel's elements: one figure per strategy of [`COMPARED`].
pub(super) struct ComparePanel {
    panel: Element,
    note: Option<Element>,
    figures: Vec<(Algorithm, Element, HtmlCanvasElement, Option<Element>)>,
    /// The training's progress bar and its Cancel (`[data-role="compare-work"]`), and the
    /// Compare button that trains a stopped comparison on.
    work: Option<Element>,
    bar: Option<Element>,
    again: Option<Element>,
}

impl ComparePanel {
    /// Shows the training's progress (`Some(fraction)`) or hides it, and the Compare button of
    /// a stopped comparison. Focus on a control that hides goes to the one that takes its
    /// place: Cancel → Compare → Cancel, and Cancel → the first strategy's button at the end.
    fn show_work(&self, progress: Option<f64>, stopped: bool) {
        let active = active_element(&self.panel);
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
        show(&self.work, progress.is_some());
        show(&self.again, stopped);
        if let (Some(bar), Some(f)) = (&self.bar, progress) {
            set_attribute(bar, "value", &format!("{:.0}", f * 1000.0));
            set_attribute(
                bar,
                "aria-valuetext",
                &format!("{:.0}%", (f * 100.0).floor()),
            );
        }
        let next = if had_work && stopped {
            self.again.clone()
        } else if had_work && progress.is_none() {
            find(&self.panel, "[data-compare-use]")
        } else if had_again && !stopped {
            find(&self.panel, "[data-role=\"compare-cancel\"]")
        } else {
            None
        };
        if let Some(next) = next.and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
            let _ = next.focus();
        }
    }
}

impl Runner {
    /// The side-by-side panel (multiclass algorithms): multiclass, one-vs-rest and one-vs-one
    /// trained on the points on show, each drawn in the main plot's view. The three are trained
    /// again only when the points, settings, classes or names change, and drawn again only when
    /// that or the view, the sizes or the palette change.
    pub(super) fn draw_compare(&mut self, theme: &Theme) {
        let Some(panel) = &self.compare_panel else {
            return;
        };
        if !self.session.setup().algorithm.is_multiclass() {
            set_attribute(&panel.panel, "hidden", "");
            self.compare_drawn = None;
            return;
        }
        let _ = panel.panel.remove_attribute("hidden");
        let n = self.session.data().len();
        let key = CompareKey {
            // Past the limit the points are not copied: the comparison is refused anyway.
            points: if n <= COMPARE_POINTS_LIMIT {
                (0..n)
                    .map(|i| {
                        let x = self.session.data().x(i);
                        (x[0], x[1], self.session.data().class(i))
                    })
                    .collect()
            } else {
                vec![(f64::from(u32::try_from(n).unwrap_or(u32::MAX)), 0.0, 0)]
            },
            settings: self.session.settings().clone(),
            setup: self.session.setup().clone(),
            names: self.session.class_names().to_vec(),
        };
        if self.compared.as_ref().map(|(k, _)| k) != Some(&key) {
            self.compared = Some((key.clone(), Comparison::start(&self.session)));
            self.compare_stopped = false;
        }
        let stopped = self.compare_stopped;
        let began = self.frame_began;
        let scale = self.backing_scale();
        let view = self.session.scene().view;
        let dark = self.options.dark;
        let Some((_, result)) = &mut self.compared else {
            return;
        };
        let current = self.session.setup().algorithm;
        for (algorithm, figure, _, _) in &panel.figures {
            set_attribute(
                figure,
                "aria-current",
                if *algorithm == current {
                    "true"
                } else {
                    "false"
                },
            );
        }
        let hide_figures = || {
            for (_, figure, _, _) in &panel.figures {
                set_attribute(figure, "hidden", "");
            }
        };
        let comparison = match result {
            Ok(comparison) => comparison,
            Err(why) => {
                if let Some(note) = &panel.note {
                    set_text(note, &format!("Not compared: {why}."));
                }
                hide_figures();
                panel.show_work(None, false);
                self.compare_drawn = None;
                return;
            }
        };
        // Three models of up to 20,000 steps take up to a second: trained a slice per frame,
        // with a progress bar and a Cancel, when they do not fit in the first slice.
        let mut just_done = false;
        if !comparison.is_done() && !stopped {
            just_done = comparison.advance(SLICE_WORK);
        }
        if just_done && super::spent_since(began) >= super::FRAME_SHARE_MS {
            // Trained in this frame, drawn in the next.
            self.compare_deferred = true;
            return;
        }
        if !comparison.is_done() {
            if let Some(note) = &panel.note {
                set_text(
                    note,
                    if stopped {
                        "Not compared: stopped before the three strategies were trained. Compare \
                         trains them on from where they stopped."
                    } else {
                        "Training the three strategies on the points on show…"
                    },
                );
            }
            hide_figures();
            panel.show_work((!stopped).then(|| comparison.fraction()), stopped);
            self.compare_drawn = None;
            return;
        }
        let compared = comparison.compared_mut();
        if let Some(note) = &panel.note {
            set_text(
                note,
                "The points on show, trained by each strategy from the initial weights until it \
                 converges or stops; grey: no single class wins. Choose one to step through it.",
            );
        }
        // All three shown before any is measured (the grid shares the row among those shown),
        // and before focus may move to the first one's button.
        for (_, figure, _, _) in &panel.figures {
            let _ = figure.remove_attribute("hidden");
        }
        panel.show_work(None, false);
        let mut sizes = Vec::new();
        for (_, _, canvas, _) in &panel.figures {
            let width = (f64::from(canvas.client_width()) * scale).round().max(1.0) as u32;
            let height = (f64::from(canvas.client_height()) * scale).round().max(1.0) as u32;
            if canvas.width() != width || canvas.height() != height {
                canvas.set_width(width);
                canvas.set_height(height);
            }
            sizes.push((width, height));
        }
        let drawn = CompareDrawn {
            key,
            view,
            sizes,
            scale: theme.scale,
            dark,
        };
        if self.compare_drawn.as_ref() == Some(&drawn) {
            return;
        }
        // No legend box on the small plots: the panel's note says what grey means.
        let small = Theme {
            scale: theme.scale * COMPARE_SCALE,
            legend: false,
            ..*theme
        };
        for ((_, _, canvas, caption), entry) in panel.figures.iter().zip(compared.iter_mut()) {
            if let Some(caption) = caption {
                set_text(caption, &entry.summary);
            }
            let cell = REGION_CELL_CSS * scale;
            if let Err(e) = paint_plot(canvas, &small, cell, &mut entry.lab, Some(view), None, None)
            {
                web_sys::console::error_1(&e.into());
            }
        }
        self.compare_drawn = Some(drawn);
    }

    /// Whether the side-by-side comparison is being trained (more frames to come).
    pub fn compare_pending(&self) -> bool {
        !self.compare_stopped
            && self.session.setup().algorithm.is_multiclass()
            && matches!(&self.compared, Some((_, Ok(c))) if !c.is_done())
    }

    /// Stops training the side-by-side comparison (`false`, its Cancel), or trains it on
    /// (`true`, Compare). The session is not touched either way.
    pub fn set_comparing(&mut self, on: bool) {
        self.compare_stopped = !on;
        // Only the panel changes: the next frame draws it alone.
        self.compare_deferred = true;
    }
}

/// The side-by-side panel under `root`, when the page has one: a figure per strategy with
/// `data-compare="NAME"`, holding a canvas and a `[data-role="compare-caption"]`.
pub(super) fn compare_panel(root: &HtmlElement) -> Option<ComparePanel> {
    let panel = find(root, "[data-role=\"compare-panel\"]")?;
    let figures = COMPARED
        .iter()
        .filter_map(|&algorithm| {
            let figure = find(&panel, &format!("[data-compare=\"{}\"]", algorithm.name()))?;
            let canvas = find(&figure, "canvas")?.dyn_into().ok()?;
            let caption = find(&figure, "[data-role=\"compare-caption\"]");
            Some((algorithm, figure, canvas, caption))
        })
        .collect();
    Some(ComparePanel {
        note: find(&panel, "[data-role=\"compare-note\"]"),
        work: find(&panel, "[data-role=\"compare-work\"]"),
        bar: find(&panel, "[data-role=\"compare-progress\"]"),
        again: find(&panel, "[data-role=\"compare-again\"]"),
        panel,
        figures,
    })
}

impl Runner {
    /// The augmented view as SVG at its canvas's CSS size (at least 320 × 240; 640 × 480 when
    /// the lab has no such panel), by the same `render::draw_augmented`.
    pub fn export_augmented_svg(&self) -> Result<String, Error> {
        let canvas = find(&self.root, "[data-panel=\"augmented\"] canvas");
        let size = crate::web::panels::augmented_size(canvas.as_ref());
        let theme = if self.options.dark {
            Theme::dark(1.0)
        } else {
            Theme::new(1.0)
        };
        crate::web::panels::augmented_svg(&self.session, size, &theme)
    }
}
