//! Scenarios: JSON and link fragments round-trip, old links keep working, and bad input is
//! refused with a reason while the session stays as it was.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::scenario::{from_link, to_link, Edit, Scenario, MAX_LINK_BYTES};
use perceptron_lab::core::{Action, Preset, Session};
use proptest::prelude::*;

fn open(s: &mut Session, scenario: Scenario) {
    if let Err(e) = s.apply(Action::LoadScenario(scenario)) {
        panic!("refused: {e}");
    }
}

/// A class name as a file may hold it: numbers, words with commas, quotes, spaces, the link's
/// own separators and non-ASCII letters (no white space at either end: a CSV reader trims it;
/// no line break or other control character: refused, issue #15).
fn class_name_strategy() -> impl Strategy<Value = String> {
    prop_oneof![
        "-?[0-9]{1,3}(\\.[0-9]{1,2})?",
        "[a-zA-Z0-9é日😀,\"';.#%&=+_~-]([a-zA-Z0-9é日😀,\"';.#%&=+_~ -]{0,10}[a-zA-Z0-9é日😀,\"';.#%&=+_~-])?",
    ]
}

/// Six distinct class names in any order.
fn class_names_strategy() -> impl Strategy<Value = Vec<String>> {
    prop::collection::btree_set(class_name_strategy(), 6)
        .prop_map(|names| names.into_iter().collect::<Vec<_>>())
        .prop_shuffle()
}

fn scenario_strategy() -> impl Strategy<Value = Scenario> {
    let algorithms = prop_oneof![
        Just("perceptron"),
        Just("averaged"),
        Just("batch"),
        Just("kernel"),
        Just("multiclass"),
        Just("ovr"),
        Just("ovo"),
    ];
    (
        (
            algorithms,
            prop_oneof![Just("linear"), Just("rbf:0.5"), Just("poly:2:1:1")],
            2usize..=6,
            any::<bool>(),
            prop_oneof![Just("zero"), Just("random"), Just("-1,0.5,2")],
            prop_oneof![Just(1.0), Just(0.25), Just(1e-3)],
            any::<bool>(),
        ),
        (
            0u64..1000,
            1u64..500,
            prop::collection::vec((-1e3f64..1e3, -1e3f64..1e3, 0usize..6), 0..40),
            0u64..50,
            prop::collection::vec(
                (0u64..50, 0u8..3, 1usize..40, -50f64..50.0, -50f64..50.0),
                0..4,
            ),
            prop::option::of((-1e3f64..0.0, 0.5f64..1e3, -1e3f64..0.0, 0.5f64..1e3)),
            prop::option::of(class_names_strategy()),
        ),
    )
        .prop_map(
            |(
                (algorithm, kernel, classes, bias, init, eta, shuffle),
                (seed, max, points, step, edits, view, names),
            )| {
                let multi = matches!(algorithm, "multiclass" | "ovr" | "ovo");
                Scenario {
                    params: Default::default(),
                    version: 1,
                    algorithm: algorithm.to_string(),
                    kernel: if algorithm == "kernel" {
                        kernel
                    } else {
                        "linear"
                    }
                    .to_string(),
                    classes: if multi { classes } else { 3 },
                    class_names: names
                        .filter(|_| multi)
                        .map(|names| names[..classes].to_vec()),
                    rows: None,
                    bias,
                    init: init.to_string(),
                    eta,
                    order: if shuffle { "shuffle" } else { "fixed" }.to_string(),
                    seed,
                    max_epochs: max,
                    points: points
                        .into_iter()
                        .map(|(x, y, c)| (x, y, if multi { c % classes } else { c % 2 }))
                        .collect(),
                    step,
                    edits: edits
                        .into_iter()
                        .map(|(at, kind, index, x, y)| match kind {
                            0 => Edit::Add {
                                step: at,
                                x,
                                y,
                                class: 0,
                            },
                            1 => Edit::Move {
                                step: at,
                                index,
                                x,
                                y,
                            },
                            _ => Edit::Remove { step: at, index },
                        })
                        .collect(),
                    view: view.map(|(a, b, c, d)| [a, b, c, d]),
                    pocket: seed % 2 == 0,
                    max_margin: seed % 3 == 0,
                    snap: seed % 5 == 0,
                    second_eta: (seed % 7 == 0).then_some(0.1 + eta),
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn links_and_json_round_trip(s in scenario_strategy()) {
        let link = to_link(&s);
        let back = from_link(&link).unwrap();
        prop_assert_eq!(back.scenario.as_ref(), Some(&s));
        prop_assert!(back.unknown.is_empty());
        prop_assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s.clone());
        // With a leading '#' and the page's own keys, as a browser hands it over.
        let page = from_link(&format!("#{link}&hide=play,settings&embed=1")).unwrap();
        prop_assert_eq!(page.scenario, Some(s));
    }

    #[test]
    fn arbitrary_fragments_never_panic(text in ".{0,300}") {
        let _ = from_link(&text);
        let _ = Scenario::from_json(&text);
    }
}

#[test]
fn a_session_reopens_at_the_same_step_with_the_same_state() {
    for (preset, steps) in [
        (Preset::Seed000, 3),
        (Preset::Xor, 17),
        (Preset::XorRbf, 20),
        (Preset::Blobs3, 40),
        (Preset::Seed000Multiclass, 1),
        (Preset::Seed002, 150),
    ] {
        let mut s = Session::new();
        let _ = s.apply(Action::LoadPreset(preset));
        for _ in 0..steps {
            let _ = s.apply(Action::Step);
        }
        let link = to_link(&s.scenario());
        let mut t = Session::new();
        open(&mut t, from_link(&link).unwrap().scenario.unwrap());
        assert_eq!(t.model(), s.model(), "{preset:?}");
        assert_eq!(t.data(), s.data(), "{preset:?}");
        assert_eq!(t.setup(), s.setup(), "{preset:?}");
        assert_eq!(t.scene().view, s.scene().view, "{preset:?}");
        let (a, b) = (t.status(), s.status());
        assert_eq!(
            (a.step, a.weights, a.explain_update),
            (b.step, b.weights, b.explain_update)
        );
        assert_eq!(
            t.status().notice,
            format!("Opened the scenario at step {steps}.")
        );
        // The opened session has the history: Back works.
        let _ = t.apply(Action::Back);
        assert_eq!(t.model().steps(), steps - 1);
    }
}

/// Edits made while training was under way are in the link and replayed at their steps.
#[test]
fn edits_during_training_reopen_exactly() {
    let mut s = Session::new();
    let _ = s.apply(Action::LoadPreset(Preset::Seed000));
    let _ = s.apply(Action::Step);
    let _ = s.apply(Action::Step);
    // Drag point #2 from (3, 2) to (4, 1), as a mouse would.
    let _ = s.apply(Action::Press {
        x: 3.0,
        y: 2.0,
        reach: 0.2,
    });
    let _ = s.apply(Action::DragTo {
        x: 4.0,
        y: 1.0,
        pixel: 0.01,
    });
    let _ = s.apply(Action::Release {
        x: 4.0,
        y: 1.0,
        alternate: false,
        pixel: 0.01,
    });
    let _ = s.apply(Action::Step);
    // Add a point and remove one, each after a step.
    let _ = s.apply(Action::AddPoint {
        x: -1.0,
        y: 2.5,
        alternate: false,
        pixel: 0.01,
    });
    let _ = s.apply(Action::Step);
    let _ = s.apply(Action::RemoveAt {
        x: 1.0,
        y: 1.0,
        reach: 0.2,
    });
    let _ = s.apply(Action::Step);
    assert_eq!(
        s.status().weights,
        s.model()
            .linear_weights()
            .map(perceptron_lab::core::numfmt::vector)
            .unwrap()
    );
    let scenario = s.scenario();
    assert_eq!(scenario.edits.len(), 3, "{:?}", scenario.edits);
    assert_eq!(scenario.points.len(), 5, "the points training started from");
    let link = to_link(&scenario);
    let mut t = Session::new();
    open(&mut t, from_link(&link).unwrap().scenario.unwrap());
    assert_eq!(t.model(), s.model());
    assert_eq!(t.data(), s.data());
    assert_eq!(t.trace_rows(0, 100), s.trace_rows(0, 100));
    assert_eq!(t.scene().view, s.scene().view);
    // Going back across the replayed edits shows the data as it was, as in the original.
    for _ in 0..4 {
        let _ = t.apply(Action::Back);
        let _ = s.apply(Action::Back);
        assert_eq!(t.data(), s.data());
        assert_eq!(t.model(), s.model());
    }
    // Edits that cannot be replayed are refused, changing nothing.
    for (bad, expected) in [
        (
            "v=1&n=1&p=1,1,0;2,2,1&d=3,r,1",
            "beyond the scenario's step",
        ),
        ("v=1&n=3&p=1,1,0;2,2,1&d=2,r,1;1,r,1", "not in step order"),
        ("v=1&n=2&p=1,1,0;2,2,1&d=1,m,9,0,0", "no point #9"),
        ("v=1&n=2&p=1,1,0;2,2,1&d=1,x,9", "is not step,a,x,y,class"),
    ] {
        let before = (t.model().clone(), t.data().clone());
        let err = match from_link(bad) {
            Err(e) => e,
            Ok(link) => t
                .apply(Action::LoadScenario(link.scenario.unwrap()))
                .unwrap_err(),
        };
        assert!(err.to_string().contains(expected), "{bad}: {err}");
        assert_eq!((t.model().clone(), t.data().clone()), before);
    }
}

#[test]
fn links_of_100_points_stay_under_2000_characters() {
    // Seed 002: 100 points with three decimals.
    let mut s = Session::new();
    let _ = s.apply(Action::LoadPreset(Preset::Seed002));
    let link = to_link(&s.scenario());
    assert!(link.len() < 2000, "{} characters", link.len());
    // 100 clicked points (rounded to 0.01, as clicks are) in a multiclass run.
    let mut s = Session::new();
    let _ = s.apply(Action::LoadPreset(Preset::Blobs3));
    for i in 0..64 {
        let _ = s.apply(Action::AddPoint {
            x: -4.987 + f64::from(i) * 0.1379,
            y: 3.0271 - f64::from(i) * 0.0917,
            alternate: i % 2 == 0,
            pixel: 0.0123,
        });
    }
    assert_eq!(s.data().len(), 100);
    let link = to_link(&s.scenario());
    assert!(link.len() < 2000, "{} characters: {link}", link.len());
}

/// A version-1 link as it was first written: it must keep opening to the same state.
#[test]
fn version_1_links_keep_working() {
    let link =
        "#v=1&a=perceptron&b=1&i=-1,0,0&e=1&o=fixed&s=1&m=1000&n=3&p=1,1,0;3,2,1;2,4,1;3,4,1;2,3,0";
    let mut s = Session::new();
    open(&mut s, from_link(link).unwrap().scenario.unwrap());
    // Seed 000 after three steps: w = [0, 3, 2] (the course's table).
    assert_eq!(s.status().weights, "[0, 3, 2]");
    assert_eq!(s.status().step, "3");
    let kernel =
        "v=1&a=kernel&k=rbf:0.5&b=1&i=zero&e=1&o=fixed&s=1&m=100&n=2&p=1,1,1;1,-1,0;-1,1,0;-1,-1,1";
    let mut s = Session::new();
    open(&mut s, from_link(kernel).unwrap().scenario.unwrap());
    assert!(
        s.status().weights.starts_with("2 of 4 α non-zero"),
        "{}",
        s.status().weights
    );
    let multi =
        "v=1&a=multiclass&c=3&r=1,-2,2;4,0,3;-2,1,4&b=1&i=zero&e=1&o=fixed&s=1&m=1000&n=1&p=-2,3,2";
    let mut s = Session::new();
    open(&mut s, from_link(multi).unwrap().scenario.unwrap());
    assert_eq!(
        s.status().weights,
        "W0 = [1, -2, 2]; W1 = [3, 2, 0]; W2 = [-1, -1, 7]"
    );
}

#[test]
fn fragments_without_a_scenario_and_unknown_keys() {
    assert_eq!(from_link("").unwrap().scenario, None);
    assert_eq!(from_link("#hide=play&embed=1").unwrap().scenario, None);
    let link = from_link("v=1&zoom=3&p=1,1,1").unwrap();
    assert_eq!(link.unknown, ["zoom"]);
    assert_eq!(link.scenario.unwrap().points, [(1.0, 1.0, 1)]);
}

#[test]
fn bad_links_and_files_are_refused_with_a_reason_and_change_nothing() {
    let cases: Vec<(String, &str)> = vec![
        ("v=2&a=perceptron".into(), "version 2"),
        ("v=1&a=perceptron&a=kernel".into(), "a is given twice"),
        (
            "v=1&a=perceptron&k=rbf:1".into(),
            "contradicts a=perceptron",
        ),
        ("v=1&a=ovr&r=1,2,3".into(), "rows belong to a=multiclass"),
        ("v=1&a=batch&c=4".into(), "contradicts a=batch"),
        ("v=1&p=1,NaN,0".into(), "not a finite number"),
        ("v=1&p=1,inf,0".into(), "not a finite number"),
        ("v=1&p=1,2".into(), "is not x,y,class"),
        ("v=1&e=abc".into(), "not a finite number"),
        ("v=1&n=-3".into(), "whole number"),
        ("v=1&a=%ZZ".into(), "broken %-escape"),
        ("a=kernel".into(), "the version v is missing"),
        (
            format!("v=1&p={}", "1,1,1;".repeat(MAX_LINK_BYTES / 6 + 10)),
            "links hold at most",
        ),
    ];
    for (link, expected) in &cases {
        let err = from_link(link).unwrap_err().to_string();
        assert!(err.contains(expected), "{link:.60}: {err} lacks {expected}");
    }
    // A 100 KB fragment is refused before any parsing.
    let huge = "x".repeat(100 * 1024);
    assert!(from_link(&huge)
        .unwrap_err()
        .to_string()
        .contains("100 KB long"));

    // Scenarios that parse but cannot be opened: the session stays as it was.
    let mut s = Session::new();
    let _ = s.apply(Action::LoadPreset(Preset::Seed000));
    let _ = s.apply(Action::Step);
    let before = (s.model().clone(), s.data().clone(), s.setup().clone());
    let bad: Vec<(&str, &str)> = vec![
        ("v=1&a=perceptron&p=1,1,2", "point #1 has class 2"),
        ("v=1&a=multiclass&c=3&p=1,1,3", "point #1 has class 3"),
        ("v=1&a=multiclass&c=9", "not from 2 to 6"),
        ("v=1&a=kernel&k=rbf:-1", "γ must be positive"),
        ("v=1&e=0", "η"),
        ("v=1&e=-1", "η"),
        ("v=1&m=0", "max epochs"),
        ("v=1&i=1,2", "initial weights"),
        ("v=1&a=kernel&i=random", "initial weights"),
        ("v=1&n=1000000", "beyond the 100000"),
        ("v=1&o=sideways", "not fixed or shuffle"),
        ("v=1&a=multiclass&r=1,2;3,4;5,6", "3 weights"),
    ];
    for (link, expected) in bad {
        let scenario = from_link(link).unwrap().scenario.unwrap();
        let err = s
            .apply(Action::LoadScenario(scenario))
            .unwrap_err()
            .to_string();
        assert!(err.contains(expected), "{link}: {err} lacks {expected}");
        assert_eq!(
            (s.model().clone(), s.data().clone(), s.setup().clone()),
            before,
            "{link}"
        );
    }
    // JSON: malformed, unknown fields, a newer version.
    for (json, expected) in [
        ("{", "not a Perceptron Lab scenario"),
        (
            r#"{"version": 1, "algorithm": "perceptron", "colour": 3}"#,
            "unknown field `colour`",
        ),
        (r#"{"version": 7, "algorithm": "perceptron"}"#, "version 7"),
        (
            r#"{"version": 1, "algorithm": "perceptron", "points": [[1, "a", 0]]}"#,
            "not a Perceptron Lab scenario",
        ),
    ] {
        let err = Scenario::from_json(json).unwrap_err().to_string();
        assert!(err.contains(expected), "{json}: {err} lacks {expected}");
    }
}

/// Found by fuzzing: the algorithm's name in any case reads as the algorithm, and the link
/// written back keeps its classes.
#[test]
fn algorithm_names_in_any_case_round_trip() {
    let link = from_link("v=1&a=muLticlass&c=31&p=-2,3,2").unwrap();
    let scenario = link.scenario.unwrap();
    assert_eq!(scenario.algorithm, "multiclass");
    assert_eq!(
        from_link(&to_link(&scenario)).unwrap().scenario,
        Some(scenario)
    );
    let json = Scenario::from_json(r#"{"version": 1, "algorithm": "Kernel"}"#).unwrap();
    assert_eq!(json.algorithm, "kernel");
}

/// Imports `csv` under the multiclass perceptron with K = 3.
fn imported(csv: &[u8]) -> Session {
    use perceptron_lab::core::algo::kernel::Kernel;
    use perceptron_lab::core::{Algorithm, Setup};
    let mut s = Session::new();
    for action in [
        Action::SetSetup(Setup {
            algorithm: Algorithm::Multiclass,
            kernel: Kernel::Linear,
            classes: 3,
            rows: None,
            params: Vec::new(),
        }),
        Action::ImportCsv(csv.to_vec()),
    ] {
        if let Err(e) = s.apply(action) {
            panic!("refused: {e}");
        }
    }
    s
}

/// The labels of an imported file are in the link and the JSON, and opening either gives the
/// same names, texts and points CSV.
#[test]
fn class_names_survive_links_and_json() {
    let mut s = imported(include_bytes!("data/multi3.csv"));
    for _ in 0..4 {
        let _ = s.apply(Action::Step);
    }
    let scenario = s.scenario();
    assert_eq!(
        scenario.class_names.as_deref(),
        Some(&["apple".to_string(), "cherry".into(), "pear".into()][..])
    );
    let link = to_link(&scenario);
    assert!(link.contains("&c=3&l=apple,cherry,pear&"), "{link}");
    let json = scenario.to_json();
    assert!(json.contains(r#""class_names": ["#), "{json}");
    for opened in [
        from_link(&format!("#{link}")).unwrap().scenario.unwrap(),
        Scenario::from_json(&json).unwrap(),
    ] {
        assert_eq!(opened, scenario);
        let mut t = Session::new();
        open(&mut t, opened);
        assert_eq!(t.class_names(), s.class_names());
        assert_eq!(t.points_csv(), s.points_csv());
        assert_eq!(t.model(), s.model());
        let (a, b) = (t.status(), s.status());
        assert_eq!((&a.sample, &a.points), (&b.sample, &b.points));
        assert_eq!(t.trace_rows(0, 10), s.trace_rows(0, 10));
        assert_eq!(to_link(&t.scenario()), link);
    }
}

/// Names holding the link's separators, `%`, `#`, quotes and non-ASCII letters come back
/// unchanged, and the link holds none of them unescaped.
#[test]
fn class_names_with_separators_survive_a_link() {
    let names = ["a&b=c", "d;e,f", "100% #1", "ünï \"日本\""];
    let mut csv = String::from("x1,x2,label\n");
    for (i, name) in names.iter().enumerate() {
        csv.push_str(&format!("{i},{i},\"{}\"\n", name.replace('"', "\"\"")));
    }
    let s = imported(csv.as_bytes());
    let mut sorted: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    sorted.sort();
    assert_eq!(s.class_names(), sorted);
    let link = to_link(&s.scenario());
    let value = link.split('&').find_map(|p| p.strip_prefix("l=")).unwrap();
    assert!(
        value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~%,".contains(&b)),
        "{value}"
    );
    assert_eq!(value.matches(',').count(), names.len() - 1, "{value}");
    let mut t = Session::new();
    open(
        &mut t,
        from_link(&format!("#{link}&embed=1"))
            .unwrap()
            .scenario
            .unwrap(),
    );
    assert_eq!(t.class_names(), s.class_names());
    assert_eq!(t.points_csv(), s.points_csv());
}

/// Links and files written before class names existed open with the default names, also in a
/// session that had named classes; and scenarios with default names write neither `l` nor
/// `class_names`.
#[test]
fn old_links_and_json_without_names_open_with_default_names() {
    let mut s = imported(include_bytes!("data/multi3.csv"));
    let multi =
        "v=1&a=multiclass&c=3&r=1,-2,2;4,0,3;-2,1,4&b=1&i=zero&e=1&o=fixed&s=1&m=1000&n=1&p=-2,3,2";
    open(&mut s, from_link(multi).unwrap().scenario.unwrap());
    assert_eq!(s.class_names(), ["0", "1", "2"]);
    assert_eq!(s.status().sample, "#1 (-2, 3), class 2");
    assert_eq!(s.points_csv(), "x1,x2,label\n-2,3,2\n");
    let link = to_link(&s.scenario());
    assert!(link.starts_with(multi) && !link.contains("&l="), "{link}");
    let json =
        r#"{"version": 1, "algorithm": "ovr", "classes": 4, "points": [[1, 2, 3], [0, 0, 0]]}"#;
    let mut s = imported(include_bytes!("data/multi3.csv"));
    open(&mut s, Scenario::from_json(json).unwrap());
    assert_eq!(s.class_names(), ["0", "1", "2", "3"]);
    assert_eq!(s.scenario().class_names, None);
    assert!(!s.scenario().to_json().contains("class_names"));
    // The binary algorithms: -1 and +1, as always.
    let mut s = imported(include_bytes!("data/multi3.csv"));
    open(
        &mut s,
        from_link("v=1&a=perceptron&n=0&p=1,1,0;2,2,1")
            .unwrap()
            .scenario
            .unwrap(),
    );
    assert_eq!(s.class_names(), ["-1", "+1"]);
    assert_eq!(s.points_csv(), "x1,x2,label\n1,1,-1\n2,2,+1\n");
    assert!(!to_link(&s.scenario()).contains("l="));
}

/// Names that do not fit — too few or too many, repeated, empty, over-long, padded, or given to
/// a binary algorithm — are refused with a reason, and the session keeps its state and names.
#[test]
fn bad_class_names_are_refused_and_change_nothing() {
    // Refused by the link reader itself.
    for (link, expected) in [
        (
            "v=1&a=perceptron&l=a,b",
            "l (class names) contradicts a=perceptron",
        ),
        ("v=1&a=multiclass&l=a,b%2", "l: a broken %-escape"),
        ("v=1&a=multiclass&l=a,%FF,c", "l: not UTF-8"),
        ("v=1&a=ovo&l=a,b,c&l=d,e,f", "l is given twice"),
    ] {
        let err = from_link(link).unwrap_err().to_string();
        assert!(err.contains(expected), "{link}: {err} lacks {expected}");
    }
    let mut s = imported(include_bytes!("data/multi3.csv"));
    let _ = s.apply(Action::Step);
    let long = "x".repeat(101);
    let snapshot = |s: &Session| {
        (
            s.model().clone(),
            s.data().clone(),
            s.setup().clone(),
            s.class_names().to_vec(),
            s.points_csv(),
        )
    };
    let before = snapshot(&s);
    let mut bad: Vec<(Scenario, &str)> = Vec::new();
    for (link, expected) in [
        ("v=1&a=multiclass&c=3&l=a,b", "2 names for 3 classes"),
        ("v=1&a=ovr&c=2&l=a,b,c", "3 names for 2 classes"),
        (
            "v=1&a=ovo&c=3&l=a,b,a",
            "\"a\" is given twice (classes 0 and 2)",
        ),
        (
            "v=1&a=multiclass&c=3&l=a,,c",
            "the name of class 1 is empty",
        ),
        ("v=1&a=multiclass&c=2&l=", "1 names for 2 classes"),
        (
            "v=1&a=multiclass&c=2&l=%20a,b",
            "starts or ends with a space",
        ),
        (
            "v=1&a=multiclass&c=2&l=a,b%0A",
            "\"b\\n\" (class 1) holds U+000A LINE FEED",
        ),
    ] {
        bad.push((from_link(link).unwrap().scenario.unwrap(), expected));
    }
    let link = format!("v=1&a=multiclass&c=2&l=a,{long}");
    bad.push((
        from_link(&link).unwrap().scenario.unwrap(),
        "is 101 characters long; names hold at most 100",
    ));
    for (json, expected) in [
        (
            r#"{"version": 1, "algorithm": "kernel", "class_names": ["a", "b"]}"#,
            "class names belong to the multiclass algorithms",
        ),
        (
            r#"{"version": 1, "algorithm": "ovr", "classes": 3, "class_names": ["a", "b", "b"]}"#,
            "is given twice",
        ),
        (
            r#"{"version": 1, "algorithm": "ovr", "classes": 3, "class_names": []}"#,
            "0 names for 3 classes",
        ),
    ] {
        bad.push((Scenario::from_json(json).unwrap(), expected));
    }
    for (scenario, expected) in bad {
        let err = s
            .apply(Action::LoadScenario(scenario.clone()))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(expected),
            "{scenario:?}: {err} lacks {expected}"
        );
        assert_eq!(snapshot(&s), before, "{scenario:?}");
    }
    // Names of the wrong type are not a scenario.
    for json in [
        r#"{"version": 1, "algorithm": "ovr", "class_names": "a,b,c"}"#,
        r#"{"version": 1, "algorithm": "ovr", "class_names": [1, 2, 3]}"#,
    ] {
        let err = Scenario::from_json(json).unwrap_err().to_string();
        assert!(
            err.contains("not a Perceptron Lab scenario"),
            "{json}: {err}"
        );
    }
}

/// The state a refusal must leave as it was: model, points, setup, class names and notice aside.
fn state(s: &Session) -> impl PartialEq + std::fmt::Debug {
    (
        s.model().clone(),
        s.data().clone(),
        s.setup().clone(),
        s.class_names().to_vec(),
    )
}

/// A session in use: seed 000 and two steps.
fn in_use() -> Session {
    let mut s = Session::new();
    let _ = s.apply(Action::LoadPreset(Preset::Seed000));
    let _ = s.apply(Action::Step);
    let _ = s.apply(Action::Step);
    s
}

/// Opens scenario JSON `json` in a session in use; it must be refused with a message holding
/// `says`, the state as it was.
fn refused_json(json: &str, says: &str) {
    let mut s = in_use();
    let before = state(&s);
    let err = s
        .apply(Action::LoadScenario(Scenario::from_json(json).unwrap()))
        .unwrap_err()
        .to_string();
    assert!(err.contains(says), "{err}");
    assert_eq!(state(&s), before);
}

/// Opens `link` in a session in use; it must be refused with a message holding every one of
/// `says`, the state as it was.
fn refused(link: &str, says: &[&str]) {
    let mut s = in_use();
    let before = state(&s);
    let err = match from_link(link) {
        Err(e) => e.to_string(),
        Ok(parsed) => match parsed.scenario {
            Some(scenario) => match s.apply(Action::LoadScenario(scenario)) {
                Err(e) => e.to_string(),
                Ok(_) => panic!("{link}: opened"),
            },
            None => panic!("{link}: no scenario"),
        },
    };
    for said in says {
        assert!(err.contains(said), "{link}: {err:?} lacks {said:?}");
    }
    assert_eq!(state(&s), before, "{link}: the state changed");
}

/// Issue #16: `c=3` with two rows opened with 2 rows for 3 classes (then Step said "add points
/// first" beside 3 points).
#[test]
fn rows_for_another_number_of_classes_are_refused() {
    refused(
        "#v=1&a=multiclass&c=3&r=0,0,0;0,0,0&p=1,1,0;2,2,1;-3,3,2",
        &["rows", "2 initial rows given for 3 classes"],
    );
    refused(
        "v=1&a=multiclass&c=2&r=0,0,0;0,0,0;0,0,0&p=1,1,0;2,2,1",
        &["3 initial rows given for 2 classes"],
    );
    let json = r#"{"version": 1, "algorithm": "multiclass", "classes": 3,
        "rows": [[0, 0, 0], [0, 0, 0]], "points": [[1, 1, 0], [2, 2, 1], [-3, 3, 2]]}"#;
    refused_json(json, "2 initial rows given for 3 classes");
    // One row per class still opens and steps.
    let mut s = Session::new();
    let link = "v=1&a=multiclass&c=3&r=0,0,0;0,0,0;0,0,0&p=1,1,0;2,2,1;-3,3,2&n=2";
    open(&mut s, from_link(link).unwrap().scenario.unwrap());
    assert_eq!(s.model().steps(), 2);
}

/// Issue #16: `c=18446744073709551615` was echoed as 4294967295 (cut down to a 32-bit size);
/// counts beyond their type are refused with the number as given.
#[test]
fn counts_beyond_their_type_are_refused_with_the_number_given() {
    let huge = "18446744073709551615";
    refused(
        &format!("v=1&a=multiclass&c={huge}"),
        &[huge, "classes is not from 2 to 6"],
    );
    refused(
        "v=1&a=multiclass&c=4294967296",
        &["4294967296 classes is not from 2 to 6"],
    );
    refused(
        &format!("v=1&a=multiclass&p=1,1,{huge}"),
        &[&format!("p: class {huge} is beyond")],
    );
    refused(
        &format!("v=1&p=1,1,1&n=1&d=0,m,{huge},2,2"),
        &[&format!("d: point #{huge} is beyond")],
    );
    refused(
        &format!("v=1&p=1,1,1&n=1&d=0,r,{huge}"),
        &[&format!("d: point #{huge} is beyond")],
    );
    refused(
        &format!("v=1&a=multiclass&n=1&d=0,a,1,1,{huge}"),
        &[&format!("d: class {huge} is beyond")],
    );
    // Beyond u64 too: "too large", not "not a whole number".
    let huger = "99999999999999999999999";
    refused(
        &format!("v=1&n={huger}"),
        &[&format!("n: {huger} is too large")],
    );
    refused(
        &format!("v=1&a=multiclass&c={huger}"),
        &[huger, "too large"],
    );
    // Small ones out of range are still refused when opened, with their number.
    refused("v=1&a=multiclass&c=7", &["classes: 7 is not from 2 to 6"]);
    refused("v=1&a=multiclass&p=1,1,4294967295", &["class 4294967295"]);
}

/// Issue #16: an edit after the step at which training converges was dropped without a word.
#[test]
fn edits_at_steps_never_reached_are_refused() {
    // Where training of these points stops (it converges well before step 50).
    let base = "v=1&a=perceptron&p=2,1,1;-1,-2,0;1,3,1&n=50";
    let mut s = Session::new();
    open(&mut s, from_link(base).unwrap().scenario.unwrap());
    let stop = s.model().steps();
    assert!(stop < 50, "training stops at {stop}");
    // An edit at the step where training stops is replayed (and training goes on from there).
    let mut s = Session::new();
    let link = format!("{base}&d={stop},a,-3,-3,0");
    open(&mut s, from_link(&link).unwrap().scenario.unwrap());
    assert_eq!(s.data().len(), 4, "{link}");
    // One a step later is never reached: refused, naming both steps.
    let late = stop + 1;
    refused(
        &format!("{base}&d={late},a,-3,-3,0"),
        &[&format!(
            "edits: the edit after step {late} is never reached: training stops at step {stop}"
        )],
    );
    // With no points, training never starts: an edit at step 3 is never reached.
    refused(
        "v=1&n=5&d=3,a,1,1,1",
        &["the edit after step 3 is never reached: training stops at step 0"],
    );
}

/// Issue #16: an empty initial-weights field was taken as zero without a word.
#[test]
fn an_empty_initial_weights_field_is_refused() {
    for link in ["v=1&i=&p=1,1,1;-1,-1,0", "v=1&i=%20&p=1,1,1;-1,-1,0"] {
        refused(link, &["initial weights: the field is empty", "write zero"]);
    }
    let json = r#"{"version": 1, "algorithm": "perceptron", "init": ""}"#;
    refused_json(json, "initial weights: the field is empty");
    // `i=zero` (what the page writes) still opens.
    let mut s = Session::new();
    open(
        &mut s,
        from_link("v=1&i=zero&p=1,1,1;-1,-1,0")
            .unwrap()
            .scenario
            .unwrap(),
    );
}
