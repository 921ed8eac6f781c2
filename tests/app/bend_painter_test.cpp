#include <gtest/gtest.h>

#include "app/input/bend_painter.h"
#include "characters/bundled_characters.h"

namespace dynskin::app {
namespace {

TEST(BendPainter, PaintsInsideTheBrushOnlyAndUndoes) {
    Character bar = characters::make_bar();
    SkinnedMesh& mesh = bar.mesh;
    BendPainter painter(mesh);
    Brush brush;
    brush.value = 0.0f;
    brush.strength = 1.0f;
    brush.falloff = 0.0f;
    brush.radius = 0.1f;  // sizes
    const float size = 2.0f;
    const glm::vec3 center = mesh.rest_positions[0];

    painter.begin_stroke(mesh.bend_weights);
    painter.dab(brush, center, size, mesh.rest_positions, mesh.bend_weights);
    painter.end_stroke();
    int painted = 0;
    for (std::size_t i = 0; i < mesh.vertex_count(); ++i) {
        const bool inside = glm::length(mesh.rest_positions[i] - center) < 0.2f;
        if (inside) ++painted;
        EXPECT_FLOAT_EQ(mesh.bend_weights[i], inside ? 0.0f : 1.0f) << i;
    }
    EXPECT_GT(painted, 0);

    EXPECT_TRUE(painter.undo());
    for (float w : mesh.bend_weights) EXPECT_EQ(w, 1.0f);
    EXPECT_TRUE(painter.redo());
    EXPECT_EQ(mesh.bend_weights[0], 0.0f);
    EXPECT_FALSE(painter.redo());
}

TEST(BendPainter, SmoothAveragesNeighboursAndEraseRestoresOne) {
    Character bar = characters::make_bar();
    SkinnedMesh& mesh = bar.mesh;
    BendPainter painter(mesh);
    mesh.bend_weights[100] = -3.0f;  // a spike
    Brush brush;
    brush.mode = BrushMode::Smooth;
    brush.strength = 1.0f;
    brush.radius = 0.5f;
    painter.dab(brush, mesh.rest_positions[100], 2.0f, mesh.rest_positions, mesh.bend_weights);
    EXPECT_GT(mesh.bend_weights[100], 0.5f);  // pulled toward its neighbours' 1
    brush.mode = BrushMode::Erase;
    for (int k = 0; k < 20; ++k) painter.dab(brush, mesh.rest_positions[100], 2.0f, mesh.rest_positions, mesh.bend_weights);
    EXPECT_NEAR(mesh.bend_weights[100], 1.0f, 1e-3f);
}

TEST(BendPainter, RayHitsTheNearestTriangle) {
    const Character bar = characters::make_bar();
    glm::vec3 hit;
    // From far on +X toward the bar's axis at half height: hits the near side at x = radius.
    ASSERT_TRUE(intersect_mesh(Ray{glm::vec3(5, 1, 0), glm::vec3(-1, 0, 0)}, bar.mesh.rest_positions,
                               bar.mesh.triangles, hit));
    EXPECT_NEAR(hit.x, 0.18f, 0.01f);
    EXPECT_FALSE(intersect_mesh(Ray{glm::vec3(5, 1, 0), glm::vec3(1, 0, 0)}, bar.mesh.rest_positions,
                                bar.mesh.triangles, hit));
}

}  // namespace
}  // namespace dynskin::app
