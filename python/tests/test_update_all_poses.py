"""update_all with poses given as matrices (a DCC tool's or engine's own animation, as the
Blender add-on plays many characters in one frame): each deformer at its own time and pose
gives, bit for bit, what d.update(t, matrices) one by one gives; a bad pose or a count that
does not match changes no deformer and says what is wrong."""
import numpy as np
import pytest

import dynskin
from conftest import ASSETS


def poses(character, clip, frames):
    """World matrices of a clip's frames, played by a deformer of its own."""
    d = dynskin.Deformer(character)
    d.clip = clip
    result = []
    for frame in range(frames):
        d.update(frame / 24)
        result.append(np.array(d.joint_matrices))
    return result


def crowd():
    cow, bar = dynskin.load(str(ASSETS / "cow.glb")), dynskin.load(str(ASSETS / "bar.glb"))
    deformers, tracks, starts = [], [], []
    for k in range(5):
        character = cow if k % 2 else bar
        d = dynskin.Deformer(character)
        d.settings.squash = 0.2 * k
        deformers.append(d)
        tracks.append(poses(character, 0, 30))
        starts.append(0.1 * k)  # each started at its own time
    return deformers, tracks, starts


def test_update_all_with_matrices_gives_what_one_by_one_gives():
    one_by_one, tracks, starts = crowd()
    together, _, _ = crowd()
    for frame in range(30):
        for d, track, start in zip(one_by_one, tracks, starts):
            d.update(start + frame / 24, track[frame])
        dynskin.update_all(together, [start + frame / 24 for start in starts], [track[frame] for track in tracks])
    for a, b in zip(one_by_one, together):
        assert np.array_equal(a.positions, b.positions)
        assert np.array_equal(a.base_positions, b.base_positions)
        assert np.array_equal(a.normals, b.normals)
    moved = max(float(np.abs(np.asarray(d.positions) - np.asarray(d.base_positions)).max()) for d in together)
    assert moved > 0.0  # the offsets were exercised, not only the skinning


def test_update_all_refuses_bad_poses_and_counts_changing_nothing():
    deformers, tracks, _ = crowd()
    dynskin.update_all(deformers, 0.0, [track[0] for track in tracks])
    before = [np.array(d.positions) for d in deformers]
    bad = [track[5] for track in tracks]
    bad[3] = np.full_like(bad[3], np.nan)
    with pytest.raises(ValueError, match="not finite|singular"):
        dynskin.update_all(deformers, 0.2, bad)
    with pytest.raises(ValueError, match="2 times for 5 deformers"):
        dynskin.update_all(deformers, [0.1, 0.2], [track[5] for track in tracks])
    with pytest.raises(ValueError, match="4 poses for 5 deformers"):
        dynskin.update_all(deformers, 0.2, [track[5] for track in tracks[:4]])
    with pytest.raises(ValueError, match="finite"):
        dynskin.update_all(deformers, [0.1, 0.2, float("inf"), 0.3, 0.4], [track[5] for track in tracks])
    for d, positions in zip(deformers, before):
        assert np.array_equal(d.positions, positions)
