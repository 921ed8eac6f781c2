#!/usr/bin/env bash
# dynskin-three against three-vrm's spring bones on the public Fox (fox.mjs). Installs what the
# bench needs first: the web packages' development dependencies (three, puppeteer-core),
# dynskin-core's dist/ when missing (packages/dynskin-three/build.sh), and @pixiv/three-vrm-springbone 3.5.5
# into build-three-bench/ (git-ignored; npm's cache serves later runs offline). The Fox is
# read from ../shared/rigs/wild/Fox.glb (never copied here); the bench says so and stops when
# it is absent.
# Usage: bench/three/fox.sh [fox.mjs options: --sizes 1,10,100 --steps 60,30,display,jittered --rounds 3 --frames 600 --profile]
#        bench/three/fox.sh --install-only   (what it needs, and nothing run)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
fox="$root/../shared/rigs/wild/Fox.glb"
if [ ! -f "$fox" ]; then
  echo "SKIP: $fox is absent (the public Fox, which the bench reads from ../shared/rigs/wild)"
  exit 0
fi
springbone_version=3.5.5
deps="$root/build-three-bench"

"$root/packages/npm_ci_if_needed.sh" >/dev/null
[ -f "$root/packages/dynskin-core/dist/dynskin-core.mjs" ] || "$root/packages/dynskin-three/build.sh" >/dev/null
installed="$deps/node_modules/@pixiv/three-vrm-springbone/package.json"
if [ ! -f "$installed" ] || [ "$(node -p "require('$installed').version")" != "$springbone_version" ]; then
  mkdir -p "$deps"
  [ -f "$deps/package.json" ] || echo '{"private":true}' > "$deps/package.json"
  # three itself is the web packages' (the page imports one three): not three-vrm's peer.
  npm install --prefix "$deps" --prefer-offline --no-audit --no-fund --legacy-peer-deps --loglevel=error \
    "@pixiv/three-vrm-springbone@$springbone_version"
fi
[ "${1:-}" = --install-only ] && exit 0  # (fox_instructions.sh's first step)
exec node "$root/bench/three/fox.mjs" --fox "$fox" --vrm "$deps/node_modules" "$@"
