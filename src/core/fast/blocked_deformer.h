#pragma once
// The fast path of the frame: LBS and the bend (with Velocity Skinning's floppy layer and
// squash & stretch) over the blocked skin, SIMD in each block
// and threads over windows of vertices. Same inputs and results as linear_blend_skinning
// followed by apply_bend (within float rounding); nothing is allocated per frame, and a
// joint that is still costs nothing: each group's list of moving joints is rebuilt per
// frame from the drives, and the kernels only visit those.

#include <vector>

#include "core/formulas/bend.h"
#include "core/fast/bend_simd.h"
#include "core/fast/blocked_rest_morph.h"
#include "core/fast/blocked_skin.h"
#include "core/fast/worker_pool.h"

namespace dynskin {

class BlockedDeformer {
public:
    BlockedDeformer(const SkinnedMesh& mesh, const HierarchicalWeights& betas);

    // skinning: the skinning matrices for LBS, or null when base_positions and base_normals
    // already hold the base (DQS, dLBS). bend: null for none, and then positions and
    // normals are left as they are (the base is the result). Outputs are resized to the
    // mesh; positions and normals get the base plus the bend. morphed: the morphed rest
    // that LBS skins (its changed groups are copied into the layout's rest rows first);
    // null or inactive: the mesh's own rest.
    void run(WorkerPool& pool, const std::vector<glm::mat4>* skinning, const BendInputs* bend,
             std::vector<glm::vec3>& base_positions, std::vector<glm::vec3>& base_normals,
             std::vector<glm::vec3>& positions, std::vector<glm::vec3>& normals,
             const MorphedRest* morphed = nullptr);

    const BlockedSkin& layout() const { return skin_; }
    std::size_t memory_bytes() const;

private:
    void prepare_bend(const BendInputs& bend, bool floppy, bool squash);
    static void prepare_squash(const JointDrive& drive, const BendInputs& bend, BendJointFrame& frame);

    BlockedSkin skin_;
    BlockedRestMorph rest_morph_;
    std::vector<float> skinning_;  // 12 floats per joint
    std::vector<BendJointFrame> joints_;
    std::vector<std::uint32_t> active_slots_;  // indexed like skin_.joints
    std::vector<std::uint32_t> active_count_;  // per group
};

}  // namespace dynskin
