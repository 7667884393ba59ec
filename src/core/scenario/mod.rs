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
//! separator and snapping; `e2` is the η panel's second learning rate (`second_eta` in JSON;
//! absent: the default); `l` holds the class names (as `class_names` in JSON), each
//! percent-encoded (all but letters, digits and `-._~`) and joined by `,`. Every version ever
//! written stays readable: [`from_link`] dispatches on `v`. The keys `hide` and `embed` belong
//! to the page (which controls to hide, the minimal frame) and are passed over here.

use super::algo::registry::Algorithm;
use super::{Error, InitWeights, Order, Settings};
use serde::{Deserialize, Serialize};

pub(crate) mod link;

pub(crate) use link::raw_parts;
pub use link::{from_link, to_link, Link};

/// The version written by this build.
pub const SCENARIO_VERSION: u32 = 1;

/// The longest link fragment read (longer ones are refused with a message).
pub const MAX_LINK_BYTES: usize = 64 * 1024;

/// The most steps a scenario may ask to replay.
pub const MAX_SCENARIO_STEP: u64 = 100_000;

/// Keys of the fragment that the page reads itself (`name` names a framed lab's landmarks,
/// `lang` chooses the page's language).
pub const PAGE_KEYS: [&str; 4] = ["hide", "embed", "name", "lang"];

/// Whether a link fragment (with or without its `#`) holds no key but [`PAGE_KEYS`]: such a
/// page opens on a blank session, whose plot the first-frame module may draw before the lab
/// has loaded. Keys are compared as written, so an escaped page key counts as another key
/// (the page then waits for the lab, which reads it).
pub fn page_only(fragment: &str) -> bool {
    raw_parts(fragment.strip_prefix('#').unwrap_or(fragment))
        .all(|(key, _)| PAGE_KEYS.contains(&key))
}

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
    /// The η panel's second learning rate η₂ (positive and finite); without it,
    /// [`DEFAULT_SECOND_ETA`](crate::core::DEFAULT_SECOND_ETA). Written only when it differs
    /// from that, so files and links without an η₂ read as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second_eta: Option<f64>,
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
/// per class, non-empty, distinct (also after Unicode NFC normalization: `é` and `e` + U+0301
/// are one name), at most [`MAX_CLASS_NAME_CHARS`] characters, not start or end with white space
/// (a points CSV could not keep it), and hold no character that cannot be seen (controls,
/// zero-width and text-direction characters: see `algo::class_names`).
pub(crate) fn class_names_problem(names: &[String], classes: usize) -> Option<String> {
    if names.len() != classes {
        return Some(format!(
            "{} names for {classes} classes: give one name per class",
            names.len()
        ));
    }
    for (i, name) in names.iter().enumerate() {
        let shown = || match crate::core::cut(name, 20) {
            (start, true) => format!("{start:?}…"),
            (whole, false) => format!("{whole:?}"),
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
        if let Some(what) = crate::core::algo::class_names::hidden_character(name) {
            return Some(format!(
                "the class name {} (class {i}) {what}; remove it",
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
        let key = crate::core::algo::class_names::comparable(name);
        if let Some((j, other)) = names[..i]
            .iter()
            .enumerate()
            .find(|(_, n)| crate::core::algo::class_names::comparable(n) == key)
        {
            return Some(format!(
                "the class names {other:?} (class {j}) and {} (class {i}) {}",
                shown(),
                crate::core::algo::class_names::spelling_differs(other, name)
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
