#!/usr/bin/env bash
# Runs dynskin-babylon's browser tests (test/browser_test.mjs) after their setup: the npm
# packages of the web packages' package-lock.json (@babylonjs/core and @babylonjs/loaders
# 9.28.0, puppeteer-core, pinned; ../npm_ci_if_needed.sh) and dynskin-core's dist/ (its
# build.sh, from the Emscripten build in DYNSKIN_BUILD_WEB_DIR, by default the repository's build-web).
# Usage: packages/dynskin-babylon/test/run.sh [--setup-only] [SUITE...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
../npm_ci_if_needed.sh >/dev/null
../dynskin-core/build.sh "${DYNSKIN_BUILD_WEB_DIR:-}" >/dev/null
if [ "${1:-}" = --setup-only ]; then exit 0; fi
exec node test/browser_test.mjs "$@"
