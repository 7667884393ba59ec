//! The classic rule's step answer: `y·s ≤ 0` decides, `w′ = w + η·y·f(x)`.

use super::StepRecord;
use crate::core::algo::practice::{sign_check, Answer, Linear, Practice, Slip};
use crate::core::{Settings, Setup};

impl Practice for StepRecord {
    fn answer(&self, settings: &Settings, _setup: &Setup) -> Answer {
        Linear {
            before: &self.weights_before,
            after: &self.weights_after,
            x: &self.x,
            y: self.y,
            score: self.score,
            update: self.mistake,
            step: settings.eta,
            bias: settings.bias,
        }
        .answer(sign_check(self.y, self.score, "s"), "η", Slip::LeftOutEta)
    }
}
