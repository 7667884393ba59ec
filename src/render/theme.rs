//! Colours and sizes of the plot.

use plotters::style::RGBColor;
use plotters::style::{Color, RGBAColor};

/// Colours (Okabe–Ito, safe for colour-blind viewers) and the pixel scale.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Theme {
    /// Backing-store pixels per CSS pixel (devicePixelRatio); every size is multiplied by it.
    pub scale: f64,
    /// Page background.
    pub background: RGBColor,
    /// Tick labels and axis titles.
    pub text: RGBColor,
    /// Major grid lines.
    pub grid_bold: RGBAColor,
    /// Minor grid lines.
    pub grid_light: RGBAColor,
    /// The frame of the plot.
    pub axis: RGBColor,
    /// The lines x1 = 0 and x2 = 0.
    pub origin_axes: RGBColor,
    /// Class +1 (drawn as circles).
    pub positive: RGBColor,
    /// Class −1 (drawn as squares).
    pub negative: RGBColor,
    /// The half-plane where the score is positive.
    pub positive_region: RGBAColor,
    /// The decision boundary.
    pub boundary: RGBColor,
    /// The weight vector arrow.
    pub weight: RGBColor,
    /// The ring around a correctly classified visited sample.
    pub ring: RGBColor,
    /// The ring around a visited sample that caused an update.
    pub ring_mistake: RGBColor,
}

impl Theme {
    /// The standard theme at `scale` (use the devicePixelRatio; 1 for SVG).
    pub fn new(scale: f64) -> Theme {
        let scale = if scale.is_finite() && scale > 0.0 {
            scale.clamp(0.5, 8.0)
        } else {
            1.0
        };
        Theme {
            scale,
            background: RGBColor(255, 255, 255),
            text: RGBColor(33, 33, 33),
            grid_bold: RGBColor(0, 0, 0).mix(0.10),
            grid_light: RGBColor(0, 0, 0).mix(0.04),
            axis: RGBColor(97, 97, 97),
            origin_axes: RGBColor(120, 120, 120),
            positive: RGBColor(0, 114, 178),
            negative: RGBColor(213, 94, 0),
            positive_region: RGBColor(0, 114, 178).mix(0.10),
            boundary: RGBColor(20, 20, 20),
            weight: RGBColor(0, 158, 115),
            ring: RGBColor(20, 20, 20),
            ring_mistake: RGBColor(204, 0, 0),
        }
    }

    /// A length of `css` CSS pixels in backing pixels (at least 1).
    pub fn px(&self, css: f64) -> u32 {
        (css * self.scale).round().max(1.0) as u32
    }

    /// A font size of `css` CSS pixels in backing pixels.
    pub fn font(&self, css: f64) -> f64 {
        (css * self.scale).round()
    }
}

impl Default for Theme {
    fn default() -> Self {
        Theme::new(1.0)
    }
}
