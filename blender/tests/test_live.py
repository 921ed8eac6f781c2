"""The cow's glb imported into Blender, Dynamic Skinning switched on: the evaluated mesh
equals dynskin fed Blender's own evaluated pose, played straight and visited in a random
order; with the settings the glb carries (each joint's on the bone of its name); LBS only
equals Blender's own Armature modifier; both bakes replay the live result, and a bake caches
no second copy of its frames; Auto Smooth kept while live, or off while live when the panel
says so; switching off gives Blender's skinning back, Auto Smooth included."""
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, dynskin, expect, np
from dynskin_blender import bake
from dynskin_blender.rig import Rig


def main():
    scene = harness.fresh_scene()
    obj, arm = harness.import_bundled("cow")
    bpy.context.view_layer.objects.active = obj  # the panel acts on the active object
    frames = list(range(scene.frame_start, scene.frame_start + 40))
    expect(obj.data.use_auto_smooth, "the glTF importer should have turned Auto Smooth on")
    scene.frame_set(frames[-1])
    blender_lbs = harness.evaluated_world(obj)

    # Default settings, straight and scrubbed.
    expected, size = harness.reference(obj, frames, harness.first_enable_settings())
    obj.dynskin.enabled = True
    expect(obj.data.use_auto_smooth, "Auto Smooth (the glb's custom normals) should be kept while live")
    obj.dynskin.keep_custom_normals = False  # the panel's choice for speed: off while live
    expect(not obj.data.use_auto_smooth, "Auto Smooth should be off while live without Keep custom normals")
    live = {}
    worst = harness.largest_difference(obj, frames, expected, size, live)
    print(f"DYNSKIN-BLENDER played straight: {worst:.3g} of the size from dynskin")
    expect(worst < 1e-5, f"played straight: {worst:.3g} of the size from dynskin")
    expect(obj.dynskin.status == "", "status: " + obj.dynskin.status)
    # A mesh switched on for the first time has an unseen rig's ground contact: the cow's
    # planted hooves (within a quarter of the band above the armature's lowest point at rest,
    # Blender's +z up) keep Blender's skinning while its body moves.
    expect(obj.dynskin.ground_contact_on, "the ground contact should be on for a mesh switched on the first time")
    lbs = harness.first_enable_settings()
    lbs.mode = "lbs"
    base, _ = harness.reference(obj, frames, lbs)
    character = Rig(obj).character
    expect(character.up_axis == 2, f"Blender's up is +z, the character's axis is {character.up_axis}")
    held_below = character.ground + 0.25 * obj.dynskin.ground_contact * size
    hooves = max((np.linalg.norm(live[f] - base[f], axis=1)[base[f][:, 2] < held_below].max(initial=0.0) for f in frames))
    body = max(np.linalg.norm(live[f] - base[f], axis=1).max() for f in frames)
    held = sum(int((base[f][:, 2] < held_below).sum()) for f in frames)
    print(f"DYNSKIN-BLENDER planted hooves: {held} vertex-frames on the ground move {hooves / size:.3g} of the size, "
          f"the body {body / size:.3g}")
    expect(held > 0 and hooves <= 1e-5 * size, f"planted hooves move {hooves / size:.3g} of the size ({held} on the ground)")
    expect(body > 0.01 * size, f"the body moves {body / size:.3g} of the size")
    order = frames[:]
    random.Random(3).shuffle(order)
    worst = harness.largest_difference(obj, order, expected, size)
    print(f"DYNSKIN-BLENDER scrubbed: {worst:.3g} of the size from dynskin")
    expect(worst < 1e-5, f"scrubbed: {worst:.3g} of the size from dynskin")

    # Point cache and shape keys replay the live result.
    scene.frame_end = frames[-1]
    path = os.path.join(tempfile.mkdtemp(prefix="dynskin_live_"), "dynskin_test.pc2")  # not Blender's temporary folder
    expect(bpy.ops.dynskin.bake_pc2(filepath=path) == {"FINISHED"}, "the point cache bake did not finish")
    expect("dynskin cache" in obj.modifiers and not obj.dynskin.enabled, "the bake should play from a Mesh Cache")
    worst = harness.largest_difference(obj, frames, live, size)
    print(f"DYNSKIN-BLENDER point cache: {worst:.3g} of the size from live")
    expect(worst < 1e-6, f"point cache: {worst:.3g} of the size from live")
    expect(bpy.ops.dynskin.bake_shape_keys() == {"FINISHED"}, "the shape-key bake did not finish")
    expect("dynskin cache" not in obj.modifiers, "the shape-key bake should replace the point cache")
    worst = harness.largest_difference(obj, order, live, size)
    print(f"DYNSKIN-BLENDER shape keys: {worst:.3g} of the size from live")
    expect(worst < 1e-6, f"shape keys: {worst:.3g} of the size from live")
    # A bake keeps each frame once: its own simulation caches no results (live scrubbing's
    # cache would be a second copy of every frame), and gives the live result all the same.
    job = bake.BakeJob(scene, obj)
    job.step()
    to_world = np.array(obj.matrix_world)
    worst = max(float(np.abs(p @ to_world[:3, :3].T + to_world[:3, 3] - live[f]).max())
                for f, p in zip(job.frames, job.baked)) / size
    print(f"DYNSKIN-BLENDER a bake's own simulation: {len(job.baked)} frames, "
          f"{len(job.state.results)} cached, {worst:.3g} of the size from live")
    expect(job.done and len(job.baked) == len(frames), "the bake job should have done every frame")
    expect(not job.state.results, f"a bake should cache no results ({len(job.state.results)} frames cached)")
    expect(worst < 1e-6, f"a bake without a cache: {worst:.3g} of the size from live")
    keys = [k.name for k in obj.data.shape_keys.key_blocks]
    expect(bpy.ops.dynskin.bake_shape_keys() == {"FINISHED"} and
           [k.name for k in obj.data.shape_keys.key_blocks] == keys, "baking again should replace the keys")
    expect(bpy.ops.dynskin.remove_bake() == {"FINISHED"} and obj.dynskin.enabled, "Remove Bake goes back to live")
    expect(not any(k.name.startswith("dynskin ") for k in obj.data.shape_keys.key_blocks), "baked keys left")

    # The settings a dynskin glb carries: global ones, and the legs' own on the bones of their names.
    cow = dynskin.load(os.path.join(harness.ROOT, "assets", "cow.glb"))
    by_index = dynskin.Deformer(cow, cow.settings)
    joints = {name: by_index.joint(j) for j, name in enumerate(cow.joint_names)}
    result = bpy.ops.dynskin.load_glb_settings(filepath=os.path.join(harness.ROOT, "assets", "cow.glb"))
    expect(result == {"FINISHED"}, "loading the glb's settings failed")
    expect(abs(obj.dynskin.frequency - cow.settings.frequency) < 1e-6, "f from the glb")
    expect(arm.data.bones["front_l_leg"].dynskin.own_oscillation == joints["front_l_leg"].override_oscillation,
           "a leg's own oscillation from the glb")
    expect("dynskin_bend" in obj.vertex_groups, "the glb's painted bend weights should be a vertex group")
    # Blender's importer keeps the glb's vertex order: the layers by index, independently
    # of how the add-on found them.
    rest = np.array(cow.rest_positions)
    blender_rest = np.array([obj.matrix_world @ v.co for v in obj.data.vertices])
    expect(np.abs(blender_rest - np.c_[rest[:, 0], -rest[:, 2], rest[:, 1]]).max() < 1e-5 * cow.size,
           "the importer should keep the glb's vertices in order")
    layers = {name: np.array(getattr(cow, f"{name}_weights")) for name in ("bend", "floppy", "squash")}
    obj.dynskin.enabled = False
    expected, size = harness.reference(obj, frames, cow.settings, joints,
                                       {name: w for name, w in layers.items() if not np.all(w == 1.0)})
    obj.dynskin.enabled = True
    worst = harness.largest_difference(obj, frames, expected, size)
    print(f"DYNSKIN-BLENDER the glb's settings: {worst:.3g} of the size from dynskin")
    expect(worst < 1e-5, f"the glb's settings: {worst:.3g} of the size from dynskin")

    # LBS only is Blender's own skinning.
    obj.dynskin.mode = "lbs"
    scene.frame_set(frames[-1])
    difference = float(np.abs(harness.evaluated_world(obj) - blender_lbs).max()) / size
    print(f"DYNSKIN-BLENDER LBS only: {difference:.3g} of the size from Blender's Armature modifier")
    expect(difference < 1e-5, f"LBS only: {difference:.3g} of the size from Blender's Armature modifier")

    # Switched off: Blender's own skinning and Auto Smooth are back.
    obj.dynskin.mode = "dynamic"
    obj.dynskin.enabled = False
    scene.frame_set(frames[-1])
    difference = float(np.abs(harness.evaluated_world(obj) - blender_lbs).max()) / size
    expect(difference < 1e-6, "switching dynskin off should bring Blender's own skinning back")
    expect(obj.data.use_auto_smooth, "Auto Smooth should be back on")
    expect("dynskin" not in obj.modifiers and "dynskin_position" not in obj.data.attributes,
           "switching off should leave no trace")


harness.run(main)
