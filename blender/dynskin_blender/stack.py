"""dynskin in Blender's modifier stack. The Armature modifier skins the mesh as usual (shape
keys before it, corrective modifiers and Subdivision after it work as they always do), and
dynskin's modifier, placed right after it, marks where dynskin's secondary motion comes in:
each vertex's offset from the plain skinning of the same pose. It comes in one of two ways:

- riding on the armature (where that is exact: rides_problem): the offsets, in bind space,
  are the shape key LIVE_KEY, which the Armature modifier skins with the mesh (Blender's
  linear skinning of rest + o is its skinning of the rest plus dynskin's offset), and
  dynskin's modifier passes the mesh through. The cheapest way: the mesh stays on Blender's
  deform-only path, and only the small Key data-block is evaluated again each frame;
- otherwise (a modifier above dynskin's, Preserve Volume, a mesh shared with linked
  duplicates or a library's), dynskin's Geometry Nodes modifier adds the offsets: they are
  the vertices of a small helper mesh object (not in any scene) that it reads through Object
  Info and Sample Index, so that linked duplicates (Alt+D, one mesh shared) and library
  overrides (a mesh that cannot be written) each show their own motion.

A file is saved with the offsets at zero, so Blender without the add-on shows the plain
Armature result, never a frozen or stale mesh."""
import ctypes

import bpy
import numpy as np

from . import compat
from .rig import armature_of

MODIFIER = "dynskin"
GROUP = "dynskin_add_offsets"
RIDING_GROUP = "dynskin_rides_on_armature"  # passes the mesh through: the offsets ride as LIVE_KEY
LIVE_KEY = "dynskin"
MADE_BASIS = "dynskin_made_basis"  # the Key's custom property: its Basis came with LIVE_KEY (and goes with it)
OLD_GROUP, OLD_ATTRIBUTE = "dynskin_set_position", "dynskin_position"  # add-on 0.2: positions set
OFFSETS_INPUT = "Offsets"
OWNER = "dynskin_offsets_of"  # the helper's custom property: its object's name_full


def _node_group(name, wire):
    """The local node group of this name, made with dynskin's inputs (Geometry, Offsets)
    and wired by wire(group, given, result) when missing: both groups have the same inputs,
    so that a modifier switched from one to the other keeps its helper."""
    group = bpy.data.node_groups.get(name)
    if group is not None and group.library is None:
        return group
    group = bpy.data.node_groups.new(name, "GeometryNodeTree")
    if hasattr(group, "interface"):  # Blender 4.0 and later
        group.interface.new_socket("Geometry", in_out="INPUT", socket_type="NodeSocketGeometry")
        group.interface.new_socket(OFFSETS_INPUT, in_out="INPUT", socket_type="NodeSocketObject")
        group.interface.new_socket("Geometry", in_out="OUTPUT", socket_type="NodeSocketGeometry")
    else:
        group.inputs.new("NodeSocketGeometry", "Geometry")
        group.inputs.new("NodeSocketObject", OFFSETS_INPUT)
        group.outputs.new("NodeSocketGeometry", "Geometry")
    wire(group, group.nodes.new("NodeGroupInput"), group.nodes.new("NodeGroupOutput"))
    return group


def offsets_group():
    """The node group: Geometry + (the helper object's vertex i) for each vertex i."""
    return _node_group(GROUP, _add_offsets)


def riding_group():
    """The node group that passes the mesh through (the offsets ride as a shape key)."""
    return _node_group(RIDING_GROUP, lambda group, given, result: group.links.new(given.outputs[0], result.inputs[0]))


def _add_offsets(group, given, result):
    nodes, links = group.nodes, group.links
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
    return modifier is not None and modifier.node_group is not None and modifier.node_group.name in (
        GROUP, RIDING_GROUP, OLD_GROUP)


def helper_of(obj):
    """The helper object holding this object's offsets, as its modifier names it, or None."""
    modifier = modifier_of(obj)
    if modifier is None or modifier.node_group is None or modifier.node_group.name not in (GROUP, RIDING_GROUP):
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


def rides_problem(obj, armature=None):
    """Why dynskin's offsets cannot ride on the armature as a shape key, exactly, said for
    the user ("" when they can): dynskin's modifier must be on, the modifiers on above it
    the Armature modifier alone, skinning linearly (Preserve Volume's dual quaternions do not
    move an offset by the blended matrix, a vertex group blends the skin with the rest, a
    corrective would work on the offsets too), and the mesh this object's own (a linked
    duplicate's, sharing it, would show the same offsets; a library's cannot be written),
    its shape keys relative and all shown. armature: armature_of(obj), where known already."""
    if armature is None:
        armature = armature_of(obj)
    skinned = False
    for modifier in obj.modifiers:
        if modifier.name == MODIFIER:
            if not (modifier.show_viewport and modifier.show_render):
                return "dynskin's modifier is switched off"
            break
        if not (modifier.show_viewport or modifier.show_render):
            continue
        if modifier.type != "ARMATURE" or modifier.object is not armature or skinned:
            return f"the modifier {modifier.name} is above dynskin's"
        if modifier.use_deform_preserve_volume:
            return f"the Armature modifier {modifier.name} has Preserve Volume on"
        if modifier.vertex_group:
            return f"the Armature modifier {modifier.name} has a vertex group"
        skinned = True
    mesh = obj.data
    if mesh.library is not None or mesh.override_library is not None:
        return "the mesh is a library's"
    if mesh.users > 1:
        return "the mesh is shared (linked duplicates)"
    if mesh.shape_keys is not None and not mesh.shape_keys.use_relative:
        return "the mesh's shape keys are absolute (Relative off)"
    if obj.show_only_shape_key:
        return "a shape key is pinned (Shape Key Lock)"
    return "" if skinned else "dynskin's modifier is above the Armature modifier"


def ensure(obj, count):
    """The object's modifier (made and placed right after the Armature modifier when
    missing; where the user moved it, it stays) and where its offsets go: the shape key
    LIVE_KEY where they ride on the armature (rides_problem says ""; not touched in Edit
    Mode, whose mesh Blender writes back when it ends), else its own helper of `count`
    vertices. The Armature modifier is on (a bake or add-on 0.2 switched it off). Returns
    the helper, or None where the offsets ride; raises ValueError where Blender forbids the
    change (linked data) or where the mesh has no Armature modifier with an armature (the
    modifier would add nothing but stale offsets)."""
    if obj.library is not None:
        raise ValueError(f"{obj.name} is linked from {obj.library.filepath}: make a library override "
                         "(Object > Library Override > Make) to animate it with Dynamic Skinning")
    armature = armature_of(obj)
    if armature is None:
        raise ValueError(NO_ARMATURE)
    for modifier in obj.modifiers:
        if modifier.type == "ARMATURE" and not (modifier.show_viewport and modifier.show_render):
            modifier.show_viewport = modifier.show_render = True
    modifier = modifier_of(obj)
    group = modifier.node_group if modifier is not None else None  # (read once: called every frame)
    if group is not None and group.name == OLD_GROUP:
        obj.modifiers.remove(modifier)  # a file saved by add-on 0.2: its positions go too
        modifier = None
        if OLD_ATTRIBUTE in obj.data.attributes and obj.data.library is None:
            obj.data.attributes.remove(obj.data.attributes[OLD_ATTRIBUTE])
    if modifier is None:
        if MODIFIER in obj.modifiers:
            raise ValueError(f"{obj.name} has a modifier named '{MODIFIER}' that is not dynskin's: rename it")
        modifier = obj.modifiers.new(MODIFIER, "NODES")
        compat.move_modifier(obj, modifier, after_armature(obj))
        group = modifier.node_group
    if group is None or group.name not in (GROUP, RIDING_GROUP):
        group = modifier.node_group = offsets_group()
    editing = obj.mode == "EDIT"
    riding = group.name == RIDING_GROUP if editing else not rides_problem(obj, armature)
    if riding:
        if group.name != RIDING_GROUP:
            _remove_helper(obj)
            modifier.node_group = riding_group()
        if not editing:
            _live_key(obj)
        return None
    remove_live_key(obj)
    if group.name != GROUP:
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


def _live_key(obj):
    """The object's LIVE_KEY (made at 1 when missing, after a Basis where the mesh had no
    shape keys; the active key stays the one the user edits)."""
    keys = obj.data.shape_keys
    block = keys.key_blocks.get(LIVE_KEY) if keys is not None else None
    if block is None:
        active = obj.active_shape_key_index
        if keys is None:
            obj.shape_key_add(name="Basis", from_mix=False)
            obj.data.shape_keys[MADE_BASIS] = True
        block = obj.shape_key_add(name=LIVE_KEY, from_mix=False)
        obj.active_shape_key_index = active
    if block.value != 1.0 or block.mute or block.relative_key != obj.data.shape_keys.reference_key:
        block.value, block.mute, block.relative_key = 1.0, False, obj.data.shape_keys.reference_key
    return block


# Where DNA's KeyBlock (64-bit) keeps its point count and its points: unchanged since 2.80.
KEY_BLOCK_COUNT, KEY_BLOCK_DATA = 32, 40
# Whether this Blender's KeyBlock is laid out so: checked once (None: not yet); a 32-bit build
# or a Blender before 2.80 is not tried.
_key_layout_holds = None if ctypes.sizeof(ctypes.c_void_p) == 8 and bpy.app.version >= (2, 80, 0) else False


def _key_points(block):
    """The key block's points as a writable float32 view of Blender's own array, or None
    where this Blender's layout differs (then foreach_set, about 50 times slower on a key
    block: it sets the points one by one; 90 us for the Fox's 1728)."""
    global _key_layout_holds
    if _key_layout_holds is False:
        return None
    address, count = block.as_pointer(), len(block.data)
    if ctypes.c_int.from_address(address + KEY_BLOCK_COUNT).value != count:
        _key_layout_holds = False
        return None
    points = ctypes.c_void_p.from_address(address + KEY_BLOCK_DATA).value
    view = np.frombuffer((ctypes.c_float * (3 * count)).from_address(points), dtype=np.float32)
    if _key_layout_holds is None:
        expected = np.empty(3 * count, dtype=np.float32)
        block.data.foreach_get("co", expected)
        _key_layout_holds = bool(np.array_equal(view, expected))
        if not _key_layout_holds:
            return None
    return view


def basis_is_rest(obj):
    """Whether the mesh's vertices are, bit for bit, its reference key's points (the Basis), as
    Blender keeps them (leaving Edit Mode writes both; a script may part them): write_live_key
    may then read them from that key in place instead of copying the vertices (6 us a frame
    for the Fox's 1728)."""
    reference = obj.data.shape_keys.reference_key if obj.data.shape_keys is not None else None
    points = _key_points(reference) if reference is not None else None
    if points is None:
        return False
    rest = np.empty(len(obj.data.vertices) * 3, dtype=np.float32)
    obj.data.vertices.foreach_get("co", rest)
    return points.shape == rest.shape and np.array_equal(points.view(np.uint32), rest.view(np.uint32))


def write_live_key(obj, local_offsets, rest_from_basis=False, evaluating=None):
    """The offsets (N, 3), in the object's rest space, into its LIVE_KEY: the Basis (the
    mesh's own vertices) plus the offsets; the Key evaluated again. rest_from_basis: the
    vertices are read from the reference key (where basis_is_rest said so since the mesh
    last changed). evaluating: the depsgraph about to evaluate the object's geometry again
    in any case (a frame change with its armature animated: live.evaluating_depsgraph), whose
    copy of the Key then takes the points too, without a tag; None: the Key is tagged."""
    keys = obj.data.shape_keys
    block = keys.key_blocks.get(LIVE_KEY) if keys is not None else None
    if block is None or obj.mode == "EDIT":
        return
    points = _key_points(block)
    reference = keys.reference_key if rest_from_basis and points is not None else None
    # (never LIVE_KEY itself, moved to the top: it would add the offsets to the last ones)
    basis = _key_points(reference) if reference is not None and reference != block else None
    if basis is None:
        basis = np.empty(len(obj.data.vertices) * 3, dtype=np.float32)
        obj.data.vertices.foreach_get("co", basis)
    if points is None:
        block.data.foreach_set("co", basis + local_offsets.ravel())
    else:
        np.add(basis, local_offsets.ravel(), out=points)
        if evaluating is not None and _write_evaluated_copy(keys, points, evaluating):
            return
    # TIME: Blender copies the Key for evaluation again (which is what shows the new points)
    # without re-evaluating its other parts, as a whole tag would: 10 us a Fox less a frame.
    keys.update_tag(refresh={"TIME"})


untagged_writes = 0  # how many write_live_key calls wrote the evaluated copy instead of tagging (tests)


def _write_evaluated_copy(keys, points, depsgraph):
    """The points also into the depsgraph's copy of the Key, where it has one like the
    original: no tag then, which would make Blender copy the Key and the object again before
    evaluating it (about 33 us a Fox a frame, more than the Key's evaluation). False: not
    written (no copy yet, or one that differs: the tag makes it anew)."""
    global untagged_writes
    evaluated = keys.evaluated_get(depsgraph)
    if evaluated.as_pointer() == keys.as_pointer():
        return False
    block = evaluated.key_blocks.get(LIVE_KEY)
    view = _key_points(block) if block is not None else None
    if view is None or view.shape != points.shape:
        return False
    view[:] = points
    untagged_writes += 1
    return True


def clear_offsets(obj):
    """Plain skinning: the offsets at zero (an error, a save)."""
    helper = helper_of(obj)
    if helper is not None and helper.library is None and len(helper.data.vertices):
        write_offsets(helper, np.zeros((len(helper.data.vertices), 3), dtype=np.float32))
    if obj.library is None and obj.data.library is None:
        write_live_key(obj, np.zeros(len(obj.data.vertices) * 3, dtype=np.float32))


def _remove_helper(obj):
    """The helper goes (Blender empties the modifier's input that named it)."""
    helper = helper_of(obj)
    if helper is not None and helper.library is None and helper.get(OWNER) == obj.name_full:
        mesh = helper.data
        bpy.data.objects.remove(helper)
        if mesh.users == 0:
            bpy.data.meshes.remove(mesh)


def remove_live_key(obj):
    """LIVE_KEY goes, and the Basis it came with when no other key is left."""
    keys = obj.data.shape_keys
    block = keys.key_blocks.get(LIVE_KEY) if keys is not None else None
    if block is None or obj.data.library is not None or obj.mode == "EDIT":
        return
    made_basis = keys.get(MADE_BASIS, False)
    obj.shape_key_remove(block)
    if made_basis and len(keys.key_blocks) == 1:
        obj.shape_key_clear()


def remove(obj):
    """The modifier, the helper and the live key go; the Armature modifier skins alone."""
    _remove_helper(obj)
    remove_live_key(obj)
    modifier = modifier_of(obj)
    if modifier is not None:
        obj.modifiers.remove(modifier)
