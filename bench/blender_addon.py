"""The Blender add-on's cost a frame, against Blender's own Armature modifier on the same
mesh (the bundled cow, 12.7k vertices, imported from its glb), playing the timeline:

  blender -b --factory-startup --python bench/blender_addon.py [-- --module-dir build/python --frames 120]

Prints, for 3 interleaved rounds, the milliseconds a frame (scene.frame_set, which evaluates
the scene as playback does) with the Armature modifier and with dynskin live, Auto Smooth
off (what the add-on sets while live) and on (the glTF importer's custom normals), and the
add-on's own share (its frame handler); then what jumps cost (frames computed since the last
change are kept; a later frame continues from the last one reached)."""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser()
parser.add_argument("--module-dir", default=os.path.join(ROOT, "build", "python"))
parser.add_argument("--frames", type=int, default=120)
args = parser.parse_args(sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else [])
sys.path[:0] = [args.module_dir, os.path.join(ROOT, "blender")]

import numpy
numpy.bool = bool  # Blender 3.4's glTF importer with numpy 1.24
import bpy

import dynskin_blender
from dynskin_blender import live

dynskin_blender.register()
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=os.path.join(ROOT, "assets", "cow.glb"))
scene = bpy.context.scene
obj = next(o for o in scene.objects if o.type == "MESH" and o.find_armature() is not None)
smooth_by_default = obj.data.use_auto_smooth

handler_seconds = []


def timed_handler(scene, depsgraph=None):
    start = time.perf_counter()
    live.on_frame_change(scene, depsgraph)
    handler_seconds.append(time.perf_counter() - start)


bpy.app.handlers.frame_change_pre.remove(live.on_frame_change)
bpy.app.handlers.frame_change_pre.append(timed_handler)


def per_frame():
    scene.frame_set(scene.frame_start)
    handler_seconds.clear()
    start = time.perf_counter()
    for k in range(1, args.frames + 1):
        scene.frame_set(scene.frame_start + k)
    return (time.perf_counter() - start) / args.frames * 1e3


print(f"dynskin Blender add-on, {len(obj.data.vertices)} vertices, {args.frames} frames a run, Blender {bpy.app.version_string}")
for smooth in (False, True):
    for round_ in range(3):
        obj.dynskin.enabled = False
        obj.data.use_auto_smooth = smooth
        armature = per_frame()
        obj.dynskin.keep_custom_normals = smooth
        obj.dynskin.enabled = True
        dynskin_ms = per_frame()
        handler = sum(handler_seconds) / len(handler_seconds) * 1e3
        print(f"auto smooth {'on ' if smooth else 'off'} round {round_ + 1}: Armature modifier {armature:6.2f} ms/frame, "
              f"dynskin {dynskin_ms:6.2f} ms/frame ({dynskin_ms / armature:.2f}x; its handler {handler:.2f} ms)")

obj.dynskin.keep_custom_normals = False


def jump(frame, what):
    start = time.perf_counter()
    scene.frame_set(scene.frame_start + frame)
    print(f"{what}: {(time.perf_counter() - start) * 1e3:.1f} ms")


obj.dynskin.damping = 0.5  # a change: the frames kept so far go
jump(250, "a jump to frame 250 after a change (simulated from the start)")
jump(100, "back to frame 100 (kept)")
jump(1000, "on to frame 1000 (continues from frame 250)")
jump(1001, "the next frame")
