#pragma once
// Smooth skinning weights without painting: every vertex starts fully on one joint (the
// nearest bone of the part it lies on), then the joints' indicator functions are diffused
// over the surface (repeated neighbour averaging, a discrete heat flow), so weights blend
// across joints along the skin, never through the air between two legs.

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "dynskin/skinned_mesh.h"

namespace dynskin::characters {

struct WeightDiffusion {
    int iterations = 30;       // blend width grows as the square root of this, in edges
    int max_influences = 4;    // strongest joints kept per vertex (glTF's JOINTS_0 holds four)
    float min_weight = 0.01f;  // smaller weights are dropped before the sums are made one
};

// seed_joints: one per vertex. The result has every vertex weighted, weights summing to one.
SkinningWeights diffuse_skinning_weights(std::size_t vertex_count, const std::vector<std::uint32_t>& triangles,
                                         const std::vector<int>& seed_joints, int joint_count,
                                         const WeightDiffusion& diffusion);

}  // namespace dynskin::characters
