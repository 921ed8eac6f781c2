#!/usr/bin/env bash
# The module as users install it: a wheel built offline from this source tree with Debian's
# setuptools and wheel, installed into a fresh virtual environment (which sees Debian's
# numpy), imported and run there. Usage: wheel_test.sh SOURCE_DIR WORK_DIR
set -euo pipefail
source_dir=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
/usr/bin/python3 -m pip wheel --no-build-isolation --no-deps --no-index -w "$work/wheels" "$source_dir" > "$work/wheel.log" 2>&1 \
  || { tail -40 "$work/wheel.log"; exit 1; }
/usr/bin/python3 -m venv --system-site-packages "$work/venv"
"$work/venv/bin/python" -m pip install --no-deps --no-index "$work"/wheels/dynskin-*.whl > "$work/install.log" 2>&1 \
  || { tail -40 "$work/install.log"; exit 1; }
cd "$work"  # away from the source and build trees: only the installed module can be imported
"$work/venv/bin/python" - "$source_dir/assets/bar.glb" <<'PYTHON'
import sys
import numpy as np
import dynskin
assert "venv" in dynskin.__file__, dynskin.__file__
bar = dynskin.load(sys.argv[1])
deformer = dynskin.Deformer(bar)
for frame in range(60):
    deformer.update(frame / 60.0)
assert deformer.positions.shape == (bar.vertex_count, 3) and np.isfinite(deformer.positions).all()
print("ok: the installed wheel deforms", bar)
PYTHON
