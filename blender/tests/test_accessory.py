"""An accessory on the same armature (a hat on the head): one character size per armature,
shared by every mesh it deforms, so the hat moves exactly as the part of the body it copies.
Measured per mesh, the hat got a size of its own (its own extent) and moved against the head."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, expect, np
from dynskin_blender.rig import Rig


def hat_of(body, arm, above):
    """A copy of the body's vertices above a height (and their faces), on the same armature:
    (the hat object, the body's index of each hat vertex)."""
    co = np.array([v.co[:] for v in body.data.vertices])
    kept = np.flatnonzero(co[:, 2] > above)
    new_index = {int(i): k for k, i in enumerate(kept)}
    faces = [[new_index[i] for i in p.vertices] for p in body.data.polygons if all(i in new_index for i in p.vertices)]
    mesh = bpy.data.meshes.new("hat")
    mesh.from_pydata([tuple(co[i]) for i in kept], [], faces)
    hat = bpy.data.objects.new("hat", mesh)
    bpy.context.scene.collection.objects.link(hat)
    hat.parent, hat.matrix_world = body.parent, body.matrix_world.copy()
    for group in body.vertex_groups:
        copy = hat.vertex_groups.new(name=group.name)
        for k, i in enumerate(kept):
            for g in body.data.vertices[int(i)].groups:
                if g.group == group.index:
                    copy.add([k], g.weight, "REPLACE")
    hat.modifiers.new("Armature", "ARMATURE").object = arm
    return hat, kept


def main():
    harness.fresh_scene()
    body, arm = harness.tube_rig()
    hat, kept = hat_of(body, arm, above=2.6)  # the tip: much smaller than the skeleton
    size = Rig(body).character.size
    expect(abs(Rig(hat).character.size - size) < 1e-6 * size,
           f"the hat's size {Rig(hat).character.size} should be the armature's {size}")
    for obj in (body, hat):
        obj.dynskin.enabled = True
    frames = range(1, 30)
    shown_body = harness.shown_at(body, frames)
    shown_hat = harness.shown_at(hat, frames)
    worst = max(float(np.abs(shown_hat[f] - shown_body[f][kept]).max()) for f in frames) / size
    moved = max(float(np.abs(shown_body[f] - shown_body[1]).max()) for f in frames) / size
    expect(moved > 0.1, f"the tube should move: {moved} L")
    expect(worst < 1e-5, f"the hat moves {worst} L against the part of the body it copies")
    print(f"DYNSKIN-BLENDER accessory: one size per armature ({size:.3f}); the hat within {worst:.2e} L of the body")


harness.run(main)
