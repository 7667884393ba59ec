use super::Format;
use serde_json::Value;
use std::io::{self, BufWriter, StdoutLock, Write};

/// A table cell: plain text (escaped for the format), a formula (`$…$` in LaTeX), or
/// both in a row.
pub enum Cell {
    /// Words, such as class names or `yes`.
    Text(String),
    /// Numbers, vectors and formulas: math in LaTeX, `*` written as `\cdot`.
    Math(String),
    /// Cells written one after the other.
    Parts(Vec<Cell>),
    /// Different text for Markdown and for LaTeX (written as is), e.g. `w̄` and
    /// `$\bar{w}$`.
    Own(&'static str, &'static str),
}

impl Cell {
    /// The cell for Markdown: a `|` is escaped so that it does not split the cell.
    fn markdown(&self) -> String {
        match self {
            Cell::Text(t) | Cell::Math(t) => t.replace('|', "\\|"),
            Cell::Parts(parts) => parts.iter().map(Cell::markdown).collect(),
            Cell::Own(md, _) => md.replace('|', "\\|"),
        }
    }

    /// The cell for LaTeX: text with its special characters escaped, math in `$…$`.
    fn latex(&self) -> String {
        match self {
            Cell::Text(t) => latex_text(t),
            Cell::Math(t) => {
                format!("${}$", t.replace(" * ", " \\cdot ").replace('→', "\\to"))
            }
            Cell::Parts(parts) => parts.iter().map(Cell::latex).collect(),
            Cell::Own(_, tex) => tex.to_string(),
        }
    }
}

/// Text with LaTeX's special characters escaped.
fn latex_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            _ => out.push(c),
        }
    }
    out
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
pub fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

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

    /// The table's header (Markdown, LaTeX), the CSV header, or the JSON opening.
    pub fn begin(&mut self, algo: &str, headers: &[Cell], csv: &[String]) -> io::Result<()> {
        let algo = Value::String(algo.to_string());
        if self.no_steps {
            if self.format == Format::Json {
                write!(self.out, "{{\"algo\":{algo},")?;
            }
            return Ok(());
        }
        match self.format {
            Format::Markdown => {
                let names: Vec<String> = headers.iter().map(Cell::markdown).collect();
                writeln!(self.out, "| {} |", names.join(" | "))?;
                let rules = vec!["---"; headers.len().saturating_sub(1)];
                writeln!(self.out, "|---:|{}|", rules.join("|"))
            }
            Format::Csv => writeln!(self.out, "{}", csv.join(",")),
            Format::Latex => {
                let names: Vec<String> = headers.iter().map(Cell::latex).collect();
                let spec = "l".repeat(headers.len().saturating_sub(1));
                write!(
                    self.out,
                    "\\begin{{tabular}}{{r{spec}}}\n\\toprule\n{} \\\\\n\\midrule\n",
                    names.join(" & ")
                )
            }
            Format::Json => write!(self.out, "{{\"algo\":{algo},\"steps\":["),
        }
    }

    /// One record: a table row, a CSV row or a JSON object (nothing with `--no-steps`).
    pub fn row(&mut self, cells: &[Cell], csv: &[String], json: &Value) -> io::Result<()> {
        if self.no_steps {
            return Ok(());
        }
        match self.format {
            Format::Markdown => {
                let cells: Vec<String> = cells.iter().map(Cell::markdown).collect();
                writeln!(self.out, "| {} |", cells.join(" | "))
            }
            Format::Csv => writeln!(self.out, "{}", csv.join(",")),
            Format::Latex => {
                let cells: Vec<String> = cells.iter().map(Cell::latex).collect();
                writeln!(self.out, "{} \\\\", cells.join(" & "))
            }
            Format::Json => {
                let sep = if self.first { "" } else { "," };
                self.first = false;
                write!(self.out, "{sep}{json}")
            }
        }
    }

    /// Closes the table and prints the summary line (Markdown, LaTeX as a comment, CSV
    /// only with `--no-steps`) or the JSON `"result"`.
    pub fn finish(&mut self, summary: &str, result: &Value) -> io::Result<()> {
        match self.format {
            Format::Markdown => {
                if !self.no_steps {
                    writeln!(self.out)?;
                }
                writeln!(self.out, "{summary}")?;
            }
            Format::Csv => {
                if self.no_steps {
                    writeln!(self.out, "{summary}")?;
                }
            }
            Format::Latex => {
                if !self.no_steps {
                    write!(self.out, "\\bottomrule\n\\end{{tabular}}\n")?;
                }
                writeln!(self.out, "% {summary}")?;
            }
            Format::Json => {
                let sep = if self.no_steps { "" } else { "]," };
                writeln!(self.out, "{sep}\"result\":{result}}}")?;
            }
        }
        self.out.flush()
    }
}
