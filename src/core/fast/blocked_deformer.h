#pragma once
// The fast path of the frame: LBS and the bend (with Velocity Skinning's floppy layer and
// squash & stretch) over the blocked skin, SIMD in each block
// and threads over windows of vertices. Same inputs and results as linear_blend_skinning
// followed by apply_bend (within float rounding); nothing is allocated per frame, and a
// joint that is still costs nothing: each group's list of moving joints is rebuilt per
// frame from the drives, and the kernels only visit those.

#include <vector>

#include "core/fast/bend_simd.h"
#include "core/fast/blocked_rest_morph.h"
#include "core/fast/blocked_skin.h"
#include "core/formulas/bend.h"
#include "dynskin/deformer_outputs.h"
#include "dynskin/executor.h"

namespace dynskin {

// One frame's per-vertex results, owned by the caller and reused frame after frame.
struct SkinnedFrame {
    std::vector<glm::vec3> base_positions, base_normals;  // the base skinning
    std::vector<glm::vec3> positions, normals;            // the base plus the offsets
    std::vector<glm::vec3> bind_space_offsets;            // DeformerOutputs::bind_space_offsets
};

class BlockedDeformer {
public:
    BlockedDeformer(const SkinnedMesh& mesh, const HierarchicalWeights& betas);

    // Three ways through a frame; each resizes what it writes to the mesh (outputs: the
    // normals, or not; the bind-space offsets where the frame skins with LBS). morphed: the
    // morphed rest that LBS skins (its changed groups are copied into the layout's rest rows
    // first); null or inactive: the mesh's own rest. Throws std::invalid_argument with
    // BendInputs::problem when the bend's inputs do not fit this skin.
    //
    // LBS alone into frame.base_*.
    void skin(Executor& executor, const std::vector<glm::mat4>& skinning, SkinnedFrame& frame,
              const MorphedRest* morphed = nullptr, const DeformerOutputs& outputs = {});
    // LBS into frame.base_*, fused with the bend into frame.positions and normals.
    void skin_and_bend(Executor& executor, const std::vector<glm::mat4>& skinning, const BendInputs& bend,
                       SkinnedFrame& frame, const MorphedRest* morphed = nullptr, const DeformerOutputs& outputs = {});
    // The bend of a base computed elsewhere (DQS, dLBS) and held in frame.base_*.
    void bend(Executor& executor, const BendInputs& bend, SkinnedFrame& frame, const DeformerOutputs& outputs = {});

    const BlockedSkin& layout() const { return skin_; }
    std::size_t memory_bytes() const;

private:
    void run(Executor& executor, const std::vector<glm::mat4>* skinning, const BendInputs* bend, SkinnedFrame& frame,
             const MorphedRest* morphed, const DeformerOutputs& outputs);
    void prepare_bend(const BendInputs& bend, bool floppy, bool squash);
    static void prepare_squash(const JointDrive& drive, const BendInputs& bend, BendJointFrame& frame);

    BlockedSkin skin_;
    BlockedRestMorph rest_morph_;
    std::vector<float> skinning_;  // 12 floats per joint
    std::vector<BendJointFrame> joints_;
    std::vector<std::uint32_t> active_slots_;  // indexed like skin_.joints
    std::vector<std::uint32_t> active_count_;  // per group
    std::size_t joint_count_ = 0;              // the joints the weights name
};

}  // namespace dynskin
