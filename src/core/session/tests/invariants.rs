//! Property tests: any sequence of actions, across the whole family of algorithms, keeps
//! the timeline's invariants, and `apply` alone keeps the derived caches current.

use super::*;

/// Any sequence of actions: no panic; back then forward gives the same states; the step count
/// equals the number of step records before the cursor; the weights equal replaying the trace.
fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (-5i32..5, -5i32..5, any::<bool>()).prop_map(|(x, y, a)| Action::AddPoint {
            x: f64::from(x) / 2.0,
            y: f64::from(y) / 2.0,
            alternate: a,
            pixel: 0.01
        }),
        (-5i32..5, -5i32..5).prop_map(|(x, y)| Action::RemoveAt {
            x: f64::from(x) / 2.0,
            y: f64::from(y) / 2.0,
            reach: 0.6
        }),
        Just(Action::Step),
        Just(Action::Step),
        Just(Action::Step),
        Just(Action::Back),
        Just(Action::NextMistake),
        Just(Action::FinishEpoch),
        Just(Action::Reset),
        (0u64..30).prop_map(Action::JumpToStep),
        Just(Action::LoadPreset(Preset::Seed000)),
        Just(Action::LoadPreset(Preset::Xor)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn random_actions_keep_the_invariants(actions in prop::collection::vec(action(), 1..60)) {
        let mut s = Session::new();
        for a in actions {
            let _ = s.apply(a);
            let t = s.model();
            let done: Vec<&StepRecord> = s.history().steps().filter(|(_, d)| *d).filter_map(|(r, _)| r.binary()).collect();
            prop_assert_eq!(t.steps(), done.len() as u64 + s.history().dropped_steps());
            let replayed = done.last().map(|r| r.weights_after.clone());
            if let Some(w) = replayed {
                prop_assert_eq!(t.linear_weights().unwrap(), w.as_slice());
            }
            // Back then forward restores the same state and data.
            let (trainer, data) = (t.clone(), s.data().clone());
            let mut probe = s.clone();
            let _ = probe.apply(Action::Back);
            let _ = probe.apply(Action::Step);
            if s.history().next_entry().is_none() && s.history().last_entry().is_some() {
                prop_assert_eq!(probe.model(), &trainer);
                prop_assert_eq!(probe.data(), &data);
            }
        }
    }
}

fn setup(algorithm: crate::core::Algorithm, kernel: &str, classes: usize) -> crate::core::Setup {
    crate::core::Setup {
        algorithm,
        kernel: crate::core::algo::kernel::Kernel::parse(kernel).unwrap(),
        classes,
        rows: None,
        params: Vec::new(),
    }
}

/// Actions across the whole family: algorithm changes, K classes, imports (good and bad).
fn family_action() -> impl Strategy<Value = Action> {
    use crate::core::Algorithm;
    prop_oneof![
        (-5i32..5, -5i32..5, any::<bool>()).prop_map(|(x, y, a)| Action::AddPoint {
            x: f64::from(x) / 2.0,
            y: f64::from(y) / 2.0,
            alternate: a,
            pixel: 0.01
        }),
        (0usize..6).prop_map(Action::SelectClass),
        Just(Action::Step),
        Just(Action::Step),
        Just(Action::Step),
        Just(Action::Back),
        Just(Action::NextMistake),
        Just(Action::FinishEpoch),
        Just(Action::Reset),
        (0u64..30).prop_map(Action::JumpToStep),
        Just(Action::TogglePlay),
        Just(Action::SetSpeed(1000.0)),
        (0u32..5000).prop_map(|t| Action::Tick {
            now_ms: f64::from(t)
        }),
        (0usize..7, 2usize..7, 0usize..3).prop_map(|(a, k, kernel)| Action::SetSetup(setup(
            Algorithm::ALL[a],
            ["linear", "rbf:0.5", "poly:2:1:1"][kernel],
            k
        ))),
        prop_oneof![
            Just(Preset::Seed000),
            Just(Preset::Xor),
            Just(Preset::XorRbf),
            Just(Preset::Blobs3),
            Just(Preset::Seed000Multiclass),
        ]
        .prop_map(Action::LoadPreset),
        prop_oneof![
            Just(b"x1,x2,y\n1,2,+1\n-1,0,-1\n0.5,0.5,+1\n".to_vec()),
            Just(b"x1,x2,y\n1,2,a\n-1,0,b\n3,3,c\n".to_vec()),
            Just(b"x1,x2,y\n1,2,3\n-1,0,class 4\n3,3,\"x, y\"\n".to_vec()),
            Just(b"x1,x2,y\n1,2\n".to_vec()),
            Just(b"x1,x2,y\n1,NaN,+1\n".to_vec()),
            Just(b"\xff\xfe".to_vec()),
        ]
        .prop_map(Action::ImportCsv),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]
    #[test]
    fn family_actions_keep_the_invariants(actions in prop::collection::vec(family_action(), 1..50)) {
        let mut s = Session::new();
        for a in actions {
            let before = s.clone();
            if s.apply(a).is_err() {
                // A refused action changes nothing.
                prop_assert_eq!(s.model(), before.model());
                prop_assert_eq!(s.data(), before.data());
                prop_assert_eq!(s.setup(), before.setup());
                prop_assert_eq!(s.class_names(), before.class_names());
            }
            // One distinct name per class; the scenario reopens with the same names.
            prop_assert_eq!(s.class_names().len(), s.num_classes());
            let mut names = s.class_names().to_vec();
            names.sort();
            names.dedup();
            prop_assert_eq!(names.len(), s.num_classes());
            let mut reopened = Session::new();
            let mut scenario = s.scenario();
            scenario.step = 0;
            scenario.edits.clear();
            let opened = reopened.apply(Action::LoadScenario(scenario));
            prop_assert!(opened.is_ok(), "{:?}", opened);
            prop_assert_eq!(reopened.class_names(), s.class_names());
            let t = s.model();
            let done: Vec<u64> = s.history().steps().filter(|(_, d)| *d).map(|(r, _)| r.step()).collect();
            prop_assert_eq!(t.steps(), done.len() as u64 + s.history().dropped_steps());
            if let Some(last) = done.last() {
                prop_assert_eq!(*last, t.steps());
            }
            prop_assert_eq!(t.algorithm(), s.setup().algorithm);
            // The views never panic.
            let _ = s.status();
            let _ = s.scene();
            let _ = s.trace_rows(0, 10);
            let view = s.scene().view;
            let _ = s.apply(Action::SetRegionGrid { view, cols: 20, rows: 15 });
            let _ = s.region();
            // Back then forward restores the same state and data.
            let (model, data) = (s.model().clone(), s.data().clone());
            let mut probe = s.clone();
            let _ = probe.apply(Action::Back);
            let _ = probe.apply(Action::Step);
            if s.history().next_entry().is_none() && s.history().last_entry().is_some() {
                prop_assert_eq!(probe.model(), &model);
                prop_assert_eq!(probe.data(), &data);
            }
        }
    }
}

#[test]
fn apply_keeps_the_derived_caches_current_without_any_other_call() {
    let mut s = Session::new();
    apply(&mut s, Action::LoadPreset(Preset::Seed001));
    // The theory is there at once: status only reads.
    assert_ne!(s.status().radius, "—");
    assert_eq!(s.status().separable, "separable");
    apply(&mut s, Action::Step);
    let cached = s.accuracy();
    assert_eq!(cached, s.model().accuracy(s.data()));
    // The batch charts are cached per state and equal a fresh computation.
    apply(
        &mut s,
        Action::SetSetup(crate::core::Setup {
            algorithm: crate::core::Algorithm::Batch,
            ..crate::core::Setup::default()
        }),
    );
    apply(&mut s, Action::Step);
    apply(&mut s, Action::Step);
    assert!(matches!(&s.derived.batch_cache, Some((k, _)) if *k == s.accuracy_key()));
    assert_eq!(s.batch_view(), s.compute_batch_view());
    assert_eq!(s.batch_view().unwrap().online_path.len(), 3);
}
