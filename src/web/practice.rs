//! The handle's Practice mode methods: compose and start a set, answer, reveal, go on, stop,
//! and the results. Each is one user intent through the panic guard, like every method; the
//! core checks every answer (the page only passes on what was typed or clicked). The answer
//! methods return the events they make as JSON (see `Runner::practice_answer`), which the page
//! hands to its listeners and, in a frame with `report=`, posts to that origin only.

use super::handle::Lab;
use crate::core::practice::Response;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl Lab {
    /// The link fragment (without `#`) that opens the set the composer wrote as link keys
    /// (`xv=1&xk=predict,update&…`); an error saying what is wrong with the set.
    pub fn practice_link(&self, keys: &str) -> Result<String, JsValue> {
        self.with(|runner| runner.practice_link(keys))
    }

    /// The HTML that frames the set written as `keys` in a course page (an `<iframe>` that opens
    /// `url`, the set's link); an error saying what is wrong with the set.
    pub fn practice_frame(&self, keys: &str, url: &str) -> Result<String, JsValue> {
        self.with(|runner| runner.practice_frame(keys, url))
    }

    /// Starts the set written as link keys (a varying set with a seed of this student's own).
    pub fn practice_start(&self, keys: &str) -> Result<(), JsValue> {
        self.with(|runner| runner.practice_start(keys))
    }

    /// "Update" (`true`) or "no update" for the question on show.
    pub fn practice_update(&self, update: bool, page: &str) -> Result<String, JsValue> {
        self.with(|runner| runner.practice_answer(Response::Update(update), page))
    }

    /// "Converges" (`true`) or "never converges".
    pub fn practice_converges(&self, converges: bool, page: &str) -> Result<String, JsValue> {
        self.with(|runner| runner.practice_answer(Response::Converges(converges), page))
    }

    /// The new parameters typed, one field's text per part (`0, 3, 2`).
    pub fn practice_parameters(&self, texts: Vec<String>, page: &str) -> Result<String, JsValue> {
        self.with(|runner| runner.practice_typed(&texts, page))
    }

    /// The score(s) typed, one field's text per score.
    pub fn practice_scores(&self, texts: Vec<String>, page: &str) -> Result<String, JsValue> {
        self.with(|runner| runner.practice_scores(&texts, page))
    }

    /// The guessed boundary through two typed points (`x1, x2` each).
    pub fn practice_line(&self, a: &str, b: &str, page: &str) -> Result<String, JsValue> {
        self.with(|runner| runner.practice_line(a, b, page))
    }

    /// `reveal` (an answer held back), `next` (after the reveal), `read` (a worked step) or
    /// `stop` (back to the lab).
    pub fn practice_do(&self, what: &str, page: &str) -> Result<String, JsValue> {
        self.with(|runner| runner.practice_do(what, page))
    }

    /// Answers wait for a reveal (presenter mode) or show at once.
    pub fn practice_hold(&self, on: bool) -> Result<(), JsValue> {
        self.with(|runner| {
            runner.apply(crate::core::Action::Practice(
                crate::core::PracticeAction::Hold(on),
            ))
        })
    }

    /// The results so far as `csv` or `json`.
    pub fn practice_results(&self, format: &str) -> Result<String, JsValue> {
        self.with(|runner| runner.practice_results(format))
    }

    /// The student's progress in the set on show, as JSON (their seed and what they did), at
    /// most `limit` characters when given (the last whole questions left out to fit); `None`
    /// while no set runs.
    pub fn practice_progress(&self, limit: Option<u32>) -> Result<Option<String>, JsValue> {
        self.query(|runner| {
            Ok(runner.session().practice().and_then(|run| {
                let saved = run.saved();
                match limit {
                    Some(limit) => saved.to_text_within(limit as usize),
                    None => Some(saved.to_text()),
                }
            }))
        })
    }

    /// What a SCORM 1.2 package tells its LMS about the set on show, with the pass mark
    /// `pass` (percent), and the line its launch page shows for the LMS as found (`lms`:
    /// `absent`, `off`, `recording`, `resumed`) and `on_page` seconds on the page, as JSON (see
    /// `core::practice::scorm::Report`); `None` while no set runs.
    pub fn practice_scorm(
        &self,
        pass: u32,
        lms: &str,
        on_page: f64,
    ) -> Result<Option<String>, JsValue> {
        self.query(|runner| {
            Ok(runner.session().practice().map(|run| {
                let report = crate::core::practice::scorm::report(run, pass, lms, on_page);
                serde_json::to_string(&report).unwrap_or_default()
            }))
        })
    }

    /// Opens a link fragment whose exercise set resumes where `progress` (as
    /// [`practice_progress`](Self::practice_progress) gave it) left it. Progress that cannot
    /// be read, is of another set or does not fit it changes nothing; the error says why.
    pub fn open_saved(&self, fragment: &str, progress: &str) -> Result<bool, JsValue> {
        self.skip_replayed_steps();
        self.with(|runner| {
            let saved = crate::core::practice::Saved::from_text(progress)?;
            runner.open_link_saved(fragment, Some(saved))
        })
    }
}
