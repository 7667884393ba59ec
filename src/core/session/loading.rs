//! Opening and saving: points CSV import and export, scenarios (links and JSON files) with
//! their replay of training and edits.

use super::*;

impl Session {
    pub(super) fn import_csv(&mut self, bytes: &[u8]) -> Result<Changed, Error> {
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
            let classes = crate::core::algo::parse_class_csv(bytes)?;
            two_features(classes.dim())?;
            let k = classes.num_classes();
            if !(crate::core::algo::multiclass::MIN_CLASSES
                ..=crate::core::algo::multiclass::MAX_CLASSES)
                .contains(&k)
            {
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
            if let Some(reason) = crate::core::scenario::class_names_problem(classes.names(), k) {
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
            let data = crate::core::parse_csv(bytes)?;
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
        if self.editing.selected >= self.num_classes() {
            self.editing.selected = 0;
        }
        self.shown.view = fit_view(&self.data);
        self.notice = format!("Loaded {n} points from the file; training restarts.{note}");
        Ok(Changed::Redraw)
    }

    /// The edits made during training (before the cursor) and the points training started
    /// from; `None` when the history no longer reaches back to the start.
    pub(super) fn timeline_edits(&self) -> Option<(Dataset, Vec<crate::core::scenario::Edit>)> {
        use crate::core::scenario::Edit;
        if self.history.dropped_steps() > 0 {
            return None;
        }
        let mut edits = Vec::new();
        let mut changes = Vec::new();
        let mut step = 0;
        for entry in self.history.done_entries() {
            match entry {
                Entry::Step(r) => step = r.step(),
                Entry::Edit { change, .. } => {
                    changes.push(change);
                    edits.push(match change {
                        PointChange::Added { x, class } => Edit::Add {
                            step,
                            x: x[0],
                            y: x[1],
                            class: *class,
                        },
                        PointChange::Moved { index, to, .. } => Edit::Move {
                            step,
                            index: index + 1,
                            x: to[0],
                            y: to[1],
                        },
                        PointChange::Removed { index, .. } => Edit::Remove {
                            step,
                            index: index + 1,
                        },
                    });
                }
            }
        }
        // The points training started from: today's, with the edits taken back.
        let mut start = self.data.clone();
        for change in changes.iter().rev() {
            change.undo(&mut start).ok()?;
        }
        Some((start, edits))
    }

    pub fn scenario(&self) -> crate::core::scenario::Scenario {
        let settings = self.settings();
        let (start, edits) = self
            .timeline_edits()
            .unwrap_or_else(|| (self.data.clone(), Vec::new()));
        crate::core::scenario::Scenario {
            version: crate::core::scenario::SCENARIO_VERSION,
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
            init: crate::core::scenario::init_text(&settings.init),
            eta: settings.eta,
            order: settings.order.to_string(),
            seed: settings.seed,
            max_epochs: settings.max_epochs,
            points: (0..start.len())
                .map(|i| (start.x(i)[0], start.x(i)[1], start.class(i)))
                .collect(),
            step: self.model().steps(),
            edits,
            view: Some([
                self.shown.view.x_min,
                self.shown.view.x_max,
                self.shown.view.y_min,
                self.shown.view.y_max,
            ]),
            pocket: self.watch.pocket_mode,
            max_margin: self.shown.show_max_margin,
            snap: self.editing.snap,
            second_eta: (self.shown.second_eta != super::DEFAULT_SECOND_ETA)
                .then_some(self.shown.second_eta),
        }
    }

    /// Whether pocket mode is on.
    pub fn pocket_mode(&self) -> bool {
        self.watch.pocket_mode
    }

    /// Whether the max-margin separator is shown.
    pub fn shows_max_margin(&self) -> bool {
        self.shown.show_max_margin
    }

    /// Whether new points snap to the ½ grid.
    pub fn snaps(&self) -> bool {
        self.editing.snap
    }

    /// Replays one edit of a scenario exactly as the page made it.
    pub(super) fn replay_edit(&mut self, edit: &crate::core::scenario::Edit) -> Result<(), Error> {
        use crate::core::scenario::Edit;
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
                self.edit(
                    what,
                    PointChange::Added {
                        x: vec![x, y],
                        class,
                    },
                )
            }
            Edit::Move { index, x, y, .. } => {
                if index == 0 || index > self.data.len() {
                    return Err(bad(format!("there is no point #{index} to move")));
                }
                let what = format!("Moved point #{index} to {}.", point(&[x, y]));
                let from = self.data.x(index - 1).to_vec();
                self.edit(
                    what,
                    PointChange::Moved {
                        index: index - 1,
                        from,
                        to: vec![x, y],
                    },
                )
            }
            Edit::Remove { index, .. } => {
                if index == 0 || index > self.data.len() {
                    return Err(bad(format!("there is no point #{index} to remove")));
                }
                let what = format!("Removed point #{index}.");
                let (x, class) = (self.data.x(index - 1).to_vec(), self.data.class(index - 1));
                self.edit(
                    what,
                    PointChange::Removed {
                        index: index - 1,
                        x,
                        class,
                    },
                )
            }
        }
    }

    pub(super) fn load_scenario(
        &mut self,
        s: crate::core::scenario::Scenario,
    ) -> Result<Changed, Error> {
        let (setup, names) = scenario_setup(&s)?;
        let algorithm = setup.algorithm;
        let settings = s.settings()?;
        let data = scenario_data(&s, &setup)?;
        let model = Model::new(&setup, settings.clone(), 2)?;
        let total = replay_budget(
            &model,
            setup.algorithm.title(),
            setup.num_classes(),
            s.pocket,
            s.points.len(),
            &s.edits,
            s.step,
        )?;
        let second_eta = match s.second_eta {
            Some(eta) => crate::core::algo::perceptron::eta::check_second_eta(eta)?,
            None => super::DEFAULT_SECOND_ETA,
        };
        // Replay on a copy, so that a scenario whose edits do not fit changes nothing.
        let mut next = self.clone();
        next.long_work.job = None;
        next.long_work.slices = false;
        next.watch.pocket_mode = s.pocket;
        next.shown.show_max_margin = s.max_margin;
        next.editing.snap = s.snap;
        next.shown.second_eta = second_eta;
        next.set_data(data);
        next.restart_with(setup, settings)?;
        next.class_names = names;
        next.editing.selected = if algorithm.is_multiclass() { 0 } else { 1 };
        let opening = super::job::Opening {
            next,
            edits: s.edits,
            edit_at: 0,
            step: s.step,
            reached: 0,
            why: String::new(),
            view: s.view,
            total,
        };
        self.open(opening)?;
        Ok(Changed::Redraw)
    }

    /// Puts the session an opening built in place of this one, with the scenario's view.
    pub(super) fn finish_open(&mut self, opening: super::job::Opening) {
        let super::job::Opening {
            next,
            step,
            reached,
            why,
            view,
            ..
        } = opening;
        let (slices, slice_work) = (self.long_work.slices, self.long_work.slice_work);
        *self = next;
        self.long_work.slices = slices;
        self.long_work.slice_work = slice_work;
        self.shown.view = match view {
            Some([x_min, x_max, y_min, y_max]) if usable_view(x_min, x_max, y_min, y_max) => Rect {
                x_min,
                x_max,
                y_min,
                y_max,
            },
            _ => fit_view(&self.data),
        };
        self.notice = if reached < step {
            format!("Opened the scenario: training stopped at step {reached}, before step {step}. {why}")
                .trim_end()
                .to_string()
        } else {
            format!("Opened the scenario at step {reached}.")
        };
    }

    /// The points as CSV, `x1,x2,label`: labels `-1`/`+1` for the binary algorithms, the
    /// class names for the multiclass ones (quoted where CSV needs it; a name a spreadsheet
    /// would run as a formula, such as `=HYPERLINK(…)`, behind a single quote, see
    /// [`crate::core::table::csv_formula_safe`]), numbers in their shortest exact form. [`Action::ImportCsv`] reads it back: the same points, labels and
    /// (when every class has a point) class indices.
    pub fn points_csv(&self) -> String {
        let mut out = csv::Writer::from_writer(Vec::new());
        let mut rows = std::iter::once(["x1".to_string(), "x2".to_string(), "label".to_string()])
            .chain((0..self.data.len()).map(|i| {
                let x = self.data.x(i);
                [
                    format!("{}", x[0]),
                    format!("{}", x[1]),
                    crate::core::table::csv_formula_safe(&self.class_name(self.data.class(i)))
                        .into_owned(),
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
}

/// Checks what replaying a scenario costs before anything is replayed: at most [`MAX_EDITS`]
/// edits, at most [`MAX_POINTS`] points after any of them, and at most [`WORK_BUDGET`] of work (the
/// work, when it is within it)
/// (the same count the page keeps while training, so what the page made it can open again).
/// The steps are counted as asked; training may stop sooner, which only costs less.
fn replay_budget(
    model: &Model,
    title: &str,
    k: usize,
    pocket: bool,
    points: usize,
    edits: &[crate::core::scenario::Edit],
    step: u64,
) -> Result<u64, Error> {
    use crate::core::scenario::Edit;
    if edits.len() > MAX_EDITS {
        return Err(Error::Field {
            field: "edits",
            reason: format!(
                "{} edits is more than the {} a scenario may hold",
                count(edits.len() as u64),
                count(MAX_EDITS as u64)
            ),
        });
    }
    let mut n = points;
    let mut at = 0;
    let mut work: u64 = 0;
    let steps = |from: u64, to: u64, n: usize| {
        to.saturating_sub(from)
            .saturating_mul(super::training::step_work(model, n, k, pocket))
    };
    for edit in edits {
        work = work.saturating_add(steps(at, edit.step(), n));
        at = at.max(edit.step());
        if at > 0 {
            work = work.saturating_add((n as u64).max(STEP_OVERHEAD));
        }
        n = match edit {
            Edit::Add { .. } => n + 1,
            Edit::Remove { .. } => n.saturating_sub(1),
            Edit::Move { .. } => n,
        };
        if n > MAX_POINTS {
            return Err(Error::Field {
                field: "edits",
                reason: format!(
                    "the edits bring the points to more than the {} the page can hold",
                    count(MAX_POINTS as u64)
                ),
            });
        }
    }
    work = work.saturating_add(steps(at, step, n));
    if work > WORK_BUDGET {
        return Err(Error::Field {
            field: "step",
            reason: format!(
                "replaying it to step {step} takes about {} units of work ({} with {n} points costs {} a step), more than the {} a run may do; open it at an earlier step or with fewer points",
                count(work),
                title,
                count(super::training::step_work(model, n, k, pocket)),
                count(WORK_BUDGET),
            ),
        });
    }
    Ok(work)
}

/// The algorithm setup a scenario asks for and its class names, checked: a version this page
/// reads, an algorithm, a kernel, a number of classes, parameters and class names it takes.
fn scenario_setup(s: &crate::core::scenario::Scenario) -> Result<(Setup, Vec<String>), Error> {
    if s.version == 0 || s.version > crate::core::scenario::SCENARIO_VERSION {
        return Err(Error::Field {
            field: "version",
            reason: format!("version {} is not one this page reads", s.version),
        });
    }
    let algorithm = s.algorithm()?;
    let kernel = crate::core::algo::kernel::Kernel::parse(&s.kernel)?;
    if algorithm.is_multiclass()
        && !(crate::core::algo::multiclass::MIN_CLASSES
            ..=crate::core::algo::multiclass::MAX_CLASSES)
            .contains(&s.classes)
    {
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
            });
        }
        Some(names) => {
            crate::core::scenario::check_class_names(names, setup.classes)?;
            names.clone()
        }
    };
    Ok((setup, names))
}

/// A scenario's points as the dataset of `setup`, checked with its step and edits: no more
/// points than the page holds, each of a class the setup has, a step a scenario may replay to,
/// and edits in step order up to that step.
fn scenario_data(s: &crate::core::scenario::Scenario, setup: &Setup) -> Result<Dataset, Error> {
    use crate::core::scenario::MAX_SCENARIO_STEP;
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
                    setup.algorithm.title(),
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
    Ok(data)
}
