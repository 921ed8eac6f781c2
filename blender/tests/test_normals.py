"""Custom normals kept (issue 38, item 3): switching dynskin on keeps the mesh's Auto Smooth
and custom split normals, so that with LBS only (zero offsets) the shaded normals are plain
skinning's: on the tube given custom normals tilted along it, and on BrainStem from
../shared/rigs/wild (34k vertices, the glTF importer's custom normals), skipped with a
message when ../shared is absent. Unticking Keep custom normals drops them (for speed), and
switching off gives them back."""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, expect, np

BRAINSTEM = os.path.join(harness.ROOT, "..", "shared", "rigs", "wild", "BrainStem.glb")


def loop_normals(obj):
    """The evaluated mesh's shaded loop normals (custom ones where it has them)."""
    evaluated = obj.evaluated_get(bpy.context.evaluated_depsgraph_get())
    mesh = evaluated.to_mesh()
    mesh.calc_normals_split()
    normals = np.empty(len(mesh.loops) * 3, dtype=np.float32)
    mesh.loops.foreach_get("normal", normals)
    evaluated.to_mesh_clear()
    return normals.reshape(-1, 3)


def largest_angle(a, b):
    return math.degrees(float(np.arccos(np.clip((a * b).sum(axis=1), -1.0, 1.0)).max()))


def check(obj, frame, name):
    """Plain skinning's loop normals against dynskin's (LBS only, then dropped on request and
    given back), at a frame."""
    scene = bpy.context.scene
    scene.frame_set(frame)
    plain = loop_normals(obj)
    obj.dynskin.enabled = True
    obj.dynskin.mode = "lbs"
    scene.frame_set(frame)
    kept = largest_angle(loop_normals(obj), plain)
    expect(obj.data.use_auto_smooth, f"{name}: Auto Smooth should stay on while live")
    obj.dynskin.keep_custom_normals = False
    scene.frame_set(frame)
    dropped = largest_angle(loop_normals(obj), plain)
    obj.dynskin.keep_custom_normals = True
    obj.dynskin.enabled = False
    scene.frame_set(frame)
    back = largest_angle(loop_normals(obj), plain)
    print(f"DYNSKIN-BLENDER {name}: loop normals {kept:.3g} degrees from plain skinning's while live, "
          f"{dropped:.3g} with Keep custom normals off, {back:.3g} switched off")
    expect(kept < 0.5, f"{name}: live, the loop normals are {kept:.3g} degrees from plain skinning's")
    expect(dropped > 5.0, f"{name}: the custom normals should matter here ({dropped:.3g} degrees without them)")
    expect(back < 0.5 and obj.data.use_auto_smooth, f"{name}: switched off, {back:.3g} degrees, Auto Smooth "
                                                    f"{obj.data.use_auto_smooth}")


def main():
    harness.fresh_scene()
    obj, _ = harness.tube_rig()
    mesh = obj.data
    mesh.use_auto_smooth = True
    tilted = [(v.co.x, v.co.y, 0.6 * harness.RADIUS) for v in mesh.vertices]  # not the tube's own normals
    mesh.normals_split_custom_set_from_vertices([tuple(np.array(n) / np.linalg.norm(n)) if any(n) else (0, 0, 1)
                                                 for n in tilted])
    check(obj, 12, "the tube with custom normals")

    if not os.path.exists(BRAINSTEM):
        print(f"DYNSKIN-BLENDER BrainStem skipped: {os.path.normpath(BRAINSTEM)} is absent (../shared is not in a "
              "clone of the repository)")
        return
    harness.fresh_scene()
    bpy.ops.import_scene.gltf(filepath=BRAINSTEM)
    obj = max((o for o in bpy.context.scene.objects if o.type == "MESH" and o.find_armature() is not None),
              key=lambda o: len(o.data.vertices))
    expect(obj.data.has_custom_normals, "BrainStem should come with custom normals")
    check(obj, 20, "BrainStem")


harness.run(main)
