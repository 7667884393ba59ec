use super::emit::{csv_field, Cell, Emitter};
use super::{predict, read_data, settings, Algo, Cli};
use perceptron_lab::core::algo::averaged::Averaged;
use perceptron_lab::core::algo::batch::{Batch, BatchOutcome};
use perceptron_lab::core::algo::kernel::{Kernel, KernelOutcome, KernelTrainer};
use perceptron_lab::core::algo::multiclass::{MulticlassOutcome, MulticlassTrainer};
use perceptron_lab::core::algo::ovo::{OvoOutcome, OvoTrainer};
use perceptron_lab::core::algo::ovr::{OvrOutcome, OvrTrainer};
use perceptron_lab::core::algo::{parse_class_csv, ClassData};
use perceptron_lab::core::numfmt::{num, vector};
use perceptron_lab::core::table::{csv_header, csv_row, score_expression, update_text};
use perceptron_lab::core::Learner;
use perceptron_lab::core::{parse_csv, Dataset, Error, Refusal, StepOutcome, TrainState};
use serde_json::{json, Value};
use std::io;

fn write_err(e: io::Error) -> String {
    format!("cannot write output: {e}")
}

fn data_err(cli: &Cli, e: Error) -> String {
    format!("{}: {e}", cli.data.display())
}

fn binary_data(cli: &Cli) -> Result<Dataset, String> {
    parse_csv(&read_data(cli)?).map_err(|e| data_err(cli, e))
}

fn text(t: &str) -> Cell {
    Cell::Text(t.to_string())
}

fn math(t: String) -> Cell {
    Cell::Math(t)
}

fn yes_no(correct: bool) -> Cell {
    text(if correct { "yes" } else { "no" })
}

/// `+1` or `-1`.
fn label(y: f64) -> String {
    if y > 0.0 { "+1" } else { "-1" }.to_string()
}

/// `"1 epoch"`, `"3 epochs"`.
fn epochs_text(epochs: u64) -> String {
    format!("{epochs} epoch{}", if epochs == 1 { "" } else { "s" })
}

/// The first words of the summary line, as for the classic perceptron.
fn status(converged: bool, stopped: Refusal) -> &'static str {
    match (converged, stopped) {
        (true, _) => "Converged",
        (false, Refusal::Overflow) => "Not converged (stopped: the numbers overflowed)",
        (false, _) => "Not converged (max epochs reached)",
    }
}

/// Full-precision numbers for CSV.
fn csv_numbers(values: &[f64]) -> impl Iterator<Item = String> + '_ {
    values.iter().map(f64::to_string)
}

/// `w` written `+ 0.0` so that JSON never shows `-0.0`.
fn clean(values: &[f64]) -> Vec<f64> {
    values.iter().map(|v| v + 0.0).collect()
}

/// The classic rule plus the running average w̄ after every visit.
pub fn averaged(cli: &Cli) -> Result<(), String> {
    let data = binary_data(cli)?;
    let settings = settings(cli)?;
    let (eta, bias) = (settings.eta, settings.bias);
    let mut run = Averaged::new(settings, data.dim()).map_err(|e| e.to_string())?;
    let mut out = Emitter::new(cli.format, cli.no_steps);
    let headers = [
        text("step"),
        text("weights"),
        text("score"),
        text("correct?"),
        text("update"),
        Cell::Own("w̄ after", "$\\bar{w}$ after"),
    ];
    let mut csv = csv_header(data.dim()).trim_end().to_string();
    for i in 0..=data.dim() {
        csv.push_str(&format!(",avg_w{i}_after"));
    }
    out.begin(Algo::Averaged.name(), &headers, &[csv])
        .map_err(write_err)?;
    let stopped = loop {
        match run.step(&data) {
            StepOutcome::Stepped(record) => {
                if !out.wants_steps() {
                    continue;
                }
                let average = run.average();
                let cells = [
                    text(&record.step.to_string()),
                    math(vector(&record.weights_before)),
                    math(score_expression(&record, bias)),
                    yes_no(!record.mistake),
                    if record.mistake {
                        math(update_text(&record, eta, bias))
                    } else {
                        text("none")
                    },
                    math(vector(&average)),
                ];
                let mut csv = csv_row(&record).trim_end().to_string();
                for v in &average {
                    csv.push_str(&format!(",{v}"));
                }
                let mut json = serde_json::to_value(&record).map_err(|e| e.to_string())?;
                json["average_after"] = json!(clean(&average));
                out.row(&cells, &[csv], &json).map_err(write_err)?;
            }
            StepOutcome::Refused(why) => break why,
        }
    };
    let trainer = run.trainer();
    let (w, average) = (run.weights().to_vec(), run.average());
    let converged = run.state() == TrainState::Converged;
    let summary = format!(
        "{} after {}: {} steps, {} updates, w = {}, w̄ = {} (bias first).",
        status(converged, stopped),
        epochs_text(trainer.epoch()),
        trainer.steps(),
        trainer.updates(),
        vector(&w),
        vector(&average),
    );
    let mut result = json!({
        "weights": clean(&average[1..]),
        "bias": average[0] + 0.0,
        "last_weights": clean(&w[1..]),
        "last_bias": w[0] + 0.0,
        "epochs": trainer.epoch(),
        "steps": trainer.steps(),
        "updates": trainer.updates(),
        "converged": converged,
    });
    let summary = predict(cli, data.dim(), &mut result, summary, &|x| {
        usize::from(run.score(x) > 0.0)
    })?;
    out.finish(&summary, &result).map_err(write_err)?;
    if stopped == Refusal::Overflow {
        return Err(format!(
            "stopped before step {}: {}",
            trainer.steps() + 1,
            Refusal::Overflow.message().trim_start_matches("Stopped: ")
        ));
    }
    Ok(())
}

/// One gradient step on the perceptron criterion per epoch.
pub fn batch(cli: &Cli) -> Result<(), String> {
    let data = binary_data(cli)?;
    let mut run = Batch::new(settings(cli)?, data.dim()).map_err(|e| e.to_string())?;
    let mut out = Emitter::new(cli.format, cli.no_steps);
    let headers = [
        text("epoch"),
        text("weights"),
        Cell::Own("J_p", "$J_p$"),
        Cell::Own("|M|", "$|M|$"),
        Cell::Own("M", "$M$"),
        text("update"),
    ];
    let d = data.dim();
    let mut csv = vec![
        "epoch".to_string(),
        "criterion".to_string(),
        "mistakes".to_string(),
        "misclassified".to_string(),
    ];
    csv.extend((0..=d).map(|i| format!("w{i}_before")));
    csv.extend((0..=d).map(|i| format!("w{i}_after")));
    out.begin(Algo::Batch.name(), &headers, &[csv.join(",")])
        .map_err(write_err)?;
    let mut updates = 0u64;
    let stopped = loop {
        match run.step(&data) {
            BatchOutcome::Stepped(record) => {
                if !record.mistakes.is_empty() {
                    updates += 1;
                }
                if !out.wants_steps() {
                    continue;
                }
                let indices: Vec<String> = record.mistakes.iter().map(usize::to_string).collect();
                let cells = [
                    text(&record.epoch.to_string()),
                    math(vector(&record.weights_before)),
                    math(num(record.criterion)),
                    text(&record.mistakes.len().to_string()),
                    text(&if indices.is_empty() {
                        "none".to_string()
                    } else {
                        indices.join(", ")
                    }),
                    if record.mistakes.is_empty() {
                        text("none")
                    } else {
                        math(format!("+{}", vector(&record.update())))
                    },
                ];
                let mut csv = vec![
                    record.epoch.to_string(),
                    record.criterion.to_string(),
                    record.mistakes.len().to_string(),
                    indices.join(" "),
                ];
                csv.extend(csv_numbers(&record.weights_before));
                csv.extend(csv_numbers(&record.weights_after));
                let json = json!({
                    "epoch": record.epoch,
                    "criterion": record.criterion,
                    "misclassified": record.mistakes,
                    "weights_before": record.weights_before,
                    "weights_after": record.weights_after,
                });
                out.row(&cells, &[csv.join(",")], &json)
                    .map_err(write_err)?;
            }
            BatchOutcome::Refused(why) => break why,
        }
    };
    let w = run.weights().to_vec();
    let converged = run.state() == TrainState::Converged;
    let criterion = run.criterion(&data);
    let summary = format!(
        "{} after {}: {} updates, J_p = {}, |M| = {}, w = {} (bias first).",
        status(converged, stopped),
        epochs_text(run.epochs()),
        updates,
        num(criterion.value),
        criterion.mistakes.len(),
        vector(&w),
    );
    let mut result = json!({
        "weights": clean(&w[1..]),
        "bias": w[0] + 0.0,
        "criterion": criterion.value,
        "misclassified": criterion.mistakes,
        "epochs": run.epochs(),
        "updates": updates,
        "converged": converged,
    });
    let summary = predict(cli, data.dim(), &mut result, summary, &|x| {
        usize::from(run.score(x) > 0.0)
    })?;
    out.finish(&summary, &result).map_err(write_err)
}

/// `before → after`, or just the value when it did not change.
fn change(before: f64, after: f64) -> Cell {
    if before == after {
        math(num(after))
    } else {
        math(format!("{} → {}", num(before), num(after)))
    }
}

/// The dual perceptron with a kernel.
pub fn kernel(cli: &Cli, kernel: Kernel) -> Result<(), String> {
    let data = binary_data(cli)?;
    let mut run =
        KernelTrainer::new(settings(cli)?, kernel, data.dim()).map_err(|e| e.to_string())?;
    let mut out = Emitter::new(cli.format, cli.no_steps);
    let headers = [
        text("step"),
        text("sample"),
        Cell::Own("x", "$x$"),
        Cell::Own("y", "$y$"),
        text("score"),
        text("correct?"),
        Cell::Own("α_i", "$\\alpha_i$"),
        Cell::Own("b", "$b$"),
    ];
    let mut csv = vec!["step".to_string(), "epoch".into(), "index".into()];
    csv.extend((1..=data.dim()).map(|i| format!("x{i}")));
    for name in [
        "y",
        "score",
        "mistake",
        "alpha_before",
        "alpha_after",
        "b_before",
        "b_after",
    ] {
        csv.push(name.to_string());
    }
    out.begin(Algo::Kernel.name(), &headers, &[csv.join(",")])
        .map_err(write_err)?;
    let stopped = loop {
        match run.step(&data) {
            KernelOutcome::Stepped(r) => {
                if !out.wants_steps() {
                    continue;
                }
                let cells = [
                    text(&r.step.to_string()),
                    text(&r.index.to_string()),
                    math(vector(&r.x)),
                    math(label(r.y)),
                    math(num(r.score)),
                    yes_no(!r.mistake),
                    change(r.alpha_before, r.alpha_after),
                    change(r.bias_before, r.bias_after),
                ];
                let mut csv = vec![r.step.to_string(), r.epoch.to_string()];
                csv.push(r.index.to_string());
                csv.extend(csv_numbers(&r.x));
                csv.extend([
                    r.y.to_string(),
                    r.score.to_string(),
                    r.mistake.to_string(),
                    r.alpha_before.to_string(),
                    r.alpha_after.to_string(),
                    r.bias_before.to_string(),
                    r.bias_after.to_string(),
                ]);
                let json = serde_json::to_value(&r).map_err(|e| e.to_string())?;
                out.row(&cells, &[csv.join(",")], &json)
                    .map_err(write_err)?;
            }
            KernelOutcome::Refused(why) => break why,
        }
    };
    let alphas: Vec<f64> = (0..data.len()).map(|i| run.alpha(i)).collect();
    let support: Vec<usize> = run.support().iter().map(|i| i + 1).collect();
    let converged = run.state() == TrainState::Converged;
    let primal = run.primal_weights(&data);
    let support_text: Vec<String> = support.iter().map(usize::to_string).collect();
    let summary = format!(
        "{} after {}: {} steps, {} updates; kernel {}, α = {}, b = {}, support = {{{}}}{}.",
        status(converged, stopped),
        epochs_text(run.epoch()),
        run.steps(),
        run.updates(),
        kernel,
        vector(&alphas),
        num(run.bias()),
        support_text.join(", "),
        match &primal {
            Some(w) => format!(", w = {} (bias first)", vector(w)),
            None => String::new(),
        }
    );
    let mut result = json!({
        "kernel": kernel.to_string(),
        "alpha": alphas,
        "bias": run.bias() + 0.0,
        "support": support,
        "epochs": run.epoch(),
        "steps": run.steps(),
        "updates": run.updates(),
        "converged": converged,
    });
    if let Some(w) = primal {
        result["weights"] = json!(clean(&w[1..]));
    }
    let summary = predict(cli, data.dim(), &mut result, summary, &|x| {
        usize::from(run.score(&data, x) > 0.0)
    })?;
    out.finish(&summary, &result).map_err(write_err)
}

/// One step of a multiclass-family trainer, in the shape the output needs.
struct ClassStep {
    json: Value,
    step: u64,
    epoch: u64,
    index: usize,
    x: Vec<f64>,
    class: usize,
    predicted: usize,
    scores: Vec<f64>,
    votes: Option<Vec<usize>>,
    mistake: bool,
    before: Vec<Vec<f64>>,
    after: Vec<Vec<f64>>,
}

/// The three multiclass trainers behind one interface.
enum ClassTrainer {
    Multiclass(MulticlassTrainer),
    Ovr(OvrTrainer),
    Ovo(OvoTrainer),
}

/// The fields the three multiclass records share, copied into one `ClassStep`.
macro_rules! class_step {
    ($r:ident, $votes:expr) => {
        ClassStep {
            json: to_json(&$r)?,
            step: $r.step,
            epoch: $r.epoch,
            index: $r.index,
            class: $r.class,
            predicted: $r.predicted,
            mistake: $r.mistake,
            votes: $votes,
            x: $r.x,
            scores: $r.scores,
            before: $r.weights_before,
            after: $r.weights_after,
        }
    };
}

impl ClassTrainer {
    fn step(&mut self, data: &ClassData) -> Result<Result<ClassStep, Refusal>, String> {
        Ok(Ok(match self {
            ClassTrainer::Multiclass(t) => match t.step(data) {
                MulticlassOutcome::Stepped(r) => class_step!(r, None),
                MulticlassOutcome::Refused(why) => return Ok(Err(why)),
            },
            ClassTrainer::Ovr(t) => match t.step(data) {
                OvrOutcome::Stepped(r) => class_step!(r, None),
                OvrOutcome::Refused(why) => return Ok(Err(why)),
            },
            ClassTrainer::Ovo(t) => match t.step(data) {
                OvoOutcome::Stepped(r) => class_step!(r, Some(r.votes)),
                OvoOutcome::Refused(why) => return Ok(Err(why)),
            },
        }))
    }

    fn predict(&self, x: &[f64]) -> usize {
        match self {
            ClassTrainer::Multiclass(t) => t.predict(x),
            ClassTrainer::Ovr(t) => t.predict(x),
            ClassTrainer::Ovo(t) => t.predict(x),
        }
    }

    fn weights(&self) -> &[Vec<f64>] {
        match self {
            ClassTrainer::Multiclass(t) => t.weights(),
            ClassTrainer::Ovr(t) => t.weights(),
            ClassTrainer::Ovo(t) => t.weights(),
        }
    }

    /// `(steps, epoch, updates, converged)`.
    fn counts(&self) -> (u64, u64, u64, bool) {
        let (steps, epoch, updates, state) = match self {
            ClassTrainer::Multiclass(t) => (t.steps(), t.epoch(), t.updates(), t.state()),
            ClassTrainer::Ovr(t) => (t.steps(), t.epoch(), t.updates(), t.state()),
            ClassTrainer::Ovo(t) => (t.steps(), t.epoch(), t.updates(), t.state()),
        };
        (steps, epoch, updates, state == TrainState::Converged)
    }
}

/// A record as a JSON value.
fn to_json<T: serde::Serialize>(record: &T) -> Result<Value, String> {
    serde_json::to_value(record).map_err(|e| e.to_string())
}

/// The multiclass perceptron, one-vs-rest or one-vs-one on data with named classes.
pub fn multiclass(cli: &Cli) -> Result<(), String> {
    let data = parse_class_csv(&read_data(cli)?).map_err(|e| data_err(cli, e))?;
    let settings = settings(cli)?;
    let (d, k) = (data.dim(), data.num_classes());
    let names = data.names().to_vec();
    let pairs = perceptron_lab::core::algo::ovo::pairs(k);
    let mut trainer = match cli.algo {
        Algo::Ovr => OvrTrainer::new(settings, d, k).map(ClassTrainer::Ovr),
        Algo::Ovo => OvoTrainer::new(settings, d, k).map(ClassTrainer::Ovo),
        _ => MulticlassTrainer::new(settings, d, k).map(ClassTrainer::Multiclass),
    }
    .map_err(|e| match e {
        // K out of range is the data's fault; name the file.
        Error::Field {
            field: "classes", ..
        } => data_err(cli, e),
        _ => e.to_string(),
    })?;
    // The name of each weight row: a class, or a pair "i vs j" (j positive) for ovo.
    let rows: Vec<String> = match trainer {
        ClassTrainer::Ovo(_) => pairs
            .iter()
            .map(|&(i, j)| format!("{} vs {}", names[i], names[j]))
            .collect(),
        _ => names.clone(),
    };
    let ovo = matches!(trainer, ClassTrainer::Ovo(_));
    let mut out = Emitter::new(cli.format, cli.no_steps);
    let mut headers = vec![
        text("step"),
        text("sample"),
        Cell::Own("x", "$x$"),
        text("class"),
        text("predicted"),
        Cell::Text(format!("scores ({})", rows.join(", "))),
    ];
    if ovo {
        headers.push(Cell::Text(format!("votes ({})", names.join(", "))));
    }
    headers.extend([text("correct?"), text("updated rows")]);
    let mut csv = vec!["step".to_string(), "epoch".into(), "index".into()];
    csv.extend((1..=d).map(|i| format!("x{i}")));
    csv.extend(["class".to_string(), "predicted".into()]);
    csv.extend(rows.iter().map(|r| csv_field(&format!("score[{r}]"))));
    if ovo {
        csv.extend(names.iter().map(|n| csv_field(&format!("votes[{n}]"))));
    }
    csv.extend(["mistake".to_string(), "updated".into()]);
    for r in &rows {
        csv.extend((0..=d).map(|j| csv_field(&format!("{r}[w{j}]_after"))));
    }
    out.begin(cli.algo.name(), &headers, &[csv.join(",")])
        .map_err(write_err)?;
    let stopped = loop {
        let s = match trainer.step(&data)? {
            Ok(s) => s,
            Err(why) => break why,
        };
        if !out.wants_steps() {
            continue;
        }
        // The rows that changed, with the change: "apple += [1, 3, 2]".
        let changed: Vec<(usize, Vec<f64>)> = s
            .before
            .iter()
            .zip(&s.after)
            .enumerate()
            .filter(|(_, (b, a))| b != a)
            .map(|(r, (b, a))| (r, a.iter().zip(b).map(|(a, b)| a - b + 0.0).collect()))
            .collect();
        let mut updated = Vec::new();
        for (n, (r, delta)) in changed.iter().enumerate() {
            if n > 0 {
                updated.push(text("; "));
            }
            updated.push(Cell::Text(format!("{} ", rows[*r])));
            updated.push(math(format!("+= {}", vector(delta))));
        }
        let votes_text = s.votes.as_ref().map(|v| {
            let v: Vec<String> = v.iter().map(usize::to_string).collect();
            format!("[{}]", v.join(", "))
        });
        let mut cells = vec![
            text(&s.step.to_string()),
            text(&s.index.to_string()),
            math(vector(&s.x)),
            Cell::Text(names[s.class].clone()),
            Cell::Text(names[s.predicted].clone()),
            math(vector(&s.scores)),
        ];
        if let Some(v) = &votes_text {
            cells.push(math(v.clone()));
        }
        cells.push(yes_no(s.predicted == s.class));
        cells.push(if updated.is_empty() {
            text("none")
        } else {
            Cell::Parts(updated)
        });
        let mut csv = vec![s.step.to_string(), s.epoch.to_string(), s.index.to_string()];
        csv.extend(csv_numbers(&s.x));
        csv.push(csv_field(&names[s.class]));
        csv.push(csv_field(&names[s.predicted]));
        csv.extend(csv_numbers(&s.scores));
        if let Some(v) = &s.votes {
            csv.extend(v.iter().map(usize::to_string));
        }
        csv.push(s.mistake.to_string());
        let changed_names: Vec<&str> = changed.iter().map(|(r, _)| rows[*r].as_str()).collect();
        csv.push(csv_field(&changed_names.join(";")));
        for row in &s.after {
            csv.extend(csv_numbers(row));
        }
        let mut json = s.json;
        json["class_name"] = json!(names[s.class]);
        json["predicted_name"] = json!(names[s.predicted]);
        out.row(&cells, &[csv.join(",")], &json)
            .map_err(write_err)?;
    };
    let (steps, epochs, updates, converged) = trainer.counts();
    let weights = trainer.weights();
    let listed: Vec<String> = rows
        .iter()
        .zip(weights)
        .map(|(r, w)| format!("{r} {}", vector(w)))
        .collect();
    let summary = format!(
        "{} after {}: {} steps, {} updates; rows (bias first): {}.",
        status(converged, stopped),
        epochs_text(epochs),
        steps,
        updates,
        listed.join(", "),
    );
    let json_rows: Vec<Value> = weights
        .iter()
        .enumerate()
        .map(|(r, w)| {
            if ovo {
                let (i, j) = pairs[r];
                json!({"pair": [names[i], names[j]], "weights": clean(w)})
            } else {
                json!({"class": names[r], "weights": clean(w)})
            }
        })
        .collect();
    let mut result = json!({
        "classes": names,
        "weights": weights.iter().map(|w| clean(&w[1..])).collect::<Vec<_>>(),
        "bias": weights.iter().map(|w| w[0] + 0.0).collect::<Vec<_>>(),
        "rows": json_rows,
        "epochs": epochs,
        "steps": steps,
        "updates": updates,
        "converged": converged,
    });
    if ovo {
        result["pairs"] = json!(pairs.iter().map(|&(i, j)| [i, j]).collect::<Vec<_>>());
    }
    let summary = super::predict_classes(cli, data.dim(), &mut result, summary, names, &|x| {
        trainer.predict(x)
    })?;
    out.finish(&summary, &result).map_err(write_err)
}
