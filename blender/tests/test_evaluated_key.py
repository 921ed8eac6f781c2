"""The live key written into Blender's evaluated copy of the Key, untagged, on a frame change
that evaluates the object again anyway (the cow's armature is animated): played straight and
scrubbed, the evaluated mesh equals dynskin fed Blender's own pose, as with the tag. Where
another depsgraph may show the object (a second view layer, a render) or nothing makes
Blender evaluate it again (an armature without animation), the Key is tagged instead."""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, expect
from dynskin_blender import live, stack


def played(obj, visits, expected, size):
    """The largest distance from expected over the visits, and how many writes went untagged."""
    before = stack.untagged_writes
    worst = harness.largest_difference(obj, visits, expected, size)
    return worst, stack.untagged_writes - before


def main():
    scene = harness.fresh_scene()
    obj, arm = harness.import_bundled("cow")
    frames = list(range(scene.frame_start, scene.frame_start + 30))
    expected, size = harness.reference(obj, frames, harness.first_enable_settings())
    obj.dynskin.enabled = True
    scene.frame_set(frames[0])

    worst, untagged = played(obj, frames, expected, size)
    print(f"DYNSKIN-BLENDER played straight, the Key untagged {untagged} times: {worst:.3g} of the size from dynskin")
    expect(untagged >= len(frames) - 2, f"the Key was written untagged {untagged} times in {len(frames)} frames")
    expect(worst < 1e-5, f"played straight untagged: {worst:.3g} of the size from dynskin")
    order = frames[:]
    random.Random(5).shuffle(order)
    worst, untagged = played(obj, order, expected, size)
    print(f"DYNSKIN-BLENDER scrubbed, untagged {untagged} times: {worst:.3g} of the size")
    expect(untagged > 0 and worst < 1e-5, f"scrubbed untagged: {worst:.3g} of the size ({untagged} untagged)")

    # A second view layer has a depsgraph of its own: tagged, still right.
    second = scene.view_layers.new("second")
    worst, untagged = played(obj, order[:10], expected, size)
    expect(untagged == 0, f"with two view layers the Key was written untagged {untagged} times")
    expect(worst < 1e-5, f"with two view layers: {worst:.3g} of the size")
    scene.view_layers.remove(second)

    # A render evaluates a depsgraph of its own: tagged meanwhile.
    live.on_render(scene)
    try:
        worst, untagged = played(obj, order[:10], expected, size)
    finally:
        live.on_render_end(scene)
    expect(untagged == 0, f"while rendering the Key was written untagged {untagged} times")
    expect(worst < 1e-5, f"while rendering: {worst:.3g} of the size")
    expect(live.evaluating_depsgraph(scene, arm) is not None, "an animated armature's frame change should be untagged")

    # An armature that nothing animates is not posed again at a frame change: tagged.
    arm.animation_data_clear()
    expect(live.evaluating_depsgraph(scene, arm) is None, "an armature without animation should get the tag")


harness.run(main)
