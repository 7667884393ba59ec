//! What a class name may hold, wherever it comes from (a CSV label, a scenario's
//! `class_names`, a link's `l=`; the page and the CLI alike): nothing that cannot be seen, and
//! names are compared in one Unicode form.
//!
//! - **No hidden characters.** Control characters (Unicode category Cc: tabs, line breaks,
//!   escapes), format characters (Cf: the zero-width space, joiners, the word joiner, the byte
//!   order mark, soft hyphens, tags, and the bidirectional controls U+200E/F, U+202A–U+202E,
//!   U+2066–U+2069 that reorder what is shown), the line and paragraph separators, the
//!   invisible fillers (U+034F, the Hangul fillers) and variation selectors that follow no
//!   emoji would let two classes *look* alike while being different names, or make a name
//!   show in another order than it is stored ("right-to-left override"). The refusal names the
//!   character (`U+200B ZERO WIDTH SPACE`). A name may not start or end with white space of
//!   any kind either (the CSV reader drops ASCII spaces around a field; a no-break space would
//!   stay unseen).
//! - **One spelling.** Names are compared after Unicode normalization (NFC), so `é` written
//!   precomposed (U+00E9) and as `e` + U+0301 are one name: two names that differ only there
//!   are a contradiction, refused with the code points of both ([`spelled`]).

/// The name of `c` and what it is, for the few characters a class name may not hold that have
/// a name worth saying (the rest are described by their category).
fn known(c: char) -> Option<(&'static str, Kind)> {
    use Kind::*;
    Some(match c {
        '\u{0}' => ("NULL", Control),
        '\t' => ("CHARACTER TABULATION (a tab)", Control),
        '\n' => ("LINE FEED (a line break)", Control),
        '\u{B}' => ("LINE TABULATION", Control),
        '\u{C}' => ("FORM FEED", Control),
        '\r' => ("CARRIAGE RETURN (a line break)", Control),
        '\u{1B}' => ("ESCAPE", Control),
        '\u{7F}' => ("DELETE", Control),
        '\u{85}' => ("NEXT LINE (a line break)", Control),
        '\u{AD}' => ("SOFT HYPHEN", Invisible),
        '\u{34F}' => ("COMBINING GRAPHEME JOINER", Invisible),
        '\u{61C}' => ("ARABIC LETTER MARK", Direction),
        '\u{115F}' => ("HANGUL CHOSEONG FILLER", Invisible),
        '\u{1160}' => ("HANGUL JUNGSEONG FILLER", Invisible),
        '\u{180E}' => ("MONGOLIAN VOWEL SEPARATOR", Invisible),
        '\u{200B}' => ("ZERO WIDTH SPACE", Invisible),
        '\u{200C}' => ("ZERO WIDTH NON-JOINER", Invisible),
        '\u{200D}' => ("ZERO WIDTH JOINER", Invisible),
        '\u{200E}' => ("LEFT-TO-RIGHT MARK", Direction),
        '\u{200F}' => ("RIGHT-TO-LEFT MARK", Direction),
        '\u{2028}' => ("LINE SEPARATOR (a line break)", Control),
        '\u{2029}' => ("PARAGRAPH SEPARATOR (a line break)", Control),
        '\u{202A}' => ("LEFT-TO-RIGHT EMBEDDING", Direction),
        '\u{202B}' => ("RIGHT-TO-LEFT EMBEDDING", Direction),
        '\u{202C}' => ("POP DIRECTIONAL FORMATTING", Direction),
        '\u{202D}' => ("LEFT-TO-RIGHT OVERRIDE", Direction),
        '\u{202E}' => ("RIGHT-TO-LEFT OVERRIDE", Direction),
        '\u{2060}' => ("WORD JOINER", Invisible),
        '\u{2061}' => ("FUNCTION APPLICATION", Invisible),
        '\u{2062}' => ("INVISIBLE TIMES", Invisible),
        '\u{2063}' => ("INVISIBLE SEPARATOR", Invisible),
        '\u{2064}' => ("INVISIBLE PLUS", Invisible),
        '\u{2066}' => ("LEFT-TO-RIGHT ISOLATE", Direction),
        '\u{2067}' => ("RIGHT-TO-LEFT ISOLATE", Direction),
        '\u{2068}' => ("FIRST STRONG ISOLATE", Direction),
        '\u{2069}' => ("POP DIRECTIONAL ISOLATE", Direction),
        '\u{3164}' => ("HANGUL FILLER", Invisible),
        '\u{FEFF}' => ("ZERO WIDTH NO-BREAK SPACE (byte order mark)", Invisible),
        '\u{FFA0}' => ("HALFWIDTH HANGUL FILLER", Invisible),
        '\u{A0}' => ("NO-BREAK SPACE", Space),
        '\u{1680}' => ("OGHAM SPACE MARK", Space),
        '\u{2000}' => ("EN QUAD", Space),
        '\u{2001}' => ("EM QUAD", Space),
        '\u{2002}' => ("EN SPACE", Space),
        '\u{2003}' => ("EM SPACE", Space),
        '\u{2004}' => ("THREE-PER-EM SPACE", Space),
        '\u{2005}' => ("FOUR-PER-EM SPACE", Space),
        '\u{2006}' => ("SIX-PER-EM SPACE", Space),
        '\u{2007}' => ("FIGURE SPACE", Space),
        '\u{2008}' => ("PUNCTUATION SPACE", Space),
        '\u{2009}' => ("THIN SPACE", Space),
        '\u{200A}' => ("HAIR SPACE", Space),
        '\u{202F}' => ("NARROW NO-BREAK SPACE", Space),
        '\u{205F}' => ("MEDIUM MATHEMATICAL SPACE", Space),
        '\u{3000}' => ("IDEOGRAPHIC SPACE", Space),
        ' ' => ("SPACE", Space),
        _ => return None,
    })
}

/// What kind of character a name may not hold (or, for white space, not start or end with).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Category Cc, and the line and paragraph separators.
    Control,
    /// Shows nothing: Cf characters, fillers, stray variation selectors.
    Invisible,
    /// Changes the order in which the text is shown (bidirectional controls).
    Direction,
    /// White space: allowed inside a name, not at either end.
    Space,
}

impl Kind {
    fn words(self) -> &'static str {
        match self {
            Kind::Control => "a control character",
            Kind::Invisible => "an invisible character",
            Kind::Direction => "a control of the text's direction",
            Kind::Space => "white space",
        }
    }
}

/// Whether `c` is a format character (Unicode category Cf) besides the named ones of
/// [`known`]: the Arabic and Syriac number and end marks, interlinear annotation, the Kaithi,
/// Egyptian, shorthand and musical format controls, and the tags.
fn other_format(c: char) -> bool {
    matches!(c as u32,
        0x600..=0x605 | 0x6DD | 0x70F | 0x890..=0x891 | 0x8E2 | 0xFFF9..=0xFFFB | 0x110BD
        | 0x110CD | 0x13430..=0x1343F | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A | 0xE0001
        | 0xE0020..=0xE007F)
}

/// Whether `c` is a variation selector (U+FE00–U+FE0F, U+E0100–U+E01EF).
fn variation_selector(c: char) -> bool {
    matches!(c as u32, 0xFE00..=0xFE0F | 0xE0100..=0xE01EF)
}

/// `U+200B ZERO WIDTH SPACE`: the code point and, where known, its Unicode name.
pub(crate) fn describe(c: char) -> String {
    match known(c) {
        Some((name, _)) => format!("U+{:04X} {name}", c as u32),
        None if variation_selector(c) => format!("U+{:04X} VARIATION SELECTOR", c as u32),
        None => format!("U+{:04X}", c as u32),
    }
}

/// What in `name` a class name may not hold, described for a message ("holds U+200B ZERO
/// WIDTH SPACE, an invisible character"), or `None` when it may be a class name as far as its
/// characters go. See the module docs for the rule.
pub(crate) fn hidden_character(name: &str) -> Option<String> {
    let mut before: Option<char> = None;
    for c in name.chars() {
        let kind = match known(c) {
            Some((_, Kind::Space)) => None,
            Some((_, kind)) => Some(kind),
            None if c.is_control() => Some(Kind::Control),
            None if other_format(c) => Some(Kind::Invisible),
            // VS15/VS16 choose text or emoji presentation after a symbol; elsewhere (or any
            // other selector after a letter of the basic Latin range) they show nothing.
            None if variation_selector(c) => match (c, before) {
                ('\u{FE0E}' | '\u{FE0F}', Some(b)) if !b.is_ascii() && !variation_selector(b) => {
                    None
                }
                _ => Some(Kind::Invisible),
            },
            None => None,
        };
        if let Some(kind) = kind {
            return Some(format!("holds {}, {}", describe(c), kind.words()));
        }
        before = Some(c);
    }
    let ends = [
        ("starts", name.chars().next()),
        ("ends", name.chars().next_back()),
    ];
    // (A plain space at an end has its own message where names are checked.)
    for (side, c) in ends {
        if let Some(c) = c.filter(|&c| c.is_whitespace() && c != ' ') {
            return Some(format!(
                "{side} with {}, {} that cannot be seen",
                describe(c),
                Kind::Space.words()
            ));
        }
    }
    None
}

/// The normalizer the lab's front end installed ([`set_name_normalizer`]), if any.
static NORMALIZER: std::sync::OnceLock<fn(&str) -> String> = std::sync::OnceLock::new();

/// Installs the function that puts a class name in Unicode NFC, in place of the core's own
/// ([`comparable`]). The page installs the browser's `String.prototype.normalize("NFC")` (an
/// ECMAScript built-in), which spares it the `unicode-normalization` crate's tables (about
/// 60 KB of the download, issue #13); the core itself names no browser API. Only the first
/// call installs; `false` when one was installed already.
pub fn set_name_normalizer(normalize: fn(&str) -> String) -> bool {
    NORMALIZER.set(normalize).is_ok()
}

/// The form in which class names are compared: Unicode NFC, by the normalizer installed with
/// [`set_name_normalizer`] (the page's: the browser's own), else the core's own: natively the
/// `unicode-normalization` crate; in WebAssembly, where that crate is not built in, the name
/// as it is until the page installs the browser's. Both are the Unicode standard's algorithm.
pub(crate) fn comparable(name: &str) -> String {
    match NORMALIZER.get() {
        Some(normalize) => normalize(name),
        None => own_nfc(name),
    }
}

/// The core's own NFC: the `unicode-normalization` crate.
#[cfg(not(target_arch = "wasm32"))]
fn own_nfc(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    name.nfc().collect()
}

/// In WebAssembly the core has no NFC of its own (see [`comparable`]).
#[cfg(target_arch = "wasm32")]
fn own_nfc(name: &str) -> String {
    name.to_string()
}

/// The code points of `name` beyond ASCII, spelled out (`U+0065 U+0301` for `e` + a combining
/// acute accent: `e` is shown as it is), so that two names that look the same can be told
/// apart in a message.
pub(crate) fn spelled(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_graphic() {
                c.to_string()
            } else {
                format!("U+{:04X}", c as u32)
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The sentence for two names that differ only in their Unicode spelling: `a` and `b` are
/// shown with their code points.
pub(crate) fn spelling_differs(a: &str, b: &str) -> String {
    format!(
        "differ only in their Unicode spelling ({} and {}), so they would look like one name (compared after NFC normalization)",
        spelled(a),
        spelled(b)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_characters_are_named() {
        for (name, expected) in [
            (
                "a\u{200B}",
                "holds U+200B ZERO WIDTH SPACE, an invisible character",
            ),
            (
                "\u{202E}abc",
                "holds U+202E RIGHT-TO-LEFT OVERRIDE, a control of the text's direction",
            ),
            ("a\u{2066}b\u{2069}", "holds U+2066 LEFT-TO-RIGHT ISOLATE"),
            ("x\u{200D}y", "holds U+200D ZERO WIDTH JOINER"),
            (
                "\u{FEFF}a",
                "holds U+FEFF ZERO WIDTH NO-BREAK SPACE (byte order mark)",
            ),
            (
                "a\nb",
                "holds U+000A LINE FEED (a line break), a control character",
            ),
            ("a\u{1}", "holds U+0001, a control character"),
            ("a\u{E0041}", "holds U+E0041, an invisible character"),
            (
                "a\u{FE0F}",
                "holds U+FE0F VARIATION SELECTOR, an invisible character",
            ),
            (
                "a\u{A0}",
                "ends with U+00A0 NO-BREAK SPACE, white space that cannot be seen",
            ),
            ("\u{3000}a", "starts with U+3000 IDEOGRAPHIC SPACE"),
        ] {
            let found = hidden_character(name).unwrap_or_default();
            assert!(found.starts_with(expected), "{name:?}: {found}");
        }
        for fine in [
            "a",
            "setosa",
            "a b",
            "é",
            "e\u{301}",
            "日本",
            "❤\u{FE0F}",
            "😀",
            "x\u{A0}y",
        ] {
            assert_eq!(hidden_character(fine), None, "{fine:?}");
        }
    }

    #[test]
    fn names_compare_after_nfc() {
        assert_eq!(comparable("e\u{301}"), comparable("\u{E9}"));
        assert_ne!(comparable("e"), comparable("\u{E9}"));
        assert_eq!(spelled("e\u{301}"), "e U+0301");
        assert_eq!(spelled("\u{E9}t\u{E9}"), "U+00E9 t U+00E9");
    }
}
