//! Derived data, cached per data version: the theory (R, γ, max margin), accuracy, region maps,
//! the kernel's Gram panel, the batch charts, the η panel's two runs and the comparison.

use super::*;
use crate::core::algo::perceptron::eta;
use crate::core::algo::sign_class;

/// What a derived value depends on: the points' version, the run, the step (see
/// [`Session::accuracy_key`]).
type StateKey = (u64, u64, u64);

/// The caches of what is derived from the points and the timeline, brought up to date by
/// [`Session::apply`] so that the views only read.
#[derive(Debug, Clone, Default)]
pub(super) struct Derived {
    /// The maximum-margin separator and R of the points.
    pub(super) theory: Option<Theory>,
    /// The points as [`ClassData`], for the points' version.
    pub(super) class_cache: Option<(u64, Rc<ClassData>)>,
    /// The points' highest class, for the points' version.
    pub(super) max_class_cache: Option<(u64, Option<usize>)>,
    /// The kernel's scores over the region map's grid, kept between frames.
    pub(super) kernel_grid: crate::core::region::KernelGrid,
    /// The region map's grid as the page asked for it, and the map for the state of
    /// [`Session::accuracy_key`] on it.
    pub(super) region_grid: Option<(Rect, usize, usize)>,
    /// The region map (see [`Session::region`]).
    pub(super) region_cache: Option<(StateKey, Option<crate::core::Region>)>,
    /// The points the model gets wrong, for the state of [`Session::accuracy_key`].
    pub(super) wrong_cache: Option<(StateKey, Rc<Vec<usize>>)>,
    /// The kernel perceptron's scores of the points, from which `wrong_cache` is found.
    pub(super) point_scores: crate::core::region::KernelPointScores,
    /// The batch charts, for the state of [`Session::accuracy_key`].
    pub(super) batch_cache: Option<(StateKey, BatchView)>,
    /// The η panel's two runs (see [`Session::eta_view`]).
    pub(super) eta_cache: Option<EtaCache>,
    /// The side-by-side comparison (see [`Session::comparison`]).
    pub(super) compare: crate::core::compare::CompareCache,
}

/// The maximum-margin separator of the current data, computed once per data/bias change.
#[derive(Debug, Clone)]
pub(super) struct Theory {
    version: u64,
    bias: bool,
    pub(super) radius: f64,
    pub(super) best: MaxMargin,
}

/// The classic rule run with η and η₂ over the points of `data_version` under run `runs`.
#[derive(Debug, Clone)]
pub(super) struct EtaCache {
    data_version: u64,
    runs: u64,
    runs_of: eta::EtaRuns,
}

/// With slices on, the most kernel evaluations a frame spends computing the kernel
/// perceptron's scores of the points from scratch (about 10–20 ms in the page); the accuracy and
/// the wrong points follow over the next frames (see [`Session::points_pending`]).
pub(crate) const POINT_SCORE_EVALS: u64 = 150_000;

/// The points (0-based) whose predicted class is not their own.
fn wrong_of(data: &Dataset, classes: &[Option<usize>]) -> Vec<usize> {
    classes
        .iter()
        .enumerate()
        .filter(|&(i, &c)| c != Some(data.class(i)))
        .map(|(i, _)| i)
        .collect()
}

impl Session {
    pub(super) fn theory(&mut self) -> &Theory {
        let bias = self.settings().bias;
        let fresh = matches!(&self.derived.theory, Some(t) if t.version == self.data_version && t.bias == bias);
        if !fresh {
            let (points, labels) = plane(&self.data);
            self.derived.theory = Some(Theory {
                version: self.data_version,
                bias,
                radius: theory::radius(&points, bias),
                best: theory::max_margin(&points, &labels, bias),
            });
        }
        match &self.derived.theory {
            Some(t) => t,
            None => unreachable!("just computed"),
        }
    }

    /// Brings the caches up to date: the theory (R and the max-margin separator) when the
    /// points or the bias changed, the accuracy and the batch charts when the state changed.
    /// Called by [`Session::apply`] after every visible change.
    pub(super) fn refresh_derived(&mut self) {
        self.refresh_derived_sharing(eta::ETA_SLICE_STEPS);
    }

    /// [`Session::refresh_derived`] in a frame whose tick already did a slice of long work: the
    /// η panel's runs then add at most `eta_most` steps (with slices on), so that the slice and
    /// the panel's catch-up do not add up to one long task; the panel catches up in the
    /// frames after the work.
    pub(super) fn refresh_derived_sharing(&mut self, eta_most: u64) {
        if self.linear() {
            let _ = self.theory();
        }
        let key = self.accuracy_key();
        if !matches!(self.derived.wrong_cache, Some((k, _)) if k == key) {
            self.derived.wrong_cache = self.count_wrong().map(|w| (key, Rc::new(w)));
        }
        if !matches!(self.derived.batch_cache, Some((k, _)) if k == key) {
            self.derived.batch_cache = self.compute_batch_view().map(|v| (key, v));
        }
        self.refresh_region();
        self.refresh_eta(eta_most);
        self.refresh_comparison();
    }

    /// The points the model gets wrong, or `None` while the kernel perceptron's scores of the
    /// points are still being computed in slices (at most [`POINT_SCORE_EVALS`] kernel
    /// evaluations a frame).
    fn count_wrong(&mut self) -> Option<Vec<usize>> {
        let budget = if self.long_work.slices {
            POINT_SCORE_EVALS
        } else {
            u64::MAX
        };
        // The model by its field, so that the scores' cache can be borrowed beside it.
        let model = &self.history.current().model;
        let classes = match model.dual() {
            Some(t) => self
                .derived
                .point_scores
                .update(t, &self.data, self.data_version, budget)
                .map(|s| s.iter().map(|&v| sign_class(v)).collect::<Vec<_>>())?,
            None => model.predict_points(&self.data),
        };
        Some(wrong_of(&self.data, &classes))
    }

    /// The points the model gets wrong (0-based, in data order): from the cache when it is
    /// current; `None` only while it is being computed in slices ([`Session::points_pending`]).
    pub(super) fn wrong_known(&self) -> Option<Rc<Vec<usize>>> {
        match &self.derived.wrong_cache {
            Some((key, wrong)) if *key == self.accuracy_key() => Some(Rc::clone(wrong)),
            _ if self.points_pending().is_some() => None,
            _ => Some(Rc::new(wrong_of(
                &self.data,
                &self.model().predict_points(&self.data),
            ))),
        }
    }

    /// While the kernel perceptron's scores of the points are being computed in slices: how
    /// many points are scored, of how many. The page's frames tick until they all are.
    pub fn points_pending(&self) -> Option<(usize, usize)> {
        let current =
            matches!(&self.derived.wrong_cache, Some((k, _)) if *k == self.accuracy_key());
        (self.long_work.slices && !current && self.model().dual().is_some())
            .then(|| self.derived.point_scores.progress())
    }

    /// The model's training accuracy (averaged: with w̄), from the cache when it is current;
    /// `None` without points or while [`Session::points_pending`].
    pub(super) fn accuracy(&self) -> Option<f64> {
        let n = self.data.len();
        if n == 0 {
            return None;
        }
        let wrong = self.wrong_known()?;
        Some((n - wrong.len()) as f64 / n as f64)
    }

    /// What the model's state depends on: the points' version, the run, the step.
    pub(super) fn accuracy_key(&self) -> (u64, u64, u64) {
        (self.data_version, self.runs, self.model().steps())
    }

    /// What a view of the timeline depends on besides the timeline itself: the points'
    /// version and the run (a reset or another algorithm or setting starts a new one). Under
    /// one key the state after step `s` is always the same.
    pub fn run_key(&self) -> (u64, u64) {
        (self.data_version, self.runs)
    }

    /// The perceptron's mistake bound `(R/γ*)²` of the points on show, when a line separates
    /// them and the algorithm's updates are the mistakes it bounds.
    pub fn mistake_bound(&self) -> Option<f64> {
        let theory = self.current_theory()?;
        match theory.best {
            MaxMargin::Separable { gamma, .. } if self.model().bounds_updates() => {
                Some(theory::mistake_bound(theory.radius, gamma)).filter(|b| b.is_finite())
            }
            _ => None,
        }
    }

    pub(super) fn current_theory(&self) -> Option<&Theory> {
        self.derived.theory.as_ref().filter(|t| {
            t.version == self.data_version && t.bias == self.settings().bias && self.linear()
        })
    }

    /// Whether the model is a linear binary classifier, to which the theory of R, γ and the
    /// mistake bound applies.
    pub(super) fn linear(&self) -> bool {
        self.model().is_linear()
    }

    /// The region map (kernel and multiclass models) on the grid of
    /// [`Action::SetRegionGrid`], as `apply` last brought it up to date; `None` for the other
    /// models or before a grid was set.
    pub fn region(&self) -> Option<&crate::core::Region> {
        if self.practice.run.is_some() {
            // The map is the lab's model's; Practice mode's plot has none yet.
            return None;
        }
        match &self.derived.region_cache {
            Some((key, region)) if *key == self.accuracy_key() => region.as_ref(),
            _ => None,
        }
    }

    /// A region map on another grid, computed afresh without touching the session (the SVG
    /// export draws at CSS size, the canvas at its backing size).
    pub fn region_on(&self, view: &Rect, cols: usize, rows: usize) -> Option<crate::core::Region> {
        crate::core::region::region_of(
            &self.history.current().model,
            &self.data,
            self.data_version,
            view,
            cols,
            rows,
            &mut crate::core::region::KernelGrid::default(),
        )
    }

    /// Recomputes the region map when the state or the grid changed, with the kernel's scores
    /// updated incrementally between calls.
    fn refresh_region(&mut self) {
        let key = self.accuracy_key();
        if matches!(self.derived.region_cache, Some((k, _)) if k == key) {
            return;
        }
        let Some((view, cols, rows)) = self.derived.region_grid else {
            return;
        };
        let model = &self.history.current().model;
        let region = crate::core::region::region_of(
            model,
            &self.data,
            self.data_version,
            &view,
            cols,
            rows,
            &mut self.derived.kernel_grid,
        );
        self.derived.region_cache = Some((key, region));
    }

    /// The kernel perceptron's Gram matrix rows for the panel: the (0-based) rows to show, the
    /// highlighted row (the sample just visited), and each row's values. At most `limit` rows
    /// and columns.
    pub fn gram(&self, limit: usize) -> Option<Gram> {
        let t = self.model().dual()?;
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
    /// as many epochs, fixed order): whether the run has them (a batch run).
    pub fn has_batch_view(&self) -> bool {
        self.derived.batch_cache.is_some()
    }

    /// The batch perceptron's per-epoch `J_p` and `|M|`, and the paths of `(w1, w2)` (see
    /// [`Session::batch_view`]).
    pub fn batch_view(&self) -> Option<BatchView> {
        match &self.derived.batch_cache {
            Some((key, view)) if *key == self.accuracy_key() => Some(view.clone()),
            _ => self.compute_batch_view(),
        }
    }

    /// The batch charts from scratch: the online rule is retrained over as many epochs as the
    /// batch run has taken.
    pub(super) fn compute_batch_view(&self) -> Option<BatchView> {
        self.model()
            .batch_view(&self.data, &mut self.history.steps())
    }

    /// Whether the (cached) max-margin problem proved that no line separates the classes.
    pub(super) fn proven_not_separable(&self) -> bool {
        matches!(
            self.current_theory(),
            Some(Theory {
                best: MaxMargin::NotSeparable,
                ..
            })
        )
    }

    /// The η panel's second learning rate η₂ ([`Action::SetSecondEta`]; defaults to
    /// [`DEFAULT_SECOND_ETA`]).
    pub fn second_eta(&self) -> f64 {
        self.shown.second_eta
    }

    pub(super) fn set_second_eta(&mut self, eta: f64) -> Result<Changed, Error> {
        let eta = eta::check_second_eta(eta)?;
        self.notice = format!(
            "η₂ = {}: the η panel runs the classic rule with η = {} and with η = {} side by side.",
            num(eta),
            num(self.settings().eta),
            num(eta)
        );
        self.shown.second_eta = eta;
        Ok(Changed::Redraw)
    }

    /// The η panel (classic perceptron only): the classic rule run with the settings' η and
    /// with η₂ in lockstep, from the initial weights over the points as they are now, up to the
    /// current step (at most [`eta::ETA_STEP_LIMIT`] steps). `None` for the other algorithms.
    pub fn eta_view(&self) -> Option<eta::EtaView<'_>> {
        let cache = self.derived.eta_cache.as_ref()?;
        if !self.model().compares_eta() {
            return None;
        }
        let fresh = cache.data_version == self.data_version
            && cache.runs == self.runs
            && cache.runs_of.etas() == [self.settings().eta, self.shown.second_eta];
        fresh.then(|| cache.runs_of.view(self.model().steps()))
    }

    /// Everything the η panel shows depends on, from the session: equal keys, the same
    /// [`Session::eta_view`] and [`Session::eta_scenes`] (the runs are those of the points'
    /// version, the run and both η, as `eta_view` takes them). `None` when `eta_view` is.
    pub fn eta_key(&self) -> Option<EtaKey> {
        let view = self.eta_view()?;
        Some(EtaKey {
            state: self.accuracy_key(),
            eta: view.eta,
            rows: view.rows.len(),
            cut: view.cut,
            behind: view.behind,
            view: self.shown.view,
        })
    }

    /// The η panel's two plots (η₁, η₂): the points in the session's view, each run's
    /// boundary and w after the current step, the visited sample ringed and, after a mistake of
    /// that run, its weights before as the ghost. `None` when [`Session::eta_view`] is.
    pub fn eta_scenes(&self) -> Option<[Scene<'_>; 2]> {
        let view = self.eta_view()?;
        let last = view.rows.last();
        let scene = |run: usize| {
            let (after, before) = view.weights(run);
            let three = |w: &[f64]| [w[0], w[1], w[2]];
            let mistake = last.and_then(|r| {
                if run == 0 {
                    Some(r.mistake_1)
                } else {
                    r.mistake_2
                }
            });
            Scene {
                view: self.shown.view,
                data: &self.data,
                visited: last.zip(mistake).map(|(r, mistake)| crate::core::Visited {
                    index: r.index - 1,
                    mistake,
                }),
                weights: (after.len() == 3).then(|| three(after)),
                previous: before.filter(|w| w.len() == 3).map(three),
                ..Scene::points_only(self.shown.view, &self.data)
            }
        };
        Some([scene(0), scene(1)])
    }

    /// Brings the η panel's runs up to the current step: extended while the points, the run
    /// and both η stay as they were (Back only cuts the view), computed afresh otherwise;
    /// dropped for the other algorithms.
    fn refresh_eta(&mut self, most: u64) {
        if !self.model().compares_eta() {
            self.derived.eta_cache = None;
            return;
        }
        let settings = self.model().settings().clone();
        let steps = self.model().steps();
        let etas = [settings.eta, self.shown.second_eta];
        let fresh = matches!(&self.derived.eta_cache, Some(c) if c.data_version == self.data_version
            && c.runs == self.runs && c.runs_of.etas() == etas);
        if !fresh {
            self.derived.eta_cache =
                eta::EtaRuns::new(&settings, self.shown.second_eta, self.data.dim())
                    .ok()
                    .map(|runs_of| EtaCache {
                        data_version: self.data_version,
                        runs: self.runs,
                        runs_of,
                    });
        }
        // In the page, a slice at a time (the frames' ticks go on while it is behind).
        let most = if self.long_work.slices {
            most
        } else {
            u64::MAX
        };
        if let Some(cache) = &mut self.derived.eta_cache {
            cache.runs_of.advance_by(&self.data, steps, most);
        }
    }

    /// Whether derived data is still being computed in slices (the η panel's runs, the kernel's
    /// scores of the points): the page's frames tick until it is not.
    pub fn catching_up(&self) -> bool {
        self.eta_pending() || self.points_pending().is_some() || self.compare_pending()
    }

    /// Whether the η panel's runs are still catching up with the current step (with slices
    /// on, see [`eta::ETA_SLICE_STEPS`]): the page's frames tick until they have.
    pub fn eta_pending(&self) -> bool {
        self.eta_view().is_some()
            && self
                .derived
                .eta_cache
                .as_ref()
                .is_some_and(|c| c.runs_of.behind(self.model().steps()))
    }
}

/// What the η panel shows depends on (see [`Session::eta_key`]).
#[derive(Debug, Clone, PartialEq)]
pub struct EtaKey {
    state: (u64, u64, u64),
    eta: [f64; 2],
    rows: usize,
    cut: bool,
    behind: Option<u64>,
    view: Rect,
}

impl Gram {
    /// The Gram panel's caption: the kernel, n, what the highlighted row is, and how much of the
    /// matrix is shown.
    pub fn caption(&self) -> String {
        let mut text = format!(
            "K = {}; n = {}. The highlighted row is K(x_i, ·) of the sample just visited; f(x_i) = Σ_j α_j·y_j·K(x_j, x_i) + b sums it weighted by α·y.",
            self.kernel, self.size
        );
        let shown = self.rows.len();
        if shown < self.size {
            text.push_str(&format!(" The first {shown} rows and columns are shown."));
        }
        text
    }
}
