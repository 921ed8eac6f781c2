#!/usr/bin/env bash
# The instructions a Fox's frame costs in dynskin-three's update(delta) and in three-vrm's
# spring bones' update (on its tail), counted by Valgrind (callgrind) in node: fox-node.mjs run
# for two frame counts with each runtime and with the mixers alone; the difference over the
# extra frames, less the mixers', per Fox. A count, not a time (memory stalls do not show),
# but the same within a few percent from run to run on a machine whose clock moves by tens of
# percent: an A/B of a change to the web runtime's per-frame JavaScript or WebAssembly reads it
# (bench/joint_instructions.sh counts the C++ joint level alone). V8 runs single-threaded with
# WebAssembly compiled by its optimising tier at once, and the counted frames follow 1,500
# frames of warm-up, so that no compilation falls among them; --predictable takes the timers
# out of V8's choices (when to collect garbage), which without it moved a count by a quarter
# between runs hours apart on a busy machine.
# Usage: bench/three/fox_instructions.sh [FOXES]   (default 10; installs what fox.sh installs;
# needs valgrind: apt install valgrind). Takes about two minutes a runtime.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
foxes=${1:-10}
if ! command -v valgrind >/dev/null; then
  echo "fox_instructions.sh needs Valgrind: sudo apt install valgrind" >&2
  exit 2
fi
"$here/fox.sh" --install-only

collected() {  # RUNTIME FRAMES
  valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    node --no-warnings --single-threaded --predictable --no-liftoff "$here/fox-node.mjs" \
    --foxes "$foxes" --warm-up 1500 --frames "$2" --runtime "$1" --quiet 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
mixers=$(( $(collected none 900) - $(collected none 300) ))
echo "| runtime ($foxes Foxes, 1/60 s steps) | instructions a Fox a frame |"
echo "|---|---|"
for runtime in dynskin vrm; do
  frames=$(( $(collected "$runtime" 900) - $(collected "$runtime" 300) ))
  name=$([ "$runtime" = dynskin ] && echo "dynskin-three update(delta)" || echo "three-vrm springs update")
  echo "| $name | $(( (frames - mixers) / (600 * foxes) )) |"
done
