#!/usr/bin/env bash
# Serves the web build (scripts/build-web.sh) on http://127.0.0.1:PORT/ for a local browser.
# Usage: scripts/serve-web.sh [BUILD_DIR] [PORT]   (defaults: build-web, 8000)
#
# Any static file server does: the build is single-threaded, so it needs no COOP/COEP
# headers; python3's serves .wasm as application/wasm (streaming compilation).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(realpath -m "${1:-$root/build-web}")
port=${2:-8000}
if [ ! -f "$dir/index.html" ] || [ ! -f "$dir/dynskin.wasm" ]; then
  echo "error: no web build in $dir (run scripts/build-web.sh first)" >&2
  exit 1
fi
echo "Serving $dir on http://127.0.0.1:$port/ (Ctrl+C stops)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$dir"
