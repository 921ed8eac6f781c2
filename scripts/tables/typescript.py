"""The web packages' settings types, from the settings tables: the interfaces DynskinOscillation,
DynskinParameters and DynskinJointSettings in packages/dynskin-core/src/index.d.ts (the part
between the markers; the rest of the file is written by hand), which dynskin-three re-exports."""
import textwrap

from markers import replace_between

PATH = "packages/dynskin-core/src/index.d.ts"
BEGIN = "// Generated from dynskin's settings tables by scripts/tables/generate.py: edit the tables, not this."
END = "// End of the part generated from the tables."

# A joint setting's TypeScript type, by its kind (the settings JSON's shapes).
JOINT_TYPES = {
    "number": "number",
    "flag": "boolean",
    "oscillation": "DynskinOscillation",
    "vector": "[number, number, number]",
    "motion_switches": "{ rotation?: boolean; translation?: boolean }",
}

# How an off-able number says off, for the doc comments (the JSON has null for infinity).
OFF_TEXTS = {"at_infinity": "null: off", "at_zero": "0 or null: off"}


def number_text(value):
    return f"{value:g}"


def literal(value):
    """A default as TypeScript writes it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"'{value}'"
    return number_text(value)


def comment(paragraphs, indent="  "):
    """A doc comment: one line where it fits, else a line (wrapped) for each paragraph."""
    one_line = f"{indent}/** {' '.join(paragraphs)} */"
    if len(one_line) <= 100:
        return [one_line]
    lines = [f"{indent}/**"]
    for paragraph in paragraphs:
        lines += textwrap.wrap(paragraph, 100, initial_indent=f"{indent} * ", subsequent_indent=f"{indent} * ")
    return lines + [f"{indent} */"]


def field_doc(row):
    """A row's doc comment: its description; its range, unit, off and default; its choices."""
    facts = []
    if "min" in row:
        facts.append(" ".join(filter(None, [f"{number_text(row['min'])} to {number_text(row['max'])}", row["unit"]])))
        if row.get("off", "never") != "never":
            facts.append(OFF_TEXTS[row["off"]])
        if row.get("missing_means_off"):
            facts.append("a settings file without it: off")
    elif row["unit"]:
        facts.append(f"in {row['unit']}")
    if "default" in row:
        facts.append(f"default {literal(row['default'])}")
    choices = [f"- '{c['name']}': {c['description']}." for c in row.get("choices", ())]
    summary = "; ".join(facts)
    return [row["description"] + "."] + ([summary[0].upper() + summary[1:] + "."] if facts else []) + choices


def parameter_type(row):
    if "choices" in row:
        return " | ".join(f"'{c['name']}'" for c in row["choices"])
    return "number" if row["off"] == "never" else "number | null"


def field(name, type_, doc):
    return comment(doc) + [f"  {name}?: {type_};"]


def interface(doc, name, fields):
    return comment([doc], indent="") + [f"export interface {name} {{"] + fields + ["}"]


def generated(tables):
    # The nested rows ("oscillation.frequency"...) are the oscillation's, each joint's own too.
    parameters, oscillation = [], []
    for row in tables["parameters"]:
        group, _, key = row["json_key"].rpartition(".")
        if not group:
            parameters += field(key, parameter_type(row), field_doc(row))
            continue
        if group != "oscillation":
            raise SystemExit(f"typescript.py: {row['json_key']}: the oscillation's are the only nested parameters it knows")
        if not oscillation:
            parameters += field(group, "DynskinOscillation", ["The oscillation of the joints without their own."])
        oscillation += field(key, parameter_type(row), field_doc(row))

    joints = []
    for row in tables["joint_settings"]:
        joints += field(row["name"], JOINT_TYPES[row["kind"]], field_doc(row))

    lines = interface("dynskin's oscillation (the kernel A e^(-t/tau) sin(2 pi f t) and the drag D): the global one and "
                      "each joint's own.", "DynskinOscillation", oscillation)
    lines += [""] + interface("The global parameters: the keys of dynskin's settings JSON \"parameters\" (and of the "
                              "extension). Units: sizes are character sizes L.", "DynskinParameters", parameters)
    lines += [""] + interface("A joint's own settings: the keys of dynskin's settings JSON \"joints\" entries.",
                              "DynskinJointSettings", joints)
    return "\n".join(lines) + "\n"


def outputs(tables, read):
    return {PATH: replace_between(read(PATH), PATH, BEGIN, END, generated(tables))}
