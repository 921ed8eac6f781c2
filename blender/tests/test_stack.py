"""dynskin in Blender's modifier stack (issue 29, items 2 and 3): the Armature modifier stays
on and dynskin's modifier goes right after it, before a Subdivision modifier; a shape key at
1 is kept (the shown mesh is Blender's skinning of the keyed mesh plus dynskin's offsets);
LBS only equals the Armature modifier exactly, Subdivision included; a file saved live and
opened without the add-on shows Blender's plain skinning at every frame (not a frozen mesh),
and opened with it, dynskin's result again."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, dynskin, expect, np

FRAMES = list(range(1, 31))


def main():
    scene = harness.fresh_scene()
    obj, arm = harness.tube_rig()
    size = harness.Rig(obj).character.size
    subdivision = obj.modifiers.new("Subdivision", "SUBSURF")
    subdivision.levels = 1
    obj.shape_key_add(name="Basis", from_mix=False)
    bulge = obj.shape_key_add(name="Bulge", from_mix=False)
    for point in bulge.data:  # the tube twice as thick at its middle
        x, y, z = point.co
        point.co = (x * (2.0 - abs(z - 1.5) / 1.5), y * (2.0 - abs(z - 1.5) / 1.5), z)
    bulge.value = 1.0

    subdivision.show_viewport = False
    blender = harness.shown_at(obj, FRAMES)  # Blender's own skinning of the keyed mesh
    subdivision.show_viewport = True
    blender_smooth = harness.shown_at(obj, FRAMES)
    dynamic, _ = harness.reference(obj, FRAMES, harness.first_enable_settings())  # the rest mesh, no key
    lbs = harness.first_enable_settings()
    lbs.mode = "lbs"
    plain, _ = harness.reference(obj, FRAMES, lbs)

    obj.dynskin.enabled = True
    names = [m.name for m in obj.modifiers]
    print(f"DYNSKIN-BLENDER stack: {names}")
    expect(names == ["Armature", "dynskin", "Subdivision"], f"dynskin's modifier should follow the Armature "
                                                                   f"modifier, before Subdivision: {names}")
    expect(obj.modifiers["Armature"].show_viewport and obj.modifiers["Armature"].show_render,
           "the Armature modifier should stay on")

    # Dynamic: Blender's skinning of the keyed mesh plus dynskin's secondary motion.
    subdivision.show_viewport = False
    shown = harness.shown_at(obj, FRAMES)
    expected = {f: blender[f] + dynamic[f] - plain[f] for f in FRAMES}
    worst = harness.largest(shown, expected, FRAMES, size)
    moved = harness.largest(dynamic, plain, FRAMES, size)
    print(f"DYNSKIN-BLENDER shape key at 1, dynamic: {worst:.3g} of the size from Armature + dynskin's offsets "
          f"(the offsets reach {moved:.3g})")
    expect(worst < 1e-5, f"a shape key under dynskin: {worst:.3g} of the size off")
    expect(moved > 1e-2, "the rig should have secondary motion")

    # LBS only: exactly Blender's result, with Subdivision too.
    obj.dynskin.mode = "lbs"
    worst = harness.largest(harness.shown_at(obj, FRAMES), blender, FRAMES, size)
    subdivision.show_viewport = True
    smooth = harness.shown_at(obj, FRAMES)
    worst_smooth = harness.largest(smooth, blender_smooth, FRAMES, size)
    print(f"DYNSKIN-BLENDER LBS only against the Armature modifier: {worst:.3g}, with Subdivision {worst_smooth:.3g} "
          f"({len(smooth[1])} vertices)")
    expect(worst == 0.0 and worst_smooth == 0.0, f"LBS only should be Blender's result exactly ({worst:.3g}, "
                                                 f"{worst_smooth:.3g})")
    obj.dynskin.mode = "dynamic"

    # Preserve Volume on the Armature modifier (Blender's dual quaternions) with the panel's
    # dual-quaternion base: Blender's result plus dynskin's offsets from its own.
    subdivision.show_viewport = False
    obj.dynskin.enabled = False
    armature = obj.modifiers["Armature"]
    armature.use_deform_preserve_volume = True
    blender_dq = harness.shown_at(obj, FRAMES)
    dq, dq_lbs = harness.first_enable_settings(), harness.first_enable_settings()
    dq.dual_quaternion = dq_lbs.dual_quaternion = True
    dq_lbs.mode = "lbs"
    dynamic_dq, _ = harness.reference(obj, FRAMES, dq)
    plain_dq, _ = harness.reference(obj, FRAMES, dq_lbs)
    obj.dynskin.enabled = True
    obj.dynskin.dual_quaternion = True
    worst = harness.largest(harness.shown_at(obj, FRAMES), {f: blender_dq[f] + dynamic_dq[f] - plain_dq[f] for f in FRAMES}, FRAMES, size)
    print(f"DYNSKIN-BLENDER Preserve Volume and a dual-quaternion base: {worst:.3g} of the size off")
    expect(worst < 1e-5, f"Preserve Volume with a dual-quaternion base: {worst:.3g} of the size off")
    armature.use_deform_preserve_volume = False  # switched back while live: offsets from LBS again
    obj.dynskin.dual_quaternion = False
    worst = harness.largest(harness.shown_at(obj, FRAMES), expected, FRAMES, size)
    expect(worst < 1e-5, f"Preserve Volume switched off while live: {worst:.3g} of the size off")
    subdivision.show_viewport = True

    # The user's own order is kept.
    obj.modifiers.remove(subdivision)
    smooth_after = obj.modifiers.new("Smooth", "SMOOTH")
    with bpy.context.temp_override(object=obj):
        bpy.ops.object.modifier_move_to_index(modifier="Smooth", index=1)
    scene.frame_set(12)
    names = [m.name for m in obj.modifiers]
    expect(names == ["Armature", "Smooth", "dynskin"], f"a modifier the user moved should stay: {names}")
    obj.modifiers.remove(smooth_after)

    # Saved live, opened without the add-on: Blender's plain skinning, moving; with it: dynskin.
    scene.frame_set(12)
    path = os.path.join(bpy.app.tempdir, "stack.blend")
    bpy.ops.wm.save_as_mainfile(filepath=path)
    live_12 = harness.evaluated_world(obj)
    expect(np.abs(live_12 - expected[12]).max() / size < 1e-5, "saving should leave the live result shown")
    harness.dynskin_blender.unregister()
    bpy.ops.wm.open_mainfile(filepath=path)
    obj = bpy.data.objects["tube"]
    without = harness.shown_at(obj, FRAMES)
    worst = harness.largest(without, blender, FRAMES, size)
    still = harness.largest({f: without[f] for f in FRAMES}, {f: without[12] for f in FRAMES}, FRAMES, size)
    print(f"DYNSKIN-BLENDER opened without the add-on: {worst:.3g} of the size from Blender's skinning "
          f"(moves {still:.3g})")
    expect(worst < 1e-6, f"without the add-on the file should show plain skinning: {worst:.3g} off")
    expect(still > 1e-2, "without the add-on the mesh should still move (not frozen)")
    harness.dynskin_blender.register()
    bpy.ops.wm.open_mainfile(filepath=path)  # load_post: live again
    obj = bpy.data.objects["tube"]
    worst = harness.largest(harness.shown_at(obj, FRAMES), expected, FRAMES, size)
    print(f"DYNSKIN-BLENDER opened with the add-on: {worst:.3g} of the size from dynskin")
    expect(worst < 1e-5, f"reopened with the add-on: {worst:.3g} of the size from dynskin")

    # A file saved by add-on 0.2 (its Armature modifier off, positions set from an attribute)
    # opens on the new stack.
    obj.dynskin.enabled = False
    obj.modifiers["Armature"].show_viewport = obj.modifiers["Armature"].show_render = False
    old = obj.modifiers.new("dynskin", "NODES")
    old.node_group = bpy.data.node_groups.new("dynskin_set_position", "GeometryNodeTree")
    obj.data.attributes.new("dynskin_position", "FLOAT_VECTOR", "POINT")
    obj.dynskin["enabled"] = True  # as the file holds it (no switching on)
    bpy.ops.wm.save_as_mainfile(filepath=path)
    bpy.ops.wm.open_mainfile(filepath=path)
    obj = bpy.data.objects["tube"]
    names = [(m.name, m.show_viewport, m.node_group.name if m.type == "NODES" else "") for m in obj.modifiers]
    print(f"DYNSKIN-BLENDER a 0.2 file opened: {names}")
    expect(names == [("Armature", True, ""), ("dynskin", True, "dynskin_rides_on_armature")],
           f"a 0.2 file should open on the new stack: {names}")
    expect("dynskin_position" not in obj.data.attributes, "a 0.2 file's positions should go")
    worst = harness.largest(harness.shown_at(obj, FRAMES), expected, FRAMES, size)
    expect(worst < 1e-5, f"a 0.2 file opened: {worst:.3g} of the size from dynskin")

    # Switched off: no trace left but Blender's own modifiers.
    obj.dynskin.enabled = False
    expect([m.name for m in obj.modifiers] == ["Armature"], "switching off should remove dynskin's modifier")
    expect(not any(o.name.startswith("tube dynskin") for o in bpy.data.objects), "the helper should go")

    # The Armature modifier removed while live, paused and then at a new frame: said, and no
    # dynskin modifier left on the unskinned mesh (it would add nothing but stale offsets);
    # an Armature modifier added again brings it back.
    obj.dynskin.enabled = True
    bpy.context.scene.frame_set(12)
    armature = obj.modifiers["Armature"].object
    obj.modifiers.remove(obj.modifiers["Armature"])
    bpy.context.view_layer.update()  # paused: Blender tells the add-on the object changed
    names = [m.name for m in obj.modifiers]
    print(f"DYNSKIN-BLENDER Armature modifier removed: '{obj.dynskin.status}', modifiers {names}")
    expect(names == [], f"no dynskin modifier should stay without the Armature modifier: {names}")
    expect("No Armature modifier" in obj.dynskin.status, f"the panel should say it: '{obj.dynskin.status}'")
    bpy.context.scene.frame_set(13)
    expect(not obj.modifiers, f"a new frame should add no dynskin modifier: {[m.name for m in obj.modifiers]}")
    expect(not any(o.name.startswith("tube dynskin") for o in bpy.data.objects), "the helper should go")
    obj.modifiers.new("Armature", "ARMATURE").object = armature
    worst = harness.largest(harness.shown_at(obj, FRAMES), expected, FRAMES, size)
    names = [m.name for m in obj.modifiers]
    print(f"DYNSKIN-BLENDER Armature modifier back: {names}, {worst:.3g} of the size from dynskin")
    expect(names == ["Armature", "dynskin"] and obj.dynskin.status == "",
           f"an Armature modifier added again should bring dynskin back: {names}, '{obj.dynskin.status}'")
    expect(worst < 1e-5, f"the Armature modifier back: {worst:.3g} of the size from dynskin")


harness.run(main)
