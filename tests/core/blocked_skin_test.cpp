// The blocked skin (core/fast/blocked_skin.h), the SIMD layout the fast path reads: every
// vertex in exactly one lane, with its own ancestors, hierarchical weights and rest data.

#include <gtest/gtest.h>

#include <vector>

#include "core/fast/blocked_skin.h"
#include "dynskin/hierarchical_weights.h"
#include "fast_path_support.h"

namespace dynskin {
namespace {

using test::make_tree_character;

TEST(BlockedSkin, EveryVertexOnceWithItsOwnData) {
    const Character c = make_tree_character(4099, true);
    const HierarchicalWeights betas = build_hierarchical_weights(c.skeleton, c.mesh.weights);
    const BlockedSkin s = build_blocked_skin(c.mesh, betas);
    std::vector<int> seen(c.mesh.vertex_count(), 0);
    for (std::size_t b = 0; b < s.block_count(); ++b) {
        const BlockedSkin::Group& g = s.groups[s.block_group[b]];
        for (int lane = 0; lane < BlockedSkin::kLanes; ++lane) {
            const std::uint32_t i = s.vertex[b * BlockedSkin::kLanes + lane];
            if (i == BlockedSkin::kNoVertex) continue;
            ++seen[i];
            ASSERT_EQ(g.ancestor_count, betas.offsets[i + 1] - betas.offsets[i]);
            for (std::uint32_t r = 0; r < g.ancestor_count; ++r) {
                EXPECT_EQ(s.joints[g.ancestors_begin + r], betas.joints[betas.offsets[i] + r]);
                EXPECT_EQ(s.betas[(s.block_betas[b] + r) * BlockedSkin::kLanes + lane], betas.betas[betas.offsets[i] + r]);
            }
            EXPECT_EQ(s.rest[b * 6 * BlockedSkin::kLanes + lane], c.mesh.rest_positions[i].x);
        }
    }
    for (int count : seen) ASSERT_EQ(count, 1);
}

}  // namespace
}  // namespace dynskin
