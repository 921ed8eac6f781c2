"""dynskin in Blender: Dynamic Skinning live on the timeline, for meshes deformed by an
armature. The core is dynskin's Python module (built for Python 3.11)."""
bl_info = {
    "name": "Dynamic Skinning (dynskin)",
    "author": "dynskin",
    "version": (0, 3, 0),
    "blender": (3, 4, 0),
    "location": "Properties > Object > Dynamic Skinning; Properties > Bone > Dynamic Skinning",
    "description": "Secondary motion (wobble, drag, delayed LBS, squash & stretch) on skinned meshes",
    "category": "Animation",
}

import os
import sys

_bundled = os.path.join(os.path.dirname(__file__), "lib")  # the zip's own module and libhwy
if os.path.isdir(_bundled) and _bundled not in sys.path:
    sys.path.insert(0, _bundled)
try:
    import dynskin  # noqa: F401
except ImportError as error:
    raise ImportError(f"dynskin's compiled module does not load in this Blender (its Python is "
                      f"{sys.version_info.major}.{sys.version_info.minor}; the module is built for Python 3.11 "
                      f"on x86-64 Linux with glibc 2.36 or later): {error}") from error

import bpy

from . import compat, exporters, live, operators, props, simulation, ui

_classes = (props.DynskinSettings, props.DynskinBoneSettings, *operators.classes, *ui.classes)
_handlers = (*live.HANDLERS, ("load_post", simulation.on_file_loaded))


def glTF2_pre_export_callback(export_settings):
    """Called by Blender's glTF exporter before it reads the scene (it looks for this name in
    the enabled add-ons): the file it writes holds the plain character (exporters.py)."""
    exporters.show_plain_character()


def glTF2_post_export_callback(export_settings):
    exporters.show_live_character()


def register():
    compat.keep_the_gltf_importer_working()  # the docs' first step imports a glb
    for cls in _classes:
        bpy.utils.register_class(cls)
    bpy.types.Object.dynskin = bpy.props.PointerProperty(type=props.DynskinSettings, override={"LIBRARY_OVERRIDABLE"})
    bpy.types.Bone.dynskin = bpy.props.PointerProperty(type=props.DynskinBoneSettings, override={"LIBRARY_OVERRIDABLE"})
    for name, handler in _handlers:
        getattr(bpy.app.handlers, name).append(handler)
    exporters.hook_fbx()


def unregister():
    exporters.unhook_fbx()
    live.leave_plain_skinning()  # before the settings go: they say which meshes are live
    for name, handler in _handlers:
        handlers = getattr(bpy.app.handlers, name)
        if handler in handlers:
            handlers.remove(handler)
    del bpy.types.Bone.dynskin
    del bpy.types.Object.dynskin
    for cls in reversed(_classes):
        bpy.utils.unregister_class(cls)
