// The ground grid (gl/ground_grid.h): its lines, counted and placed by hand, and its picture
// from above (lines where the cells' edges project, nothing between) and from just above the
// ground (lines behind the camera cut at the near plane: nothing above the horizon).
// Runs in dynskin_gl_tests, whose environment (gpu_skinning_test.cpp) gives the GL context.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include <glm/gtc/matrix_transform.hpp>

#include "gl/ground_grid.h"
#include "gl/render_target.h"

namespace dynskin::gl {
namespace {

TEST(GroundLines, LieOnTheCellsMultiplesAndEndOnTheDiscsRim) {
    const glm::vec3 center(0.35f, 0.2f, -0.13f);
    const std::vector<GroundLine> lines = ground_lines(center, 1.0f, 0.1f);
    // x = -0.6 .. 1.3 and z = -1.1 .. 0.8: 20 lines each way.
    ASSERT_EQ(lines.size(), 40u);
    int majors = 0;
    for (const GroundLine& line : lines) {
        const bool along_z = line.a.x == line.b.x;
        ASSERT_TRUE(along_z || line.a.z == line.b.z);
        const float at = along_z ? line.a.x : line.a.z;
        const double k = std::round(at / 0.1);
        EXPECT_NEAR(at, k * 0.1, 1e-6);
        EXPECT_EQ(line.major, static_cast<long long>(k) % 10 == 0) << at;
        majors += line.major;
        EXPECT_EQ(line.a.y, center.y);
        EXPECT_NEAR(glm::length(glm::vec2(line.a.x, line.a.z) - glm::vec2(center.x, center.z)), 1.0f, 1e-5f);
        EXPECT_NEAR(glm::length(glm::vec2(line.b.x, line.b.z) - glm::vec2(center.x, center.z)), 1.0f, 1e-5f);
    }
    EXPECT_EQ(majors, 4);  // x = 0, x = 1, z = -1, z = 0
}

TEST(GroundLines, TooFineKeepsTheMajorLinesOnlyThenNone) {
    const std::vector<GroundLine> majors = ground_lines(glm::vec3(0.0f), 100.0f, 0.1f);  // 2000 across
    EXPECT_EQ(majors.size(), 2u * 199u);  // x = -99 .. 99 (the rim's +-100 are single points)
    for (const GroundLine& line : majors) EXPECT_TRUE(line.major);
    EXPECT_TRUE(ground_lines(glm::vec3(0.0f), 1e4f, 0.1f).empty());
}

TEST(GroundLines, NoneForADegenerateDisc) {
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    EXPECT_TRUE(ground_lines(glm::vec3(0.0f), 0.0f, 0.1f).empty());
    EXPECT_TRUE(ground_lines(glm::vec3(0.0f), -1.0f, 0.1f).empty());
    EXPECT_TRUE(ground_lines(glm::vec3(0.0f), 1.0f, 0.0f).empty());
    EXPECT_TRUE(ground_lines(glm::vec3(0.0f), nan, 0.1f).empty());
    EXPECT_TRUE(ground_lines(glm::vec3(0.0f), inf, 0.1f).empty());
    EXPECT_TRUE(ground_lines(glm::vec3(nan, 0.0f, 0.0f), 1.0f, 0.1f).empty());
}

constexpr int kSize = 256;

// The grid (centre 0, radius 10, cells 0.1 unless told) seen by `view` with a 60 degree lens,
// on black: blended quads into a single-sampled target, or lines into a 4x multisampled one;
// the red channel, top row first.
std::vector<int> picture(const glm::mat4& view, bool multisampled = false, float cell = 0.1f) {
    GroundGrid grid;
    const RenderTarget target(kSize, kSize, multisampled ? 4 : 1);
    target.bind_scene();
    glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    const glm::mat4 view_projection = glm::perspective(glm::radians(60.0f), 1.0f, 0.01f, 100.0f) * view;
    if (multisampled)
        grid.draw_over_background(view_projection, glm::vec3(0.0f), 10.0f, cell, glm::ivec2(kSize), glm::vec3(0.0f));
    else
        grid.draw(view_projection, glm::vec3(0.0f), 10.0f, cell, glm::ivec2(kSize));
    target.resolve();
    check_errors("drawing the grid");
    const std::vector<std::uint8_t> rgba = target.read_rgba();
    std::vector<int> red(kSize * kSize);
    for (int i = 0; i < kSize * kSize; ++i) red[i] = rgba[4 * i];
    return red;
}

// From above, blended quads or multisampled lines alike.
class GroundGridPicture : public ::testing::TestWithParam<bool> {};

TEST_P(GroundGridPicture, FromAboveTheLinesAreWhereTheCellsEdgesProject) {
    // From 2 units up, looking down: a cell is 256 / 2 / tan(30 deg) / 2 / 10 = 11.09 pixels.
    const std::vector<int> red =
        picture(glm::lookAt(glm::vec3(0.0f, 2.0f, 0.0f), glm::vec3(0.0f), glm::vec3(0, 0, -1)), GetParam());
    const double cell_pixels = kSize / 2.0 / std::tan(glm::radians(30.0)) / 2.0 * 0.1;
    const int row = kSize / 2 - 6;  // half a cell off the z = 0 line
    for (int k = -8; k <= 8; ++k) {
        const double on = kSize / 2.0 + k * cell_pixels;  // pixel centres at i + 0.5
        const int at = static_cast<int>(std::floor(on)), between = static_cast<int>(std::floor(on + cell_pixels / 2));
        const int lit = std::max(red[row * kSize + at], red[row * kSize + at + (on - at > 0.5 ? 1 : -1)]);
        // 0.75 x 255 x alpha (0.4 major, 0.18 minor) x at least half the coverage
        EXPECT_GE(lit, k == 0 ? 36 : 16) << "the line x = " << k * 0.1;
        EXPECT_EQ(red[row * kSize + between], 0) << "between x = " << k * 0.1 << " and the next";
    }
}

INSTANTIATE_TEST_SUITE_P(BlendedOrMultisampled, GroundGridPicture, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& info) { return info.param ? "Lines4x" : "Quads"; });

TEST(GroundGrid, MinorLinesFadeOutByHalfTheRadiusMajorOnesReachFurther) {
    // From 20 units up, looking down on the disc of radius 10 with cells of 1 (majors at
    // x = 0 and on the rim): a cell is 256 / 2 / tan(30 deg) / 20 = 11.09 pixels.
    const std::vector<int> red =
        picture(glm::lookAt(glm::vec3(0.0f, 20.0f, 0.0f), glm::vec3(0.0f), glm::vec3(0, 0, -1)), true, 1.0f);
    const double cell_pixels = kSize / 2.0 / std::tan(glm::radians(30.0)) / 20.0;
    const auto lit = [&](int x, double z) {
        const int row = static_cast<int>(kSize / 2.0 + z * cell_pixels);
        const double on = kSize / 2.0 + x * cell_pixels;
        const int at = static_cast<int>(std::floor(on));
        return std::max(red[row * kSize + at], red[row * kSize + at + (on - at > 0.5 ? 1 : -1)]);
    };
    for (int x = -2; x <= 2; ++x) EXPECT_GE(lit(x, 1.5), 16) << "the line x = " << x << " near the centre (z = 1.5)";
    EXPECT_GE(lit(0, 6.5), 16) << "the major line x = 0 at 0.65 of the radius";
    for (const int x : {-3, -2, -1, 1, 2, 3}) EXPECT_EQ(lit(x, 6.5), 0) << "the minor line x = " << x << " at z = 6.5";
}

TEST(GroundGrid, FromJustAboveTheGroundNothingShowsAboveTheHorizon) {
    // Lines run behind the camera: cut at the near plane, they must not fold over the sky.
    const std::vector<int> red =
        picture(glm::lookAt(glm::vec3(0.3f, 0.05f, 0.2f), glm::vec3(5.3f, 0.05f, 1.2f), glm::vec3(0, 1, 0)));
    int sky = 0, ground = 0;
    for (int y = 0; y < kSize; ++y) {
        int& brightest = y < kSize / 2 ? sky : ground;
        for (int x = 0; x < kSize; ++x) brightest = std::max(brightest, red[y * kSize + x]);
    }
    EXPECT_EQ(sky, 0);
    EXPECT_GE(ground, 60);
    // Toward the horizon the lines crowd: faded out as they come a few pixels apart, not piled
    // up into a bright band. The 8 rows under it (the ground from 1.4 to 11 units away) hold
    // the lines still a few pixels apart: a mean of ~8; every line piled up made it ~100.
    double sum = 0.0;
    for (int y = kSize / 2; y < kSize / 2 + 8; ++y)
        for (int x = 0; x < kSize; ++x) sum += red[y * kSize + x];
    EXPECT_LE(sum / (8 * kSize), 15.0);
}

}  // namespace
}  // namespace dynskin::gl
