//! Core speed: nanoseconds per perceptron step and per epoch at N = 1k, 100k and 1M samples
//! (2-D), and per session step with the history that Step back needs. Run with
//! `scripts/bench.sh`, which prints the figures as a table. Also the kernel perceptron (N = 1k)
//! and the region maps the page draws: the kernel's grid from scratch and after one step
//! (incremental), with about 500 non-zero α on an 800 × 600 plot in 3-pixel cells. And a run of
//! every algorithm to the work budget (`budget/run`: ns per work unit, and the whole run).

#[cfg(target_arch = "wasm32")]
fn main() {
    // Benchmarks run natively; the wasm build of the same loop is measured in the browser.
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(native::benches);

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use criterion::{criterion_group, BatchSize, Criterion, Throughput};
    use perceptron_lab::core::algo::kernel::{Kernel, KernelOutcome, KernelTrainer};
    use perceptron_lab::core::algo::multiclass::MulticlassTrainer;
    use perceptron_lab::core::algo::ClassData;
    use perceptron_lab::core::region::{region_of, KernelGrid};
    use perceptron_lab::core::{
        unit_stream, Action, Dataset, Label, Model, Order, Preset, Rect, Session, Settings,
        StepOutcome, Trainer,
    };
    use std::hint::black_box;

    /// N points in two overlapping clusters with 10% label noise: never separable, so training
    /// never stops and every step does real work.
    fn noisy(n: usize) -> Dataset {
        let u = unit_stream(11, 0, 3 * n);
        let mut data = Dataset::new(2);
        for c in u.chunks(3) {
            let positive = c[2] < 0.5;
            let shift = if positive { 0.8 } else { -0.8 };
            let x = [shift + 4.0 * (c[0] - 0.5), shift + 4.0 * (c[1] - 0.5)];
            let noise = (c[0] * 1e6).fract() < 0.1;
            let label = if positive != noise {
                Label::Pos
            } else {
                Label::Neg
            };
            // Generated values are finite.
            let _ = data.push(&x, label);
        }
        data
    }

    fn settings() -> Settings {
        Settings {
            max_epochs: 1_000_000,
            ..Settings::default()
        }
    }

    fn trainer() -> Trainer {
        match Trainer::new(settings(), 2) {
            Ok(t) => t,
            Err(e) => unreachable!("valid settings: {e}"),
        }
    }

    fn steps_and_epochs(c: &mut Criterion) {
        for n in [1_000usize, 100_000, 1_000_000] {
            let data = noisy(n);
            let mut group = c.benchmark_group(format!("perceptron/{n}"));
            group.sample_size(if n >= 1_000_000 { 10 } else { 30 });
            group.throughput(Throughput::Elements(1));
            let mut running = trainer();
            group.bench_function("step", |b| {
                b.iter(|| match running.step(black_box(&data)) {
                    StepOutcome::Stepped(r) => black_box(r.mistake),
                    StepOutcome::Refused(_) => unreachable!("noisy data never converges"),
                })
            });
            group.throughput(Throughput::Elements(n as u64));
            group.bench_function("epoch with records", |b| {
                b.iter_batched(
                    trainer,
                    |mut t| {
                        for _ in 0..n {
                            black_box(t.step(&data));
                        }
                        t
                    },
                    BatchSize::LargeInput,
                )
            });
            // What a run that is not shown does (`Trainer::advance`), in data order and
            // reshuffled every epoch: the figures set beside scikit-learn's `Perceptron.fit`
            // (per sample per epoch of a run of several). Each measured epoch is the second of
            // its run, so it pays what every later epoch pays (a reshuffle, or none).
            for (name, order) in [("epoch", Order::Fixed), ("epoch shuffled", Order::Shuffle)] {
                let mut first = match Trainer::new(
                    Settings {
                        order,
                        ..settings()
                    },
                    2,
                ) {
                    Ok(t) => t,
                    Err(e) => unreachable!("valid settings: {e}"),
                };
                let _ = first.advance(&data, n as u64);
                let start = || first.clone();
                group.bench_function(name, |b| {
                    b.iter_batched(
                        start,
                        |mut t| {
                            black_box(t.advance(&data, n as u64));
                            t
                        },
                        BatchSize::LargeInput,
                    )
                });
            }
            group.finish();
        }
    }

    fn session_steps(c: &mut Criterion) {
        let mut group = c.benchmark_group("session/noisy-preset");
        group.throughput(Throughput::Elements(1));
        let mut session = Session::new();
        let _ = session.apply(Action::LoadPreset(Preset::Noisy));
        let _ = session.apply(Action::SetSettings(settings()));
        group.bench_function("step with history", |b| {
            b.iter(|| black_box(session.apply(Action::Step)))
        });
        group.finish();
    }

    fn kernel_trainer(kernel: Kernel) -> KernelTrainer {
        match KernelTrainer::new(settings(), kernel, 2) {
            Ok(t) => t,
            Err(e) => unreachable!("valid settings: {e}"),
        }
    }

    fn kernel_steps(c: &mut Criterion) {
        let data = noisy(1_000);
        for kernel in [Kernel::Linear, Kernel::Rbf { gamma: 0.5 }] {
            let mut group = c.benchmark_group(format!("kernel/1000/{kernel}"));
            group.sample_size(20);
            group.throughput(Throughput::Elements(1));
            let mut running = kernel_trainer(kernel);
            group.bench_function("step", |b| {
                b.iter(|| match running.step(black_box(&data)) {
                    KernelOutcome::Stepped(r) => black_box(r.mistake),
                    KernelOutcome::Refused(_) => unreachable!("noisy data never converges"),
                })
            });
            group.throughput(Throughput::Elements(1_000));
            group.bench_function("epoch", |b| {
                b.iter_batched(
                    || {
                        // Start from a run that already has many non-zero α.
                        let mut t = kernel_trainer(kernel);
                        for _ in 0..2_000 {
                            t.step(&data);
                        }
                        t
                    },
                    |mut t| {
                        for _ in 0..1_000 {
                            black_box(t.step(&data));
                        }
                        t
                    },
                    BatchSize::LargeInput,
                )
            });
            group.finish();
        }
    }

    /// The region map of the page's 800 × 600 plot in 3-pixel cells (267 × 200).
    fn regions(c: &mut Criterion) {
        let view = Rect {
            x_min: -4.0,
            x_max: 4.0,
            y_min: -3.0,
            y_max: 3.0,
        };
        let (cols, rows) = (267, 200);
        // Random labels: the kernel perceptron needs most samples as support vectors.
        let u = unit_stream(12, 0, 3 * 700);
        let mut data = Dataset::new(2);
        for c in u.chunks(3) {
            let label = if c[2] < 0.5 { Label::Pos } else { Label::Neg };
            let _ = data.push(&[8.0 * c[0] - 4.0, 6.0 * c[1] - 3.0], label);
        }
        let mut t = kernel_trainer(Kernel::Rbf { gamma: 2.0 });
        while t.support().len() < 500 {
            if let KernelOutcome::Refused(_) = t.step(&data) {
                break;
            }
        }
        let model = Model::Kernel(t.clone());
        let mut group = c.benchmark_group(format!("region/kernel {} α/267x200", t.support().len()));
        group.sample_size(10);
        group.throughput(Throughput::Elements(1));
        group.bench_function("from scratch", |b| {
            b.iter(|| {
                let mut grid = KernelGrid::default();
                black_box(region_of(&model, &data, 1, &view, cols, rows, &mut grid))
            })
        });
        group.bench_function("after one step", |b| {
            b.iter_batched(
                || {
                    let mut grid = KernelGrid::default();
                    let _ = region_of(&model, &data, 1, &view, cols, rows, &mut grid);
                    let mut next = t.clone();
                    // Step until one α changes, so the update has work to do.
                    while let KernelOutcome::Stepped(r) = next.step(&data) {
                        if r.mistake {
                            break;
                        }
                    }
                    (grid, Model::Kernel(next))
                },
                |(mut grid, next)| {
                    black_box(region_of(&next, &data, 1, &view, cols, rows, &mut grid))
                },
                BatchSize::LargeInput,
            )
        });
        group.finish();
        let classes = match ClassData::from_dataset(&data, 2) {
            Ok(c) => c,
            Err(e) => unreachable!("two classes: {e}"),
        };
        let mut m = match MulticlassTrainer::new(settings(), 2, 2) {
            Ok(m) => m,
            Err(e) => unreachable!("valid settings: {e}"),
        };
        for _ in 0..100 {
            m.step(&classes);
        }
        let model = Model::Multiclass(m);
        let mut group = c.benchmark_group("region/multiclass/267x200");
        group.sample_size(20);
        group.throughput(Throughput::Elements(1));
        group.bench_function("map", |b| {
            b.iter(|| {
                black_box(region_of(
                    &model,
                    &data,
                    1,
                    &view,
                    cols,
                    rows,
                    &mut KernelGrid::default(),
                ))
            })
        });
        group.finish();
    }

    /// A run of each algorithm from step 0 to the work budget (Run to convergence on points
    /// that never converge, in shuffled order so no cycle ends it early): the time per work unit
    /// is what `Learner::step_cost` is calibrated to (about 10 ns natively), and the time of the
    /// whole run is the longest a link or file of a run the page made takes to replay.
    fn work_budget(c: &mut Criterion) {
        use perceptron_lab::core::scenario::from_link;
        use perceptron_lab::core::Algorithm;
        let mut group = c.benchmark_group("budget/run");
        group.sample_size(10);
        for algorithm in Algorithm::ALL {
            let k = if algorithm.is_multiclass() { 3 } else { 2 };
            let classes = if algorithm.is_multiclass() {
                "&c=3"
            } else {
                ""
            };
            let fragment = format!("v=1&a={}{classes}&o=shuffle&m=1000000", algorithm.name());
            let mut scenario = match from_link(&fragment).map(|l| l.scenario) {
                Ok(Some(s)) => s,
                other => unreachable!("a valid link: {other:?}"),
            };
            scenario.points = (0..2000)
                .map(|i| {
                    let t = f64::from(i) * 0.7;
                    (3.0 * t.cos(), 3.0 * t.sin(), i as usize % k)
                })
                .collect();
            let fresh = || {
                let mut s = Session::new();
                let _ = s.apply(Action::LoadScenario(scenario.clone()));
                s
            };
            let mut probe = fresh();
            let _ = probe.apply(Action::RunToConvergence);
            group.throughput(Throughput::Elements(probe.history().current().work.max(1)));
            group.bench_function(algorithm.name(), |b| {
                b.iter_batched(
                    fresh,
                    |mut s| black_box(s.apply(Action::RunToConvergence)),
                    BatchSize::LargeInput,
                )
            });
        }
        group.finish();
    }

    criterion_group!(
        benches,
        steps_and_epochs,
        session_steps,
        kernel_steps,
        regions,
        work_budget
    );
}
