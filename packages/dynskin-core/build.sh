#!/usr/bin/env bash
# Builds dynskin-core's dist/: the WebAssembly core (dist/dynskin-core.mjs, an ES module with
# the .wasm inlined, compiled by the repository's Emscripten build from dynskin's C++ core and
# wasm/joint_level_bindings.cpp) and the per-vertex stage's GLSL generated from
# shaders/skinning.vert (dist/skinning-stage.js).
# Usage: packages/dynskin-core/build.sh [BUILD_WEB_DIR]   (default: the repository's build-web)
# A web build folder not configured yet is made by scripts/build-web.sh (which installs
# Emscripten and the dependencies from Debian); a configured one builds this target alone.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
web=$(realpath -m "${1:-$root/build-web}")
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}  # Emscripten's node modules (Debian)

if [ -f "$web/build.ninja" ]; then
  cmake --build "$web" --target dynskin-core-wasm
else
  "$root/scripts/build-web.sh" "$web"
fi
mkdir -p "$here/dist"
cp "$web/packages/dynskin-core/wasm/dynskin-core.mjs" "$here/dist/dynskin-core.mjs"
node "$here/scripts/generate-stage.mjs" "$root/shaders/skinning.vert" "$here/dist/skinning-stage.js"
echo "Built $here/dist"
