//! `perceptron-trace` safe on hostile input: labels cannot inject LaTeX or spreadsheet
//! formulas, every input is checked before any output, an empty `--predict` file is an error,
//! and a piped run writes nothing to standard error (the progress bar is for terminals only).
#![cfg(not(target_arch = "wasm32"))]

// The shared helpers; this file needs only `trace`.
#[allow(dead_code)]
mod trace;

use trace::trace;

fn temp_csv(name: &str, content: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, content).expect("writes the file");
    path.to_string_lossy().into_owned()
}

/// Three classes: one whose name `\input`s a file, one a spreadsheet formula, one with what is
/// left of a terminal escape sequence. (Line breaks, escapes and other control characters in a
/// label are refused before anything is printed: see `tests/name_characters.rs`.)
const HOSTILE: &str = "x1,x2,label\n0,0,\"x\\input{/etc/passwd}\"\n1,1,\"=HYPERLINK(\"\"http://e.x\"\")\"\n2,2,\"b[31m red\"\n3,3,pear\n";

/// Every line of a LaTeX document that TeX would run: not a comment, and not made of what a
/// table row of escaped text is.
fn assert_no_latex_injection(tex: &str) {
    for line in tex.lines() {
        let code = line.split_once('%').map_or(line, |(code, _)| code);
        assert!(
            !code.contains("\\input"),
            "TeX runs \\input on line {line:?} of\n{tex}"
        );
        assert!(!line.contains('\r') && !line.contains('\x1b'), "{line:?}");
    }
}

#[test]
fn latex_escapes_backslashes_and_braces_in_names_in_table_and_comments() {
    let data = temp_csv("hostile-latex.csv", HOSTILE);
    for algo in ["multiclass", "ovr", "ovo"] {
        for steps in [&[][..], &["--no-steps"][..]] {
            let mut args = vec!["--algo", algo, "--format", "latex", "--max-epochs", "2"];
            args.extend_from_slice(steps);
            args.extend_from_slice(&["--predict", &data, &data]);
            let out = trace(&args);
            assert!(out.status.success(), "{algo}: {out:?}");
            let tex = String::from_utf8(out.stdout).expect("UTF-8");
            assert_no_latex_injection(&tex);
            assert!(
                tex.contains("x\\textbackslash{}input\\{/etc/passwd\\}"),
                "{tex}"
            );
            assert!(tex.contains("b[31m red"), "{tex}");
            // The summary and the predictions are comments, every line of them.
            let tail: Vec<&str> = tex.lines().skip_while(|l| !l.starts_with('%')).collect();
            assert_eq!(tail.len(), 2, "{algo}: summary and predictions: {tex}");
            assert!(tail.iter().all(|l| l.starts_with("% ")), "{tex}");
            assert!(tail[1].starts_with("% Predictions for "), "{tex}");
        }
    }
    // The binary algorithms' spellings of the labels are checked (only -1/+1, 0/1, -/+), so
    // the classic table and its comment stay as they were.
    let out = trace(&["--format", "latex", "tests/data/seed000.csv"]);
    assert!(String::from_utf8_lossy(&out.stdout)
        .lines()
        .last()
        .unwrap_or("")
        .starts_with("% Converged"));
}

#[test]
fn csv_cells_that_a_spreadsheet_would_run_are_quoted_but_plain_labels_are_not() {
    let data = temp_csv("hostile-csv.csv", HOSTILE);
    let out = trace(&[
        "--algo",
        "multiclass",
        "--format",
        "csv",
        "--max-epochs",
        "1",
        &data,
    ]);
    assert!(out.status.success(), "{out:?}");
    let mut reader = csv::ReaderBuilder::new().from_reader(out.stdout.as_slice());
    let mut classes = Vec::new();
    for record in reader.records() {
        let record = record.expect("CSV");
        classes.push(record[5].to_string());
        for cell in record.iter() {
            assert!(
                !cell.starts_with(['=', '@', '\t', '\r']),
                "a formula cell: {cell:?}"
            );
        }
    }
    assert!(
        classes.contains(&"'=HYPERLINK(\"http://e.x\")".to_string()),
        "{classes:?}"
    );
    assert!(classes.contains(&"pear".to_string()), "{classes:?}");
    // Numeric labels and the signs stay as they are.
    let signs = temp_csv("signs.csv", "x1,x2,y\n0,0,-1\n1,1,+\n2,2,-\n3,3,+1\n");
    let out = trace(&[
        "--algo",
        "ovr",
        "--format",
        "csv",
        "--max-epochs",
        "1",
        &signs,
    ]);
    let mut reader = csv::ReaderBuilder::new().from_reader(out.stdout.as_slice());
    let mut labels = std::collections::BTreeSet::new();
    for record in reader.records() {
        let record = record.expect("CSV");
        labels.insert(record[5].to_string());
        labels.insert(record[6].to_string());
        for cell in record.iter() {
            // A cell is quoted only when what follows its sign is not a number (`+;-1`).
            if let Some(rest) = cell.strip_prefix('\'') {
                assert!(
                    rest.starts_with(['+', '-']) && rest[1..].parse::<f64>().is_err(),
                    "{cell:?}"
                );
            } else if let Some(rest) = cell.strip_prefix(['+', '-']) {
                assert!(
                    rest.is_empty() || rest.parse::<f64>().is_ok(),
                    "a formula: {cell:?}"
                );
            }
        }
    }
    let expected: std::collections::BTreeSet<String> =
        ["-1", "+", "-", "+1"].map(String::from).into();
    assert_eq!(labels, expected);
}

#[test]
fn every_input_is_checked_before_any_output() {
    let bad = temp_csv("bad-points.csv", "x1,x2\n1,2\n1,x\n");
    for format in ["markdown", "csv", "latex", "json"] {
        let out = trace(&[
            "--format",
            format,
            "--predict",
            &bad,
            "tests/data/seed000.csv",
        ]);
        assert!(!out.status.success(), "{format}");
        assert!(
            out.stdout.is_empty(),
            "{format}: printed before the error: {:?}",
            String::from_utf8_lossy(&out.stdout)
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("line 3: column 2 must be a finite number"),
            "{err}"
        );
    }
    let missing = trace(&[
        "--predict",
        "tests/data/no-such-points.csv",
        "tests/data/seed000.csv",
    ]);
    assert!(!missing.status.success() && missing.stdout.is_empty());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no-such-points.csv: cannot read"));
}

#[test]
fn an_empty_predict_file_is_an_error() {
    for (name, content) in [
        ("empty.csv", ""),
        ("header-only.csv", "x1,x2\n"),
        ("blank.csv", "x1,x2\n\n,\n"),
    ] {
        let points = temp_csv(name, content);
        for algo in ["perceptron", "multiclass"] {
            let data = if algo == "perceptron" {
                "tests/data/seed000.csv"
            } else {
                "tests/data/multi3.csv"
            };
            let out = trace(&["--algo", algo, "--predict", &points, data]);
            assert!(!out.status.success(), "{name} {algo}: {out:?}");
            assert!(out.stdout.is_empty(), "{name} {algo}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                err.contains(&format!("{name}: no points to predict")),
                "{err}"
            );
        }
    }
}

#[test]
fn a_piped_run_writes_nothing_to_standard_error() {
    // Long enough that a terminal would get the progress bar (more than a second in a debug
    // build): 3,000 points, the RBF kernel, three epochs.
    let mut data = String::from("x1,x2,y\n");
    for i in 0..3000u32 {
        let (x, y) = (
            f64::from(i % 59) / 29.0 - 1.0,
            f64::from(i % 61) / 30.0 - 1.0,
        );
        let label = if x * x + y * y < 0.5 { 1 } else { -1 };
        data.push_str(&format!("{x},{y},{label}\n"));
    }
    let data = temp_csv("long-run.csv", &data);
    let out = trace(&[
        "--algo",
        "kernel",
        "--kernel",
        "rbf:2",
        "--max-epochs",
        "3",
        "--no-steps",
        &data,
    ]);
    assert!(out.status.success(), "{out:?}");
    assert!(
        out.stderr.is_empty(),
        "stderr: {:?}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("epoch"));
}
