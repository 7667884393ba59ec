//! Training: restarting a run, stepping forward and back through the timeline, runs to
//! convergence, cycle detection, the play clock, and the pocket's count of training errors.

use super::*;
use std::collections::HashMap;

/// The play clock: whether Play is on, its speed, and the steps it owes.
#[derive(Debug, Clone)]
pub(super) struct Play {
    /// Whether Play is on.
    pub(super) playing: bool,
    /// Steps per second.
    pub(super) speed: f64,
    /// The time of the last frame while playing, in milliseconds.
    pub(super) last_tick: Option<f64>,
    /// The steps due and not yet taken, less than one after a frame.
    pub(super) due: f64,
}

impl Default for Play {
    fn default() -> Self {
        Play {
            playing: false,
            speed: 5.0,
            last_tick: None,
            due: 0.0,
        }
    }
}

/// What training watches besides its timeline: the pocket's switch, and the weights at the
/// epoch starts, whose repeat proves a cycle.
#[derive(Debug, Clone, Default)]
pub(super) struct Watch {
    /// Whether pocket mode is on (each step also counts the training errors).
    pub(super) pocket_mode: bool,
    /// The epoch each weight state was first seen at the start of (fixed order only).
    pub(super) epoch_starts: HashMap<Vec<u64>, u64>,
    /// The watch of the state now is still to be taken (before the next step): an edit
    /// restarts the watch, and taking it at once, the whole state hashed, made a link with
    /// thousands of edits cost seconds (issue #15).
    pub(super) pending: bool,
    /// The two epochs found to start from the same weights, once found.
    pub(super) cycle: Option<(u64, u64)>,
}

impl Session {
    /// Applies one of the actions that move through training: a step forward or back, a run
    /// to a goal, a jump to a step, and the play clock (see `apply_action`).
    pub(super) fn step_action(&mut self, action: Action) -> Result<Changed, Error> {
        match action {
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
            Action::TogglePlay => Ok(if self.play.playing {
                self.pause()
            } else {
                self.play()
            }),
            // `apply_action` hands only the actions above here.
            _ => Ok(Changed::Nothing),
        }
    }

    pub(super) fn restart(&mut self, settings: Settings) -> Result<(), Error> {
        self.restart_with(self.setup.clone(), settings)
    }

    pub(super) fn restart_with(&mut self, setup: Setup, settings: Settings) -> Result<(), Error> {
        let model = Model::new(&setup, settings, self.data.dim())?;
        let pocket = model
            .linear_weights()
            .filter(|_| self.watch.pocket_mode)
            .map(|w| (w.to_vec(), training_errors(&self.data, w)));
        let limit = model.history_limit(self.data.len());
        self.history = History::with_limit(
            State {
                model,
                pocket,
                work: 0,
            },
            limit,
        );
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
        self.play.playing = false;
        self.reset_watch();
        Ok(())
    }

    /// Refuses a setup whose classes cannot hold the points' classes.
    pub(super) fn check_classes_fit(&self, setup: &Setup) -> Result<(), Error> {
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
    pub(super) fn class_data(&mut self) -> Rc<ClassData> {
        let k = self.num_classes();
        if let Some((version, data)) = &self.derived.class_cache {
            if *version == self.data_version && data.num_classes() == k {
                return Rc::clone(data);
            }
        }
        let data = Rc::new(ClassData::from_dataset(&self.data, k).unwrap_or_default());
        self.derived.class_cache = Some((self.data_version, Rc::clone(&data)));
        data
    }

    /// Why the current points cannot be trained on by the current algorithm, if they cannot.
    pub(super) fn data_refusal(&mut self) -> Option<String> {
        // The highest class, found once per version of the points (a step must not scan them).
        let top = match self.derived.max_class_cache {
            Some((version, top)) if version == self.data_version => top,
            _ => {
                let top = self.data.max_class();
                self.derived.max_class_cache = Some((self.data_version, top));
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
    pub(super) fn forward_one(&mut self) -> Forward {
        self.flush_watch();
        if let Some(entry) = self.history.forward() {
            let result = match entry {
                Entry::Step(record) => Forward::Stepped {
                    mistake: record.mistake(),
                },
                Entry::Edit { change, what } => {
                    let (change, what) = (change.clone(), what.clone());
                    self.cross_edit(&change, false);
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
        let cost = self.step_work();
        if self.history.current().work.saturating_add(cost) > WORK_BUDGET {
            self.notice = self.out_of_work(cost);
            return Forward::Stopped;
        }
        let classes = self.class_data();
        let mut state = self.history.current().clone();
        state.work += cost;
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
                    _ => state.model.refusal_message(why),
                };
                Forward::Stopped
            }
        }
    }

    pub(super) fn after_step(&mut self) {
        match self.model().state() {
            TrainState::Converged => self.notice = Refusal::Converged.message().to_string(),
            TrainState::MaxEpochs => self.notice = Refusal::MaxEpochs.message().to_string(),
            TrainState::Running => {}
        }
        self.watch_epoch_start();
    }

    pub(super) fn back_one(&mut self) {
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
            Entry::Edit { change, what } => {
                let (change, what) = (change.clone(), what.clone());
                self.cross_edit(&change, true);
                self.notice = format!("Undone: {what}");
            }
        }
        self.after_time_travel();
    }

    pub(super) fn after_time_travel(&mut self) {
        self.reset_watch();
    }

    /// The verdict of a run to convergence, in the notice.
    pub(super) fn verdict(&mut self) {
        let t = self.model();
        self.notice = match (t.state(), self.watch.cycle) {
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
            (TrainState::Running, None) => self.notice.clone(),
        };
    }

    /// The work of one step on the points as they are ([`WORK_BUDGET`]).
    pub(super) fn step_work(&self) -> u64 {
        step_work(
            self.model(),
            self.data.len(),
            self.num_classes(),
            self.watch.pocket_mode,
        )
    }

    /// What a step refused at the work budget says; `cost` is the step's work.
    fn out_of_work(&self, cost: u64) -> String {
        format!(
            "Stopped at step {}: a run may do {} units of work, so that a link or a file can replay it in a moment, and the next step of {} with {} points costs {} more than this run has left. Reset, or train on fewer points.",
            self.model().steps(),
            count(WORK_BUDGET),
            self.setup.algorithm.title(),
            self.data.len(),
            count(cost),
        )
    }

    /// Records the weights at the start of each epoch (fixed order only): a repeat proves that
    /// training cycles, since with a fixed order the next epoch depends on those weights alone.
    pub(super) fn watch_epoch_start(&mut self) {
        let t = self.model();
        if t.settings().order != crate::core::Order::Fixed
            || t.state() != TrainState::Running
            || !t.at_epoch_start()
        {
            return;
        }
        let key = t.state_key();
        let epoch = t.epoch();
        match self.watch.epoch_starts.get(&key) {
            Some(&first) if first != epoch => self.watch.cycle = Some((first, epoch)),
            Some(_) => {}
            None => {
                self.watch.epoch_starts.insert(key, epoch);
            }
        }
    }

    /// Starts the watch for cycles afresh (the points or the timeline changed). The state now
    /// is watched before the next step ([`Session::flush_watch`]), not at once: only a step can
    /// bring an epoch start back, and many edits in a row (a link's) each restart the watch.
    pub(super) fn reset_watch(&mut self) {
        self.watch.epoch_starts.clear();
        self.watch.cycle = None;
        self.watch.pending = true;
    }

    /// Takes the watch of the state now if [`Session::reset_watch`] left it to be taken.
    pub(super) fn flush_watch(&mut self) {
        if std::mem::take(&mut self.watch.pending) {
            self.watch_epoch_start();
        }
    }

    pub(super) fn play(&mut self) -> Changed {
        if self.play.playing {
            return Changed::Nothing;
        }
        self.notice.clear();
        self.play.playing = !matches!(self.forward_one(), Forward::Stopped)
            && self.model().state() == TrainState::Running;
        self.play.last_tick = None;
        self.play.due = 0.0;
        Changed::Redraw
    }

    pub(super) fn pause(&mut self) -> Changed {
        if !self.play.playing {
            return Changed::Nothing;
        }
        self.play.playing = false;
        Changed::Redraw
    }

    pub(super) fn tick(&mut self, now_ms: f64) -> Changed {
        // The side-by-side comparison trains a slice in every frame until it is done; its
        // panel follows it from the session in every frame, so it changes nothing else.
        let _ = self.train_comparison();
        self.tick_play(now_ms)
    }

    fn tick_play(&mut self, now_ms: f64) -> Changed {
        // The comparison is drawn by its panel alone, from the session: the plot stays.
        if !self.play.playing && (self.eta_pending() || self.points_pending().is_some()) {
            // The η panel or the points' scores catch up a slice (in `refresh_derived`, after
            // this change).
            return Changed::Redraw;
        }
        if !self.play.playing || !now_ms.is_finite() {
            return Changed::Nothing;
        }
        let Some(last) = self.play.last_tick.replace(now_ms) else {
            return Changed::Nothing;
        };
        let steps = if self.play.speed >= *SPEED_RANGE.end() {
            MAX_STEPS_PER_TICK
        } else {
            self.play.due += (now_ms - last).max(0.0) * self.play.speed / 1000.0;
            let steps = (self.play.due.floor() as u64).min(MAX_STEPS_PER_TICK);
            self.play.due = (self.play.due - steps as f64).min(1.0);
            steps
        };
        if steps == 0 {
            return Changed::Nothing;
        }
        let start = self.history.current().work;
        for _ in 0..steps {
            let stopped = matches!(self.forward_one(), Forward::Stopped);
            if stopped || self.model().state() != TrainState::Running {
                self.play.playing = false;
                break;
            }
            // A frame does a bounded amount of work: with many points a batch or kernel step
            // visits them all, so fewer steps fit in a frame.
            if self.history.current().work.saturating_sub(start) >= TICK_WORK {
                break;
            }
        }
        Changed::Redraw
    }

    // ----- views ----------------------------------------------------------------------------
}

/// The work of one step of `model` on `n` points of `k` classes, in work units: the
/// algorithm's own [`Learner::step_cost`], the bookkeeping, and in pocket mode a count of the
/// training errors (n visits).
pub(crate) fn step_work(model: &Model, n: usize, k: usize, pocket: bool) -> u64 {
    let pocket = if pocket { n as u64 } else { 0 };
    model
        .step_cost(n, k)
        .saturating_add(STEP_OVERHEAD)
        .saturating_add(pocket)
}

/// Samples that `w` (bias first) gets wrong: `y·(w·x + b) ≤ 0`.
pub(super) fn training_errors(data: &Dataset, w: &[f64]) -> usize {
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
pub(super) fn errors_after(
    errors: usize,
    data: &Dataset,
    w: &[f64],
    change: &PointChange,
) -> usize {
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
