//! Practice mode in the session: [`Action::Practice`] starts, answers, moves on and stops a
//! [`PracticeRun`]; while it runs the plot ([`Session::scene`]) shows the question, the status
//! line and the announcement say the question and its feedback, and the lab's own points and
//! timeline wait underneath, unchanged.

use super::*;
use crate::core::practice::{Content, Faded, Place, PracticeKind, PracticeRun, QuestionResult};

mod view;
pub use view::{Ask, PracticeView};

/// Practice mode's runs: the set a student is working through, the one last stopped, and
/// presenter mode.
#[derive(Debug, Clone, Default)]
pub(super) struct Practising {
    /// The run while a student practises (see [`Session::practice`]).
    pub(super) run: Option<PracticeRun>,
    /// The set last stopped with answers in it, kept so that its results stay on show and can
    /// be saved until another set starts (see [`Session::ended_practice`]).
    pub(super) ended: Option<PracticeRun>,
    /// Whether practice answers wait for a reveal (presenter mode).
    pub(super) hold: bool,
}

impl Session {
    /// The practice run, while a student practises.
    pub fn practice(&self) -> Option<&PracticeRun> {
        self.practice.run.as_ref()
    }

    /// The set last stopped (or left by a link that opened), when it had answers: its results
    /// stay on show and can be saved until another set starts.
    pub fn ended_practice(&self) -> Option<&PracticeRun> {
        self.practice.ended.as_ref()
    }

    /// Whether `action` may run while a student practises: Practice mode's own actions, the
    /// frame's, and what only changes the view. Everything that would change the lab's points,
    /// model or timeline waits until practice stops (see [`Session::practice_gate`]).
    pub(super) fn allowed_in_practice(action: &Action) -> bool {
        action.is_view()
            // Practice's own, the frame's, a message, stopping Play or work and moving the
            // keyboard cursor leave the lab underneath as it is too.
            || matches!(
                action,
                Action::Practice(_)
                    | Action::Tick { .. }
                    | Action::Say(_)
                    | Action::Pause
                    | Action::Cancel
                    | Action::Cursor(crate::core::CursorAction::Focus(_))
                    | Action::Cursor(crate::core::CursorAction::Move { .. })
            )
    }

    /// While a student practises, an action that would change the lab underneath is not
    /// taken: the notice says so (and is said), and nothing changes. `None` lets it run.
    pub(super) fn practice_gate(&mut self, action: &Action) -> Option<Changed> {
        if self.practice.run.is_none() || Self::allowed_in_practice(action) {
            return None;
        }
        // On a question answered on the plot, presses, drags and Enter place its guess.
        let placing = self
            .practice
            .run
            .as_ref()
            .and_then(PracticeRun::places)
            .is_some();
        let place = match action {
            Action::Press { x, y, .. } => Some(([*x, *y], Place::Press)),
            Action::DragTo { x, y, .. } | Action::Release { x, y, .. } => {
                Some(([*x, *y], Place::Drag))
            }
            Action::Cursor(crate::core::CursorAction::Add { .. }) => {
                self.cursor().map(|c| ([c.x, c.y], Place::Enter))
            }
            _ => None,
        };
        if let (true, Some((at, how))) = (placing, place) {
            let changed = self
                .practice_action(PracticeAction::Place { at, how })
                .unwrap_or(Changed::Nothing);
            // Said where it is put, not at each move of a drag.
            if how != Place::Drag {
                self.say_notice();
            }
            return Some(changed);
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
                let run = PracticeRun::start(&set, student_seed, &self.data, now)?;
                self.practice_begin(run);
            }
            PracticeAction::Resume { set, saved, now } => {
                let run = PracticeRun::resume(&set, &saved, &self.data, now)?;
                self.practice_begin(run);
            }
            PracticeAction::Answer { response, now } => {
                let run = self
                    .practice
                    .run
                    .as_mut()
                    .ok_or_else(|| refused("Start a practice set first.".to_string()))?;
                let feedback = run.answer(response, now).map_err(refused)?;
                self.notice = self.answered_notice(feedback.message);
            }
            PracticeAction::Reveal => {
                let run = self
                    .practice
                    .run
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
            PracticeAction::Place { at, how } => {
                let grid = crate::core::cursor_steps(&self.shown.view).0;
                let snap = |v: f64| (v / grid).round() * grid + 0.0;
                let at = [snap(at[0]), snap(at[1])];
                let run = self
                    .practice
                    .run
                    .as_mut()
                    .ok_or_else(|| refused("Start a practice set first.".to_string()))?;
                run.place(at, how).map_err(refused)?;
                let draft = run.current().map(|c| c.draft.clone()).unwrap_or_default();
                let p = |v: &[f64; 2]| crate::core::numfmt::point(v);
                self.notice = match (&draft.ends[..], draft.tip) {
                    (_, Some(tip)) => {
                        format!("Tip of w′ at {}: Check the arrow, or move it.", p(&tip))
                    }
                    ([a], _) => format!(
                        "One end of the line at {}: place the other (Enter, or drag).",
                        p(a)
                    ),
                    ([a, b], _) if a == b => {
                        format!("One end of the line at {}: drag to the other end.", p(a))
                    }
                    ([a, b], _) => format!(
                        "Your line goes through {} and {}: Check it, or place it again.",
                        p(a),
                        p(b)
                    ),
                    _ => String::new(),
                };
            }
            PracticeAction::AnswerPlaced { now } => {
                let grid = crate::core::cursor_steps(&self.shown.view).0;
                let run = self
                    .practice
                    .run
                    .as_mut()
                    .ok_or_else(|| refused("Start a practice set first.".to_string()))?;
                let feedback = run.answer_placed(grid, now).map_err(refused)?;
                self.notice = self.answered_notice(feedback.message);
            }
            PracticeAction::Hold(on) => {
                if self.practice.hold == on {
                    return Ok(Changed::Nothing);
                }
                self.practice.hold = on;
                if let Some(run) = self.practice.run.as_mut() {
                    run.set_hold(on);
                }
            }
            PracticeAction::Next { now } => {
                let run = self
                    .practice
                    .run
                    .as_mut()
                    .ok_or_else(|| refused("Start a practice set first.".to_string()))?;
                run.next(now).map_err(refused)?;
                self.notice = self.practice_prompt();
            }
            PracticeAction::Stop => {
                let Some(run) = self.practice.run.take() else {
                    return Ok(Changed::Nothing);
                };
                if !run.results().questions.is_empty() {
                    self.practice.ended = Some(run);
                }
                self.notice = "Practice ended: the lab shows its own points again.".to_string();
            }
        }
        Ok(Changed::Redraw)
    }

    /// Puts `run` on show (presenter mode's hold kept), in place of any set before.
    fn practice_begin(&mut self, mut run: PracticeRun) {
        run.set_hold(self.practice.hold);
        self.play.playing = false;
        self.practice.run = Some(run);
        self.practice.ended = None;
        self.notice = self.practice_prompt();
    }

    /// A class as the set's algorithm names it (`+1`/`-1` for the binary rules, `0`, `1`, …
    /// for the multiclass ones), whatever the lab underneath runs; a set on the points on show
    /// keeps the names a file gave them when the lab's algorithm is of the same kind.
    fn practice_class_name(&self, run: &PracticeRun, c: usize) -> String {
        let algorithm = run.setup().algorithm;
        let same_kind = algorithm.is_multiclass() == self.setup.algorithm.is_multiclass();
        if same_kind && matches!(run.composed().source, crate::core::practice::Source::Points) {
            self.class_name(c)
        } else {
            super::names::class_name(algorithm, c)
        }
    }

    /// A key that changes whenever the practice plot or its question does (the page describes
    /// the plot again then); `None` while no set runs.
    pub(super) fn practice_key(&self) -> Option<(u64, u64, u64)> {
        let run = self.practice.run.as_ref()?;
        let c = run.current();
        let answered = c.map_or(0, |c| c.feedback.len() as u64 * 2 + u64::from(c.revealed));
        let draft = c.map_or(0, |c| {
            c.draft.ends.len() as u64 * 4
                + u64::from(c.draft.tip.is_some())
                + c.draft
                    .ends
                    .iter()
                    .chain(c.draft.tip.iter())
                    .map(|p| p[0].to_bits() ^ p[1].to_bits().rotate_left(17))
                    .fold(0, |a: u64, b| a.wrapping_mul(31).wrapping_add(b))
        });
        Some((
            u64::MAX - u64::from(c.map_or(0, |c| c.number)),
            answered,
            draft ^ run.results().questions.len() as u64,
        ))
    }

    /// The described plot while a set runs: the question, its points with their classes, the
    /// model on show in its own words, and what the student put on the plot.
    pub(super) fn practice_description(&self) -> Option<String> {
        let run = self.practice.run.as_ref()?;
        let Some(c) = run.current() else {
            let r = run.results();
            return Some(format!(
                "Practice done: {} of {} right. Stop practice to see the lab's own points.",
                r.score(),
                r.total
            ));
        };
        let data = run.data();
        let points: Vec<String> = (0..data.len())
            .map(|i| {
                format!(
                    "#{} at {}, class {}",
                    i + 1,
                    crate::core::numfmt::point(data.x(i)),
                    self.practice_class_name(run, data.class(i))
                )
            })
            .collect();
        let names: Vec<String> = (0..run.setup().num_classes())
            .map(|k| self.practice_class_name(run, k))
            .collect();
        // "Will it converge?" asks about the points alone.
        let model = match c.content {
            Content::Converge { .. } => String::new(),
            Content::Step(_) => run.model().learner().describe_model(data, &names),
        };
        let p = |v: &[f64; 2]| crate::core::numfmt::point(v);
        let draft = match (&c.draft.ends[..], c.draft.tip) {
            (_, Some(tip)) => format!(" Your w′ arrow ends at {}.", p(&tip)),
            ([a], _) => format!(" Your line has one end at {}.", p(a)),
            ([a, b], _) => format!(" Your line goes through {} and {}.", p(a), p(b)),
            _ => String::new(),
        };
        Some(format!(
            "Practice, question {} of {} ({}). The plot shows {} point{}: {}. {model}{draft}",
            c.number,
            run.results().total,
            c.kind.title(),
            data.len(),
            if data.len() == 1 { "" } else { "s" },
            points.join("; ")
        ))
    }

    /// The notice after an answer: its feedback (and what the question asks next of a faded
    /// example), or, in presenter mode, that it waits for the reveal.
    fn answered_notice(&self, message: String) -> String {
        match self.practice.run.as_ref().and_then(PracticeRun::current) {
            Some(c) if c.held() => {
                "Answer taken. Reveal it (V, or the Reveal button) when the class has voted."
                    .to_string()
            }
            Some(c) if c.answered() => message,
            _ => format!("{message} {}", self.practice_prompt()),
        }
    }

    /// What the question on show asks, in words (the status line, announced): `Question 2 of
    /// 5 (Be the perceptron): sample 2 at (3, 2), class +1, was a mistake. Give the new w′.`
    pub fn practice_prompt(&self) -> String {
        let Some(run) = &self.practice.run else {
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
        let Some(run) = &self.practice.run else {
            return String::new();
        };
        let Some(c) = run.current() else {
            return String::new();
        };
        let sample = |q: &crate::core::practice::Question| {
            q.record
                .visited()
                .map(|(i, x)| {
                    let class = self.practice_class_name(run, run.data().class(i - 1));
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
            (Content::Step(q), crate::core::practice::PracticeKind::Faded, None)
                if !c.hidden.is_empty() =>
            {
                format!("worked step for {}: every part filled in.", sample(q))
            }
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
