//! `perceptron_lab._core`: Perceptron Lab's Rust core in Python (PyO3). The package's Python
//! code (`perceptron_lab/`) is the API; this module is what it calls: [`trace`] runs an
//! algorithm to the end exactly as `perceptron-trace` does, and [`NativeLab`] is the lab's own
//! [`Session`] (the state the widget shows, crossing to the browser as the scenario link).
//! Every refusal is the core's message, raised as `ValueError`.

use perceptron_lab::core::algo::kernel::Kernel;
use perceptron_lab::core::algo::{ClassData, Kind};
use perceptron_lab::core::scenario::{from_link, to_link, Scenario};
use perceptron_lab::core::trace::{Run, Samples, TraceFormat};
use perceptron_lab::core::{
    Action, Algorithm, Dataset, InitWeights, Label, Model, Order, Refusal, Session, Settings,
    Setup, TrainState,
};
use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;

/// A refusal of the core as a Python `ValueError`.
fn refused(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// What `trace` and `load` take besides the points (a dict from `_inputs.settings`).
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
struct RunArgs {
    algorithm: String,
    kernel: Option<String>,
    params: Vec<(String, f64)>,
    bias: bool,
    init: String,
    eta: f64,
    order: String,
    seed: u64,
    max_epochs: u64,
}

impl RunArgs {
    /// The algorithm, its kernel and its own numbers, checked as the command line checks them.
    fn setup(&self) -> PyResult<Setup> {
        let algo = Algorithm::parse(&self.algorithm).map_err(refused)?;
        let kernel = match (algo.kind(), &self.kernel) {
            (Kind::Kernel, Some(text)) => Kernel::parse(text).map_err(refused)?,
            (_, None) => Kernel::Linear,
            (_, Some(_)) => {
                return Err(refused(format!(
                    "kernel applies only to algorithm=\"kernel\", not to {:?}",
                    algo.name()
                )))
            }
        };
        for (key, value) in &self.params {
            let own = algo.info().params.iter().find(|p| p.key == key.as_str());
            match own {
                Some(p) => drop(p.validate(*value).map_err(refused)?),
                None => {
                    return Err(refused(format!(
                        "{key} is not a number of algorithm {:?} (it takes {})",
                        algo.name(),
                        own_numbers(algo)
                    )))
                }
            }
        }
        Ok(Setup {
            algorithm: algo,
            kernel,
            classes: 3,
            rows: None,
            params: self.params.clone(),
        })
    }

    /// The training settings, checked by the core.
    fn settings(&self) -> PyResult<Settings> {
        let order = match self.order.as_str() {
            "fixed" => Order::Fixed,
            "shuffle" => Order::Shuffle,
            other => {
                return Err(refused(format!(
                    "order must be \"fixed\" or \"shuffle\", not {other:?}"
                )))
            }
        };
        Ok(Settings {
            bias: self.bias,
            init: InitWeights::parse(&self.init).map_err(refused)?,
            eta: self.eta,
            order,
            seed: self.seed,
            max_epochs: self.max_epochs,
        })
    }
}

/// The own numbers an algorithm takes, for a message.
fn own_numbers(algo: Algorithm) -> String {
    let keys: Vec<&str> = algo.info().params.iter().map(|p| p.key).collect();
    if keys.is_empty() {
        "none".to_string()
    } else {
        keys.join(", ")
    }
}

/// The points and labels as the chosen algorithm reads them: ±1 data (labels read as a CSV
/// file's are: -1/+1, 0/1, -/+) or named classes (2 to 6 distinct labels, ordered as a CSV
/// file's are), with the class names (for ±1 data, the spellings of −1 and +1 given).
fn samples(xs: &[Vec<f64>], labels: &[String], kind: Kind) -> PyResult<Samples> {
    if xs.len() != labels.len() {
        return Err(refused(format!(
            "X has {} rows but y has {} labels",
            xs.len(),
            labels.len()
        )));
    }
    let dim = xs.first().map_or(0, Vec::len);
    if xs.is_empty() || dim == 0 {
        return Err(refused(
            "X has no points (it needs one row of features per point)",
        ));
    }
    for (i, x) in xs.iter().enumerate() {
        if x.len() != dim {
            return Err(refused(format!(
                "row {i} of X has {} features, row 0 has {dim}",
                x.len()
            )));
        }
        if let Some(c) = x.iter().position(|v| !v.is_finite()) {
            return Err(refused(format!(
                "X[{i}][{c}] must be a finite number, got {}",
                x[c]
            )));
        }
    }
    if kind == Kind::Multiclass {
        let flat: Vec<f64> = xs.iter().flatten().copied().collect();
        let classes = ClassData::new(dim, flat, labels).map_err(refused)?;
        return Ok(Samples {
            dim,
            data: Dataset::default(),
            names: classes.names().to_vec(),
            classes,
        });
    }
    let mut data = Dataset::new(dim);
    let mut names = vec!["-1".to_string(), "+1".to_string()];
    let mut spelled = [false, false];
    for (i, (x, text)) in xs.iter().zip(labels).enumerate() {
        let label = Label::parse(text).ok_or_else(|| {
            refused(format!(
                "y[{i}]: the label {} is not one of -1/+1, 0/1 or -/+",
                perceptron_lab::core::excerpt(text)
            ))
        })?;
        if !spelled[label.class()] {
            spelled[label.class()] = true;
            names[label.class()] = text.trim().to_string();
        }
        data.push(x, label).map_err(refused)?;
    }
    if let Some(only) = data.single_class() {
        return Err(refused(perceptron_lab::core::Error::OneClass(
            only.name().to_string(),
        )));
    }
    Ok(Samples {
        dim,
        data,
        classes: ClassData::default(),
        names,
    })
}

/// A whole run kept: its rows and result in every format of `perceptron-trace`.
#[pyclass(frozen, module = "perceptron_lab._core")]
struct NativeTrace {
    run: Run,
}

#[pymethods]
impl NativeTrace {
    /// The run as `markdown`, `csv`, `json` or `latex`, exactly as `perceptron-trace
    /// --format` prints it.
    fn text(&self, format: &str) -> PyResult<String> {
        let format = TraceFormat::parse(format).ok_or_else(|| {
            refused(format!(
                "format must be markdown, csv, json or latex, not {format:?}"
            ))
        })?;
        Ok(self.run.text(format))
    }
}

/// Runs `algorithm` on the points `xs` with `labels` until it stops, as `perceptron-trace`
/// does, keeping every step's row when `steps`: raises `ValueError` with the core's message
/// for anything it refuses, `OverflowError` when the numbers leave the finite range (the
/// message says at which step), and `KeyboardInterrupt` when interrupted (Ctrl-C, a notebook's
/// Interrupt).
#[pyfunction]
fn trace(
    py: Python<'_>,
    xs: Vec<Vec<f64>>,
    labels: Vec<String>,
    args: RunArgs,
    steps: bool,
) -> PyResult<NativeTrace> {
    let mut setup = args.setup()?;
    let settings = args.settings()?;
    let samples = samples(&xs, &labels, setup.algorithm.kind())?;
    setup.classes = samples.classes.num_classes();
    let model = Model::new(&setup, settings, samples.dim).map_err(refused)?;
    let mut interrupted = None;
    let run =
        perceptron_lab::core::trace::run(model, &samples, steps, || match py.check_signals() {
            Ok(()) => true,
            Err(e) => {
                interrupted = Some(e);
                false
            }
        });
    let Some(run) = run else {
        return Err(interrupted.unwrap_or_else(|| refused("the run was stopped")));
    };
    if run.stopped == Refusal::Overflow {
        let step = run.summary.result["steps"]
            .as_u64()
            .map_or(run.rows.len() as u64, |s| s)
            + 1;
        return Err(PyOverflowError::new_err(format!(
            "stopped before step {step}: the numbers grew beyond the finite range"
        )));
    }
    Ok(NativeTrace { run })
}

/// The lab's state in Python: the core's [`Session`], opened from and written as the
/// scenario link the page reads and writes. The session shares its parts by `Rc`, so a lab
/// belongs to the thread that made it (PyO3 raises if another thread uses it).
#[pyclass(unsendable, module = "perceptron_lab._core")]
struct NativeLab {
    session: Session,
}

/// The lab's plot has two features.
const LAB_FEATURES: usize = 2;

#[pymethods]
impl NativeLab {
    #[new]
    fn new() -> NativeLab {
        NativeLab {
            session: Session::new(),
        }
    }

    /// Opens points and settings at step 0 (the view fits the points).
    fn load(&mut self, xs: Vec<Vec<f64>>, labels: Vec<String>, args: RunArgs) -> PyResult<()> {
        let setup = args.setup()?;
        args.settings()?;
        let input = samples(&xs, &labels, setup.algorithm.kind())?;
        if input.dim != LAB_FEATURES {
            return Err(refused(format!(
                "the lab plots points with 2 features; X has {} (perceptron_lab.trace takes any number)",
                input.dim
            )));
        }
        let multiclass = setup.algorithm.kind() == Kind::Multiclass;
        let points: Vec<(f64, f64, usize)> = if multiclass {
            (0..input.classes.len())
                .map(|i| {
                    let x = input.classes.x(i);
                    (x[0], x[1], input.classes.class(i))
                })
                .collect()
        } else {
            (0..input.data.len())
                .map(|i| (input.data.x(i)[0], input.data.x(i)[1], input.data.class(i)))
                .collect()
        };
        let default_names = input
            .names
            .iter()
            .enumerate()
            .all(|(c, n)| *n == c.to_string());
        let scenario = serde_json::json!({
            "version": perceptron_lab::core::scenario::SCENARIO_VERSION,
            "algorithm": setup.algorithm.name(),
            "kernel": setup.kernel.to_string(),
            "classes": if multiclass { input.classes.num_classes() } else { 3 },
            "class_names": (multiclass && !default_names).then_some(&input.names),
            "params": setup.params.iter().cloned().collect::<std::collections::BTreeMap<_, _>>(),
            "bias": args.bias,
            "init": args.init,
            "eta": args.eta,
            "order": args.order,
            "seed": args.seed,
            "max_epochs": args.max_epochs,
            "points": points,
        });
        let scenario = Scenario::from_json(&scenario.to_string()).map_err(refused)?;
        self.apply(Action::LoadScenario(scenario))
    }

    /// Opens a scenario link (with or without `#`, or a whole URL): its scenario, exactly as
    /// the page opens it. A link without one (only an exercise set, say) changes nothing; one
    /// that cannot be opened, its exercise set included, raises and changes nothing.
    fn open_link(&mut self, link: &str) -> PyResult<bool> {
        let fragment = link.rsplit_once('#').map_or(link, |(_, f)| f);
        let read = from_link(fragment).map_err(refused)?;
        // An exercise set in it runs in the widget, but one the page would refuse is refused
        // here too.
        perceptron_lab::core::practice::ExerciseSet::from_link(fragment).map_err(refused)?;
        match read.scenario {
            Some(scenario) => self.apply(Action::LoadScenario(scenario)).map(|()| true),
            None => Ok(false),
        }
    }

    /// The scenario link of the state now (without `#`).
    fn link(&self) -> String {
        to_link(&self.session.scenario())
    }

    /// `n` steps forward (fewer when training stops first); returns how many were taken.
    fn step(&mut self, n: u64) -> PyResult<u64> {
        let before = self.session.model().learner().steps();
        for _ in 0..n {
            if self.session.model().learner().state() != TrainState::Running {
                break;
            }
            self.apply(Action::Step)?;
        }
        Ok(self.session.model().learner().steps() - before)
    }

    /// One step back (an exact undo); returns whether there was one.
    fn back(&mut self) -> PyResult<bool> {
        let before = self.session.model().learner().steps();
        self.apply(Action::Back)?;
        Ok(self.session.model().learner().steps() < before)
    }

    /// Back to step 0, keeping the points.
    fn reset(&mut self) -> PyResult<()> {
        self.apply(Action::Reset)
    }

    /// Runs until training stops (converged, the epoch cap, a cycle, or the page's work
    /// budget, as Run does in the page).
    fn run(&mut self) -> PyResult<()> {
        self.apply(Action::RunToConvergence)
    }

    /// The classic weights `[b, w1, w2]` of a binary linear model (None for the others).
    fn weights(&self) -> Option<Vec<f64>> {
        self.session
            .model()
            .learner()
            .linear_weights()
            .map(<[f64]>::to_vec)
    }

    /// The weight rows of a multiclass model, bias first (None for the others).
    fn rows(&self) -> Option<Vec<Vec<f64>>> {
        self.session.model().learner().rows().map(<[_]>::to_vec)
    }

    /// Steps taken.
    fn step_index(&self) -> u64 {
        self.session.model().learner().steps()
    }

    /// The epoch under way.
    fn epoch(&self) -> u64 {
        self.session.model().learner().epoch()
    }

    /// Whether training converged (an epoch without a mistake).
    fn converged(&self) -> bool {
        self.session.model().learner().state() == TrainState::Converged
    }

    /// The points: `(x1, x2, class index)` each.
    fn points(&self) -> Vec<(f64, f64, usize)> {
        let data = self.session.data();
        (0..data.len())
            .map(|i| (data.x(i)[0], data.x(i)[1], data.class(i)))
            .collect()
    }

    /// The class names, by class index (for the binary algorithms `-1` and `+1`).
    fn class_names(&self) -> Vec<String> {
        (0..self.session.num_classes())
            .map(|c| self.session.class_name(c))
            .collect()
    }

    /// The algorithm's name.
    fn algorithm(&self) -> &'static str {
        self.session.setup().algorithm.name()
    }

    /// The step table as the page shows it, up to the step on show: (step, weights, score,
    /// correct, update) per row.
    fn trace_rows(&self) -> Vec<(u64, String, String, String, String)> {
        self.session
            .trace_rows(0, usize::MAX)
            .into_iter()
            .filter(|r| r.done)
            .map(|r| (r.step, r.weights, r.score, r.correct, r.update))
            .collect()
    }

    /// The step table as the page exports it: `markdown`, `csv` or `latex`.
    fn trace_export(&self, format: &str) -> PyResult<String> {
        let format = perceptron_lab::core::table::TableFormat::parse(format).ok_or_else(|| {
            refused(format!(
                "format must be markdown, csv or latex, not {format:?}"
            ))
        })?;
        Ok(self.session.trace_export(format))
    }

    /// What the status panel's field `name` shows (`step`, `weights`, `notice`, …).
    fn field(&self, name: &str) -> Option<String> {
        let status = self.session.status();
        let fields = status.fields();
        fields
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, text)| text.to_string())
    }
}

impl NativeLab {
    fn apply(&mut self, action: Action) -> PyResult<()> {
        self.session.apply(action).map(drop).map_err(refused)
    }
}

/// The module `perceptron_lab._core`.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(trace, m)?)?;
    m.add_class::<NativeTrace>()?;
    m.add_class::<NativeLab>()?;
    m.add("ALGORITHMS", Algorithm::ALL.map(|a| a.name()).to_vec())?;
    Ok(())
}
