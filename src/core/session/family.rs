//! What the session shows for each algorithm of the family: the lines and arrows to draw, the
//! "This step" explanation and the trace table's row of every kind of step.

use super::super::explain::Explanation;
use super::super::model::{Algorithm, Model, Record};
use super::super::numfmt::{num, point, vector};
use super::super::scene::ClassLine;
use super::super::table::{score_expression, update_text};
use super::super::{Dataset, Settings};

/// The name of class `c` under `algorithm`: `-1`/`+1` for the binary ones, `0`, `1`, … for the
/// multiclass ones.
pub(crate) fn class_name(algorithm: Algorithm, c: usize) -> String {
    if algorithm.is_multiclass() {
        c.to_string()
    } else if c == 1 {
        "+1".to_string()
    } else {
        "-1".to_string()
    }
}

/// The names classes have unless a file named them: [`class_name`] of each class of `algorithm`
/// with `k` classes (two for the binary algorithms).
pub(super) fn default_class_names(algorithm: Algorithm, k: usize) -> Vec<String> {
    let k = if algorithm.is_multiclass() { k } else { 2 };
    (0..k).map(|c| class_name(algorithm, c)).collect()
}

/// `names` for `k` classes: the first `k` names kept, each new class named by its index — or,
/// when another class already has that name, `class K`, then `class K (2)`, `class K (3)`, …,
/// the first that is free, so that no two classes share a name.
pub(super) fn resize_class_names(mut names: Vec<String>, k: usize) -> Vec<String> {
    names.truncate(k);
    for c in names.len()..k {
        let name = [c.to_string(), format!("class {c}")]
            .into_iter()
            .chain((2..).map(|n| format!("class {c} ({n})")))
            .find(|n| !names.contains(n))
            .unwrap_or_default();
        names.push(name);
    }
    names
}

/// The bits of everything the next epoch depends on under a fixed order: equal keys at two
/// epoch starts prove that training cycles.
pub(super) fn state_key(model: &Model) -> Vec<u64> {
    let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    match model {
        Model::Kernel(t) => {
            let mut key = bits(t.alphas());
            key.push(t.bias().to_bits());
            key
        }
        _ => match (model.linear_weights(), model.rows()) {
            (Some(w), _) => bits(w),
            (None, Some(rows)) => rows.iter().flat_map(|r| bits(r)).collect(),
            (None, None) => Vec::new(),
        },
    }
}

fn three(w: &[f64]) -> [f64; 3] {
    [
        w.first().copied().unwrap_or(0.0),
        w.get(1).copied().unwrap_or(0.0),
        w.get(2).copied().unwrap_or(0.0),
    ]
}

/// The one linear boundary to draw with its w arrow, if the model has one.
pub(super) fn main_line(model: &Model, data: &Dataset) -> Option<[f64; 3]> {
    match model {
        Model::Kernel(t) => t.primal_weights(data).map(|w| three(&w)),
        _ => model.linear_weights().map(three),
    }
}

/// The lines of one-vs-rest (one per class) and one-vs-one (one per pair, in the colour of its
/// positive class j dashed with that of class i).
pub(super) fn class_lines(model: &Model) -> Vec<ClassLine> {
    match model {
        Model::Ovr(t) => t
            .weights()
            .iter()
            .enumerate()
            .map(|(k, w)| ClassLine {
                weights: three(w),
                class: k,
                other: None,
                label: format!("{k} vs rest"),
            })
            .collect(),
        Model::Ovo(t) => t
            .pairs()
            .iter()
            .zip(t.weights())
            .map(|(&(i, j), w)| ClassLine {
                weights: three(w),
                class: j,
                other: Some(i),
                label: format!("{i}|{j}"),
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The weights text of the status panel.
pub(super) fn weights_text(model: &Model, data: &Dataset) -> String {
    match model {
        Model::Kernel(t) => {
            let support = t.support();
            let alphas = support
                .iter()
                .map(|&i| format!("α{} = {}", i + 1, num(t.alpha(i))))
                .collect::<Vec<_>>();
            let mut text = format!(
                "{} of {} α non-zero{}{}; b = {}",
                support.len(),
                data.len(),
                if alphas.is_empty() { "" } else { ": " },
                shorten(&alphas, 8),
                num(t.bias())
            );
            if let Some(w) = t.primal_weights(data) {
                text.push_str(&format!("; w = Σ α·y·x = {}", vector(&w)));
            }
            text
        }
        Model::Multiclass(t) => rows_text(t.weights(), |k| format!("W{k}")),
        Model::Ovr(t) => rows_text(t.weights(), |k| format!("W{k}")),
        Model::Ovo(t) => {
            let pairs = t.pairs().to_vec();
            rows_text(t.weights(), |p| {
                let (i, j) = pairs[p];
                format!("W{i}|{j}")
            })
        }
        _ => model.linear_weights().map(vector).unwrap_or_default(),
    }
}

fn shorten(items: &[String], keep: usize) -> String {
    if items.len() <= keep {
        items.join(", ")
    } else {
        format!(
            "{}, … ({} more)",
            items[..keep].join(", "),
            items.len() - keep
        )
    }
}

fn rows_text(rows: &[Vec<f64>], name: impl Fn(usize) -> String) -> String {
    rows.iter()
        .enumerate()
        .map(|(k, w)| format!("{} = {}", name(k), vector(w)))
        .collect::<Vec<_>>()
        .join("; ")
}

fn features(x: &[f64], bias: bool) -> Vec<f64> {
    let mut f = vec![if bias { 1.0 } else { 0.0 }];
    f.extend_from_slice(x);
    f
}

fn sign(y: f64) -> &'static str {
    if y > 0.0 {
        "+1"
    } else {
        "-1"
    }
}

/// One step of any algorithm, described for the panels and the trace table.
pub(super) struct Described {
    pub sample: String,
    pub score: String,
    pub outcome: String,
    pub explanation: Explanation,
    pub row_weights: String,
    pub row_score: String,
    pub row_update: String,
}

/// Describes `record` under `settings`; `names` are the classes' names (the binary algorithms'
/// steps say `y = ±1` instead).
pub(super) fn describe(record: &Record, settings: &Settings, names: &[String]) -> Described {
    let eta = settings.eta;
    let bias = settings.bias;
    let name = |c: usize| names.get(c).cloned().unwrap_or_else(|| c.to_string());
    match record {
        Record::Binary(r) => {
            let e = Explanation::of(r, eta, bias);
            Described {
                sample: format!("#{} {}, y = {}", r.index, point(&r.x), sign(r.y)),
                score: num(r.score),
                outcome: if r.mistake {
                    format!("mistake → {}", update_text(r, eta, bias))
                } else {
                    "correct, no update".to_string()
                },
                row_weights: vector(&r.weights_before),
                row_score: score_expression(r, bias),
                row_update: update_text(r, eta, bias),
                explanation: e,
            }
        }
        Record::Batch(r) => {
            let m = r
                .mistakes
                .iter()
                .map(|i| format!("#{i}"))
                .collect::<Vec<_>>();
            let update = vector(&r.update());
            Described {
                sample: format!("all samples (epoch {})", r.epoch),
                score: format!("J_p = {}", num(r.criterion)),
                outcome: if r.mistakes.is_empty() {
                    "M is empty: every sample is correct".to_string()
                } else {
                    format!(
                        "|M| = {} → w += η·Σ_M y·[1, x] = {update}",
                        r.mistakes.len()
                    )
                },
                explanation: Explanation {
                    title: format!(
                        "Epoch {}: one batch step over all samples; M = {{{}}}",
                        r.epoch,
                        shorten(&m, 12)
                    ),
                    weights: vector(&r.weights_before),
                    score: format!(
                        "J_p(w) = −Σ_M y·(w·x + b) = {} over |M| = {} misclassified samples",
                        num(r.criterion),
                        r.mistakes.len()
                    ),
                    check: if r.mistakes.is_empty() {
                        "M is empty → converged (J_p = 0 with no sample on the wrong side)"
                            .to_string()
                    } else {
                        format!("|M| = {} > 0 → gradient step", r.mistakes.len())
                    },
                    update: if r.mistakes.is_empty() {
                        "no update".to_string()
                    } else {
                        format!(
                            "w ← w + η·Σ_M y·[1, x] = w + {update} → w = {}",
                            vector(&r.weights_after)
                        )
                    },
                },
                row_weights: vector(&r.weights_before),
                row_score: format!("J_p = {}, |M| = {}", num(r.criterion), r.mistakes.len()),
                row_update: if r.mistakes.is_empty() {
                    "none".to_string()
                } else {
                    format!("+{update}")
                },
            }
        }
        Record::Kernel(r) => {
            let margin = r.y * r.score;
            let update = if r.mistake {
                format!(
                    "α{i} = {} + {} = {}, b = {}",
                    num(r.alpha_before),
                    num(eta),
                    num(r.alpha_after),
                    num(r.bias_after),
                    i = r.index
                )
            } else {
                "none".to_string()
            };
            Described {
                sample: format!("#{} {}, y = {}", r.index, point(&r.x), sign(r.y)),
                score: num(r.score),
                outcome: if r.mistake {
                    format!("mistake → {update}")
                } else {
                    "correct, no update".to_string()
                },
                explanation: Explanation {
                    title: format!(
                        "Step {}: sample #{} {}, y = {}",
                        r.step,
                        r.index,
                        point(&r.x),
                        sign(r.y)
                    ),
                    weights: format!(
                        "α{} = {}, b = {}",
                        r.index,
                        num(r.alpha_before),
                        num(r.bias_before)
                    ),
                    score: format!(
                        "f(x{}) = Σ_j α_j·y_j·K(x_j, x{}) + b = {}",
                        r.index,
                        r.index,
                        num(r.score)
                    ),
                    check: if r.mistake {
                        format!("y·f = {} ≤ 0 → mistake", num(margin))
                    } else {
                        format!("y·f = {} > 0 → correct", num(margin))
                    },
                    update: if r.mistake {
                        format!(
                            "α{i} ← α{i} + η = {}; b ← b + η·y = {}",
                            num(r.alpha_after),
                            num(r.bias_after),
                            i = r.index
                        )
                    } else {
                        "no update".to_string()
                    },
                },
                row_weights: format!(
                    "α{} = {}, b = {}",
                    r.index,
                    num(r.alpha_before),
                    num(r.bias_before)
                ),
                row_score: format!("f = {}", num(r.score)),
                row_update: update,
            }
        }
        Record::Multiclass(r) => {
            let f = features(&r.x, bias);
            let rows = |w: &[Vec<f64>]| rows_text(w, |k| format!("W{k}"));
            let update = if r.mistake {
                format!(
                    "W{y} += η·f(x) → {}; W{p} −= η·f(x) → {}",
                    vector(&r.weights_after[r.class]),
                    vector(&r.weights_after[r.predicted]),
                    y = r.class,
                    p = r.predicted
                )
            } else {
                "none".to_string()
            };
            Described {
                sample: format!("#{} {}, class {}", r.index, point(&r.x), name(r.class)),
                score: vector(&r.scores),
                outcome: if r.mistake {
                    format!("mistake (predicted {}) → {update}", name(r.predicted))
                } else {
                    "correct, no update".to_string()
                },
                explanation: Explanation {
                    title: format!(
                        "Step {}: sample #{} {}, class {}",
                        r.step,
                        r.index,
                        point(&r.x),
                        name(r.class)
                    ),
                    weights: rows(&r.weights_before),
                    score: format!(
                        "s = W·f(x) = {} with f(x) = {} (bias feature first)",
                        vector(&r.scores),
                        vector(&f)
                    ),
                    check: if r.mistake {
                        format!(
                            "ŷ = argmax s = {} ≠ y = {} → mistake",
                            name(r.predicted),
                            name(r.class)
                        )
                    } else {
                        format!("ŷ = argmax s = {} = y → correct", name(r.predicted))
                    },
                    update: if r.mistake {
                        let course = |w: &[f64]| {
                            let mut v = w[1..].to_vec();
                            v.push(w[0]);
                            vector(&v)
                        };
                        format!(
                            "W{y} ← W{y} + η·f(x) = {}; W{p} ← W{p} − η·f(x) = {}; the other rows stay{}",
                            vector(&r.weights_after[r.class]),
                            vector(&r.weights_after[r.predicted]),
                            if bias {
                                format!(
                                    " (in the course's order [w1, w2, b]: W{p} = {}, W{y} = {})",
                                    course(&r.weights_after[r.predicted]),
                                    course(&r.weights_after[r.class]),
                                    p = r.predicted,
                                    y = r.class,
                                )
                            } else {
                                String::new()
                            },
                            y = r.class,
                            p = r.predicted
                        )
                    } else {
                        "no update".to_string()
                    },
                },
                row_weights: rows(&r.weights_before),
                row_score: format!("s = {}, ŷ = {}", vector(&r.scores), name(r.predicted)),
                row_update: update,
            }
        }
        Record::Ovr(r) => {
            let updated: Vec<usize> = (0..r.mistakes.len()).filter(|&k| r.mistakes[k]).collect();
            let update = if updated.is_empty() {
                "none".to_string()
            } else {
                updated
                    .iter()
                    .map(|&k| {
                        format!(
                            "W{k} {}= η·f(x) → {}",
                            if k == r.class { "+" } else { "−" },
                            vector(&r.weights_after[k])
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("; ")
            };
            let checks = r
                .scores
                .iter()
                .enumerate()
                .map(|(k, s)| {
                    let y = if k == r.class { 1.0 } else { -1.0 };
                    format!(
                        "{}: y·s = {} {}",
                        name(k),
                        num(y * s),
                        if r.mistakes[k] { "✗" } else { "✓" }
                    )
                })
                .collect::<Vec<_>>()
                .join(", ");
            Described {
                sample: format!("#{} {}, class {}", r.index, point(&r.x), name(r.class)),
                score: vector(&r.scores),
                outcome: if r.mistake {
                    format!("{} classifier(s) wrong → {update}", updated.len())
                } else {
                    "every classifier correct, no update".to_string()
                },
                explanation: Explanation {
                    title: format!(
                        "Step {}: sample #{} {}, class {}: classifier k sees +1 for class k, −1 otherwise",
                        r.step,
                        r.index,
                        point(&r.x),
                        name(r.class)
                    ),
                    weights: rows_text(&r.weights_before, |k| format!("W{k}")),
                    score: format!("s_k = W_k·f(x) = {}", vector(&r.scores)),
                    check: checks,
                    update: if r.mistake {
                        update.clone()
                    } else {
                        "no update".to_string()
                    },
                },
                row_weights: rows_text(&r.weights_before, |k| format!("W{k}")),
                row_score: format!("s = {}", vector(&r.scores)),
                row_update: update,
            }
        }
        Record::Ovo(r) => {
            let update = if r.updated.is_empty() {
                "none".to_string()
            } else {
                r.updated
                    .iter()
                    .map(|(i, j)| format!("W{i}|{j}"))
                    .collect::<Vec<_>>()
                    .join(", ")
                    + " += η·y·f(x)"
            };
            let visited = r
                .visited
                .iter()
                .map(|(i, j)| format!("{i}|{j}"))
                .collect::<Vec<_>>()
                .join(", ");
            Described {
                sample: format!("#{} {}, class {}", r.index, point(&r.x), name(r.class)),
                score: format!(
                    "votes {}",
                    vector(&r.votes.iter().map(|&v| v as f64).collect::<Vec<_>>())
                ),
                outcome: if r.mistake {
                    format!("{} pair(s) wrong → {update}", r.updated.len())
                } else {
                    "every pair correct, no update".to_string()
                },
                explanation: Explanation {
                    title: format!(
                        "Step {}: sample #{} {}, class {}: the pairs with class {} ({visited})",
                        r.step,
                        r.index,
                        point(&r.x),
                        name(r.class),
                        name(r.class)
                    ),
                    weights: format!("{} pairs (i|j: class j is +1)", r.weights_before.len()),
                    score: format!(
                        "pair scores {}; votes {} → {}{}",
                        vector(&r.scores),
                        vector(&r.votes.iter().map(|&v| v as f64).collect::<Vec<_>>()),
                        name(r.predicted),
                        if r.tied { " (tied: lowest class)" } else { "" }
                    ),
                    check: if r.mistake {
                        format!(
                            "{} of {} pairs wrong → update them",
                            r.updated.len(),
                            r.visited.len()
                        )
                    } else {
                        format!("all {} pairs correct", r.visited.len())
                    },
                    update: if r.mistake {
                        update.clone()
                    } else {
                        "no update".to_string()
                    },
                },
                row_weights: format!("{} pairs", r.weights_before.len()),
                row_score: format!(
                    "votes {}",
                    vector(&r.votes.iter().map(|&v| v as f64).collect::<Vec<_>>())
                ),
                row_update: update,
            }
        }
    }
}
