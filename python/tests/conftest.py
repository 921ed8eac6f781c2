# Where the tests find the module, the CLI and the repository (CTest sets these; see
# python/CMakeLists.txt). Run by hand: PYTHONPATH=build/python DYNSKIN_CLI=build/src/cli/dynskin-cli pytest python/tests
import os
import pathlib

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
