//! The batch perceptron's step answer: one epoch's misclassified set `M` decides (an empty `M`
//! changes nothing); `w′ = w + η·Σ_{i∈M} y_i·f(x_i)`.

use super::BatchRecord;
use crate::core::algo::practice::{update_slips, Answer, Part, Practice, Score, Slip};
use crate::core::numfmt::{num, vector};
use crate::core::{Settings, Setup};

impl Practice for BatchRecord {
    fn answer(&self, settings: &Settings, _setup: &Setup) -> Answer {
        let update = !self.mistakes.is_empty();
        let set = self
            .mistakes
            .iter()
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        let check = if update {
            format!(
                "M = {{{set}}} (the samples with y·s ≤ 0) is not empty: update with the sum over M"
            )
        } else {
            "M = {} (every sample has y·s > 0): no update, converged".to_string()
        };
        let before = vec![self.weights_before.clone()];
        let after = vec![self.weights_after.clone()];
        let slips = if update {
            update_slips(
                &before,
                &after,
                settings.eta,
                Slip::LeftOutEta,
                settings.bias,
            )
            .into_iter()
            .map(|(slip, rows)| (slip, vec![Part::new("w′", rows[0].clone())]))
            .collect()
        } else {
            Vec::new()
        };
        Answer {
            update,
            scores: vec![Score {
                name: "J_p".into(),
                value: self.criterion,
                expression: format!("J_p = −Σ_{{i∈M}} y_i·s_i = {}", num(self.criterion)),
            }],
            check,
            update_text: if update {
                format!(
                    "w′ = w + η·Σ_M y_i·f(x_i) = {} + {} = {}",
                    vector(&self.weights_before),
                    vector(&self.update()),
                    vector(&self.weights_after)
                )
            } else {
                "none".to_string()
            },
            parts: vec![Part::new("w′", self.weights_after.clone())],
            arrows: vec![0],
            slips,
        }
    }
}
