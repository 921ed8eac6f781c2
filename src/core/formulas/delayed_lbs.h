#pragma once
// dLBS: each joint's rotation reaches vertex i with the delay s_i(a) / c, where s_i(a) is the
// distance along the skeleton from joint a to the vertex's attachment point (its projection
// on the bone of its main joint), so a motion travels from the root to the extremities.
// Translations and scales are not delayed; c = infinity gives LBS exactly.

#include <vector>

#include "core/dynamics/joint_motion_history.h"
#include "dynskin/executor.h"
#include "dynskin/hierarchical_weights.h"

namespace dynskin {

// s_i(a) / L for every (vertex, joint) entry of the hierarchical weights (same indexing):
// those entries are exactly the joints whose rotation moves the vertex.
std::vector<float> skeleton_distances(const Skeleton& skeleton, const SkinnedMesh& mesh,
                                      const HierarchicalWeights& betas, float size);

// An upper bound of every skeleton distance s_i(a), in model units, from the skeleton alone:
// the longest path between two joints plus the longest bone (a vertex hangs on a bone).
float longest_skeleton_distance(const Skeleton& skeleton);

// The local rotation of `joint` at time t - delay: slerp between the measured ticks, and
// between the newest tick before t and the pose at t itself, so that delay 0 is exact.
glm::quat delayed_rotation(const JointMotionHistory& history, const Pose& pose, int joint, double t, double delay);

// The plain dLBS, vertex by vertex (threads over vertices): the delayed forward kinematics
// of each vertex's joints as matrices, then LBS. distances: skeleton_distances(...).
// DelayedLbs is tested against it and falls back to it where it cannot run. rest: the shape
// to skin (the morphed rest); null: the mesh's own.
void delayed_linear_blend_skinning(Executor& executor, const Skeleton& skeleton, const SkinnedMesh& mesh,
                                   const HierarchicalWeights& betas, const std::vector<float>& distances,
                                   const JointMotionHistory& history, double t, const Pose& pose, float speed,
                                   std::vector<glm::vec3>& positions, std::vector<glm::vec3>& normals,
                                   const RestShape* rest = nullptr);

}  // namespace dynskin
