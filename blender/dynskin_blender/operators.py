"""The panel's buttons."""
import os

import bpy
from bpy.props import StringProperty

from . import bake
from .rig import armature_of


class DYNSKIN_OT_bake_pc2(bpy.types.Operator):
    """Bakes the scene's frame range to a point cache (.pc2) and plays it with a Mesh Cache
    modifier, which renders anywhere without dynskin"""

    bl_idname = "dynskin.bake_pc2"
    bl_label = "Bake to Point Cache"
    filepath: StringProperty(subtype="FILE_PATH")

    @classmethod
    def poll(cls, context):
        return armature_of(context.object) is not None

    def invoke(self, context, event):
        if not self.filepath:
            self.filepath = bpy.path.abspath(f"//{context.object.name}.pc2") if bpy.data.filepath else \
                os.path.join(bpy.app.tempdir, f"{context.object.name}.pc2")
        context.window_manager.fileselect_add(self)
        return {"RUNNING_MODAL"}

    def execute(self, context):
        obj, scene = context.object, context.scene
        path = bpy.path.abspath(self.filepath)
        manager = context.window_manager
        manager.progress_begin(0, 100)
        try:
            bake.bake_pc2(scene, obj, path, lambda fraction: manager.progress_update(int(100 * fraction)))
        except (ValueError, RuntimeError, OSError) as error:
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}
        finally:
            manager.progress_end()
        bake.play_from_cache(obj, path, scene.frame_start)
        self.report({"INFO"}, f"Baked {scene.frame_end - scene.frame_start + 1} frames to {path}")
        return {"FINISHED"}
