# Where the tests find the module, the CLI and the repository (CTest sets these; see
# python/CMakeLists.txt). Run by hand: PYTHONPATH=build/python DYNSKIN_CLI=build/src/cli/dynskin-cli pytest python/tests
import json
import math
import os
import pathlib
import re
import subprocess

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("DYNSKIN_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
ASSETS = SOURCE_DIR / "assets"
BUNDLED = sorted(p.stem for p in ASSETS.glob("*.glb"))


@pytest.fixture
def cli():
    path = os.environ.get("DYNSKIN_CLI", str(SOURCE_DIR / "build" / "src" / "cli" / "dynskin-cli"))
    if not os.path.exists(path):
        pytest.skip(f"dynskin-cli not found at {path}")
    return path


def printed_tables(cli):
    """`dynskin-cli tables`: the tables as the generated front ends read them."""
    return json.loads(subprocess.run([cli, "tables"], capture_output=True, text=True, check=True).stdout)


def agrees(ours, printed):
    """A table's value from the module against dynskin-cli's: the CLI writes a float as typed
    (0.15) where the module gives the float stored, and infinity as null."""
    if isinstance(ours, float):
        return math.isinf(ours) if printed is None else ours == pytest.approx(printed, rel=1e-6)
    return ours == printed


def changed_value(row):
    """A value other than a row's default: the next choice, or the slider's middle in quarters."""
    if row.get("choices"):
        names = [c["name"] for c in row["choices"]]
        return names[(names.index(row["default"]) + 1) % len(names)]
    return round(2.0 * (row["slider_min"] + row["slider_max"])) / 4.0


def range_error(row):
    """What a number's property says of a value beyond its row's range (a pattern)."""
    unit = f" {row['unit']}" if row["unit"] else ""
    return re.escape(f"{row['name']} must be within {row['min']:g} to {row['max']:g}{unit}")
