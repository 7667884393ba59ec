//! The averaged perceptron to the rest of the lab: the classic rule's record and words, plus the
//! averaged line w̄ it draws and predicts with.

use super::Averaged;
use crate::core::algo::learner::{sign_class, three, Algo, Info, Kind, Learner, Outcome};
use crate::core::algo::ClassData;
use crate::core::numfmt::vector;
use crate::core::schedule::EpochSchedule;
use crate::core::{Dataset, Error, Settings, Setup, StepRecord, TrainState};

impl Learner for Averaged {
    fn settings(&self) -> &Settings {
        Learner::settings(&self.trainer)
    }
    fn schedule(&self) -> Option<&EpochSchedule> {
        Learner::schedule(&self.trainer)
    }
    fn schedule_mut(&mut self) -> Option<&mut EpochSchedule> {
        Learner::schedule_mut(&mut self.trainer)
    }
    /// The average is unchanged by an edit: it is over the visits made. An edit that reopens a
    /// converged run ends coasting (see [`Averaged::run_epochs`]).
    fn sample_added(&mut self, n: usize) {
        self.trainer.sample_added(n);
        self.end_coasting_if_reopened();
    }
    fn sample_removed(&mut self, index: usize) {
        self.trainer.sample_removed(index);
        self.end_coasting_if_reopened();
    }
    fn sample_moved(&mut self) {
        self.trainer.sample_moved();
        self.end_coasting_if_reopened();
    }
    fn predict_class(&self, _data: &Dataset, x: &[f64]) -> Option<usize> {
        sign_class(self.score(x))
    }
    fn linear_weights(&self) -> Option<&[f64]> {
        Some(self.weights())
    }
    fn second_line(&self) -> Option<[f64; 3]> {
        Some(three(&self.average()))
    }
    fn classic_table(&self) -> bool {
        true
    }
    fn weights_text(&self, _data: &Dataset) -> String {
        vector(self.weights())
    }
    fn weights_label(&self) -> &'static str {
        "w (current) = [w0, w1, w2]"
    }
    fn averaged_text(&self) -> Option<String> {
        Some(vector(&self.average()))
    }
    fn accuracy_note(&self) -> &'static str {
        " with w̄"
    }
    fn describe_model(&self, _data: &Dataset, _names: &[String]) -> String {
        format!(
            "The averaged weights w̄ = {} classify (the line drawn dashed). {} The current w = {} is the classic rule's.",
            vector(&self.average()),
            crate::core::speech::line_words(three(&self.average()), "w̄"),
            vector(self.weights())
        )
    }
    fn score_text(&self, _data: &Dataset, x: &[f64]) -> String {
        crate::core::numfmt::num(self.score(x))
    }
}

impl Averaged {
    fn end_coasting_if_reopened(&mut self) {
        if self.trainer.state() != TrainState::Converged {
            self.coasted_epochs = 0;
        }
    }
}

impl Algo for Averaged {
    type Record = StepRecord;
    const INFO: Info = Info {
        name: "averaged",
        title: "Averaged perceptron",
        kind: Kind::Binary,
        params: &[],
        examples: &[],
    };
    fn create(_setup: &Setup, settings: Settings, dim: usize) -> Result<Self, Error> {
        Averaged::new(settings, dim)
    }
    fn step(&mut self, data: &Dataset, _classes: &ClassData) -> Outcome<StepRecord> {
        Averaged::step(self, data)
    }
}
