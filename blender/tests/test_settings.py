"""Presets shared with the viewer: a preset the viewer's code writes loads into the panel,
the panel's preset reads back as the same settings in dynskin, and a broken file or glb is
refused with a message, leaving the panel as it was."""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, dynskin, expect
from dynskin_blender import settings


def main():
    harness.fresh_scene()
    obj, _ = harness.import_bundled("bar")
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
    print("DYNSKIN-BLENDER presets: the viewer's preset loads; the panel's preset reads back equal")


harness.run(main)
