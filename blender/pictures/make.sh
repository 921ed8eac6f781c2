#!/usr/bin/env bash
# Makes docs/screenshots/blender-panel.png and blender-render.png (docs/blender.md) with
# Debian's blender under Xvfb, from the release build's module. A few minutes: Eevee runs
# on the CPU here.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Blender shows its splash unless it opens a file: an empty one, saved first.
blender -b --factory-startup --python-expr "import bpy, sys; bpy.ops.wm.save_as_mainfile(filepath=sys.argv[-1])" \
  -- "$work/empty.blend" > /dev/null
OUT="$work/window.png" xvfb-run -a -s "-screen 0 1700x1900x24" blender --factory-startup "$work/empty.blend" \
  --python blender/pictures/scene.py
OUT="$work/render.png" xvfb-run -a blender -b --factory-startup --python blender/pictures/scene.py
/usr/bin/python3 - "$work" <<'PYTHON'
import sys
from PIL import Image
work = sys.argv[1]
window = Image.open(f"{work}/window.png").convert("RGB").crop((380, 420, 1700, 1900))  # viewport and panel
window.resize((window.width * 3 // 4, window.height * 3 // 4), Image.LANCZOS).save(
    "docs/screenshots/blender-panel.png", optimize=True)
Image.open(f"{work}/render.png").convert("RGB").save("docs/screenshots/blender-render.png", optimize=True)
PYTHON
echo "docs/screenshots/blender-panel.png docs/screenshots/blender-render.png"
