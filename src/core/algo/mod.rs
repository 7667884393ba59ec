//! The perceptron family of the course material, beyond the classic rule in
//! [`Trainer`](super::Trainer): each algorithm steps one visit (or, for batch, one epoch) at a
//! time and reports what it did, so stepping, history and tables can follow it.
//!
//! - [`multiclass`], [`ovr`], [`ovo`]: K classes (seeds 000, 001), on [`ClassData`].

mod class_data;
pub mod multiclass;
pub mod ovo;
pub mod ovr;

pub use class_data::{parse_class_csv, ClassData};
