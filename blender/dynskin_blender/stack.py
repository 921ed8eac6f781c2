"""dynskin in Blender's modifier stack. The Armature modifier skins the mesh as usual (shape
keys before it, corrective modifiers and Subdivision after it work as they always do), and
a Geometry Nodes modifier placed right after it adds dynskin's secondary motion: each
vertex's offset from dynskin's own base skinning of the same pose.

The offsets are each object's own: they are the vertices of a small helper mesh object
(not in any scene) that the modifier reads through Object Info and Sample Index, so that
linked duplicates (Alt+D, one mesh shared) and library overrides (a mesh that cannot be
written) each show their own motion. A file is saved with the offsets at zero, so Blender
without the add-on shows the plain Armature result, never a frozen or stale mesh."""
import bpy
import numpy as np

from . import compat
from .rig import armature_of

MODIFIER = "dynskin"
GROUP = "dynskin_add_offsets"
OLD_GROUP, OLD_ATTRIBUTE = "dynskin_set_position", "dynskin_position"  # add-on 0.2: positions set
OFFSETS_INPUT = "Offsets"
OWNER = "dynskin_offsets_of"  # the helper's custom property: its object's name_full


def offsets_group():
    """The node group: Geometry + (the helper object's vertex i) for each vertex i."""
    group = bpy.data.node_groups.get(GROUP)
    if group is not None and group.library is None:
        return group
    group = bpy.data.node_groups.new(GROUP, "GeometryNodeTree")
    if hasattr(group, "interface"):  # Blender 4.0 and later
        group.interface.new_socket("Geometry", in_out="INPUT", socket_type="NodeSocketGeometry")
        group.interface.new_socket(OFFSETS_INPUT, in_out="INPUT", socket_type="NodeSocketObject")
        group.interface.new_socket("Geometry", in_out="OUTPUT", socket_type="NodeSocketGeometry")
    else:
        group.inputs.new("NodeSocketGeometry", "Geometry")
        group.inputs.new("NodeSocketObject", OFFSETS_INPUT)
        group.outputs.new("NodeSocketGeometry", "Geometry")
    nodes, links = group.nodes, group.links
    given, result = nodes.new("NodeGroupInput"), nodes.new("NodeGroupOutput")
    info = nodes.new("GeometryNodeObjectInfo")
    info.transform_space = "ORIGINAL"  # the helper's own coordinates: object-space offsets
    sample = nodes.new("GeometryNodeSampleIndex")
    sample.data_type, sample.domain = "FLOAT_VECTOR", "POINT"
    position, index = nodes.new("GeometryNodeInputPosition"), nodes.new("GeometryNodeInputIndex")
    add = nodes.new("GeometryNodeSetPosition")
    enabled = lambda sockets: [s for s in sockets if s.enabled]  # noqa: E731 - typed sockets
    links.new(given.outputs[1], info.inputs["Object"])
    links.new(info.outputs["Geometry"], sample.inputs["Geometry"])
    value = next(s for s in enabled(sample.inputs) if s.name == "Value")
    links.new(position.outputs[0], value)
    links.new(index.outputs[0], sample.inputs["Index"])
    links.new(given.outputs[0], add.inputs["Geometry"])
    links.new(enabled(sample.outputs)[0], add.inputs["Offset"])
    links.new(add.outputs[0], result.inputs[0])
    return group


def _input_key(group):
    """The modifier's key of the Offsets input (e.g. "Input_2")."""
    sockets = group.interface.items_tree if hasattr(group, "interface") else group.inputs
    return next(s.identifier for s in sockets if s.name == OFFSETS_INPUT)


NO_ARMATURE = "No Armature modifier with an armature: add one to use Dynamic Skinning"


def modifier_of(obj):
    modifier = obj.modifiers.get(MODIFIER)
    return modifier if modifier is not None and modifier.type == "NODES" else None


def is_live(obj):
    """Whether the object has dynskin's modifier (not a user's own of the same name)."""
    modifier = modifier_of(obj)
    return modifier is not None and modifier.node_group is not None and modifier.node_group.name in (GROUP, OLD_GROUP)


def helper_of(obj):
    """The helper object holding this object's offsets, as its modifier names it, or None."""
    modifier = modifier_of(obj)
    if modifier is None or modifier.node_group is None or modifier.node_group.name != GROUP:
        return None
    helper = modifier.get(_input_key(modifier.node_group))
    return helper if isinstance(helper, bpy.types.Object) else None


def _owns(obj, helper):
    """Whether the helper is this object's own: local (writable) and not another object's
    (a linked duplicate's modifier first names the original's helper, an override's the
    library's)."""
    if helper is None or helper.type != "MESH" or helper.library is not None or helper.data.library is not None:
        return False  # (an override's helper is an override too, but its mesh stays the library's)
    owner = bpy.data.objects.get(helper.get(OWNER, ""))
    if owner is not None and owner is not obj and helper_of(owner) is helper:
        return False
    helper[OWNER] = obj.name_full  # also adopts a helper whose object was renamed
    return True


def _new_helper(obj, count):
    mesh = bpy.data.meshes.new(f"{obj.name} dynskin offsets")
    mesh.vertices.add(count)
    helper = bpy.data.objects.new(mesh.name, mesh)
    helper[OWNER] = obj.name_full
    return helper


def after_armature(obj):
    """The index right after the Armature modifier that skins the mesh."""
    armature = armature_of(obj)
    for k, modifier in enumerate(obj.modifiers):
        if modifier.type == "ARMATURE" and modifier.object is armature:
            return k + 1
    return 0


def ensure(obj, count):
    """The object's modifier (made and placed right after the Armature modifier when
    missing; where the user moved it, it stays) and its own helper of `count` vertices.
    The Armature modifier is on (a bake or add-on 0.2 switched it off). Returns the helper;
    raises ValueError where Blender forbids the change (linked data) or where the mesh has no
    Armature modifier with an armature (the modifier would add nothing but stale offsets)."""
    if obj.library is not None:
        raise ValueError(f"{obj.name} is linked from {obj.library.filepath}: make a library override "
                         "(Object > Library Override > Make) to animate it with Dynamic Skinning")
    if armature_of(obj) is None:
        raise ValueError(NO_ARMATURE)
    for modifier in obj.modifiers:
        if modifier.type == "ARMATURE" and not (modifier.show_viewport and modifier.show_render):
            modifier.show_viewport = modifier.show_render = True
    modifier = modifier_of(obj)
    if modifier is not None and modifier.node_group is not None and modifier.node_group.name == OLD_GROUP:
        obj.modifiers.remove(modifier)  # a file saved by add-on 0.2: its positions go too
        modifier = None
        if OLD_ATTRIBUTE in obj.data.attributes and obj.data.library is None:
            obj.data.attributes.remove(obj.data.attributes[OLD_ATTRIBUTE])
    if modifier is None:
        if MODIFIER in obj.modifiers:
            raise ValueError(f"{obj.name} has a modifier named '{MODIFIER}' that is not dynskin's: rename it")
        modifier = obj.modifiers.new(MODIFIER, "NODES")
        compat.move_modifier(obj, modifier, after_armature(obj))
    if modifier.node_group is None or modifier.node_group.name != GROUP:
        modifier.node_group = offsets_group()
    helper = helper_of(obj)
    if not _owns(obj, helper):
        helper = _new_helper(obj, count)
        modifier[_input_key(modifier.node_group)] = helper
        modifier.node_group = modifier.node_group  # Blender's relations rebuilt: the new helper is read
    if len(helper.data.vertices) != count:
        helper.data.clear_geometry()
        helper.data.vertices.add(count)
    return helper


def write_offsets(helper, local_offsets):
    """The offsets (N, 3), in the object's space, into the helper's vertices."""
    helper.data.vertices.foreach_set("co", np.ascontiguousarray(local_offsets, dtype=np.float32).ravel())
    helper.data.update()


def clear_offsets(obj):
    """Plain skinning: the offsets at zero (an error, a save)."""
    helper = helper_of(obj)
    if helper is not None and helper.library is None and len(helper.data.vertices):
        write_offsets(helper, np.zeros((len(helper.data.vertices), 3), dtype=np.float32))


def remove(obj):
    """The modifier and the helper go; the Armature modifier skins alone."""
    helper = helper_of(obj)
    modifier = modifier_of(obj)
    if modifier is not None:
        obj.modifiers.remove(modifier)
    if helper is not None and helper.library is None and helper.get(OWNER) == obj.name_full:
        mesh = helper.data
        bpy.data.objects.remove(helper)
        if mesh.users == 0:
            bpy.data.meshes.remove(mesh)
