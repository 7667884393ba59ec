use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Arg, ArgMatches, CommandFactory, FromArgMatches, Parser, ValueEnum};
use perceptron_lab::core::algo::kernel::Kernel;
use perceptron_lab::core::algo::{parse_class_csv, ClassData, Kind, Param, Summary};
use perceptron_lab::core::table::terminal_text;
use perceptron_lab::core::trace::Samples;
use perceptron_lab::core::{
    parse_csv, Algorithm, CsvLines, Dataset, Error, InitWeights, Label, Model, Order, Refusal,
    Settings, Setup,
};
use std::io::IsTerminal;
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
    #[arg(
        value_name = "DATA.csv",
        required_unless_present_any = ["algorithms", "check_link"]
    )]
    data: Option<std::path::PathBuf>,
    /// Print the registry of algorithms as JSON (name, title, kind, own numbers, examples)
    /// and exit; DATA.csv is not needed.
    #[arg(long)]
    algorithms: bool,
    /// Check a link as the page opens it (a scenario, an exercise set, or both: the set is
    /// started on a copy of the lab), print what it holds as JSON (`scenario`, and the set's
    /// `id`, `title` and `questions`) and exit; the reason on stderr when it cannot be opened.
    /// DATA.csv is not needed.
    #[arg(long, value_name = "LINK", allow_hyphen_values = true)]
    check_link: Option<String>,
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
    #[arg(long, value_parser = algorithms(), default_value = Algorithm::default().name())]
    algo: Algorithm,
    /// The kernel of --algo kernel: linear, poly:D:GAMMA:C or rbf:GAMMA (default linear).
    #[arg(long, value_name = "KERNEL")]
    kernel: Option<String>,
    /// Print, instead of the table, what the page's "This run in code" panel shows: `python`,
    /// a Python script that reproduces the run with scikit-learn and NumPy and prints the
    /// weights after the last step (see --steps).
    #[arg(long, value_enum, value_name = "LANGUAGE")]
    emit: Option<EmitArg>,
    /// With --emit: the step to stop at (default: train until it stops, as the table does).
    #[arg(long, value_name = "N", requires = "emit")]
    steps: Option<u64>,
    /// After training, predict the label of every row of POINTS.csv (a header row, then the
    /// same feature columns; a label column, if present, is ignored): JSON adds "predictions",
    /// the other formats a line after the summary. Labels are written as in DATA.csv.
    #[arg(long, value_name = "POINTS.csv")]
    predict: Option<std::path::PathBuf>,
}

impl Cli {
    /// The data file (clap requires it unless `--algorithms` is given).
    fn data(&self) -> &std::path::Path {
        self.data.as_deref().unwrap_or(std::path::Path::new(""))
    }
}

/// The values of `--algo`: the registry's names, with what each algorithm's `cli.rs` says of it.
fn algorithms() -> impl TypedValueParser<Value = Algorithm> {
    PossibleValuesParser::new(
        Algorithm::ALL.map(|a| PossibleValue::new(a.name()).help(a.cli_help())),
    )
    .map(|name| Algorithm::parse(&name).unwrap_or_default())
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum OrderArg {
    Fixed,
    Shuffle,
}

/// What `--emit` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum EmitArg {
    /// A Python script (scikit-learn and NumPy).
    Python,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    Markdown,
    Csv,
    Json,
    /// A LaTeX tabular with booktabs rules, for slides.
    Latex,
}

/// The algorithms' own numbers ([`Param`]), each key once, in the registry's order.
fn params() -> Vec<&'static Param> {
    let mut all: Vec<&'static Param> = Vec::new();
    for p in Algorithm::ALL.iter().flat_map(|a| a.info().params) {
        if all.iter().all(|q| q.key != p.key) {
            all.push(p);
        }
    }
    all
}

/// The flag of a number: `c` (`--c`) for the key `C`.
fn flag(key: &str) -> String {
    key.to_ascii_lowercase()
}

/// The names of the algorithms that take the number `key`.
fn takers(key: &str) -> String {
    let names: Vec<&str> = Algorithm::ALL
        .iter()
        .filter(|a| a.info().params.iter().any(|p| p.key == key))
        .map(|a| a.name())
        .collect();
    names.join(", ")
}

/// The command: [`Cli`] plus an option per algorithm's own number (`--c <C>`).
fn command() -> clap::Command {
    params().into_iter().fold(Cli::command(), |command, p| {
        command.arg(
            Arg::new(p.key)
                .long(flag(p.key))
                .value_name(p.key)
                .value_parser(clap::value_parser!(f64))
                .allow_hyphen_values(true)
                .help(format!(
                    "{} of --algo {} ({}; default {})",
                    p.label,
                    takers(p.key),
                    p.rule,
                    p.default
                )),
        )
    })
}

/// The numbers given on the command line, by key.
fn given_params(matches: &ArgMatches) -> Vec<(&'static str, f64)> {
    params()
        .into_iter()
        .filter_map(|p| matches.get_one::<f64>(p.key).map(|&v| (p.key, v)))
        .collect()
}

pub fn main() -> ExitCode {
    let matches = command()
        .try_get_matches()
        .unwrap_or_else(|e| clap_exit(&e));
    let cli =
        Cli::from_arg_matches(&matches).unwrap_or_else(|e| clap_exit(&e.format(&mut command())));
    if cli.algorithms {
        println!("{}", registry_json());
        return ExitCode::SUCCESS;
    }
    let done = match &cli.check_link {
        Some(link) => check_link(link)
            .map(|json| println!("{json}"))
            .map_err(|e| e.to_string()),
        None => run(&cli, &given_params(&matches)),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            let message = format!("perceptron-trace: {message}");
            if std::io::stderr().is_terminal() {
                eprintln!("{}", terminal_text(&message));
            } else {
                eprintln!("{message}");
            }
            ExitCode::FAILURE
        }
    }
}

/// What `link` holds, as the page would open it, as JSON; why it cannot be opened.
fn check_link(link: &str) -> Result<String, Error> {
    use perceptron_lab::core::practice::ExerciseSet;
    use perceptron_lab::core::{Action, PracticeAction, Session};
    let parsed = perceptron_lab::core::scenario::from_link(link)?;
    let set = ExerciseSet::from_link(link)?;
    if parsed.scenario.is_none() && set.is_none() {
        return Err(Error::Field {
            field: "link",
            reason: perceptron_lab::core::words::link_without_scenario(&parsed.unknown),
        });
    }
    let mut session = Session::default();
    let scenario = parsed.scenario.is_some();
    if let Some(s) = parsed.scenario {
        let _ = session.apply(Action::LoadScenario(s))?;
    }
    if let Some(set) = &set {
        let _ = session.apply(Action::Practice(PracticeAction::Start {
            set: set.clone(),
            student_seed: 100_000,
            now: 0.0,
        }))?;
    }
    let exercise = set.map(|set| {
        serde_json::json!({
            "id": set.id,
            "title": perceptron_lab::core::words::practice_title(&set.id),
            "questions": set.questions,
        })
    });
    Ok(serde_json::json!({ "scenario": scenario, "exercise": exercise }).to_string())
}

/// Prints clap's usage error, help or version (which echo what was typed: an argument's control
/// characters are made visible on a terminal) and exits with clap's status.
fn clap_exit(e: &clap::Error) -> ! {
    let text = e.render().to_string();
    let terminal = if e.use_stderr() {
        std::io::stderr().is_terminal()
    } else {
        std::io::stdout().is_terminal()
    };
    let text = if terminal {
        terminal_text(&text)
    } else {
        std::borrow::Cow::Borrowed(text.as_str())
    };
    if e.use_stderr() {
        eprint!("{text}");
    } else {
        print!("{text}");
    }
    std::process::exit(e.exit_code())
}

/// The registry as JSON: one object per algorithm, in the selector's order.
fn registry_json() -> serde_json::Value {
    serde_json::Value::Array(
        Algorithm::ALL
            .iter()
            .map(|a| {
                let info = a.info();
                serde_json::json!({
                    "name": info.name,
                    "title": info.title,
                    "kind": info.kind.name(),
                    "params": info.params.iter().map(|p| serde_json::json!({
                        "key": p.key, "label": p.label, "default": p.default,
                    })).collect::<Vec<_>>(),
                    "examples": info.examples.iter().map(|e| e.id).collect::<Vec<_>>(),
                })
            })
            .collect(),
    )
}

/// Reads DATA.csv as ±1 data or, for a multiclass algorithm, as named classes.
fn read_input(cli: &Cli) -> Result<Samples, String> {
    let bytes = std::fs::read(cli.data())
        .map_err(|e| format!("{}: cannot read: {e}", cli.data().display()))?;
    if cli.algo.kind() == Kind::Multiclass {
        let classes = parse_class_csv(&bytes).map_err(|e| data_err(cli, e))?;
        return Ok(Samples {
            dim: classes.dim(),
            data: Dataset::default(),
            names: classes.names().to_vec(),
            classes,
        });
    }
    let data = parse_csv(&bytes).map_err(|e| data_err(cli, e))?;
    let mut names = vec!["-1".to_string(), "+1".to_string()];
    if let Ok(classes) = parse_class_csv(&bytes) {
        for (slot, label) in [(0, Label::Neg), (1, Label::Pos)] {
            let spelled = classes
                .names()
                .iter()
                .find(|n| Label::parse(n) == Some(label));
            if let Some(name) = spelled {
                names[slot] = name.clone();
            }
        }
    }
    Ok(Samples {
        dim: data.dim(),
        data,
        classes: ClassData::default(),
        names,
    })
}

/// An error of DATA.csv, naming it.
fn data_err(cli: &Cli, e: Error) -> String {
    format!("{}: {e}", cli.data().display())
}

/// Checks the options that clap cannot, then runs the chosen algorithm step by step, printing
/// its table as it goes (each algorithm's `CliTable` says what a row is).
fn run(cli: &Cli, params: &[(&'static str, f64)]) -> Result<(), String> {
    let algo = cli.algo;
    let kernel = match (algo.kind(), &cli.kernel) {
        (Kind::Kernel, Some(text)) => Kernel::parse(text).map_err(|e| e.to_string())?,
        (_, None) => Kernel::Linear,
        (_, Some(_)) => {
            return Err(format!(
                "--kernel applies only to --algo kernel, not to --algo {}",
                algo.name()
            ))
        }
    };
    for &(key, value) in params {
        match algo.info().params.iter().find(|p| p.key == key) {
            Some(p) => p.validate(value).map(drop).map_err(|e| e.to_string())?,
            None => {
                return Err(format!(
                    "--{} applies only to --algo {}, not to --algo {}",
                    flag(key),
                    takers(key),
                    algo.name()
                ))
            }
        }
    }
    let input = read_input(cli)?;
    let setup = Setup {
        algorithm: algo,
        kernel,
        classes: input.classes.num_classes(),
        rows: None,
        params: params.iter().map(|&(k, v)| (k.to_string(), v)).collect(),
    };
    if cli.emit == Some(EmitArg::Python) {
        return emit_python(cli, &input, &setup);
    }
    // Every input is checked before anything is printed: the points to predict too.
    let points = read_points(cli, input.dim)?;
    let samples = match algo.kind() {
        Kind::Multiclass => input.classes.len(),
        _ => input.data.len(),
    };
    let mut model = Model::new(&setup, settings(cli)?, input.dim).map_err(|e| match e {
        // K out of range is the data's fault; name the file.
        Error::Field {
            field: "classes", ..
        } => data_err(cli, e),
        _ => e.to_string(),
    })?;
    let write_err = |e: std::io::Error| format!("cannot write output: {e}");
    let mut out = emit::Emitter::new(cli.format, cli.no_steps);
    out.begin(model.json_algo(), &model.cli_head(input.dim, &input.names))
        .map_err(write_err)?;
    let mut progress = progress::Progress::new(samples, out.wants_steps());
    let stopped = loop {
        if !out.wants_steps() {
            // No rows to print: steps without records, a look at the clock between chunks.
            let (_, why) = model.advance(&input.data, &input.classes, progress::EVERY);
            let learner = model.learner();
            progress.step(learner.steps(), learner.epoch(), Some(learner.position()));
            match why {
                Some(why) => break why,
                None => continue,
            }
        }
        let record = match model.step(&input.data, &input.classes) {
            Ok(record) => record,
            Err(why) => break why,
        };
        progress.step(
            record.step(),
            record.epoch(),
            record.visited().map(|(i, _)| i),
        );
        if out.wants_steps() {
            if let Some(row) = model.cli_row(&record, &input.names) {
                if let Err(e) = out.row(&row) {
                    progress.finish();
                    return Err(write_err(e));
                }
            }
        }
    };
    progress.finish();
    let mut summary = model.cli_summary(&input.data, &input.names, stopped);
    let more = predict(cli, &input, points, &mut summary, &|x| {
        model.cli_predict(&input.data, x)
    });
    out.finish(&summary, &more).map_err(write_err)?;
    if stopped == Refusal::Overflow {
        // The table so far is printed; the run itself could not go on.
        return Err(format!(
            "stopped before step {}: {}",
            model.steps() + 1,
            model
                .refusal_message(Refusal::Overflow)
                .trim_start_matches("Stopped: ")
        ));
    }
    Ok(())
}

/// `--emit python`: the snippet of the page's "This run in code" panel for the run stopped at
/// `--steps` (or where it stops by itself).
fn emit_python(cli: &Cli, input: &Samples, setup: &Setup) -> Result<(), String> {
    if cli.predict.is_some() {
        return Err("--predict does not go with --emit".to_string());
    }
    let settings = settings(cli)?;
    Model::new(setup, settings.clone(), input.dim).map_err(|e| e.to_string())?;
    let mut data = Dataset::new(input.dim);
    if setup.algorithm.is_multiclass() {
        for i in 0..input.classes.len() {
            data.push_class(input.classes.x(i), input.classes.class(i))
                .map_err(|e| data_err(cli, e))?;
        }
    } else {
        data = input.data.clone();
    }
    let code = perceptron_lab::core::code::python(perceptron_lab::core::code::CodeInput {
        data: &data,
        setup,
        settings: &settings,
        names: &input.names,
        steps: cli.steps.unwrap_or(u64::MAX),
    });
    if std::io::stdout().is_terminal() {
        print!("{}", terminal_text(&code));
    } else {
        print!("{code}");
    }
    Ok(())
}

/// The rows of `--predict POINTS.csv`: `dim` features each (a further label column is
/// ignored). `None` without the option. Errors name the file, the line and the reason; a file
/// without a single row to predict is an error too.
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
    let mut lines = CsvLines::new(&bytes);
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| format!("{name}: unreadable CSV ({e})"))?;
        let line = lines.of(record.position());
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
                        "{name}: line {line}: column {} must be a finite number, got {}",
                        c + 1,
                        perceptron_lab::core::excerpt(field)
                    ))
                }
            }
        }
        rows.push(x);
    }
    if rows.is_empty() {
        return Err(format!(
            "{name}: no points to predict (a header row, then one row of {dim} numbers per point)"
        ));
    }
    Ok(Some(rows))
}

/// Adds `"predictions"` for the `points` of `--predict` (read by [`read_points`]) to the
/// result and returns the line that follows the summary: `class` gives the class index into
/// the input's names.
fn predict(
    cli: &Cli,
    input: &Samples,
    points: Option<Vec<Vec<f64>>>,
    summary: &mut Summary,
    class: &dyn Fn(&[f64]) -> usize,
) -> Vec<String> {
    let Some(points) = points else {
        return Vec::new();
    };
    let predictions: Vec<String> = points
        .iter()
        .map(|x| input.names.get(class(x)).cloned().unwrap_or_default())
        .collect();
    let line = format!(
        "Predictions for {}: {}.",
        cli.predict
            .as_deref()
            .map_or(String::new(), |p| p.display().to_string()),
        predictions.join(", ")
    );
    summary.result["predictions"] = serde_json::json!(predictions);
    vec![line]
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

/// The progress bar of a long run on a terminal.
mod progress;

/// Streaming output: a table (Markdown, LaTeX), rows (CSV) or `{"algo", "steps", "result"}`
/// (JSON), then a summary or result.
mod emit;
