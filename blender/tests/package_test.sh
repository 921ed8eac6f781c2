#!/usr/bin/env bash
# The add-on as users install it: both zips built by blender/package.py; the bl_info zip
# installed from Blender's preferences into an empty user folder and used on the cow with no
# path to this build (only the zip's own module can load); the extension's wheel
# installed into a virtual environment and imported there.
# Usage: package_test.sh SOURCE_DIR MODULE WORK_DIR
set -euo pipefail
source_dir=$1 module=$2 work=$3
rm -rf "$work" && mkdir -p "$work/user"
/usr/bin/python3 "$source_dir/blender/package.py" --module "$module" --out "$work/dist"
addon=$(ls "$work"/dist/dynskin_blender-*-linux-x64.zip | grep -v extension)
extension=$(ls "$work"/dist/dynskin_blender-*-extension-linux-x64.zip)

cd "$work"  # away from the source and build trees
BLENDER_USER_SCRIPTS="$work/user" DYNSKIN_ADDON_ZIP="$addon" DYNSKIN_COW="$source_dir/assets/cow.glb" \
  blender -b --factory-startup --python-exit-code 1 --python-expr '
import os, sys
import numpy  # (no numpy.bool shim here: the enabled add-on must let Blender 3.4 import a glb)
import bpy
bpy.ops.preferences.addon_install(filepath=os.environ["DYNSKIN_ADDON_ZIP"])
bpy.ops.preferences.addon_enable(module="dynskin_blender")
import dynskin
folder = os.path.join(os.environ["BLENDER_USER_SCRIPTS"], "addons", "dynskin_blender", "lib")
assert dynskin.__file__.startswith(folder), dynskin.__file__
bpy.ops.import_scene.gltf(filepath=os.environ["DYNSKIN_COW"])
obj = next(o for o in bpy.context.scene.objects if o.type == "MESH" and o.find_armature())
def shown():
    mesh = obj.evaluated_get(bpy.context.evaluated_depsgraph_get()).to_mesh()
    co = numpy.array([v.co[:] for v in mesh.vertices])
    return co
bpy.context.scene.frame_set(30)
plain = shown()
obj.dynskin.enabled = True
bpy.context.scene.frame_set(30)
live = shown()
assert numpy.isfinite(live).all() and numpy.abs(live - plain).max() > 1e-3, "the installed add-on did not deform"
print("DYNSKIN-PACKAGE the installed add-on deforms the cow with its own module")
# Installed again over the enabled add-on (an update): Blender must remove the old folder
# first, never write over the loaded module in place (it crashed at the next call).
loaded = [line.split()[4] for line in open("/proc/self/maps") if dynskin.__file__ in line][0]
bpy.ops.preferences.addon_install(filepath=os.environ["DYNSKIN_ADDON_ZIP"])
assert os.stat(dynskin.__file__).st_ino != int(loaded), "the loaded module was written over in place"
for again in ("installed again", "disabled and enabled again"):
    if again.startswith("disabled"):
        bpy.ops.preferences.addon_disable(module="dynskin_blender")
        bpy.ops.preferences.addon_enable(module="dynskin_blender")
    obj.dynskin.enabled = False
    obj.dynskin.enabled = True
    bpy.context.scene.frame_set(31)
    bpy.context.scene.frame_set(30)
    shown_again = shown()
    assert numpy.abs(shown_again - live).max() < 1e-5, f"{again}: the add-on deforms differently"
    print(f"DYNSKIN-PACKAGE {again} in the same session: it still deforms the cow")
' 2>&1 | grep -E "DYNSKIN-PACKAGE|Error|rror:" ; test "${PIPESTATUS[0]}" -eq 0

# Debian's Blender links libhwy itself; a plain interpreter shows the zip's lib/ is enough.
/usr/bin/python3 - "$work/user/addons/dynskin_blender/lib" <<'PYTHON'
import os, sys
sys.path.insert(0, sys.argv[1])
import dynskin
assert os.path.join(sys.argv[1], "libhwy.so.1") in open("/proc/self/maps").read(), "the zip's libhwy was not loaded"
print("DYNSKIN-PACKAGE the zip's module loads with its own libhwy")
PYTHON

/usr/bin/python3 - "$extension" <<'PYTHON'
import sys, tomllib, zipfile
archive = zipfile.ZipFile(sys.argv[1])
manifest = tomllib.loads(archive.read("blender_manifest.toml").decode())
for wheel in manifest["wheels"]:
    archive.getinfo(wheel.removeprefix("./"))  # listed wheels are in the zip
assert manifest["type"] == "add-on" and "__init__.py" in archive.namelist()
archive.extract(manifest["wheels"][0].removeprefix("./"), ".")
print("DYNSKIN-PACKAGE the extension's manifest reads and lists its wheel")
# One version everywhere: bl_info's (the source of truth), the manifest's, the wheel's, the zips' names.
import ast, glob, os, re
tree = ast.parse(archive.read("__init__.py").decode())
bl_info = next(ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign) and n.targets[0].id == "bl_info")
version = ".".join(map(str, bl_info["version"]))
wheel = zipfile.ZipFile(manifest["wheels"][0].removeprefix("./"))
metadata = wheel.read(next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))).decode()
versions = {"bl_info": version, "manifest": manifest["version"],
            "wheel METADATA": re.search(r"^Version: (.+)$", metadata, re.M).group(1),
            "wheel name": os.path.basename(manifest["wheels"][0]).split("-")[1],
            "extension zip name": os.path.basename(sys.argv[1]).split("-")[1]}
assert len(set(versions.values())) == 1, f"versions differ: {versions}"
print(f"DYNSKIN-PACKAGE one version everywhere: {version}")
PYTHON
/usr/bin/python3 -m venv --system-site-packages venv
venv/bin/python -m pip install --no-deps --no-index wheels/dynskin-*.whl > pip.log 2>&1 || { tail -20 pip.log; exit 1; }
venv/bin/python - "$source_dir/assets/bar.glb" <<'PYTHON'
import os, sys
import dynskin
assert "venv" in dynskin.__file__, dynskin.__file__
libs = os.path.join(os.path.dirname(dynskin.__file__), "dynskin.libs", "libhwy.so.1")
assert libs in open("/proc/self/maps").read(), "the wheel's libhwy was not the one loaded"
deformer = dynskin.Deformer(dynskin.load(sys.argv[1]))
deformer.update(0.5)
print("DYNSKIN-PACKAGE the extension's wheel installs and deforms, with its own libhwy")
PYTHON
