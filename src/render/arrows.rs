//! The arrows of the plot: the weight vector, and after an update the old w and the `η·y·x`
//! arrow tip to tail; the class vectors of the multiclass models; the practice's guessed w′.
//! Their labels are placed so that no two overlap (`Labels`): each tries its own spot first,
//! then the other side of its arrow and farther out.

use super::{DrawError, PlotFrame, Theme};
use crate::core::{clip_segment, Dataset, Label, Rect, Scene};
use plotters::coord::Shift;
use plotters::prelude::*;

/// The most points whose marks the arrows' labels keep clear of: a denser plot has no room
/// to spare, and its labels keep to their own spots.
const POINTS_AVOIDED: usize = 500;

/// What the arrows' labels keep clear of, in pixel boxes (left, top, right, bottom): the labels
/// already drawn, which they never cover when a spot is left, and the points' marks, which they
/// cover only when no spot clear of both is left.
#[derive(Debug, Default)]
pub(crate) struct Labels {
    drawn: Vec<[i32; 4]>,
    marks: Vec<[i32; 4]>,
    /// The arrows' shafts (pixels, start and end), kept clear of like the marks.
    shafts: Vec<((f64, f64), (f64, f64))>,
}

impl Labels {
    /// Labels to be placed clear of the marks of the points of `data` too (up to
    /// [`POINTS_AVOIDED`] points).
    pub(crate) fn around_points(frame: &PlotFrame, data: &Dataset, theme: &Theme) -> Labels {
        let r = f64::from(theme.px(8.0));
        let marks = if data.len() <= POINTS_AVOIDED && data.dim() == 2 {
            (0..data.len())
                .map(|i| {
                    let x = data.x(i);
                    let (px, py) = frame.to_pixel(x[0], x[1]);
                    [px - r, py - r, px + r, py + r].map(|v| v.round() as i32)
                })
                .collect()
        } else {
            Vec::new()
        };
        Labels {
            drawn: Vec::new(),
            marks,
            shafts: Vec::new(),
        }
    }

    /// Whether box `b` keeps clear of every shaft.
    fn clear_of_shafts(&self, b: [i32; 4]) -> bool {
        let [l, t, r, bottom] = b.map(f64::from);
        self.shafts
            .iter()
            .all(|&(p, q)| !segment_meets_box(p, q, [l, t, r, bottom]))
    }

    fn clear_of(boxes: &[[i32; 4]], b: [i32; 4]) -> bool {
        boxes
            .iter()
            .all(|o| b[2] <= o[0] || o[2] <= b[0] || b[3] <= o[1] || o[3] <= b[1])
    }
}

/// The weight vector (its x-part) from the origin; after an update also the old w and the
/// `η·y·x` arrow placed tip-to-tail at the end of the old w, so the sum reads at a glance.
pub(crate) fn draw_arrows<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    scene: &Scene<'_>,
    weights: [f64; 3],
    labels: &mut Labels,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let now = (weights[1], weights[2]);
    let mut arrows = Vec::with_capacity(3);
    if let Some(previous) = scene.previous {
        let old = (previous[1], previous[2]);
        let step_colour = match scene.visited {
            Some(v) if v.index < scene.data.len() => match scene.data.label(v.index) {
                Label::Pos => theme.positive,
                Label::Neg => theme.negative,
            },
            _ => theme.old_weight,
        };
        arrows.push(Arrow {
            from: (0.0, 0.0),
            to: old,
            color: theme.old_weight,
            label: "old w",
            side: Label::Neg,
        });
        arrows.push(Arrow {
            from: old,
            to: now,
            color: step_colour,
            label: if scene.visited.is_some() {
                "η·y·x"
            } else {
                "η·Σ y·x"
            },
            side: Label::Pos,
        });
    }
    arrows.push(Arrow {
        from: (0.0, 0.0),
        to: now,
        color: theme.weight,
        label: "w",
        side: Label::Pos,
    });
    // Every shaft first, then the labels: no arrow is drawn over another's label. The new w's
    // label is placed first, the old w's last.
    let mut shafts = Vec::with_capacity(arrows.len());
    for arrow in &arrows {
        let shaft = draw_shaft(area, frame, arrow, theme)?;
        if let Some(shaft) = &shaft {
            labels.shafts.push((shaft.start, shaft.end));
        }
        shafts.push(shaft);
    }
    for (arrow, shaft) in arrows.iter().zip(&shafts).rev() {
        if let Some(shaft) = shaft {
            draw_arrow_label(area, frame, arrow, shaft, labels, theme)?;
        }
    }
    Ok(())
}

/// An arrow to draw, in data coordinates.
#[derive(Clone, Copy)]
pub(crate) struct Arrow<'a> {
    pub(crate) from: (f64, f64),
    pub(crate) to: (f64, f64),
    pub(crate) color: RGBColor,
    pub(crate) label: &'a str,
    /// Which side of the arrow its label goes on (`Pos`: left of its direction).
    pub(crate) side: Label,
}

/// An arrow from `from` to `to` (data coordinates), clipped to the view; the head is drawn
/// where the visible part ends, pointing along the arrow, so its direction reads even when the
/// tip is off the plot. The label "w" sits beyond the tip (beside the head when the arrow was
/// cut); other labels sit beside the middle of the arrow, on the left (`side` = `Pos`) or the
/// right (`Neg`) of its direction, so the three arrows of an update never share a label spot.
/// Labels are kept inside the plot; where a label drawn before (in `labels`) holds the spot, on
/// short arrows, the label goes to the other side or farther out.
pub(crate) fn draw_arrow<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    arrow: &Arrow<'_>,
    labels: &mut Labels,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    match draw_shaft(area, frame, arrow, theme)? {
        Some(shaft) => {
            labels.shafts.push((shaft.start, shaft.end));
            draw_arrow_label(area, frame, arrow, &shaft, labels, theme)
        }
        None => Ok(()),
    }
}

/// Where an arrow was drawn, in pixels, for its label.
struct Shaft {
    start: (f64, f64),
    end: (f64, f64),
    /// The unit direction.
    unit: (f64, f64),
    /// Whether the tip is off the plot (the head drawn where the visible part ends).
    clipped: bool,
}

/// An arrow's shaft and head, clipped to the view; `None` when nothing of it shows.
fn draw_shaft<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    arrow: &Arrow<'_>,
    theme: &Theme,
) -> Result<Option<Shaft>, DrawError<DB>> {
    let Arrow {
        from, to, color, ..
    } = *arrow;
    if from == to {
        return Ok(None);
    }
    let Some([start, end]) = clip_segment(from, to, &frame.view()) else {
        return Ok(None);
    };
    let (sx, sy) = frame.to_pixel(start.0, start.1);
    let (ex, ey) = frame.to_pixel(end.0, end.1);
    Ok(
        draw_arrow_pixels(area, (sx, sy), (ex, ey), color, (3.5, 16.0), theme)?.map(|unit| Shaft {
            start: (sx, sy),
            end: (ex, ey),
            unit,
            clipped: end != to,
        }),
    )
}

/// Where a label may go: an anchor on or beside the arrow, and an offset from it (CSS px).
type Spot = ((f64, f64), (f64, f64));

/// The label of an arrow drawn as `shaft`, at the first free one of its spots.
fn draw_arrow_label<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    arrow: &Arrow<'_>,
    shaft: &Shaft,
    labels: &mut Labels,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let Arrow {
        color, label, side, ..
    } = *arrow;
    let ((sx, sy), (ex, ey), (ux, uy), clipped) =
        (shaft.start, shaft.end, shaft.unit, shaft.clipped);
    let side_sign = if side == Label::Pos { 1.0 } else { -1.0 };
    let at_tip = label == "w" || label.starts_with('W');
    // Where the label may go, the first free one taken: (anchor, offset from it in CSS px).
    let mid = ((sx + ex) / 2.0, (sy + ey) / 2.0);
    let across = |k: f64| (uy * 16.0 * k, -ux * 16.0 * k);
    let along = |t: f64| (sx + (ex - sx) * t, sy + (ey - sy) * t);
    let spots: Vec<Spot> = if !at_tip {
        // Beside the middle, perpendicular to the arrow; then beside other points of it, on
        // either side; then farther out.
        let near = [side_sign, -side_sign].into_iter().flat_map(|k| {
            [mid, along(0.3), along(0.75)]
                .into_iter()
                .map(move |anchor| (anchor, k))
        });
        let far = [2.2 * side_sign, -2.2 * side_sign]
            .into_iter()
            .map(|k| (mid, k));
        near.chain(far)
            .map(|(anchor, k)| (anchor, across(k)))
            .collect()
    } else if clipped {
        vec![
            ((ex, ey), (uy * 14.0, -ux * 14.0)),
            ((ex, ey), (-uy * 14.0, ux * 14.0)),
        ]
    } else {
        vec![
            ((ex, ey), (ux * 10.0, uy * 10.0)),
            ((ex, ey), (ux * 10.0 + uy * 18.0, uy * 10.0 - ux * 18.0)),
            ((ex, ey), (ux * 10.0 - uy * 18.0, uy * 10.0 + ux * 18.0)),
            ((ex, ey), (ux * 28.0, uy * 28.0)),
        ]
    };
    let (left, top) = frame.to_pixel(frame.view().x_min, frame.view().y_max);
    let (right, bottom) = frame.to_pixel(frame.view().x_max, frame.view().y_min);
    let width_guess = f64::from(theme.px(9.0)) * label.chars().count() as f64;
    let low = f64::from(theme.px(16.0));
    // The label's box: a halo in the background colour keeps it readable where a line crosses.
    let (w, h) = (
        (f64::from(theme.px(9.5)) * label.chars().count() as f64) as i32,
        theme.px(19.0) as i32,
    );
    let pad = theme.px(2.0) as i32;
    // A label starts just left of its spot, or (the second try of each spot) ends there.
    let place = |(((ax, ay), (ox, oy)), ends): (Spot, bool)| {
        let back = if ends {
            f64::from(w)
        } else {
            f64::from(theme.px(5.0))
        };
        let at = (
            (ax + ox * theme.scale - back)
                .clamp(left + 2.0, (right - width_guess).max(left + 2.0))
                .round() as i32,
            (ay + oy * theme.scale - f64::from(theme.px(9.0)))
                .clamp(top + 2.0, (bottom - low).max(top + 2.0))
                .round() as i32,
        );
        (at, [at.0 - pad, at.1 - pad, at.0 + w + pad, at.1 + h])
    };
    // The first spot clear of labels, shafts and marks; else the first clear of labels and
    // shafts; else the first clear of labels; else the first.
    let placed: Vec<_> = spots
        .iter()
        .flat_map(|&spot| [(spot, false), (spot, true)])
        .map(place)
        .collect();
    let clear = |b: [i32; 4]| Labels::clear_of(&labels.drawn, b);
    let unshafted = |b: [i32; 4]| clear(b) && labels.clear_of_shafts(b);
    let (label_at, b) = placed
        .iter()
        .find(|(_, b)| unshafted(*b) && Labels::clear_of(&labels.marks, *b))
        .or_else(|| placed.iter().find(|(_, b)| unshafted(*b)))
        .or_else(|| placed.iter().find(|(_, b)| clear(*b)))
        .unwrap_or(&placed[0])
        .to_owned();
    labels.drawn.push(b);
    area.draw(&Rectangle::new(
        [(b[0], b[1]), (b[2], b[3])],
        theme.background.mix(0.78).filled(),
    ))?;
    let font = ("sans-serif", theme.font(16.0))
        .into_font()
        .style(FontStyle::Bold)
        .color(&color);
    area.draw(&Text::new(label.to_string(), label_at, font))?;
    Ok(())
}

/// An arrow's shaft and filled head from pixel `from` to pixel `to`, `sizes` = (shaft width,
/// head length) in CSS pixels. Returns its unit direction, or `None` when it is too short to
/// draw.
pub(crate) fn draw_arrow_pixels<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    (sx, sy): (f64, f64),
    (ex, ey): (f64, f64),
    colour: RGBColor,
    (width, head): (f64, f64),
    theme: &Theme,
) -> Result<Option<(f64, f64)>, DrawError<DB>> {
    let (dx, dy) = (ex - sx, ey - sy);
    let length = dx.hypot(dy);
    if length < 1.0 {
        return Ok(None);
    }
    let (ux, uy) = (dx / length, dy / length);
    let head = f64::from(theme.px(head)).min(length * 0.6);
    let half_width = head * 0.45;
    let base = (ex - ux * head, ey - uy * head);
    area.draw(&PathElement::new(
        vec![
            (sx.round() as i32, sy.round() as i32),
            (base.0.round() as i32, base.1.round() as i32),
        ],
        colour.stroke_width(theme.px(width)),
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
        colour.filled(),
    ))?;
    Ok(Some((ux, uy)))
}

/// Whether the segment from `p` to `q` meets the box `[left, top, right, bottom]`: some part
/// of it survives clipping to the box.
fn segment_meets_box(p: (f64, f64), q: (f64, f64), [l, t, r, b]: [f64; 4]) -> bool {
    let rect = Rect {
        x_min: l,
        x_max: r,
        y_min: t,
        y_max: b,
    };
    clip_segment(p, q, &rect).is_some()
}

#[cfg(test)]
mod tests {
    use super::segment_meets_box;

    #[test]
    fn segments_and_boxes() {
        let b = [10.0, 10.0, 20.0, 20.0];
        assert!(segment_meets_box((0.0, 15.0), (30.0, 15.0), b), "across");
        assert!(segment_meets_box((12.0, 12.0), (13.0, 13.0), b), "inside");
        assert!(
            segment_meets_box((15.0, 0.0), (15.0, 10.0), b),
            "touching the top"
        );
        assert!(!segment_meets_box((0.0, 0.0), (30.0, 5.0), b), "above");
        assert!(!segment_meets_box((0.0, 0.0), (9.0, 30.0), b), "left of it");
        assert!(
            !segment_meets_box((0.0, 19.0), (19.0, 0.0), b),
            "past the corner"
        );
        assert!(
            segment_meets_box((0.0, 30.0), (30.0, 0.0), b),
            "through the corner's side"
        );
    }
}
