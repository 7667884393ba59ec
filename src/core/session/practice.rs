//! Practice mode in the session: [`Action::Practice`] starts, answers, moves on and stops a
//! [`PracticeRun`]; while it runs the plot ([`Session::scene`]) shows the question, the status
//! line and the announcement say the question and its feedback, and the lab's own points and
//! timeline wait underneath, unchanged.

use super::*;
use crate::core::practice::{Content, Faded, PracticeKind, PracticeRun, QuestionResult};

impl Session {
    /// The practice run, while a student practises.
    pub fn practice(&self) -> Option<&PracticeRun> {
        self.practice.as_ref()
    }

    /// Whether `action` may run while a student practises: Practice mode's own actions, the
    /// frame's, and what only changes the view. Everything that would change the lab's points,
    /// model or timeline waits until practice stops (see [`Session::practice_gate`]).
    pub(super) fn allowed_in_practice(action: &Action) -> bool {
        matches!(
            action,
            Action::Practice(_)
                | Action::Tick { .. }
                | Action::SetRegionGrid { .. }
                | Action::Say(_)
                | Action::Pause
                | Action::Cancel
                | Action::SetSpeed(_)
                | Action::SetSnap(_)
                | Action::SetShowMaxMargin(_)
                | Action::TurnAugmented { .. }
                | Action::ResetAugmentedView
                | Action::SetSignFlip(_)
                | Action::SetActivationView(_)
                | Action::Cursor(crate::core::CursorAction::Focus(_))
                | Action::Cursor(crate::core::CursorAction::Move { .. })
        )
    }

    /// While a student practises, an action that would change the lab underneath is not
    /// taken: the notice says so (and is said), and nothing changes. `None` lets it run.
    pub(super) fn practice_gate(&mut self, action: &Action) -> Option<Changed> {
        if self.practice.is_none() || Self::allowed_in_practice(action) {
            return None;
        }
        self.notice = "Practice is on: the plot shows the question. Stop practice to change the lab's points or step it.".to_string();
        self.say_notice();
        Some(Changed::Redraw)
    }

    pub(super) fn practice_action(&mut self, action: PracticeAction) -> Result<Changed, Error> {
        let refused = |reason: String| Error::Field {
            field: "practice",
            reason,
        };
        match action {
            PracticeAction::Start {
                set,
                student_seed,
                now,
            } => {
                let mut run = PracticeRun::start(&set, student_seed, &self.data, now)?;
                run.set_hold(self.practice_hold);
                self.playing = false;
                self.practice = Some(run);
                self.notice = self.practice_prompt();
            }
            PracticeAction::Answer { response, now } => {
                let run = self
                    .practice
                    .as_mut()
                    .ok_or_else(|| refused("Start a practice set first.".to_string()))?;
                let feedback = run.answer(response, now).map_err(refused)?;
                self.notice = match run.current() {
                    Some(c) if c.held() => "Answer taken. Reveal it (V, or the Reveal button) when the class has voted.".to_string(),
                    Some(c) if c.answered() => feedback.message,
                    _ => format!("{} {}", feedback.message, self.practice_prompt()),
                };
            }
            PracticeAction::Reveal => {
                let run = self
                    .practice
                    .as_mut()
                    .ok_or_else(|| refused("Start a practice set first.".to_string()))?;
                run.reveal().map_err(refused)?;
                let message = run
                    .current()
                    .and_then(|c| c.feedback.last())
                    .map(|f| f.message.clone())
                    .unwrap_or_default();
                self.notice = match run.current() {
                    Some(c) if c.answered() => message,
                    _ => format!("{message} {}", self.practice_prompt()),
                };
            }
            PracticeAction::Hold(on) => {
                if self.practice_hold == on {
                    return Ok(Changed::Nothing);
                }
                self.practice_hold = on;
                if let Some(run) = self.practice.as_mut() {
                    run.set_hold(on);
                }
            }
            PracticeAction::Next { now } => {
                let run = self
                    .practice
                    .as_mut()
                    .ok_or_else(|| refused("Start a practice set first.".to_string()))?;
                run.next(now).map_err(refused)?;
                self.notice = self.practice_prompt();
            }
            PracticeAction::Stop => {
                if self.practice.take().is_none() {
                    return Ok(Changed::Nothing);
                }
                self.notice = "Practice ended: the lab shows its own points again.".to_string();
            }
        }
        Ok(Changed::Redraw)
    }

    /// What the Practice panel shows for the question on show (`None` while no set runs):
    /// the page's frame writes it, and native tests read it.
    pub fn practice_view(&self) -> Option<PracticeView<'_>> {
        let run = self.practice.as_ref()?;
        let results = run.results();
        let composed = run.composed();
        let variant = composed.vary.then(|| run.student_seed());
        // An answer held back for the reveal (presenter mode) is recorded already; the panel's
        // results and score leave it out until the reveal, so they do not give it away.
        let held_back = run.current().is_some_and(|c| c.held() && c.answered());
        let shown = &results.questions[..results.questions.len() - usize::from(held_back)];
        let mut view = PracticeView {
            title: String::new(),
            prompt: capitalized(&self.practice_ask()),
            facts: Vec::new(),
            worked: Vec::new(),
            ask: Ask::Done,
            feedback: None,
            held: false,
            exercise: composed.id.clone(),
            variant,
            score: shown.iter().filter(|q| q.correct).count() as u32,
            total: results.total,
            results: shown,
        };
        let Some(c) = run.current() else {
            view.title = format!("Done: {} of {} right", results.score(), results.total);
            return Some(view);
        };
        view.title = format!(
            "Question {} of {} · {}",
            c.number,
            results.total,
            c.kind.title()
        );
        view.held = c.held();
        view.feedback = c
            .feedback
            .last()
            .filter(|_| c.revealed)
            .map(|f| (f.correct, f.message.clone()));
        let settings = run.model().settings();
        match &c.content {
            Content::Converge { data, .. } => {
                view.facts
                    .push(("points".to_string(), data.len().to_string()));
                view.facts.push((
                    "bias".to_string(),
                    if settings.bias { "on" } else { "off" }.to_string(),
                ));
                view.ask = if c.answered() {
                    Ask::Next
                } else {
                    Ask::Converges
                };
            }
            Content::Step(q) => {
                let data = run.data();
                view.facts.push((
                    q.before.learner().weights_label().to_string(),
                    q.before.learner().weights_text(data),
                ));
                if let Some((i, x)) = q.record.visited() {
                    let class = self.class_name(data.class(i - 1));
                    view.facts.push((
                        "sample".to_string(),
                        format!("#{i}: x = {}, y = {class}", crate::core::numfmt::point(x)),
                    ));
                }
                view.facts
                    .push(("η".to_string(), crate::core::numfmt::num(settings.eta)));
                view.facts.push((
                    "bias".to_string(),
                    if settings.bias {
                        "on (feature 1 first)"
                    } else {
                        "off"
                    }
                    .to_string(),
                ));
                let a = &q.answer;
                let score = a
                    .scores
                    .iter()
                    .map(|s| format!("{}: {}", s.name, s.expression))
                    .collect::<Vec<_>>()
                    .join("; ");
                // The worked lines: all of them once shown; a faded example's hidden parts
                // as "?" until answered and revealed.
                let revealed_parts = if c.revealed {
                    c.feedback.len()
                } else {
                    c.feedback.len().saturating_sub(1)
                };
                let hidden = |part: Faded| {
                    c.hidden
                        .iter()
                        .position(|h| *h == part)
                        .is_some_and(|k| k >= revealed_parts)
                };
                let show_all = c.shown();
                if c.kind == PracticeKind::Faded || show_all {
                    for (part, name, text) in [
                        (Faded::Score, "score", score),
                        (Faded::Check, "check", a.check.clone()),
                        (Faded::Update, "update", a.update_text.clone()),
                    ] {
                        let text = if !show_all && hidden(part) {
                            "?".to_string()
                        } else {
                            text
                        };
                        view.worked.push((name.to_string(), text));
                    }
                }
                view.ask = if c.held() {
                    Ask::Reveal
                } else if c.answered() {
                    Ask::Next
                } else {
                    match (c.kind, c.next_part()) {
                        (PracticeKind::Predict, _) | (PracticeKind::Faded, Some(Faded::Check)) => {
                            Ask::Update
                        }
                        (PracticeKind::Faded, None) => Ask::Read,
                        (PracticeKind::Faded, Some(Faded::Score)) => {
                            Ask::Scores(a.scores.iter().map(|s| s.name.clone()).collect())
                        }
                        (PracticeKind::Boundary, _) => Ask::Line,
                        _ => Ask::Parameters(
                            a.parts
                                .iter()
                                .map(|p| (p.name.clone(), p.values.len()))
                                .collect(),
                        ),
                    }
                };
            }
        }
        if view.held {
            view.ask = Ask::Reveal;
        }
        Some(view)
    }

    /// What the question on show asks, in words (the status line, announced): `Question 2 of
    /// 5 (Be the perceptron): sample 2 at (3, 2), class +1, was a mistake. Give the new w′.`
    pub fn practice_prompt(&self) -> String {
        let Some(run) = &self.practice else {
            return String::new();
        };
        let Some(c) = run.current() else {
            let r = run.results();
            return format!("Done: {} of {} right.", r.score(), r.total);
        };
        let head = format!(
            "Question {} of {} ({}):",
            c.number,
            run.results().total,
            c.kind.title()
        );
        format!("{head} {}", self.practice_ask())
    }

    /// What the question on show asks, without its number and kind (the panel's title has
    /// them): `sample 2 at (3, 2), class +1, was a mistake. Give the new w′.`
    fn practice_ask(&self) -> String {
        let Some(run) = &self.practice else {
            return String::new();
        };
        let Some(c) = run.current() else {
            return String::new();
        };
        let sample = |q: &crate::core::practice::Question| {
            q.record
                .visited()
                .map(|(i, x)| {
                    let class = self.class_name(run.data().class(i - 1));
                    format!("sample {i} at {}, class {class}", point(x))
                })
                .unwrap_or_else(|| "the next epoch".to_string())
        };
        let ask = match (&c.content, c.kind, c.next_part()) {
            (Content::Converge { data, .. }, _, _) => format!(
                "will the perceptron converge on these {} points?",
                data.len()
            ),
            (Content::Step(q), crate::core::practice::PracticeKind::Predict, _) => {
                format!("will {} cause an update?", sample(q))
            }
            (Content::Step(q), crate::core::practice::PracticeKind::Boundary, _) => format!(
                "{} is a mistake; drag the line to where the boundary goes after the update.",
                sample(q)
            ),
            (Content::Step(q), crate::core::practice::PracticeKind::Faded, None) => {
                format!("worked step for {}: read it, then go on.", sample(q))
            }
            (Content::Step(q), crate::core::practice::PracticeKind::Faded, Some(part)) => {
                format!("{}: give the {}.", sample(q), part.name())
            }
            (Content::Step(q), _, _) => format!(
                "{} is a mistake; give the new {}.",
                sample(q),
                q.answer
                    .parts
                    .iter()
                    .map(|p| p.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        ask
    }
}

/// What the student is asked to give now, and so which controls the panel shows.
#[derive(Debug, Clone, PartialEq)]
pub enum Ask {
    /// Update or not (predict the visit; a faded example's check).
    Update,
    /// Converges or not.
    Converges,
    /// The new parameters: each part's name and how many numbers it has.
    Parameters(Vec<(String, usize)>),
    /// The score(s), by name.
    Scores(Vec<String>),
    /// Two ends of the guessed boundary.
    Line,
    /// Nothing to fill in: read the worked step.
    Read,
    /// An answer is held back: reveal it.
    Reveal,
    /// Answered: go on.
    Next,
    /// The set is finished.
    Done,
}

impl Ask {
    /// The name the page's controls are marked with (`data-ask`).
    pub fn name(&self) -> &'static str {
        match self {
            Ask::Update => "update",
            Ask::Converges => "converges",
            Ask::Parameters(_) => "parameters",
            Ask::Scores(_) => "scores",
            Ask::Line => "line",
            Ask::Read => "read",
            Ask::Reveal => "reveal",
            Ask::Next => "next",
            Ask::Done => "done",
        }
    }
}

/// The Practice panel's content for the question on show ([`Session::practice_view`]).
#[derive(Debug, Clone, PartialEq)]
pub struct PracticeView<'a> {
    /// `Question 2 of 5 · Be the perceptron`, or `Done: 4 of 5 right`.
    pub title: String,
    /// The question in words (also the status notice).
    pub prompt: String,
    /// What the question gives: the weights before, the sample, η, the bias.
    pub facts: Vec<(String, String)>,
    /// The worked step (score, check, update): a faded example's, with `?` for what the
    /// student fills in, or any step's once revealed.
    pub worked: Vec<(String, String)>,
    /// What to give now.
    pub ask: Ask,
    /// The last answer's feedback once shown: right or not, and the words.
    pub feedback: Option<(bool, String)>,
    /// Whether an answer waits for the reveal.
    pub held: bool,
    /// The exercise's id.
    pub exercise: String,
    /// The student's own seed, when the set varies.
    pub variant: Option<u64>,
    /// Right answers so far (of [`PracticeView::results`]).
    pub score: u32,
    /// Questions in the set.
    pub total: u32,
    /// The answers so far (one held back for the reveal left out until it is revealed).
    pub results: &'a [QuestionResult],
}

/// `text` with its first letter in upper case.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
