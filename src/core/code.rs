//! "This run in code": a Python snippet that reproduces the current run exactly, for the page's
//! panel and `perceptron-trace --emit python` (one writer for both).
//!
//! The snippet has a common skeleton, written here: a header (which algorithm, which step), the
//! points inline (`X`, `y`, numbers in their shortest exact form so they read back as the same
//! `f64`), the settings, the resolved initial weights and the exact visiting order (one list of
//! 0-based sample indices per epoch, the last cut at the current step), then two parts written
//! by the algorithm's own `code.rs` through [`PythonCode`]:
//!
//! - **scikit-learn**, where it has the algorithm (or a comment saying why it has nothing equal),
//!   given the lab's visits in one pass (`partial_fit`, or `fit` from given initial weights);
//! - **NumPy**, the lab's exact rule step by step, summed in the lab's order.
//!
//! Each part prints its result after the current step as `PART NAME = [..]` (JSON numbers), e.g.
//! `numpy w = [-1.0, 2.0, 0.5]`, which `tests/emit_python.rs` reads back and compares with the
//! lab's numbers.
//!
//! Shuffled orders and random initial weights come from the lab's seeded ChaCha8 generator,
//! which Python cannot reproduce: the snippet inlines the orders and the weights they gave, and
//! says so. Edits of the points made while training was under way are not replayed: the
//! snippet then says so and holds no code.

use super::algo::registry::Setup;
use super::numfmt::exact;
use super::{Dataset, Model, Order, Settings};

/// The most steps a snippet writes out (its visiting order has one number per step); a longer
/// run gives a snippet that says so.
pub const MAX_CODE_STEPS: u64 = 1_000_000;

/// The most steps the page's panel writes out: the longest run a link holds. Its snippet is
/// rewritten while a run plays, and writing it replays the run from step 0 and lists every
/// shuffled visit, so its cost grows with the step count; past this a run gets [`page_note`]
/// instead (`perceptron-trace --emit python` writes up to [`MAX_CODE_STEPS`]).
pub const PAGE_CODE_STEPS: u64 = super::scenario::MAX_SCENARIO_STEP;

/// The page's snippet for a run longer than [`PAGE_CODE_STEPS`]: what to do instead.
pub fn page_note(title: &str, steps: u64) -> String {
    use super::numfmt::count;
    format!(
        "# Perceptron Lab: {title}, after step {}.\n# No code here: the page writes out runs of \
         up to {} steps (the script replays every\n# visit). `perceptron-trace --emit python --steps \
         {steps}` with this run's points and\n# settings writes runs of up to {} steps; or go \
         back to an earlier step.\n",
        count(steps),
        count(PAGE_CODE_STEPS),
        count(MAX_CODE_STEPS),
    )
}

/// What the snippet is written from: the points training started from, the setup, the
/// settings, the class names and the number of steps taken.
#[derive(Debug, Clone, Copy)]
pub struct CodeInput<'a> {
    /// The points, each with its class index (binary: 0 is `−1`, 1 is `+1`).
    pub data: &'a Dataset,
    /// The algorithm and its own numbers.
    pub setup: &'a Setup,
    /// The settings.
    pub settings: &'a Settings,
    /// One name per class (multiclass), written in a comment.
    pub names: &'a [String],
    /// The step on show.
    pub steps: u64,
}

/// The run as the algorithms' writers see it: the input, the visits made, and where it stands.
pub struct CodeRun<'a> {
    /// What the snippet is written from.
    pub input: CodeInput<'a>,
    /// The visits of each epoch so far (0-based sample indices), the last epoch cut at the
    /// current step; empty for an algorithm that does not visit one sample per step (batch).
    pub epochs: Vec<Vec<usize>>,
    /// Steps actually taken (the run may have stopped before the step asked for).
    pub steps: u64,
}

impl CodeRun<'_> {
    /// Whether every class of the run (`classes` of them) is among the visits so far:
    /// scikit-learn's `fit`, which takes the initial weights, learns its classes from them.
    pub fn visits_have_all(&self, classes: usize) -> bool {
        let seen: std::collections::BTreeSet<usize> = self
            .epochs
            .iter()
            .flatten()
            .map(|&i| self.input.data.class(i))
            .collect();
        seen.len() == classes
    }

    /// The number of samples.
    pub fn n(&self) -> usize {
        self.input.data.len()
    }
}

/// Python text, line by line.
#[derive(Debug, Default)]
pub struct Py {
    text: String,
}

impl Py {
    /// Appends one line (`""` for a blank one).
    pub fn line(&mut self, line: impl AsRef<str>) {
        self.text.push_str(line.as_ref());
        self.text.push('\n');
    }

    /// Appends several lines.
    pub fn lines(&mut self, lines: &[&str]) {
        for l in lines {
            self.line(l);
        }
    }

    /// The text written so far.
    pub fn into_text(self) -> String {
        self.text
    }
}

/// `v` as a Python float literal that reads back as exactly `v`: `1.0`, `0.1`, `1e-07`.
pub fn float(v: f64) -> String {
    let text = exact(v);
    if text.contains(['.', 'e', 'E']) {
        text
    } else {
        format!("{text}.0")
    }
}

/// A list of floats: `[1.0, -0.5]`.
pub fn floats(v: &[f64]) -> String {
    format!(
        "[{}]",
        v.iter().map(|&x| float(x)).collect::<Vec<_>>().join(", ")
    )
}

/// A list of rows of floats, one row a line: `[\n    [..],\n    [..],\n]`.
pub fn rows(rows: &[Vec<f64>]) -> String {
    let mut text = String::from("[\n");
    for r in rows {
        text.push_str(&format!("    {},\n", floats(r)));
    }
    text.push(']');
    text
}

/// Whether every number is zero.
pub fn all_zero(v: &[f64]) -> bool {
    v.iter().all(|&x| x == 0.0)
}

/// An algorithm's part of the snippet. `self` is a fresh run (step 0) of the algorithm, so the
/// writer reads the resolved initial weights from it.
pub trait PythonCode {
    /// Lines of settings of its own after the common ones (`C = 0.5`, the kernel), if any, and
    /// the initial weights (`w0 = [..]` or `W0 = [..]`) where the algorithm has them.
    fn settings_code(&self, run: &CodeRun, py: &mut Py);
    /// The scikit-learn part: code that prints `sklearn NAME = [..]`, or comments saying why
    /// scikit-learn has nothing equal.
    fn sklearn_code(&self, run: &CodeRun, py: &mut Py);
    /// The NumPy part: the exact rule, printing `numpy NAME = [..]` after the current step.
    fn numpy_code(&self, run: &CodeRun, py: &mut Py);
}

/// The snippet for `input` (see the module docs). Never fails: settings the algorithm refuses
/// give a snippet that says why and holds no code.
pub fn python(input: CodeInput) -> String {
    let mut py = Py::default();
    let title = input.setup.algorithm.title();
    let dim = input.data.dim().max(1);
    let start = match Model::new(input.setup, input.settings.clone(), dim) {
        Ok(model) => model,
        Err(e) => {
            py.line(format!("# Perceptron Lab: {title}. No code: {e}"));
            return py.into_text();
        }
    };
    let mut model = start.clone();
    let classes = super::algo::ClassData::from_dataset(input.data, input.setup.num_classes())
        .unwrap_or_default();
    let mut epochs: Vec<Vec<usize>> = Vec::new();
    let mut steps = 0;
    while steps < input.steps {
        if steps == MAX_CODE_STEPS {
            py.line(format!(
                "# Perceptron Lab: {title}. No code: the run is longer than {MAX_CODE_STEPS} \
                 steps, too long to write out step by step; go back or reset to an earlier step."
            ));
            return py.into_text();
        }
        let Ok(record) = model.step(input.data, &classes) else {
            break;
        };
        steps += 1;
        if let Some((index, _)) = record.visited() {
            let epoch = record.epoch() as usize;
            if epochs.len() < epoch {
                epochs.resize(epoch, Vec::new());
            }
            epochs[epoch - 1].push(index - 1);
        }
    }
    let run = CodeRun {
        input,
        epochs,
        steps,
    };
    header(&run, &model, &mut py);
    helpers(&mut py);
    data_code(&run, &mut py);
    common_settings(&run, &mut py);
    start.python_code().settings_code(&run, &mut py);
    order_code(&run, start.schedule().is_some(), &mut py);
    py.line("# ---- scikit-learn ----");
    start.python_code().sklearn_code(&run, &mut py);
    py.line("");
    py.line("# ---- NumPy: the lab's rule, step by step ----");
    start.python_code().numpy_code(&run, &mut py);
    py.into_text()
}

/// The snippet when the points were edited while training was under way.
pub fn edited_note(title: &str) -> String {
    format!(
        "# Perceptron Lab: {title}.\n# No code: the points were edited while training was \
         under way, which a script cannot replay.\n# Press Reset (training restarts on the \
         points as they are now) to get the code of that run.\n"
    )
}

fn header(run: &CodeRun, model: &Model, py: &mut Py) {
    let title = run.input.setup.algorithm.title();
    py.line(format!(
        "# Perceptron Lab, \"This run in code\": {title}, after step {}.",
        run.steps
    ));
    py.lines(&[
        "# The same text as `perceptron-trace --emit python`. The points, the settings",
        "# and the visiting order are written out, so the run is reproduced exactly.",
        "# Each part prints the weights after this step as `PART NAME = [...]`.",
        "# Needs NumPy and scikit-learn 1.9.",
    ]);
    match model.state() {
        super::TrainState::Converged => py.line("# Training has converged at this step."),
        super::TrainState::MaxEpochs => py.line("# Training stopped here at max epochs."),
        super::TrainState::Running => {}
    }
    py.line("");
    py.line("import json");
    py.line("import math");
    py.line("");
    py.line("import numpy as np");
    py.line("");
    py.line("");
}

fn data_code(run: &CodeRun, py: &mut Py) {
    let data = run.input.data;
    let multiclass = run.input.setup.algorithm.is_multiclass();
    if multiclass {
        let names: Vec<String> = run
            .input
            .names
            .iter()
            .enumerate()
            .map(|(k, n)| format!("{k} = {n:?}"))
            .collect();
        py.line(format!(
            "# The points: features X, class index y ({}).",
            names.join(", ")
        ));
    } else {
        py.line("# The points: features X, label y (-1 or +1).");
    }
    py.line("X = np.array([");
    for i in 0..data.len() {
        py.line(format!("    {},", floats(data.x(i))));
    }
    py.line(format!("], dtype=float).reshape(-1, {})", data.dim()));
    let labels: Vec<String> = (0..data.len())
        .map(|i| {
            if multiclass {
                data.class(i).to_string()
            } else {
                format!("{}", data.label(i).y() as i64)
            }
        })
        .collect();
    py.line(format!("y = np.array([{}], dtype=int)", labels.join(", ")));
    if multiclass {
        py.line(format!(
            "K = {}  # classes (rows of W)",
            run.input.setup.classes
        ));
    }
    py.line("");
}

fn common_settings(run: &CodeRun, py: &mut Py) {
    let s = run.input.settings;
    py.line("# Settings.");
    py.line(format!("eta = {}  # learning rate η", float(s.eta)));
    py.line(format!(
        "fit_intercept = {}  # learn the bias b (= w0)",
        if s.bias { "True" } else { "False" }
    ));
}

fn order_code(run: &CodeRun, visits: bool, py: &mut Py) {
    let s = run.input.settings;
    if !visits {
        py.line(format!(
            "steps = {}  # steps taken, each one a whole epoch",
            run.steps
        ));
        py.line("");
        return;
    }
    let n = run.n();
    if run.epochs.is_empty() {
        py.line("epochs = []  # no visit yet");
        py.line("");
        return;
    }
    match s.order {
        Order::Fixed => {
            let full = run.epochs.iter().filter(|e| e.len() == n).count();
            let last = run.epochs.last().map_or(0, Vec::len);
            py.line("# The visiting order: one list of sample indices (0-based) per epoch, the");
            py.line("# last one cut at the current step. Fixed order: data order every epoch.");
            let mut parts = Vec::new();
            if full > 0 {
                parts.push(format!("[list(range({n}))] * {full}"));
            }
            if last < n {
                parts.push(format!("[list(range({last}))]"));
            }
            py.line(format!("epochs = {}", parts.join(" + ")));
        }
        Order::Shuffle => {
            py.line("# The visiting order: one list of sample indices (0-based) per epoch, the");
            py.line("# last one cut at the current step. Each epoch was shuffled by the lab's");
            py.line(format!(
                "# seeded ChaCha8 generator (seed {}), which Python cannot reproduce, so the",
                s.seed
            ));
            py.line("# orders it drew are written out.");
            py.line("epochs = [");
            for e in &run.epochs {
                py.line(format!(
                    "    [{}],",
                    e.iter()
                        .map(usize::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            py.line("]");
        }
    }
    py.line("");
}

fn helpers(py: &mut Py) {
    py.lines(&[
        "def dot(a, b):",
        "    \"\"\"a·b summed term by term from the first, as the lab sums it.\"\"\"",
        "    total = 0.0",
        "    for p, q in zip(a, b):",
        "        total += float(p) * float(q)",
        "    return total",
        "",
        "",
        "def show(part, name, value):",
        "    \"\"\"Prints one result as `part name = [...]`.\"\"\"",
        "    print(part, name, \"=\", json.dumps(np.asarray(value, dtype=float).tolist()))",
        "",
        "",
    ]);
}

/// The comment on the initial weights `w0` and its line.
pub fn initial_weights_code(settings: &Settings, name: &str, value: &str, py: &mut Py) {
    match &settings.init {
        super::InitWeights::Zero => py.line(format!("{name} = {value}  # initial weights: zero")),
        super::InitWeights::Explicit(_) => py.line(format!(
            "{name} = {value}  # initial weights as set, bias weight first"
        )),
        super::InitWeights::Random => {
            py.line(format!(
                "# Random initial weights, drawn by the lab's seeded ChaCha8 generator (seed {}),",
                settings.seed
            ));
            py.line("# which Python cannot reproduce: the weights it drew, bias weight first.");
            py.line(format!("{name} = {value}"));
        }
    }
}

/// The scikit-learn part of a binary linear model: `estimator` (a constructor call) goes once
/// through all the visits so far, in the lab's order (see [`sklearn_visits`]), then `show` of
/// `name` from `[intercept_, *coef_]` — when those are finite numbers. At extreme sizes
/// scikit-learn's arithmetic may overflow where the lab's does not (the averaged perceptron's
/// running mean at η = 5e-324 or with points near 1e308): the snippet then prints a line
/// saying so, with `lost` (why, in words), instead of NaN or infinities.
pub fn sklearn_linear(
    run: &CodeRun,
    w0: &[f64],
    estimator: &str,
    name: &str,
    lost: &str,
    py: &mut Py,
) {
    if run.steps == 0 {
        py.line("# No step yet: nothing to train.");
        return;
    }
    let zero = all_zero(w0);
    if !zero && !run.visits_have_all(2) {
        py.line("# scikit-learn takes initial weights only in `fit`, which must see both classes;");
        py.line("# the visits so far do not, so see the NumPy part.");
        return;
    }
    py.line(format!("clf = {estimator}"));
    sklearn_visits(
        zero,
        "classes=np.array([-1, 1])",
        "coef_init=np.array(w0[1:]), intercept_init=w0[0]",
        py,
    );
    py.line("result = np.array([clf.intercept_[0], *clf.coef_[0]], dtype=float)");
    py.line("if np.isfinite(result).all():");
    py.line(format!("    show(\"sklearn\", \"{name}\", result)"));
    py.line("else:");
    py.line(
        "    # Not finite while the lab's numbers are: said in words rather than printed as NaN.",
    );
    py.line(format!(
        "    print(\"sklearn {name}: not a finite number: {lost}; the NumPy part has the lab's {name}.\")"
    ));
}

/// The call that trains `clf`: one pass (`max_iter=1`) over all the visits so far, the epochs
/// one after the other, so that scikit-learn sees exactly the lab's sequence of visits (one call:
/// with `average=True` scikit-learn 1.9 does not carry the intercept over from one
/// `partial_fit` call to the next). From zero weights `partial_fit(…, classes)`, else `fit`
/// with the initial weights `init` (keyword arguments).
pub fn sklearn_visits(zero: bool, classes: &str, init: &str, py: &mut Py) {
    py.line("# One pass over all the visits so far, in the lab's order (the epochs one after");
    py.line("# the other): exactly the lab's sequence of visits.");
    py.line("visits = [i for order in epochs for i in order]");
    if zero {
        py.line(format!("clf.partial_fit(X[visits], y[visits], {classes})"));
    } else {
        py.line(format!("clf.fit(X[visits], y[visits], {init})"));
    }
}
