"""What differs between the Blender versions the add-on runs in (3.4 to 5.x): where an
action keeps its F-curves. Blender 4.4 layered actions (a data-block animates through its
slot's channel bag) and 5.0 dropped the old Action.fcurves; how a modifier is moved in its
stack (ObjectModifiers.move came in 3.5); Blender 3.4's glTF importer and numpy 1.24."""


def keep_the_gltf_importer_working():
    """Blender 3.4's glTF importer calls numpy.bool, which numpy 1.24 removed: with Debian 12's
    Blender 3.4 and numpy 1.24 it stops before importing anything (fixed in Blender 3.5). The
    alias was the builtin bool; numpy 2 has its own again, left alone. (3.4's glTF exporter,
    which exports a bake, uses none of numpy's removed aliases.)"""
    import numpy
    if not hasattr(numpy, "bool"):
        numpy.bool = bool


def fcurves_of(animated):
    """The F-curves animating a data-block (an armature object, a shape-key block), or ()."""
    animation = animated.animation_data
    action = animation.action if animation else None
    return action_fcurves(action, getattr(animation, "action_slot", None))


def action_fcurves(action, slot=None):
    """An action's F-curves for a slot (an NLA strip's action or the active one), or ()."""
    if action is None:
        return ()
    if slot is not None and getattr(action, "layers", None):  # layered actions (4.4 and later)
        for layer in action.layers:
            for strip in layer.strips:
                bag = strip.channelbag(slot)
                if bag is not None:
                    return bag.fcurves
        return ()
    return action.fcurves if hasattr(action, "fcurves") else ()


def new_fcurve(animated, data_path):
    """A new F-curve on the data-block's action (which must be assigned)."""
    action = animated.animation_data.action
    if hasattr(action, "fcurve_ensure_for_datablock"):  # 4.4 and later: through the slot
        return action.fcurve_ensure_for_datablock(animated, data_path)
    return action.fcurves.new(data_path)


def remove_fcurves(animated, data_path):
    curves = fcurves_of(animated)
    for curve in [c for c in curves if c.data_path == data_path]:
        curves.remove(curve)


def move_modifier(obj, modifier, index):
    """Moves a modifier to a place in the object's stack (ObjectModifiers.move is 3.5 and later)."""
    index = min(index, len(obj.modifiers) - 1)
    at = list(obj.modifiers).index(modifier)
    if at == index:  # (the usual case, a new one after the Armature modifier: the operator costs 4 ms)
        return
    if hasattr(obj.modifiers, "move"):
        obj.modifiers.move(at, index)
        return
    import bpy
    with bpy.context.temp_override(object=obj, active_object=obj):
        bpy.ops.object.modifier_move_to_index(modifier=modifier.name, index=index)
