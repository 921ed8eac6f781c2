#!/usr/bin/env bash
# Installs dynskin-three's development dependencies (package-lock.json: three, puppeteer-core,
# @gltf-transform/core) into its node_modules with `npm ci`, unless the lock file has not
# changed since the last install. The first install downloads; later ones use npm's cache.
# Usage: packages/dynskin-three/test/npm_ci_if_needed.sh
set -euo pipefail
package=$(cd "$(dirname "$0")/.." && pwd)
stamp="$package/node_modules/.installed-from-lock"
lock=$(sha256sum "$package/package-lock.json" | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$lock" ]; then
  echo "node_modules is up to date with package-lock.json"
  exit 0
fi
(cd "$package" && npm ci --prefer-offline --no-audit --no-fund --loglevel=error)
echo "$lock" > "$stamp"
echo "installed dynskin-three's development dependencies"
