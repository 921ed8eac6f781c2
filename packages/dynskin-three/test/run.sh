#!/usr/bin/env bash
# Runs dynskin-three's browser tests (test/browser_test.mjs) after their setup: the npm
# packages from package-lock.json (three r187 and puppeteer-core, pinned) and dist/ (build.sh,
# from the Emscripten build in BUILD_WEB_DIR, by default the repository's build-web).
# Usage: packages/dynskin-three/test/run.sh [--setup-only] [SUITE...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
if [ ! -d node_modules/three ] || [ ! -d node_modules/puppeteer-core ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing the npm packages of package-lock.json"
  npm ci --no-audit --no-fund >/dev/null
fi
./build.sh "${DYNSKIN_BUILD_WEB_DIR:-}" >/dev/null
if [ "${1:-}" = --setup-only ]; then exit 0; fi
exec node test/browser_test.mjs "$@"
