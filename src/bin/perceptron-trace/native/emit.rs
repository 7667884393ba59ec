use super::Format;
use perceptron_lab::core::algo::{Head, Row, Summary};
use perceptron_lab::core::table::terminal_text;
use perceptron_lab::core::trace::{TraceFormat, TraceText};
use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};

/// Where the rows go, and in which format (the text is the library's [`TraceText`]).
pub struct Emitter<'a> {
    out: BufWriter<StdoutLock<'a>>,
    text: TraceText,
    /// Standard output is a terminal: control characters are written as visible escapes.
    terminal: bool,
}

impl Emitter<'_> {
    /// An emitter on standard output.
    pub fn new(format: Format, no_steps: bool) -> Emitter<'static> {
        let format = match format {
            Format::Markdown => TraceFormat::Markdown,
            Format::Csv => TraceFormat::Csv,
            Format::Json => TraceFormat::Json,
            Format::Latex => TraceFormat::Latex,
        };
        Emitter {
            out: BufWriter::new(io::stdout().lock()),
            text: TraceText::new(format, no_steps),
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
        self.text.wants_steps()
    }

    /// The table's header, the CSV header, or the JSON opening ([`TraceText::begin`]).
    pub fn begin(&mut self, algo: Option<&str>, head: &Head) -> io::Result<()> {
        let text = self.text.begin(algo, head);
        self.put(&text)
    }

    /// One record ([`TraceText::row`]).
    pub fn row(&mut self, row: &Row) -> io::Result<()> {
        let text = self.text.row(row);
        self.put(&text)
    }

    /// The closing and the summary ([`TraceText::finish`]), then flushes.
    pub fn finish(&mut self, summary: &Summary, more: &[String]) -> io::Result<()> {
        let text = self.text.finish(summary, more);
        self.put(&text)?;
        self.out.flush()
    }
}
