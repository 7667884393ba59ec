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
use std::collections::HashMap;
use std::rc::Rc;

mod action;
mod code;
mod cursor;
mod derived;
mod edits;
mod job;
mod loading;
mod names;
mod practice;
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
/// What a derived value depends on: the points' version, the run, the step (see
/// [`Session::accuracy_key`]).
type StateKey = (u64, u64, u64);

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

/// A point being dragged.
#[derive(Debug, Clone)]
struct Drag {
    index: usize,
    from: [f64; 2],
    moved: bool,
}

/// The maximum-margin separator of the current data, computed once per data/bias change.
#[derive(Debug, Clone)]
struct Theory {
    version: u64,
    bias: bool,
    radius: f64,
    best: MaxMargin,
}

/// A perceptron session on 2-D points: data, timeline, play state and the last message.
#[derive(Debug, Clone)]
pub struct Session {
    data: Dataset,
    data_version: u64,
    history: History,
    selected: usize,
    selected_point: Option<usize>,
    drag: Option<Drag>,
    snap: bool,
    playing: bool,
    speed: f64,
    last_tick: Option<f64>,
    due: f64,
    notice: String,
    view: Rect,
    pocket_mode: bool,
    show_max_margin: bool,
    /// The augmented view's camera and sign flip.
    augmented: crate::core::augmented::AugmentedOptions,
    epoch_starts: HashMap<Vec<u64>, u64>,
    /// The watch of the state now is still to be taken (before the next step): an edit
    /// restarts the watch, and taking it at once, the whole state hashed, made a link with
    /// thousands of edits cost seconds (issue #15).
    watch_pending: bool,
    cycle: Option<(u64, u64)>,
    theory: Option<Theory>,
    setup: Setup,
    /// One name per class: `-1`/`+1` for the binary algorithms; for the multiclass ones the
    /// labels of the imported file, or `0`, `1`, … (see [`Session::class_names`]).
    class_names: Vec<String>,
    class_cache: Option<(u64, Rc<ClassData>)>,
    kernel_grid: super::region::KernelGrid,
    /// The region map's grid as the page asked for it, and the map for the state of
    /// [`Session::accuracy_key`] on it.
    region_grid: Option<(Rect, usize, usize)>,
    region_cache: Option<((u64, u64, u64), Option<super::Region>)>,
    max_class_cache: Option<(u64, Option<usize>)>,
    /// The points the model gets wrong, for the state of [`Session::accuracy_key`].
    wrong_cache: Option<(StateKey, Rc<Vec<usize>>)>,
    /// The kernel perceptron's scores of the points, from which `wrong_cache` is found.
    point_scores: super::region::KernelPointScores,
    /// The batch charts, for the state of [`Session::accuracy_key`].
    batch_cache: Option<((u64, u64, u64), BatchView)>,
    runs: u64,
    /// The η panel's second learning rate, and its two runs (see [`Session::eta_view`]).
    second_eta: f64,
    eta_cache: Option<EtaCache>,
    /// The side-by-side comparison (see [`Session::comparison`]).
    compare: crate::core::compare::CompareCache,
    /// The states before destructive actions, for Back, and those undone, for Step.
    undo: undo::Undo,
    /// The keyboard cursor on the focused plot.
    cursor: cursor::Cursor,
    /// What the last action gave to say (see [`Session::announcement`]), and the number of
    /// utterances so far.
    said: Option<speech::Said>,
    said_seq: u64,
    /// Work under way in slices (see [`Session::set_slices`]).
    job: Option<job::Job>,
    /// Whether long work is done in slices, and the most work a slice does.
    slices: bool,
    slice_work: u64,
    /// Practice mode's run, while a student practises (see [`Session::practice`]).
    practice: Option<crate::core::practice::PracticeRun>,
    /// The set last stopped with answers in it, kept so that its results stay on show and can
    /// be saved until another set starts (see [`Session::ended_practice`]).
    ended_practice: Option<crate::core::practice::PracticeRun>,
    /// Whether practice answers wait for a reveal (presenter mode).
    practice_hold: bool,
}

/// The η panel's second learning rate when none was set: a power of two, so that from zero
/// weights `w(η₂) = η₂·w(1)` holds exactly (see [`eta`](super::algo::perceptron::eta)).
pub const DEFAULT_SECOND_ETA: f64 = 0.5;

/// The classic rule run with η and η₂ over the points of `data_version` under run `runs`.
#[derive(Debug, Clone)]
struct EtaCache {
    data_version: u64,
    runs: u64,
    runs_of: super::algo::perceptron::eta::EtaRuns,
}

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
            selected: Label::Pos.class(),
            selected_point: None,
            drag: None,
            snap: false,
            playing: false,
            speed: 5.0,
            last_tick: None,
            due: 0.0,
            notice: "Click to add a point of class +1; shift-click or right-click adds class -1."
                .to_string(),
            view: DEFAULT_VIEW,
            pocket_mode: false,
            show_max_margin: false,
            augmented: Default::default(),
            epoch_starts: HashMap::new(),
            watch_pending: false,
            cycle: None,
            theory: None,
            class_names: names::default_class_names(setup.algorithm, setup.classes),
            setup,
            class_cache: None,
            kernel_grid: Default::default(),
            region_grid: None,
            region_cache: None,
            max_class_cache: None,
            wrong_cache: None,
            point_scores: Default::default(),
            batch_cache: None,
            runs: 0,
            undo: Default::default(),
            second_eta: DEFAULT_SECOND_ETA,
            eta_cache: None,
            compare: Default::default(),
            cursor: Default::default(),
            said: None,
            said_seq: 0,
            job: None,
            slices: false,
            slice_work: job::SLICE_WORK,
            practice: None,
            ended_practice: None,
            practice_hold: false,
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
        self.selected
    }

    /// Whether Play is on.
    pub fn is_playing(&self) -> bool {
        self.playing
    }

    /// Play speed in steps per second.
    pub fn speed(&self) -> f64 {
        self.speed
    }

    /// The class plain clicks add, as a binary label (class 1 is `+1`).
    pub fn selected_class(&self) -> Label {
        if self.selected == 1 {
            Label::Pos
        } else {
            Label::Neg
        }
    }

    /// The selected point (Delete removes it).
    pub fn selected_point(&self) -> Option<usize> {
        self.selected_point
    }

    /// Whether a point is being dragged.
    pub fn is_dragging(&self) -> bool {
        self.drag.is_some()
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
        if self.job.is_some() && job::replaces_work(&action) {
            let mut trial = self.clone();
            let _ = trial.cancel_job();
            let changed = trial.apply(action)?;
            *self = trial;
            return Ok(changed);
        }
        // Work under way in slices takes the frame's tick and Cancel, and refuses changes.
        if self.job.is_some() {
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
                if !(tick && self.job.is_some()) {
                    self.say_notice();
                }
                return Ok(changed);
            }
        }
        if let Some(changed) = self.practice_gate(&action) {
            return Ok(changed);
        }
        let was_busy = self.job.is_some();
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
            self.playing = false;
        }
        match action {
            Action::AddPoint {
                x,
                y,
                alternate,
                pixel,
            } => self.add_point(x, y, alternate, pixel),
            Action::Press { x, y, reach } => {
                self.drag = self.point_near(x, y, reach).map(|index| Drag {
                    index,
                    from: [self.data.x(index)[0], self.data.x(index)[1]],
                    moved: false,
                });
                Ok(Changed::Nothing)
            }
            Action::DragTo { x, y, pixel } => self.drag_to(x, y, pixel),
            Action::Release {
                x,
                y,
                alternate,
                pixel,
            } => self.release(x, y, alternate, pixel),
            Action::RemoveAt { x, y, reach } => match self.point_near(x, y, reach) {
                Some(index) => self.remove_point(index),
                None => Ok(Changed::Nothing),
            },
            Action::Secondary {
                x,
                y,
                reach,
                add_other,
                pixel,
            } => match self.point_near(x, y, reach) {
                Some(index) => self.remove_point(index),
                None if add_other => self.add_point(x, y, true, pixel),
                None => Ok(Changed::Nothing),
            },
            Action::DeleteSelected => match self.selected_point {
                Some(index) => self.remove_point(index),
                None => {
                    self.notice = "Select a point first (click it), then press Delete.".into();
                    Ok(Changed::Redraw)
                }
            },
            Action::SelectClass(class) => {
                if class >= self.num_classes() {
                    self.notice = if self.setup.algorithm.is_multiclass() {
                        format!(
                            "There is no class {class}: {} classes are set ({}); choose more under Classes.",
                            self.num_classes(),
                            (0..self.num_classes())
                                .map(|c| self.class_name(c))
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    } else {
                        "This algorithm has two classes, +1 (key 1) and -1 (key 2).".to_string()
                    };
                    return Ok(Changed::Redraw);
                }
                if self.selected == class {
                    return Ok(Changed::Nothing);
                }
                self.selected = class;
                self.notice = format!("Taps and clicks now add class {}.", self.class_name(class));
                Ok(Changed::Redraw)
            }
            Action::Step => {
                self.notice.clear();
                if !self.redo_destructive() {
                    self.forward_one();
                }
                Ok(Changed::Redraw)
            }
            Action::Back => {
                if !self.undo_destructive() {
                    self.back_one();
                }
                Ok(Changed::Redraw)
            }
            Action::NextMistake => {
                let cap = 2 * self.data.len() as u64 + 2;
                self.start_run(job::Goal::Mistake { taken: 0, cap });
                Ok(Changed::Redraw)
            }
            Action::FinishEpoch => {
                self.start_run(job::Goal::EpochEnd(self.model().epoch()));
                Ok(Changed::Redraw)
            }
            Action::RunToConvergence => {
                self.start_run(job::Goal::Convergence);
                Ok(Changed::Redraw)
            }
            Action::Cancel => Ok(Changed::Nothing),
            Action::JumpToStep(step) => {
                let Some(position) = self.history.position_of_step(step) else {
                    self.notice = format!(
                        "Step {step} is no longer kept (the history keeps the last {HISTORY_LIMIT} entries)."
                    );
                    return Ok(Changed::Redraw);
                };
                for (change, undone) in self.history.seek(position) {
                    self.cross_edit(&change, undone);
                }
                self.after_time_travel();
                self.notice = format!("At step {}.", self.model().steps());
                Ok(Changed::Redraw)
            }
            Action::Play => Ok(self.play()),
            Action::Pause => Ok(self.pause()),
            Action::TogglePlay => Ok(if self.playing {
                self.pause()
            } else {
                self.play()
            }),
            Action::Reset => {
                self.restart(self.settings().clone())?;
                self.notice = "Reset: back to the initial weights, step 0, epoch 1.".to_string();
                Ok(Changed::Redraw)
            }
            Action::Clear => {
                self.set_data(Dataset::new(2));
                self.restart(self.settings().clone())?;
                self.view = DEFAULT_VIEW;
                self.notice = "All points removed.".to_string();
                Ok(Changed::Redraw)
            }
            Action::SetSettings(settings) => {
                let mut setup = self.setup.clone();
                if settings != *self.settings() {
                    // Explicit rows belong to the example that set them.
                    setup.rows = None;
                }
                self.restart_with(setup, settings)?;
                self.notice =
                    "Settings applied: training restarts from the initial weights.".to_string();
                Ok(Changed::Redraw)
            }
            Action::ImportCsv(bytes) => self.import_csv(&bytes),
            Action::LoadScenario(scenario) => self.load_scenario(scenario),
            Action::Say(text) => {
                self.notice = text;
                Ok(Changed::Redraw)
            }
            Action::SetSetup(setup) => {
                let keep_rows =
                    setup.algorithm == self.setup.algorithm && setup.classes == self.setup.classes;
                let setup = Setup {
                    rows: if keep_rows {
                        setup.rows.or(self.setup.rows.clone())
                    } else {
                        setup.rows
                    },
                    ..setup
                };
                self.check_classes_fit(&setup)?;
                let algorithm = setup.algorithm;
                let kind_changes =
                    algorithm.is_multiclass() != self.setup.algorithm.is_multiclass();
                self.restart_with(setup, self.settings().clone())?;
                if kind_changes {
                    // Binary mode starts at +1, multiclass mode at class 0.
                    self.selected = if algorithm.is_multiclass() { 0 } else { 1 };
                } else if self.selected >= self.num_classes() {
                    self.selected = 0;
                }
                self.notice = format!(
                    "{} chosen: training restarts; the points stay.",
                    algorithm.title()
                );
                Ok(Changed::Redraw)
            }
            Action::LoadPreset(preset) => {
                let settings = preset.settings();
                settings.validate(2)?;
                let mut data = Dataset::new(2);
                for (x, class) in preset.class_points() {
                    data.push_class(&x, class)?;
                }
                let setup = preset.setup();
                Model::new(&setup, settings.clone(), 2)?;
                self.set_data(data);
                self.restart_with(setup, settings)?;
                self.class_names =
                    names::default_class_names(self.setup.algorithm, self.setup.classes);
                self.selected = if self.setup.algorithm.is_multiclass() {
                    0
                } else {
                    1
                };
                self.view = fit_view(&self.data);
                self.notice = format!("Loaded “{}”.", preset.title());
                Ok(Changed::Redraw)
            }
            Action::SetSpeed(speed) => {
                if !speed.is_finite() {
                    return Ok(Changed::Nothing);
                }
                self.speed = speed.clamp(*SPEED_RANGE.start(), *SPEED_RANGE.end());
                Ok(Changed::Nothing)
            }
            Action::SetSnap(snap) => {
                self.snap = snap;
                Ok(Changed::Nothing)
            }
            Action::SetPocket(on) => {
                self.pocket_mode = on;
                if on {
                    let mut state = self.history.current().clone();
                    if let (None, Some(w)) = (&state.pocket, state.model.linear_weights()) {
                        let w = w.to_vec();
                        let errors = training_errors(&self.data, &w);
                        state.pocket = Some((w, errors));
                        self.history.replace_current_keep_future(state);
                    }
                }
                Ok(Changed::Redraw)
            }
            Action::SetShowMaxMargin(on) => {
                self.show_max_margin = on;
                Ok(Changed::Redraw)
            }
            Action::SetRegionGrid { view, cols, rows } => {
                let grid = Some((view, cols, rows));
                if grid == self.region_grid {
                    Ok(Changed::Nothing)
                } else {
                    self.region_grid = grid;
                    self.region_cache = None;
                    Ok(Changed::Redraw)
                }
            }
            Action::TurnAugmented { .. }
            | Action::ResetAugmentedView
            | Action::SetSignFlip(_)
            | Action::SetActivationView(_)
            | Action::SetSecondEta(_)
            | Action::WatchComparison(_)
            | Action::SetComparing(_) => self.view_action(action),
            Action::Cursor(cursor) => self.cursor_action(cursor),
            Action::Practice(action) => self.practice_action(action),
            Action::Tick { now_ms } => Ok(self.tick(now_ms)),
        }
    }

    // ----- points -------------------------------------------------------------------------
}

fn plane(data: &Dataset) -> (Vec<[f64; 2]>, Vec<f64>) {
    (0..data.len())
        .map(|i| ([data.x(i)[0], data.x(i)[1]], data.label(i).y()))
        .unzip()
}

/// Samples that `w` (bias first) gets wrong: `y·(w·x + b) ≤ 0`.
fn training_errors(data: &Dataset, w: &[f64]) -> usize {
    (0..data.len())
        .filter(|&i| wrong(w, data.x(i), data.label(i).y()))
        .count()
}

/// Whether `w` (bias first) gets the sample `x` of label `y` wrong: `y·(w·x + b) ≤ 0`.
fn wrong(w: &[f64], x: &[f64], y: f64) -> bool {
    let s = w[0] + x.iter().zip(&w[1..]).map(|(a, b)| a * b).sum::<f64>();
    y * s <= 0.0
}

/// `errors`, the samples `w` gets wrong, brought up to date after `change` was made to `data`:
/// only the edited point's verdict can change, so this is [`training_errors`] on the new data
/// without visiting every point (an edit of a large set stays cheap with the pocket on).
fn errors_after(errors: usize, data: &Dataset, w: &[f64], change: &PointChange) -> usize {
    let y = |class: usize| if class == 1 { 1.0 } else { -1.0 };
    let count = |x: &[f64], class: usize| usize::from(wrong(w, x, y(class)));
    match change {
        PointChange::Added { .. } => {
            let last = data.len() - 1;
            errors + count(data.x(last), data.class(last))
        }
        PointChange::Removed { x, class, .. } => errors.saturating_sub(count(x, *class)),
        PointChange::Moved { index, from, .. } => {
            let class = data.class(*index);
            (errors + count(data.x(*index), class)).saturating_sub(count(from, class))
        }
    }
}

/// The largest half-width of a view: every view lies within `[-MAX_VIEW_HALF, MAX_VIEW_HALF]²`,
/// so its width, height and centre are finite, and stay finite when the renderer widens one
/// axis for equal scales (by the plot's aspect ratio: finite up to a ratio of ~10⁸, far beyond
/// any canvas; an infinite range would hang plotters' tick search).
const MAX_VIEW_HALF: f64 = 1e300;

/// The smallest half-width of a view: one screen pixel of it stays a normal number (so the
/// equal-scale widening cannot underflow to a zero height, and rounding to a pixel stays exact).
const MIN_VIEW_HALF: f64 = 1e-300;

/// Whether a view (from a scenario or a link) can be shown as it is: finite, min < max, inside
/// `[-MAX_VIEW_HALF, MAX_VIEW_HALF]²` and at least `2·MIN_VIEW_HALF` wide and high. Every view the
/// session makes is; another one is replaced by the fitted view.
fn usable_view(x_min: f64, x_max: f64, y_min: f64, y_max: f64) -> bool {
    let inside = |v: f64| v.abs() <= MAX_VIEW_HALF; // false for NaN and ±∞
    [x_min, x_max, y_min, y_max].into_iter().all(inside)
        && x_max - x_min >= 2.0 * MIN_VIEW_HALF
        && y_max - y_min >= 2.0 * MIN_VIEW_HALF
}

/// A square view centred on the origin that shows every point with a margin: w is drawn from the
/// origin, so the origin and the arrows around it stay in sight. Its half-width is kept within
/// `[MIN_VIEW_HALF, MAX_VIEW_HALF]`, so it is finite with a positive finite width whatever finite
/// points there are: points beyond `MAX_VIEW_HALF / 1.25` get the largest view (no view with a
/// finite width could show both of `±1e308`), and points that all lie within `MIN_VIEW_HALF` the
/// smallest.
fn fit_view(data: &Dataset) -> Rect {
    let reach = (0..data.len())
        .flat_map(|i| data.x(i).iter().map(|v| v.abs()))
        .fold(0.0f64, f64::max);
    if reach == 0.0 {
        return DEFAULT_VIEW;
    }
    // Compared before multiplying, so `reach · 1.25` is never formed where it could overflow.
    let half = if reach > MAX_VIEW_HALF / 1.25 {
        MAX_VIEW_HALF
    } else {
        (reach * 1.25).max(MIN_VIEW_HALF)
    };
    Rect {
        x_min: -half,
        x_max: half,
        y_min: -half,
        y_max: half,
    }
}

/// Rounds to the finest power of ten not above `pixel`, so the error stays within half a pixel.
fn round_to_pixel(v: f64, pixel: f64) -> f64 {
    if !(pixel.is_finite() && pixel > 0.0) {
        return v;
    }
    let exponent = pixel.log10().floor() as i32;
    if exponent < 0 {
        let inverse = 10f64.powi(-exponent);
        let rounded = (v * inverse).round() / inverse + 0.0;
        // A pixel below 1e-308 (10^-exponent overflows) or a huge v: keep v as it is.
        if rounded.is_finite() {
            rounded
        } else {
            v
        }
    } else {
        let step = 10f64.powi(exponent);
        (v / step).round() * step + 0.0
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
