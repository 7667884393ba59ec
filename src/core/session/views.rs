//! The view actions ([`Action::is_view`]), which change only how the lab is shown or handled:
//! the play speed, snapping, the max-margin band, the region map's grid, the augmented view's
//! camera and switches, how much the live region says and the side-by-side comparison of the
//! multiclass strategies, a session cache trained only while a page watches it.

use super::*;
use crate::core::compare::CompareView;

/// How the plot and the panels beside it are shown: the view, the max-margin band, the
/// augmented view and the η panel's η₂.
#[derive(Debug, Clone)]
pub(super) struct Shown {
    /// The plot's data rectangle.
    pub(super) view: Rect,
    /// Whether the maximum-margin separator and its band are drawn.
    pub(super) show_max_margin: bool,
    /// The augmented view's camera and sign flip.
    pub(super) augmented: crate::core::augmented::AugmentedOptions,
    /// The η panel's second learning rate (see [`Session::eta_view`]).
    pub(super) second_eta: f64,
}

impl Default for Shown {
    fn default() -> Self {
        Shown {
            view: DEFAULT_VIEW,
            show_max_margin: false,
            augmented: Default::default(),
            second_eta: DEFAULT_SECOND_ETA,
        }
    }
}

impl Session {
    /// Applies a view action (see `apply_action`).
    pub(super) fn view_action(&mut self, action: Action) -> Result<Changed, Error> {
        let changed = |yes: bool| {
            if yes {
                Changed::Redraw
            } else {
                Changed::Nothing
            }
        };
        match action {
            Action::SetSpeed(speed) => {
                if !speed.is_finite() {
                    return Ok(Changed::Nothing);
                }
                self.play.speed = speed.clamp(*SPEED_RANGE.start(), *SPEED_RANGE.end());
                Ok(Changed::Nothing)
            }
            Action::SetSnap(snap) => {
                self.editing.snap = snap;
                Ok(Changed::Nothing)
            }
            Action::SetShowMaxMargin(on) => {
                self.shown.show_max_margin = on;
                Ok(Changed::Redraw)
            }
            Action::SetRegionGrid { view, cols, rows } => {
                let grid = Some((view, cols, rows));
                if grid == self.derived.region_grid {
                    Ok(Changed::Nothing)
                } else {
                    self.derived.region_grid = grid;
                    self.derived.region_cache = None;
                    Ok(Changed::Redraw)
                }
            }
            Action::TurnAugmented { yaw, pitch } => {
                let camera = self.shown.augmented.camera.turned(yaw, pitch);
                let turned = camera != self.shown.augmented.camera;
                self.shown.augmented.camera = camera;
                Ok(changed(turned))
            }
            Action::ZoomView { factor, x, y } => Ok(changed(self.zoom_view(factor, x, y))),
            Action::ZoomStep { zoom_in } => {
                let v = self.shown.view;
                let (x, y) = ((v.x_min + v.x_max) / 2.0, (v.y_min + v.y_max) / 2.0);
                let moved = self.zoom_view(if zoom_in { 0.8 } else { 1.25 }, x, y);
                let how = match (moved, zoom_in) {
                    (true, true) => crate::core::words::ViewSaid::ZoomedIn,
                    (true, false) => crate::core::words::ViewSaid::ZoomedOut,
                    (false, _) => crate::core::words::ViewSaid::Unchanged,
                };
                self.say_text(crate::core::words::view_said(how, &self.shown.view));
                Ok(Changed::Redraw)
            }
            Action::FitView => {
                let fitted = fit_view(&self.data);
                self.shown.view = fitted;
                self.say_text(crate::core::words::view_said(
                    crate::core::words::ViewSaid::Fitted,
                    &fitted,
                ));
                Ok(Changed::Redraw)
            }
            Action::ResetAugmentedView => {
                self.shown.augmented.camera = Default::default();
                Ok(Changed::Redraw)
            }
            Action::SetSignFlip(on) => {
                self.shown.augmented.flip = on;
                Ok(Changed::Redraw)
            }
            Action::SetActivationView(on) => {
                self.shown.augmented.activation = on;
                Ok(Changed::Redraw)
            }
            Action::WatchComparison(on) => Ok(changed(self.derived.compare.watch(on))),
            Action::SetComparing(on) => Ok(changed(self.derived.compare.set_comparing(on))),
            Action::SetVerbosity(verbosity) => {
                let new = self.speech.verbosity != verbosity;
                self.speech.verbosity = verbosity;
                Ok(changed(new))
            }
            // `apply_action` hands only the view actions here.
            _ => Ok(Changed::Nothing),
        }
    }

    /// How much the live region says of each step ([`Action::SetVerbosity`]; everything until
    /// set).
    pub fn verbosity(&self) -> crate::core::speech::Verbosity {
        self.speech.verbosity
    }

    /// The side-by-side panel (multiclass algorithms, while watched: see
    /// [`Action::WatchComparison`]): multiclass, one-vs-rest and one-vs-one trained on the
    /// points on show, from the initial weights, each to convergence or its stop, with the
    /// sentence that says what they are, how far their training is, or why there is none.
    /// Trained again only when the points, settings, classes or names change.
    pub fn comparison(&self) -> Option<CompareView<'_>> {
        self.derived
            .compare
            .view(self.setup.algorithm.is_multiclass())
    }

    /// Whether the side-by-side comparison is being trained in slices (its progress bar on
    /// show; the page's frames tick until it is done or stopped).
    pub fn compare_pending(&self) -> bool {
        self.derived
            .compare
            .pending(self.setup.algorithm.is_multiclass())
    }

    /// Starts the comparison again when what it is trained from changed, and trains it (a
    /// slice with slices on, else all of it).
    pub(super) fn refresh_comparison(&mut self) {
        // The comparison's slices are the standard size whatever the long work's are.
        let slice = if self.long_work.slices {
            job::SLICE_WORK
        } else {
            u64::MAX
        };
        let mut compare = std::mem::take(&mut self.derived.compare);
        compare.refresh(self, self.data_version, slice);
        self.derived.compare = compare;
    }

    /// A frame's slice of the comparison's training: whether it trained.
    pub(super) fn train_comparison(&mut self) -> bool {
        self.compare_pending() && self.derived.compare.train(job::SLICE_WORK)
    }
}

impl Session {
    /// The plot's data rectangle.
    pub fn view(&self) -> Rect {
        self.shown.view
    }

    /// [`Action::ZoomView`]: whether the view changed.
    fn zoom_view(&mut self, factor: f64, x: f64, y: f64) -> bool {
        if !(factor.is_finite() && factor > 0.0 && x.is_finite() && y.is_finite()) {
            return false;
        }
        let f = factor.clamp(0.1, 10.0);
        let v = self.shown.view;
        let next = Rect {
            x_min: x + (v.x_min - x) * f,
            x_max: x + (v.x_max - x) * f,
            y_min: y + (v.y_min - y) * f,
            y_max: y + (v.y_max - y) * f,
        };
        let fitted = fit_view(&self.data);
        let ratio = (next.x_max - next.x_min) / (fitted.x_max - fitted.x_min);
        if !(1e-6..=1e6).contains(&ratio)
            || !usable_view(next.x_min, next.x_max, next.y_min, next.y_max)
            || next == v
        {
            return false;
        }
        self.shown.view = next;
        true
    }
}
