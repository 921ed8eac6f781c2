#!/usr/bin/env bash
# Builds the Blender add-on's zips into dist/ (docs/blender.md): the module in the release
# build, then blender/package.py. Installs what it needs first, like the other scripts.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh all
launcher=()
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR="$(cd .. && pwd)" CCACHE_NOHASHDIR=1
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}"
cmake --build build -j 2 --target dynskin_python
/usr/bin/python3 blender/package.py --module build/python/dynskin.cpython-311-x86_64-linux-gnu.so --out dist
