//! The sentences the page builds from the state (captions, labels, messages), worded here so
//! that native tests reach them and a translation finds them in one place. The web layer only
//! places them (`tests/layering.rs` checks that it builds none of its own).

use super::numfmt::num;
use super::practice::QuestionResult;
use super::{cut, excerpt, PracticeView};

/// The history slider's value in words: `step 3 of 12`.
pub fn scrubber_text(step: u64, last: u64) -> String {
    format!("step {step} of {last}")
}

/// The trace table's caption: which steps its window shows (`shown`, `count` rows) of `total`
/// kept, up to step `last`, and which are no longer kept (before `first_kept`).
pub fn trace_caption(
    shown: Option<(u64, u64)>,
    count: usize,
    total: usize,
    last: u64,
    first_kept: u64,
) -> String {
    match shown {
        Some((a, b)) if count < total || first_kept > 0 => {
            let dropped = if first_kept > 0 {
                format!(" (steps before {} are no longer kept)", first_kept + 1)
            } else {
                String::new()
            };
            format!("Steps {a}–{b} shown of {last}{dropped}.")
        }
        Some(_) if total == 1 => "1 step.".to_string(),
        Some(_) => format!("{total} steps."),
        None => "No steps yet.".to_string(),
    }
}

/// The points table's caption: `n` points, of which the first `rows` are listed.
pub fn points_caption(n: usize, rows: usize) -> String {
    match n {
        0 => "The points: none yet.".to_string(),
        n if n > rows => format!(
            "The points: the first {rows} of {n}, with the class, the score and whether the model gets each right."
        ),
        n => format!(
            "The points ({n}), with the class, the score and whether the model gets each right."
        ),
    }
}

/// A learning-curve table row's button: `Go to step 12`.
pub fn go_to_step(step: &str) -> String {
    format!("Go to step {step}")
}

/// What a lab's crash panel says when another lab of the page stopped.
pub fn another_lab_stopped(message: &str) -> String {
    format!("Another lab on this page stopped after an internal error: {message}")
}

/// Why a link of only unknown keys opens nothing.
pub fn link_without_scenario(unknown: &[String]) -> String {
    let keys: Vec<String> = unknown
        .iter()
        .take(3)
        .map(|k| match cut(k, 24) {
            (start, true) => format!("“{start}…”"),
            (whole, false) => format!("“{whole}”"),
        })
        .collect();
    format!(
        "it holds no scenario (a link of this lab begins with v=1&), only {}",
        keys.join(", ")
    )
}

/// The notice after a link that opened with keys this version does not know.
pub fn link_keys_ignored(notice: &str, unknown: &[String]) -> String {
    format!(
        "{notice} Ignored what this version does not know in the link: {}.",
        unknown.join(", ")
    )
}

/// Why a set of `n` points has no link (more than `limit`).
pub fn too_many_for_link(n: usize, limit: usize) -> String {
    format!(
        "{n} points are too many for a link (at most {limit}); export the scenario as a file instead"
    )
}

/// Why an example id opens nothing.
pub fn no_preset(id: &str) -> String {
    format!("there is no preset called {id:?}")
}

/// When the lab is in the middle of something else (a call from inside a call).
pub const BUSY: &str = "Perceptron Lab is busy; try again.";

/// `say_refused` asked to word something other than a link or a scenario.
pub const NOT_REFUSABLE: &str = "say_refused takes link or scenario";

/// The title of a practice set's results, for the course page's events.
pub fn practice_title(id: &str) -> String {
    format!("Perceptron Lab practice: {id}")
}

/// Why a typed end of a guessed boundary is not a point.
pub fn not_one_point(text: &str) -> String {
    format!(
        "{} is not one point: type its two coordinates, e.g. 1, -2.",
        excerpt(text)
    )
}

/// Why a practice command is refused.
pub fn not_a_practice_action(text: &str) -> String {
    format!("{} is not a practice action", excerpt(text))
}

/// What a reason says without the full stop it may end in (it ends a sentence of ours).
fn clause(reason: &str) -> &str {
    let reason = reason.trim();
    reason.strip_suffix('.').unwrap_or(reason)
}

/// Why a link pasted or typed into the address changed nothing.
pub fn link_refused(reason: &str) -> String {
    format!(
        "This link could not be opened: {}. Nothing was changed.",
        clause(reason)
    )
}

/// Why an embedded lab's own scenario (its attribute, or a new one) was not opened.
pub fn scenario_refused(reason: &str) -> String {
    format!("This scenario could not be opened: {}.", clause(reason))
}

/// A value a course page's script passed, in a few words for its TypeError: `type_of` is its
/// JS `typeof` (or `null`, or `array`), `tag` its kind when it is an object (`Map`, `Object`).
pub fn value_kind(type_of: &str, tag: &str) -> String {
    match type_of {
        "null" | "undefined" => type_of.to_string(),
        "array" => "an array".to_string(),
        "object" => format!("an object of kind {tag}"),
        other => format!("a {other}"),
    }
}

/// Why a value (`kind`, in [`value_kind`]'s words) is no scenario for `mount`, `load` or the
/// element's `scenario`.
pub fn not_a_scenario(kind: &str) -> String {
    format!(
        "a scenario is a link fragment (a string: what \"Copy link\" puts after the #), a \
         scenario object (what toJSON() returns or \"Scenario JSON\" saves), or nothing \
         (undefined, null or '') for a blank lab, not {kind}"
    )
}

/// Why a scenario object cannot be opened: `JSON.stringify` refused it, saying `reason`.
pub fn scenario_not_json(reason: &str) -> String {
    format!("the scenario object cannot be written as JSON: {reason}")
}

/// Why `mount`'s options (`kind`, in [`value_kind`]'s words) are refused.
pub fn not_mount_options(kind: &str) -> String {
    format!("mount's options are an object such as {{ hide: ['trace'] }}, not {kind}")
}

/// Why `mount`'s options are refused: `names` (each written as JSON) are no option of it.
pub fn unknown_mount_options(names: &[String]) -> String {
    let quoted: Vec<String> = names
        .iter()
        .map(|name| serde_json::to_string(name).unwrap_or_default())
        .collect();
    format!(
        "mount has no option {} (its one option is hide)",
        quoted.join(", ")
    )
}

/// Why a `hide` option is refused: it is `kind` (in [`value_kind`]'s words), or an array with
/// an element of `held` kind.
pub fn not_hide_names(kind: &str, held: Option<&str>) -> String {
    let what = match held {
        Some(held) => format!("an array holding {held}"),
        None => kind.to_string(),
    };
    format!(
        "hide takes names of controls, as an array of strings (['trace', 'status']) or one \
         string ('trace,status'), not {what}"
    )
}

/// Why a practice answer's events did not reach the course page that asked for them
/// (`report=`): each failure, `; `-separated.
pub fn answer_not_sent(report: &str, failures: &str) -> String {
    format!(
        "This answer could not be sent to {report}: {}.",
        clause(failures)
    )
}

/// The speed control's label for `steps_per_second`: `5.0 steps/s`, `20 steps/s` or `max`, in
/// the words Play's announcement uses.
pub fn speed_label(steps_per_second: f64) -> String {
    crate::core::numfmt::speed(steps_per_second)
        .map_or_else(|| "max".to_string(), |n| format!("{n} steps/s"))
}

/// What a clicker's "forward" says before an answer.
pub fn answer_first(prompt: &str) -> String {
    format!("Answer first. {prompt}")
}

/// A typed answer field's label: the part's name, how many numbers and an example.
pub fn numbers_label(name: &str, n: usize, example: &str) -> String {
    if n == 1 {
        format!("{name} (one number, e.g. {example})")
    } else {
        format!("{name} ({n} numbers, e.g. {example})")
    }
}

/// A score field's label.
pub fn score_label(name: &str) -> String {
    format!("{name} (one number)")
}

/// The tip of the student's arrow w′ on the plot, in words.
pub fn arrow_tip(tip: Option<[f64; 2]>) -> String {
    match tip {
        Some([x, y]) => format!("Your arrow's tip: ({}, {}).", num(x), num(y)),
        None => "No arrow on the plot yet.".to_string(),
    }
}

/// The results table's caption.
pub fn results_caption(results: &[QuestionResult], score: u32, total: u32) -> String {
    let seconds: f64 = results.iter().map(|q| q.seconds).sum();
    format!(
        "Results: {score} of {total} right, {} of {total} answered, {} s in all.",
        results.len(),
        num((seconds * 10.0).round() / 10.0)
    )
}

impl PracticeView<'_> {
    /// The exercise line: its id, and the student's own seed when the set varies.
    pub fn exercise_line(&self) -> String {
        match self.variant {
            Some(seed) => format!(
                "Exercise {} · your variant's seed: {seed} (a lecturer reproduces it with this seed and vary off)",
                self.exercise
            ),
            None => format!("Exercise {}", self.exercise),
        }
    }

    /// The feedback line and how the page marks it (`right`, `wrong` or nothing).
    pub fn feedback_line(&self) -> (&'static str, String) {
        match &self.feedback {
            Some((true, m)) => ("right", format!("✓ {m}")),
            Some((false, m)) => ("wrong", format!("✗ {m}")),
            None if self.held => (
                "",
                "Answer taken: reveal it when the class has voted.".to_string(),
            ),
            None => ("", String::new()),
        }
    }
}

/// What every call says once the module has stopped after an internal error.
pub const STOPPED: &str = "Perceptron Lab stopped after an internal error; reload the page.";

/// The crash panel's message for a lab whose state a call left in use.
pub const LEFT_IN_USE: &str = "A call into this lab never returned (most likely the page's \
    script ran out of stack space part-way through it), and left the lab's state in use: it \
    cannot go on safely.";

/// Why a trace export's format is refused.
pub const TABLE_FORMATS: &str = "the format must be markdown, csv or latex";

/// Why a step to jump to is refused.
pub const NOT_A_STEP: &str = "the step must be a whole number ≥ 0";

/// Why a scenario file is refused before it is read.
pub const NOT_UTF8: &str = "the file is not UTF-8 text";

/// Why a lab cannot start outside a browser page.
pub const NO_WINDOW: &str = "no global window (not in a browser page)";

/// Why a lab cannot start on an element without a canvas.
pub const NO_CANVAS: &str =
    "Perceptron Lab needs a slot for its plot (data-panels=\"plot\") or a <canvas> inside its root element";

/// Why a plot cannot be drawn.
pub const NO_CONTEXT: &str = "the canvas has no 2D context";

/// Why a composed practice set is refused.
pub const NO_EXERCISE_KEYS: &str = "the set has no exercise keys";

/// Why there are no results to save.
pub const NO_RESULTS: &str = "no practice set has answers to save";

/// Why there is no augmented view to export.
pub const NO_AUGMENTED_VIEW: &str = "this algorithm has no single linear boundary to lift";

/// The learning curve's label for a screen reader: what it is, then its summary.
pub fn learning_curve_label(summary: &str) -> String {
    format!("Learning curve. {summary}")
}

/// An η table row's step: marked in words when it is the first difference, `≠` when the runs
/// decide differently there.
pub fn eta_step(step: u64, first: bool, differs: bool) -> String {
    if first {
        format!("{step} ← first difference")
    } else if differs {
        format!("{step} ≠")
    } else {
        step.to_string()
    }
}

/// What the code panel shows while a long run plays.
pub const CODE_PLAYING: &str =
    "# Playing: the script of the run on show is written when it pauses.\n";

/// What the code panel's Copy says when the code is on the clipboard.
pub const CODE_COPIED: &str = "Copied the Python code to the clipboard.";

/// What it says when the page may not write the clipboard (no secure context, or refused).
pub const CODE_NOT_COPIED: &str =
    "Could not copy here: select the code below and copy it (Ctrl+C).";

/// The augmented view, as an error names it.
pub const AUGMENTED_VIEW: &str = "augmented view";

/// The HTML a course author pastes to frame the exercise set `id` that `url` opens: a frame of
/// its own (`embed=1`) whose landmarks carry the set's name (`name=`), sandboxed as the course
/// page's frames are. Every attribute value is escaped, so no link or id can end the tag.
pub fn practice_frame(url: &str, id: &str) -> String {
    let attribute = |text: &str| {
        text.replace('&', "&amp;")
            .replace('"', "&quot;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    let name = super::scenario::link::encode(id);
    let src = attribute(&format!("{url}&embed=1&name={name}"));
    let title = attribute(&format!("Perceptron Lab practice: {id}"));
    format!(
        "<iframe src=\"{src}\" title=\"{title}\" width=\"100%\" height=\"900\" \
         sandbox=\"allow-scripts allow-same-origin allow-downloads\"></iframe>"
    )
}

/// Why the file `name` was not opened (`reason`, the lab's own words): nothing was changed.
pub fn file_refused(name: &str, reason: &str) -> String {
    format!("{name}: {reason}")
}

/// The browser could not read the file `name` (gone, not allowed, or larger than it can hold;
/// `reason`, the browser's words).
pub fn file_unreadable(name: &str, reason: &str) -> String {
    format!("{name}: the browser could not read it ({reason}). Nothing was changed.")
}

/// "This step" in one line: `Step 2 · #2 (3, 2), y = +1 · score 14 · correct, no update`.
pub fn step_line(step: u64, sample: &str, score: &str, outcome: &str) -> String {
    crate::core::i18n::t!(
        "step-line",
        step = step.to_string(),
        sample = sample,
        score = score,
        outcome = outcome,
    )
}

/// What a SCORM package's launch page says above its lab: whether the answers are recorded
/// (`lms`: `absent` — no LMS found —, `off` — the LMS did not start the activity —,
/// `recording`, or `resumed` with `kept` answers from before), or, when the progress had to
/// leave out its last questions to fit (`cut`), that those will be asked again.
pub fn scorm_line(lms: &str, kept: usize, cut: bool) -> String {
    match lms {
        "absent" => {
            "Practice only: no course system (LMS) was found, so your answers are not recorded."
                .to_string()
        }
        "off" => "Your course system (LMS) did not start this activity, so your answers are not recorded.".to_string(),
        _ if cut => "Your answers are recorded. The last questions did not fit in what your course keeps: next time you answer them again.".to_string(),
        "resumed" if kept > 0 => format!(
            "Welcome back: your {kept} answer{} kept, and your answers are recorded by your course.",
            if kept == 1 { " is" } else { "s are" }
        ),
        _ => "Your answers are recorded by your course.".to_string(),
    }
}

/// What a change of the plot's view was (see [`view_said`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViewSaid {
    /// The + button zoomed in.
    ZoomedIn,
    /// The − button zoomed out.
    ZoomedOut,
    /// A zoom button could not zoom further.
    Unchanged,
    /// Fit showed all the points.
    Fitted,
}

/// What a screen reader hears after a zoom button or Fit: what happened, and the ranges the
/// plot shows (`Zoomed in: x from -4 to 4, y from -2.5 to 2.5.`).
pub fn view_said(how: ViewSaid, view: &crate::core::Rect) -> String {
    let n = |v: f64| crate::core::numfmt::num((v * 100.0).round() / 100.0 + 0.0);
    let ranges = format!(
        "x from {} to {}, y from {} to {}",
        n(view.x_min),
        n(view.x_max),
        n(view.y_min),
        n(view.y_max)
    );
    match how {
        ViewSaid::ZoomedIn => format!("Zoomed in: {ranges}."),
        ViewSaid::ZoomedOut => format!("Zoomed out: {ranges}."),
        ViewSaid::Unchanged => format!("The view cannot zoom further: {ranges}."),
        ViewSaid::Fitted => format!("Fitted to the points: {ranges}."),
    }
}
