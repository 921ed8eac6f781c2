# Prototype for the Blender issue: a glTF character imported into Blender, rebuilt for
# dynskin from Blender's own data (vertex groups, bones), played by Blender's timeline:
# dynskin's LBS base must equal Blender's Armature modifier.
# Run: blender -b --factory-startup --python blender/lbs_match_prototype.py (from the root,
# after the normal build). Measured with Debian's Blender 3.4.1 on the cow: 12,686 vertices,
# 14 joints, 40 frames, largest difference 2.4e-7 of the size. Not yet the add-on: the
# first brick of the Blender issue (reading vertex groups and bones, world matrices in).
import sys
import os
sys.path.insert(0, os.environ.get("DYNSKIN_MODULE_DIR", "build/python"))  # from the repository root
import numpy
numpy.bool = bool  # Blender 3.4's glTF importer with numpy 1.24 (fixed in 3.5)
import bpy
import numpy as np
import dynskin

bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath="assets/cow.glb")
mesh_obj = next(o for o in bpy.context.scene.objects if o.type == "MESH" and any(m.type == "ARMATURE" for m in o.modifiers))
arm_obj = next(m.object for m in mesh_obj.modifiers if m.type == "ARMATURE")
bones = list(arm_obj.data.bones)
# parents before children
order, seen = [], set()
def visit(b):
    if b.name in seen: return
    if b.parent: visit(b.parent)
    seen.add(b.name); order.append(b)
for b in bones: visit(b)
index = {b.name: i for i, b in enumerate(order)}
parents = np.array([index[b.parent.name] if b.parent else -1 for b in order])
aw = np.array(arm_obj.matrix_world)
rest_world = [aw @ np.array(b.matrix_local) for b in order]
rest_local = np.stack([np.linalg.inv(rest_world[p]) @ rest_world[j] if p >= 0 else rest_world[j] for j, p in enumerate(parents)]).astype(np.float32)
me = mesh_obj.data
n = len(me.vertices)
co = np.empty(n * 3, dtype=np.float32); me.vertices.foreach_get("co", co)
mw = np.array(mesh_obj.matrix_world)
world = (np.c_[co.reshape(-1, 3), np.ones(n)] @ mw.T)[:, :3].astype(np.float32)
group_to_joint = {g.index: index.get(g.name, -1) for g in mesh_obj.vertex_groups}
K = max(len(v.groups) for v in me.vertices)
joints = np.zeros((n, K), dtype=np.int64); weights = np.zeros((n, K), dtype=np.float32)
for v in me.vertices:
    gs = [(group_to_joint[g.group], g.weight) for g in v.groups if group_to_joint[g.group] >= 0 and g.weight > 0]
    total = sum(w for _, w in gs)
    for k, (j, w) in enumerate(gs):
        joints[v.index, k] = j; weights[v.index, k] = w / total
tris = np.array([list(p.vertices) for p in me.polygons if len(p.vertices) == 3])
char = dynskin.Character.from_arrays(world, tris, joints, weights, parents, rest_local,
                                     inverse_binds=np.stack([np.linalg.inv(r) for r in rest_world]).astype(np.float32),
                                     names=[b.name for b in order])
d = dynskin.Deformer(char)
d.settings.mode = "lbs"
scene = bpy.context.scene
fps = scene.render.fps / scene.render.fps_base
size = char.size
worst = 0.0
for f in range(int(scene.frame_start), int(scene.frame_start) + 40):
    scene.frame_set(f)
    mats = np.stack([aw @ np.array(arm_obj.pose.bones[b.name].matrix) for b in order]).astype(np.float32)
    d.update((f - scene.frame_start) / fps, mats)
    dg = bpy.context.evaluated_depsgraph_get()
    ev = mesh_obj.evaluated_get(dg).to_mesh()
    eco = np.empty(n * 3, dtype=np.float32); ev.vertices.foreach_get("co", eco)
    mesh_obj.evaluated_get(dg).to_mesh_clear()
    ew = (np.c_[eco.reshape(-1, 3), np.ones(n)] @ np.array(mesh_obj.matrix_world).T)[:, :3]
    worst = max(worst, float(np.abs(ew - d.base_positions).max()) / size)
print("BLENDER-LBS vertices", n, "joints", len(order), "size", size, "largest difference / size", worst)
