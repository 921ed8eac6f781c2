"""A Blender mesh and its armature as dynskin sees them: the rest skin in world space, the
vertex groups as joint weights, the bones as joints (parents first), the dynskin_* vertex
groups as painted layers, and the armature's pose at any frame of its action."""
import numpy as np

import dynskin

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


def matrix(m):
    return np.array(m, dtype=np.float64)


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
        self.rest_armature = [matrix(b.matrix_local) for b in bones]  # armature space
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

        group_joint = {g.index: index.get(g.name, -1) for g in obj.vertex_groups}
        layer_group = {obj.vertex_groups[f"dynskin_{name}"].index: name
                       for name in LAYERS if f"dynskin_{name}" in obj.vertex_groups}
        layers = {name: np.zeros(n, dtype=np.float32) for name in layer_group.values()}
        rows = []
        for v in mesh.vertices:
            influences = []
            for g in v.groups:
                if g.group in layer_group:
                    layers[layer_group[g.group]][v.index] = g.weight
                elif group_joint.get(g.group, -1) >= 0 and g.weight > 0.0:
                    influences.append((group_joint[g.group], g.weight))
            rows.append(influences)
        k = max(1, max(len(r) for r in rows))
        joints = np.zeros((n, k), dtype=np.int64)
        weights = np.zeros((n, k), dtype=np.float32)
        unweighted = 0
        for i, influences in enumerate(rows):
            total = sum(w for _, w in influences)
            if total <= 0.0:  # not deformed by any bone: carried by the first one, rigidly
                unweighted += 1
                weights[i, 0] = 1.0
                continue
            for slot, (j, w) in enumerate(influences):
                joints[i, slot], weights[i, slot] = j, w / total  # Blender normalises too
        # Said in the panel: such vertices usually mean a vertex group is missing.
        self.note = (f"{unweighted} vertices are in no bone's group: they follow {self.bone_names[0]} rigidly"
                     if unweighted else "")
        triangles = np.array([t.vertices[:] for t in self._triangles(mesh)], dtype=np.int64).reshape(-1, 3)
        self.character = dynskin.Character.from_arrays(
            world.astype(np.float32), triangles, joints, weights, self.parents,
            np.stack(rest_local).astype(np.float32),
            inverse_binds=np.stack([np.linalg.inv(r) for r in rest_world]).astype(np.float32),
            names=self.bone_names, name=obj.name)
        for name, values in layers.items():
            setattr(self.character, f"{name}_weights", values)
        self.vertex_count = n

    @staticmethod
    def _triangles(mesh):
        mesh.calc_loop_triangles()
        return mesh.loop_triangles

    def _curves(self, action):
        """The action's fcurves by (data path, index), kept while the action stays the same
        (a re-simulation reads them at every frame)."""
        if getattr(self, "_curves_of", None) is not action:
            self._curves_of = action
            self._curve_map = {(fc.data_path, fc.array_index): fc for fc in action.fcurves} if action else {}
        return self._curve_map

    def world_matrices(self, frame):
        """The bones' world matrices at a frame, from the armature's action (forward
        kinematics of each pose bone's animated location, rotation and scale; a bone the
        action does not animate keeps its current pose)."""
        import mathutils

        arm = self.armature
        action = arm.animation_data.action if arm.animation_data else None
        curves = self._curves(action)
        pose = []
        for j, name in enumerate(self.bone_names):
            pb = arm.pose.bones[name]

            def channel(prop, count):
                path = f'pose.bones["{name}"].{prop}'
                current = getattr(pb, prop)
                return [curves[(path, i)].evaluate(frame) if (path, i) in curves else current[i] for i in range(count)]

            if pb.rotation_mode == "QUATERNION":
                rotation = mathutils.Quaternion(channel("rotation_quaternion", 4)).normalized().to_matrix()
            elif pb.rotation_mode == "AXIS_ANGLE":
                angle, *axis = channel("rotation_axis_angle", 4)
                rotation = mathutils.Matrix.Rotation(angle, 3, axis)
            else:
                rotation = mathutils.Euler(channel("rotation_euler", 3), pb.rotation_mode).to_matrix()
            basis = np.eye(4)
            basis[:3, :3] = np.array(rotation) * np.array(channel("scale", 3))
            basis[:3, 3] = channel("location", 3)
            parent = self.parents[j]
            if parent < 0:
                pose.append(self.rest_armature[j] @ basis)
            else:
                offset = np.linalg.inv(self.rest_armature[parent]) @ self.rest_armature[j]
                pose.append(pose[parent] @ offset @ basis)
        arm_world = matrix(arm.matrix_world)
        return np.stack([arm_world @ p for p in pose]).astype(np.float32)
