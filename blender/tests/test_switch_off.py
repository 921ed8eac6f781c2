"""Switching dynskin off leaves Blender's plain skinning (issue 38, item 2): the add-on
disabled while the tube is live, its switch turned off in the panel, or keyed off (played on):
each time no dynskin modifier is left, frame 15 is the Armature modifier's skinning alone, and
the file saved then opened by a Blender without the add-on shows that too (no frozen
offsets). Enabled again, the add-on puts dynskin back at the next frame."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, expect, np

OPENED = """
import bpy
import numpy
scene = bpy.context.scene
scene.frame_set(15)
obj = bpy.data.objects["tube"]
mesh = obj.evaluated_get(bpy.context.evaluated_depsgraph_get()).to_mesh()
numpy.save({out!r}, numpy.array([obj.matrix_world @ v.co for v in mesh.vertices]))
"""


def opened_without_addon(name):
    """Frame 15 of the tube in the file saved now, as a Blender without the add-on shows it."""
    path = os.path.join(bpy.app.tempdir, f"dynskin_{name}.blend")
    out = os.path.join(bpy.app.tempdir, f"dynskin_{name}.npy")
    bpy.ops.wm.save_as_mainfile(filepath=path, copy=True)
    result = subprocess.run([bpy.app.binary_path, "-b", "--factory-startup", "--python-exit-code", "1", path,
                             "--python-expr", OPENED.format(out=out)], capture_output=True, text=True)
    expect(result.returncode == 0 and os.path.exists(out), f"{name}: opening the file failed: {result.stderr[-2000:]}")
    return np.load(out) if os.path.exists(out) else None


def check_plain(obj, plain, size, name):
    bpy.context.scene.frame_set(15)
    shown = float(np.abs(harness.evaluated_world(obj) - plain).max()) / size
    opened = opened_without_addon(name.replace(" ", "_"))
    reopened = float(np.abs(opened - plain).max()) / size if opened is not None else np.inf
    names = [m.name for m in obj.modifiers]
    print(f"DYNSKIN-BLENDER {name}: modifiers {names}, {shown:.3g} of the size from plain skinning, "
          f"{reopened:.3g} in the file opened without the add-on")
    expect(names == ["Armature"], f"{name}: dynskin's modifier should go ({names})")
    expect(not any(o.name.startswith("tube dynskin") for o in bpy.data.objects), f"{name}: the helper should go")
    expect(shown < 1e-6, f"{name}: {shown:.3g} of the size from plain skinning")
    expect(reopened < 1e-6, f"{name}, opened without the add-on: {reopened:.3g} of the size from plain skinning")


def play_live(obj):
    for frame in range(1, 16):
        bpy.context.scene.frame_set(frame)
    return harness.evaluated_world(obj)


def main():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.ops.preferences.addon_enable(module="dynskin_blender")  # as a user has it: disabled below
    obj, arm = harness.tube_rig()
    size = harness.Rig(obj).character.size
    plain = harness.shown_at(obj, [15])[15]

    # The add-on disabled while live.
    obj.dynskin.enabled = True
    moved = float(np.abs(play_live(obj) - plain).max()) / size
    expect(moved > 1e-3, f"live, the tube should move off plain skinning ({moved:.3g} of the size)")
    bpy.ops.preferences.addon_disable(module="dynskin_blender")
    check_plain(obj, plain, size, "the add-on disabled")
    bpy.ops.preferences.addon_enable(module="dynskin_blender")
    back = float(np.abs(play_live(obj) - plain).max()) / size
    print(f"DYNSKIN-BLENDER enabled again: {back:.3g} of the size from plain skinning (live: {moved:.3g})")
    expect(abs(back - moved) < 1e-6 * max(moved, 1.0), "enabled again, the add-on should show dynskin again")

    # The switch turned off in the panel.
    obj.dynskin.enabled = False
    check_plain(obj, plain, size, "switched off")

    # The switch keyed on at 1 and off at 10 (animation sets it: no update is called), played.
    obj.dynskin.enabled = True
    obj.keyframe_insert("dynskin.enabled", frame=1)
    obj.dynskin.enabled = False
    obj.keyframe_insert("dynskin.enabled", frame=10)
    play_live(obj)
    check_plain(obj, plain, size, "keyed off")


harness.run(main)
