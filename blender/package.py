"""Builds the add-on's two installable zips from this source tree and a built module:

  dynskin_blender-VERSION-linux-x64.zip        a bl_info add-on (Blender 3.4 to 4.x:
      Preferences > Add-ons > Install), the module and libhwy in dynskin_blender/lib/
  dynskin_blender-VERSION-extension-linux-x64.zip   an extension (Blender 4.2 and later:
      Get Extensions > Install from Disk), blender_manifest.toml and the module as a wheel

Usage: /usr/bin/python3 blender/package.py --module build/python/dynskin.cpython-311-x86_64-linux-gnu.so --out DIR
The module must have been built for Python 3.11 with $ORIGIN in its run path (CMake does)."""
import argparse
import ast
import base64
import hashlib
import io
import os
import subprocess
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PACKAGE = os.path.join(HERE, "dynskin_blender")
STAMP = (2026, 1, 1, 0, 0, 0)  # fixed dates: the same sources give the same zip
LICENSES = {"LICENSE.dynskin": os.path.join(ROOT, "LICENSE"), "COPYRIGHT.libhwy": "/usr/share/doc/libhwy1/copyright"}


def addon_version():
    tree = ast.parse(open(os.path.join(PACKAGE, "__init__.py")).read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "bl_info":
            return ".".join(str(v) for v in ast.literal_eval(node.value)["version"])
    raise SystemExit("bl_info not found in dynskin_blender/__init__.py")


def linked_library(module, name):
    """Where the module's dependency `name` (e.g. libhwy.so.1) resolves on this machine."""
    for line in subprocess.run(["ldd", module], capture_output=True, text=True, check=True).stdout.splitlines():
        parts = line.split()
        if parts and parts[0] == name and len(parts) >= 3:
            return parts[2]
    raise SystemExit(f"{module} does not link {name}: was it built by this project's CMake?")


def check_run_path(module):
    dynamic = subprocess.run(["readelf", "-d", module], capture_output=True, text=True, check=True).stdout
    if "$ORIGIN" not in dynamic:
        raise SystemExit(f"{module} has no $ORIGIN in its run path: it would not find its bundled libhwy")


def add(archive, name, data):
    info = zipfile.ZipInfo(name, STAMP)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = (0o755 if name.endswith((".so", ".so.1")) else 0o644) << 16
    archive.writestr(info, data)


def add_folder(archive, name):
    """A folder's own entry. Blender's Install (overwrite) removes the installed add-on's
    folder only when the zip lists that folder: without it the files are written over in
    place, the loaded compiled module among them, and Blender crashes at its next call."""
    info = zipfile.ZipInfo(name.rstrip("/") + "/", STAMP)
    info.external_attr = (0o40755 << 16) | 0x10  # a directory, for Unix and for MS-DOS readers
    archive.writestr(info, b"")


def sources():
    """The add-on's Python files: (name inside the package, bytes)."""
    for name in sorted(os.listdir(PACKAGE)):
        if name.endswith(".py"):
            yield name, open(os.path.join(PACKAGE, name), "rb").read()


def binaries(module):
    """The module, libhwy and their licences: (file name, bytes)."""
    hwy = linked_library(module, "libhwy.so.1")
    yield os.path.basename(module), open(module, "rb").read()
    yield "libhwy.so.1", open(hwy, "rb").read()
    for name, path in LICENSES.items():
        yield name, open(path, "rb").read()


def wheel(module, version):
    """The module as a wheel (what an extension's manifest installs): the module at the top,
    libhwy in dynskin.libs/ (its run path has $ORIGIN/dynskin.libs), and the dist-info."""
    tag = "cp311-cp311-linux_x86_64"
    info = f"dynskin-{version}.dist-info"
    files = []
    for name, data in binaries(module):
        files.append((name if name.endswith(".so") else f"dynskin.libs/{name}", data))
    files.append((f"{info}/METADATA", f"Metadata-Version: 2.1\nName: dynskin\nVersion: {version}\n"
                  "Summary: Dynamic Skinning: secondary motion on skinned characters\nRequires-Dist: numpy\n".encode()))
    files.append((f"{info}/WHEEL", f"Wheel-Version: 1.0\nGenerator: dynskin package.py\nRoot-Is-Purelib: false\n"
                  f"Tag: {tag}\n".encode()))
    record = "".join(f"{name},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()},"
                     f"{len(data)}\n" for name, data in files) + f"{info}/RECORD,,\n"
    files.append((f"{info}/RECORD", record.encode()))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files:
            add(archive, name, data)
    return f"dynskin-{version}-{tag}.whl", buffer.getvalue()


def manifest(version, wheel_name):
    return f'''schema_version = "1.0.0"
id = "dynskin_blender"
version = "{version}"
name = "Dynamic Skinning (dynskin)"
tagline = "Secondary motion on skinned meshes: wobble, drag, delayed LBS"
maintainer = "The dynskin developers"
type = "add-on"
tags = ["Animation", "Rigging"]
blender_version_min = "4.2.0"
license = ["SPDX:MIT"]
platforms = ["linux-x64"]
wheels = ["./wheels/{wheel_name}"]

[permissions]
files = "Reads presets and dynskin glb files, writes point caches and presets"
'''


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--module", required=True, help="the built dynskin module (.so)")
    parser.add_argument("--out", required=True, help="where the zips go")
    args = parser.parse_args()
    if not os.path.basename(args.module).startswith("dynskin.cpython-311-"):
        raise SystemExit(f"{args.module}: the add-on needs the module built for Python 3.11 (Blender's)")
    check_run_path(args.module)
    version = addon_version()
    os.makedirs(args.out, exist_ok=True)

    addon = os.path.join(args.out, f"dynskin_blender-{version}-linux-x64.zip")
    with zipfile.ZipFile(addon + ".partial", "w") as archive:
        add_folder(archive, "dynskin_blender")
        add_folder(archive, "dynskin_blender/lib")
        for name, data in sources():
            add(archive, f"dynskin_blender/{name}", data)
        for name, data in binaries(args.module):
            add(archive, f"dynskin_blender/lib/{name}", data)
    os.replace(addon + ".partial", addon)

    extension = os.path.join(args.out, f"dynskin_blender-{version}-extension-linux-x64.zip")
    wheel_name, wheel_data = wheel(args.module, version)  # one version: bl_info's, the manifest's, the wheel's
    with zipfile.ZipFile(extension + ".partial", "w") as archive:
        add(archive, "blender_manifest.toml", manifest(version, wheel_name).encode())
        for name, data in sources():
            add(archive, name, data)
        add(archive, f"wheels/{wheel_name}", wheel_data)
    os.replace(extension + ".partial", extension)
    for path in (addon, extension):
        print(f"{path} ({os.path.getsize(path) / 1e6:.1f} MB)")


if __name__ == "__main__":
    sys.exit(main())
