"""settings.object_motion from Python: a strip carried by a platform, its world matrices
including the platform's, and the platform's matrix given beside them (object_matrix,
object_matrices) so that its motion can be taken out, the same through update, preroll and
update_all."""
import math

import numpy as np
import pytest

import dynskin
from test_dynskin import rotation_z, strip_character


def translation(x, y, z):
    m = np.eye(4, dtype=np.float32)
    m[:3, 3] = (x, y, z)
    return m


TIP = translation(1.0, 0.0, 0.0)


def own_pose(t):
    """The strip's own motion: the root turns 60 degrees in 0.25 s, then holds."""
    root = rotation_z(math.radians(60.0) * min(t / 0.25, 1.0))
    return np.stack([root, root @ TIP])


def platform(t):
    """A platform that lurches along x and back."""
    return translation(0.8 * math.sin(2.0 * math.pi * 0.9 * t), 0.0, 0.0)


def carried(t):
    return np.stack([platform(t) @ m for m in own_pose(t)]), platform(t)


def played(share, give_object=True):
    settings = dynskin.Settings()
    settings.object_motion = share
    deformer = dynskin.Deformer(strip_character(), settings)
    for frame in range(61):
        t = frame / 60.0
        matrices, object_matrix = carried(t)
        deformer.update(t, matrices, object_matrix=object_matrix if give_object else None)
    return deformer


def test_at_zero_the_platforms_motion_drives_nothing():
    alone_settings = dynskin.Settings()
    alone_settings.object_motion = 0.0
    alone = dynskin.Deformer(strip_character(), alone_settings)
    for frame in range(61):
        alone.update(frame / 60.0, own_pose(frame / 60.0))
    shift = platform(1.0)[:3, 3]
    ignoring = played(0.0)
    assert np.abs(np.array(ignoring.positions) - shift - alone.positions).max() < 1e-5 * alone.size
    driving = played(1.0)
    assert np.abs(np.array(driving.positions) - shift - alone.positions).max() > 1e-2 * alone.size
    # Without the object's matrix the share has nothing to take out: every motion is the strip's.
    assert np.array_equal(played(0.0, give_object=False).positions, driving.positions)


def test_preroll_and_update_all_take_the_object_as_update_does():
    settings = dynskin.Settings()
    settings.object_motion = 0.3
    one_by_one, prerolled, together, other = (dynskin.Deformer(strip_character(), settings) for _ in range(4))
    times = [frame / 30.0 for frame in range(31)]
    for t in times:
        matrices, object_matrix = carried(t)
        one_by_one.update(t, matrices, object_matrix=object_matrix)
    poses = [carried(t) for t in times]
    prerolled.preroll(times[:-1], [m for m, _ in poses[:-1]], object_matrices=[o for _, o in poses[:-1]])
    prerolled.update(times[-1], poses[-1][0], object_matrix=poses[-1][1])
    assert np.array_equal(prerolled.positions, one_by_one.positions)
    for t, (matrices, object_matrix) in zip(times, poses):
        dynskin.update_all([together, other], t, [matrices, matrices], object_matrices=[object_matrix, object_matrix])
    assert np.array_equal(together.positions, one_by_one.positions)


def test_a_bad_object_matrix_is_refused_with_a_message():
    deformer = dynskin.Deformer(strip_character())
    matrices, _ = carried(0.0)
    with pytest.raises(ValueError, match="object_matrix must have shape"):
        deformer.update(0.0, matrices, object_matrix=np.eye(3, dtype=np.float32))
    with pytest.raises(ValueError, match="singular"):
        deformer.update(0.0, matrices, object_matrix=np.zeros((4, 4), dtype=np.float32))
    with pytest.raises(ValueError, match="object_matrices go with matrices"):
        dynskin.update_all([deformer], 0.0, object_matrices=[np.eye(4, dtype=np.float32)])
