"""Dynamic Skinning live on Blender's timeline. While an object has it on, its Armature
modifier is switched off and a Geometry Nodes modifier sets each vertex to dynskin's result,
written every frame into the mesh attribute `dynskin_position` (object space): no double
skinning, and the mesh's own rest shape is never touched. A frame that does not follow the
last one (a jump, scrubbing) is simulated again from the scene's start, so it equals playing
straight to it."""
import bpy
import numpy as np

import dynskin

from .rig import Rig, armature_of

ATTRIBUTE = "dynskin_position"
MODIFIER = "dynskin"
GROUP = "dynskin_set_position"


class LiveState:
    def __init__(self, obj):
        self.rig = Rig(obj)
        self.deformer = dynskin.Deformer(self.rig.character)
        self.last_frame = None

    def settings_from(self, props):
        s = dynskin.Settings()
        s.mode = props.mode
        s.frequency, s.damping, s.amplitude, s.drag = props.frequency, props.damping, props.amplitude, props.drag
        s.dual_quaternion = props.dual_quaternion
        s.translation_gain = props.translation_gain
        s.propagation_speed = props.propagation_speed if props.delayed else float("inf")
        s.max_angle = props.max_angle if props.limit_angle else 0.0
        s.max_offset = props.max_offset if props.limit_offset else 0.0
        s.squash = props.squash
        s.squash_center = props.squash_center
        return s

    def positions_at(self, scene, frame, settings):
        """dynskin's skin at a frame, in world space."""
        fps = scene.render.fps / scene.render.fps_base
        if self.last_frame is None or frame != self.last_frame + 1:
            self.deformer.reset()
            start = min(scene.frame_start, frame)
            for f in range(start, frame):  # from the start, as if played straight here
                self.deformer.settings = settings
                self.deformer.update((f - scene.frame_start) / fps, self.rig.world_matrices(f))
        self.deformer.settings = settings
        self.deformer.update((frame - scene.frame_start) / fps, self.rig.world_matrices(frame))
        self.last_frame = frame
        return self.deformer.positions


_states = {}


def set_position_group():
    group = bpy.data.node_groups.get(GROUP)
    if group is not None:
        return group
    group = bpy.data.node_groups.new(GROUP, "GeometryNodeTree")
    if hasattr(group, "interface"):  # Blender 4.0 and later
        group.interface.new_socket("Geometry", in_out="INPUT", socket_type="NodeSocketGeometry")
        group.interface.new_socket("Geometry", in_out="OUTPUT", socket_type="NodeSocketGeometry")
    else:
        group.inputs.new("NodeSocketGeometry", "Geometry")
        group.outputs.new("NodeSocketGeometry", "Geometry")
    nodes, links = group.nodes, group.links
    given, result = nodes.new("NodeGroupInput"), nodes.new("NodeGroupOutput")
    attribute = nodes.new("GeometryNodeInputNamedAttribute")
    attribute.data_type = "FLOAT_VECTOR"
    attribute.inputs["Name"].default_value = ATTRIBUTE
    set_position = nodes.new("GeometryNodeSetPosition")
    vector = next(o for o in attribute.outputs if o.enabled)
    links.new(given.outputs[0], set_position.inputs["Geometry"])
    links.new(vector, set_position.inputs["Position"])
    links.new(set_position.outputs[0], result.inputs[0])
    return group


def enable(obj):
    """Switches the object over to dynskin (its Armature modifier off, ours on)."""
    for modifier in obj.modifiers:
        if modifier.type == "ARMATURE":
            modifier.show_viewport = modifier.show_render = False
    if MODIFIER not in obj.modifiers:
        modifier = obj.modifiers.new(MODIFIER, "NODES")
        modifier.node_group = set_position_group()
    if ATTRIBUTE not in obj.data.attributes:
        obj.data.attributes.new(ATTRIBUTE, "FLOAT_VECTOR", "POINT")
    _states.pop(obj.name, None)


def disable(obj):
    """Back to Blender's own skinning."""
    for modifier in obj.modifiers:
        if modifier.type == "ARMATURE":
            modifier.show_viewport = modifier.show_render = True
    if MODIFIER in obj.modifiers:
        obj.modifiers.remove(obj.modifiers[MODIFIER])
    if ATTRIBUTE in obj.data.attributes:
        obj.data.attributes.remove(obj.data.attributes[ATTRIBUTE])
    _states.pop(obj.name, None)


def resimulate(obj):
    """The next update simulates again from the scene's start (a parameter changed)."""
    state = _states.get(obj.name)
    if state is not None:
        state.last_frame = None


def forget(obj=None):
    """Drops the cached rig (after an edit of the mesh, its groups or the bones)."""
    if obj is None:
        _states.clear()
    else:
        _states.pop(obj.name, None)


def update_object(scene, obj):
    props = obj.dynskin
    try:
        state = _states.get(obj.name)
        if state is None:
            state = _states[obj.name] = LiveState(obj)
        world = state.positions_at(scene, scene.frame_current, state.settings_from(props))
        local = (np.c_[world, np.ones(len(world))] @ np.linalg.inv(np.array(obj.matrix_world)).T)[:, :3]
        obj.data.attributes[ATTRIBUTE].data.foreach_set("vector", local.astype(np.float32).ravel())
        obj.data.update()
        props.status = state.rig.note
    except (ValueError, RuntimeError, IndexError) as error:  # shown in the panel
        props.status = str(error)


@bpy.app.handlers.persistent  # stays when a file is opened
def on_frame_change(scene, depsgraph=None):
    for obj in scene.objects:
        if obj.type == "MESH" and obj.dynskin.enabled and armature_of(obj) is not None:
            update_object(scene, obj)
