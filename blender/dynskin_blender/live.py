"""Dynamic Skinning live on Blender's timeline. While an object has it on, its Armature
modifier is switched off and a Geometry Nodes modifier sets each vertex to dynskin's result,
written into the mesh attribute `dynskin_position` (object space): no double skinning, and
the mesh's own rest shape is never touched. The result is written before Blender evaluates
a new frame (frame_change_pre), so that each frame is evaluated once. Every frame shows what
playing straight to it from the scene's start gives: frames already computed are kept,
later ones continue from the last, and a change of settings or keys starts again."""
import bpy
import numpy as np

from . import simulation
from .rig import armature_of
from .simulation import LiveState

ATTRIBUTE = "dynskin_position"
MODIFIER = "dynskin"
GROUP = "dynskin_set_position"


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


def set_auto_smooth_while_live(obj):
    """Custom split normals (which the glTF importer turns on) make Blender spend 20-60 ms a
    frame on a deformed 13k-vertex mesh: Auto Smooth is off while dynskin is live, unless
    the panel keeps it. Blender 4.1 dropped Auto Smooth (nothing to do there)."""
    mesh, props = obj.data, obj.dynskin
    if not hasattr(mesh, "use_auto_smooth"):
        return
    if props.keep_custom_normals and props.auto_smooth_was_on:
        mesh.use_auto_smooth, props.auto_smooth_was_on = True, False
    elif not props.keep_custom_normals and mesh.use_auto_smooth:
        mesh.use_auto_smooth, props.auto_smooth_was_on = False, True


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
    set_auto_smooth_while_live(obj)
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
    if obj.dynskin.auto_smooth_was_on and hasattr(obj.data, "use_auto_smooth"):
        obj.data.use_auto_smooth = True
    obj.dynskin.auto_smooth_was_on = False
    obj.dynskin.status = ""
    _states.pop(obj.name, None)


def deformed_by(obj, armature_data):
    """Whether the object is skinned by an armature object whose data is armature_data."""
    armature = armature_of(obj)
    return armature is not None and armature.data == armature_data


def resimulate(obj):
    """The next update takes the panel's settings again and simulates from the scene's start."""
    state = _states.get(obj.name)
    if state is not None:
        state.forget_results()
        state.settings_current = False


def forget(obj=None):
    """Drops the cached rig (after an edit of the mesh, its groups or the bones)."""
    if obj is None:
        _states.clear()
    else:
        _states.pop(obj.name, None)


_reading = False  # while read_pose steps Blender through the frames, the handlers stand by


def read_pose(scene, obj):
    """Blender's own pose of every frame of the scene's range (and the preroll before it), for a rig that constraints,
    drivers or NLA strips move (the action's keys alone would miss them): Blender is stepped
    through the frames, as its Bake Action does, outside any frame handler, and the user's
    frame is restored. Then the skin is simulated again on that pose."""
    global _reading
    state = _states.get(obj.name)
    if state is None:
        state = _states[obj.name] = LiveState(obj)
    rig, current = state.rig, scene.frame_current
    rig.pose_track.clear()
    _reading = True
    try:
        for frame in simulation.frames_with_preroll(scene, obj):
            scene.frame_set(frame)
            rig.read_evaluated_pose(frame)
    finally:
        scene.frame_set(current)
        _reading = False
    state.forget_pose()
    resimulate(obj)
    if obj.dynskin.enabled:
        update_object(scene, obj)


def pose_track_of(scene, obj):
    """Blender's pose of the scene's frame range, as the live object has it (read now if it
    was not, or not for all these frames)."""
    state = _states.get(obj.name)
    frames = set(simulation.frames_with_preroll(scene, obj))
    if state is None or not frames <= state.rig.pose_track.keys():
        read_pose(scene, obj)
    return _states[obj.name].rig.pose_track


def read_pose_soon(obj_name):
    """Reads the pose once Blender is idle (a timer: never from inside a handler), unless the
    timeline is playing, in which case it waits for it to stop."""
    def read():
        obj = bpy.data.objects.get(obj_name)
        if obj is None or not obj.dynskin.enabled or obj_name not in _states:
            return None
        screen = bpy.context.screen
        if screen is not None and screen.is_animation_playing:
            return 0.5
        read_pose(bpy.context.scene, obj)
        return None

    waiting = _pending.get(obj_name)
    if waiting is None or not bpy.app.timers.is_registered(waiting):
        _pending[obj_name] = read
        bpy.app.timers.register(read, first_interval=0.3)


_pending = {}


def set_status(props, text):
    if props.status != text:  # a write would make Blender evaluate the object again
        props.status = text


def update_object(scene, obj):
    """Writes dynskin's result at the scene's frame into the object's mesh. Whatever goes
    wrong is said in the panel: a frame handler must not raise."""
    props = obj.dynskin
    try:
        state = _states.get(obj.name)
        if state is None:
            state = _states[obj.name] = LiveState(obj)
            if state.rig.evaluated_pose and not bpy.app.background:
                read_pose_soon(obj.name)
        world = state.positions_at(scene, scene.frame_current, obj, scene.frame_subframe)
        if not np.isfinite(world).all():  # the core guards against this; never show it
            raise ValueError("the result is not finite: simulated again from the start")
        to_object = np.linalg.inv(np.array(obj.matrix_world, dtype=np.float32))
        local = world @ to_object[:3, :3].T + to_object[:3, 3]
        obj.data.attributes[ATTRIBUTE].data.foreach_set("vector", local.astype(np.float32).ravel())
        obj.data.update()
        set_status(props, state.rig.note)
    except Exception as error:  # noqa: BLE001 - shown in the panel
        forget(obj)
        set_status(props, f"{type(error).__name__}: {error}" if not isinstance(error, ValueError) else str(error))


@bpy.app.handlers.persistent
def on_depsgraph_update(scene, depsgraph):
    """A bone posed or a key edited (the armature object, its data or its action updated):
    the live meshes it drives are simulated again, so the edit shows even while paused."""
    if _reading:
        return
    changed = {update.id.original for update in depsgraph.updates
               if isinstance(update.id, (bpy.types.Action, bpy.types.Armature)) or
               isinstance(update.id, bpy.types.Object) and update.id.type == "ARMATURE"}
    if not changed:
        return
    for obj in scene.objects:
        if obj.type != "MESH" or not obj.dynskin.enabled or obj.name not in _states:
            continue
        armature = _states[obj.name].rig.armature
        action = armature.animation_data.action if armature.animation_data else None
        if changed & {armature, armature.data, action}:
            rig = _states[obj.name].rig
            rig.forget_curves()
            _states[obj.name].forget_pose()
            if rig.pose_track:  # Blender's pose changed: read it again when idle
                rig.pose_track.clear()
                if not bpy.app.background:
                    read_pose_soon(obj.name)
            resimulate(obj)
            update_object(scene, obj)


@bpy.app.handlers.persistent  # stays when a file is opened
def on_frame_change(scene, depsgraph=None):
    """frame_change_pre: the new frame's result is in place before Blender evaluates it."""
    if _reading:
        return
    for obj in scene.objects:
        if obj.type == "MESH" and obj.dynskin.enabled:
            if armature_of(obj) is None:
                set_status(obj.dynskin, "No Armature modifier with an armature: add one to use Dynamic Skinning")
            else:
                update_object(scene, obj)
