//! The step table of seed 000, as Markdown, CSV or JSON.
//!
//! | step | weights | score | correct? | update |
//! |---|---|---|---|---|
//! | 2 | [-1, 0, 0] | -1 * 1 + 0 * 3 + 0 * 2 = -1 | no | +[1, 3, 2] |

use super::numfmt::{num, vector};
use super::StepRecord;
use serde::Serialize;

/// The score written out: `-1 * 1 + 0 * 3 + 0 * 2 = -1` (the bias term `w0 * 1` first when the
/// bias is on). Negative feature values are put in parentheses.
pub fn score_expression(record: &StepRecord, bias: bool) -> String {
    let mut terms = Vec::with_capacity(record.x.len() + 1);
    if bias {
        terms.push(format!("{} * 1", num(record.weights_before[0])));
    }
    for (w, x) in record.weights_before[1..].iter().zip(&record.x) {
        let x_text = if *x < 0.0 {
            format!("({})", num(*x))
        } else {
            num(*x)
        };
        terms.push(format!("{} * {}", num(*w), x_text));
    }
    format!("{} = {}", terms.join(" + "), num(record.score))
}

/// The update column: `none`, `+[1, 3, 2]`, `-[1, 2, 3]`, or `+0.5 * [1, 3, 2]` when η ≠ 1.
/// The vector is the sample's feature vector with the bias feature first (`0` without bias).
pub fn update_text(record: &StepRecord, eta: f64, bias: bool) -> String {
    if !record.mistake {
        return "none".to_string();
    }
    let sign = if record.y > 0.0 { "+" } else { "-" };
    let mut features = Vec::with_capacity(record.x.len() + 1);
    features.push(if bias { 1.0 } else { 0.0 });
    features.extend_from_slice(&record.x);
    if eta == 1.0 {
        format!("{sign}{}", vector(&features))
    } else {
        format!("{sign}{} * {}", num(eta), vector(&features))
    }
}

/// The Markdown header row and separator.
pub const MARKDOWN_HEADER: &str =
    "| step | weights | score | correct? | update |\n|---:|---|---|---|---|\n";

/// The classic table's column names: step, weights, score, correct?, update.
pub fn classic_head() -> Vec<Cell> {
    ["step", "weights", "score", "correct?", "update"]
        .map(|name| Cell::Text(name.to_string()))
        .to_vec()
}

/// The classic table's cells of one visit.
pub fn classic_cells(record: &StepRecord, eta: f64, bias: bool) -> Vec<Cell> {
    vec![
        Cell::Text(record.step.to_string()),
        Cell::Math(vector(&record.weights_before)),
        Cell::Math(score_expression(record, bias)),
        Cell::Text(if record.mistake { "no" } else { "yes" }.to_string()),
        if record.mistake {
            Cell::Math(update_text(record, eta, bias))
        } else {
            Cell::Text("none".to_string())
        },
    ]
}

/// One Markdown row.
pub fn markdown_row(record: &StepRecord, eta: f64, bias: bool) -> String {
    markdown_cells(&classic_cells(record, eta, bias)) + "\n"
}

/// The closing row of seed 000's table: the next step number and the weights reached.
pub fn markdown_final_row(next_step: u64, weights: &[f64]) -> String {
    markdown_cells(&closing_cells(next_step, weights)) + "\n"
}

/// The cells of the closing row: the next step number, the weights reached, three blanks.
pub fn closing_cells(next_step: u64, weights: &[f64]) -> Vec<Cell> {
    vec![
        Cell::Text(next_step.to_string()),
        Cell::Math(vector(weights)),
        Cell::Blank,
        Cell::Blank,
        Cell::Blank,
    ]
}

/// The CSV names of the weights `w0 … wdim`, `w0_before` for `when = "before"`.
pub fn weight_names(dim: usize, when: &str) -> impl Iterator<Item = String> + '_ {
    (0..=dim).map(move |i| format!("w{i}_{when}"))
}

/// The CSV header for data with `dim` features.
pub fn csv_header(dim: usize) -> String {
    let mut cols = vec!["step".to_string(), "epoch".to_string(), "index".to_string()];
    cols.extend((1..=dim).map(|i| format!("x{i}")));
    cols.push("y".to_string());
    cols.extend(weight_names(dim, "before"));
    cols.push("score".to_string());
    cols.push("mistake".to_string());
    cols.extend(weight_names(dim, "after"));
    cols.join(",") + "\n"
}

/// One CSV row, numbers in full precision.
pub fn csv_row(record: &StepRecord) -> String {
    let mut cols = vec![
        record.step.to_string(),
        record.epoch.to_string(),
        record.index.to_string(),
    ];
    cols.extend(record.x.iter().map(f64::to_string));
    cols.push(record.y.to_string());
    cols.extend(record.weights_before.iter().map(f64::to_string));
    cols.push(record.score.to_string());
    cols.push(record.mistake.to_string());
    cols.extend(record.weights_after.iter().map(f64::to_string));
    cols.join(",") + "\n"
}

/// A table format for exports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableFormat {
    /// Seed 000's columns as a Markdown table, with the closing weights row.
    Markdown,
    /// One row per step, every number in full precision.
    Csv,
    /// A LaTeX `tabular` with booktabs rules, ready for a slide.
    Latex,
}

impl TableFormat {
    /// Reads `markdown`, `csv` or `latex`.
    pub fn parse(text: &str) -> Option<TableFormat> {
        match text {
            "markdown" | "md" => Some(TableFormat::Markdown),
            "csv" => Some(TableFormat::Csv),
            "latex" | "tex" => Some(TableFormat::Latex),
            _ => None,
        }
    }
}

/// The LaTeX (booktabs) header.
pub const LATEX_HEADER: &str = "\\begin{tabular}{rllll}\n\\toprule\nstep & weights & score & correct? & update \\\\\n\\midrule\n";

/// The LaTeX footer.
pub const LATEX_FOOTER: &str = "\\bottomrule\n\\end{tabular}\n";

/// One LaTeX row.
pub fn latex_row(record: &StepRecord, eta: f64, bias: bool) -> String {
    latex_cells(&classic_cells(record, eta, bias)) + "\n"
}

/// A whole table of `records` in `format`, closed (Markdown, LaTeX) by the row of step
/// `next_step` with the weights reached.
pub fn document(
    format: TableFormat,
    records: &[&StepRecord],
    eta: f64,
    bias: bool,
    weights: &[f64],
    next_step: u64,
) -> String {
    let mut out = String::new();
    match format {
        TableFormat::Markdown => {
            out.push_str(MARKDOWN_HEADER);
            for r in records {
                out.push_str(&markdown_row(r, eta, bias));
            }
            out.push_str(&markdown_final_row(next_step, weights));
        }
        TableFormat::Csv => {
            out.push_str(&csv_header(weights.len() - 1));
            for r in records {
                out.push_str(&csv_row(r));
            }
        }
        TableFormat::Latex => {
            let mut body = String::new();
            for r in records {
                body.push_str(&latex_row(r, eta, bias));
            }
            body.push_str(&(latex_cells(&closing_cells(next_step, weights)) + "\n"));
            if let Some(note) = latex_needs(&body) {
                out.push_str(note);
            }
            out.push_str(LATEX_HEADER);
            out.push_str(&body);
            out.push_str(LATEX_FOOTER);
        }
    }
    out
}

/// The `"result"` object of the JSON output.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunResult {
    /// The feature weights `[w1, …, wd]` (without the bias).
    pub weights: Vec<f64>,
    /// The bias `b = w0`.
    pub bias: f64,
    /// Epochs run, including the clean one on convergence.
    pub epochs: u64,
    /// Updates (mistakes) made.
    pub updates: u64,
    /// Whether a full epoch passed without a mistake.
    pub converged: bool,
}

/// A table of already formatted rows `[step, weights, score, correct, update]` in `format`
/// (the algorithms of the family other than the classic rule), closed (Markdown, LaTeX) by a
/// row with the model reached. LaTeX cells are escaped as text; CSV cells a spreadsheet would
/// run as a formula are neutralized ([`csv_formula_safe`]).
pub fn text_document(format: TableFormat, rows: &[[String; 5]], closing: &str) -> String {
    let mut out = String::new();
    match format {
        TableFormat::Markdown => {
            out.push_str(MARKDOWN_HEADER);
            for r in rows {
                out.push_str(&format!(
                    "| {} |\n",
                    r.iter()
                        .map(|c| markdown_text(c))
                        .collect::<Vec<_>>()
                        .join(" | ")
                ));
            }
            out.push_str(&format!("| | {} | | | |\n", markdown_text(closing)));
        }
        TableFormat::Csv => {
            let mut writer = csv::Writer::from_writer(Vec::new());
            let _ = writer.write_record(["step", "weights", "score", "correct", "update"]);
            for r in rows {
                let _ =
                    writer.write_record(r.iter().map(|cell| csv_formula_safe(cell).into_owned()));
            }
            let bytes = writer.into_inner().unwrap_or_default();
            out.push_str(&String::from_utf8_lossy(&bytes));
        }
        TableFormat::Latex => {
            let mut body = String::new();
            for r in rows {
                body.push_str(&format!(
                    "{} \\\\\n",
                    r.iter()
                        .map(|c| latex_text(c))
                        .collect::<Vec<_>>()
                        .join(" & ")
                ));
            }
            body.push_str(&format!(" & {} & & & \\\\\n", latex_text(closing)));
            if let Some(note) = latex_needs(&body) {
                out.push_str(note);
            }
            out.push_str(LATEX_HEADER);
            out.push_str(&body);
            out.push_str(LATEX_FOOTER);
        }
    }
    out
}

/// Text for a LaTeX cell, the one escaping of the page's export and the command line's
/// tables: LaTeX's special characters escaped ([`latex_escaped`]), the symbols of the page's
/// words (α, →, w̄, …) written as LaTeX, and every other character beyond ASCII (a class name's
/// `é`, `日`, `ע`) kept as the UTF-8 it is, so that no two names print the same; a document
/// holding such text, or a `"`, starts with [`latex_needs`].
pub fn latex_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        // A Latin letter with a combining macron (`w̄`, `b̄`): the page's averaged weights.
        if ch.is_ascii_alphabetic() && chars.peek() == Some(&'\u{304}') {
            chars.next();
            out.push_str(&format!("$\\bar{{{ch}}}$"));
            continue;
        }
        let symbol = match ch {
            'α' => "$\\alpha$",
            'η' => "$\\eta$",
            'γ' => "$\\gamma$",
            'τ' => "$\\tau$",
            'ℓ' => "$\\ell$",
            '≥' => "$\\ge$",
            'Σ' => "$\\Sigma$",
            '·' => "$\\cdot$",
            '→' => "$\\to$",
            '←' => "$\\leftarrow$",
            '−' => "$-$",
            '≤' => "$\\le$",
            '≠' => "$\\ne$",
            '‖' => "$\\|$",
            '✓' => "$\\checkmark$",
            '✗' => "$\\times$",
            'ŷ' => "$\\hat{y}$",
            '…' => "\\ldots{}",
            '—' => "---",
            '–' => "--",
            ch => {
                out.push_str(&latex_escaped(&ch.to_string()));
                continue;
            }
        };
        out.push_str(symbol);
    }
    out
}

/// The comment line a LaTeX table starts with when `body` (its rows) needs more than the
/// default pdfLaTeX set-up, naming what: for text beyond ASCII, a UTF-8 engine (or pdfLaTeX with
/// `inputenc` and T1 for Latin letters); for a straight double quote (`\textquotedbl`, which the
/// default OT1 encoding has no glyph for), T1 under pdfLaTeX. `None` when it needs nothing.
pub fn latex_needs(body: &str) -> Option<&'static str> {
    if !body.is_ascii() {
        return Some(
            "% UTF-8 text (class names): compile with XeLaTeX or LuaLaTeX with \\usepackage{fontspec} \
             and a font that has every script used (right-to-left names also need babel or \
             polyglossia); pdfLaTeX, with \\usepackage[utf8]{inputenc} and \\usepackage[T1]{fontenc}, \
             prints accented Latin letters only.\n",
        );
    }
    if body.contains("\\textquotedbl") {
        return Some(
            "% A class name holds a straight double quote (\\textquotedbl), which the default OT1 \
             encoding has no glyph for: pdfLaTeX needs \\usepackage[T1]{fontenc}; XeLaTeX and \
             LuaLaTeX need nothing more.\n",
        );
    }
    None
}

/// `text` with LaTeX's special characters escaped, and the ASCII characters that the default
/// OT1 font prints as something else (`|` as —, `<` as ¡, `>` as ¿, `"` as ”) written as
/// their text commands; any other character as it is.
fn latex_escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            // A line break would end a `%` comment and start a line TeX runs: every control
            // character is written as its visible escape (`\x0a`), itself escaped.
            ch if ch.is_control() => out.push_str(&latex_escaped(&control_escape(ch))),
            '\\' => out.push_str("\\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(ch);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '|' => out.push_str("\\textbar{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '"' => out.push_str("\\textquotedbl{}"),
            ch => out.push(ch),
        }
    }
    out
}

/// The visible escape of a control character: `\x1b` for the ASCII ones (C0 and DEL),
/// `\u{9b}` for the C1 ones (U+0080 to U+009F). Other characters are returned as they are.
pub fn control_escape(ch: char) -> String {
    match ch as u32 {
        _ if !ch.is_control() => ch.to_string(),
        code @ 0..=0x7f => format!("\\x{code:02x}"),
        code => format!("\\u{{{code:x}}}"),
    }
}

/// `text` as it may go to a terminal: every control character but the line feed (escape
/// sequences, carriage returns, bells, backspaces, tabs, C1 controls) written as its visible
/// escape ([`control_escape`]), so that a label cannot move the cursor, recolour or retitle
/// the terminal. A backslash already in `text` stays as it is.
pub fn terminal_text(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|ch| ch.is_control() && ch != '\n') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for ch in text.chars() {
        if ch == '\n' {
            out.push(ch);
        } else {
            out.push_str(&control_escape(ch));
        }
    }
    std::borrow::Cow::Owned(out)
}

/// `text` as the rest of a LaTeX `%` comment line: LaTeX's special characters escaped and
/// every control character, line breaks included, written as its visible escape, so that the
/// comment cannot end early and nothing after it runs.
pub fn latex_comment(text: &str) -> String {
    latex_escaped(text)
}

/// Whether a spreadsheet would run a CSV cell holding `text` as a formula (OWASP's CSV
/// injection list): a cell that begins with `=`, `@`, a tab or a carriage return always; one
/// that begins with `+` or `-` unless it is that sign alone or a plain decimal number (`-1`,
/// `+0.5`, `-2e3`), which a spreadsheet reads as the number or the text it is.
pub fn csv_formula_like(text: &str) -> bool {
    match text.chars().next() {
        Some('=' | '@' | '\t' | '\r') => true,
        Some('+' | '-') => {
            let rest = &text[1..];
            !(rest.is_empty() || plain_number(rest))
        }
        _ => false,
    }
}

/// Digits with at most one decimal point and an optional exponent (`12`, `.5`, `3.`, `1e-3`).
fn plain_number(text: &str) -> bool {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(at) => (&text[..at], Some(&text[at + 1..])),
        None => (text, None),
    };
    let digits = mantissa.chars().filter(char::is_ascii_digit).count();
    let points = mantissa.chars().filter(|&c| c == '.').count();
    let mantissa_ok = digits > 0 && points <= 1 && digits + points == mantissa.len();
    let exponent_ok = match exponent {
        None => true,
        Some(e) => {
            let e = e.strip_prefix(['+', '-']).unwrap_or(e);
            !e.is_empty() && e.chars().all(|c| c.is_ascii_digit())
        }
    };
    mantissa_ok && exponent_ok
}

/// A CSV cell neutralized against formula injection: a single quote before `text` when,
/// after any single quotes it already begins with, it is [`csv_formula_like`] (`=1+1` →
/// `'=1+1`, `'=x` → `''=x`); any other text, such as `+`, `-`, `-1` or `apple`, as it is.
/// [`csv_formula_restore`] undoes it exactly.
pub fn csv_formula_safe(text: &str) -> std::borrow::Cow<'_, str> {
    if csv_formula_like(text.trim_start_matches('\'')) {
        std::borrow::Cow::Owned(format!("'{text}"))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// The text of a cell [`csv_formula_safe`] wrote: the quote it added taken off again (a cell
/// that begins with single quotes and then a formula character loses one quote).
pub fn csv_formula_restore(text: &str) -> &str {
    match text.strip_prefix('\'') {
        Some(rest) if csv_formula_like(text.trim_start_matches('\'')) => rest,
        _ => text,
    }
}

/// A cell of a table the command line prints (see [`crate::core::algo::CliTable`]): plain
/// text (escaped for the format), a formula (`$…$` in LaTeX), both in a row, or nothing.
#[derive(Debug, Clone, PartialEq)]
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
    /// An empty cell, written without padding (`| |`, `& &`): the closing row's blanks.
    Blank,
}

impl Cell {
    /// The cell for Markdown, escaped by [`markdown_text`]: no HTML, and a `|` does not split
    /// the cell.
    pub fn markdown(&self) -> String {
        match self {
            Cell::Text(t) | Cell::Math(t) => markdown_text(t),
            Cell::Parts(parts) => parts.iter().map(Cell::markdown).collect(),
            Cell::Own(md, _) => markdown_text(md),
            Cell::Blank => String::new(),
        }
    }

    /// The cell for LaTeX: text with its special characters escaped, math in `$…$`.
    pub fn latex(&self) -> String {
        match self {
            Cell::Text(t) => latex_text(t),
            Cell::Math(t) => {
                format!("${}$", t.replace(" * ", " \\cdot ").replace('→', "\\to"))
            }
            Cell::Parts(parts) => parts.iter().map(Cell::latex).collect(),
            Cell::Own(_, tex) => tex.to_string(),
            Cell::Blank => String::new(),
        }
    }
}

/// `text` as it may stand in a Markdown table cell or line, the one escaping of the page's export
/// and the command line's tables and summaries, read alike by GitHub (GFM), CommonMark and
/// pandoc: `&`, `<` and `>` as the entities `&amp;`, `&lt;` and `&gt;`, so that no renderer
/// that passes HTML through meets a tag (`<img onerror=…>`); a backslash, a backtick and `|`
/// behind a backslash, so that `a\|b` stays one cell (`a\\\|b`) and no code span starts; `*`,
/// `~` and `_` behind a backslash where they could open or close emphasis or strike-through
/// (not between spaces, as in `-1 * 1`, nor `_` inside a word, as in `J_p`); and a `]` before
/// `(`, so that no link or image is made. Everything else, UTF-8 included, as it is.
pub fn markdown_text(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 8);
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\\' | '`' | '|' => {
                out.push('\\');
                out.push(ch);
            }
            ']' if chars.get(i + 1) == Some(&'(') => out.push_str("\\]"),
            '*' | '_' | '~' => {
                // The whole run of the same character, and what stands on either side of it.
                let end = chars[i..]
                    .iter()
                    .position(|&c| c != ch)
                    .map_or(chars.len(), |n| i + n);
                let before = i.checked_sub(1).map(|j| chars[j]);
                let after = chars.get(end).copied();
                let space = |c: Option<char>| c.is_none_or(char::is_whitespace);
                let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
                let inert =
                    (space(before) && space(after)) || (ch == '_' && word(before) && word(after));
                for _ in i..end {
                    if !inert {
                        out.push('\\');
                    }
                    out.push(ch);
                }
                i = end;
                continue;
            }
            ch => out.push(ch),
        }
        i += 1;
    }
    out
}

/// A row of cells as a Markdown table row (`| a | b |`, a blank cell as `| |`), without the
/// line break.
pub fn markdown_cells(cells: &[Cell]) -> String {
    let mut out = String::from("|");
    for cell in cells {
        match cell {
            Cell::Blank => out.push_str(" |"),
            cell => out.push_str(&format!(" {} |", cell.markdown())),
        }
    }
    out
}

/// A row of cells as a LaTeX table row (`a & b \\\\`, a blank cell as `& &`), without the line
/// break.
pub fn latex_cells(cells: &[Cell]) -> String {
    let mut out = String::new();
    for (i, cell) in cells.iter().enumerate() {
        if i > 0 {
            out.push_str(" &");
        }
        if *cell != Cell::Blank {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&cell.latex());
        }
    }
    out + " \\\\"
}

/// A CSV field, neutralized against formula injection ([`csv_formula_safe`]) and quoted when
/// it holds a comma, a quote or a line break.
pub fn csv_field(text: &str) -> String {
    let text = csv_formula_safe(text);
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// A line of CSV (RFC 4180, without the line break): each of `cells` written by [`csv_field`],
/// separated by commas.
pub fn csv_line<S: AsRef<str>>(cells: &[S]) -> String {
    cells
        .iter()
        .map(|cell| csv_field(cell.as_ref()))
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row2() -> StepRecord {
        StepRecord {
            step: 2,
            epoch: 1,
            index: 2,
            x: vec![3.0, 2.0],
            y: 1.0,
            weights_before: vec![-1.0, 0.0, 0.0],
            score: -1.0,
            mistake: true,
            weights_after: vec![0.0, 3.0, 2.0],
        }
    }

    #[test]
    fn seed_000_row_two() {
        let r = row2();
        assert_eq!(score_expression(&r, true), "-1 * 1 + 0 * 3 + 0 * 2 = -1");
        assert_eq!(update_text(&r, 1.0, true), "+[1, 3, 2]");
        assert_eq!(update_text(&r, 0.5, true), "+0.5 * [1, 3, 2]");
        assert_eq!(
            markdown_row(&r, 1.0, true),
            "| 2 | [-1, 0, 0] | -1 * 1 + 0 * 3 + 0 * 2 = -1 | no | +[1, 3, 2] |\n"
        );
        assert_eq!(csv_row(&r), "2,1,2,3,2,1,-1,0,0,-1,true,0,3,2\n");
        assert_eq!(
            csv_header(2),
            "step,epoch,index,x1,x2,y,w0_before,w1_before,w2_before,score,mistake,w0_after,w1_after,w2_after\n"
        );
    }

    #[test]
    fn no_bias_and_negative_features() {
        let r = StepRecord {
            x: vec![-2.0, -2.0],
            weights_before: vec![0.0, 3.0, -1.0],
            score: -4.0,
            weights_after: vec![0.0, 1.0, -3.0],
            ..row2()
        };
        assert_eq!(score_expression(&r, false), "3 * (-2) + -1 * (-2) = -4");
        assert_eq!(update_text(&r, 1.0, false), "+[0, -2, -2]");
    }

    #[test]
    fn latex_escapes_every_control_character_visibly() {
        assert_eq!(
            Cell::Text("x\n\\input{a}".into()).latex(),
            "x\\textbackslash{}x0a\\textbackslash{}input\\{a\\}"
        );
        assert_eq!(
            latex_text("a\rb\x1b\u{9b}"),
            "a\\textbackslash{}x0db\\textbackslash{}x1b\\textbackslash{}u\\{9b\\}"
        );
        assert_eq!(
            latex_comment("50% of\nrows"),
            "50\\% of\\textbackslash{}x0arows"
        );
        for code in (0u32..0x20).chain(0x7f..0xa0) {
            let ch = char::from_u32(code).unwrap_or('\0');
            let text = latex_comment(&format!("a{ch}b"));
            assert!(!text.chars().any(char::is_control), "{code:#x}: {text:?}");
        }
    }

    #[test]
    fn markdown_text_escapes_html_and_what_would_change_the_table() {
        assert_eq!(
            markdown_text("<img src=x onerror=alert(1)>"),
            "&lt;img src=x onerror=alert(1)&gt;"
        );
        // Issue #38: `a\|b` was `a\\|b`, which pandoc splits into two cells.
        assert_eq!(markdown_text("a\\|b"), "a\\\\\\|b");
        assert_eq!(markdown_text("a & `b` &lt;"), "a &amp; \\`b\\` &amp;lt;");
        assert_eq!(
            markdown_text("*x* _y_ ~z~ **w** [l](u) ![i](u)"),
            "\\*x\\* \\_y\\_ \\~z\\~ \\*\\*w\\*\\* [l\\](u) ![i\\](u)"
        );
        // Left as they are where they change nothing: between spaces, `_` inside a word,
        // a `]` that opens no link.
        assert_eq!(markdown_text("-1 * 1 + 0 * 3 = -1"), "-1 * 1 + 0 * 3 = -1");
        assert_eq!(markdown_text("J_p α_i a__b"), "J_p α_i a__b");
        assert_eq!(markdown_text("[1, 3, 2] *"), "[1, 3, 2] *");
        assert_eq!(markdown_text("café 日本 עברית"), "café 日本 עברית");
    }

    #[test]
    fn latex_text_keeps_utf8_and_escapes_what_the_default_font_misprints() {
        assert_eq!(latex_text("café 日本 עברית"), "café 日本 עברית");
        assert_eq!(
            latex_text("a|b<c>\"d"),
            "a\\textbar{}b\\textless{}c\\textgreater{}\\textquotedbl{}d"
        );
        assert_eq!(latex_text("w̄ → b̄"), "$\\bar{w}$ $\\to$ $\\bar{b}$");
        assert_eq!(latex_text("ā"), "ā");
        assert_eq!(Cell::Text("é|".into()).latex(), "é\\textbar{}");
        assert_eq!(latex_needs("1 & 2 \\\\"), None);
        let quote = latex_needs(&latex_text("\"d\"")).expect("a note");
        assert!(quote.contains("\\usepackage[T1]{fontenc}"), "{quote}");
        let note = latex_needs("café").expect("a note");
        assert!(note.starts_with("% ") && note.ends_with('\n') && note.lines().count() == 1);
        assert!(
            note.contains("XeLaTeX") && note.contains("fontspec"),
            "{note}"
        );
    }

    #[test]
    fn csv_lines_quote_and_neutralize_every_cell() {
        assert_eq!(
            csv_line(&["Converged: =2+2 [1], a,=1+1,b", "=2+2", "-1", "a\"b"]),
            "\"Converged: =2+2 [1], a,=1+1,b\",'=2+2,-1,\"a\"\"b\""
        );
    }

    #[test]
    fn a_terminal_sees_controls_as_escapes_and_line_feeds_as_they_are() {
        assert_eq!(terminal_text("plain\ntext"), "plain\ntext");
        assert_eq!(
            terminal_text("b\x1b[31m\rred\x07\t\u{9b}2J"),
            "b\\x1b[31m\\x0dred\\x07\\x09\\u{9b}2J"
        );
        assert_eq!(control_escape('\x7f'), "\\x7f");
        assert_eq!(control_escape('é'), "é");
    }

    #[test]
    fn formula_cells_are_neutralized_and_plain_labels_are_not() {
        for formula in [
            "=1+1",
            "=HYPERLINK(\"x\")",
            "@SUM(A1)",
            "\t=1",
            "\r=1",
            "+1+1",
            "-2+3",
            "+A1",
            "--1",
            "+[1, 2]",
            "-inf",
        ] {
            assert!(csv_formula_like(formula), "{formula:?}");
            assert_eq!(csv_formula_safe(formula), format!("'{formula}"));
            assert_eq!(csv_formula_restore(&csv_formula_safe(formula)), formula);
        }
        for plain in [
            "+", "-", "-1", "+1", "0", "-0.5", "+.5", "3.", "-1e-3", "+2E+10", "apple", "a=b", "",
            "'", "'quoted",
        ] {
            assert!(!csv_formula_like(plain), "{plain:?}");
            assert_eq!(csv_formula_safe(plain), plain);
            assert_eq!(csv_formula_restore(plain), plain);
        }
        // Quotes already in front of a formula get one more, and lose it again.
        assert_eq!(csv_formula_safe("'=x"), "''=x");
        assert_eq!(csv_formula_restore("''=x"), "'=x");
        assert_eq!(csv_field("=1,2"), "\"'=1,2\"");
        assert_eq!(csv_field("-1"), "-1");
    }
}
