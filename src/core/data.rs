//! Samples and their labels, and the CSV reader shared by the CLI and the page.

use super::{excerpt, Error};

/// A binary class label, `y ∈ {−1, +1}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Label {
    /// `y = +1`.
    Pos,
    /// `y = −1`.
    Neg,
}

impl Label {
    /// The label as the number `y` in the update rule.
    pub fn y(self) -> f64 {
        match self {
            Label::Pos => 1.0,
            Label::Neg => -1.0,
        }
    }

    /// The other class.
    pub fn other(self) -> Label {
        match self {
            Label::Pos => Label::Neg,
            Label::Neg => Label::Pos,
        }
    }

    /// `+1` or `-1`, as the course writes it.
    pub fn name(self) -> &'static str {
        match self {
            Label::Pos => "+1",
            Label::Neg => "-1",
        }
    }

    /// The class index that stands for this label when the same points are used by the
    /// multiclass algorithms: `-1` is class 0 and `+1` is class 1 (the labels sorted
    /// numerically, as the multiclass reader orders them).
    pub fn class(self) -> usize {
        match self {
            Label::Neg => 0,
            Label::Pos => 1,
        }
    }

    /// Reads a label: `+1`, `1`, `+` are positive; `-1`, `0`, `-` are negative.
    pub fn parse(text: &str) -> Option<Label> {
        match text.trim() {
            "+1" | "1" | "+" | "1.0" | "+1.0" => Some(Label::Pos),
            "-1" | "0" | "-" | "-1.0" | "0.0" => Some(Label::Neg),
            _ => None,
        }
    }
}

/// The most classes a sample may belong to (the multiclass algorithms take 2 to 6).
pub const MAX_CLASS_INDEX: usize = crate::core::algo::multiclass::MAX_CLASSES - 1;

/// Samples with a fixed number of features, stored flat for speed.
///
/// Each sample has a class index from 0 to [`MAX_CLASS_INDEX`]. The binary algorithms read it
/// as a label: class 0 is `−1` and class 1 is `+1` (see [`Label::class`]); the multiclass
/// algorithms read the index itself.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Dataset {
    dim: usize,
    xs: Vec<f64>,
    classes: Vec<u8>,
}

impl Dataset {
    /// An empty dataset whose samples have `dim` features.
    pub fn new(dim: usize) -> Self {
        Dataset {
            dim,
            xs: Vec::new(),
            classes: Vec::new(),
        }
    }

    /// Features per sample (without the bias feature).
    pub fn dim(&self) -> usize {
        self.dim
    }

    /// Number of samples.
    pub fn len(&self) -> usize {
        self.classes.len()
    }

    /// Whether there are no samples.
    pub fn is_empty(&self) -> bool {
        self.classes.is_empty()
    }

    /// The features of sample `i`.
    #[inline]
    pub fn x(&self, i: usize) -> &[f64] {
        &self.xs[i * self.dim..(i + 1) * self.dim]
    }

    /// The label of sample `i` for the binary algorithms: class 1 is `+1`, every other class
    /// `−1` (the session refuses to run a binary algorithm on more than two classes).
    #[inline]
    pub fn label(&self, i: usize) -> Label {
        if self.classes[i] == 1 {
            Label::Pos
        } else {
            Label::Neg
        }
    }

    /// The class index of sample `i`.
    pub fn class(&self, i: usize) -> usize {
        usize::from(self.classes[i])
    }

    /// The class indices in data order.
    pub fn class_indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.classes.iter().map(|&c| usize::from(c))
    }

    /// The features of every sample, flat: sample `i` is `xs[i·dim .. (i+1)·dim]`.
    pub fn flat_xs(&self) -> &[f64] {
        &self.xs
    }

    /// The highest class index in use, if any sample exists.
    pub fn max_class(&self) -> Option<usize> {
        self.classes.iter().max().map(|&c| usize::from(c))
    }

    /// A point fits when it has `dim` finite coordinates.
    fn check(&self, x: &[f64]) -> Result<(), Error> {
        if x.len() != self.dim {
            return Err(Error::Dimension {
                expected: self.dim,
                got: x.len(),
            });
        }
        match x.iter().find(|v| !v.is_finite()) {
            Some(bad) => Err(Error::NonFinite(super::numfmt::num(*bad))),
            None => Ok(()),
        }
    }

    /// Appends a sample. Rejects non-finite coordinates and a wrong number of features,
    /// leaving the data as it was.
    pub fn push(&mut self, x: &[f64], label: Label) -> Result<(), Error> {
        self.push_class(x, label.class())
    }

    /// Appends a sample of class `class` (0 to [`MAX_CLASS_INDEX`]). Rejects a class out of
    /// range, non-finite coordinates and a wrong number of features, leaving the data as it was.
    pub fn push_class(&mut self, x: &[f64], class: usize) -> Result<(), Error> {
        self.check(x)?;
        let Ok(c) = u8::try_from(class) else {
            return Err(Error::Class(class));
        };
        if class > MAX_CLASS_INDEX {
            return Err(Error::Class(class));
        }
        // Store -0 as 0 so tables never show "-0".
        self.xs.extend(x.iter().map(|&v| v + 0.0));
        self.classes.push(c);
        Ok(())
    }

    /// Inserts a sample of class `class` at index `i` (later samples shift up by one; `i` at
    /// most the length). Rejects what [`Dataset::push_class`] rejects and an index beyond the
    /// end, leaving the data as it was.
    pub fn insert_class(&mut self, i: usize, x: &[f64], class: usize) -> Result<(), Error> {
        if i > self.len() {
            return Err(Error::Field {
                field: "points",
                reason: format!("there is no place #{} among {} points", i + 1, self.len()),
            });
        }
        let mut tail = Dataset::new(self.dim);
        tail.push_class(x, class)?;
        let at = i * self.dim;
        self.xs.splice(at..at, tail.xs);
        self.classes.insert(i, tail.classes[0]);
        Ok(())
    }

    /// Moves sample `i` to `x`. Rejects non-finite coordinates and a wrong number of features,
    /// leaving the data as it was.
    pub fn set_x(&mut self, i: usize, x: &[f64]) -> Result<(), Error> {
        self.check(x)?;
        if i < self.len() {
            for (slot, v) in self.xs[i * self.dim..(i + 1) * self.dim].iter_mut().zip(x) {
                *slot = v + 0.0;
            }
        }
        Ok(())
    }

    /// Removes sample `i` (later samples shift down by one); does nothing when out of range.
    pub fn remove(&mut self, i: usize) {
        if i < self.len() {
            self.xs.drain(i * self.dim..(i + 1) * self.dim);
            self.classes.remove(i);
        }
    }

    /// Removes every sample.
    pub fn clear(&mut self) {
        self.xs.clear();
        self.classes.clear();
    }

    /// Whether both classes are present: the perceptron needs something to separate.
    pub fn has_both_classes(&self) -> bool {
        self.classes.contains(&0) && self.classes.iter().any(|&c| c != 0)
    }

    /// The class all samples share, if there is only one.
    pub fn single_class(&self) -> Option<Label> {
        let first = *self.classes.first()?;
        self.classes
            .iter()
            .all(|&c| c == first)
            .then_some(self.label(0))
    }
}

/// Reads `DATA.csv`: a header row, feature columns, then a label column.
///
/// Labels may be `-1`/`+1`, `0`/`1` (0 means −1) or `-`/`+`. Every error names the line and the
/// reason: a missing column, a non-number, NaN or inf, non-UTF-8 bytes, an empty file, only one
/// class.
pub fn parse_csv(bytes: &[u8]) -> Result<Dataset, Error> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(bytes);
    let mut lines = CsvLines::new(bytes);
    let headers = reader
        .byte_headers()
        .map_err(|e| csv_error(&e, &mut lines))?
        .clone();
    if headers.is_empty() || headers.iter().all(|h| h.is_empty()) {
        return Err(Error::EmptyFile);
    }
    let columns = headers.len();
    if columns < 2 {
        return Err(Error::Row {
            line: 1,
            reason: "expected at least one feature column and a label column".to_string(),
        });
    }
    let mut data = Dataset::new(columns - 1);
    let mut x = vec![0.0; columns - 1];
    for result in reader.byte_records() {
        let record = result.map_err(|e| csv_error(&e, &mut lines))?;
        let line = lines.of(record.position());
        if record.iter().all(|f| f.is_empty()) {
            continue; // a blank line
        }
        if record.len() != columns {
            return Err(Error::Row {
                line,
                reason: format!(
                    "expected {columns} columns ({} features and a label), found {}",
                    columns - 1,
                    record.len()
                ),
            });
        }
        let mut fields = Vec::with_capacity(columns);
        for (c, field) in record.iter().enumerate() {
            let Ok(text) = std::str::from_utf8(field) else {
                return Err(Error::Row {
                    line,
                    reason: format!("column {} is not valid UTF-8 text", c + 1),
                });
            };
            fields.push(text);
        }
        for (c, text) in fields[..columns - 1].iter().enumerate() {
            let value: f64 = text.parse().map_err(|_| Error::Row {
                line,
                reason: format!("column {} is not a number: {}", c + 1, excerpt(text)),
            })?;
            if !value.is_finite() {
                return Err(Error::Row {
                    line,
                    reason: format!(
                        "column {} must be a finite number, got {}",
                        c + 1,
                        excerpt(text)
                    ),
                });
            }
            x[c] = value;
        }
        let label_text = fields[columns - 1];
        let Some(label) = Label::parse(label_text) else {
            return Err(Error::Row {
                line,
                reason: format!(
                    "the label {} is not one of -1/+1, 0/1 or -/+",
                    excerpt(label_text)
                ),
            });
        };
        data.push(&x, label)?;
    }
    if data.is_empty() {
        return Err(Error::EmptyFile);
    }
    if let Some(only) = data.single_class() {
        return Err(Error::OneClass(only.name().to_string()));
    }
    Ok(data)
}

fn csv_error(e: &csv::Error, lines: &mut CsvLines) -> Error {
    Error::Row {
        line: lines.of(e.position()),
        reason: format!("unreadable CSV ({e})"),
    }
}

/// The line numbers of a CSV file's records, as an editor shows them, for every CSV reader of
/// the page and the command line (DATA.csv of either kind, `--predict`'s POINTS.csv): a line
/// ends at `\r\n`, `\n` or a lone `\r`, and a record is on the line where its first field is.
/// (The `csv` crate counts only `\n` and places a record where the line breaks before it
/// start: a record after a `\r\n`, on the line before; a file saved with Windows line endings,
/// as Excel saves CSV, had every error named one line early, and any file the line of a blank
/// line before the record.) Records are asked for in file order; each call counts only the
/// bytes since the last.
#[derive(Debug, Clone)]
pub struct CsvLines<'a> {
    bytes: &'a [u8],
    /// Bytes counted so far.
    at: usize,
    /// The line at `at`.
    line: u64,
    /// Whether the byte before `at` is a `\r` (a `\n` right after it ends no other line).
    after_cr: bool,
}

impl<'a> CsvLines<'a> {
    /// Line numbers in `bytes`, the whole file the reader reads.
    pub fn new(bytes: &'a [u8]) -> CsvLines<'a> {
        CsvLines {
            bytes,
            at: 0,
            line: 1,
            after_cr: false,
        }
    }

    /// The line (from 1) on which a record or an error at `position` starts; line 1 without a
    /// position.
    pub fn of(&mut self, position: Option<&csv::Position>) -> u64 {
        let Some(position) = position else {
            return 1;
        };
        let mut end = usize::try_from(position.byte())
            .unwrap_or(usize::MAX)
            .min(self.bytes.len());
        // A record starts after the line breaks the reader skipped on its way to it (blank
        // lines, the `\n` of a `\r\n`): no record starts with one.
        while matches!(self.bytes.get(end), Some(b'\r' | b'\n')) {
            end += 1;
        }
        if end < self.at {
            // Not in file order: count again from the start.
            *self = CsvLines::new(self.bytes);
        }
        for &b in &self.bytes[self.at..end] {
            match b {
                b'\r' => self.line += 1,
                b'\n' if !self.after_cr => self.line += 1,
                _ => {}
            }
            self.after_cr = b == b'\r';
        }
        self.at = end;
        self.line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_all_label_spellings() {
        let data = parse_csv(b"x1,x2,y\n1,1,-\n3,2,+\n0,0,0\n1,0,1\n2,2,-1\n5,5,+1\n").unwrap();
        assert_eq!(data.len(), 6);
        assert_eq!(data.dim(), 2);
        let labels: Vec<f64> = (0..6).map(|i| data.label(i).y()).collect();
        assert_eq!(labels, [-1.0, 1.0, -1.0, 1.0, -1.0, 1.0]);
        assert_eq!(data.x(1), &[3.0, 2.0]);
    }

    #[test]
    fn errors_name_the_line_and_reason() {
        let cases: [(&[u8], &str); 7] = [
            (b"", "empty"),
            (b"x1,x2,y\n", "empty"),
            (b"x1,x2,y\n1,2,+\n3,+\n", "line 3: expected 3 columns"),
            (
                b"x1,x2,y\n1,2,+\n3,abc,-\n",
                "line 3: column 2 is not a number",
            ),
            (
                b"x1,x2,y\n1,NaN,+\n",
                "line 2: column 2 must be a finite number",
            ),
            (
                b"x1,x2,y\n1,2,+\n1,inf,-\n",
                "line 3: column 2 must be a finite",
            ),
            (b"x1,x2,y\n1,2,+\n3,4,+\n", "all samples are of class +1"),
        ];
        for (input, expected) in cases {
            let message = parse_csv(input).unwrap_err().to_string();
            assert!(message.contains(expected), "{message:?} lacks {expected:?}");
        }
        let bad_label = parse_csv(b"x,y\n1,2\n").unwrap_err().to_string();
        assert!(bad_label.contains("line 2: the label \"2\""), "{bad_label}");
        let not_utf8 = parse_csv(b"x1,x2,y\n1,2,+\n\xff,1,-\n")
            .unwrap_err()
            .to_string();
        assert!(
            not_utf8.contains("line 3: column 1 is not valid UTF-8"),
            "{not_utf8}"
        );
    }

    /// Issue #38: with Windows line endings every error named the line before the real one.
    #[test]
    fn errors_name_the_same_line_whatever_the_line_endings() {
        for ending in ["\n", "\r\n", "\r"] {
            let text = ["x1,x2,y", "1,2,+", "", "3,abc,-"].join(ending) + ending;
            let message = parse_csv(text.as_bytes()).unwrap_err().to_string();
            assert!(
                message.contains("line 4: column 2"),
                "{ending:?}: {message}"
            );
            let text = ["x1,x2,y", "1,2,a", "3,abc,b"].join(ending) + ending;
            let message = crate::core::algo::parse_class_csv(text.as_bytes())
                .unwrap_err()
                .to_string();
            assert!(
                message.contains("line 3: column 2"),
                "{ending:?}: {message}"
            );
        }
        // A quoted field over two lines: the record after it starts two lines on.
        let message = parse_csv(b"x1,x2,y\r\n\"1\r\n\",2,+\r\n3,abc,-\r\n")
            .unwrap_err()
            .to_string();
        assert!(message.contains("line 4: column 2"), "{message}");
    }

    #[test]
    fn line_numbers_are_counted_once_whatever_the_order_asked() {
        let bytes = b"a\r\nb\rc\n\nd";
        let mut lines = CsvLines::new(bytes);
        let at = |byte: u64| {
            let mut p = csv::Position::new();
            p.set_byte(byte);
            p
        };
        assert_eq!(lines.of(Some(&at(0))), 1);
        assert_eq!(lines.of(Some(&at(2))), 2, "on the \\n of a \\r\\n");
        assert_eq!(lines.of(Some(&at(3))), 2);
        assert_eq!(lines.of(Some(&at(5))), 3);
        assert_eq!(lines.of(Some(&at(6))), 5, "after a blank line");
        assert_eq!(lines.of(Some(&at(8))), 5);
        assert_eq!(lines.of(Some(&at(0))), 1, "back to the start");
        assert_eq!(lines.of(None), 1);
    }

    #[test]
    fn push_rejects_bad_points_and_keeps_data() {
        let mut data = Dataset::new(2);
        data.push(&[1.0, 2.0], Label::Pos).unwrap();
        assert!(data.push(&[f64::NAN, 0.0], Label::Neg).is_err());
        assert!(data.push(&[1.0], Label::Neg).is_err());
        assert_eq!(data.len(), 1);
    }
}
