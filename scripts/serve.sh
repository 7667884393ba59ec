#!/usr/bin/env bash
# Installs whatever is missing, builds the release page and serves it on http://127.0.0.1:8080/.
# The page as shipped: without the cargo feature `test-hooks` (scripts/test.sh builds dist/ with
# it for the e2e tests; run this again afterwards to serve the plain page).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PWD/scripts/node_modules/.bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true
echo "==> building; then open http://127.0.0.1:8080/ (Ctrl-C stops the server)"
exec trunk serve --release "$@"
