//! Exercise sets: what a course author composes (kinds, number of questions, data source, bias,
//! η, algorithm, seed, vary, where results are reported), as serde JSON and as keys of the
//! link fragment, read with the scenario link's own decoding (`scenario/link.rs`) and refused
//! with a reason, never a panic.
//!
//! The link form, beside (or instead of) a scenario's keys, each key once:
//!
//! ```text
//! xv=1&xid=week-3&xk=predict,update&xn=5&xa=perceptron&xb=1&xe=1&xd=gen&xc=2&xp=6&xsep=1
//!     &xs=42&xr=0&report=https%3A%2F%2Fcourse.example.org
//! ```
//!
//! `xd` is the data source: `gen` (generated from the seed: `xc` classes, `xp` points, `xsep`
//! `1` separable, `0` not, `any`), `points` (the points the link's scenario shows) or `ex:<id>`
//! (an example of the Example menu). `xr=1` (vary) gives each student a variant: the page draws
//! a seed, shows it, and [`ExerciseSet::variant`] makes the set with it, so a lecturer can
//! reproduce any student's problems. `report` is the origin the embed posts its events to
//! (`https://host[:port]`, or `http://localhost`), never `*`.

use crate::core::algo::Kind;
use crate::core::scenario::link::{decode, encode, number, parse_number, parse_whole};
use crate::core::{Algorithm, Error, Preset};
use serde::{Deserialize, Serialize};

mod origin;
pub use origin::check_origin;

/// The link keys of an exercise set (the scenario reader passes over them).
pub const KEYS: [&str; 14] = [
    "xv", "xid", "xk", "xn", "xa", "xb", "xe", "xd", "xc", "xp", "xsep", "xs", "xr", "report",
];

/// The exercise link format's version.
pub const EXERCISE_VERSION: u64 = 1;
/// The most questions in a set.
pub const MAX_QUESTIONS: u32 = 20;
/// The longest exercise id.
pub const MAX_ID: usize = 64;

/// A kind of practice question (issue 12's five).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PracticeKind {
    /// Predict the visit: will this sample cause an update?
    Predict,
    /// Be the perceptron: give the new parameters.
    Update,
    /// Where will the boundary go? (linear binary rules)
    Boundary,
    /// Will it converge? (linear binary rules)
    Converge,
    /// A faded worked example.
    Faded,
}

impl PracticeKind {
    /// Every kind, in the composer's order.
    pub const ALL: [PracticeKind; 5] = [
        PracticeKind::Predict,
        PracticeKind::Update,
        PracticeKind::Boundary,
        PracticeKind::Converge,
        PracticeKind::Faded,
    ];

    /// The name in links, results and events.
    pub fn name(self) -> &'static str {
        match self {
            PracticeKind::Predict => "predict",
            PracticeKind::Update => "update",
            PracticeKind::Boundary => "boundary",
            PracticeKind::Converge => "converge",
            PracticeKind::Faded => "faded",
        }
    }

    /// A title for people.
    pub fn title(self) -> &'static str {
        match self {
            PracticeKind::Predict => "Predict the visit",
            PracticeKind::Update => "Be the perceptron",
            PracticeKind::Boundary => "Where will the boundary go?",
            PracticeKind::Converge => "Will it converge?",
            PracticeKind::Faded => "Faded worked example",
        }
    }

    /// Reads [`PracticeKind::name`].
    pub fn parse(text: &str) -> Result<PracticeKind, Error> {
        PracticeKind::ALL
            .into_iter()
            .find(|k| k.name() == text.trim())
            .ok_or_else(|| {
                bad(format!(
                    "{} is not a kind of question: use {}",
                    quoted(text),
                    PracticeKind::ALL.map(PracticeKind::name).join(", ")
                ))
            })
    }

    /// Whether the kind needs a linear binary rule (one line to guess, one margin).
    pub fn linear_only(self) -> bool {
        matches!(self, PracticeKind::Boundary | PracticeKind::Converge)
    }
}

/// Where a set's problems come from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "from", rename_all = "lowercase", deny_unknown_fields)]
pub enum Source {
    /// Generated from the set's seed.
    Generated {
        /// Classes, 2 (binary and kernel rules) or 2 to 6 (multiclass rules).
        classes: usize,
        /// Points, see [`crate::core::practice::ProblemSpec`].
        points: usize,
        /// `Some(true)` separable, `Some(false)` not, `None` either.
        separable: Option<bool>,
    },
    /// The points the link's scenario (or the lab) shows.
    Points,
    /// An example of the Example menu, by id.
    Example {
        /// The example's id (`seed000`).
        id: String,
    },
}

/// An exercise set: everything a link needs to give every student the same questions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExerciseSet {
    /// The exercise's id: letters, digits and `-._~`, at most [`MAX_ID`] characters (the
    /// events' `exercise`, the xAPI object's id).
    pub id: String,
    /// The kinds of question, asked in turn.
    pub kinds: Vec<PracticeKind>,
    /// How many questions, 1 to [`MAX_QUESTIONS`].
    pub questions: u32,
    /// Where the problems come from.
    pub source: Source,
    /// The algorithm's name (as in the lab's selector).
    pub algorithm: String,
    /// Whether the rule learns a bias.
    pub bias: bool,
    /// The learning rate, positive and finite.
    pub eta: f64,
    /// The seed of the problems and the visiting order.
    pub seed: u64,
    /// Whether each student gets a variant from a seed of their own.
    pub vary: bool,
    /// The origin the embed posts its events to, if any.
    pub report: Option<String>,
}

impl Default for ExerciseSet {
    fn default() -> Self {
        ExerciseSet {
            id: "practice".to_string(),
            kinds: vec![PracticeKind::Predict, PracticeKind::Update],
            questions: 5,
            source: Source::Generated {
                classes: 2,
                points: 6,
                separable: Some(true),
            },
            algorithm: Algorithm::Perceptron.name().to_string(),
            bias: true,
            eta: 1.0,
            seed: 1,
            vary: false,
            report: None,
        }
    }
}

fn bad(reason: impl Into<String>) -> Error {
    Error::Field {
        field: "exercise",
        reason: reason.into(),
    }
}

/// A value quoted for a message, at most 40 characters of it.
fn quoted(text: &str) -> String {
    crate::core::excerpt(text)
}

impl ExerciseSet {
    /// The algorithm.
    pub fn algorithm(&self) -> Result<Algorithm, Error> {
        Algorithm::parse(&self.algorithm)
    }

    /// Checks every value, saying what is wrong with the first bad one.
    pub fn check(&self) -> Result<(), Error> {
        if self.id.is_empty()
            || self.id.len() > MAX_ID
            || !self
                .id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-._~".contains(&b))
        {
            return Err(bad(format!(
                "xid: {} is not an exercise id (1 to {MAX_ID} letters, digits, - . _ ~)",
                quoted(&self.id)
            )));
        }
        if self.kinds.is_empty() {
            return Err(bad("xk: choose at least one kind of question"));
        }
        for (i, k) in self.kinds.iter().enumerate() {
            if self.kinds[..i].contains(k) {
                return Err(bad(format!("xk: {} is given twice", k.name())));
            }
        }
        if !(1..=MAX_QUESTIONS).contains(&self.questions) {
            return Err(bad(format!(
                "xn: a set has 1 to {MAX_QUESTIONS} questions, not {}",
                self.questions
            )));
        }
        let algorithm = self.algorithm()?;
        if algorithm.kind() != Kind::Binary {
            if let Some(k) = self.kinds.iter().find(|k| k.linear_only()) {
                return Err(bad(format!(
                    "xk: \"{}\" is for the linear two-class rules, not {}",
                    k.title(),
                    algorithm.title()
                )));
            }
        }
        if !(self.eta.is_finite() && self.eta > 0.0) {
            return Err(bad(format!(
                "xe: η must be positive and finite, got {}",
                number(self.eta)
            )));
        }
        match &self.source {
            Source::Generated {
                classes,
                points,
                separable,
            } => {
                if !algorithm.is_multiclass() && *classes != 2 {
                    return Err(bad(format!(
                        "xc: {} separates 2 classes, not {classes}",
                        algorithm.title()
                    )));
                }
                let spec = crate::core::practice::ProblemSpec {
                    classes: *classes,
                    points: *points,
                    separable: *separable,
                    range: 4,
                    bias: self.bias,
                };
                spec.check().map_err(bad)?;
            }
            Source::Points => {}
            Source::Example { id } => {
                if Preset::from_id(id).is_none() {
                    return Err(bad(format!("xd: {} is not an example", quoted(id))));
                }
            }
        }
        if let Some(origin) = &self.report {
            check_origin(origin)?;
        }
        Ok(())
    }

    /// The set a student with seed `seed` gets: the same set with that seed when it varies,
    /// else the set itself.
    pub fn variant(&self, seed: u64) -> ExerciseSet {
        ExerciseSet {
            seed: if self.vary { seed } else { self.seed },
            ..self.clone()
        }
    }

    /// The kind of question `n` (0-based): the kinds in turn.
    pub fn kind_of(&self, n: u32) -> Option<PracticeKind> {
        (n < self.questions)
            .then(|| {
                self.kinds
                    .get(n as usize % self.kinds.len().max(1))
                    .copied()
            })
            .flatten()
    }

    /// The set as link keys (without `#`), each value encoded as the scenario link encodes.
    pub fn to_link(&self) -> String {
        let mut parts = vec![
            format!("xv={EXERCISE_VERSION}"),
            format!("xid={}", encode(&self.id)),
            format!(
                "xk={}",
                self.kinds
                    .iter()
                    .map(|k| k.name())
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            format!("xn={}", self.questions),
            format!("xa={}", encode(&self.algorithm)),
            format!("xb={}", u8::from(self.bias)),
            format!("xe={}", number(self.eta)),
        ];
        match &self.source {
            Source::Generated {
                classes,
                points,
                separable,
            } => {
                parts.push("xd=gen".to_string());
                parts.push(format!("xc={classes}"));
                parts.push(format!("xp={points}"));
                parts.push(format!(
                    "xsep={}",
                    match separable {
                        Some(true) => "1",
                        Some(false) => "0",
                        None => "any",
                    }
                ));
            }
            Source::Points => parts.push("xd=points".to_string()),
            Source::Example { id } => parts.push(format!("xd=ex:{}", encode(id))),
        }
        parts.push(format!("xs={}", self.seed));
        parts.push(format!("xr={}", u8::from(self.vary)));
        if let Some(origin) = &self.report {
            // The origin's `:` and `/` escaped too, so the value is one token.
            parts.push(format!(
                "report={}",
                crate::core::scenario::link::encode(origin)
                    .replace(':', "%3A")
                    .replace('/', "%2F")
            ));
        }
        parts.join("&")
    }

    /// Reads an exercise set from a link fragment (with or without `#`; other keys, such as
    /// a scenario's, are left to their readers). `Ok(None)` when the fragment holds no
    /// exercise keys. Refuses, saying why: a key given twice, a version this build does not
    /// know, a missing or bad value, a kind the algorithm has no questions of.
    pub fn from_link(fragment: &str) -> Result<Option<ExerciseSet>, Error> {
        let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
        if fragment.len() > crate::core::scenario::MAX_LINK_BYTES {
            return Err(bad("the link is too long"));
        }
        let mut pairs: Vec<(String, String)> = Vec::new();
        for (key, value) in crate::core::scenario::raw_parts(fragment) {
            let key = decode("key", key)?;
            if !KEYS.contains(&key.as_str()) {
                continue;
            }
            if pairs.iter().any(|(k, _)| *k == key) {
                return Err(bad(format!("{key} is given twice")));
            }
            let value = decode(&key, value)?;
            pairs.push((key, value));
        }
        if pairs.is_empty() {
            return Ok(None);
        }
        let get = |k: &str| {
            pairs
                .iter()
                .find(|(key, _)| key == k)
                .map(|(_, v)| v.as_str())
        };
        let need = |k: &'static str| get(k).ok_or_else(|| bad(format!("{k} is missing")));
        let version = parse_whole("xv", need("xv")?)?;
        if version != EXERCISE_VERSION {
            return Err(bad(format!(
                "version {version} is not one this page reads (1 to {EXERCISE_VERSION}); it may come from a newer Perceptron Lab"
            )));
        }
        let flag = |k: &'static str, default: bool| -> Result<bool, Error> {
            match get(k) {
                None => Ok(default),
                Some("1") => Ok(true),
                Some("0") => Ok(false),
                Some(other) => Err(bad(format!("{k}: {} is neither 1 nor 0", quoted(other)))),
            }
        };
        let defaults = ExerciseSet::default();
        let kinds = match get("xk") {
            None => defaults.kinds.clone(),
            Some(text) => text
                .split(',')
                .map(PracticeKind::parse)
                .collect::<Result<Vec<_>, _>>()?,
        };
        let questions = match get("xn") {
            None => defaults.questions,
            Some(text) => {
                let n = parse_whole("xn", text)?;
                u32::try_from(n).unwrap_or(u32::MAX)
            }
        };
        let count = |k: &'static str, default: usize| -> Result<usize, Error> {
            match get(k) {
                None => Ok(default),
                Some(text) => Ok(usize::try_from(parse_whole(k, text)?).unwrap_or(usize::MAX)),
            }
        };
        let source = match get("xd").unwrap_or("gen") {
            "gen" => Source::Generated {
                classes: count("xc", 2)?,
                points: count("xp", 6)?,
                separable: match get("xsep").unwrap_or("1") {
                    "1" => Some(true),
                    "0" => Some(false),
                    "any" => None,
                    other => {
                        return Err(bad(format!("xsep: {} is not 1, 0 or any", quoted(other))))
                    }
                },
            },
            "points" => Source::Points,
            other => match other.strip_prefix("ex:") {
                Some(id) => Source::Example { id: id.to_string() },
                None => {
                    return Err(bad(format!(
                        "xd: {} is not gen, points or ex:<example>",
                        quoted(other)
                    )))
                }
            },
        };
        if !matches!(source, Source::Generated { .. }) {
            if let Some(k) = ["xc", "xp", "xsep"].into_iter().find(|k| get(k).is_some()) {
                return Err(bad(format!(
                    "{k} belongs to generated problems (xd=gen), not xd={}",
                    get("xd").unwrap_or("")
                )));
            }
        }
        let set = ExerciseSet {
            id: get("xid").unwrap_or(&defaults.id).to_string(),
            kinds,
            questions,
            source,
            algorithm: Algorithm::parse(get("xa").unwrap_or(&defaults.algorithm))?
                .name()
                .to_string(),
            bias: flag("xb", defaults.bias)?,
            eta: match get("xe") {
                None => defaults.eta,
                Some(text) => parse_number("xe", text)?,
            },
            seed: match get("xs") {
                None => defaults.seed,
                Some(text) => parse_whole("xs", text)?,
            },
            vary: flag("xr", defaults.vary)?,
            report: get("report").map(str::to_string),
        };
        set.check()?;
        Ok(Some(set))
    }

    /// The set as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Reads a set from JSON (unknown fields refused) and checks it.
    pub fn from_json(text: &str) -> Result<ExerciseSet, Error> {
        let set: ExerciseSet =
            serde_json::from_str(text).map_err(|e| bad(format!("not an exercise set: {e}")))?;
        set.check()?;
        Ok(set)
    }
}
