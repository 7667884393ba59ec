//! Colours and sizes of the plot.

use plotters::style::RGBColor;
use plotters::style::{Color, RGBAColor};

/// How much larger presenter mode draws every line, mark and label.
pub const PRESENTER_SCALE: f64 = 1.5;

/// Colours (Okabe–Ito, safe for colour-blind viewers, a little darker in the light theme so that
/// every mark stands ≥ 3:1 on the background and on the region tints: `tests/contrast.rs`;
/// classes also differ by shape) and the pixel scale.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Theme {
    /// Backing-store pixels per CSS pixel (devicePixelRatio, × 1.5 in presenter mode); every
    /// size is multiplied by it.
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
    /// The boundary before the last update (dashed ghost).
    pub ghost: RGBColor,
    /// The weight vector arrow.
    pub weight: RGBColor,
    /// The weight vector before the last update.
    pub old_weight: RGBColor,
    /// Pocket mode's best boundary (dashed).
    pub pocket: RGBColor,
    /// The maximum-margin separator (dashed) and its band.
    pub max_margin: RGBColor,
    /// The ring around a correctly classified visited sample and the selected point.
    pub ring: RGBColor,
    /// The ring around a visited sample that caused an update.
    pub ring_mistake: RGBColor,
    /// The colours of classes 0 to 5 (0 and 1 are `negative` and `positive`); their shapes are
    /// square, circle, triangle, diamond, inverted triangle and cross.
    pub classes: [RGBColor; 6],
    /// The averaged perceptron's boundary (dashed).
    pub averaged: RGBColor,
    /// Region cells where no single class wins.
    pub tied: RGBColor,
    /// Whether the plot draws its legend box (the side-by-side plots leave it to their caption).
    pub legend: bool,
}

impl Theme {
    /// The light theme at `scale` (use the devicePixelRatio; 1 for SVG).
    pub fn new(scale: f64) -> Theme {
        let scale = if scale.is_finite() && scale > 0.0 {
            scale.clamp(0.5, 12.0)
        } else {
            1.0
        };
        Theme {
            scale,
            legend: true,
            background: RGBColor(255, 255, 255),
            text: RGBColor(33, 33, 33),
            grid_bold: RGBColor(0, 0, 0).mix(0.10),
            grid_light: RGBColor(0, 0, 0).mix(0.04),
            axis: RGBColor(97, 97, 97),
            origin_axes: RGBColor(120, 120, 120),
            positive: RGBColor(0, 114, 178),
            negative: RGBColor(204, 88, 0),
            positive_region: RGBColor(0, 114, 178).mix(0.10),
            boundary: RGBColor(20, 20, 20),
            ghost: RGBColor(120, 120, 120),
            weight: RGBColor(0, 140, 102),
            old_weight: RGBColor(120, 120, 120),
            pocket: RGBColor(140, 86, 75),
            max_margin: RGBColor(186, 92, 150),
            ring: RGBColor(20, 20, 20),
            ring_mistake: RGBColor(204, 0, 0),
            classes: [
                RGBColor(204, 88, 0),
                RGBColor(0, 114, 178),
                RGBColor(0, 140, 102),
                RGBColor(186, 92, 150),
                RGBColor(117, 112, 179),
                RGBColor(166, 118, 29),
            ],
            averaged: RGBColor(117, 112, 179),
            tied: RGBColor(110, 110, 110),
        }
    }

    /// The dark theme (for `prefers-color-scheme: dark`) at `scale`.
    pub fn dark(scale: f64) -> Theme {
        Theme {
            background: RGBColor(24, 26, 27),
            text: RGBColor(232, 232, 232),
            grid_bold: RGBColor(255, 255, 255).mix(0.14),
            grid_light: RGBColor(255, 255, 255).mix(0.05),
            axis: RGBColor(170, 170, 170),
            origin_axes: RGBColor(150, 150, 150),
            positive: RGBColor(86, 180, 233),
            negative: RGBColor(230, 159, 0),
            positive_region: RGBColor(86, 180, 233).mix(0.14),
            boundary: RGBColor(240, 240, 240),
            ghost: RGBColor(150, 150, 150),
            weight: RGBColor(64, 214, 160),
            old_weight: RGBColor(140, 140, 140),
            pocket: RGBColor(222, 160, 120),
            max_margin: RGBColor(230, 150, 200),
            ring: RGBColor(240, 240, 240),
            ring_mistake: RGBColor(255, 99, 99),
            classes: [
                RGBColor(230, 159, 0),
                RGBColor(86, 180, 233),
                RGBColor(64, 214, 160),
                RGBColor(230, 150, 200),
                RGBColor(170, 160, 255),
                RGBColor(210, 170, 90),
            ],
            averaged: RGBColor(190, 180, 255),
            tied: RGBColor(160, 160, 160),
            ..Theme::new(scale)
        }
    }

    /// The theme the page draws with: the dark palette or the light one, at `device_scale`
    /// (devicePixelRatio) times [`PRESENTER_SCALE`] in presenter mode.
    pub fn for_view(dark: bool, presenter: bool, device_scale: f64) -> Theme {
        let scale = device_scale * if presenter { PRESENTER_SCALE } else { 1.0 };
        if dark {
            Theme::dark(scale)
        } else {
            Theme::new(scale)
        }
    }

    /// The colour of class `c` (classes beyond 5 wrap around).
    pub fn class_colour(&self, c: usize) -> RGBColor {
        self.classes[c % self.classes.len()]
    }

    /// The opaque colour of a region cell with class code `code` (see
    /// [`crate::core::region`]): the class colour, or grey where no class wins, blended lightly
    /// over the background so points and lines stay readable on top.
    pub fn region_colour(&self, code: u8) -> [u8; 4] {
        let (colour, alpha) = match code {
            c if usize::from(c) < self.classes.len() => (self.classes[usize::from(c)], 0.16),
            crate::core::region::TIED => (self.tied, 0.20),
            _ => (self.background, 0.0),
        };
        let mix =
            |a: u8, b: u8| (f64::from(a) * (1.0 - alpha) + f64::from(b) * alpha).round() as u8;
        [
            mix(self.background.0, colour.0),
            mix(self.background.1, colour.1),
            mix(self.background.2, colour.2),
            255,
        ]
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
