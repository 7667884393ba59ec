//! η-invariance: the classic rule run with two learning rates side by side.
//!
//! **The maths.** From `w₀ = 0` the rule's weights after `t` visits are `w_t(η) = η·w_t(1)`,
//! by induction on `t`: it holds at `t = 0` (`0 = η·0`); if it holds at `t`, the score of the
//! next sample is `s_t(η) = w_t(η)·[1, x] = η·s_t(1)`, which for `η > 0` has the sign of
//! `s_t(1)` (and is zero exactly when `s_t(1)` is), so `y·s ≤ 0` — a mistake — under `η` exactly
//! when under `1`; a mistake adds `η·y·[1, x] = η·(y·[1, x])` and a correct visit adds nothing,
//! so `w_{t+1}(η) = η·w_{t+1}(1)`. Hence every run from zero makes the same mistakes at the
//! same steps, visits the same samples (the same epochs end clean, so the same order and the
//! same stop), and `w(η₂) = (η₂/η₁)·w(η₁)` at every step. With `w₀ ≠ 0` the first update
//! already breaks this (`w₀ + η·y·[1, x]` is in general not a multiple of `w₀ + y·[1, x]`):
//! a larger `η` makes the data outweigh the start sooner, and the runs' mistakes part at some
//! step, or not at all if the data is learned before the start matters.
//!
//! **In floating point.** When `η₂/η₁` is a power of two the scaling is exact (multiplying by
//! a power of two is exact, so every sum and score scales exactly) and so is the invariance.
//! For other ratios each weight carries a rounding error of a few units in its last place, so
//! `w(η₂)` equals `(η₂/η₁)·w(η₁)` to about `1e-12` relative ([`RATIO_TOLERANCE`]), not exactly;
//! and where a score is exactly zero under one η (a tie, common with whole-number points), the
//! other run's score may come out a rounding error away from zero, on the other side of the
//! rule's `≤ 0`. The runs then really part (seed 000 from zero with η = 1 and 0.1: at step 37,
//! score 0 against 4.4e-16, so a mistake only with η = 1). The runs here are the classic
//! rule's own [`Trainer`]s, unchanged, so the panel shows this as it is, and names it:
//! [`EtaRow::rounding_tie`].
//!
//! [`EtaRuns`] keeps both runs and the rows so far, and is extended step by step
//! ([`EtaRuns::advance`]) so that following a session costs one pair of visits per step.

use super::{StepOutcome, StepRecord, Trainer};
use crate::core::algo::Learner;
use crate::core::numfmt::{num, vector};
use crate::core::{Dataset, Error, InitWeights, Settings};

/// Relative tolerance of "`w(η₂)` is `c·w(η₁)`" and of a score that is zero up to rounding.
pub const RATIO_TOLERANCE: f64 = 1e-12;

/// The most steps compared (the rows are kept, one pair of weight vectors each): a run played
/// on past it is compared over its first `ETA_STEP_LIMIT` steps, and the verdict says so.
pub const ETA_STEP_LIMIT: u64 = 100_000;

/// The most steps of each run one slice of the page's frame adds (issue #15): both runs to
/// 50,000 steps at once held the page about 350 ms; in slices of this many (about 25 ms) the
/// panel catches up over a few frames and says so meanwhile.
pub const ETA_SLICE_STEPS: u64 = 4_000;

/// The most steps of each run added in a frame that already did a slice of long work (a run
/// to convergence in slices): a slice and 4,000 η steps together made a task of about 110 ms.
pub const ETA_WORKED_STEPS: u64 = ETA_SLICE_STEPS / 8;

/// Checks a second learning rate: positive and finite, like η itself.
pub fn check_second_eta(eta: f64) -> Result<f64, Error> {
    if eta.is_finite() && eta > 0.0 {
        Ok(eta)
    } else {
        Err(Error::SecondEta(eta))
    }
}

/// Reads a second learning rate as the page's text field gives it, and checks it.
pub fn parse_second_eta(text: &str) -> Result<f64, Error> {
    let eta = text.trim().parse::<f64>().map_err(|_| Error::Field {
        field: "η₂",
        reason: format!("{:?} is not a number", text.trim()),
    })?;
    check_second_eta(eta)
}

/// One step of both runs.
#[derive(Debug, Clone, PartialEq)]
pub struct EtaRow {
    /// 1-based step number.
    pub step: u64,
    /// 1-based epoch of the step (of the η₁ run).
    pub epoch: u64,
    /// 1-based index of the sample visited (by the η₁ run; the η₂ run visits the same one
    /// while both are running).
    pub index: usize,
    /// Whether the visit was a mistake under η₁.
    pub mistake_1: bool,
    /// Whether it was a mistake under η₂; `None` when the η₂ run had already stopped
    /// (converged, at max epochs, or out of range).
    pub mistake_2: Option<bool>,
    /// The η₁ run's score `w·x + b` of the sample, before the step.
    pub score_1: f64,
    /// The η₂ run's score of the sample, when it took the step.
    pub score_2: Option<f64>,
    /// The runs decided differently only because one score is zero and the other a rounding
    /// error away from it (see the module docs).
    pub rounding_tie: bool,
    /// The η₁ run's weights after the step, bias weight first.
    pub weights_1: Vec<f64>,
    /// The η₂ run's weights after the step, bias weight first.
    pub weights_2: Vec<f64>,
    /// `c` with `w(η₂) = c·w(η₁)` (to [`RATIO_TOLERANCE`]), when there is one and `w(η₁) ≠ 0`.
    pub ratio: Option<f64>,
}

impl EtaRow {
    /// Whether the two runs decided this step differently (or only one of them took it).
    pub fn differs(&self) -> bool {
        self.mistake_2 != Some(self.mistake_1)
    }
}

/// `c` with `b = c·a` to [`RATIO_TOLERANCE`] (relative to the largest `|bᵢ|`), when `a ≠ 0` and
/// there is one.
pub fn ratio(a: &[f64], b: &[f64]) -> Option<f64> {
    if a.len() != b.len() {
        return None;
    }
    let (pivot, largest) =
        a.iter()
            .enumerate()
            .map(|(i, v)| (i, v.abs()))
            .fold(
                (0, 0.0),
                |best, (i, v)| if v > best.1 { (i, v) } else { best },
            );
    if largest == 0.0 || !largest.is_finite() {
        return None;
    }
    let c = b[pivot] / a[pivot];
    let scale = b.iter().fold(0.0f64, |m, v| m.max(v.abs()));
    let fits = a
        .iter()
        .zip(b)
        .all(|(x, y)| (y - c * x).abs() <= RATIO_TOLERANCE * scale);
    (c.is_finite() && fits).then_some(c)
}

/// Weights as the panel writes them: `[a, b, c]` as the course does, except that a weight that
/// is zero up to rounding (within [`RATIO_TOLERANCE`] of the largest) is written `≈0`, so that
/// `0.1·0` carrying a rounding error of 1e-17 reads as what it is.
pub fn weights_text(w: &[f64]) -> String {
    let largest = w.iter().fold(0.0f64, |m, v| m.max(v.abs()));
    let parts: Vec<String> = w
        .iter()
        .map(|&v| {
            if v != 0.0 && v.abs() <= RATIO_TOLERANCE * largest {
                "≈0".to_string()
            } else {
                num(v)
            }
        })
        .collect();
    format!("[{}]", parts.join(", "))
}

/// Whether a record's score is zero up to rounding: `|s| ≤ RATIO_TOLERANCE·(|b| + Σ|wᵢ·xᵢ|)`.
pub fn near_zero(record: &StepRecord) -> bool {
    let w = &record.weights_before;
    let size = w[0].abs()
        + record
            .x
            .iter()
            .zip(&w[1..])
            .map(|(x, w)| (x * w).abs())
            .sum::<f64>();
    record.score.abs() <= RATIO_TOLERANCE * size
}

/// The classic rule with η₁ (the settings' η) and η₂, in lockstep over the same data, from the
/// settings' initial weights, in the settings' order.
#[derive(Debug, Clone, PartialEq)]
pub struct EtaRuns {
    eta: [f64; 2],
    zero_start: bool,
    start: [Vec<f64>; 2],
    runs: [Trainer; 2],
    rows: Vec<EtaRow>,
    /// The η₁ run stopped: no more rows will come.
    done: bool,
}

impl EtaRuns {
    /// Both runs at step 0, for data with `dim` features. Refuses settings the classic rule
    /// refuses and an η₂ that is not positive and finite.
    pub fn new(settings: &Settings, eta_2: f64, dim: usize) -> Result<EtaRuns, Error> {
        let eta_2 = check_second_eta(eta_2)?;
        let first = Trainer::new(settings.clone(), dim)?;
        let second = Trainer::new(
            Settings {
                eta: eta_2,
                ..settings.clone()
            },
            dim,
        )?;
        let zero_start = first.weights().iter().all(|w| *w == 0.0);
        Ok(EtaRuns {
            eta: [settings.eta, eta_2],
            zero_start,
            start: [first.weights().to_vec(), second.weights().to_vec()],
            runs: [first, second],
            rows: Vec::new(),
            done: false,
        })
    }

    /// Steps both runs until there are `steps` rows (at most [`ETA_STEP_LIMIT`]) or the η₁
    /// run stops. Steps already taken are kept: asking for fewer changes nothing (see
    /// [`EtaRuns::view`]).
    pub fn advance(&mut self, data: &Dataset, steps: u64) {
        self.advance_by(data, steps, u64::MAX);
    }

    /// [`EtaRuns::advance`], adding at most `most` rows (a slice of [`ETA_SLICE_STEPS`] in the
    /// page).
    pub fn advance_by(&mut self, data: &Dataset, steps: u64, most: u64) {
        let steps = steps
            .min(ETA_STEP_LIMIT)
            .min((self.rows.len() as u64).saturating_add(most));
        while !self.done && (self.rows.len() as u64) < steps {
            let [first, second] = &mut self.runs;
            let StepOutcome::Stepped(a) = first.step(data) else {
                self.done = true;
                return;
            };
            let b = match second.step(data) {
                StepOutcome::Stepped(b) => Some(b),
                StepOutcome::Refused(_) => None,
            };
            let mistake_2 = b.as_ref().map(|b| b.mistake);
            let weights_2 = second.weights().to_vec();
            let rounding_tie = mistake_2.is_some_and(|m| m != a.mistake)
                && (near_zero(&a) || b.as_ref().is_some_and(near_zero));
            self.rows.push(EtaRow {
                step: a.step,
                epoch: a.epoch,
                index: a.index,
                mistake_1: a.mistake,
                mistake_2,
                score_1: a.score,
                score_2: b.as_ref().map(|b| b.score),
                rounding_tie,
                ratio: ratio(&a.weights_after, &weights_2),
                weights_1: a.weights_after,
                weights_2,
            });
        }
    }

    /// The comparison over the first `steps` steps taken so far.
    pub fn view(&self, steps: u64) -> EtaView<'_> {
        let n = usize::try_from(steps)
            .unwrap_or(usize::MAX)
            .min(self.rows.len());
        EtaView {
            eta: self.eta,
            zero_start: self.zero_start,
            initial: self.runs[0].settings().init.clone(),
            start: &self.start,
            rows: &self.rows[..n],
            cut: steps > ETA_STEP_LIMIT && n as u64 == ETA_STEP_LIMIT,
            behind: self.behind(steps).then_some(steps.min(ETA_STEP_LIMIT)),
        }
    }

    /// Whether fewer than `steps` steps (at most [`ETA_STEP_LIMIT`]) are compared yet while
    /// the η₁ run could go on: the rows are still being added, a slice per frame.
    pub fn behind(&self, steps: u64) -> bool {
        !self.done && (self.rows.len() as u64) < steps.min(ETA_STEP_LIMIT)
    }

    /// Both learning rates, `[η₁, η₂]`.
    pub fn etas(&self) -> [f64; 2] {
        self.eta
    }

    /// Rows computed so far.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether no step was computed yet.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
}

/// Runs both learning rates over `data` for up to `steps` steps and returns the runs (their
/// [`EtaRuns::view`] is the comparison).
pub fn compare_etas(
    data: &Dataset,
    settings: &Settings,
    eta_2: f64,
    steps: u64,
) -> Result<EtaRuns, Error> {
    let mut runs = EtaRuns::new(settings, eta_2, data.dim())?;
    runs.advance(data, steps);
    Ok(runs)
}

/// The comparison up to one step: what the page's η panel shows.
#[derive(Debug, Clone, PartialEq)]
pub struct EtaView<'a> {
    /// `[η₁, η₂]`.
    pub eta: [f64; 2],
    /// Whether both runs start from `w = 0`.
    pub zero_start: bool,
    /// The initial weights in force.
    pub initial: InitWeights,
    /// Each run's weights before its first step, bias weight first.
    pub start: &'a [Vec<f64>; 2],
    /// One row per step, step 1 first.
    pub rows: &'a [EtaRow],
    /// Whether more steps were asked for than [`ETA_STEP_LIMIT`], so only the first ones are
    /// compared.
    pub cut: bool,
    /// The steps to compare, while the rows are still being added (a slice per frame).
    pub behind: Option<u64>,
}

impl EtaView<'_> {
    /// The first step at which the runs decided differently, if any so far.
    pub fn first_difference(&self) -> Option<&EtaRow> {
        self.rows.iter().find(|r| r.differs())
    }

    /// The last step's `c` with `w(η₂) = c·w(η₁)`, if there is one.
    pub fn ratio(&self) -> Option<f64> {
        self.rows.last().and_then(|r| r.ratio)
    }

    /// Run `run`'s (0: η₁, 1: η₂) weights after the last step, and before it when that step
    /// was a mistake of that run (the ghost the plots draw), bias weight first.
    pub fn weights(&self, run: usize) -> (&[f64], Option<&[f64]>) {
        let run = run.min(1);
        let after = |k: usize| -> &[f64] {
            match self.rows.get(k) {
                Some(r) if run == 0 => &r.weights_1,
                Some(r) => &r.weights_2,
                None => &self.start[run],
            }
        };
        let Some(last) = self.rows.last() else {
            return (&self.start[run], None);
        };
        let n = self.rows.len();
        let mistake = if run == 0 {
            last.mistake_1
        } else {
            last.mistake_2 == Some(true)
        };
        let before = match n {
            1 => &self.start[run][..],
            _ => after(n - 2),
        };
        (after(n - 1), mistake.then_some(before))
    }

    /// The caption of run `run`'s plot (0: η₁, 1: η₂): its η, its mistakes so far and its
    /// weights.
    pub fn caption(&self, run: usize) -> String {
        let run = run.min(1);
        let name = ["η₁", "η₂"][run];
        let mistakes = self
            .rows
            .iter()
            .filter(|r| {
                if run == 0 {
                    r.mistake_1
                } else {
                    r.mistake_2 == Some(true)
                }
            })
            .count();
        let stopped = match self.rows.iter().find(|r| run == 1 && r.mistake_2.is_none()) {
            Some(r) => format!(", stopped before step {}", r.step),
            None => String::new(),
        };
        let mistakes = crate::core::i18n::t!("mistakes", count = mistakes);
        format!(
            "{name} = {}: {mistakes} in {} steps{stopped}; w = {}",
            num(self.eta[run]),
            self.rows.len(),
            weights_text(self.weights(run).0)
        )
    }

    /// The rows a compact table shows: the last `limit` steps, preceded by the first
    /// difference when it is older than those.
    pub fn shown_rows(&self, limit: usize) -> Vec<&EtaRow> {
        let from = self.rows.len().saturating_sub(limit);
        let mut shown = Vec::with_capacity(limit + 1);
        if let Some(first) = self
            .first_difference()
            .filter(|r| (r.step as usize) <= from)
        {
            shown.push(first);
        }
        shown.extend(&self.rows[from..]);
        shown
    }

    /// One sentence on what the runs show so far, written from their numbers (and, past
    /// [`ETA_STEP_LIMIT`] steps, a second saying that only those were compared).
    pub fn verdict(&self) -> String {
        if let Some(steps) = self.behind {
            return format!(
                "Comparing η = {} with η = {}: {} of {} steps so far…",
                num(self.eta[0]),
                num(self.eta[1]),
                self.rows.len(),
                steps
            );
        }
        let verdict = self.sentence();
        if self.cut {
            format!("{verdict} Only the first {ETA_STEP_LIMIT} steps are compared.")
        } else {
            verdict
        }
    }

    fn sentence(&self) -> String {
        let [e1, e2] = self.eta.map(num);
        let start = match &self.initial {
            _ if self.zero_start => "from w = 0".to_string(),
            InitWeights::Explicit(w) => format!("from w₀ = {}", vector(w)),
            _ => "from random initial weights".to_string(),
        };
        if let Some(row) = self.first_difference() {
            let head = format!(
                "The runs first differ at step {}: sample {}",
                row.step, row.index
            );
            let what = match (row.mistake_1, row.mistake_2) {
                (true, Some(false)) => format!("is a mistake with η = {e1}, not with η = {e2}"),
                (false, Some(true)) => format!("is a mistake with η = {e2}, not with η = {e1}"),
                (m, _) => format!(
                    "is {} with η = {e1}; the run with η = {e2} had stopped",
                    if m { "a mistake" } else { "correct" }
                ),
            };
            let why = match (row.rounding_tie, row.score_2) {
                (true, Some(s2)) => format!(
                    ": a tie broken by rounding (scores {} and {}), since η₂/η₁ is not a power of two",
                    score_text(row.score_1),
                    score_text(s2)
                ),
                _ if self.zero_start => String::new(),
                _ => format!(", {start}: the initial weights do not scale with η"),
            };
            return format!("{head} {what}{why}.");
        }
        let n = self.rows.len();
        if n == 0 {
            return if self.zero_start {
                format!("Step to compare η = {e1} with η = {e2}: {start} both make the same mistakes and w(η₂) = (η₂/η₁)·w(η₁).")
            } else {
                format!("Step to compare η = {e1} with η = {e2} {start}: with non-zero initial weights the runs may part.")
            };
        }
        let steps = if n == 1 {
            "the 1 step".to_string()
        } else {
            format!("all {n} steps")
        };
        match self.ratio() {
            Some(c) => format!(
                "Same mistakes at {steps} so far: w(η₂) = {} · w(η₁) = (η₂/η₁)·w(η₁), with η₁ = {e1}, η₂ = {e2}.",
                num(c)
            ),
            None => format!(
                "Same mistakes at {steps} so far, but w(η₂) = {} is not a multiple of w(η₁) = {}: {start} the runs may still part.",
                weights_text(&self.rows[n - 1].weights_2),
                weights_text(&self.rows[n - 1].weights_1)
            ),
        }
    }
}

/// A score as the verdict writes it: `num`'s rounding, except that a tiny non-zero score is
/// written in full (it is the point of a rounding tie).
fn score_text(s: f64) -> String {
    if s != 0.0 && s.abs() < 5e-5 {
        format!("{s:.1e}")
    } else {
        num(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_text_names_rounding_zeros() {
        assert_eq!(
            weights_text(&[-0.1, 2.7755575615628914e-17, -0.2]),
            "[-0.1, ≈0, -0.2]"
        );
        assert_eq!(weights_text(&[-1.0, 0.0, 2e-5]), "[-1, 0, 2.000e-5]");
        assert_eq!(weights_text(&[0.0, 0.0]), "[0, 0]");
    }

    #[test]
    fn ratio_of_vectors() {
        assert_eq!(ratio(&[1.0, -2.0, 0.0], &[0.5, -1.0, 0.0]), Some(0.5));
        assert_eq!(ratio(&[1.0, -2.0, 0.0], &[0.5, -1.0, 0.1]), None);
        assert_eq!(ratio(&[0.0, 0.0], &[0.0, 0.0]), None);
        assert_eq!(ratio(&[1.0], &[1.0, 2.0]), None);
    }

    #[test]
    fn second_eta_is_checked() {
        for bad in [0.0, -0.5, f64::NAN, f64::INFINITY] {
            assert_eq!(
                check_second_eta(bad).map_err(|e| matches!(e, Error::SecondEta(_))),
                Err(true)
            );
        }
        assert!(parse_second_eta("abc")
            .unwrap_err()
            .to_string()
            .contains("η₂: \"abc\" is not a number"));
        assert_eq!(parse_second_eta(" 0.25 "), Ok(0.25));
        assert!(EtaRuns::new(&Settings::default(), -1.0, 2).is_err());
    }
}
