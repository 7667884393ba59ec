//! Everything a user can do: one message enum, consumed by [`Session::apply`](crate::core::Session::apply).

use crate::core::{Preset, Settings, Setup};

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
    /// Step on until convergence, the epoch cap or the run's [`WORK_BUDGET`](crate::core::WORK_BUDGET), then give a verdict.
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
    LoadScenario(crate::core::scenario::Scenario),
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
    /// The grid of the region map the plot shows: `cols × rows` cells over `view` (set by the
    /// page when its canvas size or view changes). The map itself is a cache that `apply` keeps
    /// current, read with [`Session::region`](super::Session::region).
    SetRegionGrid {
        /// The data rectangle the cells cover.
        view: crate::core::Rect,
        /// Cells across.
        cols: usize,
        /// Cells down.
        rows: usize,
    },
    /// Turn the augmented (3-D) view by `yaw` and tilt it by `pitch`, in radians (see
    /// [`Camera::turned`](crate::core::augmented::Camera::turned): the turn wraps around, the
    /// tilt stops short of straight up or down).
    TurnAugmented {
        /// Turn about the vertical axis, radians.
        yaw: f64,
        /// Tilt, radians.
        pitch: f64,
    },
    /// The augmented view's default camera.
    ResetAugmentedView,
    /// Zooms the plot's view by `factor` (below 1 closer, above 1 farther, at most 10× either
    /// way in one go) about the data point (`x`, `y`), which stays where it is on the screen: a
    /// pinch's centre, or the view's centre for the zoom buttons. Nothing happens for a factor
    /// that is not positive and finite, a centre that is not finite, or a view it would make
    /// narrower than a millionth or wider than a million times the fitted one.
    ZoomView {
        /// The view's new width over its old one.
        factor: f64,
        /// The centre of the zoom, in data units.
        x: f64,
        /// The centre of the zoom, in data units.
        y: f64,
    },
    /// The zoom buttons (+, −): zooms the view in (by 0.8) or out (by 1.25) about its centre
    /// and says the view it shows (a pinch, [`Action::ZoomView`], says nothing at each move).
    ZoomStep {
        /// In (closer) or out.
        zoom_in: bool,
    },
    /// Fits the plot's view to the points again (as an example or a link without a view opens),
    /// and says the view.
    FitView,
    /// Draw class −1 samples as −z in the augmented view (seed 002's sign flip).
    SetSignFlip(bool),
    /// Show the activation `h(x) = w·(1, x)` over the data plane in the augmented view (seed
    /// 000's picture) instead of the augmented vectors.
    SetActivationView(bool),
    /// The η panel's second learning rate η₂ (the classic perceptron run again with it beside
    /// the session's η). Refused, changing nothing, unless positive and finite.
    SetSecondEta(f64),
    /// Whether a page shows the side-by-side comparison of the multiclass strategies: it is
    /// trained only while watched (see [`Session::comparison`](super::Session::comparison)).
    WatchComparison(bool),
    /// Stops training the side-by-side comparison (`false`, its Cancel) or trains it on from
    /// where it stopped (`true`, Compare). The lab itself is not touched.
    SetComparing(bool),
    /// How much the live region says of each step (see
    /// [`Session::verbosity`](super::Session::verbosity)); a reader's preference, not part of
    /// the scenario.
    SetVerbosity(crate::core::speech::Verbosity),
    /// Practice mode (see [`PracticeAction`]): start a set, answer, go on, stop. The lab's own
    /// points and timeline stay as they were, under the practice run.
    Practice(PracticeAction),
    /// The keyboard on the focused plot: show or hide the cursor, move it, add, remove, pick
    /// up, carry and drop points (see [`CursorAction`](super::CursorAction)).
    Cursor(super::CursorAction),
    /// Stops the long work under way (a run or an opening done in slices, see
    /// [`Session::set_slices`](super::Session::set_slices)) and puts back what was there before it
    /// began. Nothing happens when no work is under way.
    Cancel,
    /// An animation frame at `now_ms` milliseconds: takes the steps that are due while playing,
    /// or the next slice of the work under way.
    Tick {
        /// A monotonic clock, in milliseconds.
        now_ms: f64,
    },
}

impl Action {
    /// Whether this is a view action: one that changes only how the lab is shown or handled
    /// (the region map's grid, the max-margin band, the augmented view, the side-by-side
    /// comparison, the play speed, snapping new points, how much the live region says), never
    /// the points, the model, the timeline or the settings, and is never refused. So it may
    /// run while work is under way and while a student practises, it says only a new notice,
    /// and [`Session::apply`](super::Session::apply) hands it to one place. The places that
    /// take more than these say which, and why, where they take them.
    pub fn is_view(&self) -> bool {
        match self {
            Action::SetSpeed(_)
            | Action::SetSnap(_)
            | Action::SetShowMaxMargin(_)
            | Action::SetRegionGrid { .. }
            | Action::TurnAugmented { .. }
            | Action::ResetAugmentedView
            | Action::ZoomView { .. }
            | Action::ZoomStep { .. }
            | Action::FitView
            | Action::SetSignFlip(_)
            | Action::SetActivationView(_)
            | Action::WatchComparison(_)
            | Action::SetComparing(_)
            | Action::SetVerbosity(_) => true,
            // Listed one by one, so that a new action has to be put on one side or the other.
            Action::AddPoint { .. }
            | Action::Press { .. }
            | Action::DragTo { .. }
            | Action::Release { .. }
            | Action::RemoveAt { .. }
            | Action::Secondary { .. }
            | Action::DeleteSelected
            | Action::SelectClass(_)
            | Action::Step
            | Action::Back
            | Action::NextMistake
            | Action::FinishEpoch
            | Action::RunToConvergence
            | Action::JumpToStep(_)
            | Action::Play
            | Action::Pause
            | Action::TogglePlay
            | Action::Reset
            | Action::Clear
            | Action::SetSettings(_)
            | Action::ImportCsv(_)
            | Action::Say(_)
            | Action::LoadScenario(_)
            | Action::SetSetup(_)
            | Action::LoadPreset(_)
            | Action::SetPocket(_)
            | Action::SetSecondEta(_)
            | Action::Practice(_)
            | Action::Cursor(_)
            | Action::Cancel
            | Action::Tick { .. } => false,
        }
    }
}

/// What a student does in Practice mode, with the page's time in seconds where it is timed.
#[derive(Debug, Clone, PartialEq)]
pub enum PracticeAction {
    /// Start a set for a student whose own seed is `student_seed` (used when the set varies);
    /// a set from the points on show takes the lab's points.
    Start {
        /// The set as composed (from the link).
        set: crate::core::practice::ExerciseSet,
        /// The student's seed, shown on screen so a lecturer can reproduce the variant.
        student_seed: u64,
        /// The page's time, seconds.
        now: f64,
    },
    /// Start a set again where a student left it (their seed and what they did, saved by
    /// [`crate::core::practice::PracticeRun::saved`]); refused, changing nothing, when the
    /// progress is of another set or does not fit it.
    Resume {
        /// The set as composed (from the link).
        set: crate::core::practice::ExerciseSet,
        /// The student's progress.
        saved: crate::core::practice::Saved,
        /// The page's time, seconds.
        now: f64,
    },
    /// Answer the question on show (a faded example: its next part).
    Answer {
        /// The answer.
        response: crate::core::practice::Response,
        /// The page's time, seconds.
        now: f64,
    },
    /// After the reveal: take the step and show the next question.
    Next {
        /// The page's time, seconds.
        now: f64,
    },
    /// Answers wait for [`PracticeAction::Reveal`] (`true`: presenter mode, so that a class
    /// can vote before the answer shows) or show at once (`false`, the default). Kept for the
    /// sets started later too.
    Hold(bool),
    /// Shows the feedback of an answer held back.
    Reveal,
    /// Puts a point on the plot for the question on show (snapped to the plot's grid): an end
    /// of the guessed boundary, or the tip of w′. The page sends pointer presses and drags and
    /// Enter on the focused plot this way while practising.
    Place {
        /// Where, in data units.
        at: [f64; 2],
        /// How (press, drag, Enter).
        how: crate::core::practice::Place,
    },
    /// Answers with what was placed on the plot.
    AnswerPlaced {
        /// The page's time, seconds.
        now: f64,
    },
    /// Leave Practice mode: the lab shows its own points and timeline again.
    Stop,
}
