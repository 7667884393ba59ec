//! One visit of one sample, with everything a table row needs.

use serde::Serialize;

/// What happened at one step: a row of seed 000's table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepRecord {
    /// 1-based step number.
    pub step: u64,
    /// 1-based epoch the step belongs to.
    pub epoch: u64,
    /// 1-based index of the visited sample in data order (the `#` column of seed 000).
    pub index: usize,
    /// The sample's features.
    pub x: Vec<f64>,
    /// The sample's label, `−1` or `+1`.
    pub y: f64,
    /// Weights before the visit, bias weight first.
    pub weights_before: Vec<f64>,
    /// The score `w·x + b` under `weights_before`.
    pub score: f64,
    /// Whether `y·score ≤ 0`.
    pub mistake: bool,
    /// Weights after the visit, bias weight first.
    pub weights_after: Vec<f64>,
}

impl StepRecord {
    /// The change applied to the weights (`η·y·[1, x]`, or `η·y·[0, x]` without bias); all zero
    /// when the step was correct.
    pub fn update(&self) -> Vec<f64> {
        self.weights_after
            .iter()
            .zip(&self.weights_before)
            .map(|(a, b)| a - b + 0.0)
            .collect()
    }
}
