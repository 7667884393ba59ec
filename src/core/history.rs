//! The timeline behind Step back, the scrubber and the trace table.
//!
//! `states[i]` is the training state after `i` entries; entry `i` led from `states[i]` to
//! `states[i + 1]`. An entry is a step (with its record, a row of the trace table) or an edit of
//! the points made after training had started (a [`PointChange`]: what it did to one point, with
//! what it takes to undo it, so that going back across it shows the data as it was; an edit
//! costs a few numbers, never a copy of the points). Going back and forward moves a cursor; a new action
//! at a cursor before the end drops the future, as in an editor. The oldest entries are dropped
//! beyond the limit ([`HISTORY_LIMIT`] unless set lower), so memory stays bounded during long runs.

use super::algo::registry::{Model, Record};
use super::{Dataset, Error};
use std::collections::VecDeque;

/// Entries kept. Older ones are dropped (step back then stops at the oldest kept state).
pub const HISTORY_LIMIT: usize = 20_000;

/// What one entry of the timeline did.
#[derive(Debug, Clone)]
pub enum Entry {
    /// One step of the algorithm.
    Step(Record),
    /// The points changed while training was under way.
    Edit {
        /// What the edit did to the points, and how to undo it.
        change: PointChange,
        /// What was done, e.g. "moved point #3 to (2, 1)".
        what: String,
    },
}

/// What an edit did to one point, with what it takes to undo it.
#[derive(Debug, Clone, PartialEq)]
pub enum PointChange {
    /// A point of class `class` appended at `x`.
    Added {
        /// Its features.
        x: Vec<f64>,
        /// Its class index.
        class: usize,
    },
    /// Point `index` (0-based) moved from `from` to `to`.
    Moved {
        /// 0-based index.
        index: usize,
        /// Where it was.
        from: Vec<f64>,
        /// Where it went.
        to: Vec<f64>,
    },
    /// Point `index` (0-based), at `x` with class `class`, removed.
    Removed {
        /// 0-based index.
        index: usize,
        /// Its features.
        x: Vec<f64>,
        /// Its class index.
        class: usize,
    },
}

impl PointChange {
    /// Makes the change on `data`; on `Err` the data is as it was.
    pub fn redo(&self, data: &mut Dataset) -> Result<(), Error> {
        match self {
            PointChange::Added { x, class } => data.push_class(x, *class),
            PointChange::Moved { index, to, .. } => Self::move_to(data, *index, to),
            PointChange::Removed { index, .. } => {
                Self::check_index(data, *index)?;
                data.remove(*index);
                Ok(())
            }
        }
    }

    /// Takes the change back on `data` (the data it was made on); on `Err` the data is as it was.
    pub fn undo(&self, data: &mut Dataset) -> Result<(), Error> {
        match self {
            PointChange::Added { .. } => {
                let last = data.len().saturating_sub(1);
                Self::check_index(data, last)?;
                data.remove(last);
                Ok(())
            }
            PointChange::Moved { index, from, .. } => Self::move_to(data, *index, from),
            PointChange::Removed { index, x, class } => data.insert_class(*index, x, *class),
        }
    }

    fn move_to(data: &mut Dataset, index: usize, x: &[f64]) -> Result<(), Error> {
        Self::check_index(data, index)?;
        data.set_x(index, x)
    }

    fn check_index(data: &Dataset, index: usize) -> Result<(), Error> {
        if index < data.len() {
            Ok(())
        } else {
            Err(Error::Field {
                field: "points",
                reason: format!("there is no point #{}", index + 1),
            })
        }
    }
}

/// A snapshot of everything that changes with a step.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    /// The algorithm's run.
    pub model: Model,
    /// The best weights so far (fewest training errors) and their error count, for pocket mode.
    pub pocket: Option<(Vec<f64>, usize)>,
    /// The work of the run up to this state, in work units: what replaying it from a link or
    /// a file costs ([`crate::core::WORK_BUDGET`]).
    pub work: u64,
}

/// The timeline with its cursor.
#[derive(Debug, Clone)]
pub struct History {
    states: VecDeque<State>,
    entries: VecDeque<Entry>,
    cursor: usize,
    dropped_steps: u64,
    limit: usize,
    /// Counts the changes of the timeline itself (entries recorded, states replaced), not the
    /// moves of its cursor.
    revision: u64,
}

impl History {
    /// A timeline that starts at `state` (after a reset).
    pub fn new(state: State) -> History {
        History {
            states: VecDeque::from([state]),
            entries: VecDeque::new(),
            cursor: 0,
            dropped_steps: 0,
            limit: HISTORY_LIMIT,
            revision: 0,
        }
    }

    /// A timeline that keeps at most `limit` entries (at least 1, at most [`HISTORY_LIMIT`]).
    pub fn with_limit(state: State, limit: usize) -> History {
        History {
            limit: limit.clamp(1, HISTORY_LIMIT),
            ..History::new(state)
        }
    }

    /// The most entries kept.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// The state at the cursor.
    pub fn current(&self) -> &State {
        &self.states[self.cursor]
    }

    /// Whether any step lies before the cursor (edits then belong in the timeline).
    pub fn has_steps_before_cursor(&self) -> bool {
        self.dropped_steps > 0
            || self
                .entries
                .iter()
                .take(self.cursor)
                .any(|e| matches!(e, Entry::Step(_)))
    }

    /// Records an entry leading from the current state to `state`, dropping any future.
    pub fn push(&mut self, entry: Entry, state: State) {
        self.revision += 1;
        self.truncate_future();
        self.entries.push_back(entry);
        self.states.push_back(state);
        self.cursor += 1;
        self.drop_oldest();
    }

    /// Replaces the current state without a new entry (e.g. an edit before any step).
    pub fn replace_current(&mut self, state: State) {
        self.revision += 1;
        self.truncate_future();
        self.states[self.cursor] = state;
    }

    /// Replaces the current state and keeps the future (for view-only additions such as the
    /// pocket).
    pub fn replace_current_keep_future(&mut self, state: State) {
        self.states[self.cursor] = state;
    }

    fn truncate_future(&mut self) {
        self.entries.truncate(self.cursor);
        self.states.truncate(self.cursor + 1);
    }

    /// The timeline cut down to the state at the cursor (same limit; the steps before it count
    /// as dropped): what an old undo point keeps, so that many of them cost little.
    pub fn trimmed(&self) -> History {
        let before = self
            .entries
            .iter()
            .take(self.cursor)
            .filter(|e| matches!(e, Entry::Step(_)))
            .count() as u64;
        History {
            dropped_steps: self.dropped_steps + before,
            revision: self.revision + 1,
            ..History::with_limit(self.current().clone(), self.limit)
        }
    }

    /// How many times the timeline itself has changed (an entry recorded, a state replaced):
    /// unchanged while the cursor only moves through it.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether the cursor is at the start of the timeline (nothing to step back to).
    pub fn at_start(&self) -> bool {
        self.cursor == 0
    }

    /// Whether the cursor is at the end of the timeline (nothing to redo).
    pub fn at_end(&self) -> bool {
        self.cursor == self.entries.len()
    }

    /// Moves one entry back; returns the entry undone.
    pub fn back(&mut self) -> Option<&Entry> {
        if self.cursor == 0 {
            return None;
        }
        self.cursor -= 1;
        self.entries.get(self.cursor)
    }

    /// Moves one entry forward (redo); returns the entry redone.
    pub fn forward(&mut self) -> Option<&Entry> {
        let entry = self.entries.get(self.cursor)?;
        self.cursor += 1;
        Some(entry)
    }

    /// The entry just before the cursor.
    pub fn last_entry(&self) -> Option<&Entry> {
        self.cursor.checked_sub(1).and_then(|i| self.entries.get(i))
    }

    /// The most recent step before the cursor, skipping edits made after it.
    pub fn last_step_record(&self) -> Option<&Record> {
        self.entries
            .iter()
            .take(self.cursor)
            .rev()
            .find_map(|e| match e {
                Entry::Step(r) => Some(r),
                Entry::Edit { .. } => None,
            })
    }

    /// The entry just after the cursor (what Step would redo).
    pub fn next_entry(&self) -> Option<&Entry> {
        self.entries.get(self.cursor)
    }

    /// Steps dropped from the front because of [`HISTORY_LIMIT`].
    pub fn dropped_steps(&self) -> u64 {
        self.dropped_steps
    }

    /// The entries before the cursor, oldest first.
    pub fn done_entries(&self) -> impl Iterator<Item = &Entry> + '_ {
        self.entries.iter().take(self.cursor)
    }

    /// The kept states on the points as they are now, oldest first: from the state after the
    /// last edit at or before the cursor (or the oldest kept state) up to the first edit after
    /// it. Each comes with the record of the step that led to it (`None` for the first). A
    /// learning curve measures these states on the current points.
    pub fn on_current_points(&self) -> impl Iterator<Item = (Option<&Record>, &State)> + '_ {
        let is_edit = |e: &Entry| matches!(e, Entry::Edit { .. });
        let before = self.entries.iter().take(self.cursor);
        let start = before.clone().rposition(is_edit).map_or(0, |i| i + 1);
        let end = self
            .entries
            .iter()
            .skip(self.cursor)
            .position(is_edit)
            .map_or(self.entries.len(), |i| self.cursor + i);
        let first = std::iter::once((None, &self.states[start]));
        let rest = self
            .entries
            .iter()
            .zip(self.states.iter().skip(1))
            .take(end)
            .skip(start)
            .map(|(entry, state)| match entry {
                Entry::Step(record) => (Some(record), state),
                Entry::Edit { .. } => (None, state),
            });
        first.chain(rest)
    }

    /// Every kept step record with whether it lies before the cursor (done) or after (undone).
    pub fn steps(&self) -> impl Iterator<Item = (&Record, bool)> + '_ {
        self.entries
            .iter()
            .enumerate()
            .filter_map(|(i, e)| match e {
                Entry::Step(r) => Some((r, i < self.cursor)),
                Entry::Edit { .. } => None,
            })
    }

    /// The cursor position right after the step with number `step` (or the start for the
    /// oldest kept state), including the edits that directly follow it; `None` when that step
    /// is not kept.
    pub fn position_of_step(&self, step: u64) -> Option<usize> {
        let first = self.states.front()?.model.steps();
        if step < first {
            return None;
        }
        let mut position = None;
        for (i, state) in self.states.iter().enumerate() {
            if state.model.steps() == step {
                position = Some(i);
            } else if state.model.steps() > step {
                break;
            }
        }
        position
    }

    /// Moves the cursor to `position` and returns the edits crossed on the way, in order, with
    /// whether each was undone (`true`) or redone (`false`).
    pub fn seek(&mut self, position: usize) -> Vec<(PointChange, bool)> {
        let position = position.min(self.entries.len());
        let mut crossed = Vec::new();
        while self.cursor > position {
            self.cursor -= 1;
            if let Entry::Edit { change, .. } = &self.entries[self.cursor] {
                crossed.push((change.clone(), true));
            }
        }
        while self.cursor < position {
            if let Entry::Edit { change, .. } = &self.entries[self.cursor] {
                crossed.push((change.clone(), false));
            }
            self.cursor += 1;
        }
        crossed
    }

    /// Keeps at most `limit` entries from now on (at least 1, at most [`HISTORY_LIMIT`]),
    /// dropping the oldest ones now if there are more: the kernel run's limit follows the
    /// number of points, which edits change.
    pub fn set_limit(&mut self, limit: usize) {
        self.limit = limit.clamp(1, HISTORY_LIMIT);
        self.drop_oldest();
    }

    fn drop_oldest(&mut self) {
        while self.entries.len() > self.limit && self.cursor > 0 {
            if let Some(Entry::Step(_)) = self.entries.pop_front() {
                self.dropped_steps += 1;
            }
            self.states.pop_front();
            self.cursor -= 1;
        }
    }

    /// The step count of the last kept state (the end of the scrubber).
    pub fn last_step(&self) -> u64 {
        self.states.back().map_or(0, |s| s.model.steps())
    }

    /// The step count of the oldest kept state (the start of the scrubber).
    pub fn first_step(&self) -> u64 {
        self.states.front().map_or(0, |s| s.model.steps())
    }
}
