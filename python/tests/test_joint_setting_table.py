"""The joint table (dynskin.joint_setting_table()) through the Python module: JointSettings'
properties are its rows (the oscillation row is the parameter table's per-joint rows, a motion
switches row two flags), with the row's default, description and range; a joint's settings
survive a deformer and the settings JSON; the table is the one dynskin-cli prints."""
import json
import math

import pytest

import dynskin
from conftest import ASSETS, agrees, changed_value, printed_tables, range_error

TABLE = dynskin.joint_setting_table()
PER_JOINT = [row for row in dynskin.parameter_table() if row["per_joint"]]
PER_JOINT_ROW = {row["name"]: row for row in PER_JOINT}
MOTIONS = ("rotation", "translation")


def properties_of(row):
    """The JointSettings properties a row makes."""
    if row["kind"] == "oscillation":
        return [r["name"] for r in PER_JOINT]
    if row["kind"] == "motion_switches":
        return [f"{row['name']}_{motion}" for motion in MOTIONS]
    return [row["name"]]


def test_the_properties_are_the_rows_under_their_names_of_before():
    made = [name for row in TABLE for name in properties_of(row)]
    assert sorted(made) == sorted(name for name in dir(dynskin.JointSettings) if not name.startswith("_"))
    assert set(made) == {"gain", "override_oscillation", "frequency", "damping", "amplitude", "drag",
                         "origin_offset", "bend_rotation", "bend_translation", "squash_rotation",
                         "squash_translation", "centroid_offset"}


@pytest.mark.parametrize("row", TABLE, ids=lambda r: r["name"])
def test_each_property_has_its_rows_default_and_description(row):
    joint = dynskin.JointSettings()
    for name in properties_of(row):
        described = PER_JOINT_ROW[name] if row["kind"] == "oscillation" else row
        assert described["description"] in getattr(dynskin.JointSettings, name).__doc__
    if row["kind"] in ("number", "flag"):
        assert getattr(joint, row["name"]) == row["default"]
    if row["kind"] == "vector":
        assert getattr(joint, row["name"]) == [0.0, 0.0, 0.0]


@pytest.mark.parametrize("row", [r for r in TABLE if r["kind"] == "number"], ids=lambda r: r["name"])
def test_a_number_outside_its_range_is_refused_naming_it(row):
    joint = dynskin.JointSettings()
    with pytest.raises(ValueError, match=range_error(row)):
        setattr(joint, row["name"], row["max"] + 1.0)
    for value in (row["min"] - 1.0, math.nan, math.inf):
        with pytest.raises(ValueError, match=row["name"]):
            setattr(joint, row["name"], value)
    assert joint == dynskin.JointSettings()  # a refused value changes nothing
    for edge in (row["min"], row["max"]):
        setattr(joint, row["name"], edge)
        assert getattr(joint, row["name"]) == edge


@pytest.mark.parametrize("name", [r["name"] for r in TABLE if r["kind"] == "vector"])
def test_a_vector_is_three_finite_numbers(name):
    joint = dynskin.JointSettings()
    with pytest.raises(ValueError, match=name):
        setattr(joint, name, (0.0, math.nan, 0.0))
    with pytest.raises(TypeError):
        setattr(joint, name, (0.0, 1.0))
    assert joint == dynskin.JointSettings()


def every_setting_changed():
    """A JointSettings whose every property differs from the default."""
    joint = dynskin.JointSettings()
    for row in TABLE:
        if row["kind"] == "number":
            setattr(joint, row["name"], changed_value(row))
        elif row["kind"] == "oscillation":
            for r in PER_JOINT:
                setattr(joint, r["name"], changed_value(r))
        elif row["kind"] == "vector":
            setattr(joint, row["name"], (0.125, -0.25, 0.5))
        else:
            for name in properties_of(row):
                setattr(joint, name, not getattr(joint, name))
    return joint


def test_every_setting_survives_a_deformer_and_the_settings_json():
    bar = dynskin.load(str(ASSETS / "bar.glb"))
    joint = every_setting_changed()
    default = dynskin.JointSettings()
    for row in TABLE:
        for name in properties_of(row):
            assert getattr(joint, name) != getattr(default, name), name
    deformer = dynskin.Deformer(bar)
    deformer.set_joint(1, joint)
    assert deformer.joint(1) == joint
    written = json.loads(deformer.settings.to_json())["joints"][1]
    assert written["centroid_offset"] == [0.125, -0.25, 0.5]
    assert set(written) == {row["name"] for row in TABLE}
    again = dynskin.Deformer(bar, dynskin.Settings.from_json(deformer.settings.to_json()))
    assert again.joint(1) == joint
    assert again.joint(0) == default


def test_the_table_is_the_one_dynskin_cli_prints(cli):
    printed = printed_tables(cli)["joint_settings"]
    assert [row["name"] for row in TABLE] == [row["name"] for row in printed]
    for ours, theirs in zip(TABLE, printed):
        assert ours.keys() == theirs.keys(), ours["name"]
        for key, value in theirs.items():
            assert agrees(ours[key], value), f"{ours['name']}.{key}: {ours[key]!r}, dynskin-cli {value!r}"
