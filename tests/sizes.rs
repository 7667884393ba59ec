//! The size lint: no file in `src/` or `www/` over [`FILE_LIMIT`] lines and no function over
//! [`FUNCTION_LIMIT`] lines (inline tests count), so that every owner stays small enough to
//! read. The files and functions that were over when the lint came are listed below with
//! their size then: each may only shrink, the list may only get shorter (an entry that is no
//! longer over fails too, so it is taken off), and nothing new may be over.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The most lines a file may have.
const FILE_LIMIT: usize = 600;
/// The most lines a function may have, from its first line to its closing brace.
const FUNCTION_LIMIT: usize = 120;

/// Files over the limit when the lint came, with their line count then (at most).
const FILES_OVER: &[(&str, usize)] = &[];

/// Functions over the limit when the lint came (`file: name`), with their length then.
const FUNCTIONS_OVER: &[(&str, usize)] = &[];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` and `.js` file under `dir`, as paths relative to the repository.
fn sources(dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if matches!(path.extension().and_then(|e| e.to_str()), Some("rs" | "js")) {
            let rel = path.strip_prefix(root()).expect("under the repository");
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

fn all_sources() -> Vec<String> {
    let mut files = Vec::new();
    sources(&root().join("src"), &mut files);
    sources(&root().join("www"), &mut files);
    files.sort();
    files
}

/// The functions of `text` with their length in lines: a line that starts (after indentation)
/// a Rust `fn` or a JavaScript `function`, or a JavaScript arrow function assigned to a name
/// (`const name = (…) => {`), up to the first later line at the same indentation that starts
/// with `}`. Good enough for this code base's formatting (rustfmt, and the JS's own style).
fn functions(text: &str, rust: bool) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let name = if rust {
            let rest = trimmed
                .trim_start_matches("pub ")
                .trim_start_matches("pub(crate) ")
                .trim_start_matches("pub(super) ")
                .trim_start_matches("const ")
                .trim_start_matches("async ")
                .trim_start_matches("unsafe ");
            rest.strip_prefix("fn ")
                .map(|r| r.split(['(', '<']).next().unwrap_or("").to_string())
        } else if let Some(rest) = trimmed
            .strip_prefix("async function ")
            .or_else(|| trimmed.strip_prefix("function "))
        {
            Some(rest.split('(').next().unwrap_or("").trim().to_string())
        } else if (trimmed.starts_with("const ") || trimmed.starts_with("let "))
            && trimmed.contains(" => {")
            && trimmed.ends_with('{')
        {
            Some(
                trimmed
                    .split_whitespace()
                    .nth(1)
                    .unwrap_or("")
                    .trim_end_matches('=')
                    .to_string(),
            )
        } else {
            None
        };
        let Some(name) = name else { continue };
        // A declaration without a body (a trait method) ends with `;`.
        if rust && trimmed.ends_with(';') {
            continue;
        }
        let end = lines.iter().enumerate().skip(i + 1).find(|(_, l)| {
            let t = l.trim_start();
            l.len() - t.len() == indent && t.starts_with('}')
        });
        if let Some((j, _)) = end {
            out.push((name, j - i + 1));
        }
    }
    out
}

#[test]
fn files_stay_under_the_limit_and_the_exceptions_only_shrink() {
    let allowed: BTreeMap<&str, usize> = FILES_OVER.iter().copied().collect();
    let mut problems = Vec::new();
    let files = all_sources();
    assert!(files.len() > 50, "found the sources ({})", files.len());
    for file in &files {
        let lines = std::fs::read_to_string(root().join(file))
            .expect("reads")
            .lines()
            .count();
        match allowed.get(file.as_str()) {
            Some(&most) if lines > most => problems.push(format!(
                "{file}: {lines} lines, more than the {most} it had (limit {FILE_LIMIT}): split it"
            )),
            Some(_) if lines <= FILE_LIMIT => problems.push(format!(
                "{file}: {lines} lines, under the limit now: take it off FILES_OVER"
            )),
            None if lines > FILE_LIMIT => {
                problems.push(format!("{file}: {lines} lines, over {FILE_LIMIT}"))
            }
            _ => {}
        }
    }
    for (file, _) in FILES_OVER {
        if !files.iter().any(|f| f == file) {
            problems.push(format!("{file} is gone: take it off FILES_OVER"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn functions_stay_under_the_limit_and_the_exceptions_only_shrink() {
    let allowed: BTreeMap<&str, usize> = FUNCTIONS_OVER.iter().copied().collect();
    let mut problems = Vec::new();
    let mut seen = Vec::new();
    for file in all_sources() {
        let text = std::fs::read_to_string(root().join(&file)).expect("reads");
        for (name, lines) in functions(&text, file.ends_with(".rs")) {
            let key = format!("{file}: {name}");
            match allowed.get(key.as_str()) {
                Some(&most) if lines > most => problems.push(format!(
                    "{key}: {lines} lines, more than the {most} it had: split it"
                )),
                Some(_) if lines <= FUNCTION_LIMIT => problems.push(format!(
                    "{key}: {lines} lines, under the limit now: take it off FUNCTIONS_OVER"
                )),
                None if lines > FUNCTION_LIMIT => {
                    problems.push(format!("{key}: {lines} lines, over {FUNCTION_LIMIT}"))
                }
                _ => {}
            }
            seen.push(key);
        }
    }
    for (key, _) in FUNCTIONS_OVER {
        if !seen.iter().any(|k| k == key) {
            problems.push(format!("{key} is gone: take it off FUNCTIONS_OVER"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_function_finder_measures_both_languages() {
    let rust = "impl A {\n    pub fn one(&self) {\n        x();\n    }\n    fn two();\n}\nfn three() {\n}\n";
    assert_eq!(
        functions(rust, true),
        [("one".to_string(), 3), ("three".to_string(), 2)]
    );
    let js = "function a() {\n  b();\n}\n  const c = (x) => {\n    d();\n  };\n";
    assert_eq!(
        functions(js, false),
        [("a".to_string(), 3), ("c".to_string(), 3)]
    );
}

/// The runner's fields today: they may only get fewer (at most [`RUNNER_FIELDS_TARGET`]), as
/// what is left of the panels moves into the panel registry.
const RUNNER_FIELDS: usize = 9;
/// The most the runner may hold: the session, the page's root, the plot, the controls, the
/// frame's own state and the panels, and a few owners of their own.
const RUNNER_FIELDS_TARGET: usize = 15;

#[test]
fn the_runner_holds_fewer_fields_only() {
    let text = std::fs::read_to_string(root().join("src/web/runner/mod.rs")).expect("reads");
    let body = text
        .split("pub struct Runner {\n")
        .nth(1)
        .and_then(|rest| rest.split("\n}\n").next())
        .expect("the Runner struct");
    let fields = body
        .lines()
        .filter(|line| {
            let line = line.strip_prefix("    ").unwrap_or("");
            let name = line.split(':').next().unwrap_or("");
            line.contains(':')
                && !name.is_empty()
                && name.chars().all(|c| c.is_ascii_lowercase() || c == '_')
        })
        .count();
    assert!(
        fields <= RUNNER_FIELDS,
        "Runner has {fields} fields, more than the {RUNNER_FIELDS} it had (target {RUNNER_FIELDS_TARGET}): move a panel's state into its panel"
    );
    assert!(
        fields == RUNNER_FIELDS,
        "Runner has {fields} fields now: lower RUNNER_FIELDS to {fields}"
    );
    const _: () = assert!(RUNNER_FIELDS <= RUNNER_FIELDS_TARGET);
}
