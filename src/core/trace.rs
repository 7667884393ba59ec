//! A whole run as a table, in the formats of `perceptron-trace` (Markdown, CSV, JSON, LaTeX):
//! [`TraceText`] writes it piece by piece (the command line prints each row as it comes), and
//! [`run`] trains a model to the end and keeps every row ([`Run`], what Python's
//! `perceptron_lab.trace` returns). Both write exactly what the command line prints.

use crate::core::algo::{ClassData, Head, Row, Summary};
use crate::core::table::{csv_line, latex_cells, latex_comment, latex_needs, markdown_cells};
use crate::core::table::{markdown_text, Cell};
use crate::core::{Dataset, Model, Refusal};
use serde_json::Value;

/// The formats of a run's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TraceFormat {
    /// A Markdown table, then the summary line.
    Markdown,
    /// A header row, then one row per step.
    Csv,
    /// `{"algo", "steps", "result"}`.
    Json,
    /// A LaTeX tabular with booktabs rules, for slides.
    Latex,
}

impl TraceFormat {
    /// Reads `markdown`, `csv`, `json` or `latex`.
    pub fn parse(text: &str) -> Option<TraceFormat> {
        match text {
            "markdown" | "md" => Some(TraceFormat::Markdown),
            "csv" => Some(TraceFormat::Csv),
            "json" => Some(TraceFormat::Json),
            "latex" | "tex" => Some(TraceFormat::Latex),
            _ => None,
        }
    }
}

/// Writes a run's table in one format, piece by piece: [`begin`](TraceText::begin), a
/// [`row`](TraceText::row) per step, [`finish`](TraceText::finish).
#[derive(Debug, Clone)]
pub struct TraceText {
    format: TraceFormat,
    no_steps: bool,
    first: bool,
}

impl TraceText {
    /// A writer of `format`; with `no_steps`, only the result.
    pub fn new(format: TraceFormat, no_steps: bool) -> TraceText {
        TraceText {
            format,
            no_steps,
            first: true,
        }
    }

    /// Whether steps are written at all (not with `no_steps`).
    pub fn wants_steps(&self) -> bool {
        !self.no_steps
    }

    /// The table's header (Markdown, LaTeX), the CSV header, or the JSON opening (with
    /// `"algo"` when `algo` is given).
    pub fn begin(&mut self, algo: Option<&str>, head: &Head) -> String {
        let algo = algo.map_or(String::new(), |a| {
            format!("\"algo\":{},", Value::String(a.to_string()))
        });
        if self.no_steps {
            return match self.format {
                TraceFormat::Json => format!("{{{algo}"),
                _ => String::new(),
            };
        }
        match self.format {
            TraceFormat::Markdown => {
                let rules = vec!["---"; head.cells.len().saturating_sub(1)];
                format!(
                    "{}\n|---:|{}|\n",
                    markdown_cells(&head.cells),
                    rules.join("|")
                )
            }
            TraceFormat::Csv => format!("{}\n", head.csv),
            TraceFormat::Latex => {
                // The head names every class (the rows hold only those names and numbers): it
                // says what the table needs (a UTF-8 engine, T1 for a `"`).
                let spec = "l".repeat(head.cells.len().saturating_sub(1));
                let head = latex_cells(&head.cells);
                format!(
                    "{}\\begin{{tabular}}{{r{spec}}}\n\\toprule\n{head}\n\\midrule\n",
                    latex_needs(&head).unwrap_or_default(),
                )
            }
            TraceFormat::Json => format!("{{{algo}\"steps\":["),
        }
    }

    /// One record: a table row, a CSV row or a JSON object (nothing with `no_steps`).
    pub fn row(&mut self, row: &Row) -> String {
        if self.no_steps {
            return String::new();
        }
        match self.format {
            TraceFormat::Markdown => markdown_cells(&row.cells) + "\n",
            TraceFormat::Csv => format!("{}\n", row.csv),
            TraceFormat::Latex => latex_cells(&row.cells) + "\n",
            TraceFormat::Json => {
                let sep = if self.first { "" } else { "," };
                self.first = false;
                format!("{sep}{}", row.json)
            }
        }
    }

    /// Closes the table (after the summary's closing row, if any) and writes the summary line
    /// and the `more` lines after it (Markdown escaped as the cells are, LaTeX as `%` comments
    /// with every line break and control character of a name escaped, CSV only with
    /// `no_steps`, each line one CSV cell) or the JSON `"result"`.
    pub fn finish(&mut self, summary: &Summary, more: &[String]) -> String {
        let lines = || std::iter::once(&summary.line).chain(more);
        let closing = |cells: fn(&[Cell]) -> String| {
            summary
                .closing
                .as_deref()
                .map_or(String::new(), |c| cells(c) + "\n")
        };
        let mut text = String::new();
        match self.format {
            TraceFormat::Markdown => {
                if !self.no_steps {
                    text.push_str(&closing(markdown_cells));
                    text.push('\n');
                }
                lines().for_each(|l| text.push_str(&format!("{}\n", markdown_text(l))));
            }
            TraceFormat::Csv => {
                // Each line one cell of CSV, quoted as it needs and neutralized like the rows.
                if self.no_steps {
                    lines().for_each(|l| text.push_str(&format!("{}\n", csv_line(&[l]))));
                }
            }
            TraceFormat::Latex => {
                if !self.no_steps {
                    text.push_str(&closing(latex_cells));
                    text.push_str("\\bottomrule\n\\end{tabular}\n");
                }
                lines().for_each(|l| text.push_str(&format!("% {}\n", latex_comment(l))));
            }
            TraceFormat::Json => {
                let sep = if self.no_steps { "" } else { "]," };
                text = format!("{sep}\"result\":{}}}\n", summary.result);
            }
        }
        text
    }
}

/// A whole run, kept: the table's head, a row per step (unless only the result was asked
/// for) and the summary.
#[derive(Debug, Clone)]
pub struct Run {
    /// The `"algo"` of the JSON output, if written.
    pub algo: Option<&'static str>,
    /// The table's head.
    pub head: Head,
    /// Whether the rows were kept (`--no-steps` when not).
    pub steps: bool,
    /// A row per step, in order (none when `steps` is false).
    pub rows: Vec<Row>,
    /// What is written after the steps.
    pub summary: Summary,
    /// Why training stopped ([`Refusal::Overflow`]: the numbers left the finite range, and the
    /// rows are those before).
    pub stopped: Refusal,
    /// The steps taken.
    pub taken: u64,
}

impl Run {
    /// The whole run as `format`, exactly as `perceptron-trace --format` prints it (with
    /// `--no-steps` when the rows were not kept).
    pub fn text(&self, format: TraceFormat) -> String {
        let mut out = TraceText::new(format, !self.steps);
        let mut text = out.begin(self.algo, &self.head);
        for row in &self.rows {
            text.push_str(&out.row(row));
        }
        text.push_str(&out.finish(&self.summary, &[]));
        text
    }
}

/// How many steps [`run`] takes between two questions to its caller (whether to go on).
pub const ASK_EVERY: u64 = 1 << 16;

/// The points as the chosen algorithm reads them (the command line's DATA.csv, Python's X and
/// y), and the names of their classes (for ±1 data, the spellings of `−1` and `+1` given).
#[derive(Debug, Clone, Default)]
pub struct Samples {
    /// Features per point.
    pub dim: usize,
    /// ±1 data, for the binary algorithms (empty for the multiclass ones).
    pub data: Dataset,
    /// Named classes, for the multiclass algorithms (empty for the binary ones).
    pub classes: ClassData,
    /// The class names, by class index.
    pub names: Vec<String>,
}

/// Trains `model` on the `samples` until it stops, keeping every step's row when `steps`.
/// `go_on` is asked every [`ASK_EVERY`] steps (Python's Ctrl-C); when it says no, the run
/// ends there and there is no result.
pub fn run(
    mut model: Model,
    samples: &Samples,
    steps: bool,
    mut go_on: impl FnMut() -> bool,
) -> Option<Run> {
    let Samples {
        dim,
        data,
        classes,
        names,
    } = samples;
    let head = model.cli_head(*dim, names);
    let mut rows = Vec::new();
    let mut since = 0;
    let stopped = loop {
        if since >= ASK_EVERY {
            since = 0;
            if !go_on() {
                return None;
            }
        }
        if !steps {
            match model.advance(data, classes, ASK_EVERY) {
                (_, Some(why)) => break why,
                (_, None) => {
                    since = ASK_EVERY;
                    continue;
                }
            }
        }
        since += 1;
        match model.step(data, classes) {
            Ok(record) => rows.extend(model.cli_row(&record, names)),
            Err(why) => break why,
        }
    };
    Some(Run {
        algo: model.json_algo(),
        head,
        steps,
        rows,
        summary: model.cli_summary(data, names, stopped),
        stopped,
        taken: model.learner().steps(),
    })
}
