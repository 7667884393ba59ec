//! `perceptron-trace`: the perceptron's step table on the command line, for slides and notes.
//!
//! ```text
//! perceptron-trace --init -1,0,0 --max-epochs 1 seed000.csv
//! ```

#[cfg(target_arch = "wasm32")]
fn main() {
    // The command line exists natively only; the wasm build of the crate is the page.
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    native::main()
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use clap::{Parser, ValueEnum};
    use perceptron_lab::core::table::{
        csv_header, csv_row, latex_row, markdown_final_row, markdown_row, RunResult, LATEX_FOOTER,
        LATEX_HEADER, MARKDOWN_HEADER,
    };
    use perceptron_lab::core::{
        numfmt, parse_csv, InitWeights, Order, Refusal, Settings, TrainState, Trainer,
    };
    use std::io::{self, BufWriter, Write};
    use std::process::ExitCode;

    /// Run the classic perceptron on a CSV file and print every step as in the course's step table.
    ///
    /// DATA.csv has a header row, feature columns, then a label column (-1/+1, 0/1 or -/+).
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
    }

    #[derive(Clone, Copy, Debug, ValueEnum)]
    enum OrderArg {
        Fixed,
        Shuffle,
    }

    #[derive(Clone, Copy, Debug, ValueEnum)]
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

    fn run(cli: &Cli) -> Result<(), String> {
        let bytes = std::fs::read(&cli.data)
            .map_err(|e| format!("{}: cannot read: {e}", cli.data.display()))?;
        let data = parse_csv(&bytes).map_err(|e| format!("{}: {e}", cli.data.display()))?;
        let settings = Settings {
            bias: !cli.no_bias,
            init: InitWeights::parse(&cli.init).map_err(|e| e.to_string())?,
            eta: cli.eta,
            order: match cli.order {
                OrderArg::Fixed => Order::Fixed,
                OrderArg::Shuffle => Order::Shuffle,
            },
            seed: cli.seed,
            max_epochs: cli.max_epochs,
        };
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
                    out.write_all(sep).and_then(|()| {
                        serde_json::to_writer(&mut out, record).map_err(io::Error::from)
                    })
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
        let result = RunResult {
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
            result.epochs,
            if result.epochs == 1 { "" } else { "s" },
            trainer.steps(),
            result.updates,
            numfmt::vector(w),
        );
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
                let result = serde_json::to_string(&result).map_err(|e| e.to_string())?;
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
}
