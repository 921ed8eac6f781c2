"""A character on a moving parent (issue 38, "moving parents"): the tube's armature rides an
Empty keyed to carry it across and stop. The character's whole motion drives the drag, the
same however the frame is reached: played straight, scrubbed and jumped to, frame 30 equals
dynskin fed Blender's own world pose frame after frame (the parent's motion included), and
differs from the same rig standing still (before, a jump read every preroll frame at the
parent's place of the frame shown: 0 offset from the ride where playing showed 0.13 L). With
Object motion at 0 the ride drives nothing: frame 30 is the rig standing still, carried along."""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, expect, np
from dynskin_blender import live

FRAMES = list(range(1, 31))


def main():
    scene = harness.fresh_scene()
    scene.frame_start, scene.frame_end = FRAMES[0], FRAMES[-1]
    obj, arm = harness.tube_rig()
    still, size = harness.reference(obj, FRAMES, harness.first_enable_settings())  # before it rides
    platform = bpy.data.objects.new("platform", None)
    scene.collection.objects.link(platform)
    arm.parent = platform
    for frame, x in ((1, 0.0), (12, 6.0), (16, 6.0)):  # across fast, then a dead stop
        platform.location = (x, 0.0, 0.0)
        platform.keyframe_insert("location", frame=frame)
    expected, _ = harness.reference(obj, FRAMES, harness.first_enable_settings())
    obj.dynskin.enabled = True

    played = {}
    worst = harness.largest_difference(obj, FRAMES, expected, size, played)
    order = FRAMES[:]
    random.Random(30).shuffle(order)
    scrubbed = harness.largest_difference(obj, order, expected, size)
    live.forget(obj)
    scene.frame_set(30)
    jumped = float(np.abs(harness.evaluated_world(obj) - played[30]).max()) / size
    # The ride's own part: the offsets at 30 against the rig standing still (moved by the platform's 6 units).
    shift = np.array([6.0, 0.0, 0.0])
    ride = float(np.abs((played[30] - shift) - still[30]).max()) / size
    print(f"DYNSKIN-BLENDER on a moving parent, played: {worst:.3g}, scrubbed: {scrubbed:.3g} of the size from dynskin "
          f"on Blender's world pose; jumped to 30: {jumped:.3g} from played; the ride's drag at 30: {ride:.3g}; "
          f"status '{obj.dynskin.status}'")
    expect(max(worst, scrubbed) < 1e-5, f"played or scrubbed: {max(worst, scrubbed):.3g} of the size from dynskin")
    expect(jumped < 1e-6, f"a jump to 30 should show what playing shows ({jumped:.3g} of the size off)")
    expect(ride > 1e-3, f"the ride should drive the drag ({ride:.3g} of the size at 30)")

    obj.dynskin.object_motion = 0.0
    carried = {}
    harness.largest_difference(obj, FRAMES, expected, size, carried)
    ignored = float(np.abs((carried[30] - shift) - still[30]).max()) / size
    print(f"DYNSKIN-BLENDER with Object motion 0: frame 30 is {ignored:.3g} of the size from the rig standing still")
    expect(ignored < 1e-5, f"with Object motion 0 the ride should drive nothing ({ignored:.3g} of the size at 30)")


harness.run(main)
