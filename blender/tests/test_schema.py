"""The add-on's properties follow dynskin's parameter table (dynskin.parameter_table()): for
each row, the object's property (and a bone's, for f, tau, A, D) has the table's default,
soft range (the viewer's slider), description with the unit, and choices; a hard limit, where
Blender has one, is the table's; a number that can be off has a switch, on as the table's
default is. `base` is the dual_quaternion switch."""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import dynskin, expect
from dynskin_blender import props

SWITCHES = {"propagation_speed": "delayed", "max_angle": "limit_angle", "max_offset": "limit_offset"}
OPEN = 3.0e38  # what Blender reports for a limit that is not set


def close(a, b):
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-7)


def is_off(row, value):
    return math.isinf(value) if row["off"] == "at_infinity" else not 0.0 < value < math.inf


def check_number(properties, row, where):
    p = properties[row["name"]]
    label = f"{where}.{row['name']}"
    unit = f" ({row['unit']})" if row["unit"] else ""
    expect(p.description == row["description"] + unit, f"{label}: description '{p.description}'")
    expect(close(p.soft_min, row["slider_min"]) and close(p.soft_max, row["slider_max"]),
           f"{label}: soft range {p.soft_min}..{p.soft_max}, the table's slider {row['slider_min']}..{row['slider_max']}")
    expect(abs(p.hard_min) >= OPEN or close(p.hard_min, row["min"]), f"{label}: min {p.hard_min}, the table's {row['min']}")
    expect(abs(p.hard_max) >= OPEN or close(p.hard_max, row["max"]), f"{label}: max {p.hard_max}, the table's {row['max']}")
    if row["off"] == "never":
        expect(close(p.default, row["default"]), f"{label}: default {p.default}, the table's {row['default']}")
        return
    switch = properties[SWITCHES[row["name"]]]
    on = not is_off(row, row["default"])
    expect(switch.default == on, f"{label}: its switch should start {'on' if on else 'off'}")
    expect(close(p.default, row["default"] if on else row["on_value"]),
           f"{label}: default {p.default}, the table's {'default' if on else 'on_value'}")


def check_choice(properties, row, where):
    label = f"{where}.{row['name']}"
    if row["name"] == "base":
        expect(properties["dual_quaternion"].default == (row["default"] == "dq"), f"{label}: dual_quaternion's default")
        return
    p = properties[row["name"]]
    expect(p.description == row["description"], f"{label}: description '{p.description}'")
    expect(p.default == row["default"], f"{label}: default {p.default}, the table's {row['default']}")
    items = [(i.identifier, i.description) for i in p.enum_items]
    expected = [(c["name"], c["description"]) for c in row["choices"]]
    expect(items == expected, f"{label}: items {items}, the table's {expected}")


def main():
    harness.fresh_scene()
    objects = props.DynskinSettings.bl_rna.properties
    bones = props.DynskinBoneSettings.bl_rna.properties
    table = dynskin.parameter_table()
    for row in table:
        (check_choice if row["choices"] else check_number)(objects, row, "object")
        if row["per_joint"]:
            check_number(bones, row, "bone")
    print(f"DYNSKIN-BLENDER schema: {len(table)} parameters checked against the table")


harness.run(main)
