//! The batch perceptron on the command line: one row per epoch with J_p and the misclassified
//! samples M.

use super::{Batch, BatchRecord};
use crate::core::algo::cli::{
    clean, csv_numbers, epochs_text, math, status, text, CliTable, Head, Row, Summary,
};
use crate::core::algo::Learner;
use crate::core::numfmt::{num, vector};
use crate::core::table::{weight_names, Cell};
use crate::core::{Dataset, Refusal, TrainState};
use serde_json::json;

impl CliTable for Batch {
    const HELP: &'static str =
        "One gradient step on the perceptron criterion per epoch (binary labels)";

    fn cli_head(&self, dim: usize, _names: &[String]) -> Head {
        let mut csv = vec![
            "epoch".to_string(),
            "criterion".to_string(),
            "mistakes".to_string(),
            "misclassified".to_string(),
        ];
        csv.extend(weight_names(dim, "before"));
        csv.extend(weight_names(dim, "after"));
        Head {
            cells: vec![
                text("epoch"),
                text("weights"),
                Cell::Own("J_p", "$J_p$"),
                Cell::Own("|M|", "$|M|$"),
                Cell::Own("M", "$M$"),
                text("update"),
            ],
            csv: csv.join(","),
        }
    }
    fn cli_row(&self, record: &BatchRecord, _names: &[String]) -> Row {
        let indices: Vec<String> = record.mistakes.iter().map(usize::to_string).collect();
        let cells = vec![
            text(&record.epoch.to_string()),
            math(vector(&record.weights_before)),
            math(num(record.criterion)),
            text(&record.mistakes.len().to_string()),
            text(&if indices.is_empty() {
                "none".to_string()
            } else {
                indices.join(", ")
            }),
            if record.mistakes.is_empty() {
                text("none")
            } else {
                math(format!("+{}", vector(&record.update())))
            },
        ];
        let mut csv = vec![
            record.epoch.to_string(),
            record.criterion.to_string(),
            record.mistakes.len().to_string(),
            indices.join(" "),
        ];
        csv.extend(csv_numbers(&record.weights_before));
        csv.extend(csv_numbers(&record.weights_after));
        let json = json!({
            "epoch": record.epoch,
            "criterion": record.criterion,
            "misclassified": record.mistakes,
            "weights_before": record.weights_before,
            "weights_after": record.weights_after,
        });
        Row {
            cells,
            csv: csv.join(","),
            json: json.to_string(),
        }
    }
    fn cli_summary(&self, data: &Dataset, _names: &[String], stopped: Refusal) -> Summary {
        let w = self.weights();
        let converged = self.state() == TrainState::Converged;
        let criterion = self.criterion(data);
        Summary {
            line: format!(
                "{} after {}: {} updates, J_p = {}, |M| = {}, w = {} (bias first).",
                status(converged, stopped),
                epochs_text(self.epochs()),
                self.updates(),
                num(criterion.value),
                criterion.mistakes.len(),
                vector(w),
            ),
            result: json!({
                "weights": clean(&w[1..]),
                "bias": w[0] + 0.0,
                "criterion": criterion.value,
                "misclassified": criterion.mistakes,
                "epochs": self.epochs(),
                "updates": self.updates(),
                "converged": converged,
            }),
            closing: None,
        }
    }
}
