#include <gtest/gtest.h>

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "dynskin/linear_blend_skinning.h"
#include "dynskin/pose.h"
#include "test_support.h"

namespace dynskin {
namespace {

// Two joints: the root at the origin, the second one unit up +Y. A vertex at (1, 1, 0)
// weighted half and half; the second joint turns 90 degrees about +Z.
TEST(LinearBlendSkinning, TwoJointBarByHand) {
    Character c;
    c.skeleton.add_joint("root", -1, Trs{});
    Trs upper;
    upper.translation = glm::vec3(0, 1, 0);
    c.skeleton.add_joint("upper", 0, upper);
    c.mesh.rest_positions = {{1, 1, 0}};
    c.mesh.rest_normals = {{1, 0, 0}};
    c.mesh.weights.add_vertex({{0u, 0.5f}, {1u, 0.5f}});
    c.mesh.inverse_binds = {glm::mat4(1.0f), glm::translate(glm::mat4(1.0f), glm::vec3(0, -1, 0))};

    Pose pose = Pose::rest_of(c.skeleton);
    pose.local[1].rotation = glm::angleAxis(float(M_PI / 2), glm::vec3(0, 0, 1));
    std::vector<glm::mat4> globals, skinning;
    forward_kinematics(c.skeleton, pose, globals);
    skinning_matrices(globals, c.mesh.inverse_binds, skinning);
    std::vector<glm::vec3> p, n;
    linear_blend_skinning(c.mesh, skinning, p, n);

    // Root keeps (1,1,0). The upper joint maps (1,1,0) -> local (1,0,0) -> turned (0,1,0)
    // -> (0,2,0). Half and half: (0.5, 1.5, 0). Normals: (1,0,0) and (0,1,0) blended.
    EXPECT_NEAR(glm::length(p[0] - glm::vec3(0.5f, 1.5f, 0.0f)), 0.0f, 1e-6f);
    EXPECT_NEAR(glm::length(n[0] - glm::normalize(glm::vec3(1, 1, 0))), 0.0f, 1e-6f);
}

TEST(LinearBlendSkinning, RestPoseReproducesTheMesh) {
    const Character c = test::make_bar();
    std::vector<glm::mat4> globals, skinning;
    forward_kinematics(c.skeleton, Pose::rest_of(c.skeleton), globals);
    skinning_matrices(globals, c.mesh.inverse_binds, skinning);
    std::vector<glm::vec3> p, n;
    linear_blend_skinning(c.mesh, skinning, p, n);
    EXPECT_LT(test::max_distance(p, c.mesh.rest_positions), 1e-6f);
    EXPECT_LT(test::max_distance(n, c.mesh.rest_normals), 1e-6f);
    dual_quaternion_skinning(c.mesh, skinning, p, n);
    EXPECT_LT(test::max_distance(p, c.mesh.rest_positions), 1e-6f);
}

TEST(LinearBlendSkinning, NormalsUseTheInverseTransposeUnderNonUniformScale) {
    Character c;
    Trs squash;
    squash.scale = glm::vec3(2, 1, 1);
    c.skeleton.add_joint("root", -1, squash);
    c.mesh.rest_positions = {{0, 0, 0}};
    c.mesh.rest_normals = {glm::normalize(glm::vec3(1, 1, 0))};
    c.mesh.weights.add_vertex({{0u, 1.0f}});
    c.mesh.inverse_binds = {glm::mat4(1.0f)};
    std::vector<glm::mat4> globals, skinning;
    forward_kinematics(c.skeleton, Pose::rest_of(c.skeleton), globals);
    skinning_matrices(globals, c.mesh.inverse_binds, skinning);
    std::vector<glm::vec3> p, n;
    linear_blend_skinning(c.mesh, skinning, p, n);
    // The plane x + y = 0 stretched by 2 along x becomes x/2 + y = 0: normal (0.5, 1, 0).
    EXPECT_NEAR(glm::length(n[0] - glm::normalize(glm::vec3(0.5f, 1, 0))), 0.0f, 1e-6f);
}

TEST(DualQuaternionSkinning, KeepsVolumeWhereLbsCollapses) {
    // A vertex half on each of two joints twisted 180 degrees apart collapses to the axis
    // under LBS (candy wrapper) but keeps its distance under DQS.
    Character c;
    c.skeleton.add_joint("a", -1, Trs{});
    c.skeleton.add_joint("b", -1, Trs{});
    c.mesh.rest_positions = {{1, 0, 0}};
    c.mesh.rest_normals = {{1, 0, 0}};
    c.mesh.weights.add_vertex({{0u, 0.5f}, {1u, 0.5f}});
    c.mesh.inverse_binds = {glm::mat4(1.0f), glm::mat4(1.0f)};
    Pose pose = Pose::rest_of(c.skeleton);
    pose.local[1].rotation = glm::angleAxis(float(M_PI) * 0.9f, glm::vec3(0, 1, 0));
    std::vector<glm::mat4> globals, skinning;
    forward_kinematics(c.skeleton, pose, globals);
    skinning_matrices(globals, c.mesh.inverse_binds, skinning);
    std::vector<glm::vec3> lbs, dqs, n;
    linear_blend_skinning(c.mesh, skinning, lbs, n);
    dual_quaternion_skinning(c.mesh, skinning, dqs, n);
    EXPECT_LT(glm::length(lbs[0]), 0.2f);
    EXPECT_NEAR(glm::length(dqs[0]), 1.0f, 1e-5f);
}

}  // namespace
}  // namespace dynskin
