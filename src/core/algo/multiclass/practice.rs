//! The multiclass perceptron's step answer: the argmax of the row scores decides; on a mistake
//! the true class's row gains `η·f(x)` and the predicted class's row loses it.

use super::{features, MulticlassRecord};
use crate::core::algo::practice::{
    named_slips, plus, row_parts, score_sum, update_slips, update_sum, Answer, Practice, Score,
    Slip,
};
use crate::core::numfmt::vector;
use crate::core::{Settings, Setup};

/// The name of row `k` of the new W.
fn row_name(k: usize) -> String {
    format!("W′{k}")
}

impl Practice for MulticlassRecord {
    fn answer(&self, settings: &Settings, _setup: &Setup) -> Answer {
        let (eta, bias) = (settings.eta, settings.bias);
        let f = features(&self.x, bias);
        let (y, p) = (self.class, self.predicted);
        let before = &self.weights_before;
        let scores = self
            .scores
            .iter()
            .zip(before)
            .enumerate()
            .map(|(k, (&s, w))| Score {
                name: format!("s{k}"),
                value: s,
                expression: score_sum(w, &f, bias, s),
            })
            .collect();
        let verdict = if self.mistake {
            format!(
                "class {p} ≠ true class {y}: a mistake, row {y} gains η·f(x) and row {p} loses it"
            )
        } else {
            format!("class {p} = true class {y}: correct, no update")
        };
        let check = format!("argmax {} = {verdict}", vector(&self.scores));
        // The rows with `add` gaining η·f and `sub` losing it.
        let moved = |add: Option<usize>, sub: Option<usize>| -> Vec<Vec<f64>> {
            let mut rows = before.clone();
            if let Some(a) = add {
                rows[a] = plus(&rows[a], eta, &f);
            }
            if let Some(s) = sub {
                rows[s] = plus(&rows[s], -eta, &f);
            }
            rows
        };
        let mut slips = Vec::new();
        if self.mistake {
            slips.extend(update_slips(
                before,
                &self.weights_after,
                eta,
                Slip::LeftOutEta,
                bias,
            ));
            // Reward or punishment given to another row, or one of them left out.
            slips.push((Slip::WrongRow, moved(Some(y), None)));
            slips.push((Slip::WrongRow, moved(None, Some(p))));
            for k in (0..before.len()).filter(|&k| k != y && k != p) {
                slips.push((Slip::WrongRow, moved(Some(y), Some(k))));
                slips.push((Slip::WrongRow, moved(Some(k), Some(p))));
            }
        } else {
            slips.push((Slip::UpdatedOnCorrect, moved(Some(y), None)));
            for k in (0..before.len()).filter(|&k| k != y) {
                slips.push((Slip::UpdatedOnCorrect, moved(Some(y), Some(k))));
            }
        }
        let update_text = if self.mistake {
            format!(
                "W′{y} = W{y} + η·f(x) = {}; W′{p} = W{p} − η·f(x) = {}",
                update_sum(&before[y], 1.0, eta, &f, &self.weights_after[y]),
                update_sum(&before[p], -1.0, eta, &f, &self.weights_after[p])
            )
        } else {
            "none".to_string()
        };
        Answer {
            update: self.mistake,
            scores,
            check,
            update_text,
            parts: row_parts(&self.weights_after, row_name),
            arrows: (0..before.len()).collect(),
            slips: named_slips(slips, row_name),
        }
    }
}
