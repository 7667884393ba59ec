//! The escaping of the tables' text: LaTeX cells and comments, the terminal, and CSV cells
//! against formula injection.

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
