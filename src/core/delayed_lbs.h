#pragma once
// dLBS: each joint's rotation reaches vertex i with the delay s_i(a) / c, where s_i(a) is the
// distance along the skeleton from joint a to the vertex's attachment point (its projection
// on the bone of its main joint), so a motion travels from the root to the extremities.
// Translations and scales are not delayed; c = infinity gives LBS exactly.

#include <vector>

#include "core/blocked_delays.h"
#include "core/blocked_rest_morph.h"
#include "core/delayed_kernels.h"
#include "core/delayed_rotation_table.h"
#include "core/hierarchical_weights.h"
#include "core/joint_motion_history.h"
#include "core/worker_pool.h"

namespace dynskin {

// s_i(a) / L for every (vertex, joint) entry of the hierarchical weights (same indexing):
// those entries are exactly the joints whose rotation moves the vertex.
std::vector<float> skeleton_distances(const Skeleton& skeleton, const SkinnedMesh& mesh,
                                      const HierarchicalWeights& betas, float size);

// The local rotation of `joint` at time t - delay: slerp between the measured ticks, and
// between the newest tick before t and the pose at t itself, so that delay 0 is exact.
glm::quat delayed_rotation(const JointMotionHistory& history, const Pose& pose, int joint, double t, double delay);

// The plain dLBS, vertex by vertex (threads over vertices): the delayed forward kinematics
// of each vertex's joints as matrices, then LBS. distances: skeleton_distances(...).
// DelayedLbs is tested against it and falls back to it where it cannot run. rest: the shape
// to skin (the morphed rest); null: the mesh's own.
void delayed_linear_blend_skinning(WorkerPool& pool, const Skeleton& skeleton, const SkinnedMesh& mesh,
                                   const HierarchicalWeights& betas, const std::vector<float>& distances,
                                   const JointMotionHistory& history, double t, const Pose& pose, float speed,
                                   std::vector<glm::vec3>& positions, std::vector<glm::vec3>& normals,
                                   const RestShape* rest = nullptr);

// The fast dLBS: the SIMD kernel of delayed_kernels.h over a blocked skin of its own,
// threads over its windows, the joints' slerp segments kept in a DelayedRotationTable.
// Same results as delayed_linear_blend_skinning within float rounding; nothing allocated
// per frame. A pose with a non-uniform scale goes to the plain version (a chain of those
// is no rotation).
//
// Its blocked skin sorts each group's vertices by their distance to the group's first
// ancestor (the root of their chain), so that the 16 lanes of a block have nearly the same
// delays: a block then mostly reads one slerp segment per joint, a broadcast instead of a
// lookup per lane.
class DelayedLbs {
public:
    DelayedLbs(const Skeleton& skeleton, const SkinnedMesh& mesh, const HierarchicalWeights& betas, float size);

    // speed: c in character sizes per second. The history must have advanced to t.
    // Results do not depend on the pool's thread count. morphed: the morphed rest to skin
    // (null or inactive: the mesh's own rest).
    void run(WorkerPool& pool, const Skeleton& skeleton, const SkinnedMesh& mesh, const HierarchicalWeights& betas,
             const JointMotionHistory& history, double t, const Pose& pose, float speed,
             std::vector<glm::vec3>& positions, std::vector<glm::vec3>& normals,
             const MorphedRest* morphed = nullptr);

    const BlockedSkin& layout() const { return skin_; }
    // Whether the last run took the SIMD kernel (false: it fell back to the plain version).
    bool last_run_was_fast() const { return last_run_was_fast_; }

    const std::vector<float>& distances() const { return distances_; }
    // Bytes of everything it keeps: its blocked skin, the delays and the rotation table.
    std::size_t memory_bytes() const;

private:
    bool prepare_joints(const Skeleton& skeleton, const SkinnedMesh& mesh, const Pose& pose);

    std::vector<float> distances_;
    BlockedSkin skin_;
    BlockedRestMorph rest_morph_;
    BlockedDelays delays_;
    DelayedRotationTable table_;
    std::vector<DelayedJointFrame> joints_;
    std::vector<float> scales_;
    bool last_run_was_fast_ = false;
};

}  // namespace dynskin
