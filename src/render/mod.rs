//! Drawing: one [`draw`] function, generic over plotters' `DrawingBackend`.
//!
//! The page draws through plotters-canvas, the tests (and later "Export SVG") through the SVG
//! backend. Every size is multiplied by [`Theme::scale`] (the devicePixelRatio in the browser),
//! so lines, points and text stay the same size in CSS pixels and crisp on HiDPI screens.

mod frame;
mod theme;

pub use frame::PlotFrame;
pub use theme::Theme;

use crate::core::numfmt::num;
use crate::core::{clip_segment, positive_region, Boundary, Label, Rect, Scene};
use plotters::coord::Shift;
use plotters::prelude::*;

/// The error of a failed draw: whatever the backend reported.
pub type DrawError<DB> = DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>;

/// Draws the scene on `area` and returns the pixel ↔ data mapping of the plot it drew.
///
/// Layers, back to front: background, grid and axes with ticks, the positive half-plane (lightly
/// shaded), the axes through the origin, the decision boundary `w·x + b = 0`, the weight vector
/// (its x-part, from the origin), the points (class by colour *and* shape), the ring around the
/// sample just visited.
pub fn draw<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scene: &Scene<'_>,
    theme: &Theme,
) -> Result<PlotFrame, DrawError<DB>> {
    area.fill(&theme.background)?;
    let (width, height) = area.dim_in_pixel();
    let margin = theme.px(14.0);
    let left_labels = theme.px(46.0);
    let bottom_labels = theme.px(40.0);
    let plot_w = f64::from(width) - f64::from(2 * margin + left_labels);
    let plot_h = f64::from(height) - f64::from(2 * margin + bottom_labels);
    if plot_w < 10.0 || plot_h < 10.0 {
        return Ok(PlotFrame::empty(scene.view));
    }
    let view = equal_aspect(scene.view, plot_w, plot_h);

    let mut chart = ChartBuilder::on(area)
        .margin(margin)
        .x_label_area_size(bottom_labels)
        .y_label_area_size(left_labels)
        .build_cartesian_2d(view.x_min..view.x_max, view.y_min..view.y_max)?;
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
        .draw()?;
    let (xs, ys) = chart.plotting_area().get_pixel_range();
    let frame = PlotFrame::new(xs, ys, view);

    let boundary = Boundary::from_weights(&scene.weights);
    draw_region(area, &frame, &boundary, theme)?;
    draw_origin_axes(area, &frame, theme)?;
    draw_boundary(area, &frame, &boundary, theme)?;
    draw_weight_arrow(area, &frame, &boundary, theme)?;
    draw_points(area, &frame, scene, theme)?;
    Ok(frame)
}

/// How many x labels to ask for so that x ticks get the same spacing as the 11 y ticks.
fn tick_count(span_x: f64, span_y: f64) -> usize {
    let ratio = if span_y > 0.0 { span_x / span_y } else { 1.0 };
    ((11.0 * ratio).ceil() as usize).clamp(3, 40)
}

/// Widens one axis of `view` so that a data unit has the same length on screen in x and y.
fn equal_aspect(view: Rect, plot_w: f64, plot_h: f64) -> Rect {
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

fn to_pixels(frame: &PlotFrame, points: &[(f64, f64)]) -> Vec<(i32, i32)> {
    points
        .iter()
        .map(|&(x, y)| frame.to_backend(x, y))
        .collect()
}

fn draw_region<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    boundary: &Boundary,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let region = positive_region(boundary, &frame.view());
    if region.len() >= 3 {
        area.draw(&Polygon::new(
            to_pixels(frame, &region),
            theme.positive_region.filled(),
        ))?;
    }
    Ok(())
}

fn draw_origin_axes<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let view = frame.view();
    let style = theme.origin_axes.stroke_width(theme.px(1.5));
    for (a, b) in [
        ((view.x_min, 0.0), (view.x_max, 0.0)),
        ((0.0, view.y_min), (0.0, view.y_max)),
    ] {
        if let Some([p, q]) = clip_segment(a, b, &view) {
            area.draw(&PathElement::new(to_pixels(frame, &[p, q]), style))?;
        }
    }
    Ok(())
}

fn draw_boundary<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    boundary: &Boundary,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    if let Some(segment) = boundary.segment(&frame.view()) {
        let style = theme.boundary.stroke_width(theme.px(3.0));
        area.draw(&PathElement::new(to_pixels(frame, &segment), style))?;
    }
    Ok(())
}

/// The x-part of w as an arrow from the origin, clipped to the view; the head is drawn where the
/// arrow ends, pointing along w, so the direction reads even when the tip is off the plot.
fn draw_weight_arrow<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    boundary: &Boundary,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    if boundary.w1 == 0.0 && boundary.w2 == 0.0 {
        return Ok(());
    }
    let Some([start, end]) = clip_segment((0.0, 0.0), (boundary.w1, boundary.w2), &frame.view())
    else {
        return Ok(());
    };
    let (sx, sy) = frame.to_pixel(start.0, start.1);
    let (ex, ey) = frame.to_pixel(end.0, end.1);
    let (dx, dy) = (ex - sx, ey - sy);
    let length = dx.hypot(dy);
    if length < 1.0 {
        return Ok(());
    }
    let (ux, uy) = (dx / length, dy / length);
    let head = (f64::from(theme.px(16.0))).min(length * 0.6);
    let half_width = head * 0.45;
    let base = (ex - ux * head, ey - uy * head);
    let style = theme.weight.stroke_width(theme.px(3.5));
    let shaft_end = (base.0.round() as i32, base.1.round() as i32);
    area.draw(&PathElement::new(
        vec![(sx.round() as i32, sy.round() as i32), shaft_end],
        style,
    ))?;
    let tip = (ex.round() as i32, ey.round() as i32);
    let wing = |sign: f64| {
        (
            (base.0 - uy * half_width * sign).round() as i32,
            (base.1 + ux * half_width * sign).round() as i32,
        )
    };
    area.draw(&Polygon::new(
        vec![tip, wing(1.0), wing(-1.0)],
        theme.weight.filled(),
    ))?;
    // The label sits just beyond the tip, or beside the head when the arrow was cut at the edge
    // of the plot; it is kept inside the plot so it is never cut off.
    let clipped = (end.0, end.1) != (boundary.w1, boundary.w2);
    let (offset_x, offset_y) = if clipped {
        (uy * 14.0, -ux * 14.0) // perpendicular to the arrow
    } else {
        (ux * 10.0, uy * 10.0)
    };
    let (left, top) = frame.to_pixel(frame.view().x_min, frame.view().y_max);
    let (right, bottom) = frame.to_pixel(frame.view().x_max, frame.view().y_min);
    let pad = f64::from(theme.px(16.0));
    let label_at = (
        (ex + offset_x * theme.scale - f64::from(theme.px(5.0)))
            .clamp(left + 2.0, (right - pad).max(left + 2.0))
            .round() as i32,
        (ey + offset_y * theme.scale - f64::from(theme.px(9.0)))
            .clamp(top + 2.0, (bottom - pad).max(top + 2.0))
            .round() as i32,
    );
    let font = ("sans-serif", theme.font(17.0))
        .into_font()
        .style(FontStyle::Bold)
        .color(&theme.weight);
    area.draw(&Text::new("w", label_at, font))?;
    Ok(())
}

fn draw_points<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    scene: &Scene<'_>,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let radius = theme.px(6.5);
    let half_side = theme.px(6.0) as i32;
    let outline = theme.background.stroke_width(theme.px(1.5));
    for point in scene.points() {
        let (x, y) = frame.to_backend(point.x, point.y);
        match point.label {
            Label::Pos => {
                area.draw(&Circle::new((x, y), radius, theme.positive.filled()))?;
                area.draw(&Circle::new((x, y), radius, outline))?;
            }
            Label::Neg => {
                let corners = [
                    (x - half_side, y - half_side),
                    (x + half_side, y + half_side),
                ];
                area.draw(&Rectangle::new(corners, theme.negative.filled()))?;
                area.draw(&Rectangle::new(corners, outline))?;
            }
        }
    }
    if let Some(visited) = scene.visited {
        if visited.index < scene.data.len() {
            let x = scene.data.x(visited.index);
            let centre = frame.to_backend(x[0], x[1]);
            let ring = if visited.mistake {
                theme.ring_mistake
            } else {
                theme.ring
            };
            area.draw(&Circle::new(
                centre,
                theme.px(12.0),
                ring.stroke_width(theme.px(3.0)),
            ))?;
        }
    }
    Ok(())
}
