"""key_sampler.KeySampler against Blender's own FCurve.evaluate, bit for bit:
- every animated channel of the bundled cow as Blender's glTF importer makes it (linear keys),
  at the keys, a hair before and after them (inside and outside the binary search's
  threshold), between them, and before the first and after the last;
- curves made by hand: keys that hold (CONSTANT), linear, a mix, one key; and those it leaves
  to Blender (two keys at one frame, Bezier keys, a Cycles modifier, linear extrapolation),
  which it evaluates through Blender, in their places among the others;
- a linear key of the cow edited while it is live shows at once, as a fresh simulation
  would (the sampled keys are read again).
(What sampling saves is measured by bench/blender_addon.py --pose-blocks.)"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, expect, np
from dynskin_blender.key_sampler import KeySampler


def probe_times(fcurves):
    """Times around and between every key of the curves, and beyond both ends."""
    keys = np.unique(np.concatenate([[k.co[0] for k in fc.keyframe_points] for fc in fcurves]).astype(np.float32))
    near = [keys + d for d in (-2e-4, -1e-4, -5e-5, -1e-5, 0.0, 1e-5, 5e-5, 1e-4, 2e-4)]
    between = (keys[:-1] + keys[1:]) / 2 if len(keys) > 1 else keys
    ends = [keys[:1] - 3.5, keys[-1:] + 3.5]
    rng = np.random.default_rng(7)
    spread = rng.uniform(keys[0] - 1, keys[-1] + 1, 64)
    return np.concatenate(near + [between, spread] + ends).astype(np.float32)


def compare(name, fcurves, times):
    sampler = KeySampler(fcurves)
    got = sampler.sample(times)
    want = np.array([[fc.evaluate(float(t)) for fc in fcurves] for t in times])
    same = np.array_equal(got.astype(np.float32), want.astype(np.float32))
    worst = float(np.max(np.abs(got - want))) if got.size else 0.0
    expect(same, f"{name}: the sampled values differ from FCurve.evaluate (by up to {worst:.3g})")
    return sampler


def curve(action, path, index, keys, interpolation="LINEAR"):
    fc = action.fcurves.new(path, index=index)
    fc.keyframe_points.add(len(keys))
    for point, (x, y) in zip(fc.keyframe_points, keys):
        point.co = (x, y)
        point.interpolation = interpolation
    return fc


def key_edited_while_live(scene, obj, action):
    """A linear key moved while paused at frame 12: shown at once, as simulated afresh."""
    size = harness.Rig(obj).character.size
    obj.dynskin.enabled = True
    scene.frame_set(12)
    before = harness.evaluated_world(obj)
    fc = next(c for c in action.fcurves if c.data_path.endswith("rotation_quaternion") and c.array_index == 1
              and len(c.keyframe_points) > 3)
    point = min(fc.keyframe_points, key=lambda k: abs(k.co[0] - 8))  # a key the first 12 frames pass
    point.co[1] += 0.3
    fc.update()
    bpy.context.view_layer.update()  # Blender tells the add-on the action changed
    edited = harness.evaluated_world(obj)
    harness.live.forget(obj)
    harness.live.update_object(scene, obj)
    fresh = harness.evaluated_world(obj)
    moved, off = np.abs(edited - before).max() / size, np.abs(edited - fresh).max() / size
    print(f"DYNSKIN-BLENDER a linear key edited while live: moved {moved:.3g}, {off:.3g} from a fresh simulation (sizes)")
    expect(moved > 1e-3, "a linear key's edit while live should show at once")
    expect(off < 1e-6, "a linear key's edit should show as a fresh simulation would")


def main():
    scene = harness.fresh_scene()
    obj, armature = harness.import_bundled("cow")
    action = armature.animation_data.action
    fcurves = list(action.fcurves)
    times = probe_times(fcurves)
    sampler = compare("the cow's action", fcurves, times)
    expect(len(sampler.sampled) == len(fcurves) and not sampler.evaluated,
           f"the glTF import's linear curves should all be sampled ({len(sampler.evaluated)} of {len(fcurves)} evaluated)")

    made = bpy.data.actions.new("made by hand")
    hold = curve(made, "location", 0, [(1, 0.5), (4, -2.0), (9, 3.25)], "CONSTANT")
    mixed = curve(made, "location", 1, [(1, 0.0), (3, 1.0), (6, 1.0), (7, -4.0)])
    mixed.keyframe_points[1].interpolation = "CONSTANT"
    one = curve(made, "location", 2, [(5, 7.0)])
    twice = curve(made, "rotation_quaternion", 0, [(1, 1.0), (4, 2.0), (4, 3.0), (8, 0.0)])
    bezier = curve(made, "rotation_quaternion", 1, [(1, 0.0), (5, 1.0), (9, 0.2)], "BEZIER")
    cycled = curve(made, "rotation_quaternion", 2, [(1, 0.0), (5, 1.0)])
    cycled.modifiers.new("CYCLES")
    extended = curve(made, "rotation_quaternion", 3, [(2, 0.0), (6, 1.0)])
    extended.extrapolation = "LINEAR"
    curves = [hold, mixed, one, twice, bezier, cycled, extended]
    sampler = compare("curves made by hand", curves, probe_times(curves))
    expect(sorted(sampler.evaluated) == [3, 4, 5, 6], "two keys at one frame, Bezier keys, a modifier and linear "
           f"extrapolation are Blender's to evaluate (evaluated: {sampler.evaluated})")

    key_edited_while_live(scene, obj, action)


harness.run(main)
