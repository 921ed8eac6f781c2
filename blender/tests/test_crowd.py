"""Many characters (issue 29, "many characters"): while the timeline plays, the live objects'
frames are stepped together by dynskin.update_all on the shared threads; what each shows is,
to the last bit, what stepping them one by one shows, and equals dynskin on its own pose.
A character whose offsets need a second deformer (delayed LBS, added by dynskin's modifier)
steps on its own beside them; riding on the armature, delayed LBS needs none."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, dynskin, expect, np
from dynskin_blender import compat, crowd, stack

FRAMES = list(range(1, 31))


def play(objects):
    """Every object's shown mesh at every frame, played straight; and the most objects
    stepped together in one frame."""
    scene = bpy.context.scene
    for obj in objects:  # every frame simulated again
        harness.live.resimulate(obj)
    shown, together = {obj.name: {} for obj in objects}, 0
    for f in FRAMES:
        scene.frame_set(f)
        together = max(together, crowd.steps_taken)
        for obj in objects:
            shown[obj.name][f] = harness.evaluated_world(obj)
    return shown, together


def main():
    harness.fresh_scene()
    objects = []
    for k, swing in enumerate((1.0, 0.6, -0.8, 1.3)):
        obj, arm = harness.tube_rig(f"tube{k}", swing)
        arm.location.x = 2.0 * k
        objects.append(obj)
    bpy.context.view_layer.update()
    delayed = objects[3]
    delayed.dynskin.delayed = True
    still = delayed.modifiers.new("Displace", "DISPLACE")  # above the Armature modifier, changing nothing:
    still.strength = 0.0  # the offsets come through dynskin's modifier, not riding
    compat.move_modifier(delayed, still, 0)
    expected = {}
    for obj in objects:
        s = harness.first_enable_settings()
        s.propagation_speed = delayed.dynskin.propagation_speed if obj is delayed else float("inf")
        expected[obj.name], size = harness.reference(obj, FRAMES, s)
    for obj in objects:
        obj.dynskin.enabled = True
    ways = [stack.modifier_of(obj).node_group.name for obj in objects]
    expect(ways == [stack.RIDING_GROUP] * 3 + [stack.GROUP], f"the offsets should ride but the delayed one's: {ways}")

    shown, together = play(objects)
    print(f"DYNSKIN-BLENDER crowd: at most {together} objects stepped together in a frame")
    expect(together == 3, f"the three objects without delayed LBS should step together ({together})")
    for obj in objects:
        worst = max(float(np.abs(shown[obj.name][f] - expected[obj.name][f]).max()) for f in FRAMES) / size
        print(f"DYNSKIN-BLENDER crowd, {obj.name}: {worst:.3g} of the size from dynskin on its own pose")
        expect(worst < 1e-5, f"crowd, {obj.name}: {worst:.3g} of the size from dynskin")

    step_together = crowd.step_together
    crowd.step_together = lambda scene, states: None  # one by one
    try:
        alone, _ = play(objects)
    finally:
        crowd.step_together = step_together
    same = all(np.array_equal(shown[o.name][f], alone[o.name][f]) for o in objects for f in FRAMES)
    print(f"DYNSKIN-BLENDER crowd: stepped together and one by one {'bit for bit the same' if same else 'DIFFER'}")
    expect(same, "stepping together should show what stepping one by one shows, bit for bit")


harness.run(main)
