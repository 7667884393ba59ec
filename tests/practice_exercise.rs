//! Exercise sets as links and JSON (refused with a reason when bad, never a panic; a proptest
//! round trip), and the results record: CSV, JSON and the `answer`/`finish` event objects.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::practice::{
    activity_id, check_predict, check_update, ExerciseSet, Given, PracticeKind, Question, Results,
    Source,
};
use perceptron_lab::core::scenario::from_link;
use perceptron_lab::core::{Algorithm, Dataset, Model, Preset};
use proptest::prelude::*;

fn sample_set() -> ExerciseSet {
    ExerciseSet {
        id: "week-3".into(),
        kinds: vec![
            PracticeKind::Predict,
            PracticeKind::Update,
            PracticeKind::Converge,
        ],
        questions: 5,
        source: Source::Generated {
            classes: 2,
            points: 6,
            separable: Some(false),
        },
        algorithm: "perceptron".into(),
        bias: true,
        eta: 0.5,
        seed: 42,
        vary: true,
        report: Some("https://course.example.org".into()),
    }
}

#[test]
fn a_set_reads_back_from_its_link_and_json() {
    let set = sample_set();
    let link = set.to_link();
    assert_eq!(
        link,
        "xv=1&xid=week-3&xk=predict,update,converge&xn=5&xa=perceptron&xb=1&xe=0.5&xd=gen&xc=2&xp=6&xsep=0&xs=42&xr=1&report=https%3A%2F%2Fcourse.example.org"
    );
    assert_eq!(
        ExerciseSet::from_link(&format!("#{link}")).unwrap(),
        Some(set.clone())
    );
    assert_eq!(ExerciseSet::from_json(&set.to_json()).unwrap(), set);
    // Beside a scenario's keys: neither reader minds the other's.
    let both = format!("v=1&a=perceptron&p=1,1,0;3,2,1&{link}");
    assert_eq!(ExerciseSet::from_link(&both).unwrap(), Some(set));
    let scenario = from_link(&both).unwrap();
    assert!(scenario.scenario.is_some());
    assert!(scenario.unknown.is_empty(), "{:?}", scenario.unknown);
    // No exercise keys: no set.
    assert_eq!(ExerciseSet::from_link("v=1&a=perceptron").unwrap(), None);
}

#[test]
fn defaults_fill_what_a_link_leaves_out() {
    let set = ExerciseSet::from_link("xv=1&xd=ex:seed000")
        .unwrap()
        .unwrap();
    assert_eq!(set.kinds, ExerciseSet::default().kinds);
    assert_eq!(
        set.source,
        Source::Example {
            id: "seed000".into()
        }
    );
    assert_eq!(set.algorithm, Algorithm::Perceptron.name());
}

#[test]
fn bad_links_are_refused_with_a_reason() {
    let cases: [(&str, &str); 18] = [
        ("xv=1&xn=5&xn=6", "xn is given twice"),
        ("xv=2", "version 2"),
        ("xn=5", "xv is missing"),
        ("xv=1&xk=guess", "\"guess\" is not a kind"),
        ("xv=1&xk=predict,predict", "predict is given twice"),
        ("xv=1&xk=", "is not a kind"),
        ("xv=1&xn=0", "1 to 20 questions, not 0"),
        ("xv=1&xn=21", "not 21"),
        ("xv=1&xn=99999999999999999999999", "too large"),
        ("xv=1&xe=-1", "η must be positive"),
        ("xv=1&xe=abc", "not a finite number"),
        ("xv=1&xa=svm", "\"svm\" is not one of"),
        (
            "xv=1&xa=multiclass&xk=boundary&xc=3",
            "linear two-class rules",
        ),
        ("xv=1&xc=3", "separates 2 classes, not 3"),
        ("xv=1&xd=ex:nope", "\"nope\" is not an example"),
        ("xv=1&xd=points&xc=2", "xc belongs to generated problems"),
        ("xv=1&xid=a%20b", "not an exercise id"),
        ("xv=1&xb=yes", "neither 1 nor 0"),
    ];
    for (link, reason) in cases {
        let e = ExerciseSet::from_link(link).expect_err(link).to_string();
        assert!(e.contains(reason), "{link}: {e}");
    }
    for origin in [
        "*",
        "http://course.example.org",
        "https://course.example.org/page",
        "https://",
        "https://a.org:99999",
        "javascript://x",
    ] {
        let link = format!(
            "xv=1&report={}",
            origin.replace(':', "%3A").replace('/', "%2F")
        );
        let e = ExerciseSet::from_link(&link).expect_err(origin).to_string();
        assert!(e.contains("is not an origin"), "{origin}: {e}");
    }
    for origin in [
        "https://a.org:8443",
        "http://localhost:8096",
        "https://lms.uni.edu",
    ] {
        let set = ExerciseSet {
            report: Some(origin.into()),
            ..ExerciseSet::default()
        };
        assert_eq!(ExerciseSet::from_link(&set.to_link()).unwrap(), Some(set));
    }
    assert!(ExerciseSet::from_json("{\"id\": \"x\", \"extra\": 1}").is_err());
}

#[test]
fn vary_gives_each_student_their_seed_and_the_same_link_the_same_set() {
    let set = sample_set();
    assert_eq!(set.variant(7).seed, 7);
    let fixed = ExerciseSet {
        vary: false,
        ..set.clone()
    };
    assert_eq!(fixed.variant(7).seed, 42);
    let kinds: Vec<_> = (0..6).map(|n| set.kind_of(n)).collect();
    assert_eq!(
        kinds,
        [
            Some(PracticeKind::Predict),
            Some(PracticeKind::Update),
            Some(PracticeKind::Converge),
            Some(PracticeKind::Predict),
            Some(PracticeKind::Update),
            None
        ]
    );
}

fn kinds() -> impl Strategy<Value = Vec<PracticeKind>> {
    proptest::sample::subsequence(PracticeKind::ALL.to_vec(), 1..=5).prop_shuffle()
}

fn sets() -> impl Strategy<Value = ExerciseSet> {
    let source = prop_oneof![
        (
            4usize..=12,
            prop_oneof![Just(Some(true)), Just(Some(false)), Just(None)]
        )
            .prop_map(|(points, separable)| Source::Generated {
                classes: 2,
                points,
                separable
            }),
        Just(Source::Points),
        proptest::sample::select(Preset::all()).prop_map(|p| Source::Example {
            id: p.id().to_string()
        }),
    ];
    (
        "[A-Za-z0-9._~-]{1,64}",
        kinds(),
        1u32..=20,
        source,
        any::<bool>(),
        (1u32..10_000).prop_map(|k| f64::from(k) / 1000.0),
        any::<u64>(),
        any::<bool>(),
        proptest::option::of(prop_oneof![
            Just("https://course.example.org".to_string()),
            Just("http://localhost:8080".to_string())
        ]),
    )
        .prop_map(
            |(id, kinds, questions, source, bias, eta, seed, vary, report)| ExerciseSet {
                id,
                kinds,
                questions,
                source,
                algorithm: "perceptron".into(),
                bias,
                eta,
                seed,
                vary,
                report,
            },
        )
}

proptest! {
    #[test]
    fn sets_round_trip_through_links_and_json(set in sets()) {
        prop_assert_eq!(ExerciseSet::from_link(&set.to_link()).unwrap(), Some(set.clone()));
        prop_assert_eq!(ExerciseSet::from_json(&set.to_json()).unwrap(), set);
    }

    #[test]
    fn any_fragment_is_read_or_refused(text in "(x[a-z]{0,3}=[a-z0-9%:,.-]{0,12}&){0,6}") {
        let _ = ExerciseSet::from_link(&text);
    }
}

/// Answers to seed 000's steps 1 to 3 checked by the core; the results, their CSV and the
/// events say what was answered.
#[test]
fn results_export_what_was_answered() {
    let set = ExerciseSet {
        id: "seed000".into(),
        questions: 3,
        source: Source::Example {
            id: "seed000".into(),
        },
        ..ExerciseSet::default()
    };
    let mut data = Dataset::new(2);
    for (x, c) in Preset::Seed000.class_points() {
        data.push_class(&x, c).unwrap();
    }
    let setup = Preset::Seed000.setup();
    let model = Model::new(&setup, Preset::Seed000.settings(), 2).unwrap();
    let q1 = Question::next(&model, &data, &setup).unwrap();
    let q2 = {
        let mut m = model.clone();
        let classes = perceptron_lab::core::algo::ClassData::from_dataset(&data, 2).unwrap();
        m.step(&data, &classes).unwrap();
        Question::next(&m, &data, &setup).unwrap()
    };
    let mut results = Results::new(&set);
    // Q1: predicted "update" on a correct sample.
    let f1 = check_predict(&q1.answer, true);
    results
        .record(PracticeKind::Predict, "update".into(), &f1, 12.5)
        .unwrap();
    // Q2: w′ typed as [1, 3, 2] (old w left out).
    let given = Given::Typed(vec![vec![1.0, 3.0, 2.0]]);
    let f2 = check_update(&q2.answer, &given).unwrap();
    results
        .record(PracticeKind::Update, given.text(&q2.answer), &f2, 30.0)
        .unwrap();
    // Q3: right.
    let given = Given::Typed(vec![vec![0.0, 3.0, 2.0]]);
    let f3 = check_update(&q2.answer, &given).unwrap();
    results
        .record(PracticeKind::Update, given.text(&q2.answer), &f3, f64::NAN)
        .unwrap();
    assert!(results
        .record(PracticeKind::Update, "x".into(), &f3, 1.0)
        .is_err());
    assert_eq!(results.score(), 1);

    let csv = results.to_csv();
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let rows: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect();
    assert_eq!(
        rows,
        [
            [
                "1",
                "predict",
                "update",
                "no update",
                "false",
                "updated-on-correct",
                "12.5"
            ],
            [
                "2",
                "update",
                "w′ = [1, 3, 2]",
                "w′ = [0, 3, 2]",
                "false",
                "old-left-out",
                "30"
            ],
            [
                "3",
                "update",
                "w′ = [0, 3, 2]",
                "w′ = [0, 3, 2]",
                "true",
                "",
                "0"
            ],
        ]
    );
    let json = results.to_json();
    assert_eq!(json["score"], 1);
    assert_eq!(json["questions"][1]["error"], "old-left-out");

    let event = results.answer_event(2).unwrap();
    assert_eq!(
        event,
        serde_json::json!({
            "exercise": "seed000", "question": 2, "kind": "update", "correct": false,
            "given": "w′ = [1, 3, 2]", "expected": "w′ = [0, 3, 2]", "score": 0, "total": 3
        })
    );
    assert_eq!(results.answer_event(3).unwrap()["score"], 1);
    assert_eq!(results.answer_event(0), None);
    assert_eq!(results.answer_event(4), None);

    let activity = activity_id("https://course.example.org/week3.html#old", &set);
    assert_eq!(
        activity,
        format!("https://course.example.org/week3.html#{}", set.to_link())
    );
    let finish = results.finish_event(&activity, "Seed 000").unwrap();
    let statement = &finish["statement"];
    assert_eq!(
        statement["verb"]["id"],
        "http://adlnet.gov/expapi/verbs/completed"
    );
    assert_eq!(statement["object"]["id"], activity.as_str());
    assert_eq!(statement["result"]["score"]["raw"], 1);
    assert_eq!(statement["result"]["score"]["max"], 3);
    assert_eq!(statement["result"]["duration"], "PT42.5S");
    assert_eq!(finish["score"], 1);
    assert_eq!(finish["total"], 3);
}

#[test]
fn no_finish_before_the_last_answer_and_formulas_are_defused() {
    let set = ExerciseSet {
        questions: 2,
        ..ExerciseSet::default()
    };
    let mut results = Results::new(&set);
    let feedback = perceptron_lab::core::practice::Feedback {
        correct: false,
        slip: None,
        message: String::new(),
        expected: "=1+1".into(),
    };
    results
        .record(
            PracticeKind::Predict,
            "=HYPERLINK(\"x\")".into(),
            &feedback,
            1.0,
        )
        .unwrap();
    assert_eq!(results.finish_event("https://a.org/#x", "t"), None);
    let csv = results.to_csv();
    assert!(csv.contains("\"'=HYPERLINK(\"\"x\"\")\",'=1+1"), "{csv}");
}

/// What the browser's URL parser (the WHATWG URL standard, here the `url` crate) makes of
/// `origin` as a `postMessage` target: its origin's serialization, or `None` where it fails.
fn browser_origin(origin: &str) -> Option<String> {
    let parsed = url::Url::parse(origin).ok()?;
    Some(parsed.origin().ascii_serialization())
}

/// The link of a set that reports to `origin`, opened.
fn with_report(origin: &str) -> Result<Option<ExerciseSet>, String> {
    let set = ExerciseSet {
        report: Some(origin.into()),
        ..ExerciseSet::default()
    };
    ExerciseSet::from_link(&set.to_link()).map_err(|e| e.to_string())
}

// Regression test (found by the second adversarial pass, issue 38, finding 6); it was: these
// report origins were accepted, and in a frame every answer then threw "Failed to execute
// 'postMessage' … Invalid target origin", and the `finish` event was never sent. Expected: the
// link is refused as it is opened, saying why, as the browser's URL parser rejects them.
#[test]
fn report_origins_the_browser_rejects_are_refused() {
    for origin in [
        "https://lms.school.123",
        "https://09",
        "https://999.999.999.999",
        "https://1.2.3.4.5",
        "https://0x100000000",
        "https://1.2.3.256",
        "https://256.1.2.3",
        "https://0x.0x.0x.0x.0x",
    ] {
        assert_eq!(
            browser_origin(origin),
            None,
            "the reference parser: {origin}"
        );
        let e = with_report(origin).expect_err(origin);
        assert!(
            e.contains("is not an origin") && e.contains("must be an IPv4 address"),
            "{origin}: {e}"
        );
    }
    for origin in ["https://xn--zz.example.org", "https://XN--ab.org"] {
        let e = with_report(origin).expect_err(origin);
        assert!(e.contains("(xn--) are not supported"), "{origin}: {e}");
    }
}

#[test]
fn report_origins_must_be_written_as_the_browser_writes_them() {
    // Accepted: the parser's own serialization of each.
    for origin in [
        "https://course.example.org",
        "https://lms.uni.edu:8443",
        "https://192.0.2.1",
        "https://0.0.0.0",
        "https://255.255.255.255:1",
        "https://a--b.c-d.example",
        "https://123.example",
        "https://x1.ab12",
        "https://a.0x1g",
        "http://localhost",
        "http://127.0.0.1:8096",
    ] {
        assert_eq!(
            browser_origin(origin).as_deref(),
            Some(origin),
            "the reference parser"
        );
        assert!(
            with_report(origin).is_ok(),
            "{origin}: {:?}",
            with_report(origin)
        );
    }
    // Valid for the browser, but written otherwise than it writes them: refused with the form
    // to write.
    for (origin, write) in [
        ("https://Course.Example.org", "https://course.example.org"),
        ("https://a.org:443", "https://a.org"),
        ("https://a.org:0443", "https://a.org"),
        ("https://a.org:08443", "https://a.org:8443"),
        ("https://0x7f.1", "https://127.0.0.1"),
        ("https://010.0.0.1", "https://8.0.0.1"),
        ("https://1", "https://0.0.0.1"),
        ("https://3232235777", "https://192.168.1.1"),
        ("https://4294967295", "https://255.255.255.255"),
        ("https://0x", "https://0.0.0.0"),
        ("http://localhost:80", "http://localhost"),
        ("http://127.1", "http://127.0.0.1"),
        ("http://LOCALHOST", "http://localhost"),
    ] {
        assert_eq!(
            browser_origin(origin).as_deref(),
            Some(write),
            "the reference parser"
        );
        let e = with_report(origin).expect_err(origin);
        assert!(
            e.contains("is not written as the browser writes this origin")
                && e.ends_with(&format!("write {write}")),
            "{origin}: {e}"
        );
    }
}

fn origins() -> impl Strategy<Value = String> {
    let label = prop_oneof![
        "[a-z0-9-]{1,6}",
        "[A-Za-z0-9-]{1,4}",
        "[0-9]{1,11}",
        "0[0-9]{1,4}",
        "0[xX][0-9a-fA-F]{0,9}",
        Just("xn--".to_string()),
        Just(String::new()),
    ];
    (
        prop_oneof![Just("https"), Just("http"), Just("HTTPS"), Just("ftp")],
        proptest::collection::vec(label, 1..6),
        proptest::option::of(prop_oneof![
            "[0-9]{1,6}".prop_map(|p| format!(":{p}")),
            Just(":".to_string()),
            Just(":443".to_string()),
            Just(":80".to_string()),
        ]),
    )
        .prop_map(|(scheme, labels, port)| {
            format!(
                "{scheme}://{}{}",
                labels.join("."),
                port.unwrap_or_default()
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// Never an origin the browser would reject or write otherwise: whatever a link's report
    /// holds, the set is accepted only if the WHATWG parser's serialization of it is itself. And
    /// every such https origin of a plain ASCII host (with no empty or `-`-edged ends) is
    /// accepted.
    #[test]
    fn report_origins_are_what_the_browser_makes_of_them(origin in origins()) {
        let accepted = with_report(&origin).is_ok();
        let browser = browser_origin(&origin);
        if accepted {
            prop_assert_eq!(browser.as_deref(), Some(origin.as_str()));
        }
        let plain_host = origin
            .strip_prefix("https://")
            .and_then(|rest| rest.split(':').next())
            .is_some_and(|host| {
                !host.starts_with(['.', '-'])
                    && !host.ends_with(['.', '-'])
                    && !host.to_ascii_lowercase().split('.').any(|l| l.starts_with("xn--"))
            });
        if plain_host && browser.as_deref() == Some(origin.as_str()) {
            prop_assert!(accepted, "{} refused: {:?}", origin, with_report(&origin));
        }
    }
}
