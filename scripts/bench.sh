#!/usr/bin/env bash
# Runs the core benchmarks (criterion) and prints the figures as a table. Speed is reported
# here, never asserted in tests. Figures vary with the machine; README's Performance section
# lists the latest run on the project's reference machine kind (2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
cargo bench --bench core -- --noplot "$@"
python3 - <<'PY'
import json, pathlib
root = pathlib.Path("target/criterion")
rows = []
for est in sorted(root.glob("**/new/estimates.json")):
    bench = est.parent.parent
    info = json.loads((est.parent / "benchmark.json").read_text())
    estimates = json.loads(est.read_text())
    # Criterion's headline figure: the slope of the linear fit when it has one, else the mean.
    mean = (estimates.get("slope") or estimates["mean"])["point_estimate"]
    throughput = info.get("throughput") or {}
    elements = throughput.get("Elements") or 1
    rows.append((info["group_id"], info.get("function_id") or "", mean, elements))
print()
print(f"| {'benchmark':<28} | {'what':<18} | {'time':>12} | {'ns per element':>15} |")
print(f"|{'-'*30}|{'-'*20}|{'-'*14}|{'-'*17}|")
for group, function, mean_ns, elements in rows:
    if mean_ns >= 1e6:
        time = f"{mean_ns/1e6:.2f} ms"
    elif mean_ns >= 1e3:
        time = f"{mean_ns/1e3:.1f} µs"
    else:
        time = f"{mean_ns:.1f} ns"
    print(f"| {group:<28} | {function:<18} | {time:>12} | {mean_ns/elements:>15.1f} |")
PY

# Transfer size of the release build (raw and gzip -9), if it has been built.
if [ -d dist ]; then
  echo
  echo "| file | raw bytes | gzip bytes |"
  echo "|---|---:|---:|"
  total_raw=0
  total_gz=0
  for f in dist/*; do
    [ -f "$f" ] || continue
    raw=$(stat -c %s "$f")
    gz=$(gzip -9c "$f" | wc -c)
    total_raw=$((total_raw + raw))
    total_gz=$((total_gz + gz))
    name=$(basename "$f" | sed -E 's/-[0-9a-f]{15,16}//')
    echo "| $name | $raw | $gz |"
  done
  echo "| total | $total_raw | $total_gz |"
fi
