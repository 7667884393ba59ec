//! A student's progress through a set, kept so that they resume where they were in another
//! visit (a SCORM package keeps it in the LMS's `cmi.suspend_data`): the student's seed and
//! what they did — each answer with the seconds since the set started, and each "next" — as
//! short JSON. Resuming starts the same set with the same seed and does it all again, so the
//! questions, the plot, the answers and the score are the ones the student left, by
//! construction: nothing of the run's state is stored beside the log.
//!
//! The text is at most a few hundred characters for a typical set; [`Saved::to_text_within`]
//! keeps it under a limit (SCORM 1.2's 4,096) by leaving out the last whole questions, which
//! the student then answers again.

use super::exercise::ExerciseSet;
use super::run::Response;
use crate::core::Error;
use serde::{Deserialize, Serialize};

/// The version of the saved text's shape.
const VERSION: u32 = 1;

/// One thing the student did, in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Logged {
    /// An answer (a faded example's part), at whole seconds since the set started.
    Answer(Response, u32),
    /// Went on to the next question, at whole seconds since the set started.
    Next(u32),
}

/// A student's progress through one set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Saved {
    /// The shape's version (1).
    pub v: u32,
    /// The fingerprint of the set as composed (see [`fingerprint`]): progress is resumed only
    /// in the set it was made in.
    pub set: String,
    /// The student's own seed.
    pub seed: u64,
    /// What they did, in order.
    pub log: Vec<Logged>,
}

/// A short fingerprint of a set as composed: FNV-1a of its link, in hex.
pub fn fingerprint(set: &ExerciseSet) -> String {
    let hash = set
        .to_link()
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
    format!("{hash:016x}")
}

fn refused(reason: impl Into<String>) -> Error {
    Error::Field {
        field: "progress",
        reason: reason.into(),
    }
}

impl Saved {
    /// The progress of a student with seed `seed` in `set` (as composed), after `log`.
    pub fn new(set: &ExerciseSet, seed: u64, log: Vec<Logged>) -> Saved {
        Saved {
            v: VERSION,
            set: fingerprint(set),
            seed,
            log,
        }
    }

    /// Reads saved progress; text that is none says so and gives nothing.
    pub fn from_text(text: &str) -> Result<Saved, Error> {
        let saved: Saved = serde_json::from_str(text)
            .map_err(|e| refused(format!("the saved progress cannot be read ({e})")))?;
        if saved.v != VERSION {
            return Err(refused(format!(
                "the saved progress is of version {}, and this lab reads version {VERSION}",
                saved.v
            )));
        }
        Ok(saved)
    }

    /// Whether this progress was made in `set` (as composed).
    pub fn is_of(&self, set: &ExerciseSet) -> bool {
        self.set == fingerprint(set)
    }

    /// The progress as JSON.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The progress as JSON of at most `limit` characters: when the whole log is longer, the
    /// last whole questions are left out (the log ends at a "next", or is empty), so that the
    /// student resumes at the first question left out. `None` when even no answers do not fit.
    pub fn to_text_within(&self, limit: usize) -> Option<String> {
        let mut cut = self.clone();
        loop {
            let text = cut.to_text();
            if text.chars().count() <= limit {
                return Some(text);
            }
            if cut.log.is_empty() {
                return None;
            }
            cut.log.pop();
            while !matches!(cut.log.last(), None | Some(Logged::Next(_))) {
                cut.log.pop();
            }
        }
    }

    /// The seconds of the last thing logged (0 before any).
    pub fn last_seconds(&self) -> u32 {
        self.log.last().map_or(0, |l| match l {
            Logged::Answer(_, t) | Logged::Next(t) => *t,
        })
    }
}
