//! The link fragment: `v=1&a=…&p=x,y,c;…&n=17`, written by [`to_link`] and read back by
//! [`from_link`], which refuses duplicates, contradictions and over-long fragments with a reason.

use super::*;
use crate::core::algo::Kind;

/// The parts of a link fragment (without its `#`) as written, undecoded: `(key, value)` for
/// each non-empty `key=value` between `&`s, the value empty when there is no `=`. Read by
/// [`from_link`], the exercise set's reader and [`page_only`](super::page_only).
pub(crate) fn raw_parts(fragment: &str) -> impl Iterator<Item = (&str, &str)> {
    fragment
        .split('&')
        .filter(|part| !part.is_empty())
        .map(|part| part.split_once('=').unwrap_or((part, "")))
}

/// The shortest text that reads back as exactly `v`: plain decimals, or for the huge and tiny
/// (whose plain form runs past 24 characters, e.g. 309 digits for `1e308`) the exponent form.
pub(crate) fn number(v: f64) -> String {
    crate::core::numfmt::exact(v)
}

/// A fragment value: letters, digits, `-._~` and `extra` kept as they are, every other byte
/// percent-encoded.
fn escape(value: &str, extra: &[u8]) -> String {
    let mut out = String::with_capacity(value.len());
    for &b in value.as_bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) || extra.contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A value of the fragment (`,;:+` are kept: they separate numbers and points).
pub(crate) fn encode(value: &str) -> String {
    escape(value, b",;:+")
}

/// A class name for the `l` key: only letters, digits and `-._~` kept, so that the names can be
/// joined with `,`.
fn encode_name(name: &str) -> String {
    escape(name, b"")
}

pub(crate) fn decode(key: &str, value: &str) -> Result<String, Error> {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or_else(|| field("link", format!("{key}: a broken %-escape")))?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| field("link", format!("{key}: not UTF-8 text")))
}

/// The scenario as a link fragment (without the `#`).
pub fn to_link(s: &Scenario) -> String {
    let mut parts = vec![
        format!("v={}", s.version),
        format!("a={}", encode(&s.algorithm)),
    ];
    // What a link holds besides the settings follows the algorithm's kind: a kernel for the
    // kernel kind, K for the multiclass kind (an unknown name writes neither).
    let kind = Algorithm::parse(&s.algorithm).ok().map(Algorithm::kind);
    if kind == Some(Kind::Kernel) {
        parts.push(format!("k={}", encode(&s.kernel)));
    }
    if kind == Some(Kind::Multiclass) {
        parts.push(format!("c={}", s.classes));
    }
    if let Some(names) = &s.class_names {
        let names: Vec<String> = names.iter().map(|n| encode_name(n)).collect();
        parts.push(format!("l={}", names.join(",")));
    }
    for (key, value) in &s.params {
        parts.push(format!("{}={}", encode(key), number(*value)));
    }
    if let Some(rows) = &s.rows {
        let rows: Vec<String> = rows
            .iter()
            .map(|r| r.iter().map(|v| number(*v)).collect::<Vec<_>>().join(","))
            .collect();
        parts.push(format!("r={}", rows.join(";")));
    }
    parts.push(format!("b={}", u8::from(s.bias)));
    parts.push(format!("i={}", encode(&s.init)));
    parts.push(format!("e={}", number(s.eta)));
    if let Some(eta) = s.second_eta {
        parts.push(format!("e2={}", number(eta)));
    }
    parts.push(format!("o={}", encode(&s.order)));
    parts.push(format!("s={}", s.seed));
    parts.push(format!("m={}", s.max_epochs));
    parts.push(format!("n={}", s.step));
    let points: Vec<String> = s
        .points
        .iter()
        .map(|(x, y, c)| format!("{},{},{c}", number(*x), number(*y)))
        .collect();
    parts.push(format!("p={}", points.join(";")));
    if !s.edits.is_empty() {
        let edits: Vec<String> = s
            .edits
            .iter()
            .map(|e| match e {
                Edit::Add { step, x, y, class } => {
                    format!("{step},a,{},{},{class}", number(*x), number(*y))
                }
                Edit::Move { step, index, x, y } => {
                    format!("{step},m,{index},{},{}", number(*x), number(*y))
                }
                Edit::Remove { step, index } => format!("{step},r,{index}"),
            })
            .collect();
        parts.push(format!("d={}", edits.join(";")));
    }
    for (on, key) in [(s.pocket, "pk"), (s.max_margin, "mm"), (s.snap, "sn")] {
        if on {
            parts.push(format!("{key}=1"));
        }
    }
    if let Some(view) = &s.view {
        let v: Vec<String> = view.iter().map(|v| number(*v)).collect();
        parts.push(format!("w={}", v.join(",")));
    }
    parts.join("&")
}

pub(crate) fn parse_number(key: &str, text: &str) -> Result<f64, Error> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        _ => Err(field(
            "link",
            format!("{key}: {text:?} is not a finite number"),
        )),
    }
}

pub(crate) fn parse_whole(key: &str, text: &str) -> Result<u64, Error> {
    text.parse::<u64>().map_err(|_| {
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            // A whole number, only too large: say so, with the number as given.
            field(
                "link",
                format!("{key}: {text} is too large (at most {})", u64::MAX),
            )
        } else {
            field("link", format!("{key}: {text:?} is not a whole number ≥ 0"))
        }
    })
}

/// The largest class or point index read from a link: what every build counts exactly (the page
/// runs with 32-bit sizes), far beyond the classes and points any scenario has. Larger ones are
/// refused with the number as given, rather than cut down to the page's largest size.
const MAX_INDEX: u64 = u32::MAX as u64;

/// A class or point index (`what`) of key `key`, refused with the text given when it is beyond
/// [`MAX_INDEX`].
fn parse_index(key: &str, what: &str, text: &str) -> Result<usize, Error> {
    let n = parse_whole(key, text)?;
    match usize::try_from(n) {
        Ok(i) if n <= MAX_INDEX => Ok(i),
        _ => Err(field(
            "link",
            format!("{key}: {what}{text} is beyond any this page can have"),
        )),
    }
}

/// K of the `c` key. Its range (2 to 6) is checked when the scenario is opened; a number
/// beyond [`MAX_INDEX`] is refused here, with the text given (not cut down to the page's
/// largest size, as a 32-bit page would).
fn parse_classes(text: &str) -> Result<usize, Error> {
    use crate::core::algo::multiclass::{MAX_CLASSES, MIN_CLASSES};
    let n = parse_whole("c", text)?;
    match usize::try_from(n) {
        Ok(k) if n <= MAX_INDEX => Ok(k),
        _ => Err(field(
            "link",
            format!("c: {text} classes is not from {MIN_CLASSES} to {MAX_CLASSES}"),
        )),
    }
}

/// What a fragment holds: a scenario (`None` when it has none, e.g. only `hide=` or nothing),
/// and the keys it did not know (ignored, for a notice).
#[derive(Debug, Clone, PartialEq)]
pub struct Link {
    /// The scenario, if the fragment has one.
    pub scenario: Option<Scenario>,
    /// Keys neither the scenario nor the page know.
    pub unknown: Vec<String>,
}

/// Reads a link fragment (with or without the leading `#`). Refuses, saying why: a fragment
/// longer than [`MAX_LINK_BYTES`], a version this build does not know, a key given twice,
/// values that do not parse, counts beyond what the page can hold (`c`, classes and point
/// indices above 4,294,967,295, said with the number as given), keys that contradict the
/// algorithm (`k` without `a=kernel`, `r` without `a=multiclass`, `c` or `l` with a binary
/// algorithm). Class names that do not fit the classes (see [`check_class_names`]), rows that
/// are not one per class, edits after the step at which training stops and an empty `i` are
/// refused when the scenario is opened.
pub fn from_link(fragment: &str) -> Result<Link, Error> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    if fragment.len() > MAX_LINK_BYTES {
        return Err(field(
            "link",
            format!(
                "it is {} KB long; links hold at most {} KB (export the scenario as a file instead)",
                fragment.len() / 1024,
                MAX_LINK_BYTES / 1024
            ),
        ));
    }
    let (pairs, names) = decoded_pairs(fragment)?;
    let get = |k: &str| value(&pairs, k);
    let param_keys: Vec<&str> = Algorithm::ALL
        .iter()
        .flat_map(|a| a.info().params.iter().map(|p| p.key))
        .collect();
    let known: Vec<&str> = [
        "v", "a", "k", "c", "l", "r", "b", "i", "e", "e2", "o", "s", "m", "n", "p", "d", "w", "pk",
        "mm", "sn",
    ]
    .into_iter()
    .chain(param_keys.iter().copied())
    .collect();
    let unknown: Vec<String> = pairs
        .iter()
        .map(|(k, _)| k.clone())
        .filter(|k| {
            !known.contains(&k.as_str())
                && !PAGE_KEYS.contains(&k.as_str())
                && !crate::core::practice::exercise::KEYS.contains(&k.as_str())
        })
        .collect();
    let Some(version) = get("v") else {
        if let Some((k, _)) = pairs.iter().find(|(k, _)| known.contains(&k.as_str())) {
            return Err(field(
                "link",
                format!("{k} is given but the version v is missing"),
            ));
        }
        return Ok(Link {
            scenario: None,
            unknown,
        });
    };
    let version = parse_whole("v", version)?;
    match version {
        1 => {}
        other => {
            return Err(field(
                "link",
                format!("version {other} is not one this page reads (1 to {SCENARIO_VERSION}); it may come from a newer Perceptron Lab"),
            ))
        }
    }
    let scenario = link_scenario(&pairs, names, &param_keys)?;
    Ok(Link {
        scenario: Some(scenario),
        unknown,
    })
}

/// A fragment's keys and values, decoded, in the order given.
type Pairs = Vec<(String, String)>;

/// The keys and values of a fragment, decoded, with the names of `l` decoded one by one (for
/// [`from_link`]). Refuses a key given twice and a key or value that does not decode.
fn decoded_pairs(fragment: &str) -> Result<(Pairs, Option<Vec<String>>), Error> {
    let mut pairs: Pairs = Vec::new();
    // The names of `l`, each decoded on its own: a name may hold an escaped `,`.
    let mut names = None;
    for (key, value) in raw_parts(fragment) {
        let key = decode("key", key)?;
        if pairs.iter().any(|(k, _)| *k == key) {
            return Err(field("link", format!("{key} is given twice")));
        }
        if key == "l" {
            names = Some(
                value
                    .split(',')
                    .map(|n| decode("l", n))
                    .collect::<Result<Vec<_>, _>>()?,
            );
        }
        let value = decode(&key, value)?;
        pairs.push((key, value));
    }
    Ok((pairs, names))
}

/// The value of `key` among the decoded `pairs`.
fn value<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// The scenario of a fragment's decoded `pairs` (`names`: the decoded names of `l`), for
/// [`from_link`] once the version is known: refuses keys that contradict the algorithm and
/// values that do not parse.
fn link_scenario(
    pairs: &[(String, String)],
    names: Option<Vec<String>>,
    param_keys: &[&str],
) -> Result<Scenario, Error> {
    let get = |k: &str| value(pairs, k);
    let parsed = Algorithm::parse(get("a").unwrap_or("perceptron"))?;
    let algorithm = parsed.name().to_string();
    if get("k").is_some() && parsed.kind() != Kind::Kernel {
        return Err(field(
            "link",
            format!("k (a kernel) contradicts a={algorithm}: kernels belong to a=kernel"),
        ));
    }
    if get("r").is_some() && parsed != Algorithm::Multiclass {
        return Err(field(
            "link",
            format!("r (initial rows) contradicts a={algorithm}: rows belong to a=multiclass"),
        ));
    }
    let mut params = std::collections::BTreeMap::new();
    for key in param_keys {
        let Some(value) = get(key) else { continue };
        let Some(param) = parsed.info().params.iter().find(|p| p.key == *key) else {
            return Err(field(
                "link",
                format!("{key} contradicts a={algorithm}, which does not take {key}"),
            ));
        };
        params.insert(key.to_string(), param.validate(parse_number(key, value)?)?);
    }
    if get("c").is_some() && !parsed.is_multiclass() {
        return Err(field(
            "link",
            format!("c (classes) contradicts a={algorithm}, which has the two classes -1 and +1"),
        ));
    }
    if names.is_some() && !parsed.is_multiclass() {
        return Err(field(
            "link",
            format!(
                "l (class names) contradicts a={algorithm}, which has the two classes -1 and +1"
            ),
        ));
    }
    let numbers = |key: &str, text: &str| -> Result<Vec<Vec<f64>>, Error> {
        text.split(';')
            .filter(|r| !r.is_empty())
            .map(|r| r.split(',').map(|v| parse_number(key, v)).collect())
            .collect()
    };
    let points = get("p").map_or(Ok(Vec::new()), parse_points)?;
    let edits = get("d").map_or(Ok(Vec::new()), parse_edits)?;
    let view = get("w").map(parse_view).transpose()?;
    let flag = |key: &str| -> Result<bool, Error> {
        match get(key) {
            None | Some("0") | Some("false") => Ok(false),
            Some("1") | Some("true") => Ok(true),
            Some(other) => Err(field("link", format!("{key}: {other:?} is not 0 or 1"))),
        }
    };
    let scenario = Scenario {
        pocket: flag("pk")?,
        max_margin: flag("mm")?,
        snap: flag("sn")?,
        second_eta: get("e2").map(|e| parse_number("e2", e)).transpose()?,
        view,
        edits,
        version: SCENARIO_VERSION,
        algorithm,
        kernel: get("k").unwrap_or("linear").to_string(),
        classes: match get("c") {
            Some(c) => parse_classes(c)?,
            None => 3,
        },
        class_names: names,
        rows: get("r").map(|r| numbers("r", r)).transpose()?,
        params,
        bias: match get("b") {
            None | Some("1") | Some("true") => true,
            Some("0") | Some("false") => false,
            Some(other) => return Err(field("link", format!("b: {other:?} is not 0 or 1"))),
        },
        init: get("i").unwrap_or("zero").to_string(),
        eta: get("e").map_or(Ok(1.0), |e| parse_number("e", e))?,
        order: get("o").unwrap_or("fixed").to_string(),
        seed: get("s").map_or(Ok(1), |s| parse_whole("s", s))?,
        max_epochs: get("m").map_or(Ok(1000), |m| parse_whole("m", m))?,
        points,
        step: get("n").map_or(Ok(0), |n| parse_whole("n", n))?,
    };
    Ok(scenario)
}

/// The points of `p` (`x,y,class;…`).
fn parse_points(text: &str) -> Result<Vec<(f64, f64, usize)>, Error> {
    text.split(';')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let f: Vec<&str> = p.split(',').collect();
            if f.len() != 3 {
                return Err(field(
                    "link",
                    format!("p: the point {p:?} is not x,y,class"),
                ));
            }
            Ok((
                parse_number("p", f[0])?,
                parse_number("p", f[1])?,
                parse_index("p", "class ", f[2])?,
            ))
        })
        .collect()
}

/// The edits of `d` (`step,a,x,y,class`, `step,m,index,x,y` or `step,r,index`, `;` between).
fn parse_edits(text: &str) -> Result<Vec<Edit>, Error> {
    text.split(';')
        .filter(|e| !e.is_empty())
        .map(|e| {
            let f: Vec<&str> = e.split(',').collect();
            match (f.len(), f.get(1).copied()) {
                (5, Some("a")) => Ok(Edit::Add {
                    step: parse_whole("d", f[0])?,
                    x: parse_number("d", f[2])?,
                    y: parse_number("d", f[3])?,
                    class: parse_index("d", "class ", f[4])?,
                }),
                (5, Some("m")) => Ok(Edit::Move {
                    step: parse_whole("d", f[0])?,
                    index: parse_index("d", "point #", f[2])?,
                    x: parse_number("d", f[3])?,
                    y: parse_number("d", f[4])?,
                }),
                (3, Some("r")) => Ok(Edit::Remove {
                    step: parse_whole("d", f[0])?,
                    index: parse_index("d", "point #", f[2])?,
                }),
                _ => Err(field(
                    "link",
                    format!("d: the edit {e:?} is not step,a,x,y,class / step,m,index,x,y / step,r,index"),
                )),
            }
        })
        .collect()
}

/// The view of `w` (`x_min,x_max,y_min,y_max`, each min below its max).
fn parse_view(text: &str) -> Result<[f64; 4], Error> {
    let v: Vec<f64> = text
        .split(',')
        .map(|t| parse_number("w", t))
        .collect::<Result<_, _>>()?;
    match v.as_slice() {
        &[a, b, c, d] if a < b && c < d => Ok([a, b, c, d]),
        _ => Err(field(
            "link",
            format!("w: {text:?} is not x_min,x_max,y_min,y_max with min < max"),
        )),
    }
}
