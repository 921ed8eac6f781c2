"""Presets shared with the viewer: a preset the viewer's code writes loads into the panel,
the panel's preset reads back as the same settings in dynskin, a glb's joint settings (every
one of them) land on the bones of their names, and a broken file or glb is refused with a
message, leaving the panel as it was."""
import json
import math
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, dynskin, expect
from dynskin_blender import settings


EXTENSION = "DYNSKIN_dynamic_skinning"


def edited_copy(source, path, edit):
    """A copy of a glb whose JSON `edit` changed in place."""
    with open(source, "rb") as glb:
        data = glb.read()
    length = struct.unpack_from("<I", data, 12)[0]
    root, rest = json.loads(data[20:20 + length]), data[20 + length:]
    edit(root)
    text = json.dumps(root).encode()
    text += b" " * (-len(text) % 4)
    with open(path, "wb") as glb:
        glb.write(struct.pack("<4sII", b"glTF", 2, 12 + 8 + len(text) + len(rest)))
        glb.write(struct.pack("<II", len(text), 0x4E4F534A) + text + rest)


def with_joint_settings(source, path, node_name, joint):
    """A copy of a glb whose node carries a joint's own settings (the extension's node object)."""
    def add(root):
        node = next(n for n in root["nodes"] if n.get("name") == node_name)
        node.setdefault("extensions", {})[EXTENSION] = joint
        if EXTENSION not in root.setdefault("extensionsUsed", []):
            root["extensionsUsed"].append(EXTENSION)
    edited_copy(source, path, add)


def without_settings(source, path):
    """A copy of a glb without any of dynskin's settings (a glb from elsewhere)."""
    def strip(root):
        for holder in [root] + root.get("nodes", []):
            holder.get("extensions", {}).pop(EXTENSION, None)
        root.get("asset", {}).get("extras", {}).pop("dynskin", None)
        root["extensionsUsed"] = [name for name in root.get("extensionsUsed", []) if name != EXTENSION]
    edited_copy(source, path, strip)


def check_joint_settings_from_a_glb(arm, folder):
    """Every setting of a joint in a glb, on its bone: the bone means the same JointSettings
    (Blender once dropped centroid_offset)."""
    joint = {"gain": 0.5, "override_oscillation": True,
             "oscillation": {"frequency": 3.0, "damping": 0.7, "amplitude": -0.2, "drag": 0.3},
             "origin_offset": [0.0, 0.25, 0.0], "bend": {"rotation": False, "translation": True},
             "squash": {"rotation": True, "translation": False}, "centroid_offset": [0.125, -0.25, 0.5]}
    expect(set(joint) == {row["name"] for row in dynskin.joint_setting_table()}, "the glb should set every setting")
    path = os.path.join(folder, "bar_joint.glb")
    with_joint_settings(os.path.join(harness.ROOT, "assets", "bar.glb"), path, "bone3", joint)
    expect(bpy.ops.dynskin.load_glb_settings(filepath=path) == {"FINISHED"}, "loading the glb's settings failed")
    centroid = tuple(arm.data.bones["bone3"].dynskin.centroid_offset)
    expect(centroid == (0.125, -0.25, 0.5), f"the glb's centroid_offset on the bone: {centroid}")
    character = dynskin.load(path)
    saved = dynskin.Deformer(character)
    for j, name in enumerate(character.joint_names):
        expect(settings.joint_settings(arm.data.bones[name].dynskin) == saved.joint(j),
               f"{name}: the bone's settings should be the glb's joint's")


def main():
    harness.fresh_scene()
    obj, arm = harness.import_bundled("bar")
    bpy.context.view_layer.objects.active = obj
    folder = bpy.app.tempdir

    viewer = dynskin.Settings()
    viewer.mode, viewer.frequency, viewer.damping, viewer.amplitude, viewer.drag = "drag", 3.5, 0.9, -0.2, 0.3
    viewer.propagation_speed, viewer.max_angle, viewer.max_offset, viewer.squash = 2.5, 0.0, 0.4, 0.2
    viewer.squash_center, viewer.dual_quaternion, viewer.translation_gain = "centroid", True, 0.5
    path = os.path.join(folder, "viewer.json")
    viewer.save_preset(path)
    expect(bpy.ops.dynskin.load_preset(filepath=path) == {"FINISHED"}, "loading the viewer's preset failed")
    p = obj.dynskin
    expect((p.mode, p.delayed, p.limit_angle, p.limit_offset, p.squash_center, p.dual_quaternion) ==
           ("drag", True, False, True, "centroid", True), "the preset's switches in the panel")
    expect(all(math.isclose(a, b, rel_tol=1e-6) for a, b in zip(
        (p.frequency, p.damping, p.amplitude, p.drag, p.propagation_speed, p.max_offset, p.squash, p.translation_gain),
        (3.5, 0.9, -0.2, 0.3, 2.5, 0.4, 0.2, 0.5))), "the preset's values in the panel")
    expect(settings.global_settings(p) == viewer, "the panel should mean the same settings as the preset")

    saved = os.path.join(folder, "saved.json")
    expect(bpy.ops.dynskin.save_preset(filepath=saved) == {"FINISHED"}, "saving a preset failed")
    expect(dynskin.Settings.load_preset(saved) == viewer, "the saved preset reads back different in dynskin")

    broken = os.path.join(folder, "broken.json")
    with open(broken, "w") as out:
        out.write('{"frequency": "fast"')
    before = settings.global_settings(p)
    for operator in (bpy.ops.dynskin.load_preset, bpy.ops.dynskin.load_glb_settings):
        try:  # a script sees the operator's error report as RuntimeError
            operator(filepath=broken)
            expect(False, f"{operator.idname_py()}: a broken file should be refused")
        except RuntimeError as error:
            print(f"DYNSKIN-BLENDER refused: {error}")
            expect("broken.json" in str(error), f"the message should name the file: {error}")
    expect(settings.global_settings(p) == before, "a refused file should leave the panel as it was")
    plain = os.path.join(folder, "plain.glb")
    without_settings(os.path.join(harness.ROOT, "assets", "bar.glb"), plain)
    try:
        bpy.ops.dynskin.load_glb_settings(filepath=plain)
        expect(False, "a glb without dynskin's settings should be refused")
    except RuntimeError as error:
        expect("carries no dynskin settings" in str(error), f"the message should say why: {error}")
    expect(settings.global_settings(p) == before, "a refused glb should leave the panel as it was")
    check_joint_settings_from_a_glb(arm, folder)
    print("DYNSKIN-BLENDER presets: the viewer's preset loads; the panel's preset reads back equal; "
          "a glb's joint settings on the bones")


harness.run(main)
