use super::*;
use crate::core::table::TableFormat;
use crate::core::Preset;
use proptest::prelude::*;

fn add(s: &mut Session, x: f64, y: f64, alternate: bool) {
    let action = Action::AddPoint {
        x,
        y,
        alternate,
        pixel: 0.014,
    };
    assert_eq!(s.apply(action), Ok(Changed::Redraw));
}

fn apply(s: &mut Session, action: Action) {
    let _ = s.apply(action).expect("valid action");
}

fn seed_000() -> Session {
    let mut s = Session::new();
    apply(&mut s, Action::LoadPreset(Preset::Seed000));
    s.refresh_derived();
    s
}

#[test]
fn clicks_round_within_half_a_pixel() {
    assert_eq!(round_to_pixel(1.004_9, 0.014), 1.0);
    assert_eq!(round_to_pixel(0.031_2, 0.014), 0.03);
    assert_eq!(round_to_pixel(123.4, 2.0), 123.0);
    for pixel in [0.0013, 0.014, 0.2, 3.0] {
        for v in [-4.3217, 0.0049, 2.6183] {
            assert!((round_to_pixel(v, pixel) - v).abs() <= pixel / 2.0);
        }
    }
}

#[test]
fn step_refuses_without_both_classes_and_changes_nothing() {
    let mut s = Session::new();
    apply(&mut s, Action::Step);
    assert!(s.status().notice.contains("add points of both classes"));
    add(&mut s, 1.0, 1.0, false);
    add(&mut s, 2.0, 1.0, false);
    apply(&mut s, Action::Step);
    assert_eq!(s.model().steps(), 0);
    assert!(s.status().notice.contains("all points are of one class"));
    assert_eq!(s.status().weights, "[0, 0, 0]");
}

#[test]
fn alternate_adds_the_other_class_and_reset_keeps_points() {
    let mut s = Session::new();
    add(&mut s, 1.0, 1.0, false);
    add(&mut s, -1.0, -1.0, true);
    assert_eq!(s.data().label(0), Label::Pos);
    assert_eq!(s.data().label(1), Label::Neg);
    apply(&mut s, Action::SelectClass(Label::Neg.class()));
    add(&mut s, 0.0, 2.0, false);
    assert_eq!(s.data().label(2), Label::Neg);
    apply(&mut s, Action::Step);
    assert_eq!(s.model().steps(), 1);
    apply(&mut s, Action::Reset);
    assert_eq!((s.model().steps(), s.model().epoch()), (0, 1));
    assert_eq!(s.data().len(), 3);
    apply(&mut s, Action::Clear);
    assert_eq!(s.data().len(), 0);
}

#[test]
fn bad_settings_leave_everything_as_it_was() {
    let mut s = seed_000();
    apply(&mut s, Action::Step);
    let before = s.status();
    let bad = Settings {
        eta: -1.0,
        ..Settings::default()
    };
    assert!(s.apply(Action::SetSettings(bad)).is_err());
    assert_eq!(s.status(), before);
}

#[test]
fn applying_the_same_settings_restarts_training() {
    let mut s = seed_000();
    apply(&mut s, Action::Step);
    let same = s.settings().clone();
    assert_eq!(s.apply(Action::SetSettings(same)), Ok(Changed::Redraw));
    assert_eq!(s.model().steps(), 0);
}

#[test]
fn play_takes_the_due_steps_and_stops_on_convergence() {
    let mut s = Session::new();
    add(&mut s, 1.0, 1.0, false);
    add(&mut s, -1.0, -1.0, true);
    apply(&mut s, Action::SetSpeed(10.0));
    apply(&mut s, Action::Play);
    assert_eq!(s.model().steps(), 1, "Play steps at once");
    assert!(s.is_playing());
    apply(&mut s, Action::Tick { now_ms: 1000.0 });
    apply(&mut s, Action::Tick { now_ms: 1150.0 });
    assert_eq!(
        s.model().steps(),
        2,
        "0.15 s at 10 steps/s is one more step"
    );
    apply(&mut s, Action::Tick { now_ms: 5000.0 });
    assert!(!s.is_playing());
    assert_eq!(s.model().state(), TrainState::Converged);
    assert!(s.status().state.starts_with("converged"));
}

#[test]
fn max_speed_takes_many_steps_per_frame() {
    let mut s = Session::new();
    apply(&mut s, Action::LoadPreset(Preset::Noisy));
    apply(&mut s, Action::SetSpeed(1e9));
    apply(&mut s, Action::Play);
    apply(&mut s, Action::Tick { now_ms: 0.0 });
    apply(&mut s, Action::Tick { now_ms: 16.0 });
    assert_eq!(s.model().steps(), 1 + MAX_STEPS_PER_TICK);
}

#[test]
fn back_is_an_exact_undo_and_forward_replays() {
    let mut s = seed_000();
    let mut states = vec![(s.status(), s.model().clone())];
    for _ in 0..5 {
        apply(&mut s, Action::Step);
        states.push((s.status(), s.model().clone()));
    }
    assert_eq!(s.status().weights, "[-1, 1, -1]");
    for k in (0..5).rev() {
        apply(&mut s, Action::Back);
        assert_eq!(s.model(), &states[k].1);
        assert_eq!(s.status().weights, states[k].0.weights);
    }
    apply(&mut s, Action::Back);
    assert!(s.status().notice.contains("nothing to step back to"));
    for state in &states[1..] {
        apply(&mut s, Action::Step);
        assert_eq!(s.model(), &state.1);
    }
    apply(&mut s, Action::JumpToStep(2));
    assert_eq!(s.status().weights, "[0, 3, 2]");
    assert_eq!(
        s.status().history,
        "step 2 of 5 (→ replays, a new action drops the rest)"
    );
    apply(&mut s, Action::JumpToStep(5));
    assert_eq!(s.model(), &states[5].1);
}

#[test]
fn the_explanation_of_seed_000_step_two() {
    let mut s = seed_000();
    apply(&mut s, Action::Step);
    apply(&mut s, Action::Step);
    let st = s.status();
    assert_eq!(st.explain_weights, "[-1, 0, 0]");
    assert_eq!(st.explain_score, "-1 * 1 + 0 * 3 + 0 * 2 = -1");
    assert_eq!(st.explain_check, "y·s = -1 ≤ 0 → mistake");
    assert_eq!(st.explain_update, "+[1, 3, 2] → w = [0, 3, 2]");
    apply(&mut s, Action::Step);
    assert_eq!(s.status().explain_update, "no update (score 14)");
    let scene = s.scene();
    assert_eq!(scene.previous, None, "a correct step draws no update");
    apply(&mut s, Action::Back);
    assert_eq!(s.scene().previous, Some([-1.0, 0.0, 0.0]));
}

#[test]
fn trace_rows_are_seed_000s_table() {
    let mut s = seed_000();
    for _ in 0..5 {
        apply(&mut s, Action::Step);
    }
    let rows: Vec<(u64, String, String, String, String)> = s
        .trace_rows(0, 100)
        .into_iter()
        .map(|r| (r.step, r.weights, r.score, r.correct, r.update))
        .collect();
    let expected = [
        (
            1,
            "[-1, 0, 0]",
            "-1 * 1 + 0 * 1 + 0 * 1 = -1",
            "yes",
            "none",
        ),
        (
            2,
            "[-1, 0, 0]",
            "-1 * 1 + 0 * 3 + 0 * 2 = -1",
            "no",
            "+[1, 3, 2]",
        ),
        (3, "[0, 3, 2]", "0 * 1 + 3 * 2 + 2 * 4 = 14", "yes", "none"),
        (4, "[0, 3, 2]", "0 * 1 + 3 * 3 + 2 * 4 = 17", "yes", "none"),
        (
            5,
            "[0, 3, 2]",
            "0 * 1 + 3 * 2 + 2 * 3 = 12",
            "no",
            "-[1, 2, 3]",
        ),
    ];
    let expected: Vec<(u64, String, String, String, String)> = expected
        .iter()
        .map(|(a, b, c, d, e)| {
            (
                *a,
                b.to_string(),
                c.to_string(),
                d.to_string(),
                e.to_string(),
            )
        })
        .collect();
    assert_eq!(rows, expected);
    apply(&mut s, Action::Back);
    let rows = s.trace_rows(0, 100);
    assert!(rows[3].current && rows[3].done && !rows[4].done);
}

#[test]
fn trace_exports_in_three_formats() {
    let mut s = seed_000();
    for _ in 0..5 {
        apply(&mut s, Action::Step);
    }
    let md = s.trace_export(TableFormat::Markdown);
    assert!(md.starts_with("| step | weights | score | correct? | update |\n|---:|"));
    assert!(md.contains("| 2 | [-1, 0, 0] | -1 * 1 + 0 * 3 + 0 * 2 = -1 | no | +[1, 3, 2] |\n"));
    assert!(md.ends_with("| 6 | [-1, 1, -1] | | | |\n"));
    let csv = s.trace_export(TableFormat::Csv);
    assert_eq!(csv.lines().count(), 6);
    assert_eq!(
        csv.lines().nth(5),
        Some("5,1,5,2,3,-1,0,3,2,12,true,-1,1,-1")
    );
    let tex = s.trace_export(TableFormat::Latex);
    assert!(tex.starts_with("\\begin{tabular}{rllll}\n\\toprule\n"));
    assert!(tex.contains(
        "2 & $[-1, 0, 0]$ & $-1 \\cdot 1 + 0 \\cdot 3 + 0 \\cdot 2 = -1$ & no & $+[1, 3, 2]$ \\\\\n"
    ));
    assert!(tex.contains(
        "1 & $[-1, 0, 0]$ & $-1 \\cdot 1 + 0 \\cdot 1 + 0 \\cdot 1 = -1$ & yes & none \\\\\n"
    ));
    assert!(tex.ends_with("6 & $[-1, 1, -1]$ & & & \\\\\n\\bottomrule\n\\end{tabular}\n"));
    // Export follows the cursor: after going back, the undone step is not exported.
    apply(&mut s, Action::Back);
    assert_eq!(s.trace_export(TableFormat::Csv).lines().count(), 5);
}

#[test]
fn cycle_detection_on_xor() {
    let mut s = Session::new();
    apply(&mut s, Action::LoadPreset(Preset::Xor));
    s.refresh_derived();
    assert!(s.status().separable.starts_with("not separable"));
    for _ in 0..4 {
        apply(&mut s, Action::Step);
    }
    assert!(
        s.status().state.contains("epoch 2 repeat epoch 1"),
        "{}",
        s.status().state
    );
    apply(&mut s, Action::RunToConvergence);
    assert!(s.status().notice.starts_with("Verdict: never converges"));
    assert_eq!(
        s.model().steps(),
        4,
        "the proof is already there: no further steps"
    );
}

#[test]
fn a_separable_set_says_not_converged_yet_and_converges() {
    let mut s = Session::new();
    apply(&mut s, Action::LoadPreset(Preset::Seed001));
    s.refresh_derived();
    assert_eq!(s.status().state, "not converged yet");
    assert_eq!(s.status().separable, "separable");
    apply(&mut s, Action::RunToConvergence);
    assert_eq!(
        s.status().notice,
        "Verdict: converged after 2 epochs (8 steps, 3 updates)."
    );
    assert_eq!(s.status().weights, "[0, 1, -3]");
}

#[test]
fn next_mistake_and_finish_epoch() {
    let mut s = seed_000();
    apply(&mut s, Action::NextMistake);
    assert_eq!(s.model().steps(), 2);
    apply(&mut s, Action::NextMistake);
    assert_eq!(s.model().steps(), 5);
    apply(&mut s, Action::Reset);
    apply(&mut s, Action::Step);
    apply(&mut s, Action::FinishEpoch);
    assert_eq!(s.model().steps(), 5);
    assert_eq!(s.status().epoch, "1");
    apply(&mut s, Action::FinishEpoch);
    assert_eq!(s.model().steps(), 10);
}

#[test]
fn editing_keeps_weights_and_going_back_restores_the_data() {
    let mut s = seed_000();
    for _ in 0..3 {
        apply(&mut s, Action::Step);
    }
    let weights = s.status().weights;
    // Drag point #1 from (1, 1) to (0, 2).
    apply(
        &mut s,
        Action::Press {
            x: 1.02,
            y: 0.99,
            reach: 0.1,
        },
    );
    apply(
        &mut s,
        Action::DragTo {
            x: 0.5,
            y: 1.5,
            pixel: 0.01,
        },
    );
    apply(
        &mut s,
        Action::DragTo {
            x: 0.0,
            y: 2.0,
            pixel: 0.01,
        },
    );
    apply(
        &mut s,
        Action::Release {
            x: 0.0,
            y: 2.0,
            alternate: false,
            pixel: 0.01,
        },
    );
    assert_eq!(s.data().x(0), &[0.0, 2.0]);
    assert_eq!(s.status().weights, weights);
    assert_eq!(s.model().steps(), 3);
    assert!(s
        .status()
        .notice
        .contains("training continues on the changed data"));
    apply(&mut s, Action::Back);
    assert_eq!(
        s.data().x(0),
        &[1.0, 1.0],
        "undoing the move restores the point"
    );
    apply(&mut s, Action::Step);
    assert_eq!(s.data().x(0), &[0.0, 2.0], "redo moves it again");
    // Remove by right-click on the point; Delete removes the selected one.
    apply(
        &mut s,
        Action::RemoveAt {
            x: 3.0,
            y: 2.0,
            reach: 0.1,
        },
    );
    assert_eq!(s.data().len(), 4);
    apply(
        &mut s,
        Action::Press {
            x: 2.0,
            y: 4.0,
            reach: 0.1,
        },
    );
    apply(
        &mut s,
        Action::Release {
            x: 2.0,
            y: 4.0,
            alternate: false,
            pixel: 0.01,
        },
    );
    assert_eq!(s.selected_point(), Some(1));
    apply(&mut s, Action::DeleteSelected);
    assert_eq!(s.data().len(), 3);
    apply(&mut s, Action::Step);
    assert_eq!(
        s.model().steps(),
        4,
        "training goes on over the remaining points"
    );
}

#[test]
fn pocket_keeps_the_best_weights() {
    let mut s = Session::new();
    apply(&mut s, Action::LoadPreset(Preset::Noisy));
    apply(&mut s, Action::SetPocket(true));
    for _ in 0..200 {
        apply(&mut s, Action::Step);
    }
    let pocket = s.history().current().pocket.clone().expect("pocket on");
    assert_eq!(pocket.1, training_errors(s.data(), &pocket.0));
    assert!(pocket.1 <= training_errors(s.data(), s.model().linear_weights().unwrap()));
    assert!(s.scene().pocket.is_some());
}

#[test]
fn presets_fit_the_view() {
    let mut s = Session::new();
    apply(&mut s, Action::LoadPreset(Preset::Seed002));
    let view = s.scene().view;
    assert_eq!((view.x_min, view.x_max), (-view.x_max, view.y_max));
    assert!(view.x_max > 1.0 && view.x_max < 1.5, "{view:?}");
    assert_eq!(s.data().len(), 100);
    assert_eq!(s.settings().max_epochs, 100);
}

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

#[test]
fn this_step_survives_an_edit_and_the_history_note_offers_redo() {
    let mut s = seed_000();
    apply(&mut s, Action::Step);
    apply(&mut s, Action::Step);
    add(&mut s, -4.0, -4.0, false);
    let st = s.status();
    assert_eq!(st.explain_title, "Step 2: sample #2 (3, 2), y = +1");
    assert_eq!(st.score, "-1");
    apply(&mut s, Action::Back);
    assert_eq!(s.data().len(), 5, "the added point is undone");
    assert_eq!(
        s.status().history,
        "→ redoes: Added point #6 at (-4, -4), class +1."
    );
}

#[test]
fn running_noisy_data_to_the_cap_gives_the_proven_verdict() {
    let mut s = Session::new();
    apply(&mut s, Action::LoadPreset(Preset::Noisy));
    apply(
        &mut s,
        Action::SetSettings(Settings {
            max_epochs: 20,
            ..Settings::default()
        }),
    );
    s.refresh_derived();
    apply(&mut s, Action::RunToConvergence);
    let st = s.status();
    assert!(
        st.notice
            .starts_with("Verdict: never converges: no line separates the classes"),
        "{}",
        st.notice
    );
    assert!(st.state.contains("it never would"), "{}", st.state);
}

#[test]
fn the_small_margin_preset_is_separable_with_a_large_bound_and_converges() {
    let mut s = Session::new();
    apply(&mut s, Action::LoadPreset(Preset::SmallMargin));
    s.refresh_derived();
    let st = s.status();
    assert_eq!(st.separable, "separable");
    let bound: f64 = st
        .bound
        .trim_start_matches("(R/γ*)² = ")
        .split(' ')
        .next()
        .and_then(|b| b.parse().ok())
        .expect("a number");
    assert!(bound > 1000.0, "bound {bound}");
    apply(&mut s, Action::RunToConvergence);
    assert!(
        s.status().notice.starts_with("Verdict: converged"),
        "{}",
        s.status().notice
    );
    assert!(s.model().updates() as f64 <= bound);
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
    assert!(matches!(&s.batch_cache, Some((k, _)) if *k == s.accuracy_key()));
    assert_eq!(s.batch_view(), s.compute_batch_view());
    assert_eq!(s.batch_view().unwrap().online_path.len(), 3);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// The pocket's error count, kept up to date edit by edit, equals a recount over all the
    /// points after any edits at any steps.
    #[test]
    fn the_pocket_count_follows_every_edit(
        points in prop::collection::vec((-4i32..4, -4i32..4, 0usize..2), 2..10),
        edits in prop::collection::vec((0u8..3, 0u64..3, 1usize..12, -4i32..4, -4i32..4, 0usize..2), 0..25),
    ) {
        let mut steps: Vec<u64> = edits.iter().map(|e| e.1).collect();
        steps.sort_unstable();
        let edits: Vec<String> = edits
            .iter()
            .zip(steps)
            .map(|(&(kind, _, index, x, y, class), step)| match kind {
                0 => format!(r#"{{"kind":"add","step":{step},"x":{x},"y":{y},"class":{class}}}"#),
                1 => format!(r#"{{"kind":"remove","step":{step},"index":{index}}}"#),
                _ => format!(r#"{{"kind":"move","step":{step},"index":{index},"x":{x},"y":{y}}}"#),
            })
            .collect();
        let points: Vec<String> = points.iter().map(|(x, y, c)| format!("[{x},{y},{c}]")).collect();
        let text = format!(
            r#"{{"version":1,"algorithm":"perceptron","pocket":true,"step":3,"points":[{}],"edits":[{}]}}"#,
            points.join(","),
            edits.join(",")
        );
        let scenario = crate::core::scenario::Scenario::from_json(&text).expect("well formed");
        let mut s = Session::new();
        if s.apply(Action::LoadScenario(scenario)).is_ok() {
            let (w, errors) = s.history().current().pocket.clone().expect("pocket on");
            prop_assert_eq!(errors, training_errors(s.data(), &w));
        }
    }
}

/// The batch panel's online path stops at `ONLINE_PATH_VISITS` visits: a batch run of 30,000
/// epochs on the noisy preset's points draws the online rule's first 40,000 / n epochs.
#[test]
fn the_online_path_of_a_long_batch_run_is_bounded() {
    let mut s = Session::new();
    apply(&mut s, Action::LoadPreset(Preset::Noisy));
    let mut scenario = s.scenario();
    scenario.algorithm = "batch".to_string();
    scenario.max_epochs = 1_000_000;
    scenario.step = 30_000;
    apply(&mut s, Action::LoadScenario(scenario));
    assert_eq!(s.model().steps(), 30_000);
    let n = s.data().len() as u64;
    let view = s.batch_view().expect("the batch charts");
    let epochs = (crate::core::algo::batch::view::ONLINE_PATH_VISITS / n).min(30_000);
    assert!(
        epochs + 1 < view.batch_path.len() as u64,
        "{n} points: fewer epochs than taken"
    );
    assert_eq!(view.online_path.len() as u64, epochs + 1);
}
