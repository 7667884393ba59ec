//! One-vs-one's step answer: every pair involving the sample's class applies the classic rule,
//! the pair's higher class being `+1`.

use super::{pairs, OvoRecord};
use crate::core::algo::practice::{Answer, ClassicRows, Practice};
use crate::core::{Settings, Setup};

impl Practice for OvoRecord {
    fn answer(&self, settings: &Settings, _setup: &Setup) -> Answer {
        let all = pairs(self.votes.len());
        let c = self.class;
        ClassicRows {
            before: &self.weights_before,
            after: &self.weights_after,
            x: &self.x,
            labels: all
                .iter()
                .map(|&(i, j)| {
                    if j == c {
                        Some(1.0)
                    } else if i == c {
                        Some(-1.0)
                    } else {
                        None
                    }
                })
                .collect(),
            scores: &self.scores,
            names: all.iter().map(|(i, j)| format!("W′({i},{j})")).collect(),
            eta: settings.eta,
            bias: settings.bias,
        }
        .answer(&format!(
            "The vote before the step: {} (true class {c})",
            self.predicted
        ))
    }
}
