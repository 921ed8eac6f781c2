"""Baking the live result for rendering and render farms: a point cache (.pc2, the format
Blender's Mesh Cache modifier plays, which needs neither dynskin nor this add-on), written
frame by frame so that the operator can show progress and be cancelled."""
import struct

import numpy as np

from . import live


def write_pc2(path, frames, first_frame, frame_step=1.0):
    """frames: a sequence of (N, 3) float32 arrays, object space, one per frame."""
    frames = list(frames)
    count = len(frames[0]) if frames else 0
    with open(path, "wb") as out:
        out.write(b"POINTCACHE2\0")
        out.write(struct.pack("<iiffi", 1, count, float(first_frame), float(frame_step), len(frames)))
        for positions in frames:
            out.write(np.ascontiguousarray(positions, dtype="<f4").tobytes())


def baked_frames(scene, obj):
    """Yields (frame, object-space positions) for every frame of the scene's range."""
    state = live.LiveState(obj)
    settings = state.settings_from(obj.dynskin)
    to_object = np.linalg.inv(np.array(obj.matrix_world)).T
    for frame in range(scene.frame_start, scene.frame_end + 1):
        world = state.positions_at(scene, frame, settings)
        yield frame, (np.c_[world, np.ones(len(world))] @ to_object)[:, :3].astype(np.float32)


def bake_pc2(scene, obj, path, progress=None):
    """Bakes the scene's frame range into path; progress(fraction) is called per frame and
    may return False to cancel (nothing is written then)."""
    frames = []
    total = scene.frame_end - scene.frame_start + 1
    for k, (_, positions) in enumerate(baked_frames(scene, obj)):
        frames.append(positions)
        if progress is not None and progress((k + 1) / total) is False:
            return False
    write_pc2(path, frames, scene.frame_start)
    return True


def play_from_cache(obj, path, first_frame):
    """Switches the object from live dynskin to the baked cache: a Mesh Cache modifier."""
    obj.dynskin.enabled = False
    for modifier in obj.modifiers:
        if modifier.type == "ARMATURE":
            modifier.show_viewport = modifier.show_render = False
    cache = obj.modifiers.get("dynskin cache") or obj.modifiers.new("dynskin cache", "MESH_CACHE")
    cache.cache_format = "PC2"
    cache.filepath = path
    cache.frame_start = first_frame
    return cache
