//! The pixel ↔ data mapping of one drawn frame. It is rebuilt by every draw and is never a second
//! source of truth: clicks are mapped through the frame that is on screen.

use crate::core::Rect;
use std::ops::Range;

/// Where the plot area of the last frame lies in backing pixels, and which data it shows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlotFrame {
    left: i32,
    right: i32,
    top: i32,
    bottom: i32,
    view: Rect,
}

impl PlotFrame {
    /// The plot area `xs × ys` (backing pixels) showing `view`.
    pub fn new(xs: Range<i32>, ys: Range<i32>, view: Rect) -> PlotFrame {
        PlotFrame {
            left: xs.start,
            right: xs.end,
            top: ys.start,
            bottom: ys.end,
            view,
        }
    }

    /// A frame with no plot area (the canvas was too small to draw into).
    pub fn empty(view: Rect) -> PlotFrame {
        PlotFrame::new(0..0, 0..0, view)
    }

    /// Whether the frame has no plot area ([`PlotFrame::empty`]).
    pub fn is_empty(&self) -> bool {
        self.left >= self.right || self.top >= self.bottom
    }

    /// The data rectangle shown.
    pub fn view(&self) -> Rect {
        self.view
    }

    /// Data units per backing pixel along x (the same along y).
    pub fn units_per_pixel(&self) -> f64 {
        let width = f64::from(self.right - self.left);
        if width > 0.0 {
            (self.view.x_max - self.view.x_min) / width
        } else {
            f64::NAN
        }
    }

    /// The exact (fractional) backing-pixel position of data point `(x, y)`.
    pub fn to_pixel(&self, x: f64, y: f64) -> (f64, f64) {
        let tx = (x - self.view.x_min) / (self.view.x_max - self.view.x_min);
        let ty = (y - self.view.y_min) / (self.view.y_max - self.view.y_min);
        (
            f64::from(self.left) + f64::from(self.right - self.left) * tx,
            f64::from(self.bottom) + f64::from(self.top - self.bottom) * ty,
        )
    }

    /// The backing pixel plotters uses for `(x, y)` (same rounding as its grid lines).
    pub fn to_backend(&self, x: f64, y: f64) -> (i32, i32) {
        let (px, py) = self.to_pixel(x, y);
        let px = px.clamp(-1e6, 1e6);
        let py = py.clamp(-1e6, 1e6);
        ((px + 1e-3).floor() as i32, (py - 1e-3).ceil() as i32)
    }

    /// The data point at backing-pixel position `(px, py)`, or `None` outside the plot area.
    pub fn to_data(&self, px: f64, py: f64) -> Option<(f64, f64)> {
        let inside = (f64::from(self.left)..=f64::from(self.right)).contains(&px)
            && (f64::from(self.top)..=f64::from(self.bottom)).contains(&py);
        if !inside || self.right <= self.left || self.bottom <= self.top {
            return None;
        }
        let tx = (px - f64::from(self.left)) / f64::from(self.right - self.left);
        let ty = (py - f64::from(self.bottom)) / f64::from(self.top - self.bottom);
        Some((
            self.view.x_min + tx * (self.view.x_max - self.view.x_min),
            self.view.y_min + ty * (self.view.y_max - self.view.y_min),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_outside() {
        let view = Rect {
            x_min: -5.0,
            x_max: 5.0,
            y_min: -4.0,
            y_max: 4.0,
        };
        let frame = PlotFrame::new(60..560, 14..414, view);
        let (px, py) = frame.to_pixel(1.0, 2.0);
        let (x, y) = frame.to_data(px, py).unwrap();
        assert!((x - 1.0).abs() < 1e-12 && (y - 2.0).abs() < 1e-12);
        assert_eq!(frame.to_pixel(-5.0, 4.0), (60.0, 14.0));
        assert_eq!(frame.to_data(10.0, 100.0), None);
        assert_eq!(frame.to_data(100.0, 500.0), None);
    }
}
