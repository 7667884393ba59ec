//! What a step's answer is, as each algorithm states it: the [`Practice`] trait that every
//! record implements in its algorithm's folder (`<name>/practice.rs`), and the [`Answer`] it
//! gives — whether the visit updates, the score(s) and the check in the course's notation, the
//! new parameters, and the wrong answers that come from the named slips ([`Slip`]), so that a
//! checker ([`crate::core::practice`]) can tell a student which error they made without
//! knowing any algorithm by name.

use crate::core::numfmt::{num, vector};
use crate::core::{Settings, Setup};

/// A named error a student can make when carrying out an update by hand (issue 12's list, plus
/// the opposite of "updated on a correct sample").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slip {
    /// Added `x` instead of `y·x` (or subtracted it for `y = +1`): the sign of the update.
    Sign,
    /// The bias component of the update (`η·y·1`) was left out.
    ForgotBias,
    /// The learning rate η was left out of the update.
    LeftOutEta,
    /// The old parameters were left out: only the update `η·y·x` was given.
    OldLeftOut,
    /// The sample was classified correctly (no update), but an update was made.
    UpdatedOnCorrect,
    /// The visit was a mistake, but the parameters were given unchanged.
    MissedUpdate,
    /// Multiclass: the update went to the wrong row(s) of W.
    WrongRow,
    /// Kernel: another sample's α was changed.
    WrongAlpha,
    /// Passive-aggressive: the step size τ is wrong.
    WrongTau,
}

impl Slip {
    /// The slip's name in results and events (`sign`, `forgot-bias`, …).
    pub fn name(self) -> &'static str {
        match self {
            Slip::Sign => "sign",
            Slip::ForgotBias => "forgot-bias",
            Slip::LeftOutEta => "left-out-eta",
            Slip::OldLeftOut => "old-left-out",
            Slip::UpdatedOnCorrect => "updated-on-correct",
            Slip::MissedUpdate => "missed-update",
            Slip::WrongRow => "wrong-row",
            Slip::WrongAlpha => "wrong-alpha",
            Slip::WrongTau => "wrong-tau",
        }
    }

    /// The feedback's first sentence: what went wrong, in the course's terms.
    pub fn words(self) -> &'static str {
        match self {
            Slip::Sign => {
                "The sign is wrong: the update adds y·x (the sample times its label y), not x."
            }
            Slip::ForgotBias => {
                "The bias component is missing: the always-1 feature changes w0 by η·y too."
            }
            Slip::LeftOutEta => "η is left out: the update is η times the sample, not the sample.",
            Slip::OldLeftOut => {
                "The old w is left out: the new weights are the old ones plus the update, not the update alone."
            }
            Slip::UpdatedOnCorrect => {
                "This sample was classified correctly, so nothing changes: an update is made only on a mistake."
            }
            Slip::MissedUpdate => "This sample was a mistake, so the weights change.",
            Slip::WrongRow => {
                "The wrong row changed: add x to the true class's row and subtract it from the predicted class's row; the other rows stay."
            }
            Slip::WrongAlpha => {
                "The wrong α changed: only the visited sample's α_i grows, by η."
            }
            Slip::WrongTau => {
                "τ is wrong or not applied: w′ = w + τ·y·f(x), with PA-I's τ = min(C, ℓ/‖x‖²) or PA-II's τ = ℓ/(‖x‖² + 1/(2C))."
            }
        }
    }
}

/// One named group of numbers the student gives: `w′` (`[w0, w1, w2]`), a row `W′1` of W, the
/// dual weights `α′`, `b′`, or `τ`.
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    /// The name shown beside the fields (`w′`, `W′2`, `α′`, `b′`, `τ`).
    pub name: String,
    /// The numbers, bias first for weights.
    pub values: Vec<f64>,
    /// The slip a wrong value of this part is, when no wrong answer of [`Answer::slips`]
    /// matches (τ: [`Slip::WrongTau`]; the index of the α that changes: [`Slip::WrongAlpha`]).
    pub on_wrong: Option<Slip>,
}

impl Part {
    /// A part named `name` holding `values`.
    pub fn new(name: impl Into<String>, values: Vec<f64>) -> Part {
        Part {
            name: name.into(),
            values,
            on_wrong: None,
        }
    }

    /// The part with the slip its wrong value is ([`Part::on_wrong`]).
    pub fn wrong_is(mut self, slip: Slip) -> Part {
        self.on_wrong = Some(slip);
        self
    }

    /// `w′ = [0, 3, 2]` (a single number without brackets).
    pub fn text(&self) -> String {
        if self.values.len() == 1 {
            format!("{} = {}", self.name, num(self.values[0]))
        } else {
            format!("{} = {}", self.name, vector(&self.values))
        }
    }
}

/// One score of the visit: its name (`s`, `s1`, `f(x3)`), value and the sum written out as the
/// course does (`-1 * 1 + 0 * 3 + 0 * 2 = -1`).
#[derive(Debug, Clone, PartialEq)]
pub struct Score {
    /// `s`, `s1` (multiclass row 1), `s(0,2)` (a one-vs-one pair), `f(x3)` (kernel).
    pub name: String,
    /// The value.
    pub value: f64,
    /// The sum written out, ending in `= value`.
    pub expression: String,
}

/// What a step's answer is: the reveal and the expected parameters of the practice kinds
/// "predict the visit", "be the perceptron" and the faded worked example.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// Whether the visit changes the model.
    pub update: bool,
    /// The score(s) of the visit.
    pub scores: Vec<Score>,
    /// The check written out: `y·s = (+1)·(-1) = -1 ≤ 0: a mistake, update`.
    pub check: String,
    /// The update written out (`w′ = w + η·y·[1, x] = [-1, 0, 0] + [1, 3, 2] = [0, 3, 2]`), or
    /// `none`.
    pub update_text: String,
    /// The new parameters the student gives, in order.
    pub parts: Vec<Part>,
    /// The parts whose `[w1, w2]` is drawn as a w arrow (`w′`, the rows of W), which an answer
    /// may give by dragging the arrow's tip; empty when nothing can be dragged.
    pub arrows: Vec<usize>,
    /// Wrong answers, each what a named slip gives (the same shape as `parts`); the first one
    /// that matches a given answer names its error. Some may equal `parts` (η = 1 makes
    /// [`Slip::LeftOutEta`] right); the checker passes those over.
    pub slips: Vec<(Slip, Vec<Part>)>,
}

/// Each algorithm's record states its step's answer (in the algorithm's folder,
/// `practice.rs`). `settings` are the run's (η, bias), `setup` the session's (the algorithm's own
/// numbers such as `C`).
pub trait Practice {
    /// The answer of this step.
    fn answer(&self, settings: &Settings, setup: &Setup) -> Answer;
}

/// `[b, x1, …]`: the sample's feature vector with the always-1 feature first (0 without bias).
pub fn features(x: &[f64], bias: bool) -> Vec<f64> {
    let mut f = Vec::with_capacity(x.len() + 1);
    f.push(if bias { 1.0 } else { 0.0 });
    f.extend_from_slice(x);
    f
}

/// `w + c·f`, no negative zeros.
pub fn plus(w: &[f64], c: f64, f: &[f64]) -> Vec<f64> {
    w.iter().zip(f).map(|(a, b)| a + c * b + 0.0).collect()
}

/// The score written out as the course's table does: `-1 * 1 + 0 * 3 + 0 * 2 = -1` (the bias
/// term left out without bias; negative features in brackets).
pub fn score_sum(w: &[f64], f: &[f64], bias: bool, value: f64) -> String {
    let mut terms = Vec::with_capacity(f.len());
    for (k, (wk, fk)) in w.iter().zip(f).enumerate() {
        if k == 0 && !bias {
            continue;
        }
        let x_text = if *fk < 0.0 {
            format!("({})", num(*fk))
        } else {
            num(*fk)
        };
        terms.push(format!("{} * {x_text}", num(*wk)));
    }
    format!("{} = {}", terms.join(" + "), num(value))
}

/// `+1` / `-1` in brackets for products: `(+1)`.
pub fn label_text(y: f64) -> &'static str {
    if y > 0.0 {
        "(+1)"
    } else {
        "(-1)"
    }
}

/// `y·s = (+1)·(-1) = -1 ≤ 0: a mistake, update` — the classic check `y·s ≤ 0`.
pub fn sign_check(y: f64, s: f64, score_name: &str) -> String {
    let ys = y * s + 0.0;
    if ys <= 0.0 {
        format!(
            "y·{score_name} = {}·{} = {} ≤ 0: a mistake, update",
            label_text(y),
            bracket(s),
            num(ys)
        )
    } else {
        format!(
            "y·{score_name} = {}·{} = {} > 0: correct, no update",
            label_text(y),
            bracket(s),
            num(ys)
        )
    }
}

/// A number in brackets when negative: `(-1)`, `14`.
pub fn bracket(v: f64) -> String {
    if v < 0.0 {
        format!("({})", num(v))
    } else {
        num(v)
    }
}

/// The wrong answers of an update that took `before` to `after` (one row per weight vector, bias
/// first) by a step of size `step` (η, or τ for passive-aggressive: `step_slip` names leaving it
/// out): the old rows kept ([`Slip::MissedUpdate`]), the update subtracted ([`Slip::Sign`]), the
/// update alone for the rows that change ([`Slip::OldLeftOut`]), the update without the step's
/// size, and (with the bias on) the update without its bias component ([`Slip::ForgotBias`]).
pub fn update_slips(
    before: &[Vec<f64>],
    after: &[Vec<f64>],
    step: f64,
    step_slip: Slip,
    bias: bool,
) -> Vec<(Slip, Vec<Vec<f64>>)> {
    let delta: Vec<Vec<f64>> = before
        .iter()
        .zip(after)
        .map(|(b, a)| a.iter().zip(b).map(|(a, b)| a - b).collect())
        .collect();
    let changed = |k: usize| delta[k].iter().any(|d| *d != 0.0);
    let each = |f: &RowChange<'_>| -> Vec<Vec<f64>> {
        (0..before.len())
            .map(|k| {
                if changed(k) {
                    f(k, &before[k], &delta[k])
                } else {
                    before[k].clone()
                }
            })
            .collect()
    };
    let mut slips = vec![
        (Slip::MissedUpdate, before.to_vec()),
        (Slip::Sign, each(&|_, b, d| plus(b, -1.0, d))),
        (
            Slip::OldLeftOut,
            each(&|_, _, d| plus(&vec![0.0; d.len()], 1.0, d)),
        ),
    ];
    if step != 0.0 && step.is_finite() {
        slips.push((step_slip, each(&|_, b, d| plus(b, 1.0 / step, d))));
    }
    if bias {
        slips.push((
            Slip::ForgotBias,
            each(&|k, b, d| {
                let mut w = plus(b, 1.0, d);
                w[0] = before[k][0];
                w
            }),
        ));
    }
    slips
}

/// How a slip changes row `k` given its old values and its update.
type RowChange<'a> = dyn Fn(usize, &[f64], &[f64]) -> Vec<f64> + 'a;

/// Parts named `name(k)` for rows.
pub fn row_parts(rows: &[Vec<f64>], name: impl Fn(usize) -> String) -> Vec<Part> {
    rows.iter()
        .enumerate()
        .map(|(k, r)| Part::new(name(k), r.clone()))
        .collect()
}

/// The slips of rows, as parts named by `name`.
pub fn named_slips(
    slips: Vec<(Slip, Vec<Vec<f64>>)>,
    name: impl Fn(usize) -> String,
) -> Vec<(Slip, Vec<Part>)> {
    slips
        .into_iter()
        .map(|(slip, rows)| (slip, row_parts(&rows, &name)))
        .collect()
}

/// The update written out for one weight vector: `[-1, 0, 0] + [1, 3, 2] = [0, 3, 2]`
/// (`[0, 3, 2] - [1, 2, 3] = …`, `… + 0.5 * [1, 3, 2] = …` for a step other than 1).
pub fn update_sum(before: &[f64], sign: f64, step: f64, f: &[f64], after: &[f64]) -> String {
    let op = if sign > 0.0 { "+" } else { "-" };
    let step = if step == 1.0 {
        String::new()
    } else {
        format!("{} * ", num(step))
    };
    format!(
        "{} {op} {step}{} = {}",
        vector(before),
        vector(f),
        vector(after)
    )
}

/// The answer of a visit of one linear binary model under the classic update
/// `w′ = w + step·y·f(x)` (the perceptron's and the averaged perceptron's w with step η;
/// passive-aggressive's with step τ).
pub struct Linear<'a> {
    /// Weights before the visit, bias first.
    pub before: &'a [f64],
    /// Weights after the visit.
    pub after: &'a [f64],
    /// The sample's features.
    pub x: &'a [f64],
    /// The label, ±1.
    pub y: f64,
    /// The score `w·x + b`.
    pub score: f64,
    /// Whether the visit updated.
    pub update: bool,
    /// The step's size: η (or τ for passive-aggressive).
    pub step: f64,
    /// Whether the bias is learned.
    pub bias: bool,
}

impl Linear<'_> {
    /// The expected `w′`, the check given, and the slips; `step_name` is `η` or `τ`, and
    /// `step_slip` what leaving it out is called.
    pub fn answer(&self, check: String, step_name: &str, step_slip: Slip) -> Answer {
        let f = features(self.x, self.bias);
        let before = vec![self.before.to_vec()];
        let w = |_: usize| "w′".to_string();
        let slips = if self.update {
            update_slips(
                &before,
                &[self.after.to_vec()],
                self.step,
                step_slip,
                self.bias,
            )
        } else {
            let step_y = self.step * self.y;
            vec![
                (Slip::UpdatedOnCorrect, vec![plus(self.before, step_y, &f)]),
                (Slip::UpdatedOnCorrect, vec![plus(self.before, -step_y, &f)]),
            ]
        };
        let update_text = if self.update {
            format!(
                "w′ = w + {step_name}·y·f(x) = {}",
                update_sum(self.before, self.y, self.step, &f, self.after)
            )
        } else {
            "none".to_string()
        };
        Answer {
            update: self.update,
            scores: vec![Score {
                name: "s".into(),
                value: self.score,
                expression: score_sum(self.before, &f, self.bias, self.score),
            }],
            check,
            update_text,
            parts: vec![Part::new("w′", self.after.to_vec())],
            arrows: vec![0],
            slips: named_slips(slips, w),
        }
    }
}

/// The answer of a step that applies the classic rule to several rows at once (one-vs-rest:
/// every class's classifier; one-vs-one: the pairs involving the sample's class): row `k` sees
/// the label `labels[k]` (`None`: not visited), makes a mistake when `y_k·s_k ≤ 0`, and then
/// gains `η·y_k·f(x)`.
pub struct ClassicRows<'a> {
    /// The rows before the step, bias first.
    pub before: &'a [Vec<f64>],
    /// The rows after the step.
    pub after: &'a [Vec<f64>],
    /// The sample's features.
    pub x: &'a [f64],
    /// Each row's label for this sample, `None` for a row the step does not visit.
    pub labels: Vec<Option<f64>>,
    /// Each row's score.
    pub scores: &'a [f64],
    /// The rows' names (`W′0`, `W′(0,2)`): the new rows; the scores are named `s` + the same
    /// suffix.
    pub names: Vec<String>,
    /// η.
    pub eta: f64,
    /// Whether the bias is learned.
    pub bias: bool,
}

impl ClassicRows<'_> {
    /// The answer; `decision` is the sentence after the checks (the prediction).
    pub fn answer(&self, decision: &str) -> Answer {
        let f = features(self.x, self.bias);
        let suffix = |k: usize| self.names[k].trim_start_matches("W′").to_string();
        let mistake = |k: usize| self.labels[k].is_some_and(|y| y * self.scores[k] <= 0.0);
        let update = (0..self.before.len()).any(mistake);
        let scores = (0..self.before.len())
            .filter(|&k| self.labels[k].is_some())
            .map(|k| Score {
                name: format!("s{}", suffix(k)),
                value: self.scores[k],
                expression: score_sum(&self.before[k], &f, self.bias, self.scores[k]),
            })
            .collect();
        let checks: Vec<String> = (0..self.before.len())
            .filter_map(|k| {
                let y = self.labels[k]?;
                Some(format!(
                    "{}: {}",
                    self.names[k].replace('′', ""),
                    sign_check(y, self.scores[k], &format!("s{}", suffix(k)))
                ))
            })
            .collect();
        let check = format!("{}. {decision}", checks.join("; "));
        // Every visited row updated, and only the true class's row (one-vs-rest's confusion
        // with the multiclass rule).
        let all_updated: Vec<Vec<f64>> = (0..self.before.len())
            .map(|k| match self.labels[k] {
                Some(y) => plus(&self.before[k], self.eta * y, &f),
                None => self.before[k].clone(),
            })
            .collect();
        let mut slips = if update {
            update_slips(
                self.before,
                self.after,
                self.eta,
                Slip::LeftOutEta,
                self.bias,
            )
        } else {
            Vec::new()
        };
        if all_updated != self.after {
            slips.push((Slip::UpdatedOnCorrect, all_updated));
        }
        let positive_only: Vec<Vec<f64>> = (0..self.before.len())
            .map(|k| match self.labels[k] {
                Some(y) if y > 0.0 => plus(&self.before[k], self.eta * y, &f),
                _ => self.before[k].clone(),
            })
            .collect();
        if update && positive_only != self.after {
            slips.push((Slip::WrongRow, positive_only));
        }
        let update_text = if update {
            (0..self.before.len())
                .filter(|&k| mistake(k))
                .map(|k| {
                    let y = self.labels[k].unwrap_or(1.0);
                    format!(
                        "{} = {}",
                        self.names[k],
                        update_sum(&self.before[k], y, self.eta, &f, &self.after[k])
                    )
                })
                .collect::<Vec<_>>()
                .join("; ")
        } else {
            "none".to_string()
        };
        let names = &self.names;
        Answer {
            update,
            scores,
            check,
            update_text,
            parts: row_parts(self.after, |k| names[k].clone()),
            arrows: (0..self.before.len()).collect(),
            slips: named_slips(slips, |k| names[k].clone()),
        }
    }
}
