#!/usr/bin/env bash
# Installs whatever is missing to build and serve Perceptron Lab, and with --test also what the
# tests need. Idempotent: every step checks first and skips what is already there. Everything
# comes from package registries (crates.io, npm, Debian); trunk never downloads its own tools.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/scripts/node_modules/.bin:$PATH"

with_tests=false
[ "${1:-}" = "--test" ] && with_tests=true

say() { printf '==> %s\n' "$*"; }
apt_updated=false
apt_install() {
  if [ "$apt_updated" = false ]; then
    apt-get update -qq
    apt_updated=true
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

# Node.js and npm (wasm-opt and the browser tests come from npm).
if ! command -v npm >/dev/null 2>&1; then
  say "installing Node.js and npm"
  apt_install nodejs npm
fi

# The wasm32 target and the lint components.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi
for component in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$component"; then
    rustup component add "$component"
  fi
done

# trunk, pinned (0.22 needs a newer rustc than this machine's).
trunk_version=0.21.14
if ! trunk --version 2>/dev/null | grep -qF " $trunk_version"; then
  say "installing trunk $trunk_version (about 6 minutes the first time)"
  cargo install --locked trunk --version "$trunk_version"
fi

# wasm-bindgen-cli at exactly the version in Cargo.lock (Cargo.toml pins the crate with =).
bindgen_version=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
if [ -z "$bindgen_version" ]; then
  say "resolving dependencies to find the wasm-bindgen version"
  cargo generate-lockfile
  bindgen_version=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
fi
if ! wasm-bindgen --version 2>/dev/null | grep -qF " $bindgen_version"; then
  say "installing wasm-bindgen-cli $bindgen_version (about 2 minutes the first time)"
  cargo install --locked wasm-bindgen-cli --version "$bindgen_version" \
    || cargo install --force wasm-bindgen-cli --version "$bindgen_version"
fi

# wasm-opt from npm's binaryen (Debian's binaryen 108 silently breaks the module).
npm_install() { # DIR: install from the lock file when node_modules is missing or stale
  if [ ! -f "$1/node_modules/.package-lock.json" ] \
    || [ "$1/package-lock.json" -nt "$1/node_modules/.package-lock.json" ]; then
    say "installing npm packages in $1"
    (cd "$1" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
  fi
}
npm_install scripts

if [ "$with_tests" = true ]; then
  # Debian's Chromium and ChromeDriver: for the wasm tests and Playwright (no browser downloads).
  if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    say "installing Chromium and ChromeDriver"
    apt_install chromium chromium-driver
  fi
  npm_install tests/e2e
  # A font with Chinese characters (Debian's WenQuanYi Micro Hei, 5 MB), so that the e2e
  # screenshots of the lab in Chinese show its words, not empty boxes.
  if ! dpkg -s fonts-wqy-microhei >/dev/null 2>&1; then
    say "installing a font with Chinese characters"
    apt_install fonts-wqy-microhei
  fi
  # pandoc (Debian's): runs the Quarto extension's shortcode (tests/e2e/quarto.spec.js; Quarto
  # itself is not installable here: PyPI's quarto-cli downloads its binary from GitHub).
  if ! command -v pandoc >/dev/null 2>&1; then
    say "installing pandoc"
    apt_install pandoc
  fi
  # mdBook, pinned, for the book in docs/ (scripts/test.sh's layers docs-build and docs-links;
  # scripts/serve.sh does not build the docs). Without its default features: no server, file
  # watcher or search, which the build and the link check do not use.
  mdbook_version=0.5.4
  if ! mdbook --version 2>/dev/null | grep -qxF "mdbook v$mdbook_version"; then
    say "installing mdbook $mdbook_version (about 2 minutes the first time)"
    cargo install --locked mdbook --version "$mdbook_version" --no-default-features
  fi
  # A virtual environment under target/ (git-ignored), from PyPI: NumPy and scikit-learn for
  # the test that runs the snippets of "This run in code" (tests/emit_python.rs reads its python
  # from PERCEPTRON_PYTHON, which scripts/test.sh exports; scikit-learn pinned to the
  # reference), and for the Python package (python/): maturin to build its wheel, anywidget,
  # JupyterLab and ipykernel for the notebook test, pytest.
  sklearn_version=1.9.1
  venv=target/python-venv
  if ! "$venv/bin/python" -c "import numpy, sklearn, sys, maturin, anywidget, jupyterlab, ipykernel, pytest; sys.exit(sklearn.__version__ != '$sklearn_version')" 2>/dev/null; then
    say "installing NumPy, scikit-learn $sklearn_version, maturin, anywidget, JupyterLab and pytest into $venv"
    if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
      apt_install python3 python3-venv
    fi
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check numpy "scikit-learn==$sklearn_version" \
      maturin anywidget jupyterlab ipykernel pytest
  fi
fi
say "setup complete"
