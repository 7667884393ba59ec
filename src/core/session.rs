//! The one owner of state: every change goes through [`Session::apply`].

use super::numfmt::{num, point, vector};
use super::table::update_text;
use super::{
    Dataset, Error, Label, Rect, Refusal, Scene, Settings, Status, StepOutcome, StepRecord,
    TrainState, Trainer, Visited,
};

/// The view a blank session shows: `[-5, 5] × [-5, 5]`.
pub const DEFAULT_VIEW: Rect = Rect {
    x_min: -5.0,
    x_max: 5.0,
    y_min: -5.0,
    y_max: 5.0,
};

/// The most steps one animation tick may take, so a frame never stalls.
pub const MAX_STEPS_PER_TICK: u64 = 2_000;

/// Play speeds, in steps per second.
pub const SPEED_RANGE: std::ops::RangeInclusive<f64> = 0.5..=1000.0;

/// Everything a user can do.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Add a point at data coordinates `(x, y)`. It gets the selected class, or the other class
    /// when `alternate` (shift-click, right-click). `pixel` is the size of one screen pixel in
    /// data units: the coordinates are rounded to the finest power of ten not above it, so a
    /// click lands within half a pixel of where it was made and tables show short numbers.
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
    /// Choose the class that taps and plain clicks add.
    SelectClass(Label),
    /// Visit exactly one sample.
    Step,
    /// Start stepping continuously (one step at once, then at the play speed).
    Play,
    /// Stop stepping.
    Pause,
    /// Play when paused, pause when playing.
    TogglePlay,
    /// Back to the initial weights, step 0, epoch 1; the points stay.
    Reset,
    /// Remove all points (and so start training afresh).
    Clear,
    /// New settings (the same ones again included); training restarts from the initial
    /// weights, the points stay.
    SetSettings(Settings),
    /// Play speed in steps per second (clamped to [`SPEED_RANGE`]).
    SetSpeed(f64),
    /// Snap added points to the half-unit grid.
    SetSnap(bool),
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

/// A perceptron session on 2-D points: data, training state, play state and the last message.
#[derive(Debug, Clone)]
pub struct Session {
    data: Dataset,
    trainer: Trainer,
    selected: Label,
    snap: bool,
    playing: bool,
    speed: f64,
    last_tick: Option<f64>,
    due: f64,
    last: Option<StepRecord>,
    notice: String,
    view: Rect,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A blank session with the default settings.
    pub fn new() -> Session {
        let trainer = match Trainer::new(Settings::default(), 2) {
            Ok(trainer) => trainer,
            Err(e) => unreachable!("the default settings are valid: {e}"),
        };
        Session {
            data: Dataset::new(2),
            trainer,
            selected: Label::Pos,
            snap: false,
            playing: false,
            speed: 5.0,
            last_tick: None,
            due: 0.0,
            last: None,
            notice: "Click to add a point of class +1; shift-click or right-click adds class -1."
                .to_string(),
            view: DEFAULT_VIEW,
        }
    }

    /// The points.
    pub fn data(&self) -> &Dataset {
        &self.data
    }

    /// The training state.
    pub fn trainer(&self) -> &Trainer {
        &self.trainer
    }

    /// The settings in force.
    pub fn settings(&self) -> &Settings {
        self.trainer.settings()
    }

    /// The record of the last step, if any since the last reset.
    pub fn last_step(&self) -> Option<&StepRecord> {
        self.last.as_ref()
    }

    /// Whether Play is on.
    pub fn is_playing(&self) -> bool {
        self.playing
    }

    /// Play speed in steps per second.
    pub fn speed(&self) -> f64 {
        self.speed
    }

    /// The class plain clicks add.
    pub fn selected_class(&self) -> Label {
        self.selected
    }

    /// Applies one action. On `Err` nothing has changed.
    pub fn apply(&mut self, action: Action) -> Result<Changed, Error> {
        match action {
            Action::AddPoint {
                x,
                y,
                alternate,
                pixel,
            } => self.add_point(x, y, alternate, pixel),
            Action::SelectClass(label) => {
                if self.selected == label {
                    return Ok(Changed::Nothing);
                }
                self.selected = label;
                self.notice = format!("Taps and clicks now add class {}.", label.name());
                Ok(Changed::Redraw)
            }
            Action::Step => {
                self.playing = false;
                self.step_once();
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
                let settings = self.settings().clone();
                self.restart(settings)?;
                self.data.clear();
                self.notice = "All points removed.".to_string();
                Ok(Changed::Redraw)
            }
            Action::SetSettings(settings) => {
                self.restart(settings)?;
                self.notice =
                    "Settings applied: training restarts from the initial weights.".to_string();
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
            Action::Tick { now_ms } => Ok(self.tick(now_ms)),
        }
    }

    fn add_point(&mut self, x: f64, y: f64, alternate: bool, pixel: f64) -> Result<Changed, Error> {
        let (x, y) = if self.snap {
            ((x * 2.0).round() / 2.0, (y * 2.0).round() / 2.0)
        } else {
            (round_to_pixel(x, pixel), round_to_pixel(y, pixel))
        };
        let label = if alternate {
            self.selected.other()
        } else {
            self.selected
        };
        self.data.push(&[x, y], label)?;
        self.trainer.sample_added(self.data.len());
        self.notice = format!(
            "Added point #{} at {}, class {}.",
            self.data.len(),
            point(&[x, y]),
            label.name()
        );
        if self.trainer.steps() > 0 {
            self.notice
                .push_str(" Training continues on the changed data.");
        }
        Ok(Changed::Redraw)
    }

    fn restart(&mut self, settings: Settings) -> Result<(), Error> {
        self.trainer = Trainer::new(settings, self.data.dim())?;
        self.playing = false;
        self.last = None;
        Ok(())
    }

    /// Takes one step; returns whether training can go on.
    fn step_once(&mut self) -> bool {
        match self.trainer.step(&self.data) {
            StepOutcome::Stepped(record) => {
                self.notice = match self.trainer.state() {
                    TrainState::Converged => Refusal::Converged.message().to_string(),
                    TrainState::MaxEpochs => Refusal::MaxEpochs.message().to_string(),
                    TrainState::Running => String::new(),
                };
                self.last = Some(record);
                self.trainer.state() == TrainState::Running
            }
            StepOutcome::Refused(why) => {
                self.notice = why.message().to_string();
                false
            }
        }
    }

    fn play(&mut self) -> Changed {
        if self.playing {
            return Changed::Nothing;
        }
        self.playing = self.step_once();
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
        self.due += (now_ms - last).max(0.0) * self.speed / 1000.0;
        let steps = (self.due.floor() as u64).min(MAX_STEPS_PER_TICK);
        if steps == 0 {
            return Changed::Nothing;
        }
        self.due = (self.due - steps as f64).min(1.0);
        for _ in 0..steps {
            if !self.step_once() {
                self.playing = false;
                break;
            }
        }
        Changed::Redraw
    }

    /// What to draw.
    pub fn scene(&self) -> Scene<'_> {
        let w = self.trainer.weights();
        Scene {
            view: self.view,
            data: &self.data,
            visited: self.last.as_ref().map(|r| Visited {
                index: r.index - 1,
                mistake: r.mistake,
            }),
            weights: [w[0], w[1], w[2]],
        }
    }

    /// The status line.
    pub fn status(&self) -> Status {
        let t = &self.trainer;
        let dash = "—".to_string();
        let (sample, score, outcome) = match &self.last {
            Some(r) => (
                format!(
                    "#{} {}, y = {}",
                    r.index,
                    point(&r.x),
                    if r.y > 0.0 { "+1" } else { "-1" }
                ),
                num(r.score),
                if r.mistake {
                    format!(
                        "mistake → {}",
                        update_text(r, self.settings().eta, self.settings().bias)
                    )
                } else {
                    "correct, no update".to_string()
                },
            ),
            None => (dash.clone(), dash.clone(), dash),
        };
        let state = match t.state() {
            TrainState::Running => "not converged".to_string(),
            TrainState::Converged => format!("converged (epoch {} was clean)", t.epoch()),
            TrainState::MaxEpochs => format!(
                "not converged — stopped at max epochs ({})",
                self.settings().max_epochs
            ),
        };
        let positives = (0..self.data.len())
            .filter(|&i| self.data.label(i) == Label::Pos)
            .count();
        Status {
            step: t.steps().to_string(),
            // The epoch of the step on show; before any step, the epoch about to start.
            epoch: self
                .last
                .as_ref()
                .map_or(t.epoch(), |r| r.epoch)
                .to_string(),
            sample,
            score,
            outcome,
            weights: vector(t.weights()),
            bias: num(t.weights()[0]),
            updates: t.updates().to_string(),
            state,
            points: format!(
                "{} ({} of +1, {} of -1)",
                self.data.len(),
                positives,
                self.data.len() - positives
            ),
            notice: self.notice.clone(),
        }
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
        (v * inverse).round() / inverse + 0.0
    } else {
        let step = 10f64.powi(exponent);
        (v / step).round() * step + 0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn add(s: &mut Session, x: f64, y: f64, alternate: bool) {
        let action = Action::AddPoint {
            x,
            y,
            alternate,
            pixel: 0.014,
        };
        assert_eq!(s.apply(action), Ok(Changed::Redraw));
    }

    #[test]
    fn clicks_round_within_half_a_pixel() {
        assert_eq!(round_to_pixel(1.004_9, 0.014), 1.0);
        assert_eq!(round_to_pixel(0.031_2, 0.014), 0.03);
        assert_eq!(round_to_pixel(123.4, 2.0), 123.0);
        for pixel in [0.0013, 0.014, 0.2, 3.0] {
            for v in [-4.3217, 0.0049, 2.6183] {
                assert!((round_to_pixel(v, pixel) - v).abs() <= pixel / 2.0);
            }
        }
    }

    #[test]
    fn step_refuses_without_both_classes_and_changes_nothing() {
        let mut s = Session::new();
        let _ = s.apply(Action::Step).unwrap();
        assert!(s.status().notice.contains("add points of both classes"));
        add(&mut s, 1.0, 1.0, false);
        add(&mut s, 2.0, 1.0, false);
        let _ = s.apply(Action::Step).unwrap();
        assert_eq!(s.trainer().steps(), 0);
        assert!(s.status().notice.contains("all points are of one class"));
        assert_eq!(s.status().weights, "[0, 0, 0]");
    }

    #[test]
    fn alternate_adds_the_other_class_and_reset_keeps_points() {
        let mut s = Session::new();
        add(&mut s, 1.0, 1.0, false);
        add(&mut s, -1.0, -1.0, true);
        assert_eq!(s.data().label(0), Label::Pos);
        assert_eq!(s.data().label(1), Label::Neg);
        let _ = s.apply(Action::SelectClass(Label::Neg)).unwrap();
        add(&mut s, 0.0, 2.0, false);
        assert_eq!(s.data().label(2), Label::Neg);
        let _ = s.apply(Action::Step).unwrap();
        assert_eq!(s.trainer().steps(), 1);
        let _ = s.apply(Action::Reset).unwrap();
        assert_eq!((s.trainer().steps(), s.trainer().epoch()), (0, 1));
        assert_eq!(s.data().len(), 3);
        let _ = s.apply(Action::Clear).unwrap();
        assert_eq!(s.data().len(), 0);
    }

    #[test]
    fn bad_settings_leave_everything_as_it_was() {
        let mut s = Session::new();
        add(&mut s, 1.0, 1.0, false);
        add(&mut s, -1.0, -1.0, true);
        let _ = s.apply(Action::Step).unwrap();
        let before = s.status();
        let bad = Settings {
            eta: -1.0,
            ..Settings::default()
        };
        assert!(s.apply(Action::SetSettings(bad)).is_err());
        assert_eq!(s.status(), before);
    }

    #[test]
    fn applying_the_same_settings_restarts_training() {
        let mut s = Session::new();
        add(&mut s, 1.0, 1.0, false);
        add(&mut s, -1.0, -1.0, true);
        let _ = s.apply(Action::Step).unwrap();
        let same = s.settings().clone();
        assert_eq!(s.apply(Action::SetSettings(same)), Ok(Changed::Redraw));
        assert_eq!(s.trainer().steps(), 0);
    }

    #[test]
    fn play_takes_the_due_steps_and_stops_on_convergence() {
        let mut s = Session::new();
        add(&mut s, 1.0, 1.0, false);
        add(&mut s, -1.0, -1.0, true);
        let _ = s.apply(Action::SetSpeed(10.0)).unwrap();
        let _ = s.apply(Action::Play).unwrap();
        assert_eq!(s.trainer().steps(), 1, "Play steps at once");
        assert!(s.is_playing());
        let _ = s.apply(Action::Tick { now_ms: 1000.0 }).unwrap();
        let _ = s.apply(Action::Tick { now_ms: 1150.0 }).unwrap();
        assert_eq!(
            s.trainer().steps(),
            2,
            "0.15 s at 10 steps/s is one more step"
        );
        let _ = s.apply(Action::Tick { now_ms: 5000.0 }).unwrap();
        assert!(!s.is_playing());
        assert_eq!(s.trainer().state(), TrainState::Converged);
        assert!(s.status().state.starts_with("converged"));
    }
}
