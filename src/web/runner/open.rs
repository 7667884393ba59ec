//! Opening a link fragment pasted or typed into the address (or given to an embedded lab):
//! its scenario, its exercise set, or why it cannot be opened, with nothing changed.

use super::{address, Runner};
use crate::core::{Action, Error, PracticeAction};

impl Runner {
    /// Opens a link fragment: its scenario, if it has one (`Ok(true)`); unknown keys are named
    /// in the notice. A fragment that cannot be opened changes nothing and says why. Either way
    /// the address keeps what the user put there until the state changes (a pending write of
    /// the state before is dropped).
    pub fn open_link(&mut self, fragment: &str) -> Result<bool, Error> {
        self.open_link_saved(fragment, None)
    }

    /// Opens a link fragment as [`open_link`](Self::open_link) does; its exercise set resumes
    /// where `saved` (a student's progress in it) left it. Progress of another set, or that
    /// does not fit the set, refuses the whole link and changes nothing.
    pub fn open_link_saved(
        &mut self,
        fragment: &str,
        saved: Option<crate::core::practice::Saved>,
    ) -> Result<bool, Error> {
        let opened = self.open_link_inner(fragment, saved);
        if let Some(address) = &mut self.address {
            let link = matches!(opened, Ok(true)).then(|| address::link_of(&self.session).ok());
            address.adopt(link.flatten());
        }
        opened
    }

    fn open_link_inner(
        &mut self,
        fragment: &str,
        saved: Option<crate::core::practice::Saved>,
    ) -> Result<bool, Error> {
        let link = crate::core::scenario::from_link(fragment)?;
        // An exercise set in the link is read before anything changes: a bad one refuses the
        // whole link.
        let set = crate::core::practice::ExerciseSet::from_link(fragment)?;
        // What the link starts, drawn once so that the trial and the real start agree.
        let now = super::practice_calls::seconds_now();
        let start = set.map(|set| match saved {
            Some(saved) => PracticeAction::Resume { set, saved, now },
            None => PracticeAction::Start {
                set,
                student_seed: super::practice_calls::student_seed(),
                now,
            },
        });
        if start.is_some() || (link.scenario.is_some() && self.session.practice_view().is_some()) {
            // A link that cannot open changes nothing: the set on show, its answers and
            // results, and the lab's points stay. The whole link is tried on a copy of the
            // session first (its scenario, then its set, which may refuse the points).
            let mut trial = self.session.clone();
            let _ = trial.apply(Action::Practice(PracticeAction::Stop))?;
            if let Some(scenario) = &link.scenario {
                let _ = trial.apply(Action::LoadScenario(scenario.clone()))?;
            }
            if let Some(start) = &start {
                let _ = trial.apply(Action::Practice(start.clone()))?;
            }
        }
        if link.scenario.is_some() || start.is_some() {
            // A new link replaces the set on show (the lab's own state is under it).
            self.apply(Action::Practice(PracticeAction::Stop))?;
        }
        let Some(scenario) = link.scenario else {
            return match start {
                Some(start) => self.apply(Action::Practice(start)).map(|()| true),
                // Only keys this lab does not know (a link escaped twice by a mail program, a
                // space before `v=1`): said, rather than nothing happening.
                None if !link.unknown.is_empty() => Err(Error::Field {
                    field: "link",
                    reason: crate::core::words::link_without_scenario(&link.unknown),
                }),
                None => Ok(false),
            };
        };
        self.apply(Action::LoadScenario(scenario))?;
        if let Some(start) = start {
            self.apply(Action::Practice(start))?;
            return Ok(true);
        }
        if !link.unknown.is_empty() {
            let notice =
                crate::core::words::link_keys_ignored(&self.session.status().notice, &link.unknown);
            self.apply(Action::Say(notice))?;
        }
        Ok(true)
    }
}
