//! What the session says aloud after an action (the announcement the page's polite live region
//! speaks) and the described plot (the summary the plot's `aria-describedby` points at, and the
//! points table). The algorithms word their own steps and models ([`Visit::spoken`],
//! [`Learner::describe_model`]); here the sentences are put together, the same for all.
//!
//! [`Visit::spoken`]: crate::core::Visit::spoken

use super::*;
use crate::core::i18n::t;
use crate::core::speech::{minus, turn_words, which, Priority, Verbosity};

/// What the live region is given to say: the last action's utterance, the count of them, and
/// how much is said of each step.
#[derive(Debug, Clone, Default)]
pub(super) struct Speech {
    /// What the last action gave to say (see [`Session::announcement`]).
    pub(super) said: Option<Said>,
    /// The number of utterances so far.
    pub(super) said_seq: u64,
    /// How much the live region says of each step.
    pub(super) verbosity: Verbosity,
}

/// What the last action gave to say, kept until the next one; the words are put together only
/// when the page asks (during Play most steps are never said, so never worded).
#[derive(Debug, Clone, PartialEq)]
pub enum Utterance {
    /// Steps were taken forward (Step, Next mistake, Finish epoch, Run, a jump, Play).
    Stepped {
        /// Steps taken before the action.
        from: u64,
        /// The epoch that ended during the action, if one did.
        epoch_end: Option<u64>,
        /// Whether training stopped during the action (converged, stopped, found to cycle).
        verdict: bool,
        /// Whether the steps were taken by Play (`Some(true)` for the step that starts it).
        playing: Option<bool>,
    },
    /// The cursor went back (Back, a jump back, or an undone edit or reset).
    Back,
    /// Play was paused.
    Paused,
    /// Training restarted from the initial weights (Reset, new settings, another algorithm).
    Restarted,
    /// Points and a setup were loaded (an example, a scenario, a link, a file).
    Loaded,
    /// Only the notice: a refusal, an edit, a choice.
    Notice,
}

/// What is said: the utterance and its number (each action that says something gets a new
/// one), with the notice of its time.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Said {
    seq: u64,
    what: Utterance,
    notice: String,
}

/// How an action is heard, decided before it is applied.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Heard {
    Forward { tick: bool },
    Jump,
    Back,
    Play,
    Pause,
    Restart,
    Load,
    Message,
    Quiet,
}

/// The state before an action, to tell what it did.
pub(super) struct Before {
    heard: Heard,
    steps: u64,
    epoch: u64,
    running: bool,
    notice: String,
}

/// One row of the points table: the point, its class and score, and whether the model gets it
/// right.
#[derive(Debug, Clone, PartialEq)]
pub struct PointRow {
    /// The 1-based point number (`#3`).
    pub index: usize,
    /// x1.
    pub x1: String,
    /// x2.
    pub x2: String,
    /// The class's name.
    pub class: String,
    /// The score as the model words it ([`Learner::score_text`]).
    pub score: String,
    /// `yes`, `no`, `no (on the boundary)` or `no (predicted …)`.
    pub correct: String,
}

/// Points the table lists at most (the summary speaks of all of them).
pub const POINT_ROWS_LIMIT: usize = 500;

impl Session {
    /// Notes the state before `action` (see [`Session::heard`]).
    pub(super) fn before_heard(&self, action: &Action) -> Before {
        let heard = match action {
            Action::Step | Action::NextMistake | Action::FinishEpoch | Action::RunToConvergence => {
                Heard::Forward { tick: false }
            }
            Action::Tick { .. } => Heard::Forward { tick: true },
            Action::JumpToStep(_) => Heard::Jump,
            Action::Back => Heard::Back,
            Action::Play => Heard::Play,
            Action::TogglePlay if self.play.playing => Heard::Pause,
            Action::TogglePlay => Heard::Play,
            Action::Pause => Heard::Pause,
            Action::Reset | Action::Clear | Action::SetSettings(_) | Action::SetSetup(_) => {
                Heard::Restart
            }
            Action::LoadPreset(_) | Action::LoadScenario(_) | Action::ImportCsv(_) => Heard::Load,
            a if a.is_view() => Heard::Quiet,
            // Not view actions, but heard only by a new notice too, so as not to say the one on
            // show again (a drag redraws at every move; the pocket has no notice of its own).
            Action::Press { .. }
            | Action::DragTo { .. }
            | Action::SetPocket(_)
            | Action::SetSecondEta(_) => Heard::Quiet,
            _ => Heard::Message,
        };
        Before {
            heard,
            steps: self.model().steps(),
            epoch: self.model().epoch(),
            running: self.running(),
            notice: self.notice.clone(),
        }
    }

    /// After an action that succeeded: what it gives to say, if anything.
    pub(super) fn heard(&mut self, before: Before, changed: Changed) {
        let steps = self.model().steps();
        let forward = steps > before.steps;
        let stepped = |playing| Utterance::Stepped {
            from: before.steps,
            epoch_end: None,
            verdict: false,
            playing,
        };
        let notice_new = !self.notice.is_empty() && self.notice != before.notice;
        let what = match before.heard {
            Heard::Forward { tick } if forward => Some(stepped(tick.then_some(false))),
            Heard::Jump if forward => Some(stepped(None)),
            Heard::Play if forward => Some(stepped(Some(true))),
            Heard::Jump if steps < before.steps => Some(Utterance::Back),
            // Back across a step or an edit; at the oldest entry it only says why not.
            Heard::Back if steps < before.steps || self.notice.starts_with("Undone") => {
                Some(Utterance::Back)
            }
            Heard::Pause if changed == Changed::Redraw => Some(Utterance::Paused),
            Heard::Restart => Some(Utterance::Restarted),
            Heard::Load => Some(Utterance::Loaded),
            // A tick that took no step says nothing; a refused step says why.
            Heard::Forward { tick: true } | Heard::Quiet => notice_new.then_some(Utterance::Notice),
            _ => {
                (changed == Changed::Redraw && !self.notice.is_empty()).then_some(Utterance::Notice)
            }
        };
        let Some(mut what) = what else {
            return;
        };
        if let Utterance::Stepped {
            epoch_end, verdict, ..
        } = &mut what
        {
            let t = self.model();
            *epoch_end = if t.at_epoch_start() || t.state() != TrainState::Running {
                self.last_record().map(|r| r.epoch())
            } else if t.epoch() > before.epoch {
                Some(t.epoch() - 1)
            } else {
                None
            };
            *verdict = before.running && !self.running();
        }
        self.speech.said_seq += 1;
        self.speech.said = Some(Said {
            seq: self.speech.said_seq,
            what,
            notice: self.notice.clone(),
        });
    }

    /// Says the notice as it is now (the end of long work, or why an action waits for it).
    pub(super) fn say_notice(&mut self) {
        self.say_text(self.notice.clone());
    }

    /// Says `text` (as a notice is said).
    pub(super) fn say_text(&mut self, text: String) {
        if text.is_empty() {
            return;
        }
        self.speech.said_seq += 1;
        self.speech.said = Some(Said {
            seq: self.speech.said_seq,
            what: Utterance::Notice,
            notice: text,
        });
    }

    /// The epoch of the step on show (before any step, the epoch about to start), as the
    /// status shows it.
    fn shown_epoch(&self) -> u64 {
        self.last_record()
            .map_or(self.model().epoch(), |r| r.epoch())
    }

    /// Whether training can go on: running and not found to cycle.
    fn running(&self) -> bool {
        self.model().state() == TrainState::Running && self.watch.cycle.is_none()
    }

    /// What the last action gave to say, with its number (new for every action that says
    /// something).
    pub fn utterance(&self) -> Option<(u64, &Utterance)> {
        self.speech.said.as_ref().map(|s| (s.seq, &s.what))
    }

    /// The number of what the last action gave to say and whether it may be dropped during
    /// Play, without wording it (cheap: asked every frame).
    pub fn pending(&self) -> Option<(u64, Priority)> {
        let said = self.speech.said.as_ref()?;
        let priority = match &said.what {
            Utterance::Stepped {
                epoch_end: None,
                verdict: false,
                playing: Some(false),
                ..
            } => Priority::Step,
            _ => Priority::Now,
        };
        Some((said.seq, priority))
    }

    /// The announcement of the last action at `verbosity`: its number, whether it may be
    /// dropped during Play ([`Priority`]), and its sentence, with negative numbers written with
    /// the minus sign. `None` when there is nothing to say at this verbosity. Worded from the
    /// state now: ask in the frame after the action.
    pub fn announcement(&self, verbosity: Verbosity) -> Option<(u64, Priority, String)> {
        let said = self.speech.said.as_ref()?;
        let full = verbosity == Verbosity::Full;
        let quiet = verbosity == Verbosity::Off;
        let notice = said.notice.trim();
        let text = match &said.what {
            Utterance::Stepped {
                from,
                epoch_end,
                verdict,
                playing,
            } => {
                let mut parts = Vec::new();
                if !quiet {
                    if *playing == Some(true) {
                        parts.push(match crate::core::numfmt::speed(self.play.speed) {
                            Some(n) => format!("Playing at {n} steps per second."),
                            None => "Playing as fast as it can.".to_string(),
                        });
                    }
                    let steps = self.model().steps();
                    if playing.is_none() && steps > from + 1 && full {
                        parts.push(format!("{} steps taken.", steps - from));
                    }
                    parts.extend(self.step_sentence(full));
                    if let (Some(e), false) = (epoch_end, verdict) {
                        parts.push(t!("epoch-end", epoch = e.to_string()));
                    }
                }
                if *verdict {
                    parts.push(self.verdict_text(notice));
                } else if !notice.is_empty() && !quiet && *playing != Some(false) {
                    parts.push(notice.to_string());
                }
                parts.join(" ")
            }
            Utterance::Back if quiet => String::new(),
            Utterance::Back => {
                let t = self.model();
                let mut text = if notice.starts_with("Undone") {
                    format!("{notice} ")
                } else {
                    String::new()
                };
                text.push_str(&format!(
                    "Back to step {}, epoch {}",
                    t.steps(),
                    self.shown_epoch()
                ));
                if full {
                    text.push_str(&format!(
                        ": model {}; {}.",
                        t.weights_text(&self.data),
                        self.wrong_sentence(false)
                    ));
                } else {
                    text.push('.');
                }
                text
            }
            Utterance::Paused => {
                let t = self.model();
                let mut text =
                    format!("Paused at step {}, epoch {}", t.steps(), self.shown_epoch());
                if full {
                    text.push_str(&format!("; {}.", self.wrong_sentence(false)));
                } else {
                    text.push('.');
                }
                text
            }
            Utterance::Restarted => {
                let t = self.model();
                let mut text = notice.to_string();
                if full {
                    text.push_str(&format!(
                        " {}, step 0: model {}.",
                        self.setup.algorithm.title(),
                        t.weights_text(&self.data)
                    ));
                }
                text
            }
            Utterance::Loaded => {
                let mut text = format!("{notice} {}", self.points_sentence());
                if !quiet {
                    text.push_str(&format!(
                        " {}, step {}.",
                        self.setup.algorithm.title(),
                        self.model().steps()
                    ));
                }
                text
            }
            Utterance::Notice => notice.to_string(),
        };
        let (seq, priority) = self.pending()?;
        let text = text.trim();
        (!text.is_empty()).then(|| (seq, priority, minus(text)))
    }

    /// The last step in words: in full "Step 7, epoch 2: sample 3 at (2, −1), class +1, score
    /// −0.5, a mistake. w becomes [1, 1.5, 0.5]; the boundary turns 18° anticlockwise; 2 of 10
    /// points are on the wrong side.", in brief "Step 7: sample 3, a mistake; 2 of 10 wrong."
    pub fn step_sentence(&self, full: bool) -> Option<String> {
        let record = self.last_record()?;
        let spoken = record.spoken(&self.class_names);
        if !full {
            return Some(t!(
                "step-brief",
                step = record.step().to_string(),
                what = spoken.brief,
                wrong = self.wrong_sentence(true),
            ));
        }
        let mut after = Vec::new();
        after.extend(spoken.change);
        let model = self.model();
        if let (Some(before), Some(now)) = (record.ghost(), model.main_line(&self.data)) {
            after.extend(turn_words(three(before), now));
        }
        after.push(self.wrong_sentence(false));
        Some(t!(
            "step-full",
            step = record.step().to_string(),
            epoch = record.epoch().to_string(),
            what = spoken.full,
            after = sentence_case(&after.join("; ")),
        ))
    }

    /// A key that changes whenever the points, the run or the step change: the points table is
    /// written again then.
    pub fn state_key(&self) -> (u64, u64, u64) {
        match self.practice_key() {
            Some(key) => key,
            None => self.accuracy_key(),
        }
    }

    /// The points the model gets wrong (0-based), in data order.
    pub fn wrong_points(&self) -> Vec<usize> {
        match self.wrong_known() {
            Some(wrong) => wrong.to_vec(),
            None => (0..self.data.len())
                .zip(self.model().predict_points(&self.data))
                .filter(|&(i, c)| c != Some(self.data.class(i)))
                .map(|(i, _)| i)
                .collect(),
        }
    }

    /// `2 of 10 points are on the wrong side` (brief: `2 of 10 wrong`); while the kernel's
    /// scores of many points are still being computed, says so.
    fn wrong_sentence(&self, brief: bool) -> String {
        let n = self.data.len();
        let Some(wrong) = self.wrong_known() else {
            return counting_sentence(self.points_pending(), brief);
        };
        let wrong = wrong.len();
        match (brief, wrong) {
            (true, _) => t!("wrong-brief", wrong = wrong, n = n),
            (false, 0) if n == 1 => t!("wrong-none-of-one"),
            (false, 0) => t!("wrong-none", n = n),
            (false, _) => t!(
                "wrong-some",
                wrong = wrong,
                n = n,
                place = self.model().wrong_words(),
            ),
        }
    }

    /// The verdict when training stopped: the notice the stop left, or how it cycles.
    fn verdict_text(&self, notice: &str) -> String {
        if notice.is_empty() || self.model().state() == TrainState::Converged {
            format!("Verdict: {}.", self.state_text())
        } else {
            notice.to_string()
        }
    }

    /// `10 points: 4 of class −1, 6 of class +1.`
    fn points_sentence(&self) -> String {
        let n = self.data.len();
        if n == 0 {
            return "No points yet.".to_string();
        }
        let mut counts = vec![0usize; self.num_classes()];
        for c in self.data.class_indices() {
            if c >= counts.len() {
                counts.resize(c + 1, 0);
            }
            counts[c] += 1;
        }
        let parts: Vec<String> = counts
            .iter()
            .enumerate()
            .map(|(c, k)| format!("{k} of class {}", self.class_name(c)))
            .collect();
        format!(
            "{n} point{}: {}.",
            if n == 1 { "" } else { "s" },
            parts.join(", ")
        )
    }

    /// The described plot: the points per class, the algorithm and where training stands, the
    /// model in its own words (the boundary's equation, angle and axis crossings; regions,
    /// rows, α or the margin band) and which points it gets wrong. The page writes it into the
    /// element the plot's `aria-describedby` names.
    pub fn plot_description(&self) -> String {
        if let Some(text) = self.practice_description() {
            return minus(&text);
        }
        let t = self.model();
        if self.data.is_empty() {
            return minus(&format!(
                "No points yet: the plot is empty. {}, step {}.",
                self.setup.algorithm.title(),
                t.steps()
            ));
        }
        let n = self.data.len();
        let wrong_text = match self.wrong_known().as_deref().map(Vec::as_slice) {
            None => {
                let mut text = counting_sentence(self.points_pending(), false);
                text[..1].make_ascii_uppercase();
                format!("{text}.")
            }
            Some([]) if n == 1 => format!("{}.", sentence_case(&t!("wrong-none-of-one"))),
            Some([]) => format!("{}.", sentence_case(&t!("wrong-none", n = n))),
            Some(wrong) => {
                let place = t.wrong_words();
                let some = t!("wrong-some", wrong = wrong.len(), n = n, place = place);
                format!("{}: {}.", sentence_case(&some), which(wrong, 12))
            }
        };
        let mut model = t.describe_model(&self.data, &self.class_names);
        if let Some(regions) = self.regions_sentence() {
            model.push(' ');
            model.push_str(&regions);
        }
        minus(&format!(
            "{} {}, step {}, epoch {}: {}. {model} {wrong_text}",
            self.points_sentence(),
            self.setup.algorithm.title(),
            t.steps(),
            self.shown_epoch(),
            self.state_text()
        ))
    }

    /// How much of the view each class's region covers, from the region map the page asked
    /// for (kernel and multiclass models): `In the view, class 0's region covers 40%, …`.
    /// `None` without a map.
    fn regions_sentence(&self) -> Option<String> {
        let region = self.region()?;
        let total = region.cells.len();
        if total == 0 {
            return None;
        }
        let mut counts = vec![0usize; self.num_classes()];
        let mut other = 0;
        for &code in &region.cells {
            match counts.get_mut(usize::from(code)) {
                Some(n) => *n += 1,
                None => other += 1,
            }
        }
        let share = |n: usize| num((n as f64 * 100.0 / total as f64).round());
        let mut parts: Vec<String> = counts
            .iter()
            .enumerate()
            .map(|(c, &n)| format!("class {}'s region {}%", self.class_name(c), share(n)))
            .collect();
        if other > 0 {
            parts.push(format!("no class (a tie) {}%", share(other)));
        }
        Some(format!("Of the view shown, {}.", parts.join(", ")))
    }

    /// The points table: at most `limit` rows from the first point, each with its class, its
    /// score and whether the model gets it right.
    pub fn point_rows(&self, limit: usize) -> Vec<PointRow> {
        let model = self.model();
        let multi = self.setup.algorithm.is_multiclass();
        (0..self.data.len().min(limit))
            .map(|i| {
                let x = self.data.x(i);
                let class = self.data.class(i);
                let correct = match model.predict(&self.data, x) {
                    Some(c) if c == class => "yes".to_string(),
                    None => "no (on the boundary)".to_string(),
                    Some(c) if multi => format!("no (predicted {})", self.class_name(c)),
                    Some(_) => "no".to_string(),
                };
                PointRow {
                    index: i + 1,
                    x1: minus(&num(x[0])),
                    x2: minus(&num(x.get(1).copied().unwrap_or(0.0))),
                    class: minus(&self.class_name(class)),
                    score: minus(&model.score_text(&self.data, x)),
                    correct,
                }
            })
            .collect()
    }
}

/// `text` with its first word capitalized when it is an ordinary word (`the`, `all`), not a
/// one-letter name such as `w` or `α1`.
fn sentence_case(text: &str) -> String {
    let word: String = text.chars().take_while(|c| c.is_alphanumeric()).collect();
    let ordinary = word.chars().count() > 1 && word.chars().all(|c| c.is_ascii_lowercase());
    match text.chars().next() {
        Some(first) if ordinary => first.to_uppercase().chain(text.chars().skip(1)).collect(),
        _ => text.to_string(),
    }
}

/// `[w0, w1, w2]` of a weight vector.
fn three(w: &[f64]) -> [f64; 3] {
    crate::core::algo::three(w)
}

/// While the points' scores are being computed in slices: `scoring the points: 1,200 of 2,000
/// so far` (brief: `scoring the points`).
fn counting_sentence(pending: Option<(usize, usize)>, brief: bool) -> String {
    match pending {
        Some((done, n)) if !brief => {
            format!(
                "scoring the points: {} of {} so far",
                count(done as u64),
                count(n as u64)
            )
        }
        _ => "scoring the points".to_string(),
    }
}
