//! The kernel perceptron on the command line: one row per visit with α_i and b, and a summary
//! with α, the support vectors and, for the linear kernel, the primal weights.

use super::{KernelRecord, KernelTrainer};
use crate::core::algo::cli::{
    clean, counts, json_value, math, text, visit_cells, visit_head, yes_no, CliTable, Head, Row,
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
        let (mut cells, mut csv) = visit_head(dim);
        cells.extend([
            Cell::Own("y", "$y$"),
            text("score"),
            text("correct?"),
            Cell::Own("α_i", "$\\alpha_i$"),
            Cell::Own("b", "$b$"),
        ]);
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
            cells,
            csv: csv.join(","),
        }
    }
    fn cli_row(&self, r: &KernelRecord, _names: &[String]) -> Row {
        let (mut cells, mut csv) = visit_cells(r.step, r.epoch, r.index, &r.x);
        cells.extend([
            math(sign(r.y).to_string()),
            math(num(r.score)),
            yes_no(!r.mistake),
            change(r.alpha_before, r.alpha_after),
            change(r.bias_before, r.bias_after),
        ]);
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
            "{}; kernel {}, α = {}, b = {}, support = {{{}}}{}.",
            counts(self, stopped),
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
