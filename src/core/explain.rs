//! "This step": the arithmetic of one step with its real numbers, as in a row of seed 000.

use super::i18n::t;
use super::numfmt::{num, vector};
use super::table::{score_expression, update_text};
use super::StepRecord;

/// One step explained, field by field.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Explanation {
    /// `Step 2: sample #2 (3, 2), y = +1`.
    pub title: String,
    /// The weights used, bias first: `[-1, 0, 0]`.
    pub weights: String,
    /// `-1 * 1 + 0 * 3 + 0 * 2 = -1`.
    pub score: String,
    /// `y·s = -1 ≤ 0 → mistake` or `y·s = 14 > 0 → correct`.
    pub check: String,
    /// `+[1, 3, 2] → w = [0, 3, 2]`, or `no update (score 14)`.
    pub update: String,
}

impl Explanation {
    /// Explains `record` under learning rate `eta` with or without bias.
    pub fn of(record: &StepRecord, eta: f64, bias: bool) -> Explanation {
        let margin = record.y * record.score;
        let sign = if record.y > 0.0 { "+1" } else { "-1" };
        Explanation {
            title: t!(
                "explain-title",
                step = record.step.to_string(),
                index = record.index.to_string(),
                point = super::numfmt::point(&record.x),
                sign = sign,
            ),
            weights: vector(&record.weights_before),
            score: score_expression(record, bias),
            check: if record.mistake {
                t!("explain-mistake", margin = num(margin))
            } else {
                t!("explain-correct", margin = num(margin))
            },
            update: if record.mistake {
                format!(
                    "{} → w = {}",
                    update_text(record, eta, bias),
                    vector(&record.weights_after)
                )
            } else {
                t!("explain-no-update", score = num(record.score))
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_000_step_two() {
        let record = StepRecord {
            step: 2,
            epoch: 1,
            index: 2,
            x: vec![3.0, 2.0],
            y: 1.0,
            weights_before: vec![-1.0, 0.0, 0.0],
            score: -1.0,
            mistake: true,
            weights_after: vec![0.0, 3.0, 2.0],
        };
        let e = Explanation::of(&record, 1.0, true);
        assert_eq!(e.title, "Step 2: sample #2 (3, 2), y = +1");
        assert_eq!(e.weights, "[-1, 0, 0]");
        assert_eq!(e.score, "-1 * 1 + 0 * 3 + 0 * 2 = -1");
        assert_eq!(e.check, "y·s = -1 ≤ 0 → mistake");
        assert_eq!(e.update, "+[1, 3, 2] → w = [0, 3, 2]");
    }
}
