#!/usr/bin/env bash
# Prints the Content-Security-Policy header value for the current build:
#   default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'
# plus one 'sha256-…' per inline <script> in dist/index.html, computed as the browser does:
# SHA-256 of the script's text exactly as written (UTF-8), base64. The page's own build has
# none (its loader is the file loader.js); a site that adds an inline script of its own to
# index.html gets its hash, so run this after each build.
#
#   scripts/csp.sh [DIST_DIR]     (default: dist/ in the repository root)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dist="${1:-$root/dist}"
index="$dist/index.html"
if [[ ! -f "$index" ]]; then
  echo "csp.sh: no $index; build first (trunk build --release)" >&2
  exit 1
fi

python3 - "$index" <<'PY'
import base64, hashlib, re, sys

html = open(sys.argv[1], encoding="utf-8").read()
hashes = []
for m in re.finditer(r"<script\b([^>]*)>([\s\S]*?)</script\s*>", html, re.IGNORECASE):
    if re.search(r"(^|\s)src\s*=", m.group(1), re.IGNORECASE):
        continue  # external script: covered by 'self'
    digest = hashlib.sha256(m.group(2).encode("utf-8")).digest()
    hashes.append("'sha256-%s'" % base64.b64encode(digest).decode("ascii"))
script_src = " ".join(["'self'", "'wasm-unsafe-eval'"] + hashes)
print(f"default-src 'self'; script-src {script_src}; style-src 'self'")
PY
