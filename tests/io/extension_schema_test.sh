#!/usr/bin/env bash
# Usage: extension_schema_test.sh DYNSKIN_CLI SPEC_FOLDER ASSETS
# Embeds settings into two bundled characters, then checks those files, the conformance
# files and the spec's examples against the extension's JSON Schemas. Exit 77: skipped.
set -euo pipefail
cli=$1 spec=$2 assets=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$cli" embed "$assets/cow.glb" -o "$work/cow.glb" --mode drag --c 3 --max-offset 0.1
"$cli" embed "$assets/octopus.glb" -o "$work/octopus.glb" --squash 0.2 --squash-center centroid --max-angle 0
exec /usr/bin/python3 "$(dirname "$0")/check_extension_schema.py" "$spec" "$work/cow.glb" "$work/octopus.glb" \
  "$spec"/conformance/*.glb
