//! `perceptron-trace`: the perceptron's step table on the command line, for slides and notes.
//!
//! ```text
//! perceptron-trace --init -1,0,0 --max-epochs 1 seed000.csv
//! perceptron-trace --algo kernel --kernel poly:2:1:1 seed001-xor.csv
//! perceptron-trace --algo multiclass --format json fruit.csv
//! perceptron-trace --algo pa1 --c 0.5 seed000.csv
//! ```
//!
//! `--algo perceptron` (the default) prints the course's step table exactly as it always has;
//! the other algorithms of the family (`src/core/algo`) stream their own records through the
//! same four formats (see `docs/src/cli.md`). What a row is comes from each
//! algorithm's `CliTable` (its `cli.rs`); this binary only reads, steps and writes.

#[cfg(target_arch = "wasm32")]
fn main() {
    // The command line exists natively only; the wasm build of the crate is the page.
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    native::main()
}

#[cfg(not(target_arch = "wasm32"))]
mod native;
