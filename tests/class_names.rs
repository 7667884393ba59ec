//! Class names: a points CSV imported under a multiclass algorithm keeps its labels — in the
//! saved points CSV, in the texts, when K changes — and loses them only to a preset or a binary
//! algorithm; and whatever names are accepted, every export (the page's and the command
//! line's, in CSV, Markdown and LaTeX) holds them safely and reads back to them.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::algo::kernel::Kernel;
use perceptron_lab::core::scenario::{check_class_names, from_link, to_link, Scenario};
use perceptron_lab::core::table::{csv_formula_restore, csv_formula_safe, TableFormat};
use perceptron_lab::core::{Action, Algorithm, Preset, Session, Setup};
use proptest::prelude::*;

// The shared helpers: readers of the exports, and the command line as a process.
#[allow(dead_code)]
mod exports;
#[allow(dead_code)]
mod trace;

use exports::{check_latex, markdown_cells, markdown_decode, spreadsheet_runs};

const MULTI3: &[u8] = include_bytes!("data/multi3.csv");

/// Applies `action`, failing the test with the error's message if it is refused.
fn act(s: &mut Session, action: Action) {
    if let Err(e) = s.apply(action) {
        panic!("refused: {e}");
    }
}

fn choose(s: &mut Session, algorithm: Algorithm, classes: usize) {
    act(
        s,
        Action::SetSetup(Setup {
            algorithm,
            kernel: Kernel::Linear,
            classes,
            rows: None,
            params: Vec::new(),
        }),
    );
}

/// A session of `algorithm` (K = 3) with `csv` imported.
fn imported(algorithm: Algorithm, csv: &[u8]) -> Session {
    let mut s = Session::new();
    choose(&mut s, algorithm, 3);
    act(&mut s, Action::ImportCsv(csv.to_vec()));
    s
}

/// A CSV field written by hand (not by the `csv` crate the session uses): quoted when it holds a
/// comma, a quote or a line break.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

#[test]
fn a_saved_points_csv_keeps_the_labels_of_the_imported_file() {
    let s = imported(Algorithm::Multiclass, MULTI3);
    assert_eq!(s.class_names(), ["apple", "cherry", "pear"]);
    assert!(!s.has_default_class_names());
    assert_eq!(
        s.points_csv(),
        "x1,x2,label\n1,1,pear\n2,1,pear\n-1,2,apple\n-2,1,apple\n0,-2,cherry\n1,-3,cherry\n"
    );
    // Read back: the same points, classes and names.
    let t = imported(Algorithm::Ovo, s.points_csv().as_bytes());
    assert_eq!(t.data(), s.data());
    assert_eq!(t.class_names(), s.class_names());
}

#[test]
fn points_and_presets_have_the_default_names() {
    let mut s = Session::new();
    assert_eq!(s.class_names(), ["-1", "+1"]);
    assert!(s.has_default_class_names());
    choose(&mut s, Algorithm::Ovr, 4);
    assert_eq!(s.class_names(), ["0", "1", "2", "3"]);
    act(&mut s, Action::LoadPreset(Preset::Blobs3));
    assert_eq!(s.class_names(), ["0", "1", "2"]);
    // A preset drops the names of an imported file.
    let mut s = imported(Algorithm::Multiclass, MULTI3);
    act(&mut s, Action::LoadPreset(Preset::Blobs3));
    assert_eq!(s.class_names(), ["0", "1", "2"]);
    assert!(s.points_csv().ends_with(",2\n"), "{}", s.points_csv());
    // Labels that are the default names are the default names.
    let s = imported(Algorithm::Ovr, b"x1,x2,y\n0,0,0\n1,1,1\n2,2,2\n");
    assert!(s.has_default_class_names());
    assert_eq!(s.scenario().class_names, None);
    // Numbers other than 0, 1, … are kept (sorted numerically), not renumbered.
    let s = imported(Algorithm::Ovr, b"x1,x2,y\n0,0,10\n1,1,-1\n2,2,2.5\n");
    assert_eq!(s.class_names(), ["-1", "2.5", "10"]);
    assert_eq!(s.points_csv(), "x1,x2,label\n0,0,10\n1,1,-1\n2,2,2.5\n");
}

#[test]
fn changing_k_keeps_the_names_and_names_new_classes_uniquely() {
    let mut s = imported(Algorithm::Multiclass, MULTI3);
    choose(&mut s, Algorithm::Ovr, 5);
    assert_eq!(s.class_names(), ["apple", "cherry", "pear", "3", "4"]);
    choose(&mut s, Algorithm::Ovo, 3);
    assert_eq!(s.class_names(), ["apple", "cherry", "pear"]);
    // Fewer classes than the points use: refused, the names stay.
    let err = s
        .apply(Action::SetSetup(Setup {
            algorithm: Algorithm::Ovo,
            kernel: Kernel::Linear,
            classes: 2,
            rows: None,
            params: Vec::new(),
        }))
        .unwrap_err();
    assert!(
        err.to_string().contains("the points use 3 classes"),
        "{err}"
    );
    assert_eq!(s.class_names(), ["apple", "cherry", "pear"]);
    // Reset, new settings and Clear keep the names.
    act(&mut s, Action::Reset);
    let settings = s.settings().clone();
    act(&mut s, Action::SetSettings(settings));
    act(&mut s, Action::Clear);
    assert_eq!(s.class_names(), ["apple", "cherry", "pear"]);
    // A new class whose index is already a name: `class K`, then `class K (2)`, ….
    let mut s = imported(
        Algorithm::Multiclass,
        b"x1,x2,y\n0,0,3\n1,1,class 4\n2,2,zebra\n",
    );
    assert_eq!(s.class_names(), ["3", "class 4", "zebra"]);
    choose(&mut s, Algorithm::Multiclass, 6);
    assert_eq!(
        s.class_names(),
        ["3", "class 4", "zebra", "class 3", "4", "5"]
    );
    let mut s = imported(
        Algorithm::Multiclass,
        b"x1,x2,y\n0,0,3\n1,1,class 3\n2,2,zebra\n",
    );
    choose(&mut s, Algorithm::Multiclass, 4);
    assert_eq!(s.class_names(), ["3", "class 3", "zebra", "class 3 (2)"]);
    // The names of a larger K go into the link and come back.
    let mut t = Session::new();
    act(
        &mut t,
        Action::LoadScenario(
            from_link(&to_link(&s.scenario()))
                .unwrap()
                .scenario
                .unwrap(),
        ),
    );
    assert_eq!(t.class_names(), s.class_names());
}

#[test]
fn a_binary_algorithm_has_minus_one_and_plus_one() {
    let mut s = imported(Algorithm::Ovr, b"x1,x2,y\n0,0,no\n1,1,yes\n1,0,yes\n");
    assert_eq!(s.class_names(), ["no", "yes"]);
    choose(&mut s, Algorithm::Perceptron, 3);
    assert_eq!(s.class_names(), ["-1", "+1"]);
    assert_eq!(s.points_csv(), "x1,x2,label\n0,0,-1\n1,1,+1\n1,0,+1\n");
    assert_eq!(s.scenario().class_names, None);
    act(&mut s, Action::Step);
    assert_eq!(s.status().sample, "#1 (0, 0), y = -1");
    // Back to a multiclass algorithm: the default names (the link never held the others).
    choose(&mut s, Algorithm::Ovr, 3);
    assert_eq!(s.class_names(), ["0", "1", "2"]);
    // A CSV imported under a binary algorithm keeps -1/+1.
    let mut s = Session::new();
    act(
        &mut s,
        Action::ImportCsv(b"x1,x2,y\n1,2,+1\n-1,0,-1\n".to_vec()),
    );
    assert_eq!(s.class_names(), ["-1", "+1"]);
}

#[test]
fn the_texts_name_the_classes() {
    let mut s = imported(Algorithm::Multiclass, MULTI3);
    assert_eq!(
        s.status().notice,
        "Loaded 6 points from the file; training restarts. Labels: apple → class 0, cherry → class 1, pear → class 2."
    );
    assert_eq!(
        s.status().points,
        "6 (2 of class apple, 2 of class cherry, 2 of class pear)"
    );
    act(&mut s, Action::Step);
    let status = s.status();
    assert_eq!(status.sample, "#1 (1, 1), class pear");
    assert_eq!(status.explain_title, "Step 1: sample #1 (1, 1), class pear");
    assert_eq!(
        status.explain_check,
        "ŷ = argmax s = apple ≠ y = pear → mistake"
    );
    assert_eq!(
        status.outcome,
        "mistake (predicted apple) → W2 += η·f(x) → [1, 1, 1]; W0 −= η·f(x) → [-1, -1, -1]"
    );
    act(&mut s, Action::Step);
    assert_eq!(
        s.status().explain_check,
        "ŷ = argmax s = pear = y → correct"
    );
    let rows = s.trace_rows(0, 10);
    assert!(rows[0].score.ends_with("ŷ = apple"), "{}", rows[0].score);
    assert!(rows[1].score.ends_with("ŷ = pear"), "{}", rows[1].score);
    // The weights keep their row indices: W0 is apple's row.
    assert!(status.weights.starts_with("W0 = "), "{}", status.weights);
    act(&mut s, Action::SelectClass(1));
    assert_eq!(s.status().notice, "Taps and clicks now add class cherry.");
    act(
        &mut s,
        Action::AddPoint {
            x: 3.0,
            y: 3.0,
            alternate: false,
            pixel: 0.01,
        },
    );
    assert!(
        s.status()
            .notice
            .starts_with("Added point #7 at (3, 3), class cherry."),
        "{}",
        s.status().notice
    );
    // One-vs-rest checks each class's classifier by name; one-vs-one names the pairs by index.
    let mut s = imported(Algorithm::Ovr, MULTI3);
    act(&mut s, Action::Step);
    let check = s.status().explain_check;
    assert!(check.starts_with("apple: y·s = "), "{check}");
    assert!(check.contains(", pear: y·s = "), "{check}");
    let mut s = imported(Algorithm::Ovo, MULTI3);
    act(&mut s, Action::Step);
    let title = s.status().explain_title;
    assert!(
        title.ends_with("class pear: the pairs with class pear (0|2, 1|2)"),
        "{title}"
    );
}

#[test]
fn labels_that_a_file_could_not_keep_are_refused_on_import() {
    let mut s = imported(Algorithm::Multiclass, MULTI3);
    let before = (s.data().clone(), s.class_names().to_vec());
    let long = "y".repeat(101);
    for (csv, expected) in [
        (
            format!("x1,x2,y\n0,0,a\n1,1,{long}\n"),
            "line 3: the label \"yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\"… (101 characters) is longer than the 100 characters a class name may hold",
        ),
        (
            "x1,x2,y\n0,0,a\n1,1,\n".to_string(),
            "file: the name of class 0 is empty",
        ),
    ] {
        let err = s.apply(Action::ImportCsv(csv.into_bytes())).unwrap_err();
        assert!(err.to_string().contains(expected), "{err} lacks {expected}");
        assert_eq!((s.data().clone(), s.class_names().to_vec()), before);
    }
    // 100 characters, quotes and commas are fine (a line break is not: issue #15, see
    // tests/name_characters.rs).
    let name = "z".repeat(100);
    let s = imported(
        Algorithm::Multiclass,
        format!("x1,x2,y\n0,0,{name}\n1,1,\"a, \"\"b\"\" c\"\n").as_bytes(),
    );
    assert_eq!(s.class_names(), ["a, \"b\" c", name.as_str()]);
    assert_eq!(
        s.points_csv(),
        format!("x1,x2,label\n0,0,{name}\n1,1,\"a, \"\"b\"\" c\"\n")
    );
}

/// Issue #16: labels `a` and `a ` merged into one class without a word; now the import is
/// refused naming both (and their lines), the points and names as they were.
#[test]
fn labels_that_differ_only_by_spaces_are_refused_naming_both() {
    let mut s = imported(Algorithm::Multiclass, MULTI3);
    let before = (
        s.data().clone(),
        s.class_names().to_vec(),
        s.model().clone(),
    );
    for (csv, expected) in [
        (
            "x1,x2,y\n0,0,a\n1,1,a \n2,2,b\n",
            "line 3: the labels \"a\" (line 2) and \"a \" differ only by the spaces around them",
        ),
        (
            "x1,x2,y\n0,0,\" a\"\n1,1,b\n2,2,\"a\"\n",
            "line 4: the labels \" a\" (line 2) and \"a\" differ only by the spaces around them",
        ),
    ] {
        let err = s
            .apply(Action::ImportCsv(csv.as_bytes().to_vec()))
            .unwrap_err();
        assert!(err.to_string().contains(expected), "{err} lacks {expected}");
        assert_eq!(
            (
                s.data().clone(),
                s.class_names().to_vec(),
                s.model().clone()
            ),
            before
        );
    }
    // Spaces written the same way on every row (`1, 2, a`) are dropped as before.
    let s = imported(
        Algorithm::Multiclass,
        b"x1, x2, y\n0, 0, a\n1, 1, b\n2, 2, a\n",
    );
    assert_eq!(s.class_names(), ["a", "b"]);
    assert_eq!(s.data().len(), 3);
}

/// A class name as a file may hold it: numbers, words with commas, quotes, spaces and
/// non-ASCII letters (no white space at either end: the CSV reader trims it; no line break or
/// other control character: refused, issue #15).
fn class_name() -> impl Strategy<Value = String> {
    prop_oneof![
        "-?[0-9]{1,3}(\\.[0-9]{1,2})?",
        "[a-zA-Z0-9é日😀,\"';.#%&=+_~-]([a-zA-Z0-9é日😀,\"';.#%&=+_~ -]{0,10}[a-zA-Z0-9é日😀,\"';.#%&=+_~-])?",
    ]
}

/// K distinct names, K from 2 to 6: sometimes all numbers (sorted numerically), else mixed.
fn names() -> impl Strategy<Value = Vec<String>> {
    (2usize..=6)
        .prop_flat_map(|k| {
            prop_oneof![
                prop::collection::btree_set("-?[0-9]{1,3}(\\.[0-9]{1,2})?", k),
                prop::collection::btree_set(class_name(), k),
            ]
        })
        .prop_map(|names| names.into_iter().collect::<Vec<_>>())
        .prop_shuffle()
}

fn coordinate() -> impl Strategy<Value = f64> {
    prop_oneof![
        -1e3f64..1e3,
        prop::num::f64::NORMAL | prop::num::f64::SUBNORMAL | prop::num::f64::ZERO,
    ]
}

/// Rows `(x1, x2, label index)` using every one of `k` labels.
fn rows(k: usize) -> impl Strategy<Value = Vec<(f64, f64, usize)>> {
    (
        prop::collection::vec((coordinate(), coordinate(), 0..k), 0..20),
        prop::collection::vec((coordinate(), coordinate()), k),
    )
        .prop_map(|(mut rows, every)| {
            rows.extend(every.into_iter().enumerate().map(|(c, (x, y))| (x, y, c)));
            rows
        })
        .prop_shuffle()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn points_csv_round_trips_points_classes_and_names(
        (labels, rows) in names().prop_flat_map(|labels| {
            let k = labels.len();
            (Just(labels), rows(k))
        }),
        algorithm in prop_oneof![Just(Algorithm::Multiclass), Just(Algorithm::Ovr), Just(Algorithm::Ovo)],
    ) {
        let mut csv = String::from("x1,x2,label\n");
        for (x, y, c) in &rows {
            // As a saved points CSV holds it: a formula-like name behind a quote.
            csv.push_str(&format!("{x},{y},{}\n", field(&csv_formula_safe(&labels[*c]))));
        }
        let s = imported(algorithm, csv.as_bytes());
        // The names are the labels (sorted), each point has its label.
        let mut sorted = s.class_names().to_vec();
        sorted.sort();
        let mut expected = labels.clone();
        expected.sort();
        prop_assert_eq!(sorted, expected);
        prop_assert_eq!(s.data().len(), rows.len());
        for (i, (x, y, c)) in rows.iter().enumerate() {
            prop_assert_eq!(s.data().x(i), &[*x, *y][..]);
            prop_assert_eq!(&s.class_name(s.data().class(i)), &labels[*c]);
        }
        // Saved and read again: the same points, classes and names, and the same CSV.
        let saved = s.points_csv();
        let t = imported(algorithm, saved.as_bytes());
        prop_assert_eq!(t.data(), s.data());
        prop_assert_eq!(t.class_names(), s.class_names());
        prop_assert_eq!(t.points_csv(), saved.clone());
        // The link and the scenario JSON keep them too. (Without the view: the view fitted to
        // coordinates near f64::MAX is infinite, which no link holds.)
        let scenario = Scenario { view: None, ..s.scenario() };
        let link = from_link(&to_link(&scenario)).unwrap().scenario.unwrap();
        let json = Scenario::from_json(&scenario.to_json()).unwrap();
        for scenario in [link, json] {
            let mut u = Session::new();
            act(&mut u, Action::LoadScenario(scenario));
            prop_assert_eq!(u.data(), s.data());
            prop_assert_eq!(u.class_names(), s.class_names());
            prop_assert_eq!(u.points_csv(), saved.clone());
        }
    }
}

/// Names a spreadsheet would run as formulas, and the plain ones it would not.
fn hostile_name() -> impl Strategy<Value = String> {
    prop_oneof![
        "[=@+-][a-zA-Z0-9(),\"';:=+-]{0,10}",
        "'{1,3}[=@+-][a-zA-Z0-9(),\"=+-]{0,6}",
        "[+-]",
        "[+-]?[0-9]{1,3}(\\.[0-9]{1,2})?([eE][+-]?[0-9])?",
        "[a-z]['=+-]{0,3}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// Saved, a formula-like name is neutralized behind a single quote (no cell a spreadsheet
    /// runs); read again, every name is exactly what it was.
    #[test]
    fn points_csv_neutralizes_formulas_and_round_trips_every_name(
        labels in prop::collection::btree_set(hostile_name(), 2..=6)
            .prop_map(|names| names.into_iter().collect::<Vec<_>>()),
    ) {
        let mut file = String::from("x1,x2,label\n");
        for (i, label) in labels.iter().enumerate() {
            file.push_str(&format!("{i},{i},{}\n", field(&csv_formula_safe(label))));
        }
        let s = imported(Algorithm::Multiclass, file.as_bytes());
        let mut names = s.class_names().to_vec();
        names.sort();
        prop_assert_eq!(&names, &labels);
        let saved = s.points_csv();
        let mut reader = csv::Reader::from_reader(saved.as_bytes());
        for record in reader.records() {
            let cell = record.unwrap()[2].to_string();
            prop_assert!(!cell.starts_with(['=', '@', '\t', '\r']), "{}", cell);
            if let Some(rest) = cell.strip_prefix(['+', '-']) {
                prop_assert!(rest.is_empty() || rest.parse::<f64>().is_ok(), "{}", cell);
            }
        }
        let t = imported(Algorithm::Multiclass, saved.as_bytes());
        prop_assert_eq!(t.class_names(), s.class_names());
        prop_assert_eq!(t.data(), s.data());
        prop_assert_eq!(t.points_csv(), saved);
    }
}

#[test]
fn formula_names_are_saved_behind_a_quote_and_plain_labels_as_they_are() {
    let s = imported(
        Algorithm::Multiclass,
        b"x,y,c\n0,0,\"=HYPERLINK(\"\"http://e.x\"\")\"\n1,1,-1\n2,2,+\n3,3,@SUM(A1)\n4,4,-\n",
    );
    let saved = s.points_csv();
    assert_eq!(
        saved,
        "x1,x2,label\n0,0,\"'=HYPERLINK(\"\"http://e.x\"\")\"\n1,1,-1\n2,2,+\n3,3,'@SUM(A1)\n4,4,-\n"
    );
    let t = imported(Algorithm::Ovr, saved.as_bytes());
    assert_eq!(t.class_names(), s.class_names());
    assert!(t
        .class_names()
        .contains(&"=HYPERLINK(\"http://e.x\")".to_string()));
}

/// The page's LaTeX trace export (the same table code as the command line): a class name with
/// a backslash cannot run `\input`; its CSV cells cannot run. (A line break or an escape in a
/// name is refused on import: tests/name_characters.rs.)
#[test]
fn the_trace_export_escapes_hostile_class_names() {
    let mut s = imported(
        Algorithm::Multiclass,
        b"x,y,c\n0,0,\"x \\input{/etc/passwd}\"\n1,1,\"=1+1\"\n2,-1,\"b[31m\"\n",
    );
    for _ in 0..4 {
        act(&mut s, Action::Step);
    }
    let tex = s.trace_export(TableFormat::Latex);
    assert!(tex.contains("x \\textbackslash{}input\\{"), "{tex}");
    for line in tex.lines() {
        let code = line.split_once('%').map_or(line, |(code, _)| code);
        assert!(!code.contains("\\input"), "{line:?} in\n{tex}");
        assert!(!line.contains('\x1b'), "{line:?}");
    }
    let csv = s.trace_export(TableFormat::Csv);
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    for record in reader.records() {
        for cell in record.unwrap().iter() {
            assert!(!cell.starts_with(['=', '@']), "{cell:?} in\n{csv}");
        }
    }
}

/// A session opened from `link` (a link of the page), stepped `steps` times.
fn opened(link: &str, steps: usize) -> Session {
    let scenario = from_link(link)
        .expect("the link reads")
        .scenario
        .expect("a scenario");
    let mut s = Session::new();
    act(&mut s, Action::LoadScenario(scenario));
    for _ in 0..steps {
        act(&mut s, Action::Step);
    }
    s
}

/// The cells of every row of the trace, as the page shows them (done steps only).
fn trace_cells(s: &Session) -> Vec<Vec<String>> {
    s.trace_rows(0, usize::MAX)
        .into_iter()
        .filter(|r| r.done)
        .map(|r| vec![r.step.to_string(), r.weights, r.score, r.correct, r.update])
        .collect()
}

/// Checks the page's Markdown trace export of `s`: no `<` or `>` at all, the head's number of
/// cells on every row, and every cell reads back to the trace row's cell.
fn check_page_markdown(s: &Session) -> String {
    let md = s.trace_export(TableFormat::Markdown);
    assert!(!md.contains(['<', '>']), "raw HTML:\n{md}");
    let lines: Vec<&str> = md.lines().collect();
    let head = markdown_cells(lines[0]);
    let rows = trace_cells(s);
    assert_eq!(
        lines.len(),
        rows.len() + 3,
        "head, rule, rows, closing:\n{md}"
    );
    for (line, row) in lines[2..].iter().zip(&rows) {
        let cells = markdown_cells(line);
        assert_eq!(cells.len(), head.len(), "{line}");
        let read: Vec<String> = cells.iter().map(|c| markdown_decode(c)).collect();
        assert_eq!(&read, row, "{line}");
    }
    let closing = markdown_cells(lines[lines.len() - 1]);
    assert_eq!(closing.len(), head.len(), "{md}");
    md
}

/// Issue #38, finding 2, in the page: the issue's link names a class `<img src=x
/// onerror=alert(1)>`, which the Markdown export wrote as is.
#[test]
fn the_page_markdown_export_holds_no_html_from_a_name() {
    let s = opened(
        "#v=1&a=multiclass&c=3&l=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E,b,c&b=1&i=zero&e=1&o=fixed&s=1&m=1000&n=3&p=1,2,0;-1,0,1;0,-2,2",
        3,
    );
    assert_eq!(s.class_names()[0], "<img src=x onerror=alert(1)>");
    let md = check_page_markdown(&s);
    assert!(md.contains("&lt;img src=x onerror=alert(1)&gt;"), "{md}");
    // `a\|b` stays one cell: an escaped backslash, then an escaped bar.
    let s = opened(
        "#v=1&a=multiclass&c=3&l=a%5C%7Cb,b,c&b=1&i=zero&e=1&o=fixed&s=1&m=1000&n=3&p=1,2,0;-1,0,1;0,-2,2",
        3,
    );
    assert_eq!(s.class_names()[0], "a\\|b");
    assert!(check_page_markdown(&s).contains("a\\\\\\|b"));
}

/// Issue #38, finding 8: the page's LaTeX export wrote `caf?`, `??`, `?????` for
/// `l=café,日本,עברית`. Now the names are kept as UTF-8 under a comment naming what the
/// document needs, as on the command line, and `| < > "` are written as text commands.
#[test]
fn the_page_latex_export_keeps_utf8_names() {
    let s = opened(
        "#v=1&a=multiclass&c=3&l=café,日本,עברית&b=1&i=zero&e=1&o=fixed&s=1&m=1000&n=3&p=1,2,0;-1,0,1;0,-2,2",
        3,
    );
    assert_eq!(s.class_names(), ["café", "日本", "עברית"]);
    let tex = s.trace_export(TableFormat::Latex);
    check_latex(&tex);
    assert!(tex.starts_with("% UTF-8 text"), "{tex}");
    assert!(!tex.contains("caf?") && !tex.contains("??"), "{tex}");
    for name in ["café", "日本", "עברית"] {
        assert!(tex.contains(name), "{name}: {tex}");
    }
    let s = opened(
        "#v=1&a=multiclass&c=3&l=a%7Cb,%3Cc%3E,%22d%22&b=1&i=zero&e=1&o=fixed&s=1&m=1000&n=3&p=1,2,0;-1,0,1;0,-2,2",
        3,
    );
    let tex = s.trace_export(TableFormat::Latex);
    check_latex(&tex);
    assert!(
        tex.starts_with("% A class name holds a straight double quote (\\textquotedbl)"),
        "ASCII only, but a `\"`: pdfLaTeX needs T1: {tex}"
    );
    for name in [
        "a\\textbar{}b",
        "\\textless{}c\\textgreater{}",
        "\\textquotedbl{}d\\textquotedbl{}",
    ] {
        assert!(tex.contains(name), "{name}: {tex}");
    }
}

/// Issue #38, finding 7, in the page: a file with Windows line endings named the line before.
#[test]
fn an_imported_file_with_windows_line_endings_names_the_right_line() {
    for (ending, algorithm, label) in [
        ("\r\n", Algorithm::Perceptron, ["+1", "-1"]),
        ("\r\n", Algorithm::Multiclass, ["a", "b"]),
        ("\r", Algorithm::Ovr, ["a", "b"]),
        ("\n", Algorithm::Multiclass, ["a", "b"]),
    ] {
        let mut s = Session::new();
        choose(&mut s, algorithm, 2);
        let before = s.data().clone();
        let file = format!(
            "x1,x2,label{ending}1,2,{}{ending}-1,zz,{}{ending}",
            label[0], label[1]
        );
        let err = s
            .apply(Action::ImportCsv(file.into_bytes()))
            .expect_err("refused")
            .to_string();
        assert!(
            err.contains("line 3: column 2"),
            "{ending:?} {algorithm:?}: {err}"
        );
        assert_eq!(s.data(), &before);
    }
}

/// A class name of any kind, hostile ones first: markup, formula starts, Markdown and LaTeX
/// specials, quotes, spaces, other scripts, and any printable character; kept only when the
/// core accepts it as a class name ([`check_class_names`]).
fn accepted_name() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => "[=+@<>&|\\\\`*_~\\[\\]()\"',;:{}%$#^!/ a-zé日ע😀α0-9.-]{1,12}",
        1 => "[\t\r=+@-]{1,2}[a-z0-9()=+,-]{0,6}",
        1 => "\\PC{1,8}",
    ]
    .prop_filter("a class name the core accepts", |name| {
        check_class_names(std::slice::from_ref(name), 1).is_ok()
    })
}

/// 2 to 4 names, accepted together (distinct, also after NFC).
fn accepted_names() -> impl Strategy<Value = Vec<String>> {
    (2usize..=4)
        .prop_flat_map(|k| prop::collection::vec(accepted_name(), k))
        .prop_filter("names the core accepts together", |names| {
            check_class_names(names, names.len()).is_ok()
        })
}

/// Checks a CSV export: RFC 4180 (every line the same number of cells), no cell a spreadsheet
/// runs; returns the cells, each with the quote that neutralized it taken off.
fn check_csv(text: &str) -> Vec<Vec<String>> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes());
    let mut lines = Vec::new();
    for record in reader.records() {
        let record = record.unwrap_or_else(|e| panic!("not CSV ({e}):\n{text}"));
        for cell in record.iter() {
            assert!(
                !spreadsheet_runs(cell),
                "a formula cell {cell:?} in\n{text}"
            );
        }
        lines.push(
            record
                .iter()
                .map(|c| csv_formula_restore(c).to_string())
                .collect(),
        );
    }
    lines
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// Issue #38's property: for any accepted class names, the page's trace exports and the
    /// command line's tables and summaries are safe and read back. CSV: every line parses
    /// (RFC 4180) to the cells written, no cell a spreadsheet runs. Markdown: no `<` or `>`
    /// (every one from a name is an entity), the head's number of cells on every row, the class
    /// cells decode to the names. LaTeX: balanced braces, only the expected control words,
    /// UTF-8 only under the comment naming what it needs.
    #[test]
    fn every_export_holds_any_accepted_names_safely(
        names in accepted_names(),
        algorithm in prop_oneof![Just("multiclass"), Just("ovr"), Just("ovo")],
    ) {
        let mut file = String::from("x1,x2,label\n");
        for (i, name) in names.iter().enumerate() {
            let i = i as f64;
            for (x, y) in [(i, 1.0 - i), (-i, i - 2.0)] {
                file.push_str(&format!("{x},{y},{}\n", field(&csv_formula_safe(name))));
            }
        }
        let mut sorted = names.clone();
        sorted.sort();

        // The page: the file imported, stepped, each export.
        let mut s = imported(Algorithm::parse(algorithm).unwrap(), file.as_bytes());
        let mut got = s.class_names().to_vec();
        got.sort();
        prop_assert_eq!(&got, &sorted);
        for _ in 0..5 {
            // (A run that has converged refuses a step: the rows so far are exported.)
            let _ = s.apply(Action::Step);
        }
        let rows = trace_cells(&s);
        let csv = check_csv(&s.trace_export(TableFormat::Csv));
        prop_assert_eq!(&csv[1..], &rows[..]);
        check_page_markdown(&s);
        check_latex(&s.trace_export(TableFormat::Latex));

        // The command line: the same file, every format, with and without the steps.
        let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("any-names-{}.csv", std::process::id()));
        std::fs::write(&path, &file).expect("writes the file");
        let path = path.to_string_lossy().into_owned();
        let run = |format: &str, steps: bool| {
            let mut args = vec!["--algo", algorithm, "--max-epochs", "2", "--format", format];
            if !steps {
                args.push("--no-steps");
            }
            args.extend_from_slice(&["--predict", &path, &path]);
            trace::stdout(&args)
        };
        let json: serde_json::Value = serde_json::from_str(&run("json", false)).unwrap();
        let predictions: Vec<String> = json["result"]["predictions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap().to_string())
            .collect();
        let predicted = format!("Predictions for {path}: {}.", predictions.join(", "));
        let is_name = |cell: &str| sorted.iter().any(|n| n == cell);

        let table = check_csv(&run("csv", true));
        for row in &table[1..] {
            // step, epoch, index, x1, x2, class, predicted, …
            prop_assert!(is_name(&row[5]) && is_name(&row[6]), "{:?}", row);
            prop_assert_eq!(row.len(), table[0].len());
        }
        let quiet = check_csv(&run("csv", false));
        prop_assert_eq!(quiet.len(), 2);
        prop_assert!(quiet[0][0].contains(" after "), "{:?}", quiet);
        prop_assert_eq!(&quiet[1], &vec![predicted.clone()]);

        for steps in [true, false] {
            let md = run("markdown", steps);
            prop_assert!(!md.contains(['<', '>']), "raw HTML:\n{}", md);
            let rows: Vec<&str> = md
                .lines()
                .filter(|l| l.starts_with('|') && !l.starts_with("|---"))
                .collect();
            if steps {
                let head = markdown_cells(rows[0]).len();
                for row in &rows[1..] {
                    let cells = markdown_cells(row);
                    prop_assert_eq!(cells.len(), head, "{}", row);
                    prop_assert!(is_name(&markdown_decode(&cells[3])), "{}", row);
                    prop_assert!(is_name(&markdown_decode(&cells[4])), "{}", row);
                }
            } else {
                prop_assert!(rows.is_empty(), "{}", md);
            }
            let last = md.lines().last().unwrap_or("");
            prop_assert_eq!(markdown_decode(last), predicted.clone());
            check_latex(&run("latex", steps));
        }
    }
}
