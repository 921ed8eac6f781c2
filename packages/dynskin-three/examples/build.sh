#!/usr/bin/env bash
# Builds the examples into a folder a static server serves as is: the pages, dynskin-three and
# its dependency dynskin-core as npm packs them (so the pages load what a user installs), three
# r187 from npm, and the repository's bundled cow as the default character. The pages find
# three, dynskin-three and dynskin-core through an import map: no bundler, and one copy of
# three for the plugin and the page.
# Usage: packages/dynskin-three/examples/build.sh [OUT_DIR]   (default: build-three-examples)
# Needs node and npm; dynskin-core's dist/ built first (packages/dynskin-three/build.sh).
# The first run downloads three into OUT_DIR/_deps (npm's cache serves later runs offline).
set -euo pipefail
examples=$(cd "$(dirname "$0")" && pwd)
package=$(dirname "$examples")
root=$(cd "$package/../.." && pwd)
out=$(realpath -m "${1:-$root/build-three-examples}")
three_version=0.187.0  # the three.js the package is tested with

mkdir -p "$out/_deps"
if [ ! -f "$out/_deps/node_modules/three/package.json" ] ||
   [ "$(node -p "require('$out/_deps/node_modules/three/package.json').version")" != "$three_version" ]; then
  (cd "$out/_deps" && [ -f package.json ] || echo '{"private":true}' > package.json)
  npm install --prefix "$out/_deps" --prefer-offline --no-audit --no-fund --loglevel=error "three@$three_version"
fi

# three: the module builds (WebGPURenderer's and TSL's for webgpu.html) and the add-ons the pages
# import (GLTFLoader needs the two utils; its meshopt decoder opens compressed files).
three="$out/_deps/node_modules/three"
rm -rf "$out/three"
mkdir -p "$out/three/build" "$out/three/addons/loaders" "$out/three/addons/utils" "$out/three/addons/controls" \
  "$out/three/addons/libs"
cp "$three/build/three.module.js" "$three/build/three.core.js" "$three/build/three.webgpu.js" "$three/build/three.tsl.js" "$out/three/build/"
cp "$three/examples/jsm/loaders/GLTFLoader.js" "$out/three/addons/loaders/"
cp "$three/examples/jsm/utils/BufferGeometryUtils.js" "$three/examples/jsm/utils/SkeletonUtils.js" "$out/three/addons/utils/"
cp "$three/examples/jsm/controls/OrbitControls.js" "$out/three/addons/controls/"
cp "$three/examples/jsm/libs/meshopt_decoder.module.js" "$out/three/addons/libs/"  # meshopt-compressed files
cp "$three/LICENSE" "$out/three/"

# dynskin-three and dynskin-core as their tarballs hold them.
rm -rf "$out/dynskin-three" "$out/dynskin-core" "$out/_deps/pack"
mkdir -p "$out/_deps/pack"
for name in dynskin-three dynskin-core; do
  tarball=$(cd "$package/../$name" && npm pack --silent --pack-destination "$out/_deps/pack" | tail -n 1)
  tar -xzf "$out/_deps/pack/$tarball" -C "$out/_deps/pack"
  mv "$out/_deps/pack/package" "$out/$name"
done
for f in dynskin-three/src/index.js dynskin-core/src/index.js dynskin-core/dist; do
  [ -e "$out/$f" ] || { echo "error: the tarball has no $f (build the packages first: packages/dynskin-three/build.sh)" >&2; exit 1; }
done

cp "$examples"/*.js "$examples"/*.css "$out/"
# The pages with their shared head: the import map names dynskin-three's and dynskin-core's
# entries as their package.json exports them.
node --input-type=module - "$examples" "$out" <<'JS'
import fs from 'node:fs';
import path from 'node:path';
const [examples, out] = process.argv.slice(2);
const entry = (name) => {
  const exported = JSON.parse(fs.readFileSync(path.join(out, name, 'package.json'), 'utf8')).exports['.'];
  return `./${name}/${(typeof exported === 'string' ? exported : exported.import || exported.default).replace(/^\.\//, '')}`;
};
const map = { imports: { three: './three/build/three.module.js', 'three/addons/': './three/addons/',
  'three/webgpu': './three/build/three.webgpu.js', 'three/tsl': './three/build/three.tsl.js',
  'dynskin-three': entry('dynskin-three'), 'dynskin-core': entry('dynskin-core') } };
// What every page's head holds: no favicon request (a 404 in the console), the stylesheet, the map.
const head = ['<link rel="icon" href="data:,">', '<link rel="stylesheet" href="style.css">',
  `<script type="importmap">${JSON.stringify(map)}</script>`].map((line) => `  ${line}\n`).join('');
for (const page of fs.readdirSync(examples).filter((f) => f.endsWith('.html'))) {
  const text = fs.readFileSync(path.join(examples, page), 'utf8');
  const placed = text.replace(/^ *<!-- head:.*-->\n/m, head);
  if (placed === text) throw new Error(`${page} has no <!-- head: --> line`);
  fs.writeFileSync(path.join(out, page), placed);
}
JS
mkdir -p "$out/models"
cp "$root/assets/cow.glb" "$out/models/"
echo "Built the examples in $out (serve them: packages/dynskin-three/examples/serve.sh)"
