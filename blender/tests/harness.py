"""What the add-on's headless tests share: the paths, the add-on registered on an empty
scene, the evaluated mesh in world space, a reference deformer fed Blender's own pose, and a
list of failures that ends the run with a non-zero status (Blender itself exits 0 after an
uncaught exception in a --python script).

Run one: blender -b --factory-startup --python blender/tests/test_X.py
(DYNSKIN_MODULE_DIR: where dynskin's module is, default build/python)."""
import math
import os
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.environ.get("DYNSKIN_MODULE_DIR", os.path.join(ROOT, "build", "python")))
sys.path.insert(0, os.path.dirname(HERE))

import numpy
numpy.bool = bool  # Blender 3.4's glTF importer with numpy 1.24 (fixed in Blender 3.5)
import bpy
import numpy as np

import dynskin
import dynskin_blender
from dynskin_blender import live
from dynskin_blender.rig import Rig, armature_of  # noqa: F401 - for the tests

failures = []


def expect(condition, message):
    if not condition:
        failures.append(message)
        print("DYNSKIN-BLENDER FAIL:", message)


def fresh_scene():
    """The add-on registered (once) on an empty scene."""
    if not hasattr(bpy.types.Object, "dynskin"):
        dynskin_blender.register()
    bpy.ops.wm.read_factory_settings(use_empty=True)
    if not hasattr(bpy.types.Object, "dynskin"):  # read_factory_settings unregisters add-ons
        dynskin_blender.register()
    return bpy.context.scene


def import_bundled(name):
    """A bundled character's glb imported by Blender's glTF importer: (mesh object, armature)."""
    bpy.ops.import_scene.gltf(filepath=os.path.join(ROOT, "assets", f"{name}.glb"))
    obj = next(o for o in bpy.context.scene.objects if o.type == "MESH" and o.find_armature() is not None)
    return obj, obj.find_armature()


def bone_chain(name, bone_names):
    """An armature object whose bones, one unit long each, stand on one another along Z from
    the origin, each the child of the one before."""
    data = bpy.data.armatures.new(name)
    arm = bpy.data.objects.new(name, data)
    bpy.context.scene.collection.objects.link(arm)
    bpy.context.view_layer.objects.active = arm
    bpy.ops.object.mode_set(mode="EDIT")
    parent = None
    for k, bone_name in enumerate(bone_names):
        bone = data.edit_bones.new(bone_name)
        bone.head, bone.tail = (0.0, 0.0, float(k)), (0.0, 0.0, float(k + 1))
        bone.parent, bone.use_connect = parent, parent is not None
        parent = bone
    bpy.ops.object.mode_set(mode="OBJECT")
    return arm


# A rig built in Blender, the way an artist would: a tube skinned to a chain of three bones
# by vertex groups.
RINGS, AROUND, LENGTH, RADIUS = 30, 16, 3.0, 0.25
BONES = ("root", "mid", "tip")


def build_tube(name="tube"):
    """A closed tube along Z, weights blended across each joint."""
    verts, faces = [], []
    for r in range(RINGS + 1):
        z = LENGTH * r / RINGS
        verts += [(RADIUS * math.cos(2 * math.pi * a / AROUND), RADIUS * math.sin(2 * math.pi * a / AROUND), z)
                  for a in range(AROUND)]
    for r in range(RINGS):
        for a in range(AROUND):
            b = (a + 1) % AROUND
            faces.append((r * AROUND + a, r * AROUND + b, (r + 1) * AROUND + b, (r + 1) * AROUND + a))
    bottom, top = len(verts), len(verts) + 1
    verts += [(0.0, 0.0, 0.0), (0.0, 0.0, LENGTH)]
    faces += [(bottom, (a + 1) % AROUND, a) for a in range(AROUND)]
    faces += [(top, RINGS * AROUND + a, RINGS * AROUND + (a + 1) % AROUND) for a in range(AROUND)]
    mesh = bpy.data.meshes.new(name)
    mesh.from_pydata(verts, [], faces)
    obj = bpy.data.objects.new(name, mesh)
    bpy.context.scene.collection.objects.link(obj)
    groups = [obj.vertex_groups.new(name=bone) for bone in BONES]
    for i, (_, _, z) in enumerate(verts):
        for k, group in enumerate(groups):  # a tent around each bone's middle, one bone long
            w = max(0.0, 1.0 - abs(z - (k + 0.5)) / 1.0)
            if k == 0 and z < 0.5 or k == 2 and z > 2.5:
                w = 1.0
            if w > 0.0:
                group.add([i], w, "REPLACE")
    return obj


def build_armature(name, swing=1.0):
    """The chain of BONES keyed with a quaternion, an Euler rotation and a location: it
    swings (by `swing` times the angles) and stops dead."""
    arm = bone_chain(name, BONES)
    mid, tip, root = (arm.pose.bones[n] for n in ("mid", "tip", "root"))
    tip.rotation_mode = "XYZ"
    for frame, angle in ((1, 0.0), (8, 1.1 * swing), (14, -0.3 * swing), (18, 0.0)):  # swings, then stops dead
        mid.rotation_quaternion = (math.cos(angle / 2), math.sin(angle / 2), 0.0, 0.0)
        mid.keyframe_insert("rotation_quaternion", frame=frame)
        tip.rotation_euler = (0.0, 0.6 * angle, 0.2 * angle)
        tip.keyframe_insert("rotation_euler", frame=frame)
        root.location = (0.3 * angle, 0.0, 0.0)
        root.keyframe_insert("location", frame=frame)
    return arm


def tube_rig(name="tube", swing=1.0):
    """The tube skinned by an Armature modifier to its keyed chain (parented to it), the
    tube the active object: (mesh object, armature object)."""
    obj, arm = build_tube(name), build_armature(f"{name} chain", swing)
    obj.parent = arm
    modifier = obj.modifiers.new("Armature", "ARMATURE")
    modifier.object = arm
    bpy.context.view_layer.objects.active = obj
    return obj, arm


def live_tube(frame):
    """A fresh scene with the tube rig, Dynamic Skinning on at a frame: (scene, mesh object,
    armature, the character's size)."""
    scene = fresh_scene()
    obj, arm = tube_rig()
    size = Rig(obj).character.size
    obj.dynskin.enabled = True
    scene.frame_set(frame)
    return scene, obj, arm, size


def evaluated_world(obj):
    """The object's evaluated mesh (modifiers, shape keys), in world space."""
    depsgraph = bpy.context.evaluated_depsgraph_get()
    evaluated = obj.evaluated_get(depsgraph)
    mesh = evaluated.to_mesh()
    co = np.empty(len(mesh.vertices) * 3, dtype=np.float32)
    mesh.vertices.foreach_get("co", co)
    evaluated.to_mesh_clear()
    world = np.array(obj.matrix_world)
    return (np.c_[co.reshape(-1, 3), np.ones(len(co) // 3)] @ world.T)[:, :3]


def shown_at(obj, frames):
    """What the object shows at each frame: {frame: evaluated world positions}."""
    result = {}
    for f in frames:
        bpy.context.scene.frame_set(f)
        result[f] = evaluated_world(obj)
    return result


def largest(a, b, frames, size):
    """The largest distance between two {frame: positions} over these frames, in sizes."""
    return max(float(np.abs(a[f] - b[f]).max()) for f in frames) / size


def posed_matrices(arm, bone_names):
    """Blender's own evaluated pose at the current frame, world space."""
    return np.stack([np.array(arm.matrix_world) @ np.array(arm.pose.bones[name].matrix)
                     for name in bone_names]).astype(np.float32)


def first_enable_settings():
    """What a mesh switched on for the first time plays with: the method's defaults and an
    unseen rig's ground contact (the add-on's props.UNSEEN_RIG_SWITCHES)."""
    s = dynskin.Settings()
    s.ground_contact = next(row["on_value"] for row in dynskin.parameter_table() if row["name"] == "ground_contact")
    return s


def reference(obj, frames, settings, joints=None, layers=None, start=None):
    """dynskin fed Blender's own evaluated pose frame after frame: {frame: world positions}.
    joints: {bone name: dynskin.JointSettings}; layers: {"bend": (N,) weights, ...}.
    A frame with a fraction is a subframe; the clock is Blender's (Time Stretching included),
    from `start` (default the scene's start)."""
    scene = bpy.context.scene
    rig = Rig(obj)
    for name, values in (layers or {}).items():
        setattr(rig.character, f"{name}_weights", values)
    deformer = dynskin.Deformer(rig.character, settings)
    for name, joint in (joints or {}).items():
        deformer.set_joint(rig.bone_names.index(name), joint)
    fps = scene.render.fps / scene.render.fps_base
    stretch = scene.render.frame_map_old / scene.render.frame_map_new
    start = scene.frame_start if start is None else start
    result = {}
    for f in frames:
        whole = int(f // 1)
        scene.frame_set(whole, subframe=f - whole)
        deformer.update((f - start) * stretch / fps, posed_matrices(rig.armature, rig.bone_names))
        result[f] = np.array(deformer.positions)
    return result, rig.character.size


def largest_difference(obj, visits, expected, size, seen=None):
    """Visits the frames in this order: the largest distance from expected, in sizes.
    seen: a dict that receives what each frame showed."""
    worst = 0.0
    for f in visits:
        bpy.context.scene.frame_set(f)
        shown = evaluated_world(obj)
        worst = max(worst, float(np.abs(shown - expected[f]).max()) / size)
        if seen is not None:
            seen[f] = shown
    return worst


def run(main):
    """Runs a test's main; any exception or failure exits non-zero."""
    try:
        main()
    except BaseException:  # noqa: BLE001 - Blender would print it and exit 0
        traceback.print_exc()
        sys.exit(1)
    if failures:
        print("DYNSKIN-BLENDER FAILED:", "; ".join(failures))
        sys.exit(1)
    print("DYNSKIN-BLENDER ok")
