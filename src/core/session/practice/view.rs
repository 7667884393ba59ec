//! The practice panel: what [`Session::practice_view`] gives a page to show for the question
//! on screen.

use super::*;
use crate::core::practice::{Answer, Current, Question};

impl Session {
    /// What the Practice panel shows for the question on show (`None` while no set runs):
    /// the page's frame writes it, and native tests read it.
    pub fn practice_view(&self) -> Option<PracticeView<'_>> {
        let run = self.practice.run.as_ref()?;
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
            draft: crate::core::Guess::default(),
            placing: run.places(),
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
        view.draft = c.draft.clone();
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
                view.facts = self.step_facts(run, q);
                view.worked = worked_lines(c, &q.answer);
                view.ask = step_ask(c, &q.answer);
            }
        }
        if view.held {
            view.ask = Ask::Reveal;
        }
        Some(view)
    }

    /// What a step question gives (the weights before, the sample, η, the bias), for
    /// [`Session::practice_view`].
    fn step_facts(&self, run: &PracticeRun, q: &Question) -> Vec<(String, String)> {
        let settings = run.model().settings();
        let mut facts = Vec::new();
        let data = run.data();
        facts.push((
            q.before.learner().weights_label().to_string(),
            q.before.learner().weights_text(data),
        ));
        if let Some((i, x)) = q.record.visited() {
            let class = self.practice_class_name(run, data.class(i - 1));
            facts.push((
                "sample".to_string(),
                format!("#{i}: x = {}, y = {class}", crate::core::numfmt::point(x)),
            ));
        }
        facts.push(("η".to_string(), crate::core::numfmt::num(settings.eta)));
        facts.push((
            "bias".to_string(),
            if settings.bias {
                "on (feature 1 first)"
            } else {
                "off"
            }
            .to_string(),
        ));
        facts
    }
}

/// The worked lines of a step question (score, check, update): all of them once shown; a
/// faded example's, with `?` for the parts not yet answered and revealed.
fn worked_lines(c: &Current, a: &Answer) -> Vec<(String, String)> {
    let mut worked = Vec::new();
    let score = a
        .scores
        .iter()
        .map(|s| format!("{}: {}", s.name, s.expression))
        .collect::<Vec<_>>()
        .join("; ");
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
            worked.push((name.to_string(), text));
        }
    }
    worked
}

/// What a step question asks for now: the reveal, the next question, or the answer its kind
/// and the parts given so far call for.
fn step_ask(c: &Current, a: &Answer) -> Ask {
    if c.held() {
        Ask::Reveal
    } else if c.answered() {
        Ask::Next
    } else {
        match (c.kind, c.next_part()) {
            (PracticeKind::Predict, _) | (PracticeKind::Faded, Some(Faded::Check)) => Ask::Update,
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
    /// What the student put on the plot for this question.
    pub draft: crate::core::Guess,
    /// Whether the question is answered on the plot: `Some(true)` a boundary's two ends,
    /// `Some(false)` the tip of w′ (besides the fields), `None` not.
    pub placing: Option<bool>,
}

/// `text` with its first letter in upper case.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
