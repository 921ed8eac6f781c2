"""The joint weights the add-on reads from a mesh's vertex groups (rig.joint_weights: one
Python pass over the groups, then numpy) against a plain reading vertex by vertex: groups
named after bones and others, given in no particular order, zero weights, a vertex in no
group and one only in a group no bone is named after, a group removed (its index gone from
the object's list), on a built mesh and on every bundled character as Blender's glTF
importer makes them. Bit for bit, and the same count of vertices in no bone's group."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, expect, np
from dynskin_blender.rig import bones_parents_first, joint_weights


def plain_joint_weights(obj, index):
    """Each vertex's groups named after bones with a weight above zero, in their order,
    normalised by their sum; a vertex with none follows joint 0 alone."""
    group_joint = {g.index: index.get(g.name, -1) for g in obj.vertex_groups}
    rows = [[(group_joint[g.group], g.weight) for g in v.groups if group_joint.get(g.group, -1) >= 0 and g.weight > 0.0]
            for v in obj.data.vertices]
    k = max(1, max((len(r) for r in rows), default=0))
    joints = np.zeros((len(rows), k), dtype=np.int64)
    weights = np.zeros((len(rows), k), dtype=np.float32)
    unweighted = 0
    for i, influences in enumerate(rows):
        total = sum(w for _, w in influences)
        if total <= 0.0:
            unweighted += 1
            weights[i, 0] = 1.0
            continue
        for slot, (j, w) in enumerate(influences):
            joints[i, slot], weights[i, slot] = j, w / total
    return joints, weights, unweighted


def same(obj, arm, what):
    index = {b.name: j for j, b in enumerate(bones_parents_first(arm))}
    got, expected = joint_weights(obj, index), plain_joint_weights(obj, index)
    expect(got[0].shape == expected[0].shape and np.array_equal(got[0], expected[0]), f"{what}: joints differ")
    expect(got[1].dtype == np.float32 and np.array_equal(got[1].view(np.uint32), expected[1].view(np.uint32)),
           f"{what}: weights differ")
    expect(got[2] == expected[2], f"{what}: {got[2]} vertices in no bone's group, expected {expected[2]}")
    return got


def main():
    harness.fresh_scene()
    arm = harness.bone_chain("arm", ("a", "b", "c"))
    mesh = bpy.data.meshes.new("grid")
    mesh.from_pydata([(x * 0.1, 0.0, z * 0.5) for z in range(6) for x in range(4)], [], [])
    obj = bpy.data.objects.new("grid", mesh)
    bpy.context.scene.collection.objects.link(obj)
    obj.modifiers.new("Armature", "ARMATURE").object = arm
    # Groups made in another order than the bones', one named after no bone, one to be removed.
    c, extra, gone, a, b = (obj.vertex_groups.new(name=n) for n in ("c", "extra", "gone", "a", "b"))
    rng = np.random.default_rng(7)
    for v in range(20):  # vertices 20 to 23: 22 in "extra" alone, the others in no group
        for group in rng.permutation([c, extra, gone, a, b])[: rng.integers(1, 5)]:
            group.add([v], float(rng.choice([0.0, 0.25, rng.random()])), "REPLACE")
    extra.add([22], 1.0, "REPLACE")
    joints, weights, unweighted = same(obj, arm, "built mesh")
    expect(unweighted >= 3, f"built mesh: {unweighted} vertices in no bone's group, expected 3 or more")
    expect(joints.shape[1] >= 3, f"built mesh: {joints.shape[1]} influences at most, expected 3 or more")
    obj.vertex_groups.remove(gone)  # the vertices' entries of it go, the later groups' indices move
    same(obj, arm, "after a group is removed")

    for name in ("cow", "dragon", "octopus"):
        harness.fresh_scene()
        character, armature = harness.import_bundled(name)
        same(character, armature, name)


harness.run(main)
