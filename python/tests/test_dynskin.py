"""The Python module against the C++ core: same results to the last bit, frame-rate
independence, bad input refused with a message, flat memory over many updates, and the
the example of docs/python.md."""
import io
import math
import pathlib
import re
import subprocess

import numpy as np
import pytest

import dynskin
from conftest import ASSETS, BUNDLED, SOURCE_DIR


def strip_character():
    """A two-bone strip along +X built from arrays: 21 x 2 vertices, weights ramping over x."""
    xs = np.repeat(np.linspace(0.0, 2.0, 21), 2)
    zs = np.tile([-0.05, 0.05], 21)
    positions = np.stack([xs, np.zeros_like(xs), zs], axis=1).astype(np.float32)
    w = np.clip(xs - 0.5, 0.0, 1.0)
    joints = np.stack([np.zeros(42), np.ones(42)], axis=1).astype(np.int64)
    weights = np.stack([1.0 - w, w], axis=1).astype(np.float32)
    triangles = np.array([[i, i + 2, i + 1] for i in range(0, 40, 2)] + [[i + 1, i + 2, i + 3] for i in range(0, 40, 2)])
    rest = np.stack([np.eye(4), np.eye(4)]).astype(np.float32)
    rest[1, 0, 3] = 1.0  # the second joint one unit along x from the first
    return dynskin.Character.from_arrays(positions, triangles, joints, weights, np.array([-1, 0]), rest,
                                         names=["root", "tip"], name="strip")


def rotation_z(angle):
    m = np.eye(4, dtype=np.float32)
    c, s = math.cos(angle), math.sin(angle)
    m[:2, :2] = [[c, -s], [s, c]]
    return m


def test_load_and_deform_a_bundled_character():
    cow = dynskin.load(str(ASSETS / "cow.glb"))
    assert cow.vertex_count > 1000 and cow.joint_count > 5 and cow.clips
    deformer = dynskin.Deformer(cow)
    for frame in range(61):
        deformer.update(frame / 60.0)
    positions = deformer.positions
    assert positions.shape == (cow.vertex_count, 3) and positions.dtype == np.float32
    assert np.isfinite(positions).all()
    assert not positions.flags.writeable
    assert np.allclose(np.linalg.norm(deformer.normals, axis=1), 1.0, atol=1e-4)
    assert np.abs(deformer.offsets).max() > 1e-3 * deformer.size  # the walk moves the skin beyond LBS
    assert deformer.joint_matrices.shape == (cow.joint_count, 4, 4)


def trace_by_cli(cli, name, vertex, duration):
    out = subprocess.run([cli, "trace", str(ASSETS / f"{name}.glb"), "--vertex", str(vertex), "--duration", str(duration)],
                         check=True, capture_output=True, text=True).stdout
    return np.loadtxt(io.StringIO(out), delimiter=",", skiprows=1, dtype=np.float64).astype(np.float32)


@pytest.mark.parametrize("name", BUNDLED)
def test_results_equal_the_cores_to_the_last_bit(cli, name):
    character = dynskin.load(str(ASSETS / f"{name}.glb"))
    for vertex in (0, character.vertex_count // 2, character.vertex_count - 1):
        from_cli = trace_by_cli(cli, name, vertex, 0.5)
        from_python = dynskin.trace(character, vertex, 0.5, loop=False)
        assert from_python.shape == from_cli.shape
        # Columns 1..6: base and final positions, printed with %.9g (exact for float32).
        assert np.array_equal(from_python[:, 1:], from_cli[:, 1:]), f"{name} vertex {vertex}"


def test_the_result_does_not_depend_on_the_frame_rate():
    cow = dynskin.load(str(ASSETS / "cow.glb"))
    results = []
    for fps in (30, 60, 144):
        deformer = dynskin.Deformer(cow)
        for frame in range(fps + 1):  # to t = 1 s
            deformer.update(frame / fps)
        results.append(np.array(deformer.positions))
    size = cow.size
    assert np.abs(results[0] - results[1]).max() < 1e-5 * size
    assert np.abs(results[2] - results[1]).max() < 1e-5 * size


def test_your_own_animation_as_world_matrices():
    strip = strip_character()
    assert strip.joint_count == 2 and strip.vertex_count == 42
    deformer = dynskin.Deformer(strip)
    tip = np.eye(4, dtype=np.float32)
    tip[0, 3] = 1.0
    late = []
    for frame in range(121):  # the root turns 60 degrees in 0.25 s, then holds
        t = frame / 60.0
        root = rotation_z(math.radians(60.0) * min(t / 0.25, 1.0))
        deformer.update(t, np.stack([root, root @ tip]))
        if 0.3 < t < 1.0:
            late.append(np.abs(deformer.offsets).max())
    assert max(late) > 0.01 * deformer.size  # it wobbles after the joint stops
    assert np.abs(deformer.offsets).max() < 0.2 * max(late)  # and settles


@pytest.mark.parametrize("changes", [{}, {"propagation_speed": 1.5}, {"squash": 0.3, "mode": "drag"}])
def test_a_preroll_of_joints_alone_gives_the_same_skin(changes):
    """update(t, matrices, skin=False) advances the joints alone, and preroll(times, poses)
    does it for many frames in one call: the next skinned frame is the one every frame
    skinned gives, to the last bit, and the skipped frames leave positions be."""
    strip = strip_character()
    tip = np.eye(4, dtype=np.float32)
    tip[0, 3] = 1.0

    def pose(frame):  # 24 fps, the root turning 90 degrees in 1.5 s
        root = rotation_z(math.radians(90.0) * min(frame / 24.0 / 1.5, 1.0))
        return np.stack([root, root @ tip])

    settings = dynskin.Settings()
    for name, value in changes.items():
        setattr(settings, name, value)
    every, skipping, at_once = (dynskin.Deformer(strip, settings) for _ in range(3))
    for deformer in (every, skipping, at_once):
        deformer.update(0.0, pose(0))
    still = np.array(skipping.positions)
    for frame in range(1, 30):
        every.update(frame / 24.0, pose(frame))
        skipping.update(frame / 24.0, pose(frame), skin=False)
    at_once.preroll([frame / 24.0 for frame in range(1, 30)], [pose(frame) for frame in range(1, 30)])
    assert np.array_equal(skipping.positions, still) and np.array_equal(at_once.positions, still)
    for deformer in (every, skipping, at_once):
        deformer.update(30 / 24.0, pose(30))
    assert np.abs(every.offsets).max() > 1e-3 * every.size  # it lags behind the turn
    assert np.array_equal(every.positions, skipping.positions)
    assert np.array_equal(every.positions, at_once.positions)
    with pytest.raises(ValueError, match="2 times for 1 poses"):
        at_once.preroll([1.0, 2.0], [pose(0)])
    skipping.reset()  # and after a reset, a new start
    skipping.update(0.0, pose(0))
    assert np.array_equal(skipping.positions, still)


def test_bad_input_is_refused_with_a_message():
    with pytest.raises(dynskin.LoadError):
        dynskin.load(str(SOURCE_DIR / "no-such-file.glb"))
    with pytest.raises(ValueError, match="sum to"):
        dynskin.Character.from_arrays(np.zeros((3, 3)), [[0, 1, 2]], [[0], [0], [0]], [[0.5], [1.0], [1.0]], [-1],
                                      np.eye(4)[None])
    with pytest.raises(ValueError, match="before its child"):
        dynskin.Character.from_arrays(np.zeros((3, 3)), [[0, 1, 2]], [[0], [0], [1]], np.ones((3, 1)), [1, 0],
                                      np.stack([np.eye(4)] * 2))
    with pytest.raises(ValueError, match="joint 7"):
        dynskin.Character.from_arrays(np.zeros((3, 3)), [[0, 1, 2]], [[0], [0], [7]], np.ones((3, 1)), [-1],
                                      np.eye(4)[None])
    with pytest.raises(ValueError, match="not finite"):
        dynskin.Character.from_arrays(np.full((3, 3), np.nan), [[0, 1, 2]], [[0], [0], [0]], np.ones((3, 1)), [-1],
                                      np.eye(4)[None])
    deformer = dynskin.Deformer(strip_character())
    with pytest.raises(ValueError, match="shape"):
        deformer.update(0.0, np.eye(4)[None])
    with pytest.raises(ValueError, match="singular"):
        deformer.update(0.0, np.zeros((2, 4, 4)))
    with pytest.raises(ValueError):
        deformer.update(float("nan"))
    with pytest.raises(ValueError, match="mode"):
        deformer.settings.mode = "wobbly"
    with pytest.raises(ValueError):
        deformer.settings.frequency = float("inf")
    with pytest.raises(ValueError, match="no clip"):
        deformer.clip = "dance"
    deformer.update(0.0)  # still usable after all that
    assert np.isfinite(deformer.positions).all()


def current_rss_bytes():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096


def test_ten_thousand_updates_keep_the_memory_flat():
    deformer = dynskin.Deformer(dynskin.load(str(ASSETS / "bar.glb")))
    for frame in range(200):  # warm up: buffers and the history reach their size
        deformer.update(frame / 60.0)
        _ = deformer.positions, deformer.offsets
    before = current_rss_bytes()
    for frame in range(200, 10200):
        deformer.update(frame / 60.0)
        _ = deformer.positions, deformer.normals, deformer.offsets
    assert current_rss_bytes() - before < 2 * 1024 * 1024


def test_settings_edit_live_and_round_trip_through_json():
    deformer = dynskin.Deformer(dynskin.load(str(ASSETS / "bar.glb")))
    deformer.settings.frequency = 3.5
    deformer.settings.mode = "drag"
    assert deformer.settings.frequency == pytest.approx(3.5)
    again = dynskin.Settings.from_json(deformer.settings.to_json())
    assert again == deformer.settings
    with pytest.raises(ValueError, match="not dynskin settings"):
        dynskin.Settings.from_json("{")
    deformer.settings = dynskin.Settings()
    assert deformer.settings.mode == "dynamic"


def test_bake_writes_a_file_that_loads_back(tmp_path):
    bar = dynskin.load(str(ASSETS / "bar.glb"))
    out = tmp_path / "bar_baked.glb"
    dynskin.bake(bar, str(out), fps=15)
    baked = dynskin.load(str(out))
    assert baked.vertex_count == bar.vertex_count


def test_help_is_useful():
    assert "update(t)" in dynskin.Deformer.__doc__
    assert dynskin.Deformer.positions.__doc__
    assert dynskin.Character.from_arrays.__doc__
    assert "load()" in dynskin.LoadError.__doc__


def test_the_guides_example_runs(monkeypatch):
    guide = (SOURCE_DIR / "docs" / "python.md").read_text()
    code = re.search(r"```python\n(.*?)```", guide, re.S).group(1)
    monkeypatch.chdir(SOURCE_DIR)
    exec(compile(code, "docs/python.md", "exec"), {})


def test_painted_layers_and_per_joint_settings_change_the_result():
    cow = dynskin.load(str(ASSETS / "cow.glb"))
    deformer = dynskin.Deformer(cow)
    for frame in range(31):
        deformer.update(frame / 60.0)
    moving = np.abs(deformer.offsets).max()
    assert moving > 0.0

    rigid = dynskin.load(str(ASSETS / "cow.glb"))
    rigid.bend_weights = np.zeros(rigid.vertex_count, dtype=np.float32)
    assert (rigid.floppy_weights == 1.0).all()
    rigid.floppy_weights = np.full(rigid.vertex_count, 0.5, dtype=np.float32)
    assert (rigid.floppy_weights == 0.5).all()
    rigid.squash_weights = np.zeros(rigid.vertex_count, dtype=np.float32)  # the cow's preset squashes
    still = dynskin.Deformer(rigid)
    for frame in range(31):
        still.update(frame / 60.0)
    assert np.abs(still.offsets).max() == 0.0  # nothing is soft: no secondary motion
    with pytest.raises(ValueError, match="shape"):
        rigid.squash_weights = np.ones(3, dtype=np.float32)

    off = dynskin.Deformer(cow)
    for j in range(cow.joint_count):
        joint = off.joint(j)
        joint.gain = 0.0
        off.set_joint(j, joint)
    assert off.joint(cow.joint_names[0]).gain == 0.0
    for frame in range(31):
        off.update(frame / 60.0)
    assert np.abs(off.offsets).max() == 0.0  # every joint's effect off
    with pytest.raises(ValueError, match="no joint"):
        off.joint("tail_of_a_cat")


def test_a_character_of_several_meshes_shares_one_size():
    """A host with several meshes on one skeleton (Blender: a hat on the head) measures the size
    over all of them and gives it to each: a deformer made afterwards uses it, and scales its
    offsets with it (presets are in character sizes)."""
    cow = dynskin.load(str(ASSETS / "cow.glb"))
    measured = cow.size
    deformer = dynskin.Deformer(cow)
    for k in range(30):
        deformer.update(k / 60.0)
    skin = np.asarray(cow.rest_positions)
    assert dynskin.character_size(np.zeros((2, 3), np.float32), skin) > 0.0
    cow.size = 2.0 * measured
    assert cow.size == pytest.approx(2.0 * measured)
    bigger = dynskin.Deformer(cow)
    for k in range(30):
        bigger.update(k / 60.0)
    assert bigger.size == pytest.approx(2.0 * measured)
    assert not np.allclose(bigger.offsets, deformer.offsets)  # the same preset, twice the size: other motion
    for bad in (0.0, -1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="size"):
            cow.size = bad


def test_a_rig_without_settings_gets_the_ground_contact_and_a_host_gives_its_ground():
    """A character made from arrays (as a host does) has no saved settings: it starts with an
    unseen rig's (the ground contact on); a file's saved settings keep theirs (the bar's: off).
    The ground is the rest pose's lowest point along the up axis, or what the host gives."""
    strip = strip_character()
    assert strip.settings is None
    unseen = dynskin.settings_for(strip)
    assert unseen.ground_contact == pytest.approx(0.1)
    assert dynskin.Settings().ground_contact == 0.0  # the method as published
    assert dynskin.Deformer(strip).settings == unseen
    bar = dynskin.load(str(ASSETS / "bar.glb"))
    assert dynskin.settings_for(bar).ground_contact == 0.0
    assert strip.up_axis == 1 and strip.ground == pytest.approx(0.0)  # the strip lies in y = 0
    strip.up_axis = 0
    assert strip.ground == pytest.approx(0.0)  # its lowest x
    strip.ground = -0.5
    assert strip.ground == -0.5
    strip.ground = None  # measured again
    assert strip.ground == pytest.approx(0.0)
    with pytest.raises(ValueError, match="up_axis"):
        strip.up_axis = 3
    with pytest.raises(ValueError, match="ground"):
        strip.ground = float("inf")


def test_bind_space_offsets_ride_on_plain_skinning():
    """Deformer.bind_space_offsets o_i: plain LBS of rest + o at the pose shown gives the
    deformer's positions (what a shape key under an armature, or a morph target, needs)."""
    strip = strip_character()
    deformer = dynskin.Deformer(strip)
    tip = np.eye(4, dtype=np.float32)
    tip[0, 3] = 1.0  # one unit along x from the root, as at rest
    for k in range(30):
        deformer.update(k / 60.0, np.stack([np.eye(4), tip @ rotation_z(0.05 * k)]).astype(np.float32), space="local")
    offsets = deformer.bind_space_offsets
    assert np.abs(offsets).max() > 1e-3  # the strip bends
    rest = np.asarray(strip.rest_positions, dtype=np.float64)
    rest_world = [np.eye(4), np.eye(4)]
    rest_world[1][0, 3] = 1.0
    skinning = [deformer.joint_matrices[j].astype(np.float64) @ np.linalg.inv(rest_world[j]) for j in range(2)]
    xs = rest[:, 0]
    w = np.clip(xs - 0.5, 0.0, 1.0)
    shown = np.empty_like(rest)
    for i, p in enumerate(np.c_[rest + offsets, np.ones(len(rest))]):
        shown[i] = (((1.0 - w[i]) * skinning[0] + w[i] * skinning[1]) @ p)[:3]
    assert np.abs(shown - deformer.positions).max() < 1e-5 * deformer.size


def test_outputs_choose_what_each_update_makes():
    """Deformer.outputs: without "normals" the positions are the same and normals are refused;
    with "bind_space_offsets" each update makes them (with the skinning), equal to those made
    after the update from the finished skin."""
    cow = dynskin.load(str(ASSETS / "cow.glb"))
    full, lean = dynskin.Deformer(cow), dynskin.Deformer(cow)
    assert full.outputs == ("normals",)
    lean.outputs = ("bind_space_offsets",)
    assert lean.outputs == ("bind_space_offsets",)
    for k in range(40):
        full.update(k / 60.0)
        lean.update(k / 60.0)
    np.testing.assert_array_equal(lean.positions, full.positions)
    made_after = full.bind_space_offsets
    assert np.abs(made_after).max() > 1e-3 * full.size
    assert np.abs(lean.bind_space_offsets - made_after).max() < 1e-6 * full.size
    with pytest.raises(ValueError, match="normals are not computed"):
        lean.normals
    with pytest.raises(ValueError, match='unknown output "tangents"'):
        lean.outputs = ("tangents",)
    assert lean.outputs == ("bind_space_offsets",)  # unchanged by the refusal
