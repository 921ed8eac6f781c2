#!/usr/bin/env bash
# Builds dynskin and launches the viewer on the default bundled character (the bar).
# Arguments go to the viewer: a .gltf/.glb file or a bundled character's name, --preset P,
# --headless --frames N --screenshot OUT.png (see: scripts/run.sh --help).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j 2 --target dynskin dynskin-cli
if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [[ " $* " != *" --help "* ]]; then
  echo "No display: running headless under xvfb-run and writing dynskin.png instead of opening a window." >&2
  exec xvfb-run -a build/src/app/dynskin "$@" --headless --frames 120 --screenshot dynskin.png
fi
exec build/src/app/dynskin "$@"
