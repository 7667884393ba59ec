//! The passive-aggressive perceptron on the command line: one row per visit with the hinge
//! loss ℓ and the step τ, and the classic result (weights, bias, epochs, updates, converged).

use super::{Pa, PaRecord};
use crate::core::algo::cli::{
    csv_numbers, epochs_text, json_value, math, status, text, CliTable, Head, Row, Summary,
};
use crate::core::algo::perceptron::sign;
use crate::core::algo::Learner;
use crate::core::numfmt::{num, vector};
use crate::core::table::{Cell, RunResult};
use crate::core::{Dataset, Refusal, TrainState};

impl<const TWO: bool> CliTable for Pa<TWO> {
    const HELP: &'static str = if TWO {
        "Passive-aggressive PA-II: τ = ℓ/(‖x‖² + 1/(2C)), also inside the margin (binary labels)"
    } else {
        "Passive-aggressive PA-I: τ = min(C, ℓ/‖x‖²), also inside the margin (binary labels)"
    };

    fn cli_head(&self, dim: usize, _names: &[String]) -> Head {
        let mut csv = vec!["step".to_string(), "epoch".into(), "index".into()];
        csv.extend((1..=dim).map(|i| format!("x{i}")));
        csv.push("y".into());
        csv.extend((0..=dim).map(|i| format!("w{i}_before")));
        for name in ["score", "loss", "norm_sq", "tau", "updated", "skipped"] {
            csv.push(name.to_string());
        }
        csv.extend((0..=dim).map(|i| format!("w{i}_after")));
        Head {
            cells: vec![
                text("step"),
                text("sample"),
                Cell::Own("x", "$x$"),
                Cell::Own("y", "$y$"),
                text("weights"),
                text("score"),
                Cell::Own("loss ℓ", "loss $\\ell$"),
                Cell::Own("τ", "$\\tau$"),
                text("update"),
            ],
            csv: csv.join(","),
        }
    }
    fn cli_row(&self, r: &PaRecord, _names: &[String]) -> Row {
        let cells = vec![
            text(&r.step.to_string()),
            text(&r.index.to_string()),
            math(vector(&r.x)),
            math(sign(r.y).to_string()),
            math(vector(&r.weights_before)),
            math(num(r.score)),
            math(num(r.loss)),
            math(num(r.tau)),
            if r.updated {
                math(format!("→ {}", vector(&r.weights_after)))
            } else if r.skipped {
                text("skipped (x = 0)")
            } else {
                text("none")
            },
        ];
        let mut csv = vec![r.step.to_string(), r.epoch.to_string(), r.index.to_string()];
        csv.extend(csv_numbers(&r.x));
        csv.push(r.y.to_string());
        csv.extend(csv_numbers(&r.weights_before));
        csv.extend(
            [r.score, r.loss, r.norm_sq, r.tau]
                .iter()
                .map(f64::to_string),
        );
        csv.extend([r.updated.to_string(), r.skipped.to_string()]);
        csv.extend(csv_numbers(&r.weights_after));
        Row {
            cells,
            csv: csv.join(","),
            json: json_value(r).to_string(),
        }
    }
    fn cli_summary(&self, _data: &Dataset, _names: &[String], stopped: Refusal) -> Summary {
        let w = self.weights();
        let result = RunResult {
            weights: w[1..].to_vec(),
            bias: w[0],
            epochs: self.epoch(),
            updates: self.updates(),
            converged: self.state() == TrainState::Converged,
        };
        Summary {
            line: format!(
                "{} after {}: {} steps, {} updates, w = {} (bias first; {}, C = {}).",
                status(result.converged, stopped),
                epochs_text(result.epochs),
                self.steps(),
                result.updates,
                vector(w),
                self.variant().name(),
                num(self.c()),
            ),
            result: json_value(&result),
            closing: None,
        }
    }
}
