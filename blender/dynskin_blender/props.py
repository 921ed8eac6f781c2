"""The panel's settings, on each mesh object and each bone, made from dynskin's tables when the
add-on loads (dynskin.parameter_table(), dynskin.joint_setting_table()): a row's range is its
property's hard limits, its slider range the soft ones, and its default, choices and
description (with the unit, the tooltip) are the property's. What the tables do not say is
the panel's own: the properties' labels, the switch beside a number that can be off, `base` as the
dual_quaternion switch, a bone's `enabled`, and the object's layers, time and bake state.
blender/tests/test_schema.py checks the properties against the tables."""
import math

import bpy
import dynskin
from bpy.props import BoolProperty, EnumProperty, FloatProperty, FloatVectorProperty, IntProperty, StringProperty

from . import live, simulation

PARAMETERS = dynskin.parameter_table()
JOINT_SETTINGS = dynskin.joint_setting_table()
OSCILLATION = tuple(row["name"] for row in PARAMETERS if row["per_joint"])  # also each bone's own

# The panel's words where a row's name does not read well as a label.
LABELS = {"frequency": "f", "damping": "tau", "amplitude": "A", "drag": "D", "propagation_speed": "c",
          "translation_gain": "Translation", "object_motion": "Object motion", "squash_center": "Centre", "override_oscillation": "Own f, tau, A, D"}
# A number that can be off is a switch and the number the switch turns on:
# {row: (switch property, label, description)}.
SWITCHES = {
    "propagation_speed": ("delayed", "Delayed LBS", "Rotations travel from the root to the extremities at speed c"),
    "max_angle": ("limit_angle", "Limit the bend", ""),
    "max_offset": ("limit_offset", "Limit the offset", ""),
    "ground_contact": ("ground_contact_on", "Ground contact", "Planted feet stay planted: the skin near the ground "
                       "(the armature's lowest point at rest) keeps Blender's skinning"),
}
# A rig in Blender comes without dynskin settings: a mesh switched on for the first time
# gets those of an unseen rig (dynskin's rig_defaults.h: the ground contact on) over the
# method's defaults, which the properties keep so that files saved before stay as they were.
UNSEEN_RIG_SWITCHES = ("ground_contact_on",)
# The two choices of `base` are a switch, the same property as dynskin.Settings': on is "dq".
BASE_SWITCH = "dual_quaternion"
# A bone's property for a joint setting, where it is not the setting's own name.
BONE_NAMES = {"override_oscillation": "own_oscillation"}
# A motion switches row is two flags (bend_rotation, bend_translation): (motion, label).
MOTIONS = (("rotation", "Turn"), ("translation", "Move"))
_DEFAULT_JOINT = dynskin.JointSettings()  # the vectors' and motion switches' defaults


def is_off(row, value):
    """Whether a number that can be off is off (the table's `off`: at infinity, or at zero,
    where <= 0 and infinity are off)."""
    return math.isinf(value) if row["off"] == "at_infinity" else not 0.0 < value < math.inf


def off_value(row):
    """What a number that can be off is set to when its switch is off."""
    return math.inf if row["off"] == "at_infinity" else 0.0


def bone_fields(row):
    """(dynskin.JointSettings property, bone property) for each property a joint row makes."""
    if row["kind"] == "oscillation":
        names = OSCILLATION
    elif row["kind"] == "motion_switches":
        names = [f"{row['name']}_{motion}" for motion, _ in MOTIONS]
    else:
        return [(row["name"], BONE_NAMES.get(row["name"], row["name"]))]
    return [(name, name) for name in names]


def _label(name):
    return LABELS.get(name, name.replace("_", " ").capitalize())


def _described(row):
    return f"{row['description']} ({row['unit']})" if row["unit"] else row["description"]


def _number(row, update, default=None):
    """A number row's property: its range the hard limits, its slider's the soft ones."""
    return FloatProperty(name=_label(row["name"]), default=row["default"] if default is None else default,
                         min=row["min"], max=row["max"], soft_min=row["slider_min"], soft_max=row["slider_max"],
                         description=_described(row), update=update)


def parameter_properties(update):
    """The object's property (or switch and number) for each row of the parameter table."""
    made = {}
    for row in PARAMETERS:
        name = row["name"]
        if name == "base":
            linear, dual_quaternion = row["choices"]
            made[BASE_SWITCH] = BoolProperty(
                name=f"{dual_quaternion['label']} base", default=row["default"] == dual_quaternion["name"],
                description=f"{row['description']}: on, {dual_quaternion['description']}; off, {linear['description']}",
                update=update)
        elif row["choices"]:
            items = [(c["name"], c["label"], c["description"]) for c in row["choices"]]
            made[name] = EnumProperty(name=_label(name), default=row["default"], items=items,
                                      description=row["description"], update=update)
        elif name in SWITCHES:
            switch, label, description = SWITCHES[name]
            on = not is_off(row, row["default"])
            made[switch] = BoolProperty(name=label, default=on, description=description, update=update)
            made[name] = _number(row, update, default=row["default"] if on else row["on_value"])
        else:
            made[name] = _number(row, update)
    return made


def joint_setting_properties(update):
    """A bone's properties for each row of the joint table (bone_fields)."""
    parameters = {row["name"]: row for row in PARAMETERS}
    made = {}
    for row in JOINT_SETTINGS:
        fields = bone_fields(row)
        if row["kind"] == "oscillation":
            made.update((name, _number(parameters[name], update)) for _, name in fields)
        elif row["kind"] == "motion_switches":
            for (attribute, name), (_, label) in zip(fields, MOTIONS):  # described as dynskin's property
                made[name] = BoolProperty(name=label, default=getattr(_DEFAULT_JOINT, attribute), update=update,
                                          description=getattr(dynskin.JointSettings, attribute).__doc__)
        else:  # one property
            attribute, name = fields[0]
            if row["kind"] == "number":
                made[name] = _number(row, update)
            elif row["kind"] == "flag":
                made[name] = BoolProperty(name=_label(attribute), default=row["default"], description=_described(row),
                                          update=update)
            elif row["kind"] == "vector":
                made[name] = FloatVectorProperty(name=_label(attribute), size=3, subtype="TRANSLATION",
                                                 default=getattr(_DEFAULT_JOINT, attribute),
                                                 description=_described(row), update=update)
    return made


def _enabled_changed(self, context):
    obj = self.id_data
    if self.enabled and not self.rig_defaults_set:
        self.rig_defaults_set = True
        for switch in UNSEEN_RIG_SWITCHES:
            self[switch] = True  # (item assignment: no update, the mesh is not live yet)
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
                          description="Add dynskin's secondary motion after this mesh's Armature modifier, which "
                                      "keeps skinning it (a Geometry Nodes modifier named dynskin, right after it)")
    __annotations__.update(parameter_properties(_setting_changed))
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
        name="Keep custom normals", default=True, update=_normals_changed,
        description="Keep the mesh's Auto Smooth and custom split normals while live, as plain skinning shows them. "
                    "Off, Auto Smooth is switched off while dynskin is on and back on after: faster playback (custom "
                    "split normals cost Blender 20-60 ms a frame to deform), smooth shading instead")
    simulation_start: IntProperty(
        name="Simulation Start", default=1, update=_start_changed,
        description="The frame the simulation starts at (the motion before a shot's first frame counts). Set to the "
                    "scene's start when Dynamic Skinning is switched on; a render of part of the range (a farm's "
                    "chunk, blender -s) simulates from here, so every frame is the same as in a whole render")
    simulation_start_set: BoolProperty(default=False, options={"HIDDEN"})
    rig_defaults_set: BoolProperty(default=False, options={"HIDDEN"})  # UNSEEN_RIG_SWITCHES given
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
    __annotations__.update(joint_setting_properties(_bone_setting_changed))
