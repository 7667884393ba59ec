//! What the page shows: the scene to draw, the status panels and the trace table.

use super::*;

impl Session {
    /// What to draw (without the region map: see [`Session::region`]).
    pub fn scene(&self) -> Scene<'_> {
        if let Some(run) = &self.practice.run {
            return Scene {
                cursor: self.cursor(),
                ..run.scene(self.shown.view)
            };
        }
        let model = self.model();
        let record = self.last_record();
        let last = self.last_step();
        let previous = record.and_then(|r| r.ghost());
        Scene {
            view: self.shown.view,
            data: &self.data,
            visited: record.and_then(|r| {
                // A step's index refers to the data of its time: ring it only if it still matches.
                let (index, x) = r.visited()?;
                let i = index - 1;
                (i < self.data.len() && self.data.x(i) == x).then_some(Visited {
                    index: i,
                    mistake: r.mistake(),
                })
            }),
            weights: model.main_line(&self.data),
            previous: previous
                .filter(|_| last.is_some() || model.ghost_always())
                .map(|w| [w[0], w[1], w[2]]),
            pocket: self
                .watch
                .pocket_mode
                .then(|| self.history.current().pocket.as_ref())
                .flatten()
                .map(|(w, _)| [w[0], w[1], w[2]]),
            max_margin: self
                .shown
                .show_max_margin
                .then(|| self.current_theory())
                .flatten()
                .and_then(|t| match &t.best {
                    MaxMargin::Separable {
                        weights,
                        gamma,
                        support,
                        ..
                    } => Some(crate::core::scene::MarginView {
                        weights: *weights,
                        gamma: *gamma,
                        support: support.clone(),
                    }),
                    _ => None,
                })
                .or_else(|| model.margin_band()),
            selected: self.editing.selected_point,
            averaged: model.second_line(),
            lines: model.class_lines(),
            class_arrows: model.class_arrows(),
            sizes: model.point_sizes(&self.data),
            region: None,
            binary: !self.setup.algorithm.is_multiclass(),
            cursor: self.cursor(),
            guess: None,
        }
    }

    /// The audio cue of the step on show (see [`crate::core::audio::step_notes`]); empty at
    /// step 0.
    pub fn step_cue(&self) -> Vec<crate::core::audio::Note> {
        self.last_record()
            .map(|r| crate::core::audio::step_notes(r.visit()))
            .unwrap_or_default()
    }

    /// "Listen to the boundary": the current model's boundary swept left to right across the
    /// view (see [`crate::core::audio::boundary_sweep`]); empty when no column of the view
    /// holds a change of class.
    pub fn boundary_sweep(&self) -> Vec<crate::core::audio::Note> {
        let model = self.model();
        crate::core::audio::boundary_sweep(self.shown.view, |x, y| {
            model.predict(&self.data, &[x, y])
        })
    }

    /// The augmented (3-D) view of the current state, or `None` when the model has no single
    /// linear boundary to lift (see [`AugmentedScene::new`](crate::core::augmented::AugmentedScene::new)).
    pub fn augmented_scene(&self) -> Option<crate::core::augmented::AugmentedScene> {
        crate::core::augmented::AugmentedScene::new(
            &self.scene(),
            self.settings().bias,
            self.shown.augmented,
        )
    }

    /// The augmented view's camera and sign flip.
    pub fn augmented_options(&self) -> crate::core::augmented::AugmentedOptions {
        self.shown.augmented
    }

    /// What the augmented view's panel says when it has no picture for the model, or `None`
    /// when it has one.
    pub fn augmented_note(&self) -> Option<&'static str> {
        self.augmented_scene().is_none().then_some(
            "The augmented view shows the binary linear rules (one weight vector w): choose the classic, averaged, batch or passive-aggressive perceptron, or the linear kernel.",
        )
    }

    /// What a screen reader is told after the augmented view's options changed from `said`:
    /// the camera's new angles, the picture switched, or the sign flip (with how many points
    /// are then on the positive side); `None` when nothing changed or there is no picture.
    pub fn augmented_announcement(
        &self,
        said: &crate::core::augmented::AugmentedOptions,
    ) -> Option<String> {
        let now = self.shown.augmented;
        let scene = self.augmented_scene()?;
        Some(if said.camera != now.camera {
            now.camera.describe()
        } else if said.activation != now.activation {
            if now.activation {
                "Showing the activation h(x) = w·(1, x) over the data plane.".to_string()
            } else {
                "Showing the augmented vectors z = (1, x1, x2) and the plane w·z = 0.".to_string()
            }
        } else if said.flip != now.flip {
            if now.flip {
                format!(
                    "Sign flip on: class −1 drawn as −z. {} of {} points are on the positive side of the plane.",
                    scene.on_positive_side(),
                    scene.points.len()
                )
            } else {
                "Sign flip off: every point drawn as z.".to_string()
            }
        } else {
            return None;
        })
    }

    /// The status line and the panels' text.
    pub fn status(&self) -> Status {
        let t = self.model();
        let dash = "—".to_string();
        let last = self.last_record();
        let described = last.map(|r| r.describe(self.settings(), &self.class_names));
        let (sample, score, outcome) = match &described {
            Some(d) => (d.sample.clone(), d.score.clone(), d.outcome.clone()),
            None => (dash.clone(), dash.clone(), dash.clone()),
        };
        let explain_line = match last {
            Some(_) => crate::core::words::step_line(t.steps(), &sample, &score, &outcome),
            None => crate::core::i18n::t!("step-line-none"),
        };
        let theory = self.current_theory();
        let state = self.state_text();
        let explanation: Explanation = described.map(|d| d.explanation).unwrap_or_default();
        let bias = self.settings().bias;
        let (points, labels) = plane(&self.data);
        let line = t.main_line(&self.data);
        let margin = line
            .filter(|_| self.linear())
            .and_then(|w| theory::margin_of(w, &points, &labels, bias));
        let (radius, best_margin, bound, separable) = self.margin_texts(theory);
        let pocket = match self.history.current().pocket.as_ref() {
            Some((w, errors)) if self.watch.pocket_mode => {
                format!("{} with {} training errors", vector(w), errors)
            }
            _ => "off".to_string(),
        };
        Status {
            step: t.steps().to_string(),
            // The epoch of the step on show; before any step, the epoch about to start.
            epoch: last.map_or(t.epoch(), |r| r.epoch()).to_string(),
            sample,
            score,
            outcome,
            weights: t.weights_text(&self.data),
            bias: t.bias_text(&self.data).unwrap_or_else(|| dash.clone()),
            updates: t.updates().to_string(),
            state,
            points: self.points_text(),
            notice: self.notice.clone(),
            history: self.history_text(),
            explain_title: if last.is_some() {
                explanation.title
            } else {
                crate::core::i18n::t!("explain-title-none")
            },
            explain_weights: explanation.weights,
            explain_score: explanation.score,
            explain_check: explanation.check,
            explain_update: explanation.update,
            explain_line,
            radius,
            margin: margin.map_or(dash.clone(), num),
            best_margin,
            bound,
            separable,
            pocket,
            algorithm: self.setup.algorithm.title().to_string(),
            accuracy: self.accuracy_text(),
            averaged: t.averaged_text().unwrap_or_else(|| dash.clone()),
            weights_label: t.weights_label().to_string(),
            bias_label: t.bias_label().to_string(),
            space: if !self.linear() {
                "R, γ and the mistake bound are for linear binary classifiers; they do not apply to this model.".to_string()
            } else if bias {
                "R, γ_w and γ* are measured in the space the perceptron uses: (1, x1, x2), with the bias feature; the band shows the same separator in the plane.".to_string()
            } else {
                "R, γ_w and γ* are measured in the plane (x1, x2): no bias, the line passes the origin.".to_string()
            },
        }
    }

    /// The status's count of points: in all and by class (`12 (5 of +1, 7 of -1)`).
    fn points_text(&self) -> String {
        let mut counts = vec![
            0usize;
            self.num_classes()
                .max(self.data.max_class().map_or(0, |c| c + 1))
        ];
        for c in self.data.class_indices() {
            counts[c] += 1;
        }
        if self.setup.algorithm.is_multiclass() {
            format!(
                "{} ({})",
                self.data.len(),
                counts
                    .iter()
                    .enumerate()
                    .map(|(c, n)| format!("{n} of class {}", self.class_name(c)))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        } else {
            format!(
                "{} ({} of +1, {} of -1)",
                self.data.len(),
                counts.get(1).copied().unwrap_or(0),
                self.data.len() - counts.get(1).copied().unwrap_or(0)
            )
        }
    }

    /// The status's radius R, maximum margin γ*, mistake bound and verdict on separability,
    /// from the theory of the points (dashes while there is none).
    fn margin_texts(&self, theory: Option<&derived::Theory>) -> (String, String, String, String) {
        let t = self.model();
        let dash = "—".to_string();
        match theory {
            Some(th) => match &th.best {
                MaxMargin::Separable { gamma, exact, .. } => (
                    num(th.radius),
                    theory::margin_text(*gamma, *exact),
                    t.bound_text(&theory::bound_text(theory::mistake_bound(
                        th.radius, *gamma,
                    ))),
                    "separable".to_string(),
                ),
                MaxMargin::NotSeparable => (
                    num(th.radius),
                    dash.clone(),
                    "no bound: not separable".to_string(),
                    "not separable (proven: no separating line exists)".to_string(),
                ),
                MaxMargin::Undefined => (
                    num(th.radius),
                    dash.clone(),
                    dash.clone(),
                    "needs both classes".to_string(),
                ),
            },
            None => (dash.clone(), dash.clone(), dash.clone(), dash.clone()),
        }
    }

    /// The status's note on the timeline: the step on show of the last when steps lie ahead,
    /// or the edit that a step forward redoes.
    fn history_text(&self) -> String {
        let t = self.model();
        match self.history.next_entry() {
            Some(_) if self.history.last_step() > t.steps() => format!(
                "step {} of {} (→ replays, a new action drops the rest)",
                t.steps(),
                self.history.last_step()
            ),
            Some(Entry::Edit { what, .. }) => format!("→ redoes: {what}"),
            _ => String::new(),
        }
    }

    /// The status's accuracy on the points, or how far scoring them has come.
    fn accuracy_text(&self) -> String {
        let t = self.model();
        match self.accuracy() {
            Some(a) => format!(
                "{}% ({} of {}){}",
                num((a * 1000.0).round() / 10.0),
                (a * self.data.len() as f64).round(),
                self.data.len(),
                t.accuracy_note()
            ),
            None => match self.points_pending() {
                Some((done, n)) => {
                    format!(
                        "scoring the points: {} of {}",
                        count(done as u64),
                        count(n as u64)
                    )
                }
                None => "—".to_string(),
            },
        }
    }

    /// Where training stands, in words (the status's `state`): converged, stopped, cycling,
    /// proven never to converge, or not converged yet.
    pub(super) fn state_text(&self) -> String {
        let t = self.model();
        let not_separable = self.proven_not_separable();
        match (t.state(), self.watch.cycle) {
            (TrainState::Converged, _) => format!("converged (epoch {} was clean)", t.epoch()),
            (TrainState::MaxEpochs, _) if not_separable => format!(
                "not converged — stopped at max epochs ({}); it never would: no line separates the classes",
                self.settings().max_epochs
            ),
            (TrainState::MaxEpochs, _) => format!(
                "not converged — stopped at max epochs ({})",
                self.settings().max_epochs
            ),
            (TrainState::Running, Some((first, again))) => format!(
                "never converges — the weights at the start of epoch {again} repeat epoch {first}: training cycles"
            ),
            (TrainState::Running, None) if not_separable => {
                "never converges — no line separates the classes (max-margin problem infeasible)"
                    .to_string()
            }
            (TrainState::Running, None) => "not converged yet".to_string(),
        }
    }

    /// The trace table's rows from `first` (0-based among kept steps), at most `count`, with
    /// whether each row lies before the cursor and whether it is the current step.
    pub fn trace_rows(&self, first: usize, count: usize) -> Vec<TraceRow> {
        let current = self.last_record().map(|r| r.step());
        self.history
            .steps()
            .skip(first)
            .take(count)
            .map(|(r, done)| {
                let d = r.describe(self.settings(), &self.class_names);
                TraceRow {
                    step: r.step(),
                    weights: d.row_weights,
                    score: d.row_score,
                    correct: if r.mistake() {
                        crate::core::i18n::t!("table-no")
                    } else {
                        crate::core::i18n::t!("table-yes")
                    },
                    update: d.row_update,
                    done,
                    current: current == Some(r.step()),
                }
            })
            .collect()
    }

    /// Number of kept steps in the timeline (done and undone).
    pub fn trace_len(&self) -> usize {
        self.history.steps().count()
    }

    /// The steps up to the cursor as a table in `format` (CSV, Markdown or LaTeX booktabs).
    /// Its headings are in the page's language; its numbers in the course's locale-independent
    /// form (`0.5`, `[1, 2]`), as links and scenario files keep them.
    pub fn trace_export(&self, format: TableFormat) -> String {
        crate::core::i18n::plain_numbers(|| self.trace_export_plain(format))
    }

    fn trace_export_plain(&self, format: TableFormat) -> String {
        if let Some(w) = self
            .model()
            .linear_weights()
            .filter(|_| self.model().classic_table())
        {
            let records: Vec<&StepRecord> = self
                .history
                .steps()
                .filter(|(_, done)| *done)
                .filter_map(|(r, _)| r.binary())
                .collect();
            return table::document(
                format,
                &records,
                self.settings().eta,
                self.settings().bias,
                w,
                self.model().steps() + 1,
            );
        }
        let rows: Vec<[String; 5]> = self
            .trace_rows(0, usize::MAX)
            .into_iter()
            .filter(|r| r.done)
            .map(|r| [r.step.to_string(), r.weights, r.score, r.correct, r.update])
            .collect();
        table::text_document(format, &rows, &self.model().weights_text(&self.data))
    }
}

/// A row of the trace table, formatted.
#[derive(Debug, Clone, PartialEq)]
pub struct TraceRow {
    /// Step number.
    pub step: u64,
    /// Weights before the step.
    pub weights: String,
    /// The score written out.
    pub score: String,
    /// `yes` or `no`.
    pub correct: String,
    /// `none` or the update.
    pub update: String,
    /// Before the cursor (done) or after it (undone, replayed by Step).
    pub done: bool,
    /// The step on show.
    pub current: bool,
}
