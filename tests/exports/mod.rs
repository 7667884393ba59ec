//! Readers of the exports, written for the tests (not the code under test): a Markdown table
//! row split into its cells as pandoc and GitHub split it, a Markdown text decoded, a CSV cell
//! checked for what a spreadsheet would run, a LaTeX document checked for balanced braces and
//! its control words.

/// The cells of a Markdown table row (`| a | b\|c |`) as pandoc splits it: a backslash escapes
/// the next character, any other `|` ends a cell. Each cell is returned as written (escapes
/// kept), without the padding. Panics when a cell-ending `|` is not preceded by a space or the
/// line start: GitHub's reader takes a `|` after any backslash as escaped, so only then do
/// both read the same cells.
pub fn markdown_cells(row: &str) -> Vec<String> {
    let inner = row
        .strip_prefix('|')
        .and_then(|r| r.strip_suffix('|'))
        .unwrap_or_else(|| panic!("not a table row: {row:?}"));
    let mut cells = Vec::new();
    let mut cell = String::new();
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                cell.push(c);
                if let Some(next) = chars.next() {
                    cell.push(next);
                }
            }
            '|' => {
                assert!(
                    cell.ends_with(' '),
                    "a cell ends without a space before its `|`: {row:?}"
                );
                cells.push(cell.trim().to_string());
                cell.clear();
            }
            c => cell.push(c),
        }
    }
    assert!(
        inner.is_empty() || inner.ends_with(' '),
        "the last cell ends without a space: {row:?}"
    );
    cells.push(cell.trim().to_string());
    cells
}

/// The text a Markdown renderer shows for `text` (escaped as the exports escape it): the
/// backslash escapes of ASCII punctuation and the entities `&amp;`, `&lt;`, `&gt;` undone.
pub fn markdown_decode(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '\\' {
            if let Some(next) = rest[1..].chars().next().filter(char::is_ascii_punctuation) {
                out.push(next);
                rest = &rest[1 + next.len_utf8()..];
                continue;
            }
        }
        if let Some((entity, ch)) = [("&amp;", '&'), ("&lt;", '<'), ("&gt;", '>')]
            .into_iter()
            .find(|(e, _)| rest.starts_with(e))
        {
            out.push(ch);
            rest = &rest[entity.len()..];
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// Whether a spreadsheet would run a CSV cell as a formula: it begins with `=`, `@`, a tab or a
/// carriage return, or with `+` or `-` followed by anything but a plain finite number.
pub fn spreadsheet_runs(cell: &str) -> bool {
    match cell.chars().next() {
        Some('=' | '@' | '\t' | '\r') => true,
        Some('+' | '-') => {
            let rest = &cell[1..];
            let plain = rest
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'))
                && rest.parse::<f64>().is_ok_and(f64::is_finite);
            !(rest.is_empty() || plain)
        }
        _ => false,
    }
}

/// The control words and symbols a table export may hold outside comments: the table's own,
/// the text escapes and the math of numbers and of the page's words.
const LATEX_WORDS: &[&str] = &[
    "begin",
    "end",
    "toprule",
    "midrule",
    "bottomrule",
    "textbackslash",
    "textasciitilde",
    "textasciicircum",
    "textbar",
    "textless",
    "textgreater",
    "textquotedbl",
    "ldots",
    "cdot",
    "to",
    "bar",
    "hat",
    "alpha",
    "eta",
    "gamma",
    "tau",
    "ell",
    "ge",
    "le",
    "ne",
    "Sigma",
    "leftarrow",
    "checkmark",
    "times",
];

/// Checks a LaTeX table export line by line, outside `%` comments: braces balanced on every
/// line, `$` paired, only the control words of [`LATEX_WORDS`] and the control symbols
/// `\& \% \$ \# \_ \{ \} \\ \|`; and text beyond ASCII, or a `\textquotedbl` (which pdfLaTeX's
/// default OT1 encoding lacks), only after the first line's comment saying what the document
/// needs. Returns the text outside comments.
pub fn check_latex(tex: &str) -> String {
    let mut code = String::new();
    for line in tex.lines() {
        let mut depth = 0i32;
        let mut dollars = 0;
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '%' => break,
                '\\' => {
                    let Some(&next) = chars.peek() else {
                        panic!("a line ends with a backslash: {line:?}")
                    };
                    if next.is_ascii_alphabetic() {
                        let mut word = String::new();
                        while let Some(&l) = chars.peek().filter(|l| l.is_ascii_alphabetic()) {
                            word.push(l);
                            chars.next();
                        }
                        assert!(LATEX_WORDS.contains(&word.as_str()), "\\{word} in {line:?}");
                    } else {
                        assert!("&%$#_{}\\|".contains(next), "\\{next} in {line:?}");
                        chars.next();
                    }
                    code.push(' ');
                }
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    assert!(depth >= 0, "a `}}` closes nothing in {line:?}");
                }
                '$' => dollars += 1,
                c => code.push(c),
            }
        }
        assert_eq!(depth, 0, "unbalanced braces in {line:?}");
        assert_eq!(dollars % 2, 0, "an unpaired $ in {line:?}");
        code.push('\n');
    }
    let first = tex.lines().next().unwrap_or("");
    if !code.is_ascii() {
        assert!(
            first.starts_with("% UTF-8 text") && first.contains("XeLaTeX"),
            "text beyond ASCII without the comment naming what it needs:\n{tex}"
        );
    } else if tex
        .lines()
        .any(|l| !l.starts_with('%') && l.contains("\\textquotedbl"))
    {
        assert!(
            first.starts_with("% ") && first.contains("\\usepackage[T1]{fontenc}"),
            "a \\textquotedbl without the comment saying pdfLaTeX needs T1:\n{tex}"
        );
    }
    code
}
