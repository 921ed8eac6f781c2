#!/usr/bin/env bash
# Runs test_ui.py in Blender's window under Xvfb. Blender shows its splash screen unless it
# opens a file, so an empty .blend is saved first. Any Python error or unknown property
# printed fails the run (a panel's draw errors are only printed). Usage: ui_test.sh WORK_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$1
rm -rf "$work" && mkdir -p "$work"
blender -b --factory-startup --python-expr "import bpy, sys; bpy.ops.wm.save_as_mainfile(filepath=sys.argv[-1])" \
  -- "$work/empty.blend" > /dev/null
status=0
# --enable-event-simulate: the test presses Esc (Window.event_simulate).
# -f: an X authority file of our own; without one xvfb-run may fail (status 5) removing its
# own temporary folder after Blender is done (tests/support/xvfb_run.h).
xvfb-run -a -f "$work/xauthority" blender --factory-startup --enable-event-simulate "$work/empty.blend" --python "$here/test_ui.py" > "$work/log" 2>&1 || status=$?
grep -E "DYNSKIN|Error|Traceback|property not found" "$work/log" || true
if grep -qE "Traceback|^Error|property not found" "$work/log"; then
  echo "Python errors in Blender's output (above)"
  exit 1
fi
exit $status
