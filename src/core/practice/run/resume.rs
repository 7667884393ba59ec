//! Saving a student's progress and resuming it: the set started again with their seed, and
//! what they did done again (see [`Saved`]).

use super::*;

impl PracticeRun {
    /// Whole seconds from the start of the set to `now` (0 for a time before it, or none).
    pub(super) fn since_start(&self, now: f64) -> u32 {
        let t = (now - self.started).round();
        if t.is_finite() && t > 0.0 {
            t.min(f64::from(u32::MAX)) as u32
        } else {
            0
        }
    }

    /// The student's progress: their seed and what they did, to resume another time.
    pub fn saved(&self) -> Saved {
        Saved::new(&self.composed, self.student_seed, self.log.clone())
    }

    /// Starts `set` again where `saved` left it: with the student's seed, every answer and
    /// "next" done again (at the times they were, so that the set's seconds go on from there),
    /// the question on show at `now`. Refuses progress made in another set, or that this set
    /// does not take, and then nothing starts.
    pub fn resume(
        set: &ExerciseSet,
        saved: &Saved,
        shown: &Dataset,
        now: f64,
    ) -> Result<PracticeRun, Error> {
        if !saved.is_of(set) {
            return Err(refuse(
                "This saved progress is of another exercise set: the set starts from its first question.",
            ));
        }
        let start = now - f64::from(saved.last_seconds());
        let mut run = PracticeRun::start(set, saved.seed, shown, start)?;
        let cannot = |why: String| {
            refuse(format!(
                "The saved progress does not fit this set ({why}): the set starts from its first question."
            ))
        };
        for logged in &saved.log {
            match logged {
                Logged::Answer(response, t) => {
                    run.answer(response.clone(), start + f64::from(*t))
                        .map_err(cannot)?;
                }
                Logged::Next(t) => run.next(start + f64::from(*t)).map_err(cannot)?,
            }
        }
        // The question on show was shown now, as far as its own time goes.
        if let Some(c) = run.current.as_mut() {
            if c.feedback.is_empty() {
                c.shown_at = now;
            }
        }
        Ok(run)
    }
}
