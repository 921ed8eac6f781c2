"""Dynamic Skinning live on Blender's timeline. The object's Armature modifier skins it as
usual, and dynskin's secondary motion (each vertex's offset from dynskin's own base
skinning) comes in right after it, riding on the armature as a shape key or added by
dynskin's Geometry Nodes modifier (see stack.py), written before Blender evaluates a new
frame (frame_change_pre), so that each frame is evaluated once. Every frame shows what
playing straight to it from the scene's start gives: frames already computed are kept,
later ones continue from the last, and a change of settings or keys starts again.

Nothing here keeps a Blender object across an undo, a redo or a file load (Blender frees
them all then): the simulations are keyed by the object's name and made again."""
import bpy
import numpy as np

from . import crowd, nla, simulation, stack
from .offsets import OffsetDeformer, RidingDeformer
from .rig import armature_of, layer_weights, matrix
from .simulation import LiveState


def _preserves_volume(obj, armature):
    """Whether the Armature modifier skinning the object with this armature uses dual
    quaternions (Preserve Volume)."""
    return any(m.use_deform_preserve_volume for m in obj.modifiers if m.type == "ARMATURE" and m.object is armature)


def _offsets_way(obj, armature, riding):
    """How the offsets come in: riding on the armature, or added after Blender's LBS or
    (Preserve Volume) dual quaternions. A simulation's results are offsets for one way."""
    return "riding" if riding else "after dual quaternions" if _preserves_volume(obj, armature) else "after LBS"


def live_state(obj, keep_results=True, riding=False):
    """A simulation of the object whose results are its offsets: in bind space where they
    ride on the armature, else the world offsets its modifier adds."""
    state = LiveState(obj, keep_results)
    state.way = _offsets_way(obj, state.rig.armature, riding)
    if riding:
        to_object = np.linalg.inv(state.rig.object_world)[:3, :3]
        state.use_deformers(lambda character: RidingDeformer(character, to_object))
    else:
        preserve_volume = state.way == "after dual quaternions"
        state.use_deformers(lambda character: OffsetDeformer(character, preserve_volume))
    return state


_states = {}  # obj.name_full -> LiveState (name_full: a linked object's name is its library's too)


def set_auto_smooth_while_live(obj):
    """Auto Smooth (the custom split normals the glTF importer makes) is kept while live, as
    it was: the Geometry Nodes modifier keeps the custom normals. Unticking *Keep custom
    normals* switches it off while live, for speed (Blender spends 20-60 ms a frame on a
    deformed mesh's custom normals), and back on after. Blender 4.1 dropped Auto Smooth."""
    mesh, props = obj.data, obj.dynskin
    if not hasattr(mesh, "use_auto_smooth"):
        return
    if props.keep_custom_normals and props.auto_smooth_was_on:
        mesh.use_auto_smooth, props.auto_smooth_was_on = True, False
    elif not props.keep_custom_normals and mesh.use_auto_smooth:
        mesh.use_auto_smooth, props.auto_smooth_was_on = False, True


def enable(obj):
    """Adds dynskin's modifier after the Armature modifier (which stays on); a mesh without
    one gets none, and the panel says why."""
    _states.pop(obj.name_full, None)
    try:
        stack.ensure(obj, len(obj.data.vertices))
    except ValueError as error:
        set_status(obj.dynskin, str(error))
        return
    set_auto_smooth_while_live(obj)


def disable(obj):
    """Back to Blender's own skinning alone, Auto Smooth as it was."""
    stack.remove(obj)
    if obj.dynskin.auto_smooth_was_on and hasattr(obj.data, "use_auto_smooth"):
        obj.data.use_auto_smooth = True
    obj.dynskin.auto_smooth_was_on = False
    obj.dynskin.status = ""
    _states.pop(obj.name_full, None)


def leave_plain_skinning():
    """The add-on is disabled: every mesh it made live is Blender's plain skinning again (its
    modifier and helper gone), so that a file saved now and opened without the add-on shows
    no frozen offsets. The switches stay on: enabled again, the add-on puts the modifiers
    back at the next frame."""
    forget()
    if not isinstance(bpy.data, bpy.types.BlendData):  # (restricted while Blender starts)
        return
    for obj in bpy.data.objects:
        if obj.type == "MESH" and obj.library is None and stack.is_live(obj):
            disable(obj)


def deformed_by(obj, armature_data):
    """Whether the object is skinned by an armature object whose data is armature_data."""
    armature = armature_of(obj)
    return armature is not None and armature.data == armature_data


def resimulate(obj):
    """The next update takes the panel's settings again and simulates from the scene's start."""
    state = _states.get(obj.name_full)
    if state is not None:
        state.forget_results()
        state.settings_current = False


def forget(obj=None):
    """Drops the cached rig (after an edit of the mesh, its groups or the bones)."""
    if obj is None:
        _states.clear()
    else:
        _states.pop(obj.name_full, None)


_reading = False  # while read_pose or a bake steps Blender through the frames, the handlers stand by


def stand_by(on):
    """A bake steps Blender through the frames with a simulation of its own: the live one
    (and its kept results) is left alone meanwhile."""
    global _reading
    _reading = on


def _pose_frames(scene, obj):
    """The frames whose pose the shown one needs: the simulation's (its preroll and the
    scene's range), up to the frame shown and the one after it (a subframe blends the two)."""
    frames = simulation.frames_with_preroll(scene, obj)
    return range(min(frames.start, scene.frame_current), max(frames.stop, scene.frame_current + 2))


def pose_to_read(scene, obj, state):
    """The frames of Blender's own pose that the rig needs (constraints, drivers, NLA strips
    nla.py does not follow: Rig.evaluated_pose) and that were not read since its armature
    last changed."""
    if not state.rig.evaluated_pose:
        return []
    return [frame for frame in _pose_frames(scene, obj) if frame not in state.rig.pose_track]


def read_pose(scene, obj, state):
    """Reads Blender's own pose of the frames pose_to_read gives: Blender is stepped through
    them, as its Bake Action does, with the handlers standing by, and the frame shown (and
    subframe) restored; then the skin is simulated again on that pose. Safe in
    frame_change_pre (before Blender evaluates the frame: never a frame late, headless and
    in renders too), not in a depsgraph handler (read_pose_soon). Returns whether it read
    (and so had Blender evaluate the frame shown)."""
    global _reading
    frames = pose_to_read(scene, obj, state)
    if not frames:
        return False
    current, subframe = scene.frame_current, scene.frame_subframe
    _reading = True
    try:
        for frame in frames:
            scene.frame_set(frame)
            state.rig.read_evaluated_pose(frame)
    finally:
        scene.frame_set(current, subframe=subframe)
        _reading = False
    state.forget_pose()
    return True


def evaluated_rig(scene, obj):
    """The live object's rig with Blender's pose of the scene's frame range (read now if it
    was not, or not for all these frames): its pose_track and object_track."""
    state = _states.get(obj.name_full)
    if state is None:
        state = _states[obj.name_full] = live_state(obj)
    read_pose(scene, obj, state)
    return state.rig


def read_pose_soon(obj_name):  # name_full
    """Reads the pose once Blender is idle (a timer: never from inside a handler), unless the
    timeline is playing, in which case the next frame reads it."""
    def read():
        obj = _find(obj_name)
        if obj is None or not obj.dynskin.enabled or obj_name not in _states:
            return None
        screen = bpy.context.screen
        if screen is None or not screen.is_animation_playing:
            update_object(bpy.context.scene, obj)
        return None

    waiting = _pending.get(obj_name)
    if waiting is None or not bpy.app.timers.is_registered(waiting):
        _pending[obj_name] = read
        bpy.app.timers.register(read, first_interval=0.3)


_pending = {}


def _find(name_full):
    """The object of this name_full, found again (never kept across an undo or a load)."""
    return next((o for o in bpy.data.objects if o.name_full == name_full), None)


def set_status(props, text):
    if props.status != text:  # a write would make Blender evaluate the object again
        try:
            props.status = text
        except (AttributeError, TypeError):  # a linked object's: the panel says why
            pass


_rendering = False  # between render_init and render_complete or render_cancel


@bpy.app.handlers.persistent
def on_render(scene=None, depsgraph=None):
    global _rendering
    _rendering = True


@bpy.app.handlers.persistent
def on_render_end(scene=None, depsgraph=None):
    global _rendering
    _rendering = False


def evaluating_depsgraph(scene, armature):
    """The depsgraph a frame change of the scene is about to evaluate, where it evaluates the
    object's geometry again whatever dynskin writes: the scene's only view layer's, outside a
    render (which evaluates a depsgraph of its own), with the armature animated (Blender poses
    it again at every frame change, and the Armature modifier follows). The live key is then
    written into its copy of the Key too, untagged (stack.write_live_key). None otherwise."""
    if _rendering or len(scene.view_layers) != 1:
        return None
    animation = armature.animation_data
    if animation is None or (animation.action is None and len(animation.nla_tracks) == 0):
        return None
    return scene.view_layers[0].depsgraph


class MeshChanged(ValueError):
    """Vertices were added or deleted since the rig was read."""


def update_object(scene, obj, read=True, frame_change=False):
    """Writes dynskin's offsets at the scene's frame into the object's helper, Blender's own
    pose read first where the rig needs it (read=False in a depsgraph handler: then once
    Blender is idle). frame_change: called before Blender evaluates a new frame
    (evaluating_depsgraph). Whatever goes wrong is said in the panel, and the object shows
    Blender's plain skinning meanwhile: a frame handler must not raise."""
    props = obj.dynskin
    try:
        vertices = len(obj.data.vertices)
        helper = stack.ensure(obj, vertices)
        state = _states.get(obj.name_full)
        if state is not None and state.way != _offsets_way(obj, state.rig.armature, helper is None):
            state = None  # riding switched, or Preserve Volume: offsets of another kind
        if state is None:
            state = _states[obj.name_full] = live_state(obj, riding=helper is None)
        count = state.rig.vertex_count
        if vertices != count:
            raise MeshChanged(f"The mesh has {vertices} vertices, dynskin read {count}: "
                             "press Re-read the Rig after editing the mesh")
        evaluating = evaluating_depsgraph(scene, state.rig.armature) if frame_change else None
        if read:
            if read_pose(scene, obj, state):
                evaluating = None  # (Blender evaluated the frame meanwhile: it may not again)
        elif pose_to_read(scene, obj, state) and not bpy.app.background:
            read_pose_soon(obj.name_full)
        offsets = state.positions_at(scene, scene.frame_current, obj, scene.frame_subframe)
        if not np.isfinite(offsets).all():  # the core guards against this; never show it
            raise ValueError("the result is not finite: simulated again from the start")
        if helper is None:
            if state.basis_is_rest is None:
                state.basis_is_rest = stack.basis_is_rest(obj)
            stack.write_live_key(obj, offsets, rest_from_basis=state.basis_is_rest, evaluating=evaluating)
        else:
            to_object = np.linalg.inv(matrix(obj.matrix_world))[:3, :3]
            stack.write_offsets(helper, offsets @ to_object.T)
        set_status(props, state.rig.note)
    except Exception as error:  # noqa: BLE001 - shown in the panel
        if not isinstance(error, MeshChanged):  # (the rig is kept: read again when the user says)
            forget(obj)
        stack.clear_offsets(obj)
        set_status(props, f"{type(error).__name__}: {error}" if not isinstance(error, ValueError) else str(error))


def live_objects(scene):
    """The scene's meshes with dynskin on that it can animate; a linked one (Blender forbids
    changing it) is said once in the console, with what to do."""
    found = []
    for obj in scene.objects:
        if obj.type == "MESH" and obj.dynskin.enabled:
            if obj.library is None:
                found.append(obj)
            else:
                _warn_linked(obj)
        elif obj.instance_type == "COLLECTION" and obj.instance_collection is not None:
            for linked in obj.instance_collection.all_objects:
                if linked.type == "MESH" and linked.dynskin.enabled:
                    _warn_linked(linked, obj)
    return found


_warned = set()


def _warn_linked(obj, instancer=None):
    if obj.name_full in _warned:
        return
    _warned.add(obj.name_full)
    where = f" (in the collection instance {instancer.name})" if instancer is not None else ""
    print(f"dynskin: {obj.name} is linked from {obj.library.filepath if obj.library else 'a library'}{where}: Blender "
          f"shows its plain skinning; to give it Dynamic Skinning, select it and use Object > Library Override > Make "
          f"(its settings can then be changed and are saved with this file)")


@bpy.app.handlers.persistent
def on_depsgraph_update(scene, depsgraph):
    """A bone posed or a key edited (the armature object, its data or its action updated):
    the live meshes it drives are simulated again, so the edit shows even while paused. A
    live mesh's vertex groups painted: its painted layers are read again."""
    if _reading:
        return
    changed = {update.id.original for update in depsgraph.updates
               if isinstance(update.id, (bpy.types.Action, bpy.types.Armature, bpy.types.Mesh, bpy.types.Object))}
    if not changed:
        return
    for obj in live_objects(scene):
        if obj in changed and armature_of(obj) is None:  # its Armature modifier removed or emptied
            _without_armature(obj)
        state = _states.get(obj.name_full)
        if state is None:
            continue
        if obj in changed or obj.data in changed:  # its vertices or keys may have been edited
            state.basis_is_rest = None
        try:
            armature = state.rig.armature
            touched = changed & ({armature, armature.data} | nla.actions(armature.animation_data))
        except ReferenceError:  # freed by an undo that on_undo has not seen yet
            forget(obj)
            continue
        painted = (obj.data in changed and obj.mode != "EDIT" and len(obj.data.vertices) == state.rig.vertex_count
                   and state.rig.set_layers(obj, layer_weights(obj, state.rig.vertex_count)))
        if touched:  # Blender's pose changed: the curves, and the pose read from Blender, again
            state.rig.forget_curves()
            state.rig.forget_evaluated_pose()
            state.forget_pose()
        if touched or painted:
            resimulate(obj)
            update_object(scene, obj, read=False)  # (a bone dragged: read once Blender is idle)


def _switched_off(obj):
    """Whether the mesh still has dynskin's modifier though its switch is off where no update
    said so (a keyed switch, which Blender sets a frame later than the handler sees)."""
    return obj.type == "MESH" and not obj.dynskin.enabled and obj.library is None and stack.is_live(obj)


def _without_armature(obj):
    """A live mesh without an Armature modifier (with an armature) gets no dynskin modifier,
    which would add nothing but stale offsets: the panel says what is missing."""
    stack.remove(obj)
    forget(obj)
    set_status(obj.dynskin, stack.NO_ARMATURE)


@bpy.app.handlers.persistent  # stays when a file is opened
def on_frame_change(scene, depsgraph=None):
    """frame_change_pre: the new frame's result is in place before Blender evaluates it."""
    show_frame(scene, frame_change=True)


def show_frame(scene, frame_change=False):
    """Every live object's offsets at the scene's frame. frame_change: Blender is about to
    evaluate the new frame (on_frame_change); otherwise the changes are tagged for it."""
    if _reading:
        return
    for obj in scene.objects:
        if _switched_off(obj):
            disable(obj)
    shown = []
    for obj in live_objects(scene):
        if armature_of(obj) is None:
            _without_armature(obj)
        else:
            shown.append(obj)
    crowd.step_together(scene, [(obj, _states[obj.name_full]) for obj in shown if obj.name_full in _states])
    for obj in shown:
        update_object(scene, obj, frame_change=frame_change)


@bpy.app.handlers.persistent
def on_undo_redo(scene, depsgraph=None):
    """undo_post, redo_post: Blender has freed every object the simulations held; they are
    made again from the restored objects and settings, and the frame shown again."""
    forget()
    show_frame(bpy.context.scene)


@bpy.app.handlers.persistent
def on_load(dummy=None, depsgraph=None):
    """load_post: a file opened; add-on 0.2's files are moved to the new stack."""
    forget()
    _warned.clear()
    for obj in bpy.data.objects:  # add-on 0.3 switched Auto Smooth off by default: back as it was
        if obj.type == "MESH" and obj.library is None and obj.dynskin.enabled:
            set_auto_smooth_while_live(obj)
    for scene in bpy.data.scenes:
        show_frame(scene)


@bpy.app.handlers.persistent
def on_save(dummy=None, depsgraph=None):
    """save_pre: the file keeps zero offsets, so Blender without the add-on shows plain
    skinning; save_post writes the shown frame's back (kept: no simulation)."""
    for obj in bpy.data.objects:
        if obj.type == "MESH" and obj.library is None and obj.dynskin.enabled:
            stack.clear_offsets(obj)
        elif _switched_off(obj):
            disable(obj)


@bpy.app.handlers.persistent
def on_saved(dummy=None, depsgraph=None):
    for scene in bpy.data.scenes:
        show_frame(scene)


# (handler list, function): registered by the add-on
HANDLERS = (("frame_change_pre", on_frame_change), ("depsgraph_update_post", on_depsgraph_update),
            ("undo_post", on_undo_redo), ("redo_post", on_undo_redo), ("load_post", on_load),
            ("save_pre", on_save), ("save_post", on_saved), ("render_init", on_render),
            ("render_complete", on_render_end), ("render_cancel", on_render_end))
