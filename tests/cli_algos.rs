#![cfg(not(target_arch = "wasm32"))]
//! `perceptron-trace --algo …` end to end: every algorithm of the family in every format, as a
//! real process on real files, checked against the library's cores.

mod trace;

use perceptron_lab::core::algo::averaged::Averaged;
use perceptron_lab::core::algo::batch::Batch;
use perceptron_lab::core::algo::kernel::{Kernel, KernelTrainer};
use perceptron_lab::core::algo::multiclass::MulticlassTrainer;
use perceptron_lab::core::algo::ovo::OvoTrainer;
use perceptron_lab::core::algo::ovr::OvrTrainer;
use perceptron_lab::core::algo::{parse_class_csv, ClassData};
use perceptron_lab::core::{parse_csv, Dataset, Order, Settings, TrainState, Trainer};
use perceptron_lab::core::{Algorithm, Learner};
use serde_json::Value;
use trace::{stdout, trace};

/// Every algorithm of the registry, by the name `--algo` takes, in the selector's order: a new
/// algorithm is run by every case below through its registry line alone.
fn algos() -> Vec<&'static str> {
    Algorithm::ALL.iter().map(|a| a.name()).collect()
}
const FORMATS: [&str; 4] = ["markdown", "csv", "json", "latex"];
/// Three classes with word labels, in the file in the order pear, apple, cherry.
const MULTI3: &str = "tests/data/multi3.csv";

fn json(args: &[&str]) -> Value {
    let out = stdout(args);
    serde_json::from_str(&out)
        .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {}", short(&out)))
}

/// A run that must fail with exit status 1 and a single line on stderr containing `expected`;
/// returns that line.
fn fails(args: &[&str], expected: &str) -> String {
    let output = trace(args);
    assert_eq!(output.status.code(), Some(1), "{args:?} should fail");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(
        stderr.contains(expected),
        "{args:?}: {stderr:?} lacks {expected:?}"
    );
    assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr:?}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(output.stdout.is_empty(), "{args:?}: nothing on stdout");
    stderr
}

/// The start of a long output, for failure messages.
fn short(out: &str) -> String {
    out.chars().take(600).collect()
}

/// Six well-separated two-class points (the passive-aggressive rules' own example,
/// `pa-wide-margin`): every two-class algorithm converges on them within the epoch cap. On
/// seed 000's narrow margin the passive-aggressive rules, which want every point at a score
/// of at least 1, reach it only in the limit.
const WIDE: &str = "tests/data/wide-margin.csv";

/// Data every algorithm of `algo`'s kind converges on: three named classes for the multiclass
/// ones, the wide-margin points for the others.
fn converging_data_for(algo: &str) -> &'static str {
    if data_for(algo) == MULTI3 {
        MULTI3
    } else {
        WIDE
    }
}

/// The registry's multiclass algorithms, by name.
fn multiclass_algos() -> Vec<&'static str> {
    algos()
        .into_iter()
        .filter(|a| data_for(a) == MULTI3)
        .collect()
}

/// The data of an algorithm's kind: three named classes for the multiclass ones, seed 000's
/// points for the others.
fn data_for(algo: &str) -> &'static str {
    if Algorithm::parse(algo)
        .expect("a registry name")
        .is_multiclass()
    {
        MULTI3
    } else {
        "tests/data/seed000.csv"
    }
}

fn floats(value: &Value) -> Vec<f64> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {value}"))
        .iter()
        .map(|v| v.as_f64().expect("a number"))
        .collect()
}

#[test]
fn every_algo_runs_in_every_format() {
    for algo in algos() {
        let data = converging_data_for(algo);
        for format in FORMATS {
            let args = ["--algo", algo, "--format", format, data];
            let out = stdout(&args);
            let lines: Vec<&str> = out.lines().collect();
            let out = short(&out);
            if format != "json" {
                assert!(lines.len() >= 3, "{args:?}: {out}");
            }
            let summary_start = |line: &str| {
                line.trim_start_matches("% ").starts_with("Converged")
                    || line.trim_start_matches("% ").starts_with("Not converged")
            };
            match format {
                "json" => {
                    let v: Value = serde_json::from_str(lines[0])
                        .unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"));
                    if algo != "perceptron" {
                        assert_eq!(v["algo"], algo, "{args:?}");
                    }
                    assert!(!v["steps"].as_array().expect("steps").is_empty());
                    assert_eq!(v["result"]["converged"], true, "{args:?}: {out}");
                    assert!(v["result"]["epochs"].as_u64().expect("epochs") >= 1);
                }
                "csv" => {
                    let width = lines[0].split(',').count();
                    assert!(width >= 5, "{args:?}: {}", lines[0]);
                    for line in &lines {
                        assert_eq!(line.split(',').count(), width, "{args:?}: {line}");
                    }
                    assert!(lines[1].starts_with("1,"), "{args:?}: {}", lines[1]);
                }
                "markdown" => {
                    assert!(
                        lines[0].starts_with("| step |") || lines[0].starts_with("| epoch |"),
                        "{args:?}: {}",
                        lines[0]
                    );
                    assert!(lines[1].starts_with("|---:|"), "{args:?}");
                    let table: Vec<&str> = lines
                        .iter()
                        .copied()
                        .take_while(|l| l.starts_with('|'))
                        .collect();
                    let bars = |l: &str| l.replace("\\|", "").matches('|').count();
                    assert!(table.len() > 2, "{args:?}");
                    assert!(
                        table.iter().all(|l| bars(l) == bars(table[0])),
                        "{args:?}: ragged table\n{out}"
                    );
                    assert_eq!(lines[table.len()], "", "{args:?}");
                    assert!(summary_start(lines[lines.len() - 1]), "{args:?}: {out}");
                }
                _ => {
                    assert!(lines[0].starts_with("\\begin{tabular}{r"), "{args:?}");
                    assert_eq!(lines[1], "\\toprule");
                    assert_eq!(lines[3], "\\midrule");
                    assert_eq!(lines[lines.len() - 2], "\\end{tabular}", "{args:?}");
                    assert_eq!(lines[lines.len() - 3], "\\bottomrule", "{args:?}");
                    assert!(summary_start(lines[lines.len() - 1]), "{args:?}: {out}");
                    for row in &lines[4..lines.len() - 3] {
                        assert!(row.ends_with(" \\\\"), "{args:?}: {row}");
                        let cells = |l: &str| l.replace("\\&", "").matches('&').count();
                        assert_eq!(cells(row), cells(lines[2]), "{args:?}: {row}");
                    }
                }
            }
        }
    }
}

#[test]
fn no_steps_prints_only_the_result_for_every_algo() {
    for algo in algos() {
        let data = converging_data_for(algo);
        for format in ["markdown", "csv", "latex"] {
            let out = stdout(&["--algo", algo, "--format", format, "--no-steps", data]);
            assert_eq!(out.lines().count(), 1, "{algo} {format}: {out}");
            // CSV: the line is one cell, quoted (it holds commas).
            let line = match format {
                "csv" => {
                    let mut reader = csv::ReaderBuilder::new()
                        .has_headers(false)
                        .from_reader(out.as_bytes());
                    let record = reader.records().next().and_then(Result::ok);
                    let cells: Vec<String> = record.iter().flatten().map(str::to_string).collect();
                    assert_eq!(cells.len(), 1, "{algo}: {out}");
                    cells[0].clone()
                }
                _ => out.trim_start_matches("% ").to_string(),
            };
            assert!(
                line.starts_with("Converged after"),
                "{algo} {format}: {out}"
            );
        }
        let v = json(&["--algo", algo, "--format", "json", "--no-steps", data]);
        assert!(v.get("steps").is_none(), "{algo}: {v}");
        assert_eq!(v["result"]["converged"], true, "{algo}: {v}");
        if algo != "perceptron" {
            assert_eq!(v["algo"], algo);
        }
    }
}

#[test]
fn perceptron_is_the_default_and_unchanged() {
    for format in FORMATS {
        let args = [
            "--format",
            format,
            "--init=-1,0,0",
            "tests/data/seed000.csv",
        ];
        let explicit = [&["--algo", "perceptron"][..], &args[..]].concat();
        assert_eq!(stdout(&args), stdout(&explicit), "{format}");
    }
    let v = json(&["--format", "json", "--no-steps", "tests/data/seed000.csv"]);
    assert!(
        v.get("algo").is_none(),
        "the classic JSON is as before: {v}"
    );
}

#[test]
fn averaged_json_matches_the_library() {
    for (file, bias) in [
        ("tests/data/seed000.csv", true),
        ("tests/data/seed001-example1.csv", false),
        ("tests/data/seed001-example1.csv", true),
    ] {
        let bytes = std::fs::read(file).expect("reads the data");
        let data = parse_csv(&bytes).expect("parses the data");
        let settings = Settings {
            bias,
            order: Order::Shuffle,
            seed: 7,
            ..Settings::default()
        };
        let mut expected = Averaged::new(settings, data.dim()).expect("valid settings");
        expected.run(&data, |_| {});
        let average = expected.average();
        let mut args = vec![
            "--algo", "averaged", "--format", "json", "--order", "shuffle", "--seed", "7",
        ];
        if !bias {
            args.push("--no-bias");
        }
        args.push(file);
        let v = json(&args);
        let r = &v["result"];
        // `weights` and `bias` are the averaged ones; `last_*` the current ones.
        assert_eq!(floats(&r["weights"]), average[1..], "{file} {bias}");
        assert_eq!(r["bias"].as_f64(), Some(average[0]), "{file} {bias}");
        assert_eq!(floats(&r["last_weights"]), expected.weights()[1..]);
        assert_eq!(r["last_bias"].as_f64(), Some(expected.weights()[0]));
        assert_eq!(r["steps"].as_u64(), Some(expected.visits()));
        // The last step's running average is the result's.
        let steps = v["steps"].as_array().expect("steps");
        assert_eq!(steps.len() as u64, expected.visits());
        assert_eq!(floats(&steps[steps.len() - 1]["average_after"]), average);
    }
}

#[test]
fn kernel_linear_primal_weights_equal_the_classic_result() {
    for file in ["tests/data/seed000.csv", "tests/data/seed001-example1.csv"] {
        for bias in [true, false] {
            let mut classic = vec!["--format", "json", "--no-steps"];
            if !bias {
                classic.push("--no-bias");
            }
            classic.push(file);
            let kernel = [&["--algo", "kernel"][..], &classic[..]].concat();
            let with_kernel_flag = [&["--kernel", "linear"][..], &kernel[..]].concat();
            let (c, k) = (json(&classic), json(&kernel));
            assert_eq!(json(&with_kernel_flag), k, "linear is the default kernel");
            assert_eq!(k["result"]["kernel"], "linear");
            for key in ["weights", "bias", "epochs", "updates", "converged"] {
                assert_eq!(k["result"][key], c["result"][key], "{file} {bias} {key}");
            }
            let alphas = floats(&k["result"]["alpha"]);
            let support: Vec<u64> = k["result"]["support"]
                .as_array()
                .expect("support")
                .iter()
                .map(|v| v.as_u64().expect("an index"))
                .collect();
            let positive: Vec<u64> = (1..=alphas.len() as u64)
                .filter(|&i| alphas[i as usize - 1] > 0.0)
                .collect();
            assert_eq!(support, positive, "{file}: support is {{i : α_i > 0}}");
            assert_eq!(
                alphas.iter().sum::<f64>(),
                k["result"]["updates"].as_f64().unwrap()
            );
        }
    }
}

#[test]
fn kernel_poly_separates_xor_where_the_classic_perceptron_cannot() {
    let xor = "tests/data/seed001-xor.csv";
    let classic = json(&["--format", "json", "--no-steps", xor]);
    assert_eq!(classic["result"]["converged"], false);
    let poly = json(&[
        "--algo",
        "kernel",
        "--kernel",
        "poly:2:1:1",
        "--format",
        "json",
        xor,
    ]);
    assert_eq!(poly["result"]["converged"], true, "{poly}");
    assert_eq!(poly["result"]["kernel"], "poly:2:1:1");
    assert!(
        poly["result"].get("weights").is_none(),
        "no primal w for poly"
    );
    let steps = poly["steps"].as_array().expect("steps");
    let last_epoch = &steps[steps.len() - 4..];
    assert!(last_epoch.iter().all(|s| s["mistake"] == false), "{poly}");
    let rbf = json(&[
        "--algo",
        "kernel",
        "--kernel",
        "rbf:1",
        "--format",
        "json",
        "--no-steps",
        xor,
    ]);
    assert_eq!(rbf["result"]["converged"], true, "{rbf}");
    let markdown = stdout(&["--algo", "kernel", "--kernel", "poly:2:1:1", xor]);
    assert!(markdown.starts_with("| step | sample | x | y | score | correct? | α_i | b |\n"));
    assert!(
        markdown.contains("| 1 | 1 | [1, 1] | +1 | 0 | no | 0 → 1 | 0 → 1 |"),
        "{markdown}"
    );
}

#[test]
fn batch_reports_the_criterion_per_epoch() {
    let v = json(&[
        "--algo",
        "batch",
        "--format",
        "json",
        "tests/data/seed000.csv",
    ]);
    let steps = v["steps"].as_array().expect("steps");
    assert_eq!(steps.len() as u64, v["result"]["epochs"].as_u64().unwrap());
    // Epoch 1 from zero weights: every score is 0, so every sample is in M and J_p = 0.
    assert_eq!(
        steps[0]["misclassified"],
        serde_json::json!([1, 2, 3, 4, 5])
    );
    assert_eq!(steps[0]["criterion"], 0.0);
    assert_eq!(floats(&steps[0]["weights_after"]), [1.0, 5.0, 6.0]);
    let last = &steps[steps.len() - 1];
    assert_eq!(last["misclassified"], serde_json::json!([]));
    assert_eq!(v["result"]["criterion"], 0.0);
    let md = stdout(&[
        "--algo",
        "batch",
        "--max-epochs",
        "2",
        "tests/data/seed000.csv",
    ]);
    assert_eq!(
        md,
        "| epoch | weights | J_p | \\|M\\| | M | update |\n|---:|---|---|---|---|---|\n\
         | 1 | [0, 0, 0] | 0 | 5 | 1, 2, 3, 4, 5 | +[1, 5, 6] |\n\
         | 2 | [1, 5, 6] | 41 | 2 | 1, 5 | +[-2, -3, -4] |\n\n\
         Not converged (max epochs reached) after 2 epochs: 2 updates, J_p = 12, \\|M\\| = 2, \
         w = [-1, 2, 2] (bias first).\n"
    );
}

#[test]
fn multiclass_names_the_classes_in_sorted_order() {
    let v = json(&["--algo", "multiclass", "--format", "json", MULTI3]);
    let names = serde_json::json!(["apple", "cherry", "pear"]);
    assert_eq!(v["result"]["classes"], names);
    let rows = v["result"]["rows"].as_array().expect("rows");
    let row_names: Vec<&Value> = rows.iter().map(|r| &r["class"]).collect();
    assert_eq!(row_names, ["apple", "cherry", "pear"]);
    assert!(
        rows.iter().all(|r| floats(&r["weights"]).len() == 3),
        "bias first, then w1, w2"
    );
    // Sample 1 is a pear: class index 2, predicted (all scores 0, lowest index) apple.
    let first = &v["steps"][0];
    assert_eq!(first["class_name"], "pear");
    assert_eq!(first["class"], 2);
    assert_eq!(first["predicted_name"], "apple");
    assert_eq!(first["mistake"], true);
    let md = stdout(&["--algo", "multiclass", "--max-epochs", "1", MULTI3]);
    assert!(md.starts_with(
        "| step | sample | x | class | predicted | scores (apple, cherry, pear) | correct? | updated rows |\n"
    ), "{md}");
    assert!(
        md.contains("| 1 | 1 | [1, 1] | pear | apple | [0, 0, 0] | no | apple += [-1, -1, -1]; pear += [1, 1, 1] |"),
        "{md}"
    );
    let csv = stdout(&["--algo", "multiclass", "--format", "csv", MULTI3]);
    assert!(
        csv.lines().nth(1).expect("a row").contains(",pear,apple,"),
        "{csv}"
    );
}

#[test]
fn ovr_and_ovo_run_with_named_rows() {
    let ovr = json(&["--algo", "ovr", "--format", "json", MULTI3]);
    assert_eq!(ovr["result"]["converged"], true);
    assert_eq!(ovr["result"]["rows"].as_array().map(Vec::len), Some(3));
    assert_eq!(ovr["result"]["rows"][1]["class"], "cherry");
    let ovo = json(&["--algo", "ovo", "--format", "json", MULTI3]);
    assert_eq!(ovo["result"]["converged"], true);
    assert_eq!(
        ovo["result"]["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .map(|r| r["pair"].clone())
            .collect::<Vec<_>>(),
        [
            serde_json::json!(["apple", "cherry"]),
            serde_json::json!(["apple", "pear"]),
            serde_json::json!(["cherry", "pear"]),
        ]
    );
    assert_eq!(ovo["steps"][0]["votes"], serde_json::json!([2, 1, 0]));
    let md = stdout(&["--algo", "ovo", "--max-epochs", "1", MULTI3]);
    assert!(md.contains("votes (apple, cherry, pear)"), "{md}");
    assert!(md.contains("apple vs pear += [1, 1, 1]"), "{md}");
}

#[test]
fn multiclass_with_numeric_labels_orders_them_numerically() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("numeric-classes.csv");
    std::fs::write(&path, "x1,x2,c\n1,1,10\n-1,2,2\n0,-2,-1\n2,1,10\n").expect("writes");
    let path = path.to_string_lossy().into_owned();
    let v = json(&["--algo", "ovr", "--format", "json", "--no-steps", &path]);
    assert_eq!(v["result"]["classes"], serde_json::json!(["-1", "2", "10"]));
}

#[test]
fn bad_kernel_options_are_refused_in_one_line() {
    let data = "tests/data/seed000.csv";
    for (kernel, expected) in [
        (
            "poly:0:1:1",
            "poly degree must be a whole number from 1 to 10",
        ),
        ("poly:2:1", "poly needs three parameters"),
        ("rbf:-1", "γ must be positive"),
        ("rbf:x", "\"x\" is not a number"),
        ("sigmoid", "unknown kernel \"sigmoid\""),
        ("linear:2", "linear takes no parameters"),
    ] {
        let line = fails(&["--algo", "kernel", "--kernel", kernel, data], expected);
        assert!(line.starts_with("perceptron-trace: kernel: "), "{line}");
    }
    for algo in ["perceptron", "averaged", "multiclass"] {
        fails(
            &["--algo", algo, "--kernel", "linear", data_for(algo)],
            &format!("--kernel applies only to --algo kernel, not to --algo {algo}"),
        );
    }
    fails(
        &["--kernel", "rbf:1", data],
        "--kernel applies only to --algo kernel",
    );
    fails(
        &["--algo", "kernel", "--init", "random", data],
        "the kernel perceptron always starts from α = 0",
    );
}

#[test]
fn bad_data_and_unknown_algos_fail_cleanly() {
    let output = trace(&["--algo", "nope", "tests/data/seed000.csv"]);
    assert_eq!(output.status.code(), Some(2), "clap's usage error");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("invalid value 'nope' for '--algo"),
        "{stderr}"
    );
    assert!(
        stderr.contains("averaged, batch, kernel, multiclass, ovr, ovo"),
        "{stderr}"
    );

    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let write = |name: &str, content: &str| {
        let path = dir.join(name);
        std::fs::write(&path, content).expect("writes");
        path.to_string_lossy().into_owned()
    };
    let bad_number = write("algo-bad-number.csv", "x1,x2,c\n1,1,a\n2,two,b\n");
    let short = write("algo-short.csv", "x1,x2,c\n1,1,a\n2,b\n");
    let seven = write("algo-seven.csv", "x,c\n1,a\n2,b\n3,c\n4,d\n5,e\n6,f\n7,g\n");
    let one = write("algo-one.csv", "x,c\n1,a\n2,a\n");
    for algo in multiclass_algos() {
        fails(
            &["--algo", algo, &bad_number],
            "line 3: column 2 is not a finite number",
        );
        fails(&["--algo", algo, &short], "line 3: expected 3 columns");
        fails(
            &["--algo", algo, &seven],
            "need 2 to 6 classes, but the data has 7",
        );
        fails(&["--algo", algo, &one], "all samples are of class a");
    }
    for algo in algos().into_iter().filter(|&a| data_for(a) != MULTI3) {
        fails(&["--algo", algo, &bad_number], "line 2: the label \"a\"");
        fails(&["--algo", algo, MULTI3], "line 2: the label \"pear\"");
    }
}

/// `--predict POINTS.csv` adds the predicted label of every row, spelled as in the data, for
/// every algorithm; bad prediction files are one-line errors naming the line.
#[test]
fn predict_adds_predictions_for_every_algorithm() {
    let dir = std::env::temp_dir().join(format!("perceptron-predict-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let points = dir.join("points.csv");
    std::fs::write(&points, "x1,x2\n3,4\n1,1\n").unwrap();
    let points = points.to_str().unwrap();
    for algo in algos().into_iter().filter(|&a| data_for(a) != MULTI3) {
        let v = predict_json(algo, points, "tests/data/seed000.csv");
        // Seed 000 (labels written + and -): (3, 4) is + and (1, 1) is -; every algorithm separates them.
        assert_eq!(
            v["result"]["predictions"],
            serde_json::json!(["+", "-"]),
            "{algo}"
        );
    }
    let multi = dir.join("multi.csv");
    std::fs::write(&multi, "x1,x2,label\n0,0,ignored\n").unwrap();
    for algo in multiclass_algos() {
        let v = predict_json(algo, multi.to_str().unwrap(), "tests/data/multi3.csv");
        let predictions = v["result"]["predictions"].as_array().expect("predictions");
        assert_eq!(predictions.len(), 1, "{algo}");
        let classes = v["result"]["classes"].as_array().unwrap();
        assert!(classes.contains(&predictions[0]), "{algo}: {predictions:?}");
        assert_eq!(
            v["result"]["weights"].as_array().map(Vec::len),
            v["result"]["bias"].as_array().map(Vec::len)
        );
        if algo == "ovo" {
            assert_eq!(
                v["result"]["pairs"],
                serde_json::json!([[0, 1], [0, 2], [1, 2]])
            );
        }
    }
    // Text formats print a line after the summary.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_perceptron-trace"))
        .args(["--no-steps", "--predict", points, "tests/data/seed000.csv"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Predictions for ") && text.trim_end().ends_with(": +, -."),
        "{text}"
    );
    // A bad row is an error naming the line.
    let bad = dir.join("bad.csv");
    std::fs::write(&bad, "x1,x2\n1,2\n1,x\n").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_perceptron-trace"))
        .args(["--predict", bad.to_str().unwrap(), "tests/data/seed000.csv"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("line 3: column 2 must be a finite number"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Option sets for the comparisons with the cores: the defaults; shuffled with another seed
/// and η; no bias and a low epoch cap (some runs stop unconverged).
const OPTIONS: [&[&str]; 3] = [
    &[],
    &["--order", "shuffle", "--seed", "7", "--eta", "0.5"],
    &["--no-bias", "--max-epochs", "3"],
];

/// The core's settings for one of [`OPTIONS`].
fn settings_for(options: &[&str]) -> Settings {
    let mut settings = Settings::default();
    let mut args = options.iter();
    while let Some(&flag) = args.next() {
        let mut value = || *args.next().expect("a value");
        match flag {
            "--no-bias" => settings.bias = false,
            "--order" => {
                assert_eq!(value(), "shuffle");
                settings.order = Order::Shuffle;
            }
            "--seed" => settings.seed = value().parse().unwrap(),
            "--eta" => settings.eta = value().parse().unwrap(),
            "--max-epochs" => settings.max_epochs = value().parse().unwrap(),
            other => panic!("no core setting for {other}"),
        }
    }
    settings
}

/// `result` of `--algo ALGO --format json --no-steps OPTIONS FILE`.
fn result_of(algo: &str, options: &[&str], file: &str) -> Value {
    let mut args = vec!["--algo", algo, "--format", "json", "--no-steps"];
    args.extend_from_slice(options);
    args.push(file);
    json(&args)["result"].clone()
}

fn binary(file: &str) -> Dataset {
    parse_csv(&std::fs::read(file).expect("reads the data")).expect("parses the data")
}

fn classes(file: &str) -> ClassData {
    parse_class_csv(&std::fs::read(file).expect("reads the data")).expect("parses the data")
}

/// Weight rows (bias first) of a multiclass-family result, three ways: `weights[k]` with
/// `bias[k]`, and `rows[k].weights`.
fn assert_rows(r: &Value, expected: &[Vec<f64>], what: &str) {
    let weights = r["weights"].as_array().expect("weights");
    let bias = floats(&r["bias"]);
    let rows = r["rows"].as_array().expect("rows");
    assert_eq!(
        weights.len(),
        expected.len(),
        "{what}: one weights row each"
    );
    assert_eq!(bias.len(), expected.len(), "{what}: one bias each");
    assert_eq!(rows.len(), expected.len(), "{what}: one row each");
    for (k, want) in expected.iter().enumerate() {
        assert_eq!(floats(&weights[k]), want[1..], "{what}: weights[{k}]");
        assert_eq!(bias[k], want[0], "{what}: bias[{k}]");
        assert_eq!(floats(&rows[k]["weights"]), *want, "{what}: rows[{k}]");
    }
}

/// The counters every result has, against the core's.
fn assert_counts(r: &Value, (epochs, updates, converged): (u64, u64, bool), what: &str) {
    assert_eq!(r["epochs"].as_u64(), Some(epochs), "{what}: epochs");
    assert_eq!(r["updates"].as_u64(), Some(updates), "{what}: updates");
    assert_eq!(
        r["converged"].as_bool(),
        Some(converged),
        "{what}: converged"
    );
}

#[test]
fn multiclass_ovr_and_ovo_json_match_the_cores() {
    let data = classes(MULTI3);
    let (d, k) = (data.dim(), data.num_classes());
    assert_eq!(k, 3);
    for options in OPTIONS {
        let settings = settings_for(options);
        // Each trainer against the CLI's result: rows, counts and steps.
        macro_rules! check {
            ($trainer:ident, $algo:literal) => {{
                let mut t = $trainer::new(settings.clone(), d, k).unwrap();
                t.run(&data, |_| {});
                let r = result_of($algo, options, MULTI3);
                let what = format!("{} {options:?}", $algo);
                assert_rows(&r, t.weights(), &what);
                let converged = t.state() == TrainState::Converged;
                assert_counts(&r, (t.epoch(), t.updates(), converged), &what);
                assert_eq!(r["steps"].as_u64(), Some(t.steps()), "{what}");
                (t, r, what)
            }};
        }
        // Multiclass and one-vs-rest: one row per class.
        check!(MulticlassTrainer, "multiclass");
        let (_, r, what) = check!(OvrTrainer, "ovr");
        assert!(r.get("pairs").is_none(), "{what}");
        // One-vs-one: one row per pair, pairs (0,1), (0,2), (1,2).
        let (t, r, what) = check!(OvoTrainer, "ovo");
        assert_eq!(t.weights().len(), 3, "{what}: one row per pair");
        assert_eq!(
            r["pairs"],
            serde_json::json!([[0, 1], [0, 2], [1, 2]]),
            "{what}"
        );
        let names = data.names();
        for (row, (i, j)) in r["rows"]
            .as_array()
            .unwrap()
            .iter()
            .zip([(0, 1), (0, 2), (1, 2)])
        {
            assert_eq!(
                row["pair"],
                serde_json::json!([names[i], names[j]]),
                "{what}"
            );
        }
    }
}

#[test]
fn binary_algos_json_match_the_cores() {
    for file in ["tests/data/seed000.csv", "tests/data/seed001-example1.csv"] {
        let data = binary(file);
        for options in OPTIONS {
            let settings = settings_for(options);
            let what = |algo: &str| format!("{algo} {file} {options:?}");
            // Batch: weights, bias, the criterion and the epochs that updated.
            let mut run = Batch::new(settings.clone(), data.dim()).unwrap();
            run.run(&data, |_| {});
            let r = result_of("batch", options, file);
            let w = run.weights();
            assert_eq!(floats(&r["weights"]), w[1..], "{}", what("batch"));
            assert_eq!(r["bias"].as_f64(), Some(w[0]), "{}", what("batch"));
            let criterion = run.criterion(&data);
            assert_eq!(
                r["criterion"].as_f64(),
                Some(criterion.value),
                "{}",
                what("batch")
            );
            assert_eq!(r["misclassified"], serde_json::json!(criterion.mistakes));
            let converged = run.state() == TrainState::Converged;
            assert_counts(&r, (run.epochs(), run.updates(), converged), &what("batch"));
            // The classic perceptron.
            let mut t = Trainer::new(settings.clone(), data.dim()).unwrap();
            t.run(&data, |_| {});
            let r = result_of("perceptron", options, file);
            assert_eq!(
                floats(&r["weights"]),
                t.weights()[1..],
                "{}",
                what("perceptron")
            );
            assert_eq!(r["bias"].as_f64(), Some(t.weights()[0]));
            let converged = t.state() == TrainState::Converged;
            assert_counts(&r, (t.epoch(), t.updates(), converged), &what("perceptron"));
            // Averaged: the updates of the classic rule it runs.
            let mut a = Averaged::new(settings.clone(), data.dim()).unwrap();
            a.run(&data, |_| {});
            let r = result_of("averaged", options, file);
            let trainer = a.trainer();
            let converged = a.state() == TrainState::Converged;
            assert_counts(
                &r,
                (trainer.epoch(), trainer.updates(), converged),
                &what("averaged"),
            );
            assert_eq!(
                r["steps"].as_u64(),
                Some(a.visits()),
                "{}",
                what("averaged")
            );
            // Kernel (linear and RBF).
            for (kernel, flag) in [
                (Kernel::Linear, "linear"),
                (Kernel::parse("rbf:1").unwrap(), "rbf:1"),
            ] {
                let mut k = KernelTrainer::new(settings.clone(), kernel, data.dim()).unwrap();
                k.run(&data, |_| {});
                let kernel_options = [&["--kernel", flag][..], options].concat();
                let r = result_of("kernel", &kernel_options, file);
                let what = what(&format!("kernel {flag}"));
                let converged = k.state() == TrainState::Converged;
                assert_counts(&r, (k.epoch(), k.updates(), converged), &what);
                assert_eq!(r["steps"].as_u64(), Some(k.steps()), "{what}");
                assert_eq!(floats(&r["alpha"]), k.alphas(), "{what}");
                assert_eq!(r["bias"].as_f64(), Some(k.bias()), "{what}");
            }
        }
    }
}

#[test]
fn multiclass_predicts_its_own_training_file_exactly() {
    // multi3.csv has a label column, which --predict ignores.
    let labels: Vec<String> = String::from_utf8(std::fs::read(MULTI3).unwrap())
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| l.rsplit(',').next().unwrap().to_string())
        .collect();
    assert_eq!(
        labels,
        ["pear", "pear", "apple", "apple", "cherry", "cherry"]
    );
    for algo in multiclass_algos() {
        let v = predict_json(algo, MULTI3, MULTI3);
        let r = &v["result"];
        assert_eq!(r["converged"], true, "{algo}: trained to convergence: {r}");
        assert_eq!(r["predictions"], serde_json::json!(labels), "{algo}: {r}");
        // The text formats give the same predictions after the summary.
        let text = stdout(&["--algo", algo, "--no-steps", "--predict", MULTI3, MULTI3]);
        assert!(
            text.trim_end()
                .ends_with(&format!(": {}.", labels.join(", "))),
            "{algo}: {text}"
        );
    }
}

/// The JSON result of `--algo ALGO --no-steps --predict POINTS DATA`.
fn predict_json(algo: &str, points: &str, data: &str) -> serde_json::Value {
    json(&[
        "--algo",
        algo,
        "--format",
        "json",
        "--no-steps",
        "--predict",
        points,
        data,
    ])
}

/// A run without the step table (taken without records where the algorithm can) ends where
/// the run with it ends: the same result, for every algorithm and both orders.
#[test]
fn no_steps_ends_where_the_full_run_ends() {
    for algo in algos() {
        let data = data_for(algo);
        for order in ["fixed", "shuffle"] {
            let args = ["--algo", algo, "--format", "json", "--order", order, data];
            let full = json(&args);
            let quiet = json(&[&["--no-steps"][..], &args[..]].concat());
            assert_eq!(quiet["result"], full["result"], "{algo} {order}");
            assert!(full["steps"].as_array().is_some_and(|s| !s.is_empty()));
        }
    }
}
