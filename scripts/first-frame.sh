#!/usr/bin/env bash
# Trunk's post-build hook (Trunk.toml): builds the first-frame module into the build's staging
# directory beside the lab's own files, as first-frame.js and first-frame_bg.wasm. It is this
# crate for wasm32 without the `lab` feature (src/web/first_frame.rs: the plot of a blank
# session, drawn before the lab has loaded), built the way trunk builds the lab: cargo,
# wasm-bindgen --target web, and in a release build wasm-opt -Oz. Its own target directory
# keeps the lab's build from being redone each time.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${TRUNK_STAGING_DIR:?run by trunk (TRUNK_STAGING_DIR is not set)}"
profile="${TRUNK_PROFILE:-release}"
target_dir="$root/target/first-frame"
export PATH="$root/scripts/node_modules/.bin:$PATH"

args=(build --lib --target wasm32-unknown-unknown --no-default-features --target-dir "$target_dir"
  --manifest-path "$root/Cargo.toml")
dir=debug
if [ "$profile" = release ]; then
  args+=(--release)
  dir=release
fi
cargo "${args[@]}"
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name first-frame \
  "$target_dir/wasm32-unknown-unknown/$dir/perceptron_lab.wasm"
if [ "$profile" = release ]; then
  wasm-opt -Oz --output "$out/first-frame_bg.opt.wasm" "$out/first-frame_bg.wasm"
  mv "$out/first-frame_bg.opt.wasm" "$out/first-frame_bg.wasm"
fi
