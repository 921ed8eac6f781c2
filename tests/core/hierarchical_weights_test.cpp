#include <gtest/gtest.h>

#include "dynskin/hierarchical_weights.h"

namespace dynskin {
namespace {

// root 0 has two branches: 1 -> 2 (left) and 3 -> 4 (right).
TEST(HierarchicalWeights, BranchingSkeletonByHand) {
    Skeleton s;
    s.add_joint("root", -1, Trs{});
    s.add_joint("left", 0, Trs{});
    s.add_joint("left_tip", 1, Trs{});
    s.add_joint("right", 0, Trs{});
    s.add_joint("right_tip", 3, Trs{});
    SkinningWeights w;
    w.add_vertex({{2u, 0.7f}, {1u, 0.3f}});   // left arm
    w.add_vertex({{4u, 0.6f}, {2u, 0.4f}});   // across both branches
    w.add_vertex({{0u, 1.0f}});               // on the root alone
    const HierarchicalWeights b = build_hierarchical_weights(s, w);

    auto beta = [&](std::size_t i, std::uint32_t j) {
        for (std::uint32_t e = b.offsets[i]; e < b.offsets[i + 1]; ++e)
            if (b.joints[e] == j) return b.betas[e];
        return 0.0f;
    };
    EXPECT_FLOAT_EQ(beta(0, 0), 1.0f);
    EXPECT_FLOAT_EQ(beta(0, 1), 1.0f);   // own 0.3 + child 0.7
    EXPECT_FLOAT_EQ(beta(0, 2), 0.7f);
    EXPECT_FLOAT_EQ(beta(0, 3), 0.0f);
    EXPECT_FLOAT_EQ(beta(1, 0), 1.0f);
    EXPECT_FLOAT_EQ(beta(1, 1), 0.4f);
    EXPECT_FLOAT_EQ(beta(1, 2), 0.4f);
    EXPECT_FLOAT_EQ(beta(1, 3), 0.6f);
    EXPECT_FLOAT_EQ(beta(1, 4), 0.6f);
    EXPECT_FLOAT_EQ(beta(2, 0), 1.0f);
    EXPECT_EQ(b.offsets[3] - b.offsets[2], 1u);  // only the root

    // Rows are sorted parent-first.
    for (std::size_t i = 0; i < 3; ++i)
        for (std::uint32_t e = b.offsets[i] + 1; e < b.offsets[i + 1]; ++e) EXPECT_LT(b.joints[e - 1], b.joints[e]);
}

}  // namespace
}  // namespace dynskin
