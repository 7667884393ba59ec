//! The perceptron family as the page runs it: through `Session`, the one owner of state. Each
//! algorithm steps, explains its step, goes back exactly, and agrees with its trainer run
//! directly (the same core serves the page and the CLI).
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::algo::averaged::Averaged;
use perceptron_lab::core::algo::batch::{Batch, BatchOutcome};
use perceptron_lab::core::algo::kernel::{Kernel, KernelTrainer};
use perceptron_lab::core::algo::multiclass::MulticlassTrainer;
use perceptron_lab::core::algo::ovo::OvoTrainer;
use perceptron_lab::core::algo::ovr::OvrTrainer;
use perceptron_lab::core::algo::ClassData;
use perceptron_lab::core::region::{centres, region_of, KernelGrid, TIED};
use perceptron_lab::core::table::TableFormat;
use perceptron_lab::core::{
    Action, Algorithm, InitWeights, Model, Order, Preset, Record, Session, Settings, Setup,
    Trainer, MAX_POINTS,
};

/// The region map on a `cols × rows` grid over `view`, as the page asks for it.
fn region_on_grid(
    s: &mut Session,
    view: perceptron_lab::core::Rect,
    cols: usize,
    rows: usize,
) -> perceptron_lab::core::Region {
    act(s, Action::SetRegionGrid { view, cols, rows });
    s.region().expect("a region map").clone()
}

/// Applies `action`, failing the test with the error's message if it is refused.
fn act(s: &mut Session, action: Action) {
    if let Err(e) = s.apply(action) {
        panic!("refused: {e}");
    }
}

fn session(preset: Preset) -> Session {
    let mut s = Session::new();
    act(&mut s, Action::LoadPreset(preset));
    s
}

fn choose(s: &mut Session, algorithm: Algorithm, kernel: &str, classes: usize) {
    act(
        s,
        Action::SetSetup(Setup {
            algorithm,
            kernel: Kernel::parse(kernel).unwrap(),
            classes,
            rows: None,
            params: Vec::new(),
        }),
    );
}

fn steps(s: &mut Session, n: usize) {
    for _ in 0..n {
        act(s, Action::Step);
    }
}

#[test]
fn seed_000_multiclass_example_number_for_number() {
    let mut s = session(Preset::Seed000Multiclass);
    assert_eq!(s.setup().algorithm, Algorithm::Multiclass);
    let before = s.status().weights;
    assert_eq!(before, "W0 = [1, -2, 2]; W1 = [4, 0, 3]; W2 = [-2, 1, 4]");
    act(&mut s, Action::Step);
    let st = s.status();
    assert_eq!(st.score, "[11, 13, 8]", "scores s0, s1, s2");
    assert_eq!(st.explain_check, "ŷ = argmax s = 1 ≠ y = 2 → mistake");
    assert_eq!(
        st.weights,
        "W0 = [1, -2, 2]; W1 = [3, 2, 0]; W2 = [-1, -1, 7]"
    );
    assert!(
        st.explain_update
            .contains("in the course's order [w1, w2, b]: W1 = [2, 0, 3], W2 = [-1, 7, -1]"),
        "{}",
        st.explain_update
    );
    assert_eq!(st.explain_weights, before);
    assert!(
        st.explain_score.contains("f(x) = [1, -2, 3]"),
        "{}",
        st.explain_score
    );
    // Back is exact; the row of the trace says the same.
    let rows = s.trace_rows(0, 10);
    assert_eq!(rows[0].score, "s = [11, 13, 8], ŷ = 1");
    assert_eq!(rows[0].correct, "no");
    act(&mut s, Action::Back);
    assert_eq!(s.status().weights, before);
    // Then it converges: the second visit is correct.
    act(&mut s, Action::RunToConvergence);
    assert!(s
        .status()
        .notice
        .starts_with("Verdict: converged after 2 epochs"));
}

#[test]
fn multiclass_ovr_ovo_in_the_session_equal_their_trainers() {
    for algorithm in [Algorithm::Multiclass, Algorithm::Ovr, Algorithm::Ovo] {
        let mut s = session(Preset::Blobs3);
        choose(&mut s, algorithm, "linear", 3);
        steps(&mut s, 50);
        let data = ClassData::from_dataset(s.data(), 3).unwrap();
        let settings = s.settings().clone();
        let rows: Vec<Vec<f64>> = match algorithm {
            Algorithm::Multiclass => {
                let mut t = MulticlassTrainer::new(settings, 2, 3).unwrap();
                for _ in 0..50 {
                    t.step(&data);
                }
                t.weights().to_vec()
            }
            Algorithm::Ovr => {
                let mut t = OvrTrainer::new(settings, 2, 3).unwrap();
                for _ in 0..50 {
                    t.step(&data);
                }
                t.weights().to_vec()
            }
            _ => {
                let mut t = OvoTrainer::new(settings, 2, 3).unwrap();
                for _ in 0..50 {
                    t.step(&data);
                }
                t.weights().to_vec()
            }
        };
        assert_eq!(s.model().rows().unwrap(), rows.as_slice(), "{algorithm:?}");
        assert_eq!(s.model().steps(), 50);
    }
}

#[test]
fn ovr_and_ovo_draw_their_lines_and_shade_ties() {
    let mut s = session(Preset::Blobs3);
    choose(&mut s, Algorithm::Ovr, "linear", 3);
    steps(&mut s, 5);
    let scene = s.scene();
    assert_eq!(scene.lines.len(), 3);
    assert_eq!(scene.lines[2].label, "2 vs rest");
    assert!(scene.weights.is_none(), "no single boundary");
    let view = scene.view;
    let region = region_on_grid(&mut s, view, 60, 60);
    assert!(
        region.cells.contains(&TIED),
        "early one-vs-rest leaves ambiguous cells"
    );
    choose(&mut s, Algorithm::Ovo, "linear", 3);
    steps(&mut s, 5);
    let scene = s.scene();
    assert_eq!(scene.lines.len(), 3, "3 pairs");
    assert_eq!(scene.lines[0].label, "0|1");
    assert_eq!(scene.lines[1].label, "0|2");
    assert_eq!(scene.lines[2].label, "1|2");
}

#[test]
fn multiclass_region_is_the_argmax_at_every_cell_centre() {
    let mut s = session(Preset::Blobs3);
    steps(&mut s, 20);
    let view = s.scene().view;
    let region = region_on_grid(&mut s, view, 40, 30);
    let Model::Multiclass(t) = s.model() else {
        panic!("multiclass expected")
    };
    let (xs, ys) = centres(&view, 40, 30);
    for (r, y) in ys.iter().enumerate() {
        for (c, x) in xs.iter().enumerate() {
            assert_eq!(usize::from(region.cells[r * 40 + c]), t.predict(&[*x, *y]));
        }
    }
    assert_eq!(s.scene().class_arrows.len(), 3);
}

#[test]
fn a_kernel_region_map_with_many_alphas_is_computed_on_a_coarser_grid() {
    use perceptron_lab::core::region::{kernel_grid_size, KERNEL_MAP_EVALS};
    // Within the limit the grid is the one asked for.
    assert_eq!(kernel_grid_size(267, 200, 74), (267, 200));
    // 2,000 α on the page's 267 × 200 grid: 107 million evaluations; coarser by 6 (45 × 34
    // cells, 3.06 million) is the least that keeps within the 4 million (by 5: 4.32 million).
    let (cols, rows) = kernel_grid_size(267, 200, 2000);
    assert_eq!((cols, rows), (45, 34));
    // 5,000 α: 267 million; by 8 it would be 4.25 million, so by 9 (30 × 23, 3.45 million).
    assert_eq!(kernel_grid_size(267, 200, 5000), (30, 23));
    assert!(cols * rows * 2000 <= KERNEL_MAP_EVALS);
    for support in [1, 10, 74, 75, 149, 150, 1000, 5000, 100_000] {
        let (c, r) = kernel_grid_size(267, 200, support);
        assert!(c >= 1 && r >= 1 && c <= 267 && r <= 200);
        assert!(
            c * r * support <= KERNEL_MAP_EVALS.max(support),
            "{support}: {c} × {r}"
        );
    }
    // The session's map follows: 1,000 points, most of them support vectors after an epoch
    // (more than 74 α: beyond the limit on the full grid).
    let mut s = Session::new();
    let mut csv = String::from("x1,x2,label\n");
    for i in 0..1000 {
        let t = i as f64 * 0.7;
        csv += &format!(
            "{},{},{}\n",
            3.0 * t.cos(),
            3.0 * t.sin(),
            if i % 2 == 0 { 1 } else { -1 }
        );
    }
    act(&mut s, Action::ImportCsv(csv.into_bytes()));
    act(
        &mut s,
        Action::SetSetup(Setup {
            algorithm: Algorithm::Kernel,
            kernel: Kernel::parse("rbf:2").unwrap(),
            ..Setup::default()
        }),
    );
    act(&mut s, Action::FinishEpoch);
    let Model::Kernel(t) = s.model() else {
        panic!("kernel expected")
    };
    let support = t.support().len();
    assert!(support > 74, "{support} non-zero α");
    let view = s.scene().view;
    let region = region_on_grid(&mut s, view, 267, 200);
    assert_eq!(
        (region.cols, region.rows),
        kernel_grid_size(267, 200, support)
    );
    assert!(region.cols < 267);
    assert!(region.cols * region.rows * support <= KERNEL_MAP_EVALS);
}

#[test]
fn kernel_grid_updated_incrementally_equals_a_fresh_grid() {
    let mut s = session(Preset::XorRbf);
    let view = s.scene().view;
    let mut grid = KernelGrid::default();
    for _ in 0..40 {
        act(&mut s, Action::Step);
        let Model::Kernel(t) = s.model() else {
            panic!("kernel expected")
        };
        let incremental = grid.update(t, s.data(), 7, &view, 50, 40).to_vec();
        let fresh = t.scores_on_grid(
            s.data(),
            (view.x_min, view.x_max),
            (view.y_min, view.y_max),
            50,
            40,
        );
        for (a, b) in incremental.iter().zip(&fresh) {
            assert!((a - b).abs() < 1e-9, "{a} vs {b}");
        }
    }
    assert!(
        grid.full_updates() < 10,
        "most frames are incremental: {} full updates",
        grid.full_updates()
    );
    // Going back is incremental too and still exact.
    for _ in 0..10 {
        act(&mut s, Action::Back);
    }
    let Model::Kernel(t) = s.model() else {
        panic!()
    };
    let incremental = grid.update(t, s.data(), 7, &view, 50, 40).to_vec();
    let fresh = t.scores_on_grid(
        s.data(),
        (view.x_min, view.x_max),
        (view.y_min, view.y_max),
        50,
        40,
    );
    for (a, b) in incremental.iter().zip(&fresh) {
        assert!((a - b).abs() < 1e-9);
    }
}

#[test]
fn kernel_session_solves_xor_and_rings_and_shows_alpha_and_the_gram_row() {
    for preset in [Preset::XorRbf, Preset::RingsPoly] {
        let mut s = session(preset);
        act(&mut s, Action::RunToConvergence);
        assert!(
            s.status().notice.starts_with("Verdict: converged"),
            "{preset:?}"
        );
        assert_eq!(
            s.status().accuracy,
            format!("100% ({0} of {0})", s.data().len())
        );
        let view = s.scene().view;
        let region = region_on_grid(&mut s, view, 80, 60);
        assert!(!region.contour.is_empty(), "a curved boundary is drawn");
        let sizes = s.scene().sizes.unwrap();
        let Model::Kernel(t) = s.model() else {
            panic!()
        };
        // Points with a larger α are drawn larger.
        let (big, small) =
            (0..t.alphas().len()).fold(
                (0, 0),
                |(b, sm), i| {
                    if t.alpha(i) > 0.0 {
                        (i, sm)
                    } else {
                        (b, i)
                    }
                },
            );
        assert!(sizes[big] > sizes[small]);
        let gram = s.gram(8).unwrap();
        assert_eq!(gram.rows.len(), 8);
        let current = gram.current.unwrap();
        let row = gram.current_row.unwrap();
        assert_eq!(row.len(), s.data().len());
        assert!(
            (row[current] - t.kernel().eval(s.data().x(current), s.data().x(current))).abs()
                < 1e-12
        );
    }
}

#[test]
fn linear_kernel_in_the_session_draws_the_primal_line() {
    let mut primal = session(Preset::Seed000);
    let mut dual = session(Preset::Seed000);
    // The dual form starts from zero.
    let zero = Settings {
        init: perceptron_lab::core::InitWeights::Zero,
        ..primal.settings().clone()
    };
    act(&mut primal, Action::SetSettings(zero.clone()));
    act(&mut dual, Action::SetSettings(zero));
    choose(&mut dual, Algorithm::Kernel, "linear", 3);
    for _ in 0..12 {
        act(&mut primal, Action::Step);
        act(&mut dual, Action::Step);
        assert_eq!(primal.scene().weights, dual.scene().weights);
    }
    assert!(dual.status().weights.contains("w = Σ α·y·x = "));
}

#[test]
fn averaged_draws_both_lines_and_predicts_with_the_average() {
    let mut s = session(Preset::Noisy);
    choose(&mut s, Algorithm::Averaged, "linear", 3);
    steps(&mut s, 30);
    // w̄ is the mean of the weights after every visit so far.
    let after: Vec<Vec<f64>> = s
        .history()
        .steps()
        .filter_map(|(r, _)| r.binary().map(|b| b.weights_after.clone()))
        .collect();
    let mean: Vec<f64> = (0..3)
        .map(|k| after.iter().map(|w| w[k]).sum::<f64>() / after.len() as f64)
        .collect();
    let shown = s.scene().averaged.unwrap();
    for k in 0..3 {
        assert!((shown[k] - mean[k]).abs() < 1e-12);
    }
    let Model::Averaged(a) = s.model() else {
        panic!()
    };
    let mut direct = Averaged::new(s.settings().clone(), 2).unwrap();
    for _ in 0..30 {
        direct.step(s.data());
    }
    assert_eq!(a, &direct);
    assert!(s.status().accuracy.ends_with(" with w̄"));
}

/// The batch view of `s`, point by point: `batch_path` is the batch trainer's `(w1, w2)` at the
/// start and after each epoch taken; `online_path` the classic rule's from the same start, in
/// fixed order, after each of as many epochs (it ends early, at its clean epoch, when the
/// classic rule converges first).
fn assert_batch_paths(s: &Session, what: &str) {
    let view = s.batch_view().expect("a batch view");
    let w12 = |w: &[f64]| [w[1], w[2]];
    let epochs = view.epochs.len();
    let settings = s.settings().clone();
    let mut batch = Batch::new(settings.clone(), 2).unwrap();
    let mut expected = vec![w12(batch.weights())];
    for _ in 0..epochs {
        assert!(
            matches!(batch.step(s.data()), BatchOutcome::Stepped(_)),
            "{what}"
        );
        expected.push(w12(batch.weights()));
    }
    assert_eq!(view.batch_path, expected, "{what}: the batch path");
    let history: Vec<(u64, f64, usize)> = batch
        .history()
        .iter()
        .map(|h| (h.epoch, h.criterion, h.mistakes))
        .collect();
    assert_eq!(view.epochs, history, "{what}: J_p and |M| per epoch");
    // The classic rule's weights after its last visit of each epoch.
    let mut online = Trainer::new(
        Settings {
            order: Order::Fixed,
            max_epochs: (epochs as u64).max(1),
            ..settings
        },
        2,
    )
    .unwrap();
    let mut expected = vec![w12(online.weights())];
    online.run(s.data(), |r| {
        let after = w12(&r.weights_after);
        match expected.get_mut(r.epoch as usize) {
            Some(point) => *point = after,
            None => expected.push(after),
        }
    });
    expected.truncate(epochs + 1);
    assert_eq!(view.online_path, expected, "{what}: the online path");
}

#[test]
fn batch_steps_are_epochs_with_j_p_and_both_paths() {
    let mut s = session(Preset::Seed000);
    choose(&mut s, Algorithm::Batch, "linear", 3);
    steps(&mut s, 3);
    let st = s.status();
    assert_eq!(st.sample, "all samples (epoch 3)");
    assert!(st.score.starts_with("J_p = "));
    let view = s.batch_view().unwrap();
    assert_eq!(view.epochs.len(), 3);
    assert_eq!(view.batch_path.len(), 4, "start plus one point per epoch");
    assert_eq!(view.online_path.len(), 4);
    let Record::Batch(last) = s.last_record().unwrap() else {
        panic!()
    };
    assert_eq!(
        view.batch_path[3],
        [last.weights_after[1], last.weights_after[2]]
    );
    // Every point of both paths, against the trainers run directly.
    assert_batch_paths(&s, "seed 000, 3 epochs");
    // Export follows the rows.
    let md = s.trace_export(TableFormat::Markdown);
    assert_eq!(
        md.lines().filter(|l| l.contains("J_p = ")).count(),
        3,
        "{md}"
    );
    assert!(s.trace_export(TableFormat::Latex).contains("\\bottomrule"));
    assert!(s
        .trace_export(TableFormat::Csv)
        .starts_with("step,weights,score,correct,update\n"));
    // To convergence and back one epoch; seed 002, where the online rule converges first (its
    // path ends at its clean epoch); the noisy data with another η, order and start, to the cap.
    act(&mut s, Action::RunToConvergence);
    assert_batch_paths(&s, "seed 000, converged");
    act(&mut s, Action::Back);
    assert_batch_paths(&s, "seed 000, back one");
    let mut seed002 = session(Preset::Seed002);
    choose(&mut seed002, Algorithm::Batch, "linear", 3);
    act(&mut seed002, Action::RunToConvergence);
    assert_batch_paths(&seed002, "seed 002, converged");
    let view = seed002.batch_view().unwrap();
    assert!(
        view.online_path.len() < view.batch_path.len(),
        "the online rule converges first: {view:?}"
    );
    let mut noisy = session(Preset::Noisy);
    choose(&mut noisy, Algorithm::Batch, "linear", 3);
    let settings = Settings {
        eta: 0.5,
        order: Order::Shuffle,
        seed: 3,
        init: InitWeights::Random,
        max_epochs: 25,
        ..Settings::default()
    };
    act(&mut noisy, Action::SetSettings(settings));
    act(&mut noisy, Action::RunToConvergence);
    assert_batch_paths(&noisy, "noisy, η = 0.5, shuffled, random start");
}

#[test]
fn classes_must_fit_the_algorithm_and_refusals_change_nothing() {
    let mut s = session(Preset::Blobs3);
    steps(&mut s, 3);
    let before = (s.model().clone(), s.data().clone(), s.setup().clone());
    // The points use class 2: two classes cannot hold them.
    let err = s
        .apply(Action::SetSetup(Setup {
            algorithm: Algorithm::Multiclass,
            classes: 2,
            ..Setup::default()
        }))
        .unwrap_err();
    assert!(
        err.to_string().contains("the points use 3 classes"),
        "{err}"
    );
    let err = s
        .apply(Action::SetSetup(Setup {
            algorithm: Algorithm::Perceptron,
            ..Setup::default()
        }))
        .unwrap_err();
    assert!(err.to_string().contains("has 2"), "{err}");
    assert_eq!(
        (s.model().clone(), s.data().clone(), s.setup().clone()),
        before
    );
    // A bad kernel never reaches the session: parsing refuses it with a reason.
    assert!(Kernel::parse("rbf:-1")
        .unwrap_err()
        .to_string()
        .contains("γ must be positive"));
    // Keys beyond K are refused with a message.
    act(&mut s, Action::SelectClass(4));
    assert!(
        s.status()
            .notice
            .contains("There is no class 4: 3 classes are set"),
        "{}",
        s.status().notice
    );
}

#[test]
fn multiclass_clicks_add_the_selected_class_and_shift_the_next() {
    let mut s = session(Preset::Blobs3);
    act(&mut s, Action::SelectClass(2));
    act(
        &mut s,
        Action::AddPoint {
            x: 1.0,
            y: 1.0,
            alternate: false,
            pixel: 0.01,
        },
    );
    assert_eq!(s.data().class(s.data().len() - 1), 2);
    assert!(
        s.status().notice.contains("class 2."),
        "{}",
        s.status().notice
    );
    act(
        &mut s,
        Action::AddPoint {
            x: 1.0,
            y: 2.0,
            alternate: true,
            pixel: 0.01,
        },
    );
    assert_eq!(
        s.data().class(s.data().len() - 1),
        0,
        "the next class, wrapping"
    );
    assert!(
        s.status().points == "38 (13 of class 0, 12 of class 1, 13 of class 2)",
        "{}",
        s.status().points
    );
}

#[test]
fn csv_import_reads_binary_and_named_classes_and_refuses_bad_files() {
    let mut s = Session::new();
    act(
        &mut s,
        Action::ImportCsv(b"x1,x2,y\n1,2,+1\n-1,0,-1\n".to_vec()),
    );
    assert_eq!(s.data().len(), 2);
    assert!(s.status().notice.starts_with("Loaded 2 points"));
    let csv = s.points_csv();
    assert_eq!(csv, "x1,x2,label\n1,2,+1\n-1,0,-1\n");
    // Named classes in multiclass mode: sorted as strings.
    choose(&mut s, Algorithm::Ovr, "linear", 3);
    act(
        &mut s,
        Action::ImportCsv(
            b"x1,x2,species\n1,1,versicolor\n2,2,setosa\n3,1,virginica\n0,0,setosa\n".to_vec(),
        ),
    );
    assert_eq!(s.setup().classes, 3);
    assert_eq!(s.data().class(0), 1);
    assert_eq!(s.data().class(1), 0);
    assert!(
        s.status().notice.contains("setosa → class 0"),
        "{}",
        s.status().notice
    );
    // Bad files: the error names the line and the reason; nothing changes.
    let before = (s.data().clone(), s.setup().clone());
    for (bytes, expected) in [
        (&b"x1,x2,y\n1,2,a\n3\n"[..], "line 3"),
        (&b"x1,y\n1,a\n2,b\n"[..], "expected 2 feature columns"),
        (&b"x1,x2,y\n1,NaN,a\n"[..], "line 2"),
        (
            &b"x1,x2,y\n1,1,a\n2,2,b\n3,3,c\n4,4,d\n5,5,e\n6,6,f\n7,7,g\n"[..],
            "2 to 6",
        ),
    ] {
        let err = s.apply(Action::ImportCsv(bytes.to_vec())).unwrap_err();
        assert!(err.to_string().contains(expected), "{err} lacks {expected}");
        assert_eq!((s.data().clone(), s.setup().clone()), before);
    }
    let mut huge = String::from("x1,x2,y\n");
    for i in 0..=MAX_POINTS {
        huge.push_str(&format!("{i},1,{}\n", if i % 2 == 0 { "a" } else { "b" }));
    }
    let err = s.apply(Action::ImportCsv(huge.into_bytes())).unwrap_err();
    assert!(err.to_string().contains("more than the 100000"), "{err}");
}

#[test]
fn every_algorithm_explains_its_step_and_backs_out_exactly() {
    for algorithm in Algorithm::ALL {
        let mut s = session(if algorithm.is_multiclass() {
            Preset::Blobs3
        } else {
            Preset::Noisy
        });
        choose(&mut s, algorithm, "rbf:0.5", 3);
        assert_eq!(s.status().algorithm, algorithm.title());
        steps(&mut s, 4);
        let st = s.status();
        for (name, text) in [
            ("title", &st.explain_title),
            ("weights", &st.explain_weights),
            ("score", &st.explain_score),
            ("check", &st.explain_check),
            ("update", &st.explain_update),
        ] {
            assert!(
                !text.is_empty() && text != "—",
                "{algorithm:?} {name}: {text:?}"
            );
        }
        let expected_title = if algorithm == Algorithm::Batch {
            "Epoch 4:"
        } else {
            "Step 4:"
        };
        assert!(
            st.explain_title.starts_with(expected_title),
            "{}",
            st.explain_title
        );
        assert_eq!(s.trace_rows(0, 100).len(), 4);
        let (model, shown) = (s.model().clone(), st.weights.clone());
        act(&mut s, Action::Step);
        act(&mut s, Action::Back);
        assert_eq!(s.model(), &model, "{algorithm:?}");
        assert_eq!(s.status().weights, shown);
        let view = s.scene().view;
        let region = region_of(
            s.model(),
            s.data(),
            0,
            &view,
            10,
            10,
            &mut KernelGrid::default(),
        );
        assert_eq!(
            region.is_some(),
            matches!(
                algorithm,
                Algorithm::Kernel | Algorithm::Multiclass | Algorithm::Ovr | Algorithm::Ovo
            ),
            "{algorithm:?}"
        );
    }
    let _ = KernelTrainer::new(Settings::default(), Kernel::Linear, 2).unwrap();
}

#[test]
fn a_multiclass_map_of_subnormal_weights_is_on_a_grid_coarser_by_two_and_predicts_each_cell() {
    for algorithm in [Algorithm::Multiclass, Algorithm::Ovr, Algorithm::Ovo] {
        let mut s = session(Preset::Blobs3);
        choose(&mut s, algorithm, "linear", 3);
        let settings = Settings {
            eta: 5e-324,
            ..s.settings().clone()
        };
        act(&mut s, Action::SetSettings(settings));
        steps(&mut s, 20);
        let rows = s.model().rows().unwrap();
        assert!(
            rows.iter().flatten().any(|w| w.is_subnormal()),
            "{algorithm:?}: {rows:?}"
        );
        let view = s.scene().view;
        let region = region_on_grid(&mut s, view, 41, 30);
        assert_eq!((region.cols, region.rows), (21, 15), "{algorithm:?}");
        // Each cell is the model's own decision at its centre, as on the full grid.
        let (xs, ys) = centres(&view, 21, 15);
        for (r, &y) in ys.iter().enumerate() {
            for (c, &x) in xs.iter().enumerate() {
                let cell = region.cells[r * 21 + c];
                let want = match s.model() {
                    Model::Ovr(t) => match t.cell(&[x, y]) {
                        (_, true) => TIED,
                        (k, false) => k as u8,
                    },
                    Model::Ovo(t) => match t.winner(&[x, y]) {
                        (_, true) => TIED,
                        (k, false) => k as u8,
                    },
                    m => m.predict_class(s.data(), &[x, y]).unwrap() as u8,
                };
                assert_eq!(cell, want, "{algorithm:?} at ({x}, {y})");
            }
        }
    }
}
