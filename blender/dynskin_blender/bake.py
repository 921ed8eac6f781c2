"""Baking the live result for rendering and render farms, into what Blender plays without
dynskin or this add-on: a point cache (.pc2, played by a Mesh Cache modifier; the fastest
playback) or shape keys (one per frame, keyed on at its frame; saved inside the .blend).
A BakeJob computes frames in steps, so that the operator shows progress and can be
cancelled; nothing is written before the last frame is done."""
import os
import struct
import time

import numpy as np

from . import compat, live, simulation

CACHE_MODIFIER = "dynskin cache"
KEY_PREFIX = "dynskin "


class BakeJob:
    """The scene's frame range of one object, baked frame by frame (object space)."""

    def __init__(self, scene, obj):
        if scene.frame_end < scene.frame_start:
            raise ValueError("the scene's frame range is empty")
        self.scene, self.obj = scene, obj
        self.frames = range(scene.frame_start, scene.frame_end + 1)
        self.state = simulation.LiveState(obj, keep_results=False)  # self.positions keeps each frame
        if self.state.rig.evaluated_pose:  # constraints, drivers, NLA: Blender's own pose, as live
            self.state.rig.pose_track = live.pose_track_of(scene, obj)
        self.to_object = np.linalg.inv(np.array(obj.matrix_world, dtype=np.float64))
        self.positions = []

    @property
    def fraction(self):
        return len(self.positions) / len(self.frames)

    @property
    def done(self):
        return len(self.positions) == len(self.frames)

    def step(self, seconds=float("inf")):
        """Bakes frames for about this long (at least one); returns the fraction done."""
        until = time.perf_counter() + seconds
        while not self.done:
            world = self.state.positions_at(self.scene, self.frames[len(self.positions)], self.obj)
            if not np.isfinite(world).all():
                raise ValueError(f"frame {self.frames[len(self.positions)]} is not finite")
            local = world @ self.to_object[:3, :3].T + self.to_object[:3, 3]
            self.positions.append(local.astype(np.float32))
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


def _stop_live(obj):
    """Live dynskin and Blender's skinning both off: the bake plays alone."""
    obj.dynskin.enabled = False
    for modifier in obj.modifiers:
        if modifier.type == "ARMATURE":
            modifier.show_viewport = modifier.show_render = False


def play_from_cache(obj, path, first_frame):
    """Switches the object from live dynskin to the baked cache: a Mesh Cache modifier."""
    _stop_live(obj)
    cache = obj.modifiers.get(CACHE_MODIFIER) or obj.modifiers.new(CACHE_MODIFIER, "MESH_CACHE")
    cache.cache_format = "PC2"
    cache.filepath = path
    cache.frame_start = first_frame
    return cache


def remove_shape_keys(obj):
    """Drops an earlier shape-key bake (its keys and their curves)."""
    keys = obj.data.shape_keys
    if keys is None:
        return
    for block in [b for b in keys.key_blocks if b.name.startswith(KEY_PREFIX)]:
        compat.remove_fcurves(keys, f'key_blocks["{block.name}"].value')
        obj.shape_key_remove(block)


def write_shape_keys(obj, frames, first_frame):
    """One shape key a frame, holding that frame's positions, keyed to 1 at its frame and 0
    at the frames around it (between frames, neighbours blend: motion blur works)."""
    import bpy

    remove_shape_keys(obj)
    if obj.data.shape_keys is None:
        obj.shape_key_add(name="Basis", from_mix=False)
    keys = obj.data.shape_keys
    if keys.animation_data is None:
        keys.animation_data_create()
    if keys.animation_data.action is None:
        keys.animation_data.action = bpy.data.actions.new(f"{obj.name} dynskin bake")
    for k, positions in enumerate(frames):
        frame = first_frame + k
        block = obj.shape_key_add(name=f"{KEY_PREFIX}{frame:05d}", from_mix=False)
        block.data.foreach_set("co", np.ascontiguousarray(positions, dtype=np.float32).ravel())
        curve = compat.new_fcurve(keys, f'key_blocks["{block.name}"].value')
        curve.keyframe_points.add(3)
        curve.keyframe_points.foreach_set("co", [frame - 1, 0.0, frame, 1.0, frame + 1, 0.0])
        for point in curve.keyframe_points:
            point.interpolation = "LINEAR"
        curve.update()
    _stop_live(obj)
    if CACHE_MODIFIER in obj.modifiers:
        obj.modifiers.remove(obj.modifiers[CACHE_MODIFIER])
