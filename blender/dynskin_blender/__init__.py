"""dynskin in Blender: Dynamic Skinning live on the timeline, for meshes deformed by an
armature. The core is dynskin's Python module (built for Python 3.11)."""
bl_info = {
    "name": "Dynamic Skinning (dynskin)",
    "author": "dynskin",
    "version": (0, 1, 0),
    "blender": (3, 4, 0),
    "location": "Properties > Object > Dynamic Skinning",
    "description": "Secondary motion (wobble, drag, delayed LBS, squash & stretch) on skinned meshes",
    "category": "Animation",
}

import bpy

from . import live, operators, props, ui

_classes = (props.DynskinSettings, operators.DYNSKIN_OT_bake_pc2, ui.DYNSKIN_PT_object)


def register():
    for cls in _classes:
        bpy.utils.register_class(cls)
    bpy.types.Object.dynskin = bpy.props.PointerProperty(type=props.DynskinSettings)
    bpy.app.handlers.frame_change_post.append(live.on_frame_change)


def unregister():
    if live.on_frame_change in bpy.app.handlers.frame_change_post:
        bpy.app.handlers.frame_change_post.remove(live.on_frame_change)
    del bpy.types.Object.dynskin
    for cls in reversed(_classes):
        bpy.utils.unregister_class(cls)
    live.forget()
