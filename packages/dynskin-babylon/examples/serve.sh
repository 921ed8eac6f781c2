#!/usr/bin/env bash
# Builds the examples (build.sh) and serves them on http://127.0.0.1:PORT/ for a local browser:
# index.html (file drop and sliders), crowd.html?count=N (N characters).
# Usage: packages/dynskin-babylon/examples/serve.sh [OUT_DIR] [PORT]   (defaults: build-babylon-examples, 8000)
# Any static server does: the pages need no special headers (the WebAssembly is inside a module).
set -euo pipefail
examples=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$examples/../../.." && pwd)
out=$(realpath -m "${1:-$root/build-babylon-examples}")
port=${2:-8000}
"$examples/build.sh" "$out"
echo "Serving $out on http://127.0.0.1:$port/ (Ctrl+C stops)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out"
