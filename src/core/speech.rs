//! What the lab says aloud: the verbosity setting, the pacing of announcements during Play, and
//! wording shared by every algorithm's spoken description (the boundary in words, how it
//! turned, the true minus sign).
//!
//! Each algorithm words its own step ([`Visit::spoken`](crate::core::Visit::spoken)) and its
//! own model ([`Learner::describe_model`](crate::core::Learner::describe_model)); the session
//! puts the sentences together ([`Session::announcement`](crate::core::Session::announcement),
//! [`Session::plot_description`](crate::core::Session::plot_description)), and the page writes
//! them into one polite live region, paced by an [`Announcer`].

use crate::core::i18n::t;
use crate::core::numfmt::num;
use crate::core::Error;

/// How much the live region says: nothing about steps, a short sentence, or everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Verbosity {
    /// Steps are not announced; refusals, messages and the verdict still are.
    Off,
    /// One short sentence per step: its number, the sample, mistake or not, the wrong count.
    Brief,
    /// The whole sentence: the sample, its score, the new weights, how the boundary moved.
    #[default]
    Full,
}

impl Verbosity {
    /// Every level, in the order the setting lists them.
    pub const ALL: [Verbosity; 3] = [Verbosity::Off, Verbosity::Brief, Verbosity::Full];

    /// The level's name in the setting and in storage: `off`, `brief` or `full`.
    pub fn name(self) -> &'static str {
        match self {
            Verbosity::Off => "off",
            Verbosity::Brief => "brief",
            Verbosity::Full => "full",
        }
    }

    /// Reads a name as [`Verbosity::name`] writes it (in any case).
    pub fn parse(text: &str) -> Result<Verbosity, Error> {
        let text = text.trim().to_ascii_lowercase();
        Verbosity::ALL
            .into_iter()
            .find(|v| v.name() == text)
            .ok_or_else(|| Error::Field {
                field: "verbosity",
                reason: format!("{text:?} is not one of off, brief, full"),
            })
    }
}

/// Whether an announcement may wait: a step during Play may be dropped (at most one every
/// [`PLAY_GAP_MS`]); everything else is said at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Priority {
    /// A step taken by Play, neither ending an epoch nor ending training.
    Step,
    /// Anything else: a step by hand, an epoch end, the verdict, Back, a refusal, a message.
    Now,
}

/// During Play, ordinary steps are announced at most once in this many milliseconds.
pub const PLAY_GAP_MS: f64 = 2000.0;

/// Paces the announcements: each new utterance (by its sequence number) is said once, steps
/// during Play at most every [`PLAY_GAP_MS`], epoch ends, the verdict and everything not
/// played at once.
#[derive(Debug, Clone, Default)]
pub struct Announcer {
    seen: Option<u64>,
    last_ms: Option<f64>,
}

impl Announcer {
    /// Marks utterance `seq` as decided without saying it (a course page's labs set themselves
    /// up silently).
    pub fn pass(&mut self, seq: u64) {
        self.seen = Some(seq);
    }

    /// Whether utterance `seq` of `priority` is to be said at time `now_ms`; each sequence
    /// number is decided once (a step dropped during Play stays dropped).
    pub fn admit(&mut self, seq: u64, priority: Priority, now_ms: f64) -> bool {
        if self.seen == Some(seq) {
            return false;
        }
        self.seen = Some(seq);
        let due = match (priority, self.last_ms) {
            (Priority::Now, _) | (_, None) => true,
            // A clock that went back (a new page time origin) does not silence the lab.
            (Priority::Step, Some(last)) => now_ms - last >= PLAY_GAP_MS || now_ms < last,
        };
        if due {
            self.last_ms = Some(now_ms);
        }
        due
    }
}

/// `text` with the hyphen of every negative number written as the minus sign `−` (U+2212),
/// which screen readers say as "minus"; hyphens inside words and exponents (`Iris-setosa`,
/// `1e-5`) stay.
pub fn minus(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    chars
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let before = i.checked_sub(1).and_then(|j| chars.get(j));
            let after = chars.get(i + 1);
            let number_follows = after.is_some_and(|a| a.is_ascii_digit() || *a == '.');
            let word_before = before.is_some_and(|b| b.is_alphanumeric() || *b == '_');
            if c == '-' && number_follows && !word_before {
                '−'
            } else {
                c
            }
        })
        .collect()
}

/// A line `w0 + w1·x1 + w2·x2 = 0` in words: its equation, its slope as an angle, where it
/// crosses the axes, and which way `w` points (the side its positive class lies on).
/// `name` names the weights (`w`, `w̄`).
pub fn line_words(w: [f64; 3], name: &str) -> String {
    let [b, w1, w2] = w;
    if w1 == 0.0 && w2 == 0.0 {
        return format!(
            "There is no boundary yet: {name}1 = {name}2 = 0, so every point scores {}.",
            num(b)
        );
    }
    let equation = equation(w);
    // Slopes and crossings of huge weights may lie beyond a double (`-b / w2` with b near
    // 1.8e308 and w2 = 0.5): those read "over 1.8e308" or "below -1.8e308", after "at" or "=".
    let shape = if w2 == 0.0 {
        format!("the vertical line {}", at("x1", -b / w1))
    } else if w1 == 0.0 {
        format!("the horizontal line {}", at("x2", -b / w2))
    } else {
        let slope = -w1 / w2;
        let intercept = -b / w2;
        let angle = slope.atan().to_degrees();
        let line = if slope.is_finite() && intercept.is_finite() {
            format!("x2 = {}", affine(slope, intercept))
        } else {
            format!(
                "x2 = a·x1 + c with {} and {}",
                is("a", slope),
                is("c", intercept)
            )
        };
        format!(
            "{line}; it {} at {}°",
            if slope > 0.0 { "rises" } else { "falls" },
            num(angle.abs().round())
        )
    };
    let crossings = if b == 0.0 {
        "it passes through the origin".to_string()
    } else {
        let mut parts = Vec::new();
        if w1 != 0.0 {
            parts.push(format!("the x1 axis {}", at("", -b / w1)));
        }
        if w2 != 0.0 {
            parts.push(format!("the x2 axis {}", at("", -b / w2)));
        }
        format!("it crosses {}", parts.join(" and "))
    };
    format!(
        "The boundary is {equation}, that is {shape}; {crossings}. {name} points {} ({}°), towards class +1.",
        compass(w1, w2),
        num(w2.atan2(w1).to_degrees().round() + 0.0)
    )
}

/// `w1·x1 + w2·x2 + w0 = 0` with the terms that are zero left out.
pub fn equation(w: [f64; 3]) -> String {
    let mut text = String::new();
    for (v, var) in [(w[1], "x1"), (w[2], "x2"), (w[0], "")] {
        if v == 0.0 {
            continue;
        }
        // `x1` rather than `1·x1`; the constant keeps its 1.
        let term = |a: f64| match (a == 1.0, var.is_empty()) {
            (true, false) => var.to_string(),
            (_, true) => num(a),
            _ => format!("{}·{var}", num(a)),
        };
        if text.is_empty() {
            text = if v < 0.0 {
                format!("−{}", term(-v))
            } else {
                term(v)
            };
        } else if v < 0.0 {
            text.push_str(&format!(" − {}", term(-v)));
        } else {
            text.push_str(&format!(" + {}", term(v)));
        }
    }
    if text.is_empty() {
        text = "0".to_string();
    }
    format!("{text} = 0")
}

/// `name = v` (`x1 = 3`), or where `v` lies beyond a double, `at name over 1.8e308`; with no
/// name, `at 3` or `over 1.8e308`.
fn at(name: &str, v: f64) -> String {
    match (v.is_finite(), name.is_empty()) {
        (true, true) => format!("at {}", num(v)),
        (true, false) => format!("{name} = {}", num(v)),
        (false, true) => num(v),
        (false, false) => format!("at {name} {}", num(v)),
    }
}

/// `a = 3`, or `a over 1.8e308` where `v` lies beyond a double.
fn is(name: &str, v: f64) -> String {
    if v.is_finite() {
        format!("{name} = {}", num(v))
    } else {
        format!("{name} {}", num(v))
    }
}

/// `a·x1 + c` as text.
fn affine(a: f64, c: f64) -> String {
    let slope = if a == 1.0 {
        "x1".to_string()
    } else if a == -1.0 {
        "−x1".to_string()
    } else {
        format!("{}·x1", num(a))
    };
    if c == 0.0 {
        slope
    } else if c < 0.0 {
        format!("{slope} − {}", num(-c))
    } else {
        format!("{slope} + {}", num(c))
    }
}

/// Which way a vector points, in words: `right and up`, `left`, ….
fn compass(x: f64, y: f64) -> &'static str {
    let angle = y.atan2(x).to_degrees();
    match angle {
        a if (-22.5..22.5).contains(&a) => "right",
        a if (22.5..67.5).contains(&a) => "right and up",
        a if (67.5..112.5).contains(&a) => "up",
        a if (112.5..157.5).contains(&a) => "left and up",
        a if (-67.5..-22.5).contains(&a) => "right and down",
        a if (-112.5..-67.5).contains(&a) => "down",
        a if (-157.5..-112.5).contains(&a) => "left and down",
        _ => "left",
    }
}

/// How a boundary moved from `before` to `after` (`[b, w1, w2]`): it appeared, vanished,
/// turned by so many degrees (anticlockwise is positive), flipped, or kept its direction and
/// shifted; `None` when it did not move.
pub fn turn_words(before: [f64; 3], after: [f64; 3]) -> Option<String> {
    if before == after {
        return None;
    }
    let none = |w: [f64; 3]| w[1] == 0.0 && w[2] == 0.0;
    match (none(before), none(after)) {
        (true, true) => return None,
        (true, false) => return Some(t!("boundary-appears")),
        (false, true) => return Some(t!("boundary-vanishes")),
        (false, false) => {}
    }
    let turn = (after[2].atan2(after[1]) - before[2].atan2(before[1])).to_degrees();
    // Into (−180, 180].
    let turn = if turn > 180.0 {
        turn - 360.0
    } else if turn <= -180.0 {
        turn + 360.0
    } else {
        turn
    };
    let degrees = turn.abs().round();
    Some(if degrees == 0.0 {
        t!("boundary-shifts")
    } else if degrees == 180.0 {
        t!("boundary-flips")
    } else {
        let way = if turn > 0.0 {
            "anticlockwise"
        } else {
            "clockwise"
        };
        t!("boundary-turns", degrees = num(degrees), way = way)
    })
}

/// `#1, #2 and #3` (1-based), the first `keep` of them and how many more.
pub fn which(indices: &[usize], keep: usize) -> String {
    let names: Vec<String> = indices
        .iter()
        .take(keep)
        .map(|i| format!("#{}", i + 1))
        .collect();
    let more = indices.len().saturating_sub(keep);
    match (names.len(), more) {
        (0, _) => String::new(),
        (1, 0) => names[0].clone(),
        (_, 0) => format!(
            "{} and {}",
            names[..names.len() - 1].join(", "),
            names[names.len() - 1]
        ),
        _ => format!("{} and {more} more", names.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minus_marks_numbers_only() {
        assert_eq!(minus("w = [-1, 0.5, -0.25]"), "w = [−1, 0.5, −0.25]");
        assert_eq!(
            minus("class -1 of Iris-setosa, 1e-5"),
            "class −1 of Iris-setosa, 1e-5"
        );
        assert_eq!(minus("x1 - 2 = 0"), "x1 - 2 = 0");
    }

    #[test]
    fn announcer_paces_play_steps_only() {
        let mut a = Announcer::default();
        assert!(a.admit(1, Priority::Step, 0.0));
        assert!(!a.admit(1, Priority::Now, 10.0), "each utterance once");
        assert!(!a.admit(2, Priority::Step, 500.0));
        assert!(
            a.admit(3, Priority::Now, 600.0),
            "epoch ends and verdicts pass"
        );
        assert!(
            !a.admit(4, Priority::Step, 2500.0),
            "the gap counts from the last said"
        );
        assert!(a.admit(5, Priority::Step, 2600.0));
        a.pass(6);
        assert!(
            !a.admit(6, Priority::Now, 2700.0),
            "passed over: never said"
        );
        assert!(a.admit(7, Priority::Now, 2700.0));
    }

    #[test]
    fn turns_and_lines() {
        assert_eq!(
            turn_words([0.0, 3.0, 2.0], [-1.0, 1.0, -1.0]).as_deref(),
            Some("the boundary turns 79° clockwise")
        );
        assert_eq!(
            turn_words([-1.0, 0.0, 0.0], [0.0, 3.0, 2.0]).as_deref(),
            Some("the boundary appears")
        );
        assert_eq!(
            line_words([-1.0, 1.0, -1.0], "w"),
            "The boundary is x1 − x2 − 1 = 0, that is x2 = x1 − 1; it rises at 45°; it crosses the x1 axis at 1 and the x2 axis at -1. w points right and down (-45°), towards class +1."
        );
        assert_eq!(equation([2.0, -1.0, 0.5]), "−x1 + 0.5·x2 + 2 = 0");
        assert_eq!(equation([-1.5, 0.0, -2.0]), "−2·x2 − 1.5 = 0");
        assert_eq!(which(&[0, 2, 4], 5), "#1, #3 and #5");
        assert_eq!(which(&[0, 2, 4], 2), "#1, #3 and 1 more");
    }

    /// Issue 38's links `i=-1.7976931348623157e308,1.7976931348623157e308,0.5` and
    /// `i=1e308,0,1e-299`: slopes and crossings beyond a double read in words, never `inf`.
    #[test]
    fn lines_of_huge_weights_read_in_words() {
        let max = f64::MAX;
        assert_eq!(
            line_words([-max, max, 0.5], "w"),
            "The boundary is 1.798e308·x1 + 0.5·x2 − 1.798e308 = 0, that is x2 = a·x1 + c with a below -1.8e308 and c over 1.8e308; it falls at 90°; it crosses the x1 axis at 1 and the x2 axis over 1.8e308. w points right (0°), towards class +1."
        );
        assert_eq!(
            line_words([1e308, 0.0, 1e-299], "w"),
            "The boundary is 1.000e-299·x2 + 1.000e308 = 0, that is the horizontal line at x2 below -1.8e308; it crosses the x2 axis below -1.8e308. w points up (90°), towards class +1."
        );
        assert_eq!(
            line_words([max, -1e-300, 0.0], "w"),
            "The boundary is −1.000e-300·x1 + 1.798e308 = 0, that is the vertical line at x1 over 1.8e308; it crosses the x1 axis over 1.8e308. w points left (180°), towards class +1."
        );
    }
}
