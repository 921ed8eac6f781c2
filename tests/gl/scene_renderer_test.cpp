// The scene renderer (gl/scene_renderer.h) under an opaque panel: the rectangle the panel
// will cover gets the background alone, the rest of the picture is as without it.
// Runs in dynskin_gl_tests, whose environment (gpu_skinning_test.cpp) gives the GL context.

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "gl/render_target.h"
#include "gl/scene_renderer.h"

namespace dynskin::gl {
namespace {

constexpr int kSize = 128;

// The ground grid (centre 0, radius 10, cells 0.1) from 2 units above it, on black.
std::vector<std::uint8_t> grid_picture(const glm::ivec4& covered, bool multisampled) {
    SceneRenderer renderer;
    const RenderTarget target(kSize, kSize, multisampled ? 4 : 1);
    target.bind_scene();
    SceneView view;
    view.view_projection = glm::perspective(glm::radians(60.0f), 1.0f, 0.01f, 100.0f) *
                           glm::lookAt(glm::vec3(0.0f, 2.0f, 0.0f), glm::vec3(0.0f), glm::vec3(0, 0, -1));
    view.clear_color = glm::vec4(0.0f, 0.0f, 0.0f, 1.0f);
    view.multisampled = multisampled;
    view.ground_center = glm::vec3(0.0f);
    view.ground_extent = 10.0f;
    view.grid_cell = 0.1f;
    view.covered = covered;
    renderer.draw(view, SkeletonView{}, glm::ivec2(kSize));
    target.resolve();
    return target.read_rgba();
}

class CoveredByAPanel : public ::testing::TestWithParam<bool> {};

TEST_P(CoveredByAPanel, OnlyTheBackgroundWhereThePanelWillBeTheSamePictureElsewhere) {
    // A panel over the left 40 columns, rows 16 to 111 (y up), as the viewer's sits inside a margin.
    const glm::ivec4 covered(0, 16, 40, 96);
    const std::vector<std::uint8_t> whole = grid_picture(glm::ivec4(0), GetParam());
    const std::vector<std::uint8_t> under = grid_picture(covered, GetParam());
    int lit_under_the_panel = 0, differing_elsewhere = 0, drawn_under_the_panel = 0;
    for (int row = 0; row < kSize; ++row) {  // read_rgba's rows go top-down
        const int y = kSize - 1 - row;
        for (int x = 0; x < kSize; ++x) {
            const std::size_t i = 4 * (std::size_t(row) * kSize + x);
            const bool inside = x >= covered.x && x < covered.x + covered.z && y >= covered.y && y < covered.y + covered.w;
            if (!inside) {
                differing_elsewhere += whole[i] != under[i] || whole[i + 1] != under[i + 1] || whole[i + 2] != under[i + 2];
                continue;
            }
            lit_under_the_panel += whole[i] > 0;
            drawn_under_the_panel += under[i] != 0 || under[i + 1] != 0 || under[i + 2] != 0;
        }
    }
    EXPECT_GT(lit_under_the_panel, 100);  // the grid does reach under the panel
    EXPECT_EQ(drawn_under_the_panel, 0);
    EXPECT_EQ(differing_elsewhere, 0);
}

INSTANTIATE_TEST_SUITE_P(BlendedOrMultisampled, CoveredByAPanel, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& info) { return info.param ? "Lines4x" : "Quads"; });

}  // namespace
}  // namespace dynskin::gl
