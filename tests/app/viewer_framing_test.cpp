// The camera frames the character as the file places it in the world, on load and on F,
// whatever its units (millimetres to kilometres) and axes (a Z-up node matrix), and when
// its bind pose is far from its rest pose: whole, centred, filling a good part of the view.

#include <gtest/gtest.h>

#include <filesystem>

#include "app/viewer_app.h"
#include "viewer_test_support.h"
#include "wild_rig.h"

namespace dynskin::app {
namespace {

using test::headless;
using test::run_frames;

// The share of the view, in its tightest direction, that the posed character's projected
// bounding box takes; fails the test when a corner is outside the view.
float framed_share(ViewerApp& app, const std::string& what) {
    const Scene& scene = *app.state().scene;
    glm::vec3 lo, hi;
    posed_bounds(scene, lo, hi);
    const glm::vec2 viewport(640, 400);
    glm::vec2 pixel_lo(1e30f), pixel_hi(-1e30f);
    for (int corner = 0; corner < 8; ++corner) {
        const glm::vec3 p(corner & 1 ? hi.x : lo.x, corner & 2 ? hi.y : lo.y, corner & 4 ? hi.z : lo.z);
        glm::vec2 pixel;
        EXPECT_TRUE(app.state().camera.project(p, viewport, pixel)) << what << ": a corner is behind the camera";
        pixel_lo = glm::min(pixel_lo, pixel), pixel_hi = glm::max(pixel_hi, pixel);
    }
    EXPECT_GE(pixel_lo.x, 0.0f) << what;
    EXPECT_GE(pixel_lo.y, 0.0f) << what;
    EXPECT_LE(pixel_hi.x, viewport.x) << what;
    EXPECT_LE(pixel_hi.y, viewport.y) << what;
    const glm::vec2 size = pixel_hi - pixel_lo;
    return std::max(size.x / viewport.x, size.y / viewport.y);
}

struct Framing {
    const char* name;
    dynskin::test::WildRigOptions options;
};

TEST(ViewerFraming, FramesThePosedCharacterInAnyUnitsAndAxes) {
    const std::string folder = dynskin::test::make_temp_folder();
    const Framing cases[] = {
        {"metres", {1.0f, false, false, dynskin::test::WildClip::Swing, 4}},
        {"centimetres_under_0.01", {100.0f, false, false, dynskin::test::WildClip::Swing, 4}},
        {"millimetres_z_up_matrix", {1000.0f, true, false, dynskin::test::WildClip::Swing, 4}},
        {"kilometres", {0.001f, false, false, dynskin::test::WildClip::Swing, 4}},
        {"bind_far_from_rest_z_up", {100.0f, true, true, dynskin::test::WildClip::Swing, 4}},
    };
    for (const Framing& c : cases) {
        const std::string path = dynskin::test::wild_rig(c.options).write_glb(folder, c.name);
        ViewerOptions o = headless(path);
        o.hide_ui = true;
        ViewerApp app(o);
        ASSERT_TRUE(app.state().error_message.empty()) << c.name << ": " << app.state().error_message;
        run_frames(app, 3);
        EXPECT_GT(framed_share(app, c.name), 0.5f) << c.name << " is framed too small";
        // Orbit and zoom away, then F frames it again.
        app.state().camera.zoom(-12.0f);
        app.state().camera.orbit(300.0f, 0.0f);
        app.state().frame_camera = true;
        run_frames(app, 1);
        EXPECT_GT(framed_share(app, std::string(c.name) + " after F"), 0.5f) << c.name;
        // The size the grid, the brush and the presets follow is the world's 2 m, whatever the units.
        EXPECT_NEAR(std::log10(app.state().scene->deformer.size()), std::log10(2.0f), 0.3f) << c.name;
    }
    std::filesystem::remove_all(folder);
}

TEST(ViewerFraming, FramesTheSharedWildRigs) {
    const std::filesystem::path wild = std::filesystem::path(DYNSKIN_SHARED_RIGS) / "wild";
    if (!std::filesystem::exists(wild))
        GTEST_SKIP() << wild << " is absent (a user's clone has no ../shared); framing of public sample rigs skipped";
    for (const char* file : {"Fox.glb", "CesiumMan.glb", "RiggedFigure.glb", "BrainStem.glb", "MorphStressTest.gltf"}) {
        ViewerOptions o = headless((wild / file).string());
        o.hide_ui = true;
        ViewerApp app(o);
        ASSERT_TRUE(app.state().error_message.empty()) << file << ": " << app.state().error_message;
        run_frames(app, 3);
        EXPECT_GT(framed_share(app, file), 0.5f) << file << " is framed too small";
    }
}

}  // namespace
}  // namespace dynskin::app
