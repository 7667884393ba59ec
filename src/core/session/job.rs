//! Long work in slices (issue #15): Run to convergence, Finish epoch, Next mistake and the replay
//! of a link or scenario file can each do up to [`WORK_BUDGET`] units of work, about half a
//! second in the page. With slices on ([`Session::set_slices`], as the page sets them), such
//! work does at most [`SLICE_WORK`] units in the action that starts it and in each animation
//! frame's [`Action::Tick`] after that, so the tab keeps answering; [`Session::progress`] tells
//! the page what to show, and [`Action::Cancel`] puts everything back as it was before the work
//! began. Work that fits in one slice is done at once, as it is without slices.
//!
//! While work is under way the actions that change the points or the timeline are refused with
//! a message; what only changes the view is taken. Opening another link, file or example
//! cancels the work first.

use super::*;

/// The most work one slice does: a quarter of a frame of Play at its most, since a slice's
/// frame also brings the panels up to date (the η panel's two runs follow every step) and
/// draws: about 10–20 ms in the page, so a run to the whole budget takes 200 frames.
pub const SLICE_WORK: u64 = TICK_WORK / 4;

/// Long work in slices: the work under way, and how it is sliced.
#[derive(Debug, Clone)]
pub(super) struct LongWork {
    /// The work under way (see [`Session::progress`]).
    pub(super) job: Option<Job>,
    /// Whether long work is done in slices (see [`Session::set_slices`]).
    pub(super) slices: bool,
    /// The most work a slice does.
    pub(super) slice_work: u64,
}

impl Default for LongWork {
    fn default() -> Self {
        LongWork {
            job: None,
            slices: false,
            slice_work: SLICE_WORK,
        }
    }
}

/// Where a run stops.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Goal {
    /// Convergence, the epoch cap, a cycle or the work budget, then a verdict.
    Convergence,
    /// The end of the epoch that was under way.
    EpochEnd(u64),
    /// The next update; `taken` steps without one so far, at most `cap`.
    Mistake {
        /// Steps and edits taken without an update.
        taken: u64,
        /// The most to take (two epochs and a little more).
        cap: u64,
    },
}

impl Goal {
    fn title(self) -> &'static str {
        match self {
            Goal::Convergence => "Running to convergence",
            Goal::EpochEnd(_) => "Finishing the epoch",
            Goal::Mistake { .. } => "Stepping to the next mistake",
        }
    }
}

/// A link or scenario file being replayed on a copy of the session; the session itself is
/// replaced only when the replay is complete.
#[derive(Debug, Clone)]
pub(super) struct Opening {
    /// The session being built.
    pub(super) next: Session,
    /// The scenario's edits, in step order, and the first not yet replayed.
    pub(super) edits: Vec<crate::core::scenario::Edit>,
    pub(super) edit_at: usize,
    /// The scenario's step, and the step reached so far.
    pub(super) step: u64,
    pub(super) reached: u64,
    /// Why training stopped before the scenario's step, in the status line's words.
    pub(super) why: String,
    /// The scenario's view.
    pub(super) view: Option<[f64; 4]>,
    /// The work the whole replay costs ([`replay_budget`](super::loading)).
    pub(super) total: u64,
}

impl Opening {
    /// Replays until the scenario's step (`Ok(true)`) or until `slice` units of work are spent
    /// (`Ok(false)`); an edit that cannot be replayed, or is never reached, refuses the
    /// scenario.
    pub(super) fn advance(&mut self, slice: u64) -> Result<bool, Error> {
        let start = self.next.history.current().work;
        // Edits before the first step are not part of the run's work (they only shape the
        // points it starts from), but they take time all the same: counted here, for the slice.
        let mut edited: u64 = 0;
        let spent = |s: &Session, edited: u64| {
            s.history
                .current()
                .work
                .saturating_sub(start)
                .saturating_add(edited)
                >= slice
        };
        loop {
            while let Some(edit) = self
                .edits
                .get(self.edit_at)
                .filter(|e| e.step() == self.reached)
            {
                self.next.replay_edit(edit)?;
                self.edit_at += 1;
                edited = edited.saturating_add(edit_slice_work(self.next.data.len()));
                if spent(&self.next, edited) {
                    return Ok(false);
                }
            }
            if self.reached >= self.step {
                break;
            }
            if let Forward::Stopped = self.next.forward_one() {
                self.why = self.next.notice.clone();
                break;
            }
            self.reached = self.next.model().steps();
            if spent(&self.next, edited) {
                return Ok(false);
            }
        }
        if let Some(late) = self.edits.get(self.edit_at) {
            // Training stopped (converged, or out of epochs) before the edit's step: it would
            // be dropped without a word, so the scenario is refused (issue #16).
            return Err(Error::Field {
                field: "edits",
                reason: format!(
                    "the edit after step {} is never reached: training stops at step {}",
                    late.step(),
                    self.reached
                ),
            });
        }
        Ok(true)
    }
}

/// What replaying one edit of `n` points costs a slice: it moves, adds or removes one point and
/// shifts what is kept per point (a kernel run's α), about a hundredth of a visit per point
/// (20,000 edits of 20,000 points take about 260 ms natively), counted as a thirty-second.
fn edit_slice_work(n: usize) -> u64 {
    STEP_OVERHEAD.saturating_add(n as u64 / 32)
}

/// Work under way.
#[derive(Debug, Clone)]
pub(super) enum Job {
    /// A run from the session as it was in `before`.
    Run {
        /// Where it stops.
        goal: Goal,
        /// The session before the run (without its undo stacks), for Cancel.
        before: Rc<Session>,
        /// The work done before the run began, and the most the run can do.
        start: u64,
        total: u64,
    },
    /// A scenario being opened; `before` is what Back brings back once it is open, when the
    /// opening replaces something worth keeping.
    Open {
        /// The replay.
        opening: Box<Opening>,
        /// The session before, for Back after the scenario is open.
        before: Option<Rc<Session>>,
    },
}

/// What the page shows of work under way.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// What is being done, e.g. "Running to convergence".
    pub title: &'static str,
    /// Work units done, and the most there are (a run may end sooner: it converges).
    pub done: u64,
    /// See `done`.
    pub total: u64,
    /// The step reached.
    pub step: u64,
}

impl Progress {
    /// Done as a fraction from 0 to 1.
    pub fn fraction(&self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            (self.done as f64 / self.total as f64).clamp(0.0, 1.0)
        }
    }

    /// In words, for the page beside its progress bar, e.g. "Running to convergence: step
    /// 52,000, 41% of the most it may do. Cancel (Esc) goes back to where it began."
    pub fn text(&self) -> String {
        let cancel = if self.title.starts_with("Opening") {
            "Cancel (Esc) keeps what is here."
        } else {
            "Cancel (Esc) goes back to where it began."
        };
        format!(
            "{}: step {}, {}% of the most it may do. {cancel}",
            self.title,
            count(self.step),
            (self.fraction() * 100.0).floor()
        )
    }
}

/// Whether `action` may be taken while work is under way: it changes neither the points nor
/// the timeline.
fn allowed_while_busy(action: &Action) -> bool {
    // Beside the view actions: the class a click adds and a message touch neither either.
    action.is_view() || matches!(action, Action::SelectClass(_) | Action::Say(_))
}

/// Why an action waits while `title` is under way.
fn busy_message(title: &str) -> String {
    format!("{title}: wait for it to finish, or Cancel (Esc) to go back to where it began.")
}

/// Whether `action` opens something else, which cancels the work under way first.
pub(super) fn replaces_work(action: &Action) -> bool {
    matches!(
        action,
        Action::LoadScenario(_) | Action::LoadPreset(_) | Action::ImportCsv(_)
    )
}

impl Session {
    /// Turns slices on or off (off by default: every action then does its whole work before it
    /// returns, as the command line and the tests expect). The page turns them on, and sends an
    /// [`Action::Tick`] every animation frame while [`Session::is_busy`].
    pub fn set_slices(&mut self, on: bool) {
        self.long_work.slices = on;
        self.long_work.slice_work = SLICE_WORK;
    }

    /// With slices on, the most work a slice does: [`SLICE_WORK`] unless set smaller (the page's
    /// end-to-end tests make long work last long enough to be looked at). At least 1.
    pub fn set_slice_work(&mut self, units: u64) {
        self.long_work.slice_work = units.max(1);
    }

    /// Whether work is under way in slices.
    pub fn is_busy(&self) -> bool {
        self.long_work.job.is_some()
    }

    /// The work under way, for the page's progress bar.
    pub fn progress(&self) -> Option<Progress> {
        Some(match self.long_work.job.as_ref()? {
            Job::Run {
                goal, start, total, ..
            } => Progress {
                title: goal.title(),
                done: self.history.current().work.saturating_sub(*start),
                total: *total,
                step: self.model().steps(),
            },
            Job::Open { opening, .. } => Progress {
                title: "Opening the scenario",
                done: opening.next.history.current().work,
                total: opening.total,
                step: opening.reached,
            },
        })
    }

    /// The most work a slice may do now.
    fn slice(&self) -> u64 {
        if self.long_work.slices {
            self.long_work.slice_work
        } else {
            u64::MAX
        }
    }

    /// Before an action while work is under way: `Some` when the action is answered here (a
    /// tick, Cancel, or refused), `None` when it goes on as usual (a view change). Opening
    /// something else is tried before this ([`replaces_work`]: `Session::apply`).
    pub(super) fn while_busy(&mut self, action: &Action) -> Option<Changed> {
        self.long_work.job.as_ref()?;
        match action {
            Action::Tick { .. } => Some(self.work_on()),
            Action::Cancel => Some(self.cancel_job()),
            a if allowed_while_busy(a) => None,
            _ => {
                let title = self.progress().map_or("Working", |p| p.title);
                self.notice = busy_message(title);
                Some(Changed::Redraw)
            }
        }
    }

    /// Starts a run towards `goal`: done at once when it fits in a slice, else under way.
    pub(super) fn start_run(&mut self, goal: Goal) {
        self.notice.clear();
        let before = self.long_work.slices.then(|| self.put_aside());
        let start = self.history.current().work;
        let mut goal = goal;
        if self.run_slice(&mut goal, self.slice()) {
            self.end_run(goal);
            return;
        }
        let Some(before) = before else {
            // Without slices a run always completes in its one slice.
            self.end_run(goal);
            return;
        };
        let left = WORK_BUDGET.saturating_sub(start);
        let step = self.step_work().max(1);
        let n = self.data.len() as u64 + 1;
        let total = match goal {
            Goal::Convergence => left,
            Goal::EpochEnd(_) => step.saturating_mul(n).min(left),
            Goal::Mistake { cap, .. } => step.saturating_mul(cap).min(left),
        }
        .max(self.history.current().work - start);
        self.long_work.job = Some(Job::Run {
            goal,
            before,
            start,
            total,
        });
    }

    /// Steps towards `goal` until it is reached (`true`) or `slice` units of work are spent.
    fn run_slice(&mut self, goal: &mut Goal, slice: u64) -> bool {
        let start = self.history.current().work;
        loop {
            if *goal == Goal::Convergence && self.watch.cycle.is_some() {
                return true;
            }
            let forward = self.forward_one();
            match goal {
                Goal::Convergence => {
                    if matches!(forward, Forward::Stopped)
                        || self.model().state() != TrainState::Running
                    {
                        return true;
                    }
                }
                Goal::EpochEnd(epoch) => {
                    let t = self.model();
                    if matches!(forward, Forward::Stopped)
                        || t.state() != TrainState::Running
                        || t.epoch() != *epoch
                    {
                        return true;
                    }
                }
                Goal::Mistake { taken, cap } => match forward {
                    Forward::Stepped { mistake: true } | Forward::Stopped => return true,
                    Forward::Stepped { .. } | Forward::Edited => {
                        *taken += 1;
                        if *taken > *cap {
                            return true;
                        }
                    }
                },
            }
            if self.history.current().work.saturating_sub(start) >= slice {
                return false;
            }
        }
    }

    /// A run reached its goal: the verdict of a run to convergence.
    fn end_run(&mut self, goal: Goal) {
        if goal == Goal::Convergence {
            self.verdict();
        }
    }

    /// One slice of the work under way (an animation frame's tick).
    fn work_on(&mut self) -> Changed {
        let slice = self.slice();
        match self.long_work.job.take() {
            None => Changed::Nothing,
            Some(Job::Run {
                mut goal,
                before,
                start,
                total,
            }) => {
                if self.run_slice(&mut goal, slice) {
                    if self.notice == busy_message(goal.title()) {
                        self.notice.clear();
                    }
                    self.end_run(goal);
                    if self.notice.is_empty() {
                        // Finish epoch and Next mistake say nothing when they get there; after
                        // a wait, they say where they got to.
                        self.notice = self.notice_after_run(goal);
                    }
                } else {
                    self.long_work.job = Some(Job::Run {
                        goal,
                        before,
                        start,
                        total: total.max(self.history.current().work - start),
                    });
                }
                Changed::Redraw
            }
            Some(Job::Open {
                mut opening,
                before,
            }) => {
                match opening.advance(slice) {
                    Ok(false) => self.long_work.job = Some(Job::Open { opening, before }),
                    Ok(true) => {
                        self.finish_open(*opening);
                        if let Some(before) = before {
                            self.remember("opening a scenario", before);
                        }
                    }
                    Err(e) => {
                        self.notice =
                            format!("The scenario could not be opened: {e}. Nothing was changed.");
                    }
                }
                Changed::Redraw
            }
        }
    }

    /// What a run that ended after a wait says when its own notice says nothing.
    fn notice_after_run(&self, goal: Goal) -> String {
        let t = self.model();
        let at = format!("step {}, epoch {}", t.steps(), t.epoch());
        match goal {
            Goal::Mistake { .. } => match self.last_record() {
                Some(r) if r.mistake() => format!("Next mistake: an update at {at}."),
                _ => format!("No update found: stopped at {at}."),
            },
            _ => format!("Finished the epoch: now at {at}."),
        }
    }

    /// Stops the work under way and puts back what was there before it began.
    pub(super) fn cancel_job(&mut self) -> Changed {
        match self.long_work.job.take() {
            None => Changed::Nothing,
            Some(Job::Run { before, goal, .. }) => {
                let version = self.data_version;
                let mut restored = (*before).clone();
                restored.undo = std::mem::take(&mut self.undo);
                restored.editing.cursor = std::mem::take(&mut self.editing.cursor);
                restored.long_work.slices = self.long_work.slices;
                restored.long_work.slice_work = self.long_work.slice_work;
                // Caches keyed by the points' version must not take the cancelled run's
                // points for these.
                restored.data_version = version + 1;
                restored.derived.region_grid = self.derived.region_grid.take();
                restored.shown.augmented = self.shown.augmented;
                restored.play.speed = self.play.speed;
                restored.editing.snap = self.editing.snap;
                restored.shown.show_max_margin = self.shown.show_max_margin;
                restored.editing.selected = self.editing.selected;
                restored.speech.said_seq = self.speech.said_seq;
                *self = restored;
                self.notice = format!(
                    "Cancelled: back at step {}, as before {}.",
                    self.model().steps(),
                    goal.title().to_lowercase()
                );
                Changed::Redraw
            }
            Some(Job::Open { .. }) => {
                self.notice = "Cancelled opening the scenario: nothing was changed.".to_string();
                Changed::Redraw
            }
        }
    }

    /// Opens a prepared scenario: at once when its replay fits in a slice, else under way
    /// (`Ok(false)`).
    pub(super) fn open(&mut self, mut opening: Opening) -> Result<bool, Error> {
        if opening.advance(self.slice())? {
            self.finish_open(opening);
            return Ok(true);
        }
        self.notice = format!(
            "Opening the scenario: replaying {} steps. Cancel (Esc) keeps what is here.",
            count(opening.step)
        );
        self.long_work.job = Some(Job::Open {
            opening: Box::new(opening),
            before: None,
        });
        Ok(false)
    }

    /// The opening under way takes `before` to remember for Back once it is open. `false` when
    /// no opening is under way.
    pub(super) fn defer_remember(&mut self, before: &Rc<Session>) -> bool {
        match &mut self.long_work.job {
            Some(Job::Open { before: slot, .. }) => {
                *slot = Some(Rc::clone(before));
                true
            }
            _ => false,
        }
    }
}
