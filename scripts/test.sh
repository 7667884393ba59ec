#!/usr/bin/env bash
# Installs whatever is missing, then runs every layer of tests:
#   lint (fmt, clippy native and wasm32) · native cargo test (core, SVG rendering, CLI,
#   scikit-learn agreement) · wasm-bindgen tests in headless Chromium · release build ·
#   Playwright end-to-end tests on the built page.
# Every layer runs even when an earlier one fails; the exit status is non-zero if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test || { echo "setup failed"; exit 1; }
export PATH="$HOME/.cargo/bin:$PWD/scripts/node_modules/.bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true
export CHROMEDRIVER=/usr/bin/chromedriver
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
export PERCEPTRON_TRACE="$PWD/target/debug/perceptron-trace"

failed=()
layer() {
  local name=$1
  shift
  echo
  echo "==> $name: $*"
  if "$@"; then
    echo "==> $name: ok"
  else
    echo "==> $name: FAILED"
    failed+=("$name")
  fi
}

layer fmt cargo fmt --check
layer clippy cargo clippy --all-targets -- -D warnings
layer clippy-wasm32 cargo clippy --target wasm32-unknown-unknown --all-targets -- -D warnings
layer native-tests cargo test
layer wasm-tests cargo test --target wasm32-unknown-unknown --test web
layer release-build trunk build --release
layer e2e-tests bash -c 'cd tests/e2e && npx playwright test'

echo
if [ ${#failed[@]} -eq 0 ]; then
  echo "All test layers passed."
else
  echo "Failed layers: ${failed[*]}"
  exit 1
fi
