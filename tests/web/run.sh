#!/usr/bin/env bash
# Runs the browser viewer's test (viewer_test.js) in headless Chromium.
# Usage: tests/web/run.sh [BUILD_WEB_DIR] [DYNSKIN_CLI]
#   BUILD_WEB_DIR: scripts/build-web.sh's output (default build-web); puppeteer-core@24 is
#   looked for in its _deps/puppeteer (npm install --prefix build-web/_deps/puppeteer
#   puppeteer-core@24; version 25 needs node >= 22.12) or on NODE_PATH.
#   DYNSKIN_CLI: the native dynskin-cli, for the deformation comparison (skipped without it).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
web=$(realpath -m "${1:-$root/build-web}")
export NODE_PATH="$web/_deps/puppeteer/node_modules${NODE_PATH:+:$NODE_PATH}"
exec node "$root/tests/web/viewer_test.js" "$web" "${2:-}"
