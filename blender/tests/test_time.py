"""Blender's time, as a production uses it, on the cow:
- the simulation starts at the object's Simulation Start, not at the render range's start:
  frame 50 is the same played straight from the start, jumped to, rendered in a chunk that
  starts at 40 (the range changed in the file, and `blender -b f.blend -s 40 -e 60` in a
  second Blender, as a render farm does, on a file saved before the start existed), and
  follows the start when the user moves it, played from before it or jumped to;
- subframes (motion blur) show the motion between frames, simulated from Blender's own pose at
  the subframe, and leave the whole frames as they were;
- Time Stretching (frame_map_old/new): the pose is Blender's mapped one and the clock follows it;
- a slider step while paused late in the shot re-simulates the joints only (timed, said)."""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, dynskin, expect, np
from dynskin_blender import live

REGISTER = """
import sys
sys.path[:0] = [{module!r}, {addon!r}]
import numpy
numpy.bool = bool
import dynskin_blender
dynskin_blender.register()
"""
FARM = """
import numpy
import bpy
scene = bpy.context.scene
assert (scene.frame_start, scene.frame_end) == (40, 60), (scene.frame_start, scene.frame_end)
obj = bpy.data.objects[{name!r}]
for frame in range(scene.frame_start, 51):
    scene.frame_set(frame)
mesh = obj.evaluated_get(bpy.context.evaluated_depsgraph_get()).to_mesh()
co = numpy.array([obj.matrix_world @ v.co for v in mesh.vertices])
numpy.save({out!r}, co)
print("DYNSKIN-BLENDER farm chunk: status", repr(obj.dynskin.status))
"""


def shown_at(obj, frame, subframe=0.0):
    bpy.context.scene.frame_set(frame, subframe=subframe)
    return harness.evaluated_world(obj)


def difference(a, b, size):
    return float(np.abs(a - b).max()) / size


def main():
    scene = harness.fresh_scene()
    obj, arm = harness.import_bundled("cow")
    bpy.context.view_layer.objects.active = obj
    scene.frame_start, scene.frame_end = 1, 60
    size = harness.Rig(obj).character.size
    expected, _ = harness.reference(obj, range(1, 51), harness.first_enable_settings())
    obj.dynskin.enabled = True
    expect(obj.dynskin.simulation_start == 1, "switching on should start the simulation at the scene's start")

    # 1. The simulation start is not the render range's.
    full = {f: shown_at(obj, f) for f in range(1, 61)}
    print(f"DYNSKIN-BLENDER played straight: {difference(full[50], expected[50], size):.3g} of the size from dynskin")
    expect(difference(full[50], expected[50], size) < 1e-5, "played straight should equal dynskin fed Blender's pose")
    live.forget(obj)
    jumped = shown_at(obj, 50)
    print(f"DYNSKIN-BLENDER frame 50 jumped to: {difference(jumped, full[50], size):.3g} of the size from played")
    expect(difference(jumped, full[50], size) < 1e-6, "a jump to frame 50 should show what playing there shows")
    live.forget(obj)
    scene.frame_start = 40  # what `blender -s 40` does
    chunk = {f: shown_at(obj, f) for f in range(40, 51)}
    worst = max(difference(chunk[f], full[f], size) for f in chunk)
    print(f"DYNSKIN-BLENDER a chunk from 40: {worst:.3g} of the size from the whole range")
    expect(worst < 1e-6, f"a chunk starting at 40 differs from the whole render by {worst:.3g} of the size")

    path = os.path.join(bpy.app.tempdir, "dynskin_time.blend")
    out = os.path.join(bpy.app.tempdir, "dynskin_farm.npy")
    scene.frame_start = 1
    for name in ("simulation_start", "simulation_start_set"):  # as add-on 0.2 saved it: no start
        obj.dynskin.property_unset(name)
    bpy.ops.wm.save_as_mainfile(filepath=path, copy=True)
    obj.dynskin["simulation_start"], obj.dynskin["simulation_start_set"] = 1, True
    register = REGISTER.format(module=os.path.dirname(dynskin.__file__), addon=os.path.dirname(harness.HERE))
    farm = subprocess.run([bpy.app.binary_path, "-b", "--factory-startup", "--python-exit-code", "1",
                           "--python-expr", register, path, "-s", "40", "-e", "60",  # the add-on on, as on a farm
                           "--python-expr", FARM.format(name=obj.name, out=out)], capture_output=True, text=True)
    said = [line for line in farm.stdout.splitlines() if "DYNSKIN" in line or "Error" in line]
    print("\n".join(said))
    expect(farm.returncode == 0 and os.path.exists(out), f"the farm's Blender failed: {farm.stderr[-2000:]}")
    if os.path.exists(out):
        worst = difference(np.load(out), full[50], size)
        print(f"DYNSKIN-BLENDER blender -b -s 40 -e 60, frame 50: {worst:.3g} of the size from the whole range")
        expect(worst < 1e-6, f"a farm's chunk (-s 40) differs at frame 50 by {worst:.3g} of the size")

    obj.dynskin.simulation_start = 30  # the user's own start: frame 50 simulated from 30
    obj.dynskin.enabled = False
    moved, _ = harness.reference(obj, range(30, 51), harness.first_enable_settings(), start=30)
    obj.dynskin.enabled = True
    expect(obj.dynskin.simulation_start == 30, "switching on again should keep the user's start")
    worst = difference(shown_at(obj, 50), moved[50], size)
    print(f"DYNSKIN-BLENDER started at 30: {worst:.3g} of the size from dynskin started there")
    expect(worst < 1e-5, f"a simulation started at 30: {worst:.3g} of the size from dynskin started there")
    played = [shown_at(obj, f) for f in range(20, 51)][-1]  # through frames before the start
    worst = difference(played, moved[50], size)
    print(f"DYNSKIN-BLENDER started at 30, played from 20: {worst:.3g} of the size from dynskin started at 30")
    expect(worst < 1e-5, f"played from before the start: {worst:.3g} of the size from dynskin started at 30")
    obj.dynskin.simulation_start = 1

    # 2. Subframes: the motion between frames, the whole frames untouched.
    obj.dynskin.enabled = False
    between, _ = harness.reference(obj, [*range(1, 41), 40.5], harness.first_enable_settings())
    obj.dynskin.enabled = True
    whole = shown_at(obj, 40)
    half = shown_at(obj, 40, 0.5)
    after = shown_at(obj, 41)
    step = difference(full[41], full[40], size)
    print(f"DYNSKIN-BLENDER subframe 40.5: {difference(half, between[40.5], size):.3g} of the size from dynskin at "
          f"40.5; {difference(half, full[40], size):.3g} from frame 40 (40 to 41: {step:.3g})")
    expect(difference(half, between[40.5], size) < 1e-5, "subframe 40.5 should be dynskin at Blender's pose at 40.5")
    expect(difference(half, full[40], size) > 0.2 * step and difference(half, full[41], size) > 0.2 * step,
           "subframe 40.5 should be between frames 40 and 41, not either of them")
    expect(difference(whole, full[40], size) < 1e-6 and difference(after, full[41], size) < 1e-6,
           "a subframe should leave frames 40 and 41 as they were")
    scene.eevee.use_motion_blur = True  # Eevee's blur: the shutter's subframes, around each frame
    blurred = [shown_at(obj, 40, 0.75), shown_at(obj, 41, 0.0), shown_at(obj, 41, 0.25)]
    expect(difference(blurred[1], full[41], size) < 1e-6, "motion blur's subframes changed frame 41")
    expect(difference(blurred[0], blurred[2], size) > 0.2 * step, "motion blur's subframes should differ (a streak)")

    # 3. Time Stretching: twice as slow; the pose and the clock are Blender's mapped ones.
    scene.render.frame_map_old, scene.render.frame_map_new = 100, 200  # while live: nothing of before kept
    stretched, _ = harness.reference(obj, range(1, 61), harness.first_enable_settings())
    worst = max(difference(shown_at(obj, f), stretched[f], size) for f in range(1, 61))
    print(f"DYNSKIN-BLENDER time stretched 100 -> 200: {worst:.3g} of the size from dynskin at Blender's time")
    expect(worst < 1e-5, f"time stretched: {worst:.3g} of the size from dynskin at Blender's mapped time")
    obj.dynskin.enabled = False
    blender_lbs = {f: shown_at(obj, f) for f in (30, 45)}
    obj.dynskin.enabled = True
    obj.dynskin.mode = "lbs"
    worst = max(difference(shown_at(obj, f), blender_lbs[f], size) for f in blender_lbs)
    print(f"DYNSKIN-BLENDER time stretched, LBS only: {worst:.3g} of the size from Blender's Armature modifier")
    expect(worst < 1e-5, f"time stretched, LBS only: {worst:.3g} of the size from Blender's Armature modifier")
    obj.dynskin.mode = "dynamic"
    scene.render.frame_map_old = scene.render.frame_map_new = 100

    # 4. A slider step while paused late in a shot: only the joints are simulated again.
    scene.frame_end = 400
    shown_at(obj, 400)
    began = time.perf_counter()
    obj.dynskin.frequency = 2.5
    seconds = time.perf_counter() - began
    skinned = len(live._states[obj.name].results)
    print(f"DYNSKIN-BLENDER a slider step paused at frame 400: {seconds * 1000:.0f} ms, {skinned} frame skinned")
    expect(skinned == 1, f"a slider step should skin frame 400 alone ({skinned} frames skinned)")
    obj.dynskin.enabled = False
    stepped = harness.first_enable_settings()
    stepped.frequency = 2.5
    slider, _ = harness.reference(obj, range(1, 401), stepped)
    obj.dynskin.enabled = True
    worst = difference(harness.evaluated_world(obj), slider[400], size)
    expect(worst < 1e-5, f"after a slider step at frame 400: {worst:.3g} of the size from dynskin")


harness.run(main)
