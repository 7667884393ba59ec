//! The lab's languages (locales/<tag>/lab.ftl): every catalogue parses and has English's
//! messages with English's arguments; seed 000's pass reads number for number in German and
//! French (decimal comma, `;` between entries) and unchanged in English; plural forms follow
//! CLDR (Arabic's six); the pseudo-language marks every word it reaches; exports keep the
//! course's numbers.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast;
use perceptron_lab::core::i18n::{plain_numbers, tr, with_lang, Arg, Catalogue, Lang};
use perceptron_lab::core::speech::Verbosity;
use perceptron_lab::core::table::TableFormat;
use perceptron_lab::core::{Action, Preset, Session};

const ALL: [Lang; 7] = [
    Lang::En,
    Lang::De,
    Lang::Es,
    Lang::Fr,
    Lang::ZhCn,
    Lang::Ar,
    Lang::Pseudo,
];

/// The variables a pattern names, through placeables and every variant of a select.
fn variables(pattern: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for variant in variants {
                variables(&variant.value, out);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, out),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, out),
        _ => {}
    }
}

/// A catalogue's messages and the arguments each names; a parse error fails the test.
fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let resource = fluent_syntax::parser::parse(lang.source())
        .unwrap_or_else(|(_, errors)| panic!("locales/{}/lab.ftl: {errors:?}", lang.tag()));
    let mut out = BTreeMap::new();
    for entry in resource.body {
        if let ast::Entry::Message(message) = entry {
            let mut names = BTreeSet::new();
            if let Some(value) = &message.value {
                variables(value, &mut names);
            }
            let id = message.id.name.to_string();
            assert!(
                out.insert(id.clone(), names).is_none(),
                "locales/{}/lab.ftl defines {id} twice",
                lang.tag()
            );
        }
    }
    out
}

#[test]
fn every_catalogue_has_englishs_messages_with_its_arguments() {
    let english = messages(Lang::En);
    assert!(english.len() > 30, "English has {} messages", english.len());
    let mut problems = Vec::new();
    for lang in Lang::CHOICES {
        let theirs = messages(lang);
        for (id, args) in &english {
            match theirs.get(id) {
                None => problems.push(format!("{}: {id} is missing", lang.tag())),
                Some(a) if a != args => problems.push(format!(
                    "{}: {id} names {a:?}, English names {args:?}",
                    lang.tag()
                )),
                Some(_) => {}
            }
        }
        for id in theirs.keys().filter(|id| !english.contains_key(*id)) {
            problems.push(format!("{}: {id} is not an English message", lang.tag()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_catalogue_parses_and_a_broken_one_is_refused_with_its_line() {
    for lang in ALL {
        let catalogue = Catalogue::of(lang).unwrap_or_else(|e| panic!("{}: {e}", lang.tag()));
        assert_eq!(catalogue.lang(), lang);
    }
    let broken = "table-step = Schritt\ntable-weights = { $w\n";
    let err = Catalogue::parse(Lang::De, broken).err().expect("refused");
    assert!(
        err.to_string().contains("locales/de/lab.ftl: line 2"),
        "{err}"
    );
    // A message that names an argument it is not given is said in English, never half-said.
    let odd = Catalogue::parse(Lang::De, "table-none = { $nothing }\n").unwrap();
    assert_eq!(odd.format("table-none", &[]), None);
}

fn act(s: &mut Session, action: Action) {
    if let Err(e) = s.apply(action) {
        panic!("refused: {e}");
    }
}

fn seed_000() -> Session {
    let mut s = Session::new();
    act(&mut s, Action::LoadPreset(Preset::Seed000));
    s
}

/// The pass of seed 000 (shared/seeds/000): what each step says aloud and its table row.
fn pass(lang: Lang) -> Vec<(String, String, [String; 5])> {
    with_lang(lang, || {
        let mut s = seed_000();
        let mut out = Vec::new();
        for _ in 0..5 {
            act(&mut s, Action::Step);
            let said = |v| s.announcement(v).map(|(_, _, t)| t).unwrap();
            let row = s.trace_rows(s.trace_len() - 1, 1).remove(0);
            let status = s.status();
            out.push((
                said(Verbosity::Full),
                said(Verbosity::Brief),
                [
                    row.weights,
                    row.score,
                    row.correct,
                    row.update,
                    format!("{} | {}", status.explain_title, status.explain_check),
                ],
            ));
        }
        out
    })
    .unwrap()
}

#[test]
fn seed_000_in_english_is_unchanged() {
    let english = pass(Lang::En);
    assert_eq!(
        english[1].0,
        "Step 2, epoch 1: sample 2 at (3, 2), class +1, score −1, a mistake. w becomes [0, 3, 2]; the boundary appears; 2 of 5 points are on the wrong side."
    );
    assert_eq!(
        english[4].2,
        [
            "[0, 3, 2]",
            "0 * 1 + 3 * 2 + 2 * 3 = 12",
            "no",
            "-[1, 2, 3]",
            "Step 5: sample #5 (2, 3), y = -1 | y·s = -12 ≤ 0 → mistake",
        ]
        .map(String::from)
    );
    // English is what a page that chose nothing speaks.
    let default: Vec<_> = {
        let mut s = seed_000();
        act(&mut s, Action::Step);
        vec![s.announcement(Verbosity::Full).unwrap().2]
    };
    assert_eq!(default[0], english[0].0);
}

#[test]
fn seed_000_in_german_and_french_number_for_number() {
    let german = pass(Lang::De);
    let expected_de = [
        "Schritt 1, Epoche 1: Beispiel 1 bei (1; 1), Klasse −1, Score −1, richtig. 3 von 5 Punkten liegen auf der falschen Seite.",
        "Schritt 2, Epoche 1: Beispiel 2 bei (3; 2), Klasse +1, Score −1, ein Fehler. w wird [0; 3; 2]; die Grenze erscheint; 2 von 5 Punkten liegen auf der falschen Seite.",
        "Schritt 3, Epoche 1: Beispiel 3 bei (2; 4), Klasse +1, Score 14, richtig. 2 von 5 Punkten liegen auf der falschen Seite.",
        "Schritt 4, Epoche 1: Beispiel 4 bei (3; 4), Klasse +1, Score 17, richtig. 2 von 5 Punkten liegen auf der falschen Seite.",
        "Schritt 5, Epoche 1: Beispiel 5 bei (2; 3), Klasse −1, Score 12, ein Fehler. w wird [−1; 1; −1]; die Grenze dreht sich um 79° im Uhrzeigersinn; 3 von 5 Punkten liegen auf der falschen Seite. Ende von Epoche 1.",
    ];
    for (step, want) in german.iter().zip(expected_de) {
        assert_eq!(step.0, want);
    }
    assert_eq!(
        german[1].1,
        "Schritt 2: Beispiel 2, ein Fehler; 2 von 5 falsch."
    );
    assert_eq!(
        german[1].2,
        [
            "[-1; 0; 0]",
            "-1 * 1 + 0 * 3 + 0 * 2 = -1",
            "nein",
            "+[1; 3; 2]",
            "Schritt 2: Beispiel #2 (3; 2), y = +1 | y·s = -1 ≤ 0 → Fehler",
        ]
        .map(String::from)
    );
    assert_eq!(german[2].2[2], "ja");
    assert_eq!(german[2].2[3], "keine");

    let french = pass(Lang::Fr);
    assert_eq!(
        french[4].0,
        "Étape 5, époque 1 : échantillon 5 en (2; 3), classe −1, score 12, une erreur. w devient [−1; 1; −1]; la frontière tourne de 79° dans le sens horaire; 3 points sur 5 sont du mauvais côté. Fin de l’époque 1."
    );
    assert_eq!(
        french[0].1,
        "Étape 1 : échantillon 1, correct ; 3 sur 5 faux."
    );
    assert_eq!(
        french[4].2[4],
        "Étape 5 : échantillon n° 5 (2; 3), y = -1 | y·s = -12 ≤ 0 → erreur"
    );
}

#[test]
fn a_decimal_comma_where_the_language_writes_one_and_the_courses_numbers_in_exports() {
    let run = |lang| {
        with_lang(lang, || {
            let mut s = seed_000();
            let mut settings = s.settings().clone();
            settings.eta = 0.5;
            act(&mut s, Action::SetSettings(settings));
            act(&mut s, Action::Step);
            act(&mut s, Action::Step);
            let update = s.trace_rows(1, 1).remove(0).update;
            (update, s.trace_export(TableFormat::Markdown))
        })
        .unwrap()
    };
    let (update, export) = run(Lang::De);
    assert_eq!(update, "+0,5 * [1; 3; 2]");
    // Exports keep the course's numbers; their headings are in the page's language.
    assert!(
        export.starts_with("| Schritt | Gewichte | Score | richtig? | Aktualisierung |"),
        "{export}"
    );
    assert!(export.contains("+0.5 * [1, 3, 2]"), "{export}");
    let (update, export) = run(Lang::Es);
    assert_eq!(update, "+0,5 * [1; 3; 2]");
    assert!(
        export.contains("| paso | pesos | puntuación | ¿correcto? |"),
        "{export}"
    );
    let (update, _) = run(Lang::ZhCn);
    assert_eq!(update, "+0.5 * [1, 3, 2]");
    assert_eq!(plain_numbers(|| tr("table-step", &[])), "step");
}

fn mistakes(lang: Lang, n: u64) -> String {
    with_lang(lang, || tr("mistakes", &[("count", Arg::from(n))])).unwrap()
}

#[test]
fn plural_forms_follow_each_languages_rules() {
    let counts = [0, 1, 2, 3, 11, 100];
    // (Arabic's arguments are isolated for right-to-left text; the forms are compared here.)
    let table = |lang| counts.map(|n| mistakes(lang, n).replace(['\u{2068}', '\u{2069}'], ""));
    assert_eq!(
        table(Lang::Ar),
        [
            "لا أخطاء (0)",
            "خطأ واحد (1)",
            "خطآن (2)",
            "3 أخطاء",
            "11 خطأً",
            "100 خطأ",
        ],
        "Arabic: zero, one, two, few, many, other"
    );
    assert_eq!(
        table(Lang::En),
        [
            "0 mistakes",
            "1 mistake",
            "2 mistakes",
            "3 mistakes",
            "11 mistakes",
            "100 mistakes"
        ]
    );
    // French counts 0 as singular.
    assert_eq!(
        table(Lang::Fr),
        [
            "0 erreur",
            "1 erreur",
            "2 erreurs",
            "3 erreurs",
            "11 erreurs",
            "100 erreurs"
        ]
    );
    assert_eq!(
        table(Lang::Es),
        [
            "0 errores",
            "1 error",
            "2 errores",
            "3 errores",
            "11 errores",
            "100 errores"
        ]
    );
    assert_eq!(table(Lang::De)[1], "1 Fehler");
    assert_eq!(table(Lang::ZhCn)[3], "3 个错误");
}

#[test]
fn the_pseudo_language_marks_its_words_and_leaves_the_numbers() {
    let said = with_lang(Lang::Pseudo, || {
        let mut s = seed_000();
        act(&mut s, Action::Step);
        act(&mut s, Action::Step);
        s.status().explain_title
    })
    .unwrap();
    assert!(said.starts_with('[') && said.ends_with(']'), "{said}");
    assert!(said.contains("Şŧḗḗp 2"), "{said}");
    assert!(said.contains("(3, 2)"), "numbers stay as they are: {said}");
    let english = tr("boundary-shifts", &[]);
    let pseudo = with_lang(Lang::Pseudo, || tr("boundary-shifts", &[])).unwrap();
    let ratio = pseudo.chars().count() as f64 / english.chars().count() as f64;
    assert!(ratio >= 1.3, "{pseudo} is only {ratio:.2}× as long");
}

#[test]
fn languages_are_read_as_browsers_and_links_write_them() {
    assert_eq!(Lang::parse("de-AT").unwrap(), Lang::De);
    assert_eq!(Lang::parse("zh-Hans-CN").unwrap(), Lang::ZhCn);
    assert_eq!(Lang::parse("ZH").unwrap(), Lang::ZhCn);
    assert_eq!(Lang::parse("en-XA").unwrap(), Lang::Pseudo);
    assert!(
        Lang::parse("zh-TW").is_err(),
        "Traditional Chinese is not Simplified"
    );
    let err = Lang::parse("tlh").unwrap_err().to_string();
    assert!(
        err.contains("\"tlh\" is not one of en, de, es, fr, zh-CN, ar"),
        "{err}"
    );
    assert_eq!(Lang::of_browser(["tlh", "fr-CA", "de"]), Lang::Fr);
    assert_eq!(Lang::of_browser(["ja", "en-XA"]), Lang::En);
    assert_eq!(Lang::of_browser([]), Lang::En);
    assert!(Lang::Ar.rtl() && Lang::Ar.dir() == "rtl" && Lang::De.dir() == "ltr");
}

#[test]
fn right_to_left_sentences_keep_their_numbers_left_to_right() {
    let title = with_lang(Lang::Ar, || {
        let mut s = seed_000();
        act(&mut s, Action::Step);
        act(&mut s, Action::Step);
        s.status().explain_title
    })
    .unwrap();
    // Each argument in first-strong isolates: "(3, 2)" reads left to right in the Arabic line;
    // the catalogue keeps the formula "y = +1" left to right (U+2066 … U+2069).
    assert_eq!(
        title,
        "الخطوة \u{2068}2\u{2069}: العينة رقم \u{2068}2\u{2069} \u{2068}(3, 2)\u{2069}، \u{2066}y = \u{2068}+1\u{2069}\u{2069}"
    );
}

#[test]
fn the_pages_language_menu_lists_every_language_by_its_own_name() {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/index.html")).unwrap();
    let menu = page
        .split("data-role=\"language-menu\">")
        .nth(1)
        .and_then(|rest| rest.split("</select>").next())
        .expect("index.html has the language menu");
    let listed: Vec<(String, String)> = menu
        .split("<option value=\"")
        .skip(1)
        .map(|option| {
            let value = option.split('"').next().unwrap().to_string();
            let name = option.split('>').nth(1).unwrap().split('<').next().unwrap();
            assert!(
                option.contains(&format!("lang=\"{value}\"")),
                "the option {value} says its own language for a screen reader"
            );
            (value, name.to_string())
        })
        .collect();
    let expected: Vec<(String, String)> = Lang::CHOICES
        .iter()
        .map(|l| (l.tag().to_string(), l.name().to_string()))
        .collect();
    assert_eq!(listed, expected);
}

#[test]
fn the_line_over_this_step_in_german() {
    let (before, after) = with_lang(Lang::De, || {
        let mut s = seed_000();
        let before = s.status().explain_line;
        act(&mut s, Action::Step);
        act(&mut s, Action::Step);
        (before, s.status().explain_line)
    })
    .unwrap();
    assert_eq!(before, "Noch kein Schritt: Schritt drücken (→).");
    assert_eq!(
        after,
        "Schritt 2 · #2 (3; 2), y = +1 · Score -1 · Fehler → +[1; 3; 2]"
    );
}

#[test]
fn the_learning_rate_field_takes_a_decimal_comma_or_point_and_shows_the_pages_own() {
    use perceptron_lab::core::SettingsForm;
    let form = |eta| SettingsForm {
        bias: true,
        init: "zero",
        eta,
        order: "fixed",
        seed: "1",
        max_epochs: "1000",
    };
    for text in ["0,5", "0.5", " 0,5 "] {
        assert_eq!(form(text).parse(2).unwrap().eta, 0.5, "{text:?}");
    }
    assert!(form("0,5,1").parse(2).is_err());
    assert!(form("1.000,5").parse(2).is_err());
    let settings = form("0.25").parse(2).unwrap();
    let eta = |lang| {
        with_lang(lang, || {
            let fields = settings.form_fields();
            fields.iter().find(|(n, _)| *n == "eta").unwrap().1.clone()
        })
        .unwrap()
    };
    assert_eq!(eta(Lang::De), "0,25");
    assert_eq!(eta(Lang::En), "0.25");
    assert_eq!(eta(Lang::Ar), "0.25");
}
