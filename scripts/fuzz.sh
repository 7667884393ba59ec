#!/usr/bin/env bash
# Runs every cargo-fuzz target in fuzz/ for a number of executions, one target at a time.
#
#   scripts/fuzz.sh [RUNS] [TARGET...]    RUNS defaults to 1000000; TARGETs default to all
#
# Installs cargo-fuzz (and the nightly toolchain it needs) when missing. Inputs longer than
# FUZZ_MAX_LEN bytes (default 4096) are not tried. Each target starts from fuzz/corpus/TARGET
# (the committed seed-* files plus whatever earlier runs added there, which git ignores); a
# crash is saved under fuzz/artifacts/TARGET/ and the full log under fuzz/target/fuzz-logs/.
# Prints one summary line per target; exits non-zero if any target failed. Not part of
# scripts/test.sh: a full run takes minutes.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="$HOME/.cargo/bin:$PATH"

runs=${1:-1000000}
if ! [[ $runs =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/fuzz.sh [RUNS] [TARGET...]  (RUNS a whole number, got '$runs')" >&2
  exit 2
fi
shift $(($# > 0 ? 1 : 0))
max_len=${FUZZ_MAX_LEN:-4096}

if ! rustup toolchain list | grep -q '^nightly'; then
  echo "==> installing the nightly toolchain (cargo fuzz needs it)"
  rustup toolchain install nightly --profile minimal
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "==> installing cargo-fuzz"
  cargo install cargo-fuzz --locked
fi

if [ $# -gt 0 ]; then
  targets=("$@")
else
  mapfile -t targets < <(cargo +nightly fuzz list)
fi

echo "==> building ${targets[*]}"
for target in "${targets[@]}"; do
  cargo +nightly fuzz build "$target"
done

logs=fuzz/target/fuzz-logs
mkdir -p "$logs"
summary=()
failed=()
for target in "${targets[@]}"; do
  log="$logs/$target.log"
  mkdir -p "fuzz/corpus/$target"
  echo "==> $target: $runs runs (log: $log)"
  start=$(date +%s)
  status=0
  cargo +nightly fuzz run "$target" -- -runs="$runs" -max_len="$max_len" >"$log" 2>&1 || status=$?
  wall=$(($(date +%s) - start))
  done_line=$(grep -E '^Done [0-9]+ runs in [0-9]+ second' "$log" | tail -n 1 || true)
  if [ "$status" -eq 0 ] && [ -n "$done_line" ]; then
    line="$target: ok, $done_line (wall ${wall} s)"
  else
    execs=$(grep -oE '^#[0-9]+' "$log" | tail -n 1 | tr -d '#' || true)
    line="$target: FAILED (exit $status) after about ${execs:-0} runs (wall ${wall} s); see $log"
    failed+=("$target")
    # The panic (or sanitizer report), the saved input and how to reproduce it.
    grep -E -A2 "panicked at|^SUMMARY:|^==[0-9]+==ERROR" "$log" >&2 || tail -n 30 "$log" >&2
    grep -E -A2 "^Failing input:|^Reproduce with:" "$log" >&2 || true
  fi
  echo "$line"
  summary+=("$line")
done

echo
echo "==> summary"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "failed: ${failed[*]} (inputs under fuzz/artifacts/)" >&2
  exit 1
fi
