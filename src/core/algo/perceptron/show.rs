//! The classic rule to the rest of the lab: its registry line, its record's words and what it
//! draws.

use super::{Outcome, StepRecord, Trainer};
use crate::core::algo::learner::{sign_class, Algo, Described, Info, Kind, Learner, Spoken, Visit};
use crate::core::algo::ClassData;
use crate::core::explain::Explanation;
use crate::core::i18n::t;
use crate::core::numfmt::{num, point, vector};
use crate::core::table::{score_expression, update_text};
use crate::core::{Dataset, Error, Settings, Setup};

impl Learner for Trainer {
    crate::scheduled_by!(settings, schedule);
    /// The η panel runs the classic rule with η and η₂.
    fn compares_eta(&self) -> bool {
        true
    }
    fn predict_class(&self, _data: &Dataset, x: &[f64]) -> Option<usize> {
        sign_class(self.score(x))
    }
    fn linear_weights(&self) -> Option<&[f64]> {
        Some(self.weights())
    }
    fn classic_table(&self) -> bool {
        true
    }
    fn weights_text(&self, _data: &Dataset) -> String {
        vector(self.weights())
    }
}

impl Algo for Trainer {
    type Record = StepRecord;
    const INFO: Info = Info {
        name: "perceptron",
        title: "Perceptron (classic rule)",
        kind: Kind::Binary,
        params: &[],
        examples: &[],
    };
    fn create(_setup: &Setup, settings: Settings, dim: usize) -> Result<Self, Error> {
        Trainer::new(settings, dim)
    }
    fn step(&mut self, data: &Dataset, _classes: &ClassData) -> Outcome<StepRecord> {
        Trainer::step(self, data)
    }
    fn advance(
        &mut self,
        data: &Dataset,
        _classes: &ClassData,
        most: u64,
    ) -> (u64, Option<crate::core::Refusal>) {
        Trainer::advance(self, data, most)
    }
}

/// `+1` or `-1`.
pub(crate) fn sign(y: f64) -> &'static str {
    if y > 0.0 {
        "+1"
    } else {
        "-1"
    }
}

impl Visit for StepRecord {
    crate::visit_fields!("binary", mistake);
    fn margin(&self) -> Option<f64> {
        Some(self.y * self.score)
    }
    fn ghost(&self) -> Option<&[f64]> {
        self.mistake.then_some(&self.weights_before[..])
    }
    fn spoken(&self, _names: &[String]) -> Spoken {
        let r = self;
        let verdict = if r.mistake {
            t!("verdict-mistake")
        } else {
            t!("verdict-correct")
        };
        Spoken {
            full: t!(
                "perceptron-spoken-full",
                index = r.index.to_string(),
                point = point(&r.x),
                class = sign(r.y),
                score = num(r.score),
                verdict = verdict.as_str(),
            ),
            brief: t!(
                "perceptron-spoken-brief",
                index = r.index.to_string(),
                verdict = verdict,
            ),
            change: r
                .mistake
                .then(|| t!("w-becomes", w = vector(&r.weights_after))),
        }
    }
    fn describe(&self, settings: &Settings, _names: &[String]) -> Described {
        let (eta, bias) = (settings.eta, settings.bias);
        let r = self;
        Described {
            sample: format!("#{} {}, y = {}", r.index, point(&r.x), sign(r.y)),
            score: num(r.score),
            outcome: if r.mistake {
                t!("outcome-mistake", update = update_text(r, eta, bias))
            } else {
                t!("outcome-correct")
            },
            row_weights: vector(&r.weights_before),
            row_score: score_expression(r, bias),
            row_update: update_text(r, eta, bias),
            explanation: Explanation::of(r, eta, bias),
        }
    }
}
