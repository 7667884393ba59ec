//! The checkers: "predict the visit", "be the perceptron" (typed values, or a dragged w tip)
//! and the faded worked example's parts (score, check, update). A wrong update is matched
//! against the answer's named wrong answers ([`Answer::slips`]) so the feedback names the
//! error; numbers are written as the course writes them ([`crate::core::numfmt`]).
//!
//! **Exact, for typed values**, means equal as the course writes numbers: a typed value is
//! right when it is within `1e-9·max(1, |v|)` of the value `v` (the rounding of a sum such as
//! `0.1 + 0.2`) or reads the same in the course's format (rounded to 4 decimals), so `0.3333`
//! answers `1/3`. A dragged tip is right within half a grid step of `[w1, w2]` in each
//! coordinate.

use crate::core::algo::practice::{Answer, Part, Slip};
use crate::core::numfmt::{num, vector};

/// What the student gave for the new parameters.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Given {
    /// Typed values: one list per [`Answer::parts`], in order.
    Typed(Vec<Vec<f64>>),
    /// The tip `[w1, w2]` of the arrow of part `part` (one of [`Answer::arrows`]), dragged on
    /// the plot (snapped to the grid), checked within `half` (half a grid step).
    Tip {
        /// The part whose arrow was dragged.
        part: usize,
        /// The tip's position `[w1, w2]`.
        tip: [f64; 2],
        /// Half a grid step: the tolerance in each coordinate.
        half: f64,
    },
}

impl Given {
    /// The answer as written in results: `w′ = [0, 3, 2]`, `tip of w′ at (3, 2)`.
    pub fn text(&self, answer: &Answer) -> String {
        match self {
            Given::Typed(values) => values
                .iter()
                .zip(&answer.parts)
                .map(|(v, p)| {
                    Part {
                        name: p.name.clone(),
                        values: v.clone(),
                        on_wrong: None,
                    }
                    .text()
                })
                .collect::<Vec<_>>()
                .join("; "),
            Given::Tip { part, tip, .. } => {
                let name = answer.parts.get(*part).map_or("w′", |p| p.name.as_str());
                format!("tip of {name} at ({}, {})", num(tip[0]), num(tip[1]))
            }
        }
    }
}

/// What a checker says.
#[derive(Debug, Clone, PartialEq)]
pub struct Feedback {
    /// Whether the answer is right.
    pub correct: bool,
    /// The named error, when a wrong answer is one.
    pub slip: Option<Slip>,
    /// The sentence(s) to show and announce: what was wrong and the right answer.
    pub message: String,
    /// The right answer, as written in results.
    pub expected: String,
}

/// Whether a typed `given` is the value `v` (see the module documentation).
pub fn same_number(given: f64, v: f64) -> bool {
    given.is_finite()
        && v.is_finite()
        && ((given - v).abs() <= 1e-9 * v.abs().max(1.0) || num(given) == num(v))
}

/// The right parts, as written in results: `w′ = [0, 3, 2]`.
fn parts_text(parts: &[Part]) -> String {
    parts.iter().map(Part::text).collect::<Vec<_>>().join("; ")
}

/// Reads numbers typed into a field: `0, 3, 2`, `[0, 3, 2]`, `0 3 2` or `0; 3; 2`. Refuses
/// anything else with a sentence naming the bad entry.
pub fn parse_numbers(text: &str) -> Result<Vec<f64>, String> {
    let inner = text
        .trim()
        .trim_start_matches(['[', '('])
        .trim_end_matches([']', ')']);
    let mut values = Vec::new();
    for item in inner
        .split([',', ';', ' ', '\t'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        // The course's minus sign, as typed from the page's text.
        let item_ascii = item.replace('−', "-");
        match item_ascii.parse::<f64>() {
            Ok(v) if v.is_finite() => values.push(v + 0.0),
            _ => {
                return Err(format!(
                    "{} is not a number: type numbers such as 0, -1.5 or 3, separated by commas.",
                    crate::core::excerpt(item)
                ))
            }
        }
    }
    if values.is_empty() {
        return Err("Type the numbers, separated by commas (e.g. 0, 3, 2).".to_string());
    }
    Ok(values)
}

/// "Will this sample cause an update?": `update` is the student's yes/no. The feedback reveals
/// the score(s) and the check written out.
pub fn check_predict(answer: &Answer, update: bool) -> Feedback {
    let correct = update == answer.update;
    let verdict = match (correct, answer.update) {
        (true, true) => "Right: it updates.",
        (true, false) => "Right: no update.",
        (false, true) => "Not this time: it updates.",
        (false, false) => "Not this time: no update.",
    };
    let scores = answer
        .scores
        .iter()
        .map(|s| format!("{}: {}", s.name, s.expression))
        .collect::<Vec<_>>()
        .join("; ");
    Feedback {
        correct,
        slip: match (correct, answer.update) {
            (true, _) => None,
            (false, true) => Some(Slip::MissedUpdate),
            (false, false) => Some(Slip::UpdatedOnCorrect),
        },
        message: format!("{verdict} {scores}. {}.", answer.check),
        expected: if answer.update { "update" } else { "no update" }.to_string(),
    }
}

/// The faded worked example's score part: the score(s) in the answer's order.
pub fn check_score(answer: &Answer, given: &[f64]) -> Result<Feedback, String> {
    if given.len() != answer.scores.len() {
        return Err(format!(
            "Give {} score{}: {}.",
            answer.scores.len(),
            if answer.scores.len() == 1 { "" } else { "s" },
            answer
                .scores
                .iter()
                .map(|s| s.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let correct = given
        .iter()
        .zip(&answer.scores)
        .all(|(g, s)| same_number(*g, s.value));
    let sums = answer
        .scores
        .iter()
        .map(|s| format!("{}: {}", s.name, s.expression))
        .collect::<Vec<_>>()
        .join("; ");
    Ok(Feedback {
        correct,
        slip: None,
        message: if correct {
            format!("Right: {sums}.")
        } else {
            format!("Not the score: {sums}.")
        },
        expected: vector(&answer.scores.iter().map(|s| s.value).collect::<Vec<_>>()),
    })
}

/// Whether given values match a set of parts.
type Matcher<'a> = dyn Fn(&[Part]) -> bool + 'a;

/// "Be the perceptron" and the faded example's update part: the new parameters, typed or
/// dragged. A given of the wrong shape (a missing number, a part that cannot be dragged, a
/// tolerance that is not a positive number) is refused with a sentence; nothing is scored.
pub fn check_update(answer: &Answer, given: &Given) -> Result<Feedback, String> {
    let expected = parts_text(&answer.parts);
    // Whether `given` equals `parts` as the comparison in force reads them.
    let matches: Box<Matcher<'_>> = match given {
        Given::Typed(values) => {
            if values.len() != answer.parts.len() {
                return Err(format!(
                    "Give {} value{}: {}.",
                    answer.parts.len(),
                    if answer.parts.len() == 1 { "" } else { "s" },
                    answer
                        .parts
                        .iter()
                        .map(|p| p.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            for (v, p) in values.iter().zip(&answer.parts) {
                if v.len() != p.values.len() {
                    return Err(format!(
                        "{} takes {} number{}, not {}.",
                        p.name,
                        p.values.len(),
                        if p.values.len() == 1 { "" } else { "s" },
                        v.len()
                    ));
                }
            }
            Box::new(move |parts: &[Part]| {
                parts.iter().zip(values).all(|(p, v)| {
                    p.values.len() == v.len()
                        && p.values.iter().zip(v).all(|(e, g)| same_number(*g, *e))
                })
            })
        }
        Given::Tip { part, tip, half } => {
            if !answer.arrows.contains(part) {
                return Err("This answer is not given by dragging an arrow.".to_string());
            }
            if !(half.is_finite() && *half > 0.0 && tip.iter().all(|t| t.is_finite())) {
                return Err("The dragged tip is not on the plot.".to_string());
            }
            let (part, tip, half) = (*part, *tip, *half);
            Box::new(move |parts: &[Part]| {
                parts.get(part).is_some_and(|p| {
                    p.values.len() >= 3
                        && (p.values[1] - tip[0]).abs() <= half
                        && (p.values[2] - tip[1]).abs() <= half
                })
            })
        }
    };
    if matches(&answer.parts) {
        return Ok(Feedback {
            correct: true,
            slip: None,
            message: format!("Right: {expected}."),
            expected,
        });
    }
    // Given is not right, so a wrong answer it matches differs from the right one (η = 1
    // makes "left out η" right: that slip is never named then).
    let slip = answer
        .slips
        .iter()
        .find(|(_, parts)| matches(parts))
        .map(|(slip, _)| *slip)
        .or_else(|| first_wrong_part_slip(answer, given));
    let message = match slip {
        Some(slip) => format!("{} The right answer: {expected}.", slip.words()),
        None => format!("Not the update. The right answer: {expected}."),
    };
    Ok(Feedback {
        correct: false,
        slip,
        message,
        expected,
    })
}

/// The slip of the first wrong typed part that names one ([`Part::on_wrong`]).
fn first_wrong_part_slip(answer: &Answer, given: &Given) -> Option<Slip> {
    let Given::Typed(values) = given else {
        return None;
    };
    answer
        .parts
        .iter()
        .zip(values)
        .find(|(p, v)| {
            !p.values
                .iter()
                .zip(v.iter())
                .all(|(e, g)| same_number(*g, *e))
        })
        .and_then(|(p, _)| p.on_wrong)
}

/// A part of a worked step the student fills in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Faded {
    /// The score(s).
    Score,
    /// The check: update or not.
    Check,
    /// The new parameters.
    Update,
}

impl Faded {
    /// `score`, `check` or `update`, as results and events name it.
    pub fn name(self) -> &'static str {
        match self {
            Faded::Score => "score",
            Faded::Check => "check",
            Faded::Update => "update",
        }
    }
}

/// Which parts of each of `steps` worked steps the student fills in: the first is fully
/// worked, then the parts are hidden one at a time from the end (backward fading, Renkl and
/// Atkinson): the update, then the check too, then the score too.
pub fn faded_plan(steps: usize) -> Vec<Vec<Faded>> {
    (0..steps)
        .map(|k| match k {
            0 => Vec::new(),
            1 => vec![Faded::Update],
            2 => vec![Faded::Check, Faded::Update],
            _ => vec![Faded::Score, Faded::Check, Faded::Update],
        })
        .collect()
}
