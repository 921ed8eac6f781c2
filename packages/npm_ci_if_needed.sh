#!/usr/bin/env bash
# Installs the web packages' development dependencies (package-lock.json, one for the npm
# workspaces dynskin-core and dynskin-three: three, puppeteer-core, @gltf-transform/core, and
# dynskin-three's dependency dynskin-core linked to ./dynskin-core) into node_modules with
# `npm ci`, unless the lock file has not changed since the last install. The first install
# downloads; later ones use npm's cache.
# Usage: packages/npm_ci_if_needed.sh
set -euo pipefail
packages=$(cd "$(dirname "$0")" && pwd)
stamp="$packages/node_modules/.installed-from-lock"
lock=$(sha256sum "$packages/package-lock.json" | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$lock" ]; then
  echo "node_modules is up to date with package-lock.json"
  exit 0
fi
(cd "$packages" && npm ci --prefer-offline --no-audit --no-fund --loglevel=error)
echo "$lock" > "$stamp"
echo "installed the web packages' development dependencies"
