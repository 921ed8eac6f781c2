"""Object properties > Dynamic Skinning, and Bone properties > Dynamic Skinning."""
import bpy

from . import bake, stack
from .props import OSCILLATION
from .rig import LAYERS, armature_of


class DYNSKIN_PT_object(bpy.types.Panel):
    bl_label = "Dynamic Skinning"
    bl_space_type = "PROPERTIES"
    bl_region_type = "WINDOW"
    bl_context = "object"

    @classmethod
    def poll(cls, context):
        return context.object is not None and context.object.type == "MESH"

    def draw_header(self, context):
        self.layout.prop(context.object.dynskin, "enabled", text="")

    def draw(self, context):
        obj = context.object
        props = obj.dynskin
        layout = self.layout
        if armature_of(obj) is None:
            layout.label(text="Needs an Armature modifier with an armature", icon="ERROR")
            return
        if obj.library is not None:  # Blender forbids changing it
            layout.label(text="Linked: Object > Library Override > Make to animate it", icon="ERROR")
        layout.use_property_split = True
        if props.status:
            layout.label(text=props.status, icon="INFO")
        if props.enabled:
            self.draw_way_in(layout, obj)
            layout.operator("dynskin.reread_rig", icon="FILE_REFRESH")
        row = layout.row(align=True)
        row.operator("dynskin.load_preset", icon="IMPORT")
        row.operator("dynskin.save_preset", icon="EXPORT")
        layout.operator("dynskin.load_glb_settings", icon="FILE_3D")
        body = layout.column()
        body.active = props.enabled
        body.prop(props, "mode")
        body.prop(props, "simulation_start")
        column = body.column(align=True)
        column.active = props.mode != "lbs"
        for name in OSCILLATION:
            column.prop(props, name)
        body.prop(props, "dual_quaternion")
        body.prop(props, "translation_gain")
        row = body.row(heading="Delayed LBS")
        row.prop(props, "delayed", text="")
        sub = row.row()
        sub.active = props.delayed
        sub.prop(props, "propagation_speed")
        for limit in ("angle", "offset"):
            row = body.row(heading="Limits" if limit == "angle" else "")
            row.prop(props, f"limit_{limit}", text="")
            sub = row.row()
            sub.active = getattr(props, f"limit_{limit}")
            sub.prop(props, f"max_{limit}")
        row = body.row(heading="Ground contact")
        row.prop(props, "ground_contact_on", text="")
        sub = row.row()
        sub.active = props.ground_contact_on
        sub.prop(props, "ground_contact")
        body.prop(props, "object_motion")
        body.prop(props, "squash")
        body.prop(props, "squash_center")
        if hasattr(obj.data, "use_auto_smooth"):  # Blender 4.1 dropped Auto Smooth
            body.prop(props, "keep_custom_normals")
            if props.auto_smooth_was_on:
                body.label(text="Auto Smooth is off while live (faster)", icon="INFO")
        self.draw_layers(body, obj)
        self.draw_bake(layout, obj)

    @staticmethod
    def draw_way_in(layout, obj):
        """How dynskin's offsets come in (stack.py): riding on the Armature modifier as a shape
        key (the fastest), or added by dynskin's modifier, and why."""
        modifier = stack.modifier_of(obj)
        group = modifier.node_group.name if modifier is not None and modifier.node_group is not None else ""
        if group == stack.RIDING_GROUP:
            layout.label(text=f"Shape key '{stack.LIVE_KEY}' riding on the Armature modifier (fastest)",
                         icon="SHAPEKEY_DATA")
        elif group == stack.GROUP:
            problem = stack.rides_problem(obj)
            layout.label(text=f"Added by the dynskin modifier{': ' + problem if problem else ''}", icon="MODIFIER")

    @staticmethod
    def draw_layers(layout, obj):
        """The painted layers: vertex groups painted with Weight Paint, each group's 0..1
        spanning a range of the layer (a missing group means 1 everywhere)."""
        box = layout.box()
        box.label(text="Painted layers (vertex groups)", icon="BRUSH_DATA")
        for name in LAYERS:
            row = box.row(align=True)
            row.label(text=f"dynskin_{name}")
            if f"dynskin_{name}" in obj.vertex_groups:
                row.prop(obj.dynskin, f"{name}_range", text="")
            else:
                row.operator("dynskin.add_layer", text="Add (now 1)", icon="ADD").layer = name

    @staticmethod
    def draw_bake(layout, obj):
        layout.separator()
        progress = obj.dynskin.bake_progress
        if progress >= 0.0:
            if hasattr(layout, "progress"):  # Blender 4.0 and later
                layout.progress(factor=progress, text="Baking (Esc cancels)")
            else:
                layout.label(text=f"Baking: {100 * progress:.0f} % (Esc cancels)", icon="TIME")
            return
        column = layout.column(align=True)
        column.operator("dynskin.bake_pc2", icon="FILE_CACHE")
        column.operator("dynskin.bake_shape_keys", icon="SHAPEKEY_DATA")
        baked = bake.CACHE_MODIFIER in obj.modifiers or (
            obj.data.shape_keys is not None and any(k.name.startswith(bake.KEY_PREFIX) for k in obj.data.shape_keys.key_blocks))
        if baked:
            if bake.exports_twice(obj):
                layout.label(text="Absolute shape keys: not for export (exporters skin them again)", icon="ERROR")
            layout.operator("dynskin.remove_bake", icon="TRASH")


class DYNSKIN_PT_bone(bpy.types.Panel):
    bl_label = "Dynamic Skinning"
    bl_space_type = "PROPERTIES"
    bl_region_type = "WINDOW"
    bl_context = "bone"

    @classmethod
    def poll(cls, context):
        return context.bone is not None or context.edit_bone is not None

    def draw_header(self, context):
        bone = context.bone or context.armature.bones.get(context.edit_bone.name)
        if bone is not None:
            self.layout.prop(bone.dynskin, "enabled", text="")

    def draw(self, context):
        bone = context.bone or context.armature.bones.get(context.edit_bone.name)
        layout = self.layout
        if bone is None:
            layout.label(text="Leave Edit Mode to set this bone")
            return
        props = bone.dynskin
        layout.use_property_split = True
        layout.active = props.enabled
        layout.prop(props, "gain")
        layout.prop(props, "own_oscillation")
        column = layout.column(align=True)
        column.active = props.own_oscillation
        for name in OSCILLATION:
            column.prop(props, name)
        layout.prop(props, "origin_offset")
        row = layout.row(heading="Lag from")
        row.prop(props, "bend_rotation", toggle=True)
        row.prop(props, "bend_translation", toggle=True)
        row = layout.row(heading="Squash from")
        row.prop(props, "squash_rotation", toggle=True)
        row.prop(props, "squash_translation", toggle=True)
        layout.prop(props, "centroid_offset")


classes = (DYNSKIN_PT_object, DYNSKIN_PT_bone)
