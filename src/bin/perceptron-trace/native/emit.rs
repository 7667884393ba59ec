use super::Format;
use perceptron_lab::core::algo::{Head, Row, Summary};
use perceptron_lab::core::table::{
    csv_line, latex_cells, latex_comment, latex_needs, markdown_cells, markdown_text,
    terminal_text, Cell,
};
use serde_json::Value;
use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};

/// Where the rows go, and in which format.
pub struct Emitter<'a> {
    out: BufWriter<StdoutLock<'a>>,
    format: Format,
    no_steps: bool,
    first: bool,
    /// Standard output is a terminal: control characters are written as visible escapes.
    terminal: bool,
}

impl Emitter<'_> {
    /// An emitter on standard output.
    pub fn new(format: Format, no_steps: bool) -> Emitter<'static> {
        Emitter {
            out: BufWriter::new(io::stdout().lock()),
            format,
            no_steps,
            first: true,
            terminal: io::stdout().is_terminal(),
        }
    }

    /// Writes `text`, with its control characters made visible on a terminal
    /// ([`terminal_text`]); piped or redirected, exactly as it is.
    fn put(&mut self, text: &str) -> io::Result<()> {
        if self.terminal {
            self.out.write_all(terminal_text(text).as_bytes())
        } else {
            self.out.write_all(text.as_bytes())
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
                self.put(&format!("{{{algo}"))?;
            }
            return Ok(());
        }
        let text = match self.format {
            Format::Markdown => {
                let rules = vec!["---"; head.cells.len().saturating_sub(1)];
                format!(
                    "{}\n|---:|{}|\n",
                    markdown_cells(&head.cells),
                    rules.join("|")
                )
            }
            Format::Csv => format!("{}\n", head.csv),
            Format::Latex => {
                // The head names every class (the rows hold only those names and numbers): it
                // says what the table needs (a UTF-8 engine, T1 for a `"`).
                let spec = "l".repeat(head.cells.len().saturating_sub(1));
                let head = latex_cells(&head.cells);
                format!(
                    "{}\\begin{{tabular}}{{r{spec}}}\n\\toprule\n{head}\n\\midrule\n",
                    latex_needs(&head).unwrap_or_default(),
                )
            }
            Format::Json => format!("{{{algo}\"steps\":["),
        };
        self.put(&text)
    }

    /// One record: a table row, a CSV row or a JSON object (nothing with `--no-steps`).
    pub fn row(&mut self, row: &Row) -> io::Result<()> {
        if self.no_steps {
            return Ok(());
        }
        let text = match self.format {
            Format::Markdown => markdown_cells(&row.cells) + "\n",
            Format::Csv => format!("{}\n", row.csv),
            Format::Latex => latex_cells(&row.cells) + "\n",
            Format::Json => {
                let sep = if self.first { "" } else { "," };
                self.first = false;
                format!("{sep}{}", row.json)
            }
        };
        self.put(&text)
    }

    /// Closes the table (after the summary's closing row, if any) and prints the summary line
    /// and the `more` lines after it (Markdown escaped as the cells are, LaTeX as `%` comments
    /// with every line break and control character of a name escaped, CSV only with
    /// `--no-steps`, each line one CSV cell) or the JSON `"result"`.
    pub fn finish(&mut self, summary: &Summary, more: &[String]) -> io::Result<()> {
        let lines = || std::iter::once(&summary.line).chain(more);
        let closing = |cells: fn(&[Cell]) -> String| {
            summary
                .closing
                .as_deref()
                .map_or(String::new(), |c| cells(c) + "\n")
        };
        let mut text = String::new();
        match self.format {
            Format::Markdown => {
                if !self.no_steps {
                    text.push_str(&closing(markdown_cells));
                    text.push('\n');
                }
                lines().for_each(|l| text.push_str(&format!("{}\n", markdown_text(l))));
            }
            Format::Csv => {
                // Each line one cell of CSV, quoted as it needs and neutralized like the rows.
                if self.no_steps {
                    lines().for_each(|l| text.push_str(&format!("{}\n", csv_line(&[l]))));
                }
            }
            Format::Latex => {
                if !self.no_steps {
                    text.push_str(&closing(latex_cells));
                    text.push_str("\\bottomrule\n\\end{tabular}\n");
                }
                lines().for_each(|l| text.push_str(&format!("% {}\n", latex_comment(l))));
            }
            Format::Json => {
                let sep = if self.no_steps { "" } else { "]," };
                text = format!("{sep}\"result\":{}}}\n", summary.result);
            }
        }
        self.put(&text)?;
        self.out.flush()
    }
}
