//! The one owner of the session in the browser: applies actions, keeps the dirty flag and draws
//! in animation frames.

use super::dom::{find, set_attribute, set_text};
use crate::core::compare::{compare, Compared, NoComparison, COMPARED, COMPARE_POINTS_LIMIT};
use crate::core::table::TableFormat;
use crate::core::{
    Action, Algorithm, Changed, Error, InitWeights, Label, Order, Rect, Scene, Session, Settings,
    Setup,
};
use crate::render::{draw_batch, draw_with_underlay, layout, mark, Mark, PlotFrame, Theme};
use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::Clamped;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, Document, Element, HtmlCanvasElement, HtmlElement, HtmlInputElement,
    HtmlSelectElement, ImageData, ScrollBehavior, ScrollToOptions,
};

/// Region map cells are this many CSS pixels wide and high.
const REGION_CELL_CSS: f64 = 3.0;

/// Links carry the points up to this many; beyond, the scenario goes in a file.
const LINK_POINTS_LIMIT: usize = 2_000;

/// The Gram panel shows at most this many rows and columns.
const GRAM_LIMIT: usize = 12;

/// Rows of the trace table kept in the page at once (a window around the current step).
const TRACE_WINDOW: usize = 60;

/// The side-by-side plots are drawn this much smaller than the main plot's text and lines.
const COMPARE_SCALE: f64 = 0.8;

/// What a comparison is trained from: when it changes, the three models are trained again.
#[derive(Debug, Clone, PartialEq)]
struct CompareKey {
    points: Vec<(f64, f64, usize)>,
    settings: Settings,
    setup: Setup,
    names: Vec<String>,
}

/// What the side-by-side plots were last drawn from: when it is unchanged, they stay.
#[derive(Debug, Clone, PartialEq)]
struct CompareDrawn {
    key: CompareKey,
    view: Rect,
    sizes: Vec<(u32, u32)>,
    scale: f64,
    dark: bool,
}

/// The side-by-side panel's elements: one figure per strategy of [`COMPARED`].
struct ComparePanel {
    panel: Element,
    note: Option<Element>,
    figures: Vec<(Algorithm, Element, HtmlCanvasElement, Option<Element>)>,
}

/// The points' marks drawn once on a canvas of their own and copied onto the plot with one
/// `drawImage` while they stay as they were: used while playing, when only the lines and rings
/// move, so the browser rasterizes one image per frame instead of every point's shape again.
#[derive(Default)]
struct MarksLayer {
    /// What the layer shows: the marks' pixel positions, classes, sizes, the canvas size and the
    /// palette, hashed.
    key: Option<u64>,
    canvas: Option<HtmlCanvasElement>,
}

impl MarksLayer {
    /// Copies the marks of `scene` onto `target` (`width × height` backing pixels), drawing them
    /// on the layer first when they changed. `false` when the layer cannot be had (the caller
    /// then lets the renderer draw them).
    fn draw(
        &mut self,
        target: &CanvasRenderingContext2d,
        (width, height): (u32, u32),
        frame: &PlotFrame,
        scene: &Scene<'_>,
        theme: &Theme,
    ) -> bool {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (width, height, theme.scale.to_bits()).hash(&mut hasher);
        for c in theme.classes.iter().chain([&theme.background]) {
            (c.0, c.1, c.2).hash(&mut hasher);
        }
        for p in scene.points() {
            (frame.to_backend(p.x, p.y), p.class, p.size.to_bits()).hash(&mut hasher);
        }
        let key = hasher.finish();
        if self.canvas.is_none() {
            self.canvas = detached_canvas();
        }
        let Some(layer) = &self.canvas else {
            return false;
        };
        if self.key != Some(key) {
            if layer.width() != width || layer.height() != height {
                layer.set_width(width);
                layer.set_height(height);
            }
            let Some(context) = context_2d(layer) else {
                return false;
            };
            context.clear_rect(0.0, 0.0, f64::from(width), f64::from(height));
            draw_marks(&context, frame, scene, theme);
            self.key = Some(key);
        }
        target
            .draw_image_with_html_canvas_element(layer, 0.0, 0.0)
            .is_ok()
    }
}

/// How the plot looks, chosen by the page (not part of the model).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
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
    class_index_buttons: Vec<(usize, Element)>,
    binary_picker: Option<Element>,
    multi_picker: Option<Element>,
    gram_panel: Option<Element>,
    gram_table: Option<Element>,
    gram_caption: Option<Element>,
    batch_panel: Option<Element>,
    batch_canvas: Option<HtmlCanvasElement>,
    compare_panel: Option<ComparePanel>,
    compared: Option<(CompareKey, Result<Vec<Compared>, NoComparison>)>,
    compare_drawn: Option<CompareDrawn>,
    marks_layer: MarksLayer,
    scrubber: Option<HtmlInputElement>,
    trace_body: Option<Element>,
    trace_caption: Option<Element>,
    trace_key: Option<(usize, usize, u64, u64)>,
    frame: Option<PlotFrame>,
    options: ViewOptions,
    dirty: bool,
    settings_dirty: bool,
    last_link: Option<String>,
    last_trace_ms: f64,
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
        let class_index_buttons = (0..=crate::core::MAX_CLASS_INDEX)
            .filter_map(|c| find(root, &format!("[data-class-index=\"{c}\"]")).map(|e| (c, e)))
            .collect();
        Runner {
            class_index_buttons,
            binary_picker: find(root, "[data-role=\"class-picker\"]"),
            multi_picker: find(root, "[data-role=\"class-picker-multi\"]"),
            gram_panel: find(root, "[data-role=\"gram-panel\"]"),
            gram_table: find(root, "[data-role=\"gram\"]"),
            gram_caption: find(root, "[data-role=\"gram-caption\"]"),
            batch_panel: find(root, "[data-role=\"batch-panel\"]"),
            batch_canvas: find(root, "[data-role=\"batch-chart\"]").and_then(|e| e.dyn_into().ok()),
            compare_panel: compare_panel(root),
            compared: None,
            compare_drawn: None,
            marks_layer: MarksLayer::default(),
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
            last_link: None,
            last_trace_ms: f64::NEG_INFINITY,
        }
    }

    /// Applies an action; marks the frame dirty when something visible changed.
    pub fn apply(&mut self, action: Action) -> Result<(), Error> {
        let echo_settings = matches!(
            action,
            Action::LoadPreset(_)
                | Action::SetSetup(_)
                | Action::ImportCsv(_)
                | Action::LoadScenario(_)
        );
        // A refused choice is echoed too: the form shows the setup still in force.
        self.settings_dirty |= echo_settings;
        let changed = self.session.apply(action);
        if echo_settings || matches!(changed, Ok(Changed::Redraw)) {
            self.dirty = true;
        }
        changed.map(|_| ())
    }

    /// Whether another animation frame is needed after this one.
    pub fn wants_frames(&self) -> bool {
        self.session.is_playing()
    }

    /// Marks the frame dirty (e.g. after a resize); the next frame draws everything afresh,
    /// the points' layer too.
    pub fn invalidate(&mut self) {
        self.dirty = true;
        self.marks_layer.key = None;
    }

    /// Changes how the plot looks (a redraw only when something changed: the page sets the
    /// system's preferences right after the first frame).
    pub fn set_options(&mut self, options: ViewOptions) {
        if options != self.options {
            self.options = options;
            self.dirty = true;
        }
    }

    /// The current view options.
    pub fn options(&self) -> ViewOptions {
        self.options
    }

    /// Opens a link fragment: its scenario, if it has one (`Ok(true)`); unknown keys are named
    /// in the notice. A fragment that cannot be opened changes nothing and says why.
    pub fn open_link(&mut self, fragment: &str) -> Result<bool, Error> {
        let link = crate::core::scenario::from_link(fragment)?;
        let Some(scenario) = link.scenario else {
            return Ok(false);
        };
        self.apply(Action::LoadScenario(scenario))?;
        if !link.unknown.is_empty() {
            let notice = format!(
                "{} Ignored what this version does not know in the link: {}.",
                self.session.status().notice,
                link.unknown.join(", ")
            );
            self.apply(Action::Say(notice))?;
        }
        self.last_link = Some(crate::core::scenario::to_link(&self.session.scenario()));
        Ok(true)
    }

    /// The link fragment of the current state when it changed since the last call; `None` when
    /// unchanged; an empty string (once) when the points became too many for a link.
    pub fn link_if_changed(&mut self) -> Option<String> {
        if self.session.data().len() > LINK_POINTS_LIMIT {
            // Too many points: once, say so with an empty link (the page then drops the stale
            // one from the address bar).
            if self.last_link.as_deref() == Some("") {
                return None;
            }
            self.last_link = Some(String::new());
            return Some(String::new());
        }
        let link = crate::core::scenario::to_link(&self.session.scenario());
        if self.last_link.as_deref() == Some(link.as_str()) {
            return None;
        }
        self.last_link = Some(link.clone());
        Some(link)
    }

    /// The link fragment of the current state, or an error when the points are too many.
    pub fn link(&self) -> Result<String, Error> {
        if self.session.data().len() > LINK_POINTS_LIMIT {
            return Err(Error::Field {
                field: "link",
                reason: format!(
                    "{} points are too many for a link (at most {LINK_POINTS_LIMIT}); export the scenario as a file instead",
                    self.session.data().len()
                ),
            });
        }
        Ok(crate::core::scenario::to_link(&self.session.scenario()))
    }

    /// The scenario as JSON.
    pub fn scenario_json(&self) -> String {
        self.session.scenario().to_json()
    }

    /// Opens scenario JSON; a file that cannot be read changes nothing and says why.
    pub fn open_json(&mut self, text: &str) -> Result<(), Error> {
        let scenario = crate::core::scenario::Scenario::from_json(text)?;
        self.apply(Action::LoadScenario(scenario))
    }

    /// The plot as SVG, drawn by the same `render::draw` at the canvas's CSS size.
    pub fn export_svg(&mut self) -> Result<String, Error> {
        let width = u32::try_from(self.canvas.client_width())
            .unwrap_or(0)
            .max(200);
        let height = u32::try_from(self.canvas.client_height())
            .unwrap_or(0)
            .max(150);
        let theme = if self.options.dark {
            Theme::dark(1.0)
        } else {
            Theme::new(1.0)
        };
        let view = self.session.scene().view;
        let region = layout(width, height, view, &theme).and_then(|frame| {
            let v = frame.view();
            let (left, top) = frame.to_pixel(v.x_min, v.y_max);
            let (right, bottom) = frame.to_pixel(v.x_max, v.y_min);
            let cols = ((right - left) / REGION_CELL_CSS).ceil().max(1.0) as usize;
            let rows = ((bottom - top) / REGION_CELL_CSS).ceil().max(1.0) as usize;
            self.session.region(&v, cols, rows)
        });
        let mut svg = String::new();
        {
            let backend = plotters::prelude::SVGBackend::with_string(&mut svg, (width, height));
            let area = backend.into_drawing_area();
            let mut scene = self.session.scene();
            scene.region = region.as_ref();
            crate::render::draw(&area, &scene, &theme).map_err(|e| Error::Field {
                field: "SVG",
                reason: e.to_string(),
            })?;
            area.present().map_err(|e| Error::Field {
                field: "SVG",
                reason: e.to_string(),
            })?;
        }
        Ok(svg)
    }

    /// The step count now, and the records (JSON) of the steps after step `after` up to it,
    /// at most `limit` of the latest.
    pub fn records_since(&self, after: u64, limit: usize) -> (u64, Vec<String>) {
        let now = self.session.model().steps();
        if now <= after {
            return (now, Vec::new());
        }
        let fresh: Vec<String> = self
            .session
            .history()
            .steps()
            .filter(|(r, done)| *done && r.step() > after)
            .map(|(r, _)| r.to_json().to_string())
            .collect();
        let skip = fresh.len().saturating_sub(limit);
        (now, fresh.into_iter().skip(skip).collect())
    }

    /// The points as CSV.
    pub fn points_csv(&self) -> String {
        self.session.points_csv()
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
        // While playing, the trace table (60 rows and a scroll) follows a few times a second;
        // every frame would cost more than the steps.
        if !self.session.is_playing()
            || now_ms - self.last_trace_ms >= 250.0
            || now_ms < self.last_trace_ms
        {
            self.show_trace();
            self.last_trace_ms = now_ms;
        }
        self.show_gram();
        if self.settings_dirty {
            self.settings_dirty = false;
            self.show_settings();
        }
        Ok(())
    }

    fn theme(&self) -> Theme {
        let scale = self.backing_scale() * if self.options.presenter { 1.5 } else { 1.0 };
        if self.options.dark {
            Theme::dark(scale)
        } else {
            Theme::new(scale)
        }
    }

    fn draw(&mut self) -> Result<(), String> {
        let theme = self.theme();
        let cell = REGION_CELL_CSS * self.backing_scale();
        // While playing only the lines move: the points come from their layer. Otherwise they
        // are drawn on the plot itself and rasterized with it when the frame is shown.
        let layer = if self.session.is_playing() {
            Some(&mut self.marks_layer)
        } else {
            None
        };
        let frame = paint_plot(&self.canvas, &theme, cell, &mut self.session, None, layer)?;
        self.frame = Some(frame);
        self.draw_batch(&theme);
        self.draw_compare(&theme);
        Ok(())
    }

    /// The side-by-side panel (multiclass algorithms): multiclass, one-vs-rest and one-vs-one
    /// trained on the points on show, each drawn in the main plot's view. The three are trained
    /// again only when the points, settings, classes or names change, and drawn again only when
    /// that or the view, the sizes or the palette change.
    fn draw_compare(&mut self, theme: &Theme) {
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
            self.compared = Some((key.clone(), compare(&self.session)));
        }
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
        let compared = match result {
            Ok(compared) => compared,
            Err(why) => {
                if let Some(note) = &panel.note {
                    set_text(note, &format!("Not compared: {why}."));
                }
                for (_, figure, _, _) in &panel.figures {
                    set_attribute(figure, "hidden", "");
                }
                self.compare_drawn = None;
                return;
            }
        };
        if let Some(note) = &panel.note {
            set_text(
                note,
                "The points on show, trained by each strategy from the initial weights until it \
                 converges or stops; grey: no single class wins. Choose one to step through it.",
            );
        }
        let mut sizes = Vec::new();
        for (_, figure, canvas, _) in &panel.figures {
            let _ = figure.remove_attribute("hidden");
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
            if let Err(e) = paint_plot(canvas, &small, cell, &mut entry.lab, Some(view), None) {
                web_sys::console::error_1(&e.into());
            }
        }
        self.compare_drawn = Some(drawn);
    }

    /// The batch perceptron's charts, when the batch panel is shown.
    fn draw_batch(&self, theme: &Theme) {
        let (Some(panel), Some(canvas)) = (&self.batch_panel, &self.batch_canvas) else {
            return;
        };
        let Some(view) = self.session.batch_view() else {
            let _ = panel.set_attribute("hidden", "");
            return;
        };
        let _ = panel.remove_attribute("hidden");
        let scale = self.backing_scale();
        let width = (f64::from(canvas.client_width()) * scale).round().max(1.0) as u32;
        let height = (f64::from(canvas.client_height()) * scale).round().max(1.0) as u32;
        if canvas.width() != width || canvas.height() != height {
            canvas.set_width(width);
            canvas.set_height(height);
        }
        if let Some(backend) = CanvasBackend::with_canvas_object(canvas.clone()) {
            let area = backend.into_drawing_area();
            let theme = Theme { scale, ..*theme };
            if let Err(e) = draw_batch(&area, &view, &theme) {
                web_sys::console::error_1(&e.to_string().into());
            }
            let _ = area.present();
        }
    }

    /// The kernel perceptron's Gram matrix panel.
    fn show_gram(&self) {
        let (Some(panel), Some(table), Some(document)) =
            (&self.gram_panel, &self.gram_table, &self.document)
        else {
            return;
        };
        let Some(gram) = self.session.gram(GRAM_LIMIT) else {
            let _ = panel.set_attribute("hidden", "");
            return;
        };
        let _ = panel.remove_attribute("hidden");
        if let Some(caption) = &self.gram_caption {
            let shown = gram.rows.len();
            let mut text = format!(
                "K = {}; n = {}. The highlighted row is K(x_i, ·) of the sample just visited; f(x_i) = Σ_j α_j·y_j·K(x_j, x_i) + b sums it weighted by α·y.",
                gram.kernel, gram.size
            );
            if shown < gram.size {
                text.push_str(&format!(" The first {shown} rows and columns are shown."));
            }
            set_text(caption, &text);
        }
        table.set_text_content(None);
        let cell = |tag: &str, text: &str| -> Option<Element> {
            let e = document.create_element(tag).ok()?;
            e.set_text_content(Some(text));
            Some(e)
        };
        let Ok(head) = document.create_element("tr") else {
            return;
        };
        if let Some(c) = cell("th", "") {
            let _ = head.append_child(&c);
        }
        if let Some(c) = cell("th", "α") {
            let _ = head.append_child(&c);
        }
        for j in 0..gram.rows.len() {
            if let Some(c) = cell("th", &format!("x{}", j + 1)) {
                let _ = head.append_child(&c);
            }
        }
        let _ = table.append_child(&head);
        let mut rows: Vec<(usize, Vec<f64>)> = gram.rows.iter().cloned().enumerate().collect();
        if let (Some(i), Some(row)) = (gram.current, &gram.current_row) {
            if i >= rows.len() {
                rows.push((i, row.iter().take(gram.rows.len()).copied().collect()));
            }
        }
        for (i, values) in rows {
            let Ok(tr) = document.create_element("tr") else {
                return;
            };
            if gram.current == Some(i) {
                let _ = tr.set_attribute("class", "current");
                let _ = tr.set_attribute("aria-current", "true");
            }
            let _ = tr.set_attribute("data-row", &(i + 1).to_string());
            if let Some(c) = cell("th", &format!("x{}", i + 1)) {
                let _ = tr.append_child(&c);
            }
            let alpha = gram.alphas.get(i).copied().unwrap_or(0.0);
            if let Some(c) = cell("td", &crate::core::numfmt::num(alpha)) {
                let _ = c.set_attribute("class", "alpha");
                let _ = tr.append_child(&c);
            }
            for v in values {
                let text = crate::core::numfmt::num((v * 1000.0).round() / 1000.0);
                if let Some(c) = cell("td", &text) {
                    let _ = tr.append_child(&c);
                }
            }
            let _ = table.append_child(&tr);
        }
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
        let multi = self.session.setup().algorithm.is_multiclass();
        if let (Some(binary), Some(many)) = (&self.binary_picker, &self.multi_picker) {
            let (show, hide) = if multi {
                (many, binary)
            } else {
                (binary, many)
            };
            let _ = show.remove_attribute("hidden");
            let _ = hide.set_attribute("hidden", "");
        }
        let index = self.session.selected_class_index();
        for (c, button) in &self.class_index_buttons {
            let pressed = if *c == index { "true" } else { "false" };
            set_attribute(button, "aria-pressed", pressed);
            if *c < self.session.num_classes() {
                let _ = button.remove_attribute("hidden");
                // The class's name: its index, or the label an imported file gave it.
                if let Some(name) = find(button, "[data-role=\"class-name\"]") {
                    set_text(&name, &self.session.class_name(*c));
                }
            } else {
                let _ = button.set_attribute("hidden", "");
            }
        }
        if let Some(scrubber) = &self.scrubber {
            let history = self.session.history();
            let (min, max) = (history.first_step(), history.last_step());
            set_attribute(scrubber, "min", &min.to_string());
            set_attribute(scrubber, "max", &max.to_string());
            let value = self.session.model().steps().to_string();
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
        let current = self.session.model().steps();
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
        let select = |name: &str| {
            find(&self.root, &format!("[data-setting=\"{name}\"]"))
                .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
        };
        let setup = self.session.setup();
        if let Some(algorithm) = select("algorithm") {
            algorithm.set_value(setup.algorithm.name());
        }
        if let Some(classes) = select("classes") {
            classes.set_value(&setup.classes.to_string());
        }
        if let Some(kernel) = input("kernel") {
            kernel.set_value(&setup.kernel.to_string());
        }
        let _ = self
            .root
            .set_attribute("data-algorithm", setup.algorithm.name());
        for (selector, on) in [
            ("#pocket", self.session.pocket_mode()),
            ("#show-margin", self.session.shows_max_margin()),
            ("#snap", self.session.snaps()),
        ] {
            if let Some(check) =
                find(&self.root, selector).and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
            {
                check.set_checked(on);
            }
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

    /// The class a class key selects (see `Lab::select_class_key`).
    pub fn class_for_key(&self, n: usize) -> usize {
        if self.session.setup().algorithm.is_multiclass() {
            n.saturating_sub(1)
        } else if n == 1 {
            1
        } else if n == 2 {
            0
        } else {
            n
        }
    }

    /// Whether a point is being dragged.
    pub fn is_dragging(&self) -> bool {
        self.session.is_dragging()
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

/// The side-by-side panel under `root`, when the page has one: a figure per strategy with
/// `data-compare="NAME"`, holding a canvas and a `[data-role="compare-caption"]`.
fn compare_panel(root: &HtmlElement) -> Option<ComparePanel> {
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
        panel,
        figures,
    })
}

/// Draws `session`'s plot on `canvas`: the region map (cells of `cell` backing pixels, in one
/// `putImageData`), then everything else through `render::draw_with_underlay`, the points
/// straight on the canvas (through `layer` when given). With `view`, the plot shows that
/// rectangle and no step's marks (the side-by-side plots); otherwise the session's own view and
/// its last step.
fn paint_plot(
    canvas: &HtmlCanvasElement,
    theme: &Theme,
    cell: f64,
    session: &mut Session,
    view: Option<Rect>,
    layer: Option<&mut MarksLayer>,
) -> Result<PlotFrame, String> {
    let Some(backend) = CanvasBackend::with_canvas_object(canvas.clone()) else {
        return Err("the canvas has no 2D context".to_string());
    };
    let area = backend.into_drawing_area();
    let (width, height) = (canvas.width(), canvas.height());
    let shown = view.unwrap_or(session.scene().view);
    let region = layout(width, height, shown, theme).and_then(|frame| {
        let view = frame.view();
        let (left, top) = frame.to_pixel(view.x_min, view.y_max);
        let (right, bottom) = frame.to_pixel(view.x_max, view.y_min);
        let cols = ((right - left) / cell).ceil().max(1.0) as usize;
        let rows = ((bottom - top) / cell).ceil().max(1.0) as usize;
        session.region(&view, cols, rows)
    });
    let context = context_2d(canvas);
    let mut scene: Scene<'_> = session.scene();
    scene.region = region.as_ref();
    if view.is_some() {
        scene.view = shown;
        scene.visited = None;
        scene.previous = None;
        scene.selected = None;
    }
    let frame = draw_with_underlay(
        &area,
        &scene,
        theme,
        |frame| match (&region, &context) {
            (Some(region), Some(context)) => put_region(context, frame, region, theme),
            _ => false,
        },
        |frame| match (&context, layer) {
            (Some(context), Some(layer)) => {
                layer.draw(context, (width, height), frame, &scene, theme)
                    || draw_marks(context, frame, &scene, theme)
            }
            (Some(context), None) => draw_marks(context, frame, &scene, theme),
            (None, _) => false,
        },
    )
    .map_err(|e| e.to_string())?;
    area.present().map_err(|e| e.to_string())?;
    Ok(frame)
}

/// A canvas that is not in the page, for drawing layers on.
fn detached_canvas() -> Option<HtmlCanvasElement> {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("canvas").ok())
        .and_then(|e| e.dyn_into().ok())
}

/// The canvas's 2D context, if it has one.
fn context_2d(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into().ok())
}

thread_local! {
    /// A small canvas the region maps are put on at one pixel per cell before being drawn
    /// scaled onto a plot (shared by every plot of the page: they are drawn one at a time).
    static REGION_CANVAS: Option<HtmlCanvasElement> = detached_canvas();
}

/// Paints the region map into the plot rectangle of `frame`: the cells' colours, one pixel per
/// cell, in one `putImageData` on a small canvas, then drawn scaled onto the plot in one
/// `drawImage` without smoothing (each cell covers a few backing pixels). Building the image at
/// the plot's own resolution instead (7 MB at devicePixelRatio 2) took about 9 ms a frame.
fn put_region(
    context: &CanvasRenderingContext2d,
    frame: &PlotFrame,
    region: &crate::core::Region,
    theme: &Theme,
) -> bool {
    let view = frame.view();
    let (left, top) = frame.to_pixel(view.x_min, view.y_max);
    let (right, bottom) = frame.to_pixel(view.x_max, view.y_min);
    let x0 = left.round();
    let y0 = top.round();
    let width = right.round() - x0;
    let height = bottom.round() - y0;
    let (cols, rows) = (region.cols, region.rows);
    if width <= 0.0 || height <= 0.0 || cols == 0 || rows == 0 || region.cells.len() < cols * rows {
        return false;
    }
    let palette: Vec<[u8; 4]> = (0..=7u8).map(|code| theme.region_colour(code)).collect();
    let data: Vec<u8> = region.cells[..cols * rows]
        .iter()
        .flat_map(|&c| palette[usize::from(c.min(7))])
        .collect();
    let (Ok(w), Ok(h)) = (u32::try_from(cols), u32::try_from(rows)) else {
        return false;
    };
    let Ok(image) = ImageData::new_with_u8_clamped_array_and_sh(Clamped(&data), w, h) else {
        return false;
    };
    REGION_CANVAS.with(|small| {
        let Some(small) = small else {
            return false;
        };
        if small.width() != w || small.height() != h {
            small.set_width(w);
            small.set_height(h);
        }
        let Some(small_context) = context_2d(small) else {
            return false;
        };
        if small_context.put_image_data(&image, 0.0, 0.0).is_err() {
            return false;
        }
        context.save();
        context.set_image_smoothing_enabled(false);
        let drawn = context
            .draw_image_with_html_canvas_element_and_dw_and_dh(small, x0, y0, width, height)
            .is_ok();
        context.restore();
        drawn
    })
}

/// The points' marks straight on the canvas: the fill colour set once per class and the outline
/// once, then a path of its own per point, filled and outlined (so a later point covers an
/// earlier one), instead of two styled plotters elements and two CSS colour strings per point.
/// One path per point rather than one per class: Chromium rasterizes many small paths about
/// 2.5 times faster than one path of thousands of subpaths.
fn draw_marks(
    context: &CanvasRenderingContext2d,
    frame: &PlotFrame,
    scene: &crate::core::Scene<'_>,
    theme: &Theme,
) -> bool {
    let css = |c: plotters::style::RGBColor| format!("rgb({},{},{})", c.0, c.1, c.2);
    let classes = theme.classes.len();
    let mut by_class: Vec<Vec<(f64, f64, f64)>> = vec![Vec::new(); classes];
    for p in scene.points() {
        let (x, y) = frame.to_backend(p.x, p.y);
        by_class[p.class % classes].push((f64::from(x), f64::from(y), p.size));
    }
    context.save();
    context.set_line_width(f64::from(theme.px(1.5)));
    context.set_stroke_style_str(&css(theme.background));
    context.set_line_join("round");
    for (class, points) in by_class.iter().enumerate() {
        if points.is_empty() {
            continue;
        }
        context.set_fill_style_str(&css(theme.class_colour(class)));
        for &(x, y, size) in points {
            context.begin_path();
            match mark(class, size, theme) {
                Mark::Circle(r) => {
                    let _ = context.arc(x, y, r, 0.0, std::f64::consts::TAU);
                }
                // The square (class 0) in one call instead of five.
                Mark::Polygon(c)
                    if c.len() == 4
                        && c[0].1 == c[1].1
                        && c[1].0 == c[2].0
                        && c[2].1 == c[3].1
                        && c[3].0 == c[0].0 =>
                {
                    let ((x0, y0), (x1, y1)) = (c[0], c[2]);
                    context.rect(
                        x + x0.min(x1),
                        y + y0.min(y1),
                        (x1 - x0).abs(),
                        (y1 - y0).abs(),
                    );
                }
                Mark::Polygon(corners) => {
                    for (k, (dx, dy)) in corners.iter().enumerate() {
                        if k == 0 {
                            context.move_to(x + dx, y + dy);
                        } else {
                            context.line_to(x + dx, y + dy);
                        }
                    }
                    context.close_path();
                }
            }
            context.fill();
            context.stroke();
        }
    }
    context.restore();
    true
}
