//! The progress bar of a long run: on standard error, only when it is a terminal, only once
//! the run has taken [`LONG`], and not while the step table itself streams to a terminal (the
//! two would tear each other's lines); piped or redirected, nothing at all is written.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// A run that has gone on this long gets a progress bar (on a terminal).
pub const LONG: Duration = Duration::from_secs(1);

/// How many steps pass between two looks at the clock.
pub const EVERY: u64 = 64;

/// Whether a bar is shown: standard error is a terminal, the steps are not streaming to a
/// terminal at the same time (`rows_on_terminal`), and the run has taken `elapsed` ≥ [`LONG`].
pub fn wanted(stderr_is_terminal: bool, rows_on_terminal: bool, elapsed: Duration) -> bool {
    stderr_is_terminal && !rows_on_terminal && elapsed >= LONG
}

/// The bar of one run: the samples of the current epoch, with the epoch and the step count.
pub struct Progress {
    terminal: bool,
    rows_on_terminal: bool,
    start: Instant,
    samples: u64,
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A run over `samples` points per epoch, starting now; `rows` says whether a row is
    /// printed per step.
    pub fn new(samples: usize, rows: bool) -> Progress {
        Progress {
            terminal: std::io::stderr().is_terminal(),
            rows_on_terminal: rows && std::io::stdout().is_terminal(),
            start: Instant::now(),
            samples: samples.max(1) as u64,
            bar: None,
        }
    }

    /// Step `step` (1-based) of epoch `epoch` visited sample `index` (1-based; `None` for a
    /// batch epoch, which visits them all).
    pub fn step(&mut self, step: u64, epoch: u64, index: Option<usize>) {
        if step % EVERY != 0 {
            return;
        }
        if self.bar.is_none() {
            if !wanted(self.terminal, self.rows_on_terminal, self.start.elapsed()) {
                return;
            }
            let bar =
                ProgressBar::with_draw_target(Some(self.samples), ProgressDrawTarget::stderr());
            if let Ok(style) = ProgressStyle::with_template(
                "{elapsed_precise} [{wide_bar}] sample {pos}/{len} · {msg}",
            ) {
                bar.set_style(style.progress_chars("=> "));
            }
            self.bar = Some(bar);
        }
        if let Some(bar) = &self.bar {
            bar.set_message(format!("epoch {epoch}, step {step}"));
            bar.set_position(index.map_or(self.samples, |i| i as u64));
        }
    }

    /// Takes the bar off the terminal (before the summary or an error is printed).
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bar_only_on_a_terminal_and_only_for_a_long_run() {
        assert!(wanted(true, false, LONG));
        assert!(wanted(true, false, LONG * 300));
        assert!(!wanted(true, false, LONG / 2));
        assert!(!wanted(true, false, Duration::ZERO));
        assert!(!wanted(false, false, LONG * 300));
        assert!(!wanted(false, false, LONG));
        // The step table streaming to the terminal: no bar to tear its lines.
        assert!(!wanted(true, true, LONG * 300));
    }

    #[test]
    fn piped_the_bar_is_never_made() {
        // Tests run with standard error captured or piped: however long the run, no bar.
        let mut p = Progress {
            terminal: false,
            rows_on_terminal: false,
            start: Instant::now()
                .checked_sub(LONG * 10)
                .unwrap_or_else(Instant::now),
            samples: 10,
            bar: None,
        };
        for step in 1..=1000 {
            p.step(step, step / 10 + 1, Some((step % 10) as usize + 1));
        }
        assert!(p.bar.is_none());
        let mut q = Progress {
            terminal: true,
            ..p
        };
        q.step(EVERY, 1, Some(1));
        assert!(q.bar.is_some(), "a long run on a terminal gets its bar");
        q.finish();
        assert!(q.bar.is_none());
    }
}
