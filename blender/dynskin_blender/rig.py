"""A Blender mesh and its armature as dynskin sees them: the rest skin in world space, the
vertex groups as joint weights, the bones as joints (parents first), the dynskin_* vertex
groups as painted layers, and the armature's pose at any frame of its action."""

import bpy
import mathutils
import numpy as np

import dynskin

from . import compat, nla
from .key_sampler import KeySampler

LAYERS = ("bend", "floppy", "squash")  # vertex groups dynskin_bend, ... (missing group: 1 everywhere)


def armature_of(obj):
    """The armature deforming a mesh object through an Armature modifier, or None."""
    if obj is None or obj.type != "MESH":
        return None
    for modifier in obj.modifiers:
        if modifier.type == "ARMATURE" and modifier.object is not None:
            return modifier.object
    return None


def bones_parents_first(armature):
    order, seen = [], set()

    def visit(bone):
        if bone.name in seen:
            return
        if bone.parent:
            visit(bone.parent)
        seen.add(bone.name)
        order.append(bone)

    for bone in armature.data.bones:
        visit(bone)
    return order


def matrix(m, dtype=np.float64):
    """A mathutils Matrix as an array, its rows read as tuples (numpy reads a Matrix element by
    element, 4 times slower: 8 us a 4x4, paid each frame for the armature object's)."""
    return np.array([row[:] for row in m], dtype=dtype)


def armature_size_and_ground(armature, rest_world):
    """The character size L and the ground (the lowest world z) of everything an armature
    deforms: its joints and the vertices of every mesh with an Armature modifier on it, at rest
    in the world. Measured per mesh, an accessory (a hat, a visor) would get a size and ground
    of its own and move against what it sits on."""
    skins = []
    for obj in bpy.data.objects:
        if obj.type == "MESH" and armature_of(obj) == armature:
            n = len(obj.data.vertices)
            co = np.empty(n * 3, dtype=np.float32)
            obj.data.vertices.foreach_get("co", co)
            skins.append((np.c_[co.reshape(-1, 3), np.ones(n)] @ matrix(obj.matrix_world).T)[:, :3])
    joints = np.stack([r[:3, 3] for r in rest_world])
    skin = np.concatenate(skins).astype(np.float32)
    return dynskin.character_size(joints.astype(np.float32), skin), float(skin[:, 2].min())


class Rig:
    """dynskin's Character for one mesh object, and how to pose it from Blender."""

    def __init__(self, obj):
        self.armature = armature_of(obj)
        if self.armature is None:
            raise ValueError(f"{obj.name} has no Armature modifier with an armature")
        bones = bones_parents_first(self.armature)
        if not bones:
            raise ValueError(f"{self.armature.name} has no bones")
        self.bone_names = [b.name for b in bones]
        index = {name: j for j, name in enumerate(self.bone_names)}
        self.parents = np.array([index[b.parent.name] if b.parent else -1 for b in bones])
        self.generations = generations(self.parents)
        self.rest_armature = [matrix(b.matrix_local) for b in bones]  # armature space
        # Each bone's rest in its parent's frame, and where it sits in pose.bones' order.
        self.rest_offsets = np.stack([r if p < 0 else np.linalg.inv(self.rest_armature[p]) @ r
                                      for r, p in zip(self.rest_armature, self.parents)])
        pose_index = {b.name: k for k, b in enumerate(self.armature.pose.bones)}
        self.pose_order = np.array([pose_index[name] for name in self.bone_names])
        arm_world = matrix(self.armature.matrix_world)
        rest_world = [arm_world @ r for r in self.rest_armature]
        rest_local = [rest_world[j] if p < 0 else np.linalg.inv(rest_world[p]) @ rest_world[j]
                      for j, p in enumerate(self.parents)]

        mesh = obj.data
        n = len(mesh.vertices)
        co = np.empty(n * 3, dtype=np.float32)
        mesh.vertices.foreach_get("co", co)
        self.object_world = matrix(obj.matrix_world)
        world = (np.c_[co.reshape(-1, 3), np.ones(n)] @ self.object_world.T)[:, :3]

        self.vertex_count = n
        joints, weights, unweighted = joint_weights(obj, index)
        # Said in the panel: such vertices usually mean a vertex group is missing.
        self.weights_note = "" if not unweighted else (
            f"{unweighted} {'vertex is' if unweighted == 1 else 'vertices are'} in no bone's group: "
            f"{'it follows' if unweighted == 1 else 'they follow'} {self.bone_names[0]} rigidly")
        # Constraints, drivers, NLA: the pose is then Blender's own, read frame by frame.
        self.evaluated_pose = pose_not_from_keys(self.armature)
        self.pose_track = {}  # frame -> world matrices read from Blender (live.read_pose)
        self.object_track = {}  # frame -> the armature object's world matrix read with them
        self._curves_of = {}  # action -> its bone channels' curves
        triangles = loop_triangles(mesh)
        self.character = dynskin.Character.from_arrays(
            world.astype(np.float32), triangles, joints, weights, self.parents,
            np.stack(rest_local).astype(np.float32),
            inverse_binds=np.stack([np.linalg.inv(r) for r in rest_world]).astype(np.float32),
            names=self.bone_names, name=obj.name)
        # One size and ground for everything the armature deforms: a hat on the head moves with
        # it. Blender's up is +z.
        self.character.size, self.character.ground = armature_size_and_ground(self.armature, rest_world)
        self.character.up_axis = 2
        self.layers_read = {}
        self.set_layers(obj, layer_weights(obj, n))

    def set_layers(self, obj, layers):
        """The painted layers' vertex group weights ({name: (N,)}, from layer_weights) on the
        character, each group's 0..1 spanning the layer's range; a layer whose group went is
        1 again. Returns whether they differ from the ones read before."""
        if layers.keys() == self.layers_read.keys() and all(
                np.array_equal(values, self.layers_read[name]) for name, values in layers.items()):
            return False
        for name in LAYERS:
            values = layers.get(name)
            if values is None:
                weights = np.ones(self.vertex_count, dtype=np.float32)
            else:
                low, high = getattr(obj.dynskin, f"{name}_range") if hasattr(obj, "dynskin") else (0.0, 1.0)
                weights = (low + values * (high - low)).astype(np.float32)
            if values is not None or name in self.layers_read:
                setattr(self.character, f"{name}_weights", weights)
        self.layers_read = layers
        return True

    def _curves(self, action, slot):
        """An action's fcurves per bone channel, {channel: (bones, components, KeySampler)}
        (the bones and components as index arrays), kept until the keys change (a
        re-simulation reads them at every frame)."""
        curves = self._curves_of.get(action)
        if curves is None:
            index = {name: j for j, name in enumerate(self.bone_names)}
            grouped = {}
            for fc in compat.action_fcurves(action, slot):
                path = fc.data_path
                if not path.startswith('pose.bones["'):
                    continue
                name, _, channel = path[len('pose.bones["'):].partition('"].')
                if name in index and channel in CHANNELS and fc.array_index < CHANNELS[channel]:
                    bones, components, fcurves = grouped.setdefault(channel, ([], [], []))
                    bones.append(index[name])
                    components.append(fc.array_index)
                    fcurves.append(fc)
            curves = self._curves_of[action] = {channel: (np.array(bones), np.array(components), KeySampler(fcurves))
                                                for channel, (bones, components, fcurves) in grouped.items()}
        return curves

    @property
    def note(self):
        """What the panel says about the rig, if anything."""
        notes = [self.weights_note] if self.weights_note else []
        if self.evaluated_pose and not self.pose_track:
            notes.append(f"{self.evaluated_pose}: the pose is the action's keys until Blender's is read")
        return "; ".join(notes)

    def read_evaluated_pose(self, frame):
        """Keeps Blender's evaluated pose of the current frame (constraints, drivers, NLA
        included) as the pose of `frame`."""
        arm = self.armature.evaluated_get(bpy.context.evaluated_depsgraph_get())
        flat = np.empty(len(arm.pose.bones) * 16, dtype=np.float32)
        arm.pose.bones.foreach_get("matrix", flat)  # column-major, in pose.bones' order
        posed = flat.reshape(-1, 4, 4).transpose(0, 2, 1)[self.pose_order]
        world = matrix(arm.matrix_world)
        self.object_track[frame] = world.astype(np.float32)
        self.pose_track[frame] = (world @ posed).astype(np.float32)

    def forget_evaluated_pose(self):
        """The armature changed (a constraint or driver added or removed, a bone posed): what
        moves its bones is found again, and Blender's pose read again."""
        self.evaluated_pose = pose_not_from_keys(self.armature)
        self.pose_track.clear()
        self.object_track.clear()

    def forget_curves(self):
        """The actions' curves are read again (keys were added or removed)."""
        self._curves_of = {}

    def object_matrix(self, frame):
        """The armature object's world matrix at a frame, which world_matrices include: as read
        with Blender's pose (its parent's or a platform's motion too), else as it is now. Given
        to dynskin beside the bones' matrices, so that the Object motion setting can take the
        object's motion out of what drives the dynamics."""
        if frame in self.object_track:
            return self.object_track[frame]
        return matrix(self.armature.matrix_world, np.float32)  # (its float32 values: no rounding)

    def world_matrices(self, frame):
        """The bones' world matrices at a frame: Blender's own pose where it was read (a rig
        with constraints, drivers or NLA strips nla.py does not follow), else from the
        armature's NLA strips and action (world_matrices_at)."""
        if frame in self.pose_track:
            return self.pose_track[frame]
        return self.world_matrices_at([frame])[0]

    def world_matrices_at(self, frames):
        """The bones' world matrices at action frames, (F, J, 4, 4) float32, from the
        armature's NLA strips and action (nla.layers_at): forward kinematics of each pose
        bone's animated location, rotation and scale (a channel no action animates keeps its
        current value). Several frames at once share numpy's work (a frame alone: 0.18 ms for
        the Fox's 24 bones, most of it numpy's per-call cost)."""
        arm, count = self.armature, len(frames)
        values = {}
        for channel, size in CHANNELS.items():  # the current pose, then the actions' keys
            flat = np.empty(len(self.bone_names) * size, dtype=np.float64)
            arm.pose.bones.foreach_get(channel, flat)  # in the armature's own bone order
            values[channel] = np.repeat(flat.reshape(1, -1, size)[:, self.pose_order], count, axis=0)
        for action, slot in nla.domain(arm.animation_data):  # what the layers blend over: defaults
            for channel, (rows, components, _) in self._curves(action, slot).items():
                values[channel][:, rows, components] = np.asarray(DEFAULTS[channel])[components]
        # The frames posed by the same layers (all of them, without NLA strips) are keyed together:
        # each channel's curves sampled at all their times at once (key_sampler.py), and each layer
        # put over what is below in one numpy step, not one a frame.
        alike = {}
        for k, layers in enumerate(nla.layers_at(arm.animation_data, frames)):
            alike.setdefault(tuple((action, slot) for action, slot, _, _ in layers), []).append((k, layers))
        for posed in alike.values():
            ks = np.array([k for k, _ in posed])[:, None]
            for depth, (action, slot, _, _) in enumerate(posed[0][1]):  # each replaces what is below
                times = [layers[depth][2] for _, layers in posed]
                weights = np.array([layers[depth][3] for _, layers in posed])[:, None]
                whole = bool(np.all(weights >= 1.0))
                for channel, (rows, components, sampler) in self._curves(action, slot).items():
                    keys = sampler.sample(times)
                    if not whole:
                        below = values[channel][ks, rows, components]
                        keys = np.where(weights >= 1.0, keys, below + weights * (keys - below))
                    values[channel][ks, rows, components] = keys
        # Most rigs' bones turn by quaternions: all at once; the others with mathutils, a few
        # microseconds a bone.
        rotation = quaternion_matrices(values["rotation_quaternion"].reshape(-1, 4)).reshape(count, -1, 3, 3)
        modes = [bone.rotation_mode for bone in arm.pose.bones]  # (in their own order: no look-up by name)
        for j, k in enumerate(self.pose_order):
            mode = modes[k]
            if mode == "QUATERNION":
                continue
            for f in range(count):
                if mode == "AXIS_ANGLE":
                    angle, *axis = values["rotation_axis_angle"][f, j]
                    rotation[f, j] = mathutils.Matrix.Rotation(angle, 3, axis)
                else:
                    rotation[f, j] = mathutils.Euler(values["rotation_euler"][f, j], mode).to_matrix()
        basis = np.zeros((count, len(self.bone_names), 4, 4))
        basis[..., :3, :3] = rotation * values["scale"][..., None, :]
        basis[..., :3, 3] = values["location"]
        basis[..., 3, 3] = 1.0
        local = self.rest_offsets @ basis  # each bone in its parent's posed frame
        pose = np.empty_like(local)
        for bones, parents in self.generations:  # the roots, their children, ...: each generation at once
            pose[:, bones] = local[:, bones] if parents is None else pose[:, parents] @ local[:, bones]
        return (matrix(arm.matrix_world) @ pose).astype(np.float32)


def joint_weights(obj, index):
    """The mesh's joint weights from its vertex groups named after bones (index: bone name ->
    joint): (N, K) joints and (N, K) weights, each vertex's influences in its groups' order and
    normalised as Blender does, and how many vertices are in no bone's group (those follow the
    first joint rigidly). One Python pass reads the groups (Blender has no bulk read of them);
    numpy places and normalises them (a loop a vertex took most of switching a Fox on)."""
    mesh = obj.data
    n = len(mesh.vertices)
    joint_of_group = np.full(max((g.index for g in obj.vertex_groups), default=-1) + 2, -1, dtype=np.int64)
    for g in obj.vertex_groups:
        joint_of_group[g.index] = index.get(g.name, -1)
    read = np.array([(v.index, g.group, g.weight) for v in mesh.vertices for g in v.groups], dtype=np.float64)
    read = read.reshape(-1, 3)  # (vertex, group, weight) rows; the indices exact in float64
    vertex, group, weight = read[:, 0].astype(np.int64), read[:, 1].astype(np.int64), read[:, 2]
    # A group index the object does not list (a stale one) reads as the last, no joint's.
    joint = joint_of_group[np.where((group >= 0) & (group < len(joint_of_group)), group, -1)]
    kept = (joint >= 0) & (weight > 0.0)
    vertex, joint, weight = vertex[kept], joint[kept], weight[kept]
    counts = np.bincount(vertex, minlength=n)
    # Each influence's slot: its rank among its vertex's (the reads come vertex by vertex).
    slot = np.arange(len(vertex)) - np.repeat(np.cumsum(counts) - counts, counts)
    total = np.bincount(vertex, weights=weight, minlength=n)  # summed in order, as sum() would
    k = max(1, int(counts.max()) if n else 1)
    joints = np.zeros((n, k), dtype=np.int64)
    weights = np.zeros((n, k), dtype=np.float32)
    joints[vertex, slot] = joint
    weights[vertex, slot] = weight / total[vertex]  # Blender normalises too
    unweighted = total <= 0.0  # not deformed by any bone: carried by the first one, rigidly
    joints[unweighted] = 0
    weights[unweighted] = 0.0
    weights[unweighted, 0] = 1.0
    return joints, weights, int(unweighted.sum())


def loop_triangles(mesh):
    """The mesh's triangles, (T, 3) vertex indices."""
    mesh.calc_loop_triangles()
    triangles = np.empty(len(mesh.loop_triangles) * 3, dtype=np.int32)
    mesh.loop_triangles.foreach_get("vertices", triangles)
    return triangles.reshape(-1, 3).astype(np.int64)


def generations(parents):
    """The bones (parents first) by depth, [(bones, their parents)], the roots' parents None:
    forward kinematics a generation at a time."""
    depth = np.zeros(len(parents), dtype=np.int64)
    for j, parent in enumerate(parents):
        depth[j] = 0 if parent < 0 else depth[parent] + 1
    found = []
    for level in range(int(depth.max()) + 1 if len(depth) else 0):
        bones = np.flatnonzero(depth == level)
        found.append((bones, None if level == 0 else parents[bones]))
    return found


def quaternion_matrices(quaternions):
    """(B, 4) quaternions (w, x, y, z), normalised, as (B, 3, 3) rotation matrices; a zero
    quaternion is no rotation, as Blender takes it."""
    length = np.linalg.norm(quaternions, axis=1)
    q = np.where(length[:, None] > 0.0, quaternions / np.where(length > 0.0, length, 1.0)[:, None], (1.0, 0, 0, 0))
    w, x, y, z = q.T
    return np.stack([1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
                     2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
                     2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)], axis=1).reshape(-1, 3, 3)


def layer_weights(obj, n):
    """The dynskin_* vertex groups' weights, {layer name: (n,) float32}; a vertex outside
    the group has 0 (a missing group is no entry: 1 everywhere)."""
    groups = {obj.vertex_groups[f"dynskin_{name}"].index: name
              for name in LAYERS if f"dynskin_{name}" in obj.vertex_groups}
    layers = {name: np.zeros(n, dtype=np.float32) for name in groups.values()}
    if groups:
        for v in obj.data.vertices:
            for g in v.groups:
                if g.group in groups:
                    layers[groups[g.group]][v.index] = g.weight
    return layers


TRANSFORM_PATHS = {"location", "rotation_euler", "rotation_quaternion", "rotation_axis_angle", "scale",
                   "delta_location", "delta_rotation_euler", "delta_rotation_quaternion", "delta_scale"}


def object_moves(armature):
    """Whether the armature object's world transform changes over time: its own transform
    keyed or driven, an object constraint, or a parent (an Empty, a vehicle) that moves so.
    The character's whole motion then drives the drag, as any other motion does, and only
    Blender's evaluated pose gives it for every frame (the keys give the bones alone)."""
    o = armature
    while o is not None:
        animation = o.animation_data
        curves = [*(animation.action.fcurves if animation and animation.action else ()),
                  *(animation.drivers if animation else ())]
        if any(c.data_path in TRANSFORM_PATHS for c in curves) or any(c.enabled for c in o.constraints):
            return True
        if o is not armature and animation is not None and len(animation.nla_tracks) > 0:
            return True
        o = o.parent
    return False


def pose_not_from_keys(armature):
    """What moves the armature's bones besides its actions' keys (its NLA strips as nla.py
    follows them), which the live pose does not follow (constraints, drivers, other NLA
    strips, the armature object's own motion), said in words; "" when nothing does."""
    constrained = sum(any(c.enabled for c in bone.constraints) for bone in armature.pose.bones)
    animation = armature.animation_data
    drivers = len(animation.drivers) if animation else 0
    strips = nla.unsupported(animation)
    said = [f"{count} {one if count == 1 else many}" for count, one, many in (
        (constrained, "bone with constraints", "bones with constraints"), (drivers, "driver", "drivers"),
        (strips, "NLA track", "NLA tracks")) if count]
    if object_moves(armature):
        said.append("the armature object's own motion")
    return ", ".join(said)


DEFAULTS = {"location": (0.0, 0.0, 0.0), "rotation_quaternion": (1.0, 0.0, 0.0, 0.0),
            "rotation_axis_angle": (0.0, 0.0, 1.0, 0.0), "rotation_euler": (0.0, 0.0, 0.0), "scale": (1.0, 1.0, 1.0)}
CHANNELS = {"location": 3, "rotation_quaternion": 4, "rotation_axis_angle": 4, "rotation_euler": 3, "scale": 3}
