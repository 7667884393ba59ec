//! The epoch bookkeeping shared by the perceptrons that visit one sample per step.
//!
//! - **Epochs.** An epoch is one pass over the samples, in data order ([`Order::Fixed`]) or in
//!   the seeded shuffle of that epoch, [`epoch_order`]`(seed, epoch, n)` ([`Order::Shuffle`]).
//!   The order of an epoch is drawn when its first sample is asked for.
//! - **Stopping.** Training has converged after an epoch without a mistake, and stops at
//!   `max_epochs` otherwise. With [`EpochSchedule::set_exact_epochs`] it instead runs exactly
//!   `max_epochs` epochs, ending `Converged` when the last one was clean and `MaxEpochs`
//!   otherwise.
//! - **Edits of the samples.** [`sample_added`](EpochSchedule::sample_added): the new sample is
//!   visited later in the current epoch, and a converged run starts a new epoch so that it is
//!   checked. [`sample_removed`](EpochSchedule::sample_removed): the current epoch goes on over
//!   the remaining samples (and ends at once if the removed one was the last left in it).
//!   [`sample_moved`](EpochSchedule::sample_moved): a converged run starts a new epoch. The step
//!   and update counts always stay.
//! - **Cheap to clone.** Everything is a plain number except the epoch's order, which is a shared
//!   `Rc` (copied only when an edit changes it), so a trainer holding a schedule can be cloned
//!   once per step into the session's history.
//!
//! The algorithm-specific refusals (no data, one class, data of another shape) are the
//! algorithms' own; the schedule refuses only when training has stopped.

use super::{epoch_order, Order, Refusal, Settings, TrainState};
use std::rc::Rc;

/// Epochs, order, counters and stopping of one run that visits one sample per step.
#[derive(Debug, Clone, PartialEq)]
pub struct EpochSchedule {
    mode: Order,
    seed: u64,
    max_epochs: u64,
    exact_epochs: bool,
    step: u64,
    epoch: u64,
    pos: usize,
    order: Rc<Vec<usize>>,
    epoch_mistakes: u64,
    updates: u64,
    state: TrainState,
}

impl EpochSchedule {
    /// A fresh schedule with the order, seed and epoch cap of `settings`: step 0, epoch 1,
    /// stopping after a clean epoch.
    pub fn new(settings: &Settings) -> EpochSchedule {
        EpochSchedule {
            mode: settings.order,
            seed: settings.seed,
            max_epochs: settings.max_epochs,
            exact_epochs: false,
            step: 0,
            epoch: 1,
            pos: 0,
            order: Rc::new(Vec::new()),
            epoch_mistakes: 0,
            updates: 0,
            state: TrainState::Running,
        }
    }

    /// The visiting order of (1-based) epoch `epoch` over `n` samples: `0..n` for
    /// [`Order::Fixed`], [`epoch_order`]`(seed, epoch, n)` for [`Order::Shuffle`].
    pub fn visit_order(mode: Order, seed: u64, epoch: u64, n: usize) -> Vec<usize> {
        match mode {
            Order::Fixed => (0..n).collect(),
            Order::Shuffle => epoch_order(seed, epoch, n),
        }
    }

    /// Whether the run goes on for exactly `max_epochs` epochs even after a clean one (`true`),
    /// or stops after the first clean epoch (`false`, the default).
    pub fn set_exact_epochs(&mut self, exact: bool) {
        self.exact_epochs = exact;
    }

    /// Epochs completed so far, counting `coasted` whole epochs of visits made after
    /// convergence (the averaged and passive-aggressive runs' `run_epochs`): the current epoch
    /// while running is under way, not completed.
    pub fn completed_epochs(&self, coasted: u64) -> u64 {
        match self.state {
            TrainState::Running => self.epoch.saturating_sub(1),
            TrainState::MaxEpochs => self.epoch,
            TrainState::Converged => self.epoch.saturating_add(coasted),
        }
    }

    /// Whether the run goes on for exactly `max_epochs` epochs (see
    /// [`set_exact_epochs`](EpochSchedule::set_exact_epochs)).
    pub fn exact_epochs(&self) -> bool {
        self.exact_epochs
    }

    /// The (0-based) index of the sample to visit next among `n` samples, or why there is none:
    /// [`Refusal::NoData`] for `n = 0`, [`Refusal::Converged`] or [`Refusal::MaxEpochs`] once
    /// training has stopped. Draws the epoch's order at its start (and, defensively, when the
    /// order no longer fits `n`).
    #[inline(always)]
    pub fn next_index(&mut self, n: usize) -> Result<usize, Refusal> {
        if n == 0 {
            return Err(Refusal::NoData);
        }
        match self.state {
            TrainState::Converged => return Err(Refusal::Converged),
            TrainState::MaxEpochs => return Err(Refusal::MaxEpochs),
            TrainState::Running => {}
        }
        if self.pos == 0 || self.order.len() != n {
            // A new epoch (or, defensively, an order that no longer fits the data). Data order
            // is the same every epoch: the one already drawn for `n` samples is kept.
            if self.mode != Order::Fixed || self.order.len() != n {
                self.order = Rc::new(Self::visit_order(self.mode, self.seed, self.epoch, n));
            }
            self.pos = self.pos.min(n - 1);
        }
        Ok(self.order[self.pos])
    }

    /// The samples left to visit in this epoch among `n`, in order (drawing the epoch's order
    /// as [`EpochSchedule::next_index`] does), or why there are none. Visit them in order and
    /// count them with [`EpochSchedule::finish_visits`].
    pub fn rest_of_epoch(&mut self, n: usize) -> Result<Rc<Vec<usize>>, Refusal> {
        self.next_index(n)?;
        Ok(Rc::clone(&self.order))
    }

    /// Whether every epoch visits the samples in data order (0, 1, …, n − 1).
    pub fn in_data_order(&self) -> bool {
        self.mode == Order::Fixed
    }

    /// The (0-based) position in the epoch's order of the next visit.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Counts `count` visits just made in order among `n` samples, `mistakes` of them
    /// mistakes, as `count` calls of [`EpochSchedule::finish_visit`] do; `count` is at most
    /// what is left of the epoch.
    pub fn finish_visits(&mut self, n: usize, count: usize, mistakes: u64) {
        if count == 0 {
            return;
        }
        self.updates += mistakes;
        self.epoch_mistakes += mistakes;
        self.step += count as u64;
        self.pos += count;
        if self.pos >= n {
            self.end_epoch();
        }
    }

    /// Whether [`EpochSchedule::next_index`] among `n` samples would draw an epoch's order:
    /// the only change asking for the next index makes (a caller that may refuse the visit
    /// keeps a copy then).
    #[inline(always)]
    pub fn draws_order(&self, n: usize) -> bool {
        n > 0 && self.state == TrainState::Running && (self.pos == 0 || self.order.len() != n)
    }

    /// Counts the visit just made among `n` samples (a step, and an update when `mistake`),
    /// moves on, and ends the epoch after its last sample.
    #[inline(always)]
    pub fn finish_visit(&mut self, n: usize, mistake: bool) {
        if mistake {
            self.updates += 1;
            self.epoch_mistakes += 1;
        }
        self.step += 1;
        self.pos += 1;
        if self.pos >= n {
            self.end_epoch();
        }
    }

    fn end_epoch(&mut self) {
        let clean = self.epoch_mistakes == 0;
        let last = self.epoch >= self.max_epochs;
        match (self.exact_epochs, clean, last) {
            (false, true, _) | (true, true, true) => self.state = TrainState::Converged,
            (_, false, true) => self.state = TrainState::MaxEpochs,
            _ => self.start_epoch(),
        }
    }

    fn start_epoch(&mut self) {
        self.epoch += 1;
        self.pos = 0;
        self.epoch_mistakes = 0;
        self.order = Rc::new(Vec::new());
    }

    /// Steps taken so far.
    pub fn steps(&self) -> u64 {
        self.step
    }

    /// The current (1-based) epoch; after convergence, the epoch that was clean.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// Visits with a mistake so far.
    pub fn updates(&self) -> u64 {
        self.updates
    }

    /// Where training stands.
    pub fn state(&self) -> TrainState {
        self.state
    }

    /// Position in the current epoch: how many samples of it have been visited.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Whether the next step starts a new epoch.
    pub fn at_epoch_start(&self) -> bool {
        self.pos == 0
    }

    /// Tells the schedule that a sample was appended (as index `n − 1`): it is visited later in
    /// the current epoch, and a converged run starts a new epoch so that it is checked.
    pub fn sample_added(&mut self, n: usize) {
        match self.state {
            TrainState::Converged => self.reopen(),
            TrainState::Running if self.pos > 0 && n > 0 => {
                Rc::make_mut(&mut self.order).push(n - 1);
            }
            TrainState::Running | TrainState::MaxEpochs => {}
        }
    }

    /// Tells the schedule that sample `index` was removed (later samples shift down by one): the
    /// current epoch goes on over the remaining samples, and ends here if the removed sample was
    /// the last one left in it.
    pub fn sample_removed(&mut self, index: usize) {
        if let Some(at) = self.order.iter().position(|&i| i == index) {
            let order = Rc::make_mut(&mut self.order);
            order.remove(at);
            for i in order.iter_mut() {
                if *i > index {
                    *i -= 1;
                }
            }
            if at < self.pos {
                self.pos -= 1;
            }
        }
        if self.state == TrainState::Running && self.pos > 0 && self.pos >= self.order.len() {
            // The removed sample was the last one left in this epoch: the epoch ends here.
            self.end_epoch();
        }
    }

    /// Tells the schedule that a sample was moved: a converged run starts a new epoch, since the
    /// moved sample may now be misclassified.
    pub fn sample_moved(&mut self) {
        if self.state == TrainState::Converged {
            self.reopen();
        }
    }

    /// A converged run whose data changed starts a new epoch to check every sample again.
    fn reopen(&mut self) {
        self.state = TrainState::Running;
        self.start_epoch();
    }
}
