"""Object properties > Dynamic Skinning."""
import bpy

from .rig import armature_of


class DYNSKIN_PT_object(bpy.types.Panel):
    bl_label = "Dynamic Skinning"
    bl_space_type = "PROPERTIES"
    bl_region_type = "WINDOW"
    bl_context = "object"

    @classmethod
    def poll(cls, context):
        return armature_of(context.object) is not None

    def draw_header(self, context):
        self.layout.prop(context.object.dynskin, "enabled", text="")

    def draw(self, context):
        props = context.object.dynskin
        layout = self.layout
        layout.use_property_split = True
        layout.active = props.enabled
        if props.status:
            layout.label(text=props.status, icon="INFO")
        layout.prop(props, "mode")
        column = layout.column(align=True)
        for name in ("frequency", "damping", "amplitude", "drag"):
            column.prop(props, name)
        layout.prop(props, "dual_quaternion")
        layout.prop(props, "translation_gain")
        row = layout.row(heading="Delayed LBS")
        row.prop(props, "delayed", text="")
        row.prop(props, "propagation_speed")
        row = layout.row(heading="Limits")
        row.prop(props, "limit_angle", text="")
        row.prop(props, "max_angle")
        row = layout.row()
        row.prop(props, "limit_offset", text="")
        row.prop(props, "max_offset")
        layout.prop(props, "squash")
        layout.prop(props, "squash_center")
        layout.operator("dynskin.bake_pc2", icon="FILE_CACHE")
