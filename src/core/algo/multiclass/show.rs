//! The multiclass perceptron to the rest of the lab: a row per class, an arrow per row, and its
//! record's words (seed 000's worked example).

use super::{MulticlassRecord, MulticlassTrainer};
use crate::core::algo::learner::{
    three, Algo, Described, Info, Kind, Learner, Outcome, RegionClass, RegionMap, Spoken, Visit,
};
use crate::core::algo::words::{class_name, features, rows_text};
use crate::core::algo::ClassData;
use crate::core::explain::Explanation;
use crate::core::numfmt::{point, vector};
use crate::core::{Dataset, Error, Settings, Setup};

impl RegionMap for MulticlassTrainer {
    fn class_at(&self, x: &[f64]) -> RegionClass {
        RegionClass::Class(self.predict(x))
    }
}

impl Learner for MulticlassTrainer {
    /// A region per class.
    fn region_map(&self) -> Option<&dyn RegionMap> {
        Some(self)
    }
    /// The sample scored by each of the K rows, the argmax and the record (9 units a row).
    fn step_cost(&self, _n: usize, k: usize) -> u64 {
        9 * k.max(1) as u64
    }
    crate::scheduled_by!(run.settings, run.epochs);
    fn predict_class(&self, _data: &Dataset, x: &[f64]) -> Option<usize> {
        Some(self.predict(x))
    }
    fn rows(&self) -> Option<&[Vec<f64>]> {
        Some(self.weights())
    }
    fn class_arrows(&self) -> Vec<(usize, [f64; 3])> {
        self.weights()
            .iter()
            .enumerate()
            .map(|(k, w)| (k, three(w)))
            .collect()
    }
    fn weights_text(&self, _data: &Dataset) -> String {
        rows_text(self.weights(), |k| format!("W{k}"))
    }
    fn weights_label(&self) -> &'static str {
        "W: a row per class, bias first"
    }
    fn describe_model(&self, _data: &Dataset, names: &[String]) -> String {
        let rows = self
            .weights()
            .iter()
            .enumerate()
            .map(|(k, w)| format!("class {} {}", class_name(names, k), vector(w)))
            .collect::<Vec<_>>()
            .join(", ");
        format!(
            "{} classes, one weight row each (bias first): {rows}. A point goes to the class whose row scores highest, so the plane is split into one region per class.",
            self.weights().len()
        )
    }
}

impl Algo for MulticlassTrainer {
    type Record = MulticlassRecord;
    const INFO: Info = Info {
        name: "multiclass",
        title: "Multiclass perceptron",
        kind: Kind::Multiclass,
        params: &[],
        examples: &[],
    };
    fn create(setup: &Setup, settings: Settings, dim: usize) -> Result<Self, Error> {
        match &setup.rows {
            // One row per class: rows for another K contradict the K given (issue #16).
            Some(rows) if rows.len() != setup.classes => Err(Error::Field {
                field: "rows",
                reason: format!(
                    "{} initial rows given for {} classes: give one row per class",
                    rows.len(),
                    setup.classes
                ),
            }),
            Some(rows) => MulticlassTrainer::with_initial_rows(settings, dim, rows.clone()),
            None => MulticlassTrainer::new(settings, dim, setup.classes),
        }
    }
    fn step(&mut self, _data: &Dataset, classes: &ClassData) -> Outcome<MulticlassRecord> {
        MulticlassTrainer::step(self, classes)
    }
}

impl Visit for MulticlassRecord {
    crate::visit_fields!("multiclass", mistake);
    fn margin(&self) -> Option<f64> {
        crate::core::audio::lead(&self.scores, self.class)
    }

    fn spoken(&self, names: &[String]) -> Spoken {
        let r = self;
        let name = |c: usize| class_name(names, c);
        let verdict = if r.mistake {
            format!("predicted class {}, a mistake", name(r.predicted))
        } else {
            "predicted correctly".to_string()
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
            change: r.mistake.then(|| {
                format!(
                    "the row of class {} becomes {} and the row of class {} becomes {}",
                    name(r.class),
                    vector(&r.weights_after[r.class]),
                    name(r.predicted),
                    vector(&r.weights_after[r.predicted])
                )
            }),
        }
    }
    fn describe(&self, settings: &Settings, names: &[String]) -> Described {
        let r = self;
        let bias = settings.bias;
        let name = |c: usize| class_name(names, c);
        let f = features(&r.x, bias);
        let rows = |w: &[Vec<f64>]| rows_text(w, |k| format!("W{k}"));
        let update = if r.mistake {
            format!(
                "W{y} += η·f(x) → {}; W{p} −= η·f(x) → {}",
                vector(&r.weights_after[r.class]),
                vector(&r.weights_after[r.predicted]),
                y = r.class,
                p = r.predicted
            )
        } else {
            "none".to_string()
        };
        Described {
            sample: format!("#{} {}, class {}", r.index, point(&r.x), name(r.class)),
            score: vector(&r.scores),
            outcome: if r.mistake {
                format!("mistake (predicted {}) → {update}", name(r.predicted))
            } else {
                "correct, no update".to_string()
            },
            explanation: Explanation {
                title: format!(
                    "Step {}: sample #{} {}, class {}",
                    r.step,
                    r.index,
                    point(&r.x),
                    name(r.class)
                ),
                weights: rows(&r.weights_before),
                score: format!(
                    "s = W·f(x) = {} with f(x) = {} (bias feature first)",
                    vector(&r.scores),
                    vector(&f)
                ),
                check: if r.mistake {
                    format!(
                        "ŷ = argmax s = {} ≠ y = {} → mistake",
                        name(r.predicted),
                        name(r.class)
                    )
                } else {
                    format!("ŷ = argmax s = {} = y → correct", name(r.predicted))
                },
                update: if r.mistake {
                    let course = |w: &[f64]| {
                        let mut v = w[1..].to_vec();
                        v.push(w[0]);
                        vector(&v)
                    };
                    format!(
                        "W{y} ← W{y} + η·f(x) = {}; W{p} ← W{p} − η·f(x) = {}; the other rows stay{}",
                        vector(&r.weights_after[r.class]),
                        vector(&r.weights_after[r.predicted]),
                        if bias {
                            format!(
                                " (in the course's order [w1, w2, b]: W{p} = {}, W{y} = {})",
                                course(&r.weights_after[r.predicted]),
                                course(&r.weights_after[r.class]),
                                p = r.predicted,
                                y = r.class,
                            )
                        } else {
                            String::new()
                        },
                        y = r.class,
                        p = r.predicted
                    )
                } else {
                    "no update".to_string()
                },
            },
            row_weights: rows(&r.weights_before),
            row_score: format!("s = {}, ŷ = {}", vector(&r.scores), name(r.predicted)),
            row_update: update,
        }
    }
}
