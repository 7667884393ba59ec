//! The averaged perceptron on the command line: the classic table plus w̄ after every visit.

use super::Averaged;
use crate::core::algo::cli::{clean, counts, json_value, math, CliTable, Head, Row, Summary};
use crate::core::algo::Learner;
use crate::core::numfmt::vector;
use crate::core::table::{classic_cells, classic_head, csv_header, csv_row, Cell};
use crate::core::{Dataset, Refusal, StepRecord, TrainState};
use serde_json::json;

impl CliTable for Averaged {
    const HELP: &'static str =
        "The classic rule plus the running average w̄ of the weights (binary labels)";

    fn cli_head(&self, dim: usize, _names: &[String]) -> Head {
        let mut cells = classic_head();
        cells.push(Cell::Own("w̄ after", "$\\bar{w}$ after"));
        let mut csv = csv_header(dim).trim_end().to_string();
        for i in 0..=dim {
            csv.push_str(&format!(",avg_w{i}_after"));
        }
        Head { cells, csv }
    }
    fn cli_row(&self, record: &StepRecord, _names: &[String]) -> Row {
        let average = self.average();
        let settings = self.settings();
        let mut cells = classic_cells(record, settings.eta, settings.bias);
        cells.push(math(vector(&average)));
        let mut csv = csv_row(record).trim_end().to_string();
        for v in &average {
            csv.push_str(&format!(",{v}"));
        }
        let mut json = json_value(record);
        json["average_after"] = json!(clean(&average));
        Row {
            cells,
            csv,
            json: json.to_string(),
        }
    }
    fn cli_summary(&self, _data: &Dataset, _names: &[String], stopped: Refusal) -> Summary {
        let trainer = self.trainer();
        let (w, average) = (self.weights(), self.average());
        let converged = self.state() == TrainState::Converged;
        Summary {
            line: format!(
                "{}, w = {}, w̄ = {} (bias first).",
                counts(trainer, stopped),
                vector(w),
                vector(&average),
            ),
            result: json!({
                "weights": clean(&average[1..]),
                "bias": average[0] + 0.0,
                "last_weights": clean(&w[1..]),
                "last_bias": w[0] + 0.0,
                "epochs": trainer.epoch(),
                "steps": trainer.steps(),
                "updates": trainer.updates(),
                "converged": converged,
            }),
            closing: None,
        }
    }
}
