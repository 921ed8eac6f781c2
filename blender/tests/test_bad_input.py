"""Bad input in Blender: a mesh without an armature, an Armature modifier without one, a
non-manifold mesh with loose parts, vertices in no bone's group, a mesh without faces, and
zero or huge parameters. Each gets a clear message in the panel or none is needed; nothing
raises into Blender's console and nothing shown is NaN."""
import io
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, expect, np


def mesh_object(name, verts, faces, edges=()):
    mesh = bpy.data.meshes.new(name)
    mesh.from_pydata(verts, list(edges), faces)
    obj = bpy.data.objects.new(name, mesh)
    bpy.context.scene.collection.objects.link(obj)
    return obj


def skinned(obj, arm, groups):
    """An Armature modifier on arm, and vertex groups {bone: [vertex indices]}."""
    modifier = obj.modifiers.new("Armature", "ARMATURE")
    modifier.object = arm
    for bone, indices in groups.items():
        obj.vertex_groups.new(name=bone).add(indices, 1.0, "REPLACE")
    return obj


def two_bone_armature():
    arm = harness.bone_chain("arm", ("a", "b"))
    b = arm.pose.bones["b"]
    for frame, angle in ((1, 0.0), (5, 1.2), (9, 0.0)):
        b.rotation_quaternion = (math.cos(angle / 2), math.sin(angle / 2), 0, 0)
        b.keyframe_insert("rotation_quaternion", frame=frame)
    return arm


def shown(obj):
    return harness.evaluated_world(obj)


def main():
    scene = harness.fresh_scene()
    arm = two_bone_armature()
    stderr, sys.stderr = sys.stderr, io.StringIO()  # what Blender's console would show
    try:
        # A mesh without an armature: the panel says what is needed, at once; switching on is
        # harmless and adds no modifier (it would do nothing).
        lonely = mesh_object("lonely", [(0, 0, 0), (1, 0, 0), (0, 1, 0)], [(0, 1, 2)])
        lonely.dynskin.enabled = True
        expect("Armature" in lonely.dynskin.status, f"no armature: status '{lonely.dynskin.status}'")
        scene.frame_set(3)
        expect("Armature" in lonely.dynskin.status, f"no armature: status '{lonely.dynskin.status}'")
        expect(not lonely.modifiers, f"no armature: modifiers {[m.name for m in lonely.modifiers]}")
        empty_modifier = mesh_object("empty modifier", [(0, 0, 0), (1, 0, 0), (0, 1, 0)], [(0, 1, 2)])
        empty_modifier.modifiers.new("Armature", "ARMATURE")
        empty_modifier.dynskin.enabled = True
        scene.frame_set(4)
        expect("Armature" in empty_modifier.dynskin.status, "an Armature modifier without an armature")
        expect([m.type for m in empty_modifier.modifiers] == ["ARMATURE"],
               f"an empty Armature modifier: modifiers {[m.name for m in empty_modifier.modifiers]}")

        # Non-manifold: three faces on one edge, a loose edge and a loose vertex; two vertices
        # in no bone's group.
        verts = [(0, 0, 0.5), (0, 0, 1.5), (1, 0, 1), (-1, 0, 1), (0, 1, 1), (2, 2, 2), (2, 2, 3), (3, 3, 3)]
        fin = skinned(mesh_object("fin", verts, [(0, 1, 2), (0, 1, 3), (0, 1, 4)], edges=[(5, 6)]), arm,
                      {"a": [0, 2, 3, 4, 5], "b": [1, 6]})
        fin.dynskin.enabled = True
        for f in range(1, 12):
            scene.frame_set(f)
            expect(np.isfinite(shown(fin)).all(), f"non-manifold: not finite at frame {f}")
        expect("1 vertex is in no bone's group" in fin.dynskin.status,
               f"a vertex in no group should be said: '{fin.dynskin.status}'")

        # A constraint added while live moves a bone: Blender's pose is read at the next frame,
        # and the panel says nothing of it.
        constraint = arm.pose.bones["b"].constraints.new("COPY_ROTATION")
        scene.frame_set(2)
        expect("constraints" not in fin.dynskin.status, f"a constraint read: '{fin.dynskin.status}'")
        expect(np.isfinite(shown(fin)).all(), "a constraint: not finite")
        arm.pose.bones["b"].constraints.remove(constraint)

        # No faces at all (a wire): deformed like any other.
        wire = skinned(mesh_object("wire", [(0, 0, 0), (0, 0, 2)], [], edges=[(0, 1)]), arm, {"a": [0], "b": [1]})
        wire.dynskin.enabled = True
        scene.frame_set(5)
        expect(np.isfinite(shown(wire)).all(), "a mesh without faces: not finite")

        # Zero and huge parameters on the fin: finite every frame.
        for values in ({"frequency": 0.0, "damping": 0.0, "amplitude": 0.0, "drag": 0.0},
                       {"frequency": 1e6, "damping": 1e6, "amplitude": 1e6, "drag": -1e6, "translation_gain": 1e6},
                       {"delayed": True, "propagation_speed": 0.05, "squash": 1e6, "limit_angle": False,
                        "limit_offset": False},
                       {"max_angle": 1e6, "max_offset": 1e6}):
            for key, value in values.items():
                setattr(fin.dynskin, key, value)
            for f in range(1, 12):
                scene.frame_set(f)
                expect(np.isfinite(shown(fin)).all(), f"{values}: not finite at frame {f}")
            for key in values:
                fin.dynskin.property_unset(key)
    finally:
        console, sys.stderr = sys.stderr.getvalue(), stderr
    print(console)
    expect("Traceback" not in console and "Error" not in console, "something was raised into Blender's console")
    print(f"DYNSKIN-BLENDER bad input: the panel says '{lonely.dynskin.status}', '{fin.dynskin.status}'")


harness.run(main)
