#!/usr/bin/python3
"""Checks the DYNSKIN_dynamic_skinning JSON Schemas (draft 2020-12) and validates against them
the spec's examples and the extension objects of the glTF files given (.glb or .gltf): the
root object's and every node's. A bad object must fail, so the check itself is checked.

Usage: check_extension_schema.py SPEC_FOLDER [FILE.glb|FILE.gltf ...]
Exit status: 0 all valid, 1 something invalid, 77 python3-jsonschema is absent."""

import json
import pathlib
import struct
import sys

try:
    import jsonschema
except ImportError:
    print("python3-jsonschema is absent (scripts/install-deps.sh installs it): the schemas are not checked")
    sys.exit(77)

EXTENSION = "DYNSKIN_dynamic_skinning"


def validators(spec):
    schemas = {p.name: json.loads(p.read_text()) for p in (spec / "schema").glob("*.schema.json")}
    for name, schema in schemas.items():
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema.get("$id") == name, f"{name}: its $id is {schema.get('$id')}"
    def validator(name):
        resolver = jsonschema.RefResolver(base_uri=name, referrer=schemas[name], store=schemas)
        return jsonschema.Draft202012Validator(schemas[name], resolver=resolver)
    return validator(f"glTF.{EXTENSION}.schema.json"), validator(f"node.{EXTENSION}.schema.json")


def gltf_json(path):
    data = path.read_bytes()
    if data[:4] != b"glTF":
        return json.loads(data)
    length = struct.unpack_from("<I", data, 12)[0]
    return json.loads(data[20:20 + length])


def extension_objects(root):
    """(where, object, is_node) for the root's and every node's extension object."""
    found = []
    if EXTENSION in root.get("extensions", {}):
        found.append(("extensions." + EXTENSION, root["extensions"][EXTENSION], False))
    for n, node in enumerate(root.get("nodes", [])):
        if EXTENSION in node.get("extensions", {}):
            found.append((f"nodes[{n}].extensions.{EXTENSION}", node["extensions"][EXTENSION], True))
    return found


def main():
    spec = pathlib.Path(sys.argv[1])
    root_validator, node_validator = validators(spec)
    problems = []

    def check(where, value, is_node):
        for error in (node_validator if is_node else root_validator).iter_errors(value):
            path = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
            problems.append(f"{where}{path}: {error.message}")

    # The checks can fail: objects the schemas must refuse.
    for value, is_node in [({"version": 2}, False), ({"parameters": {"mode": "wobbly"}}, False),
                           ({"parameters": {"oscillation": {"damping": -1}}}, False),
                           ({"parameters": {"propagation_speed": 0}}, False),
                           ({"gain": "loud"}, True), ({"origin_offset": [1, 2]}, True),
                           ({"bend": {"rotation": 1}}, True)]:
        validator = node_validator if is_node else root_validator
        if validator.is_valid(value):
            problems.append(f"the schema accepts the bad object {json.dumps(value)}")

    examples = sorted((spec / "examples").glob("*.json"))
    files = examples + [pathlib.Path(p) for p in sys.argv[2:]]
    checked = 0
    for path in files:
        root = json.loads(path.read_text()) if path.suffix == ".json" and path.parent.name == "examples" \
            else gltf_json(path)
        if path.suffix == ".json" and "extensions" in root and "asset" not in root:  # a node example
            found = [(f"{path.name}: extensions.{EXTENSION}", root["extensions"][EXTENSION], True)]
        else:
            found = [(f"{path.name}: {where}", value, is_node) for where, value, is_node in extension_objects(root)]
            if "asset" in root and EXTENSION not in root.get("extensionsUsed", []) and found:
                problems.append(f"{path.name}: the extension is not in extensionsUsed")
            if EXTENSION in root.get("extensionsRequired", []):
                problems.append(f"{path.name}: the extension is in extensionsRequired")
        if not found:
            problems.append(f"{path.name}: no {EXTENSION} object")
        for where, value, is_node in found:
            check(where, value, is_node)
            checked += 1

    for problem in problems:
        print("invalid:", problem)
    print(f"{checked} extension objects in {len(files)} files checked against the schemas; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
