"""The parameter table (dynskin.parameter_table()) through the Python module: one Settings
property per row, its value under the row's JSON key and back, only the one name of each
choice, the joints' own f, tau, A and D, and one dynskin-cli option per row."""
import json
import subprocess

import pytest

import dynskin

TABLE = dynskin.parameter_table()


def changed_value(row):
    """A value other than the default: the next choice, or the slider's middle in quarters."""
    if row["choices"]:
        names = [c["name"] for c in row["choices"]]
        return names[(names.index(row["default"]) + 1) % len(names)]
    return round(2.0 * (row["slider_min"] + row["slider_max"])) / 4.0


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


def test_joints_have_the_oscillation_rows_of_their_own():
    per_joint = [row for row in TABLE if row["per_joint"]]
    assert [row["name"] for row in per_joint] == ["frequency", "damping", "amplitude", "drag"]
    for row in per_joint:
        joint = dynskin.JointSettings()
        setattr(joint, row["name"], changed_value(row))
        assert getattr(joint, row["name"]) == changed_value(row)
        assert not joint == dynskin.JointSettings()


def test_dynskin_cli_has_an_option_per_row(cli):
    help_text = subprocess.run([cli, "trace", "--help"], capture_output=True, text=True, check=True).stdout
    for row in TABLE:
        assert f"{row['cli_option']} " in help_text, row["cli_option"]
