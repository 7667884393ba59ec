#!/usr/bin/env bash
# Installs whatever is missing, then runs every layer of tests:
#   lint (fmt, clippy native and wasm32) · native cargo test (core, SVG rendering, CLI,
#   scikit-learn agreement) · wasm-bindgen tests in headless Chromium · the release page as
#   shipped (built into target/dist-plain and checked to hold no test hook) · the release page
#   with the test hooks in dist/ (cargo feature `test-hooks`) · the Python package's wheel,
#   pytest and a fresh venv's install · Playwright end-to-end tests on the page and in a real
#   JupyterLab · the docs (mdbook build, every relative link checked).
# Every layer runs even when an earlier one fails; the exit status is non-zero if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test || { echo "setup failed"; exit 1; }
export PATH="$HOME/.cargo/bin:$PWD/scripts/node_modules/.bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true
export CHROMEDRIVER=/usr/bin/chromedriver
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
export PERCEPTRON_TRACE="$PWD/target/debug/perceptron-trace"
export PERCEPTRON_PYTHON="$PWD/target/python-venv/bin/python"

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
# The first-frame module: the wasm32 build without the `lab` feature (scripts/first-frame.sh).
layer clippy-wasm32-first-frame cargo clippy --target wasm32-unknown-unknown --lib --no-default-features -- -D warnings
layer clippy-wasm32-test-hooks cargo clippy --target wasm32-unknown-unknown --all-targets --features test-hooks -- -D warnings
layer native-tests cargo test
# The book in docs/ (tests/docs_cli.rs, in native-tests, checks its CLI reference): built into
# target/book, then every relative link of the book and of README.md checked.
layer docs-build mdbook build docs
layer docs-links node scripts/check-links.js target/book
layer wasm-tests cargo test --target wasm32-unknown-unknown --test web
# The page as scripts/serve.sh ships it: no test hook may be in it.
no_test_hooks() {
  local glue=target/dist-plain/perceptron-lab.js
  [ -f "$glue" ] || { echo "no $glue"; return 1; }
  if grep -nE 'debug_panic|redraw_now|bench_steps' "$glue"; then
    echo "the release page has test hooks"
    return 1
  fi
  echo "no test hook in $glue"
}
layer release-build trunk build --release --dist target/dist-plain
layer release-no-test-hooks no_test_hooks
# The Python package (python/): its native module linted, its wheel built from the release page
# (scripts/package.sh) and checked (the single-file lab inside, no .wasm beside it), installed
# into the venv for pytest and the notebook test (tests/e2e/jupyter.spec.js), and into a fresh
# venv of its own, where the README's command prints seed 000's table.
layer clippy-python cargo clippy -p perceptron-lab-python --all-targets -- -D warnings
layer python-wheel scripts/package.sh wheel
wheel_contents() {
  local wheel listing
  wheel=$(ls target/wheels/perceptron_lab-*.whl) || return 1
  listing=$(unzip -l "$wheel") || return 1
  echo "$listing"
  grep -q 'perceptron_lab/static/perceptron-lab.mjs$' <<<"$listing" || { echo "no perceptron-lab.mjs in $wheel"; return 1; }
  if grep -qi '\.wasm$' <<<"$listing"; then echo "a separate .wasm in $wheel"; return 1; fi
  "$PERCEPTRON_PYTHON" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheel"
}
layer python-wheel-contents wheel_contents
wheel_fresh_venv() {
  local venv=target/wheel-venv expected actual
  rm -rf "$venv"
  python3 -m venv "$venv" || return 1
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check target/wheels/perceptron_lab-*.whl || return 1
  actual=$(cd /tmp && "$OLDPWD/$venv/bin/python" -c "import perceptron_lab; print(perceptron_lab.trace([[1,1],[3,2],[2,4],[3,4],[2,3]], [-1,1,1,1,-1], init=[-1,0,0], max_epochs=1))") || return 1
  expected=$("$PERCEPTRON_TRACE" tests/data/seed000.csv --init=-1,0,0 --max-epochs 1) || return 1
  echo "$actual"
  [ "$actual" = "$expected" ] || { echo "the wheel's trace differs from perceptron-trace's"; return 1; }
}
layer python-wheel-fresh-venv wheel_fresh_venv
layer pytest "$PERCEPTRON_PYTHON" -m pytest -q -p no:cacheprovider python/tests
# The lab in one offline page (tests/e2e/offline.spec.js opens it from file://).
layer package-offline scripts/package.sh offline
# The Quarto extension (tests/e2e/quarto.spec.js: its shortcode run by pandoc, its lab on a
# page and on a reveal.js slide).
layer package-quarto scripts/package.sh quarto
# A SCORM 1.2 package of an exercise set (tests/e2e/scorm.spec.js runs it in scorm-again's
# runtime; the set is the one that spec answers).
layer package-scorm scripts/package.sh scorm --pass 80 --out target/packages/perceptron-lab-scorm-test.zip \
  --exercise 'xv=1&xid=week-3&xk=predict,update&xn=4&xa=perceptron&xd=ex:seed000&xs=1'
# The e2e tests and the browser benchmarks need the hooks (debug_panic, redraw_now, bench_steps).
layer e2e-build trunk build --release --features test-hooks
layer e2e-tests bash -c 'cd tests/e2e && E2E_TIMED=skip npx playwright test'
# The specs that report long tasks, alone and one at a time, so that what they report is the
# page's and not the other worker's (see tests/e2e/playwright.config.js).
layer e2e-timed bash -c 'cd tests/e2e && E2E_TIMED=only npx playwright test'

echo
if [ ${#failed[@]} -eq 0 ]; then
  echo "All test layers passed."
else
  echo "Failed layers: ${failed[*]}"
  exit 1
fi
