#!/usr/bin/env bash
# dynskin-babylon against Babylon.js's plain skinning (bench.mjs): installs what the bench needs
# first (the web packages' pinned npm packages, dynskin-core's dist/ when missing), then runs it
# on the public Fox (../shared/rigs/wild/Fox.glb, read from there, never copied here) or, when
# it is absent, the bundled cow.
# Usage: bench/babylon/bench.sh [bench.mjs options: --file FILE.glb --clip NAME --sizes 1,10,100 --frames 120,40,12 --rounds 3]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
"$root/packages/npm_ci_if_needed.sh" >/dev/null
[ -f "$root/packages/dynskin-core/dist/dynskin-core.mjs" ] || "$root/packages/dynskin-core/build.sh" >/dev/null
exec node "$root/bench/babylon/bench.mjs" "$@"
