use super::*;
use crate::core::table::TableFormat;
use crate::core::Preset;
use proptest::prelude::*;

mod edits;
mod invariants;
mod view_actions;

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
fn reset_stops_play_at_step_zero() {
    let mut s = Session::new();
    add(&mut s, 1.0, 1.0, false);
    add(&mut s, -1.0, -1.0, true);
    apply(&mut s, Action::SetSpeed(1.0));
    apply(&mut s, Action::Play);
    assert!(s.is_playing());
    apply(&mut s, Action::Reset);
    assert!(!s.is_playing(), "Reset stops Play");
    assert_eq!(s.model().steps(), 0);
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
fn presets_fit_the_view() {
    let mut s = Session::new();
    apply(&mut s, Action::LoadPreset(Preset::Seed002));
    let view = s.scene().view;
    assert_eq!((view.x_min, view.x_max), (-view.x_max, view.y_max));
    assert!(view.x_max > 1.0 && view.x_max < 1.5, "{view:?}");
    assert_eq!(s.data().len(), 100);
    assert_eq!(s.settings().max_epochs, 100);
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
