"""Bake to Point Cache writes where the cache outlives the session: on a file not saved yet,
a path in Blender's temporary folder (deleted on quit) or relative to the unsaved file is
refused with a message saying what to do, and nothing is written or switched; once the file
is saved, the cache goes beside it, and the file reopened plays it."""
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, expect, np


def bake(path):
    """The operator's result and the error it reported, if any."""
    try:
        return bpy.ops.dynskin.bake_pc2(filepath=path), ""
    except RuntimeError as error:  # an ERROR report from a script's call
        return {"CANCELLED"}, str(error)


def main():
    scene = harness.fresh_scene()
    obj, _ = harness.tube_rig()
    scene.frame_start, scene.frame_end = 1, 30
    obj.dynskin.enabled = True
    expect(not bpy.data.filepath, "the scene should be unsaved")
    for path, said in ((os.path.join(bpy.app.tempdir, "tube.pc2"), "temporary folder"),
                       ("//tube.pc2", "not saved"), ("", "No file")):
        result, message = bake(path)
        print(f"DYNSKIN-BLENDER unsaved, bake to {path!r}: {result} {message!r}")
        expect(result == {"CANCELLED"} and said in message, f"baking to {path!r} should be refused ({said})")
        expect(not path or not os.path.exists(bpy.path.abspath(path)), f"{path} was written")
    expect(obj.dynskin.enabled and "dynskin cache" not in obj.modifiers, "a refused bake should change nothing")

    folder = tempfile.mkdtemp(prefix="dynskin_bake_")
    try:
        blend = os.path.join(folder, "shot.blend")
        bpy.ops.wm.save_as_mainfile(filepath=blend)
        scene.frame_set(20)
        live = harness.evaluated_world(obj)
        result, message = bake("//tube.pc2")
        expect(result == {"FINISHED"}, f"baking beside the saved file failed: {message}")
        expect(os.path.exists(os.path.join(folder, "tube.pc2")), "the point cache should be beside the .blend")
        name = obj.name
        bpy.ops.wm.save_mainfile()
        bpy.ops.wm.open_mainfile(filepath=blend)
        obj = bpy.data.objects[name]
        bpy.context.scene.frame_set(20)
        worst = float(np.abs(harness.evaluated_world(obj) - live).max()) / harness.Rig(obj).character.size
        print(f"DYNSKIN-BLENDER the reopened file's point cache at frame 20: {worst:.3g} of the size from live")
        expect(worst < 1e-6, f"the reopened file plays {worst:.3g} of the size away from the live result")
    finally:
        shutil.rmtree(folder)


harness.run(main)
