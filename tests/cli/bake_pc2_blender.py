"""dynskin-cli bake -o X.pc2 read by Blender's Mesh Cache modifier on the cow that Blender's own
glTF importer brings in: the importer keeps the glb's vertices (count and order), a --up z
cache of an LBS-only bake equals Blender's Armature modifier at the same frames (so order,
axes and timing line up), and a dynamic cache evaluates to the file's samples, all within
1e-5 of the character size.

Run: blender -b --factory-startup --python tests/cli/bake_pc2_blender.py -- DYNSKIN_CLI ASSETS_DIR"""
import json
import os
import struct
import subprocess
import sys
import tempfile
import traceback

import numpy
numpy.bool = bool  # Blender 3.4's glTF importer with numpy 1.24 (fixed in Blender 3.5)
import bpy
import numpy as np

TOLERANCE = 1e-5  # of the character size
FRAMES = (0, 1, 7, 30, 61, 97, 120)
failures = []


def expect(condition, message):
    if not condition:
        failures.append(message)
        print("DYNSKIN-PC2 FAIL:", message)


def read_pc2(path):
    with open(path, "rb") as f:
        data = f.read()
    magic, version, points, start, rate, samples = struct.unpack("<12siiffi", data[:32])
    expect(magic == b"POINTCACHE2\0" and version == 1, f"{path}: header {magic!r} version {version}")
    expect(len(data) == 32 + samples * points * 12, f"{path}: {len(data)} bytes for {samples} x {points} points")
    return np.frombuffer(data, dtype="<f4", offset=32).reshape(samples, points, 3), start, rate


def evaluated(obj):
    """The object's evaluated mesh (modifiers applied), in its own space: where a Mesh Cache
    puts the file's positions."""
    depsgraph = bpy.context.evaluated_depsgraph_get()
    evaluated_object = obj.evaluated_get(depsgraph)
    mesh = evaluated_object.to_mesh()
    co = np.empty(len(mesh.vertices) * 3, dtype=np.float32)
    mesh.vertices.foreach_get("co", co)
    evaluated_object.to_mesh_clear()
    return co.reshape(-1, 3)


def main(cli, assets):
    folder = tempfile.mkdtemp(prefix="dynskin-pc2-")
    glb = os.path.join(assets, "cow.glb")
    vertices = json.loads(subprocess.run([cli, "info", glb], check=True, capture_output=True, text=True).stdout)["vertices"]
    size = json.loads(subprocess.run([cli, "offsets", glb, "--clip", "walk", "--tail", "0"], check=True,
                                     capture_output=True, text=True).stdout)["size"]

    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.ops.import_scene.gltf(filepath=glb)
    scene = bpy.context.scene
    obj = next(o for o in scene.objects if o.type == "MESH" and o.find_armature() is not None)
    expect(len(obj.data.vertices) == vertices,
           f"Blender's importer made {len(obj.data.vertices)} vertices of the glb's {vertices}")
    # The cache holds world positions; the Mesh Cache writes them into the object's space.
    expect(np.allclose(np.array(obj.matrix_world), np.eye(4)), "the imported cow is not at the world origin")
    fps = scene.render.fps / scene.render.fps_base

    # Bake at the scene's rate: sample k is frame k, the importer's time 0 being frame 0.
    def bake(name, *arguments):
        path = os.path.join(folder, name)
        subprocess.run([cli, "bake", glb, "--clip", "walk", "--fps", f"{fps:g}", "--up", "z", *arguments, "-o", path],
                       check=True)
        return path

    lbs_path = bake("cow-lbs.pc2", "--mode", "lbs")
    dynamic_path = bake("cow-dynamic.pc2")
    dynamic, start, rate = read_pc2(dynamic_path)
    expect(start == 0.0 and rate == 1.0, f"start frame {start}, sample rate {rate}")

    armature = next(m for m in obj.modifiers if m.type == "ARMATURE")
    cache = obj.modifiers.new("dynskin cache", "MESH_CACHE")
    cache.cache_format = "PC2"
    cache.frame_start = 0.0

    def shown(frame, with_cache):
        cache.show_viewport = with_cache
        armature.show_viewport = not with_cache
        scene.frame_set(frame)
        return evaluated(obj)

    # LBS through the cache is Blender's own skinning: vertex order, axes and timing agree.
    cache.filepath = lbs_path
    worst = max(float(np.abs(shown(f, True) - shown(f, False)).max()) for f in FRAMES) / size
    print(f"DYNSKIN-PC2 LBS cache vs Blender's Armature modifier: {worst:.3g} of the size")
    expect(worst < TOLERANCE, f"LBS cache vs Blender's Armature modifier: {worst:.3g} of the size")

    # The dynamic cache shows the file's samples, and they are not Blender's skinning.
    cache.filepath = dynamic_path
    worst = moved = 0.0
    for f in FRAMES:
        played = shown(f, True)
        worst = max(worst, float(np.abs(played - dynamic[f]).max()) / size)
        moved = max(moved, float(np.abs(played - shown(f, False)).max()) / size)
    print(f"DYNSKIN-PC2 dynamic cache vs the file: {worst:.3g} of the size; vs LBS: {moved:.3g}")
    expect(worst < TOLERANCE, f"dynamic cache vs the file: {worst:.3g} of the size")
    expect(moved > 1e-3, f"the dynamic cache is only {moved:.3g} of the size from LBS")


if __name__ == "__main__":
    arguments = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    try:
        main(*arguments)
    except BaseException:  # noqa: BLE001 - Blender would print it and exit 0
        traceback.print_exc()
        sys.exit(1)
    if failures:
        print("DYNSKIN-PC2 FAILED:", "; ".join(failures))
        sys.exit(1)
    print("DYNSKIN-PC2 ok")
