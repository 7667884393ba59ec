//! The actions that restart training from a new start (reset, clear, settings, setup, an
//! example) and the pocket's switch.

use super::*;

impl Session {
    /// Applies one of the actions that restart training from a new start: a reset, no points,
    /// new settings, a new algorithm setup or an example (see `apply_action`).
    pub(super) fn setup_action(&mut self, action: Action) -> Result<Changed, Error> {
        match action {
            Action::Reset => {
                self.restart(self.settings().clone())?;
                self.notice = "Reset: back to the initial weights, step 0, epoch 1.".to_string();
                Ok(Changed::Redraw)
            }
            Action::Clear => {
                self.set_data(Dataset::new(2));
                self.restart(self.settings().clone())?;
                self.shown.view = DEFAULT_VIEW;
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
                    self.editing.selected = if algorithm.is_multiclass() { 0 } else { 1 };
                } else if self.editing.selected >= self.num_classes() {
                    self.editing.selected = 0;
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
                self.editing.selected = if self.setup.algorithm.is_multiclass() {
                    0
                } else {
                    1
                };
                self.shown.view = fit_view(&self.data);
                self.notice = format!("Loaded “{}”.", preset.title());
                Ok(Changed::Redraw)
            }
            // `apply_action` hands only the actions above here.
            _ => Ok(Changed::Nothing),
        }
    }

    /// Pocket mode on or off ([`Action::SetPocket`]): turned on, the state on show starts its
    /// pocket from its own weights.
    pub(super) fn set_pocket(&mut self, on: bool) -> Changed {
        self.watch.pocket_mode = on;
        if on {
            let mut state = self.history.current().clone();
            if let (None, Some(w)) = (&state.pocket, state.model.linear_weights()) {
                let w = w.to_vec();
                let errors = training_errors(&self.data, &w);
                state.pocket = Some((w, errors));
                self.history.replace_current_keep_future(state);
            }
        }
        Changed::Redraw
    }
}
