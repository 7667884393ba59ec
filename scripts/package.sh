#!/usr/bin/env bash
# Builds what course authors take away, under target/:
#   scripts/package.sh mjs     target/packages/perceptron-lab.mjs: the whole lab in one ES module
#                              (WebAssembly, glue, styles and the anywidget `render` inside)
#   scripts/package.sh wheel   target/wheels/perceptron_lab-*.whl: the Python package (the Rust
#                              core natively through PyO3, and the Jupyter widget with the .mjs)
#   scripts/package.sh offline target/packages/perceptron-lab.html: the whole lab in one page
#                              that works from file:// with the network off
# Both start from the release page in target/dist-plain (built here when it is missing; set
# PACKAGE_DIST to use another build). Run scripts/setup.sh --test first for maturin.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/scripts/node_modules/.bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true
dist=${PACKAGE_DIST:-target/dist-plain}
venv=target/python-venv

page() {
  if [ ! -f "$dist/perceptron-lab_bg.wasm" ] || [ ! -f "$dist/embed.js" ]; then
    echo "==> building the release page into $dist"
    trunk build --release --dist "$dist"
  fi
}

mjs() { # OUT: the single-file module
  page
  node scripts/bundle.js "$dist" "$1"
}

case "${1:-}" in
  mjs)
    mjs target/packages/perceptron-lab.mjs
    ;;
  offline)
    mjs target/packages/perceptron-lab.mjs
    node scripts/offline-page.js "$dist" target/packages/perceptron-lab.mjs target/packages/perceptron-lab.html
    ;;
  wheel)
    mjs python/perceptron_lab/static/perceptron-lab.mjs
    rm -f target/wheels/perceptron_lab-*.whl
    "$venv/bin/maturin" build --release --quiet -m python/Cargo.toml -o target/wheels \
      --interpreter "$venv/bin/python"
    ls target/wheels/perceptron_lab-*.whl
    ;;
  *)
    echo "usage: scripts/package.sh mjs|offline|wheel" >&2
    exit 2
    ;;
esac
