//! The learning curve ([`CurveView`]): the training points wrong after each step (solid), the
//! updates so far (dashed), the mistake bound as a horizontal line, a tick where each epoch
//! begins and a ring on the step on show.

use super::{thin_extremes, DrawError, Theme};
use crate::core::curve::CurveView;
use crate::core::numfmt::num;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

/// Where the curve's steps lie across the drawing, to turn a click into a step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CurveFrame {
    /// The pixel columns of the first and last step.
    pub pixels: (f64, f64),
    /// The first and last step of the axis.
    pub steps: (f64, f64),
}

impl CurveFrame {
    /// The step at pixel column `x` (not rounded; outside the axis it extrapolates).
    pub fn step_at(&self, x: f64) -> f64 {
        let (p0, p1) = self.pixels;
        let (s0, s1) = self.steps;
        if (p1 - p0).abs() < f64::EPSILON {
            return s0;
        }
        s0 + (x - p0) / (p1 - p0) * (s1 - s0)
    }
}

/// Draws `view` on `area`.
pub fn draw_curve<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    view: &CurveView,
    theme: &Theme,
) -> Result<CurveFrame, DrawError<DB>> {
    area.fill(&theme.background)?;
    let first = view.points.first().map_or(0.0, |p| p.step as f64);
    let last = (view.last as f64).max(first + 1.0);
    let bound = view.bound.filter(|_| view.bound_on_chart());
    let top = chart_top(view.most().max(bound.unwrap_or(0.0)));
    let font = ("sans-serif", theme.font(13.0))
        .into_font()
        .color(&theme.text);
    let mut chart = ChartBuilder::on(area)
        .margin(theme.px(8.0))
        .x_label_area_size(theme.px(34.0))
        .y_label_area_size(theme.px(44.0))
        .build_cartesian_2d(first..last, 0.0..top)?;
    chart
        .configure_mesh()
        .light_line_style(theme.grid_light)
        .bold_line_style(theme.grid_bold)
        .axis_style(theme.axis.stroke_width(theme.px(1.0)))
        .x_labels(6)
        .y_labels(5)
        .x_desc("step")
        .x_label_formatter(&|v| num(v.round()))
        .y_label_formatter(&|v| num(v.round()))
        .label_style(font.clone())
        .axis_desc_style(font)
        .draw()?;
    let wrong: Vec<(f64, f64)> = view
        .points
        .iter()
        .map(|p| (p.step as f64, p.wrong as f64))
        .collect();
    let updates: Vec<(f64, f64)> = view
        .points
        .iter()
        .map(|p| (p.step as f64, (p.updates as f64).min(top)))
        .collect();
    let width = theme.px(2.5);
    // Each line is named in the legend (the caption and the words say the same).
    let key = theme.px(22.0) as i32;
    if let Some(bound) = bound {
        let style = theme.max_margin.stroke_width(theme.px(2.0));
        chart
            .draw_series(std::iter::once(DashedPathElement::new(
                vec![(first, bound), (last, bound)],
                theme.px(10.0),
                theme.px(6.0),
                style,
            )))?
            .label(format!("mistake bound (R/γ*)² = {}", num(bound)))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + key, y)], style));
    }
    if let (None, Some(far)) = (bound, view.bound) {
        // Far above the counts: said at the chart's top instead of drawn.
        let (x, y) = (first + (last - first) * 0.02, top * 0.97);
        chart.draw_series(std::iter::once(Text::new(
            format!("↑ mistake bound (R/γ*)² = {} (off the chart)", num(far)),
            (x, y),
            ("sans-serif", theme.font(13.0))
                .into_font()
                .color(&theme.max_margin),
        )))?;
    }
    let style = theme.boundary.stroke_width(width);
    chart
        .draw_series(std::iter::once(DashedPathElement::new(
            thin_extremes(&updates),
            theme.px(7.0),
            theme.px(4.0),
            style,
        )))?
        .label("updates so far (dashed)")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + key, y)], style));
    let style = theme.ring_mistake.stroke_width(width);
    chart
        .draw_series(LineSeries::new(thin_extremes(&wrong), style))?
        .label("training points wrong")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + key, y)], style));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::MiddleRight)
        .legend_area_size(theme.px(30.0))
        .background_style(theme.background.mix(0.9))
        .border_style(theme.axis)
        .label_font(
            ("sans-serif", theme.font(13.0))
                .into_font()
                .color(&theme.text),
        )
        .draw()?;
    draw_marks(&mut chart, view, theme, top)?;
    let spec = chart.as_coord_spec();
    let (x0, _) = spec.translate(&(first, 0.0));
    let (x1, _) = spec.translate(&(last, 0.0));
    Ok(CurveFrame {
        pixels: (f64::from(x0), f64::from(x1)),
        steps: (first, last),
    })
}

/// The ticks at the foot of the chart where each epoch begins, and the rings on the step on show.
fn draw_marks<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    view: &CurveView,
    theme: &Theme,
    top: f64,
) -> Result<(), DrawError<DB>> {
    // A tick at the foot of the chart where each epoch begins.
    let tick = top * 0.06;
    chart.draw_series(view.epoch_starts().into_iter().map(|s| {
        PathElement::new(
            vec![(s as f64, 0.0), (s as f64, tick)],
            theme.axis.stroke_width(theme.px(1.5)),
        )
    }))?;
    if let Some(p) = view.at_show() {
        let s = p.step as f64;
        chart.draw_series([
            Circle::new(
                (s, p.wrong as f64),
                theme.px(6.0),
                theme.ring_mistake.stroke_width(theme.px(2.0)),
            ),
            Circle::new(
                (s, (p.updates as f64).min(top)),
                theme.px(6.0),
                theme.boundary.stroke_width(theme.px(2.0)),
            ),
        ])?;
    }
    Ok(())
}

/// A round top for the y axis a little above `most` (at least 1).
fn chart_top(most: f64) -> f64 {
    let most = if most.is_finite() { most.max(1.0) } else { 1.0 };
    (most * 1.1).ceil()
}
