"""One object's simulation on Blender's timeline: its rig, its deformer, and the frames it has
computed, so that scrubbing and jumping give what playing straight to a frame gives.

The simulation starts at the object's own Simulation Start frame (saved in the file), not at
the scene's start: a render farm that renders a shot in chunks (blender -b f.blend -s 40 -e 60)
changes the scene's range, and each chunk must show what the whole shot shows. Frames before
the one asked for are simulated at the joint level alone (the skin's stage keeps no history:
Deformer.preroll), a preroll that costs a small part of a skinned frame (the filter follows
each tick in O(1)). Time is Blender's: its Time Stretching (frame_map_old/new)
and subframes (motion blur) included."""
from typing import NamedTuple

import bpy
import mathutils
import numpy as np

import dynskin

from . import settings
from .kept_results import KeptResults
from .rig import Rig


# A pose not computed yet is computed with the next ones (the frames played next).
POSES_AT_ONCE = 32

# The results kept per object for scrubbing back (12.7k vertices: 150 kB a frame).
CACHE_BYTES = 512 * 1024 * 1024


class Timeline(NamedTuple):
    """What turns a scene frame into the simulation's time and the action's frame."""
    start: int       # the simulation's first frame (scene frames)
    fps: float
    stretch: float   # Time Stretching: frame_map_old / frame_map_new, action frames per scene frame

    @classmethod
    def of(cls, scene, obj):
        render = scene.render
        return cls(simulation_start(scene, obj), render.fps / render.fps_base,
                   render.frame_map_old / render.frame_map_new)

    def action_frame(self, frame, subframe=0.0):
        """Blender's own time of a scene frame (what its F-curves are evaluated at)."""
        return (frame + subframe) * self.stretch

    def seconds(self, frame, subframe=0.0):
        """The simulation's clock: the seconds the animation has played since the start."""
        return (self.action_frame(frame, subframe) - self.action_frame(self.start)) / self.fps


def simulation_start(scene, obj):
    """The frame the object's simulation starts at: its own setting, once chosen (by the user,
    or set to the scene's start when Dynamic Skinning was switched on)."""
    props = getattr(obj, "dynskin", None)
    if props is None or not props.simulation_start_set:
        return scene.frame_start
    return props.simulation_start


def frames_with_preroll(scene, obj):
    """The scene's frames and those the simulation plays before them."""
    return range(min(simulation_start(scene, obj), scene.frame_start), scene.frame_end + 1)


def choose_start(scene, obj):
    """Dynamic Skinning switched on: the simulation starts where the scene does now, and stays
    there when the scene's range changes (a farm's chunk), unless the user moves it."""
    props = obj.dynskin
    if not props.simulation_start_set:  # set as ID properties: no update, no simulation yet
        props["simulation_start"] = scene.frame_start
        props["simulation_start_set"] = True


@bpy.app.handlers.persistent
def on_file_loaded(_file=None):
    """A file saved before the Simulation Start existed (add-on 0.2): its live objects start
    where its scenes do as saved, before a render farm's -s changes them."""
    for scene in bpy.data.scenes:
        for obj in scene.objects:
            props = getattr(obj, "dynskin", None)
            if props is not None and props.enabled and not props.simulation_start_set and obj.library is None:
                try:
                    choose_start(scene, obj)
                except (AttributeError, TypeError, RuntimeError):  # not writable here: the scene's start
                    pass


class LiveState:
    """One object's rig and deformer, the frame the deformer has reached, and the results of
    the frames computed since the last change, so that going back costs nothing and going
    forward continues from there; a frame never reached since the last change is simulated
    again from the simulation's start, at the joint level up to the frame before.

    keep_results=False keeps no results (for a bake, which goes forward once and keeps each
    frame itself: the cache would be a second copy of every frame, up to CACHE_BYTES); going
    back then simulates again from the start."""

    def __init__(self, obj, keep_results=True):
        self.rig = Rig(obj)
        self.use_deformers(dynskin.Deformer)
        self.keep_results = keep_results
        self.poses = {}  # action frame -> the bones' world matrices (kept when only settings change)
        self.way = ""  # how its results come into Blender's stack, said by whoever chose the deformers (live.py)
        self.basis_is_rest = None  # stack.basis_is_rest of the object, asked by live.py (None: not yet)
        self.forget_results()

    def use_deformers(self, make):
        """make(character): a deformer as this simulation drives it (update(t, matrices, skin),
        reset, settings, positions), for the frames and, made when one is asked for, the
        subframes."""
        self.make_deformer = make
        self.deformer = make(self.rig.character)
        self.between = None
        self.settings_current = False

    def forget_results(self):
        self.reached = None   # the frame the deformer is at
        self.results = KeptResults()  # frame -> world positions (copies)
        self.timeline = None  # the Timeline the results were made with

    def forget_pose(self):
        """The armature's animation changed: its pose is read again, and everything simulated again."""
        self.poses = {}
        self.forget_results()

    def pose(self, frame, subframe=0.0):
        """The bones' world matrices at a scene frame (and a fraction of the next): Blender's own
        pose where it was read, else the action's at Blender's (stretched) time."""
        track = self.rig.pose_track
        if subframe:
            if track and frame in track and frame + 1 in track:  # read poses: Blender's blend between them
                return np.stack([np.array(blend_matrices(a, b, subframe))
                                 for a, b in zip(track[frame], track[frame + 1])]).astype(np.float32)
            return self.rig.world_matrices(self.timeline.action_frame(frame, subframe))
        if frame in track:
            return track[frame]
        action_frame = self.timeline.action_frame(frame)  # the key: Time Stretching may change
        if action_frame not in self.poses:  # this frame's and the next ones' at once (cheaper a frame)
            ahead = {self.timeline.action_frame(f) for f in range(frame, frame + POSES_AT_ONCE)} - self.poses.keys()
            ahead = sorted(ahead)
            self.poses.update(zip(ahead, self.rig.world_matrices_at(ahead)))
        return self.poses[action_frame]

    def object_matrix(self, frame, subframe=0.0):
        """The armature object's world matrix that pose(frame, subframe) includes."""
        track = self.rig.object_track
        if subframe and frame in track and frame + 1 in track:
            return np.array(blend_matrices(track[frame], track[frame + 1], subframe), dtype=np.float32)
        return self.rig.object_matrix(frame)

    def _settings_in(self, deformer):
        deformer.settings = self.deformer.settings  # a copy, the bones' own settings included

    def _advance(self, deformer, first, last):
        """The joints only, frames first to last (inclusive), in one call."""
        frames = range(first, last + 1)
        if frames:
            deformer.preroll([self.timeline.seconds(f) for f in frames], [self.pose(f) for f in frames],
                             object_matrices=[self.object_matrix(f) for f in frames])

    def positions_at(self, scene, frame, obj, subframe=0.0):
        """dynskin's skin at a frame (and a fraction of the next: motion blur's subframes), in
        world space: a kept result or a deformer's own positions (a view that the next frame
        overwrites; copy it to keep it)."""
        if not self.settings_current:
            settings.apply(self.deformer, obj, self.rig)
            if self.between is not None:
                self._settings_in(self.between)
            self.settings_current = True
        timeline = Timeline.of(scene, obj)
        if self.timeline != timeline:
            self.forget_results()
            self.timeline = timeline
        if subframe:
            return self._positions_between(frame, subframe)
        if frame in self.results:
            return self.results[frame]
        if self.reached is None or frame < self.reached or frame < timeline.start:
            self.deformer.reset()  # from the start, as if played straight here
            first = min(timeline.start, frame)
        else:
            first = self.reached + 1
        self._advance(self.deformer, first, frame - 1)
        self.deformer.update(timeline.seconds(frame), self.pose(frame), object_matrix=self.object_matrix(frame))
        self._keep(frame)
        # A frame before the start is its own first frame: the start's frames never follow it.
        self.reached = frame if frame >= timeline.start else None
        kept = self.results.get(frame)  # (the deformer's positions, made again, only where not kept)
        return kept if kept is not None else self.deformer.positions

    def is_next_step(self, scene, obj, frame):
        """Whether the frame is one update of the deformer from where it is, with nothing to
        apply or simulate first (settings current, the same timeline, a whole frame) and its
        result to be kept: then it may be stepped from outside (crowd.py), then recorded."""
        return (self.settings_current and scene.frame_subframe == 0.0 and self.keep_results and
                frame not in self.results and self.reached == frame - 1 and
                self.timeline == Timeline.of(scene, obj) and self._room_for_one_more() and
                (not self.rig.evaluated_pose or frame in self.rig.pose_track))  # else read first

    def record_step(self, frame):
        """The deformer was updated from outside to the frame is_next_step allowed: it is there
        now, and its result is kept."""
        self.reached = frame
        self._keep(frame)

    def _room_for_one_more(self):
        return (len(self.results) + 1) * self.rig.vertex_count * 3 * 4 <= CACHE_BYTES  # float32 (N, 3)

    def _keep(self, frame):
        if self.keep_results and self._room_for_one_more():
            self.results.keep(frame, self.deformer.positions)

    def _positions_between(self, frame, subframe):
        """A subframe, simulated on a second deformer (played to the frame, then the fraction
        further), so that the whole frames' results never see it: motion blur on or off, frame
        40 and 41 are the same."""
        if self.between is None:
            self.between = self.make_deformer(self.rig.character)
            self._settings_in(self.between)
        self.between.reset()
        self._advance(self.between, min(self.timeline.start, frame), frame)
        self.between.update(self.timeline.seconds(frame, subframe), self.pose(frame, subframe),
                            object_matrix=self.object_matrix(frame, subframe))
        return self.between.positions


def blend_matrices(a, b, fraction):
    """Between two bone matrices as Blender blends them (polar decomposition: rotations turn,
    they do not shrink)."""
    return mathutils.Matrix(a.tolist()).lerp(mathutils.Matrix(b.tolist()), fraction)
