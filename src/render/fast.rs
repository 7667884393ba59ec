//! The canvas fast paths of the plot: the points' marks and the region map drawn through a small
//! painter interface instead of plotters' styled elements.
//!
//! Plotters draws each point as two styled elements with two CSS colour strings, and a bitmap
//! as one `fillRect` per pixel: too slow for thousands of points or a region map every frame
//! (see `docs/src/architecture.md`). So the page hands [`draw_with_underlay`](super::draw_with_underlay)
//! two closures that call [`paint_region`] and [`paint_marks`] here with a painter over its
//! canvas context (`src/web` implements [`MarkPainter`] and [`RegionPainter`] for
//! `CanvasRenderingContext2d`). What is drawn — shapes, colours, order, sizes, the cell image —
//! is decided here; the painter only forwards the calls. Other backends (the SVG export, the
//! tests) get the same marks from [`mark`] through plotters.

use super::{mark, Mark, PlotFrame, Theme};
use crate::core::{Rect, Region, Scene};
use plotters::style::RGBColor;

/// What the points' marks need of a 2D canvas: styles, paths, fill and outline.
pub trait MarkPainter {
    /// Saves the drawing state (styles), to be restored by [`MarkPainter::restore`].
    fn save(&mut self);
    /// Restores the state saved last.
    fn restore(&mut self);
    /// The outline of the marks that follow: `width` backing pixels of the CSS colour `colour`.
    fn set_outline(&mut self, width: f64, colour: &str);
    /// The fill of the marks that follow (a CSS colour).
    fn set_fill(&mut self, colour: &str);
    /// Starts a new path.
    fn begin_path(&mut self);
    /// A full circle around `(x, y)`.
    fn circle(&mut self, x: f64, y: f64, radius: f64);
    /// An axis-aligned rectangle.
    fn rect(&mut self, x: f64, y: f64, width: f64, height: f64);
    /// Starts a subpath at `(x, y)`.
    fn move_to(&mut self, x: f64, y: f64);
    /// A line to `(x, y)`.
    fn line_to(&mut self, x: f64, y: f64);
    /// Closes the subpath.
    fn close_path(&mut self);
    /// Fills the path, then outlines it.
    fn fill_and_stroke(&mut self);
    /// Puts the rectangle `dirty` (`[x, y, width, height]`) of the straight-RGBA image `rgba`
    /// of `width × height` pixels on the canvas where it is in the image (the image's top-left
    /// corner on the canvas's), replacing what is there: the marks
    /// [`raster_marks`](super::raster_marks) rasterized, on a layer canvas of their own, whose
    /// pixels outside `dirty` are transparent. `false` when it could not.
    fn put_image(&mut self, rgba: &[u8], width: u32, height: u32, dirty: [u32; 4]) -> bool;
}

/// What the region map needs of a 2D canvas: one image of one pixel per cell, drawn scaled
/// (without smoothing) onto a rectangle of the plot.
pub trait RegionPainter {
    /// Draws the `cols × rows` RGBA image `rgba` scaled onto the rectangle at `(x, y)` of
    /// `width × height` backing pixels. `false` when it could not.
    fn put_cells(&mut self, rgba: &[u8], cols: u32, rows: u32, target: [f64; 4]) -> bool;
}

/// The grid of a region map for a plot drawn in `frame`, with cells of about `cell` backing
/// pixels: the data rectangle it covers and its columns and rows.
pub fn region_grid(frame: &PlotFrame, cell: f64) -> (Rect, usize, usize) {
    let view = frame.view();
    let (left, top) = frame.to_pixel(view.x_min, view.y_max);
    let (right, bottom) = frame.to_pixel(view.x_max, view.y_min);
    let cell = if cell.is_finite() && cell > 0.0 {
        cell
    } else {
        1.0
    };
    let cols = ((right - left) / cell).ceil().max(1.0) as usize;
    let rows = ((bottom - top) / cell).ceil().max(1.0) as usize;
    (view, cols, rows)
}

/// The region map as an RGBA image of one pixel per cell (row by row from the top), in the
/// theme's region colours; `None` when the region has no cells.
pub fn region_image(region: &Region, theme: &Theme) -> Option<Vec<u8>> {
    let (cols, rows) = (region.cols, region.rows);
    if cols == 0 || rows == 0 || region.cells.len() < cols * rows {
        return None;
    }
    let palette: Vec<[u8; 4]> = (0..=7u8).map(|code| theme.region_colour(code)).collect();
    Some(
        region.cells[..cols * rows]
            .iter()
            .flat_map(|&c| palette[usize::from(c.min(7))])
            .collect(),
    )
}

/// Paints the region map into the plot rectangle of `frame` with one image of one pixel per
/// cell (each cell covers a few backing pixels). Building the image at the plot's own resolution
/// instead (7 MB at devicePixelRatio 2) took about 9 ms a frame. `false` when nothing was
/// painted (the caller then lets plotters draw the cells).
pub fn paint_region(
    painter: &mut impl RegionPainter,
    frame: &PlotFrame,
    region: &Region,
    theme: &Theme,
) -> bool {
    let view = frame.view();
    let (left, top) = frame.to_pixel(view.x_min, view.y_max);
    let (right, bottom) = frame.to_pixel(view.x_max, view.y_min);
    let x0 = left.round();
    let y0 = top.round();
    let width = right.round() - x0;
    let height = bottom.round() - y0;
    if width <= 0.0 || height <= 0.0 {
        return false;
    }
    let Some(rgba) = region_image(region, theme) else {
        return false;
    };
    let (Ok(cols), Ok(rows)) = (u32::try_from(region.cols), u32::try_from(region.rows)) else {
        return false;
    };
    painter.put_cells(&rgba, cols, rows, [x0, y0, width, height])
}

/// A CSS colour string.
fn css(c: RGBColor) -> String {
    format!("rgb({},{},{})", c.0, c.1, c.2)
}

/// Paints the points' marks of `scene`: the fill colour set once per class and the outline once,
/// then a path of its own per point, filled and outlined (so a later point of the same class
/// covers an earlier one), instead of two styled plotters elements and two CSS colour strings
/// per point. One path per point rather than one per class: Chromium rasterizes many small paths
/// about 2.5 times faster than one path of thousands of subpaths. The shapes are [`mark`]'s, at
/// the pixels plotters would use.
pub fn paint_marks(
    painter: &mut impl MarkPainter,
    frame: &PlotFrame,
    scene: &Scene<'_>,
    theme: &Theme,
) {
    let classes = theme.classes.len();
    let mut by_class: Vec<Vec<(f64, f64, f64)>> = vec![Vec::new(); classes];
    for p in scene.points() {
        let (x, y) = frame.to_backend(p.x, p.y);
        by_class[p.class % classes].push((f64::from(x), f64::from(y), p.size));
    }
    painter.save();
    painter.set_outline(f64::from(theme.px(1.5)), &css(theme.background));
    for (class, points) in by_class.iter().enumerate() {
        if points.is_empty() {
            continue;
        }
        painter.set_fill(&css(theme.class_colour(class)));
        for &(x, y, size) in points {
            painter.begin_path();
            match mark(class, size, theme) {
                Mark::Circle(r) => painter.circle(x, y, r),
                // The square (class 0) in one call instead of five.
                Mark::Polygon(c)
                    if c.len() == 4
                        && c[0].1 == c[1].1
                        && c[1].0 == c[2].0
                        && c[2].1 == c[3].1
                        && c[3].0 == c[0].0 =>
                {
                    let ((x0, y0), (x1, y1)) = (c[0], c[2]);
                    painter.rect(
                        x + x0.min(x1),
                        y + y0.min(y1),
                        (x1 - x0).abs(),
                        (y1 - y0).abs(),
                    );
                }
                Mark::Polygon(corners) => {
                    for (k, (dx, dy)) in corners.iter().enumerate() {
                        if k == 0 {
                            painter.move_to(x + dx, y + dy);
                        } else {
                            painter.line_to(x + dx, y + dy);
                        }
                    }
                    painter.close_path();
                }
            }
            painter.fill_and_stroke();
        }
    }
    painter.restore();
}

/// A fingerprint of everything the marks' pixels depend on: the canvas size, the scale, the
/// palette and every point's backing pixel, class and size. A layer of marks drawn earlier can
/// be reused as long as it is unchanged.
pub fn marks_key(size: (u32, u32), frame: &PlotFrame, scene: &Scene<'_>, theme: &Theme) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (size, theme.scale.to_bits()).hash(&mut hasher);
    for c in theme.classes.iter().chain([&theme.background]) {
        (c.0, c.1, c.2).hash(&mut hasher);
    }
    for p in scene.points() {
        (frame.to_backend(p.x, p.y), p.class, p.size.to_bits()).hash(&mut hasher);
    }
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Action, Session};

    /// Records the calls, one string per call.
    #[derive(Default)]
    struct Recorder(Vec<String>);

    impl MarkPainter for Recorder {
        fn save(&mut self) {
            self.0.push("save".into());
        }
        fn restore(&mut self) {
            self.0.push("restore".into());
        }
        fn set_outline(&mut self, width: f64, colour: &str) {
            self.0.push(format!("outline {width} {colour}"));
        }
        fn set_fill(&mut self, colour: &str) {
            self.0.push(format!("fill {colour}"));
        }
        fn begin_path(&mut self) {
            self.0.push("path".into());
        }
        fn circle(&mut self, x: f64, y: f64, radius: f64) {
            self.0.push(format!("circle {x} {y} {radius}"));
        }
        fn rect(&mut self, x: f64, y: f64, width: f64, height: f64) {
            self.0.push(format!("rect {x} {y} {width} {height}"));
        }
        fn move_to(&mut self, x: f64, y: f64) {
            self.0.push(format!("move {x} {y}"));
        }
        fn line_to(&mut self, x: f64, y: f64) {
            self.0.push(format!("line {x} {y}"));
        }
        fn close_path(&mut self) {
            self.0.push("close".into());
        }
        fn fill_and_stroke(&mut self) {
            self.0.push("draw".into());
        }
        fn put_image(&mut self, rgba: &[u8], width: u32, height: u32, dirty: [u32; 4]) -> bool {
            self.0
                .push(format!("image {width}x{height} {} {dirty:?}", rgba.len()));
            true
        }
    }

    impl RegionPainter for Recorder {
        fn put_cells(&mut self, rgba: &[u8], cols: u32, rows: u32, target: [f64; 4]) -> bool {
            self.0
                .push(format!("cells {cols}x{rows} {} {target:?}", rgba.len()));
            true
        }
    }

    fn seed000() -> Session {
        let mut session = Session::new();
        let _ = session
            .apply(Action::LoadPreset(crate::core::Preset::Seed000))
            .expect("the preset loads");
        session
    }

    #[test]
    fn marks_set_each_style_once_and_draw_one_path_per_point() {
        let session = seed000();
        let scene = session.scene();
        let theme = Theme::new(2.0);
        let frame = super::super::layout(800, 600, scene.view, &theme).expect("room to draw");
        let mut out = Recorder::default();
        paint_marks(&mut out, &frame, &scene, &theme);
        let calls = &out.0;
        assert_eq!(calls.first().map(String::as_str), Some("save"));
        assert_eq!(calls.last().map(String::as_str), Some("restore"));
        assert_eq!(calls.iter().filter(|c| c.starts_with("outline")).count(), 1);
        // Two classes: one fill style each; five points: a path each, filled and outlined.
        assert_eq!(calls.iter().filter(|c| c.starts_with("fill")).count(), 2);
        assert_eq!(calls.iter().filter(|c| *c == "path").count(), 5);
        assert_eq!(calls.iter().filter(|c| *c == "draw").count(), 5);
        // Class −1 (0) is a square in one call; class +1 a circle.
        assert_eq!(calls.iter().filter(|c| c.starts_with("rect")).count(), 2);
        assert_eq!(calls.iter().filter(|c| c.starts_with("circle")).count(), 3);
        // Each mark sits at the backend pixel plotters uses for the point.
        let (x, y) = frame.to_backend(3.0, 2.0);
        let r = match mark(1, 1.0, &theme) {
            Mark::Circle(r) => r,
            Mark::Polygon(_) => unreachable!("class 1 is a circle"),
        };
        assert!(calls.contains(&format!("circle {x} {y} {r}")), "{calls:?}");
    }

    #[test]
    fn the_marks_key_follows_the_points_and_the_palette() {
        let mut session = seed000();
        let theme = Theme::new(1.0);
        let frame = super::super::layout(640, 480, session.scene().view, &theme).expect("room");
        let key = marks_key((640, 480), &frame, &session.scene(), &theme);
        assert_eq!(
            key,
            marks_key((640, 480), &frame, &session.scene(), &theme),
            "the same scene, the same key"
        );
        assert_ne!(key, marks_key((641, 480), &frame, &session.scene(), &theme));
        assert_ne!(
            key,
            marks_key((640, 480), &frame, &session.scene(), &Theme::dark(1.0))
        );
        let _ = session.apply(Action::Step).expect("a step");
        assert_eq!(
            key,
            marks_key((640, 480), &frame, &session.scene(), &theme),
            "a step moves no point"
        );
    }

    #[test]
    fn the_region_map_is_one_image_of_one_pixel_per_cell_over_the_plot() {
        let theme = Theme::new(1.0);
        let frame = super::super::layout(
            640,
            480,
            Rect {
                x_min: -5.0,
                x_max: 5.0,
                y_min: -5.0,
                y_max: 5.0,
            },
            &theme,
        )
        .expect("room");
        let (view, cols, rows) = region_grid(&frame, 3.0);
        assert!(cols > 100 && rows > 100, "{cols} × {rows}");
        let region = Region {
            view,
            cols,
            rows,
            cells: (0..cols * rows).map(|i| (i % 3) as u8).collect(),
            contour: Vec::new(),
        };
        let image = region_image(&region, &theme).expect("cells");
        assert_eq!(image.len(), cols * rows * 4);
        assert_eq!(image[..4], theme.region_colour(0));
        assert_eq!(image[4..8], theme.region_colour(1));
        let mut out = Recorder::default();
        assert!(paint_region(&mut out, &frame, &region, &theme));
        assert_eq!(out.0.len(), 1, "one image: {:?}", out.0);
        assert!(out.0[0].starts_with(&format!("cells {cols}x{rows} {}", cols * rows * 4)));
        let empty = Region {
            cells: Vec::new(),
            ..region
        };
        assert!(!paint_region(&mut out, &frame, &empty, &theme));
    }
}
