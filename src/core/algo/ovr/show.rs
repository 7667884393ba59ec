//! One-vs-rest to the rest of the lab: a line per class, and its record's words.

use super::{OvrRecord, OvrTrainer};
use crate::core::algo::learner::{
    three, Algo, Described, Info, Kind, Learner, Outcome, RegionClass, RegionMap, Spoken, Visit,
};
use crate::core::algo::words::{class_name, rows_text};
use crate::core::algo::ClassData;
use crate::core::explain::Explanation;
use crate::core::numfmt::{num, point, vector};
use crate::core::scene::ClassLine;
use crate::core::{Dataset, Error, Settings, Setup};

impl RegionMap for OvrTrainer {
    fn class_at(&self, x: &[f64]) -> RegionClass {
        match self.cell(x) {
            (_, true) => RegionClass::Tied,
            (class, false) => RegionClass::Class(class),
        }
    }
}

impl Learner for OvrTrainer {
    /// A region per class.
    fn region_map(&self) -> Option<&dyn RegionMap> {
        Some(self)
    }
    /// The sample visited by each of the K one-vs-rest classifiers (14 units each).
    fn step_cost(&self, _n: usize, k: usize) -> u64 {
        14 * k.max(1) as u64
    }
    crate::scheduled_by!(run.settings, run.epochs);
    /// Updates summed over the K classifiers.
    fn updates(&self) -> u64 {
        self.classifier_updates.iter().sum()
    }
    fn predict_class(&self, _data: &Dataset, x: &[f64]) -> Option<usize> {
        Some(self.predict(x))
    }
    fn rows(&self) -> Option<&[Vec<f64>]> {
        Some(self.weights())
    }
    fn class_lines(&self) -> Vec<ClassLine> {
        self.weights()
            .iter()
            .enumerate()
            .map(|(k, w)| ClassLine {
                weights: three(w),
                class: k,
                other: None,
                label: format!("{k} vs rest"),
            })
            .collect()
    }
    fn weights_text(&self, _data: &Dataset) -> String {
        rows_text(self.weights(), |k| format!("W{k}"))
    }
    fn weights_label(&self) -> &'static str {
        "W: a row per class, bias first"
    }
    fn describe_model(&self, _data: &Dataset, names: &[String]) -> String {
        let lines = self
            .weights()
            .iter()
            .enumerate()
            .map(|(k, w)| {
                format!(
                    "class {} against the rest: {}",
                    class_name(names, k),
                    crate::core::speech::equation(three(w))
                )
            })
            .collect::<Vec<_>>()
            .join("; ");
        format!(
            "One-vs-rest: one line per class, {lines}. A point goes to the class with the highest score; the regions show where each class wins."
        )
    }
}

impl Algo for OvrTrainer {
    type Record = OvrRecord;
    const INFO: Info = Info {
        name: "ovr",
        title: "One-vs-rest",
        kind: Kind::Multiclass,
        params: &[],
        examples: &[],
    };
    fn create(setup: &Setup, settings: Settings, dim: usize) -> Result<Self, Error> {
        OvrTrainer::new(settings, dim, setup.classes)
    }
    fn step(&mut self, _data: &Dataset, classes: &ClassData) -> Outcome<OvrRecord> {
        OvrTrainer::step(self, classes)
    }
}

impl Visit for OvrRecord {
    crate::visit_fields!("ovr", mistake);
    fn margin(&self) -> Option<f64> {
        crate::core::audio::lead(&self.scores, self.class)
    }

    fn spoken(&self, names: &[String]) -> Spoken {
        let r = self;
        let name = |c: usize| class_name(names, c);
        let wrong: Vec<usize> = (0..r.mistakes.len()).filter(|&k| r.mistakes[k]).collect();
        let verdict = match wrong.len() {
            0 => "every classifier correct".to_string(),
            1 => "1 classifier wrong".to_string(),
            n => format!("{n} classifiers wrong"),
        };
        Spoken {
            full: format!(
                "sample {} at {}, class {}, scores {}, {verdict}",
                r.index,
                point(&r.x),
                name(r.class),
                vector(&r.scores)
            ),
            brief: format!("sample {}, {verdict}", r.index),
            change: (!wrong.is_empty()).then(|| {
                wrong
                    .iter()
                    .map(|&k| {
                        format!(
                            "the row of class {} becomes {}",
                            name(k),
                            vector(&r.weights_after[k])
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(" and ")
            }),
        }
    }
    fn describe(&self, _settings: &Settings, names: &[String]) -> Described {
        let r = self;
        let name = |c: usize| class_name(names, c);
        let updated: Vec<usize> = (0..r.mistakes.len()).filter(|&k| r.mistakes[k]).collect();
        let update = if updated.is_empty() {
            "none".to_string()
        } else {
            updated
                .iter()
                .map(|&k| {
                    format!(
                        "W{k} {}= η·f(x) → {}",
                        if k == r.class { "+" } else { "−" },
                        vector(&r.weights_after[k])
                    )
                })
                .collect::<Vec<_>>()
                .join("; ")
        };
        let checks = r
            .scores
            .iter()
            .enumerate()
            .map(|(k, s)| {
                let y = if k == r.class { 1.0 } else { -1.0 };
                format!(
                    "{}: y·s = {} {}",
                    name(k),
                    num(y * s),
                    if r.mistakes[k] { "✗" } else { "✓" }
                )
            })
            .collect::<Vec<_>>()
            .join(", ");
        Described {
            sample: format!("#{} {}, class {}", r.index, point(&r.x), name(r.class)),
            score: vector(&r.scores),
            outcome: if r.mistake {
                format!("{} classifier(s) wrong → {update}", updated.len())
            } else {
                "every classifier correct, no update".to_string()
            },
            explanation: Explanation {
                title: format!(
                    "Step {}: sample #{} {}, class {}: classifier k sees +1 for class k, −1 otherwise",
                    r.step,
                    r.index,
                    point(&r.x),
                    name(r.class)
                ),
                weights: rows_text(&r.weights_before, |k| format!("W{k}")),
                score: format!("s_k = W_k·f(x) = {}", vector(&r.scores)),
                check: checks,
                update: if r.mistake {
                    update.clone()
                } else {
                    "no update".to_string()
                },
            },
            row_weights: rows_text(&r.weights_before, |k| format!("W{k}")),
            row_score: format!("s = {}", vector(&r.scores)),
            row_update: update,
        }
    }
}
