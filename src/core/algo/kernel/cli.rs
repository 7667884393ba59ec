//! The kernel perceptron on the command line: one row per visit with α_i and b, and a summary
//! with α, the support vectors and, for the linear kernel, the primal weights.

use super::{KernelRecord, KernelTrainer};
use crate::core::algo::cli::{
    clean, csv_numbers, epochs_text, json_value, math, status, text, yes_no, CliTable, Head, Row,
    Summary,
};
use crate::core::algo::perceptron::sign;
use crate::core::algo::Learner;
use crate::core::numfmt::{num, vector};
use crate::core::table::Cell;
use crate::core::{Dataset, Refusal, TrainState};
use serde_json::json;

/// `before → after`, or just the value when it did not change.
fn change(before: f64, after: f64) -> Cell {
    if before == after {
        math(num(after))
    } else {
        math(format!("{} → {}", num(before), num(after)))
    }
}

impl CliTable for KernelTrainer {
    const HELP: &'static str = "The dual form with one α per sample and a kernel (binary labels)";

    fn cli_head(&self, dim: usize, _names: &[String]) -> Head {
        let mut csv = vec!["step".to_string(), "epoch".into(), "index".into()];
        csv.extend((1..=dim).map(|i| format!("x{i}")));
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
        Head {
            cells: vec![
                text("step"),
                text("sample"),
                Cell::Own("x", "$x$"),
                Cell::Own("y", "$y$"),
                text("score"),
                text("correct?"),
                Cell::Own("α_i", "$\\alpha_i$"),
                Cell::Own("b", "$b$"),
            ],
            csv: csv.join(","),
        }
    }
    fn cli_row(&self, r: &KernelRecord, _names: &[String]) -> Row {
        let cells = vec![
            text(&r.step.to_string()),
            text(&r.index.to_string()),
            math(vector(&r.x)),
            math(sign(r.y).to_string()),
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
        Row {
            cells,
            csv: csv.join(","),
            json: json_value(r).to_string(),
        }
    }
    fn cli_summary(&self, data: &Dataset, _names: &[String], stopped: Refusal) -> Summary {
        let alphas: Vec<f64> = (0..data.len()).map(|i| self.alpha(i)).collect();
        let support: Vec<usize> = self.support().iter().map(|i| i + 1).collect();
        let converged = self.state() == TrainState::Converged;
        let primal = self.primal_weights(data);
        let support_text: Vec<String> = support.iter().map(usize::to_string).collect();
        let line = format!(
            "{} after {}: {} steps, {} updates; kernel {}, α = {}, b = {}, support = {{{}}}{}.",
            status(converged, stopped),
            epochs_text(self.epoch()),
            self.steps(),
            self.updates(),
            self.kernel(),
            vector(&alphas),
            num(self.bias()),
            support_text.join(", "),
            match &primal {
                Some(w) => format!(", w = {} (bias first)", vector(w)),
                None => String::new(),
            }
        );
        let mut result = json!({
            "kernel": self.kernel().to_string(),
            "alpha": alphas,
            "bias": self.bias() + 0.0,
            "support": support,
            "epochs": self.epoch(),
            "steps": self.steps(),
            "updates": self.updates(),
            "converged": converged,
        });
        if let Some(w) = primal {
            result["weights"] = json!(clean(&w[1..]));
        }
        Summary {
            line,
            result,
            closing: None,
        }
    }
}
