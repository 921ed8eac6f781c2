#!/usr/bin/env bash
# Builds the viewer and launches it on the default bundled character (the bar). It installs
# only what the viewer needs (scripts/install-deps.sh viewer): no Blender, browser or test tools.
# Arguments go to the viewer: a .gltf/.glb file or a bundled character's name, --preset P,
# --headless --frames N --screenshot OUT.png (see: scripts/run.sh --help, docs/viewer.md).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh viewer

# The tests and benchmarks are configured only where their packages are (scripts/test.sh
# installs them): a newcomer's machine lacks GoogleTest, and a developer's build folder keeps
# its tests.
options=()
if ! dpkg-query -W -f='${Status}\n' libgtest-dev libbenchmark-dev 2>/dev/null | grep -c "install ok installed" | grep -qx 2; then
  options+=(-DDYNSKIN_BUILD_TESTS=OFF -DDYNSKIN_BUILD_BENCH=OFF)
fi
if command -v ccache >/dev/null 2>&1; then  # a rebuild after a pull then takes seconds
  export CCACHE_BASEDIR="$(cd .. && pwd)" CCACHE_NOHASHDIR=1
  options+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "${options[@]}" >/dev/null
cmake --build build -j 2 --target dynskin dynskin-cli
if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [[ " $* " != *" --help "* ]]; then
  echo "No display: running headless under xvfb-run and writing dynskin.png instead of opening a window." >&2
  exec xvfb-run -a build/src/app/dynskin "$@" --headless --frames 120 --screenshot dynskin.png
fi
exec build/src/app/dynskin "$@"
