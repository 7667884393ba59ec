//! The lab's languages: one Project Fluent catalogue per language (`locales/<tag>/lab.ftl`),
//! the language in force, and the words of a message in it.
//!
//! English is the source: a message another catalogue lacks, or cannot format, is said in
//! English rather than not at all. The language in force belongs to the WebAssembly instance
//! (the page's lab, or one compact lab of a course page; the CLI speaks English): [`set_lang`]
//! chooses it, [`tr`] words a message in it, and [`crate::core::numfmt`] writes numbers as it
//! does (a decimal comma in German, Spanish and French). Links, scenario files and exports
//! keep the course's locale-independent numbers ([`plain_numbers`]).
//!
//! `en-XA` is a pseudo-language for tests only: English accented, about 40% longer and
//! bracketed, so that a word the catalogue does not reach stands out as plain English.

use std::borrow::Cow;
use std::cell::{Cell, RefCell};

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};

use super::Error;

/// A language the lab speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    /// English, the source of every other catalogue.
    #[default]
    En,
    /// German.
    De,
    /// Spanish.
    Es,
    /// French.
    Fr,
    /// Simplified Chinese.
    ZhCn,
    /// Arabic, written right to left.
    Ar,
    /// The pseudo-language `en-XA` (tests only).
    Pseudo,
}

impl Lang {
    /// The languages a reader can choose, in the menu's order (the pseudo-language is not one).
    pub const CHOICES: [Lang; 6] = [Lang::En, Lang::De, Lang::Es, Lang::Fr, Lang::ZhCn, Lang::Ar];

    /// Its BCP 47 tag: the page's `lang`, the link's `lang=` and its catalogue's folder.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Es => "es",
            Lang::Fr => "fr",
            Lang::ZhCn => "zh-CN",
            Lang::Ar => "ar",
            Lang::Pseudo => "en-XA",
        }
    }

    /// Its name in itself, as the language menu lists it.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::Es => "Español",
            Lang::Fr => "Français",
            Lang::ZhCn => "简体中文",
            Lang::Ar => "العربية",
            Lang::Pseudo => "[Ƥşḗḗŭḓǿǿ]",
        }
    }

    /// Reads a tag as a browser or a link writes it, in any case: `de-AT` is German, `zh`,
    /// `zh-Hans` and `zh-SG` are Simplified Chinese, `en-XA` is the pseudo-language.
    pub fn parse(tag: &str) -> Result<Lang, Error> {
        let lower = tag.trim().replace('_', "-").to_ascii_lowercase();
        if lower == "en-xa" {
            return Ok(Lang::Pseudo);
        }
        let primary = lower.split('-').next().unwrap_or_default();
        let lang = match primary {
            "en" => Lang::En,
            "de" => Lang::De,
            "es" => Lang::Es,
            "fr" => Lang::Fr,
            "ar" => Lang::Ar,
            // Traditional Chinese is not translated: it is not read as Simplified.
            "zh" if !["-hant", "-tw", "-hk", "-mo"]
                .iter()
                .any(|t| lower.contains(t)) =>
            {
                Lang::ZhCn
            }
            _ => {
                return Err(Error::Field {
                    field: "lang",
                    reason: format!(
                        "{tag:?} is not one of {}",
                        Lang::CHOICES.map(Lang::tag).join(", ")
                    ),
                })
            }
        };
        Ok(lang)
    }

    /// The first of the browser's languages (`navigator.languages`, best first) that the lab
    /// speaks, else English.
    pub fn of_browser<'a>(preferred: impl IntoIterator<Item = &'a str>) -> Lang {
        preferred
            .into_iter()
            .find_map(|tag| Lang::parse(tag).ok().filter(|l| *l != Lang::Pseudo))
            .unwrap_or_default()
    }

    /// Whether it is written right to left (the page's `dir`).
    pub fn rtl(self) -> bool {
        self == Lang::Ar
    }

    /// The page's `dir`: `rtl` or `ltr`.
    pub fn dir(self) -> &'static str {
        if self.rtl() {
            "rtl"
        } else {
            "ltr"
        }
    }

    /// Whether it writes a decimal comma (`0,5`), and so separates a vector's entries with `;`.
    pub fn decimal_comma(self) -> bool {
        matches!(self, Lang::De | Lang::Es | Lang::Fr)
    }

    /// Its catalogue's Fluent source.
    pub fn source(self) -> &'static str {
        match self {
            Lang::En | Lang::Pseudo => include_str!("../../locales/en/lab.ftl"),
            Lang::De => include_str!("../../locales/de/lab.ftl"),
            Lang::Es => include_str!("../../locales/es/lab.ftl"),
            Lang::Fr => include_str!("../../locales/fr/lab.ftl"),
            Lang::ZhCn => include_str!("../../locales/zh-CN/lab.ftl"),
            Lang::Ar => include_str!("../../locales/ar/lab.ftl"),
        }
    }
}

/// Message `id` in the page's language, its arguments named: `t!("explain-mistake", margin =
/// num(m))` is [`tr`]`("explain-mistake", &[("margin", …)])`.
macro_rules! t {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::core::i18n::tr(
            $id,
            &[$((stringify!($name), $crate::core::i18n::Arg::from($value))),*],
        )
    };
}
pub(crate) use t;

/// A message's argument: a number (which chooses a plural form) or text (a number already
/// written out, a vector, a name).
#[derive(Debug, Clone, PartialEq)]
pub enum Arg<'a> {
    /// A count or other number the message may choose its words by.
    Num(f64),
    /// Words or numbers already written.
    Text(Cow<'a, str>),
}

impl From<f64> for Arg<'_> {
    fn from(v: f64) -> Self {
        Arg::Num(v)
    }
}

impl From<u64> for Arg<'_> {
    fn from(v: u64) -> Self {
        Arg::Num(v as f64)
    }
}

impl From<usize> for Arg<'_> {
    fn from(v: usize) -> Self {
        Arg::Num(v as f64)
    }
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(v: &'a str) -> Self {
        Arg::Text(Cow::Borrowed(v))
    }
}

impl From<String> for Arg<'_> {
    fn from(v: String) -> Self {
        Arg::Text(Cow::Owned(v))
    }
}

/// A catalogue: one language's messages, ready to format.
pub struct Catalogue {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
}

impl Catalogue {
    /// The catalogue of `lang`, from its compiled-in source.
    pub fn of(lang: Lang) -> Result<Catalogue, Error> {
        Catalogue::parse(lang, lang.source())
    }

    /// A catalogue of `lang` from Fluent `source`: a parse error or a message defined twice is
    /// refused with the line it is on.
    pub fn parse(lang: Lang, source: &str) -> Result<Catalogue, Error> {
        let refused = |what: String| Error::Field {
            field: "catalogue",
            reason: format!("locales/{}/lab.ftl: {what}", lang.tag()),
        };
        let resource = FluentResource::try_new(source.to_string()).map_err(|(_, errors)| {
            let first = &errors[0];
            let line = source[..first.pos.start.min(source.len())]
                .lines()
                .count()
                .max(1);
            refused(format!("line {line}: {:?}", first.kind))
        })?;
        let id: unic_langid::LanguageIdentifier = lang
            .tag()
            .parse()
            .map_err(|_| refused("its tag".to_string()))?;
        let mut bundle = FluentBundle::new(vec![id]);
        // Right to left, every argument is isolated (U+2068 … U+2069), so that a vector or a
        // sum keeps its left-to-right order inside the sentence; left to right there is no need.
        bundle.set_use_isolating(lang.rtl());
        if lang == Lang::Pseudo {
            bundle.set_transform(Some(pseudo));
        }
        bundle
            .add_resource(resource)
            .map_err(|errors| refused(format!("{:?}", errors[0])))?;
        Ok(Catalogue { lang, bundle })
    }

    /// Its language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Message `id` with `args`, or `None` when it has no such message or it cannot be
    /// formatted (an argument it names is missing).
    pub fn format(&self, id: &str, args: &[(&str, Arg<'_>)]) -> Option<String> {
        let pattern = self.bundle.get_message(id)?.value()?;
        let mut fluent = FluentArgs::new();
        for (name, arg) in args {
            match arg {
                Arg::Num(v) => fluent.set(*name, FluentValue::from(*v)),
                Arg::Text(t) => fluent.set(*name, FluentValue::from(t.to_string())),
            }
        }
        let mut errors = Vec::new();
        let text = self
            .bundle
            .format_pattern(pattern, Some(&fluent), &mut errors);
        if !errors.is_empty() {
            return None;
        }
        let text = text.into_owned();
        Some(if self.lang == Lang::Pseudo {
            // Doubled vowels and the padding make it about 40% longer than the English, as
            // long translations run.
            let pad = "~".repeat(text.chars().count() * 3 / 20);
            format!("[{text}{pad}]")
        } else {
            text
        })
    }
}

/// The pseudo-language's transform of a message's own words (never its arguments): vowels
/// accented and doubled, other Latin letters accented (the message is then padded with `~`).
fn pseudo(text: &str) -> Cow<'_, str> {
    let mut out = String::with_capacity(text.len() * 2);
    for c in text.chars() {
        let accented = match c {
            'a' => "ȧȧ",
            'e' => "ḗḗ",
            'i' => "ī",
            'o' => "ǿǿ",
            'u' => "ŭŭ",
            'A' => "Ȧ",
            'E' => "Ḗ",
            'O' => "Ǿ",
            'c' => "ƈ",
            'd' => "ḓ",
            'n' => "ƞ",
            's' => "ş",
            't' => "ŧ",
            'S' => "Ş",
            _ => {
                out.push(c);
                continue;
            }
        };
        out.push_str(accented);
    }
    Cow::Owned(out)
}

thread_local! {
    /// The page's language and its catalogue (English until chosen).
    static CURRENT: RefCell<Option<Catalogue>> = const { RefCell::new(None) };
    /// English, every message's fallback.
    static ENGLISH: Catalogue = Catalogue::of(Lang::En).expect("the English catalogue parses");
    /// Whether numbers are written in the course's locale-independent form for now.
    static PLAIN: Cell<bool> = const { Cell::new(false) };
}

/// Makes `lang` the page's language.
pub fn set_lang(lang: Lang) -> Result<(), Error> {
    let catalogue = if lang == Lang::En {
        None
    } else {
        Some(Catalogue::of(lang)?)
    };
    CURRENT.with(|c| *c.borrow_mut() = catalogue);
    Ok(())
}

/// The page's language.
pub fn lang() -> Lang {
    CURRENT.with(|c| c.borrow().as_ref().map_or(Lang::En, Catalogue::lang))
}

/// Message `id` in the page's language with `args` (in English when its catalogue lacks it;
/// the id itself when English lacks it too, which a native test rules out).
pub fn tr(id: &str, args: &[(&str, Arg<'_>)]) -> String {
    let found = CURRENT.with(|c| c.borrow().as_ref().and_then(|c| c.format(id, args)));
    found
        .or_else(|| ENGLISH.with(|e| e.format(id, args)))
        .unwrap_or_else(|| id.to_string())
}

/// Whether numbers are written in the page's language now (not while [`plain_numbers`] runs).
pub fn localised_numbers() -> bool {
    !PLAIN.with(Cell::get) && lang().decimal_comma()
}

/// Runs `f` with numbers written in the course's locale-independent form (`0.5`, `[1, 2]`):
/// for links, scenario files, exports and code, whatever the page's language.
pub fn plain_numbers<T>(f: impl FnOnce() -> T) -> T {
    let before = PLAIN.with(|p| p.replace(true));
    let out = f();
    PLAIN.with(|p| p.set(before));
    out
}

/// Runs `f` with `lang` as the page's language, then puts the language back (tests, and a
/// lab that words something in another language).
pub fn with_lang<T>(lang: Lang, f: impl FnOnce() -> T) -> Result<T, Error> {
    let before = CURRENT.with(|c| c.borrow_mut().take());
    if let Err(e) = set_lang(lang) {
        CURRENT.with(|c| *c.borrow_mut() = before);
        return Err(e);
    }
    let out = f();
    CURRENT.with(|c| *c.borrow_mut() = before);
    Ok(out)
}
