"""The panel's values as dynskin's settings, and back: the object's global parameters, each
bone's own (Bone properties), presets (the viewer's JSON) and the settings a dynskin glb
carries."""
import os

import mathutils
import mathutils.kdtree
import numpy as np

import dynskin

from .props import BASE_SWITCH, JOINT_SETTINGS, PARAMETERS, SWITCHES, bone_fields, is_off, off_value
from .rig import LAYERS

# (dynskin.JointSettings property, bone property) for every setting of a joint.
BONE_FIELDS = [field for row in JOINT_SETTINGS for field in bone_fields(row)]


def _object_field(row):
    """The object's property for a parameter row, which dynskin.Settings has too."""
    return BASE_SWITCH if row["name"] == "base" else row["name"]


def global_settings(props):
    """dynskin.Settings from an object's panel (every joint at its defaults)."""
    s = dynskin.Settings()
    for row in PARAMETERS:
        name = _object_field(row)
        switched_off = name in SWITCHES and not getattr(props, SWITCHES[name][0])
        setattr(s, name, off_value(row) if switched_off else getattr(props, name))
    return s


def joint_settings(bone_props):
    """dynskin.JointSettings from a bone's panel."""
    j = dynskin.JointSettings()
    for attribute, name in BONE_FIELDS:
        setattr(j, attribute, getattr(bone_props, name))
    if not bone_props.enabled:
        j.gain = 0.0
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
    for row in PARAMETERS:
        name = _object_field(row)
        value = getattr(s, name)
        if name in SWITCHES:
            on = not is_off(row, value)
            setattr(props, SWITCHES[name][0], on)
            if not on:
                continue  # the number keeps what switching on gives back
        setattr(props, name, value)


def set_bone_panel(bone_props, j):
    """A bone's panel from dynskin.JointSettings."""
    bone_props.enabled = j.gain > 0.0
    for attribute, name in BONE_FIELDS:
        if attribute != "gain" or bone_props.enabled:  # off, the bone keeps the gain switching on gives back
            setattr(bone_props, name, getattr(j, attribute))


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
    if character.settings is None:
        raise ValueError(f"{os.path.basename(path)} carries no dynskin settings (no DYNSKIN_dynamic_skinning "
                         "extension): save it from dynskin's viewer, or put them in with dynskin-cli embed")
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
