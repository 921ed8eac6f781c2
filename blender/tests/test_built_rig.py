"""A rig built here in Blender, the way an artist would: a tube skinned to a chain of three
bones by vertex groups, its bones keyed with a quaternion, an Euler rotation and a location.
For LBS, dynamic, delayed LBS, a painted dynskin_bend group, each bone's own settings and
the other switches, the evaluated mesh equals dynskin fed Blender's own pose within 1e-5 of
the size, played straight and scrubbed; LBS only equals Blender's Armature modifier."""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, dynskin, expect, np
from dynskin_blender import live

def main():
    scene = harness.fresh_scene()
    obj, arm = harness.tube_rig()
    arm.location = (1.0, -2.0, 0.5)  # not at the origin, so that spaces matter
    frames = list(range(1, 41))
    size = harness.Rig(obj).character.size
    scene.frame_set(12)
    blender_lbs = harness.evaluated_world(obj)

    painted = np.array([min(1.0, max(0.0, v.co.z - 1.0)) for v in obj.data.vertices], dtype=np.float32)
    own = dynskin.JointSettings()
    own.gain, own.override_oscillation, own.frequency, own.damping = 0.5, True, 3.0, 0.8
    off = dynskin.JointSettings()
    off.gain = 0.0

    def settings(**values):
        s = harness.first_enable_settings()
        for name, value in values.items():
            setattr(s, name, value)
        return s

    cases = [  # name, panel values, dynskin's settings, joints, layers
        ("LBS", {"mode": "lbs"}, settings(mode="lbs"), {}, {}),
        ("dynamic", {}, settings(), {}, {}),
        ("delayed LBS", {"delayed": True, "propagation_speed": 1.5}, settings(propagation_speed=1.5), {}, {}),
        ("painted dynskin_bend", {}, settings(), {}, {"bend": painted}),
        ("painted beyond 0..1", {"bend_range": (-0.5, 2.0)}, settings(), {}, {"bend": -0.5 + 2.5 * painted}),
        ("each bone's own", {}, settings(), {"mid": own, "tip": off}, {}),
        ("switches", {"dual_quaternion": True, "translation_gain": 2.0, "limit_angle": False, "limit_offset": False,
                      "squash": 0.3, "squash_center": "centroid", "mode": "drag", "drag": 0.2},
         settings(dual_quaternion=True, translation_gain=2.0, max_angle=0.0, max_offset=0.0, squash=0.3,
                  squash_center="centroid", mode="drag", drag=0.2), {}, {}),
    ]
    lbs = None
    for name, panel, expected_settings, joints, layers in cases:
        obj.dynskin.enabled = False
        expected, _ = harness.reference(obj, frames, expected_settings, joints, layers)
        for key, value in panel.items():
            setattr(obj.dynskin, key, value)
        for bone, joint in joints.items():
            b = arm.data.bones[bone].dynskin
            b.enabled, b.gain, b.own_oscillation = joint.gain > 0, max(joint.gain, 0.01), joint.override_oscillation
            b.frequency, b.damping = joint.frequency, joint.damping
        if "bend" in layers:  # the group's 0..1 spans the panel's range
            low, high = panel.get("bend_range", (0.0, 1.0))
            group = obj.vertex_groups.new(name="dynskin_bend")
            for i, w in enumerate(layers["bend"]):
                group.add([i], float((w - low) / (high - low)), "REPLACE")
        obj.dynskin.enabled = True
        worst = harness.largest_difference(obj, frames, expected, size)
        order = frames[:]
        random.Random(len(name)).shuffle(order)
        scrubbed = harness.largest_difference(obj, order, expected, size)
        print(f"DYNSKIN-BLENDER built rig, {name}: {worst:.3g} straight, {scrubbed:.3g} scrubbed (sizes)")
        expect(max(worst, scrubbed) < 1e-5, f"{name}: {max(worst, scrubbed):.3g} of the size from dynskin")
        expect(obj.dynskin.status == "", f"{name}: status {obj.dynskin.status}")
        if name == "LBS":
            lbs = expected
            scene.frame_set(12)
            difference = float(np.abs(harness.evaluated_world(obj) - blender_lbs).max()) / size
            print(f"DYNSKIN-BLENDER built rig, LBS against Blender's Armature modifier: {difference:.3g}")
            expect(difference < 1e-5, f"LBS only: {difference:.3g} of the size from Blender's Armature modifier")
        else:
            moved = max(float(np.abs(expected[f] - lbs[f]).max()) for f in frames) / size
            expect(moved > 1e-3, f"{name}: no secondary motion ({moved:.3g} of the size)")
        # Back to the defaults for the next case.
        obj.dynskin.enabled = False
        for key in panel:
            obj.dynskin.property_unset(key)
        for bone in joints:
            for key in ("enabled", "gain", "own_oscillation", "frequency", "damping"):
                arm.data.bones[bone].dynskin.property_unset(key)
        if "dynskin_bend" in obj.vertex_groups:
            obj.vertex_groups.remove(obj.vertex_groups["dynskin_bend"])


    # A frame kept from earlier shows a parameter's change at once (the kept results go).
    expected, _ = harness.reference(obj, frames, settings(damping=1.2))
    obj.dynskin.enabled = True
    for f in frames:  # every frame computed and kept
        scene.frame_set(f)
    scene.frame_set(20)
    obj.dynskin.damping = 1.2
    difference = float(np.abs(harness.evaluated_world(obj) - expected[20]).max()) / size
    print(f"DYNSKIN-BLENDER tau changed at a kept frame: {difference:.3g} of the size from dynskin")
    expect(difference < 1e-5, f"a change at a kept frame: {difference:.3g} of the size from dynskin")
    obj.dynskin.property_unset("damping")
    obj.dynskin.enabled = False

    # An IK constraint chasing a keyed target moves the bones: the live pose is Blender's own,
    # read by itself at the first frame shown, straight and scrubbed.
    scene.frame_set(1)
    keys_only, _ = harness.reference(obj, frames, settings())
    target = bpy.data.objects.new("target", None)
    scene.collection.objects.link(target)
    for frame, x in ((1, 0.5), (10, 2.0), (16, 0.0)):
        target.location = (x, -1.0, 3.0)
        target.keyframe_insert("location", frame=frame)
    ik = arm.pose.bones["tip"].constraints.new("IK")
    ik.target, ik.chain_count = target, 2
    expected, _ = harness.reference(obj, frames, settings())
    moved = max(float(np.abs(expected[f] - keys_only[f]).max()) for f in frames) / size
    obj.dynskin.enabled = True
    scene.frame_set(2)
    expect(scene.frame_current == 2, "reading the pose should give the user's frame back")
    worst = harness.largest_difference(obj, frames, expected, size)
    order = frames[:]
    random.Random(5).shuffle(order)
    scrubbed = harness.largest_difference(obj, order, expected, size)
    print(f"DYNSKIN-BLENDER built rig, IK (moves the skin {moved:.3g}): {worst:.3g} straight, {scrubbed:.3g} scrubbed")
    expect(moved > 1e-2, "the IK constraint should move the bones")
    expect(max(worst, scrubbed) < 1e-5, f"IK: {max(worst, scrubbed):.3g} of the size from dynskin on Blender's pose")
    expect(obj.dynskin.status == "", f"status once the pose is read: {obj.dynskin.status}")
    arm.pose.bones["tip"].constraints.remove(ik)
    obj.dynskin.enabled = False

    # A layer added from the panel starts as no group: 1 everywhere.
    obj.dynskin.enabled = True
    scene.frame_set(12)
    unpainted = harness.evaluated_world(obj)
    bpy.ops.dynskin.add_layer(layer="floppy")
    expect("dynskin_floppy" in obj.vertex_groups, "Add should make the dynskin_floppy group")
    scene.frame_set(12)
    difference = float(np.abs(harness.evaluated_world(obj) - unpainted).max()) / size
    expect(difference < 1e-6, f"a new layer should change nothing until painted ({difference:.3g})")
    obj.vertex_groups.remove(obj.vertex_groups["dynskin_floppy"])
    obj.dynskin.enabled = False

    # A key edited while paused shows at once, as if simulated again from the start.
    obj.dynskin.enabled = True
    scene.frame_set(12)
    before = harness.evaluated_world(obj)
    curve = next(c for c in arm.animation_data.action.fcurves if "mid" in c.data_path and c.array_index == 1)
    curve.keyframe_points[1].co[1] += 0.4
    curve.update()
    bpy.context.view_layer.update()  # Blender tells the add-on the action changed
    edited = harness.evaluated_world(obj)
    live.forget(obj)
    live.update_object(scene, obj)
    fresh = harness.evaluated_world(obj)
    print(f"DYNSKIN-BLENDER key edited while paused: moved {np.abs(edited - before).max() / size:.3g}, "
          f"{np.abs(edited - fresh).max() / size:.3g} from a fresh simulation (sizes)")
    expect(np.abs(edited - before).max() / size > 1e-3, "a key edit while paused should show at once")
    expect(np.abs(edited - fresh).max() / size < 1e-6, "a key edit should show as a fresh simulation would")

harness.run(main)
