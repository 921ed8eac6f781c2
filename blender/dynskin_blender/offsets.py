"""dynskin's secondary motion as what Blender's Armature modifier lacks: each vertex's offset
from the plain skinning that modifier does for the same pose (LBS, or dual quaternions with
its Preserve Volume on). Armature result + offset is then dynskin's result, its own base
included: delayed LBS and a dual-quaternion base are part of the offset. Riding on the
armature (stack.py), the offset is in bind space, before the skinning."""
import math

import numpy as np

import dynskin


def same_base(settings, preserve_volume):
    """Whether dynskin's base skinning is the Armature modifier's: no delay, the same kind."""
    return not math.isfinite(settings.propagation_speed) and settings.dual_quaternion == preserve_volume


def positions_only(deformer):
    """The deformer without normals: Blender makes its own from the deformed mesh (a third
    of the core's per-vertex work saved)."""
    deformer.outputs = ()
    return deformer


class OffsetDeformer:
    """A dynskin.Deformer as simulation.LiveState drives it (update, with or without the
    skin, reset, settings, set_joint), whose `positions` are the offsets. Where dynskin's base is the plain
    skinning itself (no delay, the same kind as the modifier's), the offsets are
    positions - base_positions; otherwise a second deformer in LBS-only mode gives the
    plain skinning of each pose."""

    def __init__(self, character, preserve_volume=False):
        object.__setattr__(self, "character", character)
        object.__setattr__(self, "deformer", positions_only(dynskin.Deformer(character)))
        object.__setattr__(self, "preserve_volume", preserve_volume)
        object.__setattr__(self, "plain", None)

    def _plain_needed(self, settings):
        return not same_base(settings, self.preserve_volume)

    @property
    def steps_alone(self):
        """Whether one core deformer (self.deformer) takes each step."""
        return self.plain is None

    def __setattr__(self, name, value):
        setattr(self.deformer, name, value)
        if name == "settings":
            plain = None
            if self._plain_needed(value):
                plain = self.plain or positions_only(dynskin.Deformer(self.character))
                lbs = dynskin.Settings()
                lbs.mode, lbs.dual_quaternion = "lbs", self.preserve_volume
                plain.settings = lbs
                plain.reset()
            object.__setattr__(self, "plain", plain)

    def __getattr__(self, name):
        return getattr(self.deformer, name)

    def update(self, t, matrices, skin=True, object_matrix=None):
        self.deformer.update(t, matrices, skin=skin, object_matrix=object_matrix)
        if self.plain is not None and skin:  # LBS has no history: each skinned pose on its own
            self.plain.reset()
            self.plain.update(t, matrices)

    def reset(self):
        self.deformer.reset()
        if self.plain is not None:
            self.plain.reset()

    @property
    def positions(self):
        """(N, 3) world-space offsets (a new array)."""
        if self.plain is None:
            return self.deformer.offsets
        return self.deformer.positions - self.plain.positions


class RidingDeformer:
    """A dynskin.Deformer as simulation.LiveState drives it, whose `positions` are the
    offsets in bind space, in the object's rest space: a shape key under Blender's linear
    Armature modifier, which skins it into dynskin's result (Deformer.bind_space_offsets;
    dynskin's own base, whatever it is, is part of them)."""

    steps_alone = True  # (one core deformer)

    def __init__(self, character, to_object):
        object.__setattr__(self, "character", character)
        deformer = dynskin.Deformer(character)
        deformer.outputs = ("bind_space_offsets",)  # made with the skinning; no normals (positions_only)
        object.__setattr__(self, "deformer", deformer)
        object.__setattr__(self, "to_object", to_object)  # (3, 3): world vectors to the object's rest space
        # Most meshes are neither turned nor scaled: their offsets are the world's, as they are
        # (the same values: 16 us a frame saved on the Fox's 1728 vertices).
        object.__setattr__(self, "turned", not np.array_equal(to_object, np.eye(3)))
        object.__setattr__(self, "plain_skinning", False)

    def __setattr__(self, name, value):
        setattr(self.deformer, name, value)
        if name == "settings":  # LBS only on Blender's base: its skinning exactly, no rounding
            object.__setattr__(self, "plain_skinning", value.mode == "lbs" and same_base(value, False))

    def __getattr__(self, name):
        return getattr(self.deformer, name)

    def update(self, t, matrices, skin=True, object_matrix=None):
        self.deformer.update(t, matrices, skin=skin, object_matrix=object_matrix)

    @property
    def positions(self):
        """(N, 3) float32 offsets (a new array; turned in float64, as small differences of large values)."""
        if self.plain_skinning:
            return np.zeros((self.character.vertex_count, 3), dtype=np.float32)
        offsets = self.deformer.bind_space_offsets
        return (offsets @ self.to_object.T).astype(np.float32) if self.turned else offsets
