//! The passive-aggressive perceptron on the command line: one row per visit with the hinge
//! loss ℓ and the step τ, and the classic result (weights, bias, epochs, updates, converged).

use super::{Pa, PaRecord};
use crate::core::algo::cli::{
    csv_numbers, json_value, linear_summary, math, text, visit_cells, visit_head, CliTable, Head,
    Row, Summary,
};
use crate::core::algo::perceptron::sign;
use crate::core::numfmt::{num, vector};
use crate::core::table::{weight_names, Cell};
use crate::core::{Dataset, Refusal};

impl<const TWO: bool> CliTable for Pa<TWO> {
    const HELP: &'static str = if TWO {
        "Passive-aggressive PA-II: τ = ℓ/(‖x‖² + 1/(2C)), also inside the margin (binary labels)"
    } else {
        "Passive-aggressive PA-I: τ = min(C, ℓ/‖x‖²), also inside the margin (binary labels)"
    };

    fn cli_head(&self, dim: usize, _names: &[String]) -> Head {
        let (mut cells, mut csv) = visit_head(dim);
        cells.extend([
            Cell::Own("y", "$y$"),
            text("weights"),
            text("score"),
            Cell::Own("loss ℓ", "loss $\\ell$"),
            Cell::Own("τ", "$\\tau$"),
            text("update"),
        ]);
        csv.push("y".into());
        csv.extend(weight_names(dim, "before"));
        for name in ["score", "loss", "norm_sq", "tau", "updated", "skipped"] {
            csv.push(name.to_string());
        }
        csv.extend(weight_names(dim, "after"));
        Head {
            cells,
            csv: csv.join(","),
        }
    }
    fn cli_row(&self, r: &PaRecord, _names: &[String]) -> Row {
        let (mut cells, mut csv) = visit_cells(r.step, r.epoch, r.index, &r.x);
        cells.extend([
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
        ]);
        csv.push(r.y.to_string());
        csv.extend(csv_numbers(&r.weights_before));
        csv.extend(csv_numbers(&[r.score, r.loss, r.norm_sq, r.tau]));
        csv.extend([r.updated.to_string(), r.skipped.to_string()]);
        csv.extend(csv_numbers(&r.weights_after));
        Row {
            cells,
            csv: csv.join(","),
            json: json_value(r).to_string(),
        }
    }
    fn cli_summary(&self, _data: &Dataset, _names: &[String], stopped: Refusal) -> Summary {
        let note = format!("; {}, C = {}", self.variant().name(), num(self.c()));
        linear_summary(self, stopped, &note)
    }
}
