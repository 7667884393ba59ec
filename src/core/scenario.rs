//! A whole scenario — algorithm, settings, points and the step on show — as versioned JSON and
//! as a short link fragment, so that a lecturer can send "XOR, step 17" and a course page can
//! embed an exact state.
//!
//! **JSON** (`Scenario` with serde): `{"version": 1, "algorithm": "kernel", "kernel": "rbf:0.5",
//! "classes": 3, "rows": null, "bias": true, "init": "zero", "eta": 1, "order": "fixed",
//! "seed": 1, "max_epochs": 100, "points": [[x, y, class], …], "step": 17}`. Unknown fields are
//! refused, missing optional ones take their defaults. A multiclass scenario whose classes have
//! names other than `0`, `1`, … (the labels of an imported file) also has
//! `"class_names": ["apple", "cherry", "pear"]`, one per class index.
//!
//! **Link** (the URL fragment): `v=1&a=kernel&k=rbf:0.5&c=3&b=1&i=zero&e=1&o=fixed&s=1&m=100&n=17&p=1,1,1;-1,1,0`
//! — `p` lists the points as `x,y,class` separated by `;` (numbers in their shortest exact
//! form), `r` the explicit multiclass rows the same way, `n` the step, and `d` the edits of the
//! points made during training (`step,a,x,y,class`, `step,m,index,x,y`, `step,r,index`: added,
//! moved, removed after that step), replayed at their steps, and `w` the view
//! (`x_min,x_max,y_min,y_max`); `pk=1`, `mm=1`, `sn=1` turn on pocket mode, the max-margin
//! separator and snapping; `l` holds the class names (as `class_names` in JSON), each
//! percent-encoded (all but letters, digits and `-._~`) and joined by `,`. Every version ever
//! written stays readable: [`from_link`] dispatches on `v`. The keys `hide` and `embed` belong
//! to the page (which controls to hide, the minimal frame) and are passed over here.

use super::algo::registry::Algorithm;
use super::{Error, InitWeights, Order, Settings};
use serde::{Deserialize, Serialize};

/// The version written by this build.
pub const SCENARIO_VERSION: u32 = 1;

/// The longest link fragment read (longer ones are refused with a message).
pub const MAX_LINK_BYTES: usize = 64 * 1024;

/// The most steps a scenario may ask to replay.
pub const MAX_SCENARIO_STEP: u64 = 100_000;

/// Keys of the fragment that the page reads itself.
pub const PAGE_KEYS: [&str; 2] = ["hide", "embed"];

fn linear() -> String {
    "linear".to_string()
}

fn three() -> usize {
    3
}

fn yes() -> bool {
    true
}

fn zero_init() -> String {
    "zero".to_string()
}

fn one() -> f64 {
    1.0
}

fn fixed() -> String {
    "fixed".to_string()
}

fn seed_one() -> u64 {
    1
}

fn thousand() -> u64 {
    1000
}

/// Everything needed to rebuild a view exactly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// The format version ([`SCENARIO_VERSION`] when written by this build).
    pub version: u32,
    /// `perceptron`, `averaged`, `batch`, `kernel`, `multiclass`, `ovr` or `ovo`.
    pub algorithm: String,
    /// The kernel of `kernel`: `linear`, `poly:D:GAMMA:C` or `rbf:GAMMA`.
    #[serde(default = "linear")]
    pub kernel: String,
    /// K for the multiclass algorithms, 2 to 6.
    #[serde(default = "three")]
    pub classes: usize,
    /// The names of the K classes of a multiclass algorithm (the labels of the file the points
    /// came from), one per class index; absent when they are the defaults `0`, `1`, ….
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class_names: Option<Vec<String>>,
    /// Explicit initial rows of the multiclass perceptron (bias first), if any.
    #[serde(default)]
    pub rows: Option<Vec<Vec<f64>>>,
    /// The algorithm's own numbers by key (e.g. `{"C": 0.5}` for passive-aggressive), as the
    /// registry names them; absent or empty for algorithms that take none.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub params: std::collections::BTreeMap<String, f64>,
    /// Learn a bias.
    #[serde(default = "yes")]
    pub bias: bool,
    /// `zero`, `random` or `w0,w1,w2`.
    #[serde(default = "zero_init")]
    pub init: String,
    /// η.
    #[serde(default = "one")]
    pub eta: f64,
    /// `fixed` or `shuffle`.
    #[serde(default = "fixed")]
    pub order: String,
    /// The seed.
    #[serde(default = "seed_one")]
    pub seed: u64,
    /// Max epochs.
    #[serde(default = "thousand")]
    pub max_epochs: u64,
    /// The points as `[x1, x2, class]` (class 0 is −1 and 1 is +1 for the binary algorithms).
    #[serde(default)]
    pub points: Vec<(f64, f64, usize)>,
    /// The step on show: opening replays training up to it.
    #[serde(default)]
    pub step: u64,
    /// Edits of the points made while training was under way, replayed at their steps (the
    /// points above are those training started from).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub edits: Vec<Edit>,
    /// The data rectangle on show, `[x_min, x_max, y_min, y_max]`; without it the view fits the
    /// points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view: Option<[f64; 4]>,
    /// Pocket mode is on.
    #[serde(default, skip_serializing_if = "is_false")]
    pub pocket: bool,
    /// The max-margin separator is shown.
    #[serde(default, skip_serializing_if = "is_false")]
    pub max_margin: bool,
    /// New points snap to the ½ grid.
    #[serde(default, skip_serializing_if = "is_false")]
    pub snap: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// An edit of the points after step `step` (before the next one).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Edit {
    /// A point `(x, y)` of class `class` appended.
    Add {
        /// After this many steps.
        step: u64,
        /// x1.
        x: f64,
        /// x2.
        y: f64,
        /// Its class.
        class: usize,
    },
    /// Point `index` (1-based) moved to `(x, y)`.
    Move {
        /// After this many steps.
        step: u64,
        /// 1-based index.
        index: usize,
        /// x1.
        x: f64,
        /// x2.
        y: f64,
    },
    /// Point `index` (1-based) removed.
    Remove {
        /// After this many steps.
        step: u64,
        /// 1-based index.
        index: usize,
    },
}

impl Edit {
    /// The step after which it happened.
    pub fn step(&self) -> u64 {
        match self {
            Edit::Add { step, .. } | Edit::Move { step, .. } | Edit::Remove { step, .. } => *step,
        }
    }
}

/// The longest class name kept, in characters.
pub const MAX_CLASS_NAME_CHARS: usize = 100;

/// What is wrong with `names` as the names of `classes` classes, if anything: they must be one
/// per class, non-empty, distinct, at most [`MAX_CLASS_NAME_CHARS`] characters, and not start or
/// end with white space (a points CSV could not keep it).
pub(crate) fn class_names_problem(names: &[String], classes: usize) -> Option<String> {
    if names.len() != classes {
        return Some(format!(
            "{} names for {classes} classes: give one name per class",
            names.len()
        ));
    }
    for (i, name) in names.iter().enumerate() {
        let shown = || {
            let short: String = name.chars().take(20).collect();
            if short.len() < name.len() {
                format!("{short:?}…")
            } else {
                format!("{name:?}")
            }
        };
        if name.is_empty() {
            return Some(format!("the name of class {i} is empty"));
        }
        let chars = name.chars().count();
        if chars > MAX_CLASS_NAME_CHARS {
            return Some(format!(
                "the class name {} is {chars} characters long; names hold at most {MAX_CLASS_NAME_CHARS}",
                shown()
            ));
        }
        if name.starts_with(|c: char| c.is_ascii_whitespace())
            || name.ends_with(|c: char| c.is_ascii_whitespace())
        {
            return Some(format!(
                "the class name {} starts or ends with a space",
                shown()
            ));
        }
        if let Some(j) = names[..i].iter().position(|n| n == name) {
            return Some(format!(
                "the class name {} is given twice (classes {j} and {i})",
                shown()
            ));
        }
    }
    None
}

/// Checks `names` as the names of `classes` classes (see [`Scenario::class_names`]).
pub fn check_class_names(names: &[String], classes: usize) -> Result<(), Error> {
    match class_names_problem(names, classes) {
        Some(reason) => Err(field("class_names", reason)),
        None => Ok(()),
    }
}

fn field(field: &'static str, reason: impl Into<String>) -> Error {
    Error::Field {
        field,
        reason: reason.into(),
    }
}

/// `init` as the settings form writes it.
pub fn init_text(init: &InitWeights) -> String {
    init.to_string()
}

impl Scenario {
    /// The settings it names, checked.
    pub fn settings(&self) -> Result<Settings, Error> {
        let settings = Settings {
            bias: self.bias,
            init: InitWeights::parse(&self.init)?,
            eta: self.eta,
            order: Order::parse(&self.order)?,
            seed: self.seed,
            max_epochs: self.max_epochs,
        };
        settings.validate(2)?;
        Ok(settings)
    }

    /// The algorithm it names.
    pub fn algorithm(&self) -> Result<Algorithm, Error> {
        Algorithm::parse(&self.algorithm)
    }

    /// Reads scenario JSON; errors say what is wrong (and where, for malformed JSON).
    pub fn from_json(text: &str) -> Result<Scenario, Error> {
        let mut scenario: Scenario = serde_json::from_str(text).map_err(|e| Error::Row {
            line: e.line() as u64,
            reason: format!("not a Perceptron Lab scenario: {e}"),
        })?;
        scenario.check_version()?;
        if let Ok(algorithm) = scenario.algorithm() {
            // One spelling, so that links written from it know the algorithm.
            scenario.algorithm = algorithm.name().to_string();
        }
        Ok(scenario)
    }

    /// The scenario as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    fn check_version(&self) -> Result<(), Error> {
        if self.version == 0 || self.version > SCENARIO_VERSION {
            return Err(field(
                "version",
                format!(
                    "version {} is not one this page reads (1 to {SCENARIO_VERSION}); it may come from a newer Perceptron Lab",
                    self.version
                ),
            ));
        }
        Ok(())
    }
}

/// The shortest text that reads back as exactly `v`: plain decimals, or for the huge and tiny
/// (whose plain form runs past 24 characters, e.g. 309 digits for `1e308`) the exponent form.
fn number(v: f64) -> String {
    super::numfmt::exact(v)
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
fn encode(value: &str) -> String {
    escape(value, b",;:+")
}

/// A class name for the `l` key: only letters, digits and `-._~` kept, so that the names can be
/// joined with `,`.
fn encode_name(name: &str) -> String {
    escape(name, b"")
}

fn decode(key: &str, value: &str) -> Result<String, Error> {
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
    if s.algorithm == "kernel" {
        parts.push(format!("k={}", encode(&s.kernel)));
    }
    if matches!(s.algorithm.as_str(), "multiclass" | "ovr" | "ovo") {
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

fn parse_number(key: &str, text: &str) -> Result<f64, Error> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        _ => Err(field(
            "link",
            format!("{key}: {text:?} is not a finite number"),
        )),
    }
}

fn parse_whole(key: &str, text: &str) -> Result<u64, Error> {
    text.parse::<u64>()
        .map_err(|_| field("link", format!("{key}: {text:?} is not a whole number ≥ 0")))
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
/// values that do not parse, keys that contradict the algorithm (`k` without `a=kernel`, `r`
/// without `a=multiclass`, `c` or `l` with a binary algorithm). Class names that do not fit the
/// classes (see [`check_class_names`]) are refused when the scenario is opened.
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
    let mut pairs: Vec<(String, String)> = Vec::new();
    // The names of `l`, each decoded on its own: a name may hold an escaped `,`.
    let mut names = None;
    for part in fragment.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = part.split_once('=').unwrap_or((part, ""));
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
    let get = |k: &str| {
        pairs
            .iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.as_str())
    };
    let param_keys: Vec<&str> = Algorithm::ALL
        .iter()
        .flat_map(|a| a.info().params.iter().map(|p| p.key))
        .collect();
    let known: Vec<&str> = [
        "v", "a", "k", "c", "l", "r", "b", "i", "e", "o", "s", "m", "n", "p", "d", "w", "pk", "mm",
        "sn",
    ]
    .into_iter()
    .chain(param_keys.iter().copied())
    .collect();
    let unknown: Vec<String> = pairs
        .iter()
        .map(|(k, _)| k.clone())
        .filter(|k| !known.contains(&k.as_str()) && !PAGE_KEYS.contains(&k.as_str()))
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
    let parsed = Algorithm::parse(get("a").unwrap_or("perceptron"))?;
    let algorithm = parsed.name().to_string();
    if get("k").is_some() && parsed != Algorithm::Kernel {
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
    for key in &param_keys {
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
    let points = match get("p") {
        None => Vec::new(),
        Some(text) => text
            .split(';')
            .filter(|p| !p.is_empty())
            .map(|p| {
                let f: Vec<&str> = p.split(',').collect();
                if f.len() != 3 {
                    return Err(field(
                        "link",
                        format!("p: the point {p:?} is not x,y,class"),
                    ));
                }
                let class = parse_whole("p", f[2])?;
                Ok((
                    parse_number("p", f[0])?,
                    parse_number("p", f[1])?,
                    usize::try_from(class).unwrap_or(usize::MAX),
                ))
            })
            .collect::<Result<Vec<_>, Error>>()?,
    };
    let edits = match get("d") {
        None => Vec::new(),
        Some(text) => text
            .split(';')
            .filter(|e| !e.is_empty())
            .map(|e| {
                let f: Vec<&str> = e.split(',').collect();
                let whole = |t: &str| -> Result<usize, Error> {
                    Ok(usize::try_from(parse_whole("d", t)?).unwrap_or(usize::MAX))
                };
                match (f.len(), f.get(1).copied()) {
                    (5, Some("a")) => Ok(Edit::Add {
                        step: parse_whole("d", f[0])?,
                        x: parse_number("d", f[2])?,
                        y: parse_number("d", f[3])?,
                        class: whole(f[4])?,
                    }),
                    (5, Some("m")) => Ok(Edit::Move {
                        step: parse_whole("d", f[0])?,
                        index: whole(f[2])?,
                        x: parse_number("d", f[3])?,
                        y: parse_number("d", f[4])?,
                    }),
                    (3, Some("r")) => Ok(Edit::Remove {
                        step: parse_whole("d", f[0])?,
                        index: whole(f[2])?,
                    }),
                    _ => Err(field(
                        "link",
                        format!("d: the edit {e:?} is not step,a,x,y,class / step,m,index,x,y / step,r,index"),
                    )),
                }
            })
            .collect::<Result<Vec<_>, Error>>()?,
    };
    let view = match get("w") {
        None => None,
        Some(text) => {
            let v: Vec<f64> = text
                .split(',')
                .map(|t| parse_number("w", t))
                .collect::<Result<_, _>>()?;
            match v.as_slice() {
                &[a, b, c, d] if a < b && c < d => Some([a, b, c, d]),
                _ => {
                    return Err(field(
                        "link",
                        format!("w: {text:?} is not x_min,x_max,y_min,y_max with min < max"),
                    ))
                }
            }
        }
    };
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
        view,
        edits,
        version: SCENARIO_VERSION,
        algorithm,
        kernel: get("k").unwrap_or("linear").to_string(),
        classes: match get("c") {
            Some(c) => usize::try_from(parse_whole("c", c)?).unwrap_or(usize::MAX),
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
    Ok(Link {
        scenario: Some(scenario),
        unknown,
    })
}
