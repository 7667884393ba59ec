//! `perceptron-trace` safe on hostile input: labels cannot inject LaTeX, HTML through Markdown or
//! spreadsheet formulas (on every line of the CSV, the summary and predictions included), every
//! input is checked before any output, errors of a file with Windows line endings name the right
//! line, an empty `--predict` file is an error, and a piped run writes nothing to standard error
//! (the progress bar is for terminals only).
#![cfg(not(target_arch = "wasm32"))]

// The shared helpers.
#[allow(dead_code)]
mod exports;
#[allow(dead_code)]
mod trace;

use exports::{check_latex, markdown_cells, markdown_decode, spreadsheet_runs};
use trace::{stdout, trace};

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
            // The summary and the predictions are comments, every line of them, after the
            // table (which starts with a comment too: the `"` of a name needs T1 in pdfLaTeX).
            let after = tex
                .rsplit_once("\\end{tabular}\n")
                .map_or(tex.as_str(), |(_, tail)| tail);
            if steps.is_empty() {
                assert!(tex.starts_with("% A class name holds a straight double quote"));
            }
            let tail: Vec<&str> = after.lines().collect();
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

/// Issue #38, finding 1: with `--no-steps` the summary and the predictions were written raw,
/// `=2+2 [-1, -2, 0], a,=1+1,b [0, 2, 2]` and `Predictions for p.csv: a,=1+1,b, =2+2.`, cells a
/// spreadsheet runs. Each line is now one CSV cell, quoted, and begins with words.
#[test]
fn the_summary_and_predictions_lines_of_csv_are_csv_cells() {
    let data = temp_csv(
        "formula-summary.csv",
        "x1,x2,label\n1,2,\"a,=1+1,b\"\n-1,0,\"=2+2\"\n0,-2,c\n",
    );
    let points = temp_csv("formula-points.csv", "x1,x2\n1,2\n-1,0\n");
    let run = |format: &str, predict: bool| {
        let mut args = vec!["--algo", "ovr", "--max-epochs", "1", "--format", format];
        args.push("--no-steps");
        if predict {
            args.extend_from_slice(&["--predict", &points]);
        }
        args.push(&data);
        stdout(&args)
    };
    let result: serde_json::Value = serde_json::from_str(&run("json", true)).expect("JSON");
    let predictions: Vec<&str> = result["result"]["predictions"]
        .as_array()
        .expect("predictions")
        .iter()
        .map(|p| p.as_str().unwrap_or(""))
        .collect();
    assert!(predictions.contains(&"=2+2"), "{predictions:?}");
    for predict in [true, false] {
        let out = run("csv", predict);
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(out.as_bytes());
        let lines: Vec<csv::StringRecord> = reader
            .records()
            .map(|r| r.expect("every line is CSV"))
            .collect();
        assert_eq!(lines.len(), if predict { 2 } else { 1 }, "{out}");
        for line in &lines {
            assert_eq!(line.len(), 1, "one cell per line: {out}");
            assert!(!spreadsheet_runs(&line[0]), "{out}");
        }
        let summary = &lines[0][0];
        assert!(summary.starts_with("Not converged") || summary.starts_with("Converged"));
        assert!(
            summary.contains("=2+2 [") && summary.contains(", a,=1+1,b ["),
            "{summary}"
        );
        if predict {
            assert_eq!(
                &lines[1][0],
                format!("Predictions for {points}: {}.", predictions.join(", ")),
                "{out}"
            );
        }
    }
}

/// Issue #38, finding 2: a class name `<img src=x onerror=alert(1)>` went raw into the Markdown
/// table and summary, and `a\|b` came out as `a\\|b`, two cells for pandoc. Now there is no
/// tag, every row has the head's cells, and each name reads back as it was.
#[test]
fn markdown_holds_no_html_from_a_name_and_keeps_every_cell() {
    let names = ["<img src=x onerror=alert(1)>", "a\\|b", "*x* & `y` [z](w)"];
    let mut file = String::from("x1,x2,label\n");
    for (i, (x, y)) in [(1, 2), (-1, 0), (0, -2)].iter().enumerate() {
        file.push_str(&format!("{x},{y},\"{}\"\n", names[i].replace('"', "\"\"")));
    }
    let data = temp_csv("html-names.csv", &file);
    for algo in ["multiclass", "ovr", "ovo"] {
        let md = stdout(&[
            "--algo",
            algo,
            "--max-epochs",
            "2",
            "--predict",
            &data,
            &data,
        ]);
        assert!(!md.contains(['<', '>']), "{algo}: raw HTML:\n{md}");
        assert!(md.contains("&lt;img src=x onerror=alert(1)&gt;"), "{md}");
        // The table's rows, the rule under the head left out.
        let rows: Vec<&str> = md
            .lines()
            .filter(|l| l.starts_with('|') && !l.starts_with("|---"))
            .collect();
        let head = markdown_cells(rows[0]);
        assert!(rows.len() > 3, "{md}");
        for row in &rows {
            let cells = markdown_cells(row);
            assert_eq!(cells.len(), head.len(), "{algo}: {row}");
        }
        // The class and predicted columns read back as names.
        for row in &rows[1..] {
            let cells = markdown_cells(row);
            for cell in &cells[3..5] {
                if !cell.is_empty() {
                    assert!(names.contains(&markdown_decode(cell).as_str()), "{row}");
                }
            }
        }
        assert!(md.contains("| a\\\\\\|b |"), "{md}");
        // The summary and the predictions line are escaped the same way.
        let predictions = md
            .lines()
            .find(|l| l.starts_with("Predictions for "))
            .expect("the predictions line");
        assert!(predictions.contains("&lt;img"), "{predictions}");
        assert!(
            markdown_decode(predictions).contains("<img src=x onerror=alert(1)>"),
            "{predictions}"
        );
    }
}

/// Issue #38, finding 8 on the command line: names beyond ASCII are kept as UTF-8, the table
/// starts with a comment naming what it needs, and `| < > "`, which the default font prints as
/// — ¡ ¿ ”, are written as their text commands.
#[test]
fn latex_keeps_utf8_names_says_what_they_need_and_escapes_what_ot1_misprints() {
    let data = temp_csv(
        "utf8-names.csv",
        "x1,x2,label\n1,2,café\n-1,0,日本\n0,-2,עברית\n2,2,\"a|b<c>\"\"d\"\n",
    );
    let tex = stdout(&[
        "--algo",
        "ovr",
        "--format",
        "latex",
        "--max-epochs",
        "1",
        &data,
    ]);
    check_latex(&tex);
    assert!(tex.starts_with("% UTF-8 text"), "{tex}");
    for name in ["café", "日本", "עברית"] {
        assert!(tex.contains(name), "{name}: {tex}");
    }
    assert!(
        tex.contains("a\\textbar{}b\\textless{}c\\textgreater{}\\textquotedbl{}d"),
        "{tex}"
    );
    assert!(!tex.contains("caf?") && !tex.contains("??"), "{tex}");
    // ASCII names: no comment, the table as before.
    let ascii = stdout(&[
        "--algo",
        "ovr",
        "--format",
        "latex",
        "tests/data/multi3.csv",
    ]);
    assert!(ascii.starts_with("\\begin{tabular}"), "{ascii}");
}

/// Issue #38, finding 7: a file with Windows line endings (as Excel saves CSV) had every error
/// name the line before the real one. Now the line is the same with `\r\n`, `\n` or `\r`.
#[test]
fn errors_of_a_file_with_windows_line_endings_name_the_right_line() {
    for (ending, name) in [("\r\n", "crlf"), ("\n", "lf"), ("\r", "cr")] {
        let text = |lines: &[&str]| lines.join(ending) + ending;
        let binary = temp_csv(
            &format!("{name}-binary.csv"),
            &text(&["x1,x2,label", "1,2,+1", "-1,zz,-1"]),
        );
        let classes = temp_csv(
            &format!("{name}-classes.csv"),
            &text(&["x1,x2,label", "1,2,a", "-1,zz,b"]),
        );
        let good = temp_csv(
            &format!("{name}-good.csv"),
            &text(&["x1,x2,label", "1,2,+1", "-1,0,-1"]),
        );
        let points = temp_csv(
            &format!("{name}-points.csv"),
            &text(&["x1,x2", "1,2", "", "-1,zz"]),
        );
        for (args, expected) in [
            (vec![binary.as_str()], "line 3: column 2"),
            (vec!["--algo", "ovr", classes.as_str()], "line 3: column 2"),
            (
                vec!["--predict", points.as_str(), good.as_str()],
                "line 4: column 2",
            ),
        ] {
            let out = trace(&args);
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(!out.status.success(), "{name} {args:?}");
            assert!(err.contains(expected), "{name} {args:?}: {err}");
        }
    }
}
