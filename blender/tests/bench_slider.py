"""What a slider step costs while paused late in a shot (issue 29: 0.3 s at frame 240 on the
Fox, 1.2 s at frame 800 on BrainStem): a public rig from ../shared/rigs/wild imported, dynskin
on, the timeline at the frame, then f moved five times; the median is printed.

blender -b --factory-startup --python blender/tests/bench_slider.py -- Fox 240
(DYNSKIN_MODULE_DIR: where dynskin's module is, default build/python)."""
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy


def main():
    name, frame = sys.argv[-2], int(sys.argv[-1])
    path = os.path.join(harness.ROOT, "..", "shared", "rigs", "wild", f"{name}.glb")
    if not os.path.exists(path):
        print(f"DYNSKIN-BENCH skipped: {path} is not here (../shared/rigs/wild)")
        return
    scene = harness.fresh_scene()
    bpy.ops.import_scene.gltf(filepath=path)
    obj = next(o for o in scene.objects if o.type == "MESH" and o.find_armature() is not None)
    scene.frame_end = max(scene.frame_end, frame)
    bpy.context.view_layer.objects.active = obj
    obj.dynskin.enabled = True
    scene.frame_set(frame)
    steps = []
    for _ in range(5):
        began = time.perf_counter()
        obj.dynskin.frequency += 0.1
        steps.append(time.perf_counter() - began)
    print(f"DYNSKIN-BENCH {name}, {len(obj.data.vertices)} vertices, paused at frame {frame}: a slider step takes "
          f"{statistics.median(steps) * 1000:.0f} ms (median of 5; {', '.join(f'{s * 1000:.0f}' for s in steps)})")


harness.run(main)
