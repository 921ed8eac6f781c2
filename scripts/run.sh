#!/usr/bin/env bash
# Builds dynskin and runs it. Until the viewer lands this runs dynskin-cli: with no argument
# it traces the tip of the bundled bar through its clip (CSV on stdout); any arguments are
# passed to dynskin-cli (try: scripts/run.sh --help).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j 2 --target dynskin-cli
if [ $# -eq 0 ]; then
  set -- trace bar --clip turn_and_stop --vertex 983 --duration 4
fi
exec build/src/cli/dynskin-cli "$@"
