#include <gtest/gtest.h>

#include "app/input/joint_drag.h"
#include "characters/bundled_characters.h"

namespace dynskin::app {
namespace {

std::vector<glm::mat4> globals_of(const Character& c, const PoseInput& input) {
    Pose pose;
    input.apply(c, pose);
    std::vector<glm::mat4> globals;
    forward_kinematics(c.skeleton, pose, globals);
    return globals;
}

TEST(JointDrag, TheGrabbedJointFollowsTheCursor) {
    const Character bar = characters::make_bar();
    PoseInput input;
    input.reset_drags(bar.skeleton.joint_count());
    OrbitCamera camera;
    camera.frame(glm::vec3(-1, 0, -1), glm::vec3(1, 2, 1));
    const glm::vec2 viewport(1000, 800);

    const int tip = bar.skeleton.joint_count() - 1;
    std::vector<glm::mat4> globals = globals_of(bar, input);
    std::vector<glm::vec3> joints;
    for (const glm::mat4& g : globals) joints.emplace_back(g[3]);
    glm::vec2 pixel;
    ASSERT_TRUE(camera.project(joints[tip], viewport, pixel));
    ASSERT_EQ(pick_joint(joints, camera, pixel + glm::vec2(3, -2), viewport, 12.0f), tip);
    EXPECT_EQ(pick_joint(joints, camera, pixel + glm::vec2(200, 0), viewport, 12.0f), -1);

    JointDrag drag;
    drag.begin(tip, bar.skeleton, globals, input, camera, pixel);
    const glm::vec2 moved = pixel + glm::vec2(60, 30);
    drag.update(camera.ray_through(moved, viewport), moved, input);
    globals = globals_of(bar, input);
    glm::vec2 now;
    ASSERT_TRUE(camera.project(glm::vec3(globals[tip][3]), viewport, now));
    // The parent turned so the joint moved toward the cursor, keeping its bone length.
    EXPECT_LT(glm::length(now - moved), glm::length(pixel - moved) * 0.5f);
    EXPECT_NEAR(glm::length(glm::vec3(globals[tip][3] - globals[tip - 1][3])), 0.5f, 1e-4f);
}

TEST(JointDrag, TheRootIsMoved) {
    const Character bar = characters::make_bar();
    PoseInput input;
    input.reset_drags(bar.skeleton.joint_count());
    OrbitCamera camera;
    const glm::vec2 viewport(1000, 800);
    std::vector<glm::mat4> globals = globals_of(bar, input);
    glm::vec2 pixel;
    ASSERT_TRUE(camera.project(glm::vec3(globals[0][3]), viewport, pixel));
    JointDrag drag;
    drag.begin(0, bar.skeleton, globals, input, camera, pixel);
    drag.update(camera.ray_through(pixel + glm::vec2(50, 0), viewport), pixel + glm::vec2(50, 0), input);
    EXPECT_GT(glm::length(input.drag_translations[0]), 0.01f);
    drag.end();
    EXPECT_FALSE(drag.active());
}

TEST(JointDrag, TwistTurnsTheJointAboutItsBone) {
    const Character bar = characters::make_bar();
    PoseInput input;
    input.reset_drags(bar.skeleton.joint_count());
    OrbitCamera camera;
    const glm::vec2 viewport(1000, 800);
    const std::vector<glm::mat4> globals = globals_of(bar, input);
    JointDrag drag;
    drag.begin(2, bar.skeleton, globals, input, camera, glm::vec2(500, 400), true);
    drag.update(camera.ray_through(glm::vec2(600, 400), viewport), glm::vec2(600, 400), input);
    // 100 pixels: 1 radian about the bar's axis (+Y), and the joints stay where they were.
    EXPECT_NEAR(rotation_log(input.drag_rotations[2]).y, 1.0f, 1e-4f);
    const std::vector<glm::mat4> twisted = globals_of(bar, input);
    for (std::size_t j = 0; j < globals.size(); ++j)
        EXPECT_NEAR(glm::length(glm::vec3(twisted[j][3] - globals[j][3])), 0.0f, 1e-5f);
}

}  // namespace
}  // namespace dynskin::app
