"""The Blender add-on's cost a frame, against Blender's own Armature modifier on the same
mesh (the bundled cow, 12.7k vertices, imported from its glb), playing the timeline:

  blender -b --factory-startup --python bench/blender_addon.py [-- --module-dir build/python --frames 120]

Prints, for 3 interleaved rounds, the milliseconds a frame (scene.frame_set, which evaluates
the scene as playback does) with the Armature modifier and with dynskin live, Auto Smooth
off (what the add-on sets while live) and on (the glTF importer's custom normals), and the
add-on's own share (its frame handler); then what jumps cost (frames computed since the last
change are kept; a later frame continues from the last one reached).

With --crowd N --rig FILE (a skinned glb; e.g. ../shared/rigs/wild/Fox.glb), a scene of many
characters instead: the rig imported once and duplicated (Shift+D: a mesh, an armature and an
action each) to N copies, and for 3 interleaved rounds the milliseconds a frame with Blender's
Armature modifiers alone, with dynskin live playing new frames (each simulated: the first
play after switching it on), new frames again after a slider's change (the pose read from
the keys is kept), and replaying frames already simulated (wall clock, and processor time
of all the process's threads); dynskin's own share (its frame handler), and how many
characters a frame stepped together on the shared threads. With --parts, each round also says
where the frame handler's time went (wall ms a frame, each part timed around its call): the
characters' step (dynskin.update_all), keeping the results, the pose read from the keys, and
update_object with its key write and stack check.
--addon-dir runs another copy of the add-on (e.g. an older one, to compare):

  blender -b --factory-startup --python bench/blender_addon.py -- --crowd 10 --rig ../shared/rigs/wild/Fox.glb

With --pose-blocks (and --rig, or the cow), the pose read from the keys alone instead, what a
first play or a render pays every 32 frames a character (Rig.world_matrices_at): the median of
15 runs of 10 blocks, and the share of it that samples the F-curves."""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser()
parser.add_argument("--module-dir", default=os.path.join(ROOT, "build", "python"))
parser.add_argument("--frames", type=int, default=120)
parser.add_argument("--crowd", type=int, default=0, help="this many copies of --rig instead of the cow")
parser.add_argument("--rig", help="the skinned glb the crowd is made of (and the one character's; default the cow)")
parser.add_argument("--addon-dir", default=os.path.join(ROOT, "blender"), help="the folder holding dynskin_blender")
parser.add_argument("--pose-blocks", action="store_true", help="time the pose read from the keys alone")
parser.add_argument("--parts", action="store_true", help="with --crowd: where the frame handler's time goes")
args = parser.parse_args(sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else [])
if args.crowd and not (args.rig and os.path.isfile(args.rig)):
    sys.exit(f"--crowd needs --rig, a skinned glb (not found: {args.rig})")
if args.rig and not os.path.isfile(args.rig):
    sys.exit(f"--rig: no such file {args.rig}")
sys.path[:0] = [args.module_dir, args.addon_dir]

import numpy
numpy.bool = bool  # Blender 3.4's glTF importer with numpy 1.24
import bpy

import dynskin_blender
from dynskin_blender import live

dynskin_blender.register()
bpy.ops.wm.read_factory_settings(use_empty=True)
if not hasattr(bpy.types.Object, "dynskin"):  # read_factory_settings unregisters add-ons
    dynskin_blender.register()
bpy.ops.import_scene.gltf(filepath=args.rig if args.crowd or args.rig else os.path.join(ROOT, "assets", "cow.glb"))
scene = bpy.context.scene
obj = next(o for o in scene.objects if o.type == "MESH" and o.find_armature() is not None)
smooth_by_default = obj.data.use_auto_smooth

handler_seconds = []


def timed_handler(scene, depsgraph=None):
    start = time.perf_counter()
    live.on_frame_change(scene, depsgraph)
    handler_seconds.append(time.perf_counter() - start)


bpy.app.handlers.frame_change_pre.remove(live.on_frame_change)
bpy.app.handlers.frame_change_pre.append(timed_handler)


cpu_ms = []  # the processor time (all the process's threads) a frame of the last per_frame run


class Parts:
    """Wall seconds spent in some of the add-on's functions, summed until reset(): each wrapped
    once where the add-on looks it up at every call (its module, or its class)."""
    NAMES = (("the step", "dynskin", None, "update_all"),
             ("keeping", "dynskin_blender.simulation", "LiveState", "record_step"),
             ("pose", "dynskin_blender.rig", "Rig", "world_matrices_at"),
             ("update_object", "dynskin_blender.live", None, "update_object"),
             ("key", "dynskin_blender.stack", None, "write_live_key"),
             ("stack", "dynskin_blender.stack", None, "ensure"))

    def __init__(self):
        self.seconds = {}
        for label, module, cls, name in self.NAMES:
            owner = sys.modules.get(module)
            owner = getattr(owner, cls, None) if cls is not None else owner
            if hasattr(owner, name):  # (an older add-on may lack it)
                setattr(owner, name, self._timed(label, getattr(owner, name)))

    def _timed(self, label, function):
        def timed(*args, **kwargs):
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                self.seconds[label] = self.seconds.get(label, 0.0) + time.perf_counter() - start
        return timed

    def reset(self):
        self.seconds.clear()

    def said(self, frames):
        return ", ".join(f"{label} {self.seconds.get(label, 0.0) / frames * 1e3:.2f}" for label, _, _, _ in self.NAMES)


def per_frame():
    scene.frame_set(scene.frame_start)
    handler_seconds.clear()
    start, cpu = time.perf_counter(), time.process_time()
    for k in range(1, args.frames + 1):
        scene.frame_set(scene.frame_start + k)
    cpu_ms[:] = [(time.process_time() - cpu) / args.frames * 1e3]
    return (time.perf_counter() - start) / args.frames * 1e3


def crowd_bench():
    """N copies of the rig, their frames a second: Armature alone, dynskin new frames, replay."""
    for o in scene.objects:
        o.select_set(True)
    for k in range(1, args.crowd):
        bpy.ops.object.duplicate()  # the copies of the last copy, moved aside
        for o in bpy.context.selected_objects:
            if o.parent is None:
                o.location.x += 2.0 * max(o.dimensions)
    meshes = [o for o in scene.objects if o.type == "MESH" and o.find_armature() is not None]
    print(f"{len(meshes)} copies of {os.path.basename(args.rig)} ({len(obj.data.vertices)} vertices, "
          f"{len(obj.find_armature().data.bones)} bones each), {args.frames} frames a run, "
          f"Blender {bpy.app.version_string}, add-on {args.addon_dir}")
    crowd = sys.modules.get("dynskin_blender.crowd")
    parts = Parts() if args.parts else None
    said = {}

    def measured(what):
        if parts:
            parts.reset()
        result = per_frame()
        if parts:
            said[what] = parts.said(args.frames)
        return result

    for round_ in range(3):
        for o in meshes:
            o.dynskin.enabled = False
        armature = per_frame()
        armature_cpu = cpu_ms[0]
        scene.frame_set(scene.frame_start)  # (a change simulates the frame shown at once)
        for o in meshes:
            o.dynskin.enabled = True
            o.dynskin.damping += 0.001  # a change: every frame is simulated again
        stepped = []
        if crowd is not None:
            bpy.app.handlers.frame_change_post.append(lambda *a: stepped.append(crowd.steps_taken))
        new_frames = measured("new frames")
        new_cpu = cpu_ms[0]
        handler = sum(handler_seconds) / len(handler_seconds) * 1e3
        if crowd is not None:
            bpy.app.handlers.frame_change_post.pop()
        replay = measured("replayed")
        replay_cpu = cpu_ms[0]
        for o in meshes:
            o.dynskin.damping += 0.001  # a slider's change: simulated again, on the pose kept
        changed = measured("after a change")
        together = f", {max(stepped)} stepped together" if stepped else ""
        print(f"round {round_ + 1}: Armature modifiers {armature:6.2f} ms/frame, dynskin new frames {new_frames:6.2f} "
              f"ms/frame (its handler {handler:.2f} ms{together}), after a change {changed:6.2f}, replayed {replay:6.2f} "
              f"ms/frame; processor time a frame (all threads, steadier on a busy machine): {armature_cpu:.2f}, "
              f"{new_cpu:.2f}, {cpu_ms[0]:.2f}, {replay_cpu:.2f} ms")
        for what, parts_said in said.items():
            print(f"  the handler's parts, {what} (wall ms a frame): {parts_said}")


def pose_blocks():
    """The pose of 32 frames from the keys (what LiveState.pose reads at once), and its curves' sampling."""
    from dynskin_blender import nla
    from dynskin_blender.rig import Rig
    rig, frames = Rig(obj), list(range(scene.frame_start, scene.frame_start + 32))
    # Each channel's KeySampler (an add-on before it: the channel's F-curves, each evaluated).
    channels = [curves for action, slot in nla.domain(rig.armature.animation_data)
                for _, _, curves in rig._curves(action, slot).values()]

    def read_curves():
        for curves in channels:
            if hasattr(curves, "sample"):
                curves.sample(frames)
            else:
                [fc.evaluate(frame) for fc in curves for frame in frames]

    def median_ms(work):
        runs = []
        for _ in range(15):
            start = time.perf_counter()
            for _ in range(10):
                work()
            runs.append((time.perf_counter() - start) / 10 * 1e3)
        return sorted(runs)[len(runs) // 2]

    whole = median_ms(lambda: rig.world_matrices_at(frames))
    reading = median_ms(read_curves)
    count = sum(len(getattr(curves, "fcurves", curves)) for curves in channels)
    print(f"{os.path.basename(args.rig or 'cow.glb')}: a pose block of 32 frames {whole:.3f} ms, of which reading its "
          f"{count} curves {reading:.3f} ms (add-on {args.addon_dir})")


if args.pose_blocks:
    pose_blocks()
    sys.exit(0)
if args.crowd:
    crowd_bench()
    sys.exit(0)


print(f"dynskin Blender add-on, {len(obj.data.vertices)} vertices, {args.frames} frames a run, Blender {bpy.app.version_string}")
for smooth in (False, True):
    for round_ in range(3):
        obj.dynskin.enabled = False
        obj.data.use_auto_smooth = smooth
        armature = per_frame()
        obj.dynskin.keep_custom_normals = smooth
        obj.dynskin.enabled = True
        dynskin_ms = per_frame()
        handler = sum(handler_seconds) / len(handler_seconds) * 1e3
        print(f"auto smooth {'on ' if smooth else 'off'} round {round_ + 1}: Armature modifier {armature:6.2f} ms/frame, "
              f"dynskin {dynskin_ms:6.2f} ms/frame ({dynskin_ms / armature:.2f}x; its handler {handler:.2f} ms)")

obj.dynskin.keep_custom_normals = False


def jump(frame, what):
    start = time.perf_counter()
    scene.frame_set(scene.frame_start + frame)
    print(f"{what}: {(time.perf_counter() - start) * 1e3:.1f} ms")


obj.dynskin.damping = 0.5  # a change: the frames kept so far go
jump(250, "a jump to frame 250 after a change (simulated from the start)")
jump(100, "back to frame 100 (kept)")
jump(1000, "on to frame 1000 (continues from frame 250)")
jump(1001, "the next frame")
