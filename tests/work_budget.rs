//! The work and memory budget (issues: "work bounded by cost, not by steps" and "a memory
//! budget"): a run does at most `WORK_BUDGET` units of work, counted by each algorithm's own
//! cost of a step; a link or scenario is checked against the same count before anything is
//! replayed; an edit of the points costs a few numbers in the timeline, never a copy of the
//! points; the kernel run's history limit follows the points after the edits.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::scenario::{from_link, Edit, Scenario};
use perceptron_lab::core::{
    Action, Algorithm, Session, TrainState, MAX_EDITS, MAX_POINTS, STEP_OVERHEAD, TICK_WORK,
    WORK_BUDGET,
};

fn points(s: &Session) -> Vec<(f64, f64, usize)> {
    (0..s.data().len())
        .map(|i| (s.data().x(i)[0], s.data().x(i)[1], s.data().class(i)))
        .collect()
}

fn link(fragment: &str) -> Scenario {
    from_link(fragment).unwrap().scenario.unwrap()
}

/// `n` points on a ring, alternating classes (not linearly separable: training never ends).
fn ring(n: usize) -> Vec<(f64, f64, usize)> {
    (0..n)
        .map(|i| {
            let t = i as f64 * 0.7;
            (3.0 * t.cos(), 3.0 * t.sin(), i % 2)
        })
        .collect()
}

/// A kernel scenario as the issue found it: `adds` point-add edits spread over `step` steps.
fn kernel_with_edits(adds: usize, step: u64) -> Scenario {
    let mut s = link("v=1&a=kernel&k=rbf:0.5&m=1000000&p=1,1,1;-1,-1,0;1,-1,0;-1,1,1");
    s.step = step;
    s.edits = (0..adds)
        .map(|i| Edit::Add {
            step: 1 + (i as u64 * (step - 1)) / adds as u64,
            x: (i % 97) as f64 * 0.1,
            y: (i % 89) as f64 * 0.1,
            class: i % 2,
        })
        .collect();
    s
}

#[test]
fn a_kernel_scenario_with_12000_added_points_is_refused_before_anything_is_replayed() {
    let mut s = Session::new();
    let _ = s.apply(Action::LoadPreset(perceptron_lab::core::Preset::Seed000));
    let before = (points(&s), s.status().weights, s.model().steps());
    let err = s
        .apply(Action::LoadScenario(kernel_with_edits(12_000, 20_000)))
        .unwrap_err()
        .to_string();
    assert!(err.contains("units of work"), "{err}");
    assert!(err.contains("20,000,000"), "names the budget: {err}");
    assert!(err.contains("step 20000"), "names the step: {err}");
    assert_eq!((points(&s), s.status().weights, s.model().steps()), before);
}

#[test]
fn a_scenario_over_the_edit_or_point_limits_is_refused_with_the_number() {
    let mut s = Session::new();
    let mut many = link("v=1&a=perceptron&p=1,1,1;-1,-1,0");
    many.step = 1;
    many.edits = vec![
        Edit::Move {
            step: 1,
            index: 1,
            x: 2.0,
            y: 2.0
        };
        MAX_EDITS + 1
    ];
    let err = s.apply(Action::LoadScenario(many)).unwrap_err().to_string();
    assert!(err.contains("100,001 edits"), "{err}");

    let mut grows = link("v=1&a=perceptron&p=1,1,1;-1,-1,0");
    grows.points = ring(MAX_POINTS - 1);
    grows.step = 0;
    grows.edits = (0..3)
        .map(|i| Edit::Add {
            step: 0,
            x: i as f64,
            y: 0.0,
            class: 0,
        })
        .collect();
    let err = s
        .apply(Action::LoadScenario(grows))
        .unwrap_err()
        .to_string();
    assert!(err.contains("the edits bring the points"), "{err}");
    assert_eq!(s.data().len(), 0, "nothing changed");
}

#[test]
fn every_algorithm_states_its_cost_and_a_run_stops_at_the_budget_and_says_so() {
    for algorithm in Algorithm::ALL {
        let mut s = Session::new();
        let mut scenario = link("v=1&a=perceptron&m=1000000");
        scenario.algorithm = algorithm.name().to_string();
        scenario.classes = 3;
        scenario.points = ring(if algorithm.is_multiclass() {
            3000
        } else {
            2000
        })
        .into_iter()
        .enumerate()
        .map(|(i, (x, y, c))| (x, y, if algorithm.is_multiclass() { i % 3 } else { c }))
        .collect();
        let _ = s.apply(Action::LoadScenario(scenario)).unwrap();
        let n = s.data().len() as u64;
        let _ = s.apply(Action::Step).unwrap();
        let per_step = s.history().current().work;
        assert!(per_step > STEP_OVERHEAD, "{}", algorithm.name());
        // A batch step is an epoch and a kernel step sums over every point: their cost grows
        // with the points; the others visit one sample.
        match algorithm.name() {
            "batch" => assert_eq!(per_step, n + STEP_OVERHEAD),
            "kernel" => assert_eq!(per_step, n + STEP_OVERHEAD),
            name => assert!(per_step < 200, "{name}: {per_step}"),
        }
        // Run to convergence (the ring never converges) stops at the budget and says so.
        let _ = s.apply(Action::RunToConvergence).unwrap();
        let spent = s.history().current().work;
        assert!(spent <= WORK_BUDGET, "{}", algorithm.name());
        let notice = s.status().notice;
        if s.model().state() == TrainState::Running && !notice.starts_with("Verdict") {
            assert!(
                notice.contains("a run may do 20,000,000 units of work"),
                "{}: {notice}",
                algorithm.name()
            );
            assert!(spent + per_step > WORK_BUDGET, "{}", algorithm.name());
            // Step refuses too, with the same words and nothing changed.
            let steps = s.model().steps();
            let _ = s.apply(Action::Step).unwrap();
            assert_eq!(s.model().steps(), steps);
            assert!(s.status().notice.contains("units of work"));
        }
    }
}

#[test]
fn what_the_page_trained_up_to_the_budget_it_can_open_again() {
    let mut s = Session::new();
    let mut scenario = link("v=1&a=kernel&k=rbf:0.5&m=1000000");
    scenario.points = ring(1500);
    let _ = s.apply(Action::LoadScenario(scenario)).unwrap();
    for _ in 0..50 {
        let _ = s.apply(Action::Step).unwrap();
    }
    let _ = s
        .apply(Action::AddPoint {
            x: 0.25,
            y: 0.5,
            alternate: false,
            pixel: 0.0,
        })
        .unwrap();
    let _ = s.apply(Action::RunToConvergence).unwrap();
    assert!(
        s.status().notice.contains("units of work"),
        "{}",
        s.status().notice
    );
    let saved = s.scenario();
    let mut again = Session::new();
    let _ = again.apply(Action::LoadScenario(saved)).unwrap();
    assert_eq!(again.model().steps(), s.model().steps());
    assert_eq!(again.status().weights, s.status().weights);
    assert_eq!(points(&again), points(&s));
}

#[test]
fn the_kernel_history_limit_follows_the_points_after_the_edits() {
    let mut s = Session::new();
    let mut scenario = link("v=1&a=kernel&k=rbf:0.5&m=1000000");
    scenario.points = ring(10);
    let _ = s.apply(Action::LoadScenario(scenario)).unwrap();
    let _ = s.apply(Action::Step).unwrap();
    let limit_before = s.history().limit();
    for i in 0..600 {
        let _ = s
            .apply(Action::AddPoint {
                x: (i % 50) as f64 * 0.1,
                y: (i / 50) as f64 * 0.1,
                alternate: i % 2 == 0,
                pixel: 0.0,
            })
            .unwrap();
    }
    let n = s.data().len();
    assert!(s.history().limit() < limit_before);
    // The kept history holds at most 4,000,000 α values, as with those points from the start.
    assert!(
        s.history().limit() * n <= 4_000_000,
        "{} × {n}",
        s.history().limit()
    );
}

#[test]
fn back_across_thousands_of_edits_restores_the_points_exactly_and_the_link_keeps_them() {
    let mut s = Session::new();
    let _ = s
        .apply(Action::LoadScenario(link(
            "v=1&a=perceptron&m=1000000&p=1,1,1;-1,-1,0",
        )))
        .unwrap();
    let _ = s.apply(Action::Step).unwrap();
    let start = points(&s);
    for i in 0..2000 {
        let action = match i % 3 {
            0 | 1 => Action::AddPoint {
                x: (i % 40) as f64 * 0.25,
                y: (i % 37) as f64 * -0.25,
                alternate: i % 2 == 0,
                pixel: 0.0,
            },
            _ => Action::RemoveAt {
                x: (i % 40) as f64 * 0.25,
                y: (i % 37) as f64 * -0.25,
                reach: 0.01,
            },
        };
        let _ = s.apply(action).unwrap();
    }
    let end = points(&s);
    let saved = s.scenario();
    assert!(saved.edits.len() > 1000, "{}", saved.edits.len());
    let mut again = Session::new();
    let _ = again.apply(Action::LoadScenario(saved)).unwrap();
    assert_eq!(points(&again), end);
    while s.history().has_steps_before_cursor() || s.model().steps() > 0 {
        let steps = s.model().steps();
        let _ = s.apply(Action::Back).unwrap();
        if steps == 0 && s.model().steps() == 0 && points(&s) == start {
            break;
        }
    }
    assert_eq!(points(&s), start);
}

#[test]
fn a_frame_of_play_does_a_bounded_amount_of_work() {
    let mut s = Session::new();
    let mut scenario = link("v=1&a=batch&m=1000000");
    scenario.points = ring(20_000);
    let _ = s.apply(Action::LoadScenario(scenario)).unwrap();
    let _ = s.apply(Action::SetSpeed(1000.0)).unwrap();
    let _ = s.apply(Action::Play).unwrap();
    let _ = s.apply(Action::Tick { now_ms: 0.0 }).unwrap();
    let _ = s.apply(Action::Tick { now_ms: 16.0 }).unwrap();
    let work = s.history().current().work;
    let per_step = 20_000 + STEP_OVERHEAD;
    assert!(s.model().steps() >= 1);
    assert!(
        s.model().steps() < perceptron_lab::core::MAX_STEPS_PER_TICK,
        "fewer steps than at max speed on few points"
    );
    assert!(
        work <= TICK_WORK + 2 * per_step,
        "one frame: {work} units of work in {} steps",
        s.model().steps()
    );
}
