"""dynskin in Blender: Dynamic Skinning live on the timeline, for meshes deformed by an
armature. The core is dynskin's Python module (built for Python 3.11)."""
bl_info = {
    "name": "Dynamic Skinning (dynskin)",
    "author": "dynskin",
    "version": (0, 2, 0),
    "blender": (3, 4, 0),
    "location": "Properties > Object > Dynamic Skinning; Properties > Bone > Dynamic Skinning",
    "description": "Secondary motion (wobble, drag, delayed LBS, squash & stretch) on skinned meshes",
    "category": "Animation",
}

import bpy

from . import live, operators, props, ui

_classes = (props.DynskinSettings, props.DynskinBoneSettings, *operators.classes, *ui.classes)


def register():
    for cls in _classes:
        bpy.utils.register_class(cls)
    bpy.types.Object.dynskin = bpy.props.PointerProperty(type=props.DynskinSettings)
    bpy.types.Bone.dynskin = bpy.props.PointerProperty(type=props.DynskinBoneSettings)
    bpy.app.handlers.frame_change_pre.append(live.on_frame_change)


def unregister():
    if live.on_frame_change in bpy.app.handlers.frame_change_pre:
        bpy.app.handlers.frame_change_pre.remove(live.on_frame_change)
    del bpy.types.Bone.dynskin
    del bpy.types.Object.dynskin
    for cls in reversed(_classes):
        bpy.utils.unregister_class(cls)
    live.forget()
