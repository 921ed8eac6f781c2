#pragma once
// beta_ij = w_ij + sum of w_ik over the descendants k of j: how much of vertex i moves
// with joint j's rotation, including through its children. Built once per character; each
// vertex's row is the list of joints whose motion bends it (Deformer::hierarchical_weights(),
// the per-vertex data of docs/engine-api.md).

#include <cstdint>
#include <vector>

#include "dynskin/skeleton.h"
#include "dynskin/skinned_mesh.h"

namespace dynskin {

// Compressed rows like SkinningWeights; each row's joints are sorted by increasing index,
// so a joint's parent always comes before it, and only entries with beta > 0 are kept.
struct HierarchicalWeights {
    std::vector<std::uint32_t> offsets{0};
    std::vector<std::uint32_t> joints;
    std::vector<float> betas;

    std::size_t vertex_count() const { return offsets.size() - 1; }
    std::size_t pair_count() const { return joints.size(); }
};

HierarchicalWeights build_hierarchical_weights(const Skeleton& skeleton, const SkinningWeights& weights);

}  // namespace dynskin
