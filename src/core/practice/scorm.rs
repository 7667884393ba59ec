//! What a SCORM 1.2 package tells its LMS about a student's set (the page's `scorm.js` writes
//! it with `LMSSetValue`): the score as a percentage, the lesson status against the pass mark,
//! one interaction per answered question in SCORM 1.2's vocabulary, and the progress to keep
//! in `cmi.suspend_data` (at most [`SUSPEND_LIMIT`] characters).

use super::exercise::PracticeKind;
use super::results::QuestionResult;
use super::run::PracticeRun;
use serde::Serialize;

/// `cmi.suspend_data` holds at most this many characters in SCORM 1.2.
pub const SUSPEND_LIMIT: usize = 4096;

/// A `cmi.interactions.n` record.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Interaction {
    /// `id`: the set's id and the question's number (`perceptron-1-q3`).
    pub id: String,
    /// `type`: `true-false` (update or not; converges or not), `performance` (a line placed),
    /// or `fill-in` (numbers, a worked example's parts).
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// `student_response`: `t`/`f` for true-false, else the answer as written (at most 255
    /// characters).
    pub student_response: String,
    /// `result`: `correct` or `wrong`.
    pub result: &'static str,
    /// `latency`: the time the answer took, `HHHH:MM:SS.SS`.
    pub latency: String,
}

/// Everything the LMS is told after an answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// `cmi.core.score.raw`: right answers as a percentage of the set's questions, 0 to 100.
    pub score: u32,
    /// `cmi.core.lesson_status`: `incomplete` until every question is answered, then
    /// `passed` or `failed` against the pass mark.
    pub status: &'static str,
    /// `cmi.core.exit`: `suspend` while questions remain (the LMS keeps the progress for the
    /// next launch), else empty.
    pub exit: &'static str,
    /// `cmi.interactions`, one per answered question, in order.
    pub interactions: Vec<Interaction>,
    /// `cmi.suspend_data`: the progress, within [`SUSPEND_LIMIT`] (empty if even that does
    /// not fit).
    pub suspend: String,
    /// Whether the progress had to leave out the last questions to fit.
    pub suspend_cut: bool,
    /// What the launch page says above the lab (see [`crate::core::words::scorm_line`]).
    pub line: String,
    /// `cmi.core.session_time`: the time on the page so far.
    pub session_time: String,
}

/// A timespan in SCORM 1.2's `HHHH:MM:SS.SS`.
pub fn timespan(seconds: f64) -> String {
    let centis = if seconds.is_finite() && seconds > 0.0 {
        (seconds * 100.0).round().min(9999.0 * 3600.0 * 100.0) as u64
    } else {
        0
    };
    let (s, c) = (centis / 100, centis % 100);
    format!("{:04}:{:02}:{:02}.{c:02}", s / 3600, s / 60 % 60, s % 60)
}

/// The first `max` characters of `text`.
fn clip(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

fn interaction(exercise: &str, q: &QuestionResult) -> Interaction {
    let (kind, response) = match q.kind {
        PracticeKind::Predict | PracticeKind::Converge => (
            "true-false",
            if q.given == "update" || q.given == "converges" {
                "t".to_string()
            } else {
                "f".to_string()
            },
        ),
        PracticeKind::Boundary => ("performance", clip(&q.given, 255)),
        _ => ("fill-in", clip(&q.given, 255)),
    };
    Interaction {
        id: format!("{}-q{}", clip(exercise, 240), q.question),
        kind,
        student_response: response,
        result: if q.correct { "correct" } else { "wrong" },
        latency: timespan(q.seconds),
    }
}

/// The report of `run` with the pass mark `pass` (percent), the launch page's line for the
/// LMS as `lms` finds it (`absent`, `off`, `recording` or `resumed`), and `on_page` seconds on
/// the page so far.
pub fn report(run: &PracticeRun, pass: u32, lms: &str, on_page: f64) -> Report {
    let results = run.results();
    let total = results.total.max(1);
    // Rounded down, so that a score shown as passing is one.
    let score = results.score() * 100 / total;
    let finished = results.finished();
    let status = match (finished, score >= pass) {
        (false, _) => "incomplete",
        (true, true) => "passed",
        (true, false) => "failed",
    };
    let saved = run.saved();
    let full = saved.to_text();
    let suspend = saved.to_text_within(SUSPEND_LIMIT).unwrap_or_default();
    let cut = suspend != full;
    Report {
        score,
        status,
        exit: if finished { "" } else { "suspend" },
        interactions: results
            .questions
            .iter()
            .map(|q| interaction(&results.exercise, q))
            .collect(),
        suspend_cut: cut,
        suspend,
        line: crate::core::words::scorm_line(lms, results.questions.len(), cut),
        session_time: timespan(on_page),
    }
}
