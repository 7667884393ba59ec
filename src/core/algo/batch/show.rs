//! The batch perceptron to the rest of the lab: one epoch per step, its record's words, and the
//! counters it keeps itself (it has no per-visit schedule).

use super::{Batch, BatchRecord};
use crate::core::algo::learner::{
    sign_class, Algo, Described, Info, Kind, Learner, Outcome, Spoken, Visit,
};
use crate::core::algo::words::shorten;
use crate::core::algo::ClassData;
use crate::core::explain::Explanation;
use crate::core::numfmt::{num, vector};
use crate::core::schedule::EpochSchedule;
use crate::core::{Dataset, Error, Settings, Setup, TrainState};

impl Batch {
    /// The data changed (a sample added, removed or moved). The weights and the history stay;
    /// a converged run resumes, since `M` may no longer be empty. A run stopped at the epoch cap
    /// stays stopped.
    fn data_changed(&mut self) {
        if self.state == TrainState::Converged {
            self.state = TrainState::Running;
        }
    }
}

impl Learner for Batch {
    fn batch_view(
        &self,
        data: &Dataset,
        steps: &mut dyn Iterator<Item = (&crate::core::algo::registry::Record, bool)>,
    ) -> Option<super::BatchView> {
        Some(self.view(data, steps))
    }
    /// A step is an epoch: every point scored once by w (one unit a point, as a visit of the
    /// other rules), and J_p and |M| kept. `benches/core.rs`'s `budget/run` measures it.
    fn step_cost(&self, n: usize, _k: usize) -> u64 {
        n.max(1) as u64
    }
    fn settings(&self) -> &Settings {
        &self.settings
    }
    fn schedule(&self) -> Option<&EpochSchedule> {
        None
    }
    fn schedule_mut(&mut self) -> Option<&mut EpochSchedule> {
        None
    }
    fn steps(&self) -> u64 {
        self.epochs
    }
    fn epoch(&self) -> u64 {
        match self.state {
            TrainState::Running => self.epochs + 1,
            _ => self.epochs,
        }
    }
    /// Epochs whose step changed the weights (`M` was not empty).
    fn updates(&self) -> u64 {
        let mut count = 0;
        let mut at = self.history.last.as_deref();
        while let Some(link) = at {
            count += u64::from(link.summary.mistakes > 0);
            at = link.before.as_deref();
        }
        count
    }
    fn state(&self) -> TrainState {
        self.state
    }
    fn sample_added(&mut self, _n: usize) {
        self.data_changed();
    }
    fn sample_removed(&mut self, _index: usize) {
        self.data_changed();
    }
    fn sample_moved(&mut self) {
        self.data_changed();
    }
    fn predict_class(&self, _data: &Dataset, x: &[f64]) -> Option<usize> {
        sign_class(self.score(x))
    }
    fn linear_weights(&self) -> Option<&[f64]> {
        Some(self.weights())
    }
    fn ghost_always(&self) -> bool {
        true
    }
    fn weights_text(&self, _data: &Dataset) -> String {
        vector(self.weights())
    }
    fn bound_text(&self, bound: &str) -> String {
        format!("(R/γ*)² = {bound}: bounds the online rule's updates, not batch epochs")
    }
    fn bounds_updates(&self) -> bool {
        false
    }
}

impl Algo for Batch {
    type Record = BatchRecord;
    const INFO: Info = Info {
        name: "batch",
        title: "Batch perceptron (gradient on J_p)",
        kind: Kind::Binary,
        params: &[],
        examples: &[],
    };
    fn create(_setup: &Setup, settings: Settings, dim: usize) -> Result<Self, Error> {
        Batch::new(settings, dim)
    }
    fn step(&mut self, data: &Dataset, _classes: &ClassData) -> Outcome<BatchRecord> {
        Batch::step(self, data)
    }
}

impl Visit for BatchRecord {
    fn step(&self) -> u64 {
        self.epoch
    }
    fn epoch(&self) -> u64 {
        self.epoch
    }
    fn mistake(&self) -> bool {
        !self.mistakes.is_empty()
    }
    fn visited(&self) -> Option<(usize, &[f64])> {
        None
    }
    fn fields(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
    fn kind(&self) -> &'static str {
        "batch"
    }
    fn ghost(&self) -> Option<&[f64]> {
        (!self.mistakes.is_empty()).then_some(&self.weights_before[..])
    }
    fn spoken(&self, _names: &[String]) -> Spoken {
        let r = self;
        let m: Vec<String> = r.mistakes.iter().map(|i| format!("#{i}")).collect();
        let (full, brief) = if m.is_empty() {
            (
                format!(
                    "one batch step over all samples, J_p = {}, every sample correct",
                    num(r.criterion)
                ),
                "every sample correct".to_string(),
            )
        } else {
            (
                format!(
                    "one batch step over all samples, J_p = {}, {} misclassified ({})",
                    num(r.criterion),
                    m.len(),
                    shorten(&m, 8)
                ),
                format!("{} misclassified", m.len()),
            )
        };
        Spoken {
            full,
            brief,
            change: (!m.is_empty()).then(|| format!("w becomes {}", vector(&r.weights_after))),
        }
    }
    fn describe(&self, _settings: &Settings, _names: &[String]) -> Described {
        let r = self;
        let m = r
            .mistakes
            .iter()
            .map(|i| format!("#{i}"))
            .collect::<Vec<_>>();
        let update = vector(&r.update());
        Described {
            sample: format!("all samples (epoch {})", r.epoch),
            score: format!("J_p = {}", num(r.criterion)),
            outcome: if r.mistakes.is_empty() {
                "M is empty: every sample is correct".to_string()
            } else {
                format!(
                    "|M| = {} → w += η·Σ_M y·[1, x] = {update}",
                    r.mistakes.len()
                )
            },
            explanation: Explanation {
                title: format!(
                    "Epoch {}: one batch step over all samples; M = {{{}}}",
                    r.epoch,
                    shorten(&m, 12)
                ),
                weights: vector(&r.weights_before),
                score: format!(
                    "J_p(w) = −Σ_M y·(w·x + b) = {} over |M| = {} misclassified samples",
                    num(r.criterion),
                    r.mistakes.len()
                ),
                check: if r.mistakes.is_empty() {
                    "M is empty → converged (J_p = 0 with no sample on the wrong side)".to_string()
                } else {
                    format!("|M| = {} > 0 → gradient step", r.mistakes.len())
                },
                update: if r.mistakes.is_empty() {
                    "no update".to_string()
                } else {
                    format!(
                        "w ← w + η·Σ_M y·[1, x] = w + {update} → w = {}",
                        vector(&r.weights_after)
                    )
                },
            },
            row_weights: vector(&r.weights_before),
            row_score: format!("J_p = {}, |M| = {}", num(r.criterion), r.mistakes.len()),
            row_update: if r.mistakes.is_empty() {
                "none".to_string()
            } else {
                format!("+{update}")
            },
        }
    }
}
