// BlockedDeformer (core/fast/blocked_deformer.h: LBS and the bend, with Velocity Skinning's
// drag, squash and limits, as SIMD kernels over the blocked skin) against the plain
// implementations it replaces: linear_blend_skinning and apply_bend (core/formulas), on every
// SIMD target this CPU runs.

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/fast/blocked_deformer.h"
#include "core/support/worker_pool.h"
#include "dynskin/linear_blend_skinning.h"
#include "dynskin/settings.h"
#include "fast_path_support.h"
#include "test_support.h"

namespace dynskin {
namespace {

using test::make_tree_character;
using test::on_every_simd_target;
using test::simd_targets_under_test;

std::vector<JointDrive> some_drives(const Skeleton& skeleton, const std::vector<glm::mat4>& globals) {
    std::vector<JointDrive> drives(skeleton.joint_count());
    for (int j = 0; j < skeleton.joint_count(); ++j) {
        JointDrive& d = drives[j];
        d.origin = glm::vec3(globals[j][3]) + glm::vec3(0.02f * float(j % 3), 0.0f, -0.01f);
        d.gain = j == 5 ? 0.0f : 1.0f + 0.1f * float(j);
        if (j % 4 != 3) d.angular = glm::vec3(std::sin(float(j)), 1.5f, std::cos(2.0f * float(j))) * 2.0f;  // some still
        if (j == 0 || j == 6) d.linear = glm::vec3(0.5f, -0.2f, 0.1f * float(j));
    }
    return drives;
}

// Velocity Skinning's inputs on top: drag parts, measured velocities, centroids, layers.
struct VelocitySkinning {
    bool on = false;
    SquashCenter center = SquashCenter::Axis;
};

void add_velocity_skinning(std::vector<JointDrive>& drives, const std::vector<glm::mat4>& globals) {
    for (std::size_t j = 0; j < drives.size(); ++j) {
        JointDrive& d = drives[j];
        d.angular_drag = 0.4f * d.angular;
        d.linear_drag = 0.5f * d.linear;
        d.position = glm::vec3(globals[j][3]);
        d.centroid = d.position + glm::vec3(0.05f, 0.2f + 0.01f * float(j), -0.03f);
        d.medial = j % 5 == 4 ? glm::vec3(0.0f) : glm::normalize(d.centroid - d.position);  // some without
        if (j % 3 != 2) d.angular_velocity = glm::vec3(1.0f, -0.5f * float(j % 4), 2.0f);
        if (j % 3 == 0) d.linear_velocity = glm::vec3(0.3f, 0.1f * float(j), -0.4f);
    }
}

// ground_band > 0: the ground contact on, a band of that many sizes above the posed skin's
// lowest point along up (a unit vector).
void expect_fast_matches_plain(const Character& c, float max_angle, int threads, VelocitySkinning vs = {},
                               float max_offset = 0.0f, float ground_band = 0.0f, glm::vec3 up = {0, 1, 0}) {
    const HierarchicalWeights betas = build_hierarchical_weights(c.skeleton, c.mesh.weights);
    const float size = character_size(c.skeleton, c.mesh);
    Pose pose = Pose::rest_of(c.skeleton);
    for (int j = 0; j < c.skeleton.joint_count(); ++j)
        pose.local[j].rotation = glm::angleAxis(0.3f + 0.1f * float(j), glm::normalize(glm::vec3(1, 2, j))) *
                                 pose.local[j].rotation;
    pose.local[0].scale = glm::vec3(1.0f, 1.2f, 0.9f);  // non-uniform scale: normals by the cofactor
    std::vector<glm::mat4> globals, skinning;
    forward_kinematics(c.skeleton, pose, globals);
    skinning_matrices(globals, c.mesh.inverse_binds, skinning);
    std::vector<JointDrive> drives = some_drives(c.skeleton, globals);
    BendInputs bend{betas, c.mesh.bend_weights, drives, size, max_angle};
    bend.max_offset = max_offset;
    std::vector<float> floppy(c.mesh.vertex_count()), squash(c.mesh.vertex_count());
    if (vs.on) {
        add_velocity_skinning(drives, globals);
        for (std::size_t i = 0; i < floppy.size(); ++i) {
            floppy[i] = 2.0f - float(i % 9) * 0.4f;  // 0 and negative values among them
            squash[i] = i % 13 == 0 ? 0.0f : 1.5f - float(i % 4) * 0.6f;
        }
        bend.floppy_weights = &floppy;
        bend.squash_weights = &squash;
        bend.squash = 0.3f;
        bend.squash_center = vs.center;
    }

    std::vector<glm::vec3> plain_base, plain_base_normals;
    linear_blend_skinning(c.mesh, skinning, plain_base, plain_base_normals);
    if (ground_band > 0.0f) {
        bend.ground = {ground_band * size, INFINITY, up};
        for (const glm::vec3& p : plain_base) bend.ground.height = std::min(bend.ground.height, glm::dot(up, p));
    }
    std::vector<glm::vec3> plain = plain_base, plain_normals = plain_base_normals;
    apply_bend(bend, plain, plain_normals);
    ASSERT_GT(test::max_distance(plain, plain_base), 0.01f * size);  // the bend does something
    if (ground_band > 0.0f) {  // held below a quarter of the band, not everywhere
        std::size_t held = 0;
        for (std::size_t i = 0; i < plain.size(); ++i)
            if (glm::dot(up, plain_base[i]) < bend.ground.height + 0.25f * bend.ground.band) {
                EXPECT_EQ(plain[i], plain_base[i]) << "vertex " << i;
                EXPECT_LT(glm::length(plain_normals[i] - plain_base_normals[i]), 1e-6f) << "vertex " << i;
                ++held;
            }
        EXPECT_GT(held, 0u);
        EXPECT_LT(held, plain.size() / 2);
    }
    if (max_offset > 0.0f) {  // the limit holds, and is past its knee somewhere
        EXPECT_LE(test::max_distance(plain, plain_base), max_offset * size * 1.0001f);
        EXPECT_GT(test::max_distance(plain, plain_base), 0.6f * max_offset * size);
    }

    WorkerPool pool(threads);
    BlockedDeformer fast(c.mesh, betas);
    SkinnedFrame frame;
    fast.skin_and_bend(pool, skinning, bend, frame);  // fused LBS + bend
    EXPECT_LT(test::max_distance(frame.base_positions, plain_base), 1e-5f * size);
    EXPECT_LT(test::max_distance(frame.base_normals, plain_base_normals), 1e-5f);
    EXPECT_LT(test::max_distance(frame.positions, plain), 1e-5f * size);
    EXPECT_LT(test::max_distance(frame.normals, plain_normals), 1e-4f);

    SkinnedFrame given{plain_base, plain_base_normals, {}, {}, {}};  // bend of a given base
    fast.bend(pool, bend, given);
    EXPECT_EQ(given.base_positions, plain_base);
    EXPECT_LT(test::max_distance(given.positions, plain), 1e-5f * size);
    EXPECT_LT(test::max_distance(given.normals, plain_normals), 1e-4f);

    SkinnedFrame untouched{{}, {}, std::vector<glm::vec3>(1), std::vector<glm::vec3>(1), {}};
    fast.skin(pool, skinning, untouched);  // LBS alone
    EXPECT_LT(test::max_distance(untouched.base_positions, plain_base), 1e-5f * size);
    EXPECT_EQ(untouched.positions.size(), 1u);
}

TEST(BlockedDeformer, MatchesPlainLbsAndBendInShuffledOrder) {
    expect_fast_matches_plain(make_tree_character(3001, true), 0.0f, 1);
    expect_fast_matches_plain(make_tree_character(3001, true), 0.0f, 3);
}

TEST(BlockedDeformer, MatchesPlainInMeshOrderAndWithTheSoftLimit) {
    expect_fast_matches_plain(make_tree_character(5000, false), 0.0f, 2);
    expect_fast_matches_plain(make_tree_character(5000, false), 0.25f, 2);
}

TEST(BlockedDeformer, MatchesPlainWithTheOffsetLimit) {
    expect_fast_matches_plain(make_tree_character(3001, true), 0.0f, 2, {}, 0.04f);
    expect_fast_matches_plain(make_tree_character(3001, false), 0.3f, 1, {}, 0.06f);
    expect_fast_matches_plain(make_tree_character(3001, true), 0.3f, 2, {true, SquashCenter::Axis}, 0.05f);
}

TEST(BlockedDeformer, MatchesPlainWithTheGroundContact) {
    expect_fast_matches_plain(make_tree_character(3001, true), 0.0f, 2, {}, 0.0f, 0.3f, {0, 1, 0});
    expect_fast_matches_plain(make_tree_character(3001, false), 0.3f, 1, {true, SquashCenter::Axis}, 0.05f, 0.2f,
                              {0, 0, 1});
    expect_fast_matches_plain(make_tree_character(3001, true), 0.0f, 2, {}, 0.0f, 0.4f, {1, 0, 0});
    // A tilted ground (dynskin-three's, under a turned parent).
    expect_fast_matches_plain(make_tree_character(3001, true), 0.0f, 2, {}, 0.0f, 0.3f,
                              glm::normalize(glm::vec3(0.3f, 1.0f, -0.2f)));
}

TEST(BlockedDeformer, MatchesPlainWithVelocitySkinning) {
    expect_fast_matches_plain(make_tree_character(3001, true), 0.0f, 2, {true, SquashCenter::Axis});
    expect_fast_matches_plain(make_tree_character(3001, false), 0.3f, 1, {true, SquashCenter::Centroid});
    Character bar = test::make_bar(5, 2.0f, 0.25f, 40, 12);
    expect_fast_matches_plain(bar, 0.0f, 2, {true, SquashCenter::Axis});
}

TEST(BlockedDeformer, MatchesPlainOnEverySimdTargetOfThisCpu) {
    // AVX-512 takes a block in one vector, AVX2 in two, SSE4 in four; each target has its
    // own estimate of 1/sqrt, which the kernel refines by a Newton step.
    EXPECT_EQ(on_every_simd_target("bend",
                                   [] {
                                       expect_fast_matches_plain(make_tree_character(1500, true), 0.0f, 2);
                                       expect_fast_matches_plain(make_tree_character(1500, false), 0.25f, 1);
                                       expect_fast_matches_plain(make_tree_character(1500, true), 0.0f, 2,
                                                                 {true, SquashCenter::Axis});
                                       expect_fast_matches_plain(make_tree_character(1500, false), 0.3f, 2, {},
                                                                 0.04f);
                                       expect_fast_matches_plain(make_tree_character(1500, true), 0.0f, 2, {},
                                                                 0.0f, 0.3f, glm::normalize(glm::vec3(0.3f, 1, 0)));
                                   }),
              simd_targets_under_test());
}

TEST(BlockedDeformer, MatchesPlainOnTheBar) {
    Character bar = test::make_bar(5, 2.0f, 0.25f, 40, 12);
    expect_fast_matches_plain(bar, 0.0f, 2);
}

TEST(BlockedDeformer, StillJointsLeaveTheBaseUntouchedAndAreSkipped) {
    const Character c = make_tree_character(2000, true);
    const HierarchicalWeights betas = build_hierarchical_weights(c.skeleton, c.mesh.weights);
    std::vector<glm::mat4> globals;
    forward_kinematics(c.skeleton, Pose::rest_of(c.skeleton), globals);
    std::vector<JointDrive> drives = some_drives(c.skeleton, globals);
    for (JointDrive& d : drives) d.angular = d.linear = glm::vec3(0.0f);
    const BendInputs bend{betas, c.mesh.bend_weights, drives, 1.0f, 0.0f};
    WorkerPool pool(2);
    BlockedDeformer fast(c.mesh, betas);
    SkinnedFrame frame{c.mesh.rest_positions, c.mesh.rest_normals, {}, {}, {}};
    fast.bend(pool, bend, frame);
    EXPECT_EQ(frame.positions, frame.base_positions);
    EXPECT_EQ(frame.normals, frame.base_normals);
}

}  // namespace
}  // namespace dynskin
