"""The panels' buttons: bakes (modal: progress, Esc cancels), presets and a glb's settings."""
import os

import bpy
from bpy.props import EnumProperty, StringProperty

from . import bake, live, settings
from .rig import LAYERS, armature_of


class _OnSkinnedMesh:
    @classmethod
    def poll(cls, context):
        return armature_of(context.object) is not None


class _Bake(_OnSkinnedMesh):
    """Shared by the two bakes: run at once from a script (execute), or a step per timer
    tick with a progress bar when clicked (invoke/modal)."""

    _job = None
    _timer = None

    def finish(self, context, job):
        raise NotImplementedError

    def start(self, context, riding=False):
        try:
            return bake.BakeJob(context.scene, context.object, riding)
        except Exception as error:  # noqa: BLE001 - said to the user
            self.report({"ERROR"}, str(error))
            return None

    def execute(self, context):
        job = self.start(context)
        if job is None:
            return {"CANCELLED"}
        try:
            job.step()
            self.finish(context, job)
        except Exception as error:  # noqa: BLE001 - said to the user
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}
        return {"FINISHED"}

    def run_modal(self, context):
        self._job = self.start(context)
        if self._job is None:
            return {"CANCELLED"}
        manager = context.window_manager
        manager.progress_begin(0, 100)
        self._timer = manager.event_timer_add(0.01, window=context.window)
        manager.modal_handler_add(self)
        self._job.obj.dynskin.bake_progress = 0.0
        return {"RUNNING_MODAL"}

    def end(self, context):
        manager = context.window_manager
        manager.event_timer_remove(self._timer)
        manager.progress_end()
        self._job.obj.dynskin.bake_progress = -1.0  # the baked object, whichever is selected now
        for area in context.screen.areas if context.screen else ():
            area.tag_redraw()

    def modal(self, context, event):
        if event.type == "ESC":
            self.end(context)
            self.report({"WARNING"}, "Bake cancelled: nothing was written")
            return {"CANCELLED"}
        if event.type != "TIMER":
            return {"PASS_THROUGH"}
        try:
            fraction = self._job.step(0.05)
            context.window_manager.progress_update(int(100 * fraction))
            self._job.obj.dynskin.bake_progress = fraction
            if not self._job.done:
                return {"RUNNING_MODAL"}
            self.end(context)
            self.finish(context, self._job)
        except Exception as error:  # noqa: BLE001 - said to the user
            self.end(context)
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}
        return {"FINISHED"}


class DYNSKIN_OT_bake_pc2(_Bake, bpy.types.Operator):
    """Bakes the scene's frame range to a point cache (.pc2) and plays it with a Mesh Cache
    modifier, which renders anywhere without dynskin (Esc cancels)"""

    bl_idname = "dynskin.bake_pc2"
    bl_label = "Bake to Point Cache"
    filepath: StringProperty(subtype="FILE_PATH")
    filter_glob: StringProperty(default="*.pc2", options={"HIDDEN"})

    def invoke(self, context, event):
        if not self.filepath:  # beside the .blend; unsaved: the name alone, in the folder the user picks
            name = bpy.path.clean_name(context.object.name) + ".pc2"
            self.filepath = bpy.path.abspath(f"//{name}") if bpy.data.filepath else name
        context.window_manager.fileselect_add(self)
        return {"RUNNING_MODAL"}

    def execute(self, context):
        problem = bake.pc2_path_problem(self.filepath, bpy.data.filepath, bpy.app.tempdir)
        if problem:
            self.report({"ERROR"}, problem)
            return {"CANCELLED"}
        if bpy.app.background or context.window is None:  # no UI to show progress in: all at once
            return super().execute(context)
        return self.run_modal(context)  # after the file browser: in steps, with progress

    def finish(self, context, job):
        path = bpy.path.abspath(self.filepath)
        bake.write_pc2(path, job.baked, job.frames.start)
        bake.play_from_cache(job.obj, path, job.frames.start, job.span)
        self.report({"INFO"}, f"Baked {len(job.frames)} frames to {path}")


class DYNSKIN_OT_bake_shape_keys(_Bake, bpy.types.Operator):
    """Bakes the scene's frame range to shape keys, one a frame, saved in the .blend, riding
    on the armature where the stack allows, so that Blender's glTF and FBX exporters carry
    them (Esc cancels)"""

    bl_idname = "dynskin.bake_shape_keys"
    bl_label = "Bake to Shape Keys"
    _absolute_because = ""  # why the keys cannot ride on the armature ("" when they ride)

    def start(self, context):
        self._absolute_because = bake.riding_problem(context.object)
        return super().start(context, riding=not self._absolute_because)

    def invoke(self, context, event):
        return self.run_modal(context)

    def finish(self, context, job):
        bake.write_shape_keys(job.obj, job.baked, job.frames.start, job.span, job.riding)
        if job.riding:
            self.report({"INFO"}, f"Baked {len(job.frames)} frames to shape keys riding on the armature "
                                  "(Blender's glTF and FBX exporters carry them)")
        else:
            self.report({"WARNING"}, f"Baked {len(job.frames)} frames to shape keys of absolute positions, "
                                     f"the Armature modifier off, since {self._absolute_because}: they replay "
                                     "here, but an exporter would skin them a second time")


class DYNSKIN_OT_remove_bake(_OnSkinnedMesh, bpy.types.Operator):
    """Removes the baked point cache modifier and shape keys, switches on again what the bake
    switched off, and goes back to live dynskin"""

    bl_idname = "dynskin.remove_bake"
    bl_label = "Remove Bake"

    def execute(self, context):
        bake.remove_bake(context.object)
        return {"FINISHED"}


class DYNSKIN_OT_reread_rig(_OnSkinnedMesh, bpy.types.Operator):
    """Reads the mesh, its vertex groups and the bones again (after editing them)"""

    bl_idname = "dynskin.reread_rig"
    bl_label = "Re-read the Rig"

    def execute(self, context):
        live.forget(context.object)
        if context.object.dynskin.enabled:
            live.update_object(context.scene, context.object)
        return {"FINISHED"}


class DYNSKIN_OT_add_layer(_OnSkinnedMesh, bpy.types.Operator):
    """Adds the layer's vertex group with every vertex at 1 (what no group means), ready to
    be painted down in Weight Paint"""

    bl_idname = "dynskin.add_layer"
    bl_label = "Add a Painted Layer"
    bl_options = {"REGISTER", "UNDO"}
    layer: EnumProperty(items=[(name, name, "") for name in LAYERS])

    def execute(self, context):
        obj = context.object
        low, high = getattr(obj.dynskin, f"{self.layer}_range")
        weight = (1.0 - low) / (high - low) if high != low else 1.0
        group = obj.vertex_groups.get(f"dynskin_{self.layer}") or obj.vertex_groups.new(name=f"dynskin_{self.layer}")
        group.add(range(len(obj.data.vertices)), min(max(weight, 0.0), 1.0), "REPLACE")
        live.forget(obj)
        if obj.dynskin.enabled:
            live.update_object(context.scene, obj)
        return {"FINISHED"}


class _FileOperator(_OnSkinnedMesh):
    filepath: StringProperty(subtype="FILE_PATH")

    def invoke(self, context, event):
        context.window_manager.fileselect_add(self)
        return {"RUNNING_MODAL"}

    def execute(self, context):
        path = bpy.path.abspath(self.filepath)
        try:
            message = self.act(context, path)
        except Exception as error:  # noqa: BLE001 - a broken file is said, nothing changes
            name = os.path.basename(path)
            self.report({"ERROR"}, str(error) if name in str(error) else f"{name}: {error}")
            return {"CANCELLED"}
        live.forget(context.object)  # a glb may have painted the layers' vertex groups
        if context.object.dynskin.enabled:
            live.update_object(context.scene, context.object)
        self.report({"INFO"}, message)
        return {"FINISHED"}


class DYNSKIN_OT_load_preset(_FileOperator, bpy.types.Operator):
    """Loads a preset saved by the dynskin viewer (its global parameters)"""

    bl_idname = "dynskin.load_preset"
    bl_label = "Load Preset"
    filter_glob: StringProperty(default="*.json", options={"HIDDEN"})

    def act(self, context, path):
        settings.load_preset(context.object, path)
        return f"Loaded {os.path.basename(path)}"


class DYNSKIN_OT_save_preset(_FileOperator, bpy.types.Operator):
    """Saves the global parameters as a preset the dynskin viewer opens"""

    bl_idname = "dynskin.save_preset"
    bl_label = "Save Preset"
    filter_glob: StringProperty(default="*.json", options={"HIDDEN"})

    def invoke(self, context, event):
        if not self.filepath:
            self.filepath = f"{context.object.name}.json"
        return super().invoke(context, event)

    def act(self, context, path):
        settings.save_preset(context.object, path)
        return f"Saved {path}"


class DYNSKIN_OT_load_glb_settings(_FileOperator, bpy.types.Operator):
    """Loads the settings a dynskin glb carries (saved by the viewer): the global parameters,
    each joint's own on the bone of the same name, and the painted layers as vertex groups
    when this mesh is the glb's"""

    bl_idname = "dynskin.load_glb_settings"
    bl_label = "Settings from a dynskin glb"
    filter_glob: StringProperty(default="*.glb;*.gltf", options={"HIDDEN"})

    def act(self, context, path):
        said = settings.load_from_glb(context.object, armature_of(context.object), path)
        return f"Loaded the settings of {os.path.basename(path)}: {said}"


classes = (DYNSKIN_OT_bake_pc2, DYNSKIN_OT_bake_shape_keys, DYNSKIN_OT_remove_bake, DYNSKIN_OT_reread_rig,
           DYNSKIN_OT_add_layer, DYNSKIN_OT_load_preset, DYNSKIN_OT_save_preset, DYNSKIN_OT_load_glb_settings)
