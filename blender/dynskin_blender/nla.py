"""Which actions pose an armature at a frame, at which of their own frames and how strongly:
its NLA strips (an action pushed down, strips moved, scaled, repeated, reversed, held, blended
in and out, muted or solo) and its active action on top, as Blender's NLA evaluates them for
strips that replace what is below (the Replace blending, Blender's default). Anything else
(other blendings, transitions, meta strips, tweak mode) is said by unsupported(), and the
pose is then read from Blender frame by frame instead."""
import math


def _tracks(animation):
    tracks = [t for t in animation.nla_tracks if not t.mute] if animation.use_nla else []
    solo = [t for t in tracks if t.is_solo]
    return solo or tracks


def unsupported(animation):
    """How many NLA tracks the strips' keys cannot follow here (0 when all can)."""
    if animation is None:
        return 0
    if animation.use_tweak_mode:
        return len(_tracks(animation)) or 1
    on_top = animation.action is not None and animation.action_blend_type != "REPLACE"
    return on_top + sum(any(s.type != "CLIP" or s.blend_type != "REPLACE" or s.action is None for s in t.strips)
               for t in _tracks(animation))


def _strip_at(track, frame):
    """The track's strip that poses this frame (inside one, or held before/after), or None."""
    strips = sorted(track.strips, key=lambda s: s.frame_start)
    for strip in strips:
        if strip.frame_start <= frame <= strip.frame_end:
            return strip
    before = [s for s in strips if s.frame_end < frame]
    if before and before[-1].extrapolation in ("HOLD", "HOLD_FORWARD"):
        return before[-1]
    if strips and frame < strips[0].frame_start and strips[0].extrapolation == "HOLD":
        return strips[0]
    return None


def action_frame(strip, frame):
    """The strip's action's own frame at a scene frame (Blender's nlastrip_get_frame)."""
    frame = min(max(frame, strip.frame_start), strip.frame_end)  # held: the end's pose
    scale = abs(strip.scale) or 1.0
    length = (strip.action_frame_end - strip.action_frame_start) or 1.0
    into = frame - strip.frame_start
    if strip.use_reverse:
        return strip.action_frame_end - math.fmod(into, length * scale) / scale
    if frame == strip.frame_end and strip.repeat == math.floor(strip.repeat):  # the last repeat's end
        return strip.action_frame_end
    return strip.action_frame_start + math.fmod(into, length * scale) / scale


def influence(strip, frame):
    if strip.use_animated_influence:
        curve = next((c for c in strip.fcurves if c.data_path == "influence"), None)
        return curve.evaluate(frame) if curve is not None else strip.influence
    if strip.blend_in > 0.0 and frame < strip.frame_start + strip.blend_in:
        return max(0.0, (frame - strip.frame_start) / strip.blend_in)
    if strip.blend_out > 0.0 and frame > strip.frame_end - strip.blend_out:
        return max(0.0, (strip.frame_end - frame) / strip.blend_out)
    return 1.0


def domain(animation):
    """[(action, slot or None)] of every strip Blender evaluates and the active action: the
    channels they animate are at their defaults where no strip poses a frame."""
    if animation is None:
        return []
    found = {(s.action, getattr(s, "action_slot", None)) for t in _tracks(animation) for s in t.strips
             if s.action is not None}
    if animation.action is not None:
        found.add((animation.action, getattr(animation, "action_slot", None)))
    return list(found)


def layers_at(animation, frames):
    """For each of the frames, [(action, slot or None, the action's frame, influence)], bottom
    first (the tracks and the active action read once for them all)."""
    if animation is None:
        return [[] for _ in frames]
    tracks, action = _tracks(animation), animation.action
    if action is not None:
        slot = getattr(animation, "action_slot", None)
        weight = animation.action_influence if animation.action_blend_type == "REPLACE" else 1.0
    found = []
    for frame in frames:
        layers = []
        for track in tracks:
            strip = _strip_at(track, frame)
            if strip is not None and strip.action is not None:
                layers.append((strip.action, getattr(strip, "action_slot", None), action_frame(strip, frame),
                               influence(strip, frame)))
        if action is not None:
            layers.append((action, slot, frame, weight))
        found.append(layers)
    return found


def actions(animation):
    """Every action that may pose the armature (key edits in them are followed)."""
    if animation is None:
        return set()
    found = {s.action for t in animation.nla_tracks for s in t.strips if s.action is not None}
    return found | ({animation.action} if animation.action is not None else set())
