#!/usr/bin/env python3
"""What calling dynskin from Python costs per update, on top of the core's own time.

The same updates (a bundled character's first clip at every 1/60 s tick for `seconds`) run
once as a Python loop over Deformer.update and once inside the module's C++ (dynskin.trace,
which updates the same way and keeps one vertex per tick); the difference is Python's share.
trace also builds its deformer, so the core's time per update is taken from the difference
between a full trace and one a quarter as long.
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


def python_loop():
    deformer = dynskin.Deformer(character)
    deformer.loop = False  # as trace plays it
    start = time.perf_counter()
    for k in range(ticks):
        deformer.update(k / dynskin.TICKS_PER_SECOND)
    return time.perf_counter() - start


def trace_time(count):
    start = time.perf_counter()
    dynskin.trace(character, 0, (count - 1) / dynskin.TICKS_PER_SECOND)
    return time.perf_counter() - start


def core_loop():  # the time of `ticks` updates, without the deformer's construction
    quarter = ticks // 4
    return (trace_time(ticks) - trace_time(quarter)) * ticks / (ticks - quarter)


best_python = best_core = float("inf")
for _ in range(5):  # interleaved, best of five: the machine is shared
    best_python = min(best_python, python_loop())
    best_core = min(best_core, core_loop())
per_update_python = best_python / ticks * 1e3
per_update_core = best_core / ticks * 1e3
print(f"{character.name}: {character.vertex_count} vertices, {ticks} updates")
print(f"core (C++ loop): {per_update_core:.3f} ms/update; from Python: {per_update_python:.3f} ms/update; "
      f"overhead {100.0 * (best_python - best_core) / best_core:+.1f} %")
