#!/usr/bin/env bash
# Builds dynskin-three's dist/: the WebAssembly core (dist/dynskin-three-core.mjs, an ES module
# with the .wasm inlined, compiled by the repository's Emscripten build from dynskin's C++ core
# and wasm/dynskin_three.cpp) and the shader chunk generated from shaders/skinning.vert
# (dist/skinning-stage.js).
# Usage: packages/dynskin-three/build.sh [BUILD_WEB_DIR]   (default: the repository's build-web)
# A web build folder not configured yet is made by scripts/build-web.sh (which installs
# Emscripten and the dependencies from Debian); a configured one builds this target alone.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
web=$(realpath -m "${1:-$root/build-web}")
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}  # Emscripten's node modules (Debian)

if [ -f "$web/build.ninja" ]; then
  cmake --build "$web" --target dynskin-three-wasm
else
  "$root/scripts/build-web.sh" "$web"
fi
mkdir -p "$here/dist"
cp "$web/packages/dynskin-three/wasm/dynskin-three-core.mjs" "$here/dist/dynskin-three-core.mjs"
node "$here/scripts/generate-chunk.mjs" "$root/shaders/skinning.vert" "$here/dist/skinning-stage.js"
echo "Built $here/dist"
