#![cfg(not(target_arch = "wasm32"))]
//! `perceptron-trace --algo pa1|pa2 [--c C]` end to end: the JSON trace and result against the
//! passive-aggressive core run on the same file, the table's loss and τ columns, and `--c`
//! checked (refused for other algorithms and for values its rule does not allow).

mod trace;

use perceptron_lab::core::algo::pa::{PaRecord, PaVariant, PassiveAggressive};
use perceptron_lab::core::Learner;
use perceptron_lab::core::{parse_csv, Order, Refusal, Settings, TrainState};
use serde_json::Value;
use trace::{stdout, trace};

/// The core run of `variant` with `c` on `file`: its records, and the run after it stopped.
fn core_run(
    file: &str,
    settings: Settings,
    variant: PaVariant,
    c: f64,
) -> (Vec<PaRecord>, PassiveAggressive, Refusal) {
    let data = parse_csv(&std::fs::read(file).unwrap()).unwrap();
    let mut run = PassiveAggressive::new(settings, data.dim(), variant, c).unwrap();
    let mut records = Vec::new();
    let stopped = run.run(&data, |r| records.push(r.clone()));
    (records, run, stopped)
}

/// The CLI's JSON for `options` equals the core run step by step and in its result.
fn agrees(algo: &str, options: &[&str], file: &str, settings: Settings, c: f64) {
    let variant = PaVariant::parse(algo).unwrap();
    let mut args = vec!["--algo", algo, "--format", "json"];
    args.extend_from_slice(options);
    args.push(file);
    let v: Value = serde_json::from_str(&stdout(&args)).expect("JSON");
    let (records, run, stopped) = core_run(file, settings, variant, c);
    assert_ne!(stopped, Refusal::Overflow, "{args:?}");
    assert_eq!(v["algo"], algo, "{args:?}");
    let steps = v["steps"].as_array().expect("steps");
    assert_eq!(steps.len(), records.len(), "{args:?}");
    for (step, record) in steps.iter().zip(&records) {
        assert_eq!(step, &serde_json::to_value(record).unwrap(), "{args:?}");
    }
    let w = run.weights();
    let result = &v["result"];
    assert_eq!(result["weights"], serde_json::json!(w[1..]), "{args:?}");
    assert_eq!(result["bias"], serde_json::json!(w[0]), "{args:?}");
    assert_eq!(result["epochs"], run.epoch(), "{args:?}");
    assert_eq!(result["updates"], run.updates(), "{args:?}");
    assert_eq!(
        result["converged"],
        run.state() == TrainState::Converged,
        "{args:?}"
    );
    assert_eq!(
        run.updates(),
        records.iter().filter(|r| r.updated).count() as u64
    );
}

#[test]
fn pa1_with_c_matches_the_core_run() {
    let example = "tests/data/seed001-example1.csv";
    agrees("pa1", &["--c", "0.5"], example, Settings::default(), 0.5);
    let shuffled = Settings {
        order: Order::Shuffle,
        seed: 7,
        max_epochs: 3,
        ..Settings::default()
    };
    agrees(
        "pa1",
        &[
            "--c",
            "0.5",
            "--order",
            "shuffle",
            "--seed",
            "7",
            "--max-epochs",
            "3",
        ],
        "tests/data/seed000.csv",
        shuffled,
        0.5,
    );
    // The run converges on the course's first example.
    let v: Value = serde_json::from_str(&stdout(&[
        "--algo",
        "pa1",
        "--c",
        "0.5",
        "--format",
        "json",
        "--no-steps",
        example,
    ]))
    .unwrap();
    assert_eq!(v["result"]["converged"], true);
    assert!(v.get("steps").is_none());
}

#[test]
fn pa2_matches_the_core_run_with_the_default_c_and_with_c() {
    let example = "tests/data/seed001-example1.csv";
    let five = Settings {
        max_epochs: 5,
        ..Settings::default()
    };
    agrees("pa2", &["--max-epochs", "5"], example, five.clone(), 1.0);
    agrees(
        "pa2",
        &["--c", "2", "--max-epochs", "5"],
        example,
        five,
        2.0,
    );
    let no_bias = Settings {
        bias: false,
        max_epochs: 2,
        ..Settings::default()
    };
    agrees(
        "pa2",
        &["--c", "0.25", "--no-bias", "--max-epochs", "2"],
        "tests/data/seed000.csv",
        no_bias,
        0.25,
    );
}

#[test]
fn the_table_shows_loss_and_tau_and_the_summary_names_the_variant() {
    let md = stdout(&[
        "--algo",
        "pa1",
        "--c",
        "0.5",
        "--max-epochs",
        "1",
        "tests/data/seed000.csv",
    ]);
    let lines: Vec<&str> = md.lines().collect();
    assert_eq!(
        lines[0],
        "| step | sample | x | y | weights | score | loss ℓ | τ | update |"
    );
    // Seed 000's first visit: (1, 1) of class −1 at w = 0 has ℓ = 1 and τ = min(C, 1/2) = 0.5.
    assert_eq!(
        lines[2],
        "| 1 | 1 | [1, 1] | -1 | [0, 0, 0] | 0 | 1 | 0.5 | → [-0.5, -0.5, -0.5] |"
    );
    assert!(
        lines[lines.len() - 1].ends_with("(bias first; PA-I, C = 0.5)."),
        "{md}"
    );
    let tex = stdout(&[
        "--algo",
        "pa2",
        "--format",
        "latex",
        "--max-epochs",
        "1",
        "tests/data/seed000.csv",
    ]);
    assert!(
        tex.contains("loss $\\ell$ & $\\tau$ & update \\\\"),
        "{tex}"
    );
    let csv = stdout(&[
        "--algo",
        "pa2",
        "--format",
        "csv",
        "--max-epochs",
        "1",
        "tests/data/seed000.csv",
    ]);
    assert!(
        csv.starts_with("step,epoch,index,x1,x2,y,w0_before,w1_before,w2_before,score,loss,norm_sq,tau,updated,skipped,w0_after"),
        "{csv}"
    );
}

#[test]
fn c_is_checked_and_only_for_the_passive_aggressive_rule() {
    for (args, expected) in [
        (
            vec!["--c", "0.5", "tests/data/seed000.csv"],
            "--c applies only to --algo pa1, pa2, not to --algo perceptron",
        ),
        (
            vec!["--algo", "kernel", "--c", "1", "tests/data/seed000.csv"],
            "not to --algo kernel",
        ),
        (
            vec!["--algo", "pa1", "--c", "0", "tests/data/seed000.csv"],
            "C must be positive and finite, got 0",
        ),
        (
            vec!["--algo", "pa2", "--c=-1", "tests/data/seed000.csv"],
            "C must be positive and finite, got -1",
        ),
    ] {
        let output = trace(&args);
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
    let output = trace(&["--algo", "pa1", "--c", "abc", "tests/data/seed000.csv"]);
    assert_eq!(output.status.code(), Some(2), "clap's usage error");
    let help = stdout(&["--help"]);
    assert!(help.contains("--c <C>"), "{help}");
    assert!(help.contains("pa1:") && help.contains("pa2:"), "{help}");
}

/// `perceptron-trace --algo pa1|pa2 --c C --max-epochs E` against scikit-learn 1.9.1 directly:
/// every recorded case of `tests/data/pa_reference.json` (written by `scripts/pa_reference.py`)
/// with two features, its points written to a CSV file. scikit-learn runs exactly E epochs; the
/// CLI stops at convergence or at E, which gives the same weights (a converged run no longer
/// changes).
#[test]
fn the_cli_agrees_with_scikit_learn_on_the_recorded_cases() {
    let text = std::fs::read_to_string("tests/data/pa_reference.json").unwrap();
    let reference: Value = serde_json::from_str(&text).unwrap();
    let dir = std::env::temp_dir().join(format!("pa-cli-reference-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut checked = 0;
    for case in reference["cases"].as_array().unwrap() {
        let points = reference["sets"][case["set"].as_str().unwrap()]
            .as_array()
            .unwrap();
        if points[0].as_array().unwrap().len() != 3 {
            continue; // the CLI's files here have two features
        }
        let file = dir.join(format!("{}.csv", case["set"].as_str().unwrap()));
        if !file.exists() {
            let mut csv = String::from("x1,x2,y\n");
            for p in points {
                let p = p.as_array().unwrap();
                csv.push_str(&format!("{},{},{}\n", p[0], p[1], p[2]));
            }
            std::fs::write(&file, csv).unwrap();
        }
        let c = case["c"].as_f64().unwrap().to_string();
        let epochs = case["max_epochs"].as_u64().unwrap().to_string();
        let init = match case["init"].as_array() {
            Some(w) => w
                .iter()
                .map(|v| v.as_f64().unwrap().to_string())
                .collect::<Vec<_>>()
                .join(","),
            None => "zero".to_string(),
        };
        let init = format!("--init={init}");
        let mut args = vec![
            "--algo",
            case["variant"].as_str().unwrap(),
            "--c",
            &c,
            "--max-epochs",
            &epochs,
            &init,
            "--no-steps",
            "--format",
            "json",
        ];
        if !case["bias"].as_bool().unwrap() {
            args.push("--no-bias");
        }
        let path = file.to_str().unwrap();
        args.push(path);
        let v: Value = serde_json::from_str(&stdout(&args)).expect("JSON");
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * (1.0 + b.abs());
        let theirs = case["coef"].as_array().unwrap();
        let ours = v["result"]["weights"].as_array().unwrap();
        for (a, b) in ours.iter().zip(theirs) {
            assert!(
                close(a.as_f64().unwrap(), b.as_f64().unwrap()),
                "{args:?}: {ours:?} vs {theirs:?}"
            );
        }
        let (b_ours, b_theirs) = (
            v["result"]["bias"].as_f64().unwrap(),
            case["intercept"].as_f64().unwrap(),
        );
        assert!(
            close(b_ours, b_theirs),
            "{args:?}: b {b_ours} vs {b_theirs}"
        );
        checked += 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(checked >= 500, "only {checked} cases checked");
}
