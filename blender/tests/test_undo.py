"""Undo and redo (issue 29, item 1): f changed from 2 to 5, then Ctrl+Z: the panel shows 2
and the mesh shows the f = 2 result, at that frame and the next; Ctrl+Shift+Z: 5 again, in
the panel and on the mesh; nothing is raised into Blender's console."""
import io
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, dynskin, expect, np

FRAMES = list(range(1, 21))


def with_frequency(f):
    s = harness.first_enable_settings()
    s.frequency = f
    return s


def shows(expected, frame, size, what):
    bpy.context.scene.frame_set(frame)
    obj = bpy.data.objects["tube"]  # found again: an undo frees every object
    difference = float(np.abs(harness.evaluated_world(obj) - expected[frame]).max()) / size
    print(f"DYNSKIN-BLENDER {what}, frame {frame}: f = {obj.dynskin.frequency:g} in the panel, "
          f"{difference:.3g} of the size from dynskin")
    expect(difference < 1e-5, f"{what}, frame {frame}: {difference:.3g} of the size from dynskin")
    return obj


def main():
    scene = harness.fresh_scene()
    obj, _ = harness.tube_rig()
    size = harness.Rig(obj).character.size
    at_2, _ = harness.reference(obj, FRAMES, with_frequency(2.0))
    at_5, _ = harness.reference(obj, FRAMES, with_frequency(5.0))
    expect(max(float(np.abs(at_2[f] - at_5[f]).max()) for f in FRAMES) / size > 1e-2, "f should matter")
    stderr, sys.stderr = sys.stderr, io.StringIO()
    try:
        obj.dynskin.enabled = True
        scene.frame_set(12)
        bpy.ops.ed.undo_push(message="Dynamic Skinning on")
        obj.dynskin.frequency = 5.0
        bpy.ops.ed.undo_push(message="f = 5")
        shows(at_5, 12, size, "f changed to 5")

        bpy.ops.ed.undo()
        obj = shows(at_2, 12, size, "undone")
        expect(abs(obj.dynskin.frequency - 2.0) < 1e-6, "the panel should show f = 2 after the undo")
        shows(at_2, 13, size, "undone, the next frame")
        scene = bpy.context.scene
        scene.frame_set(12)

        bpy.ops.ed.redo()
        obj = shows(at_5, 12, size, "redone")
        expect(abs(obj.dynskin.frequency - 5.0) < 1e-6, "the panel should show f = 5 after the redo")
        shows(at_5, 14, size, "redone, a later frame")
        obj.data.update()  # the depsgraph handler runs on the restored objects
        bpy.context.view_layer.update()
    finally:
        console, sys.stderr = sys.stderr.getvalue(), stderr
    print(console)
    expect("ReferenceError" not in console and "Traceback" not in console, "an error was raised into the console")


harness.run(main)
