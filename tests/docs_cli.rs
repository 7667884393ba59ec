//! The book's CLI reference (`docs/src/cli.md`) against the binary: it must hold the output of
//! `perceptron-trace --help` verbatim in a fenced block (trailing spaces aside: clap pads its
//! blank lines, editors strip them), and name every algorithm that `--algorithms` lists, with
//! its title, outside that block. A new option or algorithm fails here until the page says it.
#![cfg(not(target_arch = "wasm32"))]

use std::path::Path;
use std::process::Command;

fn trace(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_perceptron-trace"))
        .args(args)
        .output()
        .expect("runs perceptron-trace");
    assert!(
        out.status.success(),
        "perceptron-trace {args:?} failed: {out:?}"
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

fn cli_md() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src/cli.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// Lines with their trailing white space removed, and no trailing empty lines.
fn trimmed(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    lines.join("\n").trim_end_matches('\n').to_string()
}

/// The fenced code blocks of a Markdown text (``` fences at the start of a line), and the text
/// outside them.
fn fenced_blocks(md: &str) -> (Vec<String>, String) {
    let mut blocks = Vec::new();
    let mut outside = String::new();
    let mut current: Option<Vec<&str>> = None;
    for line in md.lines() {
        let fence = line.trim_start().starts_with("```");
        match (&mut current, fence) {
            (None, true) => current = Some(Vec::new()),
            (None, false) => {
                outside.push_str(line);
                outside.push('\n');
            }
            (Some(lines), true) => {
                blocks.push(lines.join("\n"));
                current = None;
            }
            (Some(lines), false) => lines.push(line),
        }
    }
    assert!(
        current.is_none(),
        "docs/src/cli.md has an unclosed ``` block"
    );
    (blocks, outside)
}

#[test]
fn cli_md_holds_the_help_text_verbatim() {
    let help = trimmed(&trace(&["--help"]));
    assert!(
        help.contains("Usage: perceptron-trace"),
        "unexpected --help output:\n{help}"
    );
    let (blocks, _) = fenced_blocks(&cli_md());
    let found = blocks.iter().any(|b| trimmed(b) == help);
    assert!(
        found,
        "docs/src/cli.md has no fenced block equal to `perceptron-trace --help` (trailing spaces \
         aside); put this in its \"--help\" section:\n\n```text\n{help}\n```\n"
    );
}

#[test]
fn cli_md_names_every_algorithm() {
    let json: serde_json::Value =
        serde_json::from_str(&trace(&["--algorithms"])).expect("--algorithms prints JSON");
    let algorithms = json.as_array().expect("a JSON array");
    assert!(!algorithms.is_empty(), "--algorithms lists no algorithm");
    let (_, outside) = fenced_blocks(&cli_md());
    let mut missing = Vec::new();
    for a in algorithms {
        let name = a["name"].as_str().expect("each algorithm has a name");
        let title = a["title"].as_str().expect("each algorithm has a title");
        if !outside.contains(&format!("`{name}`")) {
            missing.push(format!("`{name}` (as code, outside the --help block)"));
        }
        if !outside.contains(title) {
            missing.push(format!("the title of `{name}`, \"{title}\""));
        }
    }
    assert!(
        missing.is_empty(),
        "docs/src/cli.md does not name every algorithm of `perceptron-trace --algorithms`: \
         missing {}",
        missing.join("; ")
    );
}

#[test]
fn the_fence_reader_finds_blocks_and_what_is_outside() {
    let (blocks, outside) = fenced_blocks("a\n```text\nb  \n\nc\n```\nd\n");
    assert_eq!(blocks, vec!["b  \n\nc".to_string()]);
    assert_eq!(outside, "a\nd\n");
    assert_eq!(trimmed("x  \n  \ny\n\n"), "x\n\ny");
}
