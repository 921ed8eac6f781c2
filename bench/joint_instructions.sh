#!/usr/bin/env bash
# The joint level's instructions a frame, counted by Valgrind (callgrind): each case runs
# dynskin-joint-ticks for 500 and for 1000 frames, and the difference over 500 is what one
# frame executes (loading, the first frames' allocations and the poses sampled beforehand
# cancel out). The counts are the same on any machine however busy: an A/B of a change to the
# joint level's arithmetic reads them instead of a wall clock that moves by tens of percent on
# a shared machine (a count is not a time: memory stalls, which a crowd of thousands meets, do
# not show in it; dynskin-crowd-bench measures those).
# Usage: bench/joint_instructions.sh [BUILD_DIR]   (default: build; needs valgrind: apt install valgrind)
# Cases: the bundled cow and dragon, with the clip sampled at the ticks (a crowd's way) and
# with poses handed over a frame at a time (the web runtimes' and Python's way) at 1/60 s,
# 1/30 s and jittered frames; the public Fox (clip Run) the same where ../shared/rigs/wild has it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(realpath -m "${1:-$root/build}")
ticks="$build/bench/dynskin-joint-ticks"
if ! command -v valgrind >/dev/null; then
  echo "joint_instructions.sh needs Valgrind: sudo apt install valgrind" >&2
  exit 2
fi
[ -x "$ticks" ] || cmake --build "$build" --target dynskin-joint-ticks >/dev/null

# Instructions executed by one run (callgrind's "Collected" line).
collected() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$ticks" "$@" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

cases=("cow clip 60" "cow given 60" "cow given 30" "cow given jittered"
       "dragon clip 60" "dragon given 60" "dragon given jittered")
fox="$root/../shared/rigs/wild/Fox.glb"
if [ -f "$fox" ]; then
  cases+=("$fox given 60 Run" "$fox given 30 Run" "$fox given jittered Run")
else
  echo "(the Fox is left out: $fox is absent)"
fi

echo "| character | poses | frames | joints | instructions a frame | a joint |"
echo "|---|---|---|---|---|---|"
for c in "${cases[@]}"; do
  read -r who way steps clip <<<"$c"
  short=$(basename "$who" .glb)
  joints=$("$ticks" "$who" 1 "$way" "$steps" $clip | sed -n 's/.*, \([0-9]*\) joints,.*/\1/p')
  a=$(collected "$who" 500 "$way" "$steps" $clip)
  b=$(collected "$who" 1000 "$way" "$steps" $clip)
  per_frame=$(( (b - a) / 500 ))
  echo "| $short${clip:+ ($clip)} | $way | $steps | $joints | $per_frame | $(( per_frame / joints )) |"
done
