//! The plot's lines and regions: the positive half-plane, the axes through the origin, a
//! boundary (solid or dashed) and the maximum-margin band.

use super::{DrawError, PlotFrame, Theme};
use crate::core::{band, clip_segment, positive_region, Boundary, MarginView};
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

pub(super) fn to_pixels(frame: &PlotFrame, points: &[(f64, f64)]) -> Vec<(i32, i32)> {
    points
        .iter()
        .map(|&(x, y)| frame.to_backend(x, y))
        .collect()
}

pub(super) fn draw_region<DB: DrawingBackend>(
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

pub(super) fn draw_origin_axes<DB: DrawingBackend>(
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
pub(super) fn draw_line<DB: DrawingBackend>(
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
pub(super) fn draw_margin_band<DB: DrawingBackend>(
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
