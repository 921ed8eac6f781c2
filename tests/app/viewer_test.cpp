// The viewer in-process, one frame at a time (run under xvfb-run by CTest): what the user
// sees and does, checked on the viewer's own state.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "app/viewer_app.h"
#include "characters/bundled_characters.h"
#include "core/deformer_engine.h"
#include "viewer_test_support.h"

namespace dynskin::app {
namespace {

using test::headless;
using test::run_frames;

// Share of the viewport (right 40 %, no panel) that differs from its corner pixel.
double foreground(ViewerApp& app) {
    int w = 0, h = 0;
    const std::vector<std::uint8_t> rgba = app.read_frame(w, h);
    const std::uint8_t* bg = &rgba[(std::size_t(h - 1) * w + (w - 1)) * 4];
    std::size_t n = 0, total = 0;
    for (int y = 0; y < h; ++y)
        for (int x = w * 6 / 10; x < w; ++x, ++total) {
            const std::uint8_t* c = &rgba[(std::size_t(y) * w + x) * 4];
            if (std::abs(c[0] - bg[0]) + std::abs(c[1] - bg[1]) + std::abs(c[2] - bg[2]) > 60) ++n;
        }
    return double(n) / double(total);
}

std::vector<std::string> every_character() {
    std::vector<std::string> list = characters::bundled_character_names();
    const std::filesystem::path rigs(DYNSKIN_SHARED_RIGS);
    for (const char* rig : {"cow.glb", "dragon.glb", "giraffe.glb", "snail.glb"})
        if (std::filesystem::exists(rigs / rig)) list.push_back((rigs / rig).string());
    return list;
}

TEST(Viewer, RendersSixtyFramesOfEveryCharacter) {
    if (every_character().size() == characters::bundled_character_names().size())
        std::printf("note: ../shared/rigs is absent, only the bundled characters are rendered\n");
    for (const std::string& name : every_character()) {
        ViewerApp app(headless(name));
        ASSERT_TRUE(app.state().error_message.empty()) << name << ": " << app.state().error_message;
        run_frames(app, 60);
        const double f = foreground(app);
        EXPECT_GT(f, 0.02) << name << " should be visible";
        EXPECT_LT(f, 0.95) << name << " should not fill the picture with one colour";
    }
}

glm::vec3 joint_position(ViewerApp& app, int joint) { return glm::vec3(app.state().scene->deformer.globals()[joint][3]); }

TEST(Viewer, ADraggedJointFollowsTheCursorThenTheSkinWobblesAndSettles) {
    ViewerOptions o = headless("bar");
    o.clip = "none";
    ViewerApp app(o);
    const int tip = 4;
    app.set_script(test::drag_left_script(tip));

    run_frames(app, 6);
    const OrbitCamera& camera = app.state().camera;
    const glm::vec2 viewport(640, 400);
    const glm::vec3 start = joint_position(app, tip), pivot = joint_position(app, tip - 1);
    glm::vec2 before;
    ASSERT_TRUE(camera.project(start, viewport, before));
    run_frames(app, 8);  // through the release
    EXPECT_EQ(app.state().selected_joint, tip - 1) << "the joint that turns is selected";

    // Where the joint should be: its parent turned it toward the cursor's point on the plane
    // through the joint facing the camera, at the same bone length.
    const Ray ray = camera.ray_through(before + glm::vec2(-80.0f, 0.0f), viewport);
    const glm::vec3 normal = glm::normalize(camera.position() - camera.target);
    const glm::vec3 cursor_point =
        ray.origin + ray.direction * (glm::dot(start - ray.origin, normal) / glm::dot(ray.direction, normal));
    const glm::vec3 expected = pivot + glm::length(start - pivot) * glm::normalize(cursor_point - pivot);
    // (The script put the cursor on the joint a frame earlier, while the panel was still
    // settling the view's centre: half a percent of the bar's length.)
    EXPECT_LT(glm::length(joint_position(app, tip) - expected), 0.01f);
    glm::vec2 after;
    ASSERT_TRUE(camera.project(joint_position(app, tip), viewport, after));
    EXPECT_LT(after.x - before.x, -30.0f) << "the joint went left with the cursor";

    // After the release the pose stays, and the skin keeps moving for a while, then settles.
    const std::size_t tip_vertex = app.state().scene->character().mesh.vertex_count() - 1;
    auto tip_position = [&] { return app.state().scene->deformer.positions()[tip_vertex]; };
    float moving = 0.0f;
    for (int f = 0; f < 30; ++f) {
        const glm::vec3 p = tip_position();
        run_frames(app, 1);
        moving = std::max(moving, glm::length(tip_position() - p));
    }
    EXPECT_GT(moving, 1e-3f) << "the skin should wobble after the release";
    run_frames(app, 360);
    const glm::vec3 p = tip_position();
    run_frames(app, 1);
    EXPECT_LT(glm::length(tip_position() - p), 1e-6f) << "and settle";
    EXPECT_NEAR(glm::length(joint_position(app, tip) - joint_position(app, tip - 1)), 0.5f, 1e-4f);
}

TEST(Viewer, ABrushStrokeChangesTheWeightsUnderItOnlyAndUndoRestoresThem) {
    ViewerOptions o = headless("bar");
    o.clip = "none";
    ViewerApp app(o);
    ScriptEvent tool, at, press, move, release, undo;
    tool.frame = 1, tool.key = 'P';  // GLFW key codes of letters are their ASCII capitals
    at.frame = 5, at.joint = 2;
    press.frame = 6, press.press = 0;
    move.frame = 8, move.has_move = true, move.move = glm::vec2(0.0f, -10.0f);
    release.frame = 10, release.release = 0;
    undo.frame = 14, undo.key = 'Z', undo.ctrl = true;
    app.set_script({tool, at, press, move, release, undo});
    run_frames(app, 12);

    const Scene& scene = *app.state().scene;
    const std::vector<float>& w = scene.character().mesh.bend_weights;
    const std::vector<glm::vec3>& p = scene.deformer.positions();
    const float reach = app.state().brush.radius * scene.deformer.size();
    const glm::vec3 middle = joint_position(app, 2);  // the stroke stays near the bar's middle
    int changed = 0;
    for (std::size_t i = 0; i < w.size(); ++i) {
        if (w[i] == 1.0f) continue;
        ++changed;
        // Only where the brush went: within its radius of the stroke, which spans a few
        // pixels around the middle joint's front surface.
        EXPECT_LT(glm::length(p[i] - middle), reach + 0.3f) << "vertex " << i;
    }
    EXPECT_GT(changed, 5);
    EXPECT_EQ(app.state().display.color_map, ColorMap::PaintedLayer);

    run_frames(app, 4);  // Ctrl+Z
    for (float weight : app.state().scene->character().mesh.bend_weights) ASSERT_EQ(weight, 1.0f);
}

TEST(Viewer, TheVisualiserHoldsThePoseAndDrawsPathsAsTheSpeedGrows) {
    ViewerOptions o = headless("bar");
    ViewerApp app(o);
    ViewerState& state = app.state();
    run_frames(app, 5);
    const double clip_time = state.scene->input.clip_time;
    state.settings.parameters.squash = 0.3f;
    state.selected_joint = 1;
    state.steady.enabled = true;
    state.steady.angular = glm::vec3(0.0f, 0.0f, 4.0f);
    state.steady.linear = glm::vec3(1.0f, 0.0f, 0.0f);
    state.display.centroids = true;
    run_frames(app, 3);
    const Scene& scene = *state.scene;
    EXPECT_EQ(scene.input.clip_time, clip_time) << "the pose is held";
    EXPECT_GT(scene.steady_view.paths().size(), 10u);
    for (const std::vector<glm::vec3>& path : scene.steady_view.paths()) ASSERT_EQ(path.size(), 17u);
    float moved = 0.0f;
    for (std::size_t i = 0; i < scene.deformer.positions().size(); ++i)
        moved = std::max(moved, glm::length(scene.deformer.positions()[i] - scene.deformer.base_positions()[i]));
    EXPECT_GT(moved, 0.02f * scene.deformer.size());
    app.save_screenshot("viewer-visualiser.png");  // in the test's folder, to look at

    // Off again: the clip plays on and the paths are gone.
    state.steady.enabled = false;
    run_frames(app, 2);
    EXPECT_GT(scene.input.clip_time, clip_time);
    EXPECT_TRUE(scene.steady_view.paths().empty());
}

TEST(Viewer, DraggingACentroidMovesItsOffsetInTheJointsFrame) {
    ViewerOptions o = headless("bar");
    o.clip = "none";
    ViewerApp app(o);
    ViewerState& state = app.state();
    run_frames(app, 2);
    set_tool(state, Tool::MoveCentroid);
    const int joint = 2;
    const glm::vec3 centroid(state.scene->deformer.joint_row(joint).centroid);
    glm::vec2 pixel;
    ASSERT_TRUE(state.camera.project(centroid, glm::vec2(o.width, o.height), pixel));
    ScriptEvent at, press, move, release;
    at.frame = 3, at.has_at = true, at.at = pixel;
    press.frame = 4, press.press = 0;
    move.frame = 6, move.has_move = true, move.move = glm::vec2(25.0f, 0.0f);
    release.frame = 8, release.release = 0;
    app.set_script({at, press, move, release});
    run_frames(app, 8);
    ASSERT_GT(state.settings.joints.size(), std::size_t(joint));
    EXPECT_EQ(state.selected_joint, joint);
    const glm::vec3 offset = state.settings.joints[joint].centroid_offset;
    EXPECT_GT(glm::length(offset), 0.01f * state.scene->deformer.size());
    // The centroid is now where it was dragged: to the right on screen.
    glm::vec2 now;
    ASSERT_TRUE(state.camera.project(glm::vec3(state.scene->deformer.joint_row(joint).centroid), glm::vec2(o.width, o.height), now));
    EXPECT_NEAR(now.x - pixel.x, 25.0f, 3.0f);
    EXPECT_NEAR(now.y, pixel.y, 3.0f);
}

TEST(Viewer, ACrowdRendersSixtyFramesWithoutGlErrors) {
    ViewerOptions o = headless("bar");
    o.crowd = 16;
    ViewerApp app(o);  // a GL error in any frame throws
    EXPECT_EQ(app.state().scene->crowd->count(), 16);
    run_frames(app, 60);
    // The bars themselves, not only the ground grid (which alone covers about 3 %): 7.5 %,
    // on cells that leave each bar room to swing (viewer_crowd_test.cpp finds every one).
    EXPECT_GT(foreground(app), 0.05);
}

TEST(Viewer, ABrokenFileShowsTheErrorAndKeepsThePreviousCharacter) {
    ViewerApp app(headless("bar"));
    run_frames(app, 2);
    const std::string bad = (std::filesystem::temp_directory_path() / "dynskin_broken.glb").string();
    std::ofstream(bad) << "glTF\x02\x00\x00\x00 truncated";
    app.state().load_request = bad;
    run_frames(app, 2);
    EXPECT_NE(app.state().error_message.find("dynskin_broken.glb"), std::string::npos);
    ASSERT_TRUE(app.state().scene);
    EXPECT_EQ(app.state().scene->character().name, "bar");
    run_frames(app, 2);  // and it keeps running
}

}  // namespace
}  // namespace dynskin::app
