"""Linked and overridden characters (issue 29, item 4): each object shows its own motion.
Linked duplicates (Alt+D: one mesh shared) with different actions each equal dynskin on
their own pose; a character linked from a library and overridden moves with the override's
own settings, which are saved with the file and read back; a character only linked (not
overridden) shows Blender's plain skinning and a message says what to do."""
import io
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, dynskin, expect, np

FRAMES = list(range(1, 31))


def settings(**values):
    s = harness.first_enable_settings()
    for name, value in values.items():
        setattr(s, name, value)
    return s


def check(obj, expected, size, what):
    worst = harness.largest_difference(obj, FRAMES, expected, size)
    print(f"DYNSKIN-BLENDER {what}: {worst:.3g} of the size from dynskin on its own pose")
    expect(worst < 1e-5, f"{what}: {worst:.3g} of the size from dynskin on its own pose")


def linked_duplicates():
    scene, obj, arm, size = harness.live_tube(5)
    for o in scene.objects:
        o.select_set(o in (obj, arm))
    bpy.context.view_layer.objects.active = obj
    bpy.ops.object.duplicate(linked=True)  # Alt+D
    copy = next(o for o in bpy.context.selected_objects if o.type == "MESH")
    copy_arm = next(o for o in bpy.context.selected_objects if o.type == "ARMATURE")
    copy_arm.location.x += 3.0
    action = arm.animation_data.action.copy()  # the copy plays its own, slower and wider swing
    for curve in action.fcurves:
        for point in curve.keyframe_points:
            point.co.x, point.co.y = 1 + 1.5 * (point.co.x - 1), point.co.y * 1.4
            point.handle_left.x, point.handle_right.x = point.co.x, point.co.x
        curve.update()
    copy_arm.animation_data.action = action
    bpy.context.view_layer.update()  # the copy where its armature now is
    expect(copy.data is obj.data and harness.armature_of(copy) is copy_arm, "Alt+D should share the mesh only")
    copy.dynskin.frequency = 3.0
    expected, _ = harness.reference(obj, FRAMES, settings())
    copy_expected, _ = harness.reference(copy, FRAMES, settings(frequency=3.0))
    apart = max(float(np.abs(expected[f] - copy_expected[f] + [3.0, 0, 0]).max()) for f in FRAMES) / size
    scene.frame_set(1)
    check(obj, expected, size, "the original of a linked duplicate")
    check(copy, copy_expected, size, f"its linked duplicate (the two {apart:.3g} apart)")
    expect(apart > 1e-2, "the duplicates should move differently")


def override_of_linked():
    scene = harness.fresh_scene()
    obj, arm = harness.tube_rig()
    size = harness.Rig(obj).character.size
    character = bpy.data.collections.new("Character")
    scene.collection.children.link(character)
    for o in (obj, arm):
        scene.collection.objects.unlink(o)
        character.objects.link(o)
    obj.dynskin.enabled = True
    obj.dynskin.frequency = 2.0
    scene.frame_set(7)
    folder = tempfile.mkdtemp()  # Blender's own temporary folder goes with a factory reset
    library = os.path.join(folder, "character_library.blend")
    bpy.ops.wm.save_as_mainfile(filepath=library)

    # A shot: the character linked, overridden, and given its own f.
    scene = harness.fresh_scene()
    with bpy.data.libraries.load(library, link=True) as (data_from, data_to):
        data_to.collections = ["Character"]
    linked = data_to.collections[0]
    overridden = linked.override_hierarchy_create(scene, bpy.context.view_layer, do_fully_editable=True)
    obj = next(o for o in overridden.all_objects if o.type == "MESH")
    expect(obj.override_library is not None, "the tube should be an override")
    obj.dynskin.frequency = 5.0
    expected, _ = harness.reference(obj, FRAMES, settings(frequency=5.0))
    check(obj, expected, size, "a library override, its own f")
    shot = os.path.join(os.path.dirname(library), "shot.blend")
    bpy.ops.wm.save_as_mainfile(filepath=shot)
    bpy.ops.wm.open_mainfile(filepath=shot)
    obj = next(o for o in bpy.context.scene.objects if o.type == "MESH" and o.override_library is not None)
    print(f"DYNSKIN-BLENDER the override's f read back: {obj.dynskin.frequency}")
    expect(abs(obj.dynskin.frequency - 5.0) < 1e-6, f"the override's f should be saved: {obj.dynskin.frequency}")
    check(obj, expected, size, "the override reopened")
    return library, size


def only_linked(library, size):
    """Linked as a collection instance, not overridden: plain skinning, and a message."""
    scene = harness.fresh_scene()
    with bpy.data.libraries.load(library, link=True) as (data_from, data_to):
        data_to.collections = ["Character"]
    instance = bpy.data.objects.new("Character", None)
    instance.instance_type, instance.instance_collection = "COLLECTION", data_to.collections[0]
    scene.collection.objects.link(instance)
    obj = next(o for o in data_to.collections[0].all_objects if o.type == "MESH")
    stdout, sys.stdout = sys.stdout, io.StringIO()
    try:
        for f in (3, 9):
            scene.frame_set(f)
    finally:
        said, sys.stdout = sys.stdout.getvalue(), stdout
    print(said)
    plain, _ = harness.reference(obj, FRAMES, settings(mode="lbs"))
    worst = harness.largest_difference(obj, FRAMES, plain, size)
    print(f"DYNSKIN-BLENDER only linked: {worst:.3g} of the size from plain skinning")
    expect(worst < 1e-5, f"a linked character should show plain skinning: {worst:.3g} off")
    expect("Library Override" in said and obj.name in said, "a linked character should be said, with what to do")
    expect(said.count("Library Override") == 1, "the message should be said once, not every frame")


def main():
    linked_duplicates()
    library, size = override_of_linked()
    only_linked(library, size)


harness.run(main)
