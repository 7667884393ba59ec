//! The one owner of state: every change goes through [`Session::apply`].
//!
//! Training history lives in a [`History`] timeline: Step back is an exact undo, the scrubber and
//! the trace table read it, and going back then forward again yields the same states. Editing the
//! points keeps the weights and the step count; once training has started, an edit is an entry of
//! the timeline too, so going back across it shows the data as it was.

use super::algo::registry::{Model, Record, Setup};
use super::algo::ClassData;
use super::algo::Learner;
use super::explain::Explanation;
use super::history::{Entry, History, State, HISTORY_LIMIT};
use super::numfmt::{num, point, vector};
use super::presets::Preset;
use super::table::{self, TableFormat};
use super::theory::{self, MaxMargin};
use super::{
    Dataset, Error, Label, Rect, Refusal, Scene, Settings, Status, StepRecord, TrainState, Visited,
};
use std::collections::HashMap;
use std::rc::Rc;

mod names;

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

/// Run to convergence stops after this many steps and says so.
pub const RUN_CAP: u64 = 100_000;

/// Everything a user can do.
// An action is built once per user event and consumed at once; boxing the scenario (the largest
// variant) would only add an allocation and change every caller.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Add a point at data coordinates `(x, y)`: the selected class, or the other one when
    /// `alternate` (shift-click, right-click). `pixel` is one screen pixel in data units: the
    /// coordinates are rounded to the finest power of ten not above it, so a click lands within
    /// half a pixel of where it was made and tables show short numbers.
    AddPoint {
        /// x1.
        x: f64,
        /// x2.
        y: f64,
        /// Use the other class than the selected one.
        alternate: bool,
        /// Data units per screen pixel.
        pixel: f64,
    },
    /// A pointer went down at `(x, y)`: grabs the point within `reach` (data units), if any.
    Press {
        /// x1.
        x: f64,
        /// x2.
        y: f64,
        /// Hit radius in data units.
        reach: f64,
    },
    /// The pointer moved while down: drags the grabbed point.
    DragTo {
        /// x1.
        x: f64,
        /// x2.
        y: f64,
        /// Data units per screen pixel.
        pixel: f64,
    },
    /// The pointer went up at `(x, y)`: drops a dragged point, selects a point that was only
    /// clicked, or adds a point when nothing was grabbed.
    Release {
        /// x1.
        x: f64,
        /// x2.
        y: f64,
        /// Add the other class (right button or Shift).
        alternate: bool,
        /// Data units per screen pixel.
        pixel: f64,
    },
    /// Removes the point within `reach` of `(x, y)` (right-click or long-press on a point).
    RemoveAt {
        /// x1.
        x: f64,
        /// x2.
        y: f64,
        /// Hit radius in data units.
        reach: f64,
    },
    /// Right-click or long-press at `(x, y)`: removes the point within `reach` (data units);
    /// with no point there, `add_other` adds a point of the other class (right-click), rounded
    /// by `pixel` as [`Action::AddPoint`] does.
    Secondary {
        /// x1.
        x: f64,
        /// x2.
        y: f64,
        /// Hit radius in data units.
        reach: f64,
        /// Add a point of the other class when no point is within reach.
        add_other: bool,
        /// Data units per screen pixel.
        pixel: f64,
    },
    /// Removes the selected point (Delete key).
    DeleteSelected,
    /// Choose the class that taps and plain clicks add: its index (for the binary algorithms,
    /// 0 is `−1` and 1 is `+1`; see [`Label::class`]).
    SelectClass(usize),
    /// One step forward: redo the next entry of the timeline, or visit the next sample.
    Step,
    /// One entry back: an exact undo.
    Back,
    /// Step on until the next update (or until training stops).
    NextMistake,
    /// Step on until the current epoch is complete.
    FinishEpoch,
    /// Step on until convergence, the epoch cap or [`RUN_CAP`] steps, then give a verdict.
    RunToConvergence,
    /// Move through the timeline to just after step `n` (scrubber, trace table rows).
    JumpToStep(u64),
    /// Start stepping continuously (one step at once, then at the play speed).
    Play,
    /// Stop stepping.
    Pause,
    /// Play when paused, pause when playing.
    TogglePlay,
    /// Back to the initial weights, step 0, epoch 1; the points stay; the history is cleared.
    Reset,
    /// Remove all points (and so start training afresh).
    Clear,
    /// New settings (the same ones again included); training restarts, the points stay.
    SetSettings(Settings),
    /// Replace the points by those of a CSV file (`x1,x2,label` with a header row): labels
    /// `-1`/`+1` (or `0`/`1`, `-`/`+`) for the binary algorithms, any 2 to 6 label strings for
    /// the multiclass ones (sorted as the CLI sorts them). Training restarts. A file that cannot
    /// be read changes nothing; the error names the line and the reason.
    ImportCsv(Vec<u8>),
    /// Show a message in the status line (for messages the page composes, e.g. why a link could
    /// not be opened). Nothing else changes.
    Say(String),
    /// Open a scenario (from a link or a JSON file): its algorithm, settings and points, then
    /// training replayed up to its step. Refused, changing nothing, when any part is invalid.
    LoadScenario(super::scenario::Scenario),
    /// Another algorithm, kernel or number of classes; training restarts, the points stay.
    /// Refused, changing nothing, when the points use more classes than the setup has.
    SetSetup(Setup),
    /// Load one of the course examples: its points and settings; the view fits the points.
    LoadPreset(Preset),
    /// Play speed in steps per second (clamped to [`SPEED_RANGE`]; its top is "max").
    SetSpeed(f64),
    /// Snap added points to the half-unit grid.
    SetSnap(bool),
    /// Pocket mode: track and draw the best weights so far (fewest training errors).
    SetPocket(bool),
    /// Draw the maximum-margin separator and its margin band.
    SetShowMaxMargin(bool),
    /// An animation frame at `now_ms` milliseconds: takes the steps that are due while playing.
    Tick {
        /// A monotonic clock, in milliseconds.
        now_ms: f64,
    },
}

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
    epoch_starts: HashMap<Vec<u64>, u64>,
    cycle: Option<(u64, u64)>,
    theory: Option<Theory>,
    setup: Setup,
    /// One name per class: `-1`/`+1` for the binary algorithms; for the multiclass ones the
    /// labels of the imported file, or `0`, `1`, … (see [`Session::class_names`]).
    class_names: Vec<String>,
    class_cache: Option<(u64, Rc<ClassData>)>,
    kernel_grid: super::region::KernelGrid,
    max_class_cache: Option<(u64, Option<usize>)>,
    accuracy_cache: Option<((u64, u64, u64), Option<f64>)>,
    runs: u64,
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

/// What the batch perceptron's charts show.
#[derive(Debug, Clone, PartialEq)]
pub struct BatchView {
    /// `(epoch, J_p, |M|)` before each step.
    pub epochs: Vec<(u64, f64, usize)>,
    /// `(w1, w2)` at the start and after each batch step.
    pub batch_path: Vec<[f64; 2]>,
    /// `(w1, w2)` of the online (classic) rule at the start and after each epoch.
    pub online_path: Vec<[f64; 2]>,
}

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
            epoch_starts: HashMap::new(),
            cycle: None,
            theory: None,
            class_names: names::default_class_names(setup.algorithm, setup.classes),
            setup,
            class_cache: None,
            kernel_grid: Default::default(),
            max_class_cache: None,
            accuracy_cache: None,
            runs: 0,
        };
        session.watch_epoch_start();
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

    /// Applies one action. On `Err` nothing has changed.
    pub fn apply(&mut self, action: Action) -> Result<Changed, Error> {
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
                self.forward_one();
                Ok(Changed::Redraw)
            }
            Action::Back => {
                self.back_one();
                Ok(Changed::Redraw)
            }
            Action::NextMistake => {
                self.notice.clear();
                let cap = 2 * self.data.len() as u64 + 2;
                let mut taken = 0;
                loop {
                    match self.forward_one() {
                        Forward::Stepped { mistake: true } => break,
                        Forward::Stepped { .. } | Forward::Edited => taken += 1,
                        Forward::Stopped => break,
                    }
                    if taken > cap {
                        break;
                    }
                }
                Ok(Changed::Redraw)
            }
            Action::FinishEpoch => {
                self.notice.clear();
                let epoch = self.model().epoch();
                loop {
                    if let Forward::Stopped = self.forward_one() {
                        break;
                    }
                    let t = self.model();
                    if t.state() != TrainState::Running || t.epoch() != epoch {
                        break;
                    }
                }
                Ok(Changed::Redraw)
            }
            Action::RunToConvergence => {
                self.run_to_convergence();
                Ok(Changed::Redraw)
            }
            Action::JumpToStep(step) => {
                let Some(position) = self.history.position_of_step(step) else {
                    self.notice = format!(
                        "Step {step} is no longer kept (the history keeps the last {HISTORY_LIMIT} entries)."
                    );
                    return Ok(Changed::Redraw);
                };
                for (data, _) in self.history.seek(position) {
                    self.set_data(data);
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
            Action::Tick { now_ms } => Ok(self.tick(now_ms)),
        }
    }

    // ----- points -------------------------------------------------------------------------

    fn import_csv(&mut self, bytes: &[u8]) -> Result<Changed, Error> {
        let too_many = |n: usize| Error::Field {
            field: "file",
            reason: format!("{n} points is more than the {MAX_POINTS} the page can hold"),
        };
        let lines = bytes.iter().filter(|&&b| b == b'\n').count();
        if lines > MAX_POINTS + 1 {
            return Err(too_many(lines.saturating_sub(1)));
        }
        let two_features = |dim: usize| {
            if dim == 2 {
                Ok(())
            } else {
                Err(Error::Field {
                    field: "file",
                    reason: format!(
                        "expected 2 feature columns (x1, x2) and a label column, found {dim} feature columns"
                    ),
                })
            }
        };
        let mut setup = self.setup.clone();
        let mut names = None;
        let (data, note) = if setup.algorithm.is_multiclass() {
            let classes = super::algo::parse_class_csv(bytes)?;
            two_features(classes.dim())?;
            let k = classes.num_classes();
            if !(2..=6).contains(&k) {
                return Err(Error::Field {
                    field: "file",
                    reason: format!(
                        "the labels name {k} classes; the multiclass algorithms take 2 to 6"
                    ),
                });
            }
            let mut data = Dataset::new(2);
            for i in 0..classes.len() {
                data.push_class(classes.x(i), classes.class(i))?;
            }
            if let Some(reason) = super::scenario::class_names_problem(classes.names(), k) {
                return Err(Error::Field {
                    field: "file",
                    reason,
                });
            }
            setup.classes = k;
            setup.rows = None;
            names = Some(classes.names().to_vec());
            let labels = classes
                .names()
                .iter()
                .enumerate()
                .map(|(c, name)| format!("{name} → class {c}"))
                .collect::<Vec<_>>()
                .join(", ");
            (data, format!(" Labels: {labels}."))
        } else {
            let data = super::parse_csv(bytes)?;
            two_features(data.dim())?;
            (data, String::new())
        };
        if data.len() > MAX_POINTS {
            return Err(too_many(data.len()));
        }
        Model::new(&setup, self.settings().clone(), 2)?;
        let n = data.len();
        let settings = self.settings().clone();
        self.set_data(data);
        self.restart_with(setup, settings)?;
        if let Some(names) = names {
            self.class_names = names;
        }
        if self.selected >= self.num_classes() {
            self.selected = 0;
        }
        self.view = fit_view(&self.data);
        self.notice = format!("Loaded {n} points from the file; training restarts.{note}");
        Ok(Changed::Redraw)
    }

    /// The edits made during training (before the cursor) and the points training started
    /// from; `None` when the history no longer reaches back to the start.
    fn timeline_edits(&self) -> Option<(Dataset, Vec<super::scenario::Edit>)> {
        use super::scenario::Edit;
        if self.history.dropped_steps() > 0 {
            return None;
        }
        let mut start = None;
        let mut edits = Vec::new();
        let mut step = 0;
        for entry in self.history.done_entries() {
            match entry {
                Entry::Step(r) => step = r.step(),
                Entry::Edit { before, after, .. } => {
                    start.get_or_insert_with(|| before.clone());
                    let changed = (0..before.len().min(after.len()))
                        .find(|&i| before.x(i) != after.x(i) || before.class(i) != after.class(i));
                    let edit = if after.len() == before.len() + 1 {
                        let i = after.len() - 1;
                        Edit::Add {
                            step,
                            x: after.x(i)[0],
                            y: after.x(i)[1],
                            class: after.class(i),
                        }
                    } else if after.len() + 1 == before.len() {
                        Edit::Remove {
                            step,
                            index: changed.unwrap_or(after.len()) + 1,
                        }
                    } else {
                        let i = changed?;
                        Edit::Move {
                            step,
                            index: i + 1,
                            x: after.x(i)[0],
                            y: after.x(i)[1],
                        }
                    };
                    edits.push(edit);
                }
            }
        }
        Some((start.unwrap_or_else(|| self.data.clone()), edits))
    }

    /// The current state as a scenario: setup, settings, points and the step on show.
    pub fn scenario(&self) -> super::scenario::Scenario {
        let settings = self.settings();
        let (start, edits) = self
            .timeline_edits()
            .unwrap_or_else(|| (self.data.clone(), Vec::new()));
        super::scenario::Scenario {
            version: super::scenario::SCENARIO_VERSION,
            algorithm: self.setup.algorithm.name().to_string(),
            kernel: self.setup.kernel.to_string(),
            classes: self.setup.classes,
            class_names: (self.setup.algorithm.is_multiclass() && !self.has_default_class_names())
                .then(|| self.class_names.clone()),
            rows: self.setup.rows.clone(),
            params: self
                .setup
                .checked_params()
                .unwrap_or_default()
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
            bias: settings.bias,
            init: super::scenario::init_text(&settings.init),
            eta: settings.eta,
            order: match settings.order {
                super::Order::Fixed => "fixed",
                super::Order::Shuffle => "shuffle",
            }
            .to_string(),
            seed: settings.seed,
            max_epochs: settings.max_epochs,
            points: (0..start.len())
                .map(|i| (start.x(i)[0], start.x(i)[1], start.class(i)))
                .collect(),
            step: self.model().steps(),
            edits,
            view: Some([
                self.view.x_min,
                self.view.x_max,
                self.view.y_min,
                self.view.y_max,
            ]),
            pocket: self.pocket_mode,
            max_margin: self.show_max_margin,
            snap: self.snap,
        }
    }

    /// Whether pocket mode is on.
    pub fn pocket_mode(&self) -> bool {
        self.pocket_mode
    }

    /// Whether the max-margin separator is shown.
    pub fn shows_max_margin(&self) -> bool {
        self.show_max_margin
    }

    /// Whether new points snap to the ½ grid.
    pub fn snaps(&self) -> bool {
        self.snap
    }

    /// Replays one edit of a scenario exactly as the page made it.
    fn replay_edit(&mut self, edit: &super::scenario::Edit) -> Result<(), Error> {
        use super::scenario::Edit;
        let bad = |reason: String| Error::Field {
            field: "edits",
            reason,
        };
        match *edit {
            Edit::Add { x, y, class, .. } => {
                if class >= self.num_classes() {
                    return Err(bad(format!("an added point has class {class}")));
                }
                let what = format!(
                    "Added point #{} at {}, class {}.",
                    self.data.len() + 1,
                    point(&[x, y]),
                    self.class_name(class)
                );
                self.edit(what, |data, model| {
                    data.push_class(&[x, y], class)?;
                    model.sample_added(data.len());
                    Ok(())
                })
            }
            Edit::Move { index, x, y, .. } => {
                if index == 0 || index > self.data.len() {
                    return Err(bad(format!("there is no point #{index} to move")));
                }
                let what = format!("Moved point #{index} to {}.", point(&[x, y]));
                self.edit(what, |data, model| {
                    data.set_x(index - 1, &[x, y])?;
                    model.sample_moved();
                    Ok(())
                })
            }
            Edit::Remove { index, .. } => {
                if index == 0 || index > self.data.len() {
                    return Err(bad(format!("there is no point #{index} to remove")));
                }
                let what = format!("Removed point #{index}.");
                self.edit(what, |data, model| {
                    data.remove(index - 1);
                    model.sample_removed(index - 1);
                    Ok(())
                })
            }
        }
    }

    fn load_scenario(&mut self, s: super::scenario::Scenario) -> Result<Changed, Error> {
        use super::scenario::MAX_SCENARIO_STEP;
        if s.version == 0 || s.version > super::scenario::SCENARIO_VERSION {
            return Err(Error::Field {
                field: "version",
                reason: format!("version {} is not one this page reads", s.version),
            });
        }
        let algorithm = s.algorithm()?;
        let kernel = super::algo::kernel::Kernel::parse(&s.kernel)?;
        if algorithm.is_multiclass() && !(2..=6).contains(&s.classes) {
            return Err(Error::Field {
                field: "classes",
                reason: format!("{} is not from 2 to 6", s.classes),
            });
        }
        let setup = Setup {
            algorithm,
            kernel,
            classes: if algorithm.is_multiclass() {
                s.classes
            } else {
                3
            },
            rows: s.rows.clone(),
            params: s.params.iter().map(|(k, v)| (k.clone(), *v)).collect(),
        };
        if let Some(key) = s
            .params
            .keys()
            .find(|k| !algorithm.info().params.iter().any(|p| p.key == k.as_str()))
        {
            return Err(Error::Field {
                field: "params",
                reason: format!("{} does not take {key}", algorithm.title()),
            });
        }
        setup.checked_params()?;
        let names = match &s.class_names {
            None => names::default_class_names(algorithm, setup.classes),
            Some(_) if !algorithm.is_multiclass() => {
                return Err(Error::Field {
                    field: "class_names",
                    reason: format!(
                        "{} has the two classes -1 and +1; class names belong to the multiclass algorithms",
                        algorithm.title()
                    ),
                })
            }
            Some(names) => {
                super::scenario::check_class_names(names, setup.classes)?;
                names.clone()
            }
        };
        let settings = s.settings()?;
        if s.points.len() > MAX_POINTS {
            return Err(Error::Field {
                field: "points",
                reason: format!(
                    "{} points is more than the {MAX_POINTS} the page can hold",
                    s.points.len()
                ),
            });
        }
        if s.step > MAX_SCENARIO_STEP {
            return Err(Error::Field {
                field: "step",
                reason: format!(
                    "step {} is beyond the {MAX_SCENARIO_STEP} a scenario may replay",
                    s.step
                ),
            });
        }
        let mut data = Dataset::new(2);
        for (i, &(x, y, class)) in s.points.iter().enumerate() {
            if class >= setup.num_classes() {
                return Err(Error::Field {
                    field: "points",
                    reason: format!(
                        "point #{} has class {class}, but {} has {} classes",
                        i + 1,
                        algorithm.title(),
                        setup.num_classes()
                    ),
                });
            }
            data.push_class(&[x, y], class).map_err(|e| Error::Field {
                field: "points",
                reason: format!("point #{}: {e}", i + 1),
            })?;
        }
        if let Some(late) = s.edits.iter().find(|e| e.step() > s.step) {
            return Err(Error::Field {
                field: "edits",
                reason: format!(
                    "an edit after step {} lies beyond the scenario's step {}",
                    late.step(),
                    s.step
                ),
            });
        }
        if s.edits.windows(2).any(|w| w[0].step() > w[1].step()) {
            return Err(Error::Field {
                field: "edits",
                reason: "the edits are not in step order".to_string(),
            });
        }
        Model::new(&setup, settings.clone(), 2)?;
        // Replay on a copy, so that a scenario whose edits do not fit changes nothing.
        let mut next = self.clone();
        next.pocket_mode = s.pocket;
        next.show_max_margin = s.max_margin;
        next.snap = s.snap;
        next.set_data(data);
        next.restart_with(setup, settings)?;
        next.class_names = names;
        next.selected = if algorithm.is_multiclass() { 0 } else { 1 };
        let mut reached = 0;
        let mut pending = s.edits.iter().peekable();
        loop {
            while let Some(edit) = pending.next_if(|e| e.step() == reached) {
                next.replay_edit(edit)?;
            }
            if reached >= s.step {
                break;
            }
            if let Forward::Stopped = next.forward_one() {
                break;
            }
            reached = next.model().steps();
        }
        *self = next;
        self.view = match s.view {
            Some([x_min, x_max, y_min, y_max]) if usable_view(x_min, x_max, y_min, y_max) => Rect {
                x_min,
                x_max,
                y_min,
                y_max,
            },
            _ => fit_view(&self.data),
        };
        self.notice = if reached < s.step {
            format!(
                "Opened the scenario: training stopped at step {reached}, before step {}.",
                s.step
            )
        } else {
            format!("Opened the scenario at step {reached}.")
        };
        Ok(Changed::Redraw)
    }

    /// The points as CSV, `x1,x2,label`: labels `-1`/`+1` for the binary algorithms, the
    /// class names for the multiclass ones (quoted where CSV needs it), numbers in their
    /// shortest exact form. [`Action::ImportCsv`] reads it back: the same points, labels and
    /// (when every class has a point) class indices.
    pub fn points_csv(&self) -> String {
        let mut out = csv::Writer::from_writer(Vec::new());
        let mut rows = std::iter::once(["x1".to_string(), "x2".to_string(), "label".to_string()])
            .chain((0..self.data.len()).map(|i| {
                let x = self.data.x(i);
                [
                    format!("{}", x[0]),
                    format!("{}", x[1]),
                    self.class_name(self.data.class(i)),
                ]
            }));
        // Writing to memory cannot fail.
        let written = rows.try_for_each(|row| out.write_record(&row));
        debug_assert!(written.is_ok(), "{written:?}");
        match out.into_inner() {
            Ok(bytes) => String::from_utf8(bytes).unwrap_or_default(),
            Err(_) => String::new(),
        }
    }

    /// The point nearest to `(x, y)` within `reach` data units.
    pub fn point_near(&self, x: f64, y: f64, reach: f64) -> Option<usize> {
        let reach = if reach.is_finite() { reach } else { 0.0 };
        (0..self.data.len())
            .map(|i| {
                let p = self.data.x(i);
                (i, (p[0] - x).hypot(p[1] - y))
            })
            .filter(|&(_, d)| d <= reach)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i)
    }

    fn rounded(&self, x: f64, y: f64, pixel: f64) -> (f64, f64) {
        if self.snap {
            ((x * 2.0).round() / 2.0 + 0.0, (y * 2.0).round() / 2.0 + 0.0)
        } else {
            (round_to_pixel(x, pixel), round_to_pixel(y, pixel))
        }
    }

    fn add_point(&mut self, x: f64, y: f64, alternate: bool, pixel: f64) -> Result<Changed, Error> {
        let (x, y) = self.rounded(x, y, pixel);
        let k = self.num_classes();
        let class = if alternate {
            if k == 2 {
                1 - self.selected.min(1)
            } else {
                (self.selected + 1) % k
            }
        } else {
            self.selected
        };
        let n = self.data.len() + 1;
        let what = format!(
            "Added point #{n} at {}, class {}.",
            point(&[x, y]),
            self.class_name(class)
        );
        self.edit(what, |data, model| {
            data.push_class(&[x, y], class)?;
            model.sample_added(data.len());
            Ok(())
        })?;
        self.selected_point = None;
        Ok(Changed::Redraw)
    }

    fn drag_to(&mut self, x: f64, y: f64, pixel: f64) -> Result<Changed, Error> {
        let Some(drag) = &mut self.drag else {
            return Ok(Changed::Nothing);
        };
        let index = drag.index;
        drag.moved = true;
        let (x, y) = self.rounded(x, y, pixel);
        // While dragging, the point follows the pointer; the edit is recorded once, on release.
        self.data.set_x(index, &[x, y])?;
        self.data_version += 1;
        Ok(Changed::Redraw)
    }

    fn release(&mut self, x: f64, y: f64, alternate: bool, pixel: f64) -> Result<Changed, Error> {
        match self.drag.take() {
            Some(Drag {
                index,
                from,
                moved: true,
            }) => {
                let to = [self.data.x(index)[0], self.data.x(index)[1]];
                // Put the point back and record the move as one edit.
                self.data.set_x(index, &from)?;
                let what = format!("Moved point #{} to {}.", index + 1, point(&to));
                self.edit(what, |data, model| {
                    data.set_x(index, &to)?;
                    model.sample_moved();
                    Ok(())
                })?;
                self.selected_point = Some(index);
                Ok(Changed::Redraw)
            }
            Some(Drag { index, .. }) => {
                self.selected_point = Some(index);
                let p = self.data.x(index);
                self.notice = format!(
                    "Selected point #{} at {}: drag to move it, Delete to remove it.",
                    index + 1,
                    point(p)
                );
                Ok(Changed::Redraw)
            }
            None => self.add_point(x, y, alternate, pixel),
        }
    }

    fn remove_point(&mut self, index: usize) -> Result<Changed, Error> {
        if index >= self.data.len() {
            return Ok(Changed::Nothing);
        }
        let p = self.data.x(index).to_vec();
        let what = format!("Removed point #{} at {}.", index + 1, point(&p));
        self.edit(what, |data, model| {
            data.remove(index);
            model.sample_removed(index);
            Ok(())
        })?;
        self.selected_point = None;
        Ok(Changed::Redraw)
    }

    /// Applies an edit of the points. It keeps the weights and the step count; once steps have
    /// been taken it becomes an entry of the timeline.
    fn edit(
        &mut self,
        what: String,
        change: impl FnOnce(&mut Dataset, &mut Model) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let mut data = self.data.clone();
        let mut state = self.history.current().clone();
        change(&mut data, &mut state.model)?;
        if let Some((w, errors)) = &mut state.pocket {
            // The pocket's error count refers to the data: recount it on the new data.
            *errors = training_errors(&data, w);
        }
        let started = self.history.has_steps_before_cursor();
        if started {
            let before = std::mem::replace(&mut self.data, data.clone());
            self.history.push(
                Entry::Edit {
                    before,
                    after: data,
                    what: what.clone(),
                },
                state,
            );
        } else {
            self.data = data;
            self.history.replace_current(state);
        }
        self.data_version += 1;
        self.reset_watch();
        self.notice = what;
        if started {
            self.notice.push_str(
                " The weights and the step count stay: training continues on the changed data.",
            );
        }
        Ok(())
    }

    fn set_data(&mut self, data: Dataset) {
        self.data = data;
        self.data_version += 1;
        self.selected_point = None;
        self.drag = None;
    }

    // ----- training -----------------------------------------------------------------------

    fn restart(&mut self, settings: Settings) -> Result<(), Error> {
        self.restart_with(self.setup.clone(), settings)
    }

    fn restart_with(&mut self, setup: Setup, settings: Settings) -> Result<(), Error> {
        let model = Model::new(&setup, settings, self.data.dim())?;
        let pocket = model
            .linear_weights()
            .filter(|_| self.pocket_mode)
            .map(|w| (w.to_vec(), training_errors(&self.data, w)));
        let limit = model.history_limit(self.data.len());
        self.history = History::with_limit(State { model, pocket }, limit);
        self.runs += 1;
        // The classes keep their names while the algorithm stays multiclass.
        let names = std::mem::take(&mut self.class_names);
        self.class_names =
            if self.setup.algorithm.is_multiclass() && setup.algorithm.is_multiclass() {
                names::resize_class_names(names, setup.classes)
            } else {
                names::default_class_names(setup.algorithm, setup.classes)
            };
        self.setup = setup;
        self.playing = false;
        self.reset_watch();
        Ok(())
    }

    /// Refuses a setup whose classes cannot hold the points' classes.
    fn check_classes_fit(&self, setup: &Setup) -> Result<(), Error> {
        match self.data.max_class() {
            Some(top) if top >= setup.num_classes() => Err(Error::Field {
                field: "classes",
                reason: format!(
                    "the points use {} classes, but {} has {}: remove the points of the extra classes or choose more classes",
                    top + 1,
                    setup.algorithm.title(),
                    setup.num_classes()
                ),
            }),
            _ => Ok(()),
        }
    }

    /// The points as [`ClassData`] with the setup's K classes, rebuilt when the points change.
    fn class_data(&mut self) -> Rc<ClassData> {
        let k = self.num_classes();
        if let Some((version, data)) = &self.class_cache {
            if *version == self.data_version && data.num_classes() == k {
                return Rc::clone(data);
            }
        }
        let data = Rc::new(ClassData::from_dataset(&self.data, k).unwrap_or_default());
        self.class_cache = Some((self.data_version, Rc::clone(&data)));
        data
    }

    /// Why the current points cannot be trained on by the current algorithm, if they cannot.
    fn data_refusal(&mut self) -> Option<String> {
        // The highest class, found once per version of the points (a step must not scan them).
        let top = match self.max_class_cache {
            Some((version, top)) if version == self.data_version => top,
            _ => {
                let top = self.data.max_class();
                self.max_class_cache = Some((self.data_version, top));
                top
            }
        }?;
        if top >= self.num_classes() {
            return Some(if self.setup.algorithm.is_multiclass() {
                format!(
                    "The points use {} classes but {} classes are set: choose more classes.",
                    top + 1,
                    self.num_classes()
                )
            } else {
                format!(
                    "The points use {} classes; {} needs two (-1 and +1). Choose multiclass, one-vs-rest or one-vs-one.",
                    top + 1,
                    self.setup.algorithm.title()
                )
            });
        }
        None
    }

    /// One entry forward: redo, or a new step.
    fn forward_one(&mut self) -> Forward {
        if let Some(entry) = self.history.forward() {
            let result = match entry {
                Entry::Step(record) => Forward::Stepped {
                    mistake: record.mistake(),
                },
                Entry::Edit { after, what, .. } => {
                    let (after, what) = (after.clone(), what.clone());
                    self.set_data(after);
                    self.reset_watch();
                    self.notice = format!("Redo: {what}");
                    Forward::Edited
                }
            };
            if let Forward::Stepped { .. } = result {
                self.after_step();
            }
            return result;
        }
        if let Some(why) = self.data_refusal() {
            self.notice = why;
            return Forward::Stopped;
        }
        let classes = self.class_data();
        let mut state = self.history.current().clone();
        match state.model.step(&self.data, &classes) {
            Ok(record) => {
                let mistake = record.mistake();
                if let (Some((best, errors)), Some(w)) =
                    (&mut state.pocket, state.model.linear_weights())
                {
                    let now = training_errors(&self.data, w);
                    if now < *errors {
                        *best = w.to_vec();
                        *errors = now;
                    }
                }
                self.history.push(Entry::Step(record), state);
                self.after_step();
                Forward::Stepped { mistake }
            }
            Err(why) => {
                self.notice = match (why, self.setup.algorithm.is_multiclass()) {
                    (Refusal::NoData, true) => {
                        "Nothing to step: add points first (keys 1 to K choose the class)."
                            .to_string()
                    }
                    _ => why.message().to_string(),
                };
                Forward::Stopped
            }
        }
    }

    fn after_step(&mut self) {
        match self.model().state() {
            TrainState::Converged => self.notice = Refusal::Converged.message().to_string(),
            TrainState::MaxEpochs => self.notice = Refusal::MaxEpochs.message().to_string(),
            TrainState::Running => {}
        }
        self.watch_epoch_start();
    }

    fn back_one(&mut self) {
        let Some(entry) = self.history.back() else {
            self.notice = if self.history.dropped_steps() > 0 {
                format!("The history keeps the last {HISTORY_LIMIT} entries; this is the oldest.")
            } else {
                "At the start: nothing to step back to.".to_string()
            };
            return;
        };
        match entry {
            Entry::Step(record) => {
                self.notice = format!("Back to step {}.", record.step() - 1);
            }
            Entry::Edit { before, what, .. } => {
                let (before, what) = (before.clone(), what.clone());
                self.set_data(before);
                self.notice = format!("Undone: {what}");
            }
        }
        self.after_time_travel();
    }

    fn after_time_travel(&mut self) {
        self.reset_watch();
    }

    fn run_to_convergence(&mut self) {
        let start = self.model().steps();
        while self.cycle.is_none() {
            if let Forward::Stopped = self.forward_one() {
                break;
            }
            if self.model().state() != TrainState::Running {
                break;
            }
            if self.model().steps() - start >= RUN_CAP {
                break;
            }
        }
        let t = self.model();
        let done = t.steps() - start;
        self.notice = match (t.state(), self.cycle) {
            (TrainState::Converged, _) => format!(
                "Verdict: converged after {} epochs ({} steps, {} updates).",
                t.epoch(),
                t.steps(),
                t.updates()
            ),
            (_, Some((first, again))) => format!(
                "Verdict: never converges. The weights at the start of epoch {again} repeat those of epoch {first}, so training cycles (the data is not separable)."
            ),
            (TrainState::MaxEpochs, None) if self.proven_not_separable() => format!(
                "Verdict: never converges: no line separates the classes (the max-margin problem is infeasible). Stopped at max epochs ({}).",
                self.settings().max_epochs
            ),
            (TrainState::MaxEpochs, None) => format!(
                "Verdict: not converged after max epochs ({}).",
                self.settings().max_epochs
            ),
            (TrainState::Running, None) if done >= RUN_CAP => {
                format!("Verdict: not converged after {RUN_CAP} more steps; stopped there.")
            }
            (TrainState::Running, None) => self.notice.clone(),
        };
    }

    /// Records the weights at the start of each epoch (fixed order only): a repeat proves that
    /// training cycles, since with a fixed order the next epoch depends on those weights alone.
    fn watch_epoch_start(&mut self) {
        let t = self.model();
        if t.settings().order != super::Order::Fixed
            || t.state() != TrainState::Running
            || !t.at_epoch_start()
        {
            return;
        }
        let key = t.state_key();
        let epoch = t.epoch();
        match self.epoch_starts.get(&key) {
            Some(&first) if first != epoch => self.cycle = Some((first, epoch)),
            Some(_) => {}
            None => {
                self.epoch_starts.insert(key, epoch);
            }
        }
    }

    fn reset_watch(&mut self) {
        self.epoch_starts.clear();
        self.cycle = None;
        self.watch_epoch_start();
    }

    fn play(&mut self) -> Changed {
        if self.playing {
            return Changed::Nothing;
        }
        self.notice.clear();
        self.playing = !matches!(self.forward_one(), Forward::Stopped)
            && self.model().state() == TrainState::Running;
        self.last_tick = None;
        self.due = 0.0;
        Changed::Redraw
    }

    fn pause(&mut self) -> Changed {
        if !self.playing {
            return Changed::Nothing;
        }
        self.playing = false;
        Changed::Redraw
    }

    fn tick(&mut self, now_ms: f64) -> Changed {
        if !self.playing || !now_ms.is_finite() {
            return Changed::Nothing;
        }
        let Some(last) = self.last_tick.replace(now_ms) else {
            return Changed::Nothing;
        };
        let steps = if self.speed >= *SPEED_RANGE.end() {
            MAX_STEPS_PER_TICK
        } else {
            self.due += (now_ms - last).max(0.0) * self.speed / 1000.0;
            let steps = (self.due.floor() as u64).min(MAX_STEPS_PER_TICK);
            self.due = (self.due - steps as f64).min(1.0);
            steps
        };
        if steps == 0 {
            return Changed::Nothing;
        }
        for _ in 0..steps {
            let stopped = matches!(self.forward_one(), Forward::Stopped);
            if stopped || self.model().state() != TrainState::Running {
                self.playing = false;
                break;
            }
        }
        Changed::Redraw
    }

    // ----- views ----------------------------------------------------------------------------

    fn theory(&mut self) -> &Theory {
        let bias = self.settings().bias;
        let fresh =
            matches!(&self.theory, Some(t) if t.version == self.data_version && t.bias == bias);
        if !fresh {
            let (points, labels) = plane(&self.data);
            self.theory = Some(Theory {
                version: self.data_version,
                bias,
                radius: theory::radius(&points, bias),
                best: theory::max_margin(&points, &labels, bias),
            });
        }
        match &self.theory {
            Some(t) => t,
            None => unreachable!("just computed"),
        }
    }

    /// Brings the cached theory (R and the max-margin separator) up to date; call before
    /// [`Session::scene`] and [`Session::status`] when the data may have changed.
    pub fn refresh_theory(&mut self) {
        let _ = self.theory();
        let key = self.accuracy_key();
        if !matches!(self.accuracy_cache, Some((k, _)) if k == key) {
            let accuracy = self.model().accuracy(&self.data);
            self.accuracy_cache = Some((key, accuracy));
        }
    }

    /// The model's training accuracy, from the cache when it is current.
    fn accuracy(&self) -> Option<f64> {
        match self.accuracy_cache {
            Some((key, accuracy)) if key == self.accuracy_key() => accuracy,
            _ => self.model().accuracy(&self.data),
        }
    }

    /// What the model's state depends on: the points' version, the run, the step.
    fn accuracy_key(&self) -> (u64, u64, u64) {
        (self.data_version, self.runs, self.model().steps())
    }

    fn current_theory(&self) -> Option<&Theory> {
        self.theory.as_ref().filter(|t| {
            t.version == self.data_version && t.bias == self.settings().bias && self.linear()
        })
    }

    /// Whether the model is a linear binary classifier, to which the theory of R, γ and the
    /// mistake bound applies.
    fn linear(&self) -> bool {
        self.model().is_linear()
    }

    /// The region map over `view` on a `cols × rows` grid (kernel and multiclass models), with
    /// the kernel's scores updated incrementally between calls.
    pub fn region(&mut self, view: &Rect, cols: usize, rows: usize) -> Option<super::Region> {
        let model = &self.history.current().model;
        super::region::region_of(
            model,
            &self.data,
            self.data_version,
            view,
            cols,
            rows,
            &mut self.kernel_grid,
        )
    }

    /// The kernel perceptron's Gram matrix rows for the panel: the (0-based) rows to show, the
    /// highlighted row (the sample just visited), and each row's values. At most `limit` rows
    /// and columns.
    pub fn gram(&self, limit: usize) -> Option<Gram> {
        let Model::Kernel(t) = self.model() else {
            return None;
        };
        let n = self.data.len().min(limit);
        let current = self
            .last_record()
            .and_then(|r| r.visited())
            .map(|(i, _)| i - 1)
            .filter(|&i| i < self.data.len());
        Some(Gram {
            kernel: t.kernel().to_string(),
            size: self.data.len(),
            current,
            rows: (0..n)
                .map(|i| {
                    t.gram_row(&self.data, i)
                        .unwrap_or_default()
                        .into_iter()
                        .take(n)
                        .collect()
                })
                .collect(),
            current_row: current.and_then(|i| t.gram_row(&self.data, i)),
            alphas: t.alphas().to_vec(),
        })
    }

    /// The batch perceptron's per-epoch `J_p` and `|M|`, and the paths of `(w1, w2)`: batch
    /// (after each epoch so far) and online (the classic rule from the same start, after each of
    /// as many epochs, fixed order).
    pub fn batch_view(&self) -> Option<BatchView> {
        let Model::Batch(t) = self.model() else {
            return None;
        };
        let history = t.history();
        let mut batch_path = Vec::with_capacity(history.len() + 1);
        let mut first = None;
        for (r, done) in self.history.steps() {
            if let (Record::Batch(b), true) = (r, done) {
                if first.is_none() {
                    first = Some([b.weights_before[1], b.weights_before[2]]);
                }
                batch_path.push([b.weights_after[1], b.weights_after[2]]);
            }
        }
        let start = first.unwrap_or([t.weights()[1], t.weights()[2]]);
        batch_path.insert(0, start);
        let mut online_path = vec![start];
        let settings = Settings {
            order: super::Order::Fixed,
            max_epochs: super::MAX_EPOCHS_LIMIT,
            ..t.settings().clone()
        };
        if let Ok(mut online) = super::Trainer::new(settings, self.data.dim()) {
            let epochs = history.len();
            'epochs: for _ in 0..epochs {
                let before = online.epoch();
                loop {
                    match online.step(&self.data) {
                        super::StepOutcome::Stepped(_) => {}
                        super::StepOutcome::Refused(_) => break 'epochs,
                    }
                    if online.epoch() != before || online.state() != TrainState::Running {
                        break;
                    }
                }
                let w = online.weights();
                online_path.push([w[1], w[2]]);
            }
        }
        Some(BatchView {
            epochs: history
                .iter()
                .map(|h| (h.epoch, h.criterion, h.mistakes))
                .collect(),
            batch_path,
            online_path,
        })
    }

    /// Whether the (cached) max-margin problem proved that no line separates the classes.
    fn proven_not_separable(&self) -> bool {
        matches!(
            self.current_theory(),
            Some(Theory {
                best: MaxMargin::NotSeparable,
                ..
            })
        )
    }

    /// What to draw (without the region map: see [`Session::region`]).
    pub fn scene(&self) -> Scene<'_> {
        let model = self.model();
        let record = self.last_record();
        let last = self.last_step();
        let previous = record.and_then(|r| r.ghost());
        Scene {
            view: self.view,
            data: &self.data,
            visited: record.and_then(|r| {
                // A step's index refers to the data of its time: ring it only if it still matches.
                let (index, x) = r.visited()?;
                let i = index - 1;
                (i < self.data.len() && self.data.x(i) == x).then_some(Visited {
                    index: i,
                    mistake: r.mistake(),
                })
            }),
            weights: model.main_line(&self.data),
            previous: previous
                .filter(|_| last.is_some() || model.ghost_always())
                .map(|w| [w[0], w[1], w[2]]),
            pocket: self
                .pocket_mode
                .then(|| self.history.current().pocket.as_ref())
                .flatten()
                .map(|(w, _)| [w[0], w[1], w[2]]),
            max_margin: self
                .show_max_margin
                .then(|| self.current_theory())
                .flatten()
                .and_then(|t| match &t.best {
                    MaxMargin::Separable {
                        weights,
                        gamma,
                        support,
                    } => Some(super::scene::MarginView {
                        weights: *weights,
                        gamma: *gamma,
                        support: support.clone(),
                    }),
                    _ => None,
                })
                .or_else(|| model.margin_band()),
            selected: self.selected_point,
            averaged: model.second_line(),
            lines: model.class_lines(),
            class_arrows: model.class_arrows(),
            sizes: model.point_sizes(&self.data),
            region: None,
            binary: !self.setup.algorithm.is_multiclass(),
        }
    }

    /// The status line and the panels' text.
    pub fn status(&self) -> Status {
        let t = self.model();
        let dash = "—".to_string();
        let last = self.last_record();
        let described = last.map(|r| r.describe(self.settings(), &self.class_names));
        let (sample, score, outcome) = match &described {
            Some(d) => (d.sample.clone(), d.score.clone(), d.outcome.clone()),
            None => (dash.clone(), dash.clone(), dash.clone()),
        };
        let theory = self.current_theory();
        let not_separable = self.proven_not_separable();
        let state = match (t.state(), self.cycle) {
            (TrainState::Converged, _) => format!("converged (epoch {} was clean)", t.epoch()),
            (TrainState::MaxEpochs, _) if not_separable => format!(
                "not converged — stopped at max epochs ({}); it never would: no line separates the classes",
                self.settings().max_epochs
            ),
            (TrainState::MaxEpochs, _) => format!(
                "not converged — stopped at max epochs ({})",
                self.settings().max_epochs
            ),
            (TrainState::Running, Some((first, again))) => format!(
                "never converges — the weights at the start of epoch {again} repeat epoch {first}: training cycles"
            ),
            (TrainState::Running, None) if not_separable => {
                "never converges — no line separates the classes (max-margin problem infeasible)"
                    .to_string()
            }
            (TrainState::Running, None) => "not converged yet".to_string(),
        };
        let mut counts = vec![
            0usize;
            self.num_classes()
                .max(self.data.max_class().map_or(0, |c| c + 1))
        ];
        for c in self.data.class_indices() {
            counts[c] += 1;
        }
        let explanation: Explanation = described.map(|d| d.explanation).unwrap_or_default();
        let bias = self.settings().bias;
        let (points, labels) = plane(&self.data);
        let line = t.main_line(&self.data);
        let margin = line
            .filter(|_| self.linear())
            .and_then(|w| theory::margin_of(w, &points, &labels, bias));
        let (radius, best_margin, bound, separable) = match theory {
            Some(th) => match &th.best {
                MaxMargin::Separable { gamma, .. } => (
                    num(th.radius),
                    num(*gamma),
                    t.bound_text(&num(theory::mistake_bound(th.radius, *gamma).ceil())),
                    "separable".to_string(),
                ),
                MaxMargin::NotSeparable => (
                    num(th.radius),
                    dash.clone(),
                    "no bound: not separable".to_string(),
                    "not separable (proven: no separating line exists)".to_string(),
                ),
                MaxMargin::Undefined => (
                    num(th.radius),
                    dash.clone(),
                    dash.clone(),
                    "needs both classes".to_string(),
                ),
            },
            None => (dash.clone(), dash.clone(), dash.clone(), dash.clone()),
        };
        let pocket = match self.history.current().pocket.as_ref() {
            Some((w, errors)) if self.pocket_mode => {
                format!("{} with {} training errors", vector(w), errors)
            }
            _ => "off".to_string(),
        };
        let history = match self.history.next_entry() {
            Some(_) if self.history.last_step() > t.steps() => format!(
                "step {} of {} (→ replays, a new action drops the rest)",
                t.steps(),
                self.history.last_step()
            ),
            Some(Entry::Edit { what, .. }) => format!("→ redoes: {what}"),
            _ => String::new(),
        };
        Status {
            step: t.steps().to_string(),
            // The epoch of the step on show; before any step, the epoch about to start.
            epoch: last.map_or(t.epoch(), |r| r.epoch()).to_string(),
            sample,
            score,
            outcome,
            weights: t.weights_text(&self.data),
            bias: t.bias_text(&self.data).unwrap_or_else(|| dash.clone()),
            updates: t.updates().to_string(),
            state,
            points: if self.setup.algorithm.is_multiclass() {
                format!(
                    "{} ({})",
                    self.data.len(),
                    counts
                        .iter()
                        .enumerate()
                        .map(|(c, n)| format!("{n} of class {}", self.class_name(c)))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            } else {
                format!(
                    "{} ({} of +1, {} of -1)",
                    self.data.len(),
                    counts.get(1).copied().unwrap_or(0),
                    self.data.len() - counts.get(1).copied().unwrap_or(0)
                )
            },
            notice: self.notice.clone(),
            history,
            explain_title: if last.is_some() {
                explanation.title
            } else {
                "No step yet: press Step (→) to visit the first sample.".to_string()
            },
            explain_weights: explanation.weights,
            explain_score: explanation.score,
            explain_check: explanation.check,
            explain_update: explanation.update,
            radius,
            margin: margin.map_or(dash.clone(), num),
            best_margin,
            bound,
            separable,
            pocket,
            algorithm: self.setup.algorithm.title().to_string(),
            accuracy: match self.accuracy() {
                Some(a) => format!(
                    "{}% ({} of {}){}",
                    num((a * 1000.0).round() / 10.0),
                    (a * self.data.len() as f64).round(),
                    self.data.len(),
                    t.accuracy_note()
                ),
                None => dash.clone(),
            },
            averaged: t.averaged_text().unwrap_or_else(|| dash.clone()),
            weights_label: t.weights_label().to_string(),
            bias_label: t.bias_label().to_string(),
            space: if !self.linear() {
                "R, γ and the mistake bound are for linear binary classifiers; they do not apply to this model.".to_string()
            } else if bias {
                "R, γ_w and γ* are measured in the space the perceptron uses: (1, x1, x2), with the bias feature; the band shows the same separator in the plane.".to_string()
            } else {
                "R, γ_w and γ* are measured in the plane (x1, x2): no bias, the line passes the origin.".to_string()
            },
        }
    }

    /// The trace table's rows from `first` (0-based among kept steps), at most `count`, with
    /// whether each row lies before the cursor and whether it is the current step.
    pub fn trace_rows(&self, first: usize, count: usize) -> Vec<TraceRow> {
        let current = self.last_record().map(|r| r.step());
        self.history
            .steps()
            .skip(first)
            .take(count)
            .map(|(r, done)| {
                let d = r.describe(self.settings(), &self.class_names);
                TraceRow {
                    step: r.step(),
                    weights: d.row_weights,
                    score: d.row_score,
                    correct: if r.mistake() { "no" } else { "yes" }.to_string(),
                    update: d.row_update,
                    done,
                    current: current == Some(r.step()),
                }
            })
            .collect()
    }

    /// Number of kept steps in the timeline (done and undone).
    pub fn trace_len(&self) -> usize {
        self.history.steps().count()
    }

    /// The steps up to the cursor as a table in `format` (CSV, Markdown or LaTeX booktabs).
    pub fn trace_export(&self, format: TableFormat) -> String {
        if let Some(w) = self
            .model()
            .linear_weights()
            .filter(|_| self.model().classic_table())
        {
            let records: Vec<&StepRecord> = self
                .history
                .steps()
                .filter(|(_, done)| *done)
                .filter_map(|(r, _)| r.binary())
                .collect();
            return table::document(
                format,
                &records,
                self.settings().eta,
                self.settings().bias,
                w,
                self.model().steps() + 1,
            );
        }
        let rows: Vec<[String; 5]> = self
            .trace_rows(0, usize::MAX)
            .into_iter()
            .filter(|r| r.done)
            .map(|r| [r.step.to_string(), r.weights, r.score, r.correct, r.update])
            .collect();
        table::text_document(format, &rows, &self.model().weights_text(&self.data))
    }
}

/// A row of the trace table, formatted.
#[derive(Debug, Clone, PartialEq)]
pub struct TraceRow {
    /// Step number.
    pub step: u64,
    /// Weights before the step.
    pub weights: String,
    /// The score written out.
    pub score: String,
    /// `yes` or `no`.
    pub correct: String,
    /// `none` or the update.
    pub update: String,
    /// Before the cursor (done) or after it (undone, replayed by Step).
    pub done: bool,
    /// The step on show.
    pub current: bool,
}

fn plane(data: &Dataset) -> (Vec<[f64; 2]>, Vec<f64>) {
    (0..data.len())
        .map(|i| ([data.x(i)[0], data.x(i)[1]], data.label(i).y()))
        .unzip()
}

/// Samples that `w` (bias first) gets wrong: `y·(w·x + b) ≤ 0`.
fn training_errors(data: &Dataset, w: &[f64]) -> usize {
    (0..data.len())
        .filter(|&i| {
            let x = data.x(i);
            let s = w[0] + x.iter().zip(&w[1..]).map(|(a, b)| a * b).sum::<f64>();
            data.label(i).y() * s <= 0.0
        })
        .count()
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
