//! Undo for the actions that replace the timeline: Clear, Reset, loading an example, opening a
//! file or link, another algorithm, K or kernel, new settings.
//!
//! Such an action starts a new timeline, so the steps and edits of the old one are not entries
//! Back can walk through. Instead the whole state before it is put aside (shared, so a copy of the
//! session costs little): Back at the start of the new timeline brings it back, at the step it
//! was at, and Step at the end of the restored timeline does the action again. Any other change
//! made after Back forgets the redo, as a new step after Back drops the future. The states put
//! aside do not count against the timeline's entry cap, so the user's own points are never lost
//! to it; at most [`UNDO_LIMIT`] are kept.

use super::{Action, Session};
use std::rc::Rc;

/// The most destructive actions that can be undone.
pub const UNDO_LIMIT: usize = 20;

/// The most recent undo points keep their whole timeline (Back walks on through it after the
/// undo); older ones keep only the state they were at, so that twenty of them cost little more
/// than one (a kernel run's timeline holds a copy of α per entry).
const FULL_TIMELINES: usize = 3;

/// A whole state put aside, and the action that left it.
#[derive(Debug, Clone)]
pub(super) struct Aside {
    /// The action, in words ("Clear", "loading an example", …).
    what: &'static str,
    /// The session as it was (with empty undo stacks of its own).
    state: Rc<Session>,
}

/// Which way [`Session::cross`] goes.
#[derive(Clone, Copy)]
enum Direction {
    Undo,
    Redo,
}

/// What a session can undo and redo.
#[derive(Debug, Clone, Default)]
pub(super) struct Undo {
    undo: Vec<Aside>,
    redo: Vec<Aside>,
    /// The timeline's revision when the last undo restored it: a redo is offered only while
    /// the timeline is unchanged (the cursor may move through it).
    redo_at: Option<u64>,
}

/// The action in words when it replaces the timeline (and so is undone as a whole).
pub(super) fn destructive(action: &Action) -> Option<&'static str> {
    Some(match action {
        Action::Clear => "Clear",
        Action::Reset => "Reset",
        Action::LoadPreset(_) => "loading an example",
        Action::ImportCsv(_) => "opening a CSV file",
        Action::LoadScenario(_) => "opening a scenario",
        Action::SetSetup(_) => "choosing the algorithm, kernel or K",
        Action::SetSettings(_) => "new settings",
        _ => return None,
    })
}

impl Session {
    /// The session as it is, without its own undo stacks (they stay with the session).
    pub(super) fn put_aside(&mut self) -> Rc<Session> {
        let undo = std::mem::take(&mut self.undo);
        let state = Rc::new(self.clone());
        self.undo = undo;
        state
    }

    /// Records that `what` replaced the timeline of `before`: unless nothing was lost (no
    /// points and no steps before, or the same points, setup and settings at step 0), Back can
    /// bring it back. Forgets any redo.
    pub(super) fn remember(&mut self, what: &'static str, before: Rc<Session>) {
        let nothing_lost = (before.data.is_empty() && before.model().steps() == 0)
            || (before.model().steps() == 0
                && before.data == self.data
                && before.setup == self.setup
                && before.settings() == self.settings());
        if nothing_lost {
            return;
        }
        self.undo.undo.push(Aside {
            what,
            state: before,
        });
        if self.undo.undo.len() > UNDO_LIMIT {
            self.undo.undo.remove(0);
        }
        // The undo point that just fell out of the newest few keeps only its state.
        let old = self.undo.undo.len().checked_sub(FULL_TIMELINES + 1);
        if let Some(aside) = old.and_then(|i| self.undo.undo.get_mut(i)) {
            let mut state = (*aside.state).clone();
            state.history = state.history.trimmed();
            aside.state = Rc::new(state);
        }
        self.undo.redo.clear();
        self.undo.redo_at = None;
    }

    /// Back at the start of the timeline: brings back the state before the last destructive
    /// action, if any. Returns whether it did.
    pub(super) fn undo_destructive(&mut self) -> bool {
        if !self.history.at_start() {
            return false;
        }
        let Some(what) = self.cross(Direction::Undo) else {
            return false;
        };
        self.notice = format!(
            "Undone: {what} (Step → does it again). At step {}.",
            self.model().steps()
        );
        self.undo.redo_at = Some(self.history.revision());
        true
    }

    /// Step at the end of the timeline, right after an undo: does the undone action again.
    /// Returns whether it did.
    pub(super) fn redo_destructive(&mut self) -> bool {
        if self.undo.redo_at != Some(self.history.revision()) {
            // The timeline changed since the undo: what was undone is not redone.
            self.undo.redo.clear();
            self.undo.redo_at = None;
            return false;
        }
        if !self.history.at_end() {
            return false;
        }
        let Some(what) = self.cross(Direction::Redo) else {
            return false;
        };
        self.notice = format!("Redone: {what}.");
        self.undo.redo_at = (!self.undo.redo.is_empty()).then(|| self.history.revision());
        true
    }

    /// Takes the newest state of one stack (undo or redo), puts the session as it is on the
    /// other and brings that state back. Returns the action's words, or `None` when the stack
    /// is empty.
    fn cross(&mut self, direction: Direction) -> Option<&'static str> {
        let from = match direction {
            Direction::Undo => &mut self.undo.undo,
            Direction::Redo => &mut self.undo.redo,
        };
        let aside = from.pop()?;
        let now = self.put_aside();
        let mut stacks = std::mem::take(&mut self.undo);
        let to = match direction {
            Direction::Undo => &mut stacks.redo,
            Direction::Redo => &mut stacks.undo,
        };
        to.push(Aside {
            what: aside.what,
            state: now,
        });
        self.bring_back(&aside.state, stacks);
        Some(aside.what)
    }

    /// Replaces the state by `state`, keeping `stacks` and how the views are looked at (the
    /// augmented view's camera is not part of what was undone); not playing.
    fn bring_back(&mut self, state: &Session, stacks: Undo) {
        let augmented = self.shown.augmented;
        let region_grid = self.derived.region_grid;
        let cursor = self.take_cursor();
        // Fresh versions: every cache keyed on them (here and in the page) is built again, and no
        // later edit can reuse a version the page saw for other points.
        let data_version = self.data_version.max(state.data_version) + 1;
        let runs = self.runs.max(state.runs) + 1;
        // Utterances keep counting up: the state brought back numbered its own, and the page's
        // announcer, which says each number once, would take the undo's for one already said.
        let said_seq = self.speech.said_seq;
        *self = state.clone();
        self.data_version = data_version;
        self.runs = runs;
        self.speech.said_seq = said_seq;
        self.undo = stacks;
        self.shown.augmented = augmented;
        self.derived.region_grid = region_grid;
        self.keep_cursor(cursor);
        self.derived.region_cache = None;
        self.play.playing = false;
        self.play.last_tick = None;
        self.editing.drag = None;
    }

    /// How many destructive actions Back can undo now (at the start of the timeline).
    pub fn undoable(&self) -> usize {
        self.undo.undo.len()
    }
}
