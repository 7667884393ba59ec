//! The one owner of the session in the browser: applies actions, keeps the dirty flag and draws
//! in animation frames.

use super::dom::{find, set_attribute, set_text};
use crate::core::table::TableFormat;
use crate::core::{Action, Changed, Error, InitWeights, Label, Order, Session};
use crate::render::{draw, PlotFrame, Theme};
use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{
    Document, Element, HtmlCanvasElement, HtmlElement, HtmlInputElement, HtmlSelectElement,
    ScrollBehavior, ScrollToOptions,
};

/// Rows of the trace table kept in the page at once (a window around the current step).
const TRACE_WINDOW: usize = 60;

/// How the plot looks, chosen by the page (not part of the model).
#[derive(Debug, Clone, Copy, Default)]
pub struct ViewOptions {
    /// Large text and thick lines for a lecture hall.
    pub presenter: bool,
    /// The dark palette (`prefers-color-scheme: dark`).
    pub dark: bool,
    /// Jump instead of animating (`prefers-reduced-motion`).
    pub reduced_motion: bool,
}

/// The session plus everything needed to show it.
pub struct Runner {
    session: Session,
    root: HtmlElement,
    document: Option<Document>,
    canvas: HtmlCanvasElement,
    fields: Vec<(&'static str, Element)>,
    play_label: Option<Element>,
    class_buttons: Vec<(Label, Element)>,
    scrubber: Option<HtmlInputElement>,
    trace_body: Option<Element>,
    trace_caption: Option<Element>,
    trace_key: Option<(usize, usize, u64, u64)>,
    frame: Option<PlotFrame>,
    options: ViewOptions,
    dirty: bool,
    settings_dirty: bool,
}

impl Runner {
    /// A runner over the elements under `root`.
    pub fn new(root: &HtmlElement, canvas: HtmlCanvasElement) -> Runner {
        let session = Session::new();
        let fields = session
            .status()
            .fields()
            .iter()
            .filter_map(|(name, _)| {
                find(root, &format!("[data-field=\"{name}\"]")).map(|e| (*name, e))
            })
            .collect();
        let class_buttons = [(Label::Pos, "pos"), (Label::Neg, "neg")]
            .into_iter()
            .filter_map(|(label, key)| {
                find(root, &format!("[data-class=\"{key}\"]")).map(|e| (label, e))
            })
            .collect();
        Runner {
            session,
            root: root.clone(),
            document: root.owner_document(),
            canvas,
            fields,
            play_label: find(root, "[data-field=\"play-label\"]"),
            class_buttons,
            scrubber: find(root, "[data-role=\"scrubber\"]").and_then(|e| e.dyn_into().ok()),
            trace_body: find(root, "[data-role=\"trace-body\"]"),
            trace_caption: find(root, "[data-role=\"trace-caption\"]"),
            trace_key: None,
            frame: None,
            options: ViewOptions::default(),
            dirty: true,
            settings_dirty: false,
        }
    }

    /// Applies an action; marks the frame dirty when something visible changed.
    pub fn apply(&mut self, action: Action) -> Result<(), Error> {
        let echo_settings = matches!(action, Action::LoadPreset(_));
        if self.session.apply(action)? == Changed::Redraw {
            self.dirty = true;
        }
        self.settings_dirty |= echo_settings;
        Ok(())
    }

    /// Whether another animation frame is needed after this one.
    pub fn wants_frames(&self) -> bool {
        self.session.is_playing()
    }

    /// Marks the frame dirty (e.g. after a resize).
    pub fn invalidate(&mut self) {
        self.dirty = true;
    }

    /// Changes how the plot looks.
    pub fn set_options(&mut self, options: ViewOptions) {
        self.options = options;
        self.dirty = true;
    }

    /// The current view options.
    pub fn options(&self) -> ViewOptions {
        self.options
    }

    /// The steps up to the current one as a table.
    pub fn trace_export(&self, format: TableFormat) -> String {
        self.session.trace_export(format)
    }

    /// Canvas backing pixels per CSS pixel, as laid out now.
    fn backing_scale(&self) -> f64 {
        let css = f64::from(self.canvas.client_width());
        if css > 0.0 {
            f64::from(self.canvas.width()) / css
        } else {
            1.0
        }
    }

    /// Sizes the backing store to the CSS size × devicePixelRatio. Returns whether it changed.
    pub fn fit_canvas(&mut self, device_pixel_ratio: f64) -> bool {
        let dpr = if device_pixel_ratio.is_finite() && device_pixel_ratio > 0.0 {
            device_pixel_ratio
        } else {
            1.0
        };
        let width = (f64::from(self.canvas.client_width()) * dpr)
            .round()
            .max(1.0) as u32;
        let height = (f64::from(self.canvas.client_height()) * dpr)
            .round()
            .max(1.0) as u32;
        if width == self.canvas.width() && height == self.canvas.height() {
            return false;
        }
        self.canvas.set_width(width);
        self.canvas.set_height(height);
        self.dirty = true;
        true
    }

    /// The data point under CSS position `(x, y)` of the canvas, if it is inside the plot, with
    /// the size of one CSS pixel in data units.
    pub fn data_at(&self, css_x: f64, css_y: f64) -> Option<(f64, f64, f64)> {
        let frame = self.frame?;
        let scale = self.backing_scale();
        let (x, y) = frame.to_data(css_x * scale, css_y * scale)?;
        Some((x, y, frame.units_per_pixel() * scale))
    }

    /// Like [`Runner::data_at`], but also outside the plot (clamped to its edge): for drags.
    pub fn data_at_clamped(&self, css_x: f64, css_y: f64) -> Option<(f64, f64, f64)> {
        let frame = self.frame?;
        let scale = self.backing_scale();
        let view = frame.view();
        let (left, top) = frame.to_pixel(view.x_min, view.y_max);
        let (right, bottom) = frame.to_pixel(view.x_max, view.y_min);
        let px = (css_x * scale).clamp(left, right);
        let py = (css_y * scale).clamp(top, bottom);
        let (x, y) = frame.to_data(px, py)?;
        Some((x, y, frame.units_per_pixel() * scale))
    }

    /// Where data point `(x, y)` is drawn, in CSS pixels from the canvas's top-left.
    pub fn css_of(&self, x: f64, y: f64) -> Option<(f64, f64)> {
        let frame = self.frame?;
        let scale = self.backing_scale();
        let (px, py) = frame.to_pixel(x, y);
        Some((px / scale, py / scale))
    }

    /// One animation frame: takes due steps while playing, then draws if anything changed.
    pub fn frame(&mut self, now_ms: f64) -> Result<(), String> {
        if self.session.is_playing() {
            self.apply(Action::Tick { now_ms })
                .map_err(|e| e.to_string())?;
        }
        if !self.dirty {
            return Ok(());
        }
        self.dirty = false;
        self.session.refresh_theory();
        self.draw()?;
        self.show_status();
        self.show_trace();
        if self.settings_dirty {
            self.settings_dirty = false;
            self.show_settings();
        }
        Ok(())
    }

    fn draw(&mut self) -> Result<(), String> {
        let Some(backend) = CanvasBackend::with_canvas_object(self.canvas.clone()) else {
            return Err("the canvas has no 2D context".to_string());
        };
        let area = backend.into_drawing_area();
        let scale = self.backing_scale() * if self.options.presenter { 1.5 } else { 1.0 };
        let theme = if self.options.dark {
            Theme::dark(scale)
        } else {
            Theme::new(scale)
        };
        let frame = draw(&area, &self.session.scene(), &theme).map_err(|e| e.to_string())?;
        area.present().map_err(|e| e.to_string())?;
        self.frame = Some(frame);
        Ok(())
    }

    fn show_status(&self) {
        let status = self.session.status();
        for (name, text) in status.fields() {
            if let Some((_, element)) = self.fields.iter().find(|(n, _)| *n == name) {
                set_text(element, text);
            }
        }
        if let Some(label) = &self.play_label {
            set_text(
                label,
                if self.session.is_playing() {
                    "Pause"
                } else {
                    "Play"
                },
            );
        }
        let selected = self.session.selected_class();
        for (label, button) in &self.class_buttons {
            let pressed = if *label == selected { "true" } else { "false" };
            set_attribute(button, "aria-pressed", pressed);
        }
        if let Some(scrubber) = &self.scrubber {
            let history = self.session.history();
            let (min, max) = (history.first_step(), history.last_step());
            set_attribute(scrubber, "min", &min.to_string());
            set_attribute(scrubber, "max", &max.to_string());
            let value = self.session.trainer().steps().to_string();
            if scrubber.value() != value {
                scrubber.set_value(&value);
            }
            set_attribute(
                scrubber,
                "aria-valuetext",
                &format!("step {value} of {max}"),
            );
        }
    }

    /// The trace table: a window of rows around the current step, rebuilt only when it moves.
    fn show_trace(&mut self) {
        let (Some(body), Some(document)) = (&self.trace_body, &self.document) else {
            return;
        };
        let total = self.session.trace_len();
        let current = self.session.trainer().steps();
        let first_kept = self.session.history().first_step();
        let index = current.saturating_sub(first_kept) as usize;
        let first = index
            .saturating_sub(TRACE_WINDOW / 2)
            .min(total.saturating_sub(TRACE_WINDOW));
        let key = (
            first,
            total,
            current,
            self.session.history().dropped_steps(),
        );
        if self.trace_key == Some(key) {
            return;
        }
        self.trace_key = Some(key);
        body.set_text_content(None);
        let mut current_row = None;
        for row in self.session.trace_rows(first, TRACE_WINDOW) {
            let Ok(tr) = document.create_element("tr") else {
                return;
            };
            let _ = tr.set_attribute("data-step", &row.step.to_string());
            let class = match (row.current, row.done) {
                (true, _) => "current",
                (false, true) => "done",
                (false, false) => "undone",
            };
            let _ = tr.set_attribute("class", class);
            if row.current {
                let _ = tr.set_attribute("aria-current", "step");
            }
            for text in [
                row.step.to_string(),
                row.weights,
                row.score,
                row.correct,
                row.update,
            ] {
                if let Ok(td) = document.create_element("td") {
                    td.set_text_content(Some(&text));
                    let _ = tr.append_child(&td);
                }
            }
            let _ = body.append_child(&tr);
            if row.current {
                current_row = Some(tr);
            }
        }
        if let Some(caption) = &self.trace_caption {
            let rows = self.session.trace_rows(first, TRACE_WINDOW);
            let text = match (rows.first(), rows.last()) {
                (Some(a), Some(b)) if rows.len() < total || first_kept > 0 => format!(
                    "Steps {}–{} shown of {}{}.",
                    a.step,
                    b.step,
                    self.session.history().last_step(),
                    if first_kept > 0 {
                        format!(" (steps before {} are no longer kept)", first_kept + 1)
                    } else {
                        String::new()
                    }
                ),
                (Some(_), Some(_)) => format!("{total} steps."),
                _ => "No steps yet.".to_string(),
            };
            set_text(caption, &text);
        }
        if let Some(row) = current_row {
            // A smooth scroll while stepping by hand; a jump while playing or when the user
            // prefers reduced motion.
            let smooth = !(self.options.reduced_motion || self.session.is_playing());
            scroll_within(&row, smooth);
        }
    }

    /// Writes the settings in force into the settings form (after a preset changed them).
    fn show_settings(&self) {
        let s = self.session.settings();
        let input = |name: &str| {
            find(&self.root, &format!("[data-setting=\"{name}\"]"))
                .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        };
        if let Some(bias) = input("bias") {
            bias.set_checked(s.bias);
        }
        if let Some(init) = input("init") {
            init.set_value(&match &s.init {
                InitWeights::Zero => "zero".to_string(),
                InitWeights::Random => "random".to_string(),
                InitWeights::Explicit(w) => w
                    .iter()
                    .map(|v| crate::core::numfmt::num(*v))
                    .collect::<Vec<_>>()
                    .join(","),
            });
        }
        if let Some(eta) = input("eta") {
            eta.set_value(&crate::core::numfmt::num(s.eta));
        }
        if let Some(seed) = input("seed") {
            seed.set_value(&s.seed.to_string());
        }
        if let Some(max) = input("max-epochs") {
            max.set_value(&s.max_epochs.to_string());
        }
        if let Some(order) = find(&self.root, "[data-setting=\"order\"]")
            .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
        {
            order.set_value(match s.order {
                Order::Fixed => "fixed",
                Order::Shuffle => "shuffle",
            });
        }
    }

    /// Whether a point is being dragged.
    pub fn is_dragging(&self) -> bool {
        self.session.is_dragging()
    }

    /// Whether a point lies within `reach` data units of `(x, y)`.
    pub fn point_near(&self, x: f64, y: f64, reach: f64) -> bool {
        self.session.point_near(x, y, reach).is_some()
    }

    /// Hit radius for pointers in data units: `css` CSS pixels.
    pub fn reach(&self, css: f64) -> f64 {
        self.frame
            .map_or(0.0, |f| f.units_per_pixel() * self.backing_scale() * css)
    }
}

/// Scrolls the trace table's own scroll box (never the page) so that `row` is visible.
fn scroll_within(row: &Element, smooth: bool) {
    let Some(container) = row
        .closest("[data-role=\"trace-scroll\"]")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<HtmlElement>().ok())
    else {
        return;
    };
    let Ok(row) = row.clone().dyn_into::<HtmlElement>() else {
        return;
    };
    let header = 34; // the sticky header row
    let top = row.offset_top();
    let bottom = top + row.offset_height();
    let view_top = container.scroll_top();
    let target = if top - header < view_top {
        top - header
    } else if bottom > view_top + container.client_height() {
        bottom - container.client_height()
    } else {
        return;
    };
    let options = ScrollToOptions::new();
    options.set_top(f64::from(target.max(0)));
    options.set_behavior(if smooth {
        ScrollBehavior::Smooth
    } else {
        ScrollBehavior::Instant
    });
    container.scroll_to_with_scroll_to_options(&options);
}
