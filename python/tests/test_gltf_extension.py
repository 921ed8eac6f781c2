"""The settings in glTF files as the DYNSKIN_dynamic_skinning extension, seen from Python:
dynskin.load reads the root parameters and the joint nodes' settings (dynskin-cli embed and
a node edited here write them), the Deformer starts from them, and a bake keeps its record
out of the extension (its motion is baked; a runtime must not add it again)."""

import json
import struct

import dynskin
import pytest

from conftest import ASSETS

EXTENSION = "DYNSKIN_dynamic_skinning"


def read_glb(path):
    data = path.read_bytes()
    length = struct.unpack_from("<I", data, 12)[0]
    return json.loads(data[20:20 + length]), data[20 + length:]


def write_glb(path, root, rest):
    text = json.dumps(root).encode()
    text += b" " * (-len(text) % 4)
    header = struct.pack("<4sII", b"glTF", 2, 12 + 8 + len(text) + len(rest))
    path.write_bytes(header + struct.pack("<II", len(text), 0x4E4F534A) + text + rest)


def test_embedded_settings_and_a_joint_nodes_settings_load(tmp_path, cli):
    import subprocess
    out = tmp_path / "bar.glb"
    subprocess.run([cli, "embed", str(ASSETS / "bar.glb"), "-o", str(out), "--f", "3.5", "--mode", "drag"],
                   check=True)
    root, rest = read_glb(out)
    assert root["extensionsUsed"] == [EXTENSION]
    bar = dynskin.load(str(ASSETS / "bar.glb"))
    tip = bar.joint_names[-1]
    node = next(n for n in root["nodes"] if n.get("name") == tip)
    node.setdefault("extensions", {})[EXTENSION] = {"gain": 0.25, "origin_offset": [0, 0.5, 0]}
    write_glb(out, root, rest)

    character = dynskin.load(str(out))
    assert character.warnings == []
    assert character.settings.frequency == pytest.approx(3.5)
    assert character.settings.mode == "drag"
    deformer = dynskin.Deformer(character)
    assert deformer.settings.frequency == pytest.approx(3.5)
    assert deformer.joint(tip).gain == pytest.approx(0.25)
    assert list(deformer.joint(tip).origin_offset) == pytest.approx([0.0, 0.5, 0.0])
    assert deformer.joint(0).gain == 1.0


def test_bad_extension_content_is_a_warning_naming_the_value(tmp_path):
    root, rest = read_glb(ASSETS / "bar.glb")
    root.setdefault("extensions", {})[EXTENSION] = {"parameters": {"oscillation": {"frequency": "fast"}}}
    write_glb(tmp_path / "bad.glb", root, rest)
    character = dynskin.load(str(tmp_path / "bad.glb"))
    assert character.settings is None
    assert any(f"extensions.{EXTENSION}.parameters.oscillation.frequency must be a number" in w
               for w in character.warnings), character.warnings


def test_a_bake_records_its_settings_outside_the_extension(tmp_path):
    bar = dynskin.load(str(ASSETS / "bar.glb"))
    out = tmp_path / "bar_baked.glb"
    dynskin.bake(bar, str(out), fps=10)
    root, _ = read_glb(out)
    assert EXTENSION not in root.get("extensionsUsed", [])
    assert EXTENSION not in root.get("extensions", {})
    assert "dynskin" in root["asset"]["extras"]
