//! Passive-aggressive's step answer: the hinge loss `ℓ = max(0, 1 − y·s)` decides; when it is
//! positive, `w′ = w + τ·y·f(x)` with PA-I's `τ = min(C, ℓ/‖x‖²)` or PA-II's
//! `τ = ℓ/(‖x‖² + 1/(2C))`. The student gives τ and w′.

use super::{PaRecord, PaVariant};
use crate::core::algo::practice::{
    bracket, features, label_text, plus, Answer, Linear, Part, Practice, Slip,
};
use crate::core::numfmt::num;
use crate::core::{Settings, Setup};

impl Practice for PaRecord {
    fn answer(&self, settings: &Settings, setup: &Setup) -> Answer {
        let bias = settings.bias;
        let one_minus = 1.0 - self.y * self.score;
        let verdict = if self.skipped {
            "‖x‖² = 0: PA-I skips the visit, no update".to_string()
        } else if self.updated {
            "> 0: update".to_string()
        } else {
            ": passive, no update".to_string()
        };
        let check = format!(
            "ℓ = max(0, 1 − y·s) = max(0, 1 − {}·{}) = max(0, {}) = {} {verdict}",
            label_text(self.y),
            bracket(self.score),
            num(one_minus),
            num(self.loss)
        );
        let mut answer = Linear {
            before: &self.weights_before,
            after: &self.weights_after,
            x: &self.x,
            y: self.y,
            score: self.score,
            update: self.updated,
            step: self.tau,
            bias,
        }
        .answer(check, "τ", Slip::WrongTau);
        if !self.updated {
            // No step is taken: a wrong answer is a step with some τ > 0, which the classic
            // update's slips (step η = τ = 0) cannot give.
            let c = setup.param("C");
            let tau = PaVariant::Pa1
                .tau(c, 1.0, self.norm_sq)
                .unwrap_or(1.0)
                .max(f64::MIN_POSITIVE);
            let f = features(&self.x, bias);
            answer.slips = vec![(
                Slip::UpdatedOnCorrect,
                vec![Part::new(
                    "w′",
                    plus(&self.weights_before, tau * self.y, &f),
                )],
            )];
        }
        // The student gives τ first; the slips of w′ keep the right τ, and the wrong τs of the
        // usual confusions (the other variant, no cap, the bias in ‖x‖²) give their own w′.
        let tau_part = |t: f64| Part::new("τ", vec![t]).wrong_is(Slip::WrongTau);
        for (_, parts) in answer.slips.iter_mut() {
            parts.insert(0, tau_part(self.tau));
        }
        if self.updated {
            let c = setup.param("C");
            let f = features(&self.x, bias);
            let wrong = [
                PaVariant::Pa1.tau(c, self.loss, self.norm_sq),
                PaVariant::Pa2.tau(c, self.loss, self.norm_sq),
                (self.norm_sq > 0.0).then(|| self.loss / self.norm_sq),
                Some(self.loss / (self.norm_sq + 1.0)),
            ];
            for t in wrong.into_iter().flatten() {
                if t.is_finite() && t != self.tau {
                    answer.slips.push((
                        Slip::WrongTau,
                        vec![
                            tau_part(t),
                            Part::new("w′", plus(&self.weights_before, t * self.y, &f)),
                        ],
                    ));
                }
            }
        }
        answer.parts.insert(0, tau_part(self.tau));
        answer.arrows = vec![1];
        answer
    }
}
