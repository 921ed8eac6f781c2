// The wireframe's edge list: each edge once, shared edges first, on small meshes counted by hand.

#include <gtest/gtest.h>

#include <set>
#include <utility>

#include "gl/unique_edges.h"

namespace dynskin::gl {
namespace {

std::set<std::pair<std::uint32_t, std::uint32_t>> lines(const EdgeList& edges, std::size_t first, std::size_t end) {
    std::set<std::pair<std::uint32_t, std::uint32_t>> set;
    for (std::size_t l = first; l < end; ++l) set.insert({edges.indices[2 * l], edges.indices[2 * l + 1]});
    return set;
}

TEST(UniqueEdges, AQuadOfTwoTrianglesHasFiveEdgesOneShared) {
    const EdgeList edges = unique_edges({0, 1, 2, 2, 1, 3});
    ASSERT_EQ(edges.line_count(), 5u);
    EXPECT_EQ(edges.shared_count, 1u);
    EXPECT_EQ(lines(edges, 0, 1), (std::set<std::pair<std::uint32_t, std::uint32_t>>{{1, 2}}));
    EXPECT_EQ(lines(edges, 1, 5),
              (std::set<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {0, 2}, {1, 3}, {2, 3}}));
}

TEST(UniqueEdges, AClosedTetrahedronHasSixSharedEdges) {
    const EdgeList edges = unique_edges({0, 1, 2, 0, 3, 1, 1, 3, 2, 2, 3, 0});
    EXPECT_EQ(edges.line_count(), 6u);
    EXPECT_EQ(edges.shared_count, 6u);
    EXPECT_EQ(lines(edges, 0, 6).size(), 6u);
}

TEST(UniqueEdges, DegenerateEdgesAndAnEmptyMeshGiveNoLines) {
    const EdgeList collapsed = unique_edges({4, 4, 5});
    EXPECT_EQ(collapsed.line_count(), 1u);  // 4-5 (twice, so shared), never 4-4
    EXPECT_EQ(collapsed.indices[0], 4u);
    EXPECT_EQ(collapsed.indices[1], 5u);
    EXPECT_EQ(unique_edges({}).line_count(), 0u);
}

}  // namespace
}  // namespace dynskin::gl
