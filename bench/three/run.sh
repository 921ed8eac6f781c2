#!/usr/bin/env bash
# Builds the dynskin-three examples and runs the side-by-side bench (bench.mjs) on them.
# Usage: bench/three/run.sh [EXAMPLES_DIR] [bench.mjs options: --rounds 3 --frames 120 ...]
# Needs what the examples' browser test needs: node, npm, Chromium (/usr/bin/chromium or
# $CHROMIUM), the web packages' npm install (packages/npm_ci_if_needed.sh: puppeteer-core) and
# dynskin-core's dist/ built (packages/dynskin-three/build.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$(realpath -m "${1:-$root/build-three-examples}")
[ $# -gt 0 ] && shift
"$root/packages/dynskin-three/examples/build.sh" "$out" >/dev/null
exec node "$root/bench/three/bench.mjs" "$out" "$@"
