//! Practice mode's guess on the plot: what a student put there to answer a question.

use super::{draw_arrow, draw_line, Arrow, DrawError, Labels, PlotFrame, Theme};
use crate::core::{Boundary, Label};
use plotters::coord::Shift;
use plotters::prelude::*;

/// Practice mode's guess: the guessed boundary as a dashed line through its two ends (each
/// end ringed, one ring while only one is placed), or the tip of w′ as an arrow "your w′", in
/// the text colour (its contrast holds on every theme's plot).
pub(super) fn draw_guess<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    frame: &PlotFrame,
    guess: &crate::core::Guess,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    if let [a, b] = guess.ends[..] {
        // The line through a and b: normal (-(b2 - a2), b1 - a1), through a.
        let n = [a[1] - b[1], b[0] - a[0]];
        if n != [0.0, 0.0] {
            let w = [-(n[0] * a[0] + n[1] * a[1]), n[0], n[1]];
            draw_line(
                area,
                frame,
                &Boundary::from_weights(&w),
                theme.text,
                2.5,
                Some(7.0),
                theme,
            )?;
        }
    }
    for end in &guess.ends {
        let (x, y) = frame.to_pixel(end[0], end[1]);
        area.draw(&Circle::new(
            (x.round() as i32, y.round() as i32),
            theme.px(7.0),
            theme.text.stroke_width(theme.px(2.5)),
        ))?;
    }
    if let Some(tip) = guess.tip {
        let arrow = Arrow {
            from: (0.0, 0.0),
            to: (tip[0], tip[1]),
            color: theme.text,
            label: "your w′",
            side: Label::Neg,
        };
        draw_arrow(area, frame, &arrow, &mut Labels::default(), theme)?;
    }
    Ok(())
}
