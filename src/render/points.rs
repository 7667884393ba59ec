//! The points: the mark of each class (shape and size) and the marks, support vectors, selection
//! and the ring of the visited sample drawn through plotters (the SVG export and the tests; the
//! page paints the marks through [`super::paint_marks`]).

use super::{DrawError, PlotFrame, Theme};
use crate::core::Scene;
use plotters::coord::Shift;
use plotters::prelude::*;

/// The mark of a point, in backing pixels around its centre.
#[derive(Debug, Clone, PartialEq)]
pub enum Mark {
    /// A disc of this radius (class 1, `+1`).
    Circle(f64),
    /// A polygon with these corners, relative to the centre.
    Polygon(Vec<(f64, f64)>),
}

/// The mark of a point of class `class` drawn `size` times the normal size: square (class 0,
/// `−1`), circle (1), triangle (2), diamond (3), inverted triangle (4), cross (5).
pub fn mark(class: usize, size: f64, theme: &Theme) -> Mark {
    let size = if size.is_finite() {
        size.clamp(0.3, 3.0)
    } else {
        1.0
    };
    let r = f64::from(theme.px(6.5)) * size;
    let corners: &[(f64, f64)] = match class {
        1 => return Mark::Circle(r.round().max(1.0)),
        0 => &[(-0.92, -0.92), (0.92, -0.92), (0.92, 0.92), (-0.92, 0.92)],
        2 => &[(0.0, -1.2), (1.1, 0.8), (-1.1, 0.8)],
        3 => &[(0.0, -1.25), (1.25, 0.0), (0.0, 1.25), (-1.25, 0.0)],
        4 => &[(0.0, 1.2), (1.1, -0.8), (-1.1, -0.8)],
        _ => &[
            (-0.35, -1.1),
            (0.35, -1.1),
            (0.35, -0.35),
            (1.1, -0.35),
            (1.1, 0.35),
            (0.35, 0.35),
            (0.35, 1.1),
            (-0.35, 1.1),
            (-0.35, 0.35),
            (-1.1, 0.35),
            (-1.1, -0.35),
            (-0.35, -0.35),
        ],
    };
    Mark::Polygon(
        corners
            .iter()
            .map(|(dx, dy)| ((dx * r).round(), (dy * r).round()))
            .collect(),
    )
}

pub(super) fn draw_points<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    scene: &Scene<'_>,
    theme: &Theme,
    with_marks: bool,
) -> Result<(), DrawError<DB>> {
    for point in scene.points().filter(|_| with_marks) {
        let centre = frame.to_backend(point.x, point.y);
        let colour = theme.class_colour(point.class);
        draw_mark(
            area,
            centre,
            &mark(point.class, point.size, theme),
            colour,
            theme,
        )?;
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
            draw_visited_ring(area, centre, visited.mistake, theme)?;
        }
    }
    Ok(())
}

/// A point's mark centred at pixel `centre`, filled with `colour` and outlined in the background
/// colour so that overlapping marks stay apart.
pub(super) fn draw_mark<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    (x, y): (i32, i32),
    shape: &Mark,
    colour: RGBColor,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let outline = theme.background.stroke_width(theme.px(1.5));
    match shape {
        Mark::Circle(radius) => {
            let radius = *radius as u32;
            area.draw(&Circle::new((x, y), radius, colour.filled()))?;
            area.draw(&Circle::new((x, y), radius, outline))?;
        }
        Mark::Polygon(corners) => {
            let corners: Vec<(i32, i32)> = corners
                .iter()
                .map(|(dx, dy)| (x + *dx as i32, y + *dy as i32))
                .collect();
            area.draw(&Polygon::new(corners.clone(), colour.filled()))?;
            let mut closed = corners;
            closed.push(closed[0]);
            area.draw(&PathElement::new(closed, outline))?;
        }
    }
    Ok(())
}

/// The ring around the sample just visited, at pixel `centre`.
pub(super) fn draw_visited_ring<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    centre: (i32, i32),
    mistake: bool,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    // A mistake is told by a thicker, larger ring as well as by its colour.
    let (ring, radius, width) = if mistake {
        (theme.ring_mistake, 13.0, 4.5)
    } else {
        (theme.ring, 11.0, 2.0)
    };
    area.draw(&Circle::new(
        centre,
        theme.px(radius),
        ring.stroke_width(theme.px(width)),
    ))?;
    Ok(())
}
