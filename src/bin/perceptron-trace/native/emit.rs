use super::Format;
use perceptron_lab::core::algo::{Head, Row, Summary};
use perceptron_lab::core::table::{latex_cells, markdown_cells, Cell};
use serde_json::Value;
use std::io::{self, BufWriter, StdoutLock, Write};

/// Where the rows go, and in which format.
pub struct Emitter<'a> {
    out: BufWriter<StdoutLock<'a>>,
    format: Format,
    no_steps: bool,
    first: bool,
}

impl Emitter<'_> {
    /// An emitter on standard output.
    pub fn new(format: Format, no_steps: bool) -> Emitter<'static> {
        Emitter {
            out: BufWriter::new(io::stdout().lock()),
            format,
            no_steps,
            first: true,
        }
    }

    /// Whether steps are printed at all (not with `--no-steps`).
    pub fn wants_steps(&self) -> bool {
        !self.no_steps
    }

    /// The table's header (Markdown, LaTeX), the CSV header, or the JSON opening (with
    /// `"algo"` when `algo` is given).
    pub fn begin(&mut self, algo: Option<&str>, head: &Head) -> io::Result<()> {
        let algo = algo.map_or(String::new(), |a| {
            format!("\"algo\":{},", Value::String(a.to_string()))
        });
        if self.no_steps {
            if self.format == Format::Json {
                write!(self.out, "{{{algo}")?;
            }
            return Ok(());
        }
        match self.format {
            Format::Markdown => {
                writeln!(self.out, "{}", markdown_cells(&head.cells))?;
                let rules = vec!["---"; head.cells.len().saturating_sub(1)];
                writeln!(self.out, "|---:|{}|", rules.join("|"))
            }
            Format::Csv => writeln!(self.out, "{}", head.csv),
            Format::Latex => {
                let spec = "l".repeat(head.cells.len().saturating_sub(1));
                write!(
                    self.out,
                    "\\begin{{tabular}}{{r{spec}}}\n\\toprule\n{}\n\\midrule\n",
                    latex_cells(&head.cells)
                )
            }
            Format::Json => write!(self.out, "{{{algo}\"steps\":["),
        }
    }

    /// One record: a table row, a CSV row or a JSON object (nothing with `--no-steps`).
    pub fn row(&mut self, row: &Row) -> io::Result<()> {
        if self.no_steps {
            return Ok(());
        }
        match self.format {
            Format::Markdown => writeln!(self.out, "{}", markdown_cells(&row.cells)),
            Format::Csv => writeln!(self.out, "{}", row.csv),
            Format::Latex => writeln!(self.out, "{}", latex_cells(&row.cells)),
            Format::Json => {
                let sep = if self.first { "" } else { "," };
                self.first = false;
                write!(self.out, "{sep}{}", row.json)
            }
        }
    }

    /// Closes the table (after the summary's closing row, if any) and prints the summary line
    /// (Markdown, LaTeX as a comment, CSV only with `--no-steps`) or the JSON `"result"`.
    pub fn finish(&mut self, summary: &Summary) -> io::Result<()> {
        let line = &summary.line;
        let closing = |cells: fn(&[Cell]) -> String| {
            summary
                .closing
                .as_deref()
                .map_or(String::new(), |c| cells(c) + "\n")
        };
        match self.format {
            Format::Markdown => {
                if !self.no_steps {
                    writeln!(self.out, "{}", closing(markdown_cells))?;
                }
                writeln!(self.out, "{line}")?;
            }
            Format::Csv => {
                if self.no_steps {
                    writeln!(self.out, "{line}")?;
                }
            }
            Format::Latex => {
                if !self.no_steps {
                    let closing = closing(latex_cells);
                    write!(self.out, "{closing}\\bottomrule\n\\end{{tabular}}\n")?;
                }
                writeln!(self.out, "% {line}")?;
            }
            Format::Json => {
                let sep = if self.no_steps { "" } else { "]," };
                writeln!(self.out, "{sep}\"result\":{}}}", summary.result)?;
            }
        }
        self.out.flush()
    }
}
