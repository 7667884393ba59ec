//! The kernel perceptron to the rest of the lab: α per sample, its record's words, the points
//! drawn by the size of their α, and the history it can afford (a run copies α per entry).

use super::{Kernel, KernelRecord, KernelTrainer};
use crate::core::algo::learner::{
    bits, sign_class, three, Algo, Described, DualForm, Info, Kind, Learner, Outcome, Spoken, Visit,
};
use crate::core::algo::perceptron::sign;
use crate::core::algo::words::shorten;
use crate::core::algo::ClassData;
use crate::core::explain::Explanation;
use crate::core::numfmt::{num, point, vector};
use crate::core::{Dataset, Error, Settings, Setup};

impl DualForm for KernelTrainer {
    fn kernel(&self) -> Kernel {
        KernelTrainer::kernel(self)
    }
    fn alphas(&self) -> &[f64] {
        KernelTrainer::alphas(self)
    }
    fn bias(&self) -> f64 {
        KernelTrainer::bias(self)
    }
    fn support(&self) -> Vec<usize> {
        KernelTrainer::support(self)
    }
    fn point_scores(&self, data: &Dataset, points: std::ops::Range<usize>) -> Vec<f64> {
        self.scores(data, points.map(|j| data.x(j))).collect()
    }
    fn scores_on_grid(
        &self,
        data: &Dataset,
        x_range: (f64, f64),
        y_range: (f64, f64),
        cols: usize,
        rows: usize,
    ) -> Vec<f64> {
        KernelTrainer::scores_on_grid(self, data, x_range, y_range, cols, rows)
    }
    fn gram_row(&self, data: &Dataset, i: usize) -> Option<Vec<f64>> {
        KernelTrainer::gram_row(self, data, i)
    }
}

impl Learner for KernelTrainer {
    /// The dual form: the points' scores and the region map are kept from α and b.
    fn dual(&self) -> Option<&dyn DualForm> {
        Some(self)
    }
    /// A kernel value against every point (the score, from the cached Gram row) and a copy of α
    /// in the history: one unit a point.
    fn step_cost(&self, n: usize, _k: usize) -> u64 {
        n.max(1) as u64
    }
    crate::scheduled_by!(settings, schedule);
    /// The new sample gets `α = 0`; `α`, `b` and the step count stay.
    fn sample_added(&mut self, n: usize) {
        self.alphas.resize(n, 0.0);
        self.schedule.sample_added(n);
    }
    /// Its `α` goes with it; `b` and the step count stay.
    fn sample_removed(&mut self, index: usize) {
        if index < self.alphas.len() {
            self.alphas.remove(index);
        }
        self.schedule.sample_removed(index);
    }
    fn predict_class(&self, data: &Dataset, x: &[f64]) -> Option<usize> {
        sign_class(self.score(data, x))
    }
    /// The support set found once for all the points, not once a point.
    fn predict_points(&self, data: &Dataset) -> Vec<Option<usize>> {
        self.scores(data, (0..data.len()).map(|i| data.x(i)))
            .map(sign_class)
            .collect()
    }
    fn state_key(&self) -> Vec<u64> {
        let mut key = bits(self.alphas());
        key.push(self.bias().to_bits());
        key
    }
    fn main_line(&self, data: &Dataset) -> Option<[f64; 3]> {
        self.primal_weights(data).map(|w| three(&w))
    }
    fn point_sizes(&self, data: &Dataset) -> Option<Vec<f64>> {
        let top = self.alphas().iter().copied().fold(0.0f64, f64::max);
        Some(
            (0..data.len())
                .map(|i| {
                    let a = self.alphas().get(i).copied().unwrap_or(0.0);
                    if top > 0.0 {
                        0.7 + 1.1 * (a / top).sqrt()
                    } else {
                        0.7
                    }
                })
                .collect(),
        )
    }
    fn is_linear(&self) -> bool {
        self.kernel().is_linear()
    }
    fn weights_text(&self, data: &Dataset) -> String {
        let support = self.support();
        let alphas = support
            .iter()
            .map(|&i| format!("α{} = {}", i + 1, num(self.alpha(i))))
            .collect::<Vec<_>>();
        let mut text = format!(
            "{} of {} α non-zero{}{}; b = {}",
            support.len(),
            data.len(),
            if alphas.is_empty() { "" } else { ": " },
            shorten(&alphas, 8),
            num(self.bias())
        );
        if let Some(w) = self.primal_weights(data) {
            text.push_str(&format!("; w = Σ α·y·x = {}", vector(&w)));
        }
        text
    }
    fn weights_label(&self) -> &'static str {
        "α (dual weights)"
    }
    fn bias_label(&self) -> &'static str {
        "b"
    }
    fn bias_text(&self, _data: &Dataset) -> Option<String> {
        Some(num(self.bias()))
    }
    fn describe_model(&self, data: &Dataset, _names: &[String]) -> String {
        let support = self.support();
        let alphas: Vec<String> = support
            .iter()
            .map(|&i| format!("#{} (α = {})", i + 1, num(self.alpha(i))))
            .collect();
        let mut text = format!(
            "Kernel {}: the score is f(x) = Σ α_i·y_i·K(x_i, x) + b with b = {}. {} of {} points have α > 0 and are drawn larger{}{}.",
            self.kernel(),
            num(self.bias()),
            support.len(),
            data.len(),
            if alphas.is_empty() { "" } else { ": " },
            shorten(&alphas, 8)
        );
        match self.primal_weights(data) {
            Some(w) => {
                text.push_str(" With the linear kernel the boundary is a line. ");
                text.push_str(&crate::core::speech::line_words(three(&w), "w"));
            }
            None => text.push_str(
                " The boundary f(x) = 0 is a curve: the shaded region of each class is where f(x) has its sign.",
            ),
        }
        text
    }
    fn score_text(&self, data: &Dataset, x: &[f64]) -> String {
        num(self.score(data, x))
    }
    fn history_limit(&self, n: usize) -> usize {
        4_000_000 / n.max(200)
    }
    /// A polynomial kernel's values grow with γ, c and the degree too.
    fn overflow_advice(&self) -> &'static str {
        match self.kernel() {
            super::Kernel::Poly { .. } => {
                "Scale the points down, use a smaller η, or a smaller γ, c or degree of the kernel."
            }
            _ => crate::core::algo::words::OVERFLOW_ADVICE_ETA,
        }
    }
}

impl Algo for KernelTrainer {
    type Record = KernelRecord;
    const INFO: Info = Info {
        name: "kernel",
        title: "Kernel perceptron (dual form)",
        kind: Kind::Kernel,
        params: &[],
        examples: &[],
    };
    fn create(setup: &Setup, settings: Settings, dim: usize) -> Result<Self, Error> {
        KernelTrainer::new(settings, setup.kernel, dim)
    }
    fn step(&mut self, data: &Dataset, _classes: &ClassData) -> Outcome<KernelRecord> {
        KernelTrainer::step(self, data)
    }
}

impl Visit for KernelRecord {
    crate::visit_fields!("kernel", mistake);
    fn margin(&self) -> Option<f64> {
        Some(self.y * self.score)
    }

    fn spoken(&self, _names: &[String]) -> Spoken {
        let r = self;
        let verdict = if r.mistake { "a mistake" } else { "correct" };
        let mut change = format!("α{} becomes {}", r.index, num(r.alpha_after));
        if r.bias_after != r.bias_before {
            change.push_str(&format!(" and b becomes {}", num(r.bias_after)));
        }
        Spoken {
            full: format!(
                "sample {} at {}, class {}, f(x) = {}, {verdict}",
                r.index,
                point(&r.x),
                sign(r.y),
                num(r.score)
            ),
            brief: format!("sample {}, {verdict}", r.index),
            change: r.mistake.then_some(change),
        }
    }
    fn describe(&self, settings: &Settings, _names: &[String]) -> Described {
        let r = self;
        let eta = settings.eta;
        let margin = r.y * r.score;
        let update = if r.mistake {
            format!(
                "α{i} = {} + {} = {}, b = {}",
                num(r.alpha_before),
                num(eta),
                num(r.alpha_after),
                num(r.bias_after),
                i = r.index
            )
        } else {
            "none".to_string()
        };
        Described {
            sample: format!("#{} {}, y = {}", r.index, point(&r.x), sign(r.y)),
            score: num(r.score),
            outcome: if r.mistake {
                format!("mistake → {update}")
            } else {
                "correct, no update".to_string()
            },
            explanation: Explanation {
                title: format!(
                    "Step {}: sample #{} {}, y = {}",
                    r.step,
                    r.index,
                    point(&r.x),
                    sign(r.y)
                ),
                weights: format!(
                    "α{} = {}, b = {}",
                    r.index,
                    num(r.alpha_before),
                    num(r.bias_before)
                ),
                score: format!(
                    "f(x{}) = Σ_j α_j·y_j·K(x_j, x{}) + b = {}",
                    r.index,
                    r.index,
                    num(r.score)
                ),
                check: if r.mistake {
                    format!("y·f = {} ≤ 0 → mistake", num(margin))
                } else {
                    format!("y·f = {} > 0 → correct", num(margin))
                },
                update: if r.mistake {
                    format!(
                        "α{i} ← α{i} + η = {}; b ← b + η·y = {}",
                        num(r.alpha_after),
                        num(r.bias_after),
                        i = r.index
                    )
                } else {
                    "no update".to_string()
                },
            },
            row_weights: format!(
                "α{} = {}, b = {}",
                r.index,
                num(r.alpha_before),
                num(r.bias_before)
            ),
            row_score: format!("f = {}", num(r.score)),
            row_update: update,
        }
    }
}
