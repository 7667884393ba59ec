//! Edits of the points: add, drag, select, remove, each an entry of the timeline once
//! training has started.

use super::*;

/// The plot's pointer and keyboard: the class a click adds, the selected point, a drag under
/// way, snapping, and the keyboard cursor.
#[derive(Debug, Clone)]
pub(super) struct Editing {
    /// The class index of the class a click adds.
    pub(super) selected: usize,
    /// The selected point (Delete removes it).
    pub(super) selected_point: Option<usize>,
    /// The point being dragged.
    pub(super) drag: Option<Drag>,
    /// Whether added points snap to the half-unit grid.
    pub(super) snap: bool,
    /// The keyboard cursor on the focused plot.
    pub(super) cursor: cursor::Cursor,
}

impl Default for Editing {
    fn default() -> Self {
        Editing {
            selected: Label::Pos.class(),
            selected_point: None,
            drag: None,
            snap: false,
            cursor: Default::default(),
        }
    }
}

/// A point being dragged.
#[derive(Debug, Clone)]
pub(super) struct Drag {
    index: usize,
    from: [f64; 2],
    moved: bool,
}

impl Session {
    /// Applies one of the actions that edit the points or choose the class new points get
    /// (see `apply_action`).
    pub(super) fn edit_action(&mut self, action: Action) -> Result<Changed, Error> {
        match action {
            Action::AddPoint {
                x,
                y,
                alternate,
                pixel,
            } => self.add_point(x, y, alternate, pixel),
            Action::Press { x, y, reach } => {
                self.editing.drag = self.point_near(x, y, reach).map(|index| Drag {
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
            Action::DeleteSelected => match self.editing.selected_point {
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
                if self.editing.selected == class {
                    return Ok(Changed::Nothing);
                }
                self.editing.selected = class;
                self.notice = format!("Taps and clicks now add class {}.", self.class_name(class));
                Ok(Changed::Redraw)
            }
            // `apply_action` hands only the actions above here.
            _ => Ok(Changed::Nothing),
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

    pub(super) fn rounded(&self, x: f64, y: f64, pixel: f64) -> (f64, f64) {
        if self.editing.snap {
            ((x * 2.0).round() / 2.0 + 0.0, (y * 2.0).round() / 2.0 + 0.0)
        } else {
            (round_to_pixel(x, pixel), round_to_pixel(y, pixel))
        }
    }

    pub(super) fn add_point(
        &mut self,
        x: f64,
        y: f64,
        alternate: bool,
        pixel: f64,
    ) -> Result<Changed, Error> {
        let (x, y) = self.rounded(x, y, pixel);
        let class = if alternate {
            self.alternate_class()
        } else {
            self.editing.selected
        };
        let n = self.data.len() + 1;
        let what = format!(
            "Added point #{n} at {}, class {}.",
            point(&[x, y]),
            self.class_name(class)
        );
        self.edit(
            what,
            PointChange::Added {
                x: vec![x, y],
                class,
            },
        )?;
        self.editing.selected_point = None;
        Ok(Changed::Redraw)
    }

    pub(super) fn drag_to(&mut self, x: f64, y: f64, pixel: f64) -> Result<Changed, Error> {
        let Some(drag) = &mut self.editing.drag else {
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

    pub(super) fn release(
        &mut self,
        x: f64,
        y: f64,
        alternate: bool,
        pixel: f64,
    ) -> Result<Changed, Error> {
        match self.editing.drag.take() {
            Some(Drag {
                index,
                from,
                moved: true,
            }) => {
                self.record_move(index, from)?;
                Ok(Changed::Redraw)
            }
            Some(Drag { index, .. }) => {
                self.editing.selected_point = Some(index);
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

    pub(super) fn remove_point(&mut self, index: usize) -> Result<Changed, Error> {
        if index >= self.data.len() {
            return Ok(Changed::Nothing);
        }
        let p = self.data.x(index).to_vec();
        let what = format!("Removed point #{} at {}.", index + 1, point(&p));
        let class = self.data.class(index);
        self.edit(what, PointChange::Removed { index, x: p, class })?;
        self.editing.selected_point = None;
        Ok(Changed::Redraw)
    }

    /// Records a point moved in place (by a drag, or carried by the keyboard cursor) from
    /// `from` to where it is now as one edit: put back, then moved through [`Session::edit`].
    pub(super) fn record_move(&mut self, index: usize, from: [f64; 2]) -> Result<(), Error> {
        let to = [self.data.x(index)[0], self.data.x(index)[1]];
        self.data.set_x(index, &from)?;
        let what = format!("Moved point #{} to {}.", index + 1, point(&to));
        self.edit(
            what,
            PointChange::Moved {
                index,
                from: from.to_vec(),
                to: to.to_vec(),
            },
        )?;
        self.editing.selected_point = Some(index);
        Ok(())
    }

    /// Applies an edit of the points. It keeps the weights and the step count; once steps have
    /// been taken it becomes an entry of the timeline.
    ///
    /// The change is made on the points in place (on `Err` they are as they were); the
    /// timeline records the change itself, not a copy of the points.
    pub(super) fn edit(&mut self, what: String, change: PointChange) -> Result<(), Error> {
        let n = self.data.len() as u64;
        change.redo(&mut self.data)?;
        let mut state = self.history.current().clone();
        match &change {
            PointChange::Added { .. } => state.model.sample_added(self.data.len()),
            PointChange::Moved { .. } => state.model.sample_moved(),
            PointChange::Removed { index, .. } => state.model.sample_removed(*index),
        }
        if let Some((w, errors)) = &mut state.pocket {
            // The pocket's error count refers to the data: only the edited point's can change.
            *errors = errors_after(*errors, &self.data, w, &change);
        }
        // A run whose kept history costs more per entry with more points (the kernel run's α)
        // keeps fewer entries as points are added.
        let limit = state.model.history_limit(self.data.len());
        let started = self.history.has_steps_before_cursor();
        if started {
            // Replaying an edit copies the state and shifts the points: n visits' work.
            state.work = state.work.saturating_add(n.max(STEP_OVERHEAD));
            self.history.push(
                Entry::Edit {
                    change,
                    what: what.clone(),
                },
                state,
            );
        } else {
            self.history.replace_current(state);
        }
        if limit < self.history.limit() {
            self.history.set_limit(limit);
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

    /// Crosses a recorded edit of the timeline: undoes it (`undone`) or redoes it. The change
    /// was recorded on these very points, so it applies; were it ever refused, the points stay
    /// as they are.
    pub(super) fn cross_edit(&mut self, change: &PointChange, undone: bool) {
        let crossed = if undone {
            change.undo(&mut self.data)
        } else {
            change.redo(&mut self.data)
        };
        debug_assert!(crossed.is_ok(), "a recorded edit applies: {crossed:?}");
        self.data_version += 1;
        self.editing.selected_point = None;
        self.editing.drag = None;
    }

    pub(super) fn set_data(&mut self, data: Dataset) {
        self.data = data;
        self.data_version += 1;
        self.editing.selected_point = None;
        self.editing.drag = None;
    }

    // ----- training -----------------------------------------------------------------------
}
