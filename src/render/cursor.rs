//! The keyboard cursor: a crosshair with its coordinates, drawn over everything else while the
//! plot has focus.

use super::{DrawError, PlotFrame, Theme};
use crate::core::numfmt::point;
use crate::core::{CursorMark, Scene};
use plotters::coord::Shift;
use plotters::prelude::*;

/// Draws the crosshair at the cursor: four arms with a gap at the centre (so the point under it
/// stays visible), in the text colour on a halo of the background colour, so it stands out on
/// the points, lines and regions in every theme; a ring around it while it carries a point;
/// and its coordinates in a label beside it, kept inside the plot and off the points.
pub(super) fn draw_cursor<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    scene: &Scene<'_>,
    cursor: &CursorMark,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let (cx, cy) = frame.to_backend(cursor.x, cursor.y);
    // The gap leaves a point's mark (about 8 CSS pixels across its centre) uncovered, and
    // the ring of a carried point.
    let ring = theme.px(15.0);
    let gap = if cursor.carrying {
        ring as i32 + theme.px(4.0) as i32
    } else {
        theme.px(10.0) as i32
    };
    let arm = gap + theme.px(16.0) as i32;
    let arms = [
        [(cx - arm, cy), (cx - gap, cy)],
        [(cx + gap, cy), (cx + arm, cy)],
        [(cx, cy - arm), (cx, cy - gap)],
        [(cx, cy + gap), (cx, cy + arm)],
    ];
    let halo = theme.background.stroke_width(theme.px(6.0));
    let line = theme.text.stroke_width(theme.px(2.5));
    for style in [halo, line] {
        for segment in &arms {
            area.draw(&PathElement::new(segment.to_vec(), style))?;
        }
    }
    if cursor.carrying {
        area.draw(&Circle::new((cx, cy), ring, halo))?;
        area.draw(&Circle::new((cx, cy), ring, line))?;
    }
    let text = point(&[cursor.x, cursor.y]);
    draw_coordinates(area, frame, scene, (cx, cy), &text, theme)
}

/// The cursor's coordinates in a box beside it: in the first corner around it (above right,
/// above left, below right, below left) that lies inside the plot and hides no point, else
/// in the one farthest from the points.
fn draw_coordinates<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    scene: &Scene<'_>,
    (cx, cy): (i32, i32),
    text: &str,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let font = ("sans-serif", theme.font(14.0))
        .into_font()
        .color(&theme.text);
    let (w, h) = area
        .estimate_text_size(text, &font)
        .map(|(w, h)| (w as i32, h as i32))
        .unwrap_or_else(|_| {
            let w = f64::from(theme.px(8.0)) * text.chars().count() as f64;
            (w as i32, theme.px(16.0) as i32)
        });
    let pad = theme.px(4.0) as i32;
    let offset = theme.px(14.0) as i32;
    let view = frame.view();
    let (left, top) = frame.to_backend(view.x_min, view.y_max);
    let (right, bottom) = frame.to_backend(view.x_max, view.y_min);
    let (bw, bh) = (w + 2 * pad, h + 2 * pad);
    let inside = |(x, y): (i32, i32)| {
        (
            x.clamp(left, (right - bw).max(left)),
            y.clamp(top, (bottom - bh).max(top)),
        )
    };
    let corners = [
        (cx + offset, cy - offset - bh),
        (cx - offset - bw, cy - offset - bh),
        (cx + offset, cy + offset),
        (cx - offset - bw, cy + offset),
    ];
    // How close the nearest point's centre comes to a box at (x, y), in backing pixels.
    let centres: Vec<(i32, i32)> = scene.points().map(|p| frame.to_backend(p.x, p.y)).collect();
    let clearance = |(x, y): (i32, i32)| {
        centres
            .iter()
            .map(|&(px, py)| {
                let dx = (x - px).max(px - (x + bw)).max(0);
                let dy = (y - py).max(py - (y + bh)).max(0);
                f64::from(dx).hypot(f64::from(dy))
            })
            .fold(f64::INFINITY, f64::min)
    };
    // A point's mark reaches about 8 CSS pixels from its centre.
    let clear = f64::from(theme.px(10.0));
    let fits = |&(x, y): &(i32, i32)| x >= left && x + bw <= right && y >= top && y + bh <= bottom;
    let (x, y) = corners
        .iter()
        .copied()
        .find(|c| fits(c) && clearance(*c) >= clear)
        .unwrap_or_else(|| {
            corners
                .iter()
                .map(|&c| inside(c))
                .max_by(|a, b| clearance(*a).total_cmp(&clearance(*b)))
                .unwrap_or((left, top))
        });
    area.draw(&Rectangle::new(
        [(x, y), (x + bw, y + bh)],
        theme.background.filled(),
    ))?;
    area.draw(&Rectangle::new(
        [(x, y), (x + bw, y + bh)],
        theme.text.stroke_width(theme.px(1.0)),
    ))?;
    area.draw(&Text::new(text.to_string(), (x + pad, y + pad), font))
}
