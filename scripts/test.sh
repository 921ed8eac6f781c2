#!/usr/bin/env bash
# Builds dynskin and passes every test: the web build (WebAssembly, for the browser test
# that the release tests run), the release build (GCC), then the same suites built with
# clang under AddressSanitizer + UndefinedBehaviorSanitizer, then a bounded fuzzing run
# (libFuzzer, about a minute) of the glTF loader on a seed corpus of valid files.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh all

jobs=2
# ccache keeps the objects of earlier runs: a rebuild after a small change takes seconds.
# Paths are hashed relative to the clone's parent, so a clone in the same place hits.
launcher=()
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR="$(cd .. && pwd)" CCACHE_NOHASHDIR=1
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
echo "== web build (before the release build, whose tests then include the browser's)"
scripts/build-web.sh build-web

echo "== release build and tests"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DDYNSKIN_BUILD_TESTS=ON -DDYNSKIN_BUILD_BENCH=ON "${launcher[@]}"
cmake --build build -j "$jobs"
ctest --test-dir build --output-on-failure -j "$jobs"

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
CC=clang CXX=clang++ cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DDYNSKIN_SANITIZE=ON -DDYNSKIN_FUZZ=ON -DDYNSKIN_BUILD_BENCH=OFF "${launcher[@]}"
cmake --build build-asan -j "$jobs"
echo "== fuzzing the glTF loader"
ctest --test-dir build-asan --output-on-failure -L fuzz
echo "== the suites under the sanitizers"
ctest --test-dir build-asan --output-on-failure -j "$jobs" -LE fuzz
