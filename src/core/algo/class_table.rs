//! The command-line table of the multiclass family (multiclass, one-vs-rest, one-vs-one): their
//! records share their fields, so one head, row and summary serve all three, and
//! [`class_table!`] implements [`CliTable`](super::CliTable) for each in its own `cli.rs`.

use super::cli::{
    clean, counts, csv_numbers, math, text, visit_cells, visit_head, yes_no, Head, Row, Summary,
};
use super::Learner;
use crate::core::numfmt::vector;
use crate::core::table::{csv_field, Cell};
use crate::core::{Refusal, TrainState};
use serde_json::{json, Value};

/// One step of a multiclass-family run, in the shape its row needs.
pub(crate) struct ClassStep<'a> {
    pub json: Value,
    pub step: u64,
    pub epoch: u64,
    pub index: usize,
    pub x: &'a [f64],
    pub class: usize,
    pub predicted: usize,
    pub scores: &'a [f64],
    /// The votes per class (one-vs-one).
    pub votes: Option<&'a [usize]>,
    pub mistake: bool,
    pub before: &'a [Vec<f64>],
    pub after: &'a [Vec<f64>],
}

/// Implements [`CliTable`](super::CliTable) for a run of the multiclass family whose record has
/// the fields of [`ClassStep`]; `votes` names the record's votes per class (one-vs-one, whose
/// weight rows are pairs of classes).
macro_rules! class_table {
    ($run:ty, $help:literal $(, $votes:ident)?) => {
        impl $crate::core::algo::CliTable for $run {
            const HELP: &'static str = $help;

            fn cli_head(&self, dim: usize, names: &[String]) -> $crate::core::algo::cli::Head {
                let pairs = class_table!(@pairs $($votes)?);
                $crate::core::algo::class_table::head(dim, names, pairs)
            }
            fn cli_row(
                &self,
                r: &<$run as $crate::core::algo::Algo>::Record,
                names: &[String],
            ) -> $crate::core::algo::cli::Row {
                let step = $crate::core::algo::class_table::ClassStep {
                    json: $crate::core::algo::cli::json_value(r),
                    step: r.step,
                    epoch: r.epoch,
                    index: r.index,
                    x: &r.x,
                    class: r.class,
                    predicted: r.predicted,
                    scores: &r.scores,
                    votes: class_table!(@votes r $($votes)?),
                    mistake: r.mistake,
                    before: &r.weights_before,
                    after: &r.weights_after,
                };
                let pairs = class_table!(@pairs $($votes)?);
                $crate::core::algo::class_table::row(&step, names, pairs)
            }
            fn cli_summary(
                &self,
                _data: &$crate::core::Dataset,
                names: &[String],
                stopped: $crate::core::Refusal,
            ) -> $crate::core::algo::cli::Summary {
                let pairs = class_table!(@pairs $($votes)?);
                $crate::core::algo::class_table::summary(self, names, pairs, stopped)
            }
        }
    };
    (@pairs) => { false };
    (@pairs $votes:ident) => { true };
    (@votes $r:ident) => { None };
    (@votes $r:ident $votes:ident) => { Some(&$r.$votes[..]) };
}
pub(crate) use class_table;

/// The name of each weight row: a class, or a pair `i vs j` (`j` positive) with `pairs`.
fn row_names(names: &[String], pairs: bool) -> Vec<String> {
    if pairs {
        super::ovo::pairs(names.len())
            .iter()
            .map(|&(i, j)| format!("{} vs {}", names[i], names[j]))
            .collect()
    } else {
        names.to_vec()
    }
}

/// The head: step, sample, x, class, predicted, the scores (and votes), correct?, updated rows.
pub(crate) fn head(dim: usize, names: &[String], pairs: bool) -> Head {
    let rows = row_names(names, pairs);
    let (mut cells, mut csv) = visit_head(dim);
    cells.extend([
        text("class"),
        text("predicted"),
        Cell::Text(format!("scores ({})", rows.join(", "))),
    ]);
    if pairs {
        cells.push(Cell::Text(format!("votes ({})", names.join(", "))));
    }
    cells.extend([text("correct?"), text("updated rows")]);
    csv.extend(["class".to_string(), "predicted".into()]);
    csv.extend(rows.iter().map(|r| csv_field(&format!("score[{r}]"))));
    if pairs {
        csv.extend(names.iter().map(|n| csv_field(&format!("votes[{n}]"))));
    }
    csv.extend(["mistake".to_string(), "updated".into()]);
    for r in &rows {
        csv.extend((0..=dim).map(|j| csv_field(&format!("{r}[w{j}]_after"))));
    }
    Head {
        cells,
        csv: csv.join(","),
    }
}

/// The name of class `k` (empty for an index beyond `names`).
fn name(names: &[String], k: usize) -> String {
    names.get(k).cloned().unwrap_or_default()
}

/// The row of one step.
pub(crate) fn row(s: &ClassStep, names: &[String], pairs: bool) -> Row {
    let rows = row_names(names, pairs);
    let row_name = |r: usize| rows.get(r).map_or("", String::as_str);
    // The rows that changed, with the change: "apple += [1, 3, 2]".
    let changed: Vec<(usize, Vec<f64>)> = s
        .before
        .iter()
        .zip(s.after)
        .enumerate()
        .filter(|(_, (b, a))| b != a)
        .map(|(r, (b, a))| (r, a.iter().zip(b).map(|(a, b)| a - b + 0.0).collect()))
        .collect();
    let mut updated = Vec::new();
    for (n, (r, delta)) in changed.iter().enumerate() {
        if n > 0 {
            updated.push(text("; "));
        }
        updated.push(Cell::Text(format!("{} ", row_name(*r))));
        updated.push(math(format!("+= {}", vector(delta))));
    }
    let (mut cells, mut csv) = visit_cells(s.step, s.epoch, s.index, s.x);
    cells.extend([
        Cell::Text(name(names, s.class)),
        Cell::Text(name(names, s.predicted)),
        math(vector(s.scores)),
    ]);
    if let Some(v) = s.votes {
        let v: Vec<String> = v.iter().map(usize::to_string).collect();
        cells.push(math(format!("[{}]", v.join(", "))));
    }
    cells.push(yes_no(s.predicted == s.class));
    cells.push(if updated.is_empty() {
        text("none")
    } else {
        Cell::Parts(updated)
    });
    csv.push(csv_field(&name(names, s.class)));
    csv.push(csv_field(&name(names, s.predicted)));
    csv.extend(csv_numbers(s.scores));
    if let Some(v) = s.votes {
        csv.extend(v.iter().map(usize::to_string));
    }
    csv.push(s.mistake.to_string());
    let changed_names: Vec<&str> = changed.iter().map(|(r, _)| row_name(*r)).collect();
    csv.push(csv_field(&changed_names.join(";")));
    for row in s.after {
        csv.extend(csv_numbers(row));
    }
    let mut json = s.json.clone();
    json["class_name"] = json!(name(names, s.class));
    json["predicted_name"] = json!(name(names, s.predicted));
    Row {
        cells,
        csv: csv.join(","),
        json: json.to_string(),
    }
}

/// The summary: the counters and every weight row.
pub(crate) fn summary(
    run: &dyn Learner,
    names: &[String],
    pairs: bool,
    stopped: Refusal,
) -> Summary {
    let rows = row_names(names, pairs);
    let weights = run.rows().unwrap_or_default();
    let converged = run.state() == TrainState::Converged;
    let listed: Vec<String> = rows
        .iter()
        .zip(weights)
        .map(|(r, w)| format!("{r} {}", vector(w)))
        .collect();
    let line = format!(
        "{}; rows (bias first): {}.",
        counts(run, stopped),
        listed.join(", "),
    );
    let pair_list = super::ovo::pairs(names.len());
    let json_rows: Vec<Value> = weights
        .iter()
        .enumerate()
        .map(|(r, w)| match pair_list.get(r) {
            Some(&(i, j)) if pairs => {
                json!({"pair": [name(names, i), name(names, j)], "weights": clean(w)})
            }
            _ => json!({"class": name(names, r), "weights": clean(w)}),
        })
        .collect();
    let mut result = json!({
        "classes": names,
        "weights": weights.iter().map(|w| clean(&w[1..])).collect::<Vec<_>>(),
        "bias": weights.iter().map(|w| w[0] + 0.0).collect::<Vec<_>>(),
        "rows": json_rows,
        "epochs": run.epoch(),
        "steps": run.steps(),
        "updates": run.updates(),
        "converged": converged,
    });
    if pairs {
        result["pairs"] = json!(pair_list.iter().map(|&(i, j)| [i, j]).collect::<Vec<_>>());
    }
    Summary {
        line,
        result,
        closing: None,
    }
}
