//! Numbers as the course tables write them: `-1`, `3`, `0.5`, never `-0` or `0.30000000000000004`.

/// Formats a number for tables and the status line.
///
/// Integers print without a decimal point; other values are rounded to 4 decimals with trailing
/// zeros removed; very large or very small magnitudes use scientific notation. `-0` prints as `0`.
pub fn num(v: f64) -> String {
    if !v.is_finite() {
        return format!("{v}");
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

/// A vector as `[a, b, c]`.
pub fn vector(v: &[f64]) -> String {
    let parts: Vec<String> = v.iter().map(|&x| num(x)).collect();
    format!("[{}]", parts.join(", "))
}

/// A point as `(a, b)`.
pub fn point(v: &[f64]) -> String {
    let parts: Vec<String> = v.iter().map(|&x| num(x)).collect();
    format!("({})", parts.join(", "))
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

/// A count with thousands separators: `20,000,000`.
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
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
        assert_eq!(num(f64::NAN), "NaN");
        assert_eq!(vector(&[-1.0, 0.0, 0.0]), "[-1, 0, 0]");
        assert_eq!(point(&[3.0, 2.5]), "(3, 2.5)");
    }
}
