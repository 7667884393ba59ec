//! Edits of the points: add, drag, select, remove, each an entry of the timeline once
//! training has started.

use super::*;

impl Session {
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
        if self.snap {
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

    pub(super) fn drag_to(&mut self, x: f64, y: f64, pixel: f64) -> Result<Changed, Error> {
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

    pub(super) fn release(
        &mut self,
        x: f64,
        y: f64,
        alternate: bool,
        pixel: f64,
    ) -> Result<Changed, Error> {
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

    pub(super) fn remove_point(&mut self, index: usize) -> Result<Changed, Error> {
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
    pub(super) fn edit(
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

    pub(super) fn set_data(&mut self, data: Dataset) {
        self.data = data;
        self.data_version += 1;
        self.selected_point = None;
        self.drag = None;
    }

    // ----- training -----------------------------------------------------------------------
}
