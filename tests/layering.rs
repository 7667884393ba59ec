#![cfg(not(target_arch = "wasm32"))]
//! The layers' rules, checked on the source itself.
//!
//! - Only `src/core/algo/` names an algorithm: no file elsewhere under `src/` matches or
//!   builds a variant of the registry's `Model` or `Record` (`Model::Kernel`, `Record::Batch`,
//!   a glob `Model::*` or a list `Model::{…}`); the rest of the lab reaches an algorithm
//!   through its capabilities (`Learner::dual`, `Learner::region_map`, …). The variants are
//!   read from the `registry!` call that defines both enums, so a new algorithm is covered by
//!   its registry line; `Model::new` and the other associated functions are not variants.
//! - The core and the drawing stay pure: no file under `src/core/` or `src/render/` names a
//!   browser crate (`js_sys`, `web_sys`, `wasm_bindgen`, in code or in words, as `js-sys` …);
//!   what needs the browser is handed in by `src/web/`.

use perceptron_lab::core::algo::registry::Algorithm;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The path of `file` from the crate's root, with `/` separators.
fn shown(file: &Path) -> String {
    file.strip_prefix(root())
        .unwrap_or(file)
        .to_string_lossy()
        .replace('\\', "/")
}

/// The variants of `Model` (and `Record`): the lines `Name => Type` of the `registry! { … }`
/// call in `src/core/algo/registry.rs`.
fn registry_variants() -> Vec<String> {
    let path = root().join("src/core/algo/registry.rs");
    let text = std::fs::read_to_string(&path).expect("registry.rs");
    let start = text
        .find("\nregistry! {")
        .expect("registry.rs calls `registry! {` at the start of a line");
    let body = &text[start + "\nregistry! {".len()..];
    let body = &body[..body.find("\n}").expect("the registry! call ends with `}`")];
    body.lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("//"))
        .filter_map(|l| l.split_once("=>"))
        .map(|(name, _)| name.trim().to_string())
        .collect()
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The places in `text` where `Model::` or `Record::` (as a whole path segment) is followed by
/// one of `variants`, by `*` or by `{`: `(line, column, what)`, 1-based.
fn variant_uses(text: &str, variants: &[String]) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        for enum_name in ["Model::", "Record::"] {
            let mut from = 0;
            while let Some(at) = line[from..].find(enum_name).map(|i| i + from) {
                from = at + enum_name.len();
                if line[..at].chars().next_back().is_some_and(is_ident) {
                    continue; // `MyModel::`, not the registry's enum.
                }
                let rest = &line[from..];
                let ident: String = rest.chars().take_while(|&c| is_ident(c)).collect();
                let hit = if ident.is_empty() {
                    rest.starts_with('*') || rest.starts_with('{')
                } else {
                    variants.contains(&ident)
                };
                if hit {
                    let what = if ident.is_empty() {
                        rest.chars().next().map(String::from).unwrap_or_default()
                    } else {
                        ident
                    };
                    out.push((n + 1, at + 1, format!("{enum_name}{what}")));
                }
            }
        }
    }
    out
}

#[test]
fn the_registry_variants_are_read_from_its_source() {
    let variants = registry_variants();
    let expected: Vec<String> = Algorithm::ALL.iter().map(|a| format!("{a:?}")).collect();
    assert_eq!(variants, expected, "the registry! call's lines, in order");
}

#[test]
fn the_rule_tells_variants_from_functions() {
    let variants = vec!["Kernel".to_string(), "Ovr".to_string()];
    let text = "let m = Model::new(&setup, s, 2)?;\n\
                match m { Model::Kernel(t) => 1, _ => 0 }\n\
                if let Record::Ovr(r) = r {}\n\
                Model::Kernels; MyModel::Kernel; Record::binary;\n\
                use Model::*; use Model::{Kernel};";
    let hits: Vec<String> = variant_uses(text, &variants)
        .into_iter()
        .map(|(line, col, what)| format!("{line}:{col} {what}"))
        .collect();
    assert_eq!(
        hits,
        [
            "2:11 Model::Kernel",
            "3:8 Record::Ovr",
            "5:5 Model::*",
            "5:19 Model::{"
        ]
    );
}

#[test]
fn only_the_algorithms_folder_names_a_model_variant() {
    let variants = registry_variants();
    assert!(!variants.is_empty());
    let algo = root().join("src/core/algo");
    let mut offences = Vec::new();
    for file in rust_files(&root().join("src")) {
        if file.starts_with(&algo) {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("a source file");
        for (line, col, what) in variant_uses(&text, &variants) {
            offences.push(format!("{}:{line}:{col}: {what}", shown(&file)));
        }
    }
    assert!(
        offences.is_empty(),
        "outside src/core/algo/, reach an algorithm through a capability of `Learner` \
         (src/core/algo/learner.rs), not by its variant:\n{}",
        offences.join("\n")
    );
}

/// The places in `text` that name a browser crate: `(line, crate)`, 1-based.
fn browser_names(text: &str) -> Vec<(usize, &'static str)> {
    const CRATES: [&str; 6] = [
        "js_sys",
        "web_sys",
        "wasm_bindgen",
        "js-sys",
        "web-sys",
        "wasm-bindgen",
    ];
    text.lines()
        .enumerate()
        .flat_map(|(n, line)| {
            CRATES
                .into_iter()
                .filter(move |name| line.contains(name))
                .map(move |name| (n + 1, name))
        })
        .collect()
}

#[test]
fn the_core_and_the_drawing_name_no_browser_crate() {
    let mut offences = Vec::new();
    for layer in ["src/core", "src/render"] {
        for file in rust_files(&root().join(layer)) {
            let text = std::fs::read_to_string(&file).expect("a source file");
            for (line, name) in browser_names(&text) {
                offences.push(format!("{}:{line}: {name}", shown(&file)));
            }
        }
    }
    assert!(
        offences.is_empty(),
        "src/core/ and src/render/ stay pure: what needs the browser is handed in by src/web/ \
         (e.g. `core::set_name_normalizer`):\n{}",
        offences.join("\n")
    );
}

#[test]
fn the_browser_rule_sees_code_and_comments() {
    let text = "let s = js_sys::JsString::from(x);\n// through web-sys\nlet ok = 1;";
    assert_eq!(browser_names(text), [(1, "js_sys"), (2, "web-sys")]);
}
