//! Spoken steps and the described plot, as the session words them: the seed 000 pass (the
//! numbers of shared/seeds/000's step table), the course's multiclass example and the
//! kernel perceptron's XOR, at each verbosity; and the pacing of announcements during Play.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::speech::{minus, Announcer, Priority, Verbosity, PLAY_GAP_MS};
use perceptron_lab::core::{Action, Preset, Session};

fn act(s: &mut Session, action: Action) {
    if let Err(e) = s.apply(action) {
        panic!("refused: {e}");
    }
}

fn loaded(preset: Preset) -> Session {
    let mut s = Session::new();
    act(&mut s, Action::LoadPreset(preset));
    s
}

fn said(s: &Session, v: Verbosity) -> String {
    s.announcement(v).map(|(_, _, t)| t).unwrap_or_default()
}

/// Seed 000's single pass from [-1, 0, 0]: scores -1, -1, 14, 17, 12; updates at steps 2 and
/// 5, to [0, 3, 2] and [-1, 1, -1].
#[test]
fn seed_000_pass_is_spoken_step_by_step() {
    let mut s = loaded(Preset::Seed000);
    let expected = [
        "Step 1, epoch 1: sample 1 at (1, 1), class −1, score −1, correct. 3 of 5 points are on the wrong side.",
        "Step 2, epoch 1: sample 2 at (3, 2), class +1, score −1, a mistake. w becomes [0, 3, 2]; the boundary appears; 2 of 5 points are on the wrong side.",
        "Step 3, epoch 1: sample 3 at (2, 4), class +1, score 14, correct. 2 of 5 points are on the wrong side.",
        "Step 4, epoch 1: sample 4 at (3, 4), class +1, score 17, correct. 2 of 5 points are on the wrong side.",
        // atan2(-1, 1) − atan2(2, 3) = −45° − 33.7° = −78.7°: clockwise.
        "Step 5, epoch 1: sample 5 at (2, 3), class −1, score 12, a mistake. w becomes [−1, 1, −1]; the boundary turns 79° clockwise; 3 of 5 points are on the wrong side. End of epoch 1.",
    ];
    let brief = [
        "Step 1: sample 1, correct; 3 of 5 wrong.",
        "Step 2: sample 2, a mistake; 2 of 5 wrong.",
        "Step 3: sample 3, correct; 2 of 5 wrong.",
        "Step 4: sample 4, correct; 2 of 5 wrong.",
        "Step 5: sample 5, a mistake; 3 of 5 wrong. End of epoch 1.",
    ];
    let mut seqs = Vec::new();
    for (full, brief) in expected.iter().zip(brief) {
        act(&mut s, Action::Step);
        assert_eq!(said(&s, Verbosity::Full), *full);
        assert_eq!(said(&s, Verbosity::Brief), brief);
        assert_eq!(
            s.announcement(Verbosity::Off),
            None,
            "off: steps are not spoken"
        );
        let (seq, priority, _) = s.announcement(Verbosity::Full).unwrap();
        assert_eq!(priority, Priority::Now, "a step by hand is said at once");
        seqs.push(seq);
    }
    assert!(
        seqs.windows(2).all(|w| w[0] < w[1]),
        "every step is a new utterance"
    );

    assert_eq!(
        s.plot_description(),
        "5 points: 2 of class −1, 3 of class +1. Perceptron (classic rule), step 5, epoch 1: not converged yet. \
         The boundary is x1 − x2 − 1 = 0, that is x2 = x1 − 1; it rises at 45°; it crosses the x1 axis at 1 and the x2 axis at −1. \
         w points right and down (−45°), towards class +1. 3 of 5 points are on the wrong side: #2, #3 and #4."
    );
    let rows = s.point_rows(10);
    let table: Vec<[&str; 5]> = rows
        .iter()
        .map(|r| [&r.x1[..], &r.x2, &r.class, &r.score, &r.correct])
        .collect();
    // Scores under [-1, 1, -1]: -1 + x1 - x2.
    assert_eq!(
        table,
        [
            ["1", "1", "−1", "−1", "yes"],
            ["3", "2", "+1", "0", "no (on the boundary)"],
            ["2", "4", "+1", "−3", "no"],
            ["3", "4", "+1", "−2", "no"],
            ["2", "3", "−1", "−2", "yes"],
        ]
    );

    act(&mut s, Action::Back);
    assert_eq!(
        said(&s, Verbosity::Full),
        "Back to step 4, epoch 1: model [0, 3, 2]; 2 of 5 points are on the wrong side."
    );
    assert_eq!(said(&s, Verbosity::Brief), "Back to step 4, epoch 1.");
    act(&mut s, Action::Reset);
    assert_eq!(
        said(&s, Verbosity::Full),
        "Reset: back to the initial weights, step 0, epoch 1. Perceptron (classic rule), step 0: model [−1, 0, 0]."
    );
    assert_eq!(
        said(&s, Verbosity::Off),
        "Reset: back to the initial weights, step 0, epoch 1."
    );
}

#[test]
fn loading_convergence_and_refusals_are_spoken() {
    let s = loaded(Preset::Seed000);
    assert_eq!(
        said(&s, Verbosity::Brief),
        "Loaded “Seed 000: the step table”. 5 points: 2 of class −1, 3 of class +1. Perceptron (classic rule), step 0."
    );
    let mut s = loaded(Preset::Seed001);
    act(&mut s, Action::RunToConvergence);
    let text = said(&s, Verbosity::Full);
    assert!(
        text.ends_with(
            "All 4 points are classified correctly. Verdict: converged (epoch 2 was clean)."
        ),
        "{text}"
    );
    // Seed 001: a clean second pass.
    assert!(
        text.starts_with(
            "8 steps taken. Step 8, epoch 2: sample 4 at (−2, −2), class +1, score 4, correct."
        ),
        "{text}"
    );
    // Seed 001's w = (1, −3), without bias.
    let d = s.plot_description();
    assert!(d.contains("The boundary is x1 − 3·x2 = 0, that is x2 = 0.3333·x1; it rises at 18°; it passes through the origin."), "{d}");
    assert_eq!(
        said(&s, Verbosity::Off),
        "Verdict: converged (epoch 2 was clean).",
        "the verdict is said even with steps off"
    );
    act(&mut s, Action::Step);
    let refusal = "Converged: every point is classified correctly. Reset to train again.";
    for v in Verbosity::ALL {
        assert_eq!(said(&s, v), refusal, "a refusal is said at every verbosity");
    }
    let (first, _, _) = s.announcement(Verbosity::Full).unwrap();
    act(&mut s, Action::Step);
    let (second, _, _) = s.announcement(Verbosity::Full).unwrap();
    assert!(second > first, "the same refusal again is a new utterance");

    let mut blank = Session::new();
    act(&mut blank, Action::Step);
    assert_eq!(
        said(&blank, Verbosity::Full),
        "Nothing to step: add points of both classes first."
    );
}

/// Seed 000's multiclass example: f(x) = [-2, 3, 1], scores 11, 13, 8; the true class 2 → W1 =
/// [2, 0, 3], W2 = [-1, 7, -1] in the course's order [w1, w2, b] (here bias first).
#[test]
fn multiclass_example_in_its_own_terms() {
    let mut s = loaded(Preset::Seed000Multiclass);
    assert_eq!(
        s.plot_description(),
        "1 point: 0 of class 0, 0 of class 1, 1 of class 2. Multiclass perceptron, step 0, epoch 1: not converged yet. \
         3 classes, one weight row each (bias first): class 0 [1, −2, 2], class 1 [4, 0, 3], class 2 [−2, 1, 4]. \
         A point goes to the class whose row scores highest, so the plane is split into one region per class. \
         1 of 1 points is in another class's region: #1."
    );
    act(&mut s, Action::Step);
    assert_eq!(
        said(&s, Verbosity::Full),
        "Step 1, epoch 1: sample 1 at (−2, 3), class 2, scores [11, 13, 8], predicted class 1, a mistake. \
         The row of class 2 becomes [−1, −1, 7] and the row of class 1 becomes [3, 2, 0]; the one point is classified correctly. End of epoch 1."
    );
    assert_eq!(
        said(&s, Verbosity::Brief),
        "Step 1: sample 1, predicted class 1, a mistake; 0 of 1 wrong. End of epoch 1."
    );
    let rows = s.point_rows(10);
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (rows[0].class.as_str(), rows[0].correct.as_str()),
        ("2", "yes")
    );
    // Scores under the new rows for f(x) = [1, −2, 3]: W0 = 1+4+6, W1 = 3−4, W2 = −1+2+21.
    assert_eq!(rows[0].score, "[11, −1, 22]");
}

/// The kernel perceptron on XOR: α and f(x) rather than a line.
#[test]
fn kernel_example_in_its_own_terms() {
    let mut s = loaded(Preset::XorRbf);
    act(&mut s, Action::Step);
    assert_eq!(
        said(&s, Verbosity::Full),
        "Step 1, epoch 1: sample 1 at (2.1, 1.1), class +1, f(x) = 0, a mistake. α1 becomes 1 and b becomes 1; 16 of 32 points are on the wrong side."
    );
    for _ in 0..3 {
        act(&mut s, Action::Step);
    }
    let d = s.plot_description();
    assert!(
        d.contains("Kernel rbf:0.5: the score is f(x) = Σ α_i·y_i·K(x_i, x) + b with b = 0. 4 of 32 points have α > 0 and are drawn larger: #1 (α = 1), #2 (α = 1), #3 (α = 1), #4 (α = 1). The boundary f(x) = 0 is a curve"),
        "{d}"
    );
    assert!(
        d.ends_with("All 32 points are classified correctly."),
        "{d}"
    );
    assert!(
        !d.contains("The boundary is"),
        "no line is claimed for an RBF kernel: {d}"
    );
    // With the page's region map, the regions' shares of the view.
    let view = s.scene().view;
    act(
        &mut s,
        Action::SetRegionGrid {
            view,
            cols: 40,
            rows: 40,
        },
    );
    let d = s.plot_description();
    let shares = region_shares(&d);
    assert_eq!(shares.len(), 2, "{d}");
    let sum: u32 = shares.iter().sum();
    assert!(
        (99..=101).contains(&sum),
        "rounded shares add up to 100: {d}"
    );
    assert!(
        shares.iter().all(|&p| p > 10),
        "XOR: both classes hold a good part: {d}"
    );
}

/// The percentages of "Of the view shown, class −1's region 48%, class +1's region 52%.".
fn region_shares(text: &str) -> Vec<u32> {
    let Some(start) = text.find("Of the view shown, ") else {
        return Vec::new();
    };
    let rest = &text[start..];
    let end = rest.find('.').unwrap_or(rest.len());
    rest[..end]
        .split("region ")
        .skip(1)
        .filter_map(|p| p.split('%').next()?.parse().ok())
        .collect()
}

/// Play: the steps are low priority and paced; epoch ends and the verdict are said at once.
#[test]
fn play_is_paced_by_the_announcer() {
    let mut s = loaded(Preset::Seed002);
    act(&mut s, Action::SetSpeed(40.0));
    act(&mut s, Action::Play);
    let (seq, priority, text) = s.announcement(Verbosity::Full).unwrap();
    assert_eq!(priority, Priority::Now);
    assert!(
        text.starts_with("Playing at 40 steps per second. Step 1, epoch 1:"),
        "{text}"
    );
    // The speed as the page's control shows it (the slider gives 10^0.7 = 5.0119…), and the
    // top of the range as what it means.
    for (speed, words) in [
        (5.011_872_336_272_722, "Playing at 5.0 steps per second."),
        (19.952_623_149_688_8, "Playing at 20 steps per second."),
        (1000.0, "Playing as fast as it can."),
    ] {
        let mut t = loaded(Preset::Seed002);
        act(&mut t, Action::SetSpeed(speed));
        act(&mut t, Action::Play);
        let (_, _, said) = t.announcement(Verbosity::Full).unwrap();
        assert!(
            said.starts_with(&format!("{words} Step 1, epoch 1:")),
            "{said}"
        );
    }
    let mut announcer = Announcer::default();
    assert!(announcer.admit(seq, priority, 0.0));
    let (mut said_steps, mut said_ends, mut ticks_with_steps) = (0, 0, 0);
    let mut now = 0.0;
    let mut verdict = String::new();
    while s.is_playing() {
        now += 25.0; // one step per tick at 40 steps/s
        act(&mut s, Action::Tick { now_ms: now });
        let Some((seq, priority, text)) = s.announcement(Verbosity::Full) else {
            continue;
        };
        ticks_with_steps += 1;
        if announcer.admit(seq, priority, now) {
            match priority {
                Priority::Step => said_steps += 1,
                Priority::Now if text.contains("Verdict") => verdict = text,
                Priority::Now => said_ends += 1,
            }
        }
    }
    let steps = s.model().steps();
    let epochs = s.model().epoch();
    assert!(verdict.contains("Verdict: converged"), "{verdict}");
    assert!(ticks_with_steps as u64 >= steps - 2);
    // Every epoch end but the last (the verdict's) is said.
    assert_eq!(said_ends as u64, epochs - 1);
    // Plain steps: at most one per PLAY_GAP_MS of play.
    let at_most = (now / PLAY_GAP_MS).ceil() as usize + 1;
    assert!(said_steps <= at_most, "{said_steps} steps said in {now} ms");
    assert!(
        said_steps >= 1,
        "plain steps are said between the epoch ends"
    );
    assert!(
        (said_steps + said_ends + 1) as u64 * 20 < steps,
        "{steps} steps, {said_steps} + {said_ends} said"
    );
}

/// Every algorithm of the registry speaks its step and describes its model in its own terms;
/// numbers are said with the minus sign.
#[test]
fn every_algorithm_speaks_in_its_own_terms() {
    use perceptron_lab::core::{Algorithm, Setup};
    for algorithm in Algorithm::ALL {
        let preset = if algorithm.is_multiclass() {
            Preset::Blobs3
        } else {
            Preset::Seed001 // from w = 0, as every binary algorithm may start
        };
        let mut s = loaded(preset);
        let setup = Setup {
            algorithm,
            ..s.setup().clone()
        };
        act(&mut s, Action::SetSetup(setup));
        assert!(
            said(&s, Verbosity::Full).ends_with(&format!(
                "{} chosen: training restarts; the points stay. {}, step 0: model {}.",
                algorithm.title(),
                algorithm.title(),
                minus(&s.model().weights_text(s.data()))
            )),
            "{}: {}",
            algorithm.name(),
            said(&s, Verbosity::Full)
        );
        act(&mut s, Action::Step);
        let full = said(&s, Verbosity::Full);
        let brief = said(&s, Verbosity::Brief);
        let name = algorithm.name();
        assert!(full.starts_with("Step 1, epoch 1: "), "{name}: {full}");
        assert!(brief.starts_with("Step 1: "), "{name}: {brief}");
        assert!(brief.len() < full.len(), "{name}: brief is shorter");
        let description = s.plot_description();
        for text in [&full, &brief, &description] {
            assert!(
                !text.contains(" -") && !text.contains("(-") && !text.contains("[-"),
                "{name}: negative numbers take the minus sign: {text}"
            );
        }
        let own = match name {
            "batch" => "one batch step over all samples",
            "kernel" => "f(x) = ",
            "multiclass" => "scores [",
            "ovr" => "scores [",
            "ovo" => "votes [",
            "pa1" | "pa2" => "score ",
            _ => "score ",
        };
        assert!(full.contains(own), "{name}: {full}");
        let model_words = match name {
            "averaged" => "The averaged weights w̄ = ",
            "kernel" => "Kernel linear: the score is f(x)",
            "multiclass" => "3 classes, one weight row each",
            "ovr" => "One-vs-rest: one line per class",
            "ovo" => "One-vs-one: one line per pair of classes",
            "pa1" | "pa2" => "The margin band |w·x + b| < 1",
            _ => "The boundary is ",
        };
        assert!(description.contains(model_words), "{name}: {description}");
        let rows = s.point_rows(usize::MAX);
        assert_eq!(rows.len(), s.data().len(), "{name}");
        let wrong = rows.iter().filter(|r| r.correct != "yes").count();
        assert_eq!(
            wrong,
            s.wrong_points().len(),
            "{name}: the table and the count agree"
        );
    }
}

#[test]
fn back_at_the_start_and_undoing_a_reset() {
    let mut s = loaded(Preset::Seed000);
    act(&mut s, Action::Back);
    assert_eq!(
        said(&s, Verbosity::Full),
        "At the start: nothing to step back to."
    );
    assert_eq!(
        said(&s, Verbosity::Off),
        "At the start: nothing to step back to.",
        "a refusal is said with steps off"
    );
    act(&mut s, Action::Step);
    act(&mut s, Action::Step);
    act(&mut s, Action::Reset);
    act(&mut s, Action::Back);
    let text = said(&s, Verbosity::Full);
    assert!(text.starts_with("Undone: "), "{text}");
    assert!(
        text.ends_with(
            "Back to step 2, epoch 1: model [0, 3, 2]; 2 of 5 points are on the wrong side."
        ),
        "{text}"
    );
}

/// Back that undoes Reset, Clear, an example or another algorithm is said like any action:
/// under a number the announcer has not seen (the state brought back had numbered its own
/// utterances, and the undo's took the number of one already said: the page said nothing).
#[test]
fn undoing_a_destructive_action_is_said() {
    let undone: [(Action, &str); 3] = [
        (Action::Reset, "Undone: Reset"),
        (Action::Clear, "Undone: Clear"),
        (Action::LoadPreset(Preset::Xor), "Undone: "),
    ];
    for (action, words) in undone {
        let mut s = loaded(Preset::Seed000);
        let mut announcer = Announcer::default();
        let mut now = 0.0;
        let mut say = |s: &Session, announcer: &mut Announcer| {
            now += 5_000.0;
            let (seq, priority, text) = s.announcement(Verbosity::Full)?;
            announcer.admit(seq, priority, now).then_some(text)
        };
        for a in [Action::Step, Action::Step, action.clone()] {
            act(&mut s, a);
            assert!(say(&s, &mut announcer).is_some(), "{action:?} is said");
        }
        act(&mut s, Action::Back);
        let text = say(&s, &mut announcer).unwrap_or_default();
        assert!(text.starts_with(words), "{action:?} undone: {text:?}");
        assert!(
            text.contains("Back to step 2"),
            "{action:?} undone: {text:?}"
        );
        // And redone by Step.
        act(&mut s, Action::Step);
        let text = say(&s, &mut announcer).unwrap_or_default();
        assert!(text.starts_with("Redone: "), "{action:?} redone: {text:?}");
    }
}
