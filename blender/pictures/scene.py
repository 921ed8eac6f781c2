"""The Blender guide's pictures (docs/blender.md) (blender/pictures/make.sh runs this): the cow imported from
its glb with the settings and painted layers it carries, dynskin live.
  panel  (Blender's window, under Xvfb): the viewport in Material Preview and Object
         properties > Dynamic Skinning, at FRAME; written to OUT
  render (blender -b): Blender's own skinning (left) and dynskin (right), rendered with Eevee"""
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [os.environ.get("DYNSKIN_MODULE_DIR", os.path.join(ROOT, "build", "python")), os.path.join(ROOT, "blender")]
import numpy
numpy.bool = bool  # Blender 3.4's glTF importer with numpy 1.24
import bpy
import mathutils

import dynskin_blender
from dynskin_blender import settings

COW = os.path.join(ROOT, "assets", "cow.glb")
FRAME = int(os.environ.get("FRAME", "16"))
OUT = os.environ["OUT"]


def import_cow(x=0.0, live=True):
    before = set(bpy.data.objects)
    bpy.ops.import_scene.gltf(filepath=COW)
    new = [o for o in bpy.data.objects if o not in before]
    arm = next(o for o in new if o.type == "ARMATURE")
    obj = next(o for o in new if o.type == "MESH")
    arm.location.x = x
    if live:
        settings.load_from_glb(obj, arm, COW)
        obj.dynskin.enabled = True
    return obj


def panel():
    dynskin_blender.register()
    for obj in list(bpy.data.objects):
        bpy.data.objects.remove(obj)
    obj = import_cow()
    bpy.context.view_layer.objects.active = obj
    obj.select_set(True)
    bpy.context.scene.frame_set(FRAME)
    for area in bpy.context.window_manager.windows[0].screen.areas:
        if area.type == "PROPERTIES":
            area.spaces[0].context = "OBJECT"
        if area.type == "VIEW_3D":
            space = area.spaces[0]
            space.shading.type = "MATERIAL"
            view = space.region_3d
            view.view_rotation = mathutils.Euler((math.radians(72), 0.0, math.radians(28))).to_quaternion()
            view.view_location, view.view_distance = (0.0, 0.0, 0.75), 3.3
    bpy.app.timers.register(shoot, first_interval=40.0)  # Eevee compiles its shaders on the CPU


def shoot():
    bpy.ops.screen.screenshot(filepath=OUT)
    bpy.ops.wm.quit_blender()


def render():
    dynskin_blender.register()
    bpy.ops.wm.read_factory_settings(use_empty=True)
    import_cow(-1.45, live=False)
    import_cow(1.45)
    scene = bpy.context.scene
    scene.frame_set(FRAME)
    bpy.ops.object.camera_add(location=(0.0, -9.5, 2.9), rotation=(math.radians(78), 0.0, 0.0))
    scene.camera = bpy.context.object
    bpy.ops.object.light_add(type="SUN", rotation=(math.radians(40), math.radians(20), math.radians(30)))
    bpy.context.object.data.energy = 3.0
    bpy.ops.mesh.primitive_plane_add(size=30)
    scene.world = bpy.data.worlds.new("sky")
    scene.world.use_nodes = True
    scene.world.node_tree.nodes["Background"].inputs[0].default_value = (0.6, 0.65, 0.72, 1.0)
    scene.render.engine = "BLENDER_EEVEE"
    scene.render.resolution_x, scene.render.resolution_y = 1200, 560
    scene.render.filepath = OUT
    bpy.ops.render.render(write_still=True)


if bpy.app.background:
    render()
else:
    bpy.app.timers.register(panel, first_interval=1.0)  # once the window is up
