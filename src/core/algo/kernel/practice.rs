//! The kernel perceptron's step answer: `y_i·f(x_i) ≤ 0` decides; on a mistake the visited
//! sample's `α_i` grows by η and `b` by `η·y_i`. The student says which sample's α changes
//! (`i`), its new value and the new `b`.

use super::KernelRecord;
use crate::core::algo::practice::{bracket, sign_check, Answer, Part, Practice, Score, Slip};
use crate::core::numfmt::num;
use crate::core::{Settings, Setup};

impl Practice for KernelRecord {
    fn answer(&self, settings: &Settings, _setup: &Setup) -> Answer {
        let (eta, bias) = (settings.eta, settings.bias);
        let i = self.index;
        let name = format!("α′{i}");
        let parts = |alpha: f64, b: f64| {
            vec![
                Part::new("i", vec![i as f64]).wrong_is(Slip::WrongAlpha),
                Part::new(name.clone(), vec![alpha + 0.0]),
                Part::new("b′", vec![b + 0.0]),
            ]
        };
        let (a, b) = (self.alpha_before, self.bias_before);
        let b_step = if bias { eta * self.y } else { 0.0 };
        let slips = if self.mistake {
            let mut slips = vec![
                (Slip::MissedUpdate, parts(a, b)),
                (Slip::Sign, parts(a - eta, b - b_step)),
                (Slip::Sign, parts(a + eta, b - b_step)),
                (Slip::OldLeftOut, parts(eta, b_step)),
                (Slip::LeftOutEta, parts(a + 1.0, b + b_step / eta)),
            ];
            if bias {
                slips.push((Slip::ForgotBias, parts(a + eta, b)));
            }
            slips
        } else {
            vec![(Slip::UpdatedOnCorrect, parts(a + eta, b + b_step))]
        };
        let update_text = if self.mistake {
            let b_text = if bias {
                format!(
                    "b′ = b + η·y = {} + {} = {}",
                    num(b),
                    bracket(b_step),
                    num(self.bias_after)
                )
            } else {
                format!("b′ = b = {} (no bias)", num(self.bias_after))
            };
            format!(
                "α′{i} = α{i} + η = {} + {} = {}; {b_text}",
                num(a),
                num(eta),
                num(self.alpha_after)
            )
        } else {
            "none".to_string()
        };
        Answer {
            update: self.mistake,
            scores: vec![Score {
                name: format!("f(x{i})"),
                value: self.score,
                expression: format!(
                    "f(x{i}) = Σ_j α_j·y_j·K(x_j, x{i}) + b = {}",
                    num(self.score)
                ),
            }],
            check: sign_check(self.y, self.score, &format!("f(x{i})")),
            update_text,
            parts: parts(self.alpha_after, self.bias_after),
            arrows: Vec::new(),
            slips,
        }
    }
}
