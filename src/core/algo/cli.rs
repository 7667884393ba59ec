//! What an algorithm prints on the command line (`perceptron-trace`): the [`CliTable`] trait.
//!
//! Each algorithm implements it in its own `cli.rs`: the table's head for its data, one row per
//! record in every format, and the summary after training. The CLI itself is one loop over
//! the registry's [`Model`](super::registry::Model) and knows no algorithm by name.

use super::learner::{Algo, Learner};
use crate::core::numfmt::vector;
use crate::core::table::{Cell, RunResult};
use crate::core::{Dataset, Refusal, TrainState};
use serde_json::Value;

/// The head of an algorithm's table for its data.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Head {
    /// The Markdown and LaTeX column names.
    pub cells: Vec<Cell>,
    /// The CSV header line (without the line break).
    pub csv: String,
}

/// One record in every format.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Row {
    /// The Markdown and LaTeX cells.
    pub cells: Vec<Cell>,
    /// The CSV line (without the line break).
    pub csv: String,
    /// The JSON object, as text.
    pub json: String,
}

/// What is printed after training stopped.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Summary {
    /// The summary sentence (Markdown, CSV with `--no-steps`, LaTeX as a comment).
    pub line: String,
    /// The JSON `"result"` (`--predict` adds `"predictions"`).
    pub result: Value,
    /// A last row of the Markdown and LaTeX tables (the classic table's weights reached).
    pub closing: Option<Vec<Cell>>,
}

/// An algorithm on the command line. `names` are the class names (for the binary algorithms,
/// the spellings of `−1` and `+1` in the data).
pub trait CliTable: Algo {
    /// What `--help` says of `--algo NAME`.
    const HELP: &'static str;

    /// The `"algo"` of the JSON output; `None` leaves it out (the classic output predates
    /// `--algo`).
    fn json_algo(&self) -> Option<&'static str> {
        Some(Self::INFO.name)
    }
    /// The table's head for data with `dim` features.
    fn cli_head(&self, dim: usize, names: &[String]) -> Head;
    /// The row of `record`, the step just taken (`self` is the run after it).
    fn cli_row(&self, record: &Self::Record, names: &[String]) -> Row;
    /// The summary after training stopped because of `stopped`.
    fn cli_summary(&self, data: &Dataset, names: &[String], stopped: Refusal) -> Summary;
    /// The class index `--predict` writes for `x` (a point on a binary boundary is `−1`).
    fn cli_predict(&self, data: &Dataset, x: &[f64]) -> usize {
        self.predict_class(data, x).unwrap_or(0)
    }
}

/// A text cell.
pub(crate) fn text(t: &str) -> Cell {
    Cell::Text(t.to_string())
}

/// A math cell.
pub(crate) fn math(t: String) -> Cell {
    Cell::Math(t)
}

/// `yes` or `no`.
pub(crate) fn yes_no(correct: bool) -> Cell {
    text(if correct { "yes" } else { "no" })
}

/// `"1 epoch"`, `"3 epochs"`.
pub(crate) fn epochs_text(epochs: u64) -> String {
    format!("{epochs} epoch{}", if epochs == 1 { "" } else { "s" })
}

/// The first words of the summary line.
pub(crate) fn status(converged: bool, stopped: Refusal) -> &'static str {
    match (converged, stopped) {
        (true, _) => "Converged",
        (false, Refusal::Overflow) => "Not converged (stopped: the numbers overflowed)",
        (false, _) => "Not converged (max epochs reached)",
    }
}

/// How the run stopped and its counters: `Converged after 3 epochs: 15 steps, 4 updates`.
pub(crate) fn counts(run: &dyn Learner, stopped: Refusal) -> String {
    format!(
        "{} after {}: {} steps, {} updates",
        status(run.state() == TrainState::Converged, stopped),
        epochs_text(run.epoch()),
        run.steps(),
        run.updates()
    )
}

/// The summary of a binary linear model: the counters and `w` (bias first, then `note`), and
/// the classic JSON result (weights, bias, epochs, updates, converged).
pub(crate) fn linear_summary(run: &dyn Learner, stopped: Refusal, note: &str) -> Summary {
    let w = run.linear_weights().unwrap_or(&[0.0]);
    let result = RunResult {
        weights: w[1..].to_vec(),
        bias: w[0],
        epochs: run.epoch(),
        updates: run.updates(),
        converged: run.state() == TrainState::Converged,
    };
    Summary {
        line: format!(
            "{}, w = {} (bias first{note}).",
            counts(run, stopped),
            vector(w)
        ),
        result: json_value(&result),
        closing: None,
    }
}

/// The first columns of a table of visits: step, sample, x (CSV: step, epoch, index, x1, …).
pub(crate) fn visit_head(dim: usize) -> (Vec<Cell>, Vec<String>) {
    let mut csv = vec!["step".to_string(), "epoch".into(), "index".into()];
    csv.extend((1..=dim).map(|i| format!("x{i}")));
    let cells = vec![text("step"), text("sample"), Cell::Own("x", "$x$")];
    (cells, csv)
}

/// The first cells of a visit's row, under [`visit_head`]'s columns.
pub(crate) fn visit_cells(
    step: u64,
    epoch: u64,
    index: usize,
    x: &[f64],
) -> (Vec<Cell>, Vec<String>) {
    let cells = vec![
        text(&step.to_string()),
        text(&index.to_string()),
        math(vector(x)),
    ];
    let mut csv = vec![step.to_string(), epoch.to_string(), index.to_string()];
    csv.extend(csv_numbers(x));
    (cells, csv)
}

/// Full-precision numbers for CSV.
pub(crate) fn csv_numbers(values: &[f64]) -> impl Iterator<Item = String> + '_ {
    values.iter().map(f64::to_string)
}

/// `values` written `+ 0.0` so that JSON never shows `-0.0`.
pub(crate) fn clean(values: &[f64]) -> Vec<f64> {
    values.iter().map(|v| v + 0.0).collect()
}

/// A record as JSON text (`null` if it cannot be written).
pub(crate) fn json_text<T: serde::Serialize>(record: &T) -> String {
    serde_json::to_string(record).unwrap_or_else(|_| "null".to_string())
}

/// A record as a JSON value (`null` if it cannot be written).
pub(crate) fn json_value<T: serde::Serialize>(record: &T) -> Value {
    serde_json::to_value(record).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use crate::core::algo::ClassData;
    use crate::core::table::{latex_cells, markdown_cells, Cell};
    use crate::core::{Algorithm, Dataset, Label, Model, Refusal, Settings, Setup};

    fn two_points() -> Dataset {
        let mut data = Dataset::new(2);
        data.push(&[1.0, 1.0], Label::Pos).unwrap();
        data.push(&[-1.0, -2.0], Label::Neg).unwrap();
        data
    }

    fn model(algorithm: Algorithm) -> Model {
        let setup = Setup {
            algorithm,
            ..Setup::default()
        };
        Model::new(&setup, Settings::default(), 2).unwrap()
    }

    #[test]
    fn a_model_writes_its_own_records_and_nothing_for_another_algorithms() {
        let data = two_points();
        let mut kernel = model(Algorithm::Kernel);
        let record = kernel.step(&data, &ClassData::default()).unwrap();
        let names = ["-1".to_string(), "+1".to_string()];
        let row = kernel.cli_row(&record, &names).expect("its own record");
        assert_eq!(row.cells.len(), kernel.cli_head(2, &names).cells.len());
        assert_eq!(row.csv.split(',').count(), 12);
        for other in [Algorithm::Perceptron, Algorithm::Batch, Algorithm::Pa1] {
            assert_eq!(model(other).cli_row(&record, &names), None, "{other:?}");
        }
        let summary = model(Algorithm::Perceptron).cli_summary(&data, &names, Refusal::Converged);
        assert!(
            summary.line.starts_with("Not converged"),
            "{}",
            summary.line
        );
        assert_eq!(summary.result["bias"], 0.0);
        assert!(summary.closing.is_some());
        assert_eq!(model(Algorithm::Perceptron).json_algo(), None);
        assert_eq!(kernel.json_algo(), Some("kernel"));
    }

    #[test]
    fn blank_cells_are_written_without_padding() {
        let cells = [
            Cell::Text("7".into()),
            Cell::Math("[1, 2] * 3".into()),
            Cell::Blank,
            Cell::Blank,
        ];
        assert_eq!(markdown_cells(&cells), "| 7 | [1, 2] * 3 | | |");
        assert_eq!(latex_cells(&cells), "7 & $[1, 2] \\cdot 3$ & & \\\\");
        let text = [Cell::Text("a|b & c_d".into()), Cell::Own("w̄", "$\\bar{w}$")];
        assert_eq!(markdown_cells(&text), "| a\\|b &amp; c_d | w̄ |");
        assert_eq!(
            latex_cells(&text),
            "a\\textbar{}b \\& c\\_d & $\\bar{w}$ \\\\"
        );
    }
}
