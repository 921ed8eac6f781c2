"""Blender's exporters run while dynskin is live write the plain character: dynskin's motion is
exported by a bake (bake.py), and a file exported while live must not carry one frame's offsets
as if they were the character's shape. While an exporter runs, the live meshes have no dynskin
key, their dynskin modifier is off (the exporters' Apply Modifiers would add its offsets), and
the frames it steps through are not simulated; afterwards the frame shown is live again, from
the kept results. Blender's glTF exporter calls the add-on's glTF2_pre_export_callback and
glTF2_post_export_callback (__init__.py); its FBX exporter has no hook, so its save function
is wrapped."""
import functools

import bpy

from . import live, stack

# While an exporter runs: each live mesh's dynskin modifier and its display switches before.
_held = None


def _live_meshes():
    return [obj for obj in bpy.data.objects
            if obj.type == "MESH" and obj.library is None and obj.data.library is None and stack.is_live(obj)]


def show_plain_character():
    """The live meshes as plain skinning shows them, until show_live_character()."""
    global _held
    if _held is not None:
        return
    meshes = _live_meshes()
    _held = [(m, m.show_viewport, m.show_render) for m in map(stack.modifier_of, meshes)]
    live.stand_by(True)
    for obj in meshes:
        stack.remove_live_key(obj)
    for modifier, _, _ in _held:
        modifier.show_viewport = modifier.show_render = False
    if not bpy.app.background:  # an export that fails before its end: live again once Blender is idle
        bpy.app.timers.register(show_live_character, first_interval=0.0)


def show_live_character():
    global _held
    if _held is None:
        return
    held, _held = _held, None
    for modifier, viewport, render in held:
        try:
            modifier.show_viewport, modifier.show_render = viewport, render
        except ReferenceError:  # its object went meanwhile
            pass
    live.stand_by(False)
    for scene in bpy.data.scenes:
        live.show_frame(scene)


def _plain_character_during(save):
    @functools.wraps(save)
    def save_plain(*args, **kwargs):
        show_plain_character()
        try:
            return save(*args, **kwargs)
        finally:
            show_live_character()

    save_plain.dynskin_wraps = save
    return save_plain


def _fbx_exporter():
    try:
        from io_scene_fbx import export_fbx_bin
    except ImportError:  # a Blender without its FBX add-on
        return None
    return export_fbx_bin


def hook_fbx():
    exporter = _fbx_exporter()
    if exporter is not None and not hasattr(exporter.save, "dynskin_wraps"):
        exporter.save = _plain_character_during(exporter.save)


def unhook_fbx():
    exporter = _fbx_exporter()
    if exporter is not None and hasattr(exporter.save, "dynskin_wraps"):
        exporter.save = exporter.save.dynskin_wraps
