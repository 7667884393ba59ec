//! `perceptron-trace` end to end: real process, real files, real output.
#![cfg(not(target_arch = "wasm32"))]

use std::process::{Command, Output};

fn trace(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_perceptron-trace"))
        .args(args)
        .output()
        .expect("runs perceptron-trace")
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn temp_csv(name: &str, content: &[u8]) -> String {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, content).expect("writes the file");
    path.to_string_lossy().into_owned()
}

#[test]
fn prints_seed_000_table() {
    let out = stdout(&trace(&[
        "--init",
        "-1,0,0",
        "--max-epochs",
        "1",
        "tests/data/seed000.csv",
    ]));
    let expected = "\
| step | weights | score | correct? | update |
|---:|---|---|---|---|
| 1 | [-1, 0, 0] | -1 * 1 + 0 * 1 + 0 * 1 = -1 | yes | none |
| 2 | [-1, 0, 0] | -1 * 1 + 0 * 3 + 0 * 2 = -1 | no | +[1, 3, 2] |
| 3 | [0, 3, 2] | 0 * 1 + 3 * 2 + 2 * 4 = 14 | yes | none |
| 4 | [0, 3, 2] | 0 * 1 + 3 * 3 + 2 * 4 = 17 | yes | none |
| 5 | [0, 3, 2] | 0 * 1 + 3 * 2 + 2 * 3 = 12 | no | -[1, 2, 3] |
| 6 | [-1, 1, -1] | | | |

Not converged (max epochs reached) after 1 epoch: 5 steps, 2 updates, w = [-1, 1, -1] (bias first).
";
    assert_eq!(out, expected);
}

#[test]
fn json_has_every_step_and_the_result() {
    let out = stdout(&trace(&[
        "--no-bias",
        "--format",
        "json",
        "tests/data/seed001-example1.csv",
    ]));
    let json: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    let steps = json["steps"].as_array().expect("steps");
    assert_eq!(steps.len(), 8);
    assert_eq!(
        steps[3],
        serde_json::json!({
            "step": 4, "epoch": 1, "index": 4, "x": [-2.0, -2.0], "y": 1.0,
            "weights_before": [0.0, 3.0, -1.0], "score": -4.0, "mistake": true,
            "weights_after": [0.0, 1.0, -3.0]
        })
    );
    assert_eq!(
        json["result"],
        serde_json::json!({"weights": [1.0, -3.0], "bias": 0.0, "epochs": 2, "updates": 3, "converged": true})
    );
}

#[test]
fn xor_reports_not_converged_and_no_steps_prints_only_the_result() {
    let out = stdout(&trace(&[
        "--no-bias",
        "--max-epochs",
        "7",
        "--no-steps",
        "tests/data/seed001-xor.csv",
    ]));
    assert_eq!(
        out,
        "Not converged (max epochs reached) after 7 epochs: 28 steps, 28 updates, w = [0, 0, 0] (bias first).\n"
    );
    let json = stdout(&trace(&[
        "--no-bias",
        "--format",
        "json",
        "--no-steps",
        "tests/data/seed001-xor.csv",
    ]));
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["result"]["converged"], false);
    assert_eq!(json["result"]["epochs"], 1000);
    assert!(json.get("steps").is_none());
}

#[test]
fn csv_output_has_a_header_and_a_row_per_step() {
    let out = stdout(&trace(&[
        "--format",
        "csv",
        "--init=-1,0,0",
        "--max-epochs",
        "1",
        "tests/data/seed000.csv",
    ]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[0], "step,epoch,index,x1,x2,y,w0_before,w1_before,w2_before,score,mistake,w0_after,w1_after,w2_after");
    assert_eq!(lines[5], "5,1,5,2,3,-1,0,3,2,12,true,-1,1,-1");
}

#[test]
fn latex_output_is_a_booktabs_table() {
    let out = stdout(&trace(&[
        "--format",
        "latex",
        "--init=-1,0,0",
        "--max-epochs",
        "1",
        "tests/data/seed000.csv",
    ]));
    let expected = "\\begin{tabular}{rllll}
\\toprule
step & weights & score & correct? & update \\\\
\\midrule
1 & $[-1, 0, 0]$ & $-1 \\cdot 1 + 0 \\cdot 1 + 0 \\cdot 1 = -1$ & yes & none \\\\
2 & $[-1, 0, 0]$ & $-1 \\cdot 1 + 0 \\cdot 3 + 0 \\cdot 2 = -1$ & no & $+[1, 3, 2]$ \\\\
3 & $[0, 3, 2]$ & $0 \\cdot 1 + 3 \\cdot 2 + 2 \\cdot 4 = 14$ & yes & none \\\\
4 & $[0, 3, 2]$ & $0 \\cdot 1 + 3 \\cdot 3 + 2 \\cdot 4 = 17$ & yes & none \\\\
5 & $[0, 3, 2]$ & $0 \\cdot 1 + 3 \\cdot 2 + 2 \\cdot 3 = 12$ & no & $-[1, 2, 3]$ \\\\
6 & $[-1, 1, -1]$ & & & \\\\
\\bottomrule
\\end{tabular}
% Not converged (max epochs reached) after 1 epoch: 5 steps, 2 updates, w = [-1, 1, -1] (bias first).
";
    assert_eq!(out, expected);
}

#[test]
fn shuffle_with_a_seed_is_reproducible() {
    let args = [
        "--order",
        "shuffle",
        "--seed",
        "3",
        "--format",
        "csv",
        "tests/data/seed000.csv",
    ];
    assert_eq!(stdout(&trace(&args)), stdout(&trace(&args)));
    let other = [
        "--order",
        "shuffle",
        "--seed",
        "4",
        "--format",
        "csv",
        "tests/data/seed000.csv",
    ];
    assert_ne!(stdout(&trace(&args)), stdout(&trace(&other)));
}

#[test]
fn eta_and_random_init() {
    let out = stdout(&trace(&[
        "--eta",
        "0.5",
        "--no-steps",
        "--format",
        "json",
        "tests/data/seed000.csv",
    ]));
    let unit = stdout(&trace(&[
        "--no-steps",
        "--format",
        "json",
        "tests/data/seed000.csv",
    ]));
    let (half, unit): (serde_json::Value, serde_json::Value) = (
        serde_json::from_str(&out).unwrap(),
        serde_json::from_str(&unit).unwrap(),
    );
    assert_eq!(half["result"]["updates"], unit["result"]["updates"]);
    assert_eq!(
        half["result"]["bias"].as_f64().unwrap() * 2.0,
        unit["result"]["bias"].as_f64().unwrap()
    );
    let random = stdout(&trace(&[
        "--init",
        "random",
        "--seed",
        "5",
        "--format",
        "json",
        "--max-epochs",
        "1",
        "tests/data/seed000.csv",
    ]));
    let random: serde_json::Value = serde_json::from_str(&random).unwrap();
    let w0 = random["steps"][0]["weights_before"].as_array().unwrap();
    assert!(
        w0.iter().all(|w| w.as_f64().unwrap().abs() < 1.0)
            && w0.iter().any(|w| w.as_f64().unwrap() != 0.0)
    );
}

#[test]
fn malformed_input_gets_a_one_line_error_naming_the_row() {
    let cases: [(&str, &[u8], &str); 7] = [
        (
            "missing-column.csv",
            b"x1,x2,y\n1,1,-\n3,+\n",
            "line 3: expected 3 columns",
        ),
        (
            "not-a-number.csv",
            b"x1,x2,y\n1,1,-\n3,two,+\n",
            "line 3: column 2 is not a number",
        ),
        (
            "nan.csv",
            b"x1,x2,y\nNaN,1,-\n3,2,+\n",
            "line 2: column 1 must be a finite number",
        ),
        (
            "inf.csv",
            b"x1,x2,y\n1,1,-\n3,-inf,+\n",
            "line 3: column 2 must be a finite number",
        ),
        ("empty.csv", b"", "the file is empty"),
        (
            "one-class.csv",
            b"x1,x2,y\n1,1,+\n3,2,+\n",
            "all samples are of class +1",
        ),
        (
            "bad-label.csv",
            b"x1,x2,y\n1,1,yes\n",
            "line 2: the label \"yes\"",
        ),
    ];
    for (name, content, expected) in cases {
        let path = temp_csv(name, content);
        let output = trace(&[&path]);
        assert!(!output.status.success(), "{name} should fail");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(expected),
            "{name}: {stderr:?} lacks {expected:?}"
        );
        assert_eq!(
            stderr.trim_end().lines().count(),
            1,
            "{name}: one line: {stderr:?}"
        );
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
        assert!(output.stdout.is_empty(), "{name}: nothing on stdout");
    }
}

#[test]
fn numbers_beyond_f64_stop_with_a_reason_instead_of_nan() {
    // (1e308, -1e308) against w = (1e308, 1e308) gives +∞ and −∞ terms: no decision is possible.
    let path = temp_csv(
        "overflow.csv",
        b"x1,x2,y\n1e308,1e308,+\n1e308,-1e308,-\n-1e308,1e308,+\n",
    );
    let output = trace(&["--no-bias", "--format", "json", &path]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("the numbers grew beyond"), "{stderr}");
    assert!(!stderr.contains("panicked"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        !stdout.contains("NaN") && !stdout.contains("null"),
        "{stdout}"
    );
}

#[test]
fn bad_options_are_refused_with_a_reason() {
    for (args, expected) in [
        (
            vec!["--eta", "-1", "tests/data/seed000.csv"],
            "η (learning rate) should be positive",
        ),
        (
            vec!["--max-epochs", "0", "tests/data/seed000.csv"],
            "max epochs should be between",
        ),
        (
            vec!["--init", "1,2", "tests/data/seed000.csv"],
            "expected 3 numbers",
        ),
        (vec!["no-such-file.csv"], "no-such-file.csv: cannot read"),
    ] {
        let output = trace(&args);
        assert!(!output.status.success());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(expected), "{args:?}: {stderr:?}");
    }
}

/// Issue #16: labels `a` and `a ` merged into one class without a word, and an empty
/// `--init` was taken as zero; both now stop with a one-line reason and nothing on stdout.
#[test]
fn contradictions_stop_with_a_reason() {
    let spaced = temp_csv("spaced-labels.csv", b"x1,x2,y\n0,0,a\n1,1,a \n2,2,b\n");
    let seed000 = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/seed000.csv");
    for (args, expected) in [
        (
            vec!["--algo", "multiclass", spaced.as_str()],
            "line 3: the labels \"a\" (line 2) and \"a \" differ only by the spaces around them",
        ),
        (
            vec!["--init", "", seed000],
            "initial weights: the field is empty",
        ),
        (
            vec!["--init", " ", seed000],
            "initial weights: the field is empty",
        ),
    ] {
        let output = trace(&args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} should fail");
        assert!(
            stderr.contains(expected),
            "{args:?}: {stderr:?} lacks {expected:?}"
        );
        assert!(output.stdout.is_empty(), "{args:?}: nothing on stdout");
    }
    // The same labels written alike, spaces and all, still read as two classes.
    let alike = temp_csv(
        "alike-labels.csv",
        b"x1, x2, y\n0, 0, a\n1, 1, b\n2, 2, a\n",
    );
    stdout(&trace(&["--algo", "multiclass", &alike]));
}

/// `--check-link` opens a link as the page would (the set started on a copy of the lab) and
/// says what it holds, or why it cannot be opened: what `scripts/package.sh scorm` checks an
/// exercise link with before it packages it.
#[test]
fn check_link_says_what_a_link_holds_or_why_it_cannot_be_opened() {
    let out = trace(&[
        "--check-link",
        "xv=1&xid=week-3&xk=predict,update&xn=4&xs=3",
    ]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["scenario"], false);
    assert_eq!(json["exercise"]["id"], "week-3");
    assert_eq!(json["exercise"]["questions"], 4);
    assert_eq!(json["exercise"]["title"], "Perceptron Lab practice: week-3");

    let out = trace(&["--check-link", "v=1&a=perceptron&p=1,2,1;-1,-1,0"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        (json["scenario"].as_bool(), json["exercise"].is_null()),
        (Some(true), true)
    );

    for (link, says) in [
        ("xv=1&xk=nope", "not a kind of question"),
        ("foo=1", "holds no scenario"),
        ("xv=1&xn=99", "1 to 20 questions"),
    ] {
        let out = trace(&["--check-link", link]);
        assert!(!out.status.success(), "{link}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{link}: {err}");
        assert!(out.stdout.is_empty());
    }
}
