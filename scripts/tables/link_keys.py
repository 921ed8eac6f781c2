"""The browser guide's table of link keys (docs/browser.md), from the parameter table."""
from markers import replace_between

GUIDE = "docs/browser.md"
BEGIN = "<!-- Generated from dynskin's parameter table by scripts/tables/generate.py: edit the table, not this. -->"
END = "<!-- End of the generated link keys. -->"
UNITS = {"sizes": "character sizes", "sizes/s": "character sizes per second", "s": "seconds", "rad": "radians"}


def values(row):
    if "choices" in row:
        return ", ".join(f"`{c['name']}`" for c in row["choices"])
    text = f"{row['min']:g} to {row['max']:g}"
    return text + (", or `off`" if row["off"] != "never" else "")


def key_cell(row):
    old = f" (once `{row['old_link_key']}`)" if row["old_link_key"] else ""
    return f"`{row['link_key']}`{old}"


def meaning(row):
    unit = UNITS.get(row["unit"], row["unit"])
    return row["description"] + (f", {unit}" if unit else "")


def table(tables):
    lines = ["| key | parameter | values |", "|---|---|---|",
             "| `character`, `clip` | a bundled character, one of its clips (`none`: the rest pose) | names |"]
    lines += [f"| {key_cell(row)} | {meaning(row)} | {values(row)} |" for row in tables["parameters"]]
    return "\n".join(lines) + "\n"


def outputs(tables, read):
    return {GUIDE: replace_between(read(GUIDE), GUIDE, BEGIN, END, table(tables))}
