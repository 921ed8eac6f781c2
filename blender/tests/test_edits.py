"""Edits of a live mesh (issue 29, item 8): a painted layer's weights changed with Blender's
own weight tools show at once, as dynskin with those weights (no Re-read the Rig needed);
vertices deleted give a message saying what to do, the mesh showing Blender's skinning
meanwhile and nothing raised; Re-read the Rig then brings dynskin back on the new mesh."""
import io
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import bmesh
import harness
from harness import bpy, dynskin, expect, np

FRAMES = list(range(1, 25))


def shown_against(obj, expected, size, what):
    worst = harness.largest_difference(obj, FRAMES, expected, size)
    print(f"DYNSKIN-BLENDER {what}: {worst:.3g} of the size from dynskin; status '{obj.dynskin.status}'")
    expect(worst < 1e-5, f"{what}: {worst:.3g} of the size from dynskin")
    expect(obj.dynskin.status == "", f"{what}: status '{obj.dynskin.status}'")


def main():
    scene, obj, arm, size = harness.live_tube(12)
    unpainted, _ = harness.reference(obj, FRAMES, harness.first_enable_settings())

    # Playing reads no vertex group (painting is what makes the layers be read again).
    reads = []
    original = getattr(harness.live, "layer_weights", None)
    harness.live.layer_weights = lambda *a: reads.append(1) or original(*a)
    for f in FRAMES:
        scene.frame_set(f)
    expect(not reads, f"playing read the painted layers {len(reads)} times")

    # Weights changed with Blender's tools: the bend layer painted rigid at the tip.
    bpy.ops.object.vertex_group_add()
    group = obj.vertex_groups.active
    group.name = "dynskin_bend"
    group.add([v.index for v in obj.data.vertices], 1.0, "REPLACE")
    group.add([v.index for v in obj.data.vertices if v.co.z > 2.0], 0.0, "REPLACE")
    bpy.ops.object.mode_set(mode="WEIGHT_PAINT")
    bpy.ops.object.vertex_group_smooth(group_select_mode="ACTIVE", factor=0.5, repeat=2)  # tags the mesh
    bpy.ops.object.mode_set(mode="OBJECT")
    index = group.index
    painted = np.array([next((g.weight for g in v.groups if g.group == index), 0.0) for v in obj.data.vertices],
                       dtype=np.float32)
    expect(((painted > 0.0) & (painted < 1.0)).any(), "smoothing should have blended the weights")
    expect(reads, "a weight edit should read the painted layers again")
    harness.live.layer_weights = original
    expected, _ = harness.reference(obj, FRAMES, harness.first_enable_settings())  # (the rig reads the group)
    painted_moves = max(float(np.abs(expected[f] - unpainted[f]).max()) for f in FRAMES) / size
    shown_against(obj, expected, size, f"a layer painted while live (it moves the skin {painted_moves:.3g})")
    expect(painted_moves > 1e-3, "the painted layer should matter")

    # Vertices deleted: a message, Blender's skinning meanwhile, nothing raised.
    obj.dynskin.enabled = False
    obj.vertex_groups.remove(group)
    obj.dynskin.enabled = True
    scene.frame_set(12)
    stderr, sys.stderr = sys.stderr, io.StringIO()
    try:
        mesh = bmesh.new()
        mesh.from_mesh(obj.data)
        mesh.verts.ensure_lookup_table()
        bmesh.ops.delete(mesh, geom=[v for v in mesh.verts if v.co.z > 2.95], context="VERTS")
        mesh.to_mesh(obj.data)
        mesh.free()
        obj.data.update()
        scene.frame_set(13)
        shown = harness.evaluated_world(obj)
    finally:
        console, sys.stderr = sys.stderr.getvalue(), stderr
    print(f"DYNSKIN-BLENDER vertices deleted: '{obj.dynskin.status}'")
    expect("Re-read the Rig" in obj.dynskin.status, f"the panel should say what to do: '{obj.dynskin.status}'")
    expect(np.isfinite(shown).all() and "Error" not in console and "Traceback" not in console,
           "deleting vertices should raise nothing: " + console)
    lbs = harness.first_enable_settings()
    lbs.mode = "lbs"
    plain, _ = harness.reference(obj, [13], lbs)  # (the live rig is still the one read before)
    expected, _ = harness.reference(obj, FRAMES, harness.first_enable_settings())
    scene.frame_set(13)
    difference = float(np.abs(harness.evaluated_world(obj) - plain[13]).max()) / size
    print(f"DYNSKIN-BLENDER meanwhile: {difference:.3g} of the size from Blender's skinning")
    expect(difference < 1e-5, f"meanwhile the mesh should show Blender's skinning ({difference:.3g} off)")
    expect(bpy.ops.dynskin.reread_rig() == {"FINISHED"}, "Re-read the Rig failed")
    shown_against(obj, expected, size, "the rig read again after deleting vertices")


harness.run(main)
