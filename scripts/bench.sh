#!/usr/bin/env bash
# Runs the benchmarks and prints their figures as tables: the core benchmarks (criterion), the
# release build's transfer size, and the browser benchmarks (Playwright on Debian's Chromium
# against the release build in dist/, served on 127.0.0.1). Speed is reported here, never
# asserted in tests. Figures vary with the machine; docs/src/performance.md lists the
# latest run on the project's reference machine kind (2 cores).
#
#   scripts/bench.sh [CRITERION FILTER…]
# Environment:
#   BENCH_SOAK_SECONDS=600  the memory soak in Play for the full 10 minutes (default 60)
#   BENCH_SKIP_BUILD=1      use dist/ as it is (built with `--features test-hooks`) instead of
#                           building it
#   BENCH_BROWSER=0         only the criterion and size tables
#   BENCH_ONLY=redraw,play  a subset of the browser benchmarks (wasm, redraw, kernel, first, click,
#                           play, soak); the arguments filter the criterion benchmarks
#   BENCH_BEFORE_DIST=DIR   also the first frame and the redraw of another build (a dist/ built
#                           with `--features test-hooks`, e.g. from the commit before a redesign),
#                           measured in the same run after this build's, both printed
# Exit status: non-zero only when something fails to run; a missed target is printed as MISS.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/scripts/node_modules/.bin:$PATH"

browser=${BENCH_BROWSER:-1}
if [ "$browser" != 0 ]; then
  # Chromium, Playwright, trunk, wasm-bindgen and wasm-opt, when missing (idempotent).
  scripts/setup.sh --test || { echo "bench: setup failed"; exit 1; }
fi

started=$(date +%s)
cargo bench --bench core -- --noplot "$@"
BENCH_STARTED=$started python3 - <<'PY'
import json, os, pathlib
root = pathlib.Path("target/criterion")
started = float(os.environ["BENCH_STARTED"])
rows = []
for est in sorted(root.glob("**/new/estimates.json")):
    # Only what this run measured: target/criterion keeps benchmarks that no longer exist.
    if est.stat().st_mtime < started:
        continue
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

# The classic epoch (no records, N = 1M) beside scikit-learn's Perceptron.fit on the same
# recipe of data, both measured now; target: 3× faster per sample, in data order and shuffled.
sk_python=target/python-venv/bin/python
epoch_dir=target/criterion/perceptron_1000000
if [ -f "$epoch_dir/epoch/new/estimates.json" ] && [ "$(stat -c %Y "$epoch_dir/epoch/new/estimates.json")" -ge "$started" ]; then
  echo
  if [ -x "$sk_python" ]; then
    echo "bench: timing scikit-learn's Perceptron.fit (N = 1,000,000, 5 epochs, median of 5)"
    sk=$("$sk_python" scripts/sklearn_speed.py) || sk='{}'
  else
    echo "bench: no scikit-learn ($sk_python); run scripts/setup.sh --test to install it"
    sk='{}'
  fi
  SK_JSON=$sk python3 - <<'PY'
import json, os, pathlib
sk = json.loads(os.environ["SK_JSON"])
root = pathlib.Path("target/criterion/perceptron_1000000")
def ours(name):
    est = json.loads((root / name / "new" / "estimates.json").read_text())
    return (est.get("slope") or est["mean"])["point_estimate"] / 1e6
print(f"| {'classic epoch, N = 1M':<34} | {'ours ns/sample':>14} | {'scikit-learn':>12} | {'ratio':>6} | target | result |")
print(f"|{'-'*36}|{'-'*16}|{'-'*14}|{'-'*8}|--------|--------|")
for label, name, key in [("data order (shuffle=False)", "epoch", "fixed_ns"),
                         ("reshuffled each epoch (shuffle=True)", "epoch shuffled", "shuffled_ns")]:
    mine = ours(name)
    theirs = sk.get(key)
    if theirs is None:
        print(f"| {label:<34} | {mine:>14.1f} | {'n/a':>12} | {'n/a':>6} | ≥ 3×   | n/a    |")
        continue
    ratio = theirs / mine
    verdict = "PASS" if ratio >= 3 else "MISS"
    print(f"| {label:<34} | {mine:>14.1f} | {theirs:>12.1f} | {ratio:>5.1f}× | ≥ 3×   | {verdict:<6} |")
if sk:
    print(f"scikit-learn {sk['sklearn']}; ours: criterion perceptron/1000000/epoch (Trainer::advance, no records)")
PY
fi

if [ "$browser" != 0 ] && [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
  echo
  # With the test hooks the benchmarks call (redraw_now, bench_steps); the page that is shipped
  # (scripts/serve.sh) has none.
  echo "bench: building the release page with the test hooks (trunk build --release --features test-hooks)"
  TRUNK_SKIP_VERSION_CHECK=true trunk build --release --features test-hooks >target/bench-trunk.log 2>&1 \
    || { tail -n 30 target/bench-trunk.log; echo "bench: trunk build failed"; exit 1; }
fi

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
  # What the page loads before its first frame: the page, its style, the loader and the
  # first-frame module (www/loader.js; tests/e2e/first-frame.spec.js checks that nothing else is
  # asked for before that frame). The page's scripts and the lab load after it; embed.css,
  # course.* and the favicon are not the page's.
  before_files=(index.html style.css loader.js first-frame.js first-frame_bg.wasm)
  after_files=(compact.js practice.js sound.js app.js embed.js perceptron-lab.js perceptron-lab_bg.wasm)
  first=0
  for f in "${before_files[@]}"; do
    [ -f "dist/$f" ] && first=$((first + $(gzip -9c "dist/$f" | wc -c)))
  done
  after=0
  for f in "${after_files[@]}"; do
    [ -f "dist/$f" ] && after=$((after + $(gzip -9c "dist/$f" | wc -c)))
  done
  verdict=PASS
  [ "$first" -le 120000 ] || verdict=MISS
  for wasm in dist/*.wasm; do
    [ -f "$wasm" ] || continue
    echo
    echo "$(basename "$wasm"), gzip -9: $(gzip -9c "$wasm" | wc -c) bytes"
  done
  echo "before the first frame (${before_files[*]}), gzip -9: $first bytes; target ≤ 120 KB (120,000 bytes): $verdict"
  echo "after it (${after_files[*]}), gzip -9: $after bytes"
  whole=$((first + after))
  verdict=PASS
  [ "$whole" -le 350000 ] || verdict=MISS
  echo "the whole lab, every panel (both), gzip -9: $whole bytes; target ≤ 350 KB (350,000 bytes): $verdict"

  # Where the wasm's bytes go: the same build through wasm-bindgen and `wasm-opt -Oz` as trunk
  # does, with the function names kept (--keep-debug, --debuginfo), read by twiggy.
  if [ -f dist/perceptron-lab_bg.wasm ] && command -v wasm-bindgen >/dev/null && command -v wasm-opt >/dev/null; then
    command -v twiggy >/dev/null || cargo install --locked twiggy --version 0.8.0 >target/bench-twiggy-install.log 2>&1 \
      || { tail -n 20 target/bench-twiggy-install.log; echo "bench: could not install twiggy"; exit 1; }
    names=target/bench/wasm-names
    mkdir -p "$names"
    cargo build --release --target wasm32-unknown-unknown --lib --features test-hooks --quiet
    wasm-bindgen --target web --no-typescript --keep-debug --out-dir "$names" \
      target/wasm32-unknown-unknown/release/perceptron_lab.wasm
    wasm-opt -Oz --debuginfo "$names/perceptron_lab_bg.wasm" -o "$names/named.wasm"
    twiggy top -n 1000000 --format csv "$names/named.wasm" >"$names/top.csv"
    echo
    TOP_CSV="$names/top.csv" DIST_WASM=$(stat -c %s dist/perceptron-lab_bg.wasm) python3 scripts/wasm_top.py
  else
    echo "bench: where the wasm's bytes go needs dist/ and wasm-bindgen, wasm-opt (scripts/setup.sh --test)"
  fi
fi

[ "$browser" != 0 ] || exit 0
[ -f dist/index.html ] || { echo "bench: no dist/index.html to measure"; exit 1; }

# A static server for dist/ on a free port of 127.0.0.1, stopped when the script ends.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory dist >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
up=false
for _ in $(seq 1 100); do
  if python3 -c "import urllib.request as u; u.urlopen('http://127.0.0.1:$port/index.html', timeout=1)" 2>/dev/null; then
    up=true
    break
  fi
  kill -0 "$server" 2>/dev/null || break
  sleep 0.1
done
[ "$up" = true ] || { echo "bench: the static server for dist/ did not start"; exit 1; }

echo
echo "bench: browser benchmarks (Playwright, Chromium; about 3 minutes with a ${BENCH_SOAK_SECONDS:-60} s soak)"
BENCH_STARTED=$started BENCH_URL="http://127.0.0.1:$port/" node tests/e2e/bench/browser-bench.js

# The first frame and the redraw of another build, measured in the same run on the same machine:
# a change is judged against figures taken beside its own, never against an old log entry.
if [ -n "${BENCH_BEFORE_DIST:-}" ]; then
  [ -f "$BENCH_BEFORE_DIST/index.html" ] || { echo "bench: no $BENCH_BEFORE_DIST/index.html"; exit 1; }
  before_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  python3 -m http.server "$before_port" --bind 127.0.0.1 --directory "$BENCH_BEFORE_DIST" >/dev/null 2>&1 &
  before_server=$!
  trap 'kill "$server" "$before_server" 2>/dev/null || true; wait 2>/dev/null || true' EXIT
  for _ in $(seq 1 100); do
    python3 -c "import urllib.request as u; u.urlopen('http://127.0.0.1:$before_port/index.html', timeout=1)" 2>/dev/null && break
    sleep 0.1
  done
  echo
  echo "bench: the build before ($BENCH_BEFORE_DIST): first frame and redraw"
  BENCH_ONLY=first,redraw BENCH_STARTED=$started BENCH_URL="http://127.0.0.1:$before_port/" \
    BENCH_BUILD="$BENCH_BEFORE_DIST" node tests/e2e/bench/browser-bench.js
fi
