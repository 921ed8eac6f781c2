#!/usr/bin/env python3
"""What calling dynskin from Python costs per update, on top of the core's own time.

The same updates (a bundled character's first clip at every 1/60 s tick for `seconds`) run
once as a Python loop over Deformer.update and once inside the module's C++ (dynskin.trace,
which updates the same way and keeps one vertex per tick); the difference is Python's share.
trace also builds its deformer and makes the first update (which fills the history), so the
core's time per update is taken from the difference between a full trace and one a quarter
as long, and the Python loop is timed over the same ticks. The clip loops in both, so every
timed update has moving joints.
Usage: PYTHONPATH=build/python /usr/bin/python3 bench/python_overhead.py [assets/cow.glb] [seconds]
"""
import pathlib
import sys
import time

import dynskin

path = sys.argv[1] if len(sys.argv) > 1 else str(pathlib.Path(__file__).resolve().parents[1] / "assets" / "cow.glb")
seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 20.0
character = dynskin.load(path)
ticks = int(seconds * dynskin.TICKS_PER_SECOND) + 1


def python_loop(threads):  # per update, over the ticks core_loop times
    deformer = dynskin.Deformer(character)
    deformer.threads = threads
    deformer.loop = True  # as trace plays it below: the clip keeps moving
    quarter = ticks // 4
    for k in range(quarter):
        deformer.update(k / dynskin.TICKS_PER_SECOND)
    start = time.perf_counter()
    for k in range(quarter, ticks):
        deformer.update(k / dynskin.TICKS_PER_SECOND)
    return (time.perf_counter() - start) / (ticks - quarter)


def trace_time(count, threads):
    start = time.perf_counter()
    dynskin.trace(character, 0, (count - 1) / dynskin.TICKS_PER_SECOND, loop=True, threads=threads)
    return time.perf_counter() - start


def core_loop(threads):  # per update over the last three quarters: no construction, no first update
    quarter = ticks // 4
    return (trace_time(ticks, threads) - trace_time(quarter, threads)) / (ticks - quarter)


print(f"{character.name}: {character.vertex_count} vertices, {ticks} updates")
for threads in (1, 2):
    best_python = best_core = float("inf")
    for _ in range(5):  # interleaved, best of five: the machine is shared
        best_python = min(best_python, python_loop(threads))
        best_core = min(best_core, core_loop(threads))
    print(f"{threads} thread(s): core (C++ loop) {best_core * 1e3:.3f} ms/update, from Python {best_python * 1e3:.3f} "
          f"ms/update: overhead {1e6 * (best_python - best_core):+.1f} us, {100.0 * (best_python - best_core) / best_core:+.1f} %")
