#!/usr/bin/env bash
# Makes the documentation's pictures again from the viewer and dynskin-cli, headless, so that
# they show today's panels (run it after changing a panel, and look at them before committing).
# Usage: scripts/screenshots.sh [BUILD_DIR]      (default: build; builds dynskin and dynskin-cli there)
#
# Made here, into docs/screenshots/:
#   viewer-bar.png           the bar 2.5 s into its clip, the default panels       (README, viewer.md)
#   viewer-drag.png          the bar's tip dragged, with the LBS ghost              (viewer.md)
#   viewer-paint.png         a stroke of the bend layer, with the brush circle      (viewer.md)
#   viewer-export.png        a bake of the cow's walk in progress                   (viewer.md)
#   wobble.png               an animated PNG of the bar stopping dead (dynskin-cli render, < 1 MB)
#   web-dragon.png           the browser viewer in headless Chromium, the dragon 2 s into its
#                            take-off (browser.md; scripts/web-screenshot.js, when build-web has
#                            the web build: scripts/build-web.sh)
# Made elsewhere, by hand or by other tools (this script says so and leaves them):
#   viewer-visualiser.png                      set up by hand in the viewer (no panels in it), F12
#   bundled-characters.png                     eight viewer screenshots, without the panels, tiled
#   blender-panel.png, blender-render.png      blender/pictures/make.sh (needs Blender)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
out=$(pwd)/docs/screenshots
if [ ! -d "$build" ]; then
  scripts/install-deps.sh viewer
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DDYNSKIN_BUILD_TESTS=OFF -DDYNSKIN_BUILD_BENCH=OFF >/dev/null
fi
cmake --build "$build" -j 2 --target dynskin dynskin-cli
viewer=$(realpath "$build/src/app/dynskin")
cli=$(realpath "$build/src/cli/dynskin-cli")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
headless=(xvfb-run -a -s "-screen 0 1280x800x24")

echo "== viewer-bar.png"
"${headless[@]}" "$viewer" bar --headless --frames 150 --size 1280x800 --screenshot "$out/viewer-bar.png"

echo "== viewer-drag.png"
# G shows the LBS ghost; the cursor takes the tip (joint 4) and drags it left and up, still
# moving when the picture is taken, so the skin lags behind the turning bone.
cat > "$work/drag.json" <<'EOF'
[{"frame": 1, "key": "G"}, {"frame": 5, "joint": 4}, {"frame": 6, "press": "left"},
 {"frame": 8, "move": [-12, 2]}, {"frame": 10, "move": [-12, 2]}, {"frame": 12, "move": [-12, 3]},
 {"frame": 14, "move": [-12, 4]}, {"frame": 16, "move": [-12, 5]}, {"frame": 18, "move": [-12, 6]},
 {"frame": 20, "move": [-12, 7]}, {"frame": 22, "move": [-12, 8]}, {"frame": 24, "move": [-12, 9]}]
EOF
"${headless[@]}" "$viewer" bar --clip none --script "$work/drag.json" --headless --frames 25 --size 1280x800 \
  --screenshot "$out/viewer-drag.png"

echo "== viewer-paint.png"
# P: the paint tool (and the colour map of the bend layer); one stroke along the middle joint.
cat > "$work/paint.json" <<'EOF'
[{"frame": 1, "key": "P"}, {"frame": 5, "joint": 2}, {"frame": 6, "press": "left"},
 {"frame": 8, "move": [0, -20]}, {"frame": 10, "move": [0, -20]}, {"frame": 12, "move": [0, -20]},
 {"frame": 14, "release": "left"}, {"frame": 16, "joint": 1}]
EOF
"${headless[@]}" "$viewer" bar --clip none --script "$work/paint.json" --headless --frames 20 --size 1280x800 \
  --screenshot "$out/viewer-paint.png"

echo "== viewer-export.png"
# Clicks at the panel's headers and buttons where today's panels draw them at 1280x800: close
# Dynamic skinning and Animation, open Export and record, press Export baked glTF....
# After a panel changes, look at the picture; if the headers moved, take one frame
# (--frames 20 --screenshot) to read the new positions and update them here.
cat > "$work/export.json" <<'EOF'
[{"frame": 5, "at": [100, 257]}, {"frame": 6, "press": "left"}, {"frame": 7, "release": "left"},
 {"frame": 9, "at": [100, 131]}, {"frame": 10, "press": "left"}, {"frame": 11, "release": "left"},
 {"frame": 13, "at": [100, 278]}, {"frame": 14, "press": "left"}, {"frame": 15, "release": "left"},
 {"frame": 17, "at": [85, 417]}, {"frame": 18, "press": "left"}, {"frame": 19, "release": "left"},
 {"frame": 21, "at": [900, 700]}]
EOF
# The bake writes cow_baked.glb into the current folder: the temporary one. Its steps take a
# few milliseconds of each frame, so three frames after the press it is still running.
(cd "$work" && "${headless[@]}" "$viewer" cow --script export.json --headless --frames 22 --size 1280x800 \
  --screenshot "$out/viewer-export.png")

echo "== wobble.png"
# The bar's clip at 15 fps; from 1.6 s on it swings back up and stops dead: the tip lags,
# overshoots and settles. 36 frames, looping.
"${headless[@]}" "$cli" render bar --clip turn_and_stop --frames 60 --fps 15 --size 300x240 -o "$work/wobble" >/dev/null
/usr/bin/python3 scripts/png_frames.py apng "$out/wobble.png" 15 $(ls "$work/wobble"/frame_*.png | sed -n '25,60p')
size=$(stat -c %s "$out/wobble.png")
if [ "$size" -gt 1000000 ]; then
  echo "warning: $out/wobble.png is $size bytes; keep the README's animation under 1 MB (a smaller --size)" >&2
fi

made="viewer-bar.png viewer-drag.png viewer-paint.png viewer-export.png wobble.png"
if [ -f build-web/index.html ] && [ -d build-web/_deps/puppeteer/node_modules ]; then
  NODE_PATH=build-web/_deps/puppeteer/node_modules node scripts/web-screenshot.js build-web dragon 2 "$out/web-dragon.png"
  made="$made web-dragon.png"
else
  echo "No web build in build-web (scripts/build-web.sh): web-dragon.png left as it is" >&2
fi
echo "Made: $made in $out"
echo "Left as they are (made by hand or by other tools, see this script's header):"
echo "  viewer-visualiser.png bundled-characters.png blender-panel.png blender-render.png"
