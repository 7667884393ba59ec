//! The batch panel's charts: per-epoch `J_p` and `|M|`, and the paths of `(w1, w2)` of the
//! batch run and of the online (classic) rule over as many epochs.

use super::Batch;
use crate::core::algo::registry::Record;
use crate::core::algo::Learner;
use crate::core::{Dataset, Settings, TrainState};

/// The most sample visits of the batch panel's online path (the classic rule over the same
/// epochs): its first `ONLINE_PATH_VISITS / n` epochs are drawn. A visit with its record costs
/// about 250 ns in the page: at 200,000 the frame after a replay of 100,000 epochs took 50 ms
/// for this path alone.
pub(crate) const ONLINE_PATH_VISITS: u64 = 40_000;

/// What the batch perceptron's charts show (see
/// [`Session::batch_view`](crate::core::Session::batch_view)).
#[derive(Debug, Clone, PartialEq)]
pub struct BatchView {
    /// `(epoch, J_p, |M|)` before each step.
    pub epochs: Vec<(u64, f64, usize)>,
    /// `(w1, w2)` at the start and after each batch step.
    pub batch_path: Vec<[f64; 2]>,
    /// `(w1, w2)` of the online (classic) rule at the start and after each epoch (the first
    /// 200,000 / n epochs at most).
    pub online_path: Vec<[f64; 2]>,
}

impl Batch {
    /// The charts from scratch, over the history's `steps` (each record with whether it is
    /// done): the online rule is retrained over as many epochs as the batch run has taken.
    pub(super) fn view(
        &self,
        data: &Dataset,
        steps: &mut dyn Iterator<Item = (&Record, bool)>,
    ) -> BatchView {
        let history = self.history();
        let mut batch_path = Vec::with_capacity(history.len() + 1);
        let mut first = None;
        for (r, done) in steps {
            if let (Record::Batch(b), true) = (r, done) {
                if first.is_none() {
                    first = Some([b.weights_before[1], b.weights_before[2]]);
                }
                batch_path.push([b.weights_after[1], b.weights_after[2]]);
            }
        }
        let start = first.unwrap_or([self.weights()[1], self.weights()[2]]);
        batch_path.insert(0, start);
        let mut online_path = vec![start];
        let settings = Settings {
            order: crate::core::Order::Fixed,
            max_epochs: crate::core::MAX_EPOCHS_LIMIT,
            ..self.settings.clone()
        };
        if let Ok(mut online) = crate::core::Trainer::new(settings, data.dim()) {
            // Recomputed at every step: its visits are bounded, so a batch run opened at epoch
            // 100,000 does not hold the page (it took 120–140 ms a frame in the hostile run).
            let most = ONLINE_PATH_VISITS / data.len().max(1) as u64;
            let epochs = (history.len() as u64).min(most);
            'epochs: for _ in 0..epochs {
                let before = online.epoch();
                loop {
                    match online.step(data) {
                        crate::core::StepOutcome::Stepped(_) => {}
                        crate::core::StepOutcome::Refused(_) => break 'epochs,
                    }
                    if online.epoch() != before || online.state() != TrainState::Running {
                        break;
                    }
                }
                let w = online.weights();
                online_path.push([w[1], w[2]]);
            }
        }
        BatchView {
            epochs: history
                .iter()
                .map(|h| (h.epoch, h.criterion, h.mistakes))
                .collect(),
            batch_path,
            online_path,
        }
    }
}
