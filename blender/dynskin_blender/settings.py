"""The panel's values as dynskin's settings, and back: the object's global parameters, each
bone's own (Bone properties), presets (the viewer's JSON) and the settings a dynskin glb
carries."""
import math

import mathutils
import mathutils.kdtree
import numpy as np

import dynskin

from .rig import LAYERS

OSCILLATION = ("frequency", "damping", "amplitude", "drag")
SWITCHES = ("bend_rotation", "bend_translation", "squash_rotation", "squash_translation")


def global_settings(props):
    """dynskin.Settings from an object's panel (every joint at its defaults)."""
    s = dynskin.Settings()
    s.mode = props.mode
    for name in OSCILLATION:
        setattr(s, name, getattr(props, name))
    s.dual_quaternion = props.dual_quaternion
    s.translation_gain = props.translation_gain
    s.propagation_speed = props.propagation_speed if props.delayed else math.inf
    s.max_angle = props.max_angle if props.limit_angle else 0.0
    s.max_offset = props.max_offset if props.limit_offset else 0.0
    s.squash = props.squash
    s.squash_center = props.squash_center
    return s


def joint_settings(bone_props):
    """dynskin.JointSettings from a bone's panel."""
    j = dynskin.JointSettings()
    j.gain = bone_props.gain if bone_props.enabled else 0.0
    j.override_oscillation = bone_props.own_oscillation
    for name in OSCILLATION:
        setattr(j, name, getattr(bone_props, name))
    j.origin_offset = tuple(bone_props.origin_offset)
    for name in SWITCHES:
        setattr(j, name, getattr(bone_props, name))
    return j


def apply(deformer, obj, rig):
    """Gives the deformer the object's settings and its bones' own."""
    deformer.settings = global_settings(obj.dynskin)
    default = dynskin.JointSettings()
    bones = rig.armature.data.bones
    for j, name in enumerate(rig.bone_names):
        own = joint_settings(bones[name].dynskin)
        if not own == default:
            deformer.set_joint(j, own)


def set_panel(props, s):
    """The object's panel from dynskin.Settings (a preset or a glb's)."""
    props.mode = s.mode
    for name in OSCILLATION:
        setattr(props, name, getattr(s, name))
    props.dual_quaternion = s.dual_quaternion
    props.translation_gain = s.translation_gain
    props.delayed = math.isfinite(s.propagation_speed)
    if props.delayed:
        props.propagation_speed = s.propagation_speed
    for limit, value in (("angle", s.max_angle), ("offset", s.max_offset)):
        on = 0.0 < value < math.inf
        setattr(props, f"limit_{limit}", on)
        if on:
            setattr(props, f"max_{limit}", value)
    props.squash = s.squash
    props.squash_center = s.squash_center


def set_bone_panel(bone_props, j):
    """A bone's panel from dynskin.JointSettings."""
    bone_props.enabled = j.gain > 0.0
    if j.gain > 0.0:
        bone_props.gain = j.gain
    bone_props.own_oscillation = j.override_oscillation
    for name in OSCILLATION:
        setattr(bone_props, name, getattr(j, name))
    bone_props.origin_offset = j.origin_offset
    for name in SWITCHES:
        setattr(bone_props, name, getattr(j, name))


def load_preset(obj, path):
    """The viewer's preset (JSON) into the object's panel. A preset's joints are numbered in
    the order of the rig it was saved on, so only its global parameters are taken."""
    set_panel(obj.dynskin, dynskin.Settings.load_preset(path))


def save_preset(obj, path):
    """The object's global parameters as a preset the viewer opens."""
    global_settings(obj.dynskin).save_preset(path)


def load_from_glb(obj, armature, path):
    """The settings saved in a dynskin glb: the global parameters, each joint's own on the
    bone of the same name, and the painted layers on the vertices at the same place (the
    glb's rest shape as Blender's glTF importer places it). Returns what was matched."""
    character = dynskin.load(path)
    deformer = dynskin.Deformer(character, character.settings)
    bones = armature.data.bones
    matched = [name for name in character.joint_names if name in bones]
    painted = painted_layers(character)
    located = locate_vertices(obj, character) if painted else None
    set_panel(obj.dynskin, character.settings)
    for name in matched:
        set_bone_panel(bones[name].dynskin, deformer.joint(character.joint_names.index(name)))
    said = [f"{len(matched)} of {len(bones)} bones matched by name"]
    if located is not None:
        for layer, weights in painted.items():  # groups hold 0..1: the range spans the rest
            low, high = min(0.0, float(weights.min())), max(1.0, float(weights.max()))
            setattr(obj.dynskin, f"{layer}_range", (low, high))
            set_vertex_group(obj, f"dynskin_{layer}", (weights[located] - low) / (high - low))
        said.append(f"painted {', '.join(painted)} on all {len(located)} vertices")
    elif painted:
        said.append("its painted layers were not copied: this mesh is not the glb's")
    return "; ".join(said)


def painted_layers(character):
    """The glb's painted layers that are not 1 everywhere (1 is what a missing group means)."""
    layers = {name: np.asarray(getattr(character, f"{name}_weights")) for name in LAYERS}
    return {name: w for name, w in layers.items() if not np.all(w == 1.0)}


def locate_vertices(obj, character):
    """For each vertex of the object, the glb vertex at the same place (Blender's glTF
    importer turns glTF's Y-up into Z-up: (x, y, z) -> (x, -z, y)); None unless every
    vertex has one within 1e-4 of the size."""
    rest = np.asarray(character.rest_positions, dtype=np.float64)
    in_blender = np.c_[rest[:, 0], -rest[:, 2], rest[:, 1]]
    tree = mathutils.kdtree.KDTree(len(in_blender))
    for i, p in enumerate(in_blender):
        tree.insert(p, i)
    tree.balance()
    world = obj.matrix_world
    tolerance = 1e-4 * character.size
    found = []
    for v in obj.data.vertices:
        _, index, distance = tree.find(world @ v.co)
        if index is None or distance > tolerance:
            return None
        found.append(index)
    return np.array(found)


def set_vertex_group(obj, name, weights):
    group = obj.vertex_groups.get(name) or obj.vertex_groups.new(name=name)
    for i, w in enumerate(weights):
        group.add([i], float(w), "REPLACE")
