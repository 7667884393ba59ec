//! The passive-aggressive perceptron as the page runs it: through `Session`, links and scenario
//! files, agreeing step by step with the core run, and showing what makes it differ from the
//! perceptron (an update on a correct sample inside the margin, the band |w·x + b| < 1).
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::algo::pa::{PaVariant, PassiveAggressive};
use perceptron_lab::core::scenario::{from_link, to_link, Scenario};
use perceptron_lab::core::{parse_csv, Action, Algorithm, Session, Settings, Setup};

fn act(s: &mut Session, action: Action) {
    if let Err(e) = s.apply(action) {
        panic!("refused: {e}");
    }
}

fn open(link: &str) -> Session {
    let scenario = from_link(link).unwrap().scenario.unwrap();
    let mut s = Session::new();
    act(&mut s, Action::LoadScenario(scenario));
    s
}

const POINTS: &str = "p=2,1,1;1,3,1;-1,-2,0;-2,0,0;0.2,0.1,1";

#[test]
fn both_variants_are_in_the_registry_with_c() {
    for (name, title) in [("pa1", "PA-I"), ("pa2", "PA-II")] {
        let a = Algorithm::parse(name).unwrap();
        assert_eq!(a.name(), name);
        assert!(a.title().contains(title), "{}", a.title());
        assert_eq!(a.info().params.len(), 1);
        assert_eq!(a.info().params[0].key, "C");
        assert_eq!(a.info().params[0].default, 1.0);
    }
}

#[test]
fn the_session_steps_as_the_core_does() {
    let data = parse_csv(b"x1,x2,y\n2,1,1\n1,3,1\n-1,-2,-1\n-2,0,-1\n0.2,0.1,1\n").unwrap();
    for (name, variant) in [("pa1", PaVariant::Pa1), ("pa2", PaVariant::Pa2)] {
        let mut s = open(&format!("v=1&a={name}&C=0.5&{POINTS}"));
        let mut core = PassiveAggressive::new(Settings::default(), 2, variant, 0.5).unwrap();
        for _ in 0..12 {
            let expected = core.step(&data);
            let before = s.model().steps();
            let result = s.apply(Action::Step);
            match expected {
                Ok(r) => {
                    assert!(result.is_ok());
                    assert_eq!(s.model().steps(), before + 1);
                    assert_eq!(s.model().linear_weights().unwrap(), &r.weights_after[..]);
                    assert_eq!(s.last_record().unwrap().mistake(), r.updated);
                }
                Err(_) => assert_eq!(s.model().steps(), before),
            }
        }
    }
}

#[test]
fn a_correct_sample_inside_the_margin_updates_and_this_step_says_why() {
    // w = [0, 1, 0] (b first) scores (0.5, 0) at 0.5: correct for y = +1 but inside the margin.
    let mut s = open("v=1&a=pa1&C=1&i=0,1,0&p=0.5,0,1;-3,0,0");
    act(&mut s, Action::Step);
    let record = s.last_record().unwrap();
    assert!(record.mistake(), "PA updates inside the margin");
    let status = s.status();
    assert!(
        status.explain_check.contains("inside the margin"),
        "{}",
        status.explain_check
    );
    assert!(
        status.explain_update.contains("τ = "),
        "{}",
        status.explain_update
    );
    // The classic rule leaves the same sample alone.
    let mut p = open("v=1&a=perceptron&i=0,1,0&p=0.5,0,1;-3,0,0");
    act(&mut p, Action::Step);
    assert!(!p.last_record().unwrap().mistake());
}

#[test]
fn the_scene_draws_the_margin_band_of_width_one_in_score() {
    let mut s = open(&format!("v=1&a=pa2&{POINTS}"));
    assert!(s.scene().max_margin.is_none(), "w = 0 has no band");
    act(&mut s, Action::Step);
    let w = s.model().linear_weights().unwrap().to_vec();
    let band = s.scene().max_margin.expect("a band once w ≠ 0");
    assert_eq!(band.weights, [w[0], w[1], w[2]]);
    assert_eq!(band.gamma, 1.0);
    assert!(band.support.is_empty());
}

#[test]
fn c_survives_links_and_scenario_files() {
    let s = open(&format!("v=1&a=pa1&C=0.25&n=3&{POINTS}"));
    let scenario = s.scenario();
    assert_eq!(scenario.params.get("C"), Some(&0.25));
    let link = to_link(&scenario);
    assert!(link.contains("&C=0.25"), "{link}");
    let again = open(&link);
    assert_eq!(again.model().linear_weights(), s.model().linear_weights());
    let json = scenario.to_json();
    let back = Scenario::from_json(&json).unwrap();
    assert_eq!(back, scenario);
    // Without C the default 1 is written, so the file says what ran.
    let d = open(&format!("v=1&a=pa2&{POINTS}")).scenario();
    assert_eq!(d.params.get("C"), Some(&1.0));
}

#[test]
fn a_bad_or_misplaced_c_is_refused_with_a_reason() {
    for bad in ["0", "-1", "inf", "NaN"] {
        let err = from_link(&format!("v=1&a=pa1&C={bad}&{POINTS}"))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_else(|| panic!("C={bad} accepted"));
        assert!(err.contains("C"), "{err}");
    }
    let err = from_link(&format!("v=1&a=perceptron&C=1&{POINTS}"))
        .err()
        .unwrap();
    assert!(err.to_string().contains("does not take C"), "{err}");
    // A scenario file with C under another algorithm changes nothing.
    let mut s = Session::new();
    let mut scenario = open(&format!("v=1&a=perceptron&{POINTS}")).scenario();
    scenario.params.insert("C".into(), 1.0);
    let before = s.scenario();
    assert!(s.apply(Action::LoadScenario(scenario)).is_err());
    assert_eq!(s.scenario(), before);
}

#[test]
fn switching_to_pa_keeps_the_points_and_back_undoes_steps() {
    let mut s = open(&format!("v=1&a=perceptron&{POINTS}"));
    act(
        &mut s,
        Action::SetSetup(Setup {
            algorithm: Algorithm::parse("pa2").unwrap(),
            params: vec![("C".into(), 2.0)],
            ..Setup::default()
        }),
    );
    assert_eq!(s.data().len(), 5);
    act(&mut s, Action::Step);
    act(&mut s, Action::Step);
    let w2 = s.model().linear_weights().unwrap().to_vec();
    act(&mut s, Action::Step);
    act(&mut s, Action::Back);
    assert_eq!(s.model().linear_weights().unwrap(), &w2[..]);
    assert_eq!(s.scenario().params.get("C"), Some(&2.0));
}

#[test]
fn overflow_is_refused_and_nothing_changes() {
    let mut s = open("v=1&a=pa1&C=1e308&p=1e300,1e300,1;-1e300,-1e300,0");
    for _ in 0..4 {
        let _ = s.apply(Action::Step);
    }
    let w = s.model().linear_weights().unwrap();
    assert!(w.iter().all(|v| v.is_finite()), "{w:?}");
}

#[test]
fn its_own_example_converges_with_a_wider_margin_than_the_perceptron() {
    use perceptron_lab::core::{margin_of, Preset, TrainState};
    let preset = Preset::from_id("pa-wide-margin").expect("listed in the Example menu");
    assert!(Preset::all().contains(&preset));
    assert!(preset.title().contains("Passive-aggressive"));
    let mut s = Session::new();
    act(&mut s, Action::LoadPreset(preset));
    assert_eq!(s.setup().algorithm.name(), "pa1");
    assert_eq!(s.data().len(), 6);
    act(&mut s, Action::RunToConvergence);
    assert_eq!(s.model().state(), TrainState::Converged);
    let pa = s.model().linear_weights().unwrap().to_vec();
    // Every point is at least 1 in score from the line: outside the band.
    for i in 0..s.data().len() {
        let x = s.data().x(i);
        let y = s.data().label(i).y();
        assert!(y * (pa[0] + pa[1] * x[0] + pa[2] * x[1]) >= 1.0 - 1e-12);
    }
    // The perceptron on the same points (the points stay when the algorithm changes).
    act(
        &mut s,
        Action::SetSetup(Setup {
            algorithm: Algorithm::Perceptron,
            ..Setup::default()
        }),
    );
    act(&mut s, Action::RunToConvergence);
    assert_eq!(s.model().state(), TrainState::Converged);
    let perceptron = s.model().linear_weights().unwrap().to_vec();
    let points: Vec<[f64; 2]> = (0..6)
        .map(|i| [s.data().x(i)[0], s.data().x(i)[1]])
        .collect();
    let labels: Vec<f64> = (0..6).map(|i| s.data().label(i).y()).collect();
    let geometric = |w: &[f64]| margin_of([w[0], w[1], w[2]], &points, &labels, true).unwrap();
    assert!(
        geometric(&pa) > geometric(&perceptron),
        "PA {} vs perceptron {}",
        geometric(&pa),
        geometric(&perceptron)
    );
}
