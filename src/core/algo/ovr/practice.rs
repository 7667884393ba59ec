//! One-vs-rest's step answer: every class's classifier applies the classic rule with the label
//! `+1` for its own class and `−1` for the rest.

use super::OvrRecord;
use crate::core::algo::practice::{Answer, ClassicRows, Practice};
use crate::core::{Settings, Setup};

impl Practice for OvrRecord {
    fn answer(&self, settings: &Settings, _setup: &Setup) -> Answer {
        let k = self.weights_before.len();
        ClassicRows {
            before: &self.weights_before,
            after: &self.weights_after,
            x: &self.x,
            labels: (0..k)
                .map(|c| Some(if c == self.class { 1.0 } else { -1.0 }))
                .collect(),
            scores: &self.scores,
            names: (0..k).map(|c| format!("W′{c}")).collect(),
            eta: settings.eta,
            bias: settings.bias,
        }
        .answer(&format!(
            "Prediction: the highest score, class {} (true class {})",
            self.predicted, self.class
        ))
    }
}
