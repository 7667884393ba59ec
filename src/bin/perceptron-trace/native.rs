use clap::{Parser, ValueEnum};
use perceptron_lab::core::algo::kernel::Kernel;
use perceptron_lab::core::algo::parse_class_csv;
use perceptron_lab::core::table::{
    csv_header, csv_row, latex_row, markdown_final_row, markdown_row, RunResult, LATEX_FOOTER,
    LATEX_HEADER, MARKDOWN_HEADER,
};
use perceptron_lab::core::Learner;
use perceptron_lab::core::{
    numfmt, parse_csv, InitWeights, Label, Order, Refusal, Settings, TrainState, Trainer,
};
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

/// Run the classic perceptron (or, with --algo, one of its family) on a CSV file and print
/// every step as in the course's step table.
///
/// DATA.csv has a header row, feature columns, then a label column (-1/+1, 0/1 or -/+; any
/// strings, 2 to 6 classes, for multiclass, ovr and ovo).
#[derive(Parser, Debug)]
#[command(name = "perceptron-trace", version, about)]
struct Cli {
    /// The data file.
    #[arg(value_name = "DATA.csv")]
    data: std::path::PathBuf,
    /// No bias: the boundary passes through the origin (w0 stays 0).
    #[arg(long)]
    no_bias: bool,
    /// Initial weights: zero, random, or W0,W1,.. (bias weight first).
    #[arg(long, default_value = "zero", allow_hyphen_values = true)]
    init: String,
    /// Learning rate η (positive).
    #[arg(long, default_value_t = 1.0, allow_hyphen_values = true)]
    eta: f64,
    /// Visiting order.
    #[arg(long, value_enum, default_value_t = OrderArg::Fixed)]
    order: OrderArg,
    /// Seed for shuffling and random initial weights.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stop after this many epochs without convergence.
    #[arg(long, default_value_t = 1000)]
    max_epochs: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Markdown)]
    format: Format,
    /// Print only the result, not every step.
    #[arg(long)]
    no_steps: bool,
    /// The algorithm: the classic perceptron or one of its family.
    #[arg(long, value_enum, default_value_t = Algo::Perceptron)]
    algo: Algo,
    /// The kernel of --algo kernel: linear, poly:D:GAMMA:C or rbf:GAMMA (default linear).
    #[arg(long, value_name = "KERNEL")]
    kernel: Option<String>,
    /// After training, predict the label of every row of POINTS.csv (a header row, then the
    /// same feature columns; a label column, if present, is ignored): JSON adds "predictions",
    /// the other formats a line after the summary. Labels are written as in DATA.csv.
    #[arg(long, value_name = "POINTS.csv")]
    predict: Option<std::path::PathBuf>,
}

/// The algorithms of `--algo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Algo {
    /// The classic perceptron, one sample per step (binary labels).
    Perceptron,
    /// The classic rule plus the running average w̄ of the weights (binary labels).
    Averaged,
    /// One gradient step on the perceptron criterion per epoch (binary labels).
    Batch,
    /// The dual form with one α per sample and a kernel (binary labels).
    Kernel,
    /// One weight row per class, K from 2 to 6 (any label strings).
    Multiclass,
    /// One-vs-rest: K binary perceptrons (any label strings).
    Ovr,
    /// One-vs-one: a binary perceptron per pair of classes (any label strings).
    Ovo,
}

impl Algo {
    /// The name as written on the command line and in the JSON output.
    fn name(self) -> &'static str {
        match self {
            Algo::Perceptron => "perceptron",
            Algo::Averaged => "averaged",
            Algo::Batch => "batch",
            Algo::Kernel => "kernel",
            Algo::Multiclass => "multiclass",
            Algo::Ovr => "ovr",
            Algo::Ovo => "ovo",
        }
    }
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum OrderArg {
    Fixed,
    Shuffle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    Markdown,
    Csv,
    Json,
    /// A LaTeX tabular with booktabs rules, for slides.
    Latex,
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("perceptron-trace: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Checks the options that clap cannot, then runs the chosen algorithm.
fn run(cli: &Cli) -> Result<(), String> {
    let kernel = match (cli.algo, &cli.kernel) {
        (Algo::Kernel, Some(text)) => Kernel::parse(text).map_err(|e| e.to_string())?,
        (Algo::Kernel, None) => Kernel::Linear,
        (other, Some(_)) => {
            return Err(format!(
                "--kernel applies only to --algo kernel, not to --algo {}",
                other.name()
            ))
        }
        (_, None) => Kernel::Linear,
    };
    match cli.algo {
        Algo::Perceptron => run_perceptron(cli),
        Algo::Averaged => algos::averaged(cli),
        Algo::Batch => algos::batch(cli),
        Algo::Kernel => algos::kernel(cli, kernel),
        Algo::Multiclass | Algo::Ovr | Algo::Ovo => algos::multiclass(cli),
    }
}

/// The file's bytes, or a one-line error naming it.
fn read_data(cli: &Cli) -> Result<Vec<u8>, String> {
    std::fs::read(&cli.data).map_err(|e| format!("{}: cannot read: {e}", cli.data.display()))
}

/// The rows of `--predict POINTS.csv`: `dim` features each (a further label column is
/// ignored). `None` without the option. Errors name the file, the line and the reason.
fn read_points(cli: &Cli, dim: usize) -> Result<Option<Vec<Vec<f64>>>, String> {
    let Some(path) = &cli.predict else {
        return Ok(None);
    };
    let name = path.display();
    let bytes = std::fs::read(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(bytes.as_slice());
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| format!("{name}: unreadable CSV ({e})"))?;
        let line = record.position().map_or(0, |p| p.line());
        if record.iter().all(str::is_empty) {
            continue;
        }
        if record.len() != dim && record.len() != dim + 1 {
            return Err(format!(
                "{name}: line {line}: expected {dim} feature columns (and an optional label), found {} columns",
                record.len()
            ));
        }
        let mut x = Vec::with_capacity(dim);
        for (c, field) in record.iter().take(dim).enumerate() {
            match field.parse::<f64>() {
                Ok(v) if v.is_finite() => x.push(v),
                _ => {
                    return Err(format!(
                        "{name}: line {line}: column {} must be a finite number, got {field:?}",
                        c + 1
                    ))
                }
            }
        }
        rows.push(x);
    }
    Ok(Some(rows))
}

/// Adds `"predictions"` for `--predict` to `result` (and a line to `summary`), for a binary
/// model: `class` gives 1 for `+1` and 0 for `−1`, written as DATA.csv spells those labels.
fn predict(
    cli: &Cli,
    dim: usize,
    result: &mut serde_json::Value,
    summary: String,
    class: &dyn Fn(&[f64]) -> usize,
) -> Result<String, String> {
    if cli.predict.is_none() {
        return Ok(summary);
    }
    let mut names = vec!["-1".to_string(), "+1".to_string()];
    if let Ok(data) = parse_class_csv(&read_data(cli)?) {
        for (slot, label) in [(0, Label::Neg), (1, Label::Pos)] {
            if let Some(name) = data.names().iter().find(|n| Label::parse(n) == Some(label)) {
                names[slot] = name.clone();
            }
        }
    }
    predict_classes(cli, dim, result, summary, names, class)
}

/// Adds `"predictions"` for `--predict`: `class` gives the class index into `names`.
fn predict_classes(
    cli: &Cli,
    dim: usize,
    result: &mut serde_json::Value,
    summary: String,
    names: Vec<String>,
    class: &dyn Fn(&[f64]) -> usize,
) -> Result<String, String> {
    let Some(points) = read_points(cli, dim)? else {
        return Ok(summary);
    };
    let predictions: Vec<String> = points
        .iter()
        .map(|x| names.get(class(x)).cloned().unwrap_or_default())
        .collect();
    let line = format!(
        "{summary}\nPredictions for {}: {}.",
        cli.predict
            .as_deref()
            .map_or(String::new(), |p| p.display().to_string()),
        predictions.join(", ")
    );
    result["predictions"] = serde_json::json!(predictions);
    Ok(line)
}

/// The training settings of the command line.
fn settings(cli: &Cli) -> Result<Settings, String> {
    Ok(Settings {
        bias: !cli.no_bias,
        init: InitWeights::parse(&cli.init).map_err(|e| e.to_string())?,
        eta: cli.eta,
        order: match cli.order {
            OrderArg::Fixed => Order::Fixed,
            OrderArg::Shuffle => Order::Shuffle,
        },
        seed: cli.seed,
        max_epochs: cli.max_epochs,
    })
}

/// The classic perceptron: the course's step table (the output before `--algo` existed).
fn run_perceptron(cli: &Cli) -> Result<(), String> {
    let bytes = read_data(cli)?;
    let data = parse_csv(&bytes).map_err(|e| format!("{}: {e}", cli.data.display()))?;
    let settings = settings(cli)?;
    let mut trainer = Trainer::new(settings.clone(), data.dim()).map_err(|e| e.to_string())?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let write_err = |e: io::Error| format!("cannot write output: {e}");
    let (eta, bias) = (settings.eta, settings.bias);

    let mut failure = None;
    let mut first = true;
    match cli.format {
        Format::Markdown if !cli.no_steps => out.write_all(MARKDOWN_HEADER.as_bytes()),
        Format::Csv if !cli.no_steps => out.write_all(csv_header(data.dim()).as_bytes()),
        Format::Latex if !cli.no_steps => out.write_all(LATEX_HEADER.as_bytes()),
        Format::Json => out.write_all(if cli.no_steps { b"{" } else { b"{\"steps\":[" }),
        _ => Ok(()),
    }
    .map_err(write_err)?;
    let stopped = trainer.run(&data, |record| {
        if cli.no_steps || failure.is_some() {
            return;
        }
        let written = match cli.format {
            Format::Markdown => out.write_all(markdown_row(record, eta, bias).as_bytes()),
            Format::Csv => out.write_all(csv_row(record).as_bytes()),
            Format::Latex => out.write_all(latex_row(record, eta, bias).as_bytes()),
            Format::Json => {
                let sep: &[u8] = if first { b"" } else { b"," };
                out.write_all(sep)
                    .and_then(|()| serde_json::to_writer(&mut out, record).map_err(io::Error::from))
            }
        };
        first = false;
        if let Err(e) = written {
            failure = Some(e);
        }
    });
    if let Some(e) = failure {
        return Err(write_err(e));
    }

    let w = trainer.weights();
    let converged = trainer.state() == TrainState::Converged;
    let run_result = RunResult {
        weights: w[1..].to_vec(),
        bias: w[0],
        epochs: trainer.epoch(),
        updates: trainer.updates(),
        converged,
    };
    let summary = format!(
        "{} after {} epoch{}: {} steps, {} updates, w = {} (bias first).",
        match (converged, stopped) {
            (true, _) => "Converged",
            (false, Refusal::Overflow) => "Not converged (stopped: the numbers overflowed)",
            (false, _) => "Not converged (max epochs reached)",
        },
        run_result.epochs,
        if run_result.epochs == 1 { "" } else { "s" },
        trainer.steps(),
        run_result.updates,
        numfmt::vector(w),
    );
    let mut result = serde_json::to_value(&run_result).map_err(|e| e.to_string())?;
    let summary = predict(cli, data.dim(), &mut result, summary, &|x| {
        usize::from(trainer.score(x) > 0.0)
    })?;
    match cli.format {
        Format::Markdown => {
            if !cli.no_steps {
                out.write_all(markdown_final_row(trainer.steps() + 1, w).as_bytes())
                    .map_err(write_err)?;
                out.write_all(b"\n").map_err(write_err)?;
            }
            writeln!(out, "{summary}").map_err(write_err)?;
        }
        Format::Csv => {
            if cli.no_steps {
                writeln!(out, "{summary}").map_err(write_err)?;
            }
        }
        Format::Latex => {
            if !cli.no_steps {
                let closing = format!(
                    "{} & ${}$ & & & \\\\\n{LATEX_FOOTER}",
                    trainer.steps() + 1,
                    numfmt::vector(w)
                );
                out.write_all(closing.as_bytes()).map_err(write_err)?;
            }
            writeln!(out, "% {summary}").map_err(write_err)?;
        }
        Format::Json => {
            let sep = if cli.no_steps { "" } else { "]," };
            writeln!(out, "{sep}\"result\":{result}}}").map_err(write_err)?;
        }
    }
    out.flush().map_err(write_err)?;
    if stopped == Refusal::Overflow {
        // The table so far is printed; the run itself could not go on.
        return Err(format!(
            "stopped before step {}: {}",
            trainer.steps() + 1,
            Refusal::Overflow.message().trim_start_matches("Stopped: ")
        ));
    }
    Ok(())
}

/// Streaming output shared by every algorithm except the classic one: a table (Markdown,
/// LaTeX), rows (CSV) or `{"algo", "steps", "result"}` (JSON), then a summary or result.
mod emit;

/// The perceptron family behind `--algo`: each runs its core from `perceptron_lab::core::algo`
/// and hands its records to [`emit::Emitter`].
mod algos;
