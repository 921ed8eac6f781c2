"""Blender with its window (under Xvfb): a bake clicked in the UI (the modal path: a step per
timer tick) finishes and replays the live result; a longer one, of many steps, shows its
progress in the panel and is cancelled with Esc, writing nothing; the object and bone panels
are drawn (ui_test.sh fails the run on any Python error printed, as a panel's draw errors are
only printed). Run by ui_test.sh."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # Blender does not add it
import harness
from harness import bpy, expect, np

state = {}


def start():
    harness.dynskin_blender.register()
    for obj in list(bpy.data.objects):
        bpy.data.objects.remove(obj)
    obj, arm = harness.import_bundled("cow")
    bpy.context.view_layer.objects.active = obj
    # A constraint: the add-on reads Blender's pose by itself.
    copy = arm.pose.bones["head"].constraints.new("COPY_ROTATION")
    copy.target, copy.subtarget = arm, "front_l_leg"  # the head swings with a leg
    obj.dynskin.enabled = True
    scene = bpy.context.scene
    scene.frame_start, scene.frame_end = 1, 120  # may be a single 50 ms step on a fast machine
    scene.frame_set(30)
    state["obj"] = obj
    bpy.app.timers.register(guarded(bake), first_interval=2.0)


def bake():
    obj, scene = state["obj"], bpy.context.scene
    rig = harness.live._states[obj.name].rig
    print(f"DYNSKIN-BLENDER UI: the constrained pose read by itself for {len(rig.pose_track)} frames")
    expect(set(range(scene.frame_start, scene.frame_end + 1)) <= rig.pose_track.keys(),
           "the pose should have been read when idle")
    expect(obj.dynskin.status == "", f"status once the pose is read: {obj.dynskin.status}")
    window = bpy.context.window_manager.windows[0]
    for area in window.screen.areas:
        if area.type == "PROPERTIES":
            area.spaces[0].context = "OBJECT"
    state.update(live=harness.evaluated_world(obj), window=window)
    with bpy.context.temp_override(window=window):
        result = bpy.ops.dynskin.bake_shape_keys("INVOKE_DEFAULT")
    expect(result == {"RUNNING_MODAL"}, f"a clicked bake should run in steps, not {result}")
    state["progress seen"] = []
    bpy.app.timers.register(watch, first_interval=0.01)


def shown(progress_seen):
    """The progress the panel showed between steps, rounded for printing."""
    return sorted({round(p, 2) for p in progress_seen})


def watch():
    obj = state["obj"]
    progress = obj.dynskin.bake_progress
    if progress >= 0.0:
        state["progress seen"].append(progress)
        return 0.01
    bpy.context.scene.frame_set(30)
    difference = float(np.abs(harness.evaluated_world(obj) - state["live"]).max()) / 2.0
    print(f"DYNSKIN-BLENDER UI bake: progress seen at {shown(state['progress seen'])}, replay {difference:.3g}")
    expect(any(k.name.startswith("dynskin ") for k in obj.data.shape_keys.key_blocks), "no shape keys baked")
    expect(difference < 1e-6, f"the clicked bake replays {difference:.3g} of the size from live")
    # A longer bake, of many 50 ms steps (about 8 where one or two held the 120 frames above,
    # which a faster machine bakes in one): its progress shows in the panel before Esc
    # cancels it; nothing is written, the first bake stays.
    state["keys"] = len(obj.data.shape_keys.key_blocks)
    head = obj.find_armature().pose.bones["head"]
    head.constraints.remove(head.constraints[0])  # no pose to read for 600 frames
    bpy.context.scene.frame_end = 600
    with bpy.context.temp_override(window=state["window"]):
        result = bpy.ops.dynskin.bake_shape_keys("INVOKE_DEFAULT")
    expect(result == {"RUNNING_MODAL"}, f"the longer bake should run in steps, not {result}")
    state["long progress seen"] = []
    bpy.app.timers.register(guarded(watch_long_bake), first_interval=0.01)
    return None


def watch_long_bake():
    """The progress between steps, until some between 0 and 1 is seen: then Esc is pressed
    (the bake is still running: it is handled before the next step)."""
    progress, seen = state["obj"].dynskin.bake_progress, state["long progress seen"]
    if progress >= 0.0:
        seen.append(progress)
    in_between = any(0.0 < p < 1.0 for p in seen)
    if progress >= 0.0 and not in_between:
        return 0.01
    print(f"DYNSKIN-BLENDER UI: the 600-frame bake's progress seen at {shown(seen)}"
          f"{'' if progress >= 0.0 else ', then it ended'}")
    expect(in_between, "the panel should have shown the bake's progress")
    if progress < 0.0:  # over before any progress was seen: too late for Esc
        expect(False, "the 600-frame bake ended before Esc could be pressed")
        after_escape(pressed=False)
        return None
    state["window"].event_simulate(type="ESC", value="PRESS")
    bpy.app.timers.register(guarded(after_escape), first_interval=0.5)
    return None


def after_escape(pressed=True):
    obj = state["obj"]
    if pressed:
        keys = len(obj.data.shape_keys.key_blocks)
        print(f"DYNSKIN-BLENDER UI: Esc during a bake: {keys} shape keys (before: {state['keys']})")
        expect(obj.dynskin.bake_progress < 0.0, "the cancelled bake should be over")
        expect(keys == state["keys"], "a cancelled bake should write nothing")
    # The bone panel: the armature active, its first bone selected, the Bone tab shown.
    arm = obj.find_armature()
    bpy.context.view_layer.objects.active = arm
    arm.data.bones.active = arm.data.bones[0]
    bpy.app.timers.register(guarded(show_bone_tab), first_interval=0.5)  # once the tabs follow
    return None


def show_bone_tab():
    for area in state["window"].screen.areas:
        if area.type == "PROPERTIES":
            area.spaces[0].context = "BONE"
            area.tag_redraw()
    bpy.app.timers.register(guarded(finish), first_interval=1.0)  # after a redraw


def finish():
    status = 1 if harness.failures else 0
    print("DYNSKIN-BLENDER FAILED:" if status else "DYNSKIN-BLENDER ok", "; ".join(harness.failures))
    sys.stdout.flush()
    os._exit(status)  # quit_blender would exit 0 whatever happened


def guarded(step):
    def run():
        try:
            return step()
        except BaseException:  # noqa: BLE001 - a failure must end the run non-zero
            import traceback
            traceback.print_exc()
            sys.stdout.flush()
            os._exit(1)
    return run


watch = guarded(watch)
bpy.app.timers.register(guarded(start), first_interval=1.0)
bpy.app.timers.register(guarded(lambda: (expect(False, "timed out"), finish())), first_interval=240.0)
