// The render target (gl/render_target.h): where the scene is drawn for each kind of frame,
// and that a multisampled scene resolved into a texture of ours reads back as drawn.
// Runs in dynskin_gl_tests, whose environment (gpu_skinning_test.cpp) gives the GL context.

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "gl/render_target.h"

namespace dynskin::gl {
namespace {

GLint bound_framebuffer() {
    GLint framebuffer = -1;
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &framebuffer);
    return framebuffer;
}

bool multisampling_offered() {
    GLint max = 1;
    glGetIntegerv(GL_MAX_SAMPLES, &max);
    return max > 1;
}

TEST(RenderTarget, NeitherMultisampledNorScaledIsDrawnStraightIntoTheWindow) {
    const RenderTarget target(64, 48, 1, 1.0f, FrameStore::Window);
    EXPECT_FALSE(target.scene_apart());
    EXPECT_EQ(target.store(), FrameStore::Window);
    target.bind_scene();
    EXPECT_EQ(bound_framebuffer(), 0);
}

// One blit, and no texture of ours to copy (the browser's canvas: cheaper on SwiftShader).
TEST(RenderTarget, MultisampledIsResolvedStraightIntoTheWindow) {
    if (!multisampling_offered()) GTEST_SKIP() << "no multisampling offered";
    const RenderTarget target(64, 48, 4, 1.0f, FrameStore::Window);
    EXPECT_TRUE(target.scene_apart());
    EXPECT_EQ(target.store(), FrameStore::Window);
    target.bind_scene();
    EXPECT_NE(bound_framebuffer(), 0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    target.resolve();
    EXPECT_EQ(bound_framebuffer(), 0);
    check_errors("resolving into the window");  // the window's format is the scene's (RGBA8)
}

TEST(RenderTarget, ScaledIsDrawnApartAndStretchedIntoTheWindow) {
    const RenderTarget target(64, 48, 1, 0.5f, FrameStore::Window);
    EXPECT_TRUE(target.scene_apart());
    EXPECT_EQ(target.scene_width(), 32);
    EXPECT_EQ(target.scene_height(), 24);
    EXPECT_EQ(target.store(), FrameStore::Window);
}

TEST(RenderTarget, AMultisampledSceneReadsBackAsDrawn) {
    const RenderTarget target(64, 48, 4, 1.0f, FrameStore::Texture);
    target.bind_scene();
    glClearColor(1.0f, 0.5f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    target.resolve();
    const std::vector<std::uint8_t> rgba = target.read_rgba();
    ASSERT_EQ(rgba.size(), 64u * 48u * 4u);
    for (std::size_t i = 0; i < rgba.size(); i += 4) {
        ASSERT_EQ(rgba[i], 255) << i / 4;
        ASSERT_NEAR(rgba[i + 1], 128, 1) << i / 4;
        ASSERT_EQ(rgba[i + 2], 0) << i / 4;
    }
}

}  // namespace
}  // namespace dynskin::gl
