//! The names of the classes: `-1`/`+1` for the binary algorithms, `0`, `1`, … or a file's labels
//! for the multiclass ones.

use super::super::Algorithm;

/// The name of class `c` under `algorithm`: `-1`/`+1` for the binary ones, `0`, `1`, … for the
/// multiclass ones.
pub(crate) fn class_name(algorithm: Algorithm, c: usize) -> String {
    if algorithm.is_multiclass() {
        c.to_string()
    } else if c == 1 {
        "+1".to_string()
    } else {
        "-1".to_string()
    }
}

/// The names classes have unless a file named them: [`class_name`] of each class of `algorithm`
/// with `k` classes (two for the binary algorithms).
pub(super) fn default_class_names(algorithm: Algorithm, k: usize) -> Vec<String> {
    let k = if algorithm.is_multiclass() { k } else { 2 };
    (0..k).map(|c| class_name(algorithm, c)).collect()
}

/// `names` for `k` classes: the first `k` names kept, each new class named by its index — or,
/// when another class already has that name, `class K`, then `class K (2)`, `class K (3)`, …,
/// the first that is free, so that no two classes share a name.
pub(super) fn resize_class_names(mut names: Vec<String>, k: usize) -> Vec<String> {
    names.truncate(k);
    for c in names.len()..k {
        let name = [c.to_string(), format!("class {c}")]
            .into_iter()
            .chain((2..).map(|n| format!("class {c} ({n})")))
            .find(|n| !names.contains(n))
            .unwrap_or_default();
        names.push(name);
    }
    names
}
