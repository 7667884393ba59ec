//! One student working through an exercise set: the problem, the run the questions are taken
//! from, the question on show, its answer and the results. Pure core state, driven by
//! [`PracticeRun::answer`] and [`PracticeRun::next`] with the time the page gives (seconds, e.g.
//! `performance.now() / 1000`), so the page only shows what it reads here.
//!
//! **Where questions come from.** The set's problem (generated from the set's seed — the
//! student's own with `vary` — or the points on show, or an example) is trained by the set's
//! algorithm with its bias and η (an example keeps its start and order), in data order. Each
//! question takes the run's next step: "predict the visit" whatever it is; "be the perceptron",
//! "where will the boundary go?" and the faded example the next step that updates (the steps
//! before it are taken on the way, as the plot shows them). Answering reveals; [`PracticeRun::next`]
//! takes the step and shows the next question. When the run stops (converged, or the epoch cap)
//! a generated set draws its next problem (the seed plus the number of problems drawn so far)
//! and the others start their run again. "Will it converge?" asks about a problem of its own,
//! drawn with its own seed for generated sets (separable or not by that seed), about the set's
//! points otherwise.

use super::boundary::{check_convergence, compare_line, convergence, Convergence};
use super::check::{check_predict, check_score, check_update, faded_plan, Faded, Feedback, Given};
use super::exercise::{ExerciseSet, PracticeKind, Source};
use super::problem::{Problem, ProblemSpec};
use super::results::Results;
use super::saved::{Logged, Saved};
use super::{boundary_after, Question};
use crate::core::{Dataset, Error, Guess, InitWeights, Model, Preset, Settings, Setup};

/// The most steps taken on the way to a question that updates (beyond it the run is taken as
/// stopped).
const MAX_SKIP: usize = 10_000;

mod answer;
mod resume;

/// What a question asks about.
#[derive(Debug, Clone, PartialEq)]
pub enum Content {
    /// A step of the run (predict, be the perceptron, the boundary, the faded example).
    Step(Box<Question>),
    /// The points of a "will it converge?" question, and the answer.
    Converge {
        /// The points asked about.
        data: Dataset,
        /// The answer with its proof.
        answer: Convergence,
    },
}

/// The question on show.
#[derive(Debug, Clone, PartialEq)]
pub struct Current {
    /// Its 1-based number.
    pub number: u32,
    /// Its kind.
    pub kind: PracticeKind,
    /// What it asks about.
    pub content: Content,
    /// For a faded example: the parts the student fills in, in order (the first example is
    /// fully worked: none).
    pub hidden: Vec<Faded>,
    /// The feedback of each part answered so far (one for the other kinds).
    pub feedback: Vec<Feedback>,
    /// What was given for each part answered, as written in results.
    pub given: Vec<String>,
    /// When the question was shown, in the page's seconds.
    pub shown_at: f64,
    /// Whether the last answer's feedback is on show: false while a presenter holds the reveal
    /// back so that a class can vote first ([`PracticeRun::set_hold`]).
    pub revealed: bool,
    /// What the student put on the plot (kept after the answer: the reveal shows it over the
    /// right answer).
    pub draft: Guess,
}

/// How a point is put on the plot in Practice mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// A pointer went down: a guessed boundary starts there (both ends), a tip goes there.
    Press,
    /// The pointer moved while down: the second end (or the tip) follows it.
    Drag,
    /// Enter on the focused plot: the next end (after two, a new first one), or the tip.
    Enter,
}

impl Current {
    /// Whether every part is answered.
    pub fn answered(&self) -> bool {
        self.feedback.len() >= self.hidden.len().max(1)
    }

    /// Whether every part is answered and the reveal is on show (not held back).
    pub fn shown(&self) -> bool {
        self.answered() && self.revealed
    }

    /// Whether an answer was given whose feedback is held back for the reveal.
    pub fn held(&self) -> bool {
        !self.revealed && !self.feedback.is_empty()
    }

    /// The faded part answered next, if the question is a faded example still open.
    pub fn next_part(&self) -> Option<Faded> {
        self.hidden.get(self.feedback.len()).copied()
    }
}

/// What a student answers.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Response {
    /// Update or not (predict the visit; the faded example's check).
    Update(bool),
    /// The new parameters (be the perceptron; the faded example's update).
    Parameters(Given),
    /// The score(s) (the faded example's score).
    Scores(Vec<f64>),
    /// A guessed boundary through two ends, on a plot with grid step `grid`.
    Line {
        /// The two ends.
        ends: [[f64; 2]; 2],
        /// The plot's grid step.
        grid: f64,
    },
    /// Converges or not.
    Converges(bool),
    /// Nothing to fill in: the fully worked first example was read.
    Read,
}

/// A student working through a set.
#[derive(Debug, Clone)]
pub struct PracticeRun {
    /// The set as composed (the link's), before the student's variant.
    composed: ExerciseSet,
    /// The student's own seed (their variant's, when the set varies).
    student_seed: u64,
    /// Whether answers wait for [`PracticeRun::reveal`] (presenter mode).
    hold: bool,
    set: ExerciseSet,
    setup: Setup,
    settings: Settings,
    data: Dataset,
    /// The points of the set as it started (points on show, an example), for a new run.
    fixed: Option<Dataset>,
    model: Model,
    problems: u64,
    faded_seen: usize,
    current: Option<Current>,
    results: Results,
    /// The page's time when the set started (seconds).
    started: f64,
    /// What the student did, to save their progress (see [`PracticeRun::saved`]).
    log: Vec<Logged>,
}

fn refuse(reason: impl Into<String>) -> Error {
    Error::Field {
        field: "exercise",
        reason: reason.into(),
    }
}

impl PracticeRun {
    /// Starts `set` for a student whose own seed is `student_seed` (used when the set varies);
    /// `shown` are the points on show (for `Source::Points`). The first question is shown at
    /// `now`. Refuses a set that fails its check, points that cannot be trained on, and points
    /// a question cannot be drawn from.
    pub fn start(
        set: &ExerciseSet,
        student_seed: u64,
        shown: &Dataset,
        now: f64,
    ) -> Result<PracticeRun, Error> {
        set.check()?;
        let composed = set.clone();
        let set = set.variant(student_seed);
        let algorithm = set.algorithm()?;
        let mut settings = Settings {
            bias: set.bias,
            eta: set.eta,
            ..Settings::default()
        };
        let mut setup = Setup {
            algorithm,
            ..Setup::default()
        };
        let (data, fixed) = match &set.source {
            Source::Generated { .. } => (generated(&set, 0)?, None),
            Source::Points => (shown.clone(), Some(shown.clone())),
            Source::Example { id } => {
                let preset =
                    Preset::from_id(id).ok_or_else(|| refuse(format!("no example {id:?}")))?;
                let preset_setup = preset.setup();
                if preset_setup.algorithm == algorithm {
                    setup = preset_setup;
                }
                let ps = preset.settings();
                settings.order = ps.order;
                settings.seed = ps.seed;
                settings.max_epochs = ps.max_epochs;
                settings.init = ps.init;
                let data = Problem::from_preset(preset).dataset();
                (data.clone(), Some(data))
            }
        };
        setup.classes = classes_of(&set, &data);
        // An example's start that the rule or the bias does not allow (the kernel starts at
        // α = 0; without the bias w0 is 0) gives way to zero weights.
        let model = match Model::new(&setup, settings.clone(), 2) {
            Ok(model) => model,
            Err(_) => {
                settings.init = InitWeights::Zero;
                Model::new(&setup, settings.clone(), 2)?
            }
        };
        let mut run = PracticeRun {
            composed,
            student_seed,
            hold: false,
            results: Results::new(&set),
            set,
            setup,
            settings,
            data,
            fixed,
            model,
            problems: 1,
            faded_seen: 0,
            current: None,
            started: now,
            log: Vec::new(),
        };
        run.show(1, now).map_err(refuse)?;
        Ok(run)
    }

    /// The set (the student's variant: its seed is the one their problems came from).
    pub fn set(&self) -> &ExerciseSet {
        &self.set
    }

    /// The set as composed, before the student's variant (what the link holds).
    pub fn composed(&self) -> &ExerciseSet {
        &self.composed
    }

    /// The student's own seed (the one their problems came from when the set varies).
    pub fn student_seed(&self) -> u64 {
        self.student_seed
    }

    /// Whether answers wait for [`PracticeRun::reveal`].
    pub fn holds(&self) -> bool {
        self.hold
    }

    /// From now on answers wait for [`PracticeRun::reveal`] (`on`), so that a class can vote
    /// before the answer shows; turned off, an answer held back shows at once.
    pub fn set_hold(&mut self, on: bool) {
        self.hold = on;
        if !on {
            if let Some(c) = self.current.as_mut() {
                c.revealed = true;
            }
        }
    }

    /// Shows the feedback of an answer held back. Refused when nothing is held.
    pub fn reveal(&mut self) -> Result<(), String> {
        match self.current.as_mut() {
            Some(c) if c.held() => {
                c.revealed = true;
                Ok(())
            }
            _ => Err("Nothing to reveal: answer the question first.".to_string()),
        }
    }

    /// The points the plot shows now (a "will it converge?" question's own, or the run's).
    pub fn data(&self) -> &Dataset {
        match self.current.as_ref().map(|c| &c.content) {
            Some(Content::Converge { data, .. }) => data,
            _ => &self.data,
        }
    }

    /// The model the plot shows now: before the step asked about, after it once revealed.
    pub fn model(&self) -> &Model {
        match self.current.as_ref() {
            Some(c) if c.shown() => match &c.content {
                Content::Step(q) => &q.after,
                Content::Converge { .. } => &self.model,
            },
            _ => &self.model,
        }
    }

    /// The setup the questions are asked under.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The question on show; `None` when the set is finished.
    pub fn current(&self) -> Option<&Current> {
        self.current.as_ref()
    }

    /// The results so far.
    pub fn results(&self) -> &Results {
        &self.results
    }

    /// Whether every question is answered.
    pub fn finished(&self) -> bool {
        self.results.finished()
    }

    /// After the reveal: takes the step asked about and shows the next question at `now`.
    /// Refused while the question is open.
    pub fn next(&mut self, now: f64) -> Result<(), String> {
        let Some(current) = self.current.take() else {
            return Err("The set is finished.".to_string());
        };
        if !current.shown() {
            let message = if current.answered() {
                format!("Reveal the answer to question {} first.", current.number)
            } else {
                format!("Answer question {} first.", current.number)
            };
            self.current = Some(current);
            return Err(message);
        }
        let model = self.model.clone();
        if let Content::Step(q) = &current.content {
            self.model = q.after.clone();
        }
        let number = current.number + 1;
        if number <= self.set.questions {
            if let Err(e) = self.show(number, now) {
                self.model = model;
                self.current = Some(current);
                return Err(e);
            }
        }
        self.log.push(Logged::Next(self.since_start(now)));
        Ok(())
    }

    /// Shows question `number`.
    fn show(&mut self, number: u32, now: f64) -> Result<(), String> {
        let kind = self
            .set
            .kind_of(number - 1)
            .ok_or("The set has no such question.")?;
        let content = match kind {
            PracticeKind::Converge => self.converge_content(number)?,
            PracticeKind::Predict => Content::Step(Box::new(self.next_step(false, false)?)),
            PracticeKind::Boundary => Content::Step(Box::new(self.next_step(true, true)?)),
            _ => Content::Step(Box::new(self.next_step(true, false)?)),
        };
        let hidden = if kind == PracticeKind::Faded {
            let plan = faded_plan(self.faded_seen + 1);
            self.faded_seen += 1;
            plan.last().cloned().unwrap_or_default()
        } else {
            Vec::new()
        };
        self.current = Some(Current {
            number,
            kind,
            content,
            hidden,
            feedback: Vec::new(),
            given: Vec::new(),
            shown_at: now,
            revealed: false,
            draft: Guess::default(),
        });
        Ok(())
    }

    /// The next step of the run (the next that updates, when `update`; that leaves a boundary
    /// line, when `line`), taking the steps before it; a stopped run draws a new problem
    /// (generated sets) or starts again.
    fn next_step(&mut self, update: bool, line: bool) -> Result<Question, String> {
        let mut restarted = false;
        let mut skipped = 0;
        // A boundary question needs a line after its update: an update to w1 = w2 = 0 has none
        // to guess, so it is taken like a step that does not update.
        let lineless = |q: &Question| {
            line && super::boundary::boundary_after(q).is_some_and(|w| w[1] == 0.0 && w[2] == 0.0)
        };
        loop {
            match Question::next(&self.model, &self.data, &self.setup) {
                Ok(q) if (q.answer.update || !update) && !lineless(&q) => return Ok(q),
                Ok(q) if skipped < MAX_SKIP => {
                    self.model = q.after;
                    skipped += 1;
                }
                Err(why) if restarted => return Err(why),
                Ok(_) if restarted => {
                    return Err("No more questions can be drawn from these points.".to_string())
                }
                Ok(_) | Err(_) => {
                    restarted = true;
                    skipped = 0;
                    if self.fixed.is_none() {
                        self.data =
                            generated(&self.set, self.problems).map_err(|e| e.to_string())?;
                        self.problems += 1;
                    }
                    self.model = Model::new(&self.setup, self.settings.clone(), 2)
                        .map_err(|e| e.to_string())?;
                }
            }
        }
    }

    /// A "will it converge?" question: the set's points, or for a generated set a problem of
    /// its own (separable or not as its seed falls).
    fn converge_content(&mut self, number: u32) -> Result<Content, String> {
        let data = match &self.fixed {
            Some(data) => data.clone(),
            None => {
                let seed = question_seed(self.set.seed, number);
                let spec = ProblemSpec {
                    separable: Some(seed % 2 == 0),
                    ..spec_of(&self.set)
                };
                Problem::generate(&spec, seed)?.dataset()
            }
        };
        let answer = convergence(&data, &self.settings)?;
        Ok(Content::Converge { data, answer })
    }
}

fn update_word(said: bool) -> String {
    if said { "update" } else { "no update" }.to_string()
}

/// The seed of question `number`'s own problem: the set's seed and the number mixed
/// (SplitMix64's finaliser), so neighbouring seeds give unrelated problems.
fn question_seed(seed: u64, number: u32) -> u64 {
    let mut z = seed ^ (u64::from(number).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The problem spec of a generated set.
fn spec_of(set: &ExerciseSet) -> ProblemSpec {
    match set.source {
        Source::Generated {
            classes,
            points,
            separable,
        } => ProblemSpec {
            classes,
            points,
            separable,
            range: 4,
            bias: set.bias,
        },
        _ => ProblemSpec {
            bias: set.bias,
            ..ProblemSpec::default()
        },
    }
}

/// Problem `k` (0-based) of a generated set: from the set's seed plus `k`.
fn generated(set: &ExerciseSet, k: u64) -> Result<Dataset, Error> {
    Problem::generate(&spec_of(set), set.seed.wrapping_add(k))
        .map(|p| p.dataset())
        .map_err(refuse)
}

/// K for the set's algorithm on `data`: the generated classes, else the highest class plus one
/// (at least 2).
fn classes_of(set: &ExerciseSet, data: &Dataset) -> usize {
    match set.source {
        Source::Generated { classes, .. } => classes,
        _ => data.max_class().map_or(2, |c| (c + 1).max(2)),
    }
}

impl PracticeRun {
    /// The plot of the question on show over `view`: the points and the model before the step
    /// asked about, with the visited sample selected (not yet told right or wrong); once
    /// revealed, the model after it, the sample ringed as its visit was, and an update's old
    /// weights as the ghost.
    pub fn scene(&self, view: crate::core::Rect) -> crate::core::Scene<'_> {
        let data = self.data();
        let model = self.model();
        let (step, revealed) = match self.current.as_ref() {
            Some(c) => match &c.content {
                Content::Step(q) => (Some(q.as_ref()), c.shown()),
                Content::Converge { .. } => (None, false),
            },
            None => (None, false),
        };
        let index = step.and_then(|q| q.record.visited()).map(|(i, _)| i - 1);
        if let Some(c) = self.current.as_ref() {
            if let Content::Converge { answer, .. } = &c.content {
                // The points alone (the run's weights say nothing about them); once answered,
                // the proof's separator when there is one.
                let separator = match &answer.proof {
                    super::Proof::Separator { weights, .. } if c.shown() => Some(*weights),
                    _ => None,
                };
                return crate::core::Scene {
                    weights: separator,
                    ..crate::core::Scene::points_only(view, data)
                };
            }
        }
        crate::core::Scene {
            view,
            data,
            visited: index
                .filter(|_| revealed)
                .map(|index| crate::core::Visited {
                    index,
                    mistake: step.is_some_and(|q| q.answer.update),
                }),
            weights: model.main_line(data),
            previous: step
                .filter(|q| revealed && q.answer.update)
                .and_then(|q| q.record.ghost())
                .map(crate::core::algo::three),
            pocket: None,
            max_margin: model.margin_band(),
            selected: index.filter(|_| !revealed),
            averaged: model.second_line(),
            lines: model.class_lines(),
            class_arrows: model.class_arrows(),
            sizes: model.point_sizes(data),
            region: None,
            binary: !self.setup.algorithm.is_multiclass(),
            cursor: None,
            guess: self
                .current
                .as_ref()
                .map(|c| &c.draft)
                .filter(|d| !d.is_empty()),
        }
    }
}
