#!/usr/bin/env bash
# The package the way a user gets it: `npm pack`'s tarballs of dynskin-babylon and of its
# dependency dynskin-core installed into an empty project next to @babylonjs/core and
# @babylonjs/loaders from npm, imported in node (ES module resolution, the WebAssembly core
# loaded), and a small TypeScript file using the API type-checked with `tsc --noEmit` against
# the packages' own types and Babylon.js's.
# Usage: packages/dynskin-babylon/test/pack_test.sh [WORK_DIR]
# Needs node >= 20 and npm; the first run downloads the pinned versions below into npm's cache,
# later runs install from the cache (--prefer-offline) and need no network.
set -euo pipefail
package=$(cd "$(dirname "$0")/.." && pwd)
core=$(cd "$package/../dynskin-core" && pwd)
work=$(realpath -m "${1:-${TMPDIR:-/tmp}/dynskin-babylon-pack-test}")
# Pinned: what the package is tested with, and a TypeScript that runs on node 20.
babylon_core=@babylonjs/core@9.28.0
babylon_loaders=@babylonjs/loaders@9.28.0
typescript=typescript@5.9.3

rm -rf "$work"
mkdir -p "$work/project"
echo "== npm pack"
pack() {  # PACKAGE_DIR: its tarball's path
  local tarball
  tarball=$(cd "$1" && npm pack --silent --pack-destination "$work" | tail -n 1)
  [ -f "$work/$tarball" ] || { echo "FAIL npm pack wrote no tarball for $1" >&2; exit 1; }
  # Nothing of the repository's development files in the tarball: a user downloads it.
  if tar -tzf "$work/$tarball" | grep -E '(^|/)(node_modules|test|scripts|wasm)/|\.map$' >&2; then
    echo "FAIL $tarball holds development files (listed above)" >&2; exit 1
  fi
  echo "$work/$tarball"
}
tarball=$(pack "$package")
core_tarball=$(pack "$core")
tar -tzf "$core_tarball" | grep -x 'package/dist/dynskin-core.mjs' >/dev/null || { echo "FAIL dynskin-core's tarball has no dist/ (build it: packages/dynskin-core/build.sh)"; exit 1; }
echo "PASS packed $(basename "$tarball") and $(basename "$core_tarball"), without node_modules, tests, build sources or source maps"

cd "$work/project"
cat > package.json <<'JSON'
{ "name": "an-empty-project", "version": "1.0.0", "private": true, "type": "module" }
JSON
echo "== npm install (an empty project)"
npm install --prefer-offline --no-audit --no-fund --loglevel=error \
  "$core_tarball" "$tarball" "$babylon_core" "$babylon_loaders" "$typescript"
echo "PASS installed with $babylon_core and $babylon_loaders"

echo "== node: ES module resolution"
cat > import_check.mjs <<'JS'
import assert from 'node:assert/strict';
import * as dynskin from 'dynskin-babylon';
import * as dynskinCore from 'dynskin-core';
import { registeredGLTFExtensions } from '@babylonjs/loaders/glTF/2.0/glTFLoaderExtensionRegistry.js';

assert.equal(typeof dynskin.registerDynskin, 'function', 'dynskin-babylon exports registerDynskin');
dynskin.registerDynskin();
assert.ok(registeredGLTFExtensions.has('DYNSKIN_dynamic_skinning'), "registerDynskin registers with the project's Babylon.js loader");
assert.equal(typeof dynskin.DynskinRuntime?.attach, 'function', 'dynskin-babylon exports DynskinRuntime.attach');
assert.equal(dynskin.loadDynskinCore, dynskinCore.loadDynskinCore, "dynskin-babylon's loadDynskinCore is dynskin-core's");
assert.equal(typeof (await dynskin.loadDynskinCore()).JointLevel, 'function', 'the core loads in node');
console.log('PASS import dynskin-babylon, register the loader extension, load the core');
JS
node import_check.mjs

echo "== tsc --noEmit: the types resolve"
cat > tsconfig.json <<'JSON'
{ "compilerOptions": { "strict": true, "noEmit": true, "target": "ES2022", "module": "NodeNext",
    "moduleResolution": "NodeNext", "lib": ["ESNext", "DOM"], "skipLibCheck": true,
    "types": [] },
  "files": ["usage.ts"] }
JSON
cat > usage.ts <<'TS'
import { Scene, ImportMeshAsync } from '@babylonjs/core';
import '@babylonjs/loaders/glTF/index.js';
import { registerDynskin, DynskinRuntime, type DynskinParameters } from 'dynskin-babylon';

// The settings' types are dynskin-core's, re-exported by dynskin-babylon.
const wobbly: DynskinParameters = { mode: 'dynamic', oscillation: { frequency: 3 } };

export async function play(url: string, scene: Scene): Promise<DynskinRuntime | undefined> {
  registerDynskin({ parameters: wobbly });
  const result = await ImportMeshAsync(url, scene);
  const dynskin: DynskinRuntime | undefined = result.meshes[0].metadata?.dynskin;
  dynskin?.setJointSettings('tail', { gain: 2 });
  if (dynskin) dynskin.autoUpdate = false;
  dynskin?.update(1 / 60);
  dynskin?.updateWithAnimationGroups(result.animationGroups, scene.deltaTime / 1000);
  return dynskin;
}
TS
npx --no-install tsc -p tsconfig.json
# Babylon.js's own declarations do not pass skipLibCheck false (theirs, not ours): ours must.
if npx --no-install tsc --noEmit --strict --module NodeNext --moduleResolution NodeNext --target ES2022 --lib ESNext,DOM usage.ts 2>&1 | grep -E 'node_modules/dynskin-(babylon|core)/'; then
  echo "FAIL the packages' declarations have errors (listed above)"; exit 1
fi
# The check must be able to fail: uses the types forbid are errors.
cat > wrong_parameters.ts <<'TS'
import type { DynskinParameters } from 'dynskin-babylon';
export const wrong: DynskinParameters = { mode: 'wobbly' };
TS
cat > wrong_runtime.ts <<'TS'
import { DynskinRuntime } from 'dynskin-babylon';
export const wrong = (runtime: DynskinRuntime) => runtime.update('soon');
TS
for wrong in wrong_parameters.ts wrong_runtime.ts; do
  if npx --no-install tsc --noEmit --strict --skipLibCheck --module NodeNext --moduleResolution NodeNext --target ES2022 --lib ESNext,DOM "$wrong" >/dev/null 2>&1; then
    echo "FAIL tsc accepted $wrong, a wrong use of the types (they are not checked)"; exit 1
  fi
done
echo "PASS tsc --noEmit on a TypeScript file using the API (and it rejects a wrong one)"
echo "all checks passed"
