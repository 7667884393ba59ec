//! The report origin of an exercise set, checked as the browser's URL parser reads it.

use super::{bad, quoted};
use crate::core::Error;

/// Checks a report origin: `https://host[:port]` (or `http://localhost[:port]`,
/// `http://127.0.0.1[:port]` for a course page tried out locally), no path, no `*`, written
/// exactly as the browser writes it.
///
/// The browser's URL parser (the WHATWG URL standard, which `postMessage` uses for its target)
/// decides, not a looser reading: an origin it rejects would make every post of the set throw.
/// Hosts are ASCII letters, digits, `-` and `.`; as in the standard, a host whose last label is
/// a number (`123`, `0x1f`) is an IPv4 address and must be one (`https://lms.school.123`,
/// `https://999.999.999.999`, `https://1.2.3.4.5` and `https://0x100000000` are refused). And
/// the origin must be the parser's own serialization of it (lower case, no default port, no
/// leading zeros, an IPv4 address in dotted decimal): an origin written otherwise is refused
/// with the form to write. Internationalized hosts (`xn--` labels) are refused: checking their
/// Punycode as the browser does needs Unicode's IDNA tables, which the lab does not carry.
pub fn check_origin(origin: &str) -> Result<(), Error> {
    let refuse = |why: &str| {
        bad(format!(
            "report: {} is not an origin such as https://course.example.org (scheme and host, \
             no path; never *){why}",
            quoted(origin)
        ))
    };
    let (scheme, rest) = origin.split_once("://").ok_or_else(|| refuse(""))?;
    let (host, port) = match rest.rsplit_once(':') {
        Some((h, p)) => (h, Some(p)),
        None => (rest, None),
    };
    let default_port = match scheme {
        "https" => 443,
        "http" => 80,
        _ => return Err(refuse("")),
    };
    let host_ok = !host.is_empty()
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
        && !host.starts_with(['.', '-'])
        && !host.ends_with(['.', '-']);
    if !host_ok {
        return Err(refuse(""));
    }
    let port = match port {
        None => None,
        Some(p) => match p.parse::<u16>() {
            Ok(n) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => Some(n),
            _ => return Err(refuse(": the port is a whole number from 0 to 65535")),
        },
    };
    if host
        .split('.')
        .any(|label| label.len() >= 4 && label[..4].eq_ignore_ascii_case("xn--"))
    {
        return Err(refuse(
            ": internationalized host names (xn--) are not supported; use the site's ASCII name",
        ));
    }
    let canonical_host = if ends_in_a_number(host) {
        match ipv4(host) {
            Some(address) => address,
            None => {
                return Err(refuse(
                    ": a host that ends in a number must be an IPv4 address such as 192.0.2.1",
                ))
            }
        }
    } else {
        host.to_ascii_lowercase()
    };
    let local = canonical_host == "localhost" || canonical_host == "127.0.0.1";
    if scheme == "http" && !local {
        return Err(refuse(
            ": http:// is only for localhost and 127.0.0.1; a course site is https://",
        ));
    }
    let canonical = match port.filter(|&p| p != default_port) {
        Some(p) => format!("{scheme}://{canonical_host}:{p}"),
        None => format!("{scheme}://{canonical_host}"),
    };
    if canonical != origin {
        return Err(bad(format!(
            "report: {} is not written as the browser writes this origin: write {canonical}",
            quoted(origin)
        )));
    }
    Ok(())
}

/// Whether the WHATWG URL parser reads `host` as an IPv4 address: its last label is all
/// decimal digits, or `0x` and hexadecimal digits ("ends in a number").
fn ends_in_a_number(host: &str) -> bool {
    let last = host.rsplit('.').next().unwrap_or(host);
    let hex = last
        .strip_prefix("0x")
        .or_else(|| last.strip_prefix("0X"))
        .is_some_and(|digits| digits.bytes().all(|b| b.is_ascii_hexdigit()));
    hex || (!last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()))
}

/// The IPv4 address `host` stands for as the WHATWG URL parser reads it (one to four parts,
/// each decimal, `0x` hexadecimal or `0` octal; the last fills the bytes left), in dotted
/// decimal; `None` where the parser fails.
fn ipv4(host: &str) -> Option<String> {
    let parts: Vec<&str> = host.split('.').collect();
    if parts.len() > 4 {
        return None;
    }
    let mut numbers = Vec::with_capacity(parts.len());
    for part in &parts {
        let (digits, radix) =
            if let Some(hex) = part.strip_prefix("0x").or_else(|| part.strip_prefix("0X")) {
                (hex, 16)
            } else if part.len() > 1 && part.starts_with('0') {
                (&part[1..], 8)
            } else if part.is_empty() {
                return None;
            } else {
                (*part, 10)
            };
        let mut value: u64 = 0;
        for c in digits.chars() {
            value = value * u64::from(radix) + u64::from(c.to_digit(radix)?);
            if value > u64::from(u32::MAX) {
                return None;
            }
        }
        numbers.push(value);
    }
    let (last, rest) = numbers.split_last()?;
    if rest.iter().any(|&n| n > 255) || *last >= 1u64 << (8 * (5 - numbers.len())) {
        return None;
    }
    let mut address = *last;
    for (i, n) in rest.iter().enumerate() {
        address += *n << (8 * (3 - i));
    }
    let b = address.to_be_bytes();
    Some(format!("{}.{}.{}.{}", b[4], b[5], b[6], b[7]))
}
