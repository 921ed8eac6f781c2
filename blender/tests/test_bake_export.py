"""Issue 38, exporting a bake: Bake to Shape Keys rides on the armature (each key the Basis
plus the frame's bind-space offsets, the Armature modifier on), so that Blender's own glTF and
FBX exporters carry what was shown. The bundled cow, and the Khronos Fox when ../shared has
it: the replay equals live within 1e-5 of the size L; exported (glb, FBX) with the settings
docs/blender.md gives, imported into an empty scene by Blender's importers, the imported mesh
shows the live result (world space, vertices matched by their rest position) within 1e-5 L.
With Preserve Volume on the keys stay absolute (the Armature modifier off), said. Exported
while live (no bake), the glb carries the plain character: the live key that rides on the
armature is taken out for Blender's glTF exporter, and live again after it; with Apply
Modifiers on or off, the offsets riding or added by the Geometry Nodes modifier, the glb and
the FBX carry the plain character and no shape key, and the frame shown is live again after
them, unchanged."""
import json
import os
import shutil
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, expect, np
from mathutils.kdtree import KDTree
from dynskin_blender import bake, stack

FRAMES = list(range(1, 41))
FOX = os.path.join(harness.ROOT, "..", "shared", "rigs", "wild", "Fox.glb")


def skinned_mesh():
    return next(o for o in bpy.context.scene.objects if o.type == "MESH" and o.find_armature() is not None)


def rest_world(obj):
    co = np.empty(len(obj.data.vertices) * 3, dtype=np.float32)
    obj.data.vertices.foreach_get("co", co)
    return (np.c_[co.reshape(-1, 3), np.ones(len(co) // 3)] @ np.array(obj.matrix_world).T)[:, :3]


def export_gltf(path):
    """docs/blender.md's glTF settings: the exporter's defaults (Shape Keys, Skinning,
    Animations on, Apply Modifiers off) but Group by NLA Track off, so that the bones' action
    and the keys' are one glTF animation, and Export all Armature Actions off, so that it is
    the active action alone (the Fox's importer keeps its three clips, all on the armature)."""
    bpy.ops.export_scene.gltf(filepath=path, export_format="GLB", export_nla_strips=False,
                              export_anim_single_armature=False)


def export_fbx(path):
    """docs/blender.md's FBX settings: Apply Modifiers off, the scene's animation as one take
    (All Actions and NLA Strips off), Simplify 0 (every frame's key kept), no leaf bones."""
    bpy.ops.export_scene.fbx(filepath=path, use_mesh_modifiers=False, bake_anim_use_all_actions=False,
                             bake_anim_use_nla_strips=False, bake_anim_simplify_factor=0.0, add_leaf_bones=False)


def import_file(path):
    """A glb or an FBX imported by Blender's importer into the scene."""
    if path.endswith(".glb"):
        bpy.ops.import_scene.gltf(filepath=path)
    else:
        bpy.ops.import_scene.fbx(filepath=path, anim_offset=0.0)  # (its default shifts the keys a frame on)


def nearest(rest, points):
    """Each point's nearest vertex of rest: (its index, the distance)."""
    tree = KDTree(len(rest))
    for i, p in enumerate(rest):
        tree.insert(p, i)
    tree.balance()
    return [tree.find(p)[1:] for p in points]


def reimported(path, live, rest, size):
    """The file imported into an empty scene: the largest distance, in sizes, of its mesh at
    FRAMES from the live result (each imported vertex against the original one at its rest
    position: the glTF exporter splits vertices at UV and normal seams), that match's own
    largest distance, and the imported vertex count. Both importers give Blender's world
    frame and units back (+Y up and FBX's centimetres converted)."""
    harness.fresh_scene()
    import_file(path)
    obj = skinned_mesh()
    found = nearest(rest, rest_world(obj))
    match = np.array([i for i, _ in found])
    apart = max(d for _, d in found) / size
    shown = harness.shown_at(obj, FRAMES)
    return max(float(np.abs(shown[f] - live[f][match]).max()) for f in FRAMES) / size, apart, len(match)


def check(name, load):
    scene = harness.fresh_scene()
    obj, arm = load()
    bpy.context.view_layer.objects.active = obj
    scene.frame_start, scene.frame_end = FRAMES[0], FRAMES[-1]
    size = harness.Rig(obj).character.size
    rest = rest_world(obj)
    obj.dynskin.enabled = True
    live = harness.shown_at(obj, FRAMES)
    obj.dynskin.mode = "lbs"
    moved = harness.largest(live, harness.shown_at(obj, FRAMES), FRAMES, size)
    obj.dynskin.mode = "dynamic"
    expect(moved > 1e-2, f"{name}: the rig should have secondary motion ({moved:.3g})")

    expect(bpy.ops.dynskin.bake_shape_keys() == {"FINISHED"}, f"{name}: the shape-key bake did not finish")
    armature = next(m for m in obj.modifiers if m.type == "ARMATURE")
    expect(armature.show_viewport and armature.show_render and not bake.exports_twice(obj),
           f"{name}: the keys should ride on the armature, its modifier on")
    replayed = harness.largest(harness.shown_at(obj, FRAMES), live, FRAMES, size)
    print(f"DYNSKIN-BLENDER {name}: {len(rest)} vertices, dynskin's motion {moved:.3g} L, "
          f"the riding keys replay {replayed:.3g} L from live")
    expect(replayed < 1e-5, f"{name}: the riding keys replay {replayed:.3g} of the size from live")

    folder = tempfile.mkdtemp(prefix="dynskin_bake_export_")
    try:
        blend = os.path.join(folder, "baked.blend")
        bpy.ops.wm.save_as_mainfile(filepath=blend)
        for exporter, path in ((export_gltf, "baked.glb"), (export_fbx, "baked.fbx")):
            bpy.ops.wm.open_mainfile(filepath=blend)
            exporter(os.path.join(folder, path))
            worst, apart, count = reimported(os.path.join(folder, path), live, rest, size)
            print(f"DYNSKIN-BLENDER {name}, {path} imported again: {count} vertices (matched within {apart:.3g} L), "
                  f"{worst:.3g} L from live")
            expect(worst < 1e-5, f"{name}: {path} imported again shows {worst:.3g} of the size from live")
    finally:
        shutil.rmtree(folder)


def preserve_volume_stays_absolute():
    """Dual quaternions move an offset by another matrix than the one the keys were made for:
    the keys hold absolute positions, replaying exactly, and the object says they are not
    for export."""
    scene = harness.fresh_scene()
    scene.frame_start, scene.frame_end = 1, 24
    obj, _ = harness.tube_rig()
    obj.modifiers["Armature"].use_deform_preserve_volume = True
    size = harness.Rig(obj).character.size
    obj.dynskin.enabled = True
    live = harness.shown_at(obj, range(1, 25))
    expect(bake.riding_problem(obj) != "", "Preserve Volume should keep the keys from riding")
    expect(bpy.ops.dynskin.bake_shape_keys() == {"FINISHED"}, "the Preserve Volume bake did not finish")
    replayed = harness.largest(harness.shown_at(obj, range(1, 25)), live, range(1, 25), size)
    print(f"DYNSKIN-BLENDER Preserve Volume: '{bake.riding_problem(obj)}', absolute keys replay {replayed:.3g} L")
    expect(bake.exports_twice(obj) and not obj.modifiers["Armature"].show_viewport,
           "with Preserve Volume the keys should be absolute, the Armature modifier off")
    expect(replayed < 1e-6, f"the absolute keys replay {replayed:.3g} of the size from live")


def glb_json(path):
    with open(path, "rb") as f:
        data = f.read()
    length = struct.unpack_from("<I", data, 12)[0]
    return json.loads(data[20:20 + length])


def exported_while_live():
    """The glTF exporter finds the add-on's callbacks among the enabled add-ons (as a user's
    Blender has it): the file holds no morph target of dynskin's live key."""
    harness.fresh_scene()
    obj, _ = harness.import_bundled("cow")
    obj.dynskin.enabled = True
    harness.shown_at(obj, [1, 12])  # the key holds frame 12's offsets
    expect(stack.LIVE_KEY in obj.data.shape_keys.key_blocks, "the live key should be there before the export")
    expect(stack.modifier_of(obj).node_group.name == stack.RIDING_GROUP, "the cow's offsets should ride on its armature")
    if "dynskin_blender" not in bpy.context.preferences.addons:
        bpy.context.preferences.addons.new().module = "dynskin_blender"
    folder = tempfile.mkdtemp(prefix="dynskin_live_export_")
    try:
        path = os.path.join(folder, "live.glb")
        export_gltf(path)
        meshes = glb_json(path)["meshes"]
        targets = [len(p.get("targets", [])) for m in meshes for p in m["primitives"]]
        names = [n for m in meshes for n in m.get("extras", {}).get("targetNames", [])]
        print(f"DYNSKIN-BLENDER exported while live: morph targets per primitive {targets}, names {names}")
        expect(stack.LIVE_KEY not in names and not any(targets), f"the live key should not be exported: {names}, {targets}")
        block = obj.data.shape_keys.key_blocks.get(stack.LIVE_KEY)
        expect(block is not None and not block.mute, "the live key should be live again after the export")
    finally:
        shutil.rmtree(folder)


def rest_offset(path, rest, size):
    """The file imported into the scene beside the character (then removed): its mesh's
    largest distance from the character's rest (world space, each vertex against its nearest;
    both importers give Blender's world frame and units back) in sizes, and its shape keys'
    names."""
    kept = set(bpy.data.objects)
    import_file(path)
    imported = next(o for o in bpy.data.objects if o not in kept and o.type == "MESH")
    names = [k.name for k in imported.data.shape_keys.key_blocks] if imported.data.shape_keys else []
    off = max(d for _, d in nearest(rest, rest_world(imported))) / size
    for o in [o for o in bpy.data.objects if o not in kept]:
        bpy.data.objects.remove(o)
    return off, names


def exported_while_live_with_modifiers():
    """Exported while live with Apply Modifiers off (the docs' setting) and on (the FBX
    exporter's default), the offsets riding on the armature (the cow) or added by the Geometry
    Nodes modifier (Preserve Volume on): the file holds the plain character and no shape key
    (the cow has none of its own). Blender's FBX exporter has no hook (exporters.py wraps its
    save function). Afterwards the frame shown is live again, unchanged."""
    exports = (("glb", lambda path, apply: bpy.ops.export_scene.gltf(filepath=path, export_format="GLB", export_apply=apply)),
               ("fbx", lambda path, apply: bpy.ops.export_scene.fbx(filepath=path, use_mesh_modifiers=apply,
                                                                   add_leaf_bones=False)))
    folder = tempfile.mkdtemp(prefix="dynskin_live_export_")
    try:
        for preserve_volume in (False, True):
            harness.fresh_scene()
            if "dynskin_blender" not in bpy.context.preferences.addons:  # for the glTF exporter's callbacks
                bpy.context.preferences.addons.new().module = "dynskin_blender"
            obj, _ = harness.import_bundled("cow")
            obj.modifiers["Armature"].use_deform_preserve_volume = preserve_volume
            rest = rest_world(obj)
            size = float(np.ptp(rest, axis=0).max())
            obj.dynskin.enabled = True
            shown = harness.shown_at(obj, [1, 12])[12]
            way = stack.modifier_of(obj).node_group.name
            expect(way == (stack.GROUP if preserve_volume else stack.RIDING_GROUP), f"the cow's offsets come in by {way}")
            for kind, export in exports:
                for apply in (False, True):
                    path = os.path.join(folder, f"live-{preserve_volume}-{apply}.{kind}")
                    export(path, apply)
                    keys = obj.data.shape_keys
                    block = keys.key_blocks.get(stack.LIVE_KEY) if keys is not None else None
                    back = float(np.abs(harness.shown_at(obj, [12])[12] - shown).max()) / size
                    off, names = rest_offset(path, rest, size)
                    print(f"DYNSKIN-BLENDER {kind} exported while live ({way}, Apply Modifiers {apply}): shape keys "
                          f"{names}, the mesh {off:.3g} L from the rest; the frame shown {back:.3g} L from before")
                    expect(not names, f"{kind}, {way}, apply {apply}: no shape key of dynskin's should be exported: {names}")
                    expect(off < 1e-5, f"{kind}, {way}, apply {apply}: the mesh should be the plain character: {off:.3g} L off")
                    expect(back < 1e-6 and (preserve_volume or (block is not None and not block.mute)),
                           f"{kind}, {way}, apply {apply}: the frame shown should be live again ({back:.3g} L off)")
    finally:
        shutil.rmtree(folder)


def main():
    exported_while_live()
    exported_while_live_with_modifiers()
    check("cow", lambda: harness.import_bundled("cow"))
    if os.path.exists(FOX):
        def fox():
            bpy.ops.import_scene.gltf(filepath=FOX)
            obj = skinned_mesh()
            return obj, obj.find_armature()
        check("Fox", fox)
    else:
        print(f"DYNSKIN-BLENDER {FOX} missing: the Fox skipped")
    preserve_volume_stays_absolute()


harness.run(main)
