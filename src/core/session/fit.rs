//! The plot's view: fitted to the points, checked when it comes from a scenario or a link,
//! and positions rounded to a screen pixel.

use super::*;

/// The largest half-width of a view: every view lies within `[-MAX_VIEW_HALF, MAX_VIEW_HALF]²`,
/// so its width, height and centre are finite, and stay finite when the renderer widens one
/// axis for equal scales (by the plot's aspect ratio: finite up to a ratio of ~10⁸, far beyond
/// any canvas; an infinite range would hang plotters' tick search).
const MAX_VIEW_HALF: f64 = 1e300;

/// The smallest half-width of a view: one screen pixel of it stays a normal number (so the
/// equal-scale widening cannot underflow to a zero height, and rounding to a pixel stays exact).
const MIN_VIEW_HALF: f64 = 1e-300;

/// Whether a view (from a scenario or a link) can be shown as it is: finite, min < max, inside
/// `[-MAX_VIEW_HALF, MAX_VIEW_HALF]²` and at least `2·MIN_VIEW_HALF` wide and high. Every view the
/// session makes is; another one is replaced by the fitted view.
pub(super) fn usable_view(x_min: f64, x_max: f64, y_min: f64, y_max: f64) -> bool {
    let inside = |v: f64| v.abs() <= MAX_VIEW_HALF; // false for NaN and ±∞
    [x_min, x_max, y_min, y_max].into_iter().all(inside)
        && x_max - x_min >= 2.0 * MIN_VIEW_HALF
        && y_max - y_min >= 2.0 * MIN_VIEW_HALF
}

/// A square view centred on the origin that shows every point with a margin: w is drawn from the
/// origin, so the origin and the arrows around it stay in sight. Its half-width is kept within
/// `[MIN_VIEW_HALF, MAX_VIEW_HALF]`, so it is finite with a positive finite width whatever finite
/// points there are: points beyond `MAX_VIEW_HALF / 1.25` get the largest view (no view with a
/// finite width could show both of `±1e308`), and points that all lie within `MIN_VIEW_HALF` the
/// smallest.
pub(super) fn fit_view(data: &Dataset) -> Rect {
    let reach = (0..data.len())
        .flat_map(|i| data.x(i).iter().map(|v| v.abs()))
        .fold(0.0f64, f64::max);
    if reach == 0.0 {
        return DEFAULT_VIEW;
    }
    // Compared before multiplying, so `reach · 1.25` is never formed where it could overflow.
    let half = if reach > MAX_VIEW_HALF / 1.25 {
        MAX_VIEW_HALF
    } else {
        (reach * 1.25).max(MIN_VIEW_HALF)
    };
    Rect {
        x_min: -half,
        x_max: half,
        y_min: -half,
        y_max: half,
    }
}

/// Rounds to the finest power of ten not above `pixel`, so the error stays within half a pixel.
pub(super) fn round_to_pixel(v: f64, pixel: f64) -> f64 {
    if !(pixel.is_finite() && pixel > 0.0) {
        return v;
    }
    let exponent = pixel.log10().floor() as i32;
    if exponent < 0 {
        let inverse = 10f64.powi(-exponent);
        let rounded = (v * inverse).round() / inverse + 0.0;
        // A pixel below 1e-308 (10^-exponent overflows) or a huge v: keep v as it is.
        if rounded.is_finite() {
            rounded
        } else {
            v
        }
    } else {
        let step = 10f64.powi(exponent);
        (v / step).round() * step + 0.0
    }
}
