//! The classic rule on the command line: the course's step table (seed 000's columns), closed
//! by the row of the weights reached, exactly as before `--algo` existed.

use super::{Refusal, StepRecord, Trainer};
use crate::core::algo::cli::{json_text, linear_summary, CliTable, Head, Row, Summary};
use crate::core::algo::Learner;
use crate::core::table::{classic_cells, classic_head, closing_cells, csv_header, csv_row};
use crate::core::Dataset;

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
        Summary {
            closing: Some(closing_cells(self.steps() + 1, self.weights())),
            ..linear_summary(self, stopped, "")
        }
    }
}
