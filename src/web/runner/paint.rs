//! The canvas side of drawing: sizes the canvases and hands render a painter over their 2D
//! contexts. What is drawn (marks, region colours, the plot) is decided in `src/render`; here
//! are only the canvas calls those painters forward to, the points' layer canvas and the small
//! canvas of the region map.

use crate::core::{Action, Rect, Region, Scene, Session};
use crate::render::{
    draw_backdrop, draw_with_underlay, layout, marks_key, paint_marks, paint_marks_image,
    paint_region, region_grid, MarkPainter, MarkRaster, PlotFrame, RegionPainter, Theme,
};
use crate::web::backend::PageBackend;
use plotters::prelude::IntoDrawingArea;
use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

/// The points' marks rasterized by render (`raster_marks`) into one image, put on a canvas of their
/// own with `putImageData` and copied onto the plot with one `drawImage`; while they stay as
/// they were (a step, Play: only the lines and rings move) the layer is copied as it is, and
/// when a few points move (a drag) only the parts of the image they left and entered are drawn
/// and put again.
#[derive(Default)]
pub(super) struct MarksLayer {
    /// What the layer shows ([`marks_key`]); `None` draws it afresh.
    key: Option<u64>,
    canvas: Option<HtmlCanvasElement>,
    /// The image and its sprites, kept between frames so that they are not made again.
    raster: MarkRaster,
}

impl MarksLayer {
    /// Forgets what the layer shows: the next draw rasterizes every mark and puts the whole
    /// image (a full redraw).
    pub(super) fn forget(&mut self) {
        self.key = None;
        self.raster.forget();
    }

    /// Copies the marks of `scene` onto `target` (`width × height` backing pixels), painting
    /// them on the layer first when they changed. `false` when the layer cannot be had (the
    /// caller then paints them on the plot).
    fn draw(
        &mut self,
        target: &CanvasRenderingContext2d,
        (width, height): (u32, u32),
        frame: &PlotFrame,
        scene: &Scene<'_>,
        theme: &Theme,
    ) -> bool {
        let key = marks_key((width, height), frame, scene, theme);
        if self.canvas.is_none() {
            self.canvas = detached_canvas();
        }
        let Some(layer) = &self.canvas else {
            return false;
        };
        if self.key != Some(key) {
            if layer.width() != width || layer.height() != height {
                // A resized canvas is cleared: it no longer holds the image.
                layer.set_width(width);
                layer.set_height(height);
                self.raster.forget();
            }
            let Some(context) = context_2d(layer) else {
                return false;
            };
            let size = (width, height);
            let raster = &mut self.raster;
            if !paint_marks_image(&mut Canvas(&context), raster, size, frame, scene, theme) {
                // The layer may hold part of the new image: nothing it shows is known.
                self.key = None;
                return false;
            }
            self.key = Some(key);
        }
        // Only the rectangle that holds the marks is copied (none when there are none).
        let Some(dirty) = self.raster.drawn() else {
            return true;
        };
        let [x, y, w, h] = dirty.map(f64::from);
        target
            .draw_image_with_html_canvas_element_and_sw_and_sh_and_dx_and_dy_and_dw_and_dh(
                layer, x, y, w, h, x, y, w, h,
            )
            .is_ok()
    }
}

/// The plot's backdrop (background, grid, axes, ticks and their labels:
/// `render::draw_backdrop`) kept on a canvas of its own and copied under each frame with one
/// `drawImage` while the plot's size, view and theme stay the same, which is all its pixels
/// depend on: the text is the costliest part of a frame with few points.
#[derive(Default)]
pub(super) struct BackdropLayer {
    /// The size, view and theme of the backdrop the layer holds; `None` when it holds none.
    key: Option<((u32, u32), Rect, Theme)>,
    canvas: Option<HtmlCanvasElement>,
}

impl BackdropLayer {
    /// Copies the backdrop of `view` in `theme` onto `target` (`size` backing pixels), drawing
    /// it on the layer first when it is not the one kept. `false` when the layer cannot be had
    /// (the caller then draws the backdrop itself).
    fn put(
        &mut self,
        target: &CanvasRenderingContext2d,
        size: (u32, u32),
        view: Rect,
        theme: &Theme,
    ) -> bool {
        if self.canvas.is_none() {
            self.canvas = detached_canvas();
        }
        let Some(layer) = &self.canvas else {
            return false;
        };
        let key = (size, view, *theme);
        if self.key != Some(key) {
            self.key = None;
            if layer.width() != size.0 || layer.height() != size.1 {
                layer.set_width(size.0);
                layer.set_height(size.1);
            }
            let Some(backend) = PageBackend::canvas(layer) else {
                return false;
            };
            let area = backend.into_drawing_area();
            if draw_backdrop(&area, view, theme).is_err() || area.present().is_err() {
                return false;
            }
            self.key = Some(key);
        }
        target
            .draw_image_with_html_canvas_element(layer, 0.0, 0.0)
            .is_ok()
    }
}

/// Draws `session`'s plot on `canvas`: the region map (cells of `cell` backing pixels) painted
/// by [`paint_region`], everything else through `render::draw_with_underlay`, the points by
/// [`paint_marks`] straight on the canvas (through `layer` when given). With `view`, the plot
/// shows that rectangle and no step's marks (the side-by-side plots); otherwise the session's
/// own view and its last step.
pub(super) fn paint_plot(
    canvas: &HtmlCanvasElement,
    theme: &Theme,
    cell: f64,
    session: &mut Session,
    view: Option<Rect>,
    layer: Option<&mut MarksLayer>,
    backdrop: Option<&mut BackdropLayer>,
) -> Result<PlotFrame, String> {
    let Some(backend) = PageBackend::canvas(canvas) else {
        return Err(crate::core::words::NO_CONTEXT.to_string());
    };
    let area = backend.into_drawing_area();
    let (width, height) = (canvas.width(), canvas.height());
    let shown = view.unwrap_or(session.scene().view);
    if let Some(frame) = layout(width, height, shown, theme) {
        let (view, cols, rows) = region_grid(&frame, cell);
        // The map is a cache the session keeps current in apply; this only names its grid.
        let _ = session.apply(Action::SetRegionGrid { view, cols, rows });
    }
    let session: &Session = session;
    let region = session.region();
    let context = context_2d(canvas);
    let mut scene: Scene<'_> = session.scene();
    scene.region = region;
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
                if !layer.draw(context, (width, height), frame, &scene, theme) {
                    paint_marks(&mut Canvas(context), frame, &scene, theme);
                }
                true
            }
            (Some(context), None) => {
                marks_through_scratch(context, (width, height), frame, &scene, theme);
                true
            }
            (None, _) => false,
        },
        |_| match (&context, backdrop) {
            (Some(context), Some(backdrop)) => backdrop.put(context, (width, height), shown, theme),
            _ => false,
        },
    )
    .map_err(|e| e.to_string())?;
    area.present().map_err(|e| e.to_string())?;
    Ok(frame)
}

thread_local! {
    /// The layer of the plots that have none of their own (the side-by-side and η panels'):
    /// its key tells when the marks it holds are the ones wanted again (the η panel's two
    /// plots show the same points).
    static SCRATCH_LAYER: std::cell::RefCell<MarksLayer> = std::cell::RefCell::new(MarksLayer::default());
    /// The backdrop of the η panel's two plots (the same size, view and theme).
    static SCRATCH_BACKDROP: std::cell::RefCell<BackdropLayer> = std::cell::RefCell::new(BackdropLayer::default());
}

/// The marks of `scene` onto `context` through the scratch layer (rasterized, one image), or
/// as paths when there is no layer to be had.
fn marks_through_scratch(
    context: &CanvasRenderingContext2d,
    size: (u32, u32),
    frame: &PlotFrame,
    scene: &Scene<'_>,
    theme: &Theme,
) {
    let drawn = SCRATCH_LAYER.with(|layer| {
        layer
            .try_borrow_mut()
            .is_ok_and(|mut layer| layer.draw(context, size, frame, scene, theme))
    });
    if !drawn {
        paint_marks(&mut Canvas(context), frame, scene, theme);
    }
}

/// Draws `scene` on `canvas` through `render::draw_with_underlay`, its region map (when it
/// has one, on the grid of `render::region_grid` for this canvas) put first, the points
/// rasterized through the scratch layer and the backdrop kept on another: the η and
/// side-by-side panels' small plots.
pub(crate) fn paint_scene(
    canvas: &HtmlCanvasElement,
    theme: &Theme,
    scene: &Scene<'_>,
) -> Result<PlotFrame, String> {
    let Some(backend) = PageBackend::canvas(canvas) else {
        return Err(crate::core::words::NO_CONTEXT.to_string());
    };
    let area = backend.into_drawing_area();
    let context = context_2d(canvas);
    let size = (canvas.width(), canvas.height());
    let frame = draw_with_underlay(
        &area,
        scene,
        theme,
        |frame| match (scene.region, &context) {
            (Some(region), Some(context)) => put_region(context, frame, region, theme),
            _ => false,
        },
        |frame| match &context {
            Some(context) => {
                marks_through_scratch(context, size, frame, scene, theme);
                true
            }
            None => false,
        },
        |_| {
            context.as_ref().is_some_and(|context| {
                SCRATCH_BACKDROP.with(|layer| {
                    layer
                        .try_borrow_mut()
                        .is_ok_and(|mut layer| layer.put(context, size, scene.view, theme))
                })
            })
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

/// The region map of `region` painted onto the plot of `context` by [`paint_region`].
fn put_region(
    context: &CanvasRenderingContext2d,
    frame: &PlotFrame,
    region: &Region,
    theme: &Theme,
) -> bool {
    REGION_CANVAS.with(|small| {
        let Some(small) = small else {
            return false;
        };
        paint_region(&mut RegionCanvas { context, small }, frame, region, theme)
    })
}

/// The plot's 2D context as render's [`MarkPainter`]: each call is the canvas call of that name.
struct Canvas<'a>(&'a CanvasRenderingContext2d);

impl MarkPainter for Canvas<'_> {
    fn save(&mut self) {
        self.0.save();
    }

    fn restore(&mut self) {
        self.0.restore();
    }

    fn set_outline(&mut self, width: f64, colour: &str) {
        self.0.set_line_width(width);
        self.0.set_stroke_style_str(colour);
        self.0.set_line_join("round");
    }

    fn set_fill(&mut self, colour: &str) {
        self.0.set_fill_style_str(colour);
    }

    fn begin_path(&mut self) {
        self.0.begin_path();
    }

    fn circle(&mut self, x: f64, y: f64, radius: f64) {
        let _ = self.0.arc(x, y, radius, 0.0, std::f64::consts::TAU);
    }

    fn rect(&mut self, x: f64, y: f64, width: f64, height: f64) {
        self.0.rect(x, y, width, height);
    }

    fn move_to(&mut self, x: f64, y: f64) {
        self.0.move_to(x, y);
    }

    fn line_to(&mut self, x: f64, y: f64) {
        self.0.line_to(x, y);
    }

    fn close_path(&mut self) {
        self.0.close_path();
    }

    fn fill_and_stroke(&mut self) {
        self.0.fill();
        self.0.stroke();
    }

    fn put_image(&mut self, rgba: &[u8], width: u32, height: u32, dirty: [u32; 4]) -> bool {
        let [x, y, w, h] = dirty.map(f64::from);
        // The ImageData is a view of the wasm memory; only the dirty rectangle is copied.
        ImageData::new_with_u8_clamped_array_and_sh(Clamped(rgba), width, height).is_ok_and(
            |image| {
                self.0
                    .put_image_data_with_dirty_x_and_dirty_y_and_dirty_width_and_dirty_height(
                        &image, 0.0, 0.0, x, y, w, h,
                    )
                    .is_ok()
            },
        )
    }
}

/// The plot's context and the small canvas as render's [`RegionPainter`]: the image goes onto
/// the small canvas with one `putImageData`, then onto the plot with one `drawImage` without
/// smoothing.
struct RegionCanvas<'a> {
    context: &'a CanvasRenderingContext2d,
    small: &'a HtmlCanvasElement,
}

impl RegionPainter for RegionCanvas<'_> {
    fn put_cells(&mut self, rgba: &[u8], cols: u32, rows: u32, target: [f64; 4]) -> bool {
        let Ok(image) = ImageData::new_with_u8_clamped_array_and_sh(Clamped(rgba), cols, rows)
        else {
            return false;
        };
        if self.small.width() != cols || self.small.height() != rows {
            self.small.set_width(cols);
            self.small.set_height(rows);
        }
        let Some(small_context) = context_2d(self.small) else {
            return false;
        };
        if small_context.put_image_data(&image, 0.0, 0.0).is_err() {
            return false;
        }
        let [x, y, width, height] = target;
        self.context.save();
        self.context.set_image_smoothing_enabled(false);
        let drawn = self
            .context
            .draw_image_with_html_canvas_element_and_dw_and_dh(self.small, x, y, width, height)
            .is_ok();
        self.context.restore();
        drawn
    }
}
