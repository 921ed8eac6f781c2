"""dynskin's secondary motion as what Blender's Armature modifier lacks: each vertex's offset
from the plain skinning that modifier does for the same pose (LBS, or dual quaternions with
its Preserve Volume on). Armature result + offset is then dynskin's result, its own base
included: delayed LBS and a dual-quaternion base are part of the offset."""
import math

import dynskin


class OffsetDeformer:
    """A dynskin.Deformer as simulation.LiveState drives it (update, with or without the
    skin, reset, settings, set_joint), whose `positions` are the offsets. Where dynskin's base is the plain
    skinning itself (no delay, the same kind as the modifier's), the offsets are
    positions - base_positions; otherwise a second deformer in LBS-only mode gives the
    plain skinning of each pose."""

    def __init__(self, character, preserve_volume=False):
        object.__setattr__(self, "character", character)
        object.__setattr__(self, "deformer", dynskin.Deformer(character))
        object.__setattr__(self, "preserve_volume", preserve_volume)
        object.__setattr__(self, "plain", None)

    def _plain_needed(self, settings):
        return math.isfinite(settings.propagation_speed) or settings.dual_quaternion != self.preserve_volume

    def __setattr__(self, name, value):
        setattr(self.deformer, name, value)
        if name == "settings":
            plain = None
            if self._plain_needed(value):
                plain = self.plain or dynskin.Deformer(self.character)
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
