//! Training settings: unchecked values in, checked values out, with documented defaults.

use super::Error;

/// The largest accepted `max_epochs`.
pub const MAX_EPOCHS_LIMIT: u64 = 1_000_000;

/// Where the weights start.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum InitWeights {
    /// `w = 0` (the course's default).
    #[default]
    Zero,
    /// Explicit weights, bias weight first: `[w0, w1, …, wd]`.
    Explicit(Vec<f64>),
    /// Each weight drawn uniformly from `[−1, 1]` by the seeded generator (`w0 = 0` when the bias
    /// is off).
    Random,
}

/// The order in which an epoch visits the samples.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Order {
    /// Data order, every epoch.
    #[default]
    Fixed,
    /// Reshuffled at the start of every epoch by the seeded, portable generator.
    Shuffle,
}

/// Everything that shapes a run. Check with [`Settings::validate`] before use.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// Learn a bias `b` (an always-1 feature). Off: `w0` stays 0, the boundary passes the origin.
    /// Defaults to on.
    pub bias: bool,
    /// Initial weights. Defaults to zero.
    pub init: InitWeights,
    /// Learning rate η. Defaults to 1; must be positive and finite.
    pub eta: f64,
    /// Visiting order. Defaults to fixed.
    pub order: Order,
    /// Seed of the shuffles and the random initial weights. Defaults to 1.
    pub seed: u64,
    /// Training stops after this many epochs without convergence. Defaults to 1000; 1 to 10⁶.
    pub max_epochs: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            bias: true,
            init: InitWeights::Zero,
            eta: 1.0,
            order: Order::Fixed,
            seed: 1,
            max_epochs: 1000,
        }
    }
}

impl Settings {
    /// Checks every value for data with `dim` features.
    pub fn validate(&self, dim: usize) -> Result<(), Error> {
        if !(self.eta.is_finite() && self.eta > 0.0) {
            return Err(Error::Eta(self.eta));
        }
        if !(1..=MAX_EPOCHS_LIMIT).contains(&self.max_epochs) {
            return Err(Error::MaxEpochs {
                got: self.max_epochs,
                max: MAX_EPOCHS_LIMIT,
            });
        }
        if let InitWeights::Explicit(w) = &self.init {
            if w.len() != dim + 1 {
                return Err(Error::InitWeights(format!(
                    "expected {} numbers [w0, w1, …] with the bias weight first, got {}",
                    dim + 1,
                    w.len()
                )));
            }
            if let Some(bad) = w.iter().find(|v| !v.is_finite()) {
                return Err(Error::InitWeights(format!(
                    "every weight must be a finite number, got {}",
                    super::numfmt::num(*bad)
                )));
            }
            if !self.bias && w[0] != 0.0 {
                return Err(Error::InitWeights(format!(
                    "the bias is off, so w0 must be 0 (got {})",
                    super::numfmt::num(w[0])
                )));
            }
        }
        Ok(())
    }
}

/// The settings form's fields as the user typed them.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SettingsForm<'a> {
    /// Learn a bias.
    pub bias: bool,
    /// `zero`, `random` or `W0,W1,W2`.
    pub init: &'a str,
    /// η.
    pub eta: &'a str,
    /// `fixed` or `shuffle`.
    pub order: &'a str,
    /// A whole number ≥ 0.
    pub seed: &'a str,
    /// A whole number from 1 to 10⁶.
    pub max_epochs: &'a str,
}

impl Settings {
    /// The text of each field of the settings form (`data-setting` name, text), written so that
    /// reading the form back with [`SettingsForm::parse`] gives exactly these settings: η and
    /// explicit weights in their shortest exact form, never rounded for display (η with a
    /// decimal comma where the page's language writes one).
    pub fn form_fields(&self) -> [(&'static str, String); 5] {
        let eta = crate::core::numfmt::exact(self.eta);
        let eta = if crate::core::i18n::localised_numbers() {
            eta.replace('.', ",")
        } else {
            eta
        };
        [
            ("init", self.init.to_string()),
            ("eta", eta),
            ("order", self.order.to_string()),
            ("seed", self.seed.to_string()),
            ("max-epochs", self.max_epochs.to_string()),
        ]
    }
}

impl SettingsForm<'_> {
    /// Reads and checks every field for data with `dim` features. η may have a decimal point or
    /// a decimal comma (`0.5` or `0,5`), whatever the page's language.
    pub fn parse(&self, dim: usize) -> Result<Settings, Error> {
        let eta = self.eta.trim();
        let eta = if eta.matches(',').count() == 1 && !eta.contains('.') {
            eta.replace(',', ".")
        } else {
            eta.to_string()
        };
        let eta = eta.parse::<f64>().map_err(|_| Error::Field {
            field: "η",
            reason: format!("{:?} is not a number", self.eta),
        })?;
        let order = Order::parse(self.order)?;
        let whole = |field: &'static str, text: &str| {
            text.trim().parse::<u64>().map_err(|_| Error::Field {
                field,
                reason: format!("{text:?} is not a whole number ≥ 0"),
            })
        };
        let settings = Settings {
            bias: self.bias,
            init: InitWeights::parse(self.init)?,
            eta,
            order,
            seed: whole("seed", self.seed)?,
            max_epochs: whole("max epochs", self.max_epochs)?,
        };
        settings.validate(dim)?;
        Ok(settings)
    }
}

impl Order {
    /// The order's name in forms, links, scenario files and the CLI: `fixed` or `shuffle`.
    pub fn name(self) -> &'static str {
        match self {
            Order::Fixed => "fixed",
            Order::Shuffle => "shuffle",
        }
    }

    /// Reads a name as [`Order::name`] writes it (also `shuffled`, in any case).
    pub fn parse(text: &str) -> Result<Order, Error> {
        match text.trim().to_ascii_lowercase().as_str() {
            "fixed" => Ok(Order::Fixed),
            "shuffle" | "shuffled" => Ok(Order::Shuffle),
            other => Err(Error::Field {
                field: "order",
                reason: format!("{other:?} is not fixed or shuffle"),
            }),
        }
    }
}

impl std::fmt::Display for Order {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The initial weights as [`InitWeights::parse`] reads them back exactly: `zero`, `random`, or
/// the weights in their shortest exact form (`W0,W1,…`), so a form filled with this text and
/// applied again changes nothing.
impl std::fmt::Display for InitWeights {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InitWeights::Zero => f.write_str("zero"),
            InitWeights::Random => f.write_str("random"),
            InitWeights::Explicit(w) => f.write_str(
                &w.iter()
                    .map(|v| crate::core::numfmt::exact(*v))
                    .collect::<Vec<_>>()
                    .join(","),
            ),
        }
    }
}

impl InitWeights {
    /// Reads `zero`, `random`, or a comma-separated list `W0,W1,…` (bias weight first). An
    /// empty text (or only spaces) is refused rather than taken as zero: write `zero` for that.
    pub fn parse(text: &str) -> Result<InitWeights, Error> {
        match text.trim() {
            "" => Err(Error::InitWeights(
                "the field is empty; write zero, random or W0,W1,W2 (an empty field is not taken as zero)"
                    .to_string(),
            )),
            "zero" | "0" => Ok(InitWeights::Zero),
            "random" => Ok(InitWeights::Random),
            list => {
                let weights = list
                    .trim_start_matches('[')
                    .trim_end_matches(']')
                    .split(',')
                    .map(|part| {
                        let part = part.trim();
                        part.parse::<f64>().map_err(|_| {
                            Error::InitWeights(format!(
                                "{part:?} is not a number; write zero, random or W0,W1,W2"
                            ))
                        })
                    })
                    .collect::<Result<Vec<f64>, Error>>()?;
                Ok(InitWeights::Explicit(weights))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validation_messages() {
        let ok = Settings::default();
        assert!(ok.validate(2).is_ok());
        for eta in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            let s = Settings { eta, ..ok.clone() };
            assert!(matches!(s.validate(2), Err(Error::Eta(_))));
        }
        let s = Settings {
            max_epochs: 0,
            ..ok.clone()
        };
        assert!(s
            .validate(2)
            .unwrap_err()
            .to_string()
            .contains("max epochs"));
        let s = Settings {
            init: InitWeights::Explicit(vec![1.0, 2.0]),
            ..ok.clone()
        };
        assert!(s
            .validate(2)
            .unwrap_err()
            .to_string()
            .contains("expected 3 numbers"));
        let s = Settings {
            bias: false,
            init: InitWeights::Explicit(vec![1.0, 2.0, 3.0]),
            ..ok
        };
        assert!(s
            .validate(2)
            .unwrap_err()
            .to_string()
            .contains("w0 must be 0"));
    }

    #[test]
    fn the_form_reads_back_exactly_what_it_shows() {
        let settings = Settings {
            bias: false,
            init: InitWeights::Explicit(vec![0.0, 1.0 / 3.0, -2.5e-7]),
            eta: 0.123456789,
            order: Order::Shuffle,
            seed: 18446744073709551615,
            max_epochs: 77,
        };
        let fields = settings.form_fields();
        let get = |name: &str| fields.iter().find(|(n, _)| *n == name).unwrap().1.clone();
        let (init, eta, order, seed, max) = (
            get("init"),
            get("eta"),
            get("order"),
            get("seed"),
            get("max-epochs"),
        );
        let form = SettingsForm {
            bias: false,
            init: &init,
            eta: &eta,
            order: &order,
            seed: &seed,
            max_epochs: &max,
        };
        assert_eq!(form.parse(2).unwrap(), settings);
        for order in [Order::Fixed, Order::Shuffle] {
            assert_eq!(Order::parse(&order.to_string()).unwrap(), order);
        }
    }

    #[test]
    fn form_fields() {
        let form = SettingsForm {
            bias: true,
            init: "-1,0,0",
            eta: "0.5",
            order: "shuffle",
            seed: "42",
            max_epochs: "10",
        };
        let s = form.parse(2).unwrap();
        assert_eq!(s.init, InitWeights::Explicit(vec![-1.0, 0.0, 0.0]));
        assert_eq!(
            (s.eta, s.order, s.seed, s.max_epochs),
            (0.5, Order::Shuffle, 42, 10)
        );
        for (bad, says) in [
            (
                SettingsForm {
                    eta: "abc",
                    ..form.clone()
                },
                "η: \"abc\" is not a number",
            ),
            (
                SettingsForm {
                    eta: "-1",
                    ..form.clone()
                },
                "η (learning rate) should be positive",
            ),
            (
                SettingsForm {
                    max_epochs: "0",
                    ..form.clone()
                },
                "max epochs should be between",
            ),
            (
                SettingsForm {
                    seed: "-3",
                    ..form.clone()
                },
                "seed: \"-3\" is not a whole",
            ),
            (
                SettingsForm {
                    init: "1,2",
                    ..form.clone()
                },
                "expected 3 numbers",
            ),
        ] {
            let message = bad.parse(2).unwrap_err().to_string();
            assert!(message.contains(says), "{message:?} lacks {says:?}");
        }
    }

    #[test]
    fn parses_init() {
        assert_eq!(InitWeights::parse("zero").unwrap(), InitWeights::Zero);
        assert_eq!(InitWeights::parse("random").unwrap(), InitWeights::Random);
        assert_eq!(
            InitWeights::parse("-1, 0,0").unwrap(),
            InitWeights::Explicit(vec![-1.0, 0.0, 0.0])
        );
        assert_eq!(
            InitWeights::parse("[-1, 0, 0]").unwrap(),
            InitWeights::Explicit(vec![-1.0, 0.0, 0.0])
        );
        assert!(InitWeights::parse("1,x").is_err());
    }

    /// Issue #16: an empty initial-weights field was taken as zero without a word.
    #[test]
    fn an_empty_init_is_refused_not_taken_as_zero() {
        for empty in ["", " ", "\t "] {
            let message = InitWeights::parse(empty).unwrap_err().to_string();
            assert!(
                message.contains("initial weights: the field is empty"),
                "{message:?}"
            );
            assert!(message.contains("zero, random or W0,W1,W2"), "{message:?}");
        }
        let form = SettingsForm {
            bias: true,
            init: "",
            eta: "1",
            order: "fixed",
            seed: "1",
            max_epochs: "1000",
        };
        assert!(form.parse(2).is_err());
    }
}
