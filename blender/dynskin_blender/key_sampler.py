"""F-curves sampled at many times at once, the values Blender's FCurve.evaluate gives.

A pose read from the keys evaluates every animated channel of every bone at every frame: the
Fox's 83 curves at 32 frames took about half a millisecond through FCurve.evaluate, one Python
call a value (a fifth of a microsecond each), a third of that here.
Curves whose keys hold (CONSTANT) or interpolate linearly, extrapolated constantly and without
modifiers (what Blender's glTF importer makes of glTF's STEP and LINEAR samplers) are sampled
here in one numpy pass over all of them, in float32 as Blender computes them: the same bits
(blender/tests/test_key_sampler.py). Any other curve (Bezier keys, modifiers, linear
extrapolation, cycles) is evaluated by Blender, as before."""
import numpy as np

# DNA's BezTriple ipo values: what keyframe_points' "interpolation" reads as.
CONSTANT, LINEAR = 0, 1
IPO_NAMES = {CONSTANT: "CONSTANT", LINEAR: "LINEAR"}
# BKE_fcurve_bezt_binarysearch_index's threshold: a time this close to a key takes its value.
SAME_FRAME = np.float32(0.0001)


def _keys(fc):
    """(x, y, interpolation) of a curve's keys, or None when Blender's evaluation of it is not
    the plain one sample() restates."""
    count = len(fc.keyframe_points)
    if fc.extrapolation != "CONSTANT" or len(fc.modifiers) or count == 0:
        return None
    co = np.empty(2 * count, dtype=np.float32)
    fc.keyframe_points.foreach_get("co", co)
    ipo = np.empty(count, dtype=np.int32)
    fc.keyframe_points.foreach_get("interpolation", ipo)
    # (foreach_get reads some enums as 0 whatever they hold, a pose bone's rotation_mode
    # among them: the first key's own name says whether this one is read.)
    if IPO_NAMES.get(int(ipo[0]), "") != fc.keyframe_points[0].interpolation:
        return None
    x, y = co[0::2], co[1::2]
    # The last key's interpolation is that of no segment. Keys out of order (never, once
    # Blender has sorted them) or so close that a time could be near two of them (which one
    # the binary search meets first is its path's) are left to Blender.
    segments = ipo[:-1]  # (compared, not np.isin: 25 us a curve, most of switching a Fox on)
    if not ((segments == CONSTANT) | (segments == LINEAR)).all() or np.any(np.diff(x) <= 2 * SAME_FRAME):
        return None
    return x, y, ipo


class KeySampler:
    """The values of `fcurves` at many times: sample(times) -> (len(times), len(fcurves))."""

    def __init__(self, fcurves):
        self.fcurves = list(fcurves)
        read = [_keys(fc) for fc in self.fcurves]
        self.sampled = np.array([k for k, keys in enumerate(read) if keys is not None], dtype=np.int64)
        self.evaluated = [k for k, keys in enumerate(read) if keys is None]
        kept = [keys for keys in read if keys is not None]
        if not kept:
            return
        # Every sampled curve's keys end to end; a curve's times shifted past the one before's
        # (by their whole span each), so that one searchsorted finds every curve's segments at once.
        self.x = np.concatenate([x for x, _, _ in kept])
        self.y = np.concatenate([y for _, y, _ in kept])
        self.holds = np.concatenate([ipo == CONSTANT for _, _, ipo in kept])
        counts = np.array([len(x) for x, _, _ in kept])
        self.last = np.cumsum(counts) - 1
        self.first = self.last - counts + 1
        span = float(self.x.max()) - float(self.x.min()) + 1.0
        self.offsets = np.arange(len(kept), dtype=np.float64) * span
        self.shifted = self.x.astype(np.float64) + np.repeat(self.offsets, counts)

    def sample(self, times):
        """(len(times), len(fcurves)) float64: curve k at times[i] in [i, k]."""
        values = np.empty((len(times), len(self.fcurves)))
        if len(self.sampled):
            values[:, self.sampled] = self._sample(np.asarray(times, dtype=np.float32)).T
        for k in self.evaluated:
            fc = self.fcurves[k]
            values[:, k] = [fc.evaluate(t) for t in times]
        return values

    def _sample(self, t):
        """(curves, times) float32, as Blender's fcurve_eval_keyframes computes them."""
        x, y, first, last = self.x, self.y, self.first[:, None], self.last[:, None]
        # The key after each time (the segment's end): searched on the shifted times, kept
        # inside the curve (the times before its first key or after its last take those keys).
        after = np.searchsorted(self.shifted, t.astype(np.float64)[None, :] + self.offsets[:, None], side="right")
        after = np.minimum(np.maximum(after, first + 1), last)
        before = np.maximum(after - 1, first)  # (a curve of one key: extrapolated below)
        x0, x1, y0, y1 = x[before], x[after], y[before], y[after]
        duration, time = x1 - x0, t[None, :] - x0
        with np.errstate(divide="ignore", invalid="ignore"):
            linear = (y1 - y0) * time / duration + y0  # BLI_easing_linear_ease, in float32
        inside = np.where(self.holds[before] | (duration == 0), y0, linear)
        # A key within SAME_FRAME of the time gives its own value (the binary search's exact hit).
        inside = np.where(np.abs(x1 - t[None, :]) <= SAME_FRAME, y1, inside)
        inside = np.where(np.abs(t[None, :] - x0) <= SAME_FRAME, y0, inside)
        # Constant extrapolation before the first key and from the last one on.
        return np.where(t[None, :] <= x[first], y[first], np.where(x[last] <= t[None, :], y[last], inside))
