//! Audio cues as notes: the page's Web Audio glue only schedules what is written here (one
//! oscillator per [`Note`]), so what a step or the boundary sounds like is decided, and tested,
//! in Rust.
//!
//! - **A step** ([`step_notes`]): one short sine tone whose pitch follows the visited sample's
//!   signed margin `m` ([`Visit::margin`]: `y·score` for the binary rules, the true class's
//!   score minus the best other's for the multiclass ones) through [`pitch`]: `m = 0` is A4
//!   (440 Hz), a large positive margin (well inside its own side) rises towards A5, a large
//!   negative one falls towards A3. A mistake (a step that changed the model) sounds different:
//!   the same pitch as a square wave, then a falling fifth in a sawtooth.
//! - **Listen to the boundary** ([`boundary_sweep`]): a left-to-right sweep across the view in
//!   [`SWEEP_COLUMNS`] notes, panned from left to right. In each column the pitch follows the
//!   height at which the predicted class first changes going up (the boundary: from A3 at the
//!   bottom of the view to A5 at the top), and the timbre says which class lies below it
//!   ([`class_wave`]: class `+1` sine, `−1` triangle, then square and sawtooth). A column the
//!   boundary does not cross is a rest.

use crate::core::algo::Visit;
use crate::core::Rect;
use serde::Serialize;

/// One tone to play.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Note {
    /// Seconds after the cue starts.
    pub start: f64,
    /// Seconds the tone lasts.
    pub duration: f64,
    /// Frequency in Hz.
    pub frequency: f64,
    /// The oscillator type (`sine`, `triangle`, `square` or `sawtooth`, as Web Audio names it).
    pub wave: &'static str,
    /// Peak gain, 0 to 1.
    pub gain: f64,
    /// Stereo position, −1 (left) to 1 (right).
    pub pan: f64,
}

/// The pitch of a margin of 0 (A4).
pub const CENTRE_HZ: f64 = 440.0;

/// Columns of the boundary sweep.
pub const SWEEP_COLUMNS: usize = 24;

/// Seconds per column of the boundary sweep.
pub const SWEEP_NOTE: f64 = 0.1;

/// Rows scanned per column to find the boundary before refining it.
const SWEEP_ROWS: usize = 64;

/// The pitch of a step whose sample has signed margin `margin`: `440 · 2^tanh(margin / 2)` Hz,
/// so within one octave of A4 either way, rising with the margin. A margin that is not a
/// number sounds as 0.
pub fn pitch(margin: f64) -> f64 {
    let m = if margin.is_finite() { margin } else { 0.0 };
    CENTRE_HZ * (m / 2.0).tanh().exp2()
}

/// The notes of one step: a sine tone at [`pitch`] of the margin when the model stayed, a
/// square tone at that pitch and a falling fifth in a sawtooth when it changed. A step with no
/// single sample (a batch epoch) sounds at the centre pitch.
pub fn step_notes(visit: &dyn Visit) -> Vec<Note> {
    let frequency = pitch(visit.margin().unwrap_or(0.0));
    if visit.mistake() {
        vec![
            Note {
                start: 0.0,
                duration: 0.09,
                frequency,
                wave: "square",
                gain: 0.12,
                pan: 0.0,
            },
            Note {
                start: 0.09,
                duration: 0.16,
                frequency: frequency / 1.5,
                wave: "sawtooth",
                gain: 0.12,
                pan: 0.0,
            },
        ]
    } else {
        vec![Note {
            start: 0.0,
            duration: 0.12,
            frequency,
            wave: "sine",
            gain: 0.25,
            pan: 0.0,
        }]
    }
}

/// The timbre of class index `class` in the boundary sweep: class 1 (`+1`) sine, class 0
/// (`−1`) triangle, classes 2 and 3 square and sawtooth, and round again (Web Audio has four).
pub fn class_wave(class: usize) -> &'static str {
    ["triangle", "sine", "square", "sawtooth"][class % 4]
}

/// How far `scores[class]` leads the best of the other scores (negative when another class
/// wins): the multiclass rules' signed margin. `None` when `class` has no score or no rival.
pub fn lead(scores: &[f64], class: usize) -> Option<f64> {
    let own = *scores.get(class)?;
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|&(k, _)| k != class)
        .map(|(_, &s)| s)
        .fold(None, |best: Option<f64>, s| {
            Some(best.map_or(s, |b| b.max(s)))
        })?;
    Some(own - best_other)
}

/// The boundary of the classifier `classify` (the class at `(x1, x2)`, `None` on the boundary)
/// swept left to right across `view`: one note per column where the class changes going up,
/// its pitch from the height of the first change (A3 at the bottom to A5 at the top), its
/// timbre from the class below it, panned from left to right.
pub fn boundary_sweep(view: Rect, classify: impl Fn(f64, f64) -> Option<usize>) -> Vec<Note> {
    let (width, height) = (view.x_max - view.x_min, view.y_max - view.y_min);
    if !(width.is_finite() && height.is_finite() && width > 0.0 && height > 0.0) {
        return Vec::new();
    }
    let row = |j: usize| view.y_min + height * j as f64 / SWEEP_ROWS as f64;
    let mut notes = Vec::new();
    for i in 0..SWEEP_COLUMNS {
        let t = (i as f64 + 0.5) / SWEEP_COLUMNS as f64;
        let x = view.x_min + width * t;
        let below = classify(x, view.y_min);
        let Some(j) = (1..=SWEEP_ROWS).find(|&j| classify(x, row(j)) != below) else {
            continue;
        };
        // Bisect between the last row like the bottom and the first that is not.
        let (mut lo, mut hi) = (row(j - 1), row(j));
        for _ in 0..24 {
            let mid = (lo + hi) / 2.0;
            if classify(x, mid) == below {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let up = ((lo + hi) / 2.0 - view.y_min) / height;
        notes.push(Note {
            start: i as f64 * SWEEP_NOTE,
            duration: SWEEP_NOTE * 0.9,
            frequency: CENTRE_HZ / 2.0 * (2.0 * up.clamp(0.0, 1.0)).exp2(),
            // On the boundary itself at the bottom edge: the class just above tells the side.
            wave: class_wave(below.or_else(|| classify(x, row(1))).unwrap_or(1)),
            gain: 0.2,
            pan: 2.0 * t - 1.0,
        });
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pitch_rises_with_the_margin_within_an_octave() {
        assert_eq!(pitch(0.0), CENTRE_HZ);
        assert!(pitch(-1.0) < pitch(0.0) && pitch(0.0) < pitch(0.5) && pitch(0.5) < pitch(3.0));
        assert!(pitch(1e9) <= 880.0 && pitch(-1e9) >= 220.0);
        assert_eq!(pitch(f64::NAN), CENTRE_HZ);
    }

    #[test]
    fn lead_is_the_true_class_score_minus_the_best_other() {
        assert_eq!(lead(&[1.0, 4.0, 2.5], 1), Some(1.5));
        assert_eq!(lead(&[1.0, 4.0, 2.5], 0), Some(-3.0));
        assert_eq!(lead(&[1.0], 0), None);
        assert_eq!(lead(&[1.0, 2.0], 5), None);
    }

    #[test]
    fn a_sloped_line_sweeps_upwards_with_the_class_below_as_timbre() {
        let view = Rect {
            x_min: -5.0,
            x_max: 5.0,
            y_min: -5.0,
            y_max: 5.0,
        };
        // x2 = x1 / 2: class 1 (+1) above, class 0 below.
        let notes = boundary_sweep(view, |x, y| {
            let s = y - x / 2.0;
            (s != 0.0).then_some(usize::from(s > 0.0))
        });
        assert_eq!(notes.len(), SWEEP_COLUMNS);
        assert!(notes.windows(2).all(|w| w[0].frequency < w[1].frequency));
        assert!(notes.iter().all(|n| n.wave == class_wave(0)));
        assert!(notes
            .windows(2)
            .all(|w| w[0].pan < w[1].pan && w[0].start < w[1].start));
        // The middle column crosses at height ≈ 0: the middle of the range, A4.
        let middle = &notes[SWEEP_COLUMNS / 2];
        let x: f64 = -5.0 + 10.0 * 12.5 / 24.0;
        let up = (x / 2.0 + 5.0) / 10.0;
        let expected = CENTRE_HZ / 2.0 * (2.0 * up).exp2();
        assert!(
            (middle.frequency - expected).abs() < 0.5,
            "{}",
            middle.frequency
        );
    }

    #[test]
    fn columns_the_boundary_misses_are_rests() {
        let view = Rect {
            x_min: 0.0,
            x_max: 10.0,
            y_min: 0.0,
            y_max: 10.0,
        };
        // A vertical line at x1 = 5: no column changes class going up.
        assert!(boundary_sweep(view, |x, _| Some(usize::from(x > 5.0))).is_empty());
        // Flipped sides: class 1 below.
        let notes = boundary_sweep(view, |_, y| Some(usize::from(y < 3.0)));
        assert!(notes.iter().all(|n| n.wave == class_wave(1)));
    }
}
