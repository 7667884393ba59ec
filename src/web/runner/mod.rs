//! The one owner of the session in the browser: applies actions, keeps the dirty flag and, only
//! in animation frames, draws (through `src/render`) and writes the page: the status and panels
//! (`dom_out`, `panels`) and the address bar (`address`).

mod address;
mod described;
mod dom_out;
mod keep;
mod open;
mod paint;
pub(crate) use paint::paint_scene;
mod panels;
mod practice_calls;
pub(crate) use practice_calls::step_action;

use crate::core::table::TableFormat;
use crate::core::{Action, Changed, Error, Session};
use crate::render::{layout, region_grid, PlotFrame, Theme};
use crate::web::panels::{Cx, PanelEvent, Panels};
use address::Address;
use paint::{paint_plot, BackdropLayer, MarksLayer};
use plotters::prelude::IntoDrawingArea;
use wasm_bindgen::JsValue;
use web_sys::{HtmlCanvasElement, HtmlElement, Window};

/// Region map cells are this many CSS pixels wide and high.
pub(crate) const REGION_CELL_CSS: f64 = 3.0;

/// Links carry the points up to this many; beyond, the scenario goes in a file.
const LINK_POINTS_LIMIT: usize = 2_000;

/// The ms since `began` (`performance.now()`).
fn spent_since(began: f64) -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now() - began)
}

/// The time a frame may take before what can wait (writing the link and the kept copy) is left
/// to the next frame, in ms: with the page's writing and layout after it, a frame stays well
/// under the 100 ms of a long task.
const FRAME_SHARE_MS: f64 = 30.0;

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

/// The main plot: its canvas, the mapping of its last drawing, and the layers kept between
/// frames.
struct Plot {
    canvas: HtmlCanvasElement,
    /// The mapping between data and pixels of the last drawing.
    frame: Option<PlotFrame>,
    /// The canvas's backing scale as read at this frame's first need of it: read again later,
    /// after the frame has written the panels, it would make the browser lay the page out
    /// twice (a forced layout of 10–30 ms with large tables).
    scale_this_frame: std::cell::Cell<Option<f64>>,
    marks_layer: MarksLayer,
    /// The main plot's backdrop, kept while its size, view and theme stay.
    backdrop_layer: BackdropLayer,
}

/// What the next frame has to do, and when this one began.
struct FrameState {
    /// When this frame began (`performance.now()`, ms).
    began: f64,
    /// Something visible changed: the next frame draws and writes everything.
    dirty: bool,
    /// The state changed since the last frame (not only the view): the link may have too.
    changed: bool,
    /// The settings form is written again (after a preset, or a change refused or waiting).
    settings_dirty: bool,
}

/// The session plus everything needed to show it.
pub struct Runner {
    session: Session,
    root: HtmlElement,
    /// The main plot's canvas and what drawing it keeps.
    plot: Plot,
    /// The status fields and the controls the frame writes (see `dom_out.rs`).
    controls: dom_out::Controls,
    /// What the next frame has to do, and when this one began.
    frame_state: FrameState,
    options: ViewOptions,
    /// The address bar and share box, when this lab writes them (the main page's lab).
    address: Option<Address>,
    /// The last good scenario, for the crash panel (see `keep.rs`).
    keeper: keep::Keeper,
    /// The panels of the registry (see `web/panels`).
    panels: Panels,
}

impl Runner {
    /// A runner over the elements under `root`: its panels placed, the plot's canvas found
    /// (the plot panel's, or the root's own), or an error naming what is missing.
    pub fn new(root: &HtmlElement) -> Result<Runner, JsValue> {
        let mut session = Session::new();
        // Long work goes in slices across frames, with progress and Cancel.
        session.set_slices(true);
        // The page's own status fields, before the panels place theirs.
        let controls = dom_out::Controls::find(root, &session);
        let panels = Panels::mount(root);
        let canvas = crate::web::dom::canvas(root)?;
        let runner = Runner {
            controls,
            plot: Plot {
                canvas,
                frame: None,
                scale_this_frame: std::cell::Cell::new(None),
                marks_layer: MarksLayer::default(),
                backdrop_layer: BackdropLayer::default(),
            },
            frame_state: FrameState {
                began: 0.0,
                dirty: true,
                changed: true,
                settings_dirty: true,
            },
            session,
            root: root.clone(),
            options: ViewOptions::default(),
            address: None,
            keeper: keep::Keeper::new(root),
            panels,
        }
        .described_by_panel();
        // The menus, the panels' (the composer's) too, once the panels are placed.
        dom_out::fill_menus(root);
        Ok(runner)
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
        self.frame_state.settings_dirty |= echo_settings;
        let undoable = self.session.undoable();
        let waits = self.session.is_busy() && !matches!(action, Action::Tick { .. });
        let changed = self.session.apply(action);
        if waits && self.session.is_busy() {
            // While work is under way a change waits ("wait for it to finish"): the settings,
            // the boxes and η₂ show again what is in force, not what was asked for.
            self.frame_state.settings_dirty = true;
            self.frame_state.dirty = true;
            self.panels.echo();
        }
        // Back or Step that undid or redid a destructive action brings other settings back.
        self.frame_state.settings_dirty |= self.session.undoable() != undoable;
        if echo_settings || matches!(changed, Ok(Changed::Redraw)) {
            self.frame_state.dirty = true;
            self.frame_state.changed = true;
            self.panels.changed();
        }
        changed.map(|_| ())
    }

    /// Whether long work is under way in slices (its progress bar shown).
    pub fn is_busy(&self) -> bool {
        self.session.is_busy()
    }

    /// Escape: cancels long work under way, else stops the side-by-side comparison's
    /// training; whether it stopped either.
    pub fn escape(&mut self) -> Result<bool, Error> {
        let action = if self.session.is_busy() {
            Action::Cancel
        } else if self.session.compare_pending() {
            Action::SetComparing(false)
        } else {
            return Ok(false);
        };
        self.apply(action)?;
        Ok(true)
    }

    /// The most work a slice of long work does (test hooks).
    #[cfg(feature = "test-hooks")]
    pub fn set_slice_work(&mut self, units: u64) {
        self.session.set_slice_work(units);
    }

    /// Whether another animation frame is needed after this one.
    pub fn wants_frames(&self) -> bool {
        self.session.is_playing()
            || self.session.is_busy()
            || self.address.as_ref().is_some_and(Address::pending)
            || self.keeper.pending()
            || self.session.catching_up()
            || self.panels.wants_frames(&self.session)
    }

    /// What this frame has taken so far, in ms.
    pub(super) fn frame_spent(&self) -> f64 {
        spent_since(self.frame_state.began)
    }

    /// Marks the frame dirty (e.g. after a resize); the next frame draws everything afresh,
    /// the points' layer too.
    pub fn invalidate(&mut self) {
        self.frame_state.dirty = true;
        self.plot.marks_layer.forget();
    }

    /// Changes how the plot looks (a redraw only when something changed: the page sets the
    /// system's preferences right after the first frame).
    pub fn set_options(&mut self, options: ViewOptions) {
        if options != self.options {
            self.options = options;
            self.frame_state.dirty = true;
        }
    }

    /// How much the live region says of each step.
    pub fn set_verbosity(
        &mut self,
        verbosity: crate::core::speech::Verbosity,
    ) -> Result<(), Error> {
        self.apply(Action::SetVerbosity(verbosity))
    }

    /// The current view options.
    pub fn options(&self) -> ViewOptions {
        self.options
    }

    /// From now on, frames write the link into the address bar of `window` (followed by the
    /// page's own keys `page_keys`) and into the share box; the next frame writes it.
    pub fn write_address(&mut self, window: Window, page_keys: &str) {
        self.address = Some(Address::new(window, &self.root, page_keys));
    }

    /// The link of the current state, written into the address bar and the share box now (when
    /// this lab writes them): the whole URL, or the link fragment for a lab that does not.
    /// An error when the points are too many for a link.
    pub fn copy_link(&mut self, now_ms: f64) -> Result<String, Error> {
        match &mut self.address {
            Some(address) => address.write_now(now_ms, &self.session),
            None => self.link(),
        }
    }

    /// The link fragment of the current state, or an error when the points are too many.
    pub fn link(&self) -> Result<String, Error> {
        address::link_of(&self.session)
    }

    /// The text the status field `name` shows for the current state (`step`, `weights`, …).
    pub fn field(&self, name: &str) -> Option<String> {
        let status = self.session.status();
        let fields = status.fields();
        let (_, text) = fields.iter().find(|(n, _)| *n == name)?;
        Some(text.to_string())
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
        let width = u32::try_from(self.plot.canvas.client_width())
            .unwrap_or(0)
            .max(200);
        let height = u32::try_from(self.plot.canvas.client_height())
            .unwrap_or(0)
            .max(150);
        let theme = if self.options.dark {
            Theme::dark(1.0)
        } else {
            Theme::new(1.0)
        };
        let view = self.session.scene().view;
        let region = layout(width, height, view, &theme).and_then(|frame| {
            let (v, cols, rows) = region_grid(&frame, REGION_CELL_CSS);
            self.session.region_on(&v, cols, rows)
        });
        let mut svg = String::new();
        {
            let backend = crate::web::backend::PageBackend::svg(&mut svg, (width, height));
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

    /// The notes of the audio cue of the step on show, as JSON (an array of
    /// [`Note`](crate::core::audio::Note)s).
    pub fn step_cue(&self) -> String {
        serde_json::to_string(&self.session.step_cue()).unwrap_or_else(|_| "[]".into())
    }

    /// The notes of "listen to the boundary", as JSON.
    pub fn boundary_sweep(&self) -> String {
        serde_json::to_string(&self.session.boundary_sweep()).unwrap_or_else(|_| "[]".into())
    }

    /// The points as CSV.
    pub fn points_csv(&self) -> String {
        self.session.points_csv()
    }

    /// The steps up to the current one as a table.
    pub fn trace_export(&self, format: TableFormat) -> String {
        self.session.trace_export(format)
    }

    /// Canvas backing pixels per CSS pixel, as laid out at this frame's first call.
    fn backing_scale(&self) -> f64 {
        if let Some(scale) = self.plot.scale_this_frame.get() {
            return scale;
        }
        let scale = crate::web::dom::backing_scale(&self.plot.canvas);
        self.plot.scale_this_frame.set(Some(scale));
        scale
    }

    /// Sizes the backing store to the CSS size × devicePixelRatio. Returns whether it changed.
    pub fn fit_canvas(&mut self, device_pixel_ratio: f64) -> bool {
        let scale = crate::web::dom::pixel_ratio(device_pixel_ratio);
        if !crate::web::dom::fit_backing(&self.plot.canvas, scale) {
            return false;
        }
        self.plot.scale_this_frame.set(None);
        self.frame_state.dirty = true;
        true
    }

    /// The data point under CSS position `(x, y)` of the canvas, if it is inside the plot, with
    /// the size of one CSS pixel in data units.
    pub fn data_at(&self, css_x: f64, css_y: f64) -> Option<(f64, f64, f64)> {
        let frame = self.plot.frame?;
        let scale = self.backing_scale();
        let (x, y) = frame.to_data(css_x * scale, css_y * scale)?;
        Some((x, y, frame.units_per_pixel() * scale))
    }

    /// Like [`Runner::data_at`], but also outside the plot (clamped to its edge): for drags.
    pub fn data_at_clamped(&self, css_x: f64, css_y: f64) -> Option<(f64, f64, f64)> {
        let frame = self.plot.frame?;
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
        let frame = self.plot.frame?;
        let scale = self.backing_scale();
        let (px, py) = frame.to_pixel(x, y);
        Some((px / scale, py / scale))
    }

    /// One animation frame: takes due steps while playing, draws and writes the page if anything
    /// changed, then writes the address when it is due (see `address`).
    pub fn frame(&mut self, now_ms: f64) -> Result<(), String> {
        self.frame_state.began = web_sys::window()
            .and_then(|w| w.performance())
            .map_or(now_ms, |p| p.now());
        self.plot.scale_this_frame.set(None);
        // The session computes some derived data only while a panel shows it.
        for action in self.panels.watches(&self.session) {
            self.apply(action).map_err(|e| e.to_string())?;
        }
        if self.session.is_playing() || self.session.is_busy() || self.session.catching_up() {
            self.apply(Action::Tick { now_ms })
                .map_err(|e| e.to_string())?;
        }
        if self.frame_state.dirty {
            self.frame_state.dirty = false;
            self.redraw(now_ms)?;
        } else {
            let status = self.session.status();
            self.panels_draw(now_ms, &status);
            self.panels_write(now_ms, &status);
        }
        // Only a change of the state may change the link (a resize or a palette does not).
        if std::mem::take(&mut self.frame_state.changed) {
            if let Some(address) = &mut self.address {
                address.touch();
            }
            self.keeper.touch();
        }
        // The link and the kept copy of the work (thousands of points written out) wait for the
        // next frame when this one has taken its share; they are pending, so it comes.
        if self.frame_spent() < FRAME_SHARE_MS {
            if let Some(address) = &mut self.address {
                address.frame(now_ms, &self.session);
            }
            self.keeper.frame(now_ms, &self.session);
        }
        Ok(())
    }

    fn redraw(&mut self, now_ms: f64) -> Result<(), String> {
        self.draw()?;
        // Every canvas is measured and drawn before the panels' text is written (the trace
        // panel's scroll, which reads the layout, comes after every write): the registry's
        // panels' too.
        let status = self.session.status();
        self.panels_draw(now_ms, &status);
        self.controls.show(&status);
        if self.frame_state.settings_dirty {
            self.frame_state.settings_dirty = false;
            self.show_kind();
        }
        self.panels_write(now_ms, &status);
        Ok(())
    }

    /// The registry's panels measure and draw their canvases (before any text is written).
    fn panels_draw(&mut self, now_ms: f64, status: &crate::core::Status) {
        let cx = Cx {
            session: &self.session,
            status,
            theme: self.theme(),
            pixel_ratio: self.backing_scale(),
            now_ms,
            reduced_motion: self.options.reduced_motion,
            lab: &self.root,
        };
        self.panels.draw(&cx);
    }

    /// The registry's panels write their text.
    fn panels_write(&mut self, now_ms: f64, status: &crate::core::Status) {
        let cx = Cx {
            session: &self.session,
            status,
            theme: self.theme(),
            pixel_ratio: self.backing_scale(),
            now_ms,
            reduced_motion: self.options.reduced_motion,
            lab: &self.root,
        };
        self.panels.write(&cx);
    }

    /// The snippet of the current state ("This run in code").
    pub fn python_code(&self) -> String {
        self.session.python_code()
    }

    /// A click on a panel's command (`data-panel-act`): the action it asks for, applied.
    pub fn panel_event(&mut self, name: &str, event: &PanelEvent) -> Result<(), Error> {
        let Some((at, asked)) = self.panels.event(name, event, &self.session) else {
            return Ok(());
        };
        let result = match asked {
            Ok(Some(action)) => self.apply(action),
            Ok(None) => Ok(()),
            Err(e) => Err(e),
        };
        self.panels.answered(at, &result);
        result
    }

    fn theme(&self) -> Theme {
        Theme::for_view(
            self.options.dark,
            self.options.presenter,
            self.backing_scale(),
        )
    }

    fn draw(&mut self) -> Result<(), String> {
        let theme = self.theme();
        let cell = REGION_CELL_CSS * self.backing_scale();
        // The points come from their layer, rasterized when they change (see `MarksLayer`).
        let layer = Some(&mut self.plot.marks_layer);
        let backdrop = Some(&mut self.plot.backdrop_layer);
        let frame = paint_plot(
            &self.plot.canvas,
            &theme,
            cell,
            &mut self.session,
            None,
            layer,
            backdrop,
        )?;
        self.plot.frame = Some(frame);
        Ok(())
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

    /// The session (read only: every change goes through [`Runner::apply`]).
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Whether a point is being dragged.
    pub fn is_dragging(&self) -> bool {
        self.session.is_dragging()
    }

    /// Hit radius for pointers in data units: `css` CSS pixels.
    pub fn reach(&self, css: f64) -> f64 {
        self.plot
            .frame
            .map_or(0.0, |f| f.units_per_pixel() * self.backing_scale() * css)
    }
}
