"""The controls of dynskin-three's examples, from the parameter table: a slider for each number
and a select for each choice, in packages/dynskin-three/examples/parameters.js, which the
viewer (examples/viewer.js) builds its panel from."""
import json

PATH = "packages/dynskin-three/examples/parameters.js"

HEADER = """\
// Generated from dynskin's parameter table by scripts/tables/generate.py (web_examples.py):
// edit the table (parameter_table(), include/dynskin/settings_schema.h), not this file.
"""

# What an off-able number stores when it is turned off (infinity is null in JSON).
OFF_VALUES = {"at_infinity": None, "at_zero": 0}


def common(row):
    return {"key": row["json_key"], "label": row["link_key"], "description": row["description"]}


def slider(row):
    off = row["off"]
    return {
        **common(row),
        "unit": row["unit"],
        "min": row["slider_min"],
        "max": row["slider_max"],
        "logarithmic": row["logarithmic_slider"],
        "default": row["default"],
        "off": None if off == "never" else {"value": OFF_VALUES[off], "on": row["on_value"]},
    }


def select(row):
    return {**common(row), "choices": [{"name": c["name"], "description": c["description"]} for c in row["choices"]],
            "default": row["default"]}


def array(items):
    return json.dumps(list(items), indent=2, ensure_ascii=False)


def outputs(tables, read):
    rows = tables["parameters"]
    text = HEADER + f"""
/**
 * The numbers, a slider each: key (its path in the settings JSON's parameters), label (its
 * key in dynskin's links), unit, the span [min, max] of dynskin's sliders, logarithmic,
 * default, and off: null for a number that is always on, else the value that turns it off
 * (null, i.e. infinity, or 0: then 0 or less is off) and the value it turns on at.
 */
export const numberParameters = {array(slider(row) for row in rows if "choices" not in row)};

/** The choices, a select each: key, label, choices (name and description), default. */
export const choiceParameters = {array(select(row) for row in rows if "choices" in row)};
"""
    return {PATH: text}
