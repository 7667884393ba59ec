//! The step table of seed 000, as Markdown, CSV or JSON.
//!
//! | step | weights | score | correct? | update |
//! |---|---|---|---|---|
//! | 2 | [-1, 0, 0] | -1 * 1 + 0 * 3 + 0 * 2 = -1 | no | +[1, 3, 2] |

use super::i18n::t;
use super::numfmt::{num, vector};
use super::StepRecord;
use serde::Serialize;

mod escape;
pub use escape::{
    control_escape, csv_formula_like, csv_formula_restore, csv_formula_safe, latex_comment,
    latex_needs, latex_text, terminal_text,
};

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
        return t!("table-none");
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

/// The classic table's column names in the page's language: step, weights, score, correct?,
/// update.
pub fn classic_names() -> [String; 5] {
    [
        "table-step",
        "table-weights",
        "table-score",
        "table-correct",
        "table-update",
    ]
    .map(|id| crate::core::i18n::tr(id, &[]))
}

/// The Markdown header row and separator.
pub fn markdown_header() -> String {
    let names = classic_names().map(|n| markdown_text(&n));
    format!("| {} |\n|---:|---|---|---|---|\n", names.join(" | "))
}

/// The classic table's column names: step, weights, score, correct?, update.
pub fn classic_head() -> Vec<Cell> {
    classic_names().map(Cell::Text).to_vec()
}

/// The classic table's cells of one visit.
pub fn classic_cells(record: &StepRecord, eta: f64, bias: bool) -> Vec<Cell> {
    vec![
        Cell::Text(record.step.to_string()),
        Cell::Math(vector(&record.weights_before)),
        Cell::Math(score_expression(record, bias)),
        Cell::Text(if record.mistake {
            t!("table-no")
        } else {
            t!("table-yes")
        }),
        if record.mistake {
            Cell::Math(update_text(record, eta, bias))
        } else {
            Cell::Text(t!("table-none"))
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
pub fn latex_header() -> String {
    let names = classic_names().map(|n| latex_text(&n));
    format!(
        "\\begin{{tabular}}{{rllll}}\n\\toprule\n{} \\\\\n\\midrule\n",
        names.join(" & ")
    )
}

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
            out.push_str(&markdown_header());
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
            out.push_str(&latex_header());
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
            out.push_str(&markdown_header());
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
            out.push_str(&latex_header());
            out.push_str(&body);
            out.push_str(LATEX_FOOTER);
        }
    }
    out
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
mod tests;
