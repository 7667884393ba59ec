//! The multiclass perceptron on the command line: the multiclass family's table (see
//! `class_table.rs`), a weight row per class.

use super::MulticlassTrainer;
use crate::core::algo::class_table::class_table;

class_table!(
    MulticlassTrainer,
    "One weight row per class, K from 2 to 6 (any label strings)"
);
