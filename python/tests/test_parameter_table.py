"""The parameter table (dynskin.parameter_table()) through the Python module: one Settings
property per row, its value under the row's JSON key and back, only the one name of each
choice, a number outside the row's range refused naming it, the joints' own f, tau, A and D,
one dynskin-cli option per row, and the table dynskin-cli prints."""
import json
import math
import subprocess

import pytest

import dynskin
from conftest import agrees, changed_value, printed_tables, range_error

TABLE = dynskin.parameter_table()
NUMBERS = [row for row in TABLE if not row["choices"]]


@pytest.mark.parametrize("row", TABLE, ids=[row["name"] for row in TABLE])
def test_each_row_is_a_property_that_survives_json(row):
    s = dynskin.Settings()
    assert getattr(s, row["name"]) == (row["default"] if row["choices"] else pytest.approx(row["default"]))
    value = changed_value(row)
    setattr(s, row["name"], value)
    assert getattr(s, row["name"]) == value
    assert not s == dynskin.Settings()
    written = json.loads(s.to_json())["parameters"]
    for key in row["json_key"].split("."):
        written = written[key]
    assert written == value
    assert dynskin.Settings.from_json(s.to_json()) == s


@pytest.mark.parametrize("row", [r for r in TABLE if r["choices"]], ids=lambda r: r["name"])
def test_a_choice_takes_its_one_name_only(row):
    s = dynskin.Settings()
    for choice in row["choices"]:
        if choice["old_name"]:
            with pytest.raises(ValueError, match=row["name"]):
                setattr(s, row["name"], choice["old_name"])
            # ...which settings files may still say
            old = json.dumps({"parameters": {row["json_key"]: choice["old_name"]}})
            assert getattr(dynskin.Settings.from_json(old), row["name"]) == choice["name"]


def below_range(row):
    """A value under the row's min that does not mean off (where <= 0 or infinity does)."""
    return row["min"] - 1.0 if row["off"] == "never" else row["min"] / 2.0


@pytest.mark.parametrize("row", NUMBERS, ids=lambda r: r["name"])
def test_a_number_outside_its_range_is_refused_naming_it(row):
    s = dynskin.Settings()
    for value in (2.0 * row["max"] + 1.0, below_range(row), math.nan):
        with pytest.raises(ValueError, match=row["name"]):
            setattr(s, row["name"], value)
    with pytest.raises(ValueError, match=range_error(row)):
        setattr(s, row["name"], 2.0 * row["max"] + 1.0)
    assert s == dynskin.Settings()  # a refused value changes nothing
    for edge in (row["min"], row["max"]):
        setattr(s, row["name"], edge)
        assert getattr(s, row["name"]) == edge


def test_the_range_error_says_the_range_and_unit():
    with pytest.raises(ValueError, match="^amplitude must be within -10 to 10 s$"):
        dynskin.Settings().amplitude = 11.0


@pytest.mark.parametrize("row", [r for r in NUMBERS if r["off"] != "never"], ids=lambda r: r["name"])
def test_a_number_that_can_be_off_takes_off(row):
    s = dynskin.Settings()
    for off in ([math.inf] if row["off"] == "at_infinity" else [0.0, -1.0, math.inf]):
        setattr(s, row["name"], off)
        assert getattr(s, row["name"]) == off


def test_joints_have_the_oscillation_rows_of_their_own():
    per_joint = [row for row in TABLE if row["per_joint"]]
    assert [row["name"] for row in per_joint] == ["frequency", "damping", "amplitude", "drag"]
    for row in per_joint:
        joint = dynskin.JointSettings()
        setattr(joint, row["name"], changed_value(row))
        assert getattr(joint, row["name"]) == changed_value(row)
        assert not joint == dynskin.JointSettings()
        with pytest.raises(ValueError, match=range_error(row)):
            setattr(joint, row["name"], 2.0 * row["max"] + 1.0)


def test_an_old_link_key_is_no_rows_key_of_today():
    old = {row["old_link_key"] for row in TABLE if row["old_link_key"] is not None}
    assert next(row for row in TABLE if row["name"] == "max_angle")["old_link_key"] == "bend"  # links said bend=
    assert not old & {row["link_key"] for row in TABLE}  # an old link still means one row


def test_dynskin_cli_has_an_option_per_row(cli):
    help_text = subprocess.run([cli, "trace", "--help"], capture_output=True, text=True, check=True).stdout
    for row in TABLE:
        assert f"{row['cli_option']} " in help_text, row["cli_option"]


def test_the_table_is_the_one_dynskin_cli_prints(cli):
    printed = printed_tables(cli)["parameters"]
    assert [row["name"] for row in TABLE] == [row["name"] for row in printed]
    for ours, theirs in zip(TABLE, printed):
        for key, value in theirs.items():  # a choice's row here also has a number's keys
            assert agrees(ours[key], value), f"{ours['name']}.{key}: {ours[key]!r}, dynskin-cli {value!r}"
