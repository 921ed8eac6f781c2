#!/usr/bin/env bash
# Builds the examples into a folder a static server serves as is: the pages, dynskin-babylon
# and its dependency dynskin-core as npm packs them (so the pages load what a user installs),
# @babylonjs/core and @babylonjs/loaders as the web packages' pinned install has them
# (packages/package-lock.json), and the repository's bundled cow as the default character. The
# pages find them through an import map: no bundler, one copy of Babylon.js for the page and
# the plugin. The parameter controls (parameter-controls.js over parameters.js, generated from dynskin's parameter table),
# the fps meter and the stylesheet are dynskin-three's examples', which are engine-agnostic.
# Usage: packages/dynskin-babylon/examples/build.sh [OUT_DIR]   (default: build-babylon-examples)
# Needs node and npm, the web packages installed and dynskin-core's dist/ built first
# (packages/dynskin-babylon/test/run.sh --setup-only).
set -euo pipefail
examples=$(cd "$(dirname "$0")" && pwd)
package=$(dirname "$examples")
packages=$(dirname "$package")
root=$(cd "$packages/.." && pwd)
out=$(realpath -m "${1:-$root/build-babylon-examples}")

mkdir -p "$out"
# Babylon.js, copied again only when the pinned version changed (it is 100 MB of modules).
for name in core loaders; do
  installed="$packages/node_modules/@babylonjs/$name/package.json"
  [ -f "$installed" ] || { echo "error: no @babylonjs/$name in packages/node_modules (run packages/dynskin-babylon/test/run.sh --setup-only)" >&2; exit 1; }
  version=$(node -p "require('$installed').version")
  if [ ! -f "$out/@babylonjs/$name/package.json" ] || [ "$(node -p "require('$out/@babylonjs/$name/package.json').version")" != "$version" ]; then
    rm -rf "$out/@babylonjs/$name"
    mkdir -p "$out/@babylonjs"
    cp -r "$packages/node_modules/@babylonjs/$name" "$out/@babylonjs/$name"
  fi
done

# dynskin-babylon and dynskin-core as their tarballs hold them.
rm -rf "$out/dynskin-babylon" "$out/dynskin-core" "$out/_pack"
mkdir -p "$out/_pack"
for name in dynskin-babylon dynskin-core; do
  tarball=$(cd "$packages/$name" && npm pack --silent --pack-destination "$out/_pack" | tail -n 1)
  tar -xzf "$out/_pack/$tarball" -C "$out/_pack"
  mv "$out/_pack/package" "$out/$name"
done
rm -rf "$out/_pack"
for f in dynskin-babylon/src/index.js dynskin-core/src/index.js dynskin-core/dist; do
  [ -e "$out/$f" ] || { echo "error: the tarball has no $f (build dynskin-core first: packages/dynskin-babylon/test/run.sh --setup-only)" >&2; exit 1; }
done

cp "$examples"/*.js "$out/"
cp "$packages/dynskin-three/examples/parameters.js" "$packages/dynskin-three/examples/parameter-controls.js" "$packages/dynskin-three/examples/fps-meter.js" "$packages/dynskin-three/examples/style.css" "$out/"
# The pages with their shared head: the import map names dynskin-babylon's and dynskin-core's
# entries as their package.json exports them.
node --input-type=module - "$examples" "$out" <<'JS'
import fs from 'node:fs';
import path from 'node:path';
const [examples, out] = process.argv.slice(2);
const entry = (name) => {
  const exported = JSON.parse(fs.readFileSync(path.join(out, name, 'package.json'), 'utf8')).exports['.'];
  return `./${name}/${(typeof exported === 'string' ? exported : exported.import || exported.default).replace(/^\.\//, '')}`;
};
const map = { imports: { '@babylonjs/core': './@babylonjs/core/index.js', '@babylonjs/core/': './@babylonjs/core/',
  '@babylonjs/loaders/': './@babylonjs/loaders/', 'dynskin-babylon': entry('dynskin-babylon'), 'dynskin-core': entry('dynskin-core') } };
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
echo "Built the examples in $out (serve them: packages/dynskin-babylon/examples/serve.sh)"
