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
use crate::core::{band, clip_segment, positive_region, Boundary, Label, MarginView, Rect, Scene};
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
    if let Some(margin) = &scene.max_margin {
        draw_margin_band(area, &frame, margin, theme)?;
    }
    draw_region(area, &frame, &boundary, theme)?;
    draw_origin_axes(area, &frame, theme)?;
    if let Some(previous) = scene.previous {
        let ghost = Boundary::from_weights(&previous);
        draw_line(area, &frame, &ghost, theme.ghost, 2.0, Some(8.0), theme)?;
    }
    if let Some(pocket) = scene.pocket {
        let line = Boundary::from_weights(&pocket);
        draw_line(area, &frame, &line, theme.pocket, 2.5, Some(12.0), theme)?;
    }
    draw_line(area, &frame, &boundary, theme.boundary, 3.0, None, theme)?;
    draw_arrows(area, &frame, scene, theme)?;
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

/// A line `w·x + b = 0` clipped to the view: solid, or dashed with dashes of `dash` CSS px.
fn draw_line<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    line: &Boundary,
    color: RGBColor,
    width: f64,
    dash: Option<f64>,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let Some(segment) = line.segment(&frame.view()) else {
        return Ok(());
    };
    let style = color.stroke_width(theme.px(width));
    let points = to_pixels(frame, &segment);
    match dash {
        None => area.draw(&PathElement::new(points, style)),
        Some(dash) => area.draw(&DashedPathElement::new(
            points,
            theme.px(dash),
            theme.px(dash * 0.6),
            style,
        )),
    }
}

/// The maximum-margin separator: its band, shaded, and the dashed line in the middle.
fn draw_margin_band<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    margin: &MarginView,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let line = Boundary::from_weights(&margin.weights);
    // With unit weights in the perceptron's space, the support vectors have score ±γ*.
    let region = band(&line, margin.gamma, &frame.view());
    if region.len() >= 3 {
        area.draw(&Polygon::new(
            to_pixels(frame, &region),
            theme.max_margin.mix(0.16).filled(),
        ))?;
    }
    draw_line(area, frame, &line, theme.max_margin, 2.5, Some(10.0), theme)
}

/// The weight vector (its x-part) from the origin; after an update also the old w and the
/// `η·y·x` arrow placed tip-to-tail at the end of the old w, so the sum reads at a glance.
fn draw_arrows<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    scene: &Scene<'_>,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let now = (scene.weights[1], scene.weights[2]);
    if let Some(previous) = scene.previous {
        let old = (previous[1], previous[2]);
        let step_colour = match scene.visited {
            Some(v) if v.index < scene.data.len() => match scene.data.label(v.index) {
                Label::Pos => theme.positive,
                Label::Neg => theme.negative,
            },
            _ => theme.old_weight,
        };
        let old_w = Arrow {
            from: (0.0, 0.0),
            to: old,
            color: theme.old_weight,
            label: "old w",
            side: Label::Neg,
        };
        draw_arrow(area, frame, &old_w, theme)?;
        let update = Arrow {
            from: old,
            to: now,
            color: step_colour,
            label: "η·y·x",
            side: Label::Pos,
        };
        draw_arrow(area, frame, &update, theme)?;
    }
    let w = Arrow {
        from: (0.0, 0.0),
        to: now,
        color: theme.weight,
        label: "w",
        side: Label::Pos,
    };
    draw_arrow(area, frame, &w, theme)
}

/// An arrow to draw, in data coordinates.
#[derive(Clone, Copy)]
struct Arrow<'a> {
    from: (f64, f64),
    to: (f64, f64),
    color: RGBColor,
    label: &'a str,
    /// Which side of the arrow its label goes on (`Pos`: left of its direction).
    side: Label,
}

/// An arrow from `from` to `to` (data coordinates), clipped to the view; the head is drawn
/// where the visible part ends, pointing along the arrow, so its direction reads even when the
/// tip is off the plot. The label "w" sits beyond the tip (beside the head when the arrow was
/// cut); other labels sit beside the middle of the arrow, on the left (`side` = `Pos`) or the
/// right (`Neg`) of its direction, so the three arrows of an update never share a label spot.
/// Labels are kept inside the plot.
fn draw_arrow<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    arrow: &Arrow<'_>,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let Arrow {
        from,
        to,
        color,
        label,
        side,
    } = *arrow;
    if from == to {
        return Ok(());
    }
    let Some([start, end]) = clip_segment(from, to, &frame.view()) else {
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
    let head = f64::from(theme.px(16.0)).min(length * 0.6);
    let half_width = head * 0.45;
    let base = (ex - ux * head, ey - uy * head);
    let style = color.stroke_width(theme.px(3.5));
    area.draw(&PathElement::new(
        vec![
            (sx.round() as i32, sy.round() as i32),
            (base.0.round() as i32, base.1.round() as i32),
        ],
        style,
    ))?;
    let wing = |sign: f64| {
        (
            (base.0 - uy * half_width * sign).round() as i32,
            (base.1 + ux * half_width * sign).round() as i32,
        )
    };
    area.draw(&Polygon::new(
        vec![
            (ex.round() as i32, ey.round() as i32),
            wing(1.0),
            wing(-1.0),
        ],
        color.filled(),
    ))?;
    let clipped = end != to;
    let side_sign = if side == Label::Pos { 1.0 } else { -1.0 };
    let (anchor_x, anchor_y, offset_x, offset_y) = if label != "w" {
        // Beside the middle, perpendicular to the arrow.
        let (mx, my) = ((sx + ex) / 2.0, (sy + ey) / 2.0);
        (mx, my, uy * 16.0 * side_sign, -ux * 16.0 * side_sign)
    } else if clipped {
        (ex, ey, uy * 14.0, -ux * 14.0)
    } else {
        (ex, ey, ux * 10.0, uy * 10.0)
    };
    let (ex, ey) = (anchor_x, anchor_y);
    let (left, top) = frame.to_pixel(frame.view().x_min, frame.view().y_max);
    let (right, bottom) = frame.to_pixel(frame.view().x_max, frame.view().y_min);
    let width_guess = f64::from(theme.px(9.0)) * label.chars().count() as f64;
    let pad = f64::from(theme.px(16.0));
    let label_at = (
        (ex + offset_x * theme.scale - f64::from(theme.px(5.0)))
            .clamp(left + 2.0, (right - width_guess).max(left + 2.0))
            .round() as i32,
        (ey + offset_y * theme.scale - f64::from(theme.px(9.0)))
            .clamp(top + 2.0, (bottom - pad).max(top + 2.0))
            .round() as i32,
    );
    // A halo in the background colour keeps the label readable where a line crosses it.
    let (w, h) = (
        (f64::from(theme.px(9.5)) * label.chars().count() as f64) as i32,
        theme.px(19.0) as i32,
    );
    let pad = theme.px(2.0) as i32;
    area.draw(&Rectangle::new(
        [
            (label_at.0 - pad, label_at.1 - pad),
            (label_at.0 + w + pad, label_at.1 + h),
        ],
        theme.background.mix(0.78).filled(),
    ))?;
    let font = ("sans-serif", theme.font(16.0))
        .into_font()
        .style(FontStyle::Bold)
        .color(&color);
    area.draw(&Text::new(label.to_string(), label_at, font))?;
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
    if let Some(margin) = &scene.max_margin {
        for &i in &margin.support {
            if i < scene.data.len() {
                let x = scene.data.x(i);
                let centre = frame.to_backend(x[0], x[1]);
                let style = theme.max_margin.stroke_width(theme.px(2.5));
                area.draw(&Circle::new(centre, theme.px(10.0), style))?;
            }
        }
    }
    if let Some(i) = scene.selected {
        if i < scene.data.len() {
            let x = scene.data.x(i);
            let (cx, cy) = frame.to_backend(x[0], x[1]);
            let r = theme.px(11.0) as i32;
            let corners = [(cx - r, cy - r), (cx + r, cy + r)];
            area.draw(&Rectangle::new(
                corners,
                theme.ring.stroke_width(theme.px(2.0)),
            ))?;
        }
    }
    if let Some(visited) = scene.visited {
        if visited.index < scene.data.len() {
            let x = scene.data.x(visited.index);
            let centre = frame.to_backend(x[0], x[1]);
            // A mistake is told by a thicker, larger ring as well as by its colour.
            let (ring, radius, width) = if visited.mistake {
                (theme.ring_mistake, 13.0, 4.5)
            } else {
                (theme.ring, 11.0, 2.0)
            };
            area.draw(&Circle::new(
                centre,
                theme.px(radius),
                ring.stroke_width(theme.px(width)),
            ))?;
        }
    }
    Ok(())
}
