"""Threads: every Deformer of the process shares one pool (200 of them start no more threads
than one), update_all updates many at once with the results of updating them one by one, to
the last bit, results do not depend on the thread count, and a forked child gets a pool of its
own."""
import os
import pathlib

import numpy as np
import pytest

import dynskin
from conftest import ASSETS

TASKS = pathlib.Path("/proc/self/task")


def thread_count():
    return len(os.listdir(TASKS))


@pytest.mark.skipif(not TASKS.is_dir(), reason="/proc/self/task is Linux's")
def test_two_hundred_deformers_start_no_more_threads_than_one():
    bar = dynskin.load(str(ASSETS / "bar.glb"))
    first = dynskin.Deformer(bar)
    first.update(0.5)
    with_one = thread_count()
    deformers = [first] + [dynskin.Deformer(bar) for _ in range(199)]
    for k, d in enumerate(deformers):
        d.threads = 1 + k % 4  # a limit on the shared pool's threads, not a pool of their own
        d.update(0.5 + 1 / 60)
    dynskin.update_all(deformers, 0.5 + 2 / 60)
    assert thread_count() == with_one


def crowd():
    """Deformers of two characters with different clips, phases and settings."""
    cow, bar = dynskin.load(str(ASSETS / "cow.glb")), dynskin.load(str(ASSETS / "bar.glb"))
    deformers = []
    for k in range(6):
        d = dynskin.Deformer(cow if k % 2 else bar)
        d.settings.propagation_speed = 2.0 if k % 3 == 1 else float("inf")
        d.settings.squash = 0.3 if k % 3 == 2 else 0.0
        deformers.append(d)
    return deformers


def play(deformers, update, frames=40):
    for frame in range(frames):
        update(deformers, 0.3 + frame / 60)
    return [np.array(d.positions) for d in deformers] + [np.array(d.normals) for d in deformers]


def test_update_all_gives_what_one_by_one_gives_at_any_thread_count():
    def one_by_one(ds, t):
        for d in ds:
            d.update(t)

    expected = play(crowd(), one_by_one)
    assert any(np.abs(p).max() > 0 for p in expected)
    limited = crowd()
    for k, d in enumerate(limited):
        d.threads = 1 + k % 3
    for results in (play(crowd(), dynskin.update_all), play(limited, dynskin.update_all)):
        assert all(np.array_equal(a, b) for a, b in zip(results, expected))


def test_update_all_refuses_a_deformer_listed_twice():
    d = dynskin.Deformer(dynskin.load(str(ASSETS / "bar.glb")))
    with pytest.raises(ValueError, match="twice"):
        dynskin.update_all([d, d], 0.5)
    with pytest.raises(ValueError, match="finite"):
        dynskin.update_all([d], float("nan"))
    dynskin.update_all([], 0.5)  # nothing to do


@pytest.mark.skipif(not hasattr(os, "fork") or not TASKS.is_dir() or os.cpu_count() < 2,
                    reason="fork, /proc/self/task and two hardware threads")
def test_a_forked_child_starts_a_pool_of_its_own():
    bar = dynskin.load(str(ASSETS / "bar.glb"))
    parent = dynskin.Deformer(bar)
    parent.update(0.5)  # the parent's pool exists before the fork
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: only the thread that forked, until dynskin starts its own pool
        try:
            child = dynskin.Deformer(bar)
            child.update(0.5)
            same = np.array_equal(child.positions, parent.positions)
            os.write(write, f"{thread_count()} {int(same)}".encode())
        finally:
            os._exit(0)
    os.close(write)
    threads, same = map(int, os.read(read, 64).split())
    os.waitpid(pid, 0)
    assert same == 1
    assert threads > 1, "the child's deformer would run on the caller alone"
