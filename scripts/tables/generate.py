#!/usr/bin/env python3
"""Writes every file that restates dynskin's tables outside C++, from the tables themselves.

The settings tables (include/dynskin/settings_schema.h: the global parameters, each joint's
own settings) and the per-vertex stage's uniform table (include/dynskin/shader_layout.h) are
printed by `dynskin-cli tables`; each module of TARGETS turns them into the files (or the
marked parts of files) it owns. The tables themselves are kept in tables.json beside this
script, for build steps that run without dynskin-cli (dynskin-core's generate-stage.mjs).

Usage: generate.py DYNSKIN_CLI [--check]
  --check: change nothing; list the files that differ from what the tables give, exit 1.
Run it after changing a table (CONTRIBUTING.md: how to add a parameter); the test
tables.generated_files_are_current runs it with --check.
"""
import importlib
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

# One module per front end; each has outputs(tables, read) -> {path relative to ROOT: text},
# where read(path) gives a file's current text (for the files of which only a marked part is
# generated).
TARGETS = ["extension_schema", "link_keys", "typescript", "web_examples"]


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def main(argv):
    if len(argv) < 2 or argv[1].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    check = "--check" in argv[2:]
    printed = subprocess.run([argv[1], "tables"], check=True, capture_output=True, text=True).stdout
    tables = json.loads(printed)
    outputs = {os.path.relpath(os.path.join(HERE, "tables.json"), ROOT): json.dumps(tables, indent=2, ensure_ascii=False) + "\n"}
    for name in TARGETS:
        module = importlib.import_module(name)
        for path, text in module.outputs(tables, read).items():
            if path in outputs:
                raise SystemExit(f"{path} is generated twice ({name})")
            outputs[path] = text
    stale = []
    for path, text in sorted(outputs.items()):
        full = os.path.join(ROOT, path)
        current = read(path) if os.path.exists(full) else None
        if current == text:
            continue
        stale.append(path)
        if not check:
            with open(full, "w", encoding="utf-8") as f:
                f.write(text)
    if check and stale:
        print("stale (run scripts/tables/generate.py DYNSKIN_CLI):\n  " + "\n  ".join(stale), file=sys.stderr)
        return 1
    print(("checked " if check else "wrote ") + f"{len(outputs)} files ({len(stale)} {'stale' if check else 'changed'})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
