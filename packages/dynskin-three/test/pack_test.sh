#!/usr/bin/env bash
# The package the way a user gets it: `npm pack`'s tarballs of dynskin-three and of its
# dependency dynskin-core installed into an empty project next to three r187 from npm, imported
# in node (ES module resolution of both entry points, dynskin-three and
# dynskin-three/gltf-transform, and the WebAssembly core loaded), and a small TypeScript file
# using the API type-checked with `tsc --noEmit` against the packages' own types.
# Usage: packages/dynskin-three/test/pack_test.sh [WORK_DIR]
# Needs node >= 20 and npm; the first run downloads the pinned versions below into npm's cache,
# later runs install from the cache (--prefer-offline) and need no network.
set -euo pipefail
package=$(cd "$(dirname "$0")/.." && pwd)
core=$(cd "$package/../dynskin-core" && pwd)
work=$(realpath -m "${1:-${TMPDIR:-/tmp}/dynskin-three-pack-test}")
# Pinned: what the package is tested with (three r187) and versions that run on node 20.
three=three@0.187.0
three_types=@types/three@0.187.0
typescript=typescript@5.9.3
gltf_transform=@gltf-transform/core@4.5.1

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
  "$core_tarball" "$tarball" "$three" "$three_types" "$typescript" "$gltf_transform"
echo "PASS installed with $three"

echo "== node: ES module resolution"
cat > import_check.mjs <<'JS'
import assert from 'node:assert/strict';
import * as dynskin from 'dynskin-three';
import * as dynskinCore from 'dynskin-core';
import { DynskinExtension, DynskinSettings, EXTENSION_NAME } from 'dynskin-three/gltf-transform';
import { Document, NodeIO } from '@gltf-transform/core';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';

assert.equal(typeof dynskin.DynskinPlugin, 'function', 'dynskin-three exports DynskinPlugin');
// The plugin is what GLTFLoader.register expects: made from a parser, named after the extension.
const loader = new GLTFLoader();
let plugin = null;
loader.register((parser) => (plugin = new dynskin.DynskinPlugin(parser)));
loader.parse(JSON.stringify({ asset: { version: '2.0' } }), '', () => {}, (e) => { throw e; });
assert.equal(plugin?.name, 'DYNSKIN_dynamic_skinning');
assert.equal(typeof dynskin.DynskinRuntime?.attach, 'function', 'dynskin-three exports DynskinRuntime.attach');
// One WebAssembly core, dynskin-core's, which node loads too.
assert.equal(dynskin.loadDynskinCore, dynskinCore.loadDynskinCore, 'dynskin-three\'s loadDynskinCore is dynskin-core\'s');
assert.equal(typeof (await dynskin.loadDynskinCore()).JointLevel, 'function', 'the core loads in node');
// The installed gltf-transform entry works with the project's own @gltf-transform/core.
const document = new Document();
const extension = document.createExtension(DynskinExtension);
document.createBuffer();
document.getRoot().setExtension(EXTENSION_NAME, extension.createSettings().setParameters({ mode: 'drag' }));
const json = await new NodeIO().registerExtensions([DynskinExtension]).writeJSON(document);
assert.deepEqual(json.json.extensions[EXTENSION_NAME], { version: 1, parameters: { mode: 'drag' } });
assert.ok(document.getRoot().getExtension(EXTENSION_NAME) instanceof DynskinSettings);
console.log('PASS import dynskin-three and dynskin-three/gltf-transform, load the core, write the extension');
JS
node import_check.mjs

echo "== tsc --noEmit: the types resolve"
cat > tsconfig.json <<'JSON'
{ "compilerOptions": { "strict": true, "noEmit": true, "target": "ES2022", "module": "NodeNext",
    "moduleResolution": "NodeNext", "lib": ["ESNext", "DOM"], "skipLibCheck": false,
    "types": [] },
  "files": ["usage.ts"] }
JSON
cat > usage.ts <<'TS'
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { DynskinPlugin, type DynskinParameters } from 'dynskin-three';
import { DynskinExtension, DynskinSettings, EXTENSION_NAME } from 'dynskin-three/gltf-transform';
import { NodeIO } from '@gltf-transform/core';

// The settings' types are dynskin-core's, re-exported by dynskin-three.
const wobbly: DynskinParameters = { mode: 'dynamic', oscillation: { frequency: 3 } };

export async function play(url: string, scene: THREE.Scene): Promise<(dt: number) => void> {
  const loader = new GLTFLoader();
  loader.register((parser) => new DynskinPlugin(parser, { parameters: wobbly }));
  const gltf = await loader.loadAsync(url);
  scene.add(gltf.scene);
  const mixer = new THREE.AnimationMixer(gltf.scene);
  mixer.clipAction(gltf.animations[0]).play();
  return (dt: number) => {
    mixer.update(dt);
    gltf.userData.dynskin?.update(dt);
  };
}

export async function frequencyOf(path: string): Promise<number | undefined> {
  const document = await new NodeIO().registerExtensions([DynskinExtension]).read(path);
  return document.getRoot().getExtension<DynskinSettings>(EXTENSION_NAME)?.getParameters().oscillation?.frequency;
}
TS
npx --no-install tsc -p tsconfig.json
# The check must be able to fail: uses the types forbid are errors, in both entry points and
# in the settings' types dynskin-three re-exports.
cat > wrong_plugin.ts <<'TS'
import { DynskinPlugin } from 'dynskin-three';
export const wrong: number = DynskinPlugin;
TS
cat > wrong_settings.ts <<'TS'
import { DynskinSettings } from 'dynskin-three/gltf-transform';
export const wrong = (settings: DynskinSettings) => settings.setParameters({ mode: 'wobbly' });
TS
cat > wrong_parameters.ts <<'TS'
import type { DynskinParameters } from 'dynskin-three';
export const wrong: DynskinParameters = { mode: 'wobbly' };
TS
for wrong in wrong_plugin.ts wrong_settings.ts wrong_parameters.ts; do
  if npx --no-install tsc --noEmit --strict --module NodeNext --moduleResolution NodeNext --target ES2022 --lib ESNext,DOM "$wrong" >/dev/null 2>&1; then
    echo "FAIL tsc accepted $wrong, a wrong use of the types (they are not checked)"; exit 1
  fi
done
echo "PASS tsc --noEmit on a TypeScript file using the API (and it rejects a wrong one)"
echo "all checks passed"
