//! One-vs-one to the rest of the lab: a line per pair, and its record's words.

use super::{OvoRecord, OvoTrainer};
use crate::core::algo::learner::{
    three, Algo, Described, Info, Kind, Learner, Outcome, RegionClass, RegionMap, Spoken, Visit,
};
use crate::core::algo::words::{class_name, rows_text};
use crate::core::algo::ClassData;
use crate::core::explain::Explanation;
use crate::core::numfmt::{point, vector};
use crate::core::scene::ClassLine;
use crate::core::{Dataset, Error, Settings, Setup};

impl RegionMap for OvoTrainer {
    fn class_at(&self, x: &[f64]) -> RegionClass {
        match self.winner(x) {
            (_, true) => RegionClass::Tied,
            (winner, false) => RegionClass::Class(winner),
        }
    }
}

impl Learner for OvoTrainer {
    /// A region per class.
    fn region_map(&self) -> Option<&dyn RegionMap> {
        Some(self)
    }
    /// The sample scored by each of the K(K−1)/2 pairwise classifiers for the vote (32 units
    /// each).
    fn step_cost(&self, _n: usize, k: usize) -> u64 {
        32 * (k * k.saturating_sub(1) / 2).max(1) as u64
    }
    crate::scheduled_by!(run.settings, run.epochs);
    /// Updates summed over the pairs.
    fn updates(&self) -> u64 {
        self.pair_updates.iter().sum()
    }
    fn predict_class(&self, _data: &Dataset, x: &[f64]) -> Option<usize> {
        Some(self.predict(x))
    }
    fn rows(&self) -> Option<&[Vec<f64>]> {
        Some(self.weights())
    }
    /// One line per pair, in the colour of its positive class j dashed with that of class i.
    fn class_lines(&self) -> Vec<ClassLine> {
        self.pairs()
            .iter()
            .zip(self.weights())
            .map(|(&(i, j), w)| ClassLine {
                weights: three(w),
                class: j,
                other: Some(i),
                label: format!("{i}|{j}"),
            })
            .collect()
    }
    fn weights_text(&self, _data: &Dataset) -> String {
        let pairs = self.pairs().to_vec();
        rows_text(self.weights(), |p| {
            let (i, j) = pairs[p];
            format!("W{i}|{j}")
        })
    }
    fn weights_label(&self) -> &'static str {
        "W: a row per pair, bias first"
    }
    fn describe_model(&self, _data: &Dataset, names: &[String]) -> String {
        let lines = self
            .pairs()
            .iter()
            .zip(self.weights())
            .map(|(&(i, j), w)| {
                format!(
                    "{} against {}: {}",
                    class_name(names, j),
                    class_name(names, i),
                    crate::core::speech::equation(three(w))
                )
            })
            .collect::<Vec<_>>()
            .join("; ");
        format!(
            "One-vs-one: one line per pair of classes, {lines}. Each line votes for one of its two classes; the class with the most votes wins (a tie goes to the lowest class), and the regions show where each class wins."
        )
    }
}

impl Algo for OvoTrainer {
    type Record = OvoRecord;
    const INFO: Info = Info {
        name: "ovo",
        title: "One-vs-one",
        kind: Kind::Multiclass,
        params: &[],
        examples: &[],
    };
    fn create(setup: &Setup, settings: Settings, dim: usize) -> Result<Self, Error> {
        OvoTrainer::new(settings, dim, setup.classes)
    }
    fn step(&mut self, _data: &Dataset, classes: &ClassData) -> Outcome<OvoRecord> {
        OvoTrainer::step(self, classes)
    }
}

impl Visit for OvoRecord {
    crate::visit_fields!("ovo", mistake);
    /// The true class's votes minus the best other class's.
    fn margin(&self) -> Option<f64> {
        let votes: Vec<f64> = self.votes.iter().map(|&v| v as f64).collect();
        crate::core::audio::lead(&votes, self.class)
    }

    fn spoken(&self, names: &[String]) -> Spoken {
        let r = self;
        let name = |c: usize| class_name(names, c);
        let votes = vector(&r.votes.iter().map(|&v| v as f64).collect::<Vec<_>>());
        let verdict = match r.updated.len() {
            0 => "every pair correct".to_string(),
            1 => "1 pair wrong".to_string(),
            n => format!("{n} pairs wrong"),
        };
        Spoken {
            full: format!(
                "sample {} at {}, class {}, votes {votes} for class {}, {verdict}",
                r.index,
                point(&r.x),
                name(r.class),
                name(r.predicted)
            ),
            brief: format!("sample {}, {verdict}", r.index),
            change: r.mistake.then(|| {
                let pairs = r
                    .updated
                    .iter()
                    .map(|(i, j)| format!("{}|{}", name(*i), name(*j)))
                    .collect::<Vec<_>>()
                    .join(", ");
                format!("the lines of the pairs {pairs} move")
            }),
        }
    }
    fn describe(&self, _settings: &Settings, names: &[String]) -> Described {
        let r = self;
        let name = |c: usize| class_name(names, c);
        let update = if r.updated.is_empty() {
            "none".to_string()
        } else {
            r.updated
                .iter()
                .map(|(i, j)| format!("W{i}|{j}"))
                .collect::<Vec<_>>()
                .join(", ")
                + " += η·y·f(x)"
        };
        let visited = r
            .visited
            .iter()
            .map(|(i, j)| format!("{i}|{j}"))
            .collect::<Vec<_>>()
            .join(", ");
        let votes = vector(&r.votes.iter().map(|&v| v as f64).collect::<Vec<_>>());
        Described {
            sample: format!("#{} {}, class {}", r.index, point(&r.x), name(r.class)),
            score: format!("votes {votes}"),
            outcome: if r.mistake {
                format!("{} pair(s) wrong → {update}", r.updated.len())
            } else {
                "every pair correct, no update".to_string()
            },
            explanation: Explanation {
                title: format!(
                    "Step {}: sample #{} {}, class {}: the pairs with class {} ({visited})",
                    r.step,
                    r.index,
                    point(&r.x),
                    name(r.class),
                    name(r.class)
                ),
                weights: format!("{} pairs (i|j: class j is +1)", r.weights_before.len()),
                score: format!(
                    "pair scores {}; votes {votes} → {}{}",
                    vector(&r.scores),
                    name(r.predicted),
                    if r.tied { " (tied: lowest class)" } else { "" }
                ),
                check: if r.mistake {
                    format!(
                        "{} of {} pairs wrong → update them",
                        r.updated.len(),
                        r.visited.len()
                    )
                } else {
                    format!("all {} pairs correct", r.visited.len())
                },
                update: if r.mistake {
                    update.clone()
                } else {
                    "no update".to_string()
                },
            },
            row_weights: format!("{} pairs", r.weights_before.len()),
            row_score: format!("votes {votes}"),
            row_update: update,
        }
    }
}
