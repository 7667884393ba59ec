//! "This run in code" is run: for every algorithm on several scenarios (course examples, with
//! and without bias, η ≠ 1, shuffled order, random initial weights, mid-epoch steps), the
//! session's Python snippet is executed with NumPy and scikit-learn 1.9 and the weights it
//! prints are compared with the lab's, within 1e-9 relative (most agree to the last bit; the
//! test says how many). `perceptron-trace --emit python --steps N` writes the same text.
//!
//! The Python comes from `PERCEPTRON_PYTHON` (scripts/test.sh exports it), else
//! `target/python-venv/bin/python`; `scripts/setup.sh --test` installs it. Without it the test
//! fails and says so.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::algo::kernel::Kernel as KernelFn;
use perceptron_lab::core::{
    Action, Algorithm, InitWeights, Model, Order, Preset, Session, Settings, Setup,
};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

/// The Python with NumPy and scikit-learn, or a failure naming the setup command.
fn python() -> PathBuf {
    let path = std::env::var_os("PERCEPTRON_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/python-venv/bin/python")
        });
    let ok = Command::new(&path)
        .args([
            "-c",
            "import numpy, sklearn; assert sklearn.__version__.startswith('1.9')",
        ])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    assert!(
        ok,
        "no Python with NumPy and scikit-learn 1.9 at {} (set PERCEPTRON_PYTHON): run \
         `scripts/setup.sh --test` first",
        path.display()
    );
    path
}

/// One scenario: a preset, then the algorithm (keeping the points), settings changed by
/// `tweak`, and `steps` steps (`None`: run to convergence).
struct Case {
    name: &'static str,
    preset: Preset,
    algorithm: Algorithm,
    kernel: Option<KernelFn>,
    params: &'static [(&'static str, f64)],
    tweak: fn(&mut Settings),
    steps: Option<u64>,
    /// Whether the snippet must have a scikit-learn part that prints the weights.
    sklearn: bool,
}

fn keep(_: &mut Settings) {}
fn shuffle(s: &mut Settings) {
    s.order = Order::Shuffle;
    s.seed = 7;
}
fn shuffle_half(s: &mut Settings) {
    shuffle(s);
    s.eta = 0.5;
}
fn random(s: &mut Settings) {
    s.init = InitWeights::Random;
    s.seed = 3;
}
fn random_shuffle(s: &mut Settings) {
    random(s);
    s.order = Order::Shuffle;
}
fn no_bias_eta(s: &mut Settings) {
    s.bias = false;
    s.init = InitWeights::Zero;
    s.eta = 0.3;
}
fn zero(s: &mut Settings) {
    s.init = InitWeights::Zero;
}
fn zero_eta(s: &mut Settings) {
    s.init = InitWeights::Zero;
    s.eta = 0.1;
}

// A table: one case a line.
#[rustfmt::skip]
fn cases() -> Vec<Case> {
    use Algorithm::*;
    let c = |name, preset, algorithm, tweak, steps, sklearn| Case {
        name, preset, algorithm, kernel: None, params: &[], tweak, steps, sklearn,
    };
    vec![
        // The classic rule.
        c("seed000 table, 5 steps", Preset::Seed000, Perceptron, keep, Some(5), true),
        c("seed000 mid-epoch", Preset::Seed000, Perceptron, keep, Some(7), true),
        c("seed000 to convergence", Preset::Seed000, Perceptron, keep, None, true),
        c("seed001 no bias", Preset::Seed001, Perceptron, keep, None, true),
        c("noisy shuffled η=0.5", Preset::Noisy, Perceptron, shuffle_half, Some(37), true),
        c("small margin random init", Preset::SmallMargin, Perceptron, random, Some(53), true),
        c("noisy no bias η=0.3", Preset::Noisy, Perceptron, no_bias_eta, Some(44), true),
        c("step 0", Preset::Seed000, Perceptron, keep, Some(0), false),
        // From [-1, 0, 0] the first visit sees one class only: scikit-learn's fit cannot start.
        c("seed000 step 1", Preset::Seed000, Perceptron, keep, Some(1), false),
        c("seed000 random init shuffled", Preset::Seed000, Perceptron, random_shuffle, Some(19), true),
        // Averaged.
        c("averaged seed000", Preset::Seed000, Averaged, keep, Some(9), true),
        c("averaged seed000 from zero, 3 epochs", Preset::Seed000, Averaged, zero, Some(13), true),
        c("averaged seed000 random shuffled", Preset::Seed000, Averaged, random_shuffle, Some(17), true),
        c("averaged noisy shuffled", Preset::Noisy, Averaged, shuffle, Some(41), true),
        c("averaged random init", Preset::Noisy, Averaged, random_shuffle, Some(30), true),
        c("averaged no bias", Preset::Seed001, Averaged, no_bias_eta, Some(6), true),
        // Batch.
        c("batch seed000", Preset::Seed000, Batch, keep, Some(4), false),
        c("batch seed002 random init", Preset::Seed002, Batch, keep, Some(10), false),
        c("batch noisy η=0.3 no bias", Preset::Noisy, Batch, no_bias_eta, Some(7), false),
        // Kernel.
        c("kernel xor rbf", Preset::XorRbf, Kernel, keep, Some(30), false),
        c("kernel rings poly", Preset::RingsPoly, Kernel, keep, Some(50), false),
        c("kernel rings shuffled", Preset::RingsPoly, Kernel, shuffle_half, Some(23), false),
        Case {
            kernel: Some(KernelFn::Linear),
            ..c("kernel linear seed001", Preset::Seed001, Kernel, keep, Some(8), false)
        },
        // Multiclass.
        c("multiclass blobs", Preset::Blobs3, Multiclass, keep, Some(20), false),
        c("multiclass seed000", Preset::Seed000Multiclass, Multiclass, keep, Some(1), false),
        c("multiclass random shuffled", Preset::Blobs3, Multiclass, random_shuffle, Some(13), false),
        // One-vs-rest.
        c("ovr blobs", Preset::Blobs3, Ovr, keep, Some(17), true),
        c("ovr blobs to convergence", Preset::Blobs3, Ovr, keep, None, true),
        c("ovr random init", Preset::Blobs3, Ovr, random, Some(70), true),
        c("ovr shuffled η=0.5", Preset::Blobs3, Ovr, shuffle_half, Some(29), true),
        c("ovr two classes", Preset::Seed000, Ovr, zero, Some(8), true),
        // One-vs-one.
        c("ovo blobs", Preset::Blobs3, Ovo, keep, Some(25), true),
        c("ovo shuffled η=0.5", Preset::Blobs3, Ovo, shuffle_half, Some(11), true),
        c("ovo random init", Preset::Blobs3, Ovo, random, Some(9), false),
        // Passive-aggressive.
        Case { params: &[("C", 0.5)], ..c("pa1 seed000 C=0.5", Preset::Seed000, Pa1, zero, Some(7), true) },
        c("pa1 noisy shuffled", Preset::Noisy, Pa1, shuffle, Some(33), true),
        c("pa1 random init", Preset::SmallMargin, Pa1, random, Some(40), true),
        Case { params: &[("C", 2.0)], ..c("pa2 seed001 no bias C=2", Preset::Seed001, Pa2, no_bias_eta, Some(10), true) },
        c("pa2 noisy η=0.1", Preset::Noisy, Pa2, zero_eta, Some(25), true),
        c("pa2 seed000 random init", Preset::Seed000, Pa2, random_shuffle, Some(12), true),
    ]
}

fn act(s: &mut Session, action: Action) {
    if let Err(e) = s.apply(action) {
        panic!("refused: {e}");
    }
}

fn session(case: &Case) -> Session {
    let mut s = Session::new();
    act(&mut s, Action::LoadPreset(case.preset));
    let mut settings = s.settings().clone();
    (case.tweak)(&mut settings);
    act(&mut s, Action::SetSettings(settings));
    let preset_setup = case.preset.setup();
    act(
        &mut s,
        Action::SetSetup(Setup {
            algorithm: case.algorithm,
            kernel: case.kernel.unwrap_or(preset_setup.kernel),
            classes: if case.algorithm.is_multiclass() && !preset_setup.algorithm.is_multiclass() {
                2
            } else {
                preset_setup.classes
            },
            rows: preset_setup.rows.clone(),
            params: case
                .params
                .iter()
                .map(|&(k, v)| (k.to_string(), v))
                .collect(),
        }),
    );
    match case.steps {
        Some(n) => {
            for _ in 0..n {
                act(&mut s, Action::Step);
            }
        }
        None => act(&mut s, Action::RunToConvergence),
    }
    s
}

/// The lab's numbers by the names the snippet prints them under.
fn lab_values(s: &Session) -> BTreeMap<&'static str, Vec<f64>> {
    let model = s.model();
    let mut out = BTreeMap::new();
    match model {
        Model::Kernel(k) => {
            let mut alpha = k.alphas().to_vec();
            alpha.resize(s.data().len(), 0.0);
            out.insert("alpha", alpha);
            out.insert("b", vec![k.bias()]);
        }
        Model::Averaged(a) => {
            out.insert("w", a.weights().to_vec());
            out.insert("w_avg", a.average());
        }
        _ => {
            if let Some(w) = model.linear_weights() {
                out.insert("w", w.to_vec());
            }
            if let Some(rows) = model.rows() {
                out.insert("W", rows.concat());
            }
        }
    }
    out
}

/// The lines `PART NAME = [..]` of the snippet's output, flattened.
fn printed(stdout: &str) -> Vec<(String, String, Vec<f64>)> {
    stdout
        .lines()
        .filter_map(|line| {
            let (head, json) = line.split_once(" = ")?;
            let (part, name) = head.split_once(' ')?;
            let value: serde_json::Value = serde_json::from_str(json).ok()?;
            let mut flat = Vec::new();
            flatten(&value, &mut flat);
            Some((part.to_string(), name.to_string(), flat))
        })
        .collect()
}

fn flatten(v: &serde_json::Value, out: &mut Vec<f64>) {
    match v {
        serde_json::Value::Array(items) => items.iter().for_each(|i| flatten(i, out)),
        other => out.push(other.as_f64().unwrap_or(f64::NAN)),
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

#[test]
fn every_snippet_prints_the_labs_weights() {
    let python = python();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("emit_python");
    std::fs::create_dir_all(&dir).unwrap();
    let mut covered = std::collections::BTreeSet::new();
    let (mut numbers, mut exact) = (0usize, 0usize);
    for (n, case) in cases().iter().enumerate() {
        let s = session(case);
        assert!(
            case.steps.is_none_or(|steps| s.model().steps() == steps),
            "{}: the session took {} steps",
            case.name,
            s.model().steps()
        );
        let code = s.python_code();
        let file = dir.join(format!("case{n}.py"));
        std::fs::write(&file, &code).unwrap();
        let out = Command::new(&python).arg(&file).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}: the snippet failed:\n{}\n{code}",
            case.name,
            String::from_utf8_lossy(&out.stderr)
        );
        let lab = lab_values(&s);
        let lines = printed(&stdout);
        for (name, want) in &lab {
            let numpy = lines
                .iter()
                .find(|(p, k, _)| p == "numpy" && k == name)
                .unwrap_or_else(|| panic!("{}: no `numpy {name}` in\n{stdout}", case.name));
            assert_eq!(numpy.2.len(), want.len(), "{}: numpy {name}", case.name);
        }
        let sklearn: Vec<_> = lines.iter().filter(|(p, _, _)| p == "sklearn").collect();
        assert_eq!(
            !sklearn.is_empty(),
            case.sklearn,
            "{}: scikit-learn part expected: {}\n{stdout}",
            case.name,
            case.sklearn
        );
        assert!(!lines.is_empty());
        for (part, name, got) in &lines {
            let want = lab
                .get(name.as_str())
                .unwrap_or_else(|| panic!("{}: the lab has no {name}", case.name));
            assert_eq!(got.len(), want.len(), "{}: {part} {name}", case.name);
            for (g, w) in got.iter().zip(want) {
                assert!(
                    close(*g, *w),
                    "{}: {part} {name} = {got:?}, the lab has {want:?}",
                    case.name
                );
                numbers += 1;
                exact += usize::from(g == w);
            }
        }
        covered.insert(case.algorithm.name());
    }
    for a in Algorithm::ALL {
        assert!(covered.contains(a.name()), "no case runs {}", a.name());
    }
    eprintln!("{exact} of {numbers} printed numbers equal the lab's exactly; all within 1e-9");
}

/// The command line writes the same snippet as the session for the same points, settings and
/// step.
#[test]
fn the_cli_writes_the_sessions_snippet() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("emit_python_cli");
    std::fs::create_dir_all(&dir).unwrap();
    for (n, case) in cases()
        .iter()
        .enumerate()
        .filter(|(_, c)| c.steps.is_some())
    {
        let s = session(case);
        let data = s.data();
        let mut csv = String::from("x1,x2,label\n");
        for i in 0..data.len() {
            let label = if case.algorithm.is_multiclass() {
                data.class(i).to_string()
            } else {
                format!("{}", data.label(i).y())
            };
            csv += &format!("{},{},{label}\n", data.x(i)[0], data.x(i)[1]);
        }
        if case.algorithm.is_multiclass()
            && (0..s.num_classes()).any(|k| !data.class_indices().any(|c| c == k))
        {
            continue; // the file cannot name a class without points
        }
        if s.setup().rows.is_some() {
            continue; // explicit rows are the page's own
        }
        let file = dir.join(format!("case{n}.csv"));
        std::fs::write(&file, csv).unwrap();
        let set = s.settings();
        let mut args = vec![
            "--emit".to_string(),
            "python".into(),
            "--steps".into(),
            s.model().steps().to_string(),
            "--algo".into(),
            case.algorithm.name().into(),
            "--eta".into(),
            set.eta.to_string(),
            "--order".into(),
            set.order.name().into(),
            "--seed".into(),
            set.seed.to_string(),
            "--max-epochs".into(),
            set.max_epochs.to_string(),
            "--init".into(),
            set.init.to_string(),
        ];
        if !set.bias {
            args.push("--no-bias".into());
        }
        if case.algorithm.kind() == perceptron_lab::core::algo::Kind::Kernel {
            args.push("--kernel".into());
            args.push(s.setup().kernel.to_string());
        }
        for (k, v) in case.params {
            args.push(format!("--{}", k.to_ascii_lowercase()));
            args.push(v.to_string());
        }
        args.push(file.display().to_string());
        let out = Command::new(env!("CARGO_BIN_EXE_perceptron-trace"))
            .args(&args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}: {}",
            case.name,
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            s.python_code(),
            "{}: perceptron-trace {}",
            case.name,
            args.join(" ")
        );
    }
}

/// Issue 38, finding 10: at extreme sizes (`a=averaged&e=5e-324` with points near 1e308)
/// scikit-learn's running mean of the weights becomes NaN while the lab's sum / t and the
/// NumPy part stay finite. The snippet then prints a line saying so instead of NaN; where
/// scikit-learn can follow, it prints its finite w_avg as before.
#[test]
fn the_averaged_snippet_says_when_sklearns_running_mean_cannot_follow() {
    let python = python();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("emit_python_extreme");
    std::fs::create_dir_all(&dir).unwrap();
    let max = "1.7976931348623157e308";
    let cases = [
        // (link's η, points, steps, whether scikit-learn's mean is lost)
        (
            "5e-324",
            "1e308,1e308,1;-1e308,-1e308,0;1e308,-1e307,1;-1e307,1e308,0".to_string(),
            20,
            true,
        ),
        (
            "5e-324",
            format!("1e308,1e308,1;-1e308,-1e308,0;{max},-{max},1;5e-324,5e-324,0;1,1,0"),
            25,
            true,
        ),
        ("5e-324", "1,2,1;-1,0,0;0,-2,0;2,1,1".to_string(), 8, false),
        ("1", "1e308,1e308,1;-1e308,-1e308,0".to_string(), 4, false),
    ];
    for (n, (eta, points, steps, lost)) in cases.iter().enumerate() {
        let link =
            format!("#v=1&a=averaged&b=1&i=zero&e={eta}&o=fixed&s=1&m=1000&n={steps}&p={points}");
        let scenario = perceptron_lab::core::scenario::from_link(&link)
            .unwrap()
            .scenario
            .unwrap();
        let mut s = Session::new();
        act(&mut s, Action::LoadScenario(scenario));
        let code = s.python_code();
        let file = dir.join(format!("case{n}.py"));
        std::fs::write(&file, &code).unwrap();
        let out = Command::new(&python).arg(&file).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{link}: the snippet failed:\n{}\n{code}",
            String::from_utf8_lossy(&out.stderr)
        );
        // Nothing printed is NaN or infinite (json.dumps writes NaN, Infinity, -Infinity).
        for line in stdout.lines() {
            assert!(
                !line.contains("NaN") && !line.contains("Infinity"),
                "{link}: a number that is not finite is printed: {line}\n{stdout}"
            );
        }
        let lab = lab_values(&s);
        let lines = printed(&stdout);
        for (name, want) in &lab {
            let (_, _, got) = lines
                .iter()
                .find(|(p, k, _)| p == "numpy" && k == name)
                .unwrap_or_else(|| panic!("{link}: no `numpy {name}` in\n{stdout}"));
            assert!(
                got.len() == want.len() && got.iter().zip(want).all(|(g, w)| close(*g, *w)),
                "{link}: numpy {name} = {got:?}, the lab has {want:?}"
            );
        }
        let sklearn = lines
            .iter()
            .find(|(p, k, _)| p == "sklearn" && k == "w_avg");
        let note = stdout.lines().find(|l| {
            l.starts_with(
                "sklearn w_avg: not a finite number: scikit-learn's running mean cannot follow",
            )
        });
        if *lost {
            assert!(
                sklearn.is_none() && note.is_some(),
                "{link}: scikit-learn's mean is lost here; the snippet says so:\n{stdout}"
            );
            assert!(
                note.unwrap()
                    .ends_with("the NumPy part has the lab's w_avg."),
                "{stdout}"
            );
        } else {
            let (_, _, got) =
                sklearn.unwrap_or_else(|| panic!("{link}: no sklearn w_avg\n{stdout}"));
            assert!(note.is_none(), "{stdout}");
            let want = &lab["w_avg"];
            assert!(
                got.iter().zip(want).all(|(g, w)| close(*g, *w)),
                "{link}: sklearn w_avg = {got:?}, the lab has {want:?}"
            );
        }
    }
}

/// Points edited while training was under way cannot be replayed by a script: the snippet says
/// so and holds no code; after Reset it is code again.
#[test]
fn an_edit_during_training_gives_a_note() {
    let mut s = Session::new();
    act(&mut s, Action::LoadPreset(Preset::Seed000));
    act(&mut s, Action::Step);
    act(&mut s, Action::Step);
    act(
        &mut s,
        Action::AddPoint {
            x: 4.0,
            y: 1.0,
            alternate: false,
            pixel: 0.01,
        },
    );
    act(&mut s, Action::Step);
    let code = s.python_code();
    assert!(code.contains("No code: the points were edited"), "{code}");
    assert!(!code.contains("import"), "{code}");
    act(&mut s, Action::Reset);
    act(&mut s, Action::Step);
    let code = s.python_code();
    assert!(code.contains("after step 1."), "{code}");
    assert!(
        code.contains("    [4.0, 1.0],"),
        "the added point is in the data: {code}"
    );
}

/// Multiclass class names are written as quoted strings in a comment, so a name with a line
/// break or a quote cannot break the script.
#[test]
fn class_names_are_quoted_in_the_comment() {
    let mut s = Session::new();
    act(
        &mut s,
        Action::SetSetup(Setup {
            algorithm: Algorithm::Multiclass,
            classes: 2,
            ..Setup::default()
        }),
    );
    act(
        &mut s,
        Action::ImportCsv(b"x1,x2,label\n0,0,\"a\"\"b\"\n1,1,\"c'd\"\n".to_vec()),
    );
    act(&mut s, Action::Step);
    let code = s.python_code();
    let comment = code
        .lines()
        .find(|l| l.starts_with("# The points"))
        .expect("the points' comment");
    // (A line break in a name, which could end the comment, is refused on import: issue #15.)
    assert!(comment.contains(r#"0 = "a\"b", 1 = "c'd""#), "{comment}");
}

/// The command line's bad input around `--emit`: a one-line error, never a panic.
#[test]
fn the_cli_refuses_bad_emit_options() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("emit_python_bad");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("seed000.csv");
    std::fs::write(&file, "x1,x2,y\n1,1,-1\n3,2,1\n2,4,1\n3,4,1\n2,3,-1\n").unwrap();
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_perceptron-trace"))
            .args(args)
            .arg(&file)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, _, err) = run(&["--steps", "3"]);
    assert_eq!(code, Some(2), "--steps needs --emit: {err}");
    assert!(err.contains("--emit"), "{err}");
    let (code, _, err) = run(&["--emit", "rust"]);
    assert_eq!(code, Some(2), "{err}");
    let (code, out, err) = run(&["--emit", "python", "--algo", "kernel", "--init", "random"]);
    assert_eq!(code, Some(1));
    assert!(out.is_empty());
    assert!(
        err.starts_with("perceptron-trace: ") && err.contains("α = 0"),
        "{err}"
    );
    let (code, _, err) = run(&["--emit", "python", "--predict", "x.csv"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("--predict does not go with --emit"), "{err}");
    // Without --steps the snippet shows the run at its end: seed 000 from zero converges.
    let (code, out, err) = run(&["--emit", "python"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("# Training has converged at this step."),
        "{out}"
    );
}

/// The page's snippet is rewritten while a run plays, so its cost may not grow with the step
/// count (issue 38, finding 3): past `PAGE_CODE_STEPS` the panel says how to get the code
/// instead of replaying the run and listing every shuffled visit.
#[test]
fn a_run_longer_than_the_page_writes_gives_a_note() {
    use perceptron_lab::core::code::PAGE_CODE_STEPS;
    let points: Vec<String> = (0..40)
        .map(|i| {
            let t = f64::from(i) * 0.7;
            format!("{:.4},{:.4},{}", 3.0 * t.cos(), 3.0 * t.sin(), i % 2)
        })
        .collect();
    let at = |step: u64| {
        let link = format!(
            "v=1&a=perceptron&b=1&i=zero&e=1&o=shuffle&s=1&m=1000000&n={}&p={}",
            step.min(PAGE_CODE_STEPS),
            points.join(";")
        );
        let scenario = perceptron_lab::core::scenario::from_link(&link)
            .unwrap()
            .scenario
            .unwrap();
        let mut s = Session::new();
        act(&mut s, Action::LoadScenario(scenario));
        // A link holds at most 100,000 steps; the rest are taken one by one.
        while s.model().steps() < step {
            act(&mut s, Action::Step);
        }
        assert_eq!(s.model().steps(), step);
        s.python_code()
    };
    let written = at(PAGE_CODE_STEPS);
    assert!(
        written.contains("after step 100000."),
        "{}",
        &written[..300]
    );
    assert!(
        written.contains("epochs = ["),
        "the shuffled orders are written out"
    );
    let note = at(PAGE_CODE_STEPS + 1);
    assert_eq!(
        note,
        "# Perceptron Lab: Perceptron (classic rule), after step 100,001.\n# No code here: the page writes out \
         runs of up to 100,000 steps (the script replays every\n# visit). `perceptron-trace \
         --emit python --steps 100001` with this run's points and\n# settings writes runs of up \
         to 1,000,000 steps; or go back to an earlier step.\n"
    );
}
