//! Core speed: nanoseconds per perceptron step and per epoch at N = 1k, 100k and 1M samples
//! (2-D), and per session step with the history that Step back needs. Run with
//! `scripts/bench.sh`, which prints the figures as a table.

#[cfg(target_arch = "wasm32")]
fn main() {
    // Benchmarks run natively; the wasm build of the same loop is measured in the browser.
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(native::benches);

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use criterion::{criterion_group, BatchSize, Criterion, Throughput};
    use perceptron_lab::core::{
        unit_stream, Action, Dataset, Label, Preset, Session, Settings, StepOutcome, Trainer,
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
            group.bench_function("epoch", |b| {
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

    criterion_group!(benches, steps_and_epochs, session_steps);
}
