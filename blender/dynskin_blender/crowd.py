"""Many characters in one frame: while the timeline plays, each live object's new frame is one
step of its simulation, and those steps are taken together by dynskin.update_all, the
characters spread over the threads all deformers share, instead of one after the other.
Anything else (a jump, a subframe, a change of settings, a result that would not be kept)
is left to the object's own LiveState, which gives the same result."""

import dynskin

steps_taken = 0  # how many objects the last frame stepped together (the tests read it)


def _one_step(state, scene, obj, frame):
    """Whether the frame is the next step of this simulation (LiveState.is_next_step) and one
    core deformer takes it (no second one for the plain skinning)."""
    return getattr(state.deformer, "steps_alone", False) and state.is_next_step(scene, obj, frame)


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
                           [state.timeline.seconds(frame) for _, state in ready], poses,
                           object_matrices=[state.object_matrix(frame) for _, state in ready])
    except (ValueError, RuntimeError):  # some may have stepped: they simulate again on their own
        for _, state in ready:
            state.forget_results()
        return
    for _, state in ready:
        state.record_step(frame)
    steps_taken = len(ready)
