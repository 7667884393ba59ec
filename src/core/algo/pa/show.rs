//! The passive-aggressive perceptron to the rest of the lab: PA-I and PA-II as two registry
//! lines ([`Pa1`], [`Pa2`]: one run type, the variant fixed by the type), the margin band
//! `|w·x + b| < 1` it updates inside, and its record's words.

use super::{PaRecord, PaVariant, PassiveAggressive};
use crate::core::algo::learner::{
    sign_class, Algo, Described, Example, Info, Kind, Learner, Outcome, Param, Spoken, Visit,
};
use crate::core::algo::perceptron::sign;
use crate::core::algo::ClassData;
use crate::core::explain::Explanation;
use crate::core::numfmt::{num, point, vector};
use crate::core::scene::MarginView;
use crate::core::schedule::EpochSchedule;
use crate::core::{Dataset, Error, Settings, Setup};

/// The aggressiveness `C` of both variants.
const C: Param = Param {
    key: "C",
    label: "C (aggressiveness)",
    default: 1.0,
    rule: "must be positive and finite",
    check: |c| c.is_finite() && c > 0.0,
};

/// A passive-aggressive run whose variant is fixed by its type: `Pa<false>` is PA-I,
/// `Pa<true>` PA-II.
#[derive(Debug, Clone, PartialEq)]
pub struct Pa<const TWO: bool>(pub PassiveAggressive);

/// PA-I: `τ = min(C, ℓ/‖x‖²)`.
pub type Pa1 = Pa<false>;
/// PA-II: `τ = ℓ/(‖x‖² + 1/(2C))`.
pub type Pa2 = Pa<true>;

impl<const TWO: bool> std::ops::Deref for Pa<TWO> {
    type Target = PassiveAggressive;
    fn deref(&self) -> &PassiveAggressive {
        &self.0
    }
}

impl Learner for PassiveAggressive {
    crate::scheduled_by!(settings, schedule);
    fn sample_added(&mut self, n: usize) {
        self.schedule.sample_added(n);
        self.end_coasting_if_reopened();
    }
    fn sample_removed(&mut self, index: usize) {
        self.schedule.sample_removed(index);
        self.end_coasting_if_reopened();
    }
    fn sample_moved(&mut self) {
        self.schedule.sample_moved();
        self.end_coasting_if_reopened();
    }
    fn predict_class(&self, _data: &Dataset, x: &[f64]) -> Option<usize> {
        sign_class(self.score(x))
    }
    fn linear_weights(&self) -> Option<&[f64]> {
        Some(self.weights())
    }
    fn margin_band(&self) -> Option<MarginView> {
        let w = self.weights();
        (w[1..].iter().any(|v| *v != 0.0)).then(|| MarginView {
            weights: [w[0], w[1], w.get(2).copied().unwrap_or(0.0)],
            gamma: 1.0,
            support: Vec::new(),
        })
    }
    fn weights_text(&self, _data: &Dataset) -> String {
        vector(self.weights())
    }
    fn bound_text(&self, bound: &str) -> String {
        format!("(R/γ*)² = {bound}: bounds the perceptron's mistakes, not these updates")
    }
    fn bounds_updates(&self) -> bool {
        false
    }
    /// η is not used: `C` caps (PA-I) or softens (PA-II) the step.
    fn overflow_advice(&self) -> &'static str {
        "Scale the points down or use a smaller C (aggressiveness)."
    }

    fn describe_model(&self, data: &Dataset, _names: &[String]) -> String {
        let w = self.weights();
        let line =
            crate::core::speech::line_words([w[0], w[1], w.get(2).copied().unwrap_or(0.0)], "w");
        let norm = w[1..].iter().map(|v| v * v).sum::<f64>().sqrt();
        if norm == 0.0 {
            return format!("{line} Aggressiveness C = {}.", num(self.c()));
        }
        let inside: Vec<usize> = (0..data.len())
            .filter(|&i| {
                let y = if data.class(i) == 1 { 1.0 } else { -1.0 };
                y * self.score(data.x(i)) < 1.0
            })
            .collect();
        format!(
            "{line} The margin band |w·x + b| < 1 around it is 2/‖w‖ = {} wide. {} a loss above 0 (on the wrong side or inside the band), so a visit would update w{}{}. Aggressiveness C = {}.",
            num(2.0 / norm),
            match inside.len() {
                0 => "No point has".to_string(),
                1 => "1 point has".to_string(),
                n => format!("{n} points have"),
            },
            if inside.is_empty() { "" } else { ": " },
            crate::core::speech::which(&inside, 10),
            num(self.c())
        )
    }
}

/// Six well-separated points: PA-I converges to a line with every point at least 1 in score
/// from it (the band |w·x + b| < 1 is empty), where the perceptron stops at the first line
/// that separates them. Switch the algorithm to compare on the same points.
const WIDE_MARGIN: Example = Example {
    id: "pa-wide-margin",
    title: "Passive-aggressive: a wide margin (compare with the perceptron)",
    points: || {
        vec![
            ([2.0, 2.0], 1),
            ([-2.0, -1.0], 0),
            ([3.0, 1.0], 1),
            ([-1.0, -3.0], 0),
            ([2.5, 3.0], 1),
            ([-3.0, -2.0], 0),
        ]
    },
    settings: || Settings {
        max_epochs: 100,
        ..Settings::default()
    },
    params: &[("C", 1.0)],
};

/// The registry's lines for the two variants.
const PA1_INFO: Info = Info {
    name: "pa1",
    title: "Passive-aggressive PA-I",
    kind: Kind::Binary,
    params: &[C],
    examples: &[WIDE_MARGIN],
};
const PA2_INFO: Info = Info {
    name: "pa2",
    title: "Passive-aggressive PA-II",
    kind: Kind::Binary,
    params: &[C],
    examples: &[],
};

impl<const TWO: bool> Learner for Pa<TWO> {
    fn settings(&self) -> &Settings {
        Learner::settings(&self.0)
    }
    fn schedule(&self) -> Option<&EpochSchedule> {
        Learner::schedule(&self.0)
    }
    fn schedule_mut(&mut self) -> Option<&mut EpochSchedule> {
        Learner::schedule_mut(&mut self.0)
    }
    fn sample_added(&mut self, n: usize) {
        self.0.sample_added(n);
    }
    fn sample_removed(&mut self, index: usize) {
        self.0.sample_removed(index);
    }
    fn sample_moved(&mut self) {
        self.0.sample_moved();
    }
    fn predict_class(&self, data: &Dataset, x: &[f64]) -> Option<usize> {
        self.0.predict_class(data, x)
    }
    fn state_key(&self) -> Vec<u64> {
        self.0.state_key()
    }
    fn linear_weights(&self) -> Option<&[f64]> {
        Some(self.0.weights())
    }
    fn margin_band(&self) -> Option<MarginView> {
        self.0.margin_band()
    }
    fn weights_text(&self, data: &Dataset) -> String {
        self.0.weights_text(data)
    }
    fn bound_text(&self, bound: &str) -> String {
        self.0.bound_text(bound)
    }
    fn bounds_updates(&self) -> bool {
        self.0.bounds_updates()
    }
    fn overflow_advice(&self) -> &'static str {
        self.0.overflow_advice()
    }

    fn describe_model(&self, data: &Dataset, names: &[String]) -> String {
        self.0.describe_model(data, names)
    }
}

impl<const TWO: bool> Algo for Pa<TWO> {
    type Record = PaRecord;
    const INFO: Info = if TWO { PA2_INFO } else { PA1_INFO };
    fn create(setup: &Setup, settings: Settings, dim: usize) -> Result<Self, Error> {
        let variant = if TWO { PaVariant::Pa2 } else { PaVariant::Pa1 };
        PassiveAggressive::new(settings, dim, variant, setup.param(C.key)).map(Pa)
    }
    fn step(&mut self, data: &Dataset, _classes: &ClassData) -> Outcome<PaRecord> {
        match self.0.step(data) {
            Ok(r) => Outcome::Stepped(r),
            Err(why) => Outcome::Refused(why),
        }
    }
}

impl Visit for PaRecord {
    crate::visit_fields!("pa", updated);
    fn margin(&self) -> Option<f64> {
        Some(self.y * self.score)
    }
    fn ghost(&self) -> Option<&[f64]> {
        self.updated.then_some(&self.weights_before[..])
    }
    fn spoken(&self, _names: &[String]) -> Spoken {
        let r = self;
        let margin = r.y * r.score;
        let verdict = if r.skipped {
            "skipped: x = 0".to_string()
        } else if margin >= 1.0 {
            "outside the margin, passive".to_string()
        } else if margin > 0.0 {
            format!("correct but inside the margin, loss {}", num(r.loss))
        } else {
            format!("a mistake, loss {}", num(r.loss))
        };
        Spoken {
            full: format!(
                "sample {} at {}, class {}, score {}, {verdict}",
                r.index,
                point(&r.x),
                sign(r.y),
                num(r.score)
            ),
            brief: format!("sample {}, {verdict}", r.index),
            change: r.updated.then(|| {
                format!(
                    "step size τ = {}, w becomes {}",
                    num(r.tau),
                    vector(&r.weights_after)
                )
            }),
        }
    }
    fn describe(&self, _settings: &Settings, _names: &[String]) -> Described {
        let r = self;
        let margin = r.y * r.score;
        // Why the visit did or did not update: the difference from the perceptron is a correct
        // sample inside the margin (0 < y·s < 1), which the perceptron would leave alone.
        let check = if r.skipped {
            format!("x = 0: ‖x‖² = 0, so PA-I skips it (ℓ = {})", num(r.loss))
        } else if margin >= 1.0 {
            format!("y·s = {} ≥ 1 → ℓ = 0: passive, no update", num(margin))
        } else if margin > 0.0 {
            format!(
                "y·s = {} < 1 → ℓ = 1 − y·s = {}: correct but inside the margin, so it updates (the perceptron would not)",
                num(margin),
                num(r.loss)
            )
        } else {
            format!(
                "y·s = {} ≤ 0 → ℓ = 1 − y·s = {}: a mistake, so it updates",
                num(margin),
                num(r.loss)
            )
        };
        let update = if r.updated {
            format!(
                "τ = {} → w ← w + τ·y·[1, x] = {}",
                num(r.tau),
                vector(&r.weights_after)
            )
        } else {
            "no update".to_string()
        };
        Described {
            sample: format!("#{} {}, y = {}", r.index, point(&r.x), sign(r.y)),
            score: num(r.score),
            outcome: if r.updated {
                format!(
                    "ℓ = {}, τ = {} → {}",
                    num(r.loss),
                    num(r.tau),
                    vector(&r.weights_after)
                )
            } else {
                "ℓ = 0, no update".to_string()
            },
            explanation: Explanation {
                title: format!(
                    "Step {}: sample #{} {}, y = {}",
                    r.step,
                    r.index,
                    point(&r.x),
                    sign(r.y)
                ),
                weights: vector(&r.weights_before),
                score: format!("s = w·x + b = {}; ‖x‖² = {}", num(r.score), num(r.norm_sq)),
                check,
                update,
            },
            row_weights: vector(&r.weights_before),
            row_score: format!("s = {}, ℓ = {}", num(r.score), num(r.loss)),
            row_update: if r.updated {
                format!("τ = {} → {}", num(r.tau), vector(&r.weights_after))
            } else {
                "none".to_string()
            },
        }
    }
}
