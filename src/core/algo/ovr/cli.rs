//! One-vs-rest on the command line: the multiclass family's table (see `class_table.rs`), a
//! weight row per class.

use super::OvrTrainer;
use crate::core::algo::class_table::class_table;

class_table!(
    OvrTrainer,
    "One-vs-rest: K binary perceptrons (any label strings)"
);
