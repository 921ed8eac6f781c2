"""The panel's settings, on each mesh object: the viewer's parameters, ranges and defaults, as
dynskin's parameter table gives them (dynskin.parameter_table(); blender/tests/test_schema.py
compares them): the table's slider range is each property's soft range, its description the
tooltip (with the unit), and a number that can be off has a switch beside it."""
import bpy
from bpy.props import BoolProperty, EnumProperty, FloatProperty, FloatVectorProperty, IntProperty, StringProperty

from . import live, simulation


def oscillation_properties(update):
    """f, tau, A, D with the viewer's defaults and ranges (the object's and each bone's own)."""
    return {
        "frequency": FloatProperty(name="f", default=2.0, min=0.0, soft_max=10.0, update=update,
                                   description="f: the wobble's frequency (Hz)"),
        "damping": FloatProperty(name="tau", default=0.4, min=0.0, soft_max=3.0, update=update,
                                 description="tau: the wobble dies out as exp(-t / tau) (s)"),
        "amplitude": FloatProperty(name="A", default=0.15, soft_min=-1.0, soft_max=1.0, update=update,
                                   description="A: the strength of the wobble each change of speed starts; "
                                               "negative: the other way (s)"),
        "drag": FloatProperty(name="D", default=0.1, soft_min=-1.0, soft_max=1.0, update=update,
                              description="D: the skin's lag behind a turning joint, in proportion to its speed (s)"),
    }


def _enabled_changed(self, context):
    obj = self.id_data
    if self.enabled:
        simulation.choose_start(context.scene, obj)
        live.enable(obj)
        live.update_object(context.scene, obj)
    else:
        live.disable(obj)


def _normals_changed(self, context):
    if self.enabled:
        live.set_auto_smooth_while_live(self.id_data)


def _layers_changed(self, context):
    """A layer's range moved: the rig is read again."""
    obj = self.id_data
    live.forget(obj)
    if self.enabled:
        live.update_object(context.scene, obj)


def _setting_changed(self, context):
    """A parameter moved: shown at once, even paused (simulated again up to this frame)."""
    obj = self.id_data
    if self.enabled:
        live.resimulate(obj)
        live.update_object(context.scene, obj)


def _start_changed(self, context):
    self.simulation_start_set = True  # the user's choice: kept when the scene's range changes
    _setting_changed(self, context)


def overridable(cls):
    """Every setting may differ on a library override (a linked character's own), and the
    difference is saved with the file that overrides it."""
    for prop in cls.__annotations__.values():
        prop.keywords.setdefault("override", {"LIBRARY_OVERRIDABLE"})
    return cls


@overridable
class DynskinSettings(bpy.types.PropertyGroup):
    enabled: BoolProperty(name="Dynamic Skinning", default=False, update=_enabled_changed,
                          description="Deform this mesh with dynskin instead of Blender's Armature modifier")
    mode: EnumProperty(name="Mode", default="dynamic", update=_setting_changed,
                       description="What is added to the base skinning", items=[
                           ("lbs", "LBS only", "The base skinning alone"),
                           ("drag", "Drag only", "The drag term alone: the lag while joints turn, no wobble"),
                           ("dynamic", "Dynamic", "Drag and damped oscillations")])
    __annotations__.update(oscillation_properties(_setting_changed))
    dual_quaternion: BoolProperty(name="Dual quaternion base", default=False, update=_setting_changed,
                                  description="Dual quaternion skinning as the base instead of LBS")
    translation_gain: FloatProperty(name="Translation", default=1.0, min=0.0, soft_max=3.0, update=_setting_changed,
                                    description="Strength of the lag and wobble behind a joint whose translation "
                                                "moves; 0: off")
    delayed: BoolProperty(name="Delayed LBS", default=False, update=_setting_changed,
                          description="Rotations travel from the root to the extremities at speed c")
    propagation_speed: FloatProperty(name="c", default=2.0, min=0.01, soft_min=0.2, soft_max=20.0,
                                     update=_setting_changed,
                                     description="c: delayed LBS, the speed at which turns travel from the root to "
                                                 "the extremities (sizes/s)")
    limit_angle: BoolProperty(name="Limit the bend", default=True, update=_setting_changed)
    max_angle: FloatProperty(name="Max angle", default=1.0, min=0.01, soft_min=0.05, soft_max=3.0,
                             update=_setting_changed,
                             description="Soft limit of the bend angle, and of the translation's lag (the floppy "
                                         "limiter) (rad)")
    limit_offset: BoolProperty(name="Limit the offset", default=True, update=_setting_changed)
    max_offset: FloatProperty(name="Max offset", default=0.25, min=0.01, soft_min=0.02, soft_max=1.0,
                              update=_setting_changed,
                              description="Soft limit of each vertex's offset from the base skinning (sizes)")
    squash: FloatProperty(name="Squash", default=0.0, soft_min=0.0, soft_max=1.0, update=_setting_changed,
                          description="S: Velocity Skinning's squash & stretch, a part moving at speed v stretches "
                                      "by about 1 + S v / L; 0: off (s)")
    squash_center: EnumProperty(name="Centre", default="axis", update=_setting_changed,
                                description="Where a turning joint's squash is centred", items=[
                                    ("axis", "Axis",
                                     "Each vertex stretches along its own travel, about the medial axis (limbs)"),
                                    ("centroid", "Centroid",
                                     "The region stretches as one blob along its centroid's velocity (end bones)")])
    bend_range: FloatVectorProperty(
        name="Bend range", size=2, default=(0.0, 1.0), update=_layers_changed,
        description="The bend weight that a vertex group weight of 0 and of 1 mean (the layer may go below 0 or "
                    "above 1; a mesh without the group bends everywhere with weight 1)")
    floppy_range: FloatVectorProperty(
        name="Floppy range", size=2, default=(0.0, 1.0), update=_layers_changed,
        description="The floppy weight that a vertex group weight of 0 and of 1 mean (missing group: 1)")
    squash_range: FloatVectorProperty(
        name="Squash range", size=2, default=(0.0, 1.0), update=_layers_changed,
        description="The squash weight that a vertex group weight of 0 and of 1 mean (missing group: 1)")
    keep_custom_normals: BoolProperty(
        name="Keep custom normals", default=False, update=_normals_changed,
        description="Keep Auto Smooth while live (custom split normals cost Blender 20-60 ms a frame to deform; "
                    "off, Auto Smooth is switched off while dynskin is on and back on after)")
    simulation_start: IntProperty(
        name="Simulation Start", default=1, update=_start_changed,
        description="The frame the simulation starts at (the motion before a shot's first frame counts). Set to the "
                    "scene's start when Dynamic Skinning is switched on; a render of part of the range (a farm's "
                    "chunk, blender -s) simulates from here, so every frame is the same as in a whole render")
    simulation_start_set: BoolProperty(default=False, options={"HIDDEN"})
    auto_smooth_was_on: BoolProperty(default=False, options={"HIDDEN"})
    bake_progress: FloatProperty(default=-1.0, options={"HIDDEN", "SKIP_SAVE"})  # < 0: no bake running
    status: StringProperty(name="Status", default="", description="What went wrong or needs a look, if anything")


def _bone_setting_changed(self, context):
    """A bone's own setting moved: every live mesh this armature deforms is simulated again."""
    for obj in context.scene.objects:
        if obj.type == "MESH" and obj.dynskin.enabled and live.deformed_by(obj, self.id_data):
            live.resimulate(obj)
            live.update_object(context.scene, obj)


@overridable
class DynskinBoneSettings(bpy.types.PropertyGroup):
    """A bone's own settings (the viewer's Joints panel)."""
    enabled: BoolProperty(name="Secondary motion", default=True, update=_bone_setting_changed,
                          description="This bone's motion makes the skin lag and wobble")
    gain: FloatProperty(name="Gain", default=1.0, min=0.0, soft_max=3.0, update=_bone_setting_changed,
                        description="Scales this bone's effect")
    own_oscillation: BoolProperty(name="Own f, tau, A, D", default=False, update=_bone_setting_changed,
                                  description="This bone uses its own oscillation instead of the object's")
    __annotations__.update(oscillation_properties(_bone_setting_changed))
    origin_offset: FloatVectorProperty(name="Origin offset", size=3, subtype="TRANSLATION", update=_bone_setting_changed,
                                       description="Moves the point the skin turns about, in the bone's frame")
    bend_rotation: BoolProperty(name="Turn", default=True, update=_bone_setting_changed,
                                description="The bone's turn drives the lag and wobble")
    bend_translation: BoolProperty(name="Move", default=True, update=_bone_setting_changed,
                                   description="The bone's translation drives the lag and wobble")
    squash_rotation: BoolProperty(name="Turn", default=True, update=_bone_setting_changed,
                                  description="The bone's turn drives squash & stretch")
    squash_translation: BoolProperty(name="Move", default=True, update=_bone_setting_changed,
                                     description="The bone's translation drives squash & stretch")
