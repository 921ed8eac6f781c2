"""One object's simulation on Blender's timeline: its rig, its deformer, and the frames it has
computed, so that scrubbing and jumping give what playing straight to a frame gives."""
import numpy as np

import dynskin

from . import settings
from .rig import Rig


# The results kept per object for scrubbing back (12.7k vertices: 150 kB a frame).
CACHE_BYTES = 512 * 1024 * 1024


class LiveState:
    """One object's rig and deformer, the frame the deformer has reached, and the results of
    the frames computed since the last change, so that going back costs nothing and going
    forward continues from there; only a frame never reached since the last change is
    simulated again from the scene's start.

    keep_results=False keeps no results (for a bake, which goes forward once and keeps each
    frame itself: the cache would be a second copy of every frame, up to CACHE_BYTES); going
    back then simulates again from the scene's start."""

    def __init__(self, obj, keep_results=True):
        self.rig = Rig(obj)
        self.deformer = dynskin.Deformer(self.rig.character)
        self.keep_results = keep_results
        self.settings_current = False
        self.forget_results()

    def forget_results(self):
        self.reached = None  # the frame the deformer is at
        self.results = {}    # frame -> world positions (copies)
        self.timeline = None  # the scene's (start, fps) the results were made with

    def positions_at(self, scene, frame, obj):
        """dynskin's skin at a frame, in world space: a kept result or the deformer's own
        positions (a view that the next frame overwrites; copy it to keep it)."""
        if not self.settings_current:
            settings.apply(self.deformer, obj, self.rig)
            self.settings_current = True
        fps = scene.render.fps / scene.render.fps_base
        if self.timeline != (scene.frame_start, fps):
            self.forget_results()
            self.timeline = (scene.frame_start, fps)
        if frame in self.results:
            return self.results[frame]
        if self.reached is None or frame < self.reached:  # from the start, as if played straight here
            self.deformer.reset()
            first = min(scene.frame_start, frame)
        else:
            first = self.reached + 1
        for f in range(first, frame + 1):
            self.deformer.update((f - scene.frame_start) / fps, self.rig.world_matrices(f))
            self.reached = f
            if self.keep_results and (len(self.results) + 1) * self.deformer.positions.nbytes <= CACHE_BYTES:
                self.results[f] = np.array(self.deformer.positions)
        return self.results.get(frame, self.deformer.positions)
