//! The one owner of state: every change goes through [`Session::apply`].
//!
//! Training history lives in a [`History`] timeline: Step back is an exact undo, the scrubber and
//! the trace table read it, and going back then forward again yields the same states. Editing the
//! points keeps the weights and the step count; once training has started, an edit is an entry of
//! the timeline too, so going back across it shows the data as it was.

use super::algo::perceptron::eta::{ETA_SLICE_STEPS, ETA_WORKED_STEPS};
use super::algo::registry::{Model, Record, Setup};
use super::algo::ClassData;
use super::explain::Explanation;
use super::history::{Entry, History, PointChange, State, HISTORY_LIMIT};
use super::numfmt::{count, num, point, vector};
use super::table::{self, TableFormat};
use super::theory::{self, MaxMargin};
use super::{
    Dataset, Error, Label, Rect, Refusal, Scene, Settings, Status, StepRecord, TrainState, Visited,
};
use std::rc::Rc;

mod action;
mod code;
mod cursor;
mod derived;
mod edits;
mod fit;
mod job;
mod loading;
mod names;
mod practice;
mod settings;
mod show;
mod speech;
mod training;
mod undo;
mod views;

pub use action::{Action, PracticeAction};
pub use cursor::{cursor_steps, CursorAction};
pub use derived::EtaKey;
pub use job::{Progress, SLICE_WORK};
pub use practice::{Ask, PracticeView};
pub use show::TraceRow;
pub use speech::{PointRow, Utterance, POINT_ROWS_LIMIT};
pub use undo::UNDO_LIMIT;

use fit::{fit_view, round_to_pixel, usable_view};
use training::{errors_after, training_errors};

/// The view a blank session shows: `[-5, 5] × [-5, 5]`.
pub const DEFAULT_VIEW: Rect = Rect {
    x_min: -5.0,
    x_max: 5.0,
    y_min: -5.0,
    y_max: 5.0,
};

/// The most steps one animation tick may take: "as fast as possible" takes this many per frame.
pub const MAX_STEPS_PER_TICK: u64 = 2_000;

/// Play speeds in steps per second; the top of the range means "as fast as possible".
pub const SPEED_RANGE: std::ops::RangeInclusive<f64> = 0.5..=1000.0;

/// The most points the session holds (imports beyond it are refused with a message).
pub const MAX_POINTS: usize = 100_000;

/// The work a run may do, in work units (about one sample scored by one weight vector, or one
/// kernel value: [`Learner::step_cost`], plus [`STEP_OVERHEAD`] a step; pocket mode adds a
/// count of the training errors, n units, a step; an edit after training started costs n). A
/// step beyond it is refused and says so, which stops Play, Run to convergence, Finish epoch
/// and Next mistake; a link or scenario whose replay would need more is refused before anything
/// is replayed, so whatever the page trained it can open again. A budget of work, not of steps:
/// a classic step visits one sample, a batch or kernel step every point. About 0.2 s natively.
pub const WORK_BUDGET: u64 = 20_000_000;

/// The bookkeeping of one step (its record, a history entry) in work units: even the cheapest
/// step costs about this much.
pub const STEP_OVERHEAD: u64 = 16;

/// The work one frame of Play may do (at most [`MAX_STEPS_PER_TICK`] steps as well).
pub const TICK_WORK: u64 = 400_000;

/// The most edits a link or scenario may hold.
pub const MAX_EDITS: usize = 100_000;

/// Whether an action changed anything visible.
#[must_use]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Changed {
    /// Nothing to redraw.
    Nothing,
    /// The scene or the status changed.
    Redraw,
}

/// What moving one entry forward did.
enum Forward {
    Stepped { mistake: bool },
    Edited,
    Stopped,
}

/// A perceptron session on 2-D points: data, timeline, play state and the last message. The
/// state of each concern is a part of its own, defined in the module that owns it.
#[derive(Debug, Clone)]
pub struct Session {
    data: Dataset,
    /// The points' version: every change of the points counts it up (the derived caches are
    /// keyed on it).
    data_version: u64,
    history: History,
    setup: Setup,
    /// One name per class: `-1`/`+1` for the binary algorithms; for the multiclass ones the
    /// labels of the imported file, or `0`, `1`, … (see [`Session::class_names`]).
    class_names: Vec<String>,
    /// The run: every restart of the timeline counts it up (see [`Session::run_key`]).
    runs: u64,
    /// The status line's message.
    notice: String,
    /// The states before destructive actions, for Back, and those undone, for Step.
    undo: undo::Undo,
    /// The plot's pointer and keyboard: the class a click adds, selection, drag, snapping,
    /// the keyboard cursor.
    editing: edits::Editing,
    /// The play clock.
    play: training::Play,
    /// What training watches besides its timeline: the pocket and the cycles.
    watch: training::Watch,
    /// How the plot and its panels are shown: the view, the max-margin band, the augmented
    /// view, the η panel's η₂.
    shown: views::Shown,
    /// The caches of what is derived from the points and the timeline.
    derived: derived::Derived,
    /// What the live region is given to say.
    speech: speech::Speech,
    /// Long work in slices (see [`Session::set_slices`]).
    long_work: job::LongWork,
    /// Practice mode's runs (see [`Session::practice`]).
    practice: practice::Practising,
}

/// The η panel's second learning rate when none was set: a power of two, so that from zero
/// weights `w(η₂) = η₂·w(1)` holds exactly (see [`eta`](super::algo::perceptron::eta)).
pub const DEFAULT_SECOND_ETA: f64 = 0.5;

/// The Gram matrix panel of the kernel perceptron.
#[derive(Debug, Clone, PartialEq)]
pub struct Gram {
    /// The kernel, as `linear`, `poly:…` or `rbf:…`.
    pub kernel: String,
    /// The number of samples n.
    pub size: usize,
    /// The (0-based) sample just visited.
    pub current: Option<usize>,
    /// The first rows and columns of the matrix.
    pub rows: Vec<Vec<f64>>,
    /// The whole row of the sample just visited.
    pub current_row: Option<Vec<f64>>,
    /// α, one per sample.
    pub alphas: Vec<f64>,
}

/// What the batch perceptron's charts show (computed in its folder).
pub use crate::core::algo::batch::BatchView;

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A blank session with the default settings.
    pub fn new() -> Session {
        let setup = Setup::default();
        let model = match Model::new(&setup, Settings::default(), 2) {
            Ok(model) => model,
            Err(e) => unreachable!("the default settings are valid: {e}"),
        };
        let mut session = Session {
            data: Dataset::new(2),
            data_version: 0,
            history: History::new(State {
                model,
                pocket: None,
                work: 0,
            }),
            class_names: names::default_class_names(setup.algorithm, setup.classes),
            setup,
            runs: 0,
            notice: "Click to add a point of class +1; shift-click or right-click adds class -1."
                .to_string(),
            undo: Default::default(),
            editing: Default::default(),
            play: Default::default(),
            watch: Default::default(),
            shown: Default::default(),
            derived: Default::default(),
            speech: Default::default(),
            long_work: Default::default(),
            practice: Default::default(),
        };
        session.watch_epoch_start();
        session.refresh_derived();
        session
    }

    /// The points.
    pub fn data(&self) -> &Dataset {
        &self.data
    }

    /// The training state at the cursor.
    pub fn model(&self) -> &Model {
        &self.history.current().model
    }

    /// The settings in force.
    pub fn settings(&self) -> &Settings {
        self.model().settings()
    }

    /// The algorithm, kernel and classes in force.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The number of classes points can have now: 2 for the binary algorithms, K otherwise.
    pub fn num_classes(&self) -> usize {
        self.setup.num_classes()
    }

    /// The name of class `c` as the page shows it: `-1`/`+1` for the binary algorithms; for
    /// the multiclass ones the label the imported file gave it, else `0`, `1`, ….
    pub fn class_name(&self, c: usize) -> String {
        match self.class_names.get(c) {
            Some(name) => name.clone(),
            None => names::class_name(self.setup.algorithm, c),
        }
    }

    /// The names of the classes, one per class index ([`Session::num_classes`] of them). A
    /// points CSV imported under a multiclass algorithm sets them to its labels (in the order
    /// of the classes: numerical when every label is a number, else as strings); a preset
    /// resets them to `0`, `1`, …; changing K keeps the names of the classes kept and names new
    /// classes by their index (`class K` when that name is taken); the binary algorithms have
    /// `-1` and `+1`. Scenarios, links and the points CSV keep them.
    pub fn class_names(&self) -> &[String] {
        &self.class_names
    }

    /// Whether the classes have the names they have without a file: `-1`/`+1`, or `0`, `1`, ….
    pub fn has_default_class_names(&self) -> bool {
        self.class_names == names::default_class_names(self.setup.algorithm, self.setup.classes)
    }

    /// The timeline.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The record of the most recent step before the cursor (edits since then do not hide it:
    /// they change neither the weights nor the step count).
    pub fn last_record(&self) -> Option<&Record> {
        self.history.last_step_record()
    }

    /// The most recent step before the cursor when it is a step of the classic rule (perceptron
    /// or averaged).
    pub fn last_step(&self) -> Option<&StepRecord> {
        self.last_record().and_then(Record::binary)
    }

    /// The class index of the class a click adds.
    pub fn selected_class_index(&self) -> usize {
        self.editing.selected
    }

    /// Whether Play is on.
    pub fn is_playing(&self) -> bool {
        self.play.playing
    }

    /// Play speed in steps per second.
    pub fn speed(&self) -> f64 {
        self.play.speed
    }

    /// The class plain clicks add, as a binary label (class 1 is `+1`).
    pub fn selected_class(&self) -> Label {
        if self.editing.selected == 1 {
            Label::Pos
        } else {
            Label::Neg
        }
    }

    /// The selected point (Delete removes it).
    pub fn selected_point(&self) -> Option<usize> {
        self.editing.selected_point
    }

    /// Whether a point is being dragged.
    pub fn is_dragging(&self) -> bool {
        self.editing.drag.is_some()
    }

    /// Applies one action. On `Err` nothing has changed (except that a point the keyboard was
    /// carrying has been dropped where it was: every action but the cursor's own drops it
    /// first, as one edit of its own). After a visible change the derived
    /// caches (theory, accuracy, the batch charts) are brought up to date here, so that
    /// [`Session::scene`] and [`Session::status`] only read: nothing changes the session
    /// outside `apply`.
    pub fn apply(&mut self, action: Action) -> Result<Changed, Error> {
        // A point carried by the keyboard is dropped where it is before anything else happens
        // (a frame's tick or grid does not touch the points).
        if !matches!(
            action,
            Action::Cursor(_) | Action::Tick { .. } | Action::SetRegionGrid { .. }
        ) && self.drop_carried()?
        {
            self.refresh_derived();
        }
        // A file, link or example opened while work is under way gives that work up, but only
        // once it is known to open: tried on a copy first, so that what is refused leaves the
        // work going on as it was (and says why).
        if self.long_work.job.is_some() && job::replaces_work(&action) {
            let mut trial = self.clone();
            let _ = trial.cancel_job();
            let changed = trial.apply(action)?;
            *self = trial;
            return Ok(changed);
        }
        // Work under way in slices takes the frame's tick and Cancel, and refuses changes.
        if self.long_work.job.is_some() {
            let tick = matches!(action, Action::Tick { .. });
            if let Some(changed) = self.while_busy(&action) {
                if changed == Changed::Redraw {
                    // A tick did a slice of the work: the η panel follows by a smaller one.
                    self.refresh_derived_sharing(if tick {
                        ETA_WORKED_STEPS
                    } else {
                        ETA_SLICE_STEPS
                    });
                }
                // Said: how it ended, or why an action waits; not each slice.
                if !(tick && self.long_work.job.is_some()) {
                    self.say_notice();
                }
                return Ok(changed);
            }
        }
        if let Some(changed) = self.practice_gate(&action) {
            return Ok(changed);
        }
        let was_busy = self.long_work.job.is_some();
        // An action that replaces the timeline keeps what it replaces, for Back.
        let before = undo::destructive(&action).map(|what| (what, self.put_aside()));
        let heard = self.before_heard(&action);
        let changed = self.apply_action(action)?;
        if let Some((what, before)) = before {
            // An opening under way remembers it when it is open.
            if !self.defer_remember(&before) {
                self.remember(what, before);
            }
        }
        if changed == Changed::Redraw {
            self.refresh_derived();
        }
        self.heard(heard, changed);
        if let Some(progress) = self.progress().filter(|_| !was_busy) {
            // Long work began: say what it is and how to cancel it.
            self.say_text(progress.text());
        }
        Ok(changed)
    }

    /// Applies an action [`Session::apply`] lets through: stops Play for the actions that move
    /// through training, then hands the action to the method of its concern.
    fn apply_action(&mut self, action: Action) -> Result<Changed, Error> {
        let stops_play = matches!(
            action,
            Action::Step
                | Action::Back
                | Action::NextMistake
                | Action::FinishEpoch
                | Action::RunToConvergence
                | Action::JumpToStep(_)
        );
        if stops_play {
            self.play.playing = false;
        }
        match action {
            view if view.is_view() => self.view_action(view),
            Action::AddPoint { .. }
            | Action::Press { .. }
            | Action::DragTo { .. }
            | Action::Release { .. }
            | Action::RemoveAt { .. }
            | Action::Secondary { .. }
            | Action::DeleteSelected
            | Action::SelectClass(_) => self.edit_action(action),
            Action::Step
            | Action::Back
            | Action::NextMistake
            | Action::FinishEpoch
            | Action::RunToConvergence
            | Action::Cancel
            | Action::JumpToStep(_)
            | Action::Play
            | Action::Pause
            | Action::TogglePlay => self.step_action(action),
            Action::Reset
            | Action::Clear
            | Action::SetSettings(_)
            | Action::SetSetup(_)
            | Action::LoadPreset(_) => self.setup_action(action),
            Action::SetPocket(on) => Ok(self.set_pocket(on)),
            // The η panel's alone, but checked and maybe refused: not a view action (work under
            // way and practice refuse it).
            Action::SetSecondEta(eta) => self.set_second_eta(eta),
            Action::ImportCsv(bytes) => self.import_csv(&bytes),
            Action::LoadScenario(scenario) => self.load_scenario(scenario),
            Action::Say(text) => {
                self.notice = text;
                Ok(Changed::Redraw)
            }
            Action::Cursor(cursor) => self.cursor_action(cursor),
            Action::Practice(action) => self.practice_action(action),
            Action::Tick { now_ms } => Ok(self.tick(now_ms)),
            // The view actions, which the first arm takes.
            _ => Ok(Changed::Nothing),
        }
    }

    // ----- points -------------------------------------------------------------------------
}

fn plane(data: &Dataset) -> (Vec<[f64; 2]>, Vec<f64>) {
    (0..data.len())
        .map(|i| ([data.x(i)[0], data.x(i)[1]], data.label(i).y()))
        .unzip()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
