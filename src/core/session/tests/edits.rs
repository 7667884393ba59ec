//! Editing the points once training has started: the weights stay, going back restores the
//! data, and the pocket's count follows every edit.

use super::*;

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
fn this_step_survives_an_edit_and_the_history_note_offers_redo() {
    let mut s = seed_000();
    apply(&mut s, Action::Step);
    apply(&mut s, Action::Step);
    add(&mut s, -4.0, -4.0, false);
    let st = s.status();
    assert_eq!(st.explain_title, "Step 2: sample #2 (3, 2), y = +1");
    assert_eq!(st.score, "-1");
    assert_eq!(
        st.explain_line,
        format!("Step 2 · #2 (3, 2), y = +1 · score -1 · {}", st.outcome)
    );
    assert!(st.outcome.starts_with("mistake"), "{}", st.outcome);
    apply(&mut s, Action::Back);
    assert_eq!(s.data().len(), 5, "the added point is undone");
    assert_eq!(
        s.status().history,
        "→ redoes: Added point #6 at (-4, -4), class +1."
    );
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
