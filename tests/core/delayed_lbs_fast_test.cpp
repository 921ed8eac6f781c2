// dLBS's fast class (DelayedLbs, core/fast/delayed_lbs_fast.h: the SIMD kernel over the
// blocked skin) against the plain per-vertex version (delayed_linear_blend_skinning,
// core/formulas/delayed_lbs.h), over irregular frame times, on every SIMD target this CPU runs.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <vector>

#include "core/fast/delayed_lbs_fast.h"
#include "core/formulas/delayed_lbs.h"
#include "core/support/worker_pool.h"
#include "dynskin/pose_sampler.h"
#include "fast_path_support.h"
#include "test_support.h"

namespace dynskin {
namespace {

using test::make_tree_character;
using test::on_every_simd_target;
using test::simd_targets_under_test;

// Every joint turns about its own axis at its own rate (rad/s, scaled by `rate`), so that
// the delayed chains differ from joint to joint; `scale` (if set) scales the joints too.
PoseSampler every_joint_turning(const Skeleton& skeleton, float rate, std::function<glm::vec3(double, int)> scale = {}) {
    return [&skeleton, rate, scale](double t, Pose& pose) {
        pose.local = skeleton.rest;
        for (int j = 0; j < skeleton.joint_count(); ++j) {
            const glm::vec3 axis = glm::normalize(glm::vec3(std::sin(1.7f * j), 1.0f, std::cos(0.9f * j)));
            const float angle = rate * float(std::sin((1.1 + 0.13 * j) * t) + 0.3 * t);
            pose.local[j].rotation = glm::angleAxis(angle, axis) * skeleton.rest[j].rotation;
            if (scale) pose.local[j].scale = scale(t, j);
        }
        pose.local[0].translation = skeleton.rest[0].translation + glm::vec3(0.2f * float(std::sin(2.0 * t)), 0, 0);
    };
}

// Frame times at irregular steps: several frames within one tick, exact tick times, a
// long step, a step back (the history restarts) and a jump past the whole history.
std::vector<double> irregular_times() {
    std::vector<double> times;
    double t = 0.4;
    const double steps[] = {0.003, 1.0 / 60.0, 0.0, 0.051, 0.004, 0.004, 0.25, 1.0 / 120.0, 0.02};
    for (int k = 0; k < 60; ++k) {
        t += steps[k % 9];
        times.push_back(k % 13 == 5 ? std::round(t * 60.0) / 60.0 : t);  // now and then exactly on a tick
    }
    times.push_back(t - 0.5);   // back: a restart
    times.push_back(t + 0.1);
    times.push_back(t + 45.0);  // past the history's 34 s: a restart too
    times.push_back(t + 45.0 + 1.0 / 60.0);
    return times;
}

struct DelayedCase {
    const Character& character;
    PoseSampler motion;
    float speed;
    int threads = 2;
    float normal_tolerance = 1e-4f;
};

// Runs both dLBS versions over the irregular times; returns the largest position
// difference seen, in character sizes.
float fast_against_plain_dlbs(const DelayedCase& c) {
    const Skeleton& skeleton = c.character.skeleton;
    const SkinnedMesh& mesh = c.character.mesh;
    const HierarchicalWeights betas = build_hierarchical_weights(skeleton, mesh.weights);
    const float size = character_size(skeleton, mesh);
    const std::vector<float> distances = skeleton_distances(skeleton, mesh, betas, size);
    DelayedLbs fast(skeleton, mesh, betas, size);
    JointMotionHistory history(skeleton.joint_count());
    WorkerPool pool(c.threads);
    std::vector<glm::vec3> positions, normals, plain, plain_normals;
    float worst = 0.0f;
    for (double t : irregular_times()) {
        history.advance(t, skeleton, c.motion);
        Pose pose = Pose::rest_of(skeleton);
        c.motion(t, pose);
        fast.run(pool, history, t, pose, c.speed, positions, normals);
        delayed_linear_blend_skinning(pool, skeleton, mesh, betas, distances, history, t, pose, c.speed, plain,
                                      plain_normals);
        const float d = test::max_distance(positions, plain) / size;
        EXPECT_LT(d, 1e-5f) << "t = " << t << ", c = " << c.speed;
        EXPECT_LT(test::max_distance(normals, plain_normals), c.normal_tolerance) << "t = " << t << ", c = " << c.speed;
        worst = std::max(worst, d);
    }
    return worst;
}

TEST(DelayedLbsFast, MatchesPlainAtEverySpeedInShuffledOrder) {
    const Character c = make_tree_character(3001, true);  // padded, non-contiguous blocks
    // From nearly LBS (c large) to delays of many seconds, and past the history (c = 0.01).
    for (float speed : {1e7f, 8.0f, 1.5f, 0.3f, 0.05f, 0.01f})
        fast_against_plain_dlbs({c, every_joint_turning(c.skeleton, 1.0f), speed});
}

TEST(DelayedLbsFast, MatchesPlainInMeshOrderOnOneTwoAndThreeThreads) {
    const Character c = make_tree_character(5000, false);
    for (int threads : {1, 3}) fast_against_plain_dlbs({c, every_joint_turning(c.skeleton, 0.8f), 0.7f, threads});
}

TEST(DelayedLbsFast, MatchesPlainOnTheBar) {
    const Character bar = test::make_bar(5, 2.0f, 0.25f, 40, 12);
    for (float speed : {20.0f, 2.0f, 0.4f}) fast_against_plain_dlbs({bar, every_joint_turning(bar.skeleton, 1.0f), speed});
}

TEST(DelayedLbsFast, MatchesPlainWhenTicksTurnByMoreThanARightAngle) {
    // About 150 rad/s: some ticks turn by more than pi/2 (the sine's range reduction).
    // Blending influences turned that far apart is ill-conditioned for the normal (the
    // cofactor of a nearly singular matrix), so float rounding shows more there.
    const Character c = make_tree_character(2000, true);
    const float worst = fast_against_plain_dlbs({c, every_joint_turning(c.skeleton, 120.0f), 1.0f, 2, 1e-3f});
    std::printf("largest difference: %g sizes\n", worst);
}

TEST(DelayedLbsFast, MatchesPlainWhenTicksTurnPastTheTinyRange) {
    // Rate 12: joints turn at about 15 to 40 rad/s, past the Taylor polynomials' range
    // (kSmall), below a right angle per tick. Influences delayed that differently turn far
    // apart, so normals get the looser bound of the right-angle test above (measured
    // 1.3e-4 under clang, float rounding in the cofactor of a nearly singular blend).
    const Character c = make_tree_character(2000, true);
    fast_against_plain_dlbs({c, every_joint_turning(c.skeleton, 12.0f), 1.0f, 2, 1e-3f});
}

TEST(DelayedLbsFast, MatchesPlainWithBonesAlongEachAxisAndWithout) {
    // The kernel places a child along one axis of its parent with half the work; here bones
    // run along x, y, z, nowhere (a zero translation) and in any direction.
    Character c = make_tree_character(3000, true);
    const glm::vec3 bones[] = {{0.3f, 0, 0}, {0, 0.3f, 0}, {0, 0, -0.3f}, {0, 0, 0}, {0.1f, 0.2f, -0.1f}};
    for (int j = 1; j < c.skeleton.joint_count(); ++j) c.skeleton.rest[j].translation = bones[j % 5];
    std::vector<glm::mat4> globals;
    forward_kinematics(c.skeleton, Pose::rest_of(c.skeleton), globals);
    for (int j = 0; j < c.skeleton.joint_count(); ++j) c.mesh.inverse_binds[j] = glm::inverse(globals[j]);
    fast_against_plain_dlbs({c, every_joint_turning(c.skeleton, 1.0f), 1.0f});
}

TEST(DelayedLbsFast, UniformScalesTakeTheFastPathAndNonUniformOnesThePlain) {
    const Character c = make_tree_character(2000, false);
    auto uniform = [](double t, int j) { return glm::vec3(1.0f + 0.2f * float(std::sin(t + j))); };
    auto stretched = [](double t, int j) { return glm::vec3(1.0f, 1.0f + 0.2f * float(std::sin(t + j)), 1.0f); };
    fast_against_plain_dlbs({c, every_joint_turning(c.skeleton, 1.0f, uniform), 1.2f});
    fast_against_plain_dlbs({c, every_joint_turning(c.skeleton, 1.0f, stretched), 1.2f});
}

TEST(DelayedLbsFast, MatchesPlainOnEverySimdTargetOfThisCpu) {
    // AVX-512 takes a block in one vector, AVX2 in two, SSE4 in four: other lookups, other
    // gathers. Delays of seconds (c = 0.05) make lanes far apart, read by gathers.
    const Character c = make_tree_character(2000, true);
    EXPECT_EQ(on_every_simd_target("dLBS",
                                   [&c] {
                                       for (float speed : {0.7f, 0.05f})
                                           fast_against_plain_dlbs({c, every_joint_turning(c.skeleton, 1.0f), speed});
                                   }),
              simd_targets_under_test());
}

TEST(DelayedLbsFast, SameResultsAtAnyThreadCount) {
    const Character c = make_tree_character(7000, true);
    const HierarchicalWeights betas = build_hierarchical_weights(c.skeleton, c.mesh.weights);
    const float size = character_size(c.skeleton, c.mesh);
    const PoseSampler motion = every_joint_turning(c.skeleton, 1.0f);
    std::vector<std::vector<glm::vec3>> results;
    for (int threads : {1, 2, 4}) {
        DelayedLbs fast(c.skeleton, c.mesh, betas, size);
        JointMotionHistory history(c.skeleton.joint_count());
        WorkerPool pool(threads);
        std::vector<glm::vec3> positions, normals;
        for (int k = 0; k < 30; ++k) {
            const double t = 1.0 + k * 0.021;
            history.advance(t, c.skeleton, motion);
            Pose pose = Pose::rest_of(c.skeleton);
            motion(t, pose);
            fast.run(pool, history, t, pose, 0.9f, positions, normals);
        }
        results.push_back(positions);
        results.push_back(normals);
    }
    for (std::size_t k = 2; k < results.size(); ++k) EXPECT_EQ(results[k], results[k % 2]);
}

}  // namespace
}  // namespace dynskin
