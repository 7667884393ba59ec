//! One-vs-one on the command line: the multiclass family's table (see `class_table.rs`), a
//! weight row per pair of classes and the votes per class.

use super::OvoTrainer;
use crate::core::algo::class_table::class_table;

class_table!(
    OvoTrainer,
    "One-vs-one: a binary perceptron per pair of classes (any label strings)",
    votes
);
