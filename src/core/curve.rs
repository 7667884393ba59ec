//! The learning curve of the run on show: after each kept step, how many training points the
//! model gets wrong and how many updates it has made so far, with the perceptron's mistake bound
//! `(R/γ*)²` when it applies (seed 001: the updates never pass it on separable points).
//!
//! The curve measures the kept states of the timeline on the points as they are now (from the
//! last edit of the points on, [`History::on_current_points`](crate::core::History)), every
//! algorithm through its own prediction. It is a cache that follows the timeline: a step
//! measures one more state, Back and → measure nothing, a new run or an edit starts again. In
//! the page it is measured in slices ([`Curve::follow`] with a budget), so a long run never
//! makes one long task.

use crate::core::numfmt::{count, num};
use crate::core::Session;

/// The work one [`Curve::follow`] call of the page may do, in point predictions (a linear
/// model's prediction of one point is one; a kernel model's costs one per point of the set).
pub const CURVE_SLICE: u64 = 300_000;

/// The rows the curve's data table shows at once: a window around the step on show.
pub const CURVE_ROWS: usize = 21;

/// One measured state: after step `step` (of epoch `epoch`), `wrong` training points were on
/// the wrong side and the run had made `updates` updates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CurvePoint {
    /// The step number (0 for the state before any step).
    pub step: u64,
    /// The epoch of that state (1-based).
    pub epoch: u64,
    /// The updates made up to and including that step.
    pub updates: u64,
    /// The training points the model gets wrong after that step.
    pub wrong: usize,
}

/// The curve measured so far, kept while the run and the points stay.
#[derive(Debug, Default)]
pub struct Curve {
    key: Option<(u64, u64)>,
    points: Vec<CurvePoint>,
    /// The last step of the kept states on the current points (what the curve should reach).
    last: u64,
}

/// The curve as the panel shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct CurveView<'a> {
    /// The measured states, in step order.
    pub points: &'a [CurvePoint],
    /// The number of training points.
    pub size: usize,
    /// The mistake bound `(R/γ*)²`, when it applies.
    pub bound: Option<f64>,
    /// The step on show.
    pub on_show: u64,
    /// The last kept step on the current points: the curve is complete when it reaches it.
    pub last: u64,
}

impl Curve {
    /// Measures the states not yet measured, at most `budget` point predictions' worth (all of
    /// them with `None`). Returns whether the curve has reached the last kept state.
    pub fn follow(&mut self, session: &Session, budget: Option<u64>) -> bool {
        let key = session.run_key();
        if self.key != Some(key) {
            self.key = Some(key);
            self.points.clear();
        }
        let data = session.data();
        let mut states = session.history().on_current_points().map(|(_, s)| s);
        let Some(first) = states.next() else {
            return true;
        };
        let first_step = first.model.steps();
        // The kept states run from `first_step` to `last`, one a step; the measured ones must
        // be a stretch of them from the first on.
        self.points
            .retain(|p| p.step >= first_step && p.step <= session.history().last_step());
        if self.points.first().is_some_and(|p| p.step != first_step) {
            self.points.clear();
        }
        let next = self.points.last().map_or(first_step, |p| p.step + 1);
        let n = data.len() as u64;
        let mut spent = 0u64;
        let mut done = true;
        self.last = first_step;
        for state in std::iter::once(first).chain(states) {
            let model = &state.model;
            let step = model.steps();
            self.last = step;
            if step < next {
                continue;
            }
            if budget.is_some_and(|b| spent >= b) {
                done = false;
                continue;
            }
            // A kernel model's prediction sums over the set (its support).
            let linear = model.is_linear() || model.rows().is_some();
            spent += if linear { n.max(1) } else { (n * n).max(1) };
            let wrong = model
                .predict_points(data)
                .iter()
                .enumerate()
                .filter(|&(i, &c)| c != Some(data.class(i)))
                .count();
            self.points.push(CurvePoint {
                step,
                epoch: model.epoch(),
                updates: model.updates(),
                wrong,
            });
        }
        done
    }

    /// The curve with what it is drawn against.
    pub fn view<'a>(&'a self, session: &Session) -> CurveView<'a> {
        CurveView {
            points: &self.points,
            size: session.data().len(),
            bound: session.mistake_bound(),
            on_show: session.model().steps(),
            last: self.last,
        }
    }
}

impl CurveView<'_> {
    /// Whether every kept state is measured.
    pub fn complete(&self) -> bool {
        self.points.last().is_none_or(|p| p.step >= self.last)
    }

    /// The measured state of the step on show.
    pub fn at_show(&self) -> Option<&CurvePoint> {
        self.points
            .binary_search_by_key(&self.on_show, |p| p.step)
            .ok()
            .map(|i| &self.points[i])
    }

    /// The steps where a new epoch begins (after the first point).
    pub fn epoch_starts(&self) -> Vec<u64> {
        self.points
            .windows(2)
            .filter(|w| w[1].epoch != w[0].epoch)
            .map(|w| w[1].step)
            .collect()
    }

    /// The measured step nearest to `step` (a click on the curve).
    pub fn nearest(&self, step: f64) -> Option<u64> {
        self.points.iter().map(|p| p.step).min_by(|a, b| {
            (*a as f64 - step)
                .abs()
                .total_cmp(&(*b as f64 - step).abs())
        })
    }

    /// The highest count the curve reaches: the training points or the updates so far.
    pub fn most(&self) -> f64 {
        let updates = self.points.last().map_or(0, |p| p.updates);
        (self.size as f64).max(updates as f64)
    }

    /// Whether the mistake bound is drawn on the chart: when it is at most ten times the
    /// highest count, so the curve keeps a tenth of the chart's height or more (seed 001: 26 over
    /// 4 points; a bound of thousands over a handful of points would flatten the curve to its
    /// axis); otherwise the chart says where it is.
    pub fn bound_on_chart(&self) -> bool {
        self.bound.is_some_and(|b| b <= 10.0 * self.most().max(1.0))
    }

    /// The panel's caption: what the lines are.
    pub fn caption(&self) -> String {
        let mut text = "After each step: the training points the model gets wrong (solid) and \
            the updates so far (dashed); ticks mark where an epoch begins, the ring the step on \
            show. Click the curve or a step in the table to go there."
            .to_string();
        match self.bound {
            Some(bound) if self.bound_on_chart() => text.push_str(&format!(
                " The horizontal line is the mistake bound (R/γ*)² = {}: on these separable \
                 points the updates never pass it.",
                num(bound)
            )),
            Some(bound) => text.push_str(&format!(
                " The mistake bound (R/γ*)² = {} lies far above these counts, off the chart: on \
                 these separable points the updates never pass it.",
                num(bound)
            )),
            None => {}
        }
        if let Some(first) = self.points.first().filter(|p| p.step > 0) {
            text.push_str(&format!(
                " Measured on the points as they are now, from step {} on.",
                count(first.step)
            ));
        }
        text
    }

    /// The curve in words: where it stands at the step on show (the described panel and the
    /// screen reader read it).
    pub fn summary(&self) -> String {
        let Some(last) = self.points.last() else {
            return "No steps yet: step the perceptron to draw its learning curve.".to_string();
        };
        if self.points.len() == 1 && last.step == 0 {
            return format!(
                "No steps yet: the model starts with {} of {} training points wrong.",
                count(last.wrong as u64),
                count(self.size as u64)
            );
        }
        let mut text = match self.at_show() {
            Some(p) => format!(
                "After step {} (epoch {}): {} of {} training points wrong, {} so far.",
                count(p.step),
                count(p.epoch),
                count(p.wrong as u64),
                count(self.size as u64),
                updates_words(p.updates)
            ),
            None => format!("Step {} is not measured yet.", count(self.on_show)),
        };
        let fewest = self.points.iter().map(|p| p.wrong).min().unwrap_or(0);
        let most = self.points.iter().map(|p| p.wrong).max().unwrap_or(0);
        text.push_str(&format!(
            " Over steps {}–{}: between {} and {} wrong; {} in all.",
            count(self.points[0].step),
            count(last.step),
            count(fewest as u64),
            count(most as u64),
            updates_words(last.updates)
        ));
        if let Some(bound) = self.bound {
            text.push_str(&format!(" The mistake bound (R/γ*)² is {}.", num(bound)));
        }
        if !self.complete() {
            text.push_str(&format!(
                " Still measuring: up to step {} of {}.",
                count(last.step),
                count(self.last)
            ));
        }
        text
    }

    /// The data table's rows, a window of [`CURVE_ROWS`] around the step on show: step, epoch,
    /// wrong ("3 of 10"), updates, and whether it is the step on show.
    pub fn rows(&self) -> Vec<[String; 4]> {
        self.window()
            .iter()
            .map(|p| {
                [
                    count(p.step),
                    count(p.epoch),
                    format!("{} of {}", count(p.wrong as u64), count(self.size as u64)),
                    count(p.updates),
                ]
            })
            .collect()
    }

    /// The measured states the table shows.
    pub fn window(&self) -> &[CurvePoint] {
        let at = self
            .points
            .partition_point(|p| p.step < self.on_show)
            .min(self.points.len().saturating_sub(1));
        let start = at
            .saturating_sub(CURVE_ROWS / 2)
            .min(self.points.len().saturating_sub(CURVE_ROWS));
        let end = (start + CURVE_ROWS).min(self.points.len());
        &self.points[start..end]
    }
}

/// "1 update" / "3 updates".
fn updates_words(n: u64) -> String {
    if n == 1 {
        "1 update".to_string()
    } else {
        format!("{} updates", count(n))
    }
}
