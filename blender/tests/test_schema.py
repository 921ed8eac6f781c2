"""The add-on's properties are made from dynskin's tables (dynskin.parameter_table(),
dynskin.joint_setting_table()): one property per row, or per what a row holds (a joint's f,
tau, A and D; its two motion switches), under the names saved files use, with the row's
default, hard limits (the row's range), soft limits (its slider), description with the unit,
and choices; a number that can be off has a switch, on as the table's default is. `base` is
the dual_quaternion switch. Every other property is one of the add-on's own, listed here."""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import dynskin, expect
from dynskin_blender import props

# The names in saved .blend files, written out so that a renamed property fails here.
SWITCHES = {"propagation_speed": "delayed", "max_angle": "limit_angle", "max_offset": "limit_offset",
            "ground_contact": "ground_contact_on"}
BONE_NAMES = {"override_oscillation": "own_oscillation"}
OBJECT_OWN = {"enabled", "bend_range", "floppy_range", "squash_range", "keep_custom_normals", "simulation_start",
              "simulation_start_set", "rig_defaults_set", "auto_smooth_was_on", "bake_progress", "status"}
BONE_OWN = {"enabled"}
BLENDERS = {"rna_type", "name"}  # every PropertyGroup's


def close(a, b):
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-7)


def described(row):
    return row["description"] + (f" ({row['unit']})" if row["unit"] else "")


def check_number(properties, row, where):
    """A number row's FloatProperty; returns its name."""
    p = properties[row["name"]]
    label = f"{where}.{row['name']}"
    expect(p.type == "FLOAT" and not p.is_array, f"{label}: a {p.type}, not one float")
    expect(p.description == described(row), f"{label}: description '{p.description}'")
    expect(close(p.soft_min, row["slider_min"]) and close(p.soft_max, row["slider_max"]),
           f"{label}: soft range {p.soft_min}..{p.soft_max}, the table's slider {row['slider_min']}..{row['slider_max']}")
    expect(close(p.hard_min, row["min"]) and close(p.hard_max, row["max"]),
           f"{label}: hard range {p.hard_min}..{p.hard_max}, the table's {row['min']}..{row['max']}")
    if row.get("off", "never") == "never":
        expect(close(p.default, row["default"]), f"{label}: default {p.default}, the table's {row['default']}")
        return [row["name"]]
    switch = properties[SWITCHES[row["name"]]]
    on = not props.is_off(row, row["default"])
    expect(switch.type == "BOOLEAN" and switch.default == on, f"{label}: its switch should start {'on' if on else 'off'}")
    expect(close(p.default, row["default"] if on else row["on_value"]),
           f"{label}: default {p.default}, the table's {'default' if on else 'on_value'}")
    return [row["name"], SWITCHES[row["name"]]]


def check_choice(properties, row, where):
    """A choice row's EnumProperty (`base`: the dual_quaternion switch); returns its name."""
    label = f"{where}.{row['name']}"
    if row["name"] == "base":
        p = properties["dual_quaternion"]
        expect(p.type == "BOOLEAN" and p.default == (row["default"] == "dq"), f"{label}: dual_quaternion's default")
        expect([c["name"] for c in row["choices"]] == ["linear", "dq"], f"{label}: a switch holds two choices")
        return ["dual_quaternion"]
    p = properties[row["name"]]
    expect(p.description == row["description"], f"{label}: description '{p.description}'")
    expect(p.default == row["default"], f"{label}: default {p.default}, the table's {row['default']}")
    items = [(i.identifier, i.name, i.description) for i in p.enum_items]
    expected = [(c["name"], c["label"], c["description"]) for c in row["choices"]]
    expect(items == expected, f"{label}: items {items}, the table's {expected}")
    return [row["name"]]


def check_joint_setting(properties, row, per_joint):
    """A joint row's bone properties; returns their names."""
    label = f"bone.{row['name']}"
    default = dynskin.JointSettings()
    if row["kind"] == "number":
        return check_number(properties, row, "bone")
    if row["kind"] == "oscillation":
        return [name for r in per_joint for name in check_number(properties, r, "bone")]
    if row["kind"] == "motion_switches":
        names = [f"{row['name']}_{motion}" for motion in ("rotation", "translation")]
        for name in names:
            p = properties[name]
            expect(p.type == "BOOLEAN" and p.default == getattr(default, name), f"bone.{name}: a switch, default")
            expect(p.description.startswith(described(row)), f"bone.{name}: description '{p.description}'")
        return names
    name = BONE_NAMES.get(row["name"], row["name"])
    p = properties[name]
    expect(p.description == described(row), f"{label}: description '{p.description}'")
    if row["kind"] == "flag":
        expect(p.type == "BOOLEAN" and p.default == row["default"], f"{label}: a switch, default {row['default']}")
    elif row["kind"] == "vector":
        expected = getattr(default, row["name"])
        expect(p.type == "FLOAT" and p.array_length == 3 and list(p.default_array) == expected,
               f"{label}: three floats, default {expected}")
    else:
        expect(False, f"{label}: a kind of setting the add-on does not know, {row['kind']}")
    return [name]


def check_made_from_the_table(properties, made, own, where):
    others = set(properties.keys()) - set(made) - own - BLENDERS
    expect(not others, f"{where}: properties no row made, {sorted(others)}")
    expect(len(made) == len(set(made)), f"{where}: a property made twice, {made}")


def main():
    harness.fresh_scene()
    objects = props.DynskinSettings.bl_rna.properties
    bones = props.DynskinBoneSettings.bl_rna.properties
    parameters = dynskin.parameter_table()
    per_joint = [row for row in parameters if row["per_joint"]]
    made = [name for row in parameters
            for name in (check_choice if row["choices"] else check_number)(objects, row, "object")]
    check_made_from_the_table(objects, made, OBJECT_OWN, "object")
    joint_rows = dynskin.joint_setting_table()
    made = [name for row in joint_rows for name in check_joint_setting(bones, row, per_joint)]
    check_made_from_the_table(bones, made, BONE_OWN, "bone")
    # The switch's tooltip says what it does: dynskin adds its motion after the Armature
    # modifier (it once said it replaced it).
    switch = objects["enabled"].description
    expect("after" in switch and "instead" not in switch, f"the switch's tooltip: {switch}")
    print(f"DYNSKIN-BLENDER schema: {len(parameters)} parameters and {len(joint_rows)} joint settings "
          f"checked against the tables")


harness.run(main)
