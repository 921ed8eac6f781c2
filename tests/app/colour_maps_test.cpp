// The viewer's colour maps without a display: the per-vertex scalars and the ranges the
// shader maps to the ends of its ramps.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "app/frame/colour_maps.h"
#include "characters/bundled_characters.h"

namespace dynskin::app {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// Four vertices: all on joint 0; shared 1/4 - 3/4; all on joint 1; joint 1 named twice.
SkinnedMesh four_vertices() {
    SkinnedMesh mesh;
    mesh.rest_positions.assign(4, glm::vec3(0.0f));
    mesh.weights.add_vertex({{0u, 1.0f}});
    mesh.weights.add_vertex({{0u, 0.25f}, {1u, 0.75f}});
    mesh.weights.add_vertex({{1u, 1.0f}});
    mesh.weights.add_vertex({{1u, 0.5f}, {1u, 0.5f}});
    return mesh;
}

TEST(ColourMaps, SkinWeightIsTheJointsShareOfEachVertex) {
    const SkinnedMesh mesh = four_vertices();
    const ColourMapScalars one = skin_weight_colours(mesh, 1);
    EXPECT_EQ(one.values, (std::vector<float>{0.0f, 0.75f, 1.0f, 1.0f}));  // a repeated joint adds up
    EXPECT_EQ(one.range, glm::vec2(0.0f, 1.0f));
    EXPECT_FALSE(one.diverging);
    EXPECT_EQ(skin_weight_colours(mesh, 0).values, (std::vector<float>{1.0f, 0.25f, 0.0f, 0.0f}));
}

TEST(ColourMaps, SkinWeightOfNoJointOrAnUnboundOneIsZeroEverywhere) {
    const SkinnedMesh mesh = four_vertices();
    EXPECT_EQ(skin_weight_colours(mesh, -1).values, std::vector<float>(4, 0.0f));  // nothing selected
    EXPECT_EQ(skin_weight_colours(mesh, 7).values, std::vector<float>(4, 0.0f));
    EXPECT_TRUE(skin_weight_colours(SkinnedMesh{}, 0).values.empty());
}

TEST(ColourMaps, SkinWeightsOfEveryJointAddUpToOneOnTheBar) {
    const Character bar = characters::make_bar();
    std::vector<float> total(bar.mesh.vertex_count(), 0.0f);
    for (int j = 0; j < bar.skeleton.joint_count(); ++j) {
        const ColourMapScalars map = skin_weight_colours(bar.mesh, j);
        ASSERT_EQ(map.values.size(), total.size());
        for (std::size_t i = 0; i < total.size(); ++i) total[i] += map.values[i];
    }
    for (std::size_t i = 0; i < total.size(); ++i) EXPECT_NEAR(total[i], 1.0f, 1e-5f) << i;
}

TEST(ColourMaps, PaintedLayerIsDivergingAboutZeroAndReachesAtLeastTheDefault) {
    const ColourMapScalars unpainted = painted_layer_colours({1.0f, 0.0f, -0.5f});
    EXPECT_EQ(unpainted.values, (std::vector<float>{1.0f, 0.0f, -0.5f}));  // shown as painted
    EXPECT_TRUE(unpainted.diverging);
    EXPECT_EQ(unpainted.range, glm::vec2(-1.0f, 1.0f));  // the default 1 is full red

    // Beyond the default, the largest magnitude either side sets both ends: 0 stays white.
    EXPECT_EQ(painted_layer_colours({2.0f, -3.0f, 0.5f}).range, glm::vec2(-3.0f, 3.0f));
    EXPECT_EQ(painted_layer_colours({0.2f, 0.1f}).range, glm::vec2(-1.0f, 1.0f));
    EXPECT_EQ(painted_layer_colours({}).range, glm::vec2(-1.0f, 1.0f));
}

TEST(ColourMaps, APaintedNaNLeavesTheRangeFinite) {
    const ColourMapScalars map = painted_layer_colours({kNaN, 0.5f, 2.0f});
    EXPECT_EQ(map.range, glm::vec2(-2.0f, 2.0f));
    EXPECT_TRUE(std::isnan(map.values[0]));  // passed on as it is: the shader shows what was painted
}

TEST(ColourMaps, DisplacementIsTheDistanceFromTheBaseSkinInCharacterSizes) {
    const std::vector<glm::vec3> base{glm::vec3(0.0f), glm::vec3(1.0f, 0.0f, 0.0f), glm::vec3(0.0f, 0.0f, 5.0f)};
    const std::vector<glm::vec3> shown{glm::vec3(0.0f), glm::vec3(4.0f, 4.0f, 0.0f), glm::vec3(0.0f, 1.0f, 5.0f)};
    const ColourMapScalars map = displacement_colours(shown, base, 2.0f);
    ASSERT_EQ(map.values.size(), 3u);
    EXPECT_FLOAT_EQ(map.values[0], 0.0f);
    EXPECT_FLOAT_EQ(map.values[1], 2.5f);  // |(3, 4, 0)| / 2
    EXPECT_FLOAT_EQ(map.values[2], 0.5f);
    EXPECT_EQ(map.range, glm::vec2(0.0f, 2.5f));  // the farthest vertex is the top of the ramp
    EXPECT_FALSE(map.diverging);
}

TEST(ColourMaps, AStillSkinKeepsARangeThatDoesNotDivideByZero) {
    const std::vector<glm::vec3> rest(3, glm::vec3(1.0f, 2.0f, 3.0f));
    const ColourMapScalars map = displacement_colours(rest, rest, 1.0f);
    EXPECT_EQ(map.values, std::vector<float>(3, 0.0f));
    EXPECT_EQ(map.range, glm::vec2(0.0f, 1e-3f));
}

TEST(ColourMaps, ANaNVertexLeavesTheDisplacementRangeFinite) {
    const std::vector<glm::vec3> base(2, glm::vec3(0.0f));
    const std::vector<glm::vec3> shown{glm::vec3(kNaN, 0.0f, 0.0f), glm::vec3(0.0f, 1.0f, 0.0f)};
    const ColourMapScalars map = displacement_colours(shown, base, 1.0f);
    EXPECT_TRUE(std::isnan(map.values[0]));
    EXPECT_FLOAT_EQ(map.values[1], 1.0f);
    EXPECT_EQ(map.range, glm::vec2(0.0f, 1.0f));
}

}  // namespace
}  // namespace dynskin::app
