//! The one owner of the session in the browser: applies actions, keeps the dirty flag and draws
//! in animation frames.

use super::dom::{find, set_attribute, set_text};
use crate::core::{Action, Changed, Error, Label, Session};
use crate::render::{draw, PlotFrame, Theme};
use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use web_sys::{Element, HtmlCanvasElement, HtmlElement};

/// The session plus everything needed to show it.
pub struct Runner {
    session: Session,
    canvas: HtmlCanvasElement,
    fields: Vec<(&'static str, Element)>,
    play_label: Option<Element>,
    class_buttons: Vec<(Label, Element)>,
    frame: Option<PlotFrame>,
    dirty: bool,
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
            canvas,
            fields,
            play_label: find(root, "[data-field=\"play-label\"]"),
            class_buttons,
            frame: None,
            dirty: true,
        }
    }

    /// Applies an action; marks the frame dirty when something visible changed.
    pub fn apply(&mut self, action: Action) -> Result<(), Error> {
        if self.session.apply(action)? == Changed::Redraw {
            self.dirty = true;
        }
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

    /// The data point under CSS position `(x, y)` of the canvas, if it is inside the plot.
    pub fn data_at(&self, css_x: f64, css_y: f64) -> Option<(f64, f64, f64)> {
        let frame = self.frame?;
        let scale = self.backing_scale();
        let (x, y) = frame.to_data(css_x * scale, css_y * scale)?;
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
        self.draw()?;
        self.show_status();
        Ok(())
    }

    fn draw(&mut self) -> Result<(), String> {
        let Some(backend) = CanvasBackend::with_canvas_object(self.canvas.clone()) else {
            return Err("the canvas has no 2D context".to_string());
        };
        let area = backend.into_drawing_area();
        let theme = Theme::new(self.backing_scale());
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
    }
}
