#!/usr/bin/env bash
# Builds what course authors take away, under target/:
#   scripts/package.sh mjs     target/packages/perceptron-lab.mjs: the whole lab in one ES module
#                              (WebAssembly, glue, styles and the anywidget `render` inside)
#   scripts/package.sh wheel   target/wheels/perceptron_lab-*.whl: the Python package (the Rust
#                              core natively through PyO3, and the Jupyter widget with the .mjs)
#   scripts/package.sh offline target/packages/perceptron-lab.html: the whole lab in one page
#                              that works from file:// with the network off
#   scripts/package.sh quarto  target/packages/perceptron-lab-quarto.zip: the Quarto extension
#                              (_extensions/perceptron-lab: the shortcode and the module), for
#                              `quarto add perceptron-lab-quarto.zip`; also unzipped beside it
#   scripts/package.sh scorm --exercise LINK [--title T] [--pass 80] [--out FILE.zip]
#                              a SCORM 1.2 package of an exercise set (default
#                              target/packages/perceptron-lab-scorm-ID.zip): a launch page that
#                              opens the set and reports to the LMS, and its imsmanifest.xml
# All start from the release page in target/dist-plain (built here when it is missing; set
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
  quarto)
    ext=target/packages/quarto/_extensions/perceptron-lab
    rm -rf target/packages/quarto
    mkdir -p "$ext"
    cp quarto/_extensions/perceptron-lab/_extension.yml quarto/_extensions/perceptron-lab/perceptron-lab.lua \
      quarto/_extensions/perceptron-lab/perceptron-lab-reveal.js "$ext/"
    mjs "$ext/perceptron-lab.mjs"
    rm -f target/packages/perceptron-lab-quarto.zip
    (cd target/packages/quarto && python3 -m zipfile -c ../perceptron-lab-quarto.zip _extensions)
    echo target/packages/perceptron-lab-quarto.zip
    ;;
  scorm)
    shift
    exercise="" title="" pass=80 out=""
    while [ $# -gt 0 ]; do
      case "$1" in
        --exercise) exercise=${2-}; shift 2 ;;
        --title) title=${2-}; shift 2 ;;
        --pass) pass=${2-}; shift 2 ;;
        --out) out=${2-}; shift 2 ;;
        *) echo "scripts/package.sh scorm: unknown option $1" >&2; exit 2 ;;
      esac
    done
    if [ -z "$exercise" ]; then
      echo 'usage: scripts/package.sh scorm --exercise "xv=1&…" [--title T] [--pass 0-100] [--out FILE.zip]' >&2
      exit 2
    fi
    case "$pass" in ''|*[!0-9]*) echo "scripts/package.sh scorm: --pass is a whole number 0 to 100, not $pass" >&2; exit 2 ;; esac
    if [ "$pass" -gt 100 ]; then echo "scripts/package.sh scorm: --pass is 0 to 100, not $pass" >&2; exit 2; fi
    exercise=${exercise#*#} # a whole address: its fragment
    # The link is opened as the page opens it: a set that cannot start is said here, not in
    # the LMS.
    checked=$(cargo run --quiet --bin perceptron-trace -- --check-link "$exercise")
    read -r id set_title < <(node -e '
      const c = JSON.parse(process.argv[1]);
      if (!c.exercise) { console.error("scripts/package.sh scorm: the link holds no exercise set (xv=1&…)"); process.exit(2); }
      console.log(c.exercise.id, c.exercise.title);' "$checked")
    title=${title:-$set_title}
    out=${out:-target/packages/perceptron-lab-scorm-$id.zip}
    mjs target/packages/perceptron-lab.mjs
    stage=$(mktemp -d)
    trap 'rm -rf "$stage"' EXIT
    node scripts/scorm-package.js "$dist" target/packages/perceptron-lab.mjs "$stage" "$exercise" "$id" "$title" "$pass"
    mkdir -p "$(dirname "$out")"
    rm -f "$out"
    out_abs="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")"
    (cd "$stage" && python3 -m zipfile -c "$out_abs" imsmanifest.xml index.html)
    echo "$out"
    ;;
  *)
    echo "usage: scripts/package.sh mjs|offline|wheel|quarto|scorm" >&2
    exit 2
    ;;
esac
