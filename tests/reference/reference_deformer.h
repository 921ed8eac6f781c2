#pragma once
// The whole deformer written plainly: stateless (the history is re-measured from the pose
// sampler), dense loops over all joints, the kernel evaluated directly, the per-vertex terms
// from their one definition (bend.h's add_turn and add_lag, soft_limit), normals from a
// numerical Jacobian. Slow on purpose and kept simple: every faster path is tested against
// it, and its numerical normals check the exact Jacobians of the fast paths.

#include <vector>

#include "dynskin/character.h"
#include "dynskin/pose_sampler.h"
#include "dynskin/settings.h"

namespace dynskin {

struct ReferenceResult {
    std::vector<glm::vec3> base_positions;  // LBS, DQS or dLBS
    std::vector<glm::vec3> positions;       // final
    std::vector<glm::vec3> normals;
};

// The deformation at time t of a deformer reset and first updated at start_time, then
// updated at any times up to t.
ReferenceResult reference_deform(const Character& character, const PoseSampler& sampler,
                                 const DynamicSettings& settings, double start_time, double t);

}  // namespace dynskin
