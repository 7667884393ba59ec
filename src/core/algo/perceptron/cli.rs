//! The classic rule on the command line: the course's step table (seed 000's columns), closed
//! by the row of the weights reached, exactly as before `--algo` existed.

use super::{Refusal, StepRecord, Trainer};
use crate::core::algo::cli::{
    epochs_text, json_text, json_value, status, CliTable, Head, Row, Summary,
};
use crate::core::algo::Learner;
use crate::core::numfmt::vector;
use crate::core::table::{
    classic_cells, classic_head, closing_cells, csv_header, csv_row, RunResult,
};
use crate::core::{Dataset, TrainState};

impl CliTable for Trainer {
    const HELP: &'static str = "The classic perceptron, one sample per step (binary labels)";

    fn json_algo(&self) -> Option<&'static str> {
        None
    }
    fn cli_head(&self, dim: usize, _names: &[String]) -> Head {
        Head {
            cells: classic_head(),
            csv: csv_header(dim).trim_end().to_string(),
        }
    }
    fn cli_row(&self, record: &StepRecord, _names: &[String]) -> Row {
        Row {
            cells: classic_cells(record, self.settings().eta, self.settings().bias),
            csv: csv_row(record).trim_end().to_string(),
            json: json_text(record),
        }
    }
    fn cli_summary(&self, _data: &Dataset, _names: &[String], stopped: Refusal) -> Summary {
        let w = self.weights();
        let result = RunResult {
            weights: w[1..].to_vec(),
            bias: w[0],
            epochs: self.epoch(),
            updates: self.updates(),
            converged: self.state() == TrainState::Converged,
        };
        Summary {
            line: format!(
                "{} after {}: {} steps, {} updates, w = {} (bias first).",
                status(result.converged, stopped),
                epochs_text(result.epochs),
                self.steps(),
                result.updates,
                vector(w),
            ),
            result: json_value(&result),
            closing: Some(closing_cells(self.steps() + 1, w)),
        }
    }
}
