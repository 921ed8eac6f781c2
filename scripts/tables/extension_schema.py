"""The glTF extension's JSON Schemas and its README's property tables, from the settings tables.

Generated whole: schema/parameters.schema.json, schema/oscillation.schema.json and
schema/node.DYNSKIN_dynamic_skinning.schema.json. Generated in part (between markers): the
README's tables of the global parameters and of the joint nodes. The other schemas (the root
object, vec3, the motion switches) hold no table and are written by hand.
"""
import json

from markers import replace_between

FOLDER = "docs/extensions/DYNSKIN_dynamic_skinning"
README = FOLDER + "/README.md"
MINUS = "\u2212"

# How a unit reads in a sentence (the README's tables keep the short form).
UNIT_WORDS = {"sizes": "character sizes (L)", "sizes/s": "character sizes per second (L/s)",
              "local units": "the node's local units"}


def number_text(value, signed=False):
    """2, 0.4, -1 (with a real minus sign in prose)."""
    text = f"{value:g}"
    return text.replace("-", MINUS) if signed else text


def range_text(low, high):
    return f"{number_text(low, True)} – {number_text(high, True)}"


def unit_sentence(unit):
    return f"Unit: {UNIT_WORDS.get(unit, unit)}." if unit else "Unitless."


def off_sentence(row):
    if row["off"] == "at_infinity":
        return "null: infinite, off."
    if row["off"] == "at_zero":
        return "0, a negative value or null: off."
    return ""


def absent_sentence(row):
    if not row["missing_means_off"]:
        return ""
    return (f"When absent it is off (settings written before it existed keep their look); dynskin writes it "
            f"always, {number_text(row['on_value'])} for new settings.")


def clamp_sentence(row):
    what = "Values that are on" if row["off"] != "never" else "Other values"
    return f"Readers take {range_text(row['min'], row['max'])}; {what.lower()} are clamped into it."


def sentence(text):
    return text if text.endswith(".") else text + "."


def choices_sentence(row):
    return " ".join(f"{c['name']}: {sentence(c['description'][0].lower() + c['description'][1:])}" for c in row["choices"])


def parameter_property(row):
    """A global parameter's (or an oscillation value's) schema."""
    if "choices" in row:
        return {"type": "string", "enum": [c["name"] for c in row["choices"]], "default": row["default"],
                "description": f"{sentence(row['description'])} {choices_sentence(row)}"}
    prop = {"type": "number" if row["off"] == "never" else ["number", "null"]}
    if row["non_negative"]:
        # A reader refuses a negative value; a speed's off is null, so 0 is refused too.
        prop["exclusiveMinimum" if row["off"] == "at_infinity" else "minimum"] = 0
    prop["default"] = 0 if row["missing_means_off"] else row["default"]
    parts = [sentence(row["description"]), unit_sentence(row["unit"]), off_sentence(row), absent_sentence(row),
             clamp_sentence(row)]
    prop["description"] = " ".join(p for p in parts if p)
    return prop


def schema(identifier, title, description, properties):
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": identifier, "title": title,
            "type": "object", "description": description, "properties": properties}


def dump(document):
    return json.dumps(document, indent=4, ensure_ascii=False) + "\n"


def parameters_schema(tables):
    properties = {}
    for row in tables["parameters"]:
        if row["per_joint"]:
            properties.setdefault("oscillation", {"$ref": "oscillation.schema.json",
                                                  "description": "f, τ, A and D for every joint that does not override them."})
        else:
            properties[row["json_key"]] = parameter_property(row)
    return schema("parameters.schema.json", "DYNSKIN_dynamic_skinning parameters",
                  "The global parameters, for every skin of the file. A missing value takes its default, except "
                  "max_offset (see there). Readers ignore unknown properties.", properties)


def oscillation_schema(tables):
    properties = {row["json_key"].split(".", 1)[1]: parameter_property(row) for row in tables["parameters"] if row["per_joint"]}
    return schema("oscillation.schema.json", "DYNSKIN_dynamic_skinning oscillation",
                  "The oscillation kernel κ(t) = A·exp(−t/τ)·sin(2πft) and the drag D, applied to a joint's measured "
                  "velocities.", properties)


def joint_property(row):
    description = sentence(row["description"])
    if row["unit"]:
        description += " " + unit_sentence(row["unit"])
    kind = row["kind"]
    if kind == "number":
        return {"type": "number", "default": row["default"],
                "description": f"{description} Readers take {range_text(row['min'], row['max'])}; other values are clamped into it."}
    if kind == "flag":
        return {"type": "boolean", "default": row["default"], "description": description}
    if kind == "oscillation":
        return {"$ref": "oscillation.schema.json", "description": description}
    if kind == "vector":
        return {"$ref": "vec3.schema.json", "default": [0, 0, 0], "description": description}
    if kind == "motion_switches":
        return {"$ref": "motionSwitches.schema.json", "description": description}
    raise SystemExit(f"joint setting {row['name']}: unknown kind {kind}")


def node_schema(tables):
    properties = {row["name"]: joint_property(row) for row in tables["joint_settings"]}
    properties["extensions"] = {"type": "object"}
    properties["extras"] = {}
    return schema("node.DYNSKIN_dynamic_skinning.schema.json", "DYNSKIN_dynamic_skinning joint node extension",
                  "One joint's own settings, on a node that is a joint of a skin (or an ancestor of one). Every value is "
                  "optional; a missing one takes its default. Writers write only the values that differ from the "
                  "defaults, and only on joints that have one.", properties)


def code(value):
    if value is None:
        return "`null`"
    if isinstance(value, str):
        return f'`"{value}"`'
    return f"`{number_text(value)}`"


def parameter_type_cell(row):
    if "choices" in row:
        return "string: " + ", ".join(f'`"{c["name"]}"`' for c in row["choices"])
    if row["off"] == "at_infinity":
        return "number > 0 or null"
    base = "number ≥ 0" if row["non_negative"] else "number"
    return base + (" or null" if row["off"] == "at_zero" else "")


def parameter_default_cell(row):
    if "choices" not in row and row["missing_means_off"]:
        return f"`0` (absent: off; dynskin writes `{number_text(row['on_value'])}` for new settings)"
    return code(row["default"])


def parameter_description_cell(row):
    if "choices" in row:
        return f"{sentence(row['description'])} " + "; ".join(f"`{c['name']}`: {c['description'][0].lower() + c['description'][1:]}" for c in row["choices"]) + "."
    parts = [sentence(row["description"])]
    if row["off"] == "at_infinity":
        parts.append("`null`: infinite (off).")
    elif row["off"] == "at_zero":
        parts.append("≤ 0 or `null`: off.")
    parts.append(f"Readers clamp into {range_text(row['min'], row['max'])}.")
    return " ".join(parts)


def parameters_table(tables):
    lines = ["| Property | Type | Unit | Default | Typical | Description |", "|---|---|---|---|---|---|"]
    for row in tables["parameters"]:
        typical = "" if "choices" in row else range_text(row["slider_min"], row["slider_max"])
        lines.append(f"| `{row['json_key']}` | {parameter_type_cell(row)} | {row['unit'] or '—'} | "
                     f"{parameter_default_cell(row)} | {typical} | {parameter_description_cell(row)} |")
    return "\n".join(lines) + "\n"


def joints_table(tables):
    oscillation = [row for row in tables["parameters"] if row["per_joint"]]
    lines = ["| Property | Type | Unit | Default | Description |", "|---|---|---|---|---|"]
    for row in tables["joint_settings"]:
        kind, unit = row["kind"], row["unit"] or "—"
        description = sentence(row["description"])
        if kind == "number":
            cells = ("number", unit, code(row["default"]),
                     f"{description} Readers clamp into {range_text(row['min'], row['max'])}.")
        elif kind == "flag":
            cells = ("boolean", unit, "`true`" if row["default"] else "`false`", description)
        elif kind == "oscillation":
            cells = ("object: " + ", ".join(f"`{r['json_key'].split('.', 1)[1]}`" for r in oscillation),
                     ", ".join(r["unit"] or "—" for r in oscillation), ", ".join(code(r["default"]) for r in oscillation),
                     description)
        elif kind == "vector":
            cells = ("number[3]", unit, "`[0, 0, 0]`", description)
        else:
            cells = ("object: `rotation`, `translation` (booleans)", unit, "both `true`", description)
        lines.append(f"| `{row['name']}` | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


BEGIN = "<!-- Generated from dynskin's {} by scripts/tables/generate.py: edit the table, not this. -->"
END = "<!-- End of the generated {}. -->"


def outputs(tables, read):
    readme = read(README)
    readme = replace_between(readme, README, BEGIN.format("parameter table"), END.format("parameter table"),
                             parameters_table(tables))
    readme = replace_between(readme, README, BEGIN.format("joint setting table"), END.format("joint setting table"),
                             joints_table(tables))
    return {
        FOLDER + "/schema/parameters.schema.json": dump(parameters_schema(tables)),
        FOLDER + "/schema/oscillation.schema.json": dump(oscillation_schema(tables)),
        FOLDER + "/schema/node.DYNSKIN_dynamic_skinning.schema.json": dump(node_schema(tables)),
        README: readme,
    }
