//! The perceptron family of the course material, beyond the classic rule in
//! [`Trainer`](super::Trainer): each algorithm steps one visit (or, for batch, one epoch) at a
//! time and reports what it did, so stepping, history and tables can follow it.
//!
//! Every algorithm is one module here implementing [`Learner`], [`Algo`], [`Visit`] and
//! [`CliTable`] (its `cli.rs`: what `perceptron-trace` prints), and one line of [`registry`].
//!
//! - [`perceptron`]: the classic rule (seed 000).
//! - [`averaged`]: the classic rule plus the running average of (w, b) over all visits (seed 004).
//! - [`batch`]: one gradient step on the perceptron criterion per epoch (seeds 002, 003).
//! - [`kernel`]: the dual form with one α per sample and a kernel (seeds 001, 003).
//! - [`pa`]: passive-aggressive, PA-I and PA-II (seed 004's "more aggressive cousin").
//! - [`multiclass`], [`ovr`], [`ovo`]: K classes (seeds 000, 001), on [`ClassData`].
//!
//! Each record also states its step's answer for Practice mode ([`practice::Practice`], in the
//! folder's `practice.rs`).

pub mod averaged;
pub mod batch;
mod class_data;
pub(crate) mod class_names;
mod class_table;
mod cli;
pub mod kernel;
mod learner;
pub mod multiclass;
pub mod ovo;
pub mod ovr;
pub mod pa;
pub mod perceptron;
pub mod practice;
pub mod registry;
pub(crate) mod words;

pub use crate::core::schedule::EpochSchedule;
pub use class_data::{parse_class_csv, ClassData};
pub use class_names::set_name_normalizer;
pub use cli::{CliTable, Head, Row, Summary};
pub use learner::{
    bits, sign_class, three, Algo, Described, DualForm, Example, Info, Kind, Learner, Outcome,
    Param, RegionClass, RegionMap, Spoken, Visit,
};
