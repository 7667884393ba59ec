//! Drawing: one [`draw`] function, generic over plotters' `DrawingBackend`.
//!
//! The page draws through plotters-canvas, the tests (and later "Export SVG") through the SVG
//! backend. Every size is multiplied by [`Theme::scale`] (the devicePixelRatio in the browser),
//! so lines, points and text stay the same size in CSS pixels and crisp on HiDPI screens.

mod arrows;
mod augmented;
mod charts;
mod cursor;
mod curve;
mod fast;
mod frame;
mod guess;
mod lines;
mod points;
mod raster;
mod theme;

pub(crate) use arrows::draw_arrow_pixels;
use arrows::{draw_arrow, draw_arrows, Arrow, Labels};
pub use augmented::draw_augmented;
pub use charts::{draw_batch, thin_extremes, MAX_LINE_POINTS, MAX_MARKS};
pub use curve::{draw_curve, CurveFrame};
pub use fast::{
    marks_key, paint_marks, paint_region, region_grid, region_image, MarkPainter, RegionPainter,
};
pub use frame::PlotFrame;
use lines::{draw_line, draw_margin_band, draw_origin_axes, draw_region, to_pixels};
pub use points::{mark, Mark};
pub use raster::{paint_marks_image, raster_marks, MarkRaster};
pub use theme::{Theme, PRESENTER_SCALE};

use crate::core::numfmt::num;
use crate::core::{Boundary, Label, Rect, Scene};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

/// The error of a failed draw: whatever the backend reported.
pub type DrawError<DB> = DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>;

/// Draws the scene on `area` and returns the pixel ↔ data mapping of the plot it drew.
///
/// Layers, back to front: background, grid and axes with ticks, the max-margin band (when
/// shown), the positive half-plane (lightly shaded), the axes through the origin, the previous
/// boundary as a dashed ghost after an update, the pocket boundary (dashed), the decision
/// boundary `w·x + b = 0`, the arrows (old w, η·y·x tip-to-tail, new w; or just w), the points
/// (class by colour *and* shape), support vectors, the selected point and the ring around the
/// sample just visited, the legend, and the keyboard cursor on top of everything.
pub fn draw<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scene: &Scene<'_>,
    theme: &Theme,
) -> Result<PlotFrame, DrawError<DB>> {
    draw_with_underlay(area, scene, theme, |_| false, |_| false, |_| false)
}

/// The plot's backdrop for `view` on `area`: the background, the grid, and the axes with their
/// ticks, tick labels and titles — the first layers [`draw`] draws when the scene has no region
/// map, the same pixels. A page may keep it on a canvas of its own and copy it under later
/// frames of the same size, view and theme (the `backdrop` hook of [`draw_with_underlay`]):
/// text is the costliest part of a frame with few points (issue #13).
pub fn draw_backdrop<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    view: Rect,
    theme: &Theme,
) -> Result<PlotFrame, DrawError<DB>> {
    area.fill(&theme.background)?;
    let Some((mut chart, frame)) = chart_on(area, view, theme)? else {
        return Ok(PlotFrame::empty(view));
    };
    draw_mesh(&mut chart, frame.view(), theme)?;
    Ok(frame)
}

/// What [`draw`] draws of a scene with nothing on it (a new session: no point, no model):
/// the backdrop ([`draw_backdrop`]) and the axes through the origin, the same pixels
/// (`tests/first_frame.rs`). The page's first frame is this, drawn before the lab has loaded
/// by a module that holds none of the rest of the drawing (`src/web/first_frame.rs`).
pub fn draw_blank<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    view: Rect,
    theme: &Theme,
) -> Result<PlotFrame, DrawError<DB>> {
    let frame = draw_backdrop(area, view, theme)?;
    // Without room for a plot, draw fills the background and stops there too.
    if !frame.is_empty() {
        draw_origin_axes(area, &frame, theme)?;
    }
    Ok(frame)
}

/// The chart of `view` on `area` (widened to equal aspect) and its frame; `None` when the area
/// has no room for a plot.
#[allow(clippy::type_complexity)]
fn chart_on<'a, DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    view: Rect,
    theme: &Theme,
) -> Result<
    Option<(
        ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
        PlotFrame,
    )>,
    DrawError<DB>,
> {
    let (width, height) = area.dim_in_pixel();
    let Some(laid) = layout(width, height, view, theme) else {
        return Ok(None);
    };
    let view = laid.view();
    let (margin, left_labels, bottom_labels) = gutters(theme);
    let chart = ChartBuilder::on(area)
        .margin(margin)
        .x_label_area_size(bottom_labels)
        .y_label_area_size(left_labels)
        .build_cartesian_2d(view.x_min..view.x_max, view.y_min..view.y_max)?;
    let (xs, ys) = chart.plotting_area().get_pixel_range();
    Ok(Some((chart, PlotFrame::new(xs, ys, view))))
}

/// The grid, the axes, their ticks, tick labels and titles of `chart` (showing `view`).
fn draw_mesh<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    view: Rect,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let label_font = ("sans-serif", theme.font(14.0))
        .into_font()
        .color(&theme.text);
    let desc_font = ("sans-serif", theme.font(15.0))
        .into_font()
        .color(&theme.text);
    chart
        .configure_mesh()
        .bold_line_style(theme.grid_bold.stroke_width(theme.px(1.0)))
        .light_line_style(theme.grid_light.stroke_width(theme.px(1.0)))
        .axis_style(theme.axis.stroke_width(theme.px(1.0)))
        .max_light_lines(1)
        .x_labels(tick_count(view.x_max - view.x_min, view.y_max - view.y_min))
        .y_labels(11)
        .x_label_formatter(&|v| num(*v))
        .y_label_formatter(&|v| num(*v))
        .label_style(label_font)
        .axis_desc_style(desc_font)
        .x_desc("x₁")
        .y_desc("x₂")
        .set_all_tick_mark_size(theme.px(4.0))
        .draw()
}

/// The backing pixels around the plot: the margin, and the room for the y and x tick labels.
fn gutters(theme: &Theme) -> (u32, u32, u32) {
    (theme.px(14.0), theme.px(46.0), theme.px(40.0))
}

/// The plot's pixel rectangle and the widened view for an area of `width × height` backing
/// pixels: what [`draw`] will use, so that a region map can be computed for it first.
pub fn layout(width: u32, height: u32, view: Rect, theme: &Theme) -> Option<PlotFrame> {
    let (margin, left_labels, bottom_labels) = gutters(theme);
    let plot_w = f64::from(width) - f64::from(2 * margin + left_labels);
    let plot_h = f64::from(height) - f64::from(2 * margin + bottom_labels);
    if plot_w < 10.0 || plot_h < 10.0 {
        return None;
    }
    let view = equal_aspect(view, plot_w, plot_h);
    let x0 = (margin + left_labels) as i32;
    let y0 = margin as i32;
    Some(PlotFrame::new(
        x0..(width - margin) as i32,
        y0..(height - margin - bottom_labels) as i32,
        view,
    ))
}

/// [`draw`], with `underlay` called after the background is filled and before the grid, with
/// the plot's frame: it may paint the region map itself (the page puts a whole RGBA image in
/// one call) and return `true`; otherwise (`false`) the region map, if the scene has one, is
/// drawn here with one rectangle per cell.
///
/// `marks` is called where the points' marks go (after the lines, before the rings): it may draw
/// them itself (the page does, with one fill per class instead of a styled call per point) and
/// return `true`; otherwise they are drawn here, each with [`mark`]'s shape.
///
/// `backdrop` is called first when the scene has no region map: it may put the plot's backdrop
/// ([`draw_backdrop`] of this view, size and theme, kept from an earlier frame) and return
/// `true`; otherwise (`false`) the background and the mesh are drawn here.
pub fn draw_with_underlay<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scene: &Scene<'_>,
    theme: &Theme,
    underlay: impl FnOnce(&PlotFrame) -> bool,
    marks: impl FnOnce(&PlotFrame) -> bool,
    backdrop: impl FnOnce(&PlotFrame) -> bool,
) -> Result<PlotFrame, DrawError<DB>> {
    // The drawing takes the hooks as trait objects, so that it is compiled once per backend
    // rather than once per set of hooks (three in the page); each hook is called at most once.
    let (mut underlay, mut marks, mut backdrop) = (Some(underlay), Some(marks), Some(backdrop));
    draw_layers(
        area,
        scene,
        theme,
        &mut |frame| underlay.take().is_some_and(|hook| hook(frame)),
        &mut |frame| marks.take().is_some_and(|hook| hook(frame)),
        &mut |frame| backdrop.take().is_some_and(|hook| hook(frame)),
    )
}

/// [`draw_with_underlay`]'s drawing, with its hooks.
fn draw_layers<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scene: &Scene<'_>,
    theme: &Theme,
    underlay: &mut dyn FnMut(&PlotFrame) -> bool,
    marks: &mut dyn FnMut(&PlotFrame) -> bool,
    backdrop: &mut dyn FnMut(&PlotFrame) -> bool,
) -> Result<PlotFrame, DrawError<DB>> {
    let Some((mut chart, frame)) = chart_on(area, scene.view, theme)? else {
        area.fill(&theme.background)?;
        return Ok(PlotFrame::empty(scene.view));
    };
    // Without a region map the first layers are the backdrop, which `backdrop` may put whole.
    let kept = scene.region.is_none() && backdrop(&frame);
    if !kept {
        area.fill(&theme.background)?;
        if let Some(region) = scene.region {
            if !underlay(&frame) {
                draw_region_cells(area, &frame, region, theme)?;
            }
        }
        draw_mesh(&mut chart, frame.view(), theme)?;
    }

    if let Some(margin) = &scene.max_margin {
        draw_margin_band(area, &frame, margin, theme)?;
    }
    if let (Some(weights), None) = (scene.weights, scene.region) {
        // The averaged perceptron predicts with w̄: shade its positive side.
        let shaded = scene.averaged.unwrap_or(weights);
        draw_region(area, &frame, &Boundary::from_weights(&shaded), theme)?;
    }
    draw_origin_axes(area, &frame, theme)?;
    if let Some(region) = scene.region {
        let style = theme.boundary.stroke_width(theme.px(3.0));
        for [a, b] in &region.contour {
            area.draw(&PathElement::new(to_pixels(&frame, &[*a, *b]), style))?;
        }
    }
    if let Some(previous) = scene.previous {
        let ghost = Boundary::from_weights(&previous);
        draw_line(area, &frame, &ghost, theme.ghost, 2.0, Some(8.0), theme)?;
    }
    if let Some(pocket) = scene.pocket {
        let line = Boundary::from_weights(&pocket);
        draw_line(area, &frame, &line, theme.pocket, 2.5, Some(12.0), theme)?;
    }
    if let Some(averaged) = scene.averaged {
        let line = Boundary::from_weights(&averaged);
        draw_line(area, &frame, &line, theme.averaged, 3.0, Some(10.0), theme)?;
    }
    let mut placed: Vec<(f64, f64)> = Vec::new();
    for line in &scene.lines {
        let boundary = Boundary::from_weights(&line.weights);
        let colour = theme.class_colour(line.class);
        draw_line(area, &frame, &boundary, colour, 2.5, None, theme)?;
        if let Some(other) = line.other {
            // One-vs-one: dashes of the pair's other class over the line, so that every pair
            // has its own two colours.
            draw_line(
                area,
                &frame,
                &boundary,
                theme.class_colour(other),
                2.5,
                Some(9.0),
                theme,
            )?;
        }
        if let Some(segment) = boundary.segment(&frame.view()) {
            // The label goes where the visible part of the line is farthest from the points and
            // from the labels already placed, so it never sits on a sample.
            let (a, b) = (segment[0], segment[1]);
            let clearance = |at: (f64, f64)| {
                let (px, py) = frame.to_pixel(at.0, at.1);
                scene
                    .points()
                    .map(|p| frame.to_pixel(p.x, p.y))
                    .chain(placed.iter().copied())
                    .map(|(qx, qy)| (qx - px).hypot(qy - py))
                    .fold(f64::INFINITY, f64::min)
            };
            let at = [0.12, 0.25, 0.38, 0.5, 0.62, 0.75, 0.88]
                .iter()
                .map(|t| (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1)))
                .max_by(|p, q| clearance(*p).total_cmp(&clearance(*q)))
                .unwrap_or(a);
            placed.push(frame.to_pixel(at.0, at.1));
            draw_label(area, &frame, at, &line.label, colour, theme)?;
        }
    }
    let mut labels = Labels::around_points(&frame, scene.data, theme);
    if let Some(weights) = scene.weights {
        let boundary = Boundary::from_weights(&weights);
        draw_line(area, &frame, &boundary, theme.boundary, 3.0, None, theme)?;
        draw_arrows(area, &frame, scene, weights, &mut labels, theme)?;
    }
    for (k, w) in &scene.class_arrows {
        let arrow = Arrow {
            from: (0.0, 0.0),
            to: (w[1], w[2]),
            color: theme.class_colour(*k),
            label: &format!("W{k}"),
            side: Label::Pos,
        };
        draw_arrow(area, &frame, &arrow, &mut labels, theme)?;
    }
    if let Some(guess) = scene.guess {
        guess::draw_guess(area, &frame, guess, theme)?;
    }
    let marks_drawn = marks(&frame);
    points::draw_points(area, &frame, scene, theme, !marks_drawn)?;
    draw_legend(area, &frame, scene, theme)?;
    if let Some(mark) = &scene.cursor {
        cursor::draw_cursor(area, &frame, scene, mark, theme)?;
    }
    Ok(frame)
}

/// The region map with one filled rectangle per cell (for backends without image support).
fn draw_region_cells<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    region: &crate::core::Region,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let view = region.view;
    let cell_w = (view.x_max - view.x_min) / region.cols as f64;
    let cell_h = (view.y_max - view.y_min) / region.rows as f64;
    for (r, row) in region.cells.chunks(region.cols).enumerate() {
        let mut c = 0;
        while c < row.len() {
            // One rectangle per run of equal cells keeps SVG output small.
            let code = row[c];
            let start = c;
            while c < row.len() && row[c] == code {
                c += 1;
            }
            let [red, green, blue, _] = theme.region_colour(code);
            let top_left = frame.to_backend(
                view.x_min + start as f64 * cell_w,
                view.y_max - r as f64 * cell_h,
            );
            let bottom_right = frame.to_backend(
                view.x_min + c as f64 * cell_w,
                view.y_max - (r + 1) as f64 * cell_h,
            );
            area.draw(&Rectangle::new(
                [top_left, bottom_right],
                RGBColor(red, green, blue).filled(),
            ))?;
        }
    }
    Ok(())
}

/// A short label on a halo at data point `at`, kept inside the plot.
fn draw_label<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    at: (f64, f64),
    label: &str,
    colour: RGBColor,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let (x, y) = frame.to_pixel(at.0, at.1);
    let (left, top) = frame.to_pixel(frame.view().x_min, frame.view().y_max);
    let (right, bottom) = frame.to_pixel(frame.view().x_max, frame.view().y_min);
    let w = f64::from(theme.px(8.5)) * label.chars().count() as f64;
    let h = f64::from(theme.px(18.0));
    let x = (x + f64::from(theme.px(4.0))).clamp(left + 2.0, (right - w - 2.0).max(left + 2.0));
    let y = (y - h - f64::from(theme.px(2.0))).clamp(top + 2.0, (bottom - h - 2.0).max(top + 2.0));
    let pad = theme.px(2.0) as i32;
    let (xi, yi) = (x.round() as i32, y.round() as i32);
    area.draw(&Rectangle::new(
        [(xi - pad, yi - pad), (xi + w as i32 + pad, yi + h as i32)],
        theme.background.mix(0.8).filled(),
    ))?;
    let font = ("sans-serif", theme.font(14.0))
        .into_font()
        .style(FontStyle::Bold)
        .color(&colour);
    area.draw(&Text::new(label.to_string(), (xi, yi), font))
}

/// A key in the top-left corner of the plot for the family's extra lines (averaged, kernel
/// contour, ambiguous regions), so a student can tell them apart without the docs.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    scene: &Scene<'_>,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    if !theme.legend {
        return Ok(());
    }
    let mut entries: Vec<(RGBColor, bool, &str)> = Vec::new();
    if scene.averaged.is_some() {
        entries.push((theme.boundary, false, "w: current"));
        entries.push((theme.averaged, true, "w̄: averaged (predicts)"));
    }
    if let Some(region) = scene.region {
        if !region.contour.is_empty() {
            entries.push((theme.boundary, false, "f(x) = 0"));
        }
        if region.cells.contains(&crate::core::region::TIED) {
            entries.push((theme.tied, false, "grey: no single class"));
        }
    }
    if entries.is_empty() {
        return Ok(());
    }
    let (left, top) = frame.to_pixel(frame.view().x_min, frame.view().y_max);
    let line_h = f64::from(theme.px(20.0));
    let width = f64::from(theme.px(8.0)) * 26.0;
    let x0 = (left + f64::from(theme.px(8.0))).round() as i32;
    let y0 = (top + f64::from(theme.px(8.0))).round() as i32;
    area.draw(&Rectangle::new(
        [
            (x0, y0),
            (
                x0 + width as i32,
                y0 + (line_h * entries.len() as f64) as i32 + theme.px(8.0) as i32,
            ),
        ],
        theme.background.mix(0.88).filled(),
    ))?;
    for (k, (colour, dashed, text)) in entries.into_iter().enumerate() {
        let y = y0 + theme.px(4.0) as i32 + (line_h * k as f64) as i32 + (line_h / 2.0) as i32;
        let a = (x0 + theme.px(6.0) as i32, y);
        let b = (x0 + theme.px(34.0) as i32, y);
        let style = colour.stroke_width(theme.px(3.0));
        if colour == theme.tied {
            // Region entries get a filled patch of the region's own colour.
            let [r, g, bl, _] = theme.region_colour(crate::core::region::TIED);
            area.draw(&Rectangle::new(
                [
                    (a.0, y - theme.px(7.0) as i32),
                    (b.0, y + theme.px(7.0) as i32),
                ],
                RGBColor(r, g, bl).filled(),
            ))?;
        } else if dashed {
            area.draw(&DashedPathElement::new(
                vec![a, b],
                theme.px(7.0),
                theme.px(4.0),
                style,
            ))?;
        } else {
            area.draw(&PathElement::new(vec![a, b], style))?;
        }
        let font = ("sans-serif", theme.font(14.0))
            .into_font()
            .color(&theme.text);
        area.draw(&Text::new(
            text.to_string(),
            (b.0 + theme.px(6.0) as i32, y - theme.px(8.0) as i32),
            font,
        ))?;
    }
    Ok(())
}

/// How many x labels to ask for so that x ticks get the same spacing as the 11 y ticks.
fn tick_count(span_x: f64, span_y: f64) -> usize {
    let ratio = if span_y > 0.0 { span_x / span_y } else { 1.0 };
    ((11.0 * ratio).ceil() as usize).clamp(3, 40)
}

/// Widens one axis of `view` so that a data unit has the same length on screen in x and y.
fn equal_aspect(view: Rect, plot_w: f64, plot_h: f64) -> Rect {
    // A range plotters can mesh: finite ends and a finite, positive span (an infinite one never
    // finishes its tick search). The session's views always are; anything else shows [-1, 1]².
    let drawable = |r: &Rect| {
        let (w, h) = (r.x_max - r.x_min, r.y_max - r.y_min);
        w.is_finite() && h.is_finite() && w > 0.0 && h > 0.0
    };
    let widened = widen(view, plot_w, plot_h);
    if drawable(&widened) {
        widened
    } else if drawable(&view) {
        view
    } else {
        Rect {
            x_min: -1.0,
            x_max: 1.0,
            y_min: -1.0,
            y_max: 1.0,
        }
    }
}

fn widen(view: Rect, plot_w: f64, plot_h: f64) -> Rect {
    let span_x = view.x_max - view.x_min;
    let span_y = view.y_max - view.y_min;
    // The axis that limits the scale keeps its exact range (so its end ticks stay on the plot).
    if span_x / plot_w >= span_y / plot_h {
        let half_h = span_x / plot_w * plot_h / 2.0;
        let cy = (view.y_min + view.y_max) / 2.0;
        Rect {
            y_min: cy - half_h,
            y_max: cy + half_h,
            ..view
        }
    } else {
        let half_w = span_y / plot_h * plot_w / 2.0;
        let cx = (view.x_min + view.x_max) / 2.0;
        Rect {
            x_min: cx - half_w,
            x_max: cx + half_w,
            ..view
        }
    }
}
