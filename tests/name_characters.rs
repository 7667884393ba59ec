//! Issue #15, class names: no character that cannot be seen (controls, zero-width and
//! text-direction characters, white space at an end) and one Unicode spelling per name (NFC),
//! from every source — a CSV label, a scenario JSON's `class_names`, a link's `l=`, and the
//! command line — each refused with a message naming the character (or the code points) and
//! where it is, nothing changed.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::algo::kernel::Kernel;
use perceptron_lab::core::scenario::{from_link, to_link, Scenario};
use perceptron_lab::core::{Action, Algorithm, Session, Setup};
use proptest::prelude::*;
use unicode_normalization::UnicodeNormalization;

#[allow(dead_code)]
mod trace;

/// Characters a class name may not hold, and how the refusal names them.
const HIDDEN: &[(char, &str)] = &[
    ('\u{200B}', "U+200B ZERO WIDTH SPACE"),
    ('\u{200C}', "U+200C ZERO WIDTH NON-JOINER"),
    ('\u{200D}', "U+200D ZERO WIDTH JOINER"),
    ('\u{2060}', "U+2060 WORD JOINER"),
    ('\u{FEFF}', "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
    ('\u{200E}', "U+200E LEFT-TO-RIGHT MARK"),
    ('\u{200F}', "U+200F RIGHT-TO-LEFT MARK"),
    ('\u{202A}', "U+202A LEFT-TO-RIGHT EMBEDDING"),
    ('\u{202B}', "U+202B RIGHT-TO-LEFT EMBEDDING"),
    ('\u{202C}', "U+202C POP DIRECTIONAL FORMATTING"),
    ('\u{202D}', "U+202D LEFT-TO-RIGHT OVERRIDE"),
    ('\u{202E}', "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ('\u{2066}', "U+2066 LEFT-TO-RIGHT ISOLATE"),
    ('\u{2067}', "U+2067 RIGHT-TO-LEFT ISOLATE"),
    ('\u{2068}', "U+2068 FIRST STRONG ISOLATE"),
    ('\u{2069}', "U+2069 POP DIRECTIONAL ISOLATE"),
    ('\u{061C}', "U+061C ARABIC LETTER MARK"),
    ('\u{00AD}', "U+00AD SOFT HYPHEN"),
    ('\u{2062}', "U+2062 INVISIBLE TIMES"),
    ('\u{3164}', "U+3164 HANGUL FILLER"),
    ('\u{E0041}', "U+E0041"),
    ('\u{0000}', "U+0000 NULL"),
    ('\u{0009}', "U+0009 CHARACTER TABULATION"),
    ('\u{000A}', "U+000A LINE FEED"),
    ('\u{000D}', "U+000D CARRIAGE RETURN"),
    ('\u{001B}', "U+001B ESCAPE"),
    ('\u{007F}', "U+007F DELETE"),
    ('\u{0085}', "U+0085 NEXT LINE"),
    ('\u{2028}', "U+2028 LINE SEPARATOR"),
];

fn act(s: &mut Session, action: Action) {
    if let Err(e) = s.apply(action) {
        panic!("refused: {e}");
    }
}

/// A multiclass session (K = 3) with three named classes.
fn named() -> Session {
    let mut s = Session::new();
    act(
        &mut s,
        Action::SetSetup(Setup {
            algorithm: Algorithm::Multiclass,
            kernel: Kernel::Linear,
            classes: 3,
            rows: None,
            params: Vec::new(),
        }),
    );
    act(
        &mut s,
        Action::ImportCsv(b"x1,x2,y\n1,1,pear\n-1,2,apple\n0,-2,cherry\n".to_vec()),
    );
    s
}

fn snapshot(s: &Session) -> impl PartialEq + std::fmt::Debug {
    (
        s.data().clone(),
        s.class_names().to_vec(),
        s.model().clone(),
        s.setup().clone(),
    )
}

/// The error of `action` on `s`, which must be refused and change nothing.
fn refused(s: &mut Session, action: Action) -> String {
    let before = snapshot(s);
    let err = s.apply(action).expect_err("refused").to_string();
    assert_eq!(
        snapshot(s),
        before,
        "a refused action changes nothing: {err}"
    );
    err
}

/// A points CSV with the labels `labels`, one point each, every field quoted.
fn csv(labels: &[&str]) -> String {
    let mut text = String::from("x1,x2,y\n");
    for (i, label) in labels.iter().enumerate() {
        text.push_str(&format!("{i},{i},\"{}\"\n", label.replace('"', "\"\"")));
    }
    text
}

/// The session's scenario with class names `names`, as JSON and as a link.
fn scenarios(s: &Session, names: &[&str]) -> [(&'static str, Scenario); 2] {
    let scenario = Scenario {
        class_names: Some(names.iter().map(|n| n.to_string()).collect()),
        view: None,
        ..s.scenario()
    };
    let json = Scenario::from_json(&scenario.to_json()).expect("the JSON reads");
    let link = from_link(&to_link(&scenario))
        .expect("the link reads")
        .scenario
        .expect("a scenario");
    [("JSON", json), ("link", link)]
}

/// The command line's message for `text` as a multiclass file, which must be refused.
fn cli_refuses(name: &str, text: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("writes the file");
    let out = trace::trace(&["--algo", "multiclass", &path.to_string_lossy()]);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!out.status.success(), "{name}: accepted");
    assert!(
        out.stdout.is_empty(),
        "{name}: nothing printed before the check"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[test]
fn every_hidden_character_is_refused_from_every_source_naming_it() {
    let mut s = named();
    for &(c, described) in HIDDEN {
        for name in [format!("a{c}b"), format!("{c}a"), format!("a{c}")] {
            let shown = format!("{name:?}");
            // Scenario JSON and link: the class and the character.
            for (source, scenario) in scenarios(&s, &["pear", &name, "apple"]) {
                let err = refused(&mut s, Action::LoadScenario(scenario));
                assert!(err.contains("(class 1)"), "{source}: {err}");
                assert!(err.contains(described), "{source}: {err} lacks {described}");
            }
            if c.is_ascii_whitespace() && name.trim_ascii() != name {
                // The CSV reader drops spaces, tabs and line breaks around a field, as it
                // always has: "\ta" reads as "a".
                continue;
            }
            // A CSV label: the line, the label and the character.
            let file = csv(&["pear", &name, "apple"]);
            let err = refused(&mut s, Action::ImportCsv(file.clone().into_bytes()));
            assert!(err.contains("line 3"), "{err}");
            assert!(err.contains(&shown), "{err} lacks {shown}");
            assert!(err.contains(described), "{err} lacks {described}");
            // The same file on the command line.
            let stderr = cli_refuses("hidden.csv", &file);
            assert!(
                stderr.contains("line 3") && stderr.contains(described),
                "{stderr}"
            );
        }
    }
}

#[test]
fn white_space_that_cannot_be_seen_is_refused_at_either_end_but_kept_inside() {
    let mut s = named();
    for (name, expected) in [
        ("a\u{A0}", "ends with U+00A0 NO-BREAK SPACE"),
        ("\u{3000}a", "starts with U+3000 IDEOGRAPHIC SPACE"),
        ("a\u{2009}", "ends with U+2009 THIN SPACE"),
    ] {
        let err = refused(
            &mut s,
            Action::ImportCsv(csv(&["pear", name, "apple"]).into_bytes()),
        );
        assert!(err.contains(expected) && err.contains("line 3"), "{err}");
        for (source, scenario) in scenarios(&s, &["pear", name, "apple"]) {
            let err = refused(&mut s, Action::LoadScenario(scenario));
            assert!(err.contains(expected), "{source}: {err}");
        }
    }
    // Inside a name, a no-break space is a character like any other.
    act(
        &mut s,
        Action::ImportCsv(csv(&["pear", "a\u{A0}b", "apple"]).into_bytes()),
    );
    assert!(s.class_names().contains(&"a\u{A0}b".to_string()));
}

#[test]
fn names_that_differ_only_in_their_unicode_spelling_are_one_name() {
    let mut s = named();
    // é precomposed (U+00E9) and e + U+0301; Å as U+00C5 and as the ångström sign U+212B.
    for (first, second, spelled) in [
        (
            "caf\u{E9}",
            "cafe\u{301}",
            ["c a f U+00E9", "c a f e U+0301"],
        ),
        ("\u{C5}", "\u{212B}", ["U+00C5", "U+212B"]),
    ] {
        let file = csv(&[first, "pear", second]);
        let err = refused(&mut s, Action::ImportCsv(file.clone().into_bytes()));
        assert!(err.contains("line 4") && err.contains("(line 2)"), "{err}");
        assert!(err.contains("Unicode spelling"), "{err}");
        assert!(
            err.contains(spelled[0]) && err.contains(spelled[1]),
            "{err}"
        );
        let stderr = cli_refuses("spelling.csv", &file);
        assert!(
            stderr.contains("Unicode spelling") && stderr.contains("line 4"),
            "{stderr}"
        );
        for (source, scenario) in scenarios(&s, &[first, second, "pear"]) {
            let err = refused(&mut s, Action::LoadScenario(scenario));
            assert!(
                err.contains("(class 0)") && err.contains("(class 1)"),
                "{source}: {err}"
            );
            assert!(
                err.contains(spelled[0]) && err.contains(spelled[1]),
                "{source}: {err}"
            );
        }
    }
    // One spelling throughout is fine, and it is kept as written: saved and read again, the
    // same name.
    let mut t = named();
    act(
        &mut t,
        Action::ImportCsv(csv(&["cafe\u{301}", "pear", "cafe\u{301}"]).into_bytes()),
    );
    assert!(t.class_names().contains(&"cafe\u{301}".to_string()));
    let saved = t.points_csv();
    let mut u = named();
    act(&mut u, Action::ImportCsv(saved.clone().into_bytes()));
    assert_eq!(u.class_names(), t.class_names());
    for (source, scenario) in scenarios(&t, &["cafe\u{301}", "pear"]) {
        let mut v = Session::new();
        act(&mut v, Action::LoadScenario(scenario));
        assert_eq!(v.class_names(), t.class_names(), "{source}");
    }
}

/// One of [`HIDDEN`].
fn hidden() -> impl Strategy<Value = (char, &'static str)> {
    prop::sample::select(HIDDEN)
}

/// Letters with and without accents, as people write them (NFC) or decomposed (NFD).
fn word() -> impl Strategy<Value = String> {
    "[a-zéèüñçÅø日]{1,8}"
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// A hidden character anywhere in a name is refused, named, from a file and from JSON.
    #[test]
    fn a_hidden_character_anywhere_is_refused(
        base in word(),
        (c, described) in hidden(),
        at in 0usize..=8,
    ) {
        let mut chars: Vec<char> = base.chars().collect();
        let at = at.min(chars.len());
        chars.insert(at, c);
        let name: String = chars.into_iter().collect();
        let mut s = named();
        // (Spaces, tabs and line breaks around a CSV field are dropped by the reader.)
        if name.trim_ascii() == name {
            let err = refused(&mut s, Action::ImportCsv(csv(&["pear", &name]).into_bytes()));
            prop_assert!(err.contains(described), "{}", err);
        }
        let [(_, json), _] = scenarios(&s, &["pear", &name, "apple"]);
        let err = refused(&mut s, Action::LoadScenario(json));
        prop_assert!(err.contains(described), "{}", err);
    }

    /// A name and its decomposed spelling are one name: together they are refused; either
    /// alone is kept exactly as written.
    #[test]
    fn one_name_in_two_spellings_is_refused_and_either_alone_is_kept(base in word()) {
        let composed: String = base.nfc().collect();
        let decomposed: String = base.nfd().collect();
        let mut s = named();
        if composed != decomposed {
            let err = refused(
                &mut s,
                Action::ImportCsv(csv(&[&composed, "pear", &decomposed]).into_bytes()),
            );
            prop_assert!(err.contains("Unicode spelling"), "{}", err);
        }
        for spelling in [&composed, &decomposed] {
            let mut t = named();
            act(&mut t, Action::ImportCsv(csv(&[spelling, "pear-", spelling]).into_bytes()));
            prop_assert!(t.class_names().contains(spelling));
        }
    }
}
