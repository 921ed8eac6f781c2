"""NLA-only rigs (issue 29, item 5): the action pushed down to an NLA strip, no active action.
Headless (no idle time to read Blender's pose in), the live mesh equals dynskin fed
Blender's own pose, with nothing said in the panel: a strip moved later and slowed down;
two strips on one track with a hold between them and a blend-in; a muted track; and an
active action on top of the strips. A strip blending other than Replace, which the keys do not
follow, gets Blender's own pose, read by itself, headless too."""
import io
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, dynskin, expect

FRAMES = list(range(1, 51))


def check(obj, what):
    obj.dynskin.enabled = False
    expected, size = harness.reference(obj, FRAMES, harness.first_enable_settings())
    obj.dynskin.enabled = True
    worst = harness.largest_difference(obj, FRAMES, expected, size)
    order = FRAMES[:]
    random.Random(7).shuffle(order)
    scrubbed = harness.largest_difference(obj, order, expected, size)
    print(f"DYNSKIN-BLENDER NLA, {what}: {worst:.3g} straight, {scrubbed:.3g} scrubbed (sizes); "
          f"status '{obj.dynskin.status}'")
    expect(max(worst, scrubbed) < 1e-5, f"NLA, {what}: {max(worst, scrubbed):.3g} of the size from dynskin")
    expect(obj.dynskin.status == "", f"NLA, {what}: status '{obj.dynskin.status}'")


def main():
    scene = harness.fresh_scene()
    scene.frame_end = FRAMES[-1]
    obj, arm = harness.tube_rig()
    animation = arm.animation_data
    swing = animation.action
    stderr, sys.stderr = sys.stderr, io.StringIO()
    try:
        # Push Down: the action on a strip, moved to frame 5 and played 1.5 times slower.
        track = animation.nla_tracks.new()
        strip = track.strips.new("swing", 1, swing)
        animation.action = None
        strip.scale = 1.5
        strip.frame_start, strip.frame_end = 5, 5 + 1.5 * (strip.action_frame_end - strip.action_frame_start)
        check(obj, "a strip moved and slowed down")

        # A second, reversed strip later on the track, blended in; the first held until it.
        strip.extrapolation = "HOLD_FORWARD"
        second = track.strips.new("back", 40, swing)
        second.use_reverse, second.blend_in = True, 4.0
        check(obj, "a held strip, then a reversed one blended in")

        # A muted track on top changes nothing; an active action on top replaces its channels.
        wave = swing.copy()
        for curve in wave.fcurves:
            for point in curve.keyframe_points:
                point.co.y *= -0.5
                point.handle_left.y, point.handle_right.y = point.co.y, point.co.y
            curve.update()
        muted = animation.nla_tracks.new()
        muted.strips.new("muted", 1, wave)
        muted.mute = True
        check(obj, "a muted track")
        animation.action = wave
        animation.action_influence = 0.5
        check(obj, "an active action at half influence over the strips")

        # Add blending is not followed from the keys: Blender's own pose is read instead, as
        # for a constraint.
        animation.action = None
        muted.mute = False
        muted.strips[0].blend_type = "ADD"
        check(obj, "an Add strip (Blender's pose read)")
    finally:
        console, sys.stderr = sys.stderr.getvalue(), stderr
    print(console)
    expect("Traceback" not in console and "Error" not in console, "something was raised into Blender's console")


harness.run(main)
