//! The batch perceptron's charts: `J_p` and `|M|` per epoch, and the paths of `(w1, w2)` of
//! the batch and the online rule side by side in "w-space".

use super::{DrawError, Theme};
use crate::core::numfmt::num;
use crate::core::BatchView;
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

/// Draws the three charts of `view` on `area`: `J_p` (top left), `|M|` (bottom left) and the
/// w-space paths (right).
pub fn draw_batch<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    view: &BatchView,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    area.fill(&theme.background)?;
    let (width, _) = area.dim_in_pixel();
    let (left, right) = area.split_horizontally(width / 2);
    let (top, bottom) = {
        let (_, h) = left.dim_in_pixel();
        left.split_vertically(h / 2)
    };
    let epochs: Vec<(f64, f64, f64)> = view
        .epochs
        .iter()
        .map(|&(e, j, m)| (e as f64, j, m as f64))
        .collect();
    let last = epochs.last().map_or(1.0, |e| e.0).max(1.0);
    let font = ("sans-serif", theme.font(13.0))
        .into_font()
        .color(&theme.text);
    let caption = ("sans-serif", theme.font(15.0))
        .into_font()
        .color(&theme.text);
    for (panel, title, pick, colour) in [
        (&top, "J_p per epoch", 1usize, theme.boundary),
        (
            &bottom,
            "|M| per epoch (misclassified)",
            2,
            theme.ring_mistake,
        ),
    ] {
        let values: Vec<(f64, f64)> = epochs
            .iter()
            .map(|e| (e.0, if pick == 1 { e.1 } else { e.2 }))
            .collect();
        let top_value = chart_limit(values.iter().map(|v| v.1).fold(0.0f64, f64::max) * 1.1);
        // Beyond the axis (a J_p that overflowed), at its edge.
        let values: Vec<(f64, f64)> = values
            .into_iter()
            .map(|(x, y)| (x, within(y, top_value)))
            .collect();
        let mut chart = ChartBuilder::on(panel)
            .caption(title, caption.clone())
            .margin(theme.px(6.0))
            .x_label_area_size(theme.px(26.0))
            .y_label_area_size(theme.px(44.0))
            .build_cartesian_2d(0.5..last + 0.5, 0.0..top_value)?;
        chart
            .configure_mesh()
            .light_line_style(theme.grid_light)
            .bold_line_style(theme.grid_bold)
            .axis_style(theme.axis.stroke_width(theme.px(1.0)))
            .x_labels(6)
            .y_labels(4)
            .x_label_formatter(&|v| num(v.round()))
            .y_label_formatter(&|v| num((*v * 100.0).round() / 100.0))
            .label_style(font.clone())
            .draw()?;
        let style = colour.stroke_width(theme.px(2.5));
        chart.draw_series(LineSeries::new(thin_extremes(&values), style))?;
        chart.draw_series(
            markers(&values)
                .iter()
                .map(|&p| Circle::new(p, theme.px(3.5), colour.filled())),
        )?;
    }
    draw_paths(&right, view, theme)
}

/// The most epochs drawn with a mark each; beyond, the marks would overlap (more epochs than
/// pixels) and a run to step 100,000 drew 100,000 circles at every frame, 2.6 s (hostile run,
/// seed 1 #5573, issue #15): the line alone shows them.
pub const MAX_MARKS: usize = 400;

/// The most points of a line or path handed to the backend (see [`thin_extremes`]).
pub const MAX_LINE_POINTS: usize = 2_000;

/// The points that get a mark: all of them, or none past [`MAX_MARKS`].
fn markers<T: Copy>(points: &[T]) -> &[T] {
    if points.len() <= MAX_MARKS {
        points
    } else {
        &[]
    }
}

/// A per-epoch series of more than [`MAX_LINE_POINTS`] points cut into runs of consecutive
/// epochs, each drawn by its first, lowest, highest and last points in epoch order: the line
/// keeps every peak and trough a pixel column could show.
pub fn thin_extremes(values: &[(f64, f64)]) -> Vec<(f64, f64)> {
    if values.len() <= MAX_LINE_POINTS {
        return values.to_vec();
    }
    let run = values.len().div_ceil(MAX_LINE_POINTS / 4);
    let mut out = Vec::with_capacity(MAX_LINE_POINTS + 4);
    for chunk in values.chunks(run) {
        let (mut lo, mut hi) = (0, 0);
        for (i, v) in chunk.iter().enumerate() {
            if v.1 < chunk[lo].1 {
                lo = i;
            }
            if v.1 > chunk[hi].1 {
                hi = i;
            }
        }
        let mut picks = [0, lo.min(hi), lo.max(hi), chunk.len() - 1];
        picks.sort_unstable();
        let mut last = None;
        for i in picks {
            if last != Some(i) {
                out.push(chunk[i]);
                last = Some(i);
            }
        }
    }
    out
}

/// A path of more than [`MAX_LINE_POINTS`] points by every k-th point, the first and the last
/// kept.
fn thin_path(points: &[(f64, f64)]) -> Vec<(f64, f64)> {
    if points.len() <= MAX_LINE_POINTS {
        return points.to_vec();
    }
    let k = points.len().div_ceil(MAX_LINE_POINTS);
    let mut out: Vec<(f64, f64)> = points.iter().step_by(k).copied().collect();
    if let Some(&end) = points.last() {
        if out.last() != Some(&end) {
            out.push(end);
        }
    }
    out
}

/// The top of a chart's axis for values up to `top`: at least 1, and at most [`CHART_LIMIT`]
/// (a run whose weights or J_p reach 1e308 or overflow would give plotters an infinite range,
/// which it cannot put ticks on: it never returns). Larger values are drawn at the edge.
fn chart_limit(top: f64) -> f64 {
    if top.is_nan() {
        return 1.0;
    }
    top.clamp(1.0, CHART_LIMIT)
}

/// `v` brought onto an axis from −`limit` to `limit` (NaN to 0): plotters maps a value far
/// beyond its axis to a pixel that overflows.
fn within(v: f64, limit: f64) -> f64 {
    if v.is_nan() {
        0.0
    } else {
        v.clamp(-limit, limit)
    }
}

/// The largest axis a chart is given.
const CHART_LIMIT: f64 = 1e300;

fn draw_paths<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    view: &BatchView,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let all = view.batch_path.iter().chain(&view.online_path);
    let reach = chart_limit(
        all.flat_map(|p| [p[0].abs(), p[1].abs()])
            .fold(1.0f64, f64::max)
            * 1.15,
    );
    let font = ("sans-serif", theme.font(13.0))
        .into_font()
        .color(&theme.text);
    let caption = ("sans-serif", theme.font(15.0))
        .into_font()
        .color(&theme.text);
    let mut chart = ChartBuilder::on(area)
        .caption("w-space: (w1, w2) after each epoch", caption)
        .margin(theme.px(6.0))
        .x_label_area_size(theme.px(26.0))
        .y_label_area_size(theme.px(44.0))
        .build_cartesian_2d(-reach..reach, -reach..reach)?;
    chart
        .configure_mesh()
        .light_line_style(theme.grid_light)
        .bold_line_style(theme.grid_bold)
        .axis_style(theme.axis.stroke_width(theme.px(1.0)))
        .x_labels(5)
        .y_labels(5)
        .x_label_formatter(&|v| num((*v * 100.0).round() / 100.0))
        .y_label_formatter(&|v| num((*v * 100.0).round() / 100.0))
        .label_style(font.clone())
        .draw()?;
    let at_edge = |p: &[f64; 2]| (within(p[0], reach), within(p[1], reach));
    let batch: Vec<(f64, f64)> = view.batch_path.iter().map(at_edge).collect();
    let online: Vec<(f64, f64)> = view.online_path.iter().map(at_edge).collect();
    let (batch_marks, online_marks) = (markers(&batch).to_vec(), markers(&online).to_vec());
    let (batch, online) = (thin_path(&batch), thin_path(&online));
    let online_style = theme.averaged.stroke_width(theme.px(2.5));
    chart
        .draw_series(std::iter::once(DashedPathElement::new(
            online.clone(),
            theme.px(7.0),
            theme.px(4.0),
            online_style,
        )))?
        .label("online (classic rule)")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], online_style));
    chart.draw_series(
        online_marks
            .iter()
            .map(|&p| Circle::new(p, theme.px(3.0), theme.averaged.filled())),
    )?;
    let batch_style = theme.boundary.stroke_width(theme.px(2.5));
    chart
        .draw_series(LineSeries::new(batch.iter().copied(), batch_style))?
        .label("batch")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], batch_style));
    chart.draw_series(
        batch_marks
            .iter()
            .map(|&p| Circle::new(p, theme.px(3.5), theme.boundary.filled())),
    )?;
    chart
        .configure_series_labels()
        .background_style(theme.background.mix(0.85))
        .border_style(theme.axis)
        .label_font(font)
        .position(SeriesLabelPosition::UpperLeft)
        .draw()?;
    Ok(())
}
