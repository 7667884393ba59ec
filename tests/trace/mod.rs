//! Running `perceptron-trace` as a real process, for the CLI tests.

use std::process::{Command, Output};

/// The binary's output for `args`.
pub fn trace(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_perceptron-trace"))
        .args(args)
        .output()
        .expect("runs perceptron-trace")
}

/// The standard output of a run that must succeed.
pub fn stdout(args: &[&str]) -> String {
    let output = trace(args);
    assert!(
        output.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}
