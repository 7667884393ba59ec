"""Where the wasm's bytes go: groups twiggy's table of a names-kept copy of the release wasm
by crate and by our module, and lists the largest items (scripts/bench.sh prints it).

Environment: TOP_CSV (twiggy top --format csv), DIST_WASM (dist's wasm, bytes), TOP_N (rows).
"""
import collections, csv, os, re

rows = list(csv.DictReader(open(os.environ["TOP_CSV"], newline="")))
dist_size = int(os.environ["DIST_WASM"])

PRIMITIVES = {"f32", "f64", "str", "char", "bool", "T", "u8", "u16", "u32", "u64", "u128",
              "usize", "i8", "i16", "i32", "i64", "i128", "isize"}


def group(name):
    """(crate, module) an item of twiggy's table belongs to; None for the name section."""
    if '" subsection' in name or name.startswith("custom section"):
        return None
    if name.startswith("data segment") or name.startswith("data["):
        return ("data segments (strings, tables, constants)", "")
    if (" shim" in name or re.match(r"^(export|import|type|table|elem|global|memory|func)\b", name)
            or "wasm_bindgen" in name.split("::")[0] or name.startswith("__wbindgen")
            or name.startswith("__wbg_") or name.startswith("__externref")):
        return ("exports and imports (wasm-bindgen shims, with what wasm-opt inlined into them)", "")
    m = re.match(r"^[<&\s]*(?:mut |dyn |impl )?([A-Za-z_][A-Za-z0-9_]*)(?:\[[0-9a-f]+\])?(?:::([A-Za-z_][A-Za-z0-9_]*))?(?:::([A-Za-z_][A-Za-z0-9_]*))?", name)
    if not m:
        return ("other", "")
    crate, first, second = m.group(1), m.group(2) or "", m.group(3) or ""
    if crate == "code":
        return ("functions without a name", "")
    if crate in PRIMITIVES:
        # `<f64 as core::fmt::Display>::fmt` and the like: the standard library's, on a primitive.
        crate, first = "core", crate
    if crate == "perceptron_lab":
        return (f"perceptron_lab::{first}", f"src/{first}/{second}" if second else f"src/{first}")
    return (crate, f"{crate}::{first}" if first else crate)

crates = collections.Counter()
modules = collections.Counter()
items = []
for row in rows:
    size = int(row["ShallowSize"])
    g = group(row["Name"])
    if g is None:
        continue
    crates[g[0]] += size
    if g[0].startswith("perceptron_lab::"):
        modules[g[1]] += size
    items.append((size, row["Name"]))
total = sum(crates.values())
top = int(os.environ.get("TOP_N", "15"))

print(f"where the wasm's bytes go (twiggy 0.8 on a copy of the release wasm with its names kept: {total:,} bytes "
      f"of code and data; dist's wasm is {dist_size:,} bytes raw); shallow sizes, raw, before gzip")
print()
print("| crate or part | raw bytes | share |")
print("|---|---:|---:|")
for name, size in crates.most_common(top):
    print(f"| {name} | {size:,} | {100 * size / total:.1f}% |")
rest = total - sum(s for _, s in crates.most_common(top))
if rest:
    print(f"| {len(crates) - top} more | {rest:,} | {100 * rest / total:.1f}% |")
print()
print("| our module (src/) | raw bytes | share |")
print("|---|---:|---:|")
for name, size in modules.most_common(top):
    print(f"| {name} | {size:,} | {100 * size / total:.1f}% |")
print()
print("| largest items | raw bytes | share |")
print("|---|---:|---:|")
for size, name in sorted(items, reverse=True)[:top]:
    short = re.sub(r"::h[0-9a-f]{16}$", "", name)
    short = re.sub(r"\[[0-9a-f]{16}\]", "", short)
    if len(short) > 110:
        short = short[:107] + "…"
    short = short.replace("|", "\\|")
    print(f"| `{short}` | {size:,} | {100 * size / total:.1f}% |")
