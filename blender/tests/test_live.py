"""Headless: blender -b --factory-startup --python blender/tests/test_live.py
(DYNSKIN_MODULE_DIR: where dynskin's module is, default build/python). Exits non-zero on
failure. The cow's glb imported into Blender, Dynamic Skinning switched on: the evaluated
mesh equals dynskin fed Blender's own evaluated pose, played straight and visited in a
random order."""
import os
import random
import sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
sys.path.insert(0, os.environ.get("DYNSKIN_MODULE_DIR", os.path.join(root, "build", "python")))
sys.path.insert(0, os.path.dirname(here))

import numpy
numpy.bool = bool  # Blender 3.4's glTF importer with numpy 1.24 (fixed in Blender 3.5)
import bpy
import numpy as np

import dynskin
import dynskin_blender
from dynskin_blender.rig import Rig


def evaluated_world(obj):
    depsgraph = bpy.context.evaluated_depsgraph_get()
    evaluated = obj.evaluated_get(depsgraph)
    mesh = evaluated.to_mesh()
    co = np.empty(len(mesh.vertices) * 3, dtype=np.float32)
    mesh.vertices.foreach_get("co", co)
    evaluated.to_mesh_clear()
    world = np.array(obj.matrix_world)
    return (np.c_[co.reshape(-1, 3), np.ones(len(co) // 3)] @ world.T)[:, :3]


def main():
    dynskin_blender.register()
    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.ops.import_scene.gltf(filepath=os.path.join(root, "assets", "cow.glb"))
    scene = bpy.context.scene
    obj = next(o for o in scene.objects if o.type == "MESH" and o.find_armature() is not None)
    arm = obj.find_armature()
    frames = list(range(scene.frame_start, scene.frame_start + 40))

    # dynskin fed Blender's own evaluated pose, frame after frame.
    rig = Rig(obj)
    reference = dynskin.Deformer(rig.character)
    reference.settings = dynskin.Settings()
    fps = scene.render.fps / scene.render.fps_base
    expected = {}
    for f in frames:
        scene.frame_set(f)
        matrices = np.stack([np.array(arm.matrix_world) @ np.array(arm.pose.bones[name].matrix)
                             for name in rig.bone_names]).astype(np.float32)
        reference.update((f - scene.frame_start) / fps, matrices)
        expected[f] = np.array(reference.positions)
    size = rig.character.size

    obj.dynskin.enabled = True
    failures = []

    def check(what, visits):
        """Visits the frames in this order; the largest distance from dynskin, in sizes."""
        worst = 0.0
        for f in visits:
            scene.frame_set(f)
            worst = max(worst, float(np.abs(evaluated_world(obj) - expected[f]).max()) / size)
        print(f"DYNSKIN-BLENDER {what}: largest difference {worst:.3g} of the size")
        if not worst < 1e-5:
            failures.append(f"{what}: {worst:.3g} of the size from dynskin")

    check("played straight", frames)
    if obj.dynskin.status:
        failures.append("status: " + obj.dynskin.status)
    order = frames[:]
    random.Random(3).shuffle(order)
    check("scrubbed", order)

    # Baked to a point cache, played by Blender's Mesh Cache modifier: the live result.
    from dynskin_blender import bake
    scene.frame_end = frames[-1]
    path = os.path.join(bpy.app.tempdir, "dynskin_test.pc2")
    if not bake.bake_pc2(scene, obj, path):
        failures.append("the bake did not finish")
    bake.play_from_cache(obj, path, scene.frame_start)
    check("point cache", frames)
    obj.modifiers.remove(obj.modifiers["dynskin cache"])
    obj.dynskin.enabled = True

    # The secondary motion is there: not Blender's plain skinning.
    obj.dynskin.enabled = False
    scene.frame_set(frames[-1])
    plain = evaluated_world(obj)
    offset = float(np.abs(plain - expected[frames[-1]]).max()) / size
    print(f"DYNSKIN-BLENDER off: Blender's own skinning is {offset:.3g} of the size away")
    if not offset > 1e-3:
        failures.append("switching dynskin off should bring Blender's own skinning back")
    if failures:
        print("DYNSKIN-BLENDER FAILED:", "; ".join(failures))
        sys.exit(1)
    print("DYNSKIN-BLENDER ok")


try:
    main()
except SystemExit:
    raise
except BaseException as error:  # Blender would only print it and exit 0
    import traceback
    traceback.print_exc()
    sys.exit(1)
