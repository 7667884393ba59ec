//! Numbers as the course tables write them: `-1`, `3`, `0.5`, never `-0` or `0.30000000000000004`.
//!
//! Every text a person reads (the status line, "This step", the spoken steps, the described
//! plot, the theory panel, the 3-D view's description, notices and messages) writes its numbers
//! with [`num`] (or [`vector`], [`point`]), never with `{}` of an `f64`: a value that overflowed
//! reads in the course's words, "over 1.8e308" or "below -1.8e308", never `inf` or `NaN`.

/// What [`num`] writes for +∞: a value too large for a double (the largest is about 1.8e308).
pub const OVER_MAX: &str = "over 1.8e308";
/// What [`num`] writes for −∞ (the hyphen is a minus sign, as in `-1`; the spoken text says it
/// as one).
pub const BELOW_MIN: &str = "below -1.8e308";
/// What [`num`] writes for NaN (∞ − ∞, or a field that reads "NaN").
pub const NOT_A_NUMBER: &str = "not a number";
/// The words for a positive value that underflowed to 0 (below the smallest double, 5e-324).
pub const UNDER_MIN: &str = "below 5e-324";

/// Formats a number for tables and the status line, as the page's language writes it (a decimal
/// comma in German, Spanish and French: [`crate::core::i18n`]).
///
/// Integers print without a decimal point; other values are rounded to 4 decimals with trailing
/// zeros removed; very large or very small magnitudes use scientific notation. `-0` prints as `0`.
/// Values beyond a double's range read in words: [`OVER_MAX`], [`BELOW_MIN`], [`NOT_A_NUMBER`].
pub fn num(v: f64) -> String {
    let plain = plain_num(v);
    if crate::core::i18n::localised_numbers() {
        plain.replace('.', ",")
    } else {
        plain
    }
}

/// [`num`] in the course's locale-independent form, whatever the page's language.
fn plain_num(v: f64) -> String {
    if v.is_nan() {
        return NOT_A_NUMBER.to_string();
    }
    if v == f64::INFINITY {
        return OVER_MAX.to_string();
    }
    if v == f64::NEG_INFINITY {
        return BELOW_MIN.to_string();
    }
    if v == 0.0 {
        return "0".to_string();
    }
    let magnitude = v.abs();
    if !(5e-5..1e12).contains(&magnitude) {
        return format!("{v:.3e}");
    }
    let s = format!("{v:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// What separates a vector's entries: `, `, or `; ` where the decimal point is a comma (so that
/// `[0,5; 1; -1]` stays unambiguous).
fn entry_separator() -> &'static str {
    if crate::core::i18n::localised_numbers() {
        "; "
    } else {
        ", "
    }
}

/// A vector as `[a, b, c]` (`[a; b; c]` with a decimal comma).
pub fn vector(v: &[f64]) -> String {
    let parts: Vec<String> = v.iter().map(|&x| num(x)).collect();
    format!("[{}]", parts.join(entry_separator()))
}

/// A point as `(a, b)` (`(a; b)` with a decimal comma).
pub fn point(v: &[f64]) -> String {
    let parts: Vec<String> = v.iter().map(|&x| num(x)).collect();
    format!("({})", parts.join(entry_separator()))
}

/// `v` in its shortest form that reads back as exactly `v` (exponent form past 24 characters),
/// for links, scenario files and form fields that are applied again.
pub fn exact(v: f64) -> String {
    let plain = format!("{}", v + 0.0);
    if plain.len() > 24 {
        format!("{:e}", v + 0.0)
    } else {
        plain
    }
}

/// A count with thousands separators: `20,000,000` (`20.000.000` in German and Spanish,
/// `20 000 000` with narrow spaces in French).
pub fn count(n: u64) -> String {
    let separator = match crate::core::i18n::lang() {
        _ if !crate::core::i18n::localised_numbers() => ',',
        crate::core::i18n::Lang::Fr => '\u{202F}',
        _ => '.',
    };
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(separator);
        }
        out.push(d);
    }
    out
}

/// A Play speed as the page's speed control shows it and its announcement says it: `None` at
/// the top of the range (999 steps a second and over: "max", as fast as frames allow), one
/// decimal below 10 steps a second (`5.0`), a whole number above (`20`).
pub fn speed(steps_per_second: f64) -> Option<String> {
    if steps_per_second >= 999.0 {
        None
    } else if steps_per_second < 10.0 {
        Some(format!("{steps_per_second:.1}"))
    } else {
        Some(format!("{}", steps_per_second.round()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_have_thousands_separators() {
        assert_eq!(count(0), "0");
        assert_eq!(count(999), "999");
        assert_eq!(count(1_000), "1,000");
        assert_eq!(count(20_000_000), "20,000,000");
        assert_eq!(count(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn integers_and_decimals() {
        assert_eq!(num(-1.0), "-1");
        assert_eq!(num(14.0), "14");
        assert_eq!(num(-0.0), "0");
        assert_eq!(num(0.5), "0.5");
        assert_eq!(num(0.1 + 0.2), "0.3");
        assert_eq!(num(1.0 / 3.0), "0.3333");
        assert_eq!(num(2e-7), "2.000e-7");
        assert_eq!(num(f64::NAN), "not a number");
        assert_eq!(num(f64::INFINITY), "over 1.8e308");
        assert_eq!(num(f64::NEG_INFINITY), "below -1.8e308");
        assert_eq!(num(-f64::MAX), "-1.798e308");
        assert_eq!(vector(&[-1.0, 0.0, 0.0]), "[-1, 0, 0]");
        assert_eq!(point(&[3.0, 2.5]), "(3, 2.5)");
    }
}
