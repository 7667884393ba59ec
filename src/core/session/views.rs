//! The view actions ([`Action::is_view`]), which change only how the lab is shown or handled:
//! the play speed, snapping, the max-margin band, the region map's grid, the augmented view's
//! camera and switches, how much the live region says and the side-by-side comparison of the
//! multiclass strategies, a session cache trained only while a page watches it.

use super::*;
use crate::core::compare::CompareView;

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
                self.speed = speed.clamp(*SPEED_RANGE.start(), *SPEED_RANGE.end());
                Ok(Changed::Nothing)
            }
            Action::SetSnap(snap) => {
                self.snap = snap;
                Ok(Changed::Nothing)
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
            Action::TurnAugmented { yaw, pitch } => {
                let camera = self.augmented.camera.turned(yaw, pitch);
                let turned = camera != self.augmented.camera;
                self.augmented.camera = camera;
                Ok(changed(turned))
            }
            Action::ResetAugmentedView => {
                self.augmented.camera = Default::default();
                Ok(Changed::Redraw)
            }
            Action::SetSignFlip(on) => {
                self.augmented.flip = on;
                Ok(Changed::Redraw)
            }
            Action::SetActivationView(on) => {
                self.augmented.activation = on;
                Ok(Changed::Redraw)
            }
            Action::WatchComparison(on) => Ok(changed(self.compare.watch(on))),
            Action::SetComparing(on) => Ok(changed(self.compare.set_comparing(on))),
            Action::SetVerbosity(verbosity) => {
                let new = self.verbosity != verbosity;
                self.verbosity = verbosity;
                Ok(changed(new))
            }
            // `apply_action` hands only the view actions here.
            _ => Ok(Changed::Nothing),
        }
    }

    /// How much the live region says of each step ([`Action::SetVerbosity`]; everything until
    /// set).
    pub fn verbosity(&self) -> crate::core::speech::Verbosity {
        self.verbosity
    }

    /// The side-by-side panel (multiclass algorithms, while watched: see
    /// [`Action::WatchComparison`]): multiclass, one-vs-rest and one-vs-one trained on the
    /// points on show, from the initial weights, each to convergence or its stop, with the
    /// sentence that says what they are, how far their training is, or why there is none.
    /// Trained again only when the points, settings, classes or names change.
    pub fn comparison(&self) -> Option<CompareView<'_>> {
        self.compare.view(self.setup.algorithm.is_multiclass())
    }

    /// Whether the side-by-side comparison is being trained in slices (its progress bar on
    /// show; the page's frames tick until it is done or stopped).
    pub fn compare_pending(&self) -> bool {
        self.compare.pending(self.setup.algorithm.is_multiclass())
    }

    /// Starts the comparison again when what it is trained from changed, and trains it (a
    /// slice with slices on, else all of it).
    pub(super) fn refresh_comparison(&mut self) {
        // The comparison's slices are the standard size whatever the long work's are.
        let slice = if self.slices {
            job::SLICE_WORK
        } else {
            u64::MAX
        };
        let mut compare = std::mem::take(&mut self.compare);
        compare.refresh(self, self.data_version, slice);
        self.compare = compare;
    }

    /// A frame's slice of the comparison's training: whether it trained.
    pub(super) fn train_comparison(&mut self) -> bool {
        self.compare_pending() && self.compare.train(job::SLICE_WORK)
    }
}
