//! Samples with K ≥ 2 named classes, for the multiclass algorithms.

use crate::core::Error;

/// Samples with a fixed number of features and a class index each; class names are ordered as
/// the course rule says: numerically when every label is a number, otherwise as strings.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClassData {
    dim: usize,
    xs: Vec<f64>,
    classes: Vec<usize>,
    names: Vec<String>,
}

impl ClassData {
    /// Samples from features and label strings; the classes are the distinct labels, sorted.
    pub fn new(dim: usize, xs: Vec<f64>, labels: &[String]) -> Result<ClassData, Error> {
        if xs.len() != dim * labels.len() {
            return Err(Error::Dimension {
                expected: dim * labels.len(),
                got: xs.len(),
            });
        }
        if let Some(bad) = xs.iter().find(|v| !v.is_finite()) {
            return Err(Error::NonFinite(crate::core::numfmt::num(*bad)));
        }
        let mut names: Vec<String> = labels.to_vec();
        names.sort();
        names.dedup();
        let numeric: Option<Vec<f64>> =
            names.iter().map(|n| n.trim().parse::<f64>().ok()).collect();
        if let Some(values) = numeric {
            let mut pairs: Vec<(f64, String)> = values.into_iter().zip(names).collect();
            pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
            names = pairs.into_iter().map(|(_, n)| n).collect();
        }
        let classes = labels
            .iter()
            .map(|l| names.iter().position(|n| n == l).unwrap_or(0))
            .collect();
        Ok(ClassData {
            dim,
            xs,
            classes,
            names,
        })
    }

    /// The points of a [`Dataset`](crate::core::Dataset) with their class indices, and
    /// `num_classes` classes named `0`, `1`, …: what the page's multiclass mode trains on.
    /// Class indices at or beyond `num_classes` are refused.
    pub fn from_dataset(
        data: &crate::core::Dataset,
        num_classes: usize,
    ) -> Result<ClassData, Error> {
        if let Some(bad) = data.class_indices().find(|&c| c >= num_classes) {
            return Err(Error::Class(bad));
        }
        Ok(ClassData {
            dim: data.dim(),
            xs: data.flat_xs().to_vec(),
            classes: data.class_indices().collect(),
            names: (0..num_classes).map(|k| k.to_string()).collect(),
        })
    }

    /// Features per sample.
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
    pub fn x(&self, i: usize) -> &[f64] {
        &self.xs[i * self.dim..(i + 1) * self.dim]
    }

    /// The class index (0-based, into [`ClassData::names`]) of sample `i`.
    pub fn class(&self, i: usize) -> usize {
        self.classes[i]
    }

    /// Number of classes K.
    pub fn num_classes(&self) -> usize {
        self.names.len()
    }

    /// The class names in class-index order.
    pub fn names(&self) -> &[String] {
        &self.names
    }
}

/// A field without the spaces around it (as `csv::Trim::All` would leave it).
fn trimmed(field: &[u8]) -> &[u8] {
    field.trim_ascii()
}

/// Reads a CSV with a header row, feature columns, then a label column of any strings. Errors
/// name the line and the reason, as for the binary reader. Spaces around fields are dropped, but
/// two labels that differ only by them (`a` and `a `) are refused, naming both: they would
/// otherwise merge into one class without a word. So are a label holding a character that
/// cannot be seen (a control, a zero-width or text-direction character, white space at an
/// end: see [`class_names`](super::class_names)) and two labels that differ only in their
/// Unicode spelling (`é` precomposed and `e` + U+0301: equal after NFC), naming the character
/// or the code points. A label that begins with a single quote and
/// then a formula character (`'=x`, what a saved points CSV holds for the name `=x`) is read
/// without that quote ([`crate::core::table::csv_formula_restore`]).
pub fn parse_class_csv(bytes: &[u8]) -> Result<ClassData, Error> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(true)
        .from_reader(bytes);
    let mut lines = crate::core::CsvLines::new(bytes);
    let columns = reader
        .byte_headers()
        .map_err(|e| Error::Row {
            line: 1,
            reason: format!("unreadable CSV ({e})"),
        })?
        .len();
    if columns < 2 {
        return Err(Error::EmptyFile);
    }
    let (mut xs, mut labels) = (Vec::new(), Vec::new());
    // Each label as first written (spaces kept) and its line, by label.
    let mut written: std::collections::HashMap<String, (String, u64)> =
        std::collections::HashMap::new();
    // Each label as first spelled and its line, by its NFC form.
    let mut spelled: std::collections::HashMap<String, (String, u64)> =
        std::collections::HashMap::new();
    for record in reader.byte_records() {
        let record = record.map_err(|e| Error::Row {
            line: lines.of(e.position()),
            reason: format!("unreadable CSV ({e})"),
        })?;
        let line = lines.of(record.position());
        if record.iter().all(|f| trimmed(f).is_empty()) {
            continue;
        }
        if record.len() != columns {
            return Err(Error::Row {
                line,
                reason: format!("expected {columns} columns, found {}", record.len()),
            });
        }
        for (c, raw) in record.iter().enumerate() {
            let field = trimmed(raw);
            let Ok(text) = std::str::from_utf8(field) else {
                return Err(Error::Row {
                    line,
                    reason: format!("column {} is not valid UTF-8 text", c + 1),
                });
            };
            if c + 1 == columns {
                let chars = text.chars().count();
                if chars > crate::core::scenario::MAX_CLASS_NAME_CHARS {
                    return Err(Error::Row {
                        line,
                        reason: format!(
                            "the label {} is longer than the {} characters a class name may hold",
                            crate::core::excerpt(text),
                            crate::core::scenario::MAX_CLASS_NAME_CHARS
                        ),
                    });
                }
                if let Some(what) = super::class_names::hidden_character(text) {
                    return Err(Error::Row {
                        line,
                        reason: format!("the label {text:?} {what}; remove it"),
                    });
                }
                let raw = String::from_utf8_lossy(raw).into_owned();
                let (first, first_line) = written
                    .entry(text.to_string())
                    .or_insert_with(|| (raw.clone(), line));
                if *first != raw {
                    return Err(Error::Row {
                        line,
                        reason: format!(
                            "the labels {first:?} (line {first_line}) and {raw:?} differ only by the spaces around them; write them alike (one class) or differently (two)"
                        ),
                    });
                }
                let (first, first_line) = spelled
                    .entry(super::class_names::comparable(text))
                    .or_insert_with(|| (text.to_string(), line));
                if first != text {
                    return Err(Error::Row {
                        line,
                        reason: format!(
                            "the labels {first:?} (line {first_line}) and {text:?} {}; write them alike (one class) or differently (two)",
                            super::class_names::spelling_differs(first, text)
                        ),
                    });
                }
                // The quote a points CSV puts before a formula-like name comes off again.
                labels.push(crate::core::table::csv_formula_restore(text).to_string());
            } else {
                match text.parse::<f64>() {
                    Ok(v) if v.is_finite() => xs.push(v),
                    _ => {
                        return Err(Error::Row {
                            line,
                            reason: format!(
                                "column {} is not a finite number: {}",
                                c + 1,
                                crate::core::excerpt(text)
                            ),
                        })
                    }
                }
            }
        }
    }
    if labels.is_empty() {
        return Err(Error::EmptyFile);
    }
    let data = ClassData::new(columns - 1, xs, &labels)?;
    if data.num_classes() < 2 {
        return Err(Error::OneClass(data.names()[0].clone()));
    }
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_sort_numerically_when_all_labels_are_numbers() {
        let data = parse_class_csv(b"x,y,c\n0,0,10\n1,1,2\n2,2,-1\n3,3,2\n").unwrap();
        assert_eq!(data.names(), ["-1", "2", "10"]);
        assert_eq!(
            (0..4).map(|i| data.class(i)).collect::<Vec<_>>(),
            [2, 1, 0, 1]
        );
        let words = parse_class_csv(b"x,y,c\n0,0,pear\n1,1,apple\n2,2,10\n").unwrap();
        // Spaces around every field, the same way on every row: dropped.
        let spaced = parse_class_csv(b"x, y, c\n 0, 0, pear\n1 ,1, apple \n").unwrap();
        assert_eq!(spaced.names(), ["apple", "pear"]);
        assert_eq!(words.names(), ["10", "apple", "pear"]);
        assert!(parse_class_csv(b"x,y,c\n0,0,a\n1,1,a\n").is_err());
        assert!(parse_class_csv(b"x,y,c\n0,nan,a\n1,1,b\n")
            .unwrap_err()
            .to_string()
            .contains("line 2"));
    }

    /// Issue #16: labels `a` and `a ` merged into one class without a word.
    #[test]
    fn labels_that_differ_only_by_spaces_are_refused_naming_both() {
        let message = parse_class_csv(b"x,y,c\n0,0,a\n1,1,a \n2,2,b\n")
            .unwrap_err()
            .to_string();
        assert!(message.contains("line 3"), "{message}");
        assert!(message.contains(r#""a" (line 2) and "a ""#), "{message}");
        assert!(message.contains("differ only by the spaces"), "{message}");
        // Quoted, and leading spaces: the same.
        let message = parse_class_csv(b"x,y,c\n0,0,\" b\"\n1,1,a\n2,2,b\n")
            .unwrap_err()
            .to_string();
        assert!(message.contains(r#"" b" (line 2) and "b""#), "{message}");
    }
}
