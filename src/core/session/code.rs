//! "This run in code": the session's Python snippet, for the page's panel.

use super::*;
use crate::core::code::{self, CodeInput};

impl Session {
    /// The Python snippet that reproduces the run on show (see [`crate::core::code`]): written
    /// from what [`Session::scenario`] holds — the points training started from, the setup,
    /// the settings and the step — so that `perceptron-trace --emit python` with the same
    /// points, settings and `--steps` writes the same text. When the points were edited while
    /// training was under way, the snippet says so instead, and so it does for a run longer
    /// than [`code::PAGE_CODE_STEPS`] (the panel is rewritten while a run plays).
    pub fn python_code(&self) -> String {
        // Code reads the course's numbers (`0.5`), whatever the page's language.
        crate::core::i18n::plain_numbers(|| self.python_code_plain())
    }

    fn python_code_plain(&self) -> String {
        let scenario = self.scenario();
        if !scenario.edits.is_empty() {
            return code::edited_note(self.setup.algorithm.title());
        }
        // The steps on show were all taken, so a long run is told without replaying it.
        if scenario.step > code::PAGE_CODE_STEPS {
            return code::page_note(self.setup.algorithm.title(), scenario.step);
        }
        code::python(CodeInput {
            data: &self.data,
            setup: &self.setup,
            settings: self.settings(),
            names: &self.class_names,
            steps: scenario.step,
        })
    }
}
