//! Issue 38, finding 9: no `inf` or `NaN` in any text a person reads. Sessions opened from
//! links with extreme numbers (the issue's `i=-1.7976931348623157e308,1.7976931348623157e308,0.5`
//! and `i=1e308,0,1e-299`, points of ±5e-324 and near 1e308, η = 1e308) are stepped with every
//! algorithm; at each step every text producer is read: the status line and "This step", the
//! spoken step at each verbosity, the described plot, the points table, the trace table and its
//! Markdown export, the theory panel (R, γ*, the bound), the 3-D view's description (augmented
//! and activation, with and without the sign flip), the η panel's verdict and captions, the
//! "will it converge?" reveal, Practice on such points (prompts, worked parts, feedback), and the
//! messages of refused values (η₂ = 1e309 typed). Overflowed values read in the course's words:
//! "over 1.8e308", "below -1.8e308", "below 5e-324".
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::algo::perceptron::eta::parse_second_eta;
use perceptron_lab::core::practice::{ExerciseSet, PracticeKind, Response, Source};
use perceptron_lab::core::scenario::from_link;
use perceptron_lab::core::speech::Verbosity;
use perceptron_lab::core::table::TableFormat;
use perceptron_lab::core::{Action, Algorithm, InitWeights, PracticeAction, Session, SettingsForm};

const MAX: &str = "1.7976931348623157e308";

/// The words of `text` that spell a non-finite number as a program prints it (`inf`, `-inf`,
/// `NaN`, `Infinity`), found as whole words: "infeasible" or "information" do not count.
fn unreadable(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| matches!(w.to_lowercase().as_str(), "inf" | "nan" | "infinity"))
        .map(str::to_string)
        .collect()
}

/// Collects the texts a person reads, each with where it was read.
#[derive(Default)]
struct Texts(Vec<(String, String)>);

impl Texts {
    fn add(&mut self, place: impl Into<String>, text: impl Into<String>) {
        self.0.push((place.into(), text.into()));
    }

    /// Everything the session shows and says now.
    fn read(&mut self, case: &str, s: &mut Session) {
        let at = format!("{case}, step {}", s.model().steps());
        for (name, text) in s.status().fields() {
            self.add(format!("{at}: status {name}"), text);
        }
        for v in [Verbosity::Brief, Verbosity::Full] {
            if let Some((_, _, said)) = s.announcement(v) {
                self.add(format!("{at}: spoken ({v:?})"), said);
            }
        }
        for full in [false, true] {
            if let Some(said) = s.step_sentence(full) {
                self.add(format!("{at}: step sentence"), said);
            }
        }
        self.add(format!("{at}: described plot"), s.plot_description());
        for row in s.point_rows(50) {
            self.add(
                format!("{at}: points table #{}", row.index),
                format!("{} {} {} {}", row.x1, row.x2, row.score, row.correct),
            );
        }
        for row in s.trace_rows(0, 50) {
            self.add(
                format!("{at}: trace row {}", row.step),
                format!(
                    "{} {} {} {}",
                    row.weights, row.score, row.correct, row.update
                ),
            );
        }
        self.add(
            format!("{at}: Markdown export"),
            s.trace_export(TableFormat::Markdown),
        );
        self.add(format!("{at}: cursor"), s.cursor_text());
        if let Some(view) = s.eta_view() {
            self.add(format!("{at}: η panel verdict"), view.verdict());
            for run in 0..2 {
                self.add(format!("{at}: η panel caption {run}"), view.caption(run));
            }
        }
        // The 3-D view in each of its pictures.
        for (flip, activation) in [(false, false), (true, false), (false, true)] {
            let _ = s.apply(Action::SetSignFlip(flip));
            let _ = s.apply(Action::SetActivationView(activation));
            if let Some(scene) = s.augmented_scene() {
                self.add(
                    format!("{at}: 3-D description (flip {flip}, activation {activation})"),
                    scene.describe(),
                );
            }
        }
        let _ = s.apply(Action::SetSignFlip(false));
        let _ = s.apply(Action::SetActivationView(false));
    }

    /// Fails naming every text that shows `inf` or `NaN`.
    fn assert_readable(&self) {
        let bad: Vec<String> = self
            .0
            .iter()
            .filter(|(_, text)| !unreadable(text).is_empty())
            .map(|(place, text)| format!("{place}: {text}"))
            .collect();
        assert!(
            bad.is_empty(),
            "{} of {} texts show inf or NaN:\n{}",
            bad.len(),
            self.0.len(),
            bad.join("\n")
        );
    }

    fn find(&self, place: &str, words: &str) -> bool {
        self.0
            .iter()
            .any(|(p, t)| p.contains(place) && t.contains(words))
    }
}

/// A session opened from `link`, or the reason it was refused.
fn open(link: &str) -> Result<Session, String> {
    let scenario = from_link(link)
        .map_err(|e| e.to_string())?
        .scenario
        .ok_or("no scenario")?;
    let mut s = Session::new();
    let _ = s
        .apply(Action::LoadScenario(scenario))
        .map_err(|e| e.to_string())?;
    Ok(s)
}

/// Opens `link`, reads every text, then steps up to `steps` times (reading after each) and
/// runs to the end.
fn walk(texts: &mut Texts, case: &str, link: &str, steps: usize) -> bool {
    let mut s = match open(link) {
        Ok(s) => s,
        Err(reason) => {
            texts.add(format!("{case}: refusal"), reason);
            return false;
        }
    };
    texts.read(case, &mut s);
    for _ in 0..steps {
        if let Err(e) = s.apply(Action::Step) {
            texts.add(format!("{case}: step refused"), e.to_string());
        }
        texts.read(case, &mut s);
    }
    let _ = s.apply(Action::RunToConvergence);
    texts.read(case, &mut s);
    true
}

fn link(algorithm: Algorithm, init: &str, eta: &str, points: &str) -> String {
    let c = if algorithm.info().params.iter().any(|p| p.key == "C") {
        format!("&C={eta}")
    } else {
        String::new()
    };
    let classes = if algorithm.is_multiclass() {
        "&c=2"
    } else {
        ""
    };
    format!(
        "#v=1&a={}{c}{classes}&b=1&i={init}&e={eta}&o=fixed&s=1&m=1000&n=0&p={points}",
        algorithm.name()
    )
}

/// Every algorithm, from the extreme initial weights and with points of extreme size.
#[test]
fn extreme_links_read_without_inf_or_nan_for_every_algorithm() {
    let mut texts = Texts::default();
    let inits = [
        format!("-{MAX},{MAX},0.5"),
        "1e308,0,1e-299".to_string(),
        "zero".to_string(),
    ];
    let point_sets = [
        "1,2,1;-1,0,0;0,-2,0".to_string(),
        "5e-324,5e-324,1;-5e-324,-5e-324,0".to_string(),
        format!("1e308,1e308,1;-1e308,-1e308,0;{MAX},-{MAX},1;5e-324,5e-324,0;1,1,0"),
    ];
    let mut opened = 0;
    for algorithm in Algorithm::ALL {
        for init in &inits {
            for points in &point_sets {
                for eta in ["1", "1e308", "5e-324"] {
                    let case = format!("{} i={init} e={eta} p={points}", algorithm.name());
                    let url = link(algorithm, init, eta, points);
                    opened += usize::from(walk(&mut texts, &case, &url, 4));
                }
            }
        }
    }
    assert!(opened > 50, "only {opened} links opened");
    texts.assert_readable();
    // The cases, in the course's words.
    assert!(
        texts.find(
            "described plot",
            "that is x2 = a·x1 + c with a below −1.8e308 and c over 1.8e308"
        ),
        "the described plot of i=-MAX,MAX,0.5"
    );
    assert!(
        texts.find("described plot", "the horizontal line at x2 below −1.8e308"),
        "the described plot of i=1e308,0,1e-299"
    );
    assert!(
        texts.find(
            "3-D description",
            "a plane 1.798e308 below the origin (w0 = -1.798e308)"
        ),
        "the activation plane of a negative w0 lies below the origin"
    );
}

/// Points of ±5e-324: γ* underflows and the bound (R/γ*)² overflows; the theory panel and the
/// "will it converge?" reveal say so in the same words.
#[test]
fn tiny_points_give_the_bound_in_words_in_the_theory_panel_and_the_reveal() {
    let mut texts = Texts::default();
    let points = "5e-324,5e-324,1;-5e-324,-5e-324,0;5e-324,-5e-324,1";
    let mut s = open(&link(Algorithm::Perceptron, "zero", "1", points)).unwrap();
    texts.read("±5e-324", &mut s);
    let status = s.status();
    let set = ExerciseSet {
        id: "tiny".into(),
        kinds: vec![PracticeKind::Converge],
        questions: 1,
        source: Source::Points,
        ..ExerciseSet::default()
    };
    let _ = s
        .apply(Action::Practice(PracticeAction::Start {
            set,
            student_seed: 1,
            now: 0.0,
        }))
        .unwrap();
    texts.add("practice prompt", s.practice_prompt());
    let _ = s
        .apply(Action::Practice(PracticeAction::Answer {
            response: Response::Converges(true),
            now: 1.0,
        }))
        .unwrap();
    let (right, reveal) = s.practice_view().unwrap().feedback.unwrap();
    texts.add("converge reveal", reveal.clone());
    texts.read("±5e-324 practising", &mut s);
    texts.assert_readable();
    assert!(right, "{reveal}");
    // The bound overflows: the same words in both places, and γ* as the theory panel has it.
    assert!(
        status
            .bound
            .starts_with("(R/γ*)² = over 1.8e308 (too large for a double)"),
        "{}",
        status.bound
    );
    assert!(
        status.best_margin.ends_with("4.941e-324"),
        "{}",
        status.best_margin
    );
    let gamma = if status.best_margin.starts_with('≥') {
        status.best_margin.clone()
    } else {
        format!("= {}", status.best_margin)
    };
    assert!(
        reveal.contains(&format!(
            "margin γ* {gamma}; with R = 1 the perceptron from w = 0 makes at most (R/γ*)² = \
             over 1.8e308 (too large for a double) updates"
        )),
        "{reveal}"
    );
}

/// γ* below the smallest double reads "below 5e-324", in the theory panel and the reveal.
#[test]
fn an_underflowed_margin_reads_below_5e_324() {
    use perceptron_lab::core::theory::{bound_text, margin_text};
    assert_eq!(
        margin_text(0.0, true),
        "below 5e-324 (too small for a double)"
    );
    assert_eq!(margin_text(5e-324, false), "≥ 4.941e-324");
    assert_eq!(
        bound_text(f64::INFINITY),
        "over 1.8e308 (too large for a double)"
    );
    assert_eq!(bound_text(2.5), "3");
}

/// Practice on the extreme points: every question's prompt, facts, worked parts and feedback.
#[test]
fn practice_on_extreme_points_reads_without_inf_or_nan() {
    let mut texts = Texts::default();
    let point_sets = [
        format!("1e308,1e308,1;-1e308,-1e308,0;{MAX},-{MAX},1;5e-324,5e-324,0;1,1,0"),
        format!("{MAX},{MAX},1;-{MAX},-{MAX},0;-{MAX},{MAX},1"),
        "5e-324,5e-324,1;-5e-324,-5e-324,0;5e-324,-5e-324,1".to_string(),
    ];
    let mut answered = 0;
    for points in &point_sets {
        for (algorithm, eta) in [
            ("perceptron", 1e308),
            ("perceptron", 1.0),
            ("averaged", 5e-324),
        ] {
            let mut s = open(&link(Algorithm::Perceptron, "zero", "1", points)).unwrap();
            let set = ExerciseSet {
                id: "extreme".into(),
                kinds: vec![
                    PracticeKind::Predict,
                    PracticeKind::Converge,
                    PracticeKind::Faded,
                ],
                questions: 6,
                source: Source::Points,
                algorithm: algorithm.into(),
                eta,
                ..ExerciseSet::default()
            };
            let case = format!("practice {algorithm} η={eta:e} p={points}");
            if let Err(e) = s.apply(Action::Practice(PracticeAction::Start {
                set,
                student_seed: 1,
                now: 0.0,
            })) {
                texts.add(format!("{case}: refused"), e.to_string());
                continue;
            }
            for q in 0..12 {
                let now = f64::from(q);
                texts.add(format!("{case}: prompt"), s.practice_prompt());
                texts.add(format!("{case}: described plot"), s.plot_description());
                if let Some(view) = s.practice_view() {
                    texts.add(format!("{case}: title"), view.title.clone());
                    texts.add(format!("{case}: view prompt"), view.prompt.clone());
                    for (name, value) in view.facts.iter().chain(&view.worked) {
                        texts.add(format!("{case}: {name}"), value.clone());
                    }
                }
                // The first answer of the right kind is taken; the others are refused.
                for response in [
                    Response::Update(true),
                    Response::Converges(true),
                    Response::Read,
                    Response::Scores(vec![0.0]),
                ] {
                    match s.apply(Action::Practice(PracticeAction::Answer { response, now })) {
                        Ok(_) => {
                            answered += 1;
                            break;
                        }
                        Err(e) => texts.add(format!("{case}: answer refused"), e.to_string()),
                    }
                }
                if let Some((_, feedback)) = s.practice_view().and_then(|v| v.feedback) {
                    texts.add(format!("{case}: feedback"), feedback);
                }
                texts.add(format!("{case}: notice"), s.status().notice);
                if s.apply(Action::Practice(PracticeAction::Next { now }))
                    .is_err()
                {
                    break;
                }
            }
        }
    }
    assert!(answered > 10, "only {answered} answers taken");
    texts.assert_readable();
}

/// Values typed out of range are refused with a message that says what they are in words.
#[test]
fn refused_values_are_named_in_words() {
    let mut texts = Texts::default();
    let mut s = open(&link(Algorithm::Perceptron, "zero", "1", "1,2,1;-1,0,0")).unwrap();
    // η₂ typed on the η panel: 1e309 reads as +∞.
    let typed = parse_second_eta("1e309").unwrap_err().to_string();
    texts.add("η₂ typed 1e309", typed.clone());
    for eta in [f64::INFINITY, f64::NEG_INFINITY, f64::NAN] {
        let e = s.apply(Action::SetSecondEta(eta)).unwrap_err();
        texts.add(format!("η₂ = {eta:?}"), e.to_string());
    }
    // The settings form: η and the initial weights typed beyond a double.
    for (eta, init) in [("1e309", "zero"), ("-1e309", "zero"), ("1", "1e309,0,0")] {
        let form = SettingsForm {
            bias: true,
            init,
            eta,
            order: "fixed",
            seed: "1",
            max_epochs: "100",
        };
        match form.parse(2) {
            Ok(settings) => {
                let e = s.apply(Action::SetSettings(settings)).unwrap_err();
                texts.add(format!("settings η={eta} init={init}"), e.to_string());
            }
            Err(e) => texts.add(format!("settings η={eta} init={init}"), e.to_string()),
        }
    }
    let mut settings = s.settings().clone();
    settings.init = InitWeights::Explicit(vec![f64::NEG_INFINITY, 0.0, 0.0]);
    texts.add(
        "settings init −∞",
        s.apply(Action::SetSettings(settings))
            .unwrap_err()
            .to_string(),
    );
    // A point beyond a double, added by the page.
    if let Err(e) = s.apply(Action::AddPoint {
        x: f64::INFINITY,
        y: 0.0,
        alternate: false,
        pixel: 0.01,
    }) {
        texts.add("a point at +∞", e.to_string());
    }
    texts.read("after the refusals", &mut s);
    texts.assert_readable();
    assert_eq!(
        typed,
        "η₂ (the second learning rate) should be positive and finite, but is over 1.8e308"
    );
    assert!(texts.find("settings η=1e309", "but is over 1.8e308"));
    assert!(texts.find("settings η=-1e309", "but is below -1.8e308"));
}
