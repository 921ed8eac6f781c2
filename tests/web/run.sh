#!/usr/bin/env bash
# Runs one browser test (tests/web/NAME_test.js) against the web build in headless Chromium.
# Usage: tests/web/run.sh NAME [BUILD_WEB_DIR] [DYNSKIN_CLI]
#   BUILD_WEB_DIR: scripts/build-web.sh's output (default build-web); puppeteer-core@24 is
#   looked for in its _deps/puppeteer (npm install --prefix build-web/_deps/puppeteer
#   puppeteer-core@24; version 25 needs node >= 22.12) or on NODE_PATH.
#   DYNSKIN_CLI: the native dynskin-cli, for comparisons with the native build (skipped without it).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
name=${1:?usage: tests/web/run.sh NAME [BUILD_WEB_DIR] [DYNSKIN_CLI]}
web=$(realpath -m "${2:-$root/build-web}")
export NODE_PATH="$web/_deps/puppeteer/node_modules${NODE_PATH:+:$NODE_PATH}"
exec node "$root/tests/web/${name}_test.js" "$web" "${3:-}"
