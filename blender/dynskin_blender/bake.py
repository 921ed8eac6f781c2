"""Baking the live result for rendering, render farms and export, into what Blender plays
without dynskin or this add-on: a point cache (.pc2, played by a Mesh Cache modifier; the
fastest playback) or shape keys (one per frame, keyed on at its frame; saved inside the
.blend). A BakeJob computes frames in steps, so that the operator shows progress and can be
cancelled; nothing is written before the last frame is done.

Shape keys ride on the armature where they can (riding_problem): each key holds the frame's
bind-space offsets (Basis + offset), the Armature modifier stays on and skins them, so that
Blender's glTF and FBX exporters, which export the skin, the armature's animation and the
keys, carry the bake as shown. Blender's linear skinning of Basis + offset is dynskin's
result (LBS(rest + o) = LBS(rest) + A o); the user's own keys stay on under it.

Otherwise (a corrective modifier above dynskin's, the Armature modifier's Preserve Volume),
and for the point cache, a bake records what the viewport shows at the stack position of
dynskin's modifier: the modifiers above it (the Armature modifier with the shape keys,
correctives) evaluated by Blender, plus dynskin's offsets. Its replay switches those off
(and, for baked shape keys, mutes the user's own keys), so nothing is applied twice, and
leaves the modifiers below (Subdivision) on, working on the baked mesh as they did on the
live one. What it switched off is recorded on the object, for Remove Bake."""
import os
import struct
import time
from contextlib import contextmanager

import numpy as np

from . import compat, live, stack
from .rig import armature_of

CACHE_MODIFIER = "dynskin cache"
KEY_PREFIX = "dynskin "
SWITCHED_OFF = "dynskin_bake_switched_off"  # the modifiers a replay switched off (names)
MUTED = "dynskin_bake_muted"                # the user's shape keys baked keys replace (names)


def baked_span(obj):
    """How many modifiers, from the top of the stack, a bake holds the result of: dynskin's
    and those before it (live), the point cache and those before it, or those a shape-key
    replay switched off; on a mesh never live, those up to its Armature modifier."""
    modifiers = list(obj.modifiers)
    for holder in (stack.modifier_of(obj), obj.modifiers.get(CACHE_MODIFIER)):
        if holder is not None:
            return modifiers.index(holder) + 1
    switched_off = set(obj.get(SWITCHED_OFF, ()))
    return max((k + 1 for k, m in enumerate(modifiers) if m.name in switched_off), default=stack.after_armature(obj))


def riding_problem(obj):
    """Why baked shape keys cannot ride on the armature, said for the user ("" when they
    can): the stack above dynskin's place, as it is live, must be the Armature modifier
    alone, skinning linearly (its Preserve Volume's dual quaternions do not move an offset
    by the blended matrix, and a corrective would work on the offsets too)."""
    switched_off = set(obj.get(SWITCHED_OFF, ()))
    armature, skinned = armature_of(obj), False
    for modifier in list(obj.modifiers)[:baked_span(obj)]:
        if _holds_result(obj, modifier) or not (modifier.show_viewport or modifier.name in switched_off):
            continue
        if modifier.type != "ARMATURE" or modifier.object is not armature or skinned:
            return f"the modifier {modifier.name} is above dynskin's"
        if modifier.use_deform_preserve_volume:
            return f"the Armature modifier {modifier.name} has Preserve Volume on"
        skinned = True
    return "" if skinned else "dynskin's modifier is above the Armature modifier"


def exports_twice(obj):
    """Whether the object's baked shape keys hold absolute positions (the Armature modifier
    switched off), which an exporter would skin a second time."""
    keys = obj.data.shape_keys
    return bool(obj.get(SWITCHED_OFF)) and keys is not None and any(
        block.name.startswith(KEY_PREFIX) for block in keys.key_blocks)


def _holds_result(obj, modifier):
    """dynskin's modifier or the point cache: what a bake replaces, never switched off for it."""
    return modifier == stack.modifier_of(obj) or modifier.name == CACHE_MODIFIER


@contextmanager
def stack_above_dynskin(obj, span):
    """While inside, the object evaluates to the stack above dynskin's place as it is live:
    the modifiers a replay switched off on again, the user's muted keys on, baked keys,
    dynskin's live key and modifier, the point cache and every modifier from `span` on off. Restored on exit."""
    switched_off, muted = set(obj.get(SWITCHED_OFF, ())), set(obj.get(MUTED, ()))
    changed = []

    def show(item, attribute, value):
        if getattr(item, attribute) != value:
            changed.append((item, attribute, not value))
            setattr(item, attribute, value)

    try:
        for k, modifier in enumerate(obj.modifiers):
            if k >= span or _holds_result(obj, modifier):
                show(modifier, "show_viewport", False)
            elif modifier.name in switched_off:
                show(modifier, "show_viewport", True)
        keys = obj.data.shape_keys
        for block in keys.key_blocks if keys is not None else ():
            if block.name.startswith(KEY_PREFIX) or block.name == stack.LIVE_KEY:  # (the live offsets: added below)
                show(block, "mute", True)
            elif block.name in muted:
                show(block, "mute", False)
        yield
    finally:
        for item, attribute, value in reversed(changed):
            setattr(item, attribute, value)


def evaluated_local(obj):
    """The object's evaluated vertices, in its own space (float64)."""
    import bpy

    evaluated = obj.evaluated_get(bpy.context.evaluated_depsgraph_get())
    mesh = evaluated.to_mesh()
    co = np.empty(len(mesh.vertices) * 3, dtype=np.float32)
    mesh.vertices.foreach_get("co", co)
    evaluated.to_mesh_clear()
    return co.reshape(-1, 3).astype(np.float64)


class BakeJob:
    """The scene's frame range of one object, baked frame by frame (object space, float32, in
    `baked`): Blender's evaluation of the stack above dynskin's place at each frame, plus
    dynskin's offsets; or, riding (for shape keys riding on the armature: riding_problem
    says none), the bind-space offsets that the Armature modifier skins into dynskin's result."""

    def __init__(self, scene, obj, riding=False):
        if scene.frame_end < scene.frame_start:
            raise ValueError("the scene's frame range is empty")
        self.scene, self.obj, self.riding = scene, obj, riding
        self.frames = range(scene.frame_start, scene.frame_end + 1)
        self.span = baked_span(obj)
        self.state = live.live_state(obj, keep_results=False, riding=riding)  # self.baked keeps each frame
        if self.state.rig.evaluated_pose:  # constraints, drivers, NLA: Blender's own pose, as live
            read = live.evaluated_rig(scene, obj)
            self.state.rig.pose_track, self.state.rig.object_track = read.pose_track, read.object_track
        self.baked = []

    @property
    def fraction(self):
        return len(self.baked) / len(self.frames)

    @property
    def done(self):
        return len(self.baked) == len(self.frames)

    @contextmanager
    def _evaluating(self):
        """Blender steps through the frames with the live handlers standing by (the job has
        its own simulation) and the stack cut above dynskin; the user's frame is restored.
        Riding, Blender evaluates nothing: the offsets are dynskin's alone."""
        if self.riding:
            yield
            return
        current, subframe = self.scene.frame_current, self.scene.frame_subframe
        live.stand_by(True)
        try:
            with stack_above_dynskin(self.obj, self.span):
                yield
        finally:
            live.stand_by(False)
            self.scene.frame_set(current, subframe=subframe)

    def _positions(self, frame):
        """What the viewport shows at dynskin's place, object space."""
        self.scene.frame_set(frame)
        above = evaluated_local(self.obj)
        if len(above) != self.state.rig.vertex_count:
            raise ValueError(f"the modifiers above dynskin's give {len(above)} vertices, dynskin read "
                             f"{self.state.rig.vertex_count}: move dynskin's modifier above those that "
                             "change the vertex count (or press Re-read the Rig after editing the mesh)")
        offsets = self.state.positions_at(self.scene, frame, self.obj)
        to_object = np.linalg.inv(np.array(self.obj.matrix_world, dtype=np.float64))[:3, :3]
        return above + offsets @ to_object.T

    def step(self, seconds=float("inf")):
        """Bakes frames for about this long (at least one); returns the fraction done."""
        until = time.perf_counter() + seconds
        with self._evaluating():
            while not self.done:
                frame = self.frames[len(self.baked)]
                baked = self.state.positions_at(self.scene, frame, self.obj) if self.riding else self._positions(frame)
                if not np.isfinite(baked).all():
                    raise ValueError(f"frame {frame} is not finite")
                self.baked.append(baked.astype(np.float32))
                if time.perf_counter() >= until:
                    break
        return self.fraction


def pc2_path_problem(path, blend_file, temporary_folder):
    """Why a point cache may not go to `path` ("" when it may): it must outlive the session
    that plays it, so never in Blender's temporary folder (deleted on quit: the reopened file
    would stay in its rest pose), nor relative (//) to a file not saved yet."""
    import bpy

    if not path:
        return "No file to bake to: choose where the point cache goes"
    if path.startswith("//") and not blend_file:
        return ("The .blend file is not saved: save it first (the point cache goes beside it), "
                "or choose a folder for the point cache")
    absolute = os.path.realpath(bpy.path.abspath(path))
    temporary = os.path.realpath(temporary_folder) if temporary_folder else ""
    if temporary and os.path.commonpath([absolute, temporary]) == temporary:
        return (f"{absolute} is in Blender's temporary folder, which is deleted when Blender quits: "
                "save the .blend file first, or choose another folder for the point cache")
    return ""


def write_pc2(path, frames, first_frame, frame_step=1.0):
    """frames: a sequence of (N, 3) float32 arrays, object space, one per frame. Written
    beside the target and renamed, so that a failed write leaves the old cache whole."""
    count = len(frames[0]) if frames else 0
    partial = path + ".partial"
    with open(partial, "wb") as out:
        out.write(b"POINTCACHE2\0")
        out.write(struct.pack("<iiffi", 1, count, float(first_frame), float(frame_step), len(frames)))
        for positions in frames:
            out.write(np.ascontiguousarray(positions, dtype="<f4").tobytes())
    os.replace(partial, path)


def _place(obj, span):
    """The index of the baked result's place (dynskin's before the bake) once dynskin's
    modifier and the point cache are gone."""
    return sum(1 for modifier in list(obj.modifiers)[:span] if not _holds_result(obj, modifier))


def _play_baked(obj, span):
    """Live dynskin off, and the modifiers above its place that are on switched off (recorded:
    Remove Bake switches them on again), so that the bake plays alone. Returns the index
    the baked result's place has once dynskin's modifier and an earlier point cache are gone."""
    switched_off = list(obj.get(SWITCHED_OFF, ()))
    place = _place(obj, span)
    for modifier in list(obj.modifiers)[:span]:
        if _holds_result(obj, modifier):
            continue
        if modifier.show_viewport or modifier.show_render:
            modifier.show_viewport = modifier.show_render = False
            if modifier.name not in switched_off:
                switched_off.append(modifier.name)
    obj[SWITCHED_OFF] = switched_off
    obj.dynskin.enabled = False
    return place


def play_from_cache(obj, path, first_frame, span=None):
    """Switches the object from live dynskin to the baked cache: a Mesh Cache modifier (it
    overwrites the positions) in dynskin's place, the modifiers above it off."""
    place = _play_baked(obj, baked_span(obj) if span is None else span)
    cache = obj.modifiers.get(CACHE_MODIFIER) or obj.modifiers.new(CACHE_MODIFIER, "MESH_CACHE")
    cache.cache_format = "PC2"
    cache.deform_mode = "OVERWRITE"
    cache.filepath = path
    cache.frame_start = first_frame
    compat.move_modifier(obj, cache, place)
    return cache


def _switch_on_again(obj):
    """The modifiers and the user's keys an earlier bake switched off or muted are on again,
    and no longer recorded."""
    for name in obj.get(SWITCHED_OFF, ()):
        modifier = obj.modifiers.get(name)
        if modifier is not None:
            modifier.show_viewport = modifier.show_render = True
    keys = obj.data.shape_keys
    for name in obj.get(MUTED, ()):
        block = keys.key_blocks.get(name) if keys is not None else None
        if block is not None:
            block.mute = False
    for recorded in (SWITCHED_OFF, MUTED):
        if recorded in obj:
            del obj[recorded]


def remove_bake(obj):
    """Back to live dynskin: the baked keys and point cache go, the modifiers and keys the
    replay switched off are on again, dynskin's modifier back in its place."""
    place = _place(obj, baked_span(obj))
    remove_shape_keys(obj)
    if CACHE_MODIFIER in obj.modifiers:
        obj.modifiers.remove(obj.modifiers[CACHE_MODIFIER])
    _switch_on_again(obj)
    obj.dynskin.enabled = True
    modifier = stack.modifier_of(obj)
    if modifier is not None:
        compat.move_modifier(obj, modifier, place)


def remove_shape_keys(obj):
    """Drops an earlier shape-key bake (its keys and their curves)."""
    keys = obj.data.shape_keys
    if keys is None:
        return
    for block in [b for b in keys.key_blocks if b.name.startswith(KEY_PREFIX)]:
        compat.remove_fcurves(keys, f'key_blocks["{block.name}"].value')
        obj.shape_key_remove(block)


def write_shape_keys(obj, frames, first_frame, span=None, riding=False):
    """One shape key a frame, keyed to 1 at its frame and 0 at the frames around it (between
    frames, neighbours blend: motion blur works). frames: BakeJob.baked. Riding, each key is
    the Basis plus the frame's bind-space offsets and the Armature modifier skins them (what
    an earlier bake switched off is on again); otherwise each key holds the frame's positions
    and the user's own keys, which are in them, are muted (recorded, for Remove Bake)."""
    import bpy

    if obj.data.shape_keys is not None and not obj.data.shape_keys.use_relative:
        raise ValueError("the mesh's shape keys are absolute (Relative off): bake to a point cache instead")
    span = baked_span(obj) if span is None else span
    remove_shape_keys(obj)
    if obj.data.shape_keys is None:
        obj.shape_key_add(name="Basis", from_mix=False)
    keys = obj.data.shape_keys
    basis = 0.0  # absolute keys hold the positions themselves, riding ones the Basis plus the offsets
    if riding:
        basis = np.empty(len(keys.reference_key.data) * 3, dtype=np.float32)
        keys.reference_key.data.foreach_get("co", basis)
        basis = basis.reshape(-1, 3)
    if keys.animation_data is None:
        keys.animation_data_create()
    if keys.animation_data.action is None:
        keys.animation_data.action = bpy.data.actions.new(f"{obj.name} dynskin bake")
    for k, values in enumerate(frames):
        frame = first_frame + k
        block = obj.shape_key_add(name=f"{KEY_PREFIX}{frame:05d}", from_mix=False)
        block.data.foreach_set("co", np.ascontiguousarray(basis + values, dtype=np.float32).ravel())
        curve = compat.new_fcurve(keys, f'key_blocks["{block.name}"].value')
        curve.keyframe_points.add(3)
        curve.keyframe_points.foreach_set("co", [frame - 1, 0.0, frame, 1.0, frame + 1, 0.0])
        for point in curve.keyframe_points:
            point.interpolation = "LINEAR"
        curve.update()
    if riding:
        _switch_on_again(obj)
        obj.dynskin.enabled = False
    else:
        muted = list(obj.get(MUTED, ()))
        for block in keys.key_blocks:
            if block != keys.reference_key and not block.name.startswith(KEY_PREFIX) and not block.mute:
                block.mute = True
                muted.append(block.name)
        obj[MUTED] = muted
        _play_baked(obj, span)
    if CACHE_MODIFIER in obj.modifiers:
        obj.modifiers.remove(obj.modifiers[CACHE_MODIFIER])
