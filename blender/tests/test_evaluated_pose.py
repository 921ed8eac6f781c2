"""Blender's evaluated pose drives dynskin by itself, headless (issue 38, item 1): the tube's
tip turned by a Damped Track to a keyed empty and its root moved by a driver on the frame.
Played straight, jumped to, scrubbed, and rendered in chunks by a second Blender
(`blender -b f.blend -s 38 -e 40 -a`, Workbench at 16 pixels), frame 40 is the same, equal
to dynskin fed Blender's own pose frame after frame, and its offsets are not zero; the
driven bone's pose is the frame's own, not the frame's before. A constraint added while
live is followed from the next frame on."""
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, dynskin, expect, np
from dynskin_blender import live

FRAMES = list(range(1, 41))
REGISTER = """
import sys
sys.path[:0] = [{module!r}, {addon!r}]
import dynskin_blender
dynskin_blender.register()
"""
RENDER = """
import bpy
import numpy

def keep(scene, depsgraph):
    if depsgraph.mode == "RENDER" and scene.frame_current == 40:
        obj = bpy.data.objects["tube"]
        mesh = obj.evaluated_get(depsgraph).to_mesh()
        numpy.save({out!r}, numpy.array([obj.matrix_world @ v.co for v in mesh.vertices]))

bpy.app.handlers.frame_change_post.append(keep)
"""


def constrained_tube(scene):
    """The tube whose tip a Damped Track turns to an empty keyed across it, and whose root a
    driver moves with the frame (the root's location keys removed)."""
    obj, arm = harness.tube_rig()
    target = bpy.data.objects.new("target", None)
    scene.collection.objects.link(target)
    for frame, x in ((1, 2.0), (9, -2.0), (15, 1.5), (22, 0.0)):
        target.location = (x, 0.0, 4.0)
        target.keyframe_insert("location", frame=frame)
    track = arm.pose.bones["tip"].constraints.new("DAMPED_TRACK")
    track.target, track.track_axis = target, "TRACK_Y"
    action = arm.animation_data.action
    for curve in [c for c in action.fcurves if c.data_path == 'pose.bones["root"].location']:
        action.fcurves.remove(curve)
    driver = arm.pose.bones["root"].driver_add("location", 2).driver
    driver.type, driver.expression = "SCRIPTED", "0.4 * sin(frame / 2)"  # a simple expression: no Python
    return obj, arm


def render_chunk(path, out, first, last):
    """Frame `last` as a second Blender renders the chunk first..last of the saved file."""
    register = REGISTER.format(module=os.path.dirname(dynskin.__file__), addon=os.path.dirname(harness.HERE))
    result = subprocess.run([bpy.app.binary_path, "-b", "--factory-startup", "--python-exit-code", "1",
                             "--python-expr", register, path, "--python-expr", RENDER.format(out=out),
                             "-o", os.path.join(bpy.app.tempdir, "frame_"), "-s", str(first), "-e", str(last), "-a"],
                            capture_output=True, text=True)
    expect(result.returncode == 0 and os.path.exists(out), f"the render failed: {result.stderr[-2000:]}")
    return np.load(out) if os.path.exists(out) else None


def main():
    scene = harness.fresh_scene()
    scene.frame_start, scene.frame_end = FRAMES[0], FRAMES[-1]
    obj, arm = constrained_tube(scene)
    lbs = harness.first_enable_settings()
    lbs.mode = "lbs"
    plain, size = harness.reference(obj, FRAMES, lbs)
    expected, _ = harness.reference(obj, FRAMES, harness.first_enable_settings())
    obj.dynskin.enabled = True

    # Played straight, then scrubbed: dynskin fed Blender's pose, the driven bone not a frame late.
    played = {}
    worst = harness.largest_difference(obj, FRAMES, expected, size, played)
    rig, late = live._states[obj.name].rig, 0.0
    for f in FRAMES:
        scene.frame_set(f)
        read = rig.pose_track.get(f, np.inf)  # (none read: as far off as can be)
        late = max(late, float(np.abs(read - harness.posed_matrices(arm, rig.bone_names)).max()))
    order = FRAMES[:]
    random.Random(38).shuffle(order)
    scrubbed = harness.largest_difference(obj, order, expected, size)
    moved = float(np.abs(played[40] - plain[40]).max()) / size
    print(f"DYNSKIN-BLENDER constrained and driven, played: {worst:.3g}, scrubbed: {scrubbed:.3g} of the size from "
          f"dynskin on Blender's pose; offsets at 40: {moved:.3g}; pose read vs Blender's at each frame: {late:.3g}; "
          f"status '{obj.dynskin.status}'")
    expect(max(worst, scrubbed) < 1e-5, f"played or scrubbed: {max(worst, scrubbed):.3g} of the size from dynskin")
    expect(moved > 1e-3, f"the offsets at frame 40 should not be zero ({moved:.3g} of the size)")
    expect(late < 1e-6, f"the pose read should be the frame's own, not a frame late ({late:.3g})")
    expect(obj.dynskin.status == "", f"status: '{obj.dynskin.status}'")
    scene.frame_set(40)
    driven = arm.pose.bones["root"].location.z
    expect(abs(driven - 0.4 * np.sin(20.0)) < 1e-5, f"the driver should move the root (z {driven:.3g} at 40)")

    # Jumped to, with nothing read or simulated before.
    live.forget(obj)
    scene.frame_set(40)
    jumped = harness.evaluated_world(obj)
    print(f"DYNSKIN-BLENDER frame 40 jumped to: {float(np.abs(jumped - played[40]).max()) / size:.3g} from played")
    expect(float(np.abs(jumped - played[40]).max()) / size < 1e-6, "a jump to 40 should show what playing shows")

    # Rendered by a fresh headless Blender, whole and in a chunk from 38.
    camera = bpy.data.objects.new("camera", bpy.data.cameras.new("camera"))
    scene.collection.objects.link(camera)
    scene.camera, camera.location, camera.rotation_euler = camera, (0.0, -12.0, 1.5), (1.5708, 0.0, 0.0)
    scene.render.engine = "BLENDER_WORKBENCH"
    scene.render.resolution_x = scene.render.resolution_y = 16
    path = os.path.join(bpy.app.tempdir, "dynskin_evaluated_pose.blend")
    bpy.ops.wm.save_as_mainfile(filepath=path, copy=True)
    for first in (38, 1):
        out = os.path.join(bpy.app.tempdir, f"dynskin_render_{first}.npy")
        rendered = render_chunk(path, out, first, 40)
        if rendered is not None:
            difference = float(np.abs(rendered - played[40]).max()) / size
            print(f"DYNSKIN-BLENDER rendered -s {first} -e 40 -a, frame 40: {difference:.3g} of the size from played")
            expect(difference < 1e-6, f"rendered from {first}: frame 40 is {difference:.3g} of the size off")

    # A constraint added while live (paused) is followed from the next frame on.
    scene.frame_set(20)
    extra = arm.pose.bones["mid"].constraints.new("DAMPED_TRACK")
    extra.target, extra.influence = bpy.data.objects["target"], 0.5
    bpy.context.view_layer.update()  # Blender tells the add-on the armature changed
    expected, _ = harness.reference(obj, FRAMES, harness.first_enable_settings())
    worst = harness.largest_difference(obj, FRAMES, expected, size)
    print(f"DYNSKIN-BLENDER a constraint added while live: {worst:.3g} of the size from dynskin")
    expect(worst < 1e-5, f"a constraint added while live: {worst:.3g} of the size from dynskin")


harness.run(main)
