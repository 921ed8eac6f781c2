"""Many characters in one frame: while the timeline plays, each live object's new frame is one
step of its simulation, and those steps are taken together by dynskin.update_all, the
characters spread over the threads all deformers share, instead of one after the other.
Anything else (a jump, a subframe, a change of settings, a result that would not be kept)
is left to the object's own LiveState, which gives the same result."""
import numpy as np

import dynskin

from . import simulation
from .offsets import OffsetDeformer

steps_taken = 0  # how many objects the last frame stepped together (the tests read it)


def _one_step(state, scene, obj, frame):
    """Whether the frame is the next one for this simulation, to be kept, with nothing else
    to simulate before it."""
    deformer = state.deformer  # one core deformer to step (no second one for the plain skinning)
    alone = isinstance(deformer, OffsetDeformer) and deformer.plain is None
    return (alone and state.settings_current and scene.frame_subframe == 0.0 and frame not in state.results and
            state.reached == frame - 1 and state.keep_results and
            state.timeline == simulation.Timeline.of(scene, obj) and
            (len(state.results) + 1) * len(state.rig.character.rest_positions) * 12 <= simulation.CACHE_BYTES)


def step_together(scene, states):
    """states: [(obj, LiveState)] of the objects shown this frame. Those whose frame is one
    step are updated in one update_all and their results kept, where LiveState.positions_at
    then finds them. A failure leaves them to their own update (which says what is wrong)."""
    global steps_taken
    frame = scene.frame_current
    ready = [(obj, state) for obj, state in states if _one_step(state, scene, obj, frame)]
    steps_taken = 0
    if len(ready) < 2:
        return
    try:
        poses = [state.pose(frame) for _, state in ready]
        dynskin.update_all([state.deformer.deformer for _, state in ready],
                           [state.timeline.seconds(frame) for _, state in ready], poses)
    except (ValueError, RuntimeError):  # some may have stepped: they simulate again on their own
        for _, state in ready:
            state.forget_results()
        return
    for _, state in ready:
        state.reached = frame
        state.results[frame] = np.array(state.deformer.positions)
    steps_taken = len(ready)
