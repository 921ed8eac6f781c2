#pragma once
// The fast dLBS (the formula: core/formulas/delayed_lbs.h).

#include <vector>

#include "core/fast/blocked_rest_morph.h"
#include "core/fast/delayed_lbs_delays.h"
#include "core/fast/delayed_lbs_rotation_table.h"
#include "core/fast/delayed_lbs_simd.h"
#include "core/formulas/delayed_lbs.h"

namespace dynskin {

// The fast dLBS: the SIMD kernel of delayed_lbs_simd.h over a blocked skin of its own,
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
    // The skeleton, the skin and the weights must outlive it, unchanged.
    DelayedLbs(const Skeleton& skeleton, const SkinnedMesh& mesh, const HierarchicalWeights& betas, float size);
    DelayedLbs(const DelayedLbs&) = delete;
    DelayedLbs& operator=(const DelayedLbs&) = delete;

    // speed: c in character sizes per second. The history must have advanced to t.
    // Results do not depend on the executor's thread count. morphed: the morphed rest to skin
    // (null or inactive: the mesh's own rest).
    void run(Executor& executor, const JointMotionHistory& history, double t, const Pose& pose, float speed,
             std::vector<glm::vec3>& positions, std::vector<glm::vec3>& normals, const MorphedRest* morphed = nullptr);

    const BlockedSkin& layout() const { return skin_; }
    // Whether the last run took the SIMD kernel (false: it fell back to the plain version).
    bool last_run_was_fast() const { return last_run_was_fast_; }

    const std::vector<float>& distances() const { return distances_; }
    // Bytes of everything it keeps: its blocked skin, the delays and the rotation table.
    std::size_t memory_bytes() const;

private:
    bool prepare_joints(const Pose& pose);

    const Skeleton& skeleton_;
    const SkinnedMesh& mesh_;
    const HierarchicalWeights& betas_;
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
